"""Small multiset helpers on sorted lists of card codes (hands, face-up cards, swaps).

With several decks a hand may hold the same face twice, so "is this set of cards in the
hand?" is a multiset question; hands are short, so sorted lists beat ``Counter`` objects
for speed and for JSON.
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Iterable, Sequence
from functools import cache
from itertools import combinations


def contains(big: Sequence[int], small: Sequence[int]) -> bool:
    """Whether the multiset ``small`` is contained in ``big``."""
    if len(small) == 1:
        return small[0] in big
    rest = list(big)
    for c in small:
        try:
            rest.remove(c)
        except ValueError:
            return False
    return True


def remove_all(big: list[int], small: Iterable[int]) -> None:
    """Remove each card of ``small`` once from ``big`` (the caller checked containment)."""
    for c in small:
        big.remove(c)


def add_sorted(target: list[int], cards: Iterable[int]) -> None:
    """Add cards to a sorted list, keeping it sorted."""
    for c in cards:
        insort(target, c)


@cache
def sub_multisets(group: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Every non-empty sub-multiset of a sorted group, by size then in code order."""
    out: dict[tuple[int, ...], None] = {}
    for k in range(1, len(group) + 1):
        for combo in combinations(group, k):
            out[combo] = None
    return tuple(out)


def minus(big: Sequence[int], small: Sequence[int]) -> list[int]:
    """``big`` less one copy of each card of ``small`` (cards not in ``big`` ignored)."""
    rest = list(big)
    for c in small:
        if c in rest:
            rest.remove(c)
    return rest
