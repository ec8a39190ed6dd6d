"""The effects table compiled for the engine: plain tuples indexed by value.

``Rules.effects`` is the readable table (a few rows); the engine asks "may value *v* go on
this pile?" and "what does *v* do?" thousands of times a second, so :func:`compile_table`
turns it once per rules object into dense tuples and a legality bitmask per pile state.

The **pile state** that legality depends on is two numbers, both derived from the pile:

* ``level`` — the value a normal card must match or beat (0 for an empty pile or after a
  Zero-it, SHD-20);
* ``cap`` — 0, or the highest value allowed next (5 after a "5 or less", SHD-21; the card's
  own value after a classic play-lower 7).

A card with ``on="any"`` is always legal; a card with ``on="ge"`` needs ``value <= cap``
while a cap stands, and ``value >= level`` otherwise.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

import attrs

from tablegames.shithead.cards import VALUE
from tablegames.shithead.rules import Effect

PLAIN, RESET, FIVE, LOWER, SKIP, REVERSE, BURN, CLEAR, UNDER, GIVE = range(10)
KIND_CODES = {
    "plain": PLAIN, "reset": RESET, "five_or_less": FIVE, "play_lower": LOWER,
    "skip": SKIP, "reverse": REVERSE, "burn": BURN, "transparent": CLEAR,
    "under_over": UNDER, "give": GIVE,
}
KIND_NAMES = {v: k for k, v in KIND_CODES.items()}
#: Human names used in views, events and prompts.
KIND_TITLES = {
    PLAIN: "plain", RESET: "zero it", FIVE: "5 or less", LOWER: "play lower", SKIP: "skip",
    REVERSE: "reverse", BURN: "burn", CLEAR: "transparent", UNDER: "under-over",
    GIVE: "take it, bad luck",
}


@attrs.frozen
class Table:
    """Dense per-value tables (index 0 unused) and legality masks per pile state."""

    kind: tuple[int, ...]
    any_pile: tuple[bool, ...]
    each: tuple[bool, ...]
    #: ``masks[cap][level]``: bitmask of values (bit v) that may be played.
    masks: tuple[tuple[int, ...], ...]

    def allowed(self, level: int, cap: int) -> int:
        """Bitmask of the values (bit ``v``) that may go on a pile in this state."""
        return self.masks[cap][level]

    def legal(self, value: int, level: int, cap: int) -> bool:
        """Whether a card of ``value`` may be played on a pile in this state."""
        return bool(self.masks[cap][level] >> value & 1)

    def pile_state(self, pile: Sequence[int]) -> tuple[int, int]:
        """``(level, cap)`` of a pile (bottom first), read from its top down.

        Transparent cards are seen through (SHD-26); a pile of nothing but transparent
        cards counts the value of its bottom card (9 in the default table). A reset counts
        0 (SHD-20); a five-or-less or play-lower card sets the cap. Any other card counts
        its value. The state is read from the cards alone, so a card that Under-over
        (SHD-27) brings to the top sets it as if just laid (a five-or-less restricts again),
        while what a card *does* when laid (skip, reverse, burn) happens only then.
        """
        kind = self.kind
        for code in reversed(pile):
            v = VALUE[code]
            k = kind[v]
            if k == CLEAR:
                continue
            if k == RESET:
                return 0, 0
            if k == FIVE:
                return v, 5
            if k == LOWER:
                return v, v
            return v, 0
        if pile:
            return VALUE[pile[0]], 0
        return 0, 0


@cache
def compile_table(effects: tuple[Effect, ...]) -> Table:
    """The dense form of an effects table (cached: rules objects are immutable)."""
    kind = [PLAIN] * 14
    any_pile = [False] * 14
    each = [False] * 14
    for e in effects:
        kind[e.value] = KIND_CODES[e.does]
        any_pile[e.value] = e.on == "any"
        each[e.value] = e.multiples == "each"
    masks = []
    for cap in range(14):
        row = []
        for level in range(14):
            m = 0
            for v in range(1, 14):
                if any_pile[v] or (v <= cap if cap else v >= level):
                    m |= 1 << v
            row.append(m)
        masks.append(tuple(row))
    return Table(tuple(kind), tuple(any_pile), tuple(each), tuple(masks))
