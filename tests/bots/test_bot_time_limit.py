"""A bot that never answers (helper-223): ``play_game(time_limit=)``, the arena's and
``simulate``'s, stop it inside its own loop with a ``BotFailed`` of code ``timed_out``
(the limit and the time taken in its fields), put back the process's own ``SIGALRM``
handler, and refuse a bot that caught the stop and answered late. No timing is asserted:
each bot here would hang for ever without the limit."""

from __future__ import annotations

import io
import math
import pickle
import signal
import threading
from typing import Any

import numpy as np
import pytest

from tablegames import BotFailed, bots
from tablegames.bots.base import RandomBot
from tablegames.bots.harness import bot_seed, check_time_limit
from tablegames.cli import main
from tablegames.common.errors import ArgumentRefused

LIMIT = 0.2
#: The limit of tests that play whole games in time first (the arena's, two workers'):
#: their every decision is under it, and on a loaded CI machine a process may wait a
#: fifth of a second for a core, so a random bot's move once came near 0.2 s; 1 s
#: leaves a wide margin (the slow bot still burns it once).
ROOMY = 1.0
#: The limit of a game played wholly in time, where the limit itself is not what is tested.
AMPLE = 60.0


@pytest.fixture(autouse=True)
def slow_bots(own_registry: None) -> None:
    from tests.bots import slow_bots

    slow_bots.register_all()


def slow_seed() -> int:
    """A deal whose seat-0 bot (slow_bots.Slow) goes slow."""
    return next(s for s in range(50) if bot_seed(s, 0) % 3 == 0)


@pytest.mark.parametrize("how", ["loops", "sleeps"])
def test_a_bot_that_never_answers_is_stopped_in_its_own_code(how: str) -> None:
    with pytest.raises(BotFailed) as caught:
        bots.play_game("toepen", [f"slow_{how}", "random"], seed=slow_seed(), time_limit=LIMIT)
    exc = caught.value
    assert exc.code == "timed_out" and exc.bot == f"slow_{how}" and exc.seat == 0
    assert exc.time_limit == LIMIT and exc.seconds is not None and exc.seconds >= LIMIT
    assert exc.asked == "turn" and exc.action > 4 and exc.cause is None
    assert "slow_bots.py" in exc.trace  # where the bot was when it was stopped
    assert f"within the time limit of {LIMIT:g} s" in str(exc)
    back = pickle.loads(pickle.dumps(exc))
    assert (back.code, back.time_limit, back.seconds) == ("timed_out", LIMIT, exc.seconds)


@pytest.mark.parametrize("how", ["catches", "raises"])
def test_a_bot_that_catches_the_stop_and_answers_late_is_refused(how: str) -> None:
    with pytest.raises(BotFailed) as caught:
        bots.play_game("toepen", [f"slow_{how}", "random"], seed=slow_seed(), time_limit=LIMIT)
    assert caught.value.code == "timed_out" and caught.value.seconds >= LIMIT  # type: ignore[operator]
    # it answered: nothing stopped it; or it raised its own error, late (its traceback)
    assert ("late and wrong" in caught.value.trace) == (how == "raises")
    if how == "catches":
        assert caught.value.trace == ""


def own_handler(signum: int, frame: Any) -> None:  # never rings here
    raise AssertionError("the caller's own handler rang")


def test_the_process_s_own_alarm_handler_is_put_back() -> None:
    before = signal.signal(signal.SIGALRM, own_handler)
    try:
        with pytest.raises(BotFailed):
            bots.play_game("toepen", ["slow_loops", "random"], seed=slow_seed(), time_limit=LIMIT)
        assert signal.getsignal(signal.SIGALRM) is own_handler
        assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)
        bots.play_game("toepen", ["random", "random"], seed=1, time_limit=AMPLE)  # in time
        assert signal.getsignal(signal.SIGALRM) is own_handler
        assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)
    finally:
        signal.signal(signal.SIGALRM, before)


