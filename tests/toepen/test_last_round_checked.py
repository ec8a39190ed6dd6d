"""A loaded ``last_round`` must be the summary of a finished round (found by helper-60).

It is saved as JSON and shown in every seat's view; before, a save or a position could
put anything there (a string as the deal's number made the table model raise, a number
too large for a float made the game unsavable). Now the load refuses anything but the
summary a round's end writes, naming the field, and changes nothing.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from tablegames import StateError, toepen
from tablegames.common.position import PositionError


def _after_a_round(seed: int = 2) -> toepen.State:
    state = toepen.new_game(players=3, seed=seed)
    rng = random.Random(seed)
    while state.last_round is None:
        state.apply(rng.choice(state.legal_actions(state.to_act)))
    return state


def _real() -> dict[str, Any]:
    return dict(_after_a_round().view(0)["last_round"])


BAD = [
    "a string", 7, [1, 2], {"anything": 1},
    {**_real(), "extra": 1},
    {**_real(), "round": "xxxx"}, {**_real(), "round": 99}, {**_real(), "round": -1},
    {**_real(), "round": True},
    {**_real(), "winner": 3}, {**_real(), "winner": [[[]]]},
    {**_real(), "stake": 0}, {**_real(), "stake": 10**6}, {**_real(), "stake": 1.5},
    {**_real(), "paid": {"99": 3}}, {**_real(), "paid": {"0": -5}}, {**_real(), "paid": []},
    {**_real(), "folded": "all"}, {**_real(), "folded": [2, 0]}, {**_real(), "folded": [0, 0]},
    {**_real(), "folded": [5]},
]


def test_a_real_summary_loads_from_a_save_and_a_position() -> None:
    state = _after_a_round()
    assert toepen.State.from_json(state.to_json()).to_json() == state.to_json()
    again = toepen.State.from_position(state.to_position())
    assert again.view(0)["last_round"] == state.view(0)["last_round"]


@pytest.mark.parametrize("junk", BAD, ids=range(len(BAD)))
def test_anything_else_is_refused_naming_the_field(junk: Any) -> None:
    state = _after_a_round()
    data = json.loads(state.to_json())
    data["state"]["last_round"] = junk
    with pytest.raises(StateError, match=r"last_round"):
        toepen.State.from_json(json.dumps(data))
    lines = [f"last_round: {json.dumps(junk, separators=(',', ':'))}"
             if line.startswith("last_round:") else line
             for line in state.to_position().splitlines()]
    with pytest.raises((StateError, PositionError), match=r"last_round"):
        toepen.State.from_position("\n".join(lines) + "\n")


def test_every_summary_a_game_writes_loads() -> None:
    """Seeded playouts (all endings, several table sizes): each state with a summary
    loads again, so the check refuses nothing the engine writes."""
    for seed in range(40):
        players = 2 + seed % 5
        rules = {"ending": "elimination"} if seed % 2 else {}
        state = toepen.new_game(players=players, seed=seed, rules=rules)
        rng = random.Random(seed)
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions(state.to_act)))
            if state.last_round is not None and rng.random() < 0.1:
                assert toepen.State.from_json(state.to_json()).to_json() == state.to_json()
        assert toepen.State.from_json(state.to_json()).to_json() == state.to_json()
