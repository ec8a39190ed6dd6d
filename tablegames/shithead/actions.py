"""Shithead actions and their notation.

=======================  ==================================================================
``3:swap 5h/9c``         before play, seat 3 swaps face-up 5♥ for hand card 9♣ (SHD-03);
                         several at once: ``3:swap 5h,6d/9c,10s`` (face-up / hand)
``3:done``               seat 3 ends its swap (SHD-03, one swap each in turn)
``3:ready``              seat 3 has finished swapping (the simultaneous swap)
``3:unready``            seat 3 takes back its ``ready`` to swap again (simultaneous swap)
``1:play 7c,7d``         seat 1 plays 7♣ and 7♦, from its hand or, with the hand empty,
                         from its face-up cards (SHD-05, SHD-07, SHD-09); out of turn,
                         the cut-in of ``Rules.cut_in``
``2:blind 0``            seat 2 turns up its face-down card in position 0 (SHD-10)
``0:pickup``             seat 0 picks up the pile (SHD-08, SHD-09)
``0:give 2``             seat 0 gives the pile to seat 2 with Take-it-bad-luck (SHD-28)
=======================  ==================================================================

Cards are written in ASCII, rank then suit letter (``As``, ``10d``, ``Kh``: see
:mod:`.cards`), and read in any spelling it accepts, so ``1:play 7♣,7♦`` and
``1:play 7c,7d`` are the same action, always written the second way. They are listed in
code order (by value, then suit), so every action has one canonical notation; the parser
accepts any order and sorts. Actions are interned: the engine hands out one object per
action, which saves allocations in playouts; the caches are bounded, so parsing junk
cannot grow them without limit.
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from tablegames.common.actions import Action, ActionBuilder, no_args, parse_with
from tablegames.common.errors import NotationError
from tablegames.shithead.cards import ASCII, code_of
from tablegames.shithead.multisets import sub_multisets


def _cards_text(cards: tuple[int, ...]) -> str:
    return ",".join(ASCII[c] for c in cards)


@attrs.frozen
class Swap(Action):
    """Exchange face-up cards ``up`` for hand cards ``hand`` (as many of each), once."""

    up: tuple[int, ...]
    hand: tuple[int, ...]
    verb: ClassVar[str] = "swap"

    def arg_text(self) -> str:
        return f"{_cards_text(self.up)}/{_cards_text(self.hand)}"


@attrs.frozen
class Done(Action):
    """Keep the face-up cards as dealt and end this seat's swap."""

    verb: ClassVar[str] = "done"


@attrs.frozen
class Ready(Done):
    """Finished swapping (the simultaneous swap); play starts once every seat is ready."""

    verb: ClassVar[str] = "ready"


@attrs.frozen
class Unready(Action):
    """Take back ``ready`` to swap again, while some seat is still swapping."""

    verb: ClassVar[str] = "unready"


@attrs.frozen
class Play(Action):
    """Play cards of one value from the hand (or, the hand empty, from face-up cards)."""

    cards: tuple[int, ...]
    verb: ClassVar[str] = "play"

    def arg_text(self) -> str:
        return _cards_text(self.cards)


@attrs.frozen
class Blind(Action):
    """Turn up the face-down card at ``index`` and play it if it fits (SHD-10)."""

    index: int
    verb: ClassVar[str] = "blind"

    def arg_text(self) -> str:
        return str(self.index)


@attrs.frozen
class Pickup(Action):
    """Take the whole pile into the hand (SHD-08)."""

    verb: ClassVar[str] = "pickup"


@attrs.frozen
class Give(Action):
    """Name the seat that must pick up the pile (SHD-28)."""

    target: int
    verb: ClassVar[str] = "give"

    def arg_text(self) -> str:
        return str(self.target)


#: Seats below this get interned actions (parsing "999:done" must not grow the caches).
INTERN_SEATS = 32
#: The interning caches are emptied when they hold this many actions: a long run of
#: parsed junk ("0:play 2c,3c,…") costs at most this much memory.
INTERN_LIMIT = 20_000
#: Card lists longer than this are never interned (the longest real set: 12 equal cards).
INTERN_CARDS = 12
_PLAYS: dict[tuple[int, tuple[int, ...]], Play] = {}


def _kept(seat: int, cards: tuple[int, ...] = ()) -> bool:
    """Whether an action of ``seat`` with ``cards`` may be interned: a plain ``int`` seat
    below :data:`INTERN_SEATS` and plain ``int`` cards, at most :data:`INTERN_CARDS`.
    ``True == 1`` and a numpy integer hashes as its int, so a ``True`` seat kept here would
    be what every later ``"1:play 5c"`` parses to."""
    return (type(seat) is int and 0 <= seat < INTERN_SEATS and len(cards) <= INTERN_CARDS
            and all(type(c) is int for c in cards))
