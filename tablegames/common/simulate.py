"""Playing whole games with bots, for the CLI, benchmarks and balance studies."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any

import attrs

from tablegames.common.errors import SetupError
from tablegames.common.protocol import Bot, GameInfo


def make_bots(info: GameInfo, bot: str | Sequence[str], n: int, seed: int) -> list[Bot]:
    """One bot per seat; ``bot`` names one kind for all seats or one per seat."""
    kinds = [bot] * n if isinstance(bot, str) else list(bot)
    if len(kinds) != n:
        raise SetupError(f"need {n} bot names, got {len(kinds)}")
    bots = []
    for seat, kind in enumerate(kinds):
        factory = info.bots.get(kind)
        if factory is None:
            raise SetupError(f"{info.name} has no bot {kind!r}; known: {', '.join(info.bots)}")
        bots.append(factory(seed * 1009 + seat))
    return bots


def play_game(
    info: GameInfo, players: int | Sequence[str], seed: int, bot: str | Sequence[str] = "random",
    **kwargs: Any,
) -> Any:
    """Play one seeded game to the end with bots; returns the final state."""
    state = info.new_game(players=players, seed=seed, **kwargs)
    bots = make_bots(info, bot, len(state.players), seed)
    limit = info.max_actions(state)
    steps = 0
    while not state.is_over:
        state.apply(bots[state.to_act].choose(state))
        steps += 1
        if steps > limit:
            raise RuntimeError(f"{info.name} seed {seed}: game did not end in {limit} actions")
    return state


@attrs.define
class Summary:
    """What ``tablegames simulate`` prints."""

    game: str
    players: int
    bot: str
    games: int = 0
    actions: int = 0
    seconds: float = 0.0
    losers: list[int] = attrs.Factory(list)
    winners: list[int] = attrs.Factory(list)
    lengths: list[int] = attrs.Factory(list)
    extra: dict[str, Any] = attrs.Factory(dict)

    @property
    def mean_length(self) -> float:
        """Mean actions per game."""
        return self.actions / self.games if self.games else 0.0

    @property
    def games_per_second(self) -> float:
        """Throughput."""
        return self.games / self.seconds if self.seconds else 0.0

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready summary."""
        return {
            "game": self.game, "players": self.players, "bot": self.bot, "games": self.games,
            "actions": self.actions, "mean_length": round(self.mean_length, 2),
            "losers_per_seat": self.losers, "winners_per_seat": self.winners,
            "seconds": round(self.seconds, 3), "games_per_second": round(self.games_per_second, 1),
            **self.extra,
        }


def simulate(
    info: GameInfo, games: int, players: int, seed: int = 0, bot: str = "random",
    progress: Callable[[int], None] | None = None, **kwargs: Any,
) -> Summary:
    """Play ``games`` seeded games (seeds ``seed``, ``seed+1``, ...) and summarise them."""
    summary = Summary(game=info.name, players=players, bot=bot)
    summary.losers = [0] * players
    summary.winners = [0] * players
    extra = info.simulate_kwargs([f"P{i}" for i in range(players)])
    extra.update(kwargs)
    start = time.perf_counter()
    for g in range(games):
        state = play_game(info, players, seed + g, bot, **extra)
        out = state.outcome()
        for s in out.losers:
            summary.losers[s] += 1
        for s in out.winners:
            summary.winners[s] += 1
        summary.games += 1
        summary.actions += len(state.history)
        summary.lengths.append(len(state.history))
        if progress is not None:
            progress(g + 1)
    summary.seconds = time.perf_counter() - start
    return summary
