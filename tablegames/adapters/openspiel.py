"""Every game as an OpenSpiel (pyspiel) Python game: ``load_game("toepen", players=3)``.

>>> from tablegames.adapters.openspiel import load_game
>>> game = load_game("toepen", players=3, rules={"limit": 3})
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes())   # the deal, card by card
(True, 32)
>>> while state.is_chance_node():
...     state.apply_action(state.chance_outcomes()[0][0])
>>> state.current_player(), [state.action_to_string(a) for a in state.legal_actions()]
(0, ['exchange', 'keep'])
>>> game.num_distinct_actions(), game.get_type().short_name
(40, 'python_tablegames_toepen')

Importing this module registers every game (as OpenSpiel's own Python games register on
import) as ``python_tablegames_<game>`` with ``pyspiel.register_game(GAME_TYPE,
GameClass)``; its parameters are ``players``, ``seed`` (an int that fits OpenSpiel's
32-bit parameters), ``rules`` (a variant name, or options as :func:`rules_param` writes
them: ``limit:15`` where it can, ``json64:...`` otherwise; empty for the defaults),
``interrupts`` (bool), ``chance`` (``"explicit"`` or ``"engine"``, below) and, for Dallah,
``table`` (``"model"`` or ``"players"``), ``observation_version`` and ``action_version``
(1 or 2; a state pickled before they existed keeps 1, see :func:`upgrade_serialized`), so
``pyspiel.load_game("python_tablegames_toepen(players=4,rules=limit:15)")`` works too.

**Chance nodes** (``chance="explicit"``, the default; ``ChanceMode.EXPLICIT_STOCHASTIC``):
the engine runs in outside-chance mode (:mod:`tablegames.common.chance`), so every card
that leaves a hidden pile and every roll of Dallah's die is an OpenSpiel chance outcome.
A new state is the deal's first chance node; the deal goes card by card (as OpenSpiel's
crazy_eights deals), then each draw, exchange, new hand's deal, rebuilt stock and die
roll (with its rerolls) is one chance node per card or face, and each yes/no question of
Dallah's fall model (``table="model"``: the table's physics, so chance too) one chance
node with the model's probabilities (outcome 1 yes, 0 no; see
``DallahCodec.resume`` in :mod:`tablegames.adapters.dallah`), in the middle of the action
that needs it: the player's action is chosen, then the chance nodes, then the action's
events. ``chance_outcomes()`` lists the outcome ids (a card code, a Placement card, a
die face; ``max_chance_outcomes()`` of them) with their probabilities: the cards left in
that pile by their counts, or the die's faces uniformly. The outcomes are in the history
and in the serialization; an undealt pile has no order (it is kept sorted), so two
states that agree on every card dealt so far are the same state, and a clone has no
future to read (nor a fall): search through ``clone()`` samples it. While the deal is under way no
seat has taken up a card: observations are zero and the strings say how many cards are
out (and ``resample_from_infostate`` deals that many afresh). A seat sees an outcome
only through the events and views the engine gives it.
With ``chance="engine"`` (``ChanceMode.DETERMINISTIC``, faster: no chance nodes) the
engine deals for itself from its seeded generator: the ``i``-th state a game object
makes is dealt with engine seed ``"SEED:i"`` (clones count too: pyspiel clones a Python
state by making a fresh one and overwriting it), and a clone carries the same hidden
future as its original (Dallah's falls too: the fall model draws from the session's
generator, seeded ``"adapter:SEED:i"``). Either way, perfect-information search on clones (``MCTSBot``)
still sees the other seats' hands; searchers should use
``resample_from_infostate(player, sampler)``, which deals a *world* (``sample_world``)
consistent with what the player has seen, as OpenSpiel's ISMCTS does. A world holds
that player's own record and the public one, as lines, and the resampled state: nothing
of the real deal or of the real events' secrets, in the object or its serialization, so
two real states the player cannot tell apart give the same worlds from the same sampler.
A world is a resampled present, not a replayed past: its ``history()`` starts at the
world (empty, ``move_number()`` 0, then the actions applied to it). A history that
replays to the world would have to place every hidden card of the past (which deal
card went where, each draw) consistently with the resampled hands and every later
public action, which ``sample_world`` does not do; so key search nodes on
``information_state_string``, as ISMCTS does, not on a world's history.

**Observations**: ``observation_tensor(player)`` is the game's encoding of
``state.view(player)`` (layouts in :mod:`tablegames.adapters.toepen` and the other game
modules), ``observation_string(player)`` the view as JSON. A public observer
(``IIGObservationType(private_info=PrivateInfoType.NONE)``) encodes the spectator view.

**Information states** (perfect recall, so OpenSpiel's CFR family runs):
``information_state_string(player)`` is everything that seat has seen, in order: its
view of the deal (its own cards, the public table), then every event of the game as
that seat was shown it (``Event.for_seat``: the cards it drew, what others played, with
other seats' secrets redacted), one line per event with the state version it belongs
to, and last its current view and what it is being asked (its spelling so far, whether
it is polled). Two histories that differ only in what the seat could not see give the
same string; the order of the undealt stock is never part of it.
``information_state_tensor(player)`` is the observation tensor followed by
:data:`RECALL_BITS` bits of a BLAKE2b digest of that string: a fixed size cannot hold an
unbounded history, so the digest keeps states of different histories apart (up to a
2⁻⁶⁴ collision; code that keys information states by their tensor relies on it) while
the observation part gives a network the features to learn from. The digest bits are an
identifier, not a feature: a network reads ``tensor[:-RECALL_BITS]``. The digest is
carried on from the last step it was asked at (each step's lines are hashed once per
seat), and a world shares the lines its seat saw rather than copying them, so neither
the tensor nor ``resample_from_infostate`` costs more at step 5,000 than at step 10
(the string itself holds the whole game, and grows with it).
``PrivateInfoType.ALL_PLAYERS`` is refused (a :class:`SetupError`): no observer shows
every seat's hidden cards (``state.session.state`` holds them).
A public observer with perfect recall gives the public events and the spectator view.
In a world made by ``resample_from_infostate(p, ...)`` seat ``p``'s information state is
the real one (it is what ``p`` knows); another seat's is only the public record and its
view of the world, since what that seat saw privately is not known in the world.

**Players.** Every method taking a player (``legal_actions``, ``observation_tensor``,
``information_state_string``, ``player_return``, ...) checks it from Python as the engine
checks a seat: an ``int`` (a numpy integer too) of the game, never ``True``; anything else
is a :class:`~tablegames.common.errors.SeatError` (pyspiel itself reads ``True`` as player
1). ``legal_actions(CHANCE)`` at a chance node lists the outcomes, as in pyspiel. Likewise
``apply_action``, ``apply_action_with_legality_check``, ``child`` and ``action_to_string``
take an ``int`` id (a numpy integer too), never ``True`` (``IllegalAction``,
``not_an_action``); a negative int (-1 is pyspiel's ``kInvalidAction``) or one beyond
C++'s ``int64`` is no legal id (``illegal_id``), and a chance outcome's label is given
only for the game's outcome ids (below ``max_chance_outcomes()`` with chance nodes).
``resample_from_infostate`` takes a sampler that answers a number in [0, 1] (a numpy
number too; ``SetupError`` for NaN).

**Returns** are terminal and zero-sum in [−1, 1] (each game's module says who loses).
Actions are the codec's ids; a spelled decision takes several consecutive moves of the
same player (see :mod:`tablegames.adapters.base`), and ``max_game_length`` bounds them:
the engine's proven bound on actions times the longest spelling and a poll (see
:func:`max_decisions`), far above a typical game (a bound, not an estimate).
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
from collections.abc import Mapping
from typing import Any

import attrs
import numpy as np
import pyspiel

from tablegames.adapters.base import (
    SPECIAL,
    AdapterChance,
    Codec,
    Session,
    SpecialPending,
    adapter,
    as_id,
    make_codec,
)
from tablegames.bots import Bot, Handle, PolicyBot, SeatedPolicy
from tablegames.bots import make as make_bot
from tablegames.common.actions import Action, Event
from tablegames.common.chance import ChanceNeeded
from tablegames.common.errors import (
    IllegalAction,
    RulesError,
    SeatError,
    SetupError,
    StateError,
    quoted,
)
from tablegames.common.numbers import whole_number
from tablegames.common.registry import game_info
from tablegames.common.rng import Rng
from tablegames.common.rules import coerce_rules, rules_to_dict
from tablegames.common.serialization import loads

_REGISTERED: dict[str, type[Any]] = {}

#: The engine seed of every explicit-chance game: its generator is never used (every
#: outcome comes from a chance node), so all its states share it.
EXPLICIT_SEED = "explicit"

#: The engine seed a world made by ``resample_from_infostate`` carries: never the real
#: one (the real deal follows from it), and never used (a world holds its session).
WORLD_SEED = "world"


def short_name(game: str) -> str:
    """The pyspiel name a game registers under."""
    return f"python_tablegames_{game}"


def load_game(game: str, players: int = 2, rules: Any = None, *, seed: int = 0,
              interrupts: bool = True, chance: str = "explicit", **options: Any) -> Any:
    """The pyspiel game of ``game`` (registering it on first use).

    ``rules`` is what ``new_game`` takes (a ``Rules``, a dict of options or a variant
    name); ``chance`` is ``"explicit"`` (chance nodes, the default) or ``"engine"`` (the
    engine deals for itself, seeded: faster, no chance nodes); ``options`` are the game
    adapter's own (Dallah: ``table``, ``observation_version=1`` for the observation
    layout of before helper-179 and ``action_version=1`` for the action ids of before
    helper-183).

    Everything is checked here, before pyspiel sees it, so a bad argument is this
    library's error and not pyspiel's (``SpielError``) or pybind11's (``RuntimeError``,
    for a number that does not fit a C++ ``int``): ``seed`` is a 32-bit int, as every
    OpenSpiel int parameter is, and ``rules`` are checked as ``new_game`` checks them.
    """
    count, number = whole_number(players), whole_number(seed)  # numpy's are the ints they hold
    if count is None:
        raise SetupError("players must be a count (OpenSpiel players are numbered)")
    if number is None:
        raise SetupError("seed must be an int")
    players, seed = count, number
    if not -_INT32 <= seed < _INT32:
        raise SetupError(f"an OpenSpiel seed is a 32-bit int (-2**31 to 2**31 - 1), not "
                         f"{quoted(seed)}")
    if not isinstance(interrupts, bool):  # before pyspiel, whose own error names no option
        raise SetupError(f"interrupts must be True or False, not {quoted(interrupts)}")
    if chance not in ("explicit", "engine"):
        raise SetupError(f"chance is 'explicit' or 'engine', not {quoted(chance)}")
    info = game_info(game)
    info.check_players(players)
    known_options = adapter(game).options
    unknown = sorted(set(options) - set(known_options))
    if unknown:
        known = ", ".join(sorted(known_options)) or "none"
        raise SetupError(f"{game} adapters have no option {quoted(unknown[0])} (known: {known})")
    for key, value in options.items():
        # pyspiel parameters are typed by their defaults: Dallah's table=None or table=5
        # was pyspiel's SpielError ("Wrong type for parameter table"); the codec then
        # checks the value itself
        default = known_options[key]
        if type(value) is not type(default):
            raise SetupError(f"{game}'s option {key} is a {type(default).__name__} "
                             f"({quoted(default)} by default), not {quoted(value)}")
    if isinstance(rules, Mapping) or attrs.has(type(rules)):
        coerce_rules(info.rules_class, rules)  # what new_game refuses (numpy values too)
    register(game)
    params: dict[str, Any] = {"players": players, "seed": seed, "rules": rules_param(rules),
                              "interrupts": interrupts, "chance": chance, **options}
    return pyspiel.load_game(short_name(game), params)


_JSON64 = "json64:"
#: OpenSpiel's int parameters are C++ ``int``: 32 bits.
_INT32 = 1 << 31


def rules_param(rules: Any) -> str:
    """Rules as a game parameter string: a variant name; options as readable
    ``key:value`` pairs joined by ``;`` (``limit:15;poverty:false``) where every value is
    an int, a bool or a plain word; else ``json64:`` and the URL-safe base64 of the JSON
    of the options (lists, dicts and other strings: pyspiel's game strings cannot hold
    the commas, parentheses and equals signs of plain JSON). All three forms, and plain
    JSON text given through a parameter dict, are read back (:func:`_rules_value`)."""
    if rules is None:
        return ""
    if isinstance(rules, str):
        return rules
    if isinstance(rules, Mapping):
        data = dict(rules)
    elif attrs.has(type(rules)):
        data = rules_to_dict(rules)
    else:
        raise SetupError(f"rules are a Rules object, a dict of options or a variant name, "
                         f"not {type(rules).__name__}")
    try:
        text = json.dumps(data, sort_keys=True, separators=(",", ":"), allow_nan=False)
    except (TypeError, ValueError, RecursionError):  # a numpy value, NaN, a loop, ...
        raise RulesError("rules options are plain values (ints, strings, bools and lists "
                         "or dicts of them)", code="not_rules", value=data) from None
    pairs = [_pair(k, v) for k, v in sorted(data.items())]
    if data and all(pairs):
        return ";".join(p for p in pairs if p)
    return _JSON64 + base64.urlsafe_b64encode(text.encode()).decode().rstrip("=")


_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_.+-]*\Z")


def _pair(key: object, value: object) -> str | None:
    """``key:value`` of the readable rules form, or ``None`` where a value does not fit
    it (read back, the value must be the same JSON value: ``15``, ``true``, ``deck``)."""
    if not isinstance(key, str) or not _WORD.match(key):
        return None
    if isinstance(value, bool):
        return f"{key}:{'true' if value else 'false'}"
    if isinstance(value, int) and abs(value) < 10**18:
        return f"{key}:{value}"
    if isinstance(value, str) and _WORD.match(value) and value not in ("true", "false"):
        return f"{key}:{value}"
    return None


def _readable(text: str) -> dict[str, Any]:
    """The options of the readable form ``key:value;...`` (see :func:`rules_param`)."""
    out: dict[str, Any] = {}
    for part in text.split(";"):
        key, sep, value = part.partition(":")
        key, value = key.strip(), value.strip()
        if key in out:  # it was told as no key:value pair, which it is
            raise SetupError(f"the rules parameter names the option {quoted(key)} twice")
        if not sep or not _WORD.match(key) or not value:
            raise SetupError(f"the rules parameter is not a variant name or rules options: "
                             f"{quoted(part)} is not one key:value pair")
        if value in ("true", "false"):
            out[key] = value == "true"
        elif re.fullmatch(r"-?[0-9]{1,18}", value):
            out[key] = int(value)
        else:
            out[key] = value
    return out


def _rules_value(text: str) -> Any:
    """The ``rules`` argument of ``new_game`` a parameter string stands for.

    Read with the library's own bounded :func:`~tablegames.common.serialization.loads`
    (not ``json.loads``), so 100,000 nested brackets are a :class:`SetupError`, not a
    ``RecursionError``.
    """
    if not text:
        return None
    try:
        if text.startswith(_JSON64):
            body = text[len(_JSON64):]
            return loads(base64.urlsafe_b64decode(body + "=" * (-len(body) % 4)))
        if text.lstrip().startswith("{"):
            return loads(text)
    except StateError as exc:  # "saved state is nested too deeply", ...
        raise SetupError("the rules parameter is not a variant name or rules JSON: its JSON "
                         + str(exc).removeprefix("saved state ")) from None
    except ValueError:  # base64 that is not (binascii.Error)
        raise SetupError("the rules parameter is not a variant name or rules JSON: bad "
                         "json64 text") from None
    if ":" in text:  # no variant name has one
        return _readable(text)
    return text


def register(game: str) -> type[Any]:
    """Register ``game`` with pyspiel (once) and return its game class."""
    hit = _REGISTERED.get(game)
    if hit is not None:
        return hit
    info = game_info(game)
    ad = adapter(game)
    spec: dict[str, Any] = {"players": info.min_players, "seed": 0, "rules": "",
                            "interrupts": True, "chance": "explicit", **ad.options}
    game_type = _game_type(game, info, spec, explicit=True)

    class Game(TablegamesGame):
        GAME = game
        GAME_TYPE = game_type
        ENGINE_TYPE = _game_type(game, info, spec, explicit=False)

    Game.__name__ = Game.__qualname__ = f"{info.title.replace(' ', '')}Game"
    pyspiel.register_game(game_type, Game)
    _REGISTERED[game] = Game
    return Game


def _game_type(game: str, info: Any, spec: dict[str, Any], *, explicit: bool) -> Any:
    """The pyspiel game type: ``EXPLICIT_STOCHASTIC`` with chance nodes (registered), or
    ``DETERMINISTIC`` for a game object made with ``chance="engine"``."""
    mode = pyspiel.GameType.ChanceMode
    return pyspiel.GameType(
        short_name=short_name(game),
        long_name=f"tablegames {info.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=mode.EXPLICIT_STOCHASTIC if explicit else mode.DETERMINISTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=info.max_players,
        min_num_players=info.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=spec,
    )


class TablegamesGame(pyspiel.Game):  # type: ignore[misc]
    """A tablegames game as a pyspiel game (one subclass per game, made by :func:`register`)."""

    GAME: str
    GAME_TYPE: Any
    ENGINE_TYPE: Any

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        p = dict(params or {})
        info = game_info(self.GAME)
        players = p.pop("players", info.min_players)
        self.seed = p.pop("seed", 0)
        self.rules_value = _rules_value(p.pop("rules", ""))
        interrupts = p.pop("interrupts", True)
        chance = p.pop("chance", "explicit")
        if chance not in ("explicit", "engine"):
            raise SetupError(f"chance is 'explicit' or 'engine', not {quoted(chance)}")
        #: Whether deals, draws and rolls are chance nodes (else the engine's own, seeded).
        self.explicit = chance == "explicit"
        self.codec: Codec = make_codec(self.GAME, players, self.rules_value,
                                       interrupts=interrupts, **p)
        self.observer = adapter(self.GAME).observer(self.codec)
        self.info = info
        self.players = players
        self._made = 0
        probe_state = info.new_game(players=players, seed=0, rules=self.codec.rules)
        game_info_ = pyspiel.GameInfo(
            num_distinct_actions=self.codec.num_distinct_actions,
            max_chance_outcomes=self.codec.chance_size() if self.explicit else 0,
            num_players=players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=max_decisions(self.codec, info.max_actions(probe_state)),
        )
        game_type = self.GAME_TYPE if self.explicit else self.ENGINE_TYPE
        given = dict(params or {})
        text = given.get("rules")
        if isinstance(text, str) and text.lstrip().startswith("{"):
            # Plain JSON (taken through a parameter dict) is kept in the form a game
            # string can hold: pyspiel makes the game again from str(game) to read a
            # serialized state back, and JSON's commas ended that string's parameter
            # (helper-216). The same options, so the same game.
            given["rules"] = rules_param(self.rules_value)
        super().__init__(game_type, game_info_, given)

    def new_initial_state(self) -> TablegamesState:
        """A new game: at its first chance node (explicit chance), or dealt with the next
        seed of this game (``chance="engine"``; see the module docstring)."""
        if self.explicit:
            return TablegamesState(self, EXPLICIT_SEED)
        seed = f"{self.seed}:{self._made}"
        self._made += 1
        return TablegamesState(self, seed)

    def new_session(self, seed: str) -> Session:
        """The engine game and adapter session of one seed (``chance="engine"``)."""
        state = self.info.new_game(players=self.players, seed=seed, rules=self.codec.rules)
        return Session(self.codec, state, Rng(f"adapter:{seed}"))

    def deal(self, fed: tuple[int, ...]) -> Session:
        """The session of a game dealt in outside mode from the outcomes ``fed``; raises
        :class:`ChanceNeeded` while the deal needs more."""
        cls = self.info.state_class
        if cls is None:
            raise SetupError(f"{self.GAME} has no state class to deal in outside mode")
        state = cls.new(self.players, 0, self.codec.rules, chance=fed)
        return Session(self.codec, state, Rng(f"adapter:{EXPLICIT_SEED}"))

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> _Observer:
        """The observer pyspiel asks for: observations, or (``perfect_recall``) information
        states (see the module docstring); ``PrivateInfoType.ALL_PLAYERS`` is refused
        (:class:`SetupError`)."""
        if iig_obs_type is not None and (
                iig_obs_type.private_info == pyspiel.PrivateInfoType.ALL_PLAYERS):
            # it used to answer with one seat's observation, which a centralised critic
            # would have taken for the whole table
            raise SetupError("tablegames observers show one seat's cards or the public "
                             "table: PrivateInfoType.ALL_PLAYERS (every seat's hidden cards) "
                             "is not offered; use SINGLE_PLAYER or NONE, or read "
                             "state.session.state for the full state")
        public = iig_obs_type is not None and (
            iig_obs_type.private_info == pyspiel.PrivateInfoType.NONE)
        if iig_obs_type is not None and iig_obs_type.perfect_recall:
            return _InfoStateObserver(self, public)
        return _Observer(self, public)


def max_decisions(codec: Codec, max_actions: int) -> int:
    """A bound on decisions per game: each engine action takes at most its longest
    spelling, and a poll before it at most one ``pass`` per other seat. pyspiel keeps it
    in a C++ ``int``, so it is capped there (only absurd house rules come near)."""
    longest = codec.longest_spelling()
    polls = codec.n - 1 if codec.interrupts else 0
    return min(max_actions * (longest + polls), 2**31 - 1)


#: How many digest bits follow the observation in an information-state tensor.
RECALL_BITS = 64


class Transcript:
    """What one seat saw, as lines: this step's ``lines`` after ``parent``'s, an immutable
    chain (``None``: the first). Its text is already redacted for its seat, so a world
    shares it with the real game's recall and holds nothing of the real deal by it; and
    a world made at step 5,000 costs no copy of 5,000 steps' lines.

    The information-state digest of its lines is kept with it (``_digests``, per header,
    where it was asked), so a world that shares a transcript shares its digest too: its
    tensor hashes what came after, not the whole game again (:meth:`digest`)."""

    __slots__ = ("_digests", "lines", "parent")

    def __init__(self, parent: Transcript | None, lines: tuple[str, ...]) -> None:
        self.parent = parent
        self.lines = lines
        self._digests: dict[str, Any] | None = None  # made when first asked

    def digest(self, header: str) -> Any:
        """A BLAKE2b (8-byte) hash of ``header`` and every line, each after a newline,
        for the caller to copy and finish: the same as hashing their ``"\\n".join``.
        Kept here and carried on from the nearest earlier transcript that kept one, so
        asking at every step costs each step's lines once. Kept by the lines it hashed
        (this object), never by a seat's number: in a world another seat reads the public
        lines under its own header."""
        if self._digests is not None and header in self._digests:
            return self._digests[header]
        todo: list[Transcript] = []
        node: Transcript | None = self
        h: Any = None
        while node is not None:
            if node._digests is not None and header in node._digests:
                h = node._digests[header].copy()
                break
            todo.append(node)
            node = node.parent
        if h is None:
            h = hashlib.blake2b(header.encode(), digest_size=8)
        for node in reversed(todo):
            for line in node.lines:
                h.update(b"\n" + line.encode())
        self._digests = {**(self._digests or {}), header: h}
        return h

    def all(self) -> list[str]:
        """Every line, oldest first."""
        parts: list[tuple[str, ...]] = []
        node: Transcript | None = self
        while node is not None:
            parts.append(node.lines)
            node = node.parent
        out: list[str] = []
        for lines in reversed(parts):
            out.extend(lines)
        return out


class Recall:
    """What every seat has seen so far: the state as dealt, and the events since, in order.

    Immutable and shared: a step makes a new :class:`Recall` whose ``parent`` is the old
    one, so a clone copies nothing and a game's recall costs one small object per step.
    Each step's events are written out as a seat saw them only when that seat's
    information state is first asked for, and kept with the step as that seat's
    :class:`Transcript` so far (``_seen``), so walking a game's tree writes every step
    once per seat. ``world`` is the seat a resampled world was made for (``None`` in a
    real game).

    A world's recall starts from ``base`` instead of a dealt state: the transcripts its
    seat and everyone saw (:meth:`in_world`), shared, not copied. The real dealt state
    holds every seat's hand and the real events their secrets, so a world keeping them
    would carry the real deal in its object and in every serialization of it (a leak
    found by the OpenSpiel audit), although its strings redact them.

    The information-state tensor's digest is kept as it goes, with the seat's transcript
    at the steps it was asked at: a step's digest goes on from the nearest earlier one,
    so asking at every step of a game costs each step's lines once, not the whole game's
    every time (:meth:`digest`), in the game and in the worlds that share it.
    """

    __slots__ = ("_seen", "base", "dealt", "events", "parent", "world")

    def __init__(self, dealt: Any, parent: Recall | None = None,
                 events: tuple[Event, ...] = (), world: int | None = None,
                 base: Mapping[int | None, Transcript] | None = None) -> None:
        self.dealt = dealt
        self.parent = parent
        self.events = events
        self.world = world
        self.base = base
        self._seen: dict[int | None, Transcript] = {}

    def extend(self, events: list[Event]) -> Recall:
        """The recall after a step that made ``events``."""
        if not events:
            return self
        return Recall(self.dealt, self, tuple(events), self.world, base=self.base)

    def in_world(self, seat: int) -> Recall:
        """The recall of a world resampled for ``seat``: only what ``seat`` saw and what
        everyone saw, as transcripts (``base``); nothing of the real deal or of the real
        events' secrets."""
        base = {seat: self.transcript(seat), None: self.transcript(None)}
        return Recall(None, world=seat, base=base)

    def steps(self) -> list[tuple[Event, ...]]:
        """Every step's events, oldest first (in a world: since it was made)."""
        out: list[tuple[Event, ...]] = []
        node: Recall | None = self
        while node is not None and node.events:
            out.append(node.events)
            node = node.parent
        out.reverse()
        return out

    def _as_seen_by(self, seat: int | None) -> int | None:
        """Whose lines ``seat`` reads: in a world, another seat reads only the public ones
        (what it saw privately is not known in the world)."""
        return None if self.world is not None and seat != self.world else seat

    def transcript(self, seat: int | None) -> Transcript:
        """The deal and every event as ``seat`` saw them (``None``: as everyone saw them),
        written out for the steps not yet written for it (each step once per seat)."""
        seat = self._as_seen_by(seat)
        todo: list[Recall] = []
        node = self
        while True:
            got = node._seen.get(seat)
            if got is not None:
                break
            if not node.events:  # the first: the deal (a world: its base)
                if node.base is not None:
                    got = node.base[seat]
                else:
                    got = Transcript(None, (json.dumps(node.dealt.view(seat), sort_keys=True),))
                node._seen[seat] = got
                break
            todo.append(node)
            node = node.parent  # type: ignore[assignment]  # a step always has a parent
        for node in reversed(todo):
            version = node.events[0].version
            got = node._seen[seat] = Transcript(got, tuple(
                f"{version} {json.dumps(e, sort_keys=True)}"
                for e in Event.redact(list(node.events), seat)))
        return got

    def lines(self, seat: int | None) -> list[str]:
        """The deal and every event as ``seat`` saw them (``None``: as everyone saw them),
        one JSON line each, oldest first."""
        return self.transcript(seat).all()

    def digest(self, header: str, seat: int | None) -> Any:
        """A BLAKE2b (8-byte) hash of ``header`` and :meth:`lines` of ``seat``, each
        after a newline, for the caller to copy and finish: the same as hashing their
        ``"\\n".join``. Kept with the seat's :class:`Transcript` at this step and carried
        on from the nearest earlier one that kept one, so a step costs its own lines; a
        world shares its seat's transcript, and so the digest asked of it in the game."""
        return self.transcript(seat).digest(header)


