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
from tablegames.shithead.cards import ASCII, FACES, code_of
from tablegames.shithead.multisets import sub_multisets
from tablegames.shithead.stages import PER_SEAT


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


#: The most seats of a game: three decks deal nine cards each to 17 players (SHD-02).
TABLE_SEATS = FACES * 3 // PER_SEAT
#: ``SINGLES[seat][code]``, the one-card play, and ``PICKUPS[seat]``, the pick-up, of
#: every seat a game can have, made once at import (data of fixed size, as Toepen's
#: ``PLAYS``): nearly every legal list of play holds them, and making them afresh for
#: each list cost random 4-player playouts about a third of their steps per CPU-second
#: (measured in 2026-12, fix155). The other actions are made when asked for.
SINGLES: tuple[tuple[Play, ...], ...] = tuple(
    tuple(Play(s, (c,)) for c in range(FACES)) for s in range(TABLE_SEATS))
#: ``PICKUPS[seat]``, the pick-up of every seat a game can have, made at import with
#: :data:`SINGLES` for the same reason (a seat that cannot play holds only it).
PICKUPS: tuple[Pickup, ...] = tuple(Pickup(s) for s in range(TABLE_SEATS))


def play(seat: int, cards: tuple[int, ...]) -> Play:
    """The action of ``seat`` playing ``cards`` (sorted codes): one of :data:`SINGLES`
    for one card of a seat of a game (a save's history is mostly those, and the table's
    actions already know their notation), else a new one."""
    if (len(cards) == 1 and type(seat) is int and 0 <= seat < TABLE_SEATS
            and type(cards[0]) is int and 0 <= cards[0] < FACES):
        return SINGLES[seat][cards[0]]
    return Play(seat, cards)


#: The plays of a group of equal cards, by (seat, group): the legal list of play holds
#: them whenever a seat holds two or more cards of a value that fits, which random
#: 4-player playouts meet in 9 of 10 positions (a hand grows with every pick-up). Made
#: afresh, they cost those playouts a fifth of their steps per CPU-second (measured in
#: 2026-12, fix155), so they are kept: for seats of a game and real groups only (plain
#: ``int`` codes, at most :data:`GROUP_CARDS`: a ``True == 1`` kept here would be what
#: later lists hold), and emptied at :data:`GROUP_LIMIT` keys, so what a caller sends
#: cannot grow it without bound. ``tests/shithead/test_shithead_actions_table.py``
#: checks it gives what the plain :func:`plain_group_plays` gives.
_GROUPS: dict[tuple[int, tuple[int, ...]], tuple[Play, ...]] = {}
#: The longest group kept: twelve equal cards (three decks).
GROUP_CARDS = 12
#: The most groups kept before the table is emptied.
GROUP_LIMIT = 20_000


def plain_group_plays(seat: int, group: tuple[int, ...]) -> tuple[Play, ...]:
    """Every play of some of ``group`` (equal values, sorted), by size then code order."""
    return tuple(play(seat, sub) for sub in sub_multisets(group))


def group_plays(seat: int, group: tuple[int, ...]) -> tuple[Play, ...]:
    """:func:`plain_group_plays`, kept in ``_GROUPS`` for a seat of a game."""
    key = (seat, group)
    out = _GROUPS.get(key)
    if out is None:
        out = plain_group_plays(seat, group)
        if (type(seat) is int and 0 <= seat < TABLE_SEATS and len(group) <= GROUP_CARDS
                and all(type(c) is int for c in group)):
            if len(_GROUPS) >= GROUP_LIMIT:
                _GROUPS.clear()
            _GROUPS[key] = out
    return out


def swap(seat: int, up: tuple[int, ...], hand: tuple[int, ...]) -> Swap:
    """The swap action (sorted codes on each side)."""
    return Swap(seat, up, hand)


def done(seat: int) -> Done:
    """The ``done`` action."""
    return Done(seat)


def ready(seat: int) -> Ready:
    """The ``ready`` action."""
    return Ready(seat)


def unready(seat: int) -> Unready:
    """The ``unready`` action."""
    return Unready(seat)


def pickup(seat: int) -> Pickup:
    """The ``pickup`` action (of :data:`PICKUPS` for a seat of a game)."""
    return PICKUPS[seat] if type(seat) is int and 0 <= seat < TABLE_SEATS else Pickup(seat)


def blind(seat: int, index: int) -> Blind:
    """The ``blind`` action."""
    return Blind(seat, index)


def give(seat: int, target: int) -> Give:
    """The ``give`` action."""
    return Give(seat, target)


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
