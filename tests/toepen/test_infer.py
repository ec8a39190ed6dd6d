"""Worlds weighted by the others' knocks and stays (:mod:`tablegames.toepen.infer`).

The search's Toepen worlds lean toward hands that explain the others' knocks (TOE-21)
and stays (TOE-22) this hand; the signals must be exactly this hand's, read from what the
searching seat saw, and a world in which a knocker holds a card that can win the last
trick must weigh more than one in which it holds none.
"""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tablegames.bots.handle import Handle
from tablegames.common.rng import Rng
from tablegames.toepen import ClubBot, State, new_game
from tablegames.toepen import actions as A
from tablegames.toepen.bots import (
    CLUB_READING,
    KNOCK_AT,
    KNOCK_STEP,
    KNOCKER_DISCOUNT,
    NEAR_LIMIT,
)
from tests.toepen.helpers import game

signals, belief = CLUB_READING.signals, CLUB_READING.belief

#: Seat 0: Ah Kh Qh Jh; seat 1: As Ks Qs Js; the stock after.
DECK = ["Ah", "Kh", "Qh", "Jh", "As", "Ks", "Qs", "Js",
        "7c", "8c", "9c", "Tc", "Jc", "Qc", "Kc", "Ac"]


def _same(got: list[tuple[int, float]], want: list[tuple[int, float]]) -> bool:
    """The same seats in the same order, with the same bars (to rounding)."""
    return ([x for x, _ in got] == [x for x, _ in want]
            and [b for _, b in got] == pytest.approx([b for _, b in want]))


def _walk(state: State, steps: int, seed: int) -> list[tuple[State, list[tuple[int, str, int]]]]:
    """Club bots play ``steps`` actions; after each, a copy of the state and this hand's
    knocks and the stays answering them as an onlooker notes them: (seat, "knock"/"stay",
    knocks before); a stay in poverty (TOE-31) answers no knock and says less."""
    bots = [ClubBot(seed + s) for s in range(state.n)]
    seen: list[tuple[int, str, int]] = []
    knocks = 0
    out = []
    for _ in range(steps):
        if state.is_over:
            break
        seat = state.to_act
        assert seat is not None
        action = bots[seat].choose(state)
        if not isinstance(action, A.Knock):  # the others may knock out of turn (TOE-21)
            for s in range(state.n):
                taken = bots[s].interrupt(state, s) if s != seat else None
                if taken is not None:
                    action = taken
                    break
        hand, answering = state.round, state.knocker >= 0  # not a poverty choice (TOE-31)
        state.apply(action)
        if state.round != hand:
            seen, knocks = [], 0
        elif isinstance(action, A.Knock):
            seen.append((action.seat, "knock", knocks))
            knocks += 1
        elif isinstance(action, A.Stay) and answering:
            seen.append((action.seat, "stay", knocks))
        if not state.is_over:
            out.append((state.copy(), list(seen)))
    return out


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 10_000), st.integers(2, 5))
def test_signals_are_this_hands_knocks_and_stays_by_the_others_still_in(
        seed: int, players: int) -> None:
    """TOE-21, TOE-22: the history walk finds what an onlooker noted this hand, for every
    seat (its own and folded seats' left out), with the club bot's bar for each."""
    state = new_game(players=players, seed=seed)
    for st_, seen in _walk(state, 150, seed)[::3]:
        base = st_.stake - st_.knocks
        for seat in range(players):
            want = []
            for s, kind, before in seen:
                if s == seat or not st_.playing[s]:
                    continue
                if kind == "knock":
                    want.append((s, min(0.95, KNOCK_AT + KNOCK_STEP * before)))
                else:
                    stake = base + before
                    near = NEAR_LIMIT if st_.lives[s] + stake >= st_.rules.limit else 0.0
                    want.append((s, (1 - max(1, stake - 1) / stake + near) / KNOCKER_DISCOUNT))
            assert _same(signals(st_, seat), want)


def test_a_knock_and_a_stay_are_signals_with_their_bars() -> None:
    """TOE-21, TOE-22: seat 1 knocks, seat 0 stays and knocks back, seat 1 stays."""
    s = game(DECK, players=2)
    for a in ("1:knock", "0:stay", "0:knock", "1:stay"):
        s.apply(a)
    assert _same(signals(s, 0), [(1, 0.7), (1, (1 - 2 / 3) / 0.9)])
    assert _same(signals(s, 1), [(0, (1 - 1 / 2) / 0.9), (0, 0.8)])


