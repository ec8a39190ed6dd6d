"""The research API under a hostile researcher (helper-233's round).

Each test pins a defect found in this round, and fails on the code before its fix:

* OpenSpiel's ``apply_action_with_legality_check`` of an id that is not legal now let
  pyspiel's C++ ``CHECK`` refuse it, whose ``SpielError`` (and the copy OpenSpiel prints
  to stderr) carried the whole serialized state: the history of every chance outcome
  (every seat's cards) and the pickled engine state. An id beyond the codec was a
  ``CodecError`` instead. ``apply_actions_with_legality_checks`` (a simultaneous move)
  leaked the same way, and ``apply_actions`` was a ``RuntimeError`` about a pure virtual
  function.
* ``reset(options=...)`` took ``0``, ``[]`` or ``""`` as no options (Gymnasium) or
  ignored anything (PettingZoo), and a numpy array was numpy's "truth value is
  ambiguous" ``ValueError``.
* ``copy.deepcopy`` of a Gymnasium or PettingZoo environment (to branch a search from
  it) failed for every game on the registry entry the environment kept, and for
  Shithead and Dallah on their engine states' read-only tables.
* ``Codec.decode(ids, state, seat)`` refused a numpy integer seat, which the engine and
  the OpenSpiel adapter take as the int it holds.
"""

from __future__ import annotations

import copy
import warnings
from collections.abc import Iterator
from typing import Any

import numpy as np
import pyspiel
import pytest

import tablegames
from tablegames.adapters import make_codec
from tablegames.adapters.gymnasium import env as gym_env
from tablegames.adapters.openspiel import load_game
from tablegames.adapters.pettingzoo import env as pz_env
from tablegames.common.errors import SeatError
from tests.adapters.test_any_use import CONF, GAMES, OPPONENTS


@pytest.fixture(autouse=True)
def _quiet() -> Iterator[None]:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        yield


def _hidden_from(state: Any, seat: int) -> set[str]:
    """Every card notation in another seat's hand that ``seat``'s view does not show."""
    engine = state.session.state
    shown = str(engine.view(seat))
    hidden: set[str] = set()
    for other in range(len(engine.players)):
        if other != seat:
            for card in engine.view(other).get("hand", []):
                if f"'{card}'" not in shown:
                    hidden.add(card)
    return hidden


@pytest.mark.parametrize("game", GAMES)
def test_a_refused_legality_check_names_no_hidden_card(game: str, capfd: Any) -> None:
    players, rules = CONF[game]
    state = load_game(game, players=players, rules=rules).new_initial_state()
    rng = np.random.default_rng(3)
    checked = {"chance": False, "decision": False}
    size = state.get_game().num_distinct_actions()
    for _ in range(400):
        if state.is_terminal() or all(checked.values()):
            break
        chance = state.is_chance_node()
        kind = "chance" if chance else "decision"
        legal = state.legal_actions()
        dealt = chance and state._dealt() is not None
        if not checked[kind] and (dealt or not chance):
            top = state.get_game().max_chance_outcomes() if chance else size
            bad = [*[i for i in range(top) if i not in legal][:2], top, 10**6]
            before = (state.history(), state.serialize(), str(state))
            capfd.readouterr()
            for ident in bad:
                with pytest.raises(pyspiel.SpielError) as refused:
                    state.apply_action_with_legality_check(ident)
                text = str(refused.value)
                assert f"action id {ident} is not legal now" in text
                assert "Serialized" not in text and "__dict__" not in text
                assert "history=" not in text
                seat = state.current_player() if not chance else 0
                assert not {c for c in _hidden_from(state, seat) if c in text.split()}
            assert (state.history(), state.serialize(), str(state)) == before
            assert "Serialized" not in capfd.readouterr().err  # nothing printed either
            checked[kind] = True
            # a legal id still goes through the check
            state.apply_action_with_legality_check(legal[-1])
            assert state.history()[-1] == legal[-1]
            continue
        if chance:
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probs)))
        else:
            state.apply_action(int(rng.choice(legal)))
    assert all(checked.values()), checked


@pytest.mark.parametrize("game", GAMES)
def test_simultaneous_moves_are_refused_plainly(game: str, capfd: Any) -> None:
    players, rules = CONF[game]
    state = load_game(game, players=players, rules=rules).new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    legal = state.legal_actions()
    before = (state.history(), state.serialize())
    capfd.readouterr()
    for call in (state.apply_actions, state.apply_actions_with_legality_checks):
        for actions in ([legal[0]] * players, [10**6] * players, []):
            with pytest.raises(pyspiel.SpielError, match="sequential") as refused:
                call(actions)
            assert "Serialized" not in str(refused.value)
    assert (state.history(), state.serialize()) == before
    assert "Serialized" not in capfd.readouterr().err


