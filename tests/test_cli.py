"""The command-line interface: simulate, play, rulings, games."""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import tablegames
from tablegames.cli import main


def run(*argv: str, stdin: str = "") -> tuple[int, str]:
    out = io.StringIO()
    code = main(list(argv), out=out, inp=io.StringIO(stdin))
    return code, out.getvalue()


def test_simulate_prints_a_summary_of_real_games() -> None:
    code, text = run("simulate", "toepen", "--games", "30", "--players", "4", "--seed", "5")
    assert code == 0
    assert "30 games, 4 players" in text and "losers per seat" in text and "games/s" in text
    code, text = run("simulate", "toepen", "--games", "30", "--players", "4", "--json")
    data = json.loads(text)
    assert data["games"] == 30 and len(data["losers_per_seat"]) == 4
    assert sum(data["losers_per_seat"]) >= 30  # every game has at least one loser


def test_simulate_is_deterministic() -> None:
    a = json.loads(run("simulate", "toepen", "--games", "20", "--json", "--seed", "3")[1])
    b = json.loads(run("simulate", "toepen", "--games", "20", "--json", "--seed", "3")[1])
    for key in ("actions", "losers_per_seat", "winners_per_seat"):
        assert a[key] == b[key]


def test_bad_arguments_give_a_clear_error() -> None:
    assert run("simulate", "chess")[0] == 2
    assert run("simulate", "toepen", "--players", "12")[0] == 2
    assert run("simulate", "toepen", "--bot", "genius")[0] == 2


def test_every_comma_list_option_reads_spaced_items_alike() -> None:
    """``--bot`` (simulate), ``--bots`` (arena) and ``--names`` (play) share one reading of a
    comma list: a space after a comma is not part of the next item."""
    spaced = json.loads(run("simulate", "toepen", "--games", "4", "--json", "--bot", "club, random",
                            "--players", "2")[1])
    tight = json.loads(run("simulate", "toepen", "--games", "4", "--json", "--bot", "club,random",
                           "--players", "2")[1])
    assert spaced["losers_per_seat"] == tight["losers_per_seat"]
    assert spaced["actions"] == tight["actions"]
    code, text = run("arena", "toepen", "--bots", "club, random", "--games", "2", "--json")
    assert code == 0 and set(json.loads(text)["bots"]) == {"club", "random"}
    code, text = run("play", "toepen", "--names", "Ana, Bo", "--seed", "4", "--pace", "0",
                     stdin="q\n")
    assert code == 0 and "Round 1: Bo deals." in text


def test_play_shows_only_the_players_own_cards() -> None:
    # keep, lead the first card, then quit (the terminal UI is tested in tests/tui/)
    code, text = run("play", "toepen", "--players", "3", "--seed", "4", "--pace", "0",
                     stdin="1\n1\nq\n")
    assert code == 0 and "Your hand:" in text and "Goodbye" in text
    from tablegames import render, toepen

    state = toepen.new_game(players=3, seed=4)
    readable = {c: render.face("toepen", c).text for s in range(3)  # type: ignore[union-attr]
                for c in state.view(s)["hand"]}
    others = {readable[c] for s in (1, 2) for c in state.view(s)["hand"]}
    shown = text.split("Your hand:", 1)[1].splitlines()[0].split()
    assert set(shown) == {readable[c] for c in state.view(0)["hand"]}
    assert not set(shown) & others


def test_play_refuses_bad_input_and_goes_on() -> None:
    code, text = run("play", "toepen", "--players", "3", "--seed", "4", "--pace", "0",
                     stdin="0:dance\n99:keep\nq\n")
    assert code == 0
    assert "Not played: " in text and "You play seat 0, not seat 99" in text


def test_games_lists_every_registered_game_in_name_order() -> None:
    code, text = run("games")
    assert code == 0
    assert [line.split()[0] for line in text.splitlines()] == ["dallah", "phase10", "shithead", "toepen"]


def test_module_entry_point() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "tablegames", "simulate", "toepen", "--games", "3", "--json"],
        capture_output=True, text=True, check=True,
    )
    assert json.loads(proc.stdout)["games"] == 3


