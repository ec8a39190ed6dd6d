"""The research adapters under hostile and careless use (helper-127's audit).

Each test pins a defect that was found: pyspiel's own C++ paths (``child``,
``apply_action_with_legality_check``) that bypassed the adapter's id check, ints that
pybind11 refused with its own ``TypeError``, labels of impossible chance outcomes, numpy
samplers, option types that reached pyspiel, spellings copied before they were measured,
``bot_params`` that were ignored or crashed ``make``, a Gymnasium environment that
played the learner's id for an opponent's seat after that opponent raised, and
PettingZoo masks that offered ids after truncation, and pyspiel observers that did not
check the player. Also checked
for every game: numpy integer ids of every width act as the int they hold, and the
Gymnasium learner's observation, mask and info are the same in every world of its seat.
"""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from typing import Any

import numpy as np
import pyspiel
import pytest

import tablegames
from tablegames import bots
from tablegames.adapters import CodecError, make_codec
from tablegames.adapters.gymnasium import TablegamesGymEnv
from tablegames.adapters.gymnasium import env as gym_env
from tablegames.adapters.openspiel import load_game
from tablegames.adapters.pettingzoo import env as pz_env
from tablegames.bots.handle import Handle
from tablegames.common.errors import SeatError, SetupError
from tablegames.common.rng import Rng
from tests.adapters.test_any_use import CONF, GAMES

#: Ints no C++ ``int64`` holds (pybind11 refused them with a ``TypeError``).
HUGE = [2**63, -(2**63) - 1, 10**30, np.uint64(2**64 - 1)]
#: Every numpy integer type a framework or a user may hand over as an id.
NUMPY_INTS = [np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32,
              np.uint64, np.intp]


@pytest.fixture(autouse=True)
def _quiet() -> Iterator[None]:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        yield


def _decision(game: str, seed: int = 1) -> Any:
    """An OpenSpiel state of ``game`` at its first player decision (after the deal)."""
    players, rules = CONF[game]
    state = load_game(game, players=players, rules=rules).new_initial_state()
    rng = np.random.default_rng(seed)
    while state.is_chance_node():
        outcomes, probs = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(int(rng.choice(outcomes, p=np.asarray(probs) / sum(probs))))
    return state


def _snapshot(state: Any) -> tuple[Any, ...]:
    return (state.history(), state.move_number(), state.current_player(), str(state),
            state.session.state.to_json())


def _gym(game: str, **options: Any) -> TablegamesGymEnv:
    players, rules = CONF[game]
    return gym_env(game, ["random"] * (players - 1), rules, **options)


# == OpenSpiel ===========================================================================
@pytest.mark.parametrize("game", GAMES)
def test_openspiel_every_way_to_apply_an_id_checks_it_and_changes_nothing(game: str) -> None:
    state = _decision(game)
    legal = state.legal_actions()
    before = _snapshot(state)
    # True and np.True_ name id 1; where 1 is legal, pyspiel's C++ child played it
    for bad in [True, np.True_, 1.5, np.float64(1), None, "1", *HUGE]:
        with pytest.raises(tablegames.IllegalAction):
            state.apply_action(bad)
        with pytest.raises(tablegames.IllegalAction):
            state.child(bad)
        with pytest.raises(tablegames.IllegalAction):
            state.apply_action_with_legality_check(bad)
        with pytest.raises(tablegames.IllegalAction):
            state.action_to_string(state.current_player(), bad)
        assert _snapshot(state) == before
    for kind in (np.int64, np.uint16):
        child = state.child(kind(legal[-1]))
        assert child.history() == [*state.history(), legal[-1]]
        clone = state.clone()
        clone.apply_action_with_legality_check(kind(legal[-1]))
        assert clone.history() == child.history()
        assert clone.serialize() == child.serialize()
    assert _snapshot(state) == before


@pytest.mark.parametrize("game", ["toepen", "phase10", "shithead"])
def test_chance_labels_exist_only_for_outcome_ids(game: str) -> None:
    players, rules = CONF[game]
    spiel = load_game(game, players=players, rules=rules)
    state = spiel.new_initial_state()
    chance = int(pyspiel.PlayerId.CHANCE)
    top = spiel.max_chance_outcomes()
    labels = {state.action_to_string(chance, o) for o, _p in state.chance_outcomes()}
    assert len(labels) == len(state.chance_outcomes())  # one label per outcome
    assert state.action_to_string(chance, np.int64(top - 1))
    for bad in (-1, top, 10**6, True):
        with pytest.raises(tablegames.IllegalAction):
            state.action_to_string(chance, bad)


