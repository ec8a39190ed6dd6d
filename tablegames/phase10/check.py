"""Checking Phase 10 without a game: groups, phases, hits and a hand's points.

The engine asks these same functions whether a lay-down or a hit is allowed, so an app,
a scorekeeper or a test gets exactly the verdict ``apply`` would give, with the same
refusal code and ruling:

>>> from tablegames import phase10
>>> phase10.check_phase("set3=R3,B3,G3 set7=R7,B7,W", 1) is None
True
>>> phase10.check_phase("set3=R3,B3,G3 run7-10=R7,B8,W,Y10", 1).code
'wrong_phase'
>>> phase10.check_hit("B6", "run5-8=R5,W,G7,Y8").code    # a Wild holds the 6 already
'no_swap'
>>> phase10.check_hit("W", "run5-8=R5,B6,G7,Y8").message  # a Wild must say where it goes
'a Wild on a run names the free number at either end it stands for (4 or 9); other hits name no number'
>>> phase10.check_hit("W", "run5-8=R5,B6,G7,Y8", 9) is None
True
>>> phase10.hit_values("run5-8=R5,B6,G7,Y8", "W")
[4, 9]
>>> phase10.hand_points("R3 Y10 W S")
55

Cards are given by notation (``"R7"``, ``"W"``) or code, groups by notation
(``"set7=R7,B7,W"``) or as :class:`~tablegames.phase10.groups.Group`; a lay-down is the
groups separated by spaces, as in the ``lay`` action. Notation that cannot be read raises
:class:`~tablegames.common.errors.NotationError`; everything else is answered with a
:class:`Fault` (why not) or ``None`` (allowed).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, cast

from tablegames.common.errors import NotationError, RulesError, quoted
from tablegames.common.rules import coerce_rules
from tablegames.phase10 import refusals as R
from tablegames.phase10.cards import COLOUR, N_FACES, NAMES, NUMBER, POINTS, SKIP, WILD, card_of
from tablegames.phase10.groups import OPEN, Group, group_fault, make_group, parse_group
from tablegames.phase10.refusals import Fault, shown
from tablegames.phase10.rules import (
    COLOUR_GROUP,
    RUN,
    SET,
    Phase,
    Rules,
    parse_phase,
)

#: A group as the table keeps it: (kind, key, cards); see ``Group``.
TableGroup = tuple[int, int, tuple[int, ...]]


_STANDARD = Rules()


def _rules(rules: Any) -> Rules:
    """The rules as ``new_game`` reads them (``None``: the standard game)."""
    return _STANDARD if rules is None else coerce_rules(Rules, rules)


# ------------------------------------------------------------------ reading the input
def card_code(card: str | int) -> int:
    """The code of a card given by notation or code (``NotationError`` if neither)."""
    if type(card) is int and 0 <= card < N_FACES:
        return card
    if isinstance(card, str):
        return card_of(card)
    raise NotationError(f"{quoted(card)} is not a Phase 10 card")


def card_codes(cards: str | Iterable[str | int]) -> list[int]:
    """Codes of several cards: a list, or one string of notation separated by spaces."""
    if isinstance(cards, str):
        return [card_code(c) for c in cards.split()]
    try:
        items = list(cards)
    except TypeError:
        raise NotationError(f"{quoted(cards)} is not a list of Phase 10 cards") from None
    return [card_code(c) for c in items]


def as_group(group: str | Group | Sequence[Any]) -> Group:
    """A :class:`Group` from notation, a ``Group`` or a table group ``(kind, key, cards)``."""
    if isinstance(group, Group):
        return group
    if isinstance(group, str):
        return parse_group(group)
    try:
        kind, key, body = cast(tuple[int, int, Sequence[int]], tuple(group))
        cards = tuple(body)
    except (TypeError, ValueError):
        raise NotationError(f"{shown(group, as_repr=True)} is not a group "
                            "(write e.g. 'set7=R7,B7,W')") from None
    if not (type(kind) is int and type(key) is int and all(type(c) is int for c in cards)):
        raise NotationError(f"{shown(group, as_repr=True)} is not a group: kind, key and "
                            "cards are whole numbers")
    return Group(kind, key, cards)


def as_groups(groups: str | Iterable[str | Group]) -> tuple[Group, ...]:
    """The groups of a lay-down: its notation (``"set3=R3,B3,G3 set7=R7,B7,W"``, with or
    without a leading ``"0:lay"``) or the groups themselves."""
    if isinstance(groups, str):
        words = groups.split()
        if words and words[0].endswith(":lay"):
            words = words[1:]
        return tuple(parse_group(w) for w in words)
    try:
        items = iter(groups)
    except TypeError:  # a number, None: no groups at all
        raise NotationError(f"{quoted(groups)} is not a lay-down (write e.g. "
                            "'set3=R3,B3,G3 set7=R7,B7,W')") from None
    return tuple(as_group(g) for g in items)


# ------------------------------------------------------------------ groups and phases
def shape_fault(g: Group) -> Fault | None:
    """What is wrong with the shape of one group (see ``groups.group_fault``)."""
    return group_fault(g)


def groups_fault(groups: object) -> Fault | None:
    """What is wrong with the shape of a lay-down's groups, before any phase is asked."""
    if not isinstance(groups, tuple) or not groups or not all(isinstance(g, Group) for g in groups):
        return R.LAY_NOT_GROUPS.at()  # P10-40
    for g in groups:
        fault = shape_fault(g)
        if fault is not None:
            return fault
    return None


