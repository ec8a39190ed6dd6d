"""A refusal stays short however large the caller's value (found by helper-60, s38 M1):
ints past 4,300 digits cannot become text at all, so a message that formatted one raised
Python's plain ``ValueError`` instead of the library's error, and long strings, long
spellings and 4,000-digit ints came back whole inside the message."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

import tablegames
from tablegames.adapters.base import make_codec
from tablegames.adapters.pettingzoo import env as pz_env
from tablegames.cli import main
from tablegames.common.errors import (
    IllegalAction,
    SeatError,
    StaleState,
    StateError,
    TablegamesError,
)
from tablegames.common.position import PositionError

HUGE = 10**5000  # str() refuses it
LONG = 10**4000  # str() takes it: 4,001 characters
GAMES = ("toepen", "phase10", "shithead", "dallah")


def _refused(kind: type[TablegamesError], call: Callable[[], Any]) -> str:
    with pytest.raises(kind) as refused:
        call()
    message = str(refused.value)
    assert len(message) < 200, message[:300]
    return message


@pytest.mark.parametrize("game", GAMES)
def test_a_huge_seat_or_version_is_refused_briefly(game: str) -> None:
    state = tablegames.new_game(game, players=3, seed=1)
    action = state.legal_actions(state.to_act)[0]
    before = state.to_json()
    for number in (HUGE, LONG, -HUGE):
        _refused(SeatError, lambda n=number: state.view(n))
        _refused(SeatError, lambda n=number: state.legal_actions(n))
        _refused(SeatError, lambda n=number: state.log(n))
        _refused(SeatError, lambda n=number: state.sample_world(n))
        _refused(SeatError, lambda n=number: state.apply(action, by=n))
        _refused(StaleState, lambda n=number: state.apply(action, expect=n))
    assert state.to_json() == before


@pytest.mark.parametrize("game", GAMES)
def test_a_save_or_record_with_a_huge_number_is_refused_briefly(game: str) -> None:
    state = tablegames.new_game(game, players=3, seed=1)
    save = json.loads(state.to_json())
    int_fields = [k for k, v in save["state"].items() if type(v) is int]
    assert int_fields
    for field in int_fields:
        text = json.dumps(dict(save, state=dict(save["state"], **{field: "@N@"})))
        _refused(StateError, lambda t=text: type(state).from_json(
            t.replace('"@N@"', "9" * 4290)))
    for engine in (HUGE, LONG):
        record = state.record()
        record["engine"] = engine
        _refused(StateError, lambda r=record: tablegames.replay(r))


@pytest.mark.parametrize("game", GAMES)
def test_a_long_game_line_is_refused_briefly(game: str) -> None:
    state = tablegames.new_game(game, players=3, seed=1)
    text = state.to_position().replace(f"game: {game}", "game: " + "x" * 150_000)
    _refused(PositionError, lambda: tablegames.from_position(game, text))


@pytest.mark.parametrize("game", GAMES)
def test_a_long_spelling_or_huge_id_is_refused_briefly(game: str) -> None:
    state = tablegames.new_game(game, players=3, seed=1)
    codec = make_codec(game, 3)
    _refused(TablegamesError, lambda: codec.decode([0] * 200_000, state))
    for bad in (HUGE, "x" * 100_000, [HUGE]):
        _refused(TablegamesError, lambda b=bad: codec.decode(b, state))
        _refused(TablegamesError, lambda b=bad: codec.label(b))
    pz = pz_env(game, players=3)
    pz.reset(seed=1)
    assert pz.session is not None
    before = pz.session.state.to_json()
    for bad in ("x" * 100_000, HUGE, LONG):
        _refused(IllegalAction, lambda b=bad: pz.step(b))
    assert pz.session.state.to_json() == before


@pytest.mark.parametrize("rules", [["=" + "x" * 50_000],
                                   ["classic", "y" * 50_000], ["x" * 50_000, "classic"],
                                   ["limit=" + "[" * 100_000 + "]" * 100_000]])
def test_a_long_rules_argument_is_refused_briefly(rules: list[str],
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["simulate", "toepen"]
    for text in rules:
        argv += ["--rules", text]
    assert main(argv) == 2  # (100,000 brackets were json's RecursionError)
    err = capsys.readouterr().err
    assert 0 < len(err) < 300, err[:400]
