"""The PettingZoo adapter passes PettingZoo's own tests for every game, and keeps its word
on masks, infos, seeds and hidden information."""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

import tablegames
from tablegames.adapters.base import episode_seed
from tablegames.adapters.pettingzoo import TablegamesEnv, env
from tablegames.common.rng import seed_to_int
from tests.adapters.helpers import LAYS, SHITHEAD_INTERRUPTS, SHORT, check_observation

#: (game, players, rules, adapter options) run through PettingZoo's tests.
CASES: list[tuple[str, int, Any, dict[str, Any]]] = [
    *((game, players, rules, {}) for game, (players, rules) in sorted(SHORT.items())),
    ("toepen", 4, None, {"interrupts": True}),
    ("dallah", 3, None, {"table": "players"}),
    ("shithead", 2, "two-decks", {}),
    ("shithead", 3, SHITHEAD_INTERRUPTS, {"interrupts": True}),
    ("shithead", 2, {"swap_mode": "simultaneous", "aces": "high"}, {}),
]
#: The cases run through PettingZoo's seed test.
SEEDED = [*CASES[:4], CASES[-2]]


def _name(case: tuple[Any, ...]) -> str:
    rules = case[2] if isinstance(case[2], str) else "+".join(sorted(case[2] or ())) or "default"
    return f"{case[0]}-{case[1]}-{rules}-{sorted(case[3])}"


@pytest.fixture(autouse=True)
def _quiet() -> Any:
    # PettingZoo warns that dict observations are not plain arrays (as for its own
    # classic games, which carry action masks the same way).
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        yield


@pytest.mark.parametrize("case", CASES, ids=_name)
def test_pettingzoo_api_test(case: tuple[Any, ...]) -> None:
    game, players, rules, options = case
    api_test(env(game, players=players, rules=rules, **options), num_cycles=150)


@pytest.mark.parametrize("case", SEEDED, ids=_name)
def test_pettingzoo_seed_test(case: tuple[Any, ...]) -> None:
    game, players, rules, options = case
    seed_test(lambda: env(game, players=players, rules=rules, **options), num_cycles=60)


def _play(e: TablegamesEnv, seed: int, steps: int) -> Any:
    rng = np.random.default_rng(seed)
    for n, agent in enumerate(e.agent_iter(steps)):
        obs, _reward, terminated, truncated, info = e.last()
        yield n, agent, obs, info
        if terminated or truncated:
            e.step(None)
            continue
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))


@pytest.mark.parametrize("game", sorted(SHORT))
def test_masks_and_infos_follow_the_game(game: str) -> None:
    players, rules = SHORT[game]
    e = env(game, players=players, rules=rules)
    e.reset(seed=11)
    space = e.observation_space(e.possible_agents[0])
    for _n, agent, obs, info in _play(e, 1, 3000):
        session = e.session
        assert session is not None
        seat = e.possible_agents.index(agent)
        assert space.contains(obs)
        check_observation(obs["observation"], e.observer.size)
        assert info["view"] == session.state.view(seat)
        if session.state.is_over:
            assert not obs["action_mask"].any()
            continue
        assert list(np.flatnonzero(obs["action_mask"])) == session.legal_ids()
        assert np.array_equal(e.action_mask(), obs["action_mask"])
        others = [a for a in e.agents if a != agent]
        for other in others[:1]:
            assert not e.observe(other)["action_mask"].any()
    assert e.session is not None and e.session.state.is_over


def test_views_in_infos_are_cleared_by_the_next_step() -> None:
    e = env("toepen", players=3)
    e.reset(seed=2)
    first = e.agent_selection
    obs, *_ = e.last()
    assert "view" in e.infos[first]
    e.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert e.infos[first] == {}


