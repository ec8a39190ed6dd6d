"""The single-agent Gymnasium environments pass Gymnasium's own checker for every game, run
under the sync and async vector envs, and keep their word on seats, masks, infos, illegal
ids and rewards."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import tablegames
from tablegames.adapters.base import returns
from tablegames.adapters.gymnasium import TablegamesGymEnv, env
from tablegames.common.errors import IllegalAction
from tests.adapters.helpers import SHORT, check_observation

#: One table of house bots per game (the player count is SHORT's).
OPPONENTS: dict[str, list[str]] = {
    "toepen": ["club", "random"],
    "phase10": ["smart"],
    "shithead": ["smart", "random"],
    "dallah": ["model"],
}
GAMES = sorted(OPPONENTS)


def make_env(game: str, **kwargs: Any) -> TablegamesGymEnv:
    return env(game, OPPONENTS[game], SHORT[game][1], **kwargs)


def play(e: TablegamesGymEnv, seed: int, steps: int, rng_seed: int = 0) -> list[Any]:
    """Up to ``steps`` random legal steps from ``reset(seed)``; what the learner got."""
    rng = np.random.default_rng(rng_seed)
    obs, info = e.reset(seed=seed)
    got: list[Any] = [(obs.tobytes(), info["seat"])]
    for _ in range(steps):
        action = int(rng.choice(np.flatnonzero(e.action_masks())))
        obs, reward, terminated, truncated, info = e.step(action)
        got.append((obs.tobytes(), reward, terminated, truncated))
        if terminated or truncated:
            break
    return got


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.filterwarnings("ignore:.*alternative render modes:UserWarning")
def test_gymnasium_check_env(game: str) -> None:
    e = make_env(game, render_mode="ansi")
    check_env(e)
    assert e.n == SHORT[game][0]


def test_check_env_with_every_kind_of_opponent() -> None:
    e = env("toepen", ["club", "random", "ismcts"], {"limit": 3},
            bot_params={"ismcts": {"budget": 8}})
    check_env(e, skip_render_check=True)
    assert e.n == 4 and e.observation_space.shape == (287,)


@pytest.mark.parametrize("game", GAMES)
def test_async_and_sync_vector_envs_agree(game: str) -> None:
    fns = [lambda: make_env(game), lambda: make_env(game)]
    sync = gymnasium.vector.SyncVectorEnv(fns)
    async_ = gymnasium.vector.AsyncVectorEnv(fns)
    try:
        rng = np.random.default_rng(5)
        obs_s, info_s = sync.reset(seed=[11, 12])
        obs_a, info_a = async_.reset(seed=[11, 12])
        assert np.array_equal(obs_s, obs_a)
        assert info_s["seat"].tolist() == [11 % SHORT[game][0], 12 % SHORT[game][0]]
        for _ in range(40):
            masks = info_s["action_mask"]
            assert np.array_equal(masks, info_a["action_mask"])
            # a finished game's mask is empty; the vector env resets it on the next step
            # and ignores the action
            actions = np.array([rng.choice(np.flatnonzero(m)) if m.any() else 0 for m in masks])
            obs_s, rew_s, term_s, _, info_s = sync.step(actions)
            obs_a, rew_a, term_a, _, info_a = async_.step(actions)
            assert np.array_equal(obs_s, obs_a) and np.array_equal(rew_s, rew_a)
            assert np.array_equal(term_s, term_a)
            for row in obs_s:
                assert row.dtype == np.float32 and row.min() >= 0.0 and row.max() <= 1.0
        masks = async_.call("action_masks")
        assert len(masks) == 2 and all(m.dtype == bool for m in masks)
    finally:
        sync.close()
        async_.close()


@pytest.mark.parametrize("game", GAMES)
def test_same_seed_same_game_and_seats_rotate(game: str) -> None:
    n = SHORT[game][0]
    assert play(make_env(game), 21, 60) == play(make_env(game), 21, 60)
    e = make_env(game)
    seats = []
    _, info = e.reset(seed=30)
    seats.append(info["seat"])
    for _ in range(2 * n - 1):
        _, info = e.reset()
        seats.append(info["seat"])
    assert seats == [(30 + k) % n for k in range(2 * n)]
    assert sorted(set(seats)) == list(range(n))


@pytest.mark.parametrize("game", GAMES)
def test_observations_masks_and_infos(game: str) -> None:
    e = make_env(game)
    size = e.observation_space.shape[0] if e.observation_space.shape else 0
    obs, info = e.reset(seed=2)
    rng = np.random.default_rng(2)
    for _ in range(80):
        check_observation(obs, size)
        mask = e.action_masks()
        assert mask.dtype == bool and mask.any()
        assert np.array_equal(mask, info["action_mask"].astype(bool))
        assert sorted(np.flatnonzero(mask)) == e.session.legal_ids()  # type: ignore[union-attr]
        assert e.session.actor == info["seat"]  # type: ignore[union-attr]
        # only arrays and scalars: what any replay buffer stores
        for value in info.values():
            assert isinstance(value, np.ndarray | int | float)
        obs, _reward, terminated, truncated, info = e.step(int(rng.choice(np.flatnonzero(mask))))
        if terminated or truncated:
            assert not e.action_masks().any()
            break


def test_the_view_is_in_info_only_on_request() -> None:
    e = make_env("toepen", info_view=True)
    _, info = e.reset(seed=3)
    state = e.session.state  # type: ignore[union-attr]
    assert info["view"] == state.view(info["seat"])
    _, _, _, _, info = e.step(int(np.flatnonzero(e.action_masks())[0]))
    assert info["view"] == e.session.state.view(info["seat"])  # type: ignore[union-attr]
    assert "view" not in make_env("toepen").reset(seed=3)[1]


def test_ids_outside_the_space_are_refused_and_change_nothing() -> None:
    e = make_env("toepen")
    e.reset(seed=4)
    before = e.session.state.to_json()  # type: ignore[union-attr]
    for bad in (-1, 40, True, "3", 2.5, None):
        with pytest.raises(tablegames.IllegalAction):
            e.step(bad)
    assert e.session.state.to_json() == before  # type: ignore[union-attr]
    assert e.steps == 0


def test_masked_ids_are_random_legal_ids_or_refused() -> None:
    e = make_env("toepen")
    e.reset(seed=4)
    masked = int(np.flatnonzero(~e.action_masks())[0])
    _, _, _, _, info = e.step(masked)
    assert info["illegal"] == 1 and e.steps == 1
    # the substitute is drawn from the episode's own generator: the same every time
    again = make_env("toepen")
    again.reset(seed=4)
    again.step(masked)
    assert again.session.state.to_json() == e.session.state.to_json()  # type: ignore[union-attr]

    strict = make_env("toepen", illegal="raise")
    strict.reset(seed=4)
    before = strict.session.state.to_json()  # type: ignore[union-attr]
    with pytest.raises(tablegames.IllegalAction) as err:
        strict.step(masked)
    assert err.value.code == "illegal_id"
    assert strict.session.state.to_json() == before  # type: ignore[union-attr]


def test_an_unreset_or_finished_env_refuses_steps() -> None:
    e = make_env("shithead")
    with pytest.raises(tablegames.SetupError):
        e.step(0)
    e.reset(seed=1)
    rng = np.random.default_rng(0)
    while True:
        _, _, terminated, _, _ = e.step(int(rng.choice(np.flatnonzero(e.action_masks()))))
        if terminated:
            break
    with pytest.raises(tablegames.IllegalAction):
        e.step(0)


@pytest.mark.parametrize("game", GAMES)
def test_game_reward_is_the_zero_sum_return_at_the_end(game: str) -> None:
    e = make_env(game)
    rewards = [r for _, r, *_ in play(e, 8, 10_000)[1:]]
    state = e.session.state  # type: ignore[union-attr]
    assert state.is_over
    assert all(r == 0.0 for r in rewards[:-1])
    assert rewards[-1] == returns(state.outcome(), e.n)[e.seat]


@pytest.mark.parametrize("game", GAMES)
def test_hand_rewards_add_up_to_the_tally_against_the_table(game: str) -> None:
    """Each hand's reward is the table's mean penalty minus the learner's, so over a game
    they add up to the final tally against the table's mean (divided by the scale)."""
    key = {"toepen": "lives", "phase10": "scores", "shithead": "tally", "dallah": "piles"}[game]
    rules = {"toepen": {"limit": 5}, "shithead": {"rounds": 3}}.get(game, SHORT[game][1])
    e = env(game, OPPONENTS[game], rules, reward="hand")
    start = e.reset(seed=9)[1]["seat"]
    first = e.session.state.view(None)  # type: ignore[union-attr]
    scale = (float(first["shared_total"] + sum(first["piles"])) if game == "dallah"
             else {"toepen": 5.0, "phase10": 100.0, "shithead": 1.0}[game])
    rng = np.random.default_rng(1)
    total, nonzero = 0.0, 0
    while True:
        _, reward, terminated, truncated, _ = e.step(
            int(rng.choice(np.flatnonzero(e.action_masks()))))
        total += reward
        nonzero += reward != 0.0
        if terminated or truncated:
            break
    final = [float(x) for x in e.session.state.view(None)[key]]  # type: ignore[union-attr]
    assert total == pytest.approx((sum(final) / e.n - final[start]) / scale)
    assert nonzero >= (2 if game != "phase10" else 1)  # rewards came along the way


