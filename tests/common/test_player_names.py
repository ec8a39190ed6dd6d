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


DIRECTION_CONTROLS = {"right-to-left override": "\u202e", "left-to-right embedding": "\u202a",
                      "left-to-right isolate": "\u2066", "pop directional isolate": "\u2069"}


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("why", sorted(DIRECTION_CONTROLS))
def test_a_direction_control_in_a_new_name_is_refused(game: str, why: str) -> None:
    """A name holding a bidi override turns the text after it around wherever it is shown
    ("P1 played 7h" read backwards): refused in a new game, a position text and the
    terminal's options, as the room server refuses it (found by helper-114). The marks
    LRM and RLM only say a direction and are names' business."""
    name = f"{DIRECTION_CONTROLS[why]}Bo"
    with pytest.raises(SetupError, match="player name 1 holds a direction control"):
        tablegames.new_game(game, players=["A", name, "C"], seed=1)
    text = tablegames.new_game(game, players=["A", "Bo", "C"], seed=1).to_position()
    with pytest.raises(tablegames.PositionError, match="direction control"):
        tablegames.from_position(game, text.replace("Bo", name, 1))
    from tablegames.tui.session import Options
    with pytest.raises(SetupError, match="direction control"):
        Options(game=game, players=["A", name, "C"])
    assert tablegames.new_game(game, players=["A", "B\u200fo", "C"], seed=1).players[1] == "B\u200fo"


@pytest.mark.parametrize("game", GAMES)
def test_a_save_written_with_a_direction_control_still_loads(game: str) -> None:
    """0.1 wrote such names: its saves load and save again the same."""
    save = json.loads(tablegames.new_game(game, players=["A", "B", "C"], seed=1).to_json())
    save["setup"]["players"][1] = "\u202eBo"
    text = json.dumps(save, separators=(",", ":"), ensure_ascii=False)
    state = tablegames.load(text)
    assert state.players[1] == "\u202eBo"
    assert tablegames.load(state.to_json()).to_json() == state.to_json()


@pytest.mark.parametrize("game", GAMES)
def test_new_game_names_a_keyword_it_does_not_take(game: str) -> None:
    """A keyword the game does not take was Python's TypeError (helper-114)."""
    with pytest.raises(SetupError, match=f"{game}'s new_game takes no 'foo'; it takes players"):
        tablegames.new_game(game, players=3, foo=1)


@pytest.mark.parametrize("flag", [1, 0, "yes", None])
def test_verify_is_a_flag(flag: object) -> None:
    """``verify=1`` loaded without verifying as if it were True (helper-114)."""
    text = tablegames.new_game("toepen", players=3, seed=1).to_json()
    with pytest.raises(SetupError, match="verify must be True or False"):
        tablegames.load(text, verify=flag)  # type: ignore[arg-type]
    with pytest.raises(SetupError, match="verify must be True or False"):
        tablegames.GAMES["toepen"].state_class.from_json(text, verify=flag)  # type: ignore[arg-type]