@pytest.mark.parametrize("game", GAMES)
def test_a_numpy_sampler_gives_the_world_of_the_same_python_number(game: str) -> None:
    state = _decision(game)
    seat = state.current_player()
    for python, numpy in ((0, np.int64(0)), (1, np.uint8(1)), (0.5, np.float32(0.5))):
        a = state.resample_from_infostate(seat, lambda v=python: v)
        b = state.resample_from_infostate(np.int64(seat), lambda v=numpy: v)
        assert a.serialize() == b.serialize()
        assert a.information_state_string(seat) == state.information_state_string(seat)
    for bad in (np.True_, np.float64(1.5), np.int64(2), np.array([0.5])):
        with pytest.raises(tablegames.SetupError):
            state.resample_from_infostate(seat, lambda v=bad: v)


@pytest.mark.parametrize("table", [None, 5, True, [], {"model": 1}, b"model"])
def test_load_game_checks_option_types_before_pyspiel(table: Any) -> None:
    with pytest.raises(tablegames.SetupError, match="option table is a str"):
        load_game("dallah", players=2, table=table)
    assert load_game("dallah", players=2, table="players").num_players() == 2


# == codecs ==============================================================================
@pytest.mark.parametrize("game", GAMES)
def test_decode_measures_a_spelling_before_copying_it(game: str) -> None:
    players, rules = CONF[game]
    codec = make_codec(game, players, rules)
    state = tablegames.new_game(game, players=players, seed=3, rules=rules)
    longest = codec.longest_spelling()
    # range(10**9) was copied id by id before any check; range(10**30) has no len()
    for spelling in (range(10**9), range(10**30), [0] * (longest + 1), b"\x00", "0",
                     bytearray(1)):
        with pytest.raises(CodecError):
            codec.decode(spelling, state)  # type: ignore[arg-type]
    first = codec.spell(state.legal_actions()[0])
    assert codec.decode(list(first), state) == state.legal_actions()[0]
    assert codec.decode(tuple(np.int64(i) for i in first), state) == state.legal_actions()[0]


# == Gymnasium ===========================================================================
@pytest.mark.parametrize("params", [
    {"ismctss": {"budget": 5}},           # a typo: its bots played with defaults
    {"nosuchbot": {}},
    {"ismcts": {"seed": 3}},              # make()'s TypeError: multiple values for seed
    {"random": {"game": "toepen"}},
    {"ismcts": {"name": "x"}},
])
def test_bot_params_that_cannot_apply_are_refused(params: Any) -> None:
    with pytest.raises(tablegames.SetupError, match="bot_params"):
        gym_env("toepen", ["random", "random"], {"limit": 3}, bot_params=params)
    # a bot of the game that no opponent plays is allowed (sweeps share one dict)
    e = gym_env("toepen", ["random", "random"], {"limit": 3},
                bot_params={"ismcts": {"budget": 5}})
    e.reset(seed=1)


class _Failing:
    """A caller's bot object that answers its first decisions, then something absurd."""

    def __init__(self, good: int) -> None:
        self.good = good

    def choose(self, handle: Any) -> Any:
        self.good -= 1
        return handle.legal[0] if self.good >= 0 else "not an action"

    def interrupt(self, handle: Any) -> Any:
        return None


@pytest.mark.parametrize("game", GAMES)
def test_after_an_opponent_fails_step_refuses_until_reset(game: str) -> None:
    players, rules = CONF[game]
    for good in range(30):
        e = gym_env(game, [_Failing(good)] + ["random"] * (players - 2), rules)
        try:
            obs, info = e.reset(seed=good)
            for _ in range(500):
                obs, _r, term, _t, info = e.step(int(np.flatnonzero(info["action_mask"])[0]))
                if term:
                    break
        except tablegames.IllegalAction as exc:
            assert exc.code == "illegal_bot_answer"
            break
    else:
        pytest.fail("the failing bot was never asked")
    session = e.session
    assert session is not None and session.actor != e.seat
    before = session.state.to_json()
    for action in range(e.action_space.n):  # type: ignore[attr-defined]
        with pytest.raises(tablegames.StateError, match="call reset"):
            e.step(action)
    assert session.state.to_json() == before
    e.opponents = ("random",) * (players - 1)
    obs, info = e.reset(seed=7)
    assert e.observation_space.contains(obs)
    e.step(int(np.flatnonzero(info["action_mask"])[0]))


