"""The machinery every game state shares: setup, JSON envelope, history, replay, log.

A game subclasses :class:`BaseState` and writes only what is its own: the state fields,
``legal_actions``, ``_apply`` (validate fully, *then* mutate), ``view``, ``outcome``,
``copy``, ``sample_world`` and ``_dump``/``_load`` for its part of the JSON. Everything
that must behave the same in every game — the envelope with format version and rules
hash, the setup record that makes a game replayable, refusing actions after the end,
accepting notation strings in ``apply``, turning any loading failure into a
:class:`StateError` — lives here once.
"""

from __future__ import annotations

import array
import json
import operator
import pickle
import sys
import threading
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from itertools import repeat
from typing import Any, ClassVar, Self, TypeVar, cast

from tablegames.common.actions import Action, Event, fresh
from tablegames.common.errors import (
    GameOver,
    IllegalAction,
    NotationError,
    RulesError,
    SeatError,
    SetupError,
    StaleState,
    StateError,
    TablegamesError,
)
from tablegames.common.fields import Spec, spec_of
from tablegames.common.history import CHUNK, History
from tablegames.common.outcome import Outcome
from tablegames.common.position import PositionError, PositionReader, PositionWriter
from tablegames.common.rng import Rng, as_rng
from tablegames.common.rules import (
    coerce_rules,
    rules_from_dict_cached,
    rules_hash,
    rules_json,
    rules_to_dict,
)
from tablegames.common.serialization import (
    _DECODER,
    FORMAT_VERSION,
    MAX_DEPTH,
    MAX_TEXT,
    Reader,
    dumps,
    loads,
    shallow_text,
)


def normalize_players(players: int | Sequence[str], lo: int, hi: int, game: str) -> tuple[str, ...]:
    """Player names from a count or a list of names; a wrong count is a :class:`SetupError`."""
    if isinstance(players, bool):
        raise SetupError("players must be a count or a list of names")
    if isinstance(players, int):
        if not lo <= players <= hi:  # before building names: a huge count costs nothing
            raise SetupError(f"{game} is for {lo} to {hi} players, not {players}")
        names = tuple(f"P{i}" for i in range(players))
    elif isinstance(players, str) or not isinstance(players, Sequence):
        raise SetupError("players must be a count or a list of names")
    else:
        if len(players) > hi:
            raise SetupError(f"{game} is for {lo} to {hi} players, not {len(players)}")
        names = tuple(players)
        if not all(type(n) is str and n.strip() and len(n) <= MAX_NAME for n in names):
            raise SetupError(f"player names must be non-empty strings of at most {MAX_NAME} characters")
        if len(set(names)) != len(names):
            raise SetupError("player names must be distinct")
    if not lo <= len(names) <= hi:
        raise SetupError(f"{game} is for {lo} to {hi} players, not {len(names)}")
    return names


def check_seed(seed: object) -> int | str:
    """A seed must be an int or a str (both replay exactly on every machine), of bounded size."""
    if isinstance(seed, bool) or not isinstance(seed, int | str):
        raise SetupError(f"seed must be an int or a string, not {type(seed).__name__}")
    if isinstance(seed, str) and len(seed) > MAX_NAME:
        raise SetupError(f"a seed string is at most {MAX_NAME} characters")
    if isinstance(seed, int) and not -(1 << 256) < seed < (1 << 256):
        raise SetupError("a seed number must fit in 256 bits")
    return seed


#: Longest player name or seed string (a phone's name field, not a novel).
MAX_NAME = 64
#: Longest action notation read (the longest real one, a Phase 10 lay-down, is ~120).
MAX_NOTATION = 512
#: Longest stacked deck ``new_game`` accepts (the largest pack has 108 cards).
MAX_DECK = 1_000


#: Parsed notation per game. Actions are immutable, and a long history repeats the same
#: few hundred strings, so loading saves (a server does it on every request) reuses them.
#: Only short strings are kept, and the cache is emptied when it fills, so no caller can
#: make it grow without bound.
_PARSE_CACHE: dict[str, dict[str, Action]] = {}
_CACHE_TEXT = 160
_CACHE_SIZE = 20_000

#: The shared fields every state has, with how ``copy`` copies each (see ``fields.Spec``;
#: ``None``: not copied; ``"!..."``: statements, ``d`` being the copy's instance dict and
#: ``r``, ``c`` free names). ``copy`` starts from a copy
#: of the instance dict, so the deal's events (which name every hand: a sampled world
#: must not carry them) and the setup's text are dropped; the history's encoding is
#: shared (see :func:`_share`).
_COMMON_COPY: tuple[tuple[str, str | None], ...] = (
    ("players", "self.players"), ("seed", "self.seed"), ("rules", "self.rules"),
    ("deck", "self.deck"), ("extra", "self.extra"),
    ("rng", "!r = _new(_Rng); r.state = self.rng.state; d['rng'] = r"),
    ("history", "self.history.copy()"), ("world", "self.world"), ("_events", "[]"),
    ("_setup_log", None), ("_setup_text", None), ("_jtext", None),
    ("_hcode", "!c = d.get('_hcode'); c = c if c is None else _share(c)"),
)


def _spec(cls: type) -> Spec:
    """The compiled fields of a state class (see :mod:`tablegames.common.fields`)."""
    return spec_of(cls, _COMMON_COPY, {"_share": _share})


