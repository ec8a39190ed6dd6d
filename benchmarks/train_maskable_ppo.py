"""MaskablePPO (sb3-contrib) learning Toepen against the house's bots: a learning curve.

    python benchmarks/train_maskable_ppo.py --cpu-seconds 600 --eval-games 200
    python benchmarks/train_maskable_ppo.py --game phase10 --opponents smart

Needs the ``train`` extra (after the CPU-only torch; see ``.ci/run``). For each table
(by default three ``random`` players, then three ``club`` bots) it trains one
MaskablePPO learner on :func:`tablegames.adapters.gymnasium.env` until a budget of
*CPU seconds* (``time.process_time`` of this process, training only: evaluation is not
counted) is spent, stopping at ``--checkpoints`` evenly spaced points of that budget to
evaluate the deterministic masked policy on ``--eval-games`` fresh games (seeds that
training never deals, the learner's seat rotating with them).

Each checkpoint records the mean end-of-game reward with a 95 % interval (normal
approximation, mean ± 1.96 s/√n) and the learner's loss rate (it is among the game's
losers) with a 95 % Wilson interval. A table of 1 learner and 3 others loses 1 game in 4
by chance: a loss rate under 25 % with an interval below it is a learner better than
its table. The curve is written as JSON and as a Markdown table (``--out``); the figures
go in the README.

Torch is held to one thread (the machine's cores are shared, and a policy this small
gains nothing from more). Not a test: nothing here is timed by the test suite.
"""

from __future__ import annotations

import argparse
import json
import math
import time
from pathlib import Path
from typing import Any

import numpy as np
import torch
from sb3_contrib import MaskablePPO

from tablegames.adapters.gymnasium import env

#: Evaluation seeds start here; training deals seeds from ``--seed`` on, far below.
EVAL_BASE = 10**9


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a proportion k/n."""
    if n == 0:
        return 0.0, 1.0
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def evaluate(model: MaskablePPO, make: Any, games: int) -> dict[str, float]:
    """Play ``games`` games with the deterministic masked policy; rewards and losses."""
    e = make()
    rewards: list[float] = []
    losses = 0
    for g in range(games):
        obs, _info = e.reset(seed=EVAL_BASE + g)
        while True:
            action, _ = model.predict(obs, action_masks=e.action_masks(), deterministic=True)
            obs, reward, terminated, truncated, _info = e.step(action)
            if terminated or truncated:
                break
        rewards.append(float(reward))
        state = e.session.state
        losses += e.seat in state.outcome().losers
    mean = float(np.mean(rewards))
    half = 1.96 * float(np.std(rewards, ddof=1)) / math.sqrt(games) if games > 1 else 0.0
    low, high = wilson(losses, games)
    return {"games": games, "mean_reward": mean, "reward_low": mean - half,
            "reward_high": mean + half, "loss_rate": losses / games, "loss_low": low,
            "loss_high": high}


def curve(game: str, opponents: list[str], rules: Any, cpu_seconds: float, checkpoints: int,
          eval_games: int, seed: int, n_steps: int) -> dict[str, Any]:
    """Train one learner against ``opponents`` and evaluate it at each checkpoint."""
    def make() -> Any:
        return env(game, opponents, rules)

    train_env = make()
    train_env.reset(seed=seed)
    model = MaskablePPO("MlpPolicy", train_env, n_steps=n_steps, batch_size=64, seed=seed,
                        device="cpu", verbose=0)
    points = [{"cpu_seconds": 0.0, "steps": 0, **evaluate(model, make, eval_games)}]
    spent = 0.0
    for k in range(1, checkpoints + 1):
        target = cpu_seconds * k / checkpoints
        while spent < target:
            start = time.process_time()
            model.learn(total_timesteps=n_steps, reset_num_timesteps=False)
            spent += time.process_time() - start
        points.append({"cpu_seconds": round(spent, 1), "steps": model.num_timesteps,
                       **evaluate(model, make, eval_games)})
        print(f"  {spent:7.1f} CPU s {model.num_timesteps:>8} steps  "
              f"reward {points[-1]['mean_reward']:+.3f}  loss rate {points[-1]['loss_rate']:.3f}",
              flush=True)
    return {"game": game, "opponents": opponents, "rules": rules, "cpu_budget": cpu_seconds,
            "n_steps": n_steps, "seed": seed, "points": points}


def markdown(runs: list[dict[str, Any]]) -> str:
    """The learning curves as one Markdown table, after a line saying how they were made."""
    first = runs[0]
    games = first["points"][0]["games"]
    rows = [f"MaskablePPO (sb3-contrib, MlpPolicy, n_steps {first['n_steps']}, seed "
            f"{first['seed']}), {first['cpu_budget']:.0f} CPU s of training per table "
            f"(process time, evaluation not counted), {games} evaluation games per point "
            f"(deterministic masked policy, the learner's seat rotating); rules "
            f"{json.dumps(first['rules'])}.", "",
            "| table | CPU s | steps | mean reward (95 % CI) | loss rate (95 % CI) |",
            "|---|---|---|---|---|"]
    for run in runs:
        table = f"{run['game']} vs {', '.join(run['opponents'])}"
        for p in run["points"]:
            rows.append(
                f"| {table} | {p['cpu_seconds']:.0f} | {p['steps']:,} | "
                f"{p['mean_reward']:+.3f} ({p['reward_low']:+.3f} to {p['reward_high']:+.3f}) | "
                f"{p['loss_rate']:.1%} ({p['loss_low']:.1%} to {p['loss_high']:.1%}) |")
    return "\n".join(rows)


def main(argv: list[str] | None = None) -> list[dict[str, Any]]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="toepen")
    parser.add_argument("--opponents", nargs="+", default=["random", "club"],
                        help="one table per name: the learner against three of that bot")
    parser.add_argument("--seats", type=int, default=3, help="opponents at each table")
    parser.add_argument("--rules", default=None, help="rules as JSON (default: the game's)")
    parser.add_argument("--cpu-seconds", type=float, default=600.0,
                        help="training CPU budget per table")
    parser.add_argument("--checkpoints", type=int, default=4)
    parser.add_argument("--eval-games", type=int, default=200)
    parser.add_argument("--n-steps", type=int, default=1024, help="PPO rollout length")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", default="benchmarks/maskable-ppo",
                        help="path stem of the .json and .md written")
    args = parser.parse_args(argv)
    torch.set_num_threads(1)
    rules = json.loads(args.rules) if args.rules else None
    runs = []
    for name in args.opponents:
        print(f"{args.game}: MaskablePPO vs {args.seats} x {name}, "
              f"{args.cpu_seconds:.0f} CPU s", flush=True)
        runs.append(curve(args.game, [name] * args.seats, rules, args.cpu_seconds,
                          args.checkpoints, args.eval_games, args.seed, args.n_steps))
    stem = Path(args.out)
    stem.parent.mkdir(parents=True, exist_ok=True)
    stem.with_suffix(".json").write_text(json.dumps(runs, indent=1) + "\n")
    table = markdown(runs)
    stem.with_suffix(".md").write_text(table + "\n")
    print(table)
    return runs


if __name__ == "__main__":
    main()
