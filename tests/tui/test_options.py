"""``tui.Options`` checks every field when it is made, with the command line's ranges
(found by the s39 review, helper-65's brief: ``Options(pace=nan)`` was taken and froze or
crashed the game only once a bot moved)."""

from __future__ import annotations

import argparse
import enum
import io
from typing import Any

import numpy as np
import pytest

import tablegames
from tablegames.cli import _seconds_arg
from tablegames.common.setups import MAX_SECONDS, check_seconds
from tablegames.tui import Options
from tablegames.tui.session import Session


class Number(enum.IntEnum):
    ONE = 1


#: A field, a bad value, and a word the refusal must say.
BAD: list[tuple[str, Any, str]] = [
    ("pace", float("nan"), "pace"), ("pace", float("inf"), "pace"), ("pace", -1, "pace"),
    ("pace", MAX_SECONDS + 1, "pace"), ("pace", True, "pace"), ("pace", "1", "pace"),
    ("pace", None, "pace"),
    ("game", "chess", "chess"), ("game", 5, "game"), ("game", None, "game"),
    ("players", True, "players"), ("players", 1, "players"), ("players", 99, "players"),
    ("players", 3.0, "players"), ("players", "ABC", "players"), ("players", ["A", "A"], "names"),
    ("seat", True, "--seat"), ("seat", 4, "--seat"), ("seat", -1, "--seat"),
    ("seat", 1.0, "--seat"), ("seat", "0", "--seat"),
    ("seed", True, "seed"), ("seed", 1.5, "seed"), ("seed", "x", "seed"),
    ("seed", float("nan"), "seed"), ("seed", 1 << 300, "256 bits"),
    ("rules", "no-such-variant", "no-such-variant"), ("rules", {"limit": "ten"}, "limit"),
    ("rules", {"limit": float("nan")}, "limit"),
    ("opponent", "genius", "genius"), ("opponent", 3, "opponent"),
    ("table", 1, "table"), ("table", "yes", "table"), ("debug", 0, "debug"),
    ("lang", "fr", "fr"), ("lang", True, "True"),
    ("reports", "nobody", "reports"), ("reports", ["bots"], "reports"),
    # seconds are no whole number: an IntEnum is no pace (check_seconds)
    ("pace", Number.ONE, "pace"),
]


@pytest.mark.parametrize("field, value, word", BAD, ids=[f"{f}={v!r}"[:40] for f, v, _ in BAD])
def test_a_bad_field_is_refused_when_the_options_are_made(field: str, value: Any,
                                                          word: str) -> None:
    fields: dict[str, Any] = {"game": "toepen", "players": 4, **{field: value}}
    with pytest.raises(tablegames.TablegamesError) as refused:
        Options(**fields)
    message = str(refused.value)
    assert word in message and len(message) < 300


@pytest.mark.parametrize("whole", [np.int64(1), np.uint8(1), np.int8(1), Number.ONE],
                         ids=["int64", "uint8", "int8", "IntEnum"])
def test_a_whole_number_seat_seed_or_count_is_the_plain_int_it_holds(whole: Any) -> None:
    """The library's one reading of a whole number (``common.numbers.whole_number``): a
    numpy or IntEnum seat, seed or player count is kept as the plain ``int`` it holds, so
    the game and its first screen are those of ``1`` (an IntEnum seat was once taken
    here raw and refused by the game on its first screen: helper-73)."""
    options = Options(game="toepen", players=np.int64(3), seat=whole, seed=whole)
    assert (options.players, options.seat, options.seed) == (3, 1, 1)
    assert {type(options.players), type(options.seat), type(options.seed)} == {int}
    assert options == Options(game="toepen", players=3, seat=1, seed=1)


def test_good_options_are_kept_as_given() -> None:
    options = Options(game="toepen", players=["Ann", "Bo", "Cy"], seat=2, seed=5,
                      rules={"limit": 15}, opponent="random", table=True, lang="nl",
                      pace=0, debug=True)
    assert (options.pace, options.seat, options.players) == (0, 2, ["Ann", "Bo", "Cy"])
    assert Options(game="dallah", players=3, reports="model", pace=MAX_SECONDS).pace == 3600
    assert Options(game="shithead", players=8, rules="classic").players == 8  # fitted, as played


@pytest.mark.parametrize("text", ["0", "0.5", "3600", "3600.5", "-0.1", "nan", "inf", "1e308"])
def test_the_command_line_and_the_options_take_the_same_pace(text: str) -> None:
    """One definition (``check_seconds``): ``--pace`` and ``Options(pace=)`` agree."""
    try:
        expected: float | None = float(text) if 0 <= float(text) <= MAX_SECONDS else None
    except ValueError:  # pragma: no cover - every text above is a float
        expected = None
    try:
        by_flag: float | None = _seconds_arg(text)
    except argparse.ArgumentTypeError:
        by_flag = None
    try:
        by_api: float | None = Options(game="toepen", pace=float(text)).pace
    except tablegames.SetupError:
        by_api = None
    assert by_flag == by_api == expected
    if expected is None:
        with pytest.raises(tablegames.SetupError, match="pace"):
            check_seconds("pace", float(text))


def test_a_refused_field_never_starts_a_game() -> None:
    out = io.StringIO()
    with pytest.raises(tablegames.SetupError):
        Session(tablegames.GAMES["toepen"], Options(game="toepen", pace=float("nan")), out,
                io.StringIO("q\n"))
    assert out.getvalue() == ""