class BaseState(ABC):
    """Shared behaviour of all game states (see the module docstring)."""

    GAME: ClassVar[str]
    RULES: ClassVar[type[Any]]
    #: Seat range (used by :meth:`new` and checked again on loading).
    MIN_PLAYERS: ClassVar[int] = 1
    MAX_PLAYERS: ClassVar[int] = 1_000
    #: Keyword setup ``new_game`` accepts beyond players/seed/rules/deck (``None``: any).
    SETUP_KEYS: ClassVar[frozenset[str] | None] = None
    #: The action classes of this game (others are refused as foreign); empty: any.
    ACTION_TYPES: ClassVar[frozenset[type]] = frozenset()
    #: The engine's version for this game: bumped when the same actions could play out
    #: differently, written into every save and record, and refused if newer than ours.
    ENGINE: ClassVar[int] = 1
    #: Names of the stages of play; ``stage`` (a declared field) indexes it.
    STAGES: ClassVar[tuple[str, ...]] = ()
    #: Fields renamed in save format 4 (old save key -> today's field name): a save of
    #: format 1 to 3 has its ``state`` keys renamed before it is read, so old saves load.
    RENAMED: ClassVar[Mapping[str, str]] = {}

    rules: Any
    players: tuple[str, ...]
    seed: int | str
    deck: tuple[str, ...] | None
    extra: dict[str, Any]
    rng: Rng
    #: The actions applied so far (a read-only list whose sealed parts copies share).
    history: History
    #: The current stage of play, an index into ``STAGES`` (the view shows its name).
    stage: int
    #: True for a state made by :meth:`sample_world`: it has no record or log of its own.
    world: bool
    #: Events of the action being applied (``_apply`` appends to it; ``apply`` returns it).
    _events: list[Event]
    #: Events of the deal before the first action, replayed by :meth:`log`.
    _setup_log: list[Event]
    #: The compact encoding of ``history`` as last saved (see :class:`HistoryCode`),
    #: shared with copies, which never extend it in place.
    _hcode: HistoryCode | None = None
    #: The setup's JSON text and the objects it was written from (see ``_setup_json``).
    _setup_text: tuple[tuple[Any, ...], str] | None = None
    #: Each remembered field's value and text as last saved, written and read by the
    #: declared fields' compiled ``json`` (see :class:`~tablegames.common.fields.Spec`);
    #: a copy starts without it.
    _jtext: list[Any] | None = None

    # -- setup ---------------------------------------------------------------------
    def _init_common(
        self, players: tuple[str, ...], seed: int | str, rules: Any,
        deck: Sequence[str] | None, extra: dict[str, Any] | None = None,
    ) -> None:
        self._set_common(players, seed, rules,
                         None if deck is None else tuple(str(c) for c in deck),
                         dict(extra or {}), Rng(seed), History(), False)

    def _set_common(
        self, players: tuple[str, ...], seed: int | str, rules: Any,
        deck: tuple[str, ...] | None, extra: dict[str, Any], rng: Rng, history: History,
        world: bool,
    ) -> None:
        """Set the fields every state has (a new game's, or a loaded save's as read)."""
        self.extra = extra
        self.players = players
        self.seed = seed
        self.rules = rules
        self.deck = deck
        self.rng = rng
        self.history = history
        self.world = world
        self._events = []
        cls = type(self)
        if "_fields_spec" not in cls.__dict__:
            cls._install_fields()

    @classmethod
    def _install_fields(cls) -> None:
        """Compile the declared fields once and put ``copy``/``_dump`` on the class itself.

        Done when the first state of the class is made (annotations can only be resolved
        once the game's module has loaded), so every bound ``state.copy`` is the compiled
        function, with no dispatch in between.
        """
        spec = _spec(cls)
        if spec.fields:
            if "copy" not in cls.__dict__:
                cls.copy = spec.copy  # type: ignore[method-assign, assignment]
            if "_dump" not in cls.__dict__:
                cls._dump = spec.dump  # type: ignore[method-assign, assignment]
                cls._state_json = spec.json  # type: ignore[method-assign, assignment]

    @classmethod
    def new(
        cls, players: int | Sequence[str], seed: int | str = 0, rules: Any = None,
        deck: Sequence[str] | None = None, **setup: Any,
    ) -> Self:
        """The one ``new_game`` body every game shares: check everything, then deal.

        Players, seed, rules (an instance, a dict of options or a variant name), the
        stacked deck and the game's own setup keywords (``SETUP_KEYS``; ``None`` values
        are left out) are all checked before any work is done.
        """
        names = normalize_players(players, cls.MIN_PLAYERS, cls.MAX_PLAYERS, cls.GAME)
        r = coerce_rules(cls.RULES, rules)
        seed = check_seed(seed)
        if deck is not None:
            if isinstance(deck, str) or not isinstance(deck, Sequence):
                raise SetupError("deck must be a list of cards, top card first")
            if len(deck) > MAX_DECK:
                raise SetupError(f"a stacked deck has at most {MAX_DECK} cards")
        extra = {k: v for k, v in setup.items() if v is not None}
        cls._check_setup_keys(extra)
        return cls._start(names, seed, r, deck, fresh(extra))

    @classmethod
    def _start(
        cls, players: tuple[str, ...], seed: int | str, rules: Any, deck: Sequence[str] | None,
        extra: dict[str, Any],
    ) -> Self:
        """A new game from setup values: dealt by ``_fresh``, or set up from a position."""
        text = extra.get("position")
        if text is None:
            return cls._fresh(players, seed, rules, deck, extra)
        obj = cls.from_position(text, rules=rules)
        if obj.players != tuple(players):
            raise SetupError("the position names other players")
        return obj

    @classmethod
    def _check_setup_keys(cls, extra: Mapping[str, Any]) -> None:
        if "position" in extra and (len(extra) != 1 or type(extra["position"]) is not str):
            raise SetupError("a game set up from a position has no other setup")
        if cls.SETUP_KEYS is not None:
            unknown = sorted(set(extra) - cls.SETUP_KEYS - {"position"})
            if unknown:
                known = ", ".join(sorted(cls.SETUP_KEYS)) or "none"
                raise SetupError(f"{cls.GAME} has no setup option {unknown[0]!r} (known: {known})")

    @property
    def n(self) -> int:
        """Number of seats."""
        return len(self.players)

    @property
    def version(self) -> int:
        """How many actions have been applied: a client sends it back as ``expect``."""
        h = self.history
        return h._sealed + len(h._tail)  # len(h), without a Python call: bots ask often

    # -- the protocol, as games implement it -----------------------------------------
    @property
    @abstractmethod
    def to_act(self) -> int | None:
        """The seat whose decision is next; ``None`` once the game is over."""

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.to_act is None

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        """Legal actions of ``seat`` (default: the seat to act), in a stable order.

        For a seat that is not to act this lists its interrupts (usually none). A seat
        that is not an exact ``int`` of this game raises :class:`SeatError`.
        """
        if seat is None:
            seat = self.to_act
            if seat is None:
                return []
        elif type(seat) is not int or not 0 <= seat < len(self.players):
            self.check_seat(seat)
        return self._legal(seat)

    def _legal(self, seat: int) -> list[Action]:
        """The game's legal actions of ``seat`` (a checked seat; the game is not over)."""
        raise NotImplementedError

    @abstractmethod
    def _apply(self, action: Action) -> list[Event] | None:
        """Validate ``action`` completely, then carry it out, appending to ``self._events``."""

    @abstractmethod
    def outcome(self) -> Outcome:
        """Winners, losers and scores (raises ``ValueError`` before the end)."""

    # -- the view: one envelope, one vocabulary -----------------------------------------
    def view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may see (``None``: a spectator), as fresh plain JSON.

        Every game's view has the same envelope: ``game``, ``players``, ``seat``,
        ``to_act``, ``stage``, ``version``, ``result`` (``None`` until the end), and for
        a seat ``hand``, ``legal`` and ``prompt``; the game adds its table (see the
        app guide for every key of every game).
        """
        seat = self.check_seat(seat)
        v: dict[str, Any] = {
            "game": self.GAME,
            "players": list(self.players),
            "seat": seat,
            "to_act": self.to_act,
            "stage": self.STAGES[self.stage],
            "version": len(self.history),
        }
        v.update(self._view(seat))
        v["result"] = self.outcome().to_dict() if self.is_over else None
        if seat is not None:
            v["hand"] = self._hand(seat)
            v["legal"] = [str(a) for a in self.legal_actions(seat)]
            v["prompt"] = self._prompt(seat)
        return v

    def _view(self, seat: int | None) -> dict[str, Any]:
        """The game's own view keys for ``seat`` (fresh objects, nothing hidden)."""
        raise NotImplementedError

    def _hand(self, seat: int) -> list[Any]:
        """What ``seat`` holds, as card notation."""
        raise NotImplementedError

    def _prompt(self, seat: int) -> str:
        """What ``seat``'s phone should say now."""
        raise NotImplementedError

    # -- declared fields: copy, dump and load come from the core -------------------------
    def copy(self) -> Self:
        """An independent copy (compiled from the declared fields; as fast as by hand)."""
        return _spec(type(self)).copy(self)  # type: ignore[no-any-return]

    def _dump(self) -> dict[str, Any]:
        """The game's own fields, JSON-ready (from the declarations)."""
        return _spec(type(self)).dump(self)

    def _state_json(self) -> str:
        """The text of ``_dump()`` (the declared fields' compiled writer replaces this)."""
        return dumps(self._dump())

    def _load(self, r: Reader) -> None:
        """Restore the game's own fields from ``r`` strictly, then check the invariants."""
        _spec(type(self)).load(self, r)
        self._events = []
        self._check_loaded()

    def _check_loaded(self) -> None:  # noqa: B027 - a hook: most games override it
        """Invariants a declaration cannot state (card conservation...): raise ``StateError``."""

    @abstractmethod
    def sample_world(self, seat: int, rng: Any = None) -> Self:
        """A full state consistent with all that ``seat`` has seen (see :meth:`_world`)."""

    def _world(self, seat: int, rng: Any) -> tuple[Self, Rng]:
        """The shell of a sampled world: a copy stripped of the real setup and future.

        The world gets a seed and rng drawn from the caller's ``rng`` only, no stacked
        deck, and ``world=True`` (so it has no record or log: its past was never dealt).
        The game then redeals every card ``seat`` cannot see, drawing from the returned
        rng and from pools built in an order ``seat`` can know (never the real order).
        """
        self.check_seat(seat)
        r = as_rng(rng)
        world = self.copy()
        world.rng = r.fork()
        world.seed = f"world-{r.fork().state:016x}"
        world.deck = None
        world.world = True
        return world, r

    @classmethod
    @abstractmethod
    def parse_action(cls, text: str) -> Action:
        """Read an action's notation (raises :class:`NotationError`)."""

    # -- shared behaviour ------------------------------------------------------------
    def apply(
        self, action: Action | str, *, by: int | None = None, expect: int | None = None,
    ) -> list[Event]:
        """Validate and apply ``action`` (or its notation); return the events.

        ``by`` is the seat that sent the action (a phone): an action in another seat's
        name is refused before any hidden card is looked at. ``expect`` is the version
        the sender saw: if another action came first, :class:`StaleState` is raised.
        Any refusal is an :class:`IllegalAction` (a ``ValueError``) or a
        :class:`NotationError`, and leaves the state exactly as it was.
        """
        if expect is None and by is None and type(action) in self.ACTION_TYPES:
            # what a bot loop sends: one of this game's actions, no sender, no version
            act: Action = action  # type: ignore[assignment]
            if self.to_act is None:
                raise GameOver("the game is over", code="game_over")
            seat = act.seat
            if type(seat) is not int or not 0 <= seat < len(self.players):
                raise IllegalAction("the action names no seat of this game", code="no_such_seat")
        else:
            act = self._vet(action, by, expect)
        ev: list[Event] = []
        self._events = ev
        ret = self._apply(act)
        if ret is not None:
            ev = ret
        history = self.history
        tail = history._tail  # History._append and len, inlined: this runs on every step
        tail.append(act)
        if len(tail) == CHUNK:
            history._seal()
        if ev:
            v = history._sealed + len(history._tail)
            for e in ev:
                e.version = v
        return ev

    def _vet(self, action: Action | str, by: int | None, expect: int | None) -> Action:
        """``apply``'s checks before the game's own, in order: the version, the sender,
        the notation, the end of the game, the kind of action, its seat."""
        if expect is not None:
            if type(expect) is not int:
                raise IllegalAction("expect must be a state version (an int)", code="bad_version")
            if expect != len(self.history):
                raise StaleState(
                    f"the action was chosen at version {expect}; the game is at version "
                    f"{len(self.history)}", expected=expect, version=len(self.history),
                )
        if by is not None:
            self.check_seat(by)
        if isinstance(action, str):
            if len(action) > MAX_NOTATION:
                raise NotationError(f"an action is at most {MAX_NOTATION} characters")
            action = self.parse_action(action)
        if self.to_act is None:
            raise GameOver("the game is over", code="game_over")
        kinds = self.ACTION_TYPES
        if (type(action) not in kinds) if kinds else not isinstance(action, Action):
            raise IllegalAction(
                f"a {type(action).__name__} is not a {self.GAME} action", code="not_an_action"
            )
        seat = action.seat
        if type(seat) is not int or not 0 <= seat < len(self.players):
            raise IllegalAction("the action names no seat of this game", code="no_such_seat")
        if by is not None and seat != by:
            raise IllegalAction(
                f"seat {by} may not act for seat {seat}", code="not_your_seat", seat=by
            )
        return action

    def check_seat(self, seat: object) -> int | None:
        """Validate a seat argument (an exact int in range, or ``None``)."""
        if seat is None:
            return None
        if type(seat) is not int or not 0 <= seat < len(self.players):
            shown = repr(seat) if type(seat) in (int, bool, float) else type(seat).__name__
            raise SeatError(f"seat must be None or an int in 0..{self.n - 1}, not {shown}")
        return seat

    def _no_world(self, what: str) -> None:
        if self.world:
            raise StateError(
                f"a sampled world has no {what}: its hidden cards were dealt by sample_world, "
                "not played (use the real state's record)"
            )

    def record(self) -> dict[str, Any]:
        """Everything needed to replay this game exactly: setup and the actions so far.

        Fresh on every call; a sampled world has no record (:class:`StateError`).
        """
        self._no_world("record")
        return {
            "game": self.GAME,
            "engine": self.ENGINE,
            "tablegames": _library_version(),
            "players": list(self.players),
            "seed": self.seed,
            "rules": rules_to_dict(self.rules),
            "deck": None if self.deck is None else list(self.deck),
            "setup": fresh(self.extra),
            "actions": [str(a) for a in self.history],
        }

    def log(self, seat: int | None, since: int | None = None) -> list[dict[str, Any]]:
        """Every event as ``seat`` may see it, rebuilt by replaying the record.

        With ``since=v`` only the events of the versions after ``v`` come back (what a
        client that last saw version ``v`` missed), each with its ``"version"``. A
        sampled world has no log (:class:`StateError`).
        """
        self.check_seat(seat)
        self._no_world("log")
        if since is not None and (type(since) is not int or not 0 <= since <= len(self.history)):
            raise ValueError(f"since must be a version in 0..{len(self.history)}")
        fresh_state = type(self)._start(self.players, self.seed, self.rules, self.deck, self.extra)
        out: list[dict[str, Any]] = []
        if since is None:
            out = Event.redact(fresh_state._setup_events(), seat)
        for a in self.history:
            events = fresh_state.apply(a)
            v = len(fresh_state.history)
            if since is None:
                out.extend(Event.redact(events, seat))
            elif v > since:
                out.extend({**e, "version": v} for e in Event.redact(events, seat))
        return out

    @classmethod
    @abstractmethod
    def _fresh(
        cls, players: tuple[str, ...], seed: int | str, rules: Any, deck: Sequence[str] | None,
        extra: dict[str, Any],
    ) -> Self:
        """A new game from setup values (``extra``: game-specific setup such as lives)."""

    @classmethod
    def _validate_setup(
        cls, players: tuple[str, ...], seed: int | str, rules: Any, deck: Sequence[str] | None,
        extra: dict[str, Any],
    ) -> None:
        """Refuse a saved setup that no game could have started from (``SetupError``).

        By default a game is dealt from it; games override this with the same checks
        without the deal, because loading a save should not cost a new game.
        """
        cls._fresh(players, seed, rules, deck, fresh(extra))

    def _setup_events(self) -> list[Event]:
        """Events of the deal that precede the first action (for :meth:`log`)."""
        return list(getattr(self, "_setup_log", ()))

    def to_json(self) -> str:
        """The full state (rng, rules, setup, history included) as canonical JSON.

        Exactly the text :func:`dumps` gives for the whole envelope, put together from
        pieces that are mostly remembered: the rules' text (rules are frozen), the
        setup's (it never changes), the history's (:class:`HistoryCode`: each save
        encodes only the steps since the last one) and the state's, which the declared
        fields write directly (:class:`~tablegames.common.fields.Spec`). Keys sort as
        ``engine format game history rng rules rules_hash setup state``. A full save
        holds every hand: it belongs on the server, never on a phone.
        """
        return f"{_save_head(type(self))}{history_json(self)}{self._after_history_json()}"

    def _after_history_json(self) -> str:
        """What follows the history in :meth:`to_json`'s text, to the closing brace (a
        replayed load compares it with the rest of the save it was given: ``_replayed``)."""
        return (f',"rng":{self.rng.state},"rules":{_rules_text(self.rules)},'
                f'"setup":{self._setup_json()},"state":{self._state_json()}}}')

    def _setup_json(self) -> str:
        """The text of the setup, kept while the setup objects are the same ones (a
        state's setup never changes; a copy starts without it)."""
        key = (self.players, self.seed, self.deck, self.extra, self.world)
        kept = self._setup_text
        if kept is not None and all(map(operator.is_, kept[0], key)):
            return kept[1]
        setup: dict[str, Any] = {
            "players": list(self.players),
            "seed": self.seed,
            "deck": None if self.deck is None else list(self.deck),
            "extra": self.extra,
        }
        if self.world:
            setup["world"] = True
        text = dumps(setup)
        self._setup_text = (key, text)
        return text

    @classmethod
    def from_json(cls, text: str | bytes, *, verify: bool = False) -> Self:
        """Load a state saved by :meth:`to_json`; any defect raises :class:`StateError`.

        With ``verify=True`` the save's own history is replayed from its setup and the
        result must be identical to the saved state, so a save whose hands, stock or rng
        were edited is refused (this costs a replay: see the README for figures).
        """
        if _SEEN:
            replayed = _replayed(cls, text)
            if replayed is not None:
                if verify:
                    replayed._verify()
                return replayed
        parts = _canonical_parts(cls, text)
        if parts is None:
            r, known, room = Reader(loads(text)), None, None
        else:
            r, known, room = Reader(parts[0]), parts[1], parts[2]
        try:
            obj = cls._read(r, known, room)
        except StateError:
            raise
        except (TablegamesError, KeyError, IndexError, TypeError, AttributeError, ValueError) as exc:
            raise StateError(f"saved state is inconsistent: {type(exc).__name__}") from None
        except RecursionError:
            raise StateError("saved state is nested too deeply") from None
        if verify:
            obj._verify()
        return obj

    def _verify(self) -> None:
        if self.world:
            raise StateError("a sampled world cannot be verified: it has no real history")
        again = type(self)._start(self.players, self.seed, self.rules, self.deck, self.extra)
        try:
            for a in self.history:
                again.apply(a)
        except TablegamesError as exc:
            raise StateError(f"the save's history cannot be replayed: {exc}") from None
        if again.to_json() != self.to_json():
            raise StateError("the save contradicts its own history (tampered with?)")

    @classmethod
    def _read(cls, r: Reader, known: _KnownRules | None = None,
              room: _Room | None = None) -> Self:
        """The state a parsed save holds (``known``: its rules, already recognised by
        :func:`_canonical_parts`; ``room``: where a canonical save's history is
        remembered once it has loaded, see :class:`_SeenHistory`)."""
        d = r._dict()
        fmt = _int_at(r, d, "format")
        # 1: before the declared fields; 2: declared fields, history as a list of
        # notation; 3: the compact history of :func:`encode_history`; 4: as 3, with the
        # fields of ``RENAMED`` under their new names. All four load.
        if fmt not in (1, 2, 3, FORMAT_VERSION):
            raise StateError(
                f"saved state has format {fmt}; this version reads 1 to {FORMAT_VERSION}"
            )
        game = d.get("game")
        if type(game) is not str:
            game = r["game"].str()
        if game != cls.GAME:
            raise StateError(f"saved state is a {game!r} game, not {cls.GAME!r}")
        if fmt >= 2:
            engine = _int_at(r, d, "engine", 1)
            if engine > cls.ENGINE:
                raise StateError(
                    f"saved by a newer {cls.GAME} engine ({engine}); this one is {cls.ENGINE}"
                )
        if known is None:
            rules, rules_key = _read_rules(cls, r)
        else:
            rules, rules_key = known[1], known[2]
            _check_rules_hash(r, known[3])
        hv = d.get("history")
        same = hv.setup if type(hv) is _SeenHistory else None
        deck: Sequence[str] | None
        players: tuple[str, ...]
        extra: dict[str, Any]
        if same is not None and rules_key and same[0] == rules_key:
            # the very setup text of this room's last save, read and checked then under
            # the same rules (see _canonical_parts)
            players, seed, deck, extra, world = same[1:]
        else:
            setup = r["setup"]
            sd = setup._dict()
            if not sd.keys() <= _SETUP_KEYS:
                bad = sorted(set(sd) - _SETUP_KEYS)
                raise StateError(f"$.setup: unknown key {bad[0]!r}")
            pnames = sd.get("players")
            if type(pnames) is not list or len(pnames) > cls.MAX_PLAYERS:
                raise setup["players"].fail(f"expected a list of at most {cls.MAX_PLAYERS} names")
            if not _ONLY_STR.issuperset(map(type, pnames)):
                setup["players"].strs()
            players = tuple(pnames)
            seed = sd.get("seed")
            if type(seed) is not str and type(seed) is not int:
                seed = setup["seed"].int()  # names the defect
            deck_v = sd.get("deck", _ABSENT)
            if deck_v is None:
                deck = None
            elif type(deck_v) is list and _ONLY_STR.issuperset(map(type, deck_v)):
                deck = list(deck_v)
            else:
                deck = setup["deck"].strs()
            extra = sd["extra"] if type(sd.get("extra")) is dict else setup["extra"]._dict()
            world = "world" in sd and setup["world"].bool()
            # the setup's checks are a pure function of these values: done once per setup
            key = (cls, players, seed, rules_key, None if deck is None else tuple(deck),
                   pickle.dumps(extra, 5) if extra else b"")
            if not rules_key or key not in _SETUPS_OK:
                try:
                    normalize_players(pnames, cls.MIN_PLAYERS, cls.MAX_PLAYERS, cls.GAME)
                    check_seed(seed)
                    cls._check_setup_keys(extra)
                    if "position" not in extra:  # a position is checked when it is read
                        cls._validate_setup(players, seed, rules, deck, extra)
                except SetupError as exc:
                    raise StateError(f"$.setup: {exc}") from None
                if rules_key:
                    if len(_SETUPS_OK) >= _LOAD_CACHE:
                        _SETUPS_OK.clear()
                    _SETUPS_OK[key] = None
        rng = d.get("rng")
        if type(rng) is not int or not 0 <= rng <= _U64:
            rng = r["rng"].int(0, _U64)  # names the defect
        hr = r["history"]
        seen = hr.value
        names: Sequence[str]
        if type(seen) is _SeenHistory:  # read by _history_after: it extends one seen before
            names, hist, width, canonical = seen.names, seen.steps, seen.width, True
        else:
            if fmt < 3:
                raw = hr.raw()
                if type(raw) is not list:
                    raise hr.fail("expected a list of actions")
                for i, text in enumerate(raw):
                    if type(text) is not str:
                        raise Reader(text, f"$.history[{i}]").fail(f"expected a string, found {text!r}")
                index: dict[str, int] = {}
                codes: Sequence[int] = [index.setdefault(t, len(index)) for t in raw]
                names = list(index)
                where = _step_path(raw, names)
            else:
                names, codes, width = decode_history(hr)
                where = _action_path
            acts, canonical = _actions_of(cls, names, where)
            hist = tuple(map(acts.__getitem__, codes)) if fmt < 3 else history_steps(acts, codes, width)
            seen = None
            if room is not None and room[1] is not None and canonical and fmt >= 3:
                seen = _first_seen(room[1], names, acts, hist, hr.value["order"], width)
        saved_rng = Rng.__new__(Rng)
        saved_rng.state = rng
        deck_t = None if deck is None else tuple(deck)
        obj = cls.__new__(cls)
        obj._set_common(players, seed, rules, deck_t, fresh(extra), saved_rng, History(hist),
                        world)
        if seen is not None:
            obj._hcode = HistoryCode.seeded(obj.history, hist, names, seen.order, width,
                                            seen.head[_ACTIONS_HEAD:] if seen.plain else None)
        elif fmt >= 3 and canonical:
            obj._hcode = HistoryCode.seeded(obj.history, hist, names, hr.value["order"], width)
        state_r = r["state"]
        if fmt == 1:
            raw_state = state_r.raw()
            if type(raw_state) is not dict:
                raise state_r.fail("expected an object")
            state_r = Reader(cls._upgrade_v1(dict(raw_state)), "$.state")
        if fmt < 4 and cls.RENAMED:
            state_r = Reader(_renamed(state_r, cls.RENAMED), "$.state")
        obj._load(state_r)
        if seen is not None and room is not None:
            seen.setup = (rules_key, players, seed, deck_t, extra, world)
            seen.last = obj.copy()
            _remember(room[0], seen)
        return obj

    @classmethod
    def _upgrade_v1(cls, state: dict[str, Any]) -> dict[str, Any]:
        """Turn a format-1 ``state`` object into today's field names (games override)."""
        return state

    # -- positions ------------------------------------------------------------------
    def to_position(self) -> str:
        """This situation as position text (see :mod:`tablegames.common.position`).

        The text names every card where it lies, so like a save it holds every hand: it
        is for tests, docs, rulings and a referee, not for a phone.
        """
        w = PositionWriter()
        w.put("game", self.GAME)
        for i, name in enumerate(self.players):
            w.put(f"player {i}", name)
        base = rules_to_dict(self.RULES())
        diff = {k: v for k, v in rules_to_dict(self.rules).items() if base.get(k) != v}
        w.put("rules", dumps(diff) if diff else "standard")
        w.put("rng", self.rng.state)
        w.put("stage", self.STAGES[self.stage])
        self._position(w)
        return w.text()

    def _position(self, w: PositionWriter) -> None:
        """Write the game's own lines (every field a view or legal list depends on)."""
        raise NotImplementedError(f"{self.GAME} has no position text")

    def _from_position(self, r: PositionReader) -> None:
        """Set the game's own fields from ``r`` (the shared ones and ``stage`` are set)."""
        raise NotImplementedError(f"{self.GAME} has no position text")

    @classmethod
    def from_position(cls, text: str, rules: Any = None) -> Self:
        """A state set up from position text; ``rules`` (if given) replaces its rules line.

        Bad text raises :class:`PositionError` naming the line; an impossible position
        (a card twice, a wrong count) is refused. The state records the position as its
        setup, so ``record()``, ``replay`` and ``log`` work from there.
        """
        r = PositionReader(text)
        game = r.str("game")
        if game != cls.GAME:
            raise r.fail("game", f"this is a {game!r} position, not {cls.GAME!r}")
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
                    rules = coerce_rules(cls.RULES, loads(line, max_text=100_000))
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
            obj._check_loaded()
        except PositionError:
            raise
        except (StateError, SetupError, NotationError, RulesError) as exc:
            raise PositionError(f"impossible position: {exc}") from None
        obj.extra = {"position": obj.to_position()}
        return obj

    def __str__(self) -> str:
        who = "game over" if self.to_act is None else f"{self.players[self.to_act]} to act"
        return f"<{self.GAME}: {self.n} players, {len(self.history)} actions, {who}>"

    __repr__ = __str__


