"""One policy for whole numbers: a numpy integer is the Python int it holds, everywhere.

Research code holds its seeds, seats and counts in numpy (``default_rng().integers``, an
env's action, a seat read from an array). ``new_game(seed=np.int64(7))``, ``bots.make``'s
seed, a numpy seat in ``view``/``legal_actions``/``sample_world`` and ``players=`` counts
were refused while ``sample_world``'s rng and ``bot_seed`` took them (found by helper-216).
Every one of these entry points now reads :func:`tablegames.common.numbers.whole_number`:
the same value gives the same game (JSON identical, the plain int stored), while a
``bool``, numpy's ``bool_`` and any float are refused with a clear error that changes
nothing (helper-219). The core still never imports numpy
(``tests/adapters/test_codecs.py::test_the_core_never_imports_numpy``).
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import tablegames
from tablegames import GAMES, bots
from tablegames.bots.harness import bot_seed, play_game
from tablegames.common.errors import SeatError, SetupError, TablegamesError
from tablegames.common.numbers import whole_number
from tablegames.common.rng import seed_to_int
from tablegames.common.setups import check_count, check_run_seed, check_seed
from tablegames.runner import check_workers

DTYPES = [np.int8, np.int16, np.int32, np.int64, np.uint8]
#: Neither a seat nor a seed nor a count: no whole number.
NOT_WHOLE: list[object] = [True, False, np.bool_(True), np.bool_(False), 1.0,
                           np.float64(1.0), np.float32(2.0), "1", None, 1 + 0j,
                           np.array([1, 2])]


@pytest.mark.parametrize("dtype", DTYPES, ids=lambda d: d.__name__)
@given(data=st.data())
def test_a_numpy_integer_is_the_plain_int_it_holds(dtype: Any, data: st.DataObject) -> None:
    info = np.iinfo(dtype)
    value = data.draw(st.integers(int(info.min), int(info.max)))
    got = whole_number(dtype(value))
    assert got == value and type(got) is int
    assert seed_to_int(dtype(value)) == seed_to_int(value)


@pytest.mark.parametrize("value", NOT_WHOLE, ids=repr)
def test_a_flag_a_float_or_text_is_no_whole_number(value: object) -> None:
    assert whole_number(value) is None
    for check in (check_seed, check_run_seed, lambda v: check_count("rooms", v)):
        if not isinstance(value, str):
            with pytest.raises(SetupError):
                check(value)


def test_the_helpers_return_the_plain_int() -> None:
    assert whole_number(np.array(3)) is None  # an array is no number (helper-60's seeds)
    got = [check_seed(np.int64(7)), check_run_seed(np.uint8(8)),
           check_count("rooms", np.int16(9)), check_workers(np.int32(1))]
    assert got == [7, 8, 9, 1] and all(type(g) is int for g in got)
    with pytest.raises(SetupError, match="rooms must be an int of at least 1, not 0"):
        check_count("rooms", np.int64(0))  # the refusal echoes the int, not np.int64(0)


@pytest.mark.parametrize("game", sorted(GAMES))
@pytest.mark.parametrize("dtype", DTYPES, ids=lambda d: d.__name__)
def test_a_numpy_seed_and_count_deal_the_same_game(game: str, dtype: Any) -> None:
    info = GAMES[game]
    plain = info.new_game(players=3, seed=7)
    numpy = info.new_game(players=dtype(3), seed=dtype(7))
    assert numpy.to_json() == plain.to_json()
    assert type(numpy.seed) is int and json.loads(numpy.to_json())
    assert tablegames.new_game(game, players=dtype(3), seed=dtype(7)).to_json() == plain.to_json()


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_numpy_seat_sees_plays_and_samples_as_the_int(game: str) -> None:
    info = GAMES[game]
    plain, numpy = info.new_game(players=3, seed=4), info.new_game(players=3, seed=4)
    for dtype in DTYPES:
        seat = dtype(1)
        view = numpy.view(seat)
        assert view == plain.view(1) and type(view["seat"]) is int
        assert json.dumps(view) == json.dumps(plain.view(1))
        assert numpy.legal_actions(seat) == plain.legal_actions(1)
        assert numpy.sample_world(seat, 5).to_json() == plain.sample_world(1, 5).to_json()
    action = plain.legal_actions()[0]
    seat, version = action.seat, len(plain.history)
    assert numpy.apply(action, by=np.int64(seat), expect=np.int32(version)) == plain.apply(
        action, by=seat, expect=version)
    assert numpy.log(np.int8(0), since=np.int64(0)) == plain.log(0, since=0)
    assert numpy.to_json() == plain.to_json()
    if numpy.to_act is not None:  # another seat's action: refused naming the plain int
        other = (numpy.to_act + 1) % 3
        with pytest.raises(TablegamesError, match=f"^seat {other} may not act for seat"):
            numpy.apply(numpy.legal_actions()[0], by=np.int64(other))
        assert numpy.to_json() == plain.to_json()


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_flag_or_float_seat_or_seed_is_refused_and_changes_nothing(game: str) -> None:
    info = GAMES[game]
    state = info.new_game(players=3, seed=2)
    before = state.to_json()
    for bad in (True, np.bool_(True), np.float64(1.0), 1.0, np.int64(3), np.int8(-1)):
        for call in (state.view, state.legal_actions, lambda s: state.sample_world(s, 1),
                     state.log):
            with pytest.raises(SeatError, match=r"seat must be None or an int in 0\.\.2"):
                call(bad)
        assert state.to_json() == before
    with pytest.raises(SeatError, match="not 3"):  # the int it holds, never "np.int64(3)"
        state.view(np.int64(3))
    for bad in (True, np.bool_(True), np.float64(7.0)):
        with pytest.raises(SetupError, match="seed must be an int or a string"):
            info.new_game(players=3, seed=bad)
        with pytest.raises(SetupError, match="players"):
            info.new_game(players=bad, seed=1)


@pytest.mark.parametrize("game, setup", [
    ("toepen", {"dealer": np.int64(1), "lives": [np.int8(2), 0, np.uint8(1)]}),
    ("phase10", {"dealer": np.int16(2), "phases": [np.int64(3), 1, 2]}),
    ("dallah", {"first": np.int64(1)}),
])
def test_numpy_setup_numbers_are_stored_as_ints(game: str, setup: dict[str, Any]) -> None:
    """``first=np.int64(1)`` dealt a Dallah game whose save ``json`` could not write."""
    plain = {k: [int(x) for x in v] if isinstance(v, list) else int(v) for k, v in setup.items()}
    numpy = GAMES[game].new_game(players=3, seed=1, **setup)
    assert numpy.to_json() == GAMES[game].new_game(players=3, seed=1, **plain).to_json()


def test_a_bot_seeded_with_a_numpy_integer_plays_as_the_int() -> None:
    plain = play_game("toepen", [bots.make("random", "toepen", seed=s) for s in (7, 8, 9)],
                      seed=1).to_json()
    for dtype in DTYPES:
        lineup = [bots.make("random", "toepen", seed=dtype(s)) for s in (7, 8, 9)]  # type: ignore[arg-type]
        assert all(type(b.seed) is int for b in lineup)  # type: ignore[attr-defined]
        assert play_game("toepen", lineup, seed=1).to_json() == plain
        assert bot_seed(dtype(9), dtype(1)) == bot_seed(9, 1)  # type: ignore[arg-type]
    for bad in (True, np.bool_(True), np.float64(9.0)):
        with pytest.raises(SetupError, match="seed"):
            bots.make("random", "toepen", seed=bad)  # type: ignore[arg-type]


def test_play_game_with_numpy_seed_and_players_is_the_same_game() -> None:
    lineup = ["club", "random", "random"]
    plain = play_game("toepen", lineup, seed=5, players=3)
    numpy = play_game("toepen", lineup, seed=np.int64(5), players=np.uint8(3))  # type: ignore[arg-type]
    assert numpy.to_json() == plain.to_json()
    with pytest.raises(SetupError, match="players must be a count or a list of names"):
        play_game("toepen", lineup, seed=5, players=np.float64(3.0))  # type: ignore[arg-type]


def test_simulate_and_arena_take_numpy_counts_and_seeds() -> None:
    def timeless(result: Any) -> str:
        out = {k: v for k, v in result.to_dict().items()
               if k not in ("seconds", "games_per_second")}
        return json.dumps(out, sort_keys=True)

    plain = tablegames.simulate("toepen", "random", games=2, players=3, seed=4, workers=1)
    numpy = tablegames.simulate("toepen", "random", games=np.int64(2), players=np.int8(3),  # type: ignore[arg-type]
                                seed=np.int32(4), workers=np.int64(1))  # type: ignore[arg-type]
    assert timeless(numpy) == timeless(plain)
    a = tablegames.arena("toepen", ["club", "random"], games=np.int64(2), seed=np.int64(3),  # type: ignore[arg-type]
                         workers=1)
    b = tablegames.arena("toepen", ["club", "random"], games=2, seed=3, workers=1)
    assert type(a.seed) is int and json.loads(json.dumps(a.to_dict()))["seed"] == 3
    assert [(r.seats, r.losers, r.actions) for r in a.records] == [
        (r.seats, r.losers, r.actions) for r in b.records]
    for bad in (True, np.bool_(True), np.float64(2.0)):
        with pytest.raises(SetupError, match="games must be an int"):
            tablegames.simulate("toepen", "random", games=bad, workers=1)  # type: ignore[arg-type]


def test_the_gym_and_pettingzoo_envs_take_numpy_numbers() -> None:
    from tablegames.adapters import gymnasium as gym_adapter
    from tablegames.adapters import pettingzoo as pz_adapter

    env = gym_adapter.env("toepen", ["random", "random"], max_steps=np.int64(5))  # type: ignore[arg-type]
    assert type(env.max_steps) is int
    obs_a, _ = env.reset(seed=np.int64(3))  # type: ignore[arg-type]
    obs_b, _ = env.reset(seed=3)
    assert (obs_a == obs_b).all()
    with pytest.raises(SetupError, match="seed must be an int or None"):
        env.reset(seed=np.bool_(True))  # type: ignore[arg-type]
    aec = pz_adapter.env("toepen", players=np.int64(3), max_steps=np.uint8(4))  # type: ignore[arg-type]
    assert type(aec._players) is int and type(aec.max_steps) is int
    with pytest.raises(SetupError, match="max_steps"):
        pz_adapter.env("toepen", players=3, max_steps=np.float64(4.0))  # type: ignore[arg-type]
