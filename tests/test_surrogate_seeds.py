"""A seed holding a lone surrogate is refused where seeds are checked (helper-152).

``check_seed("\\ud800")`` passed, and only the deal refused it (``seed_to_int``: a lone
surrogate has no UTF-8, so no hash): a caller that checked a seed first (the room server
stores a room's seed before it deals) took one no game could start from. ``check_seed``
and ``check_run_seed`` now ask the function that deals, with its words; every other
string, a line break included, stays a seed.
"""

from __future__ import annotations

import json

import pytest

import tablegames
from tablegames.cli import main
from tablegames.common.errors import SetupError, StateError
from tablegames.common.setups import check_run_seed, check_seed

GAMES = ("toepen", "phase10", "shithead", "dallah")
#: ``\\udcff`` is what Python makes of the byte 0xff in a command's arguments.
NO_TEXT = ["\ud800", "room\udfff", "\udcff"]
WORDS = "a seed string must be text (it holds a lone surrogate)"


@pytest.mark.parametrize("seed", NO_TEXT)
def test_the_checks_refuse_what_the_deal_refuses(seed: str) -> None:
    for check in (check_seed, check_run_seed):
        with pytest.raises(SetupError) as refused:
            check(seed)
        assert str(refused.value) == WORDS


@pytest.mark.parametrize("game", GAMES)
def test_every_game_refuses_it_and_takes_any_text(game: str) -> None:
    for seed in NO_TEXT:
        with pytest.raises(SetupError, match="lone surrogate"):
            tablegames.new_game(game, players=3, seed=seed)
    for seed in ("x\ny", "\u0641\u0646\u062c\u0627\u0646", "\u202e"):  # text deals
        assert check_seed(seed) == seed
        state = tablegames.new_game(game, players=3, seed=seed)
        assert tablegames.load(state.to_json()).to_json() == state.to_json()


def test_a_save_naming_such_a_seed_is_refused() -> None:
    text = tablegames.new_game("toepen", players=3, seed="s").to_json()
    data = json.loads(text)
    data["setup"]["seed"] = "\ud800"
    with pytest.raises(StateError):
        tablegames.load(json.dumps(data))


def test_the_command_line_refuses_it_as_an_argument(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["simulate", "toepen", "--games", "1", "--workers", "1", "--seed", "\udcff"])
    out, err = capsys.readouterr()
    assert stop.value.code == 2 and out == ""
    assert err == f"tablegames simulate: argument --seed: {WORDS} (see tablegames simulate --help)\n"
