"""Throughput of any registered game: random playouts and the cost of the protocol calls.

    python benchmarks/throughput.py toepen --players 4 --games 2000

A *step* is what a bot does each move: ``legal_actions()``, pick one uniformly, and a
validated ``apply``. Per-call costs are measured on states sampled from real playouts.
Numbers go in the README; tests never time anything.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable
from typing import Any

from tablegames.common.registry import game_info
from tablegames.common.rng import Rng


def playouts(name: str, players: int, games: int, seed: int) -> dict[str, float]:
    """Random playouts: the whole loop a bot runs, with nothing else."""
    info = game_info(name)
    kwargs = info.simulate_kwargs([f"P{i}" for i in range(players)])
    rng = Rng(seed)
    steps = 0
    start = time.perf_counter()
    for g in range(games):
        state = info.new_game(players=players, seed=seed + g, **kwargs)
        while not state.is_over:
            legal = state.legal_actions()
            state.apply(legal[rng.below(len(legal))])
            steps += 1
    elapsed = time.perf_counter() - start
    return {"games_per_s": games / elapsed, "actions_per_s": steps / elapsed,
            "mean_actions": steps / games}


def sample_states(name: str, players: int, count: int, seed: int) -> list[Any]:
    """Mid-game states from random playouts (every 7th step)."""
    info = game_info(name)
    kwargs = info.simulate_kwargs([f"P{i}" for i in range(players)])
    rng = Rng(seed)
    out: list[Any] = []
    g = 0
    while len(out) < count:
        state = info.new_game(players=players, seed=seed + g, **kwargs)
        g += 1
        step = 0
        while not state.is_over and len(out) < count:
            if step % 7 == 3:
                out.append(state.copy())
            legal = state.legal_actions()
            state.apply(legal[rng.below(len(legal))])
            step += 1
    return out


def per_call(states: list[Any], fn: Callable[[Any], object], repeat: int = 3) -> float:
    """Best-of-``repeat`` mean microseconds of ``fn`` over ``states``."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        for s in states:
            fn(s)
        best = min(best, (time.perf_counter() - start) / len(states))
    return best * 1e6


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("game")
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--games", type=int, default=1000)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    info = game_info(args.game)
    result: dict[str, Any] = {"game": args.game, "players": args.players,
                              "python": sys.version.split()[0]}
    result.update(playouts(args.game, args.players, args.games, args.seed))
    states = sample_states(args.game, args.players, 2000, args.seed)
    texts = [s.to_json() for s in states]
    rng = Rng(5)
    result["us_legal_actions"] = per_call(states, lambda s: s.legal_actions())
    result["us_copy"] = per_call(states, lambda s: s.copy())
    result["us_to_json"] = per_call(states, lambda s: s.to_json())
    start = time.perf_counter()
    for t in texts:
        info.from_json(t)
    result["us_from_json"] = (time.perf_counter() - start) / len(texts) * 1e6
    result["us_view"] = per_call(states, lambda s: s.view(s.to_act))
    result["us_sample_world"] = per_call(states, lambda s: s.sample_world(s.to_act, rng), 1)
    if args.json:
        print(json.dumps(result, indent=2))
        return 0
    print(f"{info.title}, {args.players} players, {args.games} random playouts "
          f"(Python {result['python']})")
    print(f"  {result['games_per_s']:>10,.0f} games/s   {result['actions_per_s']:>10,.0f} actions/s"
          f"   ({result['mean_actions']:.0f} actions/game)")
    for key in ("legal_actions", "copy", "to_json", "from_json", "view", "sample_world"):
        print(f"  {key + '()':<16} {result['us_' + key]:>9.1f} µs")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
