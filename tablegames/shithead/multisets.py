"""Small multiset helpers on sorted tuples of card codes (hands, face-up cards, swaps).

With several decks a hand may hold the same face twice, so "is this set of cards in the
hand?" is a multiset question; hands are short, so sorted tuples beat ``Counter`` objects
for speed and for JSON. The state keeps its card groups as tuples that ``copy`` shares,
so the edits here return a new tuple and never change their argument.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
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


def without(big: Sequence[int], small: Iterable[int]) -> tuple[int, ...]:
    """``big`` less one copy of each card of ``small`` (the caller checked containment)."""
    rest = list(big)
    for c in small:
        rest.remove(c)
    return tuple(rest)


def with_sorted(target: Sequence[int], cards: Sequence[int]) -> tuple[int, ...]:
    """A sorted group with ``cards`` added, still sorted (a new tuple)."""
    return tuple(sorted((*target, *cards)))


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
