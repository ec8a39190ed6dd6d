"""Your own bot with the conformance kit and the arena command, and the generators a
world may be dealt from (helper-115's walk, fixed by helper-118)."""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import tablegames
from tablegames import bots, toepen
from tablegames.cli import main
from tablegames.common import Rng
from tablegames.common.errors import NotationError, SetupError
from tablegames.testing import check_game

ROOT = Path(__file__).resolve().parents[2]


class FirstLegal:
    """A bot of one's own: the first legal action, counting its calls."""

    def __init__(self, info: Any = None, seed: int | str = 0) -> None:
        self.calls = 0

    def choose(self, handle: Any) -> Any:
        self.calls += 1
        return handle.legal_actions()[0]

    def interrupt(self, handle: Any) -> None:
        return None


def test_the_kit_takes_a_registered_name_a_bot_object_and_a_factory(own_registry: None) -> None:
    bots.register("firstlegal_kit", FirstLegal, game="toepen")
    assert check_game("toepen", players=2, seeds=range(1), bot="firstlegal_kit",
                      full_every=25).games == 1
    mine = FirstLegal()
    assert check_game("toepen", players=2, seeds=range(1), bot=mine, full_every=25).games == 1
    assert mine.calls > 0  # the object itself played
    assert check_game("toepen", players=2, seeds=range(1), bot=FirstLegal,
                      full_every=25).games == 1
    with pytest.raises(SetupError, match=r"known: .*firstlegal_kit"):
        check_game("toepen", players=2, seeds=range(1), bot="nobody")


def guide_example() -> tuple[str, list[str]]:
    """The bot guide's ``mybots.py`` and the command that runs it, as the page prints
    them (``$ cat mybots.py`` ... ``$ tablegames arena ...``), so the page cannot drift
    from what works."""
    text = (ROOT / "docs" / "guides" / "bot.md").read_text(encoding="utf-8")
    block = text.split("$ cat mybots.py\n", 1)[1].split("```", 1)[0]
    module, command = block.split("$ tablegames ", 1)
    return module, command.split()


