"""Every ``tablegames`` command the README and the command page show is run or parsed
(helper-169).

A newcomer types what the pages show. Each command found on them (in a shell block, or
in a code span of the prose) is listed in :data:`SHOWN` with what this test does with it:

* ``run``: run through :func:`tablegames.cli.main` with small sizes (fewer games, a
  smaller search budget, one worker), checking the exit status and the first line;
* ``serve``: ``tablegames serve`` as typed, with uvicorn's ``run`` faked (everything up
  to it runs: the options, the rooms file, the start-up lines);
* ``parse``: the CLI's own parser reads it (a command that needs a database, or that
  names a placeholder such as ``GAME``, run once with the placeholder filled);
* ``name``: a command's bare name in a table or a sentence: one the parser has.

A command added to a page and not to :data:`SHOWN` fails the first test, so none goes
unrun. The install lines (``pip``, ``pytest``, ``sphinx``) are not ``tablegames``
commands; ``CONTRIBUTING.md`` and the CI run them.
"""

from __future__ import annotations

import argparse
import io
import re
from pathlib import Path
from typing import Any

import pytest

from tablegames.cli import build_parser, main

ROOT = Path(__file__).resolve().parents[2]
PAGES = ("README.md", "docs/guides/cli.md")

_FENCE = re.compile(r"^```([^\n]*)\n(.*?)^```", re.S | re.M)
_COMMAND = re.compile(r"(python -m )?tablegames( |$)")


def shown(text: str) -> set[str]:
    """The ``tablegames`` commands of a page: each line of a shell block (its ``$`` and
    a trailing ``# comment`` dropped; after ``&&``, the command that follows), and each
    code span of the prose that is one, whitespace made single spaces."""
    found = set()
    for kind, block in _FENCE.findall(text):
        if kind.strip() not in ("", "sh", "console"):
            continue  # a python block's output, a directive
        for line in block.splitlines():
            line = line.split("  #", 1)[0].strip().removeprefix("$ ")
            line = line.rsplit("&& ", 1)[-1]
            if _COMMAND.match(line):
                found.add(" ".join(line.split()))
    for span in re.findall(r"`([^`]+)`", _FENCE.sub("", text)):
        span = " ".join(span.split())
        if _COMMAND.match(span):
            found.add(span)
    return found


#: Each command shown, and how it is checked: ``("run", argv, first line)``,
#: ``("serve", argv)``, ``("parse", argv)`` or ``("name",)``.
SHOWN: dict[str, tuple[Any, ...]] = {
    # README
    "tablegames simulate toepen --games 1000 --players 4":
        ("run", "simulate toepen --games 8 --players 4 --workers 1",
         "Toepen: 8 games, 4 players, bot 'club', seed 0"),
    "tablegames simulate GAME": ("run", "simulate dallah --games 2 --workers 1",
                                 "Dallah: 2 games, 4 players, bot 'model', seed 0"),
    "tablegames arena toepen --bots ismcts,club --games 20 --seed 2026 --budget 60 --workers 1":
        ("run", "arena toepen --bots ismcts,club --games 2 --seed 2026 --budget 5 --workers 1",
         "Toepen: 2 games, 2 players, lineup ismcts,club (rotated), seed 2026, budget 5"),
    "tablegames arena dallah --bots ismcts,model,model,model --games 8 --seed 2026 "
    "--budget 120 --workers 1":
        ("parse", "arena dallah --bots ismcts,model,model,model --games 8 --seed 2026 "
                  "--budget 120 --workers 1"),
    "tablegames arena phase10 --bots ismcts,smart --games 2 --seed 2026 --budget 30 --workers 1":
        ("parse", "arena phase10 --bots ismcts,smart --games 2 --seed 2026 --budget 30 "
                  "--workers 1"),
    "tablegames arena shithead --bots ismcts,smart --games 20 --seed 2026 --budget 100 "
    "--workers 1":
        ("run", "arena shithead --bots ismcts,smart --games 2 --seed 2026 --budget 5 "
                "--workers 1",
         "Shithead: 2 games, 2 players, lineup ismcts,smart (rotated), seed 2026, budget 5"),
    "tablegames arena toepen --bots ismcts,club,random,random --games 200 --json":
        ("run", "arena toepen --bots ismcts,club,random,random --games 4 --budget 5 --json "
                "--workers 1", '{"game": "toepen", "games": 4, "players": 4,'),
    "tablegames arena GAME --bots ismcts,club,random":
        ("parse", "arena toepen --bots ismcts,club,random"),
    "tablegames play toepen": ("run", "play toepen --pace 0", None),
    "tablegames rulings dallah DAL-33": ("run", "rulings dallah DAL-33", "DAL-33"),
    "tablegames games toepen": ("run", "games toepen", "Toepen (2-8 players; "),
    "tablegames serve --host 0.0.0.0 --db rooms.sqlite":
        ("serve", "serve --host 0.0.0.0 --db rooms.sqlite"),
    "tablegames serve --db postgresql://...": ("parse", "serve --db postgresql://..."),
    # the command page
    "python -m tablegames": ("name",),
    "tablegames --version": ("run", "--version", "tablegames "),
    "tablegames --lang ar simulate --help":
        ("run", "--lang ar simulate --help", "الاستخدام: tablegames simulate"),
    "tablegames COMMAND --help": ("name",),
    "tablegames games": ("run", "games", "dallah     Dallah (2-8 players; "),
    "tablegames rulings toepen": ("run", "rulings toepen", "TOE-01"),
    "tablegames rulings toepen TOE-51": ("run", "rulings toepen TOE-51", "TOE-51"),
    "tablegames arena toepen --bots ismcts,club,random,random --budget 60":
        ("parse", "arena toepen --bots ismcts,club,random,random --budget 60"),
    "tablegames serve --host 0.0.0.0": ("serve", "serve --host 0.0.0.0"),
    # bare names, in the pages' tables and sentences
    "tablegames": ("name",),
    "tablegames simulate": ("name",),
    "tablegames arena": ("name",),
    "tablegames play": ("name",),
    "tablegames rulings": ("name",),
    "tablegames serve": ("name",),
}


