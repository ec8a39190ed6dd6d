"""A bot's time limit on the Ray backend (helper-232): a Ray task runs the game in its
worker's main thread, so the ``SIGALRM`` watch of :mod:`tablegames.bots.harness` stops a
bot there as it does in a worker process, and the run's ``BotFailed`` comes back to the
caller as itself, with the fields the process pool gives it.

One short game (a run seed whose first game goes slow) on the local Ray of
tests/test_ray_backend.py; no timing is asserted: the bot would sleep for ever without
the limit."""

from __future__ import annotations

import pickle
import re
from typing import Any

import pytest

from tablegames import BotFailed, simulate
from tablegames.bots.harness import bot_seed
from tablegames.common.rng import game_seed
from tests.test_ray_backend import local_ray  # noqa: F401  (the fixture, used below)

#: The limit: every decision of the game before the slow one is far under it.
LIMIT = 1.0
#: The fields of a refusal that do not depend on the machine (``seconds`` and the words
#: that say it, ``said``, do).
FIELDS = ("code", "bot", "seat", "asked", "action", "game_name", "seed", "lineup",
          "rules", "game", "run_seed", "cause", "cause_text", "ruling", "answer", "time_limit")


@pytest.fixture(autouse=True)
def slow_bots(own_registry: None) -> None:
    from tests.bots import slow_bots

    slow_bots.register_all()


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


@pytest.mark.usefixtures("local_ray")
def test_a_sleeping_bot_on_ray_is_timed_out_as_in_the_process_pool() -> None:
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
