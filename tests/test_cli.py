"""The command-line interface: simulate, play, rulings, games."""

from __future__ import annotations

import io
import json
import subprocess
import sys

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


def test_rulings_prints_text_decision_example_and_anchor() -> None:
    code, text = run("rulings", "toepen")
    assert code == 0 and text.count("TOE-") == 25
    code, text = run("rulings", "toepen", "toe-51")
    assert code == 0 and text.startswith("TOE-51:")
    assert "Example:" in text and "rulings/toepen.html#TOE-51" in text
    assert run("rulings", "toepen", "TOE-99")[0] == 1
    assert run("rulings", "chess")[0] == 2
