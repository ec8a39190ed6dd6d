"""Rules given to pyspiel as plain JSON through a parameter dict (docs/guides/rl.md: "plain
JSON works through a parameter dict") make a game that OpenSpiel can load again by its
name: pyspiel rebuilds a game from ``str(game)`` in ``deserialize_game_and_state`` and in
``random_sim_test(serialize=True)``, and that string cannot hold JSON's commas
(helper-216: ``Unknown parameter ' "poverty": false},seed=0)'``)."""

from __future__ import annotations

import pyspiel
import pytest

import tablegames.adapters.openspiel  # noqa: F401  (registers the games with pyspiel)
from tablegames.common.errors import SetupError
from tests.adapters.helpers import through_chance

PARAMS = {"rules": '{"limit": 2, "poverty": false}', "players": 2}


def test_a_game_of_json_rules_loads_again_by_its_name() -> None:
    game = pyspiel.load_game("python_tablegames_toepen", PARAMS)
    again = pyspiel.load_game(str(game))
    assert str(again) == str(game)
    assert again.codec.rules == game.codec.rules
    assert game.codec.rules.limit == 2 and game.codec.rules.poverty is False


def test_a_state_of_json_rules_survives_serialization() -> None:
    game = pyspiel.load_game("python_tablegames_toepen", PARAMS)
    state = through_chance(game.new_initial_state())
    state.apply_action(state.legal_actions()[0])
    text = pyspiel.serialize_game_and_state(game, state)
    back_game, back = pyspiel.deserialize_game_and_state(text)
    assert back_game.codec.rules == game.codec.rules
    assert back.session.state.to_json() == state.session.state.to_json()
    assert back.information_state_string(0) == state.information_state_string(0)


def test_an_option_named_twice_is_said_so() -> None:
    # was "'limit:4' is not one key:value pair", which it is
    with pytest.raises(SetupError, match="'limit' twice"):
        pyspiel.load_game("python_tablegames_toepen(rules=limit:3;limit:4)")
