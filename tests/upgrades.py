"""What every test of an upgraded old save asks last: the loaded state saves and reloads
byte-identical, and plays on with a bot, each later save passing ``verify`` (its own
history replays to it under today's engine)."""

from __future__ import annotations

from typing import Any


def plays_on(state: Any, bot: Any, steps: int = 30) -> None:
    cls = type(state)
    assert cls.from_json(state.to_json()).to_json() == state.to_json()
    for _ in range(steps):
        if state.is_over:
            break
        state.apply(bot.choose(state))
        cls.from_json(state.to_json(), verify=True)
