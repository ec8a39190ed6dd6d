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

from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Any, ClassVar, Self

from tablegames.common.actions import Action, Event
from tablegames.common.errors import (
    GameOver,
    IllegalAction,
    NotationError,
    RulesError,
    SetupError,
    StateError,
    TablegamesError,
)
from tablegames.common.outcome import Outcome
from tablegames.common.rng import Rng
from tablegames.common.rules import (
    rules_from_dict_cached,
    rules_hash,
    rules_json,
    rules_to_dict,
)
from tablegames.common.serialization import FORMAT_VERSION, Reader, dumps, loads


def normalize_players(players: int | Sequence[str], lo: int, hi: int, game: str) -> tuple[str, ...]:
    """Player names from a count or a list of names; a wrong count is a :class:`SetupError`."""
    if isinstance(players, bool):
        raise SetupError("players must be a count or a list of names")
    if isinstance(players, int):
        names = tuple(f"P{i}" for i in range(players))
    elif isinstance(players, str) or not isinstance(players, Sequence):
        raise SetupError("players must be a count or a list of names")
    else:
        names = tuple(players)
        if not all(isinstance(n, str) and n.strip() for n in names):
            raise SetupError("player names must be non-empty strings")
        if len(set(names)) != len(names):
            raise SetupError("player names must be distinct")
    if not lo <= len(names) <= hi:
        raise SetupError(f"{game} is for {lo} to {hi} players, not {len(names)}")
    return names


def check_seed(seed: object) -> int | str:
    """A seed must be an int or a str (both replay exactly on every machine)."""
    if isinstance(seed, bool) or not isinstance(seed, int | str):
        raise SetupError(f"seed must be an int or a string, not {seed!r}")
    return seed


#: Parsed notation per game. Actions are immutable, and a long history repeats the same
#: few hundred strings, so loading saves (a server does it on every request) reuses them.
_PARSE_CACHE: dict[str, dict[str, Action]] = {}


