"""A small toy game that adopts everything the declarations give, for the core's tests.

Twelve cards (codes 0..11), dealt three to each seat, the rest in the stock. Each turn
the seat to act plays a card to the trick; when every seat has played, the highest card
takes the trick (its taker scores one) and leads. The game ends when the hands are empty.

Its fields are declared once: ``copy``, the save, the position text and the card
conservation across ``hands``, ``stock``, ``trick`` and ``taken`` all come from the core.
The position names cards through ``CARD_TEXT`` (``A`` .. ``L``), writes a hand per seat
(``hand 0: A F K``), the stock top first (``shuffled`` deals the cards left), the trick as
``seat:card`` words, ``led`` as ``yes``/``no``; ``taken`` is written by the game itself
(as a count and a list) to show the :class:`~tablegames.common.declared.Own` hooks, and a
hand-written position may leave out ``scores``, ``led`` and ``taken``.
"""

from __future__ import annotations

from collections.abc import Sequence
from types import MappingProxyType
from typing import Annotated, Any, ClassVar, Self

import attrs

from tablegames.common.actions import Action, Event
from tablegames.common.errors import IllegalAction, NotationError
from tablegames.common.fields import (
    CardText,
    Conserve,
    Own,
    card,
    cards,
    count,
    enum,
    flag,
    per_seat,
    per_seat_tuple,
    seat,
    tuple_of,
    tuple_seq,
)
from tablegames.common.outcome import Outcome
from tablegames.common.position import PositionReader, PositionWriter
from tablegames.common.state import BaseState

PACK = 12
STAGES = ("play", "over")
NAMES = "ABCDEFGHIJKL"


def card_of(word: str) -> int:
    """A card's code from its letter (``ValueError`` for any other word)."""
    if len(word) != 1 or word not in NAMES:
        raise ValueError(f"{word[:20]!r} is not a toy card")
    return NAMES.index(word)


def _write_taken(state: State, w: PositionWriter) -> None:
    w.items("taken", [len(state.taken), *(NAMES[c] for c in state.taken)])


def _read_taken(state: State, r: PositionReader) -> None:
    words = r.words("taken", ["0"])
    try:
        cards_ = [card_of(x) for x in words[1:]]
    except ValueError as exc:
        raise r.fail("taken", str(exc)) from None
    if words[0] != str(len(cards_)):
        raise r.fail("taken", "expected the count of the cards, then the cards")
    state.taken = cards_


@attrs.frozen
class Rules:
    """The toy's one house rule: how many cards each seat is dealt."""

    hand: int = 3


@attrs.frozen
class Play(Action):
    """Play one card."""

    card: int = 0
    verb: ClassVar[str] = "play"

    def arg_text(self) -> str:
        return str(self.card)


def parse_action(text: str) -> Action:
    """``"SEAT:play CARD"``."""
    if type(text) is not str:
        raise NotationError("an action is text")
    head, _, arg = text.partition(" ")
    seat_text, _, verb = head.partition(":")
    if verb != "play" or not seat_text.isdigit() or not arg.isdigit():
        raise NotationError(f"not a toy action: {text[:40]!r}")
    return Play(int(seat_text), int(arg))


class State(BaseState):
    """The toy game (see the module docstring)."""

    GAME = "toy"
    RULES = Rules
    MIN_PLAYERS = 2
    MAX_PLAYERS = 4
    STAGES = STAGES
    ACTION_TYPES = frozenset({Play})
    SETUP_KEYS = frozenset()
    CONSERVE = Conserve("hands", "stock", "trick", "taken", shuffled="stock")
    CARD_TEXT = CardText(names=NAMES, parse=card_of)
    POSITION_OWN = MappingProxyType({"taken": Own(_write_taken, _read_taken)})
    POSITION_DEFAULTS = MappingProxyType({"scores": lambda s: (0,) * s.n,
                                          "led": lambda s: bool(s.trick)})

    stage: Annotated[int, enum(STAGES)]
    hands: Annotated[list[list[int]], per_seat(cards(PACK, sort=True), line="hand")]
    stock: Annotated[list[int], cards(PACK, top_first=True)]
    trick: Annotated[tuple[tuple[int, int], ...], tuple_seq(tuple_of(seat(), card(PACK)))]
    taken: Annotated[list[int], cards(PACK)]
    scores: Annotated[tuple[int, ...], per_seat_tuple(count(0, PACK))]
    active: Annotated[int, seat()]
    led: Annotated[bool, flag()]

    @classmethod
    def _fresh(cls, players: tuple[str, ...], seed: int | str, rules: Any,
               deck: Sequence[str] | None, extra: dict[str, Any]) -> Self:
        s = cls.__new__(cls)
        s._init_common(players, seed, rules, deck, extra)
        order = list(range(PACK))
        s.rng.shuffle(order)
        n = len(players)
        s.hands = [sorted(order[i * rules.hand:(i + 1) * rules.hand]) for i in range(n)]
        s.stock = order[n * rules.hand:]
        s.trick = ()
        s.taken = []
        s.scores = (0,) * n
        s.active = 0
        s.led = False
        s.stage = 0
        s._setup_log = []
        return s

    @property
    def to_act(self) -> int | None:
        return None if self.stage == 1 else self.active

    def _legal(self, seat: int) -> list[Action]:
        return [Play(seat, c) for c in self.hands[seat]] if seat == self.to_act else []

    def _apply(self, action: Action) -> list[Event] | None:
        assert isinstance(action, Play)
        if action.seat != self.active:
            raise IllegalAction("not your turn", code="out_of_turn", seat=action.seat)
        if action.card not in self.hands[action.seat]:
            raise IllegalAction("you do not hold that card", code="no_card", seat=action.seat)
        self.hands[action.seat].remove(action.card)
        self.trick = (*self.trick, (action.seat, action.card))
        self.led = True
        if len(self.trick) < self.n:
            self.active = (self.active + 1) % self.n
            return None
        taker = max(self.trick, key=lambda sc: sc[1])[0]
        self.taken = [*self.taken, *(c for _, c in self.trick)]
        self.trick = ()
        self.scores = tuple(v + (i == taker) for i, v in enumerate(self.scores))
        self.active = taker
        self.led = False
        if not any(self.hands):
            self.stage = 1
        return None

    def outcome(self) -> Outcome:
        if not self.is_over:
            raise ValueError("the game is not over")
        best = max(self.scores)
        won = frozenset(i for i, v in enumerate(self.scores) if v == best)
        return Outcome(won, frozenset(range(self.n)) - won, tuple(self.scores))

    def sample_world(self, seat: int, rng: Any = None) -> Self:
        world, r = self._world(seat, rng)
        pool = sorted(c for i, h in enumerate(world.hands) if i != seat for c in h)
        pool += sorted(world.stock)
        r.shuffle(pool)
        for i, h in enumerate(world.hands):
            if i != seat:
                world.hands[i], pool = sorted(pool[:len(h)]), pool[len(h):]
        world.stock = pool
        return world

    @classmethod
    def parse_action(cls, text: str) -> Action:
        return parse_action(text)

    def _view(self, seat: int | None) -> dict[str, Any]:
        return {"trick": [list(t) for t in self.trick], "scores": list(self.scores)}

    def _hand(self, seat: int) -> list[Any]:
        return list(self.hands[seat])

    def _prompt(self, seat: int) -> str:
        return "Play a card." if seat == self.to_act else "Wait."

    def _check_loaded(self) -> None:
        """Only the rule a person would say: the trick's seats play in turn order."""
