"""Groups of a phase (sets, runs, one-colour groups): their canonical form and checks.

A :class:`Group` is what a lay-down puts on the table for one requirement. Its canonical
form is what makes lay-downs countable and comparable:

* a **set** is keyed by its number and lists its natural cards by code, then its Wilds
  (every Wild in a set stands for the set's number, so nothing more needs saying);
* a **run** is keyed by its lowest number and lists its cards *in position order*: a
  Wild's place in the list is the number it stands for (P10-54);
* a **colour group** is keyed by its colour and lists naturals by code, then Wilds (a Wild
  stands for the colour; its number never matters).

Notation: ``set7=R7,B7,W``, ``run3-6=R3,W,G5,G6``, ``colG=G1,G4,G9,W``. The number or
colour is written even where the naturals imply it, so an all-Wild group (possible under
``Rules(naturals="phase")``) still says what it stands for. Under the house rule
``Rules(wild_groups="open")`` an all-Wild set or colour group is laid *open*, ``set?=W,W,W``
or ``col?=W,W,W`` (key :data:`OPEN`), and takes its number or colour from the first natural
card hit onto it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs

from tablegames.common.errors import NotationError, quoted
from tablegames.common.numbers import is_number
from tablegames.phase10 import refusals as R
from tablegames.phase10.cards import (
    COLOUR,
    COLOUR_NAMES,
    COLOURS,
    NAMES,
    NUMBER,
    SKIP,
    WILD,
    card_names,
    card_of,
)
from tablegames.phase10.refusals import Fault, shown
from tablegames.phase10.rules import COLOUR_GROUP, KIND_WORDS, RUN, SET

#: The key of an open all-Wild set or colour group (its number or colour comes later).
OPEN = -1


@attrs.frozen(order=True)
class Group:
    """One group of a lay-down, in canonical form (build it with :func:`make_group`)."""

    kind: int
    key: int
    cards: tuple[int, ...]

    def __str__(self) -> str:
        body = ",".join(NAMES[c] for c in self.cards)
        if self.kind == SET:
            return f"set{'?' if self.key == OPEN else self.key}={body}"
        if self.kind == RUN:
            return f"run{self.key}-{self.key + len(self.cards) - 1}={body}"
        return f"col{'?' if self.key == OPEN else COLOURS[self.key]}={body}"

    @property
    def sort_key(self) -> tuple[int, int, int, tuple[int, ...]]:
        """The order of groups within a lay-down: the phase's canonical requirement order
        (kind, larger first), then key and cards, so equal requirements come out sorted."""
        return (self.kind, -len(self.cards), self.key, self.cards)

    @property
    def naturals(self) -> int:
        """How many natural (number) cards the group holds."""
        return sum(1 for c in self.cards if c < WILD)


def make_group(kind: int, key: int, cards: Sequence[int]) -> Group:
    """A group in canonical card order (sets and colour groups sorted, Wilds last)."""
    if kind == RUN:
        return Group(kind, key, tuple(cards))
    return Group(kind, key, tuple(sorted(cards)))


def parse_group(text: str) -> Group:
    """Read ``set7=R7,B7,W`` / ``run3-6=...`` / ``colG=...`` (raises ``NotationError``,
    for a value that is no text too)."""
    if not isinstance(text, str):
        raise NotationError(f"a group is written as text (e.g. 'set7=R7,B7,W'), not "
                            f"{type(text).__name__}")
    head, eq, body = text.partition("=")
    if not eq or not body:
        raise NotationError(f"{quoted(text)} is not a group (write e.g. 'set7=R7,B7,W')")
    cards = [card_of(c) for c in body.split(",")]
    h = head.lower()
    if h in ("set?", "col?"):
        return make_group(SET if h == "set?" else COLOUR_GROUP, OPEN, cards)
    if h.startswith("set") and is_number(h[3:]):
        return make_group(SET, int(h[3:]), cards)
    if h.startswith("run"):
        lo, dash, hi = h[3:].partition("-")
        if is_number(lo) and dash and is_number(hi):
            if int(hi) - int(lo) + 1 != len(cards):
                raise NotationError(f"{quoted(text)}: run {lo}-{hi} must list {int(hi) - int(lo) + 1} cards")
            return make_group(RUN, int(lo), cards)
    if h.startswith("col") and h[3:].upper() in COLOURS:
        return make_group(COLOUR_GROUP, COLOURS.index(h[3:].upper()), cards)
    raise NotationError(
        f"{quoted(text)}: a group starts setN=, runA-B=, colC= (C one of R B G Y), set?= or col?="
    )


def group_fault(g: Group) -> Fault | None:
    """Why ``g`` is not a well-formed group (a :class:`Fault`); ``None`` if it is.

    Checks the shape only (which cards may stand where); the size and the natural-card
    rule are the lay-down's business, since they depend on the phase and the rules.
    """
    if (
        type(g.kind) is not int or type(g.key) is not int or type(g.cards) is not tuple
        or not g.cards or not all(type(c) is int and 0 <= c <= SKIP for c in g.cards)
    ):  # P10-01: a group is made of the pack's cards
        return R.NOT_CARDS.at(group=shown(g, as_repr=True))
    if SKIP in g.cards:  # P10-22
        return R.SKIP_IN_PHASE.at()
    if g.key == OPEN and g.kind in (SET, COLOUR_GROUP):
        if any(c != WILD for c in g.cards):  # an open group is all Wilds
            if g.kind == SET:  # P10-10
                return R.OPEN_SET_NATURAL.at(group=g)
            return R.OPEN_COLOUR_NATURAL.at(group=g)  # P10-17
    elif g.kind == SET:
        if not 1 <= g.key <= 12:  # P10-10
            return R.NO_NUMBER.at(key=quoted(g.key))
        if any(c != WILD and NUMBER[c] != g.key for c in g.cards):  # P10-10: one number
            return R.SET_MIXES.at(group=g)
    elif g.kind == RUN:
        top = g.key + len(g.cards) - 1
        if g.key < 1 or top > 12:  # P10-56
            return R.RUN_WRAPS.at(group=shown(g))
        for i, c in enumerate(g.cards):
            if c != WILD and NUMBER[c] != g.key + i:  # P10-11: consecutive, in order
                return R.RUN_ORDER.at(group=g, card=NAMES[c], number=g.key + i)
    elif g.kind == COLOUR_GROUP:
        if not 0 <= g.key < 4:  # P10-17
            return R.NO_COLOUR.at(key=quoted(g.key))
        if any(c != WILD and COLOUR[c] != g.key for c in g.cards):  # P10-17: one colour
            return R.COLOUR_MIXES.at(group=g)
    else:  # P10-40
        return R.UNKNOWN_KIND.at(kind=quoted(g.kind))
    return None


def describe_group(g: Group) -> str:
    """Words for a group (for prompts and events)."""
    if g.kind == SET:
        if g.key == OPEN:
            return f"set of {len(g.cards)} Wilds (its number still open)"
        return f"set of {len(g.cards)} × {g.key}"
    if g.kind == RUN:
        return f"run {g.key}-{g.key + len(g.cards) - 1}"
    if g.key == OPEN:
        return f"{len(g.cards)} Wilds of one colour (still open)"
    return f"{len(g.cards)} {('red', 'blue', 'green', 'yellow')[g.key]} cards"


def group_json(g: Group) -> dict[str, Any]:
    """A group as views show it (``kind``, ``cards``, ``text`` and its ``number``, run
    ``numbers`` or ``colour``; ``State.table`` adds its name)."""
    out: dict[str, Any] = {"kind": KIND_WORDS[g.kind], "cards": card_names(g.cards),
                           "text": describe_group(g)}
    if g.kind == SET:
        out["number"] = None if g.key == OPEN else g.key
    elif g.kind == RUN:
        out["numbers"] = list(range(g.key, g.key + len(g.cards)))
    else:
        out["colour"] = None if g.key == OPEN else COLOUR_NAMES[g.key]
    return out


__all__ = ["KIND_WORDS", "OPEN", "Group", "describe_group", "group_fault", "group_json",
           "is_number", "make_group", "parse_group"]