class BaseState(ABC):
    """Shared behaviour of all game states (see the module docstring)."""

    GAME: ClassVar[str]
    RULES: ClassVar[type[Any]]

    rules: Any
    players: tuple[str, ...]
    seed: int | str
    deck: tuple[str, ...] | None
    extra: dict[str, Any]
    rng: Rng
    history: list[Action]
    #: Events of the action being applied (``_apply`` returns them).
    _events: list[Event]
    #: Events of the deal before the first action, replayed by :meth:`log`.
    _setup_log: list[Event]

    # -- setup ---------------------------------------------------------------------
    def _init_common(
        self, players: tuple[str, ...], seed: int | str, rules: Any,
        deck: Sequence[str] | None, extra: dict[str, Any] | None = None,
    ) -> None:
        self.extra = dict(extra or {})
        self.players = players
        self.seed = seed
        self.rules = rules
        self.deck = None if deck is None else tuple(str(c) for c in deck)
        self.rng = Rng(seed)
        self.history = []

    def _copy_common(self, other: BaseState) -> None:
        """Copy the shared fields into ``other`` (actions are immutable: the list is copied)."""
        other.players = self.players
        other.seed = self.seed
        other.rules = self.rules
        other.deck = self.deck
        other.extra = self.extra
        other.rng = self.rng.copy()
        other.history = self.history.copy()

    @property
    def n(self) -> int:
        """Number of seats."""
        return len(self.players)

    # -- the protocol, as games implement it -----------------------------------------
    @property
    @abstractmethod
    def to_act(self) -> int | None:
        """The seat whose decision is next; ``None`` once the game is over."""

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.to_act is None

    @abstractmethod
    def legal_actions(self, seat: int | None = None) -> list[Action]:
        """Legal actions of ``seat`` (default: the seat to act), in a stable order."""

    @abstractmethod
    def _apply(self, action: Action) -> list[Event]:
        """Validate ``action`` completely, then carry it out; return its events."""

    @abstractmethod
    def outcome(self) -> Outcome:
        """Winners, losers and scores (raises ``ValueError`` before the end)."""

    @abstractmethod
    def view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may see (``None``: a spectator), JSON-ready."""

    @abstractmethod
    def copy(self) -> Self:
        """An independent deep copy."""

    @abstractmethod
    def sample_world(self, seat: int, rng: Any = None) -> Self:
        """A full state consistent with all that ``seat`` has seen."""

    @classmethod
    @abstractmethod
    def parse_action(cls, text: str) -> Action:
        """Read an action's notation (raises :class:`NotationError`)."""

    @abstractmethod
    def _dump(self) -> dict[str, Any]:
        """The game's own fields, JSON-ready."""

    @abstractmethod
    def _load(self, r: Reader) -> None:
        """Restore the game's own fields from ``r``; raise ``StateError`` on any problem."""

    # -- shared behaviour ------------------------------------------------------------
    def apply(self, action: Action | str) -> list[Event]:
        """Validate and apply ``action`` (or its notation); return the events.

        Raises :class:`IllegalAction` (a ``ValueError``) and leaves the state exactly as
        it was if the action is not legal now.
        """
        if isinstance(action, str):
            action = self.parse_action(action)
        if self.to_act is None:
            raise GameOver("the game is over", code="game_over")
        if not isinstance(action, Action):
            raise IllegalAction(f"{action!r} is not an action", code="not_an_action")
        events = self._apply(action)
        self.history.append(action)
        return events

    def check_seat(self, seat: object) -> int | None:
        """Validate a seat argument (an int in range or ``None``)."""
        if seat is None:
            return None
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.n:
            raise ValueError(f"seat must be None or an int in 0..{self.n - 1}, not {seat!r}")
        return seat

    def record(self) -> dict[str, Any]:
        """Everything needed to replay this game exactly: setup and the actions so far."""
        return {
            "game": self.GAME,
            "players": list(self.players),
            "seed": self.seed,
            "rules": rules_to_dict(self.rules),
            "deck": None if self.deck is None else list(self.deck),
            "setup": dict(self.extra),
            "actions": [str(a) for a in self.history],
        }

    def log(self, seat: int | None) -> list[dict[str, Any]]:
        """Every event so far as ``seat`` may see it, rebuilt by replaying the record."""
        self.check_seat(seat)
        fresh = type(self)._fresh(self.players, self.seed, self.rules, self.deck, self.extra)
        out = Event.redact(fresh._setup_events(), seat)
        for a in self.history:
            out.extend(Event.redact(fresh.apply(a), seat))
        return out

    @classmethod
    @abstractmethod
    def _fresh(
        cls, players: tuple[str, ...], seed: int | str, rules: Any, deck: Sequence[str] | None,
        extra: dict[str, Any],
    ) -> Self:
        """A new game from setup values (``extra``: game-specific setup such as lives)."""

    def _setup_events(self) -> list[Event]:
        """Events of the deal that precede the first action (for :meth:`log`)."""
        return list(getattr(self, "_setup_log", ()))

    def to_json(self) -> str:
        """The full state (rng, rules, setup, history included) as canonical JSON.

        The rules' canonical text is cached (rules are frozen), so it is spliced in
        rather than encoded again: for a large config (a Dallah card set) that halves the
        cost of a save. Keys sort as ``format game history rng | rules | rules_hash setup
        state``, so the splice gives exactly what ``dumps`` of the whole dict would.
        """
        head = {
            "format": FORMAT_VERSION,
            "game": self.GAME,
            "history": [str(a) for a in self.history],
            "rng": self.rng.state,
        }
        tail = {
            "rules_hash": rules_hash(self.rules),
            "setup": {
                "players": list(self.players),
                "seed": self.seed,
                "deck": None if self.deck is None else list(self.deck),
                "extra": dict(self.extra),
            },
            "state": self._dump(),
        }
        return f'{dumps(head)[:-1]},"rules":{rules_json(self.rules)},{dumps(tail)[1:]}'

    @classmethod
    def from_json(cls, text: str | bytes) -> Self:
        """Load a state saved by :meth:`to_json`; any defect raises :class:`StateError`."""
        r = Reader(loads(text))
        try:
            fmt = r["format"].int()
            if fmt != FORMAT_VERSION:
                raise StateError(f"saved state has format {fmt}; this version reads {FORMAT_VERSION}")
            game = r["game"].str()
            if game != cls.GAME:
                raise StateError(f"saved state is a {game!r} game, not {cls.GAME!r}")
            try:
                rules = rules_from_dict_cached(cls.RULES, r["rules"].raw())
            except RulesError as exc:
                raise StateError(f"$.rules: {exc}") from None
            if rules_hash(rules) != r["rules_hash"].str():
                raise StateError("$.rules_hash does not match the rules (tampered or from other rules)")
            setup = r["setup"]
            players: tuple[str, ...] = tuple(setup["players"].strs())
            seed_r = setup["seed"]
            seed = seed_r.value if isinstance(seed_r.value, str) else seed_r.int()
            deck_r = setup["deck"]
            deck = None if deck_r.value is None else deck_r.strs()
            extra_r = setup["extra"]
            extra_r.keys()
            try:
                obj = cls._fresh_shell(players, seed, rules, deck, extra_r.raw())
            except SetupError as exc:
                raise StateError(f"$.setup: {exc}") from None
            obj.rng.state = r["rng"].int(0, (1 << 64) - 1)
            hist = []
            cache = _PARSE_CACHE.setdefault(cls.GAME, {})
            raw = r["history"].raw()
            if not isinstance(raw, list):
                raise r["history"].fail("expected a list of actions")
            for i, text in enumerate(raw):
                action = cache.get(text) if isinstance(text, str) else None
                if action is None:
                    item = Reader(text, f"$.history[{i}]")
                    text = item.str()
                    try:
                        action = cls.parse_action(text)
                    except NotationError as exc:
                        raise item.fail(str(exc)) from None
                    if len(cache) > 50_000:
                        cache.clear()
                    cache[text] = action
                hist.append(action)
            obj.history = hist
            obj._load(r["state"])
        except StateError:
            raise
        except (TablegamesError, KeyError, IndexError, TypeError, AttributeError, ValueError) as exc:
            raise StateError(f"saved state is inconsistent: {exc!r}") from None
        return obj

    @classmethod
    def _fresh_shell(
        cls, players: tuple[str, ...], seed: int | str, rules: Any, deck: Sequence[str] | None,
        extra: dict[str, Any],
    ) -> Self:
        """An object with the shared fields set, for ``_load`` to fill in.

        The setup is checked by building a fresh game from it, so a save whose player
        count or stacked deck could never have been played is refused.
        """
        cls._fresh(players, seed, rules, deck, extra)
        obj = cls.__new__(cls)
        obj._init_common(players, seed, rules, deck, extra)
        return obj

    def __str__(self) -> str:
        who = "game over" if self.to_act is None else f"{self.players[self.to_act]} to act"
        return f"<{self.GAME}: {self.n} players, {len(self.history)} actions, {who}>"

    __repr__ = __str__
