"""The Ray backend on a local Ray started (and always stopped) by the test.

One test function holds every Ray check: each xdist worker that ran a Ray test would
start its own Ray, and two of them on a 2-core machine only compete. The checks of a
bot's time limit on Ray (helper-232) are a part of it (:func:`check_time_limit`).
"""

from __future__ import annotations

import pickle
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tablegames import BotFailed, runner, simulate
from tablegames.bots.harness import bot_seed
from tablegames.common.rng import game_seed
from tablegames.runner import run
from tests.test_runner import play_toepen


@pytest.fixture()
def local_ray(monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    monkeypatch.setenv("RAY_AUTH_MODE", "disabled")  # a local test needs no token
    import ray

    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        yield ray
    finally:
        ray.shutdown()


@pytest.mark.usefixtures("own_registry")
def test_ray_gives_the_same_results_and_files_as_one_process(local_ray: Any, tmp_path: Path) -> None:
    seeds = list(range(20, 45))
    expected = [play_toepen(s) for s in seeds]
    assert list(run(play_toepen, seeds, backend="ray")) == expected
    assert list(run(play_toepen, seeds, backend="ray", workers=3, chunksize=2)) == expected
    with pytest.raises(ZeroDivisionError):
        list(run(divmod_zero, [1, 2], backend="ray"))
    assert local_ray.is_initialized()  # the runner leaves a Ray it did not start running
    # a real Ray's cluster address answers the probe's gRPC opening (helper-146: the probe
    # refuses a port where something else answers)
    runner._check_reachable(local_ray.get_runtime_context().gcs_address)

    one, ray_file = tmp_path / "one.jsonl", tmp_path / "ray.jsonl"
    simulate("toepen", games=30, players=4, seed=11, workers=1, out=one)
    simulate("toepen", games=30, players=4, seed=11, backend="ray", out=ray_file)
    assert ray_file.read_bytes() == one.read_bytes()
    # a run cut short on one process finishes on Ray to the same file
    cut = b"".join(one.read_bytes().splitlines(keepends=True)[:9])
    ray_file.write_bytes(cut + b'{"index":9,"se')
    simulate("toepen", games=30, players=4, seed=11, backend="ray", workers=2, out=ray_file, resume=True)
    assert ray_file.read_bytes() == one.read_bytes()
    check_time_limit()


def divmod_zero(seed: int) -> int:
    return seed // 0


#: The limit: every decision of the game before the slow one is far under it.
LIMIT = 1.0
#: The fields of a refusal that do not depend on the machine (``seconds`` and the words
#: that say it, ``said``, do).
FIELDS = ("code", "bot", "seat", "asked", "action", "game_name", "seed", "lineup",
          "rules", "game", "run_seed", "cause", "cause_text", "ruling", "answer", "time_limit")


def slow_run_seed() -> int:
    """A run seed whose game 0 has a seat-0 bot (slow_bots.Slow) that goes slow."""
    return next(s for s in range(100) if bot_seed(game_seed(s, 0), 0) % 3 == 0)


def refusal(**where: Any) -> BotFailed:
    with pytest.raises(BotFailed) as caught:
        simulate("toepen", ["slow_sleeps", "random"], games=1, seed=slow_run_seed(),
                 time_limit=LIMIT, **where)
    return caught.value


def unclocked(words: str) -> str:
    """A refusal's words without the seconds that passed."""
    return re.sub(r"\(\d+\.\d\d s passed\)", "", words)


def check_time_limit() -> None:
    """A bot's time limit on Ray (helper-232): a Ray task runs the game in its worker's
    main thread, so the ``SIGALRM`` watch of :mod:`tablegames.bots.harness` stops a bot
    there as it does in a worker process, and the run's ``BotFailed`` comes back to the
    caller as itself (not Ray's ``RayTaskError`` wrapper), with the fields the process
    pool gives it. One short game (a run seed whose first game goes slow); no timing is
    asserted: the bot would sleep for ever without the limit."""
    from tests.bots import slow_bots

    slow_bots.register_all()  # under the test's own_registry; Ray's workers on import
    pool = refusal(workers=2)
    on_ray = refusal(backend="ray", workers=1)
    assert type(on_ray) is BotFailed  # not Ray's wrapper of it
    assert on_ray.code == "timed_out" and on_ray.game == 0 and on_ray.time_limit == LIMIT
    assert {f: getattr(on_ray, f) for f in FIELDS} == {f: getattr(pool, f) for f in FIELDS}
    for exc in (pool, on_ray):  # stopped in its sleep, in its own code
        assert exc.seconds is not None and exc.seconds >= LIMIT
        assert "slow_bots.py" in exc.trace and "time.sleep(1)" in exc.trace
    for words in (str, lambda exc: exc.said):  # the same words, but for the seconds passed
        assert unclocked(words(on_ray)) == unclocked(words(pool)) != words(pool)
    back = pickle.loads(pickle.dumps(on_ray))
    assert (back.code, back.time_limit, back.seconds) == ("timed_out", LIMIT, on_ray.seconds)
