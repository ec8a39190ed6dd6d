"""Where random playouts spend their time: cProfile's top functions per game.

    PYTHONPATH=. python benchmarks/profile_playouts.py                 # all four games
    PYTHONPATH=. python benchmarks/profile_playouts.py phase10 --top 25 --steps 40000

The loop profiled is the benchmark step of ``benchmarks/peers.py`` (``legal_actions()``,
a uniform pick, ``apply()``), so a hot spot here is a hot spot in the ratio table. Own
time (``tottime``) finds the function to rewrite; cumulative time the call path to cut.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import os
import pstats
import random
import sys

from tablegames.common.registry import game_info

GAMES_4P = ("toepen", "phase10", "shithead", "dallah")


def playout_steps(name: str, players: int, steps: int, seed: int) -> int:
    info = game_info(name)
    kwargs = info.simulate_kwargs([f"P{i}" for i in range(players)])
    pick = random.Random(seed).randrange
    done = game = 0
    while done < steps:
        state = info.new_game(players=players, seed=seed + game, **kwargs)
        game += 1
        while not state.is_over and done < steps:
            legal = state.legal_actions()
            state.apply(legal[pick(len(legal))])
            done += 1
    return game


def profile(name: str, players: int, steps: int, seed: int, top: int, sort: str) -> str:
    playout_steps(name, players, steps // 10, seed)  # warm caches and imports first
    prof = cProfile.Profile()
    prof.enable()
    games = playout_steps(name, players, steps, seed)
    prof.disable()
    buf = io.StringIO()
    stats = pstats.Stats(prof, stream=buf)
    total = stats.total_tt  # type: ignore[attr-defined]
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__))) + os.sep
    rows = []
    for (file, line, func), (_cc, calls, tt, ct, _callers) in stats.stats.items():  # type: ignore[attr-defined]
        where = f"{file.replace(root, '')}:{line}({func})"
        rows.append((tt if sort == "tottime" else ct, tt, ct, calls, where))
    rows.sort(reverse=True)
    out = [f"{name}, {players} players, {steps} random steps ({games} games), "
           f"{total:.2f} s profiled; top {top} by {sort}:",
           f"  {'own %':>6} {'cum %':>6} {'calls':>9}  function"]
    for _key, tt, ct, calls, where in rows[:top]:
        out.append(f"  {100 * tt / total:6.1f} {100 * ct / total:6.1f} {calls:9d}  {where}")
    return "\n".join(out) + "\n"


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    p.add_argument("games", nargs="*", default=list(GAMES_4P))
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--steps", type=int, default=30_000)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--top", type=int, default=12)
    p.add_argument("--sort", choices=["tottime", "cumtime"], default="tottime")
    args = p.parse_args(argv)
    for name in args.games:
        sys.stdout.write(profile(name, args.players, args.steps, args.seed, args.top, args.sort) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