class _SessionBox:
    """Holds a state's session and recall; copied with ``Session.copy`` (cheap) rather than
    deep-copied attribute by attribute, and pickled as the engine's JSON for pyspiel
    serialization. While an explicit-chance deal is under way there is no session yet:
    ``deal`` holds the outcomes dealt so far and ``need`` the next one's distribution."""

    __slots__ = ("deal", "need", "recall", "restored", "session")

    def __init__(self, session: Session | None, recall: Recall | None = None,
                 deal: tuple[int, ...] = (), need: ChanceNeeded | None = None) -> None:
        self.session = session
        self.recall = recall
        self.deal = deal
        self.need = need
        #: The session was unpickled with a codec of its own, not yet checked against
        #: the state's game (``TablegamesState._adopt``).
        self.restored = False

    def __deepcopy__(self, memo: dict[int, Any]) -> _SessionBox:
        box = _SessionBox(None if self.session is None else self.session.copy(), self.recall,
                          self.deal, self.need)
        box.restored = self.restored
        return box

    def __getstate__(self) -> dict[str, Any] | None:
        s = self.session
        if s is None:
            # not dealt yet: the outcomes of the deal so far are the whole state
            # (never a falsy state: pickle would skip __setstate__ and leave slots unset)
            return {"deal": list(self.deal)}
        c = s.codec
        return {"game": c.game, "players": c.n, "rules": rules_to_dict(c.rules),
                "interrupts": c.interrupts, "options": dict(c.settings),
                "state": s.state.to_json(), "prefix": list(s.prefix), "poll": list(s.poll),
                "rng": s.rng.state, "recall": _recall_json(self.recall),
                "pending": None if s.pending is None or isinstance(s.pending, SpecialPending)
                else str(s.pending), "fed": list(s.fed),
                "special": [s.pending.ident, s.pending.seat]
                if isinstance(s.pending, SpecialPending) else None}

    def __setstate__(self, data: dict[str, Any] | None) -> None:
        self.session, self.recall, self.deal, self.need = None, None, (), None
        self.restored = False
        if data is None:
            return
        if "deal" in data:
            self.deal = tuple(data["deal"])  # the state deals it again on first use
            return
        # a session pickled before one of the game's options existed was made with the
        # option's old default (Dallah's observation and action version 1)
        options = {**adapter(data["game"]).old_defaults, **data["options"]}
        codec = _codec(data["game"], data["players"], data["rules"], data["interrupts"],
                       options)
        rng = Rng()
        rng.state = data["rng"]
        info = game_info(data["game"])
        session = Session(codec, info.from_json(data["state"]), rng)
        session.prefix = tuple(data["prefix"])
        session.poll = list(data["poll"])
        session._actor = session.poll[0] if session.poll else session.state.to_act
        pending = data.get("pending")
        special = data.get("special")
        if special is not None:  # the adapter's own chance node: ask its question again
            session.pending, session.fed = SpecialPending(*special), tuple(data["fed"])
            codec.resume(session)
        elif pending is not None:  # a chance node: ask the engine again what it needs
            action = session.state.parse_action(pending)
            fed = tuple(data["fed"])
            try:
                session.state.apply(action, chance=fed)
            except ChanceNeeded as need:
                session.pending, session.fed, session.need = action, fed, need
        self.session = session
        self.restored = True
        self.recall = _recall_from(data["game"], data["recall"])


