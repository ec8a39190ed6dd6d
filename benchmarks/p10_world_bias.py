"""How far Phase 10 worlds under ``lay_when_able`` (P10-40) are from the posterior.

    python benchmarks/p10_world_bias.py                  # the hard hand and an easier one
    python benchmarks/p10_world_bias.py --worlds 400 --hand hard --sweeps 0 1 2
    python benchmarks/p10_world_bias.py --games strict --sweeps 0 2   # cost only

The posterior: a whole world dealt as ``sample_world`` deals one (``worlds._dealt``),
kept only if no seat could have laid where it discarded without laying, dealt again
until one is kept, with no budget (plain rejection; exact, and slow on hard hands). For
each hand this draws ``--worlds`` worlds both ways from fixed rngs and compares, for
every (other seat, face) pair, how often the seat holds at least one copy of the face:
the largest difference, how many pairs differ by more than 3 standard deviations of
the noise (about 0.3% of them would, by chance), and the cost of a world (median, 90th
percentile, in CPU time; a benchmark, tests never time anything).

Hands (random bots, the worlds of one seat at one step, as
``tests/phase10/test_p10_worlds_consistent.py`` plays them):

* ``hard``: 6 seats, seed 4311147, step 84, seat 5 (helper-189's hand: about one whole
  world in 40 keeps every discard);
* ``harder``: the same hand at step 114 (about one whole world in 300-600 keeps every
  discard; rejection costs about 0.1 s a world);
* ``easy``: 4 seats of eager bots, seed 23, step 60, seat 0.

Every pair's squared z-score is about 1 on average when both draw alike, so their sum
is about the number of pairs (a yardstick, not a test: the pairs are not independent).
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from typing import Any

from tablegames.common.bots import RandomBot
from tablegames.common.rng import Rng
from tablegames.phase10 import EagerRandomBot, Rules, State, new_game, worlds
from tablegames.phase10.cards import N_FACES

STRICT = Rules(lay_when_able=True)
#: name: (players, seed, bot, step, seat)
HANDS = {
    "hard": (6, 4311147, "random", 84, 5),
    "harder": (6, 4311147, "random", 114, 5),
    "easy": (4, 23, "eager", 60, 0),
}


def position(players: int, seed: int, bot: str, step: int) -> State:
    """The game as the consistency tests play it, ``step + 1`` actions in."""
    state = new_game(players=players, seed=seed, rules=STRICT)
    bots: list[Any] = [EagerRandomBot(seed * 7 + s) if bot == "eager"
                       else RandomBot(seed * 7 + s) for s in range(players)]
    for _ in range(step + 1):
        state.apply(bots[state.to_act].choose(state))  # type: ignore[index]
    return state


def rejection(state: State, seat: int, rng: Rng) -> tuple[State, int]:
    """A world by plain rejection of whole worlds (no budget), and the deals it took."""
    moments = worlds._no_lay_moments(state, seat)
    deals = 0
    while True:
        world, _ = worlds._dealt(state, seat, rng)
        deals += 1
        if worlds._kept(world, moments)[0] == len(moments):
            return world, deals


def marginals(ws: list[State], seat: int) -> dict[tuple[int, int], float]:
    """Per (other seat, face): the share of ``ws`` in which the seat holds the face."""
    n = ws[0].n
    out = {}
    for s in range(n):
        if s == seat:
            continue
        for c in range(N_FACES):
            out[s, c] = sum(c in w.hands[s] for w in ws) / len(ws)
    return out


def compare(a: dict[tuple[int, int], float], b: dict[tuple[int, int], float],
            count: int) -> tuple[float, tuple[int, int], int, int, float]:
    """The largest difference, its pair, the pairs beyond 3 sd, the pairs compared and
    the sum of their squared z-scores."""
    worst, where, beyond, pairs, chi = 0.0, (-1, -1), 0, 0, 0.0
    for key, p in a.items():
        q = b[key]
        pooled = (p + q) / 2
        if pooled in (0.0, 1.0):
            continue
        pairs += 1
        sd = math.sqrt(2 * pooled * (1 - pooled) / count)
        chi += ((p - q) / sd) ** 2
        if abs(p - q) > 3 * sd:
            beyond += 1
        if abs(p - q) > worst:
            worst, where = abs(p - q), key
    return worst, where, beyond, pairs, chi


#: The fixed games of ``test_strict_worlds_keep_every_discard_made_without_laying``:
#: (players, seed, bot), 240 actions, every seat's world every sixth action.
GAMES = [(2, 21, "eager"), (3, 22, "random"), (4, 23, "eager"), (5, 24, "random"),
         (6, 25, "eager")]


def games_cost(sweeps: list[int], rules: Rules) -> None:
    """The cost of a world in :data:`GAMES` under ``rules``, for each ``worlds.SWEEPS``:
    median, 90th percentile and most, in CPU time."""
    for players, seed, bot in GAMES:
        for k in sweeps:
            worlds.SWEEPS = k
            state = new_game(players=players, seed=seed, rules=rules)
            bots: list[Any] = [EagerRandomBot(seed * 7 + s) if bot == "eager"
                               else RandomBot(seed * 7 + s) for s in range(players)]
            times = []
            for step in range(240):
                if state.is_over:
                    break
                state.apply(bots[state.to_act].choose(state))  # type: ignore[index]
                if step % 6:
                    continue
                for v in range(players):
                    t0 = time.process_time()
                    state.sample_world(v, Rng(f"{seed}-{step}-{v}"))
                    times.append(time.process_time() - t0)
            times.sort()
            print(f"game {players} seats, seed {seed}, {bot}, sweeps {k}: {len(times)} "
                  f"worlds, {1000 * statistics.median(times):.2f} ms median, "
                  f"{1000 * times[int(0.9 * len(times))]:.2f} ms p90, "
                  f"{1000 * times[-1]:.1f} ms most", flush=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--worlds", type=int, default=800)
    parser.add_argument("--hand", choices=[*HANDS, "all"], default="all")
    parser.add_argument("--sweeps", type=int, nargs="+", default=[worlds.SWEEPS],
                        help="worlds.SWEEPS for each run (0: the seat deals of helper-189 "
                             "alone, biased)")
    parser.add_argument("--skip-rejection", action="store_true",
                        help="cost only: no rejection worlds, no comparison")
    parser.add_argument("--games", choices=["strict", "default"],
                        help="instead: the cost of a world in the tests' fixed games")
    args = parser.parse_args(argv)
    if args.games:
        games_cost(args.sweeps, STRICT if args.games == "strict" else Rules())
        return 0
    for name in HANDS if args.hand == "all" else [args.hand]:
        players, seed, bot, step, seat = HANDS[name]
        state = position(players, seed, bot, step)
        moments = worlds._no_lay_moments(state, seat)
        hows = [f"sweeps {k}" for k in args.sweeps]
        if not args.skip_rejection:
            hows.append("rejection")
        got: dict[str, list[State]] = {}
        for how in hows:
            ws, times, deals = [], [], []
            for k in range(args.worlds):
                rng = Rng(10**6 + k if how == "rejection" else k)
                t0 = time.process_time()
                if how == "rejection":
                    world, d = rejection(state, seat, rng)
                    deals.append(d)
                else:
                    worlds.SWEEPS = int(how.split()[1])
                    world = state.sample_world(seat, rng)
                times.append(time.process_time() - t0)
                ws.append(world)
            got[how] = ws
            times.sort()
            extra = f", {statistics.mean(deals):.1f} deals a world" if deals else ""
            print(f"{name}: {how}: {len(moments)} moments, "
                  f"{1000 * statistics.median(times):.2f} ms median, "
                  f"{1000 * times[int(0.9 * len(times))]:.2f} ms p90, "
                  f"{1000 * times[-1]:.1f} ms most{extra}", flush=True)
        if args.skip_rejection:
            continue
        ref = marginals(got["rejection"], seat)
        for how in hows[:-1]:
            worst, where, beyond, pairs, chi = compare(marginals(got[how], seat), ref, args.worlds)
            print(f"{name}: {how} against rejection: largest difference {worst:.3f} "
                  f"(seat {where[0]}, face {where[1]}), {beyond} of {pairs} pairs beyond "
                  f"3 sd, sum of z^2 {chi:.0f}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
