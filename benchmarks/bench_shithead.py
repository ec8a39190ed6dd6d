"""Shithead figures beyond the generic throughput script: round lengths and how often the
safety limit (``Rules.action_limit``) is reached, per table, bot and table size.

    python benchmarks/bench_shithead.py                # the default grid
    python benchmarks/bench_shithead.py --games 2000 --players 2 5 --tables standard

Random play sheds cards badly (it plays its specials early and picks up often), so its
rounds are far longer than rounds between sensible players; the length quantiles here are
the evidence that ``max_actions`` (swaps + ``action_limit``) is an honest bound that
random play stays under in practice. Numbers go in the README; tests never time anything.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any

from tablegames import shithead
from tablegames.common.rng import Rng
from tablegames.simulation import make_bots


def run(table: str, players: int, bot: str, games: int, seed: int) -> dict[str, Any]:
    """Play ``games`` rounds; return speed and the distribution of round lengths."""
    rules = shithead.Rules.variant(table)
    if players > shithead.max_players(rules.decks):
        rules = shithead.Rules(effects=rules.effects, decks=2)
    lengths: list[int] = []
    limit_hits = 0
    rng = Rng(seed)
    start = time.perf_counter()
    for g in range(games):
        state = shithead.new_game(players=players, seed=seed + g, rules=rules)
        if bot == "random":
            while not state.is_over:
                legal = state.legal_actions()
                state.apply(legal[rng.below(len(legal))])
        else:
            bots = make_bots(shithead.GAME, bot, players, seed + g)
            while not state.is_over:
                state.apply(bots[state.to_act].choose(state))
        lengths.append(len(state.history))
        limit_hits += state.limit_hit
    elapsed = time.perf_counter() - start
    lengths.sort()
    actions = sum(lengths)

    def q(p: float) -> int:
        return lengths[min(len(lengths) - 1, int(p * len(lengths)))]

    return {
        "table": table, "players": players, "bot": bot, "games": games,
        "games_per_s": round(games / elapsed, 1), "actions_per_s": round(actions / elapsed),
        "mean": round(actions / games, 1), "p50": q(0.5), "p90": q(0.9), "p99": q(0.99),
        "max": lengths[-1], "limit_hits": limit_hits, "limit": rules.action_limit,
    }


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--games", type=int, default=300)
    p.add_argument("--players", type=int, nargs="+", default=[2, 3, 4, 5])
    p.add_argument("--tables", nargs="+", default=["standard", "classic"])
    p.add_argument("--bots", nargs="+", default=["random", "smart"])
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    rows = [run(t, n, b, args.games, args.seed)
            for t in args.tables for b in args.bots for n in args.players]
    if args.json:
        json.dump(rows, sys.stdout, indent=1)
        print()
        return 0
    print(f"Shithead, {args.games} rounds per row (Python {sys.version.split()[0]})")
    print(f"{'table':9} {'bot':6} {'n':>2} {'games/s':>8} {'actions/s':>10} {'mean':>7} "
          f"{'p50':>5} {'p90':>5} {'p99':>5} {'max':>5} {'at limit':>8}")
    for r in rows:
        print(f"{r['table']:9} {r['bot']:6} {r['players']:>2} {r['games_per_s']:>8} "
              f"{r['actions_per_s']:>10,} {r['mean']:>7} {r['p50']:>5} {r['p90']:>5} "
              f"{r['p99']:>5} {r['max']:>5} {r['limit_hits']:>8}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
