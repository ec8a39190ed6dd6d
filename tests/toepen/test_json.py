"""Saved states: exact round trips, and every kind of bad JSON refused with StateError."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tablegames import StateError, toepen
from tablegames.common.bots import RandomBot


def midgame(seed: int = 3, steps: int = 25, players: int = 4) -> toepen.State:
    s = toepen.new_game(players=players, seed=seed)
    bot = RandomBot(seed)
    for _ in range(steps):
        if s.is_over:
            break
        s.apply(bot.choose(s))
    return s


def test_round_trip_is_byte_identical_and_plays_on_identically() -> None:
    s = midgame()
    text = s.to_json()
    t = toepen.State.from_json(text)
    assert t.to_json() == text
    a, b = RandomBot(1), RandomBot(1)
    for _ in range(30):
        if s.is_over:
            break
        s.apply(a.choose(s))
        t.apply(b.choose(t))
    assert s.to_json() == t.to_json()


def test_same_seed_and_actions_give_identical_json() -> None:
    assert midgame(9).to_json() == midgame(9).to_json()
    assert midgame(9).to_json() != midgame(10).to_json()


def mutate(text: str, fn: Any) -> str:
    data = json.loads(text)
    fn(data)
    return json.dumps(data)


BAD = {
    "truncated": lambda t: t[: len(t) // 2],
    "not json": lambda t: "hello",
    "empty": lambda t: "",
    "list": lambda t: "[]",
    "missing state": lambda t: mutate(t, lambda d: d.pop("state")),
    "missing hands": lambda t: mutate(t, lambda d: d["state"].pop("hands")),
    "wrong type": lambda t: mutate(t, lambda d: d["state"].__setitem__("stake", "2")),
    "bool for int": lambda t: mutate(t, lambda d: d["state"].__setitem__("stake", True)),
    "card out of range": lambda t: mutate(t, lambda d: d["state"]["stock"].append(40)),
    "duplicate card": lambda t: mutate(
        t, lambda d: d["state"]["hands"][0].__setitem__(0, d["state"]["hands"][1][0])),
    "card missing": lambda t: mutate(t, lambda d: d["state"]["stock"].pop()),
    "tampered rules": lambda t: mutate(t, lambda d: d["rules"].__setitem__("limit", 15)),
    "unknown rule": lambda t: mutate(t, lambda d: d["rules"].__setitem__("trumps", True)),
    "other game": lambda t: mutate(t, lambda d: d.__setitem__("game", "phase10")),
    "future format": lambda t: mutate(t, lambda d: d.__setitem__("format", 99)),
    "bad phase": lambda t: mutate(t, lambda d: d["state"].__setitem__("phase", "nap")),
    "bad seat": lambda t: mutate(t, lambda d: d["state"].__setitem__("active", 9)),
    "bad history": lambda t: mutate(t, lambda d: d["history"]["actions"].__setitem__(0, "0:dance")),
    "unused history entry": lambda t: mutate(t, lambda d: d["history"]["actions"].append("0:keep")),
    "player count": lambda t: mutate(t, lambda d: d["setup"].__setitem__("players", ["solo"])),
    "short lives": lambda t: mutate(t, lambda d: d["state"].__setitem__("lives", [0])),
    "rng": lambda t: mutate(t, lambda d: d.__setitem__("rng", -1)),
}


@pytest.mark.parametrize("kind", sorted(BAD))
def test_bad_json_raises_state_error(kind: str) -> None:
    text = midgame().to_json()
    with pytest.raises(StateError):
        toepen.State.from_json(BAD[kind](text))


@given(st.data())
def test_any_single_corruption_is_refused_or_consistent(data: st.DataObject) -> None:
    """Replace one leaf of the saved state with junk: StateError, or a state that round-trips."""
    text = midgame(data.draw(st.integers(0, 50))).to_json()
    doc = json.loads(text)
    paths: list[tuple[Any, Any]] = []

    def walk(node: Any) -> None:
        items = node.items() if isinstance(node, dict) else enumerate(node)
        for k, v in items:
            if isinstance(v, dict | list) and v:
                walk(v)
            else:
                paths.append((node, k))

    walk(doc)
    parent, key = data.draw(st.sampled_from(paths))
    parent[key] = data.draw(st.one_of(st.none(), st.booleans(), st.integers(-3, 99),
                                      st.text(max_size=3), st.just([]), st.just({})))
    try:
        loaded = toepen.State.from_json(json.dumps(doc))
    except StateError:
        return
    assert toepen.State.from_json(loaded.to_json()).to_json() == loaded.to_json()
