"""Two player names a reader cannot tell apart, and a name nobody can see, are refused
where a table is set up (helper-225's hostile round).

``new_game`` compared names as code points: "José" typed with a combining accent and
"José" typed as one letter, "Amal" and "Amal" with a zero-width space after it, a
full-width "Ａ" and "A" sat as two players whose every log line, view and record read
the same; a name of a zero-width space or a Hangul filler alone sat a seat with no name
to see. The room server refused these (``server.rooms.name_key``); the library did not.
A save written with such names still loads (saves are stable, as for direction
controls).
"""

from __future__ import annotations

import json

import pytest

import tablegames
from tablegames import ArgumentRefused, PositionError

GAMES = ("toepen", "phase10", "shithead", "dallah")
#: Pairs of names that read the same: the second is the first's look-alike.
LOOKALIKES = {
    "decomposed accent": ("Jos\u00e9", "Jose\u0301"),
    "zero-width space": ("Amal", "Amal\u200b"),
    "zero-width joiner": ("Amal", "Am\u200dal"),
    "word joiner": ("Amal", "\u2060Amal"),
    "soft hyphen": ("Amal", "Am\u00adal"),
    "variation selector": ("Amal", "Amal\ufe0f"),
    "full-width letters": ("Amal", "\uff21\uff4d\uff41\uff4c"),
}
#: Names with nothing a reader sees.
UNSEEN = {"zero-width space": "\u200b", "hangul filler": "\u3164",
          "braille blank": "\u2800", "joiners": "\u200c\u200d", "lone accent": "\u0301",
          "left-to-right mark": "\u200e"}
#: Names that look different and still sit together.
DISTINCT = [("Amal", "amal"), ("Ana", "Ana\u0301"), ("P0", "\u0420" + "0"), ("Ana", "Ana 2"),
            ("\u0645\u0646\u0649", "\u0645\u0646\u0649\u0627"),
            ("\U0001f600\u200d\U0001f600", "\U0001f600")]


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("why", sorted(LOOKALIKES))
def test_two_names_that_read_the_same_are_refused(game: str, why: str) -> None:
    first, second = LOOKALIKES[why]
    assert first != second
    with pytest.raises(ArgumentRefused, match="player names must be distinct") as caught:
        tablegames.new_game(game, players=[first, "B", second], seed=1)
    assert (caught.value.argument, caught.value.code) == ("names", "distinct")
    text = tablegames.new_game(game, players=[first, "B", "C"], seed=1).to_position()
    with pytest.raises(PositionError, match="distinct"):
        tablegames.from_position(game, text.replace("player 2: C", f"player 2: {second}"))


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("why", sorted(UNSEEN))
def test_a_name_nobody_can_see_is_refused(game: str, why: str) -> None:
    with pytest.raises(ArgumentRefused, match="player names must be non-empty") as caught:
        tablegames.new_game(game, players=["A", UNSEEN[why], "C"], seed=1)
    assert (caught.value.code, caught.value.value) == ("text", 1)


@pytest.mark.parametrize("game", GAMES)
def test_names_that_look_different_still_sit_together(game: str) -> None:
    for first, second in DISTINCT:
        state = tablegames.new_game(game, players=[first, second, "C"], seed=1)
        assert state.players[:2] == (first, second)
        assert tablegames.from_position(game, state.to_position()).players[:2] == (first, second)


@pytest.mark.parametrize("game", GAMES)
def test_a_save_written_with_look_alike_names_still_loads(game: str) -> None:
    save = json.loads(tablegames.new_game(game, players=["A", "B", "C"], seed=1).to_json())
    save["setup"]["players"][1:] = ["Amal", "Amal\u200b"]
    text = json.dumps(save, separators=(",", ":"), ensure_ascii=False)
    state = tablegames.load(text)
    assert state.players[1:] == ("Amal", "Amal\u200b")
    assert tablegames.load(state.to_json()).to_json() == state.to_json()