def test_every_command_the_pages_show_is_listed_here() -> None:
    found: set[str] = set()
    for page in PAGES:
        found |= shown((ROOT / page).read_text(encoding="utf-8"))
    assert sorted(found - set(SHOWN)) == [], "a command shown that no test runs"
    assert sorted(set(SHOWN) - found) == [], "a command no longer shown: drop it here"


def subcommands() -> set[str]:
    parser = build_parser()
    action = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return set(action.choices)


@pytest.mark.parametrize("command", sorted(c for c, how in SHOWN.items() if how[0] == "run"))
def test_a_command_shown_runs_with_small_sizes(command: str, tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    _, argv, first = SHOWN[command]
    # the shown command's own options, less those made smaller here, are all kept
    small = {"--games", "--budget", "--workers", "--pace"}
    kept = [w for w in command.split()[1:] if w.startswith("--") and w not in small]
    assert all(w in argv.split() for w in kept), (command, argv)
    monkeypatch.chdir(tmp_path)
    out = io.StringIO()
    try:
        code = main(argv.split(), out=out, inp=io.StringIO("q\n"))
    except SystemExit as stop:  # argparse's own --version
        code = int(stop.code or 0)
    printed = out.getvalue() + capsys.readouterr().out
    assert code == 0, printed[-600:]
    assert printed.strip(), command
    if first is not None:
        assert printed.lstrip("\n").splitlines()[0].startswith(first), printed[:300]


@pytest.mark.parametrize("command", sorted(c for c, how in SHOWN.items() if how[0] == "serve"))
def test_a_serve_command_shown_starts_up_to_uvicorn(command: str, tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    import uvicorn

    served: list[dict[str, Any]] = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: served.append(kw))
    monkeypatch.chdir(tmp_path)
    out = io.StringIO()
    assert main(SHOWN[command][1].split(), out=out) == 0
    assert out.getvalue().startswith("tablegames: rooms on http://0.0.0.0:8000/")
    assert served[0]["host"] == "0.0.0.0" and served[0]["port"] == 8000


@pytest.mark.parametrize("command", sorted(c for c, how in SHOWN.items() if how[0] == "parse"))
def test_a_long_command_shown_is_read_by_the_clis_parser(command: str) -> None:
    """Too long to run here (a search at its full budget, a PostgreSQL server): the
    CLI's own parser takes every option, and a game and bots it names exist."""
    from tablegames import bots
    from tablegames.cli import game_info

    args = build_parser().parse_args(SHOWN[command][1].split())
    if args.command == "arena":
        info = game_info(args.game)
        for name in args.bots.split(","):
            assert name in bots.names(info.name), name


@pytest.mark.parametrize("command", sorted(c for c, how in SHOWN.items() if how[0] == "name"))
def test_a_command_named_is_one_the_parser_has(command: str) -> None:
    words = command.removeprefix("python -m ").split()
    assert words[0] == "tablegames"
    if len(words) > 1 and words[1] != "COMMAND":
        assert words[1] in subcommands()
    assert {"games", "rulings", "play", "simulate", "arena", "serve"} <= subcommands()
