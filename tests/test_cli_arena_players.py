"""An arena's ``--players`` that the game does not seat is refused as every other door
refuses a player count (``GameInfo.check_players``: "toepen is for 2 to 8 players, not
0", ``ArgumentRefused`` code ``"seats"``), not as the arena's lineup bound ("players must
be in 1..64"): the words ``tablegames arena`` said at 98c0dce, when the command checked
the count itself, and the ones it tells in Arabic (found by helper-207)."""

from __future__ import annotations

import pytest

from tablegames.bots.matches import arena
from tablegames.cliwords import CliWords
from tablegames.common.errors import ArgumentRefused
from tests.cli_lines import said


@pytest.mark.parametrize("players", [0, -1, 65, 100, 10**22])
def test_library_refuses_the_count_the_game_does_not_seat(players: int) -> None:
    with pytest.raises(ArgumentRefused) as caught:
        arena("toepen", ["random"], 4, players=players, workers=1)
    e = caught.value
    assert str(e) == f"toepen is for 2 to 8 players, not {players}"
    assert (e.argument, e.code, e.game, e.value, e.least, e.most) == (
        "players", "seats", "toepen", players, 2, 8)


def test_a_bool_is_still_no_count() -> None:
    with pytest.raises(ArgumentRefused, match="players must be an int, not bool"):
        arena("toepen", ["random"], 4, players=True, workers=1)


@pytest.mark.parametrize("players", ["0", "-1", "65", "99999999999999999999999"])
def test_command_says_it_in_english_and_arabic(players: str,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    line = ["arena", "phase10", "--bots", "random", "--players", players, "--games", "4"]
    assert said(line, capsys) == (
        2, f"tablegames: phase10 is for 2 to 6 players, not {players}\n")
    arabic = CliWords("ar")("{game} is for {least} to {most} players, not {n}",
                            game="phase10", least=2, most=6, n=players)
    assert arabic != f"phase10 is for 2 to 6 players, not {players}"
    assert said([*line, "--lang", "ar"], capsys) == (2, f"tablegames: {arabic}\n")
