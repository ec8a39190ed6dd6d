"""A state pickles as its save (``BaseState.__reduce__``): to another process (a process
pool, Ray) a state goes as ``to_json`` and comes back through ``from_json``, the one save
path. Shithead's and Dallah's states did not pickle at all ("cannot pickle 'mappingproxy'
object", their read-only derived tables; found in session 60), and ``copy.deepcopy`` of
them failed the same way. Seeded random playouts of every game."""

from __future__ import annotations

import copy
import pickle
import random

import pytest

from tablegames.common.errors import StateError
from tablegames.common.rng import Rng
from tests.common.test_save_path import GAMES, positions


def _play(state: object, steps: int, seed: int) -> str:
    """``steps`` random actions (a seeded choice among the legal ones), then the save."""
    pick = random.Random(seed)
    for _ in range(steps):
        if state.is_over:  # type: ignore[attr-defined]
            break
        legal = state.legal_actions()  # type: ignore[attr-defined]
        state.apply(legal[pick.randrange(len(legal))])  # type: ignore[attr-defined]
    return state.to_json()  # type: ignore[attr-defined,no-any-return]


@pytest.mark.parametrize("game", GAMES)
def test_a_pickled_state_is_its_save_and_plays_on_alike(game: str) -> None:
    for i, s in enumerate(positions(game, 3, seed=17, every=23, limit=120)):
        before = s.to_json()
        back = pickle.loads(pickle.dumps(s))
        assert type(back) is type(s) and back.to_json() == before
        assert back.legal_actions() == s.legal_actions()
        assert _play(back, 15, i) == _play(s.copy(), 15, i)  # the same game on both
        assert s.to_json() == before  # the original did not move with its copy


@pytest.mark.parametrize("game", GAMES)
def test_copy_and_deepcopy_are_independent_states(game: str) -> None:
    s = positions(game, 3, seed=5, every=11, limit=12)[-1]
    before = s.to_json()
    for other in (copy.copy(s), copy.deepcopy(s)):
        assert other is not s and other.to_json() == before
        _play(other, 10, 1)
        assert other.to_json() != before and s.to_json() == before


@pytest.mark.parametrize("game", GAMES)
def test_a_world_pickles_as_a_world_and_a_lean_world_refuses(game: str) -> None:
    s = positions(game, 3, seed=9, every=7, limit=8)[-1]
    seat = s.to_act if s.to_act is not None else 0
    world = s.sample_world(seat, Rng(4))
    back = pickle.loads(pickle.dumps(world))
    assert back.world and back.to_json() == world.to_json()
    world.make_lean()
    with pytest.raises(StateError, match="lean search world"):
        pickle.dumps(world)
