"""Whatever is typed after ``tablegames``, the command runs or says why in one line.

Hypothesis writes command lines for ``simulate``, ``arena``, ``play``, ``rulings`` and
``games``: real and unknown games and bots, ruling IDs, variants and ``key=value`` house
rules with values of the wrong type, numbers that are negative, zero, huge, ``NaN`` or
not ASCII (``²``, ``١``), repeated and unknown options. Each run exits 0, or exits 2 with
one line on standard error that starts with the command's name (``rulings`` exits 1 for
a ruling it does not have); no traceback, ever.
The work stays small: one worker, at most a few games, search budgets of one or two.
"""

from __future__ import annotations

import contextlib
import io
import sys
from typing import Any

from hypothesis import event, given
from hypothesis import strategies as st

from tablegames.cli import main

GAME = st.sampled_from(["toepen", "phase10", "shithead", "dallah"] * 3
                       + ["chess", "", "TOEPEN", "-"])
NUMBER = st.sampled_from(["-1", "0", "1", "2", "3", "4", "²", "١", "NaN", "inf", "1e2", "x",
                          "9" * 30, " 2", "0x10", "True"])
#: Game counts: small, or refused (a count of 10**30 is a real, endless request).
GAMES = st.sampled_from(["-1", "0", "1", "2", "4", "²", "١", "NaN", "x", "1e2"])
RULE = st.sampled_from([
    "standard", "classic", "two-decks", "limit15", "twist", "no-swaps", "nonsense",
    "decks=2", "decks=9", "decks=two", "limit=15", "limit=NaN", "limit=", "=3", "limit",
    "jack_doubles=true", "jack_doubles=maybe", "phases=set3", "phases=wheel7", "x=1",
    "swap_mode=simultaneous", "rounds=2", "rounds=-2", "limit=" + "9" * 30,
])
BOT = st.sampled_from(["random", "club", "smart", "eager", "model", "ismcts", "deep-blue",
                       "random,random", "club,random,random", "ismcts,random", "", ","])
NAMES = st.sampled_from(["Ana,Bo", "Ana,Bo,Cy", "Ana,Ana", ",", "", "A" * 40 + ",B",
                         "Ana,\x07Bo", "آمنة,Bo,Cy"])


def _options(command: str) -> st.SearchStrategy[list[str]]:
    common = [("--seed", NUMBER | st.text(max_size=6)), ("--rules", RULE),
              ("--players", NUMBER)]
    own: dict[str, list[tuple[str, st.SearchStrategy[str]]]] = {
        "simulate": [("--games", GAMES), ("--bots", BOT), ("--budget", NUMBER)],
        "arena": [("--games", GAMES), ("--bots", BOT), ("--budget", NUMBER)],
        "play": [("--names", NAMES), ("--seat", NUMBER), ("--opponent", BOT),
                 ("--lang", st.sampled_from(["en", "ar", "nl", "da", "fr"])),
                 ("--reports", st.sampled_from(["bots", "table", "model", "all"]))],
    }
    pairs = common + own.get(command, [])
    sound = {"simulate": ["--json", "--seed", "7", "--players", "3"],
             "arena": ["--json", "--seed", "7", "--bots", "random,club"],
             "play": ["--table", "--seed", "7"],
             "rulings": ["--plain"], "games": []}[command]
    flags = st.sampled_from(["--json", "--table", "--plain", "--frobnicate", "--", "\r",
                             "x" * 5_000, "--games=\x1b[2J"])
    one = st.one_of(st.sampled_from(pairs).flatmap(
        lambda p: p[1].map(lambda value, flag=p[0]: [flag, value])), flags.map(lambda f: [f]))
    # half the lines are sound but for at most one part, so most of them run
    damaged = st.lists(one, max_size=1) | st.lists(one, max_size=4)
    return st.tuples(st.sampled_from([[], sound]), damaged).map(
        lambda t: t[0] + [w for part in t[1] for w in part])


@st.composite
def _argv(draw: Any) -> list[str]:
    command = draw(st.sampled_from(["simulate", "arena", "play", "rulings", "games"]))
    argv = [command]
    if command == "rulings":
        argv.append(draw(GAME | st.sampled_from(["TOE-51", "SHD-02", "P10-24", "DAL-27",
                                                 "TOE-999", "toe-51", "X-1"])))
    elif command != "games":
        argv.append(draw(GAME))
    argv += draw(_options(command))
    if command in ("simulate", "arena"):
        argv += ["--workers", "1"]  # the last one given wins: no process pools here
        # searches stay tiny (a Phase 10 game of ismcts bots at the default budget takes
        # minutes): the last --budget wins, and it is small or refused
        if any("ismcts" in word for word in argv):
            argv += ["--budget", draw(st.sampled_from(["1", "1", "2", "2", "x", "-1", "²"]))]
        if "--games" not in argv:
            argv += ["--games", draw(st.sampled_from(["1", "2", "4"]))]
    if command == "play":
        argv += ["--pace", "0"]
    return argv


@given(argv=_argv())
def test_any_command_line_runs_or_says_why_in_one_line(argv: list[str]) -> None:
    out, errors = io.StringIO(), io.StringIO()
    with contextlib.redirect_stderr(errors):
        try:
            code = main(argv, out=out, inp=io.StringIO("1\nq\n"))
        except SystemExit as stop:  # argparse's own refusal (or --help)
            code = stop.code if isinstance(stop.code, int) else 2
    err = errors.getvalue()
    event(f"{argv[0]}: exit {code}")
    assert "Traceback" not in err + out.getvalue()
    # 1: ``rulings`` found no such ruling (as grep finds no line); 2: a refusal
    assert code in ((0, 1, 2) if argv[0] == "rulings" else (0, 2)), (argv, code, err)
    if code:
        lines = [line for line in err.splitlines() if line.strip()]
        assert lines and lines[-1].startswith("tablegames"), (argv, err)
        assert len(lines) <= 3, (argv, err)  # argparse prints its usage line first
        assert len(lines[-1]) <= 600 and lines[-1].isprintable(), (argv, err)
    assert sys.getrecursionlimit() >= 1000  # nothing fiddled with the interpreter
