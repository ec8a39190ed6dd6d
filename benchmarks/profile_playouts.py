"""Where random playouts spend their time: cProfile's top functions per game.

    PYTHONPATH=. python benchmarks/profile_playouts.py                 # all four games
    PYTHONPATH=. python benchmarks/profile_playouts.py phase10 --top 25 --steps 40000

The loop profiled is the benchmark step of ``benchmarks/peers.py`` (``legal_actions()``,
a uniform pick, ``apply()``), so a hot spot here is a hot spot in the ratio table. Own
time (``tottime``) finds the function to rewrite; cumulative time the call path to cut.

    PYTHONPATH=. python benchmarks/profile_playouts.py --rollouts      # lean vs checked

``--rollouts`` measures instead what the search pays for: ISMCTS rollouts per CPU-second
(``time.process_time``, so other processes on a shared machine cost less than in wall
time) from the same sampled worlds, played by the game's rollout policy to the search's
cut-off exactly as :class:`~tablegames.bots.ismcts.ISMCTS` plays them, on the checked
path (``apply``: events, history, re-validation) and on the lean path (``make_lean`` +
``apply_trusted``), and the applied steps per CPU-second alone (the same random action
sequences, timing only ``apply`` against ``apply_trusted``). The two paths are timed in
alternating rounds so that a change in the machine's load hits both alike; the load
average is printed with the figures.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import os
import pstats
import random
import sys
import time

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


def _rollout_worlds(name: str, players: int, count: int, seed: int) -> list[object]:
    """``count`` positions of seeded games part-played by the game's default bot, each
    with a seat whose turn it is (what the search samples worlds for)."""
    from tablegames.bots.handle import Handle
    from tablegames.common.rng import Rng

    info = game_info(name)
    kwargs = info.simulate_kwargs([f"P{i}" for i in range(players)])
    out: list[object] = []
    g = 0
    while len(out) < count:
        state = info.new_game(players=players, seed=seed + g, **kwargs)
        bot = info.bots[info.default_bot](seed + g)
        pick = Rng(seed + g)
        for _ in range(pick.below(40)):
            if state.is_over:
                break
            state.apply(bot.choose(state))
        g += 1
        if not state.is_over:
            out.append(Handle(state, state.to_act))
    return out


def rollouts_per_cpu_second(name: str, players: int, count: int, seed: int,
                            rounds: int) -> tuple[float, float, int]:
    """(checked, lean) rollouts per CPU-second over the same worlds and policies."""
    from tablegames.bots.ismcts import ISMCTS
    from tablegames.common.rng import Rng

    handles = _rollout_worlds(name, players, count, seed)
    spent = {False: 0.0, True: 0.0}
    done = {False: 0, True: 0}
    for r in range(rounds):
        for lean in (False, True) if r % 2 == 0 else (True, False):
            bot = ISMCTS(name, seed, 1, lean=lean)
            hints = bot.hints
            for k, handle in enumerate(handles):
                rng = Rng(seed * 1000 + k)
                policy = bot._policy(rng)
                table = hints.table(rng.next64()) if hints.table is not None else None
                world = handle.sample_world(rng)  # type: ignore[attr-defined]
                start = time.process_time()
                if lean:
                    world.make_lean()
                mark = hints.horizon(world) if hints.horizon is not None else 0
                bot._rollout(world, 0, policy, table, mark)
                spent[lean] += time.process_time() - start
                done[lean] += 1
    return done[False] / spent[False], done[True] / spent[True], done[True]


def steps_per_cpu_second(name: str, players: int, count: int, seed: int,
                         rounds: int) -> tuple[float, float]:
    """(checked, lean) applied steps per CPU-second: the same random action sequences
    replayed from the same sampled worlds, timing only ``apply`` / ``apply_trusted``
    (what the lean path saves, without the policy's and ``legal_actions``' share)."""
    from tablegames.common.rng import Rng

    info = game_info(name)
    kwargs = info.simulate_kwargs([f"P{i}" for i in range(players)])
    lines = []
    for k in range(count):
        world = info.new_game(players=players, seed=seed + k, **kwargs).sample_world(0, Rng(k))
        play, pick, actions = world.copy(), Rng(seed + k), []
        while not play.is_over and len(actions) < 300:
            legal = play.legal_actions()
            actions.append(legal[pick.below(len(legal))])
            play.apply(actions[-1])
        lines.append((world, actions))
    spent = {False: 0.0, True: 0.0}
    for r in range(rounds):
        for lean in (False, True) if r % 2 == 0 else (True, False):
            for world, actions in lines:
                state = world.copy()
                if lean:
                    state.make_lean()
                step = state.apply_trusted if lean else state.apply
                start = time.process_time()
                for a in actions:
                    step(a)
                spent[lean] += time.process_time() - start
    n = rounds * sum(len(a) for _, a in lines)
    return n / spent[False], n / spent[True]


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    p.add_argument("games", nargs="*", default=list(GAMES_4P))
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--steps", type=int, default=30_000)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--top", type=int, default=12)
    p.add_argument("--sort", choices=["tottime", "cumtime"], default="tottime")
    p.add_argument("--rollouts", action="store_true",
                   help="ISMCTS rollouts per CPU-second, checked path against lean path")
    p.add_argument("--worlds", type=int, default=40, help="worlds per round (--rollouts)")
    p.add_argument("--rounds", type=int, default=6, help="alternating rounds (--rollouts)")
    args = p.parse_args(argv)
    if args.rollouts:
        load = os.getloadavg()[0]
        sys.stdout.write(f"ISMCTS rollouts per CPU-second, {args.players} players, "
                         f"{args.worlds} worlds x {args.rounds} rounds per path "
                         f"(load average {load:.1f} before)\n")
        sys.stdout.write(f"  {'game':<9} {'checked':>9} {'lean':>9} {'speed-up':>9}"
                         f"   steps/CPU-s: {'checked':>9} {'lean':>9} {'speed-up':>9}\n")
        for name in args.games:
            checked, lean, _ = rollouts_per_cpu_second(name, args.players, args.worlds,
                                                       args.seed, args.rounds)
            s_checked, s_lean = steps_per_cpu_second(name, args.players, args.worlds,
                                                     args.seed, args.rounds)
            sys.stdout.write(f"  {name:<9} {checked:9.0f} {lean:9.0f} {lean / checked:8.2f}x"
                             f"                {s_checked:9.0f} {s_lean:9.0f} "
                             f"{s_lean / s_checked:8.2f}x\n")
        sys.stdout.write(f"(load average {os.getloadavg()[0]:.1f} after)\n")
        return 0
    for name in args.games:
        sys.stdout.write(profile(name, args.players, args.steps, args.seed, args.top, args.sort) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
