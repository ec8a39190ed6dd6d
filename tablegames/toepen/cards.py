"""Toepen's pack (TOE-01) and the tables the engine reads instead of recomputing.

Codes run suit-major over the rank order J Q K A 7 8 9 10, so for a code ``c``:
``c >> 3`` is the suit (clubs, diamonds, hearts, spades) and ``c & 7`` the strength
(0 = J, lowest ... 7 = 10, highest). Notation is rank then suit: ``"Th"`` (also read as
``"10h"``), ``"Js"``, ``"7c"``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from tablegames.common.cards import check_codes, suited_pack
from tablegames.common.errors import NotationError

#: The 32-card piquet pack in Toepen's rank order (TOE-01): J Q K A 7 8 9 10.
PACK = suited_pack("piquet", ("J", "Q", "K", "A", "7", "8", "9", "T"), aliases={"10": "T"})
NAMES: tuple[str, ...] = PACK.names()

JACK, QUEEN, KING, ACE, SEVEN, EIGHT, NINE, TEN = range(8)
#: Strengths that make a hand dirty (TOE-03): J, Q, K, A.
FACES = frozenset({JACK, QUEEN, KING, ACE})


def code_of(card: str | int) -> int:
    """The code of ``card``: a card as a view writes it (``"Th"``, also ``"10h"``) or a
    code as an action holds it (``Play.card``), checked: a bot reads both, and a
    wrong value (``True``, ``-1``, ``32``, a list) is a ``NotationError``, never a card."""
    if type(card) is int:
        return check_codes([card], 32)[0]
    if type(card) is not str:  # a bool is no code: True would read as the queen of clubs
        raise NotationError(f"a card is its notation (\"Th\") or a code 0 to 31, "
                            f"not {type(card).__name__}")
    return PACK.code(card)


def suit(card: str | int) -> int:
    """The suit of a card (notation or code, see :func:`code_of`): 0 clubs, 1 diamonds,
    2 hearts, 3 spades: the led card's suit is the one to follow (TOE-10, TOE-11)."""
    return code_of(card) >> 3


def strength(card: str | int) -> int:
    """The strength of a card within its suit (notation or code, see :func:`code_of`):
    0 for the jack up to 7 for the ten (TOE-01): the highest of the led suit wins the
    trick (TOE-11). A bot compares cards with it; the engine reads ``code & 7`` on its own
    codes, which need no check."""
    return code_of(card) & 7


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


def announcements(hand: Sequence[int]) -> list[dict[str, Any]]:
    """Table customs the hand obliges or allows (TOE-40, TOE-41, TOE-42), for an app to prompt.

    Each entry: ``announcement`` (``"whistle"`` or ``"stand"``), ``must`` (obliged or only
    allowed), ``reason`` and ``otherwise`` (what an obliged player who cannot whistle
    does instead: sing, TOE-42). They never change the score. ``hand`` is card codes of
    the pack (a ``NotationError`` else: ``c & 7`` read any number as a rank).
    """
    return announcements_of(check_codes(hand, 32))


def announcements_of(hand: Iterable[int]) -> list[dict[str, Any]]:
    """:func:`announcements` of a hand the engine dealt (codes of the pack): unchecked,
    since the engine asks it of every hand it deals and every view it makes, and its
    own codes need no check (a caller's do: :func:`announcements`)."""
    tens = jacks = 0
    for c in hand:
        r = c & 7
        if r == TEN:
            tens += 1
        elif r == JACK:
            jacks += 1
    out: list[dict[str, Any]] = []
    if tens < 3 and jacks < 3:
        return out
    if tens == 4:
        out.append({"announcement": "stand", "must": True, "reason": "four tens",
                    "otherwise": None})
    elif tens == 3:
        out.append({"announcement": "whistle", "must": True, "reason": "three tens",
                    "otherwise": "sing"})
    if jacks == 4:
        out.append({"announcement": "stand", "must": False, "reason": "four jacks",
                    "otherwise": None})
    elif jacks == 3:
        out.append({"announcement": "whistle", "must": False, "reason": "three jacks",
                    "otherwise": None})
    return out
