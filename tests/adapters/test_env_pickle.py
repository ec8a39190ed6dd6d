"""Environments and the house's search bot pickle (session 60): a Gymnasium environment
whose opponent is ``ismcts`` could not be pickled ("Can't pickle local object
'as_policy.<locals>.factory'", then the bot's game entry and search hints), and no
Shithead or Dallah environment could (their engine states' read-only tables); a worker
process, or a run saved to disk, needs them. A pickled environment goes on exactly as
its original."""

from __future__ import annotations

import pickle
import warnings
from collections.abc import Iterator
from typing import Any

import pytest

import tablegames
from tablegames.adapters.gymnasium import env as gym_env
from tablegames.bots.ismcts import ISMCTS
from tablegames.common.protocol import GameInfo
from tests.adapters.test_any_use import CONF, GAMES
from tests.adapters.test_research_api_hostile import _gym_play


@pytest.fixture(autouse=True)
def _quiet() -> Iterator[None]:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        yield


@pytest.mark.parametrize("game", GAMES)
def test_an_environment_against_the_search_bot_pickles_and_goes_on_alike(game: str) -> None:
    players, rules = CONF[game]
    env = gym_env(game, ["ismcts"] * (players - 1), rules, reward="hand",
                  bot_params={"ismcts": {"budget": 4}})
    env.reset(seed=7)
    _gym_play(env, 2)
    twin = pickle.loads(pickle.dumps(env))
    assert twin.session is not env.session
    assert _gym_play(twin, 8) == _gym_play(env, 8)


def test_a_search_bot_pickles_by_its_games_name() -> None:
    bot = ISMCTS("toepen", seed=3, budget=7, rollout="club")
    back = pickle.loads(pickle.dumps(bot))
    assert back.info is tablegames.GAMES["toepen"] and back.hints is bot.hints
    assert (back.iterations, back.rollout, back.seed) == (7, "club", 3)
    entry = tablegames.GAMES["toepen"]
    other = GameInfo(**{**{f: getattr(entry, f) for f in attrs_fields(entry)}})
    with pytest.raises(TypeError, match="not registered as 'toepen'"):
        pickle.dumps(ISMCTS(other, seed=1))


def attrs_fields(obj: Any) -> list[str]:
    import attrs

    return [f.name for f in attrs.fields(type(obj)) if f.init]
