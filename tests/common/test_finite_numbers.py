"""A save holds finite numbers only, however they are spelt (found by helper-60, s38 S2):
the loader refused the literals ``NaN`` and ``Infinity`` but read ``1e309`` as infinity,
so a Toepen save whose ``last_round`` held one loaded, viewed with ``inf`` (not JSON) and
could never be saved again."""

from __future__ import annotations

import json
import random

import pytest

import tablegames
from tablegames.common.errors import StateError
from tablegames.common.serialization import loads

GAMES = ("toepen", "phase10", "shithead", "dallah")
#: Numbers too large for a float, in the spellings JSON allows.
TOO_LARGE = ("1e309", "-1e309", "1E+400", "2.5e99999", "1" + "0" * 400 + ".0", "-0.1e310")


def _mid_game(game: str) -> tablegames.GameState:
    state = tablegames.new_game(game, players=3, seed=4)
    r = random.Random(4)
    for _ in range(12):
        if state.is_over:
            break
        state.apply(r.choice(state.legal_actions(state.to_act)))
    return state


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("number", TOO_LARGE)
def test_a_number_too_large_for_a_float_is_refused_in_any_field(game: str, number: str) -> None:
    state = _mid_game(game)
    data = json.loads(state.to_json())
    for field in sorted(data["state"]):  # each field in turn becomes the huge number
        edited = dict(data, state=dict(data["state"], **{field: "@HUGE@"}))
        text = json.dumps(edited).replace('"@HUGE@"', number)
        for load in (type(state).from_json, tablegames.load):
            with pytest.raises(StateError, match="too large for a float") as refused:
                load(text)
            assert len(str(refused.value)) < 100


def test_toepen_last_round_cannot_hold_infinity() -> None:
    """The one field that took any JSON: a real ``last_round`` with ``hand: 1e309``."""
    state = tablegames.new_game("toepen", players=3, seed=1)
    r = random.Random(1)
    while state.last_round is None:  # type: ignore[attr-defined]
        state.apply(r.choice(state.legal_actions(state.to_act)))
    data = json.loads(state.to_json())
    data["state"]["last_round"] = dict(data["state"]["last_round"], hand="@HUGE@")
    text = json.dumps(data).replace('"@HUGE@"', "1e309")
    with pytest.raises(StateError, match="too large for a float"):
        type(state).from_json(text)


def test_finite_floats_still_load() -> None:
    assert loads('[0.5, -1e308, 1e-400, 2.0]') == [0.5, -1e308, 0.0, 2.0]