_ABSENT: Any = object()


def _renamed(state_r: Reader, renamed: Mapping[str, str]) -> dict[str, Any]:
    """A format-1..3 ``state`` object with its keys renamed to today's field names
    (``BaseState.RENAMED``); a save that holds both an old and a new name is refused."""
    raw = state_r.raw()
    if type(raw) is not dict:
        raise state_r.fail("expected an object")
    out: dict[str, Any] = {}
    for key, value in raw.items():
        new = renamed.get(key, key)
        if new in out or (new != key and new in raw):
            raise state_r.fail(f"holds both {key!r} and {new!r}")
        out[new] = value
    return out
#: A game's state class (what :func:`_replayed` gives back is the caller's class).
S = TypeVar("S", bound=BaseState)
_ONLY_STR = frozenset({str})
_U64 = (1 << 64) - 1


def _actions_of(cls: type[BaseState], names: Sequence[str], where: Callable[[int], str],
                ) -> tuple[list[Action], bool]:
    """The action each saved notation names (through :data:`_PARSE_CACHE`), and whether
    every one is spelled as this engine writes it (``where(j)``: the path of the ``j``-th,
    for an error). Only a canonical history is remembered as it is."""
    cache = _PARSE_CACHE.get(cls.GAME)
    if cache is None:
        cache = _PARSE_CACHE.setdefault(cls.GAME, {})
    # every notation seen before is in the cache (one C loop finds a miss); the others
    # are parsed here
    found: list[Action | None] = list(map(cache.get, names))
    canonical = True
    if any(map(operator.is_, found, repeat(None))):
        for j, text in enumerate(names):
            if found[j] is not None:
                continue
            item = Reader(text, where(j))
            if len(text) > MAX_NOTATION:
                raise item.fail(f"an action is at most {MAX_NOTATION} characters")
            try:
                action = cls.parse_action(text)
            except NotationError as exc:
                raise item.fail(str(exc)) from None
            if str(action) != text:  # it reads, but is not how we write it
                canonical = False
            elif len(text) <= _CACHE_TEXT:
                if len(cache) >= _CACHE_SIZE:
                    cache.clear()
                cache[text] = action
            found[j] = action
    return cast(list[Action], found), canonical


