"""The envelope of position text: the lines every game shares around its own.

:meth:`BaseState.to_position` and :meth:`BaseState.from_position` come here, as saves go
to :mod:`tablegames.common.saves`: the ``game``, ``player N``, ``rules``, ``rng`` and
``stage`` lines, then the game's own lines (generated from its declarations, see
:mod:`tablegames.common.declared`), and on reading, the same checks as a load (the
declared invariants, then the game's ``_check_loaded``), every failure a
:class:`PositionError` naming what is wrong.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypeVar

from tablegames.common.errors import NotationError, RulesError, SetupError, StateError, quoted
from tablegames.common.position import PositionError, PositionReader, PositionWriter
from tablegames.common.rules import coerce_rules, rules_to_dict
from tablegames.common.serialization import POSITION_LINE, dumps, loads
from tablegames.common.setups import normalize_players

if TYPE_CHECKING:
    from tablegames.common.state import BaseState

S = TypeVar("S", bound="BaseState")


def write_position(state: BaseState) -> str:
    """The position text of ``state``: the shared lines, then the game's own."""
    w = PositionWriter()
    w.put("game", state.GAME)
    for i, name in enumerate(state.players):
        w.put(f"player {i}", name)
    base = rules_to_dict(state.RULES())
    diff = {k: v for k, v in rules_to_dict(state.rules).items() if base.get(k) != v}
    w.put("rules", dumps(diff) if diff else "standard")
    w.put("rng", state.rng.state)
    w.put("stage", state.STAGES[state.stage])
    state._position(w)
    return w.text()


def read_position(cls: type[S], text: str, rules: Any = None) -> S:
    """A state of ``cls`` set up from position text (see :meth:`BaseState.from_position`)."""
    r = PositionReader(text)
    game = r.str("game")
    if game != cls.GAME:
        raise r.fail("game", f"this is a {quoted(game)} position, not {cls.GAME!r}")
    names: list[str] = []
    while r.has(f"player {len(names)}"):
        names.append(r.str(f"player {len(names)}"))
    try:
        players = normalize_players(names, cls.MIN_PLAYERS, cls.MAX_PLAYERS, cls.GAME)
    except SetupError as exc:
        raise PositionError(str(exc)) from None
    line = r.str("rules")
    if rules is None:
        try:
            if line == "standard":
                rules = cls.RULES()
            elif line.startswith("{"):
                rules = coerce_rules(cls.RULES, loads(line, max_text=100_000, what=POSITION_LINE))
            else:
                rules = coerce_rules(cls.RULES, line)
        except (RulesError, StateError) as exc:
            raise r.fail("rules", str(exc)) from None
    else:
        try:
            rules = coerce_rules(cls.RULES, rules)
        except RulesError as exc:
            raise PositionError(f"rules: {exc}") from None
    obj = cls.__new__(cls)
    obj._init_common(players, 0, rules, None, None)
    obj.rng.state = r.int("rng", 0, (1 << 64) - 1)
    obj.stage = r.choice("stage", cls.STAGES)
    obj._setup_log = []
    try:
        obj._from_position(r)
        r.done()
        obj._check_declared()
        obj._check_loaded()
    except PositionError:
        raise
    except (StateError, SetupError, NotationError, RulesError) as exc:
        raise PositionError(f"impossible position: {_unpathed(str(exc))}") from None
    obj.extra = {"position": obj.to_position()}
    return obj


def _unpathed(message: str) -> str:
    """A load check's message for position text: without the JSON path a save's error
    starts with (``$.state.piles: ...`` reads ``piles: ...``, the line's name;
    ``$.state: ...`` loses the path), which means nothing to someone who wrote lines."""
    for prefix in ("$.state: ", "$.state."):
        if message.startswith(prefix):
            return message[len(prefix):]
    return message