def test_the_arena_command_imports_a_bot_module(tmp_path: Path) -> None:
    """``tablegames arena --import mybots`` from the folder that holds ``mybots.py`` (the
    bot guide's own file and command): the bot is known in the command and in both
    workers (a fresh process each)."""
    module, command = guide_example()
    assert command[:2] == ["arena", "toepen"] and "--import" in command, command
    (tmp_path / "mybots.py").write_text(module)
    bot = command[command.index("--bots") + 1].split(",")[0]
    runner = tmp_path / "bin"
    runner.mkdir()  # the script's folder is not the current one, as for `tablegames`
    (runner / "run.py").write_text("import sys\nfrom tablegames.cli import main\n"
                                   "if __name__ == '__main__':\n    sys.exit(main())\n")
    done = subprocess.run(
        [sys.executable, str(runner / "run.py"), *command[:command.index("--games")],
         "--games", "4", "--workers", "2", "--json"],
        cwd=tmp_path, capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr[-600:]
    result = json.loads(done.stdout)
    assert result["bots"][bot]["seats"] == 4
    missing = subprocess.run(
        [sys.executable, str(runner / "run.py"), "arena", "toepen", "--import", "nomodule",
         "--bots", "first,club", "--games", "2"],
        cwd=tmp_path, capture_output=True, text=True, timeout=120, check=False)
    assert missing.returncode == 2 and "cannot import the bot module 'nomodule'" in missing.stderr


def test_a_world_is_dealt_from_numpys_generators_reproducibly() -> None:
    """``numpy.random.default_rng`` (and the legacy ``RandomState``) seed a world as a
    ``random.Random`` does: the same seed, the same world; ``None`` is fresh entropy."""
    state = tablegames.new_game("toepen", players=3, seed=1)

    def world(rng: Any) -> str:
        return str(state.sample_world(0, rng).to_json())

    assert world(np.random.default_rng(5)) == world(np.random.default_rng(5))
    assert world(np.random.default_rng(5)) != world(np.random.default_rng(6))
    assert world(np.random.RandomState(3)) == world(np.random.RandomState(3))
    assert len({world(None) for _ in range(4)}) > 1
    assert world(Rng(9)) == world(Rng(9))
    with pytest.raises(SetupError, match="numpy Generator"):
        world(1.5)


# ------------------------------------------------- a newcomer's first bots (helper-167)
class PlaysOnly(bots.Bot):
    """A bot that writes ``choose`` alone: ``bots.Bot`` gives it ``interrupt``."""

    def __init__(self, info: Any, seed: int | str = 0) -> None:
        self.seed = seed

    def choose(self, handle: Any) -> Any:
        return handle.legal_actions()[0]


class NoInterrupt:
    def __init__(self, info: Any, seed: int | str = 0) -> None:
        pass

    def choose(self, handle: Any) -> Any:
        return handle.legal_actions()[0]


class SeedOnly:
    def __init__(self, seed: int | str = 0) -> None:
        pass

    def choose(self, handle: Any) -> Any:
        return handle.legal_actions()[0]

    def interrupt(self, handle: Any) -> None:
        return None


class Notation(PlaysOnly):
    def choose(self, handle: Any) -> Any:
        return str(handle.legal_actions()[0])


def test_a_bot_based_on_bots_bot_never_interrupts_and_plays_the_arena(own_registry: None) -> None:
    """Toepen asks every seat still in the hand whether to knock out of turn (TOE-21):
    the base's answer is ``None``, so the arena plays to the end."""
    bots.register("playsonly", PlaysOnly, game="toepen")
    bot = bots.make("playsonly", "toepen", seed=3)
    assert isinstance(bot, bots.Bot)
    state = tablegames.new_game("toepen", players=3, seed=11)
    for move in ["0:keep", "1:keep", "2:keep"]:
        state.apply(move)
    assert state.legal_actions(1)  # seat 1 may knock now, and is asked
    assert bot.interrupt(bots.Handle(state, 1, state.legal_actions(1), "interrupt")) is None
    result = tablegames.arena("toepen", ["playsonly", "club"], games=2, seed=1, workers=1)
    assert result.bots["playsonly"].seats == 2


def test_a_bot_without_interrupt_is_refused_when_the_lineup_is_made(own_registry: None) -> None:
    bots.register("nointerrupt", NoInterrupt, game="toepen")
    with pytest.raises(SetupError, match=r"no interrupt\(handle\) method; subclass "
                                         r"tablegames\.bots\.Bot"):
        bots.make("nointerrupt", "toepen")
    with pytest.raises(SetupError, match="no interrupt"):  # before any game is played
        tablegames.arena("toepen", ["nointerrupt", "club"], games=2, seed=1, workers=1)


def test_a_factory_that_cannot_take_info_and_seed_is_told_its_shape(own_registry: None) -> None:
    bots.register("seedonly", SeedOnly, game="toepen")
    with pytest.raises(SetupError, match=r"'SeedOnly' takes \(seed\), but a registered "
                                         r"bot is made as factory\(info, seed, \*\*params\)"):
        bots.make("seedonly", "toepen", seed=1)
    # an unknown keyword is still named as such, not as a shape
    bots.register("playsonly", PlaysOnly, game="toepen")
    with pytest.raises(SetupError, match="has no parameter 'depth'"):
        bots.make("playsonly", "toepen", depth=3)


def test_a_bot_answering_with_notation_is_told_to_return_the_action(own_registry: None) -> None:
    bots.register("notation", Notation, game="toepen")
    state = tablegames.new_game("toepen", players=2, seed=1)
    before = state.to_json()
    with pytest.raises(tablegames.IllegalAction, match=r"the text '0:keep', the notation of "
                                                       r"a legal action: a bot returns the "
                                                       r"action object") as caught:
        bots.next_action(state, [bots.make("notation", "toepen"), None])
    assert caught.value.code == "illegal_bot_answer"
    assert state.to_json() == before
    with pytest.raises(tablegames.IllegalAction, match=r"with '1:keep', which is not one"):
        bots.next_action(state, [WrongSeat(None), None])  # another seat's action: named


class WrongSeat(PlaysOnly):
    def choose(self, handle: Any) -> Any:
        return toepen.parse_action("1:keep")


# ------------------------------------------------- a bot that reads its view (helper-169)
def reading_example() -> tuple[str, list[str], list[str]]:
    """The bot guide's ``lowcard.py``, its arena command and what the page says the
    command prints, as the page writes them."""
    text = (ROOT / "docs" / "guides" / "bot.md").read_text(encoding="utf-8")
    block = text.split("$ cat lowcard.py\n", 1)[1].split("```", 1)[0]
    module, rest = block.split("$ tablegames ", 1)
    command, *printed = rest.rstrip("\n").splitlines()
    return module, command.split(), printed


def without_times(lines: list[str]) -> list[str]:
    """The report less its one machine-dependent figure, a bot row's ms/decision (its
    last number: two players have no rating column)."""
    return [re.sub(r"\s+\d+\.\d+$", "", line) for line in lines]


def test_the_guides_bot_that_reads_its_view_beats_random_by_the_figures_shown(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, own_registry: None,
) -> None:
    """``tablegames arena toepen --import lowcard ...`` from the folder that holds the
    page's ``lowcard.py`` prints the page's report (the seed fixes every figure but the
    time per decision), and the report says the bot beats random play."""
    module, command, printed = reading_example()
    assert command[:2] == ["arena", "toepen"] and "--seed" in command, command
    (tmp_path / "lowcard.py").write_text(module, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))
    out = io.StringIO()
    try:
        code = main([*command, "--workers", "1"], out=out)
    finally:
        sys.modules.pop("lowcard", None)
    assert code == 0
    assert without_times(out.getvalue().rstrip("\n").splitlines()) == without_times(printed)
    rows = {line.split()[0]: line.split() for line in printed[2:4]}
    assert float(rows["lowcard"][2].rstrip("%")) < 30 < 70 < float(rows["random"][2].rstrip("%"))


def test_the_card_helpers_a_bot_uses_read_a_view_card_or_an_action_code() -> None:
    """``toepen.strength``/``suit``/``code_of`` take a card as the view writes it and as
    ``Play.card`` holds it (TOE-01's order, TOE-11's suit); junk is a NotationError."""
    assert toepen.strength("Th") == toepen.strength("10h") == 7
    assert toepen.strength("Js") == 0 and toepen.strength("9c") == 6
    assert toepen.suit("Kc") == 0 and toepen.suit("7s") == 3
    play = toepen.parse_action("0:play Td")
    assert isinstance(play, toepen.Play)
    assert toepen.code_of(play.card) == toepen.code_of("Td") == play.card
    assert toepen.strength(play.card) == 7 and toepen.suit(play.card) == toepen.suit("Td")
    for junk in (True, -1, 32, None, "Tx", 1.5, ["Th"]):
        with pytest.raises(NotationError):
            toepen.strength(junk)
