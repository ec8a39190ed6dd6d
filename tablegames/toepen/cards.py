"""Toepen's pack (TOE-01) and the tables the engine reads instead of recomputing.

Codes run suit-major over the rank order J Q K A 7 8 9 10, so for a code ``c``:
``c >> 3`` is the suit (clubs, diamonds, hearts, spades) and ``c & 7`` the strength
(0 = J, lowest ... 7 = 10, highest). Notation is rank then suit: ``"Th"`` (also read as
``"10h"``), ``"Js"``, ``"7c"``.
"""

from __future__ import annotations

from collections.abc import Iterable

from tablegames.common.cards import suited_pack

#: The 32-card piquet pack in Toepen's rank order (TOE-01): J Q K A 7 8 9 10.
PACK = suited_pack("piquet", ("J", "Q", "K", "A", "7", "8", "9", "T"), aliases={"10": "T"})
NAMES: tuple[str, ...] = PACK.names()
SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")
RANK_NAMES = ("jack", "queen", "king", "ace", "seven", "eight", "nine", "ten")

JACK, QUEEN, KING, ACE, SEVEN, EIGHT, NINE, TEN = range(8)
#: Strengths that make a hand dirty (TOE-03): J, Q, K, A.
FACES = frozenset({JACK, QUEEN, KING, ACE})


def suit(code: int) -> int:
    """Suit index of a card code."""
    return code >> 3


def strength(code: int) -> int:
    """Strength of a card code within its suit (0 = J ... 7 = 10)."""
    return code & 7


def is_dirty(hand: Iterable[int], predicate: str = "faces") -> bool:
    """Whether a hand may be exchanged honestly (TOE-03, variants per ``Rules.dirty_hand``)."""
    ranks = [c & 7 for c in hand]
    faces = sum(1 for r in ranks if r in FACES)
    if faces == len(ranks):
        return True
    return predicate == "faces_or_seven" and faces == len(ranks) - 1 and SEVEN in ranks


def card_names(codes: Iterable[int]) -> list[str]:
    """Notation of several codes."""
    return [NAMES[c] for c in codes]
