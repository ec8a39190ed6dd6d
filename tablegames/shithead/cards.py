"""Shithead's cards: thirteen ranks in four suits, one or more 52-card decks (SHD-05).

**Notation.** Wherever a person reads a card (views, events, prompts, the terminal) it
is written as people write it: the rank (``A``, ``2`` … ``10``, ``J``, ``Q``, ``K``) then
the suit symbol (``♣ ♦ ♥ ♠``): ``A♠``, ``K♥``, ``10♦``, ``7♣`` (:data:`NAMES`). Action
notation, which is also what saves and records hold, writes the same card in ASCII, the
suit as its letter (``c d h s``): ``0:play As``, ``0:play 10d,10h`` (:data:`ASCII`), as
python-chess keeps SAN in ASCII and draws pieces as symbols. That keeps notation easy to
type and saves small and fast (a symbol costs six characters in JSON). Read back, any of
these spellings is accepted, case-blind, in a view's cards and in notation alike:

* the suit as a symbol (``♣ ♦ ♥ ♠``, or the white ``♧ ♢ ♡ ♤``) or a letter (``c d h s``);
* the rank as ``A``/``1``, ``2`` … ``10``/``T``, ``J``/``11``, ``Q``/``12``, ``K``/``13``
  (the numbers are how the source, and saves of engine 1, write the ranks).

So ``A♠``, ``as``, ``1s`` and ``As`` are one card: shown ``A♠``, written ``As``.

**Codes and values.** Inside a state a card is a code. Codes run **value-major**:
``code = (value - 1) * 4 + suit``, with the value 1 for the ace, 11 to 13 for the court
cards, and suits in the order ♣ ♦ ♥ ♠. ``VALUE[code]`` is one table lookup, and the
effects table is keyed by these values. Whether the ace ranks low (below the 2, the
source's order) or high (above the king) is the rule ``Rules.aces``; :func:`rank_table`
gives each value's place in that order. With several decks the faces stay the same 52
codes and the pack holds several copies of each.
"""

from __future__ import annotations

from collections.abc import Iterable

from tablegames.common.cards import Card, Pack, check_codes
from tablegames.common.errors import RulesError, quoted

#: Values run 1..13 (SHD-05); 1 is the ace.
LOW, HIGH = 1, 13
FACES = 52
#: ``VALUE[code]``: the card's value (1..13, the ace 1).
VALUE: tuple[int, ...] = tuple(c // 4 + 1 for c in range(FACES))
#: Rank text of each value (index 0 unused).
RANK_TEXT = ("", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
#: Suit symbols in code order (clubs, diamonds, hearts, spades).
SUIT_SYMBOLS = ("♣", "♦", "♥", "♠")
SUIT_LETTERS = ("c", "d", "h", "s")
_WHITE_SUITS = ("♧", "♢", "♡", "♤")
#: How people read every code (views, events, prompts): ``A♠``.
NAMES: tuple[str, ...] = tuple(f"{RANK_TEXT[VALUE[c]]}{SUIT_SYMBOLS[c % 4]}" for c in range(FACES))
#: Action notation of every code (ASCII): ``As``.
ASCII: tuple[str, ...] = tuple(f"{RANK_TEXT[VALUE[c]]}{SUIT_LETTERS[c % 4]}" for c in range(FACES))
#: Other spellings of each rank (read, never written).
_RANK_ALIASES: dict[int, tuple[str, ...]] = {
    1: ("1",), 10: ("T",), 11: ("11",), 12: ("12",), 13: ("13",),
}

#: The rank orders: ``rank[value]`` is the value's place (index 0, an open pile, is 0).
RANKS_ACE_LOW: tuple[int, ...] = tuple(range(14))
RANKS_ACE_HIGH: tuple[int, ...] = (0, 14, *range(2, 14))


def rank_table(aces: str) -> tuple[int, ...]:
    """``rank[value]`` for ``Rules.aces`` (``"low"``: A=1 … K=13; ``"high"``: 2 … K, A=14):
    a bot ranks a card of its view as ``rank_table(handle.rules.aces)[VALUE[code_of(card)]]``.
    Any other ``aces`` is a ``RulesError`` (it read as ``"low"``)."""
    if type(aces) is str and aces == "high":
        return RANKS_ACE_HIGH
    if type(aces) is str and aces == "low":
        return RANKS_ACE_LOW
    raise RulesError(f"aces is 'low' or 'high', not {quoted(aces)}", code="choice",
                     option="aces", value=aces, choices=("high", "low"))


def _make_pack(decks: int = 1) -> Pack:
    """The pack of ``decks`` 52-card decks (every face ``decks`` times), made anew."""
    faces = tuple(Card(RANK_TEXT[VALUE[c]], SUIT_SYMBOLS[c % 4]) for c in range(FACES))
    aliases: dict[str, int] = {}
    for code in range(FACES):
        value, suit = VALUE[code], code % 4
        for rank in (RANK_TEXT[value], *_RANK_ALIASES.get(value, ())):
            for mark in (SUIT_SYMBOLS[suit], _WHITE_SUITS[suit], SUIT_LETTERS[suit]):
                aliases[f"{rank}{mark}"] = code
    return Pack(
        name="shithead" if decks == 1 else f"shithead x{decks}",
        faces=faces,
        counts=(decks,) * FACES,
        strength=tuple(VALUE),
        aliases=aliases,
    )


#: The packs of one, two and three decks (``Rules.decks``), made once at import (data of
#: fixed size): every card a notation names is read through the one-deck pack (about
#: 90 µs to make, against 2 µs to parse a play) and every deal and load uses its rules'.
_PACKS: tuple[Pack, ...] = tuple(_make_pack(d) for d in (1, 2, 3))


def pack(decks: int = 1) -> Pack:
    """The pack of ``decks`` 52-card decks (every face ``decks`` times): shared for the
    deck counts of ``Rules.decks`` (a ``Pack`` is read-only), made anew for any other."""
    if type(decks) is int and 1 <= decks <= len(_PACKS):
        return _PACKS[decks - 1]
    return _make_pack(decks)


def card_names(codes: Iterable[int]) -> list[str]:
    """Several codes as people read them (``["A♠", "10♦"]``); anything but codes of the
    pack is a ``NotationError`` (``-1`` named the last card, see ``check_codes``)."""
    return names_of(check_codes(codes, FACES))


def names_of(codes: Iterable[int]) -> list[str]:
    """:func:`card_names` of codes the engine holds: unchecked, since every view names
    the pile, the burnt and the removed cards, and every move's events its cards (a
    caller's codes are checked: :func:`card_names`)."""
    return [NAMES[c] for c in codes]


def code_of(text: str) -> int:
    """The code of a card in any accepted spelling (raises ``NotationError``)."""
    return pack(1).code(text)