def test_rulings_prints_text_decision_example_and_an_absolute_link(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.delenv("TABLEGAMES_DOCS_URL", raising=False)
    code, text = run("rulings", "toepen")
    assert code == 0 and text.count("TOE-") == 25
    code, text = run("rulings", "toepen", "toe-51")
    assert code == 0 and text.startswith("TOE-51: What a fold costs\n")
    assert "\nDecision: the lives" in text and "At the table:\nP0 knocks" in text
    assert "In code:\n    >>> state = toepen.new_game" in text
    link = text.rstrip().splitlines()[-1].removeprefix("See ")
    assert link.startswith("file:///") and link.endswith("#TOE-51")  # absolute, opens here
    monkeypatch.setenv("TABLEGAMES_DOCS_URL", "https://docs.example.org/tablegames/")
    text = run("rulings", "dallah", "DAL-33")[1]
    assert text.rstrip().endswith("See https://docs.example.org/tablegames/rulings/dallah.html#DAL-33")
    assert run("rulings", "toepen", "TOE-99")[0] == 2  # a mistake, as an unknown game
    assert "no ruling 'TOE-99' in toepen" in capsys.readouterr().err
    assert run("rulings", "chess")[0] == 2


MARKUP = re.compile(r"\*\*|`|:caption:|\{[\w-]+\}|\]\(|^\([A-Z0-9]+-\d\d\)=|^#|```|table-picture",
                    re.MULTILINE)


@pytest.mark.parametrize("game", ["toepen", "phase10", "shithead", "dallah"])
def test_every_ruling_prints_without_site_markup(game: str) -> None:
    """Issue 25 item 10: no MyST or reStructuredText reaches the terminal (DAL-33 printed
    ``:caption:``, the picture's source and ``**Decision:**``)."""
    from tablegames.common.rulings import load_rulings

    pictured = 0
    for ruling in load_rulings(game):
        code, text = run("rulings", game, ruling.id)
        words = text.split("\nIn code:\n")[0]  # the doctest lines are code, shown as code
        assert code == 0 and not MARKUP.search(words), (ruling.id, MARKUP.search(words))
        # the picture's source stays out
        assert not any(line in words for line in ruling.picture.splitlines() if line.strip())
        pictured += bool(ruling.picture)
    assert pictured  # some rulings of every game have a picture, and it was left out


def test_help_has_descriptions_in_plain_words() -> None:
    import contextlib

    def helped(*argv: str) -> str:
        buffer = io.StringIO()
        with contextlib.redirect_stdout(buffer), pytest.raises(SystemExit):
            main([*argv, "--help"])
        return buffer.getvalue()

    top = helped()
    assert "`" not in top and "Rules engines for table games" in top
    rulings = helped("rulings")
    assert "one ruling in plain text" in rulings and "tablegames rulings dallah DAL-33" in rulings
    arena = helped("arena")
    assert "seats rotated" in arena and "tablegames arena toepen" in arena
    # helper-129: games and serve printed their options with no word of what they do
    for command in ("simulate", "play", "rulings", "games", "arena", "serve"):
        text = helped(command)
        rest = text.partition("\n\n")[2]   # after the usage lines
        assert not rest.startswith(("positional arguments:", "options:")), command
        assert f"examples:\n  tablegames {command}" in text, command


def test_serve_help_shows_the_defaults(capsys: pytest.CaptureFixture[str]) -> None:
    """``tablegames serve --help`` says where it listens and keeps the rooms unless told
    otherwise (it said nothing of 127.0.0.1, 8000 or rooms.sqlite)."""
    with pytest.raises(SystemExit):
        main(["serve", "--help"], out=io.StringIO())
    text = " ".join(capsys.readouterr().out.split())
    for default in ("default: 127.0.0.1", "default: 8000", "default: rooms.sqlite",
                    "default: 5000", "default: 0.7", "default: warning"):
        assert default in text, default


@pytest.mark.parametrize(("host", "said"), [
    ("127.0.0.1", "phones cannot reach it: serve with --host 0.0.0.0"),
    ("localhost", "phones cannot reach it: serve with --host 0.0.0.0"),
    ("::1", "phones cannot reach it: serve with --host 0.0.0.0"),
    ("192.168.1.20", None),
])
def test_serve_says_when_phones_cannot_reach_it(
        host: str, said: str | None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A server on 127.0.0.1 (the default) cannot be reached by any phone: its start-up
    message says so in one line, and how to fix it (on 0.0.0.0 it names the addresses
    phones open: ``tests/server/test_lan.py``, with the network faked). Uvicorn is not
    started here; the line is written before it is."""
    import uvicorn

    ran: list[str] = []
    monkeypatch.setattr(uvicorn, "run", lambda app, host, **kw: ran.append(host))
    out = io.StringIO()
    assert main(["serve", "--host", host, "--db", str(tmp_path / "rooms.sqlite")], out=out) == 0
    lines = out.getvalue().splitlines()
    assert ran == [host] and lines[0].startswith(f"tablegames: rooms on http://{host}:8000/")
    if said is None:
        assert len(lines) == 1
    else:
        assert len(lines) == 2 and said in lines[1], lines


@pytest.mark.parametrize("argv", [
    ["serve", "--port", "99999"], ["serve", "--port", "0"], ["serve", "--port", "-1"],
    ["serve", "--port", "x"], ["serve", "--bot-delay", "nan"], ["serve", "--bot-delay", "inf"],
    ["serve", "--bot-delay", "-0.5"], ["serve", "--bot-delay", "1e9"],
    ["play", "toepen", "--pace", "inf"], ["play", "toepen", "--pace", "nan"],
    ["play", "toepen", "--pace", "1e308"], ["play", "toepen", "--pace", "-1"],
    ["serve", "--max-rooms", "0"], ["serve", "--max-rooms", "-5"], ["serve", "--max-rooms", "x"],
    ["serve", "--bot-threads", "0"], ["serve", "--bot-threads", "17"],
    ["serve", "--bot-threads", "1.5"],
])
def test_out_of_range_ports_and_seconds_are_refused_by_argparse(
        argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    """Found by helper-60 (s38 M6): ``--port 99999`` was served on 34463, ``--bot-delay
    nan`` froze every bot room and ``--pace inf`` crashed the game on its clock."""
    with pytest.raises(SystemExit) as stop:
        main(argv, out=io.StringIO(), inp=io.StringIO("q\n"))
    assert stop.value.code == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err[-1].startswith(f"tablegames {argv[0]}: argument {argv[-2]}")
    assert len(err[-1]) < 200


@pytest.mark.parametrize("game", ["toepen", "phase10", "shithead", "dallah"])
def test_games_game_lists_what_rules_takes(game: str) -> None:
    """``tablegames games GAME`` lists the variants (what each changes) and every house
    rule with its default and the words the room form shows, so a player finds what
    ``--rules`` takes without the docs; each listed ``KEY=VALUE`` and variant is accepted
    by ``--rules`` as printed."""
    import attrs

    from tablegames.cli import parse_rules
    from tablegames.common.rules import option_text

    code, text = run("games", game)
    assert code == 0
    info = tablegames.GAMES[game]
    assert text.startswith(f"{info.title} ({info.min_players}-{info.max_players} players")
    for name in info.variants:
        assert f"\n  {name} " in text
        parse_rules(info, [name])
    for field in attrs.fields(info.rules_class):
        line = next(ln for ln in text.splitlines() if ln.startswith(f"  {field.name}="))
        words = option_text(field)
        assert words is not None, field.name  # every option has words a player reads
        assert words.label in " ".join(text.split())
        value = line.split()[0].split("=", 1)[1]
        if not value.startswith("default@") and value not in ("{...}", "[...]"):
            parse_rules(info, [f"{field.name}={value}"])  # the default, as printed, reads back
    assert "``" not in text


def test_games_of_an_unknown_game_names_the_known_ones(capsys: pytest.CaptureFixture[str]) -> None:
    code, text = run("games", "chess")
    assert code == 2 and text == ""
    err = capsys.readouterr().err
    assert "chess" in err and all(g in err for g in ("toepen", "phase10", "shithead", "dallah"))


def test_simulate_and_arena_share_one_progress_bar(monkeypatch: pytest.MonkeyPatch) -> None:
    """The arena's bar is ``_progress``'s (labelled ``arena``, every game counted as slow), not
    a copy of it; ``--json`` or a stderr that is no terminal shows none."""
    from tablegames import cli

    asked: list[tuple[int, bool, bool, str]] = []
    shared = cli._progress

    def spy(total: int, enabled: bool, slow: bool = False, label: str = "playing") -> Any:
        asked.append((total, enabled, slow, label))
        return shared(total, enabled, slow, label)

    monkeypatch.setattr(cli, "_progress", spy)
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    assert run("arena", "toepen", "--bots", "club,random", "--games", "2")[0] == 0
    assert run("arena", "toepen", "--bots", "club,random", "--games", "2", "--json")[0] == 0
    assert run("simulate", "toepen", "--games", "2")[0] == 0
    assert asked == [(2, True, True, "arena"), (2, False, True, "arena"),
                     (2, True, False, "playing")]
    assert shared(2, True)[0] is None  # a short run of quick games gets no bar
    update, close = shared(2, True, slow=True, label="arena")
    assert update is not None
    update(2)
    close()