def _action_path(j: int) -> str:
    """The path of the ``j``-th listed notation of a compact history."""
    return f"$.history.actions[{j}]"


def _step_path(raw: list[str], names: Sequence[str]) -> Callable[[int], str]:
    """The path of a format-2 history's first step spelling ``names[j]``."""
    return lambda j: f"$.history[{raw.index(names[j])}]"


_SETUP_KEYS = frozenset({"players", "seed", "deck", "extra", "world"})
#: Saved rules already read: (class, the pickle of their parsed value) -> (rules, the
#: hashes a save of them may carry). Bounded like the other load caches.
_RULES_READ: dict[tuple[type, bytes], tuple[Any, frozenset[str]]] = {}
#: Setups already found valid, so loading the saves of one game again does not check
#: its setup again (the checks and ``_validate_setup`` are pure functions of the key:
#: class, players, seed, rules text, deck, setup extras).
_SETUPS_OK: dict[tuple[Any, ...], None] = {}
_LOAD_CACHE = 256


#: ``id(rules) -> (rules, text)``: the rules' JSON and hash as a save writes them, for
#: the rules objects in use (holding the object keeps its id from being reused).
_RULES_TEXT: dict[int, tuple[Any, str]] = {}


def _rules_text(rules: Any) -> str:
    """``<rules JSON>,"rules_hash":"<hash>"``, remembered per rules object (they are frozen)."""
    hit = _RULES_TEXT.get(id(rules))
    if hit is not None and hit[0] is rules:
        return hit[1]
    text = f'{rules_json(rules)},"rules_hash":"{rules_hash(rules)}"'
    if len(_RULES_TEXT) >= _LOAD_CACHE:
        _RULES_TEXT.clear()
    _RULES_TEXT[id(rules)] = (rules, text)
    return text


