"""Worlds weighted by what the others' play revealed (:mod:`tablegames.phase10.infer`).

The search's Phase 10 worlds lean toward what an opponent's discards and declines this
hand made likely; every world it keeps must still be one the engine dealt from what the
searching seat has seen, and the weighing must read nothing else.
"""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from p10_scenarios import game, play

from tablegames.bots.handle import Handle
from tablegames.bots.ismcts import ISMCTS
from tablegames.common.bots import RandomBot
from tablegames.common.errors import SetupError
from tablegames.common.rng import Rng
from tablegames.phase10 import SmartBot, State, new_game
from tablegames.phase10 import actions as A
from tablegames.phase10.cards import NUMBER, PACK, SKIP, WILD, counts_of
from tablegames.phase10.infer import belief, signals

SEEDS = st.integers(0, 10_000)


def _reference_walk(state: State, steps: int, seed: int, smart: bool,
                    ) -> list[tuple[State, list[tuple[int, int]]]]:
    """Play ``steps`` actions; after each, the state's copy and this hand's signals as an
    onlooker who watched the table sees them (the top discard before each draw, each
    discard), worked out from the real state as it goes rather than from the history.

    The card turned up at the deal (under ``first_skip="twist"`` the last of those turned
    up, which covers the Skips) is named by no action: a decline of it counts only while
    it still lies where it was turned up, or alone on a rebuilt pile, where the seat can
    read it (once taken, or shuffled away into a rebuilt draw pile, the history cannot
    name it)."""
    bots = [SmartBot(seed + s) if smart else RandomBot(seed + s) for s in range(state.n)]
    seen: list[tuple[int, int, bool]] = []  # seat, card, whether it is the turned-up card
    at: int | None = len(state.discard) - 1  # where the turned-up card lies (None: gone)
    out = []
    for _ in range(steps):
        if state.is_over:
            break
        action = bots[state.to_act].choose(state)  # type: ignore[index]
        s, hand_no, kind = action.seat, state.round, type(action)
        first = at is not None and len(state.discard) == at + 1
        if not state.down[s]:
            if kind is A.Draw and state.discard and state.discard[-1] not in (WILD, SKIP):
                seen.append((s, state.discard[-1], first))
            if kind is A.Discard and action.card not in (WILD, SKIP):  # type: ignore[attr-defined]
                seen.append((s, action.card, False))  # type: ignore[attr-defined]
        if kind is A.Take and first:
            at = None
        elif kind is A.Draw and not state.stock and len(state.discard) > 1:
            at = 0 if first else None  # the rebuild leaves the top card alone (P10-59)
        state.apply(action)
        if state.round != hand_no:
            seen, at = [], len(state.discard) - 1
        if not state.is_over:
            out.append((state.copy(), [(t, c) for t, c, f in seen if at is not None or not f]))
    return out


@settings(max_examples=25, deadline=None)
@given(SEEDS, st.integers(2, 6), st.booleans())
def test_signals_are_each_others_discards_and_declines_this_hand(
        seed: int, players: int, smart: bool) -> None:
    """The history replay finds exactly the signals an onlooker noted, for every seat
    (its own play left out), across hands, Skips and rebuilt draw piles."""
    walk = _reference_walk(new_game(players=players, seed=seed), 250, seed, smart)
    for state, seen in walk[::5]:
        for seat in range(players):
            assert signals(state, seat) == [x for x in seen if x[0] != seat]


def _twist_deals(players: int, count: int) -> list[int]:
    """The first ``count`` seeds whose first hand, under ``first_skip="twist"``, turns up
    a Skip and covers it (P10-25)."""
    seeds = []
    for seed in range(2_000):
        state = new_game(players=players, seed=seed, rules="twist")
        if state.sources is not None and len(state.sources[0]) > 1:
            seeds.append(seed)
            if len(seeds) == count:
                break
    return seeds


@pytest.mark.parametrize("players", [2, 4])
def test_signals_read_a_hand_whose_turned_up_skip_was_covered(players: int) -> None:
    """Under ``first_skip="twist"`` the deal turns up more than one card (P10-25): the
    replay counts them all, so a hand that began with a covered Skip still gives its
    signals (it used to find none), and the cover's decline names the covering card."""
    seeds = _twist_deals(players, 3)
    assert len(seeds) == 3
    found = 0
    for seed in seeds:
        state = new_game(players=players, seed=seed, rules="twist")
        walk = _reference_walk(state, 60, seed, smart=True)
        for state, seen in walk:
            if state.round != 0:  # the first hand, the one whose Skip was covered
                break
            for seat in range(players):
                assert signals(state, seat) == [x for x in seen if x[0] != seat]
                found += len(signals(state, seat))
    assert found > 0


def _kept_worlds(state: State, seat: int, count: int, pool: int) -> list[State]:
    bot = ISMCTS("phase10", 3, budget=30, belief_pool=pool, lean=False)
    handle = Handle(state, seat)
    loglik = belief(handle.world(), seat)
    rng = Rng(7)
    return [bot._sample(handle, rng, loglik) for _ in range(count)]