def test_interrupts_are_on_by_default() -> None:
    """The learner is asked whether to knock out of turn (TOE-21), as the arena asks."""
    polled = 0
    for interrupts in (True, False):
        e = make_env("toepen", **({} if interrupts else {"interrupts": False}))
        rng = np.random.default_rng(3)
        e.reset(seed=5)
        for _ in range(300):
            mask = e.action_masks()
            if e.codec.interrupts and e.session.polling:  # type: ignore[union-attr]
                polled += 1
                assert mask[e.codec.PASS]
            action = int(rng.choice(np.flatnonzero(mask)))
            if e.codec.interrupts and e.session.polling:  # type: ignore[union-attr]
                action = e.codec.PASS
            _, _, terminated, _, _ = e.step(action)
            if terminated:
                e.reset()
        assert e.codec.interrupts is interrupts
        assert e.action_space.n == (40 if interrupts else 39)
    assert polled > 20


def test_max_steps_truncates() -> None:
    """The episode ends at ``max_steps``: the mask is all zeros and a further step is
    refused, changing nothing, until ``reset()`` (the game itself is not over)."""
    e = make_env("phase10", max_steps=5)
    e.reset(seed=1)
    for k in range(5):
        _, _, terminated, truncated, info = e.step(int(np.flatnonzero(e.action_masks())[0]))
        assert not terminated and truncated is (k == 4)
        assert bool(info["action_mask"].any()) is (k < 4)
    assert not e.action_masks().any() and e.session is not None
    saved = e.session.state.to_json()
    with pytest.raises(IllegalAction) as refused:
        e.step(0)
    assert refused.value.code == "truncated" and e.steps == 5
    assert e.session.state.to_json() == saved
    e.reset()
    assert e.action_masks().any() and e.steps == 0