def canonical_groups(groups: tuple[Group, ...]) -> tuple[Group, ...]:
    """``groups`` as the notation writes and reads them: each group's cards in canonical
    order (:func:`~tablegames.phase10.groups.make_group`), the groups in
    :attr:`~tablegames.phase10.groups.Group.sort_key` order.

    A lay-down built in Python in another order was taken as it came (found by
    helper-122): a set's cards were laid in that order, and the notation written in the
    history reads back as the canonical lay-down, so the game's own save did not load
    back byte-identical and ``verify=True`` refused it. The engine offers only canonical
    lay-downs, and refuses any other (``lay_order``); the checking API (:func:`check_phase`)
    takes groups in any order, as a person writes them."""
    made = (make_group(g.kind, g.key, g.cards) for g in groups)
    return tuple(sorted(made, key=lambda g: g.sort_key))


def _rules_fault(g: Group, rules: Rules) -> Fault | None:
    """What the house rules say about one well-formed group (its natural cards)."""
    naturals = g.naturals
    if naturals == 0 and rules.naturals == "group":  # P10-54: a natural in every group
        return R.GROUP_NO_NATURAL.at(group=shown(g))
    if g.kind != RUN and naturals == 0:
        if rules.wild_groups == "open" and g.key != OPEN:  # P10-54, house rule wild_groups
            return R.WILD_GROUP_OPEN.at(word=R.NUMBER_WORD if g.kind == SET else R.COLOUR_WORD,
                          prefix="set" if g.kind == SET else "col")
        if rules.wild_groups == "named" and g.key == OPEN:  # P10-54, house rule wild_groups
            return R.WILD_GROUP_NAMED.at(group=shown(g))
    return None


def check_group(
    group: str | Group, requirement: str | None = None, *, rules: Any = None,
) -> Fault | None:
    """Why ``group`` is not a valid group (``None`` if it is), optionally for a requirement.

    ``requirement`` is one part of a phase, such as ``"set3"`` or ``"run4"``: the group
    must be of that kind and hold at least that many cards (P10-43 allows more than the
    minimum; the engine lays the minimum and hits the rest on). ``rules`` (anything
    ``new_game`` takes: a ``Rules``, a variant name, a dict of options) decides the
    natural-card rule and open Wild groups (P10-54).

    >>> check_group("set7=R7,B7,W", "set3") is None
    True
    >>> check_group("set7=R7,B7", "set3").code
    'incomplete_phase'
    """
    g = as_group(group)
    fault = shape_fault(g) or _rules_fault(g, _rules(rules))
    if fault is not None or requirement is None:
        return fault
    reqs = parse_phase(requirement)
    if len(reqs) != 1:
        raise RulesError(f"{quoted(requirement)} is a whole phase; give one requirement, "
                         "like 'set3'", code="value", value=requirement)
    ((kind, size),) = reqs
    if g.kind != kind:  # P10-41
        return R.GROUP_WRONG_KIND.at(group=shown(g), kind=R.KINDS[g.kind],
                      want=R.KINDS[kind])
    if len(g.cards) < size:  # P10-42
        return R.GROUP_TOO_SMALL.at(group=shown(g), size=size)
    return None