@settings(max_examples=20, deadline=None)
@given(SEEDS, st.integers(2, 5), st.integers(0, 300))
def test_every_weighted_world_is_a_legal_world_of_what_the_seat_has_seen(
        seed: int, players: int, steps: int) -> None:
    """Weighing only picks among the engine's worlds: each kept world conserves the
    pack, keeps the seat's hand, the table, the discard pile, the sizes and the others'
    known cards, and shows the seat exactly its real view."""
    walk = _reference_walk(new_game(players=players, seed=seed), steps, seed, True)
    if not walk:
        return
    state = walk[-1][0]
    for seat in range(players):
        for world in _kept_worlds(state, seat, 3, 6):
            assert world.hands[seat] == state.hands[seat]
            assert world.laid == state.laid and world.discard == state.discard
            assert [len(h) for h in world.hands] == [len(h) for h in state.hands]
            assert len(world.stock) == len(state.stock)
            for other in range(players):
                assert not Counter(state.known_cards[other]) - Counter(world.hands[other])
            cards = [c for h in world.hands for c in h] + [*world.stock, *world.discard]
            cards += [c for row in world.laid for _, _, body in row for c in body]
            assert counts_of(cards) == list(PACK.counts)
            if state.rebuilt is not None:
                assert not Counter(world.stock) - Counter(state.rebuilt)
            world._check_declared()
            world._check_loaded()
            assert world.view(seat) == state.view(seat)


@settings(max_examples=15, deadline=None)
@given(SEEDS, st.integers(2, 4), st.integers(0, 300))
def test_the_weights_read_only_what_the_seat_has_seen(seed: int, players: int, steps: int) -> None:
    """The likelihood built from the real state and from any world the seat might hold
    instead (its hidden cards redealt) weigh every world alike."""
    walk = _reference_walk(new_game(players=players, seed=seed), steps, seed, True)
    if not walk:
        return
    state = walk[-1][0]
    for seat in range(players):
        real = belief(state, seat)
        other = belief(state.sample_world(seat, Rng(seed + 1)), seat)
        assert (real is None) == (other is None)
        if real is None or other is None:
            continue
        for k in range(4):
            world = state.sample_world(seat, Rng(k))
            assert real(world) == other(world)


def _sevens_discarded() -> State:
    """Seat 1 (building two sets, phase 1) discards all four of its 7s, one a turn."""
    state = game("R3 B3 G3 R9 B9 G10 Y11 R12 B12 G12", "R7 B7 G7 Y7 R1 B2 G4 Y5 R6 B8",
                 discard="Y1")
    play(state, "0:draw", "0:discard R12", "1:draw", "1:discard R7",
         "0:draw", "0:discard B12", "1:draw", "1:discard B7",
         "0:draw", "0:discard G12", "1:draw", "1:discard G7",
         "0:draw", "0:discard Y11", "1:draw", "1:discard Y7")
    return state


def _sevens(worlds: list[State]) -> int:
    return sum(1 for w in worlds for c in w.hands[1] if NUMBER[c] == 7 and c != WILD)


def test_an_opponent_who_discarded_every_seven_is_dealt_fewer_sevens() -> None:
    """Four 7s discarded by seat 1 while it builds sets: the weighted worlds deal it far
    fewer of the four 7s still unseen than uniform worlds do (the same generator)."""
    state = _sevens_discarded()
    assert [c for s, c in signals(state, 0) if NUMBER[c] == 7] == [6, 18, 30, 42]
    uniform = _sevens(_kept_worlds(state, 0, 400, 1))
    weighted = _sevens(_kept_worlds(state, 0, 400, 8))
    assert uniform > 100  # about 4 x 10/88 per world
    assert weighted * 4 < uniform


def test_a_seats_own_discards_weigh_nothing() -> None:
    """Seat 1 sees its own discards as no signal, and seat 0's discards (12s, an 11)
    weigh only what seat 0 holds, which seat 1's worlds never redeal."""
    state = _sevens_discarded()
    assert all(s == 0 for s, _ in signals(state, 1))
    assert all(s == 1 for s, _ in signals(state, 0))


def test_weighted_search_is_reproducible_and_off_with_a_pool_of_one() -> None:
    """The same seed finds the same move with weighted worlds; a pool of 1 searches
    uniform worlds exactly as before the weighing existed (no extra draw from the
    generator), so only Phase 10, whose hint sets a pool, changes."""
    state = _sevens_discarded()
    handle = Handle(state, state.to_act)
    one, two = ISMCTS("phase10", 5, budget=30), ISMCTS("phase10", 5, budget=30)
    assert one.belief_pool == 8
    assert one.choose(handle) == two.choose(handle)
    assert one.last is not None and two.last is not None and one.last.stats == two.last.stats
    flat = ISMCTS("phase10", 5, budget=30, belief_pool=1)
    flat.choose(handle)
    rng_a, rng_b = Rng(9), Rng(9)
    a = flat._sample(handle, rng_a)
    b = handle.sample_world(rng_b)
    b.make_lean()
    assert a.hands == b.hands and a.stock == b.stock and rng_a.state == rng_b.state
    assert ISMCTS("toepen", 1).belief_pool == 1


@pytest.mark.parametrize("bad", [0, -1, 1001, 1.5, True, "8", None])
def test_a_bad_belief_pool_is_refused(bad: object) -> None:
    if bad is None:
        assert ISMCTS("phase10", 1, belief_pool=None).belief_pool == 8
        return
    with pytest.raises(SetupError, match="belief_pool"):
        ISMCTS("phase10", 1, belief_pool=bad)  # type: ignore[arg-type]
