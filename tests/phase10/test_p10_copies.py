"""Copies share only what never changes: play on a copy never shows in its original.

Phase 10 keeps every pile, hand and per-seat field as a tuple that ``copy`` shares and
play replaces whole, so these tests look for any list, dict or set a copy could reach in
its original's fields, and play copies and originals apart to see that neither's save
moves. The score sheet's results are the one exception by declaration: each is frozen
JSON (a dict built once when a hand ends, never edited: a new hand adds a new tuple),
and the tests check that contract by playing on.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from tablegames.common.state import _spec
from tablegames.phase10 import State, new_game

#: Declared fields the game itself never stores a mutable object in (all but the score
#: sheet, whose results are frozen dicts; ``_shown`` is a cache, not state).
FIELDS = [name for name, kind in _spec(State).fields if kind.persisted and name != "results"]
MUTABLE = (list, dict, set, bytearray)


def mutables(value: Any) -> Iterator[Any]:
    """Every list, dict, set or bytearray reachable from ``value``."""
    if isinstance(value, MUTABLE):
        yield value
    if isinstance(value, tuple | list | set):
        for x in value:
            yield from mutables(x)
    elif isinstance(value, dict):
        for x in value.values():
            yield from mutables(x)


def states(seed: int, players: int) -> list[State]:
    """States from one random game: the deal, every 40th step, the end."""
    pick = random.Random(seed)
    state = new_game(players=players, seed=seed)
    out = [state.copy()]
    while not state.is_over:
        legal = state.legal_actions()
        state.apply(legal[pick.randrange(len(legal))])
        if state.version % 40 == 0:
            out.append(state.copy())
    return [*out, state]


def play_out(state: State, seed: int, steps: int = 400) -> None:
    pick = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            return
        legal = state.legal_actions()
        state.apply(legal[pick.randrange(len(legal))])


def test_no_field_holds_a_mutable_object_on_any_path() -> None:
    """Play, copies, loads, positions and worlds all build the fields from tuples."""
    kept = states(11, 3)
    assert any(s.rebuilt is not None for s in kept)  # the rebuilt draw pile is covered
    assert any(s.results for s in kept) and kept[-1].is_over
    for s in kept[::3]:
        made = [s, s.copy(), State.from_json(s.to_json()),
                State.from_position(s.to_position(), rules=s.rules)]
        if not s.is_over:
            made.append(s.sample_world(s.active, 5))
        for m in made:
            for name in FIELDS:
                found = list(mutables(getattr(m, name)))
                assert not found, f"{name} holds {found[0]!r}"


def test_a_copy_shares_no_mutable_object_with_its_original() -> None:
    for s in states(3, 4)[::4]:
        c = s.copy()
        mine = {id(x) for name in FIELDS for x in mutables(getattr(s, name))}
        assert not mine & {id(x) for name in FIELDS for x in mutables(getattr(c, name))}
        # nothing the copy hands out is the original's either
        for seat in range(s.n):
            assert not {id(x) for x in mutables(c.view(seat))} & mine


def test_playing_on_a_copy_leaves_the_original_unchanged() -> None:
    kept = states(7, 3)
    for i, s in enumerate(kept[:-1]):
        before = s.to_json()
        views = [s.view(seat) for seat in range(s.n)]
        c = s.copy()
        play_out(c, i)
        assert c.to_json() != before
        assert s.to_json() == before and [s.view(seat) for seat in range(s.n)] == views
        # and the other way: playing on the original leaves the copy where it was
        c = s.copy()
        copied = c.to_json()
        play_out(s, i + 100, steps=60)
        assert c.to_json() == copied