def _recall_json(recall: Recall | None) -> dict[str, Any] | None:
    """A recall as picklable data: the dealt state's save (a world's: the lines it starts
    from) and the events, oldest first (events are plain slotted objects, pickled as
    they are)."""
    if recall is None:
        return None
    base = recall.base
    return {"dealt": None if recall.dealt is None else recall.dealt.to_json(),
            "world": recall.world,
            "base": None if base is None else [[seat, t.all()] for seat, t in base.items()],
            "steps": [list(events) for events in recall.steps()]}


def _recall_from(game: str, data: dict[str, Any] | None) -> Recall | None:
    if data is None:
        return None
    base = data.get("base")
    if base is not None:  # a world: the lines it starts from, never a dealt state
        recall = Recall(None, world=data["world"],
                        base={seat: Transcript(None, tuple(lines)) for seat, lines in base})
    else:
        recall = Recall(game_info(game).from_json(data["dealt"]), world=data["world"])
    for events in data["steps"]:
        recall = recall.extend(events)
    return recall


_CODEC_CACHE: dict[str, Codec] = {}


def _codec(game: str, players: int, rules: dict[str, Any], interrupts: bool,
           options: dict[str, Any]) -> Codec:
    """The codec of a serialized session (one per configuration, made once)."""
    key = json.dumps([game, players, rules, interrupts, options], sort_keys=True)
    hit = _CODEC_CACHE.get(key)
    if hit is None:
        if len(_CODEC_CACHE) > 64:
            _CODEC_CACHE.clear()
        hit = _CODEC_CACHE[key] = make_codec(game, players, rules, interrupts=interrupts,
                                             **options)
    return hit