def test_a_caller_s_own_running_timer_is_left_alone() -> None:
    before = signal.signal(signal.SIGALRM, own_handler)
    signal.setitimer(signal.ITIMER_REAL, 300)
    try:
        final = bots.play_game("toepen", ["random", "random"], seed=1, time_limit=AMPLE)
        left, _ = signal.getitimer(signal.ITIMER_REAL)
        assert final.is_over and 0 < left <= 300 and signal.getsignal(signal.SIGALRM) is own_handler
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, before)


class Late(RandomBot):
    """Answers its first turn after a sleep longer than the limit (it does answer)."""

    def choose(self, handle: Any) -> Any:
        import time

        time.sleep(LIMIT * 2)
        return super().choose(handle)


def test_outside_the_main_thread_the_answer_is_checked_when_it_comes() -> None:
    caught: list[BaseException] = []

    def play() -> None:
        try:
            bots.play_game("toepen", [Late(1), "random"], seed=1, time_limit=LIMIT)
        except BaseException as exc:  # the test reads it below
            caught.append(exc)

    thread = threading.Thread(target=play)
    thread.start()
    thread.join()
    assert len(caught) == 1 and isinstance(caught[0], BotFailed)
    assert caught[0].code == "timed_out" and caught[0].seat == 0


@pytest.mark.parametrize("bad", [True, 0, -1, math.nan, math.inf, "1", 86_401, [1]])
def test_a_time_limit_that_is_no_number_of_seconds_is_refused(bad: object) -> None:
    with pytest.raises(ArgumentRefused) as caught:
        bots.play_game("toepen", ["random", "random"], seed=1, time_limit=bad)  # type: ignore[arg-type]
    assert caught.value.argument == "time_limit"
    assert check_time_limit(np.float32(0.5)) == 0.5 and check_time_limit(None) is None


def test_two_workers_bring_the_refusal_back_with_its_fields() -> None:
    import tablegames
    from tests.bots.test_bot_failures import first_bad

    bad = first_bad(0, 50)
    with pytest.raises(BotFailed) as caught:  # as few games as reach the slow one
        tablegames.simulate("toepen", ["slow_loops", "random"], games=max(bad + 1, 2), workers=2,
                            time_limit=ROOMY)
    exc = caught.value
    assert exc.code == "timed_out" and exc.game == bad and exc.time_limit == ROOMY
    assert exc.seconds is not None and exc.seconds >= ROOMY and "slow_bots.py" in exc.trace


def run_cli(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    out = io.StringIO()
    rc = main(argv, out=out)
    return rc, out.getvalue(), capsys.readouterr().err


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_the_arena_command_says_it_in_one_paragraph(
        lang: str, capsys: pytest.CaptureFixture[str]) -> None:
    rc, out, err = run_cli(["--lang", lang, "arena", "toepen", "--bots", "slow_loops,random",
                            "--games", "40", "--workers", "1", "--time-limit", "1",
                            "--import", "tests.bots.slow_bots"], capsys)
    first = err.split("\n", 1)[0]
    assert rc == 1 and out == "" and "slow_loops" in first
    assert "--time-limit 1" in first and "--workers 1" in first  # the replay line keeps it
    assert ("time limit of 1 s" in first) == (lang == "en")
    assert "slow_bots.py" in err  # where the bot was


def test_the_command_reads_its_time_limit(capsys: pytest.CaptureFixture[str]) -> None:
    from tablegames.cli import build_parser

    parse = build_parser().parse_args
    assert parse(["arena", "toepen", "--bots", "random"]).time_limit == 60.0
    assert parse(["simulate", "toepen"]).time_limit == 60.0
    assert parse(["simulate", "toepen", "--time-limit", "none"]).time_limit is None
    assert parse(["arena", "toepen", "--bots", "random", "--time-limit", "2.5"]).time_limit == 2.5
    for bad in ("0", "-1", "nan", "abc", "1e9"):
        with pytest.raises(SystemExit):
            parse(["simulate", "toepen", "--time-limit", bad])
    assert "--time-limit" in capsys.readouterr().err
