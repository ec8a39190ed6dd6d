"""A third party's bot whose factory raises, or returns ``None``, when the game makes the
bot (helper-228): ``BotFailed`` of code ``"made"``, told as a bot failing mid-game is.

The factories are registered by :func:`register_all` (under ``own_registry`` in the test
process; at import in a worker of a run, which imports this module by name)."""

from __future__ import annotations

import io
import multiprocessing
import pickle
import threading
from typing import Any

import pytest

import tablegames
from tablegames import BotFailed, bots
from tablegames.bots.base import RandomBot
from tablegames.bots.harness import bot_seed
from tablegames.cli import main
from tablegames.common.errors import BOT_FAILURES
from tablegames.common.rng import game_seed


class Held(Exception):
    """A factory's exception that cannot be pickled (it holds a lock)."""

    def __init__(self) -> None:
        super().__init__("held a lock")
        self.lock = threading.Lock()


def bad(seed: int | str) -> bool:
    """The bot seeds the factories fail on: a third of them, never 0 (the seed the lineup
    is checked with before the games), so a run has good games before the first bad one."""
    return int(seed) != 0 and int(seed) % 3 == 0


def raises(info: Any, seed: int | str = 0) -> RandomBot:
    if bad(seed):
        raise ValueError("my factory's own bug")
    return RandomBot(seed)


def returns_none(info: Any, seed: int | str = 0) -> RandomBot | None:
    return None if bad(seed) else RandomBot(seed)


def holds(info: Any, seed: int | str = 0) -> RandomBot:
    if bad(seed):
        raise Held
    return RandomBot(seed)


def never(info: Any, seed: int | str = 0) -> RandomBot:
    raise ValueError("never made")


def register_all() -> None:
    for name, factory in (("made_raises", raises), ("made_none", returns_none),
                          ("made_held", holds), ("made_never", never)):
        bots.register(name, factory, game="toepen")


if multiprocessing.parent_process() is not None:  # a worker of a run (see failing_bots)
    register_all()


@pytest.fixture(autouse=True)
def made_bots(own_registry: None) -> None:
    register_all()


def bad_seed(seat: int) -> int:
    """A game seed whose bot at ``seat`` the factories fail to make."""
    return next(s for s in range(100) if bad(bot_seed(s, seat)))


def first_bad(run_seed: int, games: int) -> int:
    """The first game of a simulation whose seat-0 bot cannot be made."""
    return next(i for i in range(games) if bad(bot_seed(game_seed(run_seed, i), 0)))


def test_play_game_says_a_factory_that_raised_with_the_fields() -> None:
    seed = bad_seed(1)
    with pytest.raises(BotFailed) as caught:
        bots.play_game("toepen", ["random", "made_raises", "random"], seed=seed)
    exc = caught.value
    assert "made" in BOT_FAILURES
    assert (exc.code, exc.bot, exc.seat, exc.asked, exc.action) == ("made", "made_raises", 1,
                                                                     "made", 0)
    assert exc.seed == seed and exc.lineup == ("random", "made_raises", "random")
    assert exc.game is None and exc.game_name == "toepen"
    assert isinstance(exc.cause, ValueError) and exc.__cause__ is exc.cause
    assert exc.cause_text == "ValueError: my factory's own bug"
    assert "test_bot_made.py" in exc.trace and "raise ValueError" in exc.trace
    assert str(exc) == (f"bot 'made_raises' at seat 1: its factory raised ValueError: my "
                        f"factory's own bug when the bot was made (toepen dealt from seed "
                        f"{seed}, after 0 actions)")
    back = pickle.loads(pickle.dumps(exc))
    assert (back.code, back.seat, back.cause_text, back.trace) == ("made", 1, exc.cause_text,
                                                                   exc.trace)


def test_a_factory_that_returns_none_is_made_with_no_cause() -> None:
    seed = bad_seed(0)
    with pytest.raises(BotFailed, match="its factory returned None, not a bot") as caught:
        bots.play_game("toepen", ["made_none", "random"], seed=seed)
    exc = caught.value
    assert (exc.code, exc.seat, exc.cause, exc.cause_text, exc.trace) == ("made", 0, None, "", "")