def upgrade_serialized(text: str) -> str:
    """The text of ``pyspiel.serialize_game_and_state`` (or of a pickled state) with
    every adapter option its game string does not name written at its old default
    (:attr:`~tablegames.adapters.base.GameAdapter.old_defaults`): the value the code
    that wrote the text used, not today's default.

    OpenSpiel writes every parameter of the game into its string, so a string without
    one was written before the parameter existed: a Dallah state serialized before
    helper-179 observes with version 1 and numbers its actions with version 1, as it
    did. Unpickling a state applies this itself; pass old text through it before
    ``pyspiel.deserialize_game_and_state`` (without it such a state is refused, since
    its game would be today's default). Text of other games, or naming every option,
    is returned as it is.
    """
    if not isinstance(text, str):
        raise SetupError(f"serialized state text is a str, not {type(text).__name__}")
    lines = text.split("\n")
    try:
        at = lines.index("[Game]") + 1
    except ValueError:
        return text
    line = lines[at] if at < len(lines) else ""
    head, sep, rest = line.partition("(")
    game = head.removeprefix("python_tablegames_")
    if game == head or game not in _REGISTERED or not sep or not rest.endswith(")"):
        return text
    named = {part.partition("=")[0] for part in rest[:-1].split(",")}
    missing = [f"{key}={value}" for key, value in adapter(game).old_defaults.items()
               if key not in named]
    if not missing:
        return text
    lines[at] = f"{head}({','.join([rest[:-1], *missing] if rest[:-1] else missing)})"
    return "\n".join(lines)


