"""An empty or blank seed: refused for a run, taken for a game (helper-138).

``tablegames simulate toepen --seed ''`` played the run named ``''`` (a ``--seed
"$SEED"`` with ``SEED`` unset looks just like it). Every command that takes ``--seed``
now refuses it with exit status 2 and one line, and so do the functions behind them
(:func:`tablegames.simulate`, :func:`tablegames.arena`). A game's own seed
(``new_game(seed="")``) stays any string: saves and records hold it, and must load.
"""

from __future__ import annotations

import pytest

import tablegames
from tablegames.cli import main
from tablegames.common.errors import SetupError

BLANK = ["", " ", "\t", "  \n", "\u3000"]  # the last: an ideographic space


@pytest.mark.parametrize("seed", BLANK)
@pytest.mark.parametrize("command", [
    ["simulate", "toepen", "--games", "2", "--workers", "1"],
    ["arena", "toepen", "--bots", "club,random", "--games", "2", "--workers", "1"],
    ["play", "toepen", "--pace", "0"],
])
def test_each_command_refuses_a_blank_seed_in_one_line(
        command: list[str], seed: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main([*command, "--seed", seed])
    out, err = capsys.readouterr()
    assert stop.value.code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith(f"tablegames {command[0]}: argument --seed: ")


def test_the_command_line_still_takes_numbers_and_names(capsys: pytest.CaptureFixture[str]) -> None:
    for seed in ("7", " 7 ", "-3", "tuesday", " tuesday"):
        assert main(["simulate", "toepen", "--games", "2", "--workers", "1", "--json",
                     "--seed", seed]) == 0
    said = capsys.readouterr().out
    assert '"seed": 7' in said and '"seed": -3' in said and '"seed": " tuesday"' in said


@pytest.mark.parametrize("seed", BLANK)
def test_a_run_refuses_a_blank_seed_before_any_game(seed: str) -> None:
    with pytest.raises(SetupError, match="a run's seed is a number or a name, not"):
        tablegames.simulate("toepen", games=2, players=2, seed=seed, workers=1)
    with pytest.raises(SetupError, match="a run's seed is a number or a name, not"):
        tablegames.arena("toepen", ["club", "random"], games=2, seed=seed, workers=1)


def test_a_game_takes_the_empty_seed_and_keeps_it() -> None:
    """The empty string is a seed like any other to ``new_game`` (see ``check_seed``): the
    same deal every time, not the deal of seed 0, and a save of it loads."""
    one, two = (tablegames.new_game("toepen", players=3, seed="") for _ in range(2))
    assert one.to_json() == two.to_json()
    assert one.view(0)["hand"] != tablegames.new_game("toepen", players=3, seed=0).view(0)["hand"]
    assert tablegames.load(one.to_json()).to_json() == one.to_json()
    assert tablegames.replay(one.record()).to_json() == one.to_json()