@pytest.mark.parametrize("game", GAMES)
def test_numpy_integer_ids_act_as_the_int_they_hold(game: str) -> None:
    def run(kind: Any) -> list[bytes]:
        e = _gym(game, illegal="raise")
        obs, info = e.reset(seed=11)
        seen = [obs.tobytes()]
        for _ in range(12):
            ident = int(np.flatnonzero(info["action_mask"])[-1])
            # an int8 cannot hold every id of a game: it is used where it can
            fits = kind in (int, np.array) or np.iinfo(kind).max >= ident
            obs, reward, term, trunc, info = e.step(kind(ident) if fits else np.int64(ident))
            assert e.observation_space.contains(obs)
            assert info["action_mask"].dtype == np.int8
            seen.append(obs.tobytes() + info["action_mask"].tobytes()
                        + repr((reward, term, trunc, info["seat"])).encode())
            if term or trunc:
                break
        return seen

    want = run(int)
    for kind in NUMPY_INTS:
        assert run(kind) == want, kind
    # a policy's action as a 0-d array (Stable-Baselines3's predict for one environment)
    assert run(np.array) == want
    e = _gym(game)
    e.reset(seed=11)
    assert e.session is not None
    before = e.session.state.to_json()
    for bad in [np.bool_(True), np.float16(1), np.float32(0), np.complex64(1),
                np.array([0]), np.array(1.0), *HUGE]:
        with pytest.raises(tablegames.IllegalAction):
            e.step(bad)
    assert e.session.state.to_json() == before


@pytest.mark.parametrize("game", GAMES)
def test_gym_learner_sees_the_same_in_every_world_of_its_seat(game: str) -> None:
    """Swap the env's session for worlds resampled for the learner's seat: observation,
    mask and info (with its view) are equal, decision after decision."""
    e = _gym(game, info_view=True)
    twin = _gym(game, info_view=True)
    obs, info = e.reset(seed=5)
    twin.reset(seed=5)
    compared = 0
    for step in range(15):
        session = e.session
        assert session is not None
        for k in range(2):
            twin.session = session.world(e.seat, Rng(f"world:{step}:{k}"))
            assert twin.seat == e.seat
            assert np.array_equal(twin._observe(), obs)
            twin_info = twin._info(False)
            assert np.array_equal(twin_info["action_mask"], info["action_mask"])
            assert twin_info["view"] == info["view"]
            assert np.array_equal(twin.action_masks(), e.action_masks())
            compared += 1
        obs, _r, term, trunc, info = e.step(int(np.flatnonzero(info["action_mask"])[0]))
        if term or trunc:
            break
    assert compared >= 2


# == PettingZoo ==========================================================================
@pytest.mark.parametrize("game", GAMES)
def test_a_truncated_episode_offers_no_id(game: str) -> None:
    """After ``max_steps`` the game goes on under the hood, but PettingZoo takes only
    ``None``: the masks used to offer the actor's legal ids, each then a ``ValueError``."""
    players, rules = CONF[game]
    e = pz_env(game, players=players, rules=rules, max_steps=3)
    e.reset(seed=2)
    for _ in range(3):
        obs = e.observe(e.agent_selection)
        e.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert e.session is not None and not e.session.state.is_over
    assert all(e.truncations.values())
    for agent in e.possible_agents:
        assert not e.observe(agent)["action_mask"].any()
        assert not e.action_mask(agent).any()
        assert e.observation_space(agent).contains(e.observe(agent))
    before = e.session.state.to_json()
    for _agent in e.agent_iter(2 * players):
        obs, _r, _term, trunc, _info = e.last()
        assert trunc and not obs["action_mask"].any()
        with pytest.raises(ValueError):  # PettingZoo's own, as documented
            e.step(0)
        e.step(None)
    assert not e.agents and e.session.state.to_json() == before
    e.reset(seed=2)  # a new episode offers ids again
    assert e.action_mask().any()


@pytest.mark.parametrize("game", GAMES)
def test_pyspiel_observers_check_the_player_as_the_state_does(game: str) -> None:
    """``make_observation`` observers took a numpy player only through the state's
    methods (directly it was the engine's ``SeatError``), and the public ones took any
    player at all (``True``, ``7``)."""
    from open_spiel.python.observation import make_observation

    state = _decision(game)
    n = state.num_players()
    kinds = [None, pyspiel.IIGObservationType(perfect_recall=True),
             pyspiel.IIGObservationType(perfect_recall=False, public_info=True,
                                        private_info=pyspiel.PrivateInfoType.NONE),
             pyspiel.IIGObservationType(perfect_recall=True, public_info=True,
                                        private_info=pyspiel.PrivateInfoType.NONE)]
    for kind in kinds:
        observer = make_observation(state.get_game(), kind)
        for seat in range(n):
            observer.set_from(state, seat)
            want = observer.tensor.copy()
            text = observer.string_from(state, seat)
            observer.set_from(state, np.int64(seat))
            assert np.array_equal(observer.tensor, want)
            assert observer.string_from(state, np.int32(seat)) == text
        for bad in (True, np.True_, -1, n, 1.0, None, "0"):
            with pytest.raises(SeatError):
                observer.set_from(state, bad)
            with pytest.raises(SeatError):
                observer.string_from(state, bad)
        assert np.array_equal(observer.tensor, want)  # a refused call wrote nothing


