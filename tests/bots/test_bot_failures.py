"""A third party's bot that fails: the library's BotFailed and the command's paragraph
(helper-220; found by helper-216: a bot raising inside ``choose`` was a traceback)."""

from __future__ import annotations

import io
import json
import pickle
from pathlib import Path

import pytest

import tablegames
from tablegames import BotFailed, bots
from tablegames.bots.harness import bot_seed, next_action
from tablegames.cli import main
from tablegames.common.errors import SetupError
from tablegames.common.rng import game_seed


@pytest.fixture(autouse=True)
def fails_bots(own_registry: None) -> None:
    """The fails_* bots, registered for one test only (the registry is the process's)."""
    from tests.bots import failing_bots

    failing_bots.register_all()


KINDS = {"raise": "raised", "none": "no_action", "text": "text", "junk": "not_action",
         "other": "other_seat", "illegal": "illegal"}


def first_bad(run_seed: int, games: int) -> int:
    """The first game of a simulation whose seat-0 bot (failing_bots.Fails) goes bad."""
    return next(i for i in range(games) if bot_seed(game_seed(run_seed, i), 0) % 3 == 0)


@pytest.mark.parametrize("how", sorted(KINDS))
def test_play_game_says_each_failure_with_its_fields(how: str) -> None:
    seed = next(s for s in range(50) if bot_seed(s, 0) % 3 == 0)
    with pytest.raises(BotFailed) as caught:
        bots.play_game("toepen", [f"fails_{how}", "random"], seed=seed)
    exc = caught.value
    assert exc.code == KINDS[how] and exc.bot == f"fails_{how}" and exc.seat == 0
    assert exc.seed == seed and exc.lineup == (f"fails_{how}", "random") and exc.game is None
    assert exc.asked == "turn" and exc.action > 4 and exc.game_name == "toepen"
    assert f"seed {seed}" in str(exc) and f"after {exc.action} actions" in str(exc)
    if how == "raise":
        assert isinstance(exc.__cause__, ValueError) and exc.cause is exc.__cause__
        assert exc.cause_text == "ValueError: my bot's own bug" and "failing_bots.py" in exc.trace
    else:
        assert exc.trace == ""
    if how == "illegal":  # the engine's own refusal, with the ruling it enforces
        assert exc.ruling is not None and exc.ruling.startswith("TOE-")
        assert exc.cause is not None and exc.ruling in str(exc)
    if how in ("text", "other"):
        assert exc.cause is not None  # the engine refused the notation / the seat
    # the game up to the question replays from the fields alone: the same seed and bots
    # seeded as play_game seeds them (the failing bot plays as "random" until it fails),
    # that many actions, and then the failing seat is the one asked
    replay = tablegames.new_game("toepen", players=2, seed=exc.seed)
    lineup = [bots.make("random", "toepen", seed=bot_seed(exc.seed, s)) for s in range(2)]
    while len(replay.history) < exc.action:
        step = next_action(replay, lineup)
        assert step is not None
        replay.apply(step[1], by=step[0])
    assert len(replay.history) == exc.action and replay.to_act == exc.seat
    # round trip through a worker's pickle: every field, and the cause
    back = pickle.loads(pickle.dumps(exc))
    assert str(back) == str(exc) and back.code == exc.code and back.trace == exc.trace
    assert (back.seed, back.action, back.lineup, back.ruling) == (exc.seed, exc.action,
                                                                  exc.lineup, exc.ruling)
    assert type(back.__cause__) is type(exc.__cause__)


def test_no_other_seat_s_card_is_in_the_message() -> None:
    seed = next(s for s in range(50) if bot_seed(s, 0) % 3 == 0)
    with pytest.raises(BotFailed) as caught:
        bots.play_game("toepen", ["fails_illegal", "random"], seed=seed)
    exc = caught.value

    state = tablegames.new_game("toepen", players=2, seed=seed)
    opponent = {str(c) for c in state.view(1)["hand"]} - {str(c) for c in state.view(0)["hand"]}
    said = str(exc) + exc.cause_text + exc.trace
    assert opponent and not any(f" {card}" in said or f"'{card}" in said for card in opponent)


def test_a_bot_object_that_raises_in_interrupt_is_named() -> None:
    class Grumpy(bots.RandomBot):
        name = "grumpy"

        def interrupt(self, handle: bots.Handle) -> None:
            raise RuntimeError("no")

    with pytest.raises(BotFailed) as caught:
        bots.play_game("toepen", [Grumpy(), "random"], seed=1)
    assert caught.value.asked == "interrupt" and caught.value.code == "raised"
    assert caught.value.lineup == ("grumpy", "random")


