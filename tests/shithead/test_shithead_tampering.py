"""Tampered saves: every defect is a ``StateError``; whatever loads round-trips and plays on."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tablegames import StateError, shithead
from tablegames.common.rng import Rng


def _saves() -> list[str]:
    out = []
    for seed, players, rules in ((3, 3, None), (4, 2, "classic"), (5, 4, {"rounds": 2})):
        s = shithead.new_game(players=players, seed=seed, rules=rules)
        rng = Rng(seed)
        for step in range(160):
            if s.is_over:
                break
            if step in (2, 40, 159):  # in the swap, early in play, late in play
                out.append(s.to_json())
            legal = s.legal_actions()
            s.apply(legal[rng.below(len(legal))])
    return out


SAVES = _saves()


def _leaves(node: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    if isinstance(node, dict):
        return [p for k, v in node.items() for p in _leaves(v, (*path, k))] or [path]
    if isinstance(node, list):
        return [p for i, v in enumerate(node) for p in _leaves(v, (*path, i))] or [path]
    return [path]


JUNK = st.one_of(st.integers(-3, 60), st.sampled_from([None, True, False, "x", "7♣", 1.5, [], "give",
                                                       "over", "swap", {}, [0], 2**70, 9999]))


@settings(max_examples=300, deadline=None)
@given(save=st.sampled_from(SAVES), pick=st.integers(0, 10_000), junk=JUNK)
def test_one_junk_leaf_is_refused_or_harmless(save: str, pick: int, junk: object) -> None:
    data = json.loads(save)
    leaves = _leaves(data)
    path = leaves[pick % len(leaves)]
    node = data
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = junk
    try:
        s = shithead.State.from_json(json.dumps(data))
    except StateError:
        return
    text = s.to_json()
    assert shithead.State.from_json(text).to_json() == text
    rng = Rng(pick)
    for _ in range(150):
        if s.is_over:
            break
        legal = s.legal_actions()
        assert legal, f"{path}={junk!r}: a seat to act with nothing to do"
        s.apply(legal[rng.below(len(legal))])
        s.view(None)


def _tampered(save: str, **changes: Any) -> str:
    data = json.loads(save)
    data["state"].update(changes)
    return json.dumps(data)


def test_phase_fields_that_contradict_each_other_are_refused() -> None:
    s = shithead.new_game(players=3, seed=2)
    swap = s.to_json()
    for seat in range(3):
        s.apply(f"{seat}:done")
    play = s.to_json()
    others = [p for p in range(3) if p != s.to_act]
    bad = [
        _tampered(swap, queue=[]),  # the swap with nobody to swap
        _tampered(swap, queue=[0, 0, 1]),  # a seat swapping twice
        _tampered(play, queue=[1]),  # a swap queue during play
        _tampered(swap, active=[False, True, True], finished=[0]),  # out before play began
        _tampered(play, phase="give", active=[p == s.to_act for p in range(3)],
                  finished=others),  # giving the pile with nobody to give it to
        _tampered(play, phase="give", turn=others[0], active=[p != others[0] for p in range(3)],
                  finished=[others[0]]),  # a seat that has left names the taker
    ]
    for text in bad:
        with pytest.raises(StateError):
            shithead.State.from_json(text)


def test_a_saved_setup_that_could_not_be_dealt_is_refused() -> None:
    save = shithead.new_game(players=2, seed=2, deck=["A♣", "2♣"]).to_json()
    for key, junk in (("players", ["P0"]), ("players", ["P0", "P0"]), ("deck", ["A♣", "A♣"]),
                      ("deck", ["1x"]), ("extra", {"stock": -1}), ("extra", {"lives": 3}),
                      ("players", [f"P{i}" for i in range(6)])):
        data = json.loads(save)
        data["setup"][key] = junk
        with pytest.raises(StateError, match="setup"):
            shithead.State.from_json(json.dumps(data))