#: A rules text seen in a canonical save: (its parsed value, the rules, their load key,
#: the hashes a save of them may carry). See :func:`_canonical_parts`.
_KnownRules = tuple[dict[str, Any], Any, bytes, frozenset[str]]
#: Rules texts of canonical saves, per class, filled and emptied with ``_RULES_READ``.
_RULES_TEXTS: dict[tuple[type, str], _KnownRules] = {}
_RULES_END = ',"rules_hash":'


def _canonical_parts(cls: type[BaseState], text: object,
                     ) -> tuple[dict[str, Any], _KnownRules | None, _Room] | None:
    """The top-level object of a save in this engine's canonical layout, parsed value by
    value, with its rules recognised by their text when a save of them was read before;
    ``None`` when the text is anything else (:func:`loads` then reads it and names any
    defect).

    What it accepts, :func:`loads` and the checks after it accept too, with the same
    values: the fixed start (engine, format and game as this engine writes them) and
    every key and separator are matched literally, in the one order
    :meth:`BaseState.to_json` writes; each value is read by the same decoder at its
    offset; nothing may follow the closing brace but JSON's whitespace. A remembered
    rules text is a complete JSON object, and a JSON value ends where its text does, so
    the rules found there are exactly the remembered ones. The nesting limit is checked
    on the values kept as they are (setup, state, rules not recognised); the history is
    not kept as it is: :func:`decode_history` accepts only its one flat shape. The rules
    are usually the largest part of a small save that every save of a room repeats.
    """
    if type(text) is not str or len(text) > MAX_TEXT:
        return None
    head = _save_head(cls)
    if not text.startswith(head):
        return None
    scan = _SCAN
    at = len(head)
    try:
        got = None
        guess, seen = _seen_of(cls, text)
        if seen is not None:
            got = _history_after(cls, seen, text, at)
        history, i = got if got is not None else scan(text, at)
        history_end = i
        if not text.startswith(',"rng":', i):
            return None
        rng, i = scan(text, i + 7)
        if not text.startswith(',"rules":', i):
            return None
        i += 9
        end = text.find(_RULES_END, i)
        known = _RULES_TEXTS.get((cls, text[i:end])) if end > 0 else None
        if known is not None:
            rules, rules_at = known[0], i
        else:
            rules, end = scan(text, i)
            rules_at = end  # the rules are kept as read: checked below with the rest
        if not text.startswith(_RULES_END, end):
            return None
        rules_hash_, i = scan(text, end + len(_RULES_END))
        if not text.startswith(',"setup":', i):
            return None
        setup_at = i + 9
        setup, i = scan(text, setup_at)
        setup_text = text[setup_at:i]
        if got is not None and seen is not None and guess == setup_text:
            # the remembered save had this very setup text (not only a text found where
            # the setup was guessed to be): its setup as read then holds for this one
            history.setup = seen.setup
        if not text.startswith(',"state":', i):
            return None
        state, i = scan(text, i + 9)
    except (StopIteration, ValueError, RecursionError, StateError):
        return None  # loads names the defect
    if not text.startswith("}", i) or text[i + 1:].strip(" \t\n\r"):  # JSON's whitespace
        return None
    # everything but the history and remembered rules, one level below the top object
    kept = text[history_end:rules_at] + text[end:i]
    if not shallow_text(kept, MAX_DEPTH - 1):
        return None  # loads refuses it
    room: _Room = ((cls, setup_text), None if got else text[at:history_end])
    return {"engine": cls.ENGINE, "format": FORMAT_VERSION, "game": cls.GAME, "history": history,
            "rng": rng, "rules": rules, "rules_hash": rules_hash_, "setup": setup,
            "state": state}, known, room


def _save_head(cls: type[BaseState]) -> str:
    """The text every canonical save of ``cls`` begins with, up to its history value."""
    head: str | None = cls.__dict__.get("_save_head")
    if head is None:
        head = f'{{"engine":{cls.ENGINE},"format":{FORMAT_VERSION},"game":{_json_str(cls.GAME)},"history":'
        cls._save_head = head  # type: ignore[attr-defined]
    return head


def _seen_of(cls: type[BaseState], text: str) -> tuple[str | None, _SeenHistory | None]:
    """The text where a save's setup is guessed to be, and the history seen last with
    that setup. A guess: ``,"setup":`` could also stand inside a string, but a wrong
    guess only misses, as whatever uses the entry compares every byte it relies on."""
    if not _SEEN:
        return None, None
    s = text.rfind(',"setup":')
    e = text.find(',"state":', s) if s > 0 else -1
    if e < 0:
        return None, None
    guess = text[s + 9:e]
    return guess, _SEEN.get((cls, guess))


#: The decoder's C scanner: one value at an offset, ``(value, end)`` (``StopIteration``: none).
_SCAN: Callable[[str, int], tuple[Any, int]] = _DECODER.scan_once  # type: ignore[attr-defined]


def _int_at(r: Reader, d: dict[str, Any], key: str, lo: int | None = None) -> int:
    """``d[key]`` if it is an int (not a bool) of at least ``lo``; else the reader's error."""
    v = d.get(key)
    if type(v) is int and (lo is None or v >= lo):
        return v
    return r[key].int(lo)


def _read_rules(cls: type[BaseState], r: Reader) -> tuple[Any, bytes]:
    """The saved rules (structured once per distinct value) and a key naming that value.

    The hash guards the rules as they were saved: a save made before an option was added
    (so its rules lack it and take its default) still matches its own text. The key is
    the value's pickle: exact about types, as JSON equality is not (``True == 1``), and
    several times cheaper than writing the canonical JSON of a large rules table.
    """
    raw = r["rules"].raw()
    key = (cls, pickle.dumps(raw, 5)) if type(raw) is dict else None
    hit = None if key is None else _RULES_READ.get(key)
    if hit is None:
        try:
            rules = rules_from_dict_cached(cls.RULES, raw)
        except RulesError as exc:
            raise StateError(f"$.rules: {exc}") from None
        hit = (rules, frozenset({rules_hash(rules), _text_hash(raw)}))
        if key is not None:
            if len(_RULES_READ) >= _LOAD_CACHE:
                _RULES_READ.clear()
                _RULES_TEXTS.clear()
            _RULES_READ[key] = hit
            # and by their canonical text, so the next canonical save of the same rules
            # is recognised by a dictionary look-up instead of parsed
            _RULES_TEXTS[cls, dumps(raw)] = (raw, rules, key[1], hit[1])
    _check_rules_hash(r, hit[1])
    return hit[0], b"" if key is None else key[1]


