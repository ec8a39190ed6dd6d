"""Draw piles and discard piles.

A pile is a plain list of card codes with the **top at the end** (``pop()`` draws), which
makes drawing O(1) and copying a single ``list.copy``. The helpers here keep the two
conventions every game needs in one place: dealing from a stacked deck, and turning a
discard pile into a new draw pile when the draw pile runs out.
"""

from __future__ import annotations

from collections.abc import Sequence

from tablegames.common.chance import Shuffles


def as_stock(deck_top_first: Sequence[int]) -> list[int]:
    """A draw pile from a deck listed top card first (the order scenarios are written in)."""
    return list(reversed(deck_top_first))


def draw(stock: list[int], n: int) -> list[int]:
    """Take ``n`` cards off the top (fewer if the pile runs out), in the order drawn."""
    if n >= len(stock):
        cards = stock[::-1]
        stock.clear()
        return cards
    cards = stock[-n:][::-1]
    del stock[-n:]
    return cards


def deal(stock: list[int], seats: Sequence[int], per_seat: int) -> dict[int, list[int]]:
    """Deal ``per_seat`` cards to each seat in ``seats``, in packets, in seat order.

    Packets (all of one seat's cards at once) rather than one-at-a-time dealing keep
    stacked scenarios readable: the first ``per_seat`` cards of the deck go to the first
    seat named. Both give the same distribution of hands from a shuffled deck.
    """
    return {s: draw(stock, per_seat) for s in seats}


def reshuffle_discards(
    stock: list[int], discard: list[int], rng: Shuffles, *, keep_top: bool = True
) -> int:
    """Turn the discard pile (less its top card if ``keep_top``) into the new draw pile.

    The new cards go *under* whatever is left in ``stock``. Returns how many cards were
    reshuffled (0 if there was nothing to reshuffle), so the caller can emit an event.
    ``rng`` is the state's generator, or in outside-chance mode a sorter
    (:func:`tablegames.common.chance.shuffler`).
    """
    if keep_top:
        if len(discard) <= 1:
            return 0
        moving = discard[:-1]
        del discard[:-1]
    else:
        moving = discard[:]
        discard.clear()
    rng.shuffle(moving)
    stock[:0] = moving
    return len(moving)