class TablegamesState(pyspiel.State):  # type: ignore[misc]
    """One game in progress (see the module docstring)."""

    def __init__(self, game: TablegamesGame, seed: str = "0:0") -> None:
        super().__init__(game)
        self._seed = seed
        self._box = _SessionBox(None)

    def __setstate__(self, text: str) -> None:
        """Unpickle: pyspiel's, with the game string of a state pickled before an
        adapter option existed upgraded first (:func:`upgrade_serialized`), so the
        state keeps the game it was made in."""
        pyspiel.State.__setstate__(self, upgrade_serialized(text))

    @property
    def _tg(self) -> TablegamesGame:
        # The game is not kept in __dict__: pyspiel deep-copies and pickles every entry.
        return self.get_game()  # type: ignore[no-any-return]

    def _dealt(self) -> Session | None:
        """The adapter session, dealt on first use (pyspiel makes a fresh state for every
        clone and then overwrites it, so dealing eagerly would be wasted); ``None`` while
        an explicit-chance deal still needs outcomes (``_box.need``)."""
        box = self._box
        s = box.session
        if s is None:
            if box.need is not None:
                return None
            game = self._tg
            if game.explicit:
                try:
                    s = game.deal(box.deal)
                except ChanceNeeded as need:
                    box.need = need
                    return None
            else:
                s = game.new_session(self._seed)
            box.session = s
            box.recall = Recall(s.state.copy())
        elif box.restored:  # unpickled or deserialized: its codec is its own
            self._adopt(s)
        return s

    def _adopt(self, session: Session) -> None:
        """Give a restored session its game's codec, which must have been made with the
        same options. Text of ``pyspiel.serialize_game_and_state`` written before an
        adapter option existed makes today's default game while its session keeps the
        old value (Dallah's version-1 ids): refused rather than choosing ids of one
        numbering from the other's."""
        game = self._tg
        if session.codec.settings != game.codec.settings:
            raise SetupError(f"this {game.GAME} state was serialized with the adapter "
                             f"options {session.codec.settings}, its game has "
                             f"{game.codec.settings}: read old text through "
                             f"tablegames.adapters.openspiel.upgrade_serialized first")
        session.codec = game.codec
        self._box.restored = False

    @property
    def session(self) -> Session:
        """The adapter session (see :meth:`_dealt`); ``IllegalAction`` during the deal."""
        s = self._dealt()
        if s is None:
            raise IllegalAction("the cards are still being dealt (a chance node)",
                                code="dealing")
        return s

    def _need(self) -> ChanceNeeded | AdapterChance | None:
        """The distribution of the next chance outcome at a chance node (else ``None``)."""
        s = self._dealt()
        return self._box.need if s is None else s.need

    @property
    def recall(self) -> Recall:
        """What every seat has seen so far (see :class:`Recall`)."""
        session = self.session
        recall = self._box.recall
        if recall is None:  # pragma: no cover - every way to a session sets one
            recall = self._box.recall = Recall(session.state.copy())
        return recall

    # -- a player named by the caller ----------------------------------------------------
    # pyspiel's own methods take any int (``True`` is player 1, since pybind11 reads a
    # bool as an int) and answer a seat out of range with a SpielError from C++, or
    # with ``[]`` (legal_actions). Here a player is checked as every seat in the
    # library is: an exact int (a numpy integer too), never a bool, of this game.
    def _player(self, args: tuple[Any, ...], *, pseudo: bool = False) -> tuple[Any, ...]:
        """``args`` of a pyspiel call that takes a player (first; it may be left out for
        the current player), with that player checked: a seat of the game, or with
        ``pseudo`` also the current player when that is chance or terminal (OpenSpiel's
        ``legal_actions(CHANCE)`` at a chance node). Anything else is a
        :class:`~tablegames.common.errors.SeatError` naming it."""
        if not args:
            return args
        player = args[0]
        value = as_id(player)
        n = self._tg.players
        if value is None or not (0 <= value < n or (pseudo and value < 0
                                                     and value == self.current_player())):
            raise SeatError(f"player must be a seat of this game, an int in 0..{n - 1}, "
                            f"not {quoted(player)}")
        return (value, *args[1:])

    def legal_actions(self, *args: Any) -> list[int]:
        """pyspiel's ``legal_actions([player])``, the player checked (see :meth:`_player`)."""
        return list(pyspiel.State.legal_actions(self, *self._player(args, pseudo=True)))

    def legal_actions_mask(self, *args: Any) -> list[int]:
        """pyspiel's ``legal_actions_mask([player])``, the player checked."""
        return list(pyspiel.State.legal_actions_mask(self, *self._player(args, pseudo=True)))

    def observation_string(self, *args: Any) -> str:
        """pyspiel's ``observation_string([player])``, the player checked."""
        return str(pyspiel.State.observation_string(self, *self._player(args)))

    def observation_tensor(self, *args: Any) -> list[float]:
        """pyspiel's ``observation_tensor([player])``, the player checked."""
        return list(pyspiel.State.observation_tensor(self, *self._player(args)))

    def information_state_string(self, *args: Any) -> str:
        """pyspiel's ``information_state_string([player])``, the player checked."""
        return str(pyspiel.State.information_state_string(self, *self._player(args)))

    def information_state_tensor(self, *args: Any) -> list[float]:
        """pyspiel's ``information_state_tensor([player])``, the player checked."""
        return list(pyspiel.State.information_state_tensor(self, *self._player(args)))

    def player_return(self, *args: Any) -> float:
        """pyspiel's ``player_return(player)``, the player checked."""
        return float(pyspiel.State.player_return(self, *self._player(args)))

    def apply_action(self, action: Any) -> None:
        """pyspiel's ``apply_action``, with ``action`` an ``int`` (a numpy integer too):
        pybind11 read ``True`` as the id 1 and played it. Anything else is an
        :class:`IllegalAction` (``not_an_action``), as a session refuses it."""
        pyspiel.State.apply_action(self, _action_id(action))

    def apply_action_with_legality_check(self, action: Any) -> None:
        """pyspiel's ``apply_action_with_legality_check``, ``action`` checked as
        :meth:`apply_action` checks it (pyspiel applies it in C++, where ``True`` was the
        id 1); an id that is not legal now is pyspiel's ``SpielError``, as documented.

        The legality is checked here, not by pyspiel's C++ ``CHECK``: that check's
        ``SpielError`` carries the whole serialized state (the history of every chance
        outcome, so every seat's cards, and the pickled engine state) in its message, and
        OpenSpiel prints the same text to stderr, so a refused id put the hidden cards into
        the caller's error and logs (helper-233's audit). An id beyond the codec was the
        codec's ``CodecError`` from C++ asking for its label. Now every refused id is a
        ``SpielError`` naming only the id and the player, and changes nothing."""
        value = _action_id(action)
        if value not in pyspiel.State.legal_actions(self):  # chance outcomes at a chance node
            raise pyspiel.SpielError(f"action id {value} is not legal now (player "
                                     f"{self.current_player()})")
        pyspiel.State.apply_action(self, value)

    def apply_actions(self, actions: Any) -> None:
        """Refused: ``apply_actions`` is for OpenSpiel's simultaneous nodes, and these
        games are sequential (one player or chance acts at a time; see
        :meth:`apply_action`). pyspiel's own answered a ``RuntimeError`` about a pure
        virtual function, and its ``apply_actions_with_legality_checks`` a ``SpielError``
        holding the whole serialized state (every seat's cards)."""
        raise pyspiel.SpielError("these games are sequential, with no simultaneous nodes: "
                                 "apply one id at a time with apply_action")

    def apply_actions_with_legality_checks(self, actions: Any) -> None:
        """Refused, as :meth:`apply_actions` is (no simultaneous nodes)."""
        self.apply_actions(actions)

    def child(self, action: Any) -> TablegamesState:
        """pyspiel's ``child``: a clone with ``action`` applied, checked as
        :meth:`apply_action` checks it. pyspiel's own ``child`` applies in C++ and so
        never reached :meth:`apply_action`: ``child(True)`` played the id 1."""
        new: TablegamesState = pyspiel.State.child(self, _action_id(action))
        return new

    def action_to_string(self, *args: Any) -> str:
        """pyspiel's ``action_to_string([player,] action)``, both checked: the action an
        ``int``, never ``True``; the player a seat or ``CHANCE`` (a chance outcome's
        label, which pyspiel asks for at any time)."""
        if not args:
            return str(pyspiel.State.action_to_string(self))  # pyspiel's own TypeError
        *player, action = args
        value = _action_id(action)
        if player and as_id(player[0]) == int(pyspiel.PlayerId.CHANCE):
            # an outcome no chance node can offer has no label (it used to read "stock: -5");
            # the codec's bound, so chance="engine" games (no chance nodes) still name cards
            top = self._tg.codec.chance_size()
            if not 0 <= value < top:
                raise IllegalAction(f"there is no chance outcome {quoted(value)} (outcomes run "
                                    f"0..{top - 1})", code="illegal_outcome")
            return str(pyspiel.State.action_to_string(self, int(pyspiel.PlayerId.CHANCE), value))
        return str(pyspiel.State.action_to_string(self, *self._player(tuple(player)), value))

    # -- the pyspiel protocol -------------------------------------------------------------
    def current_player(self) -> int:
        if self._need() is not None:
            return int(pyspiel.PlayerId.CHANCE)
        actor = self.session.actor
        return int(pyspiel.PlayerId.TERMINAL) if actor is None else actor

    def _legal_actions(self, player: int) -> list[int]:
        if self._need() is not None:
            return []
        session = self.session
        if session.actor != player:
            return []
        return session.legal_ids()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """At a chance node, each possible outcome id (a card code or die face) with its
        probability: the cards left in the pile drawn from, by their counts."""
        need = self._need()
        return [] if need is None else need.probabilities()

    def _apply_action(self, action: int) -> None:
        box = self._box
        session = self._dealt()
        if session is None:  # a card of the deal
            need = box.need
            assert need is not None
            if int(action) not in dict(need.outcomes):
                raise IllegalAction(f"chance outcome {action} is not possible now",
                                    code="illegal_outcome")
            box.deal, box.need = (*box.deal, int(action)), None
            self._dealt()
            return
        recall = self.recall
        events = session.feed(action) if session.need is not None else session.choose(action)
        if events:
            self._box.recall = recall.extend(events)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            need = self._need()
            return self._tg.codec.chance_label("chance" if need is None or need.pile is None
                                               else need.pile, int(action))
        return self._tg.codec.label(action)

    def is_terminal(self) -> bool:
        s = self._dealt()
        return s is not None and s.need is None and bool(s.state.is_over)

    def returns(self) -> list[float]:
        s = self._dealt()
        return [0.0] * self._tg.players if s is None else s.returns()

    def rewards(self) -> list[float]:
        return self.returns()

    def __str__(self) -> str:
        """The public state: who decides, and the spectator's view as JSON.

        Only what everyone may see: hidden cards (and a spelling in progress) never go
        into a string, since strings end up in logs. The full state is
        ``state.session.state.to_json()``.
        """
        session = self._dealt()
        if session is None:
            return f"dealing: {len(self._box.deal)} cards dealt"
        state = session.state
        if session.need is not None:
            return (f"version {state.version}, chance: {session.need.pile} "
                    f"({len(session.fed)} drawn for the action)\n"
                    + json.dumps(state.view(None), sort_keys=True))
        return (f"version {state.version}, to decide {session.actor}"
                f"{' (polled)' if session.polling else ''}\n"
                + json.dumps(state.view(None), sort_keys=True))

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> TablegamesState:
        """A state ``player_id`` cannot tell from this one: hidden cards redealt
        (``sample_world``) and a fresh hidden future, seeded from ``probability_sampler``.

        ``player_id`` is checked as every player-taking method checks it (an ``int`` or a
        numpy integer, a seat of the game; :meth:`_player`): ISMCTS and other searches
        pass the numpy integers they compute with. The world carries only what that seat
        saw (:meth:`Recall.in_world`), and its ``history()`` starts at the world (see the
        module docstring)."""
        (player_id,) = self._player((player_id,))
        drawn = probability_sampler()
        if isinstance(drawn, bool | np.bool_) or not isinstance(
                drawn, int | float | np.integer | np.floating) \
                or not 0 <= drawn <= 1:  # NaN fails both comparisons
            raise SetupError(f"probability_sampler() must return a number in [0, 1], not "
                             f"{quoted(drawn)}")
        seed = int(float(drawn) * (1 << 53))  # a numpy uint8 1 overflowed here
        # Not this state's seed: with chance="engine" it would deal the real game again.
        # A world always holds its session, so its seed is never used to deal.
        clone = TablegamesState(self._tg, WORLD_SEED)
        if self._dealt() is None:
            # The deal is under way and no seat has taken up a card: every card dealt so
            # far is hidden from the player. A clone would carry them (a leak found by
            # helper-47), so deal as many afresh, each from the pile's distribution.
            r = Rng(seed)
            for _ in self._box.deal:
                need = clone._need()
                # the deal needs more than this state has, and only the engine's cards
                assert isinstance(need, ChanceNeeded)
                clone._apply_action(_weighted(need.outcomes, r))
            return clone
        recall = self.recall
        clone._box = _SessionBox(self.session.world(player_id, Rng(seed)),
                                 recall.in_world(player_id))
        return clone

    # -- what observers read ---------------------------------------------------------------
    def observation_view(self, player: int | None) -> dict[str, Any] | None:
        """The view a player (``None``: a spectator) observes (``None`` during the deal:
        the cards are dealt face down and taken up together once all are out)."""
        session = self._dealt()
        if session is None:
            return None
        return session.state.view(player)  # type: ignore[no-any-return]

    def _mine(self, player: int | None) -> tuple[tuple[int, ...], bool]:
        session = self._dealt()
        if session is None or session.need is not None or player is None \
                or session.actor != player:
            return (), False
        return session.prefix, session.polling