def test_make_itself_still_raises_the_factory_s_own_exception() -> None:
    with pytest.raises(ValueError, match="my factory's own bug"):
        bots.make("made_raises", "toepen", seed=3)


def test_the_arena_names_the_game_of_the_run() -> None:
    with pytest.raises(BotFailed) as caught:
        bots.arena("toepen", ["made_raises", "random"], games=40, seed=0, workers=1)
    exc = caught.value
    assert exc.code == "made" and exc.game is not None and exc.run_seed == 0
    assert exc.lineup[exc.seat] == "made_raises" and f"game {exc.game} of the run" in str(exc)


def test_a_factory_that_fails_at_the_lineup_s_check_is_made_too() -> None:
    with pytest.raises(BotFailed) as caught:
        tablegames.simulate("toepen", ["random", "made_never"], games=4, workers=1)
    exc = caught.value
    assert (exc.code, exc.seat, exc.seed, exc.game) == ("made", 1, None, None)
    assert str(exc).endswith("(toepen, when the lineup was checked before the games, "
                             "with bot seed 0)")


def test_with_two_workers_a_factory_s_unpicklable_exception_comes_back_as_text() -> None:
    bad_game = first_bad(0, 40)
    with pytest.raises(BotFailed) as caught:
        tablegames.simulate("toepen", ["made_held", "random"], games=40, seed=0, workers=2)
    exc = caught.value
    assert (exc.code, exc.seat, exc.game, exc.run_seed) == ("made", 0, bad_game, 0)
    assert exc.cause is None and exc.cause_text == "Held: held a lock"  # the cause as text
    assert "raise Held" in exc.trace


def run_cli(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    out = io.StringIO()
    rc = main(argv, out=out)
    return rc, out.getvalue(), capsys.readouterr().err


IMPORT = ["--import", "tests.bots.test_bot_made"]


def test_the_command_says_it_in_one_paragraph_with_the_replay_line_and_the_traceback(
        capsys: pytest.CaptureFixture[str]) -> None:
    bad_game = first_bad(0, 30)
    rc, out, err = run_cli(["simulate", "toepen", "--bots", "made_raises,random", "--games",
                            "30", "--workers", "1", *IMPORT], capsys)
    assert rc == 1 and out == ""
    first, rest = err.split("\n", 1)
    assert first.startswith("tablegames: bot 'made_raises' at seat 0: its factory raised "
                            "ValueError: my factory's own bug when the bot was made (toepen "
                            f"game {bad_game} of the run with seed 0, dealt from seed ")
    assert first.endswith(f"--games {bad_game + 1} --workers 1")
    assert rest.startswith("The bot's traceback:\nTraceback") and "test_bot_made.py" in rest


def test_the_command_in_arabic(capsys: pytest.CaptureFixture[str]) -> None:
    rc, _, err = run_cli(["--lang", "ar", "arena", "toepen", "--bots", "made_none,random",
                          "--games", "40", "--workers", "1", *IMPORT], capsys)
    assert rc == 1 and err.count("\n") == 1  # no traceback: the factory raised nothing
    assert "تعذّر إنشاء اللاعب الآلي 'made_none'" in err and "None" in err
    assert "could not" not in err


def test_the_command_says_a_failure_at_the_lineup_s_check(
        capsys: pytest.CaptureFixture[str]) -> None:
    rc, _, err = run_cli(["arena", "toepen", "--bots", "random,made_never", "--games", "4",
                          *IMPORT], capsys)
    assert rc == 1
    assert err.startswith("tablegames: bot 'made_never' at seat 1: its factory raised "
                          "ValueError: never made when the bot was made (toepen, when the "
                          "lineup was checked before the games, with bot seed 0)\nThe bot's "
                          "traceback:\n")


def test_the_lineup_s_check_in_arabic(capsys: pytest.CaptureFixture[str]) -> None:
    rc, _, err = run_cli(["--lang", "ar", "arena", "toepen", "--bots", "random,made_never",
                          "--games", "4", *IMPORT], capsys)
    assert rc == 1
    assert err.startswith("tablegames: تعذّر إنشاء اللاعب الآلي 'made_never' في المقعد 1: "
                          "رفعت دالة إنشائه ValueError: never made، عند فحص التشكيلة قبل "
                          "الألعاب (بذرة اللاعب الآلي 0)\n")