@pytest.mark.parametrize("kwargs", [
    {"opponents": []}, {"opponents": "club"}, {"opponents": [3]}, {"opponents": ["nobody"]},
    {"reward": "trick"}, {"illegal": "ignore"}, {"max_steps": 0}, {"max_steps": True},
    {"info_view": 1}, {"render_mode": "rgb_array"},
    {"opponents": ["ismcts"], "bot_params": {"ismcts": {"budgets": 3}}},
])
def test_bad_setup_is_refused(kwargs: dict[str, Any]) -> None:
    args: dict[str, Any] = {"opponents": ["random"], **kwargs}
    with pytest.raises(tablegames.SetupError):
        env("toepen", **args)


def test_bad_reset_arguments_are_refused() -> None:
    e = make_env("toepen")
    for kwargs in ({"seed": "1"}, {"seed": True}, {"options": {"x": 1}}):
        with pytest.raises(tablegames.SetupError):
            e.reset(**kwargs)  # type: ignore[arg-type]
    assert e.session is None


def test_a_refused_seed_leaves_the_generator_as_it_was() -> None:
    """Found by helper-60 (s38 M5): ``reset(seed=2**300)`` was refused only after
    Gymnasium's ``reset`` had reseeded ``np_random``."""
    e = make_env("toepen")
    e.reset(seed=3)
    assert e.session is not None

    def snapshot() -> tuple[Any, ...]:
        assert e.session is not None
        return (e.np_random_seed, json.dumps(e.np_random.bit_generator.state),
                e.session.state.to_json(), e.seat)

    before = snapshot()
    for seed in (2**300, 2**256, -1, -(2**300)):
        with pytest.raises(tablegames.SetupError) as refused:
            e.reset(seed=seed)
        assert len(str(refused.value)) < 200
        assert snapshot() == before