def _check_rules_hash(r: Reader, hashes: frozenset[str]) -> None:
    """Refuse a save whose ``rules_hash`` is not one its rules may carry (both ways of
    reading the rules, recognised by their text or not, end here)."""
    saved = r.value.get("rules_hash")
    if type(saved) is not str:
        saved = r["rules_hash"].str()
    if saved not in hashes:
        raise StateError("$.rules_hash does not match the rules (tampered or from other rules)")


#: The 64 characters of a history's ``order`` string (each names an entry of ``actions``).
_DIGITS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-_"
_PAIRS = [a + b for a in _DIGITS for b in _DIGITS]
#: ``bytes.translate`` table: a value below 64 to its digit's byte.
_DIGIT_OF = bytes(_DIGITS, "ascii") + bytes(192)
#: ``bytes.translate`` table: a digit's byte to its value, every other byte to 255.
_VALUE = bytes(_DIGITS.find(chr(b)) if chr(b) in _DIGITS else 255 for b in range(256))
#: Two digit values read as one native 16-bit number (``memoryview.cast("H")``) to the
#: code they spell, so a width-2 order decodes without a Python step per action.
_U16: list[int] = [-1] * 65536
for _hi in range(64):
    for _lo in range(64):
        _U16[int.from_bytes(bytes((_hi, _lo)), sys.byteorder)] = _hi * 64 + _lo
del _hi, _lo
_json_str = json.encoder.encode_basestring_ascii  # what ``dumps`` writes for a string


def _width(distinct: int) -> int:
    """Base-64 digits per step for a history of ``distinct`` different actions."""
    return 1 if distinct <= 64 else 2 if distinct <= 4096 else 3


def _spell(codes: Sequence[int], width: int) -> str:
    """The ``order`` text of ``codes`` (through bytes: one C loop per step)."""
    if width == 1:
        return bytes(codes).translate(_DIGIT_OF).decode("ascii")
    if width == 2:
        slots = array.array("H", map(_SLOT2.__getitem__, codes))  # first * 256 + second
        if sys.byteorder == "little":
            slots.byteswap()
        return slots.tobytes().translate(_DIGIT_OF).decode("ascii")
    return "".join([_PAIRS[i >> 6] + _DIGITS[i & 63] for i in codes])


class HistoryCode:
    """The compact encoding of one history, extended as the history grows.

    Saving after every action (what a server does) would otherwise write out every step
    again: ``str()`` and a dict look-up per step, thousands of them in a Phase 10 game.
    A state keeps one of these in ``_hcode``; it belongs to one history object
    (``owner``, a :class:`~tablegames.common.history.History`) and covers its first
    ``k`` actions, so it is used only while ``state.history`` is still that object, at
    least ``k`` long, with the same action at ``k - 1`` (histories only grow: ``apply``
    appends). ``copy`` shares it with the copy and sets ``owner``
    to ``None``: from then on it covers a prefix of both histories and neither extends
    it in place (:meth:`fork`). Built from the actions alone, its text is exactly
    :func:`encode_history`'s, so saves stay byte-identical.
    """

    __slots__ = ("atext", "index", "k", "last", "names", "order", "owner", "text", "width")

    def __init__(self, owner: Sequence[Action]) -> None:
        self.owner: Sequence[Action] | None = owner
        self.k = 0
        self.last: Action | None = None
        #: The distinct notations in order of first use (replaced as it grows, never
        #: edited: a loaded state's is the remembered one, see ``_SeenHistory``).
        self.names: Sequence[str] = []
        #: Notation to code; ``None`` until needed (a loaded save fills it lazily).
        self.index: dict[str, int] | None = {}
        #: The JSON of ``names`` without brackets; ``None`` until needed.
        self.atext: str | None = ""
        self.order = ""
        self.width = 1
        self.text: str | None = None

    @classmethod
    def seeded(cls, owner: Sequence[Action], steps: Sequence[Action], names: Sequence[str],
               order: str, width: int, atext: str | None = None) -> HistoryCode:
        """The encoding a canonical save already spells (``names`` are ``str()`` of the
        steps; ``owner`` is the history made of ``steps``; ``atext``, if known, the JSON of
        ``names`` without brackets)."""
        c: HistoryCode = object.__new__(cls)  # every slot set here, once
        c.owner = owner
        c.k = len(steps)
        c.last = steps[-1] if steps else None
        c.names = names
        c.index = c.text = None
        c.atext = atext
        c.order = order
        c.width = width
        return c

    def fits(self, history: Sequence[Action]) -> bool:
        """Whether this encoding covers a prefix of ``history`` (see the class docstring)."""
        k = self.k
        return ((self.owner is history or self.owner is None) and k <= len(history)
                and (not k or history[k - 1] is self.last))

    def fork(self, owner: Sequence[Action]) -> HistoryCode:
        """A copy that ``owner`` may extend (this one is shared, so it stays as it is)."""
        c = HistoryCode(owner)
        c.k, c.last, c.order, c.width, c.text = self.k, self.last, self.order, self.width, self.text
        c.names = self.names
        c.index = None if self.index is None else dict(self.index)
        c.atext = self.atext
        return c

    def json(self, history: Sequence[Action]) -> str:
        """The JSON text of ``{"actions", "order", "width"}`` for ``history`` (which it fits)."""
        if len(history) != self.k:
            self._extend(history)
        text = self.text
        if text is None:
            if self.atext is None:
                self.atext = ",".join(map(_json_str, self.names))
            text = self.text = (f'{{"actions":[{self.atext}],"order":"{self.order}",'
                                f'"width":{self.width}}}')
        return text

    def _extend(self, history: Sequence[Action]) -> None:
        index = self.index
        if index is None:
            index = self.index = dict(zip(self.names, range(len(self.names)), strict=True))
        if self.atext is None:
            self.atext = ",".join(map(_json_str, self.names))
        names = self.names
        start = len(names)
        added = history[self.k:]
        # the notation each action remembers (``Action._text``), read in C; an action
        # not written yet (or a step that is not an ``Action``) goes through ``str``
        texts: list[str]
        try:
            texts = list(map(_TEXT_OF, added))
        except AttributeError:
            texts = []
        if len(texts) != len(added) or None in texts:
            texts = list(map(str, added))
        # new notations, numbered in order of first use
        fresh = [t for t in dict.fromkeys(texts) if t not in index] if index else list(
            dict.fromkeys(texts))
        if fresh:
            index.update(zip(fresh, range(start, start + len(fresh)), strict=True))
            names = self.names = [*names, *fresh]  # replaced, never extended: it may be shared
            new = dumps(fresh)[1:-1]  # one encoder call for all of them
            self.atext = f"{self.atext},{new}" if start else new
        codes = list(map(index.__getitem__, texts))
        width = _width(len(names))
        steps = codes
        if width != self.width:  # past 64 (or 4096) actions: spell everything again
            steps = _codes(self.order, self.width) + steps
            self.order = ""
            self.width = width
        self.order += _spell(steps, width)
        self.k = len(history)
        self.last = history[-1]
        self.text = None


_TEXT_OF = operator.attrgetter("_text")


def _share(code: HistoryCode | None) -> HistoryCode | None:
    """``copy``'s part: the copy and its original now share ``code``, which neither
    extends in place from then on (``owner`` ``None``: whoever saves more steps forks it).
    Both histories begin with the steps it covers, so a copy's first save is cheap too."""
    if code is not None:
        code.owner = None
    return code


def _digit_values(order: str) -> bytes | None:
    """Each character's value as a base-64 digit, or ``None`` if one is not a digit."""
    if not order.isascii():
        return None
    vals = order.encode("ascii").translate(_VALUE)
    return None if 255 in vals else vals


def _codes(order: str, width: int) -> list[int]:
    """The codes an ``order`` string spells (it was written by :func:`_spell`)."""
    return _codes_of(order.encode("ascii").translate(_VALUE), width)


def _codes_of(v: bytes, width: int) -> list[int]:
    """The codes that the digit values ``v`` spell, ``width`` digits each."""
    if width == 1:
        return list(v)
    if width == 2:
        return list(map(_U16.__getitem__, memoryview(v).cast("H")))
    return [(v[i] << 12) | (v[i + 1] << 6) | v[i + 2] for i in range(0, len(v), 3)]