#: pyspiel keeps an action in a C++ ``int64``.
_INT64 = 1 << 63


def _action_id(action: object) -> int:
    """``action`` as an id to hand to pyspiel: an ``int`` or a numpy integer, never a bool
    (:class:`IllegalAction` ``not_an_action``). An int that no C++ ``int64`` holds is no
    legal id (``illegal_id``): pybind11 refused it with a ``TypeError`` of its own. Nor is
    a negative int (no id or outcome is): -1 is OpenSpiel's ``kInvalidAction``, which
    pyspiel's C++ ``ApplyAction`` refused with its own ``SpielError`` before the adapter
    saw it."""
    value = as_id(action)
    if value is None:
        raise IllegalAction(f"an action id is an integer, not {quoted(action)}",
                            code="not_an_action")
    if not 0 <= value < _INT64:
        raise IllegalAction(f"action id {quoted(value)} is not legal now", code="illegal_id")
    return value


def _weighted(outcomes: tuple[tuple[int, int], ...], r: Rng) -> int:
    """One outcome drawn with its weight (a card's copies left in the pile)."""
    k = r.below(sum(w for _, w in outcomes))
    for outcome, weight in outcomes:
        if k < weight:
            return outcome
        k -= weight
    raise AssertionError("unreachable: k is below the total weight")  # pragma: no cover


