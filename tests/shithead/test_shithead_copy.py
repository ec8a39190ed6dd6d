"""``copy()`` shares the state's tuples and nothing its original could see change.

The card groups, per-seat values and queues are tuples that a copy shares with its
original (that is what makes ``copy`` cheap); these tests make sure that sharing never
lets play on one state show through in the other.
"""

from __future__ import annotations

from typing import Any

import pytest

from tablegames import shithead
from tablegames.common.actions import FrozenDict
from tablegames.common.rng import Rng

#: Shared on purpose, and why that is safe: the rules and their compiled table are
#: frozen. (The setup's options, ``extra``, are copied: a bot may edit its world's.)
_SHARED_READ_ONLY = {"rules", "table"}

RULES: list[dict[str, Any] | None] = [
    None, {"decks": 2}, {"cut_in": True, "burn_run": 3}, {"swap_mode": "simultaneous"},
    {"rounds": 3},
]


def _immutable(value: object) -> bool:
    """Whether nothing about ``value`` can change in place (numbers, text, tuples of them)."""
    if value is None or type(value) in (int, bool, str, frozenset):
        return True
    if type(value) is FrozenDict:  # a round's summary: refuses every change
        return all(map(_immutable, value.values()))
    return type(value) is tuple and all(map(_immutable, value))


def _states(rules: dict[str, Any] | None, seed: int) -> list[shithead.State]:
    """Every state of one random playout, from the deal to the end."""
    s = shithead.new_game(players=4, seed=seed, rules=rules)
    rng = Rng(seed)
    out = [s.copy()]
    while not s.is_over:
        legal = s.legal_actions()
        s.apply(legal[rng.below(len(legal))])
        out.append(s.copy())
    return out


@pytest.mark.parametrize("rules", RULES)
def test_a_copy_shares_only_what_cannot_change(rules: dict[str, Any] | None) -> None:
    for s in _states(rules, seed=5)[::7]:
        c = s.copy()
        for name, value in c.__dict__.items():
            if name not in s.__dict__:
                continue
            if value is not s.__dict__[name]:
                assert type(value) is not tuple or _immutable(value), name
                continue
            if name in _SHARED_READ_ONLY:
                continue
            assert _immutable(value), f"{name} is shared but can change in place"
        assert c.history is not s.history and c._events is not s._events
        assert c.rng is not s.rng


@pytest.mark.parametrize("rules", RULES)
def test_playing_a_copy_leaves_its_original_as_it_was(rules: dict[str, Any] | None) -> None:
    for i, s in enumerate(_states(rules, seed=11)[::5]):
        before = s.to_json()
        views = [s.view(p) for p in (None, *range(s.n))]
        c = s.copy()
        rng = Rng(i)
        while not c.is_over:  # to the end: every kind of edit, a next round in a match
            legal = c.legal_actions()
            c.apply(legal[rng.below(len(legal))])
        assert s.to_json() == before
        assert [s.view(p) for p in (None, *range(s.n))] == views
        if not s.is_over:  # and the original still plays as a fresh load of it does
            twin = shithead.State.from_json(before)
            legal = s.legal_actions()
            s.apply(legal[-1])
            twin.apply(legal[-1])
            assert s.to_json() == twin.to_json()


def test_a_world_shares_nothing_that_its_state_could_see_change() -> None:
    s = _states(None, seed=2)[20]
    before = s.to_json()
    w = s.sample_world(1, Rng(3))
    rng = Rng(4)
    while not w.is_over:
        legal = w.legal_actions()
        w.apply(legal[rng.below(len(legal))])
    assert s.to_json() == before