def lay_fault(
    groups: tuple[Group, ...], want: Phase, name: str, rules: Rules,
    have: Sequence[int] | None,
) -> Fault | None:
    """Why ``groups`` do not lay the phase ``want`` (described as ``name`` in messages,
    ``"phase 2: set of 3 + run of 4"``) from a hand with ``have[face]`` cards of each face
    (``None``: the hand is not checked).

    This is the engine's own test of a lay-down (P10-40 .. P10-44, P10-54).
    """
    fault = groups_fault(groups)
    if fault is not None:
        return fault
    got = sorted((g.kind, len(g.cards)) for g in groups)
    need = sorted(want)
    kinds_left = [k for k, _ in need]
    for k, _ in got:
        if k not in kinds_left:  # P10-41: the phase one works on, nothing else
            return R.WRONG_PHASE.at(name=name)
        kinds_left.remove(k)
    if kinds_left:  # P10-42: the whole phase at once
        return R.PHASE_AT_ONCE.at(name=name)
    if got != need:
        if any(g < w for (_, g), (_, w) in zip(got, need, strict=True)):  # P10-42
            return R.PHASE_SHORT.at(name=name)
        return R.LAY_EXACT.at(name=name)  # P10-43: extra cards are hits
    for g in groups:
        fault2 = _rules_fault(g, rules)
        if fault2 is not None:
            return fault2
    if not any(g.naturals for g in groups):  # P10-54 (naturals="phase": one in the phase)
        return R.PHASE_NO_NATURAL.at()
    if have is not None:
        used = [0] * N_FACES
        for g in groups:
            for c in g.cards:
                used[c] += 1
        if any(u > h for u, h in zip(used, have, strict=True)):  # P10-42: from the hand
            return R.LAY_NOT_IN_HAND.at()
    return None


def check_phase(
    groups: str | Iterable[str | Group], phase: int | str, *, rules: Any = None,
    hand: str | Iterable[str | int] | None = None,
) -> Fault | None:
    """Why ``groups`` are not a lay-down of ``phase`` (``None`` if they are).

    ``phase`` is a phase number of ``rules.phases`` (1 to 10 for the standard list) or a
    phase written like ``"set3+run4"``; ``hand``, if given, is what the player holds (the
    groups must come out of it, P10-42). ``rules`` is anything ``new_game`` takes (a
    ``Rules``, a variant name such as ``"natural-per-phase"``, a dict of options).

    >>> check_phase("run1-7=R1,B2,G3,Y4,R5,B6,W", 4) is None
    True
    >>> check_phase("set3=R3,B3,G3 set7=R7,B7,W", 1, hand="R3 B3 G3 R7 B7").code
    'not_in_hand'
    """
    rules = _rules(rules)
    if isinstance(phase, str):
        want = parse_phase(phase)
        name = R.phase_named(phase)
    else:
        if type(phase) is not int or not 1 <= phase <= len(rules.phases):
            raise RulesError(f"phase must be a phase number in 1..{len(rules.phases)}, "
                             "or a phase written like 'set3+run4'", code="range",
                             value=phase, least=1, most=len(rules.phases))
        want = rules.phase_reqs[phase - 1]
        name = R.phase_named(rules.phases[phase - 1], phase)
    have = None
    if hand is not None:
        have = [0] * N_FACES
        for c in card_codes(hand):
            have[c] += 1
    return lay_fault(as_groups(groups), want, name, rules, have)


# ------------------------------------------------------------------ hits
def table_hit_values(group: TableGroup, card: int) -> list[int]:
    """Where ``card`` lands on a table group: ``[0]`` for a set or colour group it fits
    (or an open one), the run numbers a Wild could take, ``[0]`` for a natural extending a
    run, or ``[]``. (The engine's fast form of :func:`hit_values`.)"""
    kind, key, body = group
    if card == SKIP:
        return []
    if kind == SET:
        return [0] if card == WILD or key == OPEN or NUMBER[card] == key else []
    if kind == COLOUR_GROUP:
        return [0] if card == WILD or key == OPEN or COLOUR[card] == key else []
    lo, hi = key, key + len(body) - 1
    if card == WILD:
        return [v for v in (lo - 1, hi + 1) if 1 <= v <= 12]
    return [0] if NUMBER[card] in (lo - 1, hi + 1) else []


