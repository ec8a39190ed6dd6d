"""Shithead's cards: values 1 to 13 in four suits, one or more 52-card decks (SHD-05).

The source numbers the cards 1..13 rather than naming ranks, so the notation is the value
followed by the suit letter: ``"1c"``, ``"7d"``, ``"10h"``, ``"13s"``. The usual rank
letters are read as aliases (``"Ac"`` = ``"1c"``, ``"Th"`` = ``"10h"``, ``"Js"``,
``"Qs"``, ``"Ks"`` = 11, 12, 13) but never written.

Codes run **value-major**: ``code = (value - 1) * 4 + suit``, so sorting codes sorts a hand
by value (what a player looks at) and ``VALUE[code]`` is one table lookup. With several
decks the faces stay the same 52 codes and the pack holds several copies of each.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

from tablegames.common.cards import SUITS, Card, Pack

#: Values run 1..13 (SHD-05).
LOW, HIGH = 1, 13
VALUES = tuple(range(LOW, HIGH + 1))
FACES = 52
#: ``VALUE[code]``: the card's value (1..13).
VALUE: tuple[int, ...] = tuple(c // 4 + 1 for c in range(FACES))
#: Notation of every code.
NAMES: tuple[str, ...] = tuple(f"{VALUE[c]}{SUITS[c % 4]}" for c in range(FACES))
_LETTERS = {"A": 1, "T": 10, "J": 11, "Q": 12, "K": 13}


@cache
def pack(decks: int = 1) -> Pack:
    """The pack of ``decks`` 52-card decks (every face ``decks`` times)."""
    faces = tuple(Card(str(VALUE[c]), SUITS[c % 4]) for c in range(FACES))
    aliases = {
        f"{letter}{suit}": (value - 1) * 4 + si
        for letter, value in _LETTERS.items()
        for si, suit in enumerate(SUITS)
    }
    return Pack(
        name="shithead" if decks == 1 else f"shithead x{decks}",
        faces=faces,
        counts=(decks,) * FACES,
        strength=tuple(VALUE),
        aliases=aliases,
    )


def card_names(codes: Iterable[int]) -> list[str]:
    """Notation of several codes."""
    return [NAMES[c] for c in codes]


def code_of(text: str) -> int:
    """The code of a card in notation (raises ``NotationError``)."""
    return pack(1).code(text)
