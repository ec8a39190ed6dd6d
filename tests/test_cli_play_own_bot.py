"""``tablegames play --import MODULE --opponent NAME``: a bot of one's own at the
terminal table (helper-223). Its failure stops the game with BotFailed's paragraph in
the command's language, exit status 1, instead of a traceback of tablegames."""

from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest

from tablegames.cli import main

MODULE = '''
from tablegames import bots
from tablegames.bots.base import RandomBot


class Buggy(RandomBot):
    def choose(self, handle):
        raise ValueError("my bot's own bug")


class Loops(RandomBot):
    def choose(self, handle):
        while True:
            pass


bots.register("buggy223", lambda info, seed=0: Buggy(seed), game="toepen")
bots.register("loops223", lambda info, seed=0: Loops(seed), game="toepen")
bots.register("kind223", lambda info, seed=0: RandomBot(seed), game="toepen")


def broken(info, seed=0):
    raise RuntimeError("my factory's own bug")


bots.register("broken223", broken, game="toepen")
'''


@pytest.fixture
def own_module(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, own_registry: None) -> str:
    """A module of one's own in the current folder, as a bot author has it."""
    (tmp_path / "mybots223.py").write_text(MODULE)
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, "mybots223", raising=False)
    return "mybots223"


def play(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    out = io.StringIO()
    rc = main(["play", "toepen", "--pace", "0", *argv], out=out, inp=io.StringIO("1\n" * 40))
    return rc, out.getvalue(), capsys.readouterr().err


def test_a_bot_of_one_s_own_plays_at_the_table(
        own_module: str, capsys: pytest.CaptureFixture[str]) -> None:
    rc, out, err = play(["--import", own_module, "--opponent", "kind223"], capsys)
    assert rc == 0 and err == "" and "P1" in out


def test_a_bot_that_raises_stops_the_game_with_the_paragraph(
        own_module: str, capsys: pytest.CaptureFixture[str]) -> None:
    rc, out, err = play(["--import", own_module, "--opponent", "buggy223"], capsys)
    first = err.split("\n", 1)[0]
    assert rc == 1 and out.endswith("\n")
    assert first.startswith("tablegames: bot 'buggy223' at seat 1 raised ValueError: my bot's "
                            "own bug when asked for its turn (toepen dealt from seed 0")
    assert "The bot's traceback:" in err and "mybots223.py" in err
    assert "tablegames/cli.py" not in err  # the bot's traceback only, not one of the command


@pytest.mark.parametrize(("lang", "said"), [
    ("nl", "de bot 'loops223' op plaats 1 gaf geen antwoord op zijn beurt binnen de "
           "tijdslimiet van 0.2 s"),
    ("da", "botten 'loops223' på plads 1 svarede ikke på sin tur inden for tidsgrænsen på 0.2 s"),
    ("ar", "لم يُجب اللاعب الآلي 'loops223' في المقعد 1 على دوره ضمن المهلة المحددة، 0.2 ث"),
])
def test_a_bot_that_never_answers_is_stopped_and_said_in_the_command_s_language(
        own_module: str, lang: str, said: str, capsys: pytest.CaptureFixture[str]) -> None:
    game = "phase10" if lang == "da" else "toepen"
    if game != "toepen":  # Danish is Phase 10's language: the bot is registered for every game
        (Path.cwd() / f"{own_module}.py").write_text(MODULE.replace(', game="toepen"', ""))
    out = io.StringIO()
    rc = main(["play", game, "--pace", "0", "--import", own_module, "--opponent", "loops223",
               "--time-limit", "0.2", "--lang", lang], out=out, inp=io.StringIO("1\n" * 40))
    err = capsys.readouterr().err
    assert rc == 1 and err.startswith("tablegames: " + said), err


def test_play_refuses_a_bot_its_module_did_not_register(
        own_module: str, capsys: pytest.CaptureFixture[str]) -> None:
    rc, _, err = play(["--import", own_module, "--opponent", "nobody"], capsys)
    assert rc == 2 and "buggy223" in err and "nobody" in err


def test_a_bot_whose_factory_raises_is_told_before_the_deal(
        own_module: str, capsys: pytest.CaptureFixture[str]) -> None:
    """``play`` makes its bots as ``arena`` and ``simulate`` do: a factory that raises
    is ``BotFailed`` code ``made``, its paragraph and the factory's traceback, exit 1
    (it was a traceback of the command)."""
    rc, _out, err = play(["--import", own_module, "--opponent", "broken223"], capsys)
    first = err.split("\n", 1)[0]
    assert rc == 1 and first.startswith("tablegames: bot 'broken223' at seat 1: its factory "
                                        "raised RuntimeError: my factory's own bug"), err
    assert "mybots223.py" in err and "tablegames/cli.py" not in err