def history_json(state: BaseState) -> str:
    """The JSON text of ``state``'s history, extending its cached encoding."""
    h = state.history
    c = state._hcode
    if c is not None and c.text is not None and type(h) is History:
        # saved before and nothing applied since (what ``fits`` and ``json`` would find,
        # without their calls): the text as it was
        n = h._sealed + len(h._tail)
        if c.k == n and (c.owner is h or c.owner is None) and (
                not n or (h._tail[-1] if h._tail else h._at(n - 1)) is c.last):
            return c.text
    if c is None or not c.fits(h):
        c = state._hcode = HistoryCode(h)
    elif c.owner is not h and len(h) != c.k:
        c = state._hcode = c.fork(h)
    return c.json(h)


def encode_history(history: Sequence[Action]) -> dict[str, Any]:
    """A history as its distinct actions and one character (or two, or three) per step.

    A long game repeats a few hundred notations thousands of times, so a save lists each
    once (``actions``, in order of first use) and ``order`` spells the sequence with
    ``width`` base-64 digits per action: a 6,000-step Phase 10 game saves its history in
    about 14 KB instead of 75 KB. ``to_json`` writes the same thing through a
    :class:`HistoryCode` kept with the state, so each save encodes only the new steps.
    """
    c = HistoryCode([])
    loaded: dict[str, Any] = json.loads(c.json(list(history)))
    return loaded


def decode_history(r: Reader) -> tuple[list[str], Sequence[int], int]:
    """The distinct notations, a slot per step and the width of an
    :func:`encode_history` value, strictly read (see :func:`history_steps`).

    Every step must name a listed action and the list must hold each action once, in
    order of first use (the only spelling :func:`encode_history` writes, in the fewest
    digits it would use, so the text a save holds is the text it would write again).
    The per-step work is done by ``bytes.translate``, ``array`` and ``dict.fromkeys``,
    not a Python loop: a long Phase 10 save has thousands of steps. A width-2 step is
    read as one 16-bit number, ``first * 256 + second`` (its *slot*), so no per-step
    arithmetic is needed either.
    """
    v = r.value
    if type(v) is not dict or v.keys() != _HISTORY_KEYS:
        raise r.fail("expected {actions, order, width}")
    actions, order, width = v["actions"], v["order"], v["width"]
    if type(actions) is not list or not _ONLY_STR.issuperset(map(type, actions)):
        raise r["actions"].fail("expected a list of strings")
    if type(order) is not str:
        order = r["order"].str()
    if type(width) is not int or not 1 <= width <= 3:
        width = r["width"].int(1, 3)
    k = len(actions)
    if width != _width(k):
        raise r["width"].fail(f"{k} actions are written {_width(k)} digits wide, not {width}")
    if len(order) % width:
        raise r["order"].fail(f"its length is not a multiple of {width}")
    vals = _digit_values(order)
    if vals is None:
        raise r["order"].fail("holds a character that is not a base-64 digit")
    slots: Sequence[int]
    if width == 1:
        slots, expect = vals, _SLOT1[:k]
    elif width == 2:
        wide = array.array("H")
        wide.frombytes(vals)
        if sys.byteorder == "little":
            wide.byteswap()
        slots = wide.tolist()  # the ints made once, for the check and for the steps
        expect = _SLOT2[:k]
    else:
        slots = [(vals[i] << 12) | (vals[i + 1] << 6) | vals[i + 2] for i in range(0, len(vals), 3)]
        expect = list(range(k))
    first = list(dict.fromkeys(slots))
    if first != expect or len(set(actions)) != k:
        if not set(first) <= set(expect):
            raise r["order"].fail("names an action that is not listed")
        raise r["actions"].fail("must list each action once, in order of first use")
    return actions, slots, width


def history_steps(acts: list[Action], slots: Sequence[int], width: int) -> tuple[Action, ...]:
    """The history that :func:`decode_history`'s slots spell, ``acts`` being its actions."""
    if width == 2:
        table: list[Action | None] = [None] * (((len(acts) - 1) >> 6) * 256 + 64)
        for h in range(0, len(acts), 64):  # code h + i is in slot (h >> 6) * 256 + i
            row = acts[h:h + 64]
            table[h * 4:h * 4 + len(row)] = row
        return tuple(map(table.__getitem__, slots))  # type: ignore[arg-type]
    return tuple(map(acts.__getitem__, slots))


class _SeenHistory:
    """The history of the last canonical save of one setup that loaded, as it was read.

    A server that keeps no games in memory loads a room's save on every request, and each
    save repeats the whole history: in a long Phase 10 game most of a load was checking
    and decoding thousands of steps it had read a moment before. The next save of that
    room begins with the same text, so :func:`_history_after` compares those bytes and
    reads only what follows (the new actions and steps), with the same checks as
    :func:`decode_history`. The states loaded from it share its parts, which are never
    edited (``History`` never edits its base; ``acts`` is replaced, not extended); only
    ``setup`` and ``last``, set once the load has succeeded, and
    ``nameset``, which only grows (see there), change after it is made.

    ``head`` is the save's text from ``{"actions":[`` to the end of the last listed
    notation: a list's first items, so any text that begins with it lists ``names``
    first. ``plain``: it is spelled exactly as :meth:`to_json` writes it (then the
    loaded state's first save need not write the notations again). ``acts`` are the
    notations' actions, ``steps`` the decoded history, ``order`` and ``width`` as saved.
    ``last`` is a copy of the state the save loaded to, from which :func:`_replayed`
    plays the room's next save.
    """

    __slots__ = ("_steps", "acts", "head", "last", "n", "names", "nameset", "order", "plain",
                 "setup", "width")

    def __init__(self, head: str, plain: bool, names: tuple[str, ...], acts: Sequence[Action],
                 steps: tuple[Action, ...] | None, order: str, width: int,
                 nameset: set[str] | None = None, n: int = 0) -> None:
        self.head = head
        self.plain = plain
        self.names = names
        self.acts = acts
        self._steps = steps
        #: How many steps the history has.
        self.n = n if steps is None else len(steps)
        self.order = order
        self.width = width
        #: A set holding every one of ``names`` (to refuse a repeat), made when a later
        #: save adds notations and then shared by the entries that extend this one, each
        #: adding its own: so it may also hold notations of other saves of the room. A
        #: notation found there only sends that save to the general reader, which then
        #: judges it; one missing from it is certainly new.
        self.nameset = nameset
        #: That save's setup as read and checked: (rules key, players, seed, deck, extra,
        #: world); set once the load has succeeded. The next save of the room, whose
        #: setup text is the same, takes it as it is (``extra`` is copied for each state).
        self.setup: tuple[Any, ...] | None = None
        #: A copy of the state that save loaded to, set with ``setup``, never played
        #: on: the next save of the room may be this state a few steps on (see
        #: :func:`_replayed`).
        self.last: BaseState | None = None

    @property
    def steps(self) -> tuple[Action, ...]:
        """The decoded history. An entry a replay made leaves it to ``last``'s history
        (the same actions), so the replay needs no tuple of every step."""
        steps = self._steps
        if steps is None:
            assert self.last is not None  # an entry without steps has a state
            steps = self._steps = tuple(self.last.history)
        return steps


#: The room key of a save (class, setup text) and, when its history was read whole, that
#: history's text (see :func:`_first_seen`).
_Room = tuple[tuple[type, str], str | None]


def _plain(text: str, names: Sequence[str]) -> bool:
    """Whether ``text`` lists ``names`` exactly as ``dumps`` would (``"a","b"``): true
    when it is their plain quoted join and holds no escape (then no name needed one)."""
    if not names:
        return text == ""
    return text.isascii() and "\\" not in text and text == '"' + '","'.join(names) + '"'


def _first_seen(value: str, names: Sequence[str], acts: list[Action], steps: tuple[Action, ...],
                order: str, width: int) -> _SeenHistory | None:
    """The :class:`_SeenHistory` of a history value read whole (``value``, its text, which
    :func:`decode_history` accepted), or ``None`` when its layout is not the one
    :meth:`to_json` writes around the notations.

    The value must be ``{"actions":[`` X ``],"order":"`` order ``","width":`` width
    ``}`` with no ``]`` in X. A string cannot end inside X (what follows is not a
    string's end), and with no ``]`` the list cannot close before X ends, so X is the
    whole list: ``{"actions":[`` X is a ``head`` that lists ``names``.
    """
    tail = f'],"order":"{order}{_WIDTH_TAIL[width]}'
    if not value.startswith('{"actions":[') or not value.endswith(tail):
        return None
    head = value[:len(value) - len(tail)]
    if head.find("]", _ACTIONS_HEAD) >= 0:
        return None
    return _SeenHistory(head, _plain(head[_ACTIONS_HEAD:], names), tuple(names), acts,
                        steps, order, width)