_SWAPS: dict[tuple[int, tuple[int, ...], tuple[int, ...]], Swap] = {}
_SIMPLE: dict[tuple[type[Action], int, int], Action] = {}


def play(seat: int, cards: tuple[int, ...]) -> Play:
    """The interned action of ``seat`` playing ``cards`` (sorted codes)."""
    key = (seat, cards)
    a = _PLAYS.get(key)
    if a is None:
        a = Play(seat, cards)
        if _kept(seat, cards):
            if len(_PLAYS) >= INTERN_LIMIT:
                _PLAYS.clear()
            _PLAYS[key] = a
    return a


_SINGLES: dict[int, tuple[Play, ...]] = {}
_GROUPS: dict[tuple[int, tuple[int, ...]], tuple[Play, ...]] = {}


def singles(seat: int) -> tuple[Play, ...]:
    """The interned one-card plays of ``seat``, indexed by card code (a hot path)."""
    out = _SINGLES.get(seat)
    if out is None:
        out = tuple(play(seat, (c,)) for c in range(52))
        if _kept(seat):
            _SINGLES[seat] = out
    return out


def group_plays(seat: int, group: tuple[int, ...]) -> tuple[Play, ...]:
    """Every play of some of ``group`` (equal values, sorted), by size then code order."""
    key = (seat, group)
    out = _GROUPS.get(key)
    if out is None:
        out = tuple(play(seat, sub) for sub in sub_multisets(group))
        if _kept(seat, group):
            if len(_GROUPS) >= INTERN_LIMIT:
                _GROUPS.clear()
            _GROUPS[key] = out
    return out


def swap(seat: int, up: tuple[int, ...], hand: tuple[int, ...]) -> Swap:
    """The interned swap action (sorted codes on each side)."""
    key = (seat, up, hand)
    a = _SWAPS.get(key)
    if a is None:
        a = Swap(seat, up, hand)
        if _kept(seat, up + hand):
            if len(_SWAPS) >= INTERN_LIMIT:
                _SWAPS.clear()
            _SWAPS[key] = a
    return a


def _simple(cls: type[Action], seat: int, arg: int = -1) -> Action:
    key = (cls, seat, arg)
    a = _SIMPLE.get(key)
    if a is None:
        a = cls(seat) if arg < 0 else cls(seat, arg)  # type: ignore[call-arg]
        if _kept(seat) and type(arg) is int and arg < 64:
            _SIMPLE[key] = a
    return a


def done(seat: int) -> Done:
    """The interned ``done`` action."""
    return _simple(Done, seat)  # type: ignore[return-value]


def ready(seat: int) -> Ready:
    """The interned ``ready`` action."""
    return _simple(Ready, seat)  # type: ignore[return-value]


def unready(seat: int) -> Unready:
    """The interned ``unready`` action."""
    return _simple(Unready, seat)  # type: ignore[return-value]


def pickup(seat: int) -> Pickup:
    """The interned ``pickup`` action."""
    return _simple(Pickup, seat)  # type: ignore[return-value]


def blind(seat: int, index: int) -> Blind:
    """The interned ``blind`` action."""
    return _simple(Blind, seat, index)  # type: ignore[return-value]


def give(seat: int, target: int) -> Give:
    """The interned ``give`` action."""
    return _simple(Give, seat, target)  # type: ignore[return-value]


def _card_list(text: str, what: str) -> tuple[int, ...]:
    parts = [p.strip() for p in text.split(",")]
    if not text.strip() or any(not p for p in parts):
        raise NotationError(f"{what} needs a comma-separated list of cards, e.g. '7c,7d'")
    return tuple(sorted(code_of(p) for p in parts))


def _play(seat: int, args: str) -> Action:
    return play(seat, _card_list(args, "'play'"))


def _swap(seat: int, args: str) -> Action:
    up, slash, hand = args.partition("/")
    if not slash:
        raise NotationError("'swap' is written FACE-UP/HAND, for example '0:swap 5h/9c'")
    return swap(seat, _card_list(up, "'swap'"), _card_list(hand, "'swap'"))


def _index(text: str, what: str) -> int:
    if not (text.isascii() and text.isdigit()):
        raise NotationError(f"'{what}' needs a number, for example '0:{what} 1'")
    return int(text)


_VERBS: dict[str, ActionBuilder] = {
    "swap": _swap,
    "done": no_args(done),
    "ready": no_args(ready),
    "unready": no_args(unready),
    "play": _play,
    "blind": lambda s, a: blind(s, _index(a, "blind")),
    "pickup": no_args(pickup),
    "give": lambda s, a: give(s, _index(a, "give")),
}


def parse_action(text: str) -> Action:
    """Read Shithead action notation (see the module docstring)."""
    return parse_with(text, _VERBS, "shithead")
