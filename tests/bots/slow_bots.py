"""Bots of a third party that do not answer in time (tests/bots/test_bot_time_limit.py).

Each plays at random, except on its turns from the fifth action of a game whose bot seed
is a multiple of 3 (so a run has good games before the first slow one), where it

* ``loops``: loops for ever in pure Python (``while True: pass``);
* ``sleeps``: sleeps for ever, a second at a time;
* ``catches``: catches the stop (``except BaseException``) and answers anyway, late;
* ``raises``: catches the stop and raises an exception of its own;
* ``holds``: raises an exception holding a lock (no pickle takes it).

Registered as failing_bots registers its bots: by :func:`register_all` under the tests'
``own_registry``, and when a worker of a run imports the module (a worker process, or a
Ray worker: tests/test_ray_backend.py)."""

from __future__ import annotations

import multiprocessing
import sys
import threading
import time
from typing import Any

from tablegames import bots
from tablegames.bots.base import RandomBot


class Held(Exception):
    """A bot's own exception that holds a lock: it cannot be pickled."""

    def __init__(self, said: str) -> None:
        super().__init__(said)
        self.lock = threading.Lock()


class Slow(RandomBot):
    def __init__(self, seed: int | str = 0, how: str = "loops") -> None:
        super().__init__(seed)
        self.how = how

    def choose(self, handle: Any) -> Any:
        if not (int(self.seed) % 3 == 0 and handle.version > 4):
            return super().choose(handle)
        if self.how == "loops":
            while True:
                pass
        if self.how == "sleeps":
            while True:
                time.sleep(1)
        if self.how == "catches":
            try:
                while True:
                    pass
            except BaseException:  # the stop, caught: the bot answers anyway, late
                return handle.legal_actions()[0]
        if self.how == "raises":
            try:
                while True:
                    pass
            except BaseException:  # the stop, caught, and an error of its own raised late
                raise ValueError("late and wrong") from None
        raise Held("my bot's lock")


def register_all() -> None:
    """Register ``slow_<how>`` for each way (under a test's ``own_registry``)."""
    for how in ("loops", "sleeps", "catches", "raises", "holds"):
        bots.register(f"slow_{how}", lambda info, seed=0, _how=how: Slow(seed, _how),
                      game="toepen")


def _in_a_ray_worker() -> bool:
    """Whether this process is a Ray worker (no multiprocessing parent: Ray's raylet
    started it); Ray is not imported here where nothing else did."""
    ray: Any = sys.modules.get("ray")
    return (ray is not None and ray.is_initialized()
            and ray.get_runtime_context().worker.mode == ray.WORKER_MODE)


if multiprocessing.parent_process() is not None or _in_a_ray_worker():  # a run's worker
    register_all()  # (see failing_bots)


def holds_at_3(seed: int) -> int:
    """A run's task (tests/test_runner_unpicklable.py): ``seed``, except that seed 3
    raises an exception no pickle takes."""
    if seed == 3:
        raise Held("task 3's lock")
    return seed
