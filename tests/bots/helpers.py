"""Positions to ask bots about: seeded games played part-way by the game's own bot."""

from __future__ import annotations

from typing import Any

import tablegames
from tablegames.common.rng import Rng

GAMES = ("toepen", "phase10", "shithead", "dallah")


def position(game: str, players: int, seed: int, steps: int) -> Any:
    """A state after up to ``steps`` actions of the game's default bot (never over)."""
    info = tablegames.GAMES[game]
    state = info.new_game(players=players, seed=seed, **info.simulate_kwargs(
        [f"P{i}" for i in range(players)]))
    bot = info.bots[info.default_bot](seed)
    rng = Rng(seed)
    for _ in range(steps):
        legal = state.legal_actions()
        # now and then a random action, so positions are not only the bot's own lines
        action = legal[rng.below(len(legal))] if rng.random() < 0.3 else bot.choose(state)
        state.apply(action)
        if state.is_over:
            return position(game, players, seed + 1000, steps // 2)
    return state
