"""``new_game(position=...)`` plays under the rules the position names.

Its docstring says a position "takes no other setup", yet ``new_game`` turned its absent
``rules`` into the standard rules and handed them on, and ``from_position`` lets given
rules replace the position's line: a Phase 10 game saved under ``skip-next`` came back
under the standard skip, and a position impossible under the standard rules failed with
a misleading message. Rules given with the position still replace its line, as
``from_position(text, rules=...)`` does.
"""

from __future__ import annotations

import inspect

import pytest

import tablegames

HOUSE = {"toepen": {"limit": 6, "double_knock": True}, "phase10": "skip-next",
         "shithead": "classic", "dallah": {"swaps_per_turn": 3}}
WITH_POSITION = [g for g in HOUSE
                 if "position" in inspect.signature(tablegames.GAMES[g].new_game).parameters]


def test_some_games_take_a_position() -> None:
    assert {"toepen", "phase10"} <= set(WITH_POSITION)


@pytest.mark.parametrize("game", WITH_POSITION)
def test_a_position_keeps_its_rules(game: str) -> None:
    info = tablegames.GAMES[game]
    state = info.new_game(players=3, seed=1, rules=HOUSE[game])
    assert state.rules != info.rules_class()
    again = info.new_game(players=3, position=state.to_position())
    assert again.rules == state.rules
    assert again.to_position() == state.to_position()


@pytest.mark.parametrize("game", WITH_POSITION)
def test_rules_given_with_a_position_replace_its_line(game: str) -> None:
    info = tablegames.GAMES[game]
    text = info.new_game(players=3, seed=1).to_position()
    again = info.new_game(players=3, position=text, rules=HOUSE[game])
    assert again.rules == info.state_class.from_position(text, rules=HOUSE[game]).rules
    assert again.rules != info.rules_class()
