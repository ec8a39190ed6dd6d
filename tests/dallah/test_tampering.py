"""Tampered saves: one leaf of a saved state replaced by junk is refused with StateError,
or loads into a state that round-trips and plays on (never any other exception)."""

from __future__ import annotations

import json
from functools import cache
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tablegames import StateError, TablegamesError, dallah

JUNK = [None, True, False, -1, 0, 1, 2, 3, 7, 99, 10**9, -(10**9), 1.5, "", "x", "neck",
        "tall", "protect", "report", [], [0], [[]], [[0, 0, 0, 0]], {}, {"a": 1}]


@cache
def _saves() -> tuple[str, ...]:
    """Saves at many different points of several games (every stage appears)."""
    out = []
    for seed in range(6):
        state = dallah.new_game(3 + seed % 3, seed=seed,
                                held=[["ma_ysir"], ["ana_mali_dakhal"]] + [[]] * (1 + seed % 3))
        bot = dallah.ModelBot(seed)
        step = 0
        while not state.is_over:
            if step % 7 == 0:
                out.append(state.to_json())
            state.apply(bot.choose(state))
            step += 1
        out.append(state.to_json())
    return tuple(out)


def _leaves(node: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    if isinstance(node, dict):
        return [p for k, v in node.items() for p in _leaves(v, (*path, k))] or [path]
    if isinstance(node, list):
        return [p for i, v in enumerate(node) for p in _leaves(v, (*path, i))] or [path]
    return [path]


def _set(node: Any, path: tuple[Any, ...], value: Any) -> None:
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value


@settings(max_examples=400, deadline=None)
@given(which=st.integers(0, 10**6), leaf=st.integers(0, 10**6), junk=st.sampled_from(JUNK))
def test_one_junk_leaf_is_refused_or_harmless(which: int, leaf: int, junk: Any) -> None:
    saves = _saves()
    data = json.loads(saves[which % len(saves)])
    leaves = [p for p in _leaves(data) if p]
    path = leaves[leaf % len(leaves)]
    _set(data, path, junk)
    text = json.dumps(data)
    try:
        state = dallah.State.from_json(text)
    except StateError:
        return
    again = state.to_json()
    assert dallah.State.from_json(again).to_json() == again
    for seat in [None, *range(state.n)]:
        state.view(seat)
    state.copy()
    for _ in range(30):
        if state.is_over:
            state.outcome()
            break
        legal = state.legal_actions()
        assert legal, f"no legal action after tampering {path} with {junk!r}"
        try:
            state.apply(legal[0])
        except TablegamesError:  # pragma: no cover - would be a defect, shown below
            raise AssertionError(f"a listed action was refused after tampering {path}") from None
        assert min(state.piles) >= 0
        assert state.cups_in_play() == state.rules.cards.total_cups


def _tampered(setup: dict[str, Any], moves: list[str], **fields: Any) -> str:
    state = dallah.new_game(**setup)
    for move in moves:
        state.apply(move)
    data = json.loads(state.to_json())
    data["state"].update(fields)
    return json.dumps(data)


@pytest.mark.parametrize(("setup", "moves", "fields", "field"), [
    # a report whose collector is -1 would credit the last seat's pile
    ({"players": 3, "actions": ["place"], "placements": ["lid"], "rolls": ["tall"]},
     ["0:draw", "0:roll"], {"collector": -1}, "collector"),
    # a stunt report for a card that has no stunt
    ({"players": 3, "actions": ["place"], "placements": ["lid"], "rolls": ["tall"]},
     ["0:draw", "0:roll"], {"report_kind": 1}, "report_kind"),
    # a cup let go with nothing reported fallen
    ({"players": 3, "actions": ["place"], "placements": ["lid"], "rolls": ["tall"]},
     ["0:draw", "0:roll"], {"released": True}, "cups_in_hand"),
    # Shareek placing with no partner
    ({"players": 3, "actions": ["shareek"], "placements": ["lid"], "rolls": ["tall"]},
     ["0:draw", "0:target 1", "0:roll"], {"partner": -1}, "partner"),
    # a seat asked to protect that has nothing against it
    ({"players": 3, "actions": ["kheth"], "piles": [2, 0, 0],
      "held": [[], ["ma_ysir"], ["ana_mali_dakhal"]]},
     ["0:draw", "0:target 1"], {"asked": [2]}, "asked"),
    # protection already answered, but still asked
    ({"players": 3, "actions": ["kheth"], "piles": [2, 0, 0], "held": [[], ["ma_ysir"], []]},
     ["0:draw", "0:target 1"], {"answered": [1]}, "asked"),
    # a gift bigger than the giver's pile
    ({"players": 3, "actions": ["kheth"], "piles": [2, 0, 0], "held": [[], ["ma_ysir"], []]},
     ["0:draw", "0:target 1"], {"effects": [[0, 1, 5, 0]]}, "effects"),
    # an effect on no seat of the game, or with an unknown flag (declared: tuple_of)
    ({"players": 3, "actions": ["kheth"], "piles": [2, 0, 0], "held": [[], ["ma_ysir"], []]},
     ["0:draw", "0:target 1"], {"effects": [[0, 3, 1, 0]]}, r"effects\[0\]\[1\]"),
    ({"players": 3, "actions": ["kheth"], "piles": [2, 0, 0], "held": [[], ["ma_ysir"], []]},
     ["0:draw", "0:target 1"], {"effects": [[0, 1, 1, 4]]}, r"effects\[0\]\[3\]"),
    ({"players": 3, "actions": ["kheth"], "piles": [2, 0, 0], "held": [[], ["ma_ysir"], []]},
     ["0:draw", "0:target 1"], {"effects": [[0, 1, 1]]}, r"effects\[0\]"),
    ({"players": 3, "actions": ["mabrook"], "piles": [2, 0, 0]},
     ["0:draw"], {"amount": 9}, "amount"),
    # a card in play between turns
    ({"players": 3, "actions": ["place"]}, ["0:draw"], {"stage": "draw"}, "card"),
    # a collector, or a Shareek partner, between turns: the next turn's first report
    # credited it, and the save written then no longer loaded (DAL-24)
    ({"players": 3}, [], {"collector": 0}, "collector"),
    ({"players": 3}, [], {"partner": 2}, "collector"),
])
def test_inconsistent_phase_fields_are_refused(setup: dict[str, Any], moves: list[str],
                                               fields: dict[str, Any], field: str) -> None:
    text = _tampered({"seed": 1, **setup}, moves, **fields)
    with pytest.raises(StateError, match=rf"\$\.state\.{field}"):
        dallah.State.from_json(text)


@pytest.mark.parametrize("setup", [{"piles": [3, 0, 0]}, {"pot": {"neck": ["tall"]}}])
def test_more_cups_of_a_shape_than_the_set_has_is_refused(setup: dict[str, Any]) -> None:
    """The total adds up, but one shape has a cup too many (in the shared pile, or there
    and on the Dallah), another one too few."""
    s = dallah.new_game(3, seed=1, **setup)
    t = s.t
    tall = t.shape_index["tall"]
    other = next(i for i in range(t.nshapes) if i != tall and s.shared[i])
    data = json.loads(s.to_json())
    shared = data["state"]["shared"]
    shared[tall] = t.shape_cups[tall] + (0 if "pot" in setup else 1)
    shared[other] -= shared[tall] - s.shared[tall]
    with pytest.raises(StateError, match="more tall cups than the card set has"):
        dallah.State.from_json(json.dumps(data))