#: ``{"actions":[``, the start of every ``head``.
_ACTIONS_HEAD = len('{"actions":[')
#: (class, setup text) -> :class:`_SeenHistory`. At most :data:`_SEEN_ROOMS` setups, each
#: of at most :data:`_SEEN_STEPS` steps (a pointer each, plus two digits of text at most)
#: and one state (a few kilobytes of fields; its history shares the entry's steps), so
#: what it holds stays under about 20 MB for real games; the setup loaded least recently
#: goes first (see :func:`_remember`).
_SEEN: dict[tuple[type, str], _SeenHistory] = {}
_SEEN_ROOMS = 64
_SEEN_STEPS = 20_000
_SEEN_LOCK = threading.Lock()


def forget_loaded_saves() -> None:
    """Forget the histories remembered from the saves ``from_json`` loaded, so each
    room's next save is read whole. What is remembered is bounded anyway (see
    :data:`_SEEN`); this is for a server that closes its rooms and wants the memory
    back at once, and for timing a room's first load."""
    with _SEEN_LOCK:
        _SEEN.clear()


def _remember(key: tuple[type, str], seen: _SeenHistory) -> None:
    """Keep ``seen`` as the history last loaded for this setup (its older one goes).

    When :data:`_SEEN_ROOMS` setups are kept, the one loaded least recently goes (a
    dict keeps the order of insertion, and each setup is inserted anew when it loads):
    a server with more rooms than that keeps its busiest ones. Changes are made under
    a lock, so loads in several threads cannot evict the same room twice; a look-up
    needs none (it reads one entry, and entries are complete when they are put in)."""
    with _SEEN_LOCK:
        _SEEN.pop(key, None)
        if seen.n > _SEEN_STEPS:
            return
        if len(_SEEN) >= _SEEN_ROOMS:
            del _SEEN[next(iter(_SEEN))]
        _SEEN[key] = seen


def _history_after(cls: type[BaseState], seen: _SeenHistory, text: str, at: int,
                   ) -> tuple[_SeenHistory, int] | None:
    """The history value at ``text[at:]`` and where it ends, when it is ``seen``'s text
    with actions and steps added in the one layout :meth:`to_json` writes; otherwise
    ``None`` (the whole value is then read and checked as usual). See :func:`_added`."""
    got = _added(cls, seen, text, at)
    if got is None:
        return None
    head, plain, names, acts, nameset, order, codes, end = got
    steps = seen.steps + tuple(map(acts.__getitem__, codes)) if codes else seen.steps
    return _SeenHistory(head, plain, names, acts, steps, order, seen.width, nameset), end


#: What :func:`_added` reads: the new entry's head, plain, names, acts, nameset and
#: order, the new steps' codes, and where the history value ends.
_Added = tuple[str, bool, tuple[str, ...], Sequence[Action], "set[str] | None", str, list[int], int]


def _added(cls: type[BaseState], seen: _SeenHistory, text: str, at: int) -> _Added | None:
    """What a history value at ``text[at:]`` adds to ``seen``'s, when it is ``seen``'s
    text with actions and steps added in the one layout :meth:`to_json` writes.

    What it accepts :func:`decode_history` accepts with the same values: the listed
    notations begin with ``seen``'s, byte for byte, and the new ones are distinct
    strings not listed before; the order begins with ``seen``'s and the new steps are
    base-64 digits of the same width (the one ``_width`` gives for all the notations),
    each naming a listed action, new ones in order of first use. Any doubt (a new
    notation that does not read or is spelled otherwise, a bad digit) returns ``None``,
    so the general reader names the defect.
    """
    head = seen.head
    if not text.startswith(head, at):
        return None
    i = at + len(head)
    names = seen.names
    new: list[str] = []
    if not text.startswith("]", i):
        if names:
            if not text.startswith(",", i):
                return None
            i += 1
        while True:
            if not text.startswith('"', i):
                return None
            name, i = _SCAN(text, i)
            new.append(name)
            if not text.startswith(",", i):
                break
            i += 1
        if not text.startswith("]", i):
            return None
    end_names = i
    if not text.startswith('],"order":"', i):
        return None
    i += 11
    order = seen.order
    if not text.startswith(order, i):
        return None
    i += len(order)
    j = text.find('"', i)
    if j < 0:
        return None
    rest = text[i:j]
    width = seen.width
    k_old = len(names)
    k = k_old + len(new)
    tail = _WIDTH_TAIL[width]
    if _width(k) != width or len(rest) % width or not text.startswith(tail, j):
        return None
    vals = _digit_values(rest)
    if vals is None:
        return None
    codes = _codes_of(vals, width)
    acts = seen.acts
    nameset = seen.nameset
    if new:
        if [c for c in dict.fromkeys(codes) if c >= k_old] != list(range(k_old, k)):
            return None
        if nameset is None or len(nameset) > 2 * k_old + 64:  # (bounded, see above)
            nameset = set(names)
        if len(set(new)) != len(new) or not nameset.isdisjoint(new):
            return None
        try:
            found, canonical = _actions_of(cls, new, _action_path)
        except StateError:
            return None
        if not canonical:
            return None
        acts = [*acts, *found]
        nameset.update(new)
        added = text[at + len(head) + bool(names):end_names]
        plain = seen.plain and _plain(added, new)
        head = text[at:end_names]
        names += tuple(new)
    elif codes and max(codes) >= k_old:
        return None
    else:
        plain = seen.plain
    return head, plain, names, acts, nameset, order + rest, codes, j + len(tail)


#: At most this many new steps are replayed by :func:`_replayed` (past a few steps a
#: save is read whole more cheaply).
_REPLAY_STEPS = 8


def _replayed(cls: type[S], text: object) -> S | None:
    """The state a room's next save holds, made by replaying the steps it adds to the
    save loaded last with its setup (:attr:`_SeenHistory.last`), or ``None``.

    The replayed state is accepted only when its own save is ``text``, byte for byte.
    It was reached from a state that loaded by legal actions, each validated by
    :meth:`BaseState.apply`, so the general reader accepts its save and loads it to an
    equal state (saves always reload, and a state is its declared fields): accepting it
    is accepting what the general reader would, without reading the state's fields and
    checking their invariants again. Anything else (a step refused, one text differing
    anywhere, more than :data:`_REPLAY_STEPS` new steps) returns ``None``, and the save
    is read whole, so nothing that was refused or accepted changes. The remembered state
    is never played on: each load plays a copy.
    """
    if type(text) is not str or len(text) > MAX_TEXT:
        return None
    head = _save_head(cls)
    _, seen = _seen_of(cls, text)
    if seen is None or seen.last is None or not text.startswith(head):
        return None
    got = _added(cls, seen, text, len(head))
    if got is None:
        return None
    names_head, plain, names, acts, nameset, order, codes, at = got
    if len(codes) > _REPLAY_STEPS or not plain:
        return None  # (not plain: ``dumps`` writes ASCII without escapes, see below)
    state = cast(S, _twin(seen.last))  # an entry's key names its class
    try:
        for code in codes:
            state.apply(acts[code])
    except (TablegamesError, KeyError, IndexError, TypeError, ValueError, AttributeError):
        return None  # the general reader names the defect
    # The state's save is compared with what follows the history in ``text``. The
    # history is not written again: ``_added`` found it to be the encoding of these
    # steps in the layout ``to_json`` writes and, being ``plain``, spelled as it spells
    # the notations, so the state's encoding is seeded from it (as a save read whole
    # seeds it).
    history = state.history
    state._hcode = HistoryCode.seeded(history, history, names, order, seen.width,
                                      names_head[_ACTIONS_HEAD:])
    rest = state._after_history_json()
    if len(text) - at != len(rest) or not text.startswith(rest, at):
        return None
    state._events = []
    after = _SeenHistory(names_head, plain, names, acts, None, order, seen.width, nameset,
                         seen.n + len(codes))
    after.setup = seen.setup
    after.last = _twin(state)
    _remember((cls, state._setup_json()), after)
    return state


def _twin(state: S) -> S:
    """A copy of ``state`` that keeps the texts it last saved, of its fields and of its
    setup (``copy`` drops both): a replayed load plays it on and saves it, and most of
    its fields are still ``state``'s own objects, so their texts hold."""
    twin = state.copy()
    if state._jtext is not None:
        twin._jtext = state._jtext.copy()
    twin._setup_text = state._setup_text
    return twin


#: What follows the order string of a history of each width.
_WIDTH_TAIL = {w: f'","width":{w}}}' for w in (1, 2, 3)}


_SLOT1 = list(range(64))
_SLOT2 = [(i >> 6) * 256 + (i & 63) for i in range(4096)]
_HISTORY_KEYS = frozenset({"actions", "order", "width"})


def _text_hash(raw: Any) -> str:
    import hashlib
    import json

    text = json.dumps(raw, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def _library_version() -> str:
    from tablegames import __version__

    return __version__
