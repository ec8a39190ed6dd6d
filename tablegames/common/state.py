"""The state base every game shares: setup, the protocol's shared verbs, the view envelope.

A game subclasses :class:`BaseState`, declares its fields (:mod:`tablegames.common.fields`)
and writes only what is its own: ``_legal``, ``_apply`` (validate fully, *then* mutate),
``_view``, ``outcome``, ``sample_world`` and ``_check_loaded`` for the invariants its
declarations cannot state. ``copy``, saves and, if the game wants, position text come
from the declarations. What must behave the same in every game (refusing actions after
the end, accepting notation strings in ``apply``, the view's envelope) lives here once;
the save envelope is :mod:`tablegames.common.saves`, the history codec
:mod:`tablegames.common.history_codec`.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import Any, ClassVar, Self

from tablegames.common import chance as _chance
from tablegames.common.actions import Action, Event, FrozenDict, fresh
from tablegames.common.compiler import on_first_call
from tablegames.common.declared import Conserve, Layout, Own, check_declared, read_fields, write_fields
from tablegames.common.errors import (
    GameOver,
    IllegalAction,
    NotationError,
    SeatError,
    SetupError,
    StaleState,
    StateError,
    TablegamesError,
    quoted,
)
from tablegames.common.fields import Spec, spec_of
from tablegames.common.history import History
from tablegames.common.history_codec import HistoryCode, _share
from tablegames.common.kinds import CardText, RulesText
from tablegames.common.lean import LeanHistory, refuse_lean
from tablegames.common.numbers import whole_number
from tablegames.common.outcome import Outcome
from tablegames.common.position import PositionReader, PositionWriter
from tablegames.common.position_text import read_position, write_position
from tablegames.common.rng import Rng, as_rng
from tablegames.common.rules import coerce_rules, rules_to_dict
from tablegames.common.saves import PickledAsSave, read_save, save_text, verify_save
from tablegames.common.serialization import Reader, dumps, loads
from tablegames.common.setups import (
    MAX_DECK,
    MAX_NAME,
    MAX_NOTATION,
    check_flag,
    check_seed,
    check_setup,
    normalize_players,
    world_setup,
)
from tablegames.common.upgrades import SaveUpgrades
from tablegames.common.version import __version__

__all__ = ["MAX_DECK", "MAX_NAME", "MAX_NOTATION", "BaseState", "check_seed", "normalize_players"]


#: The shared fields every state has, with how ``copy`` copies each (see ``fields.Spec``;
#: ``None``: not copied; ``"!..."``: statements, ``d`` being the copy's instance dict and
#: ``r``, ``c`` free names). ``copy`` starts from a copy of the instance dict, so the
#: deal's events (which name every hand: a sampled world must not carry them) and the
#: setup's text are dropped; the history's encoding is shared (see ``history_codec._share``).
#: The setup values of a game started without any: frozen, so copies share it safely.
NO_SETUP = FrozenDict()
#: The base class's empty declarations: read-only, so a game that edits one instead of
#: declaring its own gets an error, not a change to every game.
_EMPTY: Mapping[Any, Any] = MappingProxyType({})

_COMMON_COPY: tuple[tuple[str, str | None], ...] = (
    ("players", "self.players"), ("seed", "self.seed"), ("rules", "self.rules"),
    ("deck", "self.deck"), ("extra", "_fresh(self.extra) if self.extra else self.extra"),
    ("rng", "!r = _new(_Rng); r.state = self.rng.state; d['rng'] = r"),
    ("history", "self.history.copy()"), ("world", "self.world"), ("_events", "[]"),
    ("_setup_log", None), ("_setup_text", None),
    ("_hcode", "!c = d.get('_hcode'); c = c if c is None else _share(c)"),
)


def _spec(cls: type) -> Spec:
    """The compiled fields of a state class (see :mod:`tablegames.common.compiler`)."""
    return spec_of(cls, _COMMON_COPY, {"_share": _share, "_fresh": fresh})


class BaseState(SaveUpgrades, PickledAsSave, ABC):
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
    #: The game's ruling of the end (``"TOE-23"``): every action after the end is refused
    #: with a :class:`GameOver` naming it, as every refusal names its ruling (see ``game_over``).
    END_RULING: ClassVar[str | None] = None
    #: Fields renamed in save format 4 (old save key -> format 4's name, which a later
    #: engine may rename again: ``ENGINE_RENAMED``): a format 1-3 save's keys, on load.
    RENAMED: ClassVar[Mapping[str, str]] = _EMPTY
    #: Fields renamed by an engine of this game, without a new format (engine -> old key
    #: -> today's name): renamed in an older engine's save before ``_upgrade_engine``; a
    #: position line under an old name here or in ``RENAMED`` reads as the field's.
    ENGINE_RENAMED: ClassVar[Mapping[int, Mapping[str, str]]] = _EMPTY

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
    #: True for a search's private world (:meth:`make_lean`, see :mod:`.lean`).
    lean: bool = False
    #: Events of the action being applied (``_apply`` appends to it; ``apply`` returns it).
    _events: list[Event]
    #: Events of the deal before the first action, replayed by :meth:`log`.
    _setup_log: list[Event]
    #: The compact encoding of ``history`` as last saved (see :class:`HistoryCode`),
    #: shared with copies, which never extend it in place.
    _hcode: HistoryCode | None = None
    #: The rules' and setup's save text and the objects it was written from (see
    #: ``saves.setup_text``): they never change during a game.
    _setup_text: tuple[tuple[Any, ...], str] | None = None
    #: Card conservation across named fields, checked after a load and ``from_position``
    #: (see :class:`~tablegames.common.declared.Conserve`; a tuple of them for a game with
    #: several decks); ``None``: the game checks its cards itself.
    CONSERVE: ClassVar[Conserve | tuple[Conserve, ...] | None] = None
    #: True for a state whose chance outcomes come from the caller (see
    #: :mod:`tablegames.common.chance`); set on the instance only, so copies keep it.
    outside: bool = False
    #: The feed of the action being applied in outside mode, and how much of it is used
    #: (instance values only while ``chance.apply_outside`` runs; ``None``: inside mode).
    _feed: list[int] | None = None
    _fed: int = 0
    #: How the position text names the cards (see :mod:`tablegames.common.declared`): a
    #: :class:`CardText`, or a :class:`RulesText` where the names come from the rules.
    CARD_TEXT: ClassVar[CardText | RulesText | None] = None
    #: Declared fields no kind can say: each field's :class:`Own` lines.
    POSITION_OWN: ClassVar[Mapping[str, Own]] = _EMPTY
    #: Fields a hand-written position may leave out: a value or a function of the state.
    POSITION_DEFAULTS: ClassVar[Mapping[str, Any]] = _EMPTY
    #: Fields never written in a position: worked out from the others when it is read.
    POSITION_DERIVED: ClassVar[Mapping[str, Callable[[Any], Any]]] = _EMPTY
    #: Groups of per-seat fields whose lines are written seat by seat.
    POSITION_SEATWISE: ClassVar[tuple[tuple[str, ...], ...]] = ()
    #: ``#`` lines written before a field's lines.
    POSITION_COMMENTS: ClassVar[Mapping[str, tuple[str, ...]]] = _EMPTY
    #: Fields whose line is named otherwise (the name is a method of the state).
    POSITION_KEYS: ClassVar[Mapping[str, str]] = _EMPTY

    # -- setup ---------------------------------------------------------------------
    def _init_common(
        self, players: tuple[str, ...], seed: int | str, rules: Any,
        deck: Sequence[str] | None, extra: dict[str, Any] | None = None,
    ) -> None:
        feed = extra.feed if isinstance(extra, _chance.OutsideSetup) else None
        self._set_common(players, seed, rules,
                         None if deck is None else tuple(str(c) for c in deck),
                         dict(extra or {}), Rng(seed), History(), False)
        if feed is not None:  # outside mode: the deal takes its outcomes from ``feed``
            self.outside = True
            self._feed = feed
            self._fed = 0

    def _set_common(
        self, players: tuple[str, ...], seed: int | str, rules: Any,
        deck: tuple[str, ...] | None, extra: dict[str, Any], rng: Rng, history: History,
        world: bool,
    ) -> None:
        """Set the fields every state has (a new game's, or a loaded save's as read)."""
        # the setup's own values, copied with the state (a bot may edit its world's); no
        # values at all (the usual case) is one frozen empty dict, shared at no cost
        self.extra = extra if extra else NO_SETUP
        self.players = players
        self.seed = seed
        self.rules = rules
        self.deck = deck
        self.rng = rng
        self.history = history
        self.world = world
        self._events = []
        cls = type(self)
        if "_fields_installed" not in cls.__dict__:
            cls._install_fields()

    @classmethod
    def _install_fields(cls) -> None:
        """Put the declared fields' ``copy``/``_dump``/``_state_json`` on the class itself.

        Done when the first state of the class is made (annotations can only be resolved
        once the game's module has loaded). Each is a stand-in that compiles its function
        on its first call and puts it in its own place, so every later bound
        ``state.copy`` is the compiled function, with no dispatch in between.
        """
        spec = _spec(cls)
        if spec.fields:
            if "copy" not in cls.__dict__:
                cls.copy = on_first_call(cls, "copy", "copy", _spec)  # type: ignore[method-assign]
            if "_dump" not in cls.__dict__:
                cls._dump = on_first_call(cls, "_dump", "dump", _spec)  # type: ignore[method-assign]
                cls._state_json = on_first_call(  # type: ignore[method-assign]
                    cls, "_state_json", "json", _spec)
        cls._fields_installed = True  # type: ignore[attr-defined]

    @classmethod
    def new(
        cls, players: int | Sequence[str], seed: int | str = 0, rules: Any = None,
        deck: Sequence[str] | None = None, *, chance: Sequence[int] | None = None,
        **setup: Any,
    ) -> Self:
        """The one ``new_game`` body every game shares: check everything, then deal.

        Players, seed, rules (an instance, a dict of options or a variant name), the
        stacked deck and the game's own setup keywords (``SETUP_KEYS``; ``None`` values
        are left out) are all checked before any work is done. ``chance`` (a list of
        outcomes, possibly empty) makes an outside-mode game whose deal takes its cards
        from that list (see :mod:`tablegames.common.chance`)."""
        names = normalize_players(players, cls.MIN_PLAYERS, cls.MAX_PLAYERS, cls.GAME)
        r = coerce_rules(cls.RULES, rules)
        seed = check_seed(seed)
        deck, extra = check_setup(deck, setup)  # the deck's and the keywords' bounds
        cls._check_setup_keys(extra)
        if chance is None:
            # a position carries its own rules line: it stands unless rules were given
            given = None if rules is None and "position" in extra else r
            return cls._start(names, seed, given, deck, fresh(extra))
        return _chance.new_outside(cls, names, seed, r, deck, fresh(extra), chance)

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
        that is no whole number (:meth:`check_seat`) of this game raises :class:`SeatError`.
        """
        if seat is None:
            seat = self.to_act
            if seat is None:
                return []
        elif type(seat) is not int or not 0 <= seat < len(self.players):
            seat = self._one_seat(seat)  # a numpy seat is the int it holds
        return self._legal(seat)

    def _legal(self, seat: int) -> list[Action]:
        """The game's legal actions of ``seat`` (a checked seat; the game is not over)."""
        raise NotImplementedError

    @abstractmethod
    def _apply(self, action: Action) -> list[Event] | None:
        """Validate ``action`` completely, then carry it out, appending to ``self._events``."""

    @abstractmethod
    def outcome(self) -> Outcome:
        """Winners, losers and scores (:class:`~tablegames.common.errors.GameNotOver` before the end)."""

    # -- the view: one envelope, one vocabulary -----------------------------------------
    def view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may see (``None``: a spectator), as fresh plain JSON.

        Every game's view has the same envelope: ``game``, ``players``, ``seat``,
        ``to_act``, ``stage``, ``version``, ``result`` (``None`` until the end), and for
        a seat ``hand``, ``legal`` and ``prompt``; the game adds its table (see the
        app guide for every key of every game).
        """
        seat = self.check_seat(seat)
        if self.lean:
            refuse_lean("view")
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
        self._check_declared()
        self._check_loaded()

    def _check_declared(self) -> None:
        """The invariants the class declares (``CONSERVE``, the seats declared
        ``among=``, see :mod:`tablegames.common.declared`): raise ``StateError``."""
        spec = _spec(type(self))
        check_declared(self, spec.fields, spec.in_play)

    def _check_loaded(self) -> None:
        """The cross-field rules no declaration states (what a person would say in a
        sentence, e.g. a trick holds one card per seat): raise ``StateError``."""

    @abstractmethod
    def sample_world(self, seat: int, rng: Any = None) -> Self:
        """A full state consistent with all that ``seat`` has seen (see :meth:`_world`)."""

    def _world(self, seat: int, rng: Any) -> tuple[Self, Rng]:
        """The shell of a sampled world: a copy stripped of the real setup and future.

        The world gets a seed and rng drawn from the caller's ``rng`` only, no stacked
        deck or position text (:func:`~.setups.world_setup`), and ``world=True`` (no record
        or log: its past was never dealt). The game then redeals every card ``seat``
        cannot see, from the returned rng and pools in an order ``seat`` can know.
        """
        self._one_seat(seat)
        r = as_rng(rng)
        world = self.copy()
        world.rng, world.seed = r.fork(), f"world-{r.fork().state:016x}"
        world.deck, world.world, world.extra = None, True, world_setup(world.extra)
        return world, r

    @classmethod
    @abstractmethod
    def parse_action(cls, text: str) -> Action:
        """Read an action's notation (raises :class:`NotationError`)."""

    # -- shared behaviour ------------------------------------------------------------
    def apply(
        self, action: Action | str, *, by: int | None = None, expect: int | None = None,
        chance: Sequence[int] | None = None,
    ) -> list[Event]:
        """Validate and apply ``action`` (or its notation); return the events.

        ``by`` is the seat that sent the action (a phone): an action in another seat's
        name is refused before any hidden card is looked at. ``expect`` is the version
        the sender saw: if another action came first, :class:`StaleState` is raised.
        Any refusal is an :class:`IllegalAction` (a ``ValueError``) or a
        :class:`NotationError`, and leaves the state exactly as it was. ``chance`` is
        the feed of an outside-mode state (see :mod:`tablegames.common.chance`).
        """
        if chance is not None or (self.outside and self._feed is None):
            return _chance.apply_outside(self, action, by, expect, chance)
        if expect is None and by is None and type(action) in self.ACTION_TYPES:
            # what a bot loop sends: one of this game's actions, no sender, no version
            act: Action = action  # type: ignore[assignment]
            if self.to_act is None:
                raise self.game_over()
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
        history._append(act)
        if ev:
            v = len(history)
            for e in ev:
                e.version = v
        return ev

    # -- the lean path of search -------------------------------------------------------
    def make_lean(self) -> None:
        """Make this sampled world a search's private, lean world (see :mod:`.lean`)."""
        if not self.world:
            raise StateError("only a sampled world can be made lean (see sample_world)")
        self.history = LeanHistory(len(self.history))
        self._events = []
        self.lean = True

    def apply_trusted(self, action: Action) -> None:
        """Apply ``action``, one of this lean world's own legal actions, unchecked: no
        validation, no event, no history (see :mod:`.lean`)."""
        if not self.lean:
            raise StateError("apply_trusted plays lean search worlds only (see make_lean)")
        self._events.clear()
        self._apply_trusted(action)
        self.history._sealed += 1

    def _apply_trusted(self, action: Action) -> None:
        """A legal action's handlers without ``_apply``'s checks (games override this)."""
        self._apply(action)

    def _vet(self, action: Action | str, by: int | None, expect: int | None) -> Action:
        """``apply``'s checks before the game's own, in order: the version, the sender,
        the notation, the end of the game, the kind of action, its seat."""
        if expect is not None:
            expect = whole_number(expect)  # a numpy version too; never a bool
            if expect is None:
                raise IllegalAction("expect must be a state version (an int)", code="bad_version")
            if expect != len(self.history):
                raise StaleState(
                    f"the action was chosen at version {quoted(expect)}; the game is at version "
                    f"{len(self.history)}", expected=expect, version=len(self.history),
                )
        if by is not None:
            by = self.check_seat(by)  # a numpy seat is the int it holds, in errors too
        if isinstance(action, str):
            if len(action) > MAX_NOTATION:
                raise NotationError(f"an action is at most {MAX_NOTATION} characters")
            action = self.parse_action(action)
        if self.to_act is None:
            raise self.game_over()
        kinds = self.ACTION_TYPES
        if (type(action) not in kinds) if kinds else not isinstance(action, Action):
            raise IllegalAction(
                f"a value of type {type(action).__name__} is not a {self.GAME} action",
                code="not_an_action"
            )
        seat = action.seat
        if type(seat) is not int or not 0 <= seat < len(self.players):
            raise IllegalAction("the action names no seat of this game", code="no_such_seat")
        if by is not None and seat != by:
            raise IllegalAction(
                f"seat {by} may not act for seat {seat}", code="not_your_seat", seat=by
            )
        return action

    def game_over(self) -> GameOver:
        """The refusal of any action after the end, naming :attr:`END_RULING`."""
        return GameOver("the game is over", code="game_over", ruling=self.END_RULING)

    def check_seat(self, seat: object) -> int | None:
        """A seat argument checked: ``None``, or the plain ``int`` of a seat of this game.

        Any whole number counts as the int it holds
        (:func:`~tablegames.common.numbers.whole_number`: a seat read from a numpy array
        is that seat), and what is returned, stored and echoed (a view's ``"seat"``, an
        error) is the plain int. A ``bool`` (``True == 1`` would see seat 1's cards), a
        float and anything else raise :class:`SeatError`."""
        if seat is None:
            return None
        number = seat if type(seat) is int else whole_number(seat)
        if number is None or not 0 <= number < len(self.players):
            shown = (quoted(seat) if type(seat) in (bool, float) else type(seat).__name__
                     ) if number is None else quoted(number)
            raise SeatError(f"seat must be None or an int in 0..{self.n - 1}, not {shown}")
        return number

    def _one_seat(self, seat: object) -> int:
        """:meth:`check_seat` for a place that needs a seat (a world, ``legal_actions``
        of a named seat): ``None`` is refused too. A game's ``sample_world`` reads its
        ``seat`` through this first, so its own code only ever sees the plain int."""
        checked = self.check_seat(seat)
        if checked is None:  # every card is hidden from a spectator
            raise SeatError("a world is what one seat may believe: sample_world needs a seat")
        return checked

    def _no_world(self, what: str) -> None:
        if self.lean:
            refuse_lean(what)
        if self.outside:
            raise StateError(
                f"an outside-chance state has no {what}: its outcomes came from the caller, "
                "whose log (e.g. an OpenSpiel history) is the record"
            )
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
            "tablegames": __version__,
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
        seat = self.check_seat(seat)
        self._no_world("log")
        if since is not None:
            since = whole_number(since)  # a numpy version too; never a bool
            if since is None or not 0 <= since <= len(self.history):
                raise TablegamesError(f"since must be a version in 0..{len(self.history)}")
        fresh_state = type(self)._start(self.players, self.seed, self.rules, self.deck, self.extra)
        out: list[dict[str, Any]] = []
        if since is None:
            out = Event.redact(fresh_state._setup_events(), seat)
        try:
            for a in self.history:
                events = fresh_state.apply(a)
                v = len(fresh_state.history)
                if since is None:
                    out.extend(Event.redact(events, seat))
                elif v > since:
                    out.extend({**e, "version": v} for e in Event.redact(events, seat))
        except TablegamesError as exc:  # a save of an engine whose rules differed
            raise StateError(f"this game's history does not replay under engine "
                             f"{self.ENGINE} of {self.GAME}: {exc}") from None
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

        Exactly the text :func:`dumps` gives for the whole envelope (keys sorted:
        ``engine format game history rng rules rules_hash setup state``), written by
        :func:`~tablegames.common.saves.save_text`. A field whose value breaks its
        declaration raises :class:`StateError` naming it: no save is written that would
        not load. A full save holds every hand: it belongs on the server, never on a phone.
        """
        if self.lean:
            refuse_lean("save")
        return save_text(self)

    @classmethod
    def from_json(cls, text: str | bytes, *, verify: bool = False) -> Self:
        """Load a state saved by :meth:`to_json`; any defect raises :class:`StateError`.

        Parse, read the declared fields, check the invariants: nothing is remembered
        between loads, so a text loads to the same state in any process. ``verify=True``
        replays the save's history from its setup, which must give the saved state: a
        save whose hands, stock or rng were edited is refused (this costs a replay)."""
        r = Reader(loads(text))
        try:
            obj = read_save(cls, r)
        except StateError:
            raise
        except (TablegamesError, KeyError, IndexError, TypeError, AttributeError, ValueError) as exc:
            raise StateError(f"saved state is inconsistent: {type(exc).__name__}") from None
        except RecursionError:
            raise StateError("saved state is nested too deeply") from None
        if check_flag("verify", verify):
            verify_save(obj, r)
        return obj

    # -- positions ------------------------------------------------------------------
    def to_position(self) -> str:
        """This situation as position text (see :mod:`tablegames.common.position`).

        The text names every card where it lies, so like a save it holds every hand: it
        is for tests, docs, rulings and a referee, not for a phone.
        """
        if self.lean:
            refuse_lean("position")
        return write_position(self)

    def _position(self, w: PositionWriter) -> None:
        """Write the game's own lines: one per declared persisted field, or the field's
        ``POSITION_OWN`` lines (see :mod:`tablegames.common.declared`)."""
        write_fields(self, _spec(type(self)).fields, w, Layout(type(self)))

    def _from_position(self, r: PositionReader) -> None:
        """Set the game's own fields from ``r`` (the shared ones and ``stage`` are set):
        every declared field from its lines, then ``_from_position_own``."""
        read_fields(self, _spec(type(self)).fields, r, Layout(type(self)))
        self._from_position_own(r)

    def _from_position_own(self, r: PositionReader) -> None:
        """What a game does once a position's lines are read (Phase 10 notes that the
        game starts there, with no setup values to check against)."""

    @classmethod
    def from_position(cls, text: str, rules: Any = None) -> Self:
        """A state set up from position text; ``rules`` (if given) replaces its rules line.

        Bad text raises :class:`PositionError` naming the line; an impossible position
        (a card twice, a wrong count) is refused. The state records the position as its
        setup, so ``record()``, ``replay`` and ``log`` work from there.
        """
        return read_position(cls, text, rules)

    def __str__(self) -> str:
        who = "game over" if self.to_act is None else f"{self.players[self.to_act]} to act"
        return f"<{self.GAME}: {self.n} players, {len(self.history)} actions, {who}>"

    __repr__ = __str__
