"""Hypothesis properties over random Toepen games."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from tablegames import toepen
from tablegames.common.rng import Rng

rules_st = st.builds(
    dict,
    limit=st.sampled_from([5, 10, 15]),
    ending=st.sampled_from(["rubber", "elimination"]),
    double_knock=st.booleans(),
    knock_only_on_turn=st.booleans(),
    poverty=st.booleans(),
    jack_doubles=st.booleans(),
)


def all_cards(s: toepen.State) -> Counter[int]:
    cards = Counter(c for h in s.hands for c in h)
    cards.update(s.stock)
    cards.update(c for h in s.thrown for c in h)
    cards.update(c for _, t, _ in s.tricks for _, c in t)
    cards.update(c for _, c in s.trick)
    return cards


@settings(max_examples=40)
@given(players=st.integers(2, 8), seed=st.integers(0, 10_000), rules=rules_st)
def test_random_games_keep_every_invariant(players: int, seed: int, rules: dict[str, object]) -> None:
    s = toepen.new_game(players=players, seed=seed, rules=rules)
    rng = Rng(seed)
    full = Counter(range(32))
    limit = s.rules.limit
    steps = 0
    while not s.is_over:
        assert all_cards(s) == full  # cards are conserved
        before = list(s.lives)
        hand = s.round
        playing = list(s.playing)
        stake = s.stake
        legal = s.legal_actions()
        events = s.apply(legal[rng.below(len(legal))])
        assert all(a >= b for a, b in zip(s.lives, before, strict=True))  # lives only grow
        over = next((e for e in events if e.kind == "hand_over"), None)
        if over is not None:
            winner = over.data["winner"]
            factor = over.data["stake"] // stake
            # exactly the players still in, except the winner, pay the stake
            folded_now = {e.data["seat"] for e in events if e.kind == "fold"}
            expected = {
                str(p): stake * factor for p in range(players)
                if playing[p] and p != winner and p not in folded_now
            }
            assert over.data["paid"] == expected
            assert s.round == hand + 1 or s.is_over
        steps += 1
        assert steps < 20_000
    out = s.outcome()
    if s.rules.ending == "elimination":
        assert len(out.winners) == 1  # one player left
        assert out.losers == frozenset(range(players)) - out.winners
    else:
        assert out.losers and all(s.lives[p] >= limit for p in out.losers)  # a paid rubber
        assert all(s.lives[p] < limit for p in range(players) if p not in out.losers)
        assert not out.winners & out.losers
        assert bool(out.winners) == (len(out.losers) < players)  # the rest's best win