class _Observer:
    """The pyspiel observer: a flat float32 tensor and a JSON string per player."""

    def __init__(self, game: TablegamesGame, public: bool) -> None:
        self.game = game
        self.public = public
        self.tensor = np.zeros(game.observer.size, np.float32)
        self.dict = {"observation": self.tensor}

    def _seat(self, state: TablegamesState, player: object) -> int | None:
        """The seat whose view is shown (``None``: the public observer's spectator), with
        ``player`` checked as the state's own methods check it (``state._player``): a
        numpy integer was the engine's ``SeatError``, and a public observer took ``True``
        or ``7``."""
        (seat,) = state._player((player,))
        return None if self.public else int(seat)

    def set_from(self, state: TablegamesState, player: int) -> None:
        seat = self._seat(state, player)
        prefix, polled = state._mine(seat)
        view = state.observation_view(seat)
        if view is None:  # the deal: nobody has taken up a card yet
            self.tensor[:] = 0.0
            return
        self.tensor[:] = self.game.observer.encode(view, prefix, polled)

    def string_from(self, state: TablegamesState, player: int) -> str:
        seat = self._seat(state, player)
        prefix, polled = state._mine(seat)
        view = state.observation_view(seat)
        if view is None:
            return _dealing(state)
        extra = f" spelling {list(prefix)}" if prefix else ""
        extra += " (polled)" if polled else ""
        return json.dumps(view, sort_keys=True) + extra


def _dealing(state: TablegamesState) -> str:
    """What anyone observes during an explicit-chance deal: how many cards are out."""
    return f"dealing: {len(state._box.deal)} cards dealt"


