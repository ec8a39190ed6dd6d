"""What the table may infer about the unseen cards in a hand, for ``sample_world``.

Every card in a hand is either **known** to all (the state's ``known_cards``: picked up
from the pile, swapped up from the face-up cards, shown at the start) or **unseen**. The
unseen ones are not free, though: the rules force two public inferences.

* A pick-up is allowed only when nothing fits (SHD-08), so after one everybody knows that
  the unseen cards then in that hand hold no value that could have been played.
* The start (SHD-04) tells that no hand holds a lower rank than the card the starter
  shows, that the seats ahead of the starter in the tie order hold none of that rank
  either, and that the starter holds none of that rank in an earlier suit (a hand shows
  the first of its lowest cards in suit order ♣ ♦ ♥ ♠: showing 3♥ says "no 3♣, no 3♦").

Each unseen card of a hand is a **slot** carrying a bitmask of the cards (bit ``c`` for
the card code ``c``, every copy of that face) it cannot be: a bar on whole values, as a
pick-up lays, sets all four suits of each value (:func:`cards_of`); the start's suit bar
sets single cards. A slot gets every bar laid on the hand while it is there, so a slot
that came into the hand earlier carries every bar of a later one: the masks of a hand,
oldest first, form a chain (each contains the next). When an unseen card ``c`` is played,
the slot it came from is unknown; removing the **oldest** slot that allows ``c`` leaves
the weakest constraints any of the choices would leave, and since the masks are a chain
those are exactly the hands consistent with the history, no more and no fewer.

Slots are bounded: unseen cards enter a hand only by the deal and by drawing back to three
(SHD-06), so a hand never holds more than three of them.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from tablegames.common.rng import Rng
from tablegames.shithead.cards import FACES

#: Bits 0..51: a mask that bars every card (no card could fill the slot).
ALL_CARDS = (1 << FACES) - 1
#: The four cards of a value, as bits, for the value 1 (shifted by 4 per value up).
_SUITS = 0b1111


def cards_of(values: int) -> int:
    """The card mask of a value mask (bit ``v`` for the value ``v``, as the effects
    table's masks are): every suit of each value."""
    out = 0
    for v in range(1, 14):
        if values >> v & 1:
            out |= _SUITS << (v - 1) * 4
    return out


def below(value: int, inclusive: bool = False) -> int:
    """The card mask of the values under ``value`` (up to it with ``inclusive``), in
    code order (the ace low)."""
    top = value + 1 if inclusive else value
    return (1 << (top - 1) * 4) - 1 if top > 1 else 0


def earlier_suits(card: int) -> int:
    """The card mask of the cards of ``card``'s value in a suit before its own (codes are
    value-major: those are the codes just below it): what a hand that shows ``card`` as
    its lowest cannot hold (SHD-04)."""
    return (1 << card) - (1 << card - card % 4)


def bar(slots: tuple[int, ...], mask: int) -> tuple[int, ...]:
    """The slots of a hand with a public bar laid on every unseen card."""
    return tuple([m | mask for m in slots])


def forget(
    known: tuple[int, ...], slots: tuple[int, ...], cards: Iterable[int],
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Cards left a hand: a known copy goes first, else the oldest slot the value fits.

    Returns the hand's known cards and slots after (new tuples; an unchanged one is
    returned as it was, so the caller can tell that nothing changed)."""
    for c in cards:
        if c in known:
            i = known.index(c)
            known = known[:i] + known[i + 1:]
            continue
        # the state's invariant (checked when loading) guarantees such a slot exists; a
        # plain loop, not next(generator): this runs for every card played from a hand
        for i, m in enumerate(slots):
            if not m >> c & 1:
                slots = slots[:i] + slots[i + 1:]
                break
    return known, slots


def consistent(slots: Sequence[int], unseen: Sequence[int]) -> bool:
    """Whether the unseen cards ``unseen`` can fill ``slots`` (a chain, oldest first).

    For nested masks Hall's condition is one count per slot: the ``i``-th most barred
    slot and those before it need ``i + 1`` cards that all of them allow.
    """
    if len(slots) != len(unseen):
        return False
    for i, m in enumerate(slots):
        if m & ALL_CARDS == ALL_CARDS or (i and slots[i - 1] & m != m):
            return False
        if sum(1 for c in unseen if not m >> c & 1) < i + 1:
            return False
    return True


def pick_for_slots(pool: Sequence[int], masks: Sequence[int], rng: Rng) -> list[int]:
    """Indices into ``pool`` for slots with these bars, uniform over valid choices.

    Each slot draws independently and uniformly among the pool cards it allows, and the
    draw is repeated until no card was drawn twice: every valid choice then has the same
    probability (the product of the slots' option counts), so the result is exactly
    uniform, and the rest of the pool can be shuffled into the free places.
    """
    options: dict[int, list[int]] = {}
    lists = []
    for m in masks:
        opts = options.get(m)
        if opts is None:
            opts = options[m] = [i for i, c in enumerate(pool) if not m >> c & 1]
        lists.append(opts)
    while True:
        picked = [opts[rng.below(len(opts))] for opts in lists]
        if len(set(picked)) == len(picked):
            return picked
