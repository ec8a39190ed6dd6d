"""The lay-down enumerator against a brute-force checker, and lay-downs the engine accepts.

The brute force shares nothing with the enumerator: it tries every combination of hand
cards for each requirement and asks plain questions of it (one number? distinct numbers
inside a window? one colour?), then fills the window's gaps with the Wilds.
"""

from __future__ import annotations

from itertools import combinations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from p10_scenarios import deck

from tablegames.common.errors import IllegalAction
from tablegames.phase10 import Group, new_game
from tablegames.phase10.cards import COLOUR, NAMES, NUMBER, PACK, SKIP, WILD, counts_of
from tablegames.phase10.layouts import lay_downs
from tablegames.phase10.rules import COLOUR_GROUP, RUN, SET, STANDARD_PHASES, parse_phase

PHYSICAL = PACK.full_deck()


def brute_groups(kind: int, size: int, hand: list[int], per_group: bool) -> set[Group]:
    out: set[Group] = set()
    for combo in set(combinations(sorted(hand), size)):
        if SKIP in combo:
            continue
        naturals = sorted(c for c in combo if c != WILD)
        wilds = (WILD,) * (size - len(naturals))
        if per_group and not naturals:
            continue
        if kind == SET:
            values = {NUMBER[c] for c in naturals}
            if len(values) <= 1:
                for v in values or range(1, 13):
                    out.add(Group(SET, v, (*naturals, *wilds)))
        elif kind == COLOUR_GROUP:
            colours = {COLOUR[c] for c in naturals}
            if len(colours) <= 1:
                for col in colours or range(4):
                    out.add(Group(COLOUR_GROUP, col, (*naturals, *wilds)))
        else:
            nums = [NUMBER[c] for c in naturals]
            if len(set(nums)) != len(nums):
                continue
            by_num = {NUMBER[c]: c for c in naturals}
            for start in range(1, 14 - size):
                if all(start <= x < start + size for x in nums):
                    cards = tuple(by_num.get(start + i, WILD) for i in range(size))
                    out.add(Group(RUN, start, cards))
    return out


def brute_layouts(hand: list[int], phase_text: str, per_group: bool) -> set[tuple[Group, ...]]:
    phase = parse_phase(phase_text)
    found: set[tuple[Group, ...]] = set()

    def walk(i: int, rest: list[int], chosen: list[Group]) -> None:
        if i == len(phase):
            if per_group or any(c != WILD for g in chosen for c in g.cards):
                found.add(tuple(sorted(chosen, key=lambda g: g.sort_key)))
            return
        kind, size = phase[i]
        for g in brute_groups(kind, size, rest, per_group):
            left = list(rest)
            for c in g.cards:
                left.remove(c)
            walk(i + 1, left, [*chosen, g])

    walk(0, list(hand), [])
    return found


def satisfies(groups: tuple[Group, ...], phase_text: str, hand: list[int], per_group: bool) -> bool:
    """Plain statement of the rules: shapes, sizes, naturals, cards in hand."""
    need = sorted(parse_phase(phase_text))
    if sorted((g.kind, len(g.cards)) for g in groups) != need:
        return False
    left = list(hand)
    for g in groups:
        for c in g.cards:
            if c not in left or c == SKIP:
                return False
            left.remove(c)
        nat = [c for c in g.cards if c != WILD]
        if per_group and not nat:
            return False
        if g.kind == SET and any(NUMBER[c] != g.key for c in nat):
            return False
        if g.kind == COLOUR_GROUP and any(COLOUR[c] != g.key for c in nat):
            return False
        if g.kind == RUN:
            if g.key < 1 or g.key + len(g.cards) - 1 > 12:
                return False
            if any(c != WILD and NUMBER[c] != g.key + i for i, c in enumerate(g.cards)):
                return False
    return per_group or any(c != WILD for g in groups for c in g.cards)


@st.composite
def loose_hands(draw: st.DrawFn) -> list[int]:
    """Eleven cards concentrated on a few numbers or colours (phases are common)."""
    lo = draw(st.integers(1, 7))
    colours = draw(st.sets(st.integers(0, 3), min_size=1, max_size=4))
    pool = [c for c in PHYSICAL if c < 48 and lo <= NUMBER[c] < lo + 6 and COLOUR[c] in colours]
    pool += [WILD] * draw(st.integers(0, 4)) + [SKIP] * draw(st.integers(0, 1))
    if draw(st.booleans()):
        pool += [c for c in PHYSICAL if c < 48 and c not in pool][:20]
    idx = draw(st.lists(st.integers(0, len(pool) - 1), min_size=11, max_size=11, unique=True))
    return sorted(pool[i] for i in idx)


@st.composite
def phase_hands(draw: st.DrawFn) -> tuple[list[int], int]:
    """Eleven cards holding a phase (built group by group, topped up at random), and it."""
    left = list(PACK.counts)
    hand: list[int] = []

    def take(c: int) -> None:
        if left[c] and len(hand) < 11:
            left[c] -= 1
            hand.append(c)

    k = draw(st.integers(0, len(STANDARD_PHASES) - 1))
    for kind, size in parse_phase(STANDARD_PHASES[k]):
        if kind == SET:
            v = draw(st.integers(1, 12))
            for _ in range(size):
                take(WILD if draw(st.integers(0, 4)) == 0 else v - 1 + 12 * draw(st.integers(0, 3)))
        elif kind == RUN:
            start = draw(st.integers(1, 13 - size))
            for i in range(size):
                take(WILD if draw(st.integers(0, 4)) == 0 else start + i - 1 + 12 * draw(st.integers(0, 3)))
        else:
            col = draw(st.integers(0, 3))
            for _ in range(size):
                take(WILD if draw(st.integers(0, 4)) == 0 else 12 * col + draw(st.integers(0, 11)))
    for c in draw(st.lists(st.sampled_from(PHYSICAL), min_size=11, max_size=11)):
        take(c)
    for c in PHYSICAL:  # a top-up that ran into exhausted faces: fill in pack order
        take(c)
    return sorted(hand), k


