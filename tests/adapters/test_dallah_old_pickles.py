"""Dallah adapter objects pickled before observation and action version 2 keep version 1.

``data/dallah_pickles_0bd0016.pickle`` holds two OpenSpiel states, a codec and an observer
pickled by the code of 0bd0016, before either option existed; ``.json`` beside it what
that code answered for them (``data/dallah_pickles_0bd0016.py`` made both and says how).
Unpickled today they must answer the same: the vectors and ids a stored agent was
trained on. Gymnasium and PettingZoo environments did not pickle then (their opponents'
policies are local functions) nor do they now, and an engine state does not pickle, so
these are every Dallah adapter object a pickle could hold.
"""

from __future__ import annotations

import json
import pickle
from pathlib import Path
from typing import Any

import numpy as np
import pyspiel
import pytest

import tablegames
from tablegames.adapters import adapter, make_codec
from tablegames.adapters.openspiel import load_game, upgrade_serialized
from tablegames.common.rng import Rng

DATA = Path(__file__).parent / "data"
FACTS = json.loads((DATA / "dallah_pickles_0bd0016.json").read_text(encoding="utf-8"))


def _old() -> dict[str, Any]:
    objects: dict[str, Any] = pickle.loads((DATA / "dallah_pickles_0bd0016.pickle").read_bytes())
    return objects


class _Text:
    """Stands for a pickled OpenSpiel state while reading the pickle: keeps its text."""

    def __setstate__(self, text: str) -> None:
        self.text = text


class _TextOnly(pickle.Unpickler):
    def find_class(self, module: str, name: str) -> Any:
        if name == "TablegamesState":
            return _Text
        return super().find_class(module, name)


def _old_text(key: str) -> str:
    """The serialization of an old state exactly as 0bd0016 wrote it into the pickle."""
    with (DATA / "dallah_pickles_0bd0016.pickle").open("rb") as f:
        text: str = _TextOnly(f).load()[key].text
    return text


def _check_state(state: Any, facts: dict[str, Any]) -> None:
    game = state.get_game()
    assert game.num_distinct_actions() == facts["num_distinct_actions"]
    assert game.observation_tensor_size() == facts["observation_tensor_size"]
    assert state.history() == facts["history"]
    assert state.current_player() == facts["current_player"]
    assert state.legal_actions() == facts["legal_actions"]
    assert [state.action_to_string(i) for i in state.legal_actions()] == facts["labels"]
    for player, want in enumerate(facts["observations"]):
        assert np.array_equal(np.array(state.observation_tensor(player), np.float32),
                              np.array(want, np.float32))


@pytest.mark.parametrize("key", ["spiel_model", "spiel_players"])
def test_an_old_openspiel_state_keeps_versions_1(key: str) -> None:
    """Observation version 1 (221 numbers at three players, 253 at four) and the old ids
    (``fell spout:twins`` is 32, as it was; version 2 numbers it 29)."""
    state = _old()[key]
    facts = FACTS[key]
    assert "observation_version" not in facts["game"]  # written before the option
    _check_state(state, facts)
    game = state.get_game()
    params = game.get_parameters()
    assert (params["observation_version"], params["action_version"]) == (1, 1)
    # it plays on, in the same numbering, and pickles again as what it is
    r = Rng(key)
    for _ in range(60):
        if state.is_terminal():
            break
        ids = state.legal_actions()
        state.apply_action(ids[r.below(len(ids))])
    again = pickle.loads(pickle.dumps(state))
    assert again.get_game().get_parameters() == params
    assert again.observation_tensor(0) == state.observation_tensor(0)
    assert len(state.observation_tensor(0)) == facts["observation_tensor_size"]


def test_an_old_codec_and_observer_keep_versions_1() -> None:
    old = _old()
    codec, observer = old["codec"], old["observer"]
    assert codec.settings == {"table": "players", "observation_version": 1,
                              "action_version": 1}
    assert [codec.label(i) for i in range(codec.num_distinct_actions)] == \
        FACTS["codec"]["labels"]
    assert observer.codec is codec and observer.size == FACTS["observer"]["size"] == 221
    seen = FACTS["views"]
    for seat, view in enumerate(seen["views"]):
        mine = seat == seen["actor"]
        vector = observer.encode(view, tuple(seen["prefix"]) if mine else (),
                                 seen["polled"] if mine else False)
        assert np.array_equal(vector, np.array(seen["observations"][seat], np.float32))


@pytest.mark.parametrize("players", [3, 4])
def test_new_objects_observe_and_number_with_versions_2(players: int) -> None:
    """Only what an old pickle holds is upgraded: a game, codec or observer made today,
    pickled or not, has version 2 unless it asks for 1."""
    game = load_game("dallah", players=players, chance="engine")
    assert (game.get_parameters()["observation_version"],
            game.get_parameters()["action_version"]) == (2, 2)
    state = game.new_initial_state()
    again = pickle.loads(pickle.dumps(state))
    assert again.get_game().get_parameters() == game.get_parameters()
    assert len(again.observation_tensor(0)) == {3: 150, 4: 162}[players]
    assert again.get_game().num_distinct_actions() == {3: 173 - 25, 4: 181 - 25}[players]
    codec = make_codec("dallah", players, observation_version=1)
    observer = pickle.loads(pickle.dumps(adapter("dallah").observer(codec)))
    assert observer.size == {3: 221, 4: 253}[players]
    assert observer.codec.settings == {"table": "model", "observation_version": 1,
                                       "action_version": 2}
    assert pickle.loads(pickle.dumps(make_codec("dallah", players))).settings[
        "action_version"] == 2


@pytest.mark.parametrize("key", ["spiel_model", "spiel_players"])
def test_old_serialized_text_is_read_through_upgrade_serialized(key: str) -> None:
    """pyspiel's own ``deserialize_game_and_state`` cannot know the text is old: its
    game would be today's default while the session keeps version 1, so the state is
    refused; through ``upgrade_serialized`` it is the old state."""
    text = _old_text(key)
    _, state = pyspiel.deserialize_game_and_state(text)
    with pytest.raises(tablegames.SetupError, match="upgrade_serialized"):
        state.legal_actions()
    _, state = pyspiel.deserialize_game_and_state(upgrade_serialized(text))
    _check_state(state, FACTS[key])


def test_upgrade_serialized_leaves_text_that_names_every_option() -> None:
    game = load_game("dallah", players=2, chance="engine")
    state = game.new_initial_state()
    text = pyspiel.serialize_game_and_state(game, state)
    assert upgrade_serialized(text) == text
    toepen = load_game("toepen", players=2, chance="engine")
    text = pyspiel.serialize_game_and_state(toepen, toepen.new_initial_state())
    assert upgrade_serialized(text) == text
    assert upgrade_serialized("not a serialization") == "not a serialization"
    for bad in (None, b"[Game]", 7):
        with pytest.raises(tablegames.SetupError, match="is a str"):
            upgrade_serialized(bad)  # type: ignore[arg-type]
