"""Bots of a third party that fail, each in its own way (tests/bots/test_bot_failures.py).

Registered when imported, as ``tablegames arena --import`` imports a module: the
workers of a run import it again by the name it registered from. The tests import it
inside ``own_registry`` and call :func:`register_all`, so the bots are gone after each."""

from __future__ import annotations

import multiprocessing
from typing import Any

from tablegames import bots
from tablegames.bots.base import RandomBot
from tablegames.common.actions import Action


class Fails(RandomBot):
    """Random, except on its turns from the fifth action of a game whose bot seed is a
    multiple of 3 (so a run has good games before the first bad one), where it answers
    as its ``how`` says."""

    def __init__(self, seed: int | str = 0, how: str = "raise") -> None:
        super().__init__(seed)
        self.how = how

    def bad(self, handle: Any) -> bool:
        return int(self.seed) % 3 == 0 and handle.version > 4

    def choose(self, handle: Any) -> Any:
        if not self.bad(handle):
            return super().choose(handle)
        legal = handle.legal_actions()
        if self.how == "raise":
            raise ValueError("my bot's own bug")
        if self.how == "none":
            return None
        if self.how == "text":
            return "0:junk"
        if self.how == "other":
            return other_seat(legal[0], 1 - handle.seat)
        if self.how == "illegal":  # an action of its own seat that the rules refuse now
            parse = type(handle.world()).parse_action
            verbs = ("fold", "stay", "knock", "keep", "accept", "challenge")
            return next(a for a in (parse(f"{handle.seat}:{v}") for v in verbs) if a not in legal)
        if self.how == "junk":
            return 42
        return legal[0]


def other_seat(action: Action, seat: int) -> Action:
    """``action`` in another seat's name."""
    import attrs

    return attrs.evolve(action, seat=seat)


def register_all() -> None:
    """Register ``fails_<how>`` for each way to fail (tests call it under their
    ``own_registry``, so no later test meets these bots)."""
    for how in ("raise", "none", "text", "junk", "other", "illegal"):
        bots.register(f"fails_{how}", lambda info, seed=0, _how=how: Fails(seed, _how),
                      game="toepen")


if multiprocessing.parent_process() is not None:
    # a worker of a run imports the module by the name its bots were registered from
    # (registry.origins); the test process registers them under own_registry instead,
    # as pytest's --doctest-modules imports this module too and must not register them
    register_all()