def hit_values(group: str | Group | Sequence[Any], card: str | int) -> list[int]:
    """Where ``card`` could go on ``group``: ``[0]`` if it fits a set or colour group or
    extends a run, the numbers a Wild could stand for at a run's ends, or ``[]``."""
    g = as_group(group)
    return table_hit_values((g.kind, g.key, g.cards), card_code(card))


def hit_fault(group: TableGroup, card: int, value: int, where: str = R.THAT_GROUP) -> Fault | None:
    """Why ``card`` (a Wild on a run naming ``value``) may not be hit onto ``group``.

    Each refusal names its real reason: a number the run already has (``already_in_run``),
    a place a Wild already holds (``no_swap``), a card beside neither end of the run
    (``not_next_to_run``), a full run (``run_full``), another number or colour
    (``wrong_number``, ``wrong_colour``), a Skip (``skip_in_phase``) or a Wild's value.
    """
    kind, key, body = group
    if card == SKIP:  # P10-22
        return R.SKIP_IN_PHASE.at()
    fits = table_hit_values(group, card)
    if kind == RUN and card != WILD:
        number = NUMBER[card]
        if key <= number < key + len(body):
            if body[number - key] == WILD:  # P10-47: a laid Wild is never swapped out
                return R.NO_SWAP.at(number=number, where=where)
            return R.ALREADY_IN_RUN.at(number=number, where=where)  # P10-11
        if not fits:
            hi = key + len(body) - 1
            if (number, hi) == (1, 12) or (number, key) == (12, 1):  # P10-56: no wrapping
                return R.RUN_WOULD_WRAP.at(card=NAMES[card], where=where, lo=key, hi=hi)
            # P10-11: a run is consecutive numbers, so a natural goes on beside an end
            return R.NOT_NEXT_TO_RUN.at(card=NAMES[card], where=where, lo=key, hi=hi)
    if kind == RUN and card == WILD and not fits:  # P10-56: no free end
        return R.RUN_FULL.at(where=where)
    if not fits:
        if kind == SET:  # P10-10: a set is one number
            return R.WRONG_NUMBER.at(card=NAMES[card], key=key, where=where)
        return R.WRONG_COLOUR.at(card=NAMES[card], where=where)  # P10-17
    wild_in_run = kind == RUN and card == WILD
    if (value != 0) != wild_in_run or (wild_in_run and value not in fits):  # P10-54
        ends = (R.NONE_HERE if not wild_in_run else str(fits[0]) if len(fits) == 1
                else R.TWO_ENDS.at(low=fits[0], high=fits[1]))  # phrases: "or" is a word
        return R.WILD_VALUE.at(ends=ends)  # P10-54: a Wild names a free end, or nothing
    return None


def check_hit(card: str | int, group: str | Group, value: int = 0) -> Fault | None:
    """Why ``card`` may not be hit onto the laid ``group`` (``None`` if it may).

    ``value`` is the number a Wild takes at an end of a run (``W=9`` in notation); every
    other hit names none.

    >>> check_hit("Y9", "run5-8=R5,B6,G7,Y8") is None
    True
    >>> check_hit("B6", "run5-8=R5,B6,G7,Y8").code
    'already_in_run'
    """
    g = as_group(group)
    fault = shape_fault(g)
    if fault is not None:
        return fault
    if type(value) is not int:
        raise NotationError("a Wild's value is a whole number (0: none)")
    return hit_fault((g.kind, g.key, g.cards), card_code(card), value, str(g))


# ------------------------------------------------------------------ points
def hand_points(cards: str | Iterable[str | int]) -> int:
    """What cards left in hand score when a hand ends (P10-52): 5 per card 1-9, 10 per
    card 10-12, 15 per Skip, 25 per Wild (no house rule changes the values)."""
    return sum(POINTS[c] for c in card_codes(cards))


__all__ = [
    "Fault",
    "as_group",
    "as_groups",
    "card_code",
    "card_codes",
    "check_group",
    "check_hit",
    "check_phase",
    "groups_fault",
    "hand_points",
    "hit_fault",
    "hit_values",
    "lay_fault",
    "shape_fault",
    "table_hit_values",
]