#: Reset options that are not a dict of options at all.
NOT_OPTIONS: list[Any] = [0, False, [], "", "junk", [("a", 1)], np.array([1, 2]), 1.5]


@pytest.mark.parametrize("game", GAMES)
def test_reset_options_that_are_no_dict_are_refused_and_change_nothing(game: str) -> None:
    players, rules = CONF[game]
    gym = gym_env(game, ["random"] * (players - 1), rules)
    gym.reset(seed=5)
    assert gym.session is not None
    before = (gym.session.state.to_json(), gym.seat, gym.steps, gym._episode)
    for bad in [*NOT_OPTIONS, {"junk": 1}]:
        with pytest.raises(tablegames.SetupError):
            gym.reset(options=bad)
        assert (gym.session.state.to_json(), gym.seat, gym.steps, gym._episode) == before
    gym.reset(options={})  # empty is no options
    pz = pz_env(game, players=players, rules=rules)
    pz.reset(seed=5)
    assert pz.session is not None
    before = (pz.session.state.to_json(), pz.agent_selection, pz._episode)
    for bad in NOT_OPTIONS:
        with pytest.raises(tablegames.SetupError, match="a dict or None"):
            pz.reset(options=bad)
        assert (pz.session.state.to_json(), pz.agent_selection, pz._episode) == before
    pz.reset(seed=5, options={"options": 1})  # PettingZoo's api_test passes this
    assert pz.session.state.to_json() == before[0]


def _pz_play(env: Any, steps: int) -> list[Any]:
    """Up to ``steps`` PettingZoo steps, each agent taking its highest legal id: what it saw."""
    seen: list[Any] = []
    for _ in range(steps):
        if not env.agents:
            break
        obs, reward, done, cut, _info = env.last()
        seen.append((env.agent_selection, obs["observation"].tobytes(),
                     obs["action_mask"].tobytes(), reward))
        env.step(None if done or cut else int(np.flatnonzero(obs["action_mask"])[-1]))
    return [*seen, env.session.state.to_json()]


def _gym_play(env: Any, steps: int) -> list[Any]:
    """Up to ``steps`` Gymnasium steps of the lowest legal id: what the learner saw."""
    seen: list[Any] = []
    for _ in range(steps):
        obs, reward, done, cut, info = env.step(int(np.flatnonzero(env.action_masks())[0]))
        seen.append((obs.tobytes(), reward, info["action_mask"].tobytes()))
        if done or cut:
            break
    return [*seen, env.session.state.to_json()]


@pytest.mark.parametrize("game", GAMES)
def test_a_deep_copied_environment_goes_on_exactly_as_its_original(game: str) -> None:
    players, rules = CONF[game]
    pz = pz_env(game, players=players, rules=rules)
    pz.reset(seed=3)
    _pz_play(pz, 4)
    twin = copy.deepcopy(pz)
    assert twin.session is not pz.session and twin.session.codec is twin.codec
    assert _pz_play(twin, 25) == _pz_play(pz, 25)
    gym = gym_env(game, OPPONENTS[game], rules, reward="hand")
    gym.reset(seed=3)
    _gym_play(gym, 2)
    branch = copy.deepcopy(gym)
    before = gym.session.state.to_json()
    branch.step(int(np.flatnonzero(branch.action_masks())[-1]))  # the copy moves alone
    assert gym.session.state.to_json() == before
    branch = copy.deepcopy(gym)
    assert _gym_play(branch, 25) == _gym_play(gym, 25)


@pytest.mark.parametrize("game", GAMES)
def test_decode_takes_a_numpy_seat_as_the_int_it_holds(game: str) -> None:
    players, rules = CONF[game]
    codec = make_codec(game, players, rules)
    state = tablegames.new_game(game, players=players, seed=2, rules=rules)
    seat = state.to_act
    before = state.to_json()
    for action in state.legal_actions(seat):
        ids = codec.spell(action)
        for kind in (int, np.int64, np.uint8):
            assert codec.decode(ids, state, kind(seat)) == action
    for bad in (True, np.True_, float(seat), -1, players, np.int64(players), "0", [seat]):
        with pytest.raises(SeatError):
            codec.decode(codec.spell(state.legal_actions(seat)[0]), state, bad)
    assert state.to_json() == before
