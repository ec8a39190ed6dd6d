"""Throughput of the RL adapters beside the raw engine, game by game.

    python benchmarks/bench_adapters.py --players 4 --seconds 3
    python benchmarks/bench_adapters.py toepen --json

Every loop plays uniformly random games to the end, choosing with the engine's own
``Rng`` so that drawing the random choice costs the same everywhere:

* ``engine`` — ``legal_actions()``, pick one, ``apply`` (the README's step);
* ``session`` — the codec alone: the legal ids of the decision, pick one, ``choose``;
* ``pettingzoo`` — the whole AEC loop an RL user runs: ``last()`` (the observation
  vector, the action mask and the view in ``info``), pick an id from the mask, ``step``;
* ``pettingzoo-mask`` — the same loop reading only ``action_mask()`` (``last(observe=False)``),
  for policies that need no observation (random or scripted opponents);
* ``openspiel`` — ``legal_actions()``, pick one, ``apply_action`` on the pyspiel state;
* ``gymnasium`` — the single-agent env with ``random`` bots in the other seats: the
  learner's ``action_masks()``, pick one, ``step`` (observation and info each step); the
  bots' turns go through their handles, so actions/s counts every seat's actions.

Every loop runs with ``interrupts=False`` (the environments' default is ``True`` now):
the engine loop asks only the seat to act, and the ratios compare like with like.

A *decision* is one id; a spelled action (a Phase 10 lay-down, a Shithead double) takes
several, so the tables give both decisions/s and engine actions/s, and the ratio of
actions/s to the engine's (the adapters aim at half the engine's speed or better).
Numbers go in ``docs/guides/rl.md``; tests never time anything.
"""

from __future__ import annotations

import argparse
import json
import time
import warnings
from collections.abc import Callable
from typing import Any

import numpy as np

import tablegames
from tablegames.adapters import Session, make_codec
from tablegames.adapters.gymnasium import env as gym_env
from tablegames.adapters.openspiel import load_game
from tablegames.adapters.pettingzoo import env
from tablegames.common.rng import Rng

GAMES = ("toepen", "phase10", "shithead", "dallah")


def _timed(run_game: Callable[[int], tuple[int, int]], seconds: float) -> dict[str, float]:
    """Play games until ``seconds`` of this process's CPU time have passed; returns rates
    per CPU-second (as the README's engine figures are), so other jobs on the machine
    slow the wall clock but not the figures."""
    decisions = actions = games = 0
    start = time.process_time()
    while True:
        d, a = run_game(games)
        decisions += d
        actions += a
        games += 1
        elapsed = time.process_time() - start
        if elapsed >= seconds:
            break
    return {"games": games, "decisions_per_s": decisions / elapsed,
            "actions_per_s": actions / elapsed, "decisions_per_action": decisions / actions}


def engine_loop(game: str, players: int) -> Callable[[int], tuple[int, int]]:
    def run(g: int) -> tuple[int, int]:
        rng = Rng(g)
        state = tablegames.new_game(game, players=players, seed=g)
        steps = 0
        while not state.is_over:
            legal = state.legal_actions()
            state.apply(legal[rng.below(len(legal))])
            steps += 1
        return steps, steps
    return run


def session_loop(game: str, players: int) -> Callable[[int], tuple[int, int]]:
    codec = make_codec(game, players)

    def run(g: int) -> tuple[int, int]:
        rng = Rng(g)
        state = tablegames.new_game(game, players=players, seed=g)
        session = Session(codec, state, Rng(g))
        decisions = 0
        while not state.is_over:
            ids = list(session.options())
            session.choose(ids[rng.below(len(ids))])
            decisions += 1
        return decisions, state.version
    return run