def cases() -> st.SearchStrategy[tuple[list[int], int]]:
    """(hand, phase index): mostly a hand built to hold that phase, some merely close."""
    loose = st.tuples(loose_hands(), st.integers(0, len(STANDARD_PHASES) - 1))
    return st.one_of(phase_hands(), phase_hands(), loose)


#: The hand strategies draw many small choices on purpose (one per card).
BIG = settings(suppress_health_check=[HealthCheck.large_base_example, HealthCheck.too_slow])


@BIG
@given(cases(), st.booleans())
def test_enumerator_matches_brute_force(case: tuple[list[int], int], per_group: bool) -> None:
    hand, k = case
    phase = STANDARD_PHASES[k]
    mine = lay_downs(counts_of(hand), parse_phase(phase), per_group)
    assert len(set(mine)) == len(mine)  # no duplicates
    assert set(mine) == brute_layouts(hand, phase, per_group)


def state_with_hand(hand: list[int], phase_number: int, rules: str = "standard"):  # type: ignore[no-untyped-def]
    names = [NAMES[c] for c in hand]
    other = [NAMES[c] for c in PHYSICAL if c < 48]
    for n in names:
        if n in other:
            other.remove(n)
    seat1 = " ".join(other[-10:])
    stacked = deck(" ".join(names[:10]), seat1, discard=other[0], stock=names[10])
    state = new_game(players=2, seed=2, deck=stacked, phases=[phase_number, 1], rules=rules)
    state.apply("0:draw")
    assert sorted(state.hands[0]) == sorted(hand)
    return state


@BIG
@given(cases(), st.sampled_from(["standard", "natural-per-phase"]))
def test_legal_actions_offer_every_valid_lay_down(case: tuple[list[int], int], rules: str) -> None:
    hand, k = case
    state = state_with_hand(hand, k + 1, rules)
    offered = {str(a) for a in state.legal_actions() if str(a).startswith("0:lay ")}
    brute = brute_layouts(hand, STANDARD_PHASES[k], rules == "standard")
    assert offered == {"0:lay " + " ".join(str(g) for g in groups) for groups in brute}
    for a in state.legal_actions():
        if str(a).startswith("0:lay "):
            assert satisfies(a.groups, STANDARD_PHASES[k], hand, rules == "standard")  # type: ignore[attr-defined]


def _write(g: Group) -> str:
    return str(g)


@st.composite
def attempts(draw: st.DrawFn) -> tuple[list[int], int, str]:
    """A hand, a phase, and a lay-down: a valid one slightly changed, or one made up."""
    hand, k = draw(cases())
    valid = sorted(brute_layouts(hand, STANDARD_PHASES[k], True), key=str)
    if valid and draw(st.booleans()):
        groups = list(draw(st.sampled_from(valid)))
        i = draw(st.integers(0, len(groups) - 1))
        g = groups[i]
        change = draw(st.sampled_from(["none", "key", "card", "drop", "add"]))
        cards = list(g.cards)
        if change == "key":
            key = draw(st.integers(0, 3) if g.kind == COLOUR_GROUP else st.integers(1, 12))
            g = Group(g.kind, key, g.cards)
        elif change == "card":
            cards[draw(st.integers(0, len(cards) - 1))] = draw(st.sampled_from(hand))
        elif change == "drop" and len(cards) > 1:
            cards.pop()
        elif change == "add":
            cards.append(draw(st.sampled_from(hand)))
        if change in ("card", "drop", "add"):
            g = Group(g.kind, g.key, tuple(cards))
        groups[i] = g
        try:
            return hand, k, " ".join(_write(x) for x in groups)
        except IndexError:
            pass
    parts = []
    left = list(hand)
    for _ in range(draw(st.integers(1, 2))):
        kind = draw(st.sampled_from(["set", "run", "col"]))
        size = draw(st.integers(1, min(9, len(left))))
        picked = draw(st.permutations(left))[:size]
        for c in picked:
            left.remove(c)
        key = draw(st.integers(1, 12))
        body = ",".join(NAMES[c] for c in picked)
        if kind == "run":
            parts.append(f"run{key}-{key + size - 1}={body}")
        elif kind == "set":
            parts.append(f"set{key}={body}")
        else:
            parts.append(f"col{draw(st.sampled_from('RBGY'))}={body}")
    return hand, k, " ".join(parts)


@BIG
@given(attempts())
def test_any_accepted_lay_down_satisfies_the_phase(case: tuple[list[int], int, str]) -> None:
    hand, k, text = case
    state = state_with_hand(hand, k + 1)
    before = state.to_json()
    try:
        action = state.parse_action(f"0:lay {text}")
        state.apply(action)
    except IllegalAction:
        assert state.to_json() == before
        return
    except ValueError:  # notation the parser refuses (a run too long to exist, ...)
        return
    assert satisfies(action.groups, STANDARD_PHASES[k], hand, True)  # type: ignore[attr-defined]
    assert state.down[0]


@pytest.mark.parametrize("k", range(10))
def test_offered_lay_downs_are_accepted(k: int) -> None:
    hand = sorted(PACK.codes(["R3", "B3", "G3", "Y3", "R4", "B5", "G6", "R7", "W", "W", "S"]))
    state = state_with_hand(hand, k + 1)
    for a in state.legal_actions():
        if str(a).startswith("0:lay"):
            twin = state.copy()
            twin.apply(a)
            assert twin.down[0]