def test_a_new_hand_forgets_the_last_hands_knocks() -> None:
    """TOE-22: a fold ends the two-seat hand; the next hand has no signals, so no belief."""
    s = game(DECK, players=2)
    s.apply("1:knock")
    assert signals(s, 0) == [(1, 0.7)]
    round_ = s.round
    s.apply("0:fold")
    assert s.round == round_ + 1
    assert signals(s, 0) == signals(s, 1) == []
    assert belief(s, 0) is None


def test_no_knock_no_belief() -> None:
    """Before any knock every world is as likely: the search samples uniformly."""
    s = game(DECK, players=2)
    assert belief(s, 0) is None and belief(s, 1) is None


def test_a_knocker_holding_a_winner_is_likelier() -> None:
    """TOE-21: the weight follows the knocker's chance to win the last trick in the
    world: sampled worlds sorted by that chance are sorted by their log-likelihood, and
    the spread is real (the likeliest world weighs more than the least likely)."""
    s = new_game(players=2, seed=11)
    bots = [ClubBot(1), ClubBot(2)]
    while s.knocks == 0 or s.to_act != 0:
        assert not s.is_over
        seat = s.to_act
        assert seat is not None
        s.apply(bots[seat].choose(s))
        if s.knocks and s.last_knocker == 0:  # seat 0 knocked first: start over
            s = new_game(players=2, seed=int(s.round) + 100)
    loglik = belief(Handle(s, 0).world(), 0)
    assert loglik is not None
    worlds = [s.sample_world(0, Rng(i)) for i in range(40)]
    pairs = sorted((ClubBot.win_chance(w, 1), loglik(w)) for w in worlds)
    logs = [x for _, x in pairs]
    assert logs == sorted(logs)
    assert logs[-1] - logs[0] > 0.1
    assert all(math.isfinite(x) and x <= 0 for x in logs)


def test_the_search_with_weighted_worlds_is_legal_and_reproducible() -> None:
    """TOE-22: answering a knock with ``belief_pool`` on, the search picks a legal answer,
    the same one for the same seed, and leaves the real state as it was."""
    from tablegames.bots.ismcts import ISMCTS

    s = game(DECK, players=2)
    s.apply("1:knock")
    before = s.to_json()
    picks = []
    for _ in range(2):
        bot = ISMCTS("toepen", 5, budget=20, belief_pool=4)
        picks.append(bot.choose(Handle(s, 0)))
        assert bot.last is not None and bot.last.iterations == 20
    assert picks[0] == picks[1] and picks[0] in s.legal_actions()
    assert s.to_json() == before


def test_a_game_set_up_within_a_hand_reads_its_knocks_from_there_with_true_bars() -> None:
    """TOE-21, TOE-22: a game read from a position after this hand's first knock has the
    knock in its count (``knocks``) but not in its history. The knocks and stays it does
    hold are read with the bars they had: the stake had been raised before them (read as
    if the hand's first knock were the first of the history, a stay answered a stake of
    2, not 3, and the knock back was read at the first knock's bar)."""
    s = game(DECK, players=2)
    s.apply("1:knock")
    later = State.from_position(s.to_position())
    assert later.knocks == 1 and not later.history
    for a in ("0:stay", "0:knock", "1:stay"):
        s.apply(a)
        later.apply(a)
    assert _same(signals(s, 0), [(1, 0.7), (1, (1 - 2 / 3) / 0.9)])
    assert _same(signals(later, 0), [(1, (1 - 2 / 3) / 0.9)])  # the first knock: not seen
    assert _same(signals(later, 1), signals(s, 1))  # both were after the load


def test_a_lean_world_has_no_signals() -> None:
    """A search's lean world keeps no history to read (as Phase 10's ``signals``): no
    signals, no belief, rather than the lean world's refusal to show its history."""
    s = game(DECK, players=2)
    s.apply("1:knock")
    world = s.sample_world(0, Rng(1))
    world.make_lean()
    assert signals(world, 0) == [] and belief(world, 0) is None