def pettingzoo_loop(game: str, players: int, observe: bool) -> Callable[[int], tuple[int, int]]:
    e = env(game, players=players, interrupts=False)

    def run(g: int) -> tuple[int, int]:
        rng = Rng(g)
        e.reset(seed=g)
        decisions = 0
        for _agent in e.agent_iter():
            if observe:
                obs, _r, terminated, truncated, _info = e.last()
                mask = obs["action_mask"]
            else:
                _o, _r, terminated, truncated, _info = e.last(observe=False)
                mask = None if terminated or truncated else e.action_mask()
            if terminated or truncated:
                e.step(None)
                continue
            ids = np.flatnonzero(mask)
            e.step(int(ids[rng.below(len(ids))]))
            decisions += 1
        assert e.session is not None
        return decisions, e.session.state.version
    return run


def openspiel_loop(game: str, players: int) -> Callable[[int], tuple[int, int]]:
    spiel = load_game(game, players=players, interrupts=False)

    def run(g: int) -> tuple[int, int]:
        rng = Rng(g)
        state = spiel.new_initial_state()
        decisions = 0
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply_action(legal[rng.below(len(legal))])
            decisions += 1
        return decisions, state.session.state.version
    return run


def gymnasium_loop(game: str, players: int) -> Callable[[int], tuple[int, int]]:
    e = gym_env(game, ["random"] * (players - 1), interrupts=False)

    def run(g: int) -> tuple[int, int]:
        rng = Rng(g)
        e.reset(seed=g)
        decisions = 0
        while True:
            ids = np.flatnonzero(e.action_masks())
            _obs, _r, terminated, truncated, _info = e.step(int(ids[rng.below(len(ids))]))
            decisions += 1
            if terminated or truncated:
                break
        assert e.session is not None
        return decisions, e.session.state.version
    return run


def bench(game: str, players: int, seconds: float, rounds: int) -> dict[str, dict[str, float]]:
    """Every loop of one game: ``rounds`` rounds taking turns, the best round of each kept.

    Taking turns and keeping the best round makes the ratios robust on a shared machine,
    where another process may slow any one stretch of time down.
    """
    loops: dict[str, Callable[[int], tuple[int, int]]] = {
        "engine": engine_loop(game, players),
        "session": session_loop(game, players),
        "pettingzoo": pettingzoo_loop(game, players, observe=True),
        "pettingzoo-mask": pettingzoo_loop(game, players, observe=False),
        "openspiel": openspiel_loop(game, players),
        "gymnasium": gymnasium_loop(game, players),
    }
    out: dict[str, dict[str, float]] = {}
    for _ in range(rounds):
        for name, loop in loops.items():
            row = _timed(loop, seconds / rounds)
            if name not in out or row["actions_per_s"] > out[name]["actions_per_s"]:
                out[name] = row
    base = out["engine"]["actions_per_s"]
    for row in out.values():
        row["vs_engine"] = row["actions_per_s"] / base
    return out


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", default=list(GAMES), help=", ".join(GAMES))
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=3.0, help="per loop and game")
    parser.add_argument("--rounds", type=int, default=3, help="turns each loop takes")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    unknown = sorted(set(args.games) - set(GAMES))
    if unknown:
        parser.error(f"unknown game {unknown[0]!r} (choose from {', '.join(GAMES)})")
    warnings.simplefilter("ignore")
    results = {g: bench(g, args.players, args.seconds, args.rounds) for g in args.games}
    if args.json:
        print(json.dumps(results, indent=2))
        return results
    print(f"{args.players} players, uniformly random play, {args.seconds:g} s per loop "
          f"(best of {args.rounds} rounds)")
    print(f"{'game':<9} {'loop':<16} {'decisions/s':>12} {'actions/s':>10} {'vs engine':>9}")
    for g, rows in results.items():
        for name, row in rows.items():
            print(f"{g:<9} {name:<16} {row['decisions_per_s']:>12,.0f} "
                  f"{row['actions_per_s']:>10,.0f} {row['vs_engine']:>9.2f}")
    return results


if __name__ == "__main__":
    main()
