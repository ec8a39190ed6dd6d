"""Hypothesis properties over random Shithead rounds under random house rules."""

from __future__ import annotations

from collections import Counter
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from tablegames import shithead
from tablegames.common.rng import Rng
from tablegames.shithead.multisets import contains

from .helpers import all_cards

TABLES = {"standard": shithead.DEFAULT_EFFECTS, "classic": shithead.CLASSIC_EFFECTS, "none": ()}

rules_st = st.fixed_dictionaries({
    "effects": st.sampled_from(sorted(TABLES)).map(lambda k: list(TABLES[k])),
    "decks": st.sampled_from([1, 2]),
    "direction": st.sampled_from(["counter-clockwise", "clockwise"]),
    "swap": st.booleans(),
    "burn_run": st.sampled_from([None, 3, 4]),
    "action_limit": st.just(2000),
    "rounds": st.sampled_from([1, 1, 2]),
})


@settings(max_examples=40)
@given(data=st.data(), seed=st.integers(0, 10_000), rules=rules_st)
def test_random_rounds_keep_every_invariant(data: Any, seed: int, rules: dict[str, Any]) -> None:
    players = data.draw(st.integers(2, 5 if rules["decks"] == 1 else 8))
    s = shithead.new_game(players=players, seed=seed, rules=rules)
    full = Counter({c: rules["decks"] for c in range(52)})
    rng = Rng(seed)
    gone: set[int] = set()
    round_losers: list[int] = []
    while not s.is_over:
        assert all_cards(s) == full  # hand + face-up + face-down + stock + pile + burnt + removed
        assert s.to_act not in gone  # a finished player never acts again
        assert all(s.legal_actions(p) == [] for p in gone)
        assert all(contains(s.hands[p], s.known_cards[p]) for p in range(players))
        legal = s.legal_actions()
        action = legal[rng.below(len(legal))]
        events = s.apply(action)
        gone.update(e.data["seat"] for e in events if e.kind == "finished")
        over = [e.data["loser"] for e in events if e.kind == "round_over"]
        round_losers.extend(over)  # exactly one loser per round
        if over and not s.is_over:
            gone = set()  # a new round: everyone is dealt in again
        assert gone == set(s.finished)
    assert all_cards(s) == full
    out = s.outcome()
    assert len(round_losers) == rules["rounds"]  # exactly one loser per round
    assert s.tally == tuple(round_losers.count(p) for p in range(players))
    loser = round_losers[-1]
    assert loser not in gone
    if not s.limit_hit:
        assert sorted([*s.finished, loser]) == list(range(players))
        assert s.hands[loser] or s.face_up[loser] or s.face_down[loser]
    if rules["rounds"] == 1:
        assert out.losers == {loser} and out.scores[loser] == players
    else:
        worst, best = max(s.tally), min(s.tally)
        if worst == best:  # SHD-01 (decision): a match every seat lost as often is a draw
            assert out.losers == out.winners == frozenset()
        else:
            assert out.losers == {p for p in range(players) if s.tally[p] == worst}
            assert out.winners == {p for p in range(players) if s.tally[p] == best}


@settings(max_examples=25)
@given(seed=st.integers(0, 10_000), players=st.integers(2, 5), seat=st.integers(0, 4))
def test_sampled_worlds_agree_with_what_the_seat_knows(seed: int, players: int, seat: int) -> None:
    seat %= players
    s = shithead.new_game(players=players, seed=seed)
    rng = Rng(seed)
    for _ in range(rng.below(120)):
        if s.is_over:
            break
        legal = s.legal_actions()
        s.apply(legal[rng.below(len(legal))])
    w = s.sample_world(seat, rng.fork())
    assert w.view(seat) == s.view(seat) and w.view(None) == s.view(None)
    assert all_cards(w) == all_cards(s)
    for p in range(players):
        assert contains(w.hands[p], s.known_cards[p])
        assert len(w.face_down[p]) == len(s.face_down[p])