#: A valid Dallah card set of one cup: the first player's turn places it and ends the game.
ONE_CUP = {"name": "One cup", "shapes": [{"id": "cup", "en": "Cup", "ar": "فنجان", "cups": 1}],
           "zones": [{"id": "top", "en": "Top", "ar": "أعلى", "cards": 1}],
           "actions": [{"id": "place", "en": "Place", "ar": "ضع", "kind": "place",
                        "target": "next", "count": 2, "cups": 1}]}


def test_rules_that_never_ask_the_learners_seat_are_refused_and_change_nothing() -> None:
    """Found by helper-163's house-rules probe: under a card set of one cup every Dallah
    game ends on seat 0's first turn, so a learner at seat 1 is never asked. ``reset``
    redealt 100 games and raised "the learner's seat was never asked to decide", marked
    unreachable, with the environment left at the last of them. It now names the seat and
    the rules, and leaves the environment as it was; seat 0 still plays."""
    e = env("dallah", ["random"], {"cards": ONE_CUP})
    e.reset(seed=2)  # seat 0: asked at once
    assert e.seat == 0 and e.session is not None
    before = (e.session.state.to_json(), e.seat, e.np_random_seed,
              json.dumps(e.np_random.bit_generator.state))
    with pytest.raises(tablegames.SetupError) as refused:
        e.reset(seed=1)  # seat 1: every game is over before its turn
    assert "seat 1 was never asked to decide in 100 games under these rules" in str(
        refused.value)
    assert (e.session.state.to_json(), e.seat, e.np_random_seed,
            json.dumps(e.np_random.bit_generator.state)) == before
    obs, *_ = e.step(int(np.flatnonzero(e.action_masks())[0]))
    assert obs.shape == e.observation_space.shape


def test_a_long_seed_plays_its_later_episodes_too() -> None:
    """A seed ``reset(seed=)`` takes also deals the episodes after it (the next
    ``reset()`` refused ``"<70 digits>:1"`` as too long a seed string)."""
    e = make_env("toepen")
    for seed in (10**70, 2**256 - 1):
        e.reset(seed=seed)
        e.reset()
        assert e.session is not None and e.session.state.seed.endswith(":1")


def test_render_shows_only_the_public_view() -> None:
    e = make_env("toepen", render_mode="ansi")
    e.reset(seed=6)
    text = e.render()
    assert text is not None and "lives" in text
    state = e.session.state  # type: ignore[union-attr]
    for seat in range(e.n):
        for card in state.view(seat)["hand"]:
            assert json.dumps(card) not in text