def test_the_game_ends_with_zero_sum_rewards_and_final_views() -> None:
    e = env("shithead", players=3)
    e.reset(seed=4)
    totals = dict.fromkeys(e.possible_agents, 0.0)
    finals: dict[str, Any] = {}
    for _n, agent, _obs, info in _play(e, 3, 5000):
        totals[agent] += e._cumulative_rewards.get(agent, 0.0)
        if e.terminations.get(agent):
            finals[agent] = info["view"]
    assert not e.agents
    assert abs(sum(totals.values())) < 1e-9 and min(totals.values()) == -1.0
    assert set(finals) == set(e.possible_agents)
    assert all(v["result"] is not None for v in finals.values())


def test_illegal_ids_are_refused_and_change_nothing() -> None:
    e = env("toepen", players=3)
    e.reset(seed=5)
    session = e.session
    assert session is not None
    before, agent = session.state.to_json(), e.agent_selection
    for bad in (31, 1000, -3, "keep", True):
        with pytest.raises(tablegames.IllegalAction):
            e.step(bad)
    assert session.state.to_json() == before and e.agent_selection == agent


def test_a_lay_down_in_progress_stays_private() -> None:
    e = env("phase10", players=2)
    e.reset(seed=0)
    assert e.session is not None
    e.session.state = tablegames.new_game("phase10", players=2, seed=1, deck=LAYS)
    e.session.refresh()
    codec = e.codec
    e.step(codec.DRAW)  # type: ignore[attr-defined]
    other = e.observe("player_1")["observation"]
    lay = next(i for i, c in e.session.options().items() if c is None)
    e.step(lay)
    assert e.agent_selection == "player_0" and e.session.prefix
    assert np.array_equal(e.observe("player_1")["observation"], other)
    assert not np.array_equal(e.observe("player_0")["observation"][:50], other[:50])


def test_seeds_replay_and_follow_each_other() -> None:
    def firsts(e: TablegamesEnv) -> list[Any]:
        out = []
        for seed in (7, None, None):
            e.reset(seed=seed)
            out.append(e.last()[4]["view"]["hand"])
        return out

    a, b = firsts(env("toepen", players=3)), firsts(env("toepen", players=3))
    assert a == b and a[0] != a[1]
    e = env("toepen", players=3)
    e.reset(seed=7)
    for bad in (True, 2.5, "x" * 100):
        with pytest.raises(tablegames.SetupError):
            e.reset(seed=bad)  # type: ignore[arg-type]
    e.reset()
    assert e.last()[4]["view"]["hand"] == a[1]  # the bad seeds changed nothing
    state = tablegames.new_game("toepen", players=3, seed="7:1")
    assert a[1] == state.view(state.to_act)["hand"]


def test_a_long_seed_plays_its_later_episodes_too() -> None:
    """``reset(seed=10**70)`` was taken, and the next ``reset()`` refused its own seed
    ``"1000...0:1"`` (a seed string is at most 64 characters); such a base is hashed
    first, and every seed short enough keeps its games (found while fixing s38 M5)."""
    for seed in (10**70, "x" * 64, 2**255):
        e = env("toepen", players=3)
        e.reset(seed=seed)
        for k in (1, 2):
            e.reset()
            assert e.session is not None
            assert e.session.state.seed == f"{seed_to_int(str(seed)):016x}:{k}"
    assert episode_seed(7, 0) == 7 and episode_seed(7, 3) == "7:3"
    assert episode_seed("x" * 62, 1) == "x" * 62 + ":1"


def test_max_steps_truncates() -> None:
    e = env("phase10", players=2, max_steps=25)
    e.reset(seed=1)
    seen = sum(1 for _ in _play(e, 1, 200))
    assert not e.agents and e.steps == 25 and seen == 25 + 2


def test_render_shows_the_public_view_only() -> None:
    e = env("toepen", players=3, render_mode="ansi")
    e.reset(seed=7)
    text = e.render()
    assert isinstance(text, str) and "toepen" in text
    hand = e.last()[4]["view"]["hand"]
    assert not any(f'"{card}"' in text for card in hand)
    with pytest.raises(tablegames.SetupError):
        env("toepen", render_mode="rgb_array")
    with pytest.raises(tablegames.SetupError):
        env("toepen", max_steps=0)
    with pytest.raises(tablegames.SetupError):
        env("toepen", players=3).step(0)
