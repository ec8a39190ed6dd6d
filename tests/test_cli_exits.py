"""The ``tablegames`` command's exit statuses (``docs/guides/cli.md``, "exit status").

A caller's mistake, whatever the subcommand, exits 2 with one line on stderr and no
traceback, as argparse's own usage errors do: a script cannot otherwise tell a typo
from a defect. ``tablegames rulings toepen TOE-99`` exited 1, and ``tablegames serve
--db`` with a path it could not open printed SQLite's traceback (helper-135).
A defect of the library is left to Python: its traceback and exit status 1.
"""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

import tablegames.cli
from tablegames.cli import main

ROOT = Path(__file__).resolve().parents[1]

#: One mistake per row: the arguments and a few words the one line must hold.
MISTAKES = [
    (["rulings", "toepen", "TOE-99"], "no ruling 'TOE-99' in toepen"),
    (["rulings", "toepen", ""], "no ruling '' in toepen"),
    (["rulings", "chess"], "unknown game 'chess'"),
    (["games", "chess"], "unknown game 'chess'"),
    (["simulate", "chess"], "unknown game 'chess'"),
    (["simulate", "toepen", "--games", "2", "--rules", "nosuch"], "variant 'nosuch'"),
    (["simulate", "toepen", "--games", "2", "--rules", "limit=abc"], "limit"),
    (["simulate", "toepen", "--games", "2", "--bot", "genius"], "no bot 'genius'"),
    (["simulate", "toepen", "--games", "0"], "games must be at least 1"),
    (["simulate", "toepen", "--games", "2", "--workers", "0"], "workers"),
    (["simulate", "toepen", "--games", "2", "--plot", "x.txt"], ".svg, .png or .pdf"),
    (["simulate", "toepen", "--games", "2", "--import", "no_such_bot_module"],
     "cannot import the bot module 'no_such_bot_module'"),
    (["simulate", "toepen", "--games", "x"], "invalid int value"),
    (["arena", "toepen", "--bots", "random,genius", "--games", "2"], "no bot 'genius'"),
    (["arena", "toepen", "--bots", "random,random", "--games", "2", "--budget", "0"], "budget"),
    (["play", "chess"], "unknown game 'chess'"),
    (["play", "toepen", "--opponent", "genius"], "genius"),
    (["play", "toepen", "--seat", "9"], "seat"),
    (["play", "toepen", "--lang", "xx"], "invalid choice"),
    (["serve", "--port", "0"], "port"),
]


def _one_line_mistake(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    """Run ``argv``; assert it is refused as a caller's mistake; return the line."""
    out = io.StringIO()
    try:
        code = main(argv, out=out, inp=io.StringIO(""))
    except SystemExit as stop:  # argparse's own refusal
        code = stop.code
    err = capsys.readouterr().err
    assert code == 2, (argv, err)
    assert out.getvalue() == "", argv  # nothing played, nothing printed as a result
    assert err.count("\n") == 1 and err.startswith("tablegames"), (argv, err)
    assert "Traceback" not in err
    return err


@pytest.mark.parametrize(("argv", "said"), MISTAKES, ids=[" ".join(a) for a, _ in MISTAKES])
def test_a_callers_mistake_exits_2_with_one_line(argv: list[str], said: str,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    assert said in _one_line_mistake(argv, capsys)


def test_a_bot_module_that_fails_while_imported_is_the_callers_mistake(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """Its own exception, or a syntax error, printed Python's traceback and exited 1."""
    (tmp_path / "raising_bots_135.py").write_text('raise RuntimeError("boom")\n')
    (tmp_path / "broken_bots_135.py").write_text("def (\n")
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))
    err = _one_line_mistake(["simulate", "toepen", "--games", "2", "--import",
                             "raising_bots_135"], capsys)
    assert "'raising_bots_135' failed while imported: RuntimeError: 'boom'" in err
    err = _one_line_mistake(["arena", "toepen", "--bots", "random,random", "--games", "2",
                             "--import", "broken_bots_135"], capsys)
    assert "'broken_bots_135' failed while imported: SyntaxError" in err


@pytest.mark.parametrize("db", ["folder", "missing/rooms.sqlite", "not-sqlite.txt",
                                "not-sqlite.txt/rooms.sqlite"])
def test_serve_with_a_rooms_file_it_cannot_open_exits_2(
        db: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A folder, a missing folder, a file of something else, a file in the way of a
    folder: SQLite's (or the lock's) exception and traceback, exit status 1."""
    import uvicorn  # noqa: F401  # the server extra, installed wherever the suite runs
    (tmp_path / "folder").mkdir()
    (tmp_path / "not-sqlite.txt").write_text("not a database, " * 100)
    before = sorted(p.name for p in tmp_path.iterdir())
    err = _one_line_mistake(["serve", "--db", str(tmp_path / db), "--port", "8765"], capsys)
    assert "cannot use" in err and "as the rooms file" in err
    assert sorted(p.name for p in tmp_path.iterdir() if not p.name.startswith(".")) == before


def test_a_file_that_cannot_be_read_is_a_mistake_and_a_defect_is_not(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """An ``OSError`` reaching the command is about a file the caller named: one line,
    exit 2. Any other exception is a defect and keeps its traceback (exit status 1)."""
    def unreadable(out: object, game: object = None, w: object = None) -> int:
        raise PermissionError(13, "Permission denied", "rules.txt")

    monkeypatch.setattr(tablegames.cli, "cmd_games", unreadable)
    assert "'rules.txt': Permission denied" in _one_line_mistake(["games"], capsys)

    def defect(out: object, game: object = None, w: object = None) -> int:
        raise RuntimeError("a bug")

    monkeypatch.setattr(tablegames.cli, "cmd_games", defect)
    with pytest.raises(RuntimeError, match="a bug"):
        main(["games"], out=io.StringIO())


def test_the_process_exits_2_for_a_mistake() -> None:
    """The status the shell sees (``python -m tablegames``), not only ``main``'s."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    run = subprocess.run([sys.executable, "-m", "tablegames", "rulings", "toepen", "TOE-99"],
                         capture_output=True, text=True, env=env, timeout=120)
    assert run.returncode == 2 and run.stdout == ""
    assert run.stderr.splitlines() == [
        "tablegames: no ruling 'TOE-99' in toepen (tablegames rulings toepen lists them)"]