@pytest.mark.parametrize("params", [[1], {"ismcts": 5}, {"ismcts": [("budget", 5)]},
                                    {3: {"budget": 5}}, "budget=5"])
def test_bot_params_that_are_not_keyword_dicts_are_refused(params: Any) -> None:
    """Found by the s39 review (helper-65's brief): ``bot_params=[1]`` was an
    ``AttributeError`` and ``{"ismcts": 5}`` a ``TypeError`` from inside the env."""
    with pytest.raises(tablegames.SetupError, match="bot_params") as refused:
        env("toepen", opponents=["ismcts"], bot_params=params)
    assert len(str(refused.value)) < 200
    made = env("toepen", opponents=["ismcts"], bot_params={"ismcts": {"budget": 5}})
    assert made.bot_params == {"ismcts": {"budget": 5}}


#: Every house bot of each game at one table (``ismcts`` on a small budget).
HOUSE: dict[str, list[str]] = {
    "toepen": ["club", "ismcts", "random"],
    "phase10": ["smart", "eager", "ismcts"],
    "shithead": ["smart", "ismcts", "random"],
    "dallah": ["model", "ismcts", "random"],
}


def house_trajectory(game: str, env_: TablegamesGymEnv | None = None) -> str:
    """A digest of what the learner gets in two episodes against the house bots from
    ``reset(seed=11)``, stepping ids in and out of the mask (masked ids are replaced by
    the episode's generator)."""
    e = env_ or env(game, HOUSE[game], SHORT[game][1] if game != "toepen" else {"limit": 3},
                    bot_params={"ismcts": {"budget": 4}}, reward="hand", info_view=True)
    digest = hashlib.sha256()
    rng = np.random.default_rng(3)
    for episode in range(2):
        obs, info = e.reset(seed=11) if episode == 0 else e.reset()
        digest.update(obs.tobytes() + json.dumps(info["view"], sort_keys=True).encode())
        for _ in range(40):
            mask = e.action_masks()
            action = (int(rng.choice(np.flatnonzero(mask))) if rng.random() < 0.8
                      else int(rng.integers(e.action_space.n)))
            obs, reward, terminated, truncated, info = e.step(action)
            digest.update(obs.tobytes() + repr((reward, terminated, truncated)).encode())
            digest.update(json.dumps(info["view"], sort_keys=True).encode())
            digest.update(info["action_mask"].tobytes() + bytes([info["illegal"]]))
            if terminated or truncated:
                break
        digest.update(e.session.state.to_json().encode())  # type: ignore[union-attr]
    return digest.hexdigest()


def test_house_bot_trajectories_are_the_same_in_another_process() -> None:
    """Determinism across processes (another string-hash seed): the learner's trajectory
    against every house bot of each game, and ``reset(seed=...)`` of a used environment
    reseeds everything (the game, the seats, the bots and the masked-id generator)."""
    here = {game: house_trajectory(game) for game in HOUSE}
    used = env("toepen", HOUSE["toepen"], {"limit": 3}, bot_params={"ismcts": {"budget": 4}},
               reward="hand", info_view=True)
    used.reset(seed=99)
    for _ in range(5):
        used.step(0)  # masked ids too: the generator moves
    assert house_trajectory("toepen", used) == here["toepen"]
    code = ("import json; from tests.adapters.test_gymnasium import HOUSE, house_trajectory; "
            "print(json.dumps({g: house_trajectory(g) for g in HOUSE}))")
    root = Path(__file__).resolve().parents[2]
    for hash_seed in ("1", "2"):
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                              cwd=root, timeout=300, check=False,
                              env={**os.environ, "PYTHONHASHSEED": hash_seed})
        assert done.returncode == 0, done.stderr[-600:]
        assert json.loads(done.stdout) == here
