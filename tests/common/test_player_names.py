"""A player name goes everywhere (saves, records, position text, every phone's message)
and comes back the same, or it is refused when the game is set up.

Names with a new line made ``to_position`` raise a bare ``ValueError``; a line or
paragraph separator wrote a position its own reader refused; a space at either end was
trimmed by the position text (a different name came back); a lone surrogate could not
be encoded as UTF-8, so a server could not send that game's views.
"""

from __future__ import annotations

import json

import pytest

import tablegames
from tablegames import SetupError, StateError

GAMES = ("toepen", "phase10", "shithead", "dallah")
BAD = {"new line": "a\nb", "tab": "a\tb", "line separator": "a\u2028b",
       "paragraph separator": "a\u2029b", "lone surrogate": "\ud800", "leading space": " a",
       "trailing space": "a ", "escape": "a\x1b[31m"}
GOOD = ("Ana", "a  b", "Zoë", "منى", "李", "😀\u200d😀", "O'Brien <b>")


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("why", sorted(BAD))
def test_a_name_that_cannot_come_back_the_same_is_refused(game: str, why: str) -> None:
    with pytest.raises(SetupError, match="player name 0"):
        tablegames.new_game(game, players=[BAD[why], "B", "C"], seed=1)


@pytest.mark.parametrize("game", GAMES)
def test_a_save_with_such_a_name_is_refused(game: str) -> None:
    save = json.loads(tablegames.new_game(game, players=["A", "B", "C"], seed=1).to_json())
    save["setup"]["players"][0] = "a\nb"
    with pytest.raises((SetupError, StateError), match="player name 0"):
        tablegames.GAMES[game].state_class.from_json(json.dumps(save))


@pytest.mark.parametrize("game", GAMES)
def test_every_other_name_comes_back_the_same(game: str) -> None:
    info = tablegames.GAMES[game]
    for name in GOOD:
        state = info.new_game(players=[name, "B", "C"], seed=1)
        assert info.state_class.from_json(state.to_json()).players[0] == name
        assert info.state_class.from_position(state.to_position()).players[0] == name
        json.dumps(state.view(0), ensure_ascii=False).encode()  # a server can send it
