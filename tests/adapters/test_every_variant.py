"""Every named variant of every game through the libraries' own checkers: PettingZoo's
``api_test``, Gymnasium's ``check_env``, and what OpenSpiel expects of a Python game,
checked on a bounded random walk.

The other adapter tests run these checkers on a few short rules configs; a variant's
house rules can still reach a position the adapters never met (Phase 10's ``open-wilds``
failed every adapter: ``test_phase10_open_groups.py``). ``pyspiel.random_sim_test`` plays
each game to its end, which takes a minute for a standard Phase 10 game, so the OpenSpiel
walk below checks the same expectations on the first moves of a game (every move, at
player decisions and chance nodes alike), sized so that the whole file runs in seconds.
"""

from __future__ import annotations

import contextlib
import io
import math
import warnings
from collections.abc import Iterator
from typing import Any

import numpy as np
import pyspiel
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test

from tablegames import GAMES
from tablegames.adapters.gymnasium import env as gym_env
from tablegames.adapters.openspiel import load_game
from tablegames.adapters.pettingzoo import env as pz_env

VARIANTS = [(game, name) for game in ("dallah", "phase10", "shithead", "toepen")
            for name in GAMES[game].variants]
#: Moves of the OpenSpiel walk (chance outcomes included), and how often it round-trips
#: the state through pyspiel's serialization.
MOVES = 100
SERIALIZE_EVERY = 25
#: How often the walk compares a clone with the state and measures every tensor.
CLONE_EVERY = 4


@pytest.fixture(autouse=True)
def _quiet() -> Iterator[None]:
    # PettingZoo warns that dict observations are not plain arrays (as for its own
    # classic games); Gymnasium that a Box in [0, 1] might be normalised
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        yield


def test_every_variant_is_listed() -> None:
    assert len(VARIANTS) == sum(len(info.variants) for info in GAMES.values()) >= 30
    assert ("phase10", "open-wilds") in VARIANTS


@pytest.mark.parametrize(("game", "variant"), VARIANTS)
def test_pettingzoo_and_gymnasium_checkers(game: str, variant: str) -> None:
    env = pz_env(game, players=3, rules=variant)
    env.reset(seed=1)  # api_test's own reset() then deals "1:1", "1:2", ...: reproducible
    for agent in env.possible_agents:
        env.action_space(agent).seed(0)
    with contextlib.redirect_stdout(io.StringIO()):  # its "Passed API test"
        api_test(env, num_cycles=60)
    learner = gym_env(game, ["random", "random"], variant)
    learner.action_space.seed(0)
    check_env(learner, skip_render_check=True)


def _same(a: Any, b: Any, players: int) -> None:
    """Two states pyspiel must take for the same one."""
    assert a.history() == b.history() and str(a) == str(b)
    assert a.current_player() == b.current_player()
    assert a.is_chance_node() == b.is_chance_node() and a.is_terminal() == b.is_terminal()
    if a.is_chance_node():
        assert a.chance_outcomes() == b.chance_outcomes()
    elif not a.is_terminal():
        assert a.legal_actions() == b.legal_actions()
    for p in range(players):
        assert a.information_state_string(p) == b.information_state_string(p)
        assert a.observation_tensor(p) == b.observation_tensor(p)


@pytest.mark.parametrize(("game", "variant"), VARIANTS)
def test_openspiel_expectations_on_a_random_walk(game: str, variant: str) -> None:
    spiel = load_game(game, players=3, rules=variant)
    players = spiel.num_players()
    info_size = spiel.information_state_tensor_size()
    obs_size = spiel.observation_tensor_size()
    top = spiel.num_distinct_actions()
    state = spiel.new_initial_state()
    rng = np.random.default_rng(7)
    for move in range(MOVES):
        if move % SERIALIZE_EVERY == 0:
            _, back = pyspiel.deserialize_game_and_state(
                pyspiel.serialize_game_and_state(spiel, state))
            _same(back, state, players)
        if move % CLONE_EVERY == 0:
            _same(state.clone(), state, players)
            for p in range(players):
                assert len(state.information_state_tensor(p)) == info_size
                assert len(state.observation_tensor(p)) == obs_size
        if state.is_terminal():
            returns = state.returns()
            assert math.isclose(sum(returns), 0.0, abs_tol=1e-9)
            assert all(-1.0 <= r <= 1.0 for r in returns)
            break
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            assert list(outcomes) == sorted(set(outcomes))
            assert all(0.0 < q <= 1.0 for q in probs)
            assert math.isclose(math.fsum(probs), 1.0, rel_tol=1e-12)
            assert state.legal_actions() == list(outcomes)
            state.apply_action(int(rng.choice(outcomes, p=probs)))
            continue
        actor = state.current_player()
        legal = state.legal_actions()
        assert legal == sorted(set(legal)) and legal and legal[0] >= 0 and legal[-1] < top
        mask = state.legal_actions_mask(actor)
        assert [i for i, m in enumerate(mask) if m] == legal
        for p in range(players):
            if p != actor:
                assert state.legal_actions(p) == []
        if move % SERIALIZE_EVERY == 1:
            world = state.resample_from_infostate(actor, lambda: 0.5)
            assert world.information_state_string(actor) == \
                state.information_state_string(actor)
            assert world.legal_actions() == legal
        state.apply_action(int(rng.choice(legal)))
