"""The count-based feasibility test never calls a layable phase impossible.

:func:`~tablegames.phase10.layouts.feasible` decides, from counts per number and colour
alone, that most hands cannot hold a phase, and the engine then skips the search. A wrong
``False`` would silently hide a legal lay-down, so it is checked against the search
itself on random house phases (one to four requirements of every kind) and hands built
to hold them, hands one card short of them, and loose hands.
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tablegames.phase10 import Group, new_game
from tablegames.phase10.cards import PACK, SKIP, WILD, counts_of
from tablegames.phase10.layouts import (
    LAY_CAP,
    feasible,
    feasible_tally,
    lay_downs,
    search_lay_downs,
    tally,
    tally_hand,
)
from tablegames.phase10.rules import COLOUR_GROUP, KIND_WORDS, RUN, SET, Phase, parse_phase

SIZES = {SET: (1, 5), RUN: (2, 8), COLOUR_GROUP: (1, 7)}


@st.composite
def house_phases(draw: st.DrawFn) -> Phase:
    parts = []
    for _ in range(draw(st.integers(1, 4))):
        kind = draw(st.sampled_from((SET, RUN, COLOUR_GROUP)))
        parts.append(f"{KIND_WORDS[kind]}{draw(st.integers(*SIZES[kind]))}")
    return parse_phase("+".join(parts))


@st.composite
def hands_for(draw: st.DrawFn, phase: Phase) -> list[int]:
    """Cards for each requirement (a Wild now and then), then a few more at random, and
    maybe one card taken out again: most hands sit on the edge of holding the phase."""
    left = list(PACK.counts)
    hand: list[int] = []

    def take(c: int) -> None:
        if left[c]:
            left[c] -= 1
            hand.append(c)

    def card(number: int, colour: int) -> int:
        return WILD if draw(st.integers(0, 5)) == 0 else colour * 12 + number - 1

    for kind, size in phase:
        if kind == SET:
            v = draw(st.integers(1, 12))
            for _ in range(size):
                take(card(v, draw(st.integers(0, 3))))
        elif kind == RUN:
            start = draw(st.integers(1, 13 - size))
            for i in range(size):
                take(card(start + i, draw(st.integers(0, 3))))
        else:
            col = draw(st.integers(0, 3))
            for _ in range(size):
                take(card(draw(st.integers(1, 12)), col))
    for c in draw(st.lists(st.sampled_from(range(50)), max_size=4)):
        take(c)
    if hand and draw(st.booleans()):
        hand.pop(draw(st.integers(0, len(hand) - 1)))
    return sorted(hand)


@st.composite
def loose_hands(draw: st.DrawFn) -> list[int]:
    """Up to 14 cards from a few numbers of a few colours, with Wilds and Skips."""
    lo = draw(st.integers(1, 9))
    colours = draw(st.sets(st.integers(0, 3), min_size=1, max_size=4))
    pool = [c for c in PACK.full_deck()
            if c < WILD and lo <= c % 12 + 1 < lo + 4 and c // 12 in colours]
    pool += [WILD] * draw(st.integers(0, 5)) + [SKIP] * draw(st.integers(0, 2))
    picks = draw(st.lists(st.integers(0, len(pool) - 1), max_size=14, unique=True))
    return sorted(pool[i] for i in picks)


@st.composite
def cases(draw: st.DrawFn) -> tuple[Phase, list[int]]:
    phase = draw(house_phases())
    hand = draw(st.one_of(hands_for(phase), hands_for(phase), loose_hands()))
    return phase, hand


BIG = settings(max_examples=300, deadline=None,
               suppress_health_check=[HealthCheck.large_base_example, HealthCheck.too_slow])


@BIG
@given(cases(), st.sampled_from([(True, False), (False, False), (False, True)]))
def test_feasible_never_rules_out_a_phase_the_search_finds(
    case: tuple[Phase, list[int]], flags: tuple[bool, bool],
) -> None:
    phase, hand = case
    per_group, open_wilds = flags
    counts = counts_of(hand)
    found = search_lay_downs(counts, phase, per_group, 1, open_wilds)
    if found:
        assert feasible(counts, phase, per_group), (phase, hand, found)
    # the tally of a hand's codes is the tally of its counts
    assert tally_hand(hand) == tally(counts)
    assert feasible_tally(tally_hand(hand), phase, per_group) == feasible(counts, phase, per_group)
    # the public enumerator is the search behind the test
    expect = search_lay_downs(counts, phase, per_group, LAY_CAP, open_wilds) if found else ()
    assert lay_downs(counts, phase, per_group, open_wilds=open_wilds) == expect


def test_feasible_counts_cards_the_requirements_would_share() -> None:
    """Three sevens, an eight and two Wilds for two sets of four: each set alone passes a
    look at the largest number (three naturals, one Wild short), but two sets can use at
    most the sevens and the eight, four naturals, and need four Wilds for the rest."""
    hand = sorted(PACK.codes(["R7", "B7", "G7", "R8", "W", "W", "B1", "G3", "Y10", "R12"]))
    phase = parse_phase("set4+set4")
    counts = counts_of(hand)
    assert not feasible(counts, phase)
    assert search_lay_downs(counts, phase, True, LAY_CAP, False) == ()
    # one Wild more and it is possible, and found
    more = counts_of(sorted([*hand, WILD, WILD]))
    assert feasible(more, phase)
    assert search_lay_downs(more, phase, True, LAY_CAP, False)


def test_the_engine_offers_a_phase_on_the_edge_of_the_counts() -> None:
    """Phase 7 from four sevens, two eights and two Wilds: exactly enough, and offered."""
    from p10_scenarios import deck

    state = new_game(players=2, seed=1, phases=[7, 1], deck=deck(
        "R7 B7 G7 Y7 R8 B8 W W B1 G3", "R2 R3 R4 R5 R6 B2 B3 B4 B5 B6",
        discard="Y12", stock="Y11"))
    state.apply("0:draw")
    lays = [str(a) for a in state.legal_actions() if str(a).startswith("0:lay")]
    assert "0:lay set7=R7,B7,G7,Y7 set8=R8,B8,W,W" in lays
    assert all(isinstance(g, Group) for a in state.legal_actions() if str(a).startswith("0:lay")
               for g in a.groups)  # type: ignore[attr-defined]