def test_next_action_keeps_its_own_refusals() -> None:
    """``next_action`` (the server, the terminal game) still raises what it raised."""

    class Raises(bots.RandomBot):
        def choose(self, handle: bots.Handle) -> None:
            raise KeyError("mine")

    state = tablegames.new_game("toepen", players=2, seed=1)
    with pytest.raises(KeyError):
        bots.next_action(state, [Raises(), Raises()])


def test_arena_names_the_game_of_the_run() -> None:
    with pytest.raises(BotFailed) as caught:
        bots.arena("toepen", ["fails_raise", "random"], games=40, seed=0, workers=1)
    exc = caught.value
    assert exc.game is not None and exc.run_seed == 0 and f"game {exc.game} of the run" in str(exc)
    assert exc.lineup[exc.seat] == "fails_raise"


def run_cli(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    out = io.StringIO()
    rc = main(argv, out=out)
    return rc, out.getvalue(), capsys.readouterr().err


def test_arena_command_says_it_in_one_paragraph_with_the_replay_line(
        capsys: pytest.CaptureFixture[str]) -> None:
    rc, out, err = run_cli(["arena", "toepen", "--bots", "fails_raise,random", "--games", "40",
                            "--workers", "1", "--import", "tests.bots.failing_bots"], capsys)
    assert rc == 1 and out == ""
    first, rest = err.split("\n", 1)
    assert first.startswith("tablegames: bot 'fails_raise' at seat ")
    assert "raised ValueError: my bot's own bug" in first
    assert "To play that game again in one process: tablegames arena toepen " in first
    assert first.endswith("--workers 1") and "--games 40" not in first
    assert rest.startswith("The bot's traceback:\nTraceback") and "failing_bots.py" in rest


@pytest.mark.parametrize("how", ["none", "text", "illegal"])
def test_simulate_command_in_arabic(how: str, capsys: pytest.CaptureFixture[str]) -> None:
    rc, _, err = run_cli(["--lang", "ar", "simulate", "toepen", "--bots", f"fails_{how},random",
                          "--games", "30", "--workers", "1",
                          "--import", "tests.bots.failing_bots"], capsys)
    assert rc == 1 and err.count("\n") == 1  # no traceback: the bot raised nothing
    assert "اللاعب الآلي" in err and f"fails_{how}" in err
    assert f"--games {first_bad(0, 30) + 1} --workers 1" in err


def test_with_two_workers_the_refusal_and_the_rows_before_it_come_back(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out_file = tmp_path / "rows.jsonl"
    bad = first_bad(15, 60)
    assert bad == 3  # the second game of a chunk of two (games 2 and 3): game 2 is kept
    rc, _, err = run_cli(["simulate", "toepen", "--bots", "fails_raise,random", "--games", "60",
                          "--seed", "15", "--workers", "2", "--out", str(out_file),
                          "--import", "tests.bots.failing_bots"], capsys)
    assert rc == 1 and f"game {bad} of the run" in err and "my bot's own bug" in err
    assert "failing_bots.py" in err  # the worker's traceback, as text
    rows = [json.loads(line) for line in out_file.read_text().splitlines()]
    assert [r["index"] for r in rows] == list(range(bad))  # resumable: the games before it
    assert f"--games {bad + 1} --workers 1 --resume" in err



def test_play_game_names_the_bots_as_the_caller_does_and_refuses_a_bad_list() -> None:
    """``bot_names`` (the arena's names of the bots it made) is what a BotFailed says;
    a list that is not one text per bot is refused before any game is dealt."""
    seed = next(s for s in range(50) if bot_seed(s, 0) % 3 == 0)
    made = [bots.make("fails_raise", "toepen", seed=bot_seed(seed, 0)),
            bots.make("random", "toepen", seed=bot_seed(seed, 1))]
    with pytest.raises(BotFailed) as caught:
        bots.play_game("toepen", made, seed=seed, bot_names=["mine", "theirs"])
    assert (caught.value.bot, caught.value.lineup) == ("mine", ("mine", "theirs"))
    assert str(caught.value).startswith("bot 'mine' at seat 0 raised")
    for bad in (["one"], "ab", ["a", 2]):
        with pytest.raises(SetupError, match="one text per bot"):
            bots.play_game("toepen", ["random", "random"], seed=1, bot_names=bad)