class _InfoStateObserver(_Observer):
    """Perfect-recall information states (see the module docstring)."""

    def __init__(self, game: TablegamesGame, public: bool) -> None:
        self.game = game
        self.public = public
        self.tensor = np.zeros(game.observer.size + RECALL_BITS, np.float32)
        self.dict = {"info_state": self.tensor}

    def set_from(self, state: TablegamesState, player: int) -> None:
        seat = self._seat(state, player)
        prefix, polled = state._mine(seat)
        size = self.game.observer.size
        view = state.observation_view(seat)
        if view is None:
            self.tensor[:size] = 0.0
        else:
            self.tensor[:size] = self.game.observer.encode(view, prefix, polled)
        digest = self._digest(state, player)
        bits = np.unpackbits(np.frombuffer(digest, np.uint8))
        self.tensor[size:] = bits

    def _now(self, state: TablegamesState, seat: int | None) -> list[str]:
        """The information state's last lines: the seat's view now and what it is asked."""
        prefix, polled = state._mine(seat)
        lines = ["now " + json.dumps(state.observation_view(seat), sort_keys=True)]
        if prefix:
            lines.append(f"spelling {list(prefix)}")
        if polled:
            lines.append("polled")
        return lines

    def string_from(self, state: TablegamesState, player: int) -> str:
        seat = self._seat(state, player)
        if state.observation_view(seat) is None:
            return f"seat {seat}\nnow {_dealing(state)}"
        return "\n".join([f"seat {seat}", *state.recall.lines(seat), *self._now(state, seat)])

    def _digest(self, state: TablegamesState, player: int) -> bytes:
        """The 8-byte BLAKE2b of :meth:`string_from`, the recall's part carried on from
        the last step it was asked at (:meth:`Recall.digest`), not hashed afresh."""
        seat = self._seat(state, player)
        if state.observation_view(seat) is None:
            return hashlib.blake2b(self.string_from(state, player).encode(),
                                   digest_size=8).digest()
        h = state.recall.digest(f"seat {seat}", seat).copy()
        for line in self._now(state, seat):
            h.update(b"\n" + line.encode())
        return h.digest()  # type: ignore[no-any-return]


class EngineBot(pyspiel.Bot):  # type: ignore[misc]
    """A tablegames bot playing a pyspiel game: the arena's bot, asked as the arena asks it.

    ``bot`` is what a game's registry entry makes (``GAMES[game].bots[name](seed)``): a
    plain policy (``choose(state)``, and ``interrupt(state, seat)`` if it ever acts out
    of turn) or a search bot's :class:`~tablegames.bots.SeatedPolicy` (``ismcts``, or
    :func:`tablegames.bots.as_policy` of any name). It is made into a seated bot as
    :func:`tablegames.bots.make` makes one: a plain policy is wrapped in
    :class:`~tablegames.bots.PolicyBot` with ``seed`` (so it sees only a world, and its
    generator is reseeded from ``seed`` and each question), a ``SeatedPolicy``'s bot is
    used as it is. :meth:`EngineBot.make` takes a name instead, exactly as the arena
    does. Every question goes through a :class:`~tablegames.bots.Handle` of the
    deciding seat holding the options the adapter offers (in the engine's order):
    ``"turn"`` for a decision, ``"interrupt"`` in a poll (a Toepen knock out of turn,
    a Shithead cut-in) or where the table may report for the seat (Dallah's ``table``,
    beside the seat's own ``swap``), where ``None`` passes or lets the table report.
    The bot plays the ids that spell its answer.

    **The promise:** the same move the arena's bot makes in the same position and seed.
    ``EngineBot(GAMES[game].bots[name](seed), seed=seed)`` and
    ``EngineBot.make(name, game, seed)`` answer each question exactly as
    ``bots.make(name, game, seed=seed)`` answers it under
    :func:`tablegames.bots.next_action` (and so in ``tablegames arena`` and
    ``play_game``), the table model reporting for a Dallah seat that lets it. (Before,
    a plain policy was asked on a world of its own making with its own generator: the
    moves differed from the arena's, and the world kept the event buffers a handle
    empties.) An answer the adapter does not offer is an :class:`IllegalAction`
    (``illegal_bot_answer``).

    The seed is the caller's: give each seat :func:`~tablegames.bots.harness.bot_seed`
    of the game's seed and the seat, as the arena does, never the game's ``seed`` or a
    text holding it (with ``chance="engine"`` game ``i`` is dealt from ``"SEED:i"``, which
    such a bot could deal again).
    """

    def __init__(self, bot: Any, seed: int | str = 0) -> None:
        pyspiel.Bot.__init__(self)
        if not isinstance(seed, str):
            number = whole_number(seed)  # a numpy seed is the int it holds
            if number is None:
                raise SetupError(f"an EngineBot's seed is an int or a string, not "
                                 f"{type(seed).__name__}")
            seed = number
        if isinstance(bot, SeatedPolicy):
            seated: Bot = bot.bot
        else:
            if not callable(getattr(bot, "choose", None)):
                raise SetupError(f"an EngineBot plays a policy with choose(state), not "
                                 f"{type(bot).__name__}")
            seated = PolicyBot(getattr(bot, "name", type(bot).__name__), bot, seed)
        self.bot = seated
        self._plan: tuple[int, ...] = ()

    @classmethod
    def make(cls, name: str, game: str, seed: int | str = 0, **params: Any) -> EngineBot:
        """The arena's bot ``name`` (:func:`tablegames.bots.make`, ``params`` included)
        playing ``game`` in pyspiel."""
        return cls(SeatedPolicy(make_bot(name, game, seed=seed, **params)))

    def step(self, state: TablegamesState) -> int:
        """The next id for the player to decide."""
        session = state.session
        codec = session.codec
        prefix = session.prefix
        if prefix and self._plan[:len(prefix)] == prefix:
            return self._plan[len(prefix)]
        seat = session.actor
        if seat is None or session.need is not None:
            raise IllegalAction("no player decides now (the game is over, or at a chance "
                                "node)", code="not_deciding")
        options = session.options()
        special = next((i for i, o in options.items() if o is SPECIAL), None)
        # in the engine's order, as the harness offers them (a random bot picks by position)
        offered = session.offered()
        if session.polling or special is not None:
            answer = (self.bot.interrupt(Handle(session.state, seat, offered, "interrupt"))
                      if offered else None)
            if answer is None:
                self._plan = ()
                return codec.PASS if special is None else special
        else:
            answer = self.bot.choose(Handle(session.state, seat, offered, "turn"))
        plan = codec.spell(answer) if isinstance(answer, Action) else ()
        if (answer not in offered or not plan or plan[:len(prefix)] != prefix
                or plan[len(prefix)] not in options):
            raise IllegalAction(f"the bot at seat {seat} answered {quoted(answer)}, which is "
                                f"not one of the actions offered now",
                                code="illegal_bot_answer", seat=seat)
        self._plan = plan
        return plan[len(prefix)]

    def restart_at(self, state: TablegamesState) -> None:
        """Forget any half-played spelling."""
        self._plan = ()


def _register_all() -> None:
    """Register every game that has an RL adapter with pyspiel, as OpenSpiel's own Python
    games register on import: ``pyspiel.load_game("python_tablegames_toepen")`` (and
    OpenSpiel's example scripts' ``--game=``) then works once this module is imported.
    Registering makes two game types and a class per game, nothing more (no game object,
    no codec)."""
    from tablegames.common.registry import GAMES

    for game in GAMES:
        try:
            register(game)
        except SetupError:  # a game without an RL adapter
            continue


_register_all()
