"""Toepen's state holds no list a copy could share: every field is a tuple (or a value
replaced whole), so ``copy`` shares them all and play on one state never moves another."""

from __future__ import annotations

import random
from typing import Any

import tablegames
from tablegames.common.rng import Rng
from tablegames.common.state import _spec
from tablegames.toepen import State


def mutable_parts(value: Any, path: str) -> list[str]:
    """Where ``value`` holds a list, set or dict (a frozen result dict is allowed)."""
    if isinstance(value, list | set | bytearray):
        return [path]
    if isinstance(value, tuple):
        return [p for i, v in enumerate(value) for p in mutable_parts(v, f"{path}[{i}]")]
    return []


def fields_of(s: State) -> dict[str, Any]:
    return {name: getattr(s, name) for name, _ in _spec(State).persisted}


def test_no_field_holds_a_list_after_play_copy_load_position_or_world() -> None:
    rng = random.Random(3)
    for seed in range(12):
        s = tablegames.new_game("toepen", players=rng.choice([2, 3, 4, 6]), seed=seed)
        while not s.is_over:
            for state in (s, s.copy(), State.from_json(s.to_json()),
                          State.from_position(s.to_position(), rules=s.rules),
                          s.sample_world(s.to_act or 0, Rng(seed))):
                bad = [p for name, v in fields_of(state).items() for p in mutable_parts(v, name)]
                assert not bad, bad
            legal = s.legal_actions()
            s.apply(legal[rng.randrange(len(legal))])


def test_play_on_a_copy_leaves_the_original_as_it_was() -> None:
    rng = random.Random(4)
    s = tablegames.new_game("toepen", players=4, seed=9)
    for _ in range(6):
        s.apply(s.legal_actions()[0])
    before, view = s.to_json(), s.view(0)
    c = s.copy()
    while not c.is_over:
        legal = c.legal_actions()
        c.apply(legal[rng.randrange(len(legal))])
    assert s.to_json() == before and s.view(0) == view
    assert c.to_json() != before