def _replay(spiel: Any, history: list[int], seat: int) -> tuple[Any, list[Any]] | None:
    """The state a history reaches and every view ``seat`` had along it (``None`` where
    an action of the history is not legal on the way)."""
    state = spiel.new_initial_state()
    views = []
    for action in history:
        if action not in state.legal_actions():
            return None
        state.apply_action(action)
        if state._box.session is not None:
            views.append(state.session.state.view(seat))
    return state, views


@pytest.mark.parametrize("game", ["toepen", "phase10", "shithead"])
def test_real_histories_a_seat_cannot_tell_apart_give_it_the_same_information_state(
        game: str) -> None:
    """Not worlds: two real explicit-chance histories that differ only in which hidden
    card went where (two chance outcomes swapped) and give ``seat`` the same view at
    every step give it the same information state, observation and public string."""
    players, rules = CONF[game]
    spiel = load_game(game, players=players, rules=rules)
    state = spiel.new_initial_state()
    rng = np.random.default_rng(5)
    chance_at: list[int] = []
    decisions = 0
    while decisions < 25 and not state.is_terminal():
        if state.is_chance_node():
            chance_at.append(len(state.history()))
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=np.asarray(probs) / sum(probs))))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
            decisions += 1
    history = state.history()
    compared = 0
    for seat in range(players):
        mine = _replay(spiel, history, seat)
        assert mine is not None
        for x, i in enumerate(chance_at[:24]):
            for j in chance_at[x + 1:x + 5]:
                if history[i] == history[j]:
                    continue
                swapped = list(history)
                swapped[i], swapped[j] = swapped[j], swapped[i]
                other = _replay(spiel, swapped, seat)
                if other is None or other[1] != mine[1]:
                    continue  # the seat could tell them apart (or the swap is no game)
                twin = other[0]
                assert twin.information_state_string(seat) == state.information_state_string(seat)
                assert twin.information_state_tensor(seat) == state.information_state_tensor(seat)
                assert twin.observation_tensor(seat) == state.observation_tensor(seat)
                assert str(twin) == str(state)
                compared += 1
    assert compared > 0


def test_search_parameters_take_numpy_numbers_as_the_numbers_they_hold() -> None:
    """A researcher's sweep hands ``numpy.arange`` values: ``budget=np.int64(30)`` was
    refused as "not a whole number", and ``seconds=np.float32(0.5)`` too. They are the
    numbers they hold (stored as Python numbers), and a numpy bool is still no number."""
    plain = bots.make("ismcts", "toepen", seed=3, budget=30, c=0.5, breadth=2)
    sweep = bots.make("ismcts", "toepen", seed=3, budget=np.int64(30), c=np.float32(0.5),
                      breadth=np.uint8(2))
    assert (sweep.iterations, sweep.c, sweep.breadth) == (30, 0.5, 2)
    assert type(sweep.iterations) is int and type(sweep.breadth) is int
    state = tablegames.new_game("toepen", players=3, seed=5, rules={"limit": 3})
    assert sweep.choose(Handle(state, state.to_act)) == plain.choose(Handle(state, state.to_act))
    assert bots.make("ismcts", "toepen", seconds=np.float32(0.5)).seconds == 0.5
    gym = gym_env("toepen", ["ismcts", "random"], {"limit": 3},
                  bot_params={"ismcts": {"budget": np.int64(2)}})
    gym.reset(seed=1)
    for bad in (np.True_, np.float64(30.0), np.int64(0), np.float64("nan")):
        with pytest.raises(SetupError, match="budget must be a whole number"):
            bots.make("ismcts", "toepen", budget=bad)
    with pytest.raises(SetupError, match="c must be a number"):
        bots.make("ismcts", "toepen", c=np.float64("nan"))


@pytest.mark.parametrize("game", GAMES)
def test_minus_one_is_refused_as_every_other_id_that_is_not_legal(game: str) -> None:
    """-1 is OpenSpiel's ``kInvalidAction``: pyspiel's C++ ``ApplyAction`` checked it before
    the adapter saw it, so ``apply_action(-1)`` and ``child(-1)`` were pyspiel's
    ``SpielError`` (a ``RuntimeError``), where -2 or 999 are ``IllegalAction``; at a player
    decision and at a chance node alike. Nothing changes."""
    for state in (_decision(game), load_game(game, players=CONF[game][0],
                                             rules=CONF[game][1]).new_initial_state()):
        before = _snapshot(state) if not state.is_chance_node() else state.history()
        code = "illegal_outcome|illegal_id" if state.is_chance_node() else "illegal_id"
        for bad in (-1, np.int64(-1), -2):
            with pytest.raises(tablegames.IllegalAction, match=code):
                state.apply_action(bad)
            with pytest.raises(tablegames.IllegalAction, match=code):
                state.child(bad)
        after = _snapshot(state) if not state.is_chance_node() else state.history()
        assert after == before
