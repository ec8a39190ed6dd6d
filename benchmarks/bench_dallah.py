"""Dallah figures beyond the generic throughput script: game lengths, how the Biggest
Loser spreads over the seats, and what the fall model does to a table, per bot and size.

    python benchmarks/bench_dallah.py                  # the default grid
    python benchmarks/bench_dallah.py --games 2000 --players 3 6 --bots model --json

The game ends when the shared pile is empty, so its length is set by the 25 default cups
and by how many turns are pile actions; the maximum over many seeds, set against
``GAME.max_actions``, is the evidence that the bound is honest. The seat spread of the
Biggest Loser is a balance check (turn order gives seat 0 no visible edge). Collapses and
cups per turn show the fall model at work. Numbers go in the README; tests never time
anything.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any

from tablegames import dallah
from tablegames.simulation import make_bots


def run(players: int, bot: str, games: int, seed: int) -> dict[str, Any]:
    """Play ``games`` games; return speed, lengths, losers per seat and fall statistics."""
    info = dallah.GAME
    lengths: list[int] = []
    losers = [0] * players
    nobody = collapses = falls = turns = 0
    bound = 0
    start = time.perf_counter()
    for g in range(games):
        state = dallah.new_game(players, seed=seed + g)
        bound = info.max_actions(state)
        bots = make_bots(info, bot, players, seed + g)
        while not state.is_over:
            for event in state.apply(bots[state.to_act].choose(state)):  # type: ignore[index]
                if event.kind == "collapse":
                    collapses += 1
                elif event.kind == "fell":
                    falls += 1
        lengths.append(len(state.history))
        out = state.outcome()
        turns += out.detail["turns"]
        if not out.losers:
            nobody += 1
        for s in out.losers:
            losers[s] += 1
    elapsed = time.perf_counter() - start
    lengths.sort()
    return {
        "players": players, "bot": bot, "games": games,
        "games_per_s": round(games / elapsed, 1),
        "actions_per_s": round(sum(lengths) / elapsed),
        "length_mean": round(sum(lengths) / games, 1),
        "length_p50": lengths[games // 2], "length_p99": lengths[min(games - 1, games * 99 // 100)],
        "length_max": lengths[-1], "max_actions": bound,
        "turns_mean": round(turns / games, 1),
        "losers_per_seat": losers, "no_loser": nobody,
        "collapses_per_game": round(collapses / games, 2),
        "single_falls_per_game": round(falls / games, 2),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--players", type=int, nargs="+", default=[2, 4, 6, 8])
    parser.add_argument("--bots", nargs="+", default=["model", "random"])
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    rows = [run(p, b, args.games, args.seed) for b in args.bots for p in args.players]
    if args.json:
        json.dump(rows, sys.stdout, indent=2)
        sys.stdout.write("\n")
        return 0
    print(f"Dallah, {args.games} games per row (Python {sys.version.split()[0]})")
    print(f"{'bot':>7} {'n':>2} {'games/s':>8} {'actions/s':>10} {'mean':>6} {'p99':>5} "
          f"{'max':>5} {'bound':>6} {'turns':>6} {'collapse':>8} {'falls':>6}  losers per seat")
    for r in rows:
        print(f"{r['bot']:>7} {r['players']:>2} {r['games_per_s']:>8} {r['actions_per_s']:>10,} "
              f"{r['length_mean']:>6} {r['length_p99']:>5} {r['length_max']:>5} "
              f"{r['max_actions']:>6} {r['turns_mean']:>6} {r['collapses_per_game']:>8} "
              f"{r['single_falls_per_game']:>6}  {r['losers_per_seat']} "
              f"(none: {r['no_loser']})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
