"""A bot's game depends on the seeds and the actions only, not on what else the process
does between decisions: Dallah's ``model`` bot once keyed its planned report on the
``id()`` of the world it was asked on, a fresh copy each time, so one extra
``state.view(0)`` per decision (an app drawing the table) changed the game it played."""

from __future__ import annotations

from typing import Any

import pytest

import tablegames
from tablegames import bots


def _play(game: str, bot: str, busy: bool) -> list[str]:
    info = tablegames.GAMES[game]
    state = info.new_game(players=3, seed=f"same-{game}-{bot}")
    lineup = [bots.make(bot, info, seed=f"{game}/{s}") for s in range(3)]
    played: list[str] = []
    clutter: list[Any] = []
    while not state.is_over and len(played) < 400:
        if busy:  # what an app might do between decisions: draw, save, keep things
            clutter.append(state.view(0))
            clutter.append(state.to_json())
            clutter.append(state.copy())
        step = bots.next_action(state, lineup)
        action = state.legal_actions()[0] if step is None else step[1]
        played.append(str(action))
        state.apply(action)
    return played


@pytest.mark.parametrize("game, bot", [("dallah", "model"), ("dallah", "random"),
                                       ("toepen", "club"), ("shithead", "smart"),
                                       ("phase10", "smart")])
def test_a_bot_plays_the_same_game_whatever_the_caller_does_between_decisions(
        game: str, bot: str) -> None:
    assert _play(game, bot, busy=False) == _play(game, bot, busy=True)
