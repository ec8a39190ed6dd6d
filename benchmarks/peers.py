"""Our four games against the peers, measured in the same run: one command, one Markdown table.

    pip install -e ".[bench]"
    PYTHONPATH=. python benchmarks/peers.py            # about three minutes on 2 cores
    PYTHONPATH=. python benchmarks/peers.py --rounds 3 --budget 0.2 --cold 4 --json

Every contender runs on its own idiomatic fast path, in the same process and minute:

* **Whole-game speed** is steps per CPU-second against RLCard 1.2's UNO game layer (a
  Python engine of a shedding game, like ours). UNO's ``np.random.RandomState`` is seeded
  **once per run**, as RLCard's own ``Env.seed`` does before every ``reset()``; building a
  new one per game (about 270 µs) would slow UNO and flatter every ratio. OpenSpiel 2.0's
  ``crazy_eights`` (C++) plays the same loop as it is, for scale. A step is what a bot loop
  does each move: the legal actions of the player to act, a uniform pick (one shared
  :class:`random.Random` for every engine) and a validated apply; deals are included, as a
  bot harness pays for them too.
* **Saves and loads as a server makes them.** ``to_json`` is timed on a save made after one
  new action (the state was saved before it; re-saving an unchanged state would time
  nothing a server does); ``from_json`` on the next save of a room (one action later)
  right after its previous save was loaded. Both are also timed **cold**: a fresh process
  per sample (one subprocess each) imports the library and the game, then makes its first
  load of a save of a game in play and, after one new action, its first save. A one-off
  setup on first use (compiling field code, filling caches) shows up as the gap between
  the cold and the warm load. OpenSpiel's ``clone``, ``serialize`` and
  ``deserialize_state`` are measured the same ways.
* **CPU seconds** (:func:`time.process_time`), so other processes on a shared machine cost
  us little, and **interleaved rounds** (every contender once per round, in a rotated
  order), so a slow minute hurts all contenders alike. Each ratio is the median of the
  per-round ratios. The load average is printed at the start and the end.

The targets (issue 21): steps per CPU-second at least 1.6× UNO's for Toepen and 0.9× for
Shithead, Phase 10 and Dallah, and a first load in a fresh process that pays no one-off
setup of tens of milliseconds (here: cold minus warm at most ``COLD_SETUP_LIMIT_MS``).
The per-call figures have no targets: they are printed beside OpenSpiel's for scale.
Tests never time anything; these numbers go in the README.
"""

from __future__ import annotations

import argparse
import datetime as dt
import importlib.util
import json
import os
import platform
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from typing import Any

from tablegames.common.registry import GAMES, game_info

GAMES_4P = ("toepen", "phase10", "shithead", "dallah")
#: Steps per CPU-second as a multiple of RLCard UNO's (issue 21, item 5).
STEP_TARGETS = {"toepen": 1.6, "phase10": 0.9, "shithead": 0.9, "dallah": 0.9}
#: A first load in a fresh process may cost at most this much more than a warm one (ms).
COLD_SETUP_LIMIT_MS = 10.0
UNO = "RLCard UNO"
SPIEL = "crazy_eights"


# ---------------------------------------------------------------- playout streams

class Stream:
    """An endless random playout: ``run(budget)`` plays steps until ``budget`` CPU seconds."""

    name: str

    def __init__(self, seed: int) -> None:
        self.pick = random.Random(seed)
        self.game = 0
        self._it: Iterator[None] | None = None

    def steps(self) -> Iterator[None]:
        raise NotImplementedError

    def run(self, budget: float) -> tuple[int, float]:
        """Steps done and CPU seconds used (checked every 64 steps: the clock costs too)."""
        if self._it is None:
            self._it = self.steps()
        it = self._it
        n = 0
        start = time.process_time()
        while True:
            for _ in range(64):
                next(it)
            n += 64
            used = time.process_time() - start
            if used >= budget:
                return n, used


class Ours(Stream):
    def __init__(self, name: str, players: int, seed: int) -> None:
        super().__init__(seed)
        self.name = name
        self.info = game_info(name)
        self.players = players
        self.kwargs = self.info.simulate_kwargs([f"P{i}" for i in range(players)])

    def steps(self) -> Iterator[None]:
        pick = self.pick.randrange
        while True:
            state = self.info.new_game(players=self.players, seed=self.game, **self.kwargs)
            self.game += 1
            while not state.is_over:
                legal = state.legal_actions()
                state.apply(legal[pick(len(legal))])
                yield None


class RLCardUno(Stream):
    """RLCard's UNO game layer, its generator seeded once per run as ``Env.seed`` does."""

    name = UNO

    def __init__(self, players: int, seed: int) -> None:
        super().__init__(seed)
        import numpy as np
        from rlcard.games.uno.game import UnoGame  # type: ignore[import-untyped]

        self.uno = UnoGame(num_players=players)
        self.uno.np_random = np.random.RandomState(seed)

    def steps(self) -> Iterator[None]:
        pick = self.pick.randrange
        game = self.uno
        while True:
            self.game += 1
            game.init_game()
            limit = 20_000  # UNO has no hard end; a stuck deal must not stall the benchmark
            while not game.is_over() and limit:
                legal = game.get_legal_actions()
                game.step(legal[pick(len(legal))])
                limit -= 1
                yield None


class SpielCrazyEights(Stream):
    """OpenSpiel's crazy_eights as it is: chance nodes sampled from their outcomes."""

    name = SPIEL

    def __init__(self, players: int, seed: int) -> None:
        super().__init__(seed)
        import pyspiel

        self.spiel = pyspiel.load_game(SPIEL, {"players": players})

    def steps(self) -> Iterator[None]:
        pick = self.pick
        while True:
            self.game += 1
            state = self.spiel.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                    state.apply_action(pick.choices(outcomes, probs)[0])
                    continue
                legal = state.legal_actions()
                state.apply_action(legal[pick.randrange(len(legal))])
                yield None


# ---------------------------------------------------------------- sampled states

#: States kept per game: enough games that one long game cannot set the mix.
PER_GAME = 4


def _reservoir(kept: list[Any], seen: int, make: Callable[[], Any], pick: random.Random) -> None:
    """Keep a uniform sample of PER_GAME positions of one game (Algorithm R)."""
    if len(kept) < PER_GAME:
        kept.append(make())
    else:
        j = pick.randrange(seen + 1)
        if j < PER_GAME:
            kept[j] = make()


def our_states(name: str, players: int, count: int, seed: int) -> list[Any]:
    """States at uniform positions of random playouts (``PER_GAME`` from each game)."""
    info = game_info(name)
    kwargs = info.simulate_kwargs([f"P{i}" for i in range(players)])
    pick = random.Random(seed)
    out: list[Any] = []
    g = 0
    while len(out) < count:
        state = info.new_game(players=players, seed=seed + g, **kwargs)
        g += 1
        kept: list[Any] = []
        step = 0
        while not state.is_over:
            _reservoir(kept, step, state.copy, pick)
            legal = state.legal_actions()
            state.apply(legal[pick.randrange(len(legal))])
            step += 1
        out.extend(kept)
    return out[:count]


def spiel_states(players: int, count: int, seed: int) -> tuple[Any, list[Any]]:
    """The same for OpenSpiel's crazy_eights (decision nodes only)."""
    import pyspiel

    game = pyspiel.load_game(SPIEL, {"players": players})
    pick = random.Random(seed)
    out: list[Any] = []
    while len(out) < count:
        state = game.new_initial_state()
        kept: list[Any] = []
        step = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(pick.choices(outcomes, probs)[0])
                continue
            _reservoir(kept, step, state.clone, pick)
            legal = state.legal_actions()
            state.apply_action(legal[pick.randrange(len(legal))])
            step += 1
        out.extend(kept)
    return game, out[:count]


class Calls:
    """One contender's per-call jobs (copy, save after one action, load of the next save)
    and what a cold subprocess is given. Every sample keeps its own fixed next action, so
    each round times the same work."""

    def __init__(self, name: str, states: list[Any], loader: Callable[[str], Any], seed: int) -> None:
        self.name = name
        self.states = states
        self.loader = loader
        pick = random.Random(seed)
        self.moves = [pick.randrange(1 << 30) for _ in states]
        #: (save, the save one action later), for every sample not one action from its end.
        self.pairs: list[tuple[str, str]] = []
        for state, k in zip(states, self.moves, strict=True):
            after = self.copy(state)
            self.play(after, k)
            if not self.over(after):
                self.pairs.append((self.save(state), self.save(after)))

    def copy(self, state: Any) -> Any:
        return state.copy()

    def save(self, state: Any) -> str:
        return str(state.to_json())

    def over(self, state: Any) -> bool:
        return bool(state.is_over)

    def play(self, state: Any, k: int) -> None:
        legal = state.legal_actions()
        state.apply(legal[k % len(legal)])

    def us_copy(self) -> float:
        copy = self.copy
        start = time.process_time()
        for s in self.states:
            copy(s)
        return (time.process_time() - start) / len(self.states) * 1e6

    def us_save(self) -> float:
        """A save after one new action, of a state saved before it (only the save is timed)."""
        clock, used = time.process_time, 0.0
        for state, k in zip(self.states, self.moves, strict=True):
            c = self.copy(state)
            self.save(c)
            self.play(c, k)
            start = clock()
            self.save(c)
            used += clock() - start
        return used / len(self.states) * 1e6

    def us_load(self) -> float:
        """The next save of a room (one action later), loaded right after its previous one."""
        clock, used, load = time.process_time, 0.0, self.loader
        for before, after in self.pairs:
            load(before)
            start = clock()
            load(after)
            used += clock() - start
        return used / len(self.pairs) * 1e6


class SpielCalls(Calls):
    def copy(self, state: Any) -> Any:
        return state.clone()

    def save(self, state: Any) -> str:
        return str(state.serialize())

    def over(self, state: Any) -> bool:
        return bool(state.is_terminal())

    def play(self, state: Any, k: int) -> None:
        pick = random.Random(k)
        while state.is_chance_node():  # a decision, then the chance draws it leads to
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(pick.choices(outcomes, probs)[0])
        legal = state.legal_actions()
        state.apply_action(legal[k % len(legal)])


# ---------------------------------------------------------------- cold: a fresh process per sample

#: Run in a fresh interpreter: import the library and the game (not timed), then time the
#: process's first load and, after one new action, its first save. Prints µs as JSON.
COLD = r"""
import json, sys, time
name, players = sys.argv[1], int(sys.argv[2])
job = json.loads(sys.stdin.read())
clock = time.process_time
if name == "crazy_eights":
    import pyspiel, random
    game = pyspiel.load_game(name, {"players": players})
    start = clock(); state = game.deserialize_state(job["save"]); load = clock() - start
    pick = random.Random(job["move"])
    while state.is_chance_node():
        outcomes, probs = zip(*state.chance_outcomes())
        state.apply_action(pick.choices(outcomes, probs)[0])
    legal = state.legal_actions(); state.apply_action(legal[job["move"] % len(legal)])
    start = clock(); state.serialize(); save = clock() - start
else:
    import tablegames
    info = tablegames.GAMES[name]
    start = clock(); state = info.from_json(job["save"]); load = clock() - start
    legal = state.legal_actions(); state.apply(legal[job["move"] % len(legal)])
    start = clock(); state.to_json(); save = clock() - start
print(json.dumps({"load": load * 1e6, "save": save * 1e6}))
"""


def cold_sample(name: str, players: int, save: str, move: int) -> dict[str, float]:
    proc = subprocess.run([sys.executable, "-c", COLD, name, str(players)],
                          input=json.dumps({"save": save, "move": move}), capture_output=True,
                          text=True, check=False, env=os.environ.copy())
    if proc.returncode:
        raise RuntimeError(f"the cold sample of {name} failed:\n{proc.stderr[-2000:]}")
    return dict(json.loads(proc.stdout))


# ---------------------------------------------------------------- the measurements

def measure_steps(players: int, rounds: int, budget: float, seed: int, peers: bool,
                  ) -> dict[str, dict[str, Any]]:
    streams: list[Stream] = [Ours(g, players, seed) for g in GAMES_4P]
    if peers:
        streams += [RLCardUno(players, seed), SpielCrazyEights(players, seed)]
    per_round: dict[str, list[float]] = {s.name: [] for s in streams}
    for s in streams:  # warm up: imports, first deals
        s.run(budget / 4)
    for r in range(rounds):
        k = r % len(streams)
        for s in streams[k:] + streams[:k]:
            n, used = s.run(budget)
            per_round[s.name].append(n / used)
    out: dict[str, dict[str, Any]] = {}
    for s in streams:
        rates = per_round[s.name]
        row: dict[str, Any] = {"steps_per_cpu_s": statistics.median(rates), "games": s.game}
        if peers and s.name != UNO:
            row["ratio"] = statistics.median(a / b for a, b in zip(rates, per_round[UNO], strict=True))
        out[s.name] = row
    return out


def measure_calls(players: int, rounds: int, count: int, cold: int, seed: int, peers: bool,
                  ) -> dict[str, dict[str, float]]:
    contenders = [Calls(g, our_states(g, players, count, seed), game_info(g).from_json, seed)
                  for g in GAMES_4P]
    if peers:
        game, spiel = spiel_states(players, count, seed)
        contenders.append(SpielCalls(SPIEL, spiel, game.deserialize_state, seed))
    jobs: list[tuple[str, str, Callable[[], float]]] = []
    for c in contenders:
        jobs += [(c.name, "copy", c.us_copy), (c.name, "save", c.us_save), (c.name, "load", c.us_load)]
    samples: dict[tuple[str, str], list[float]] = {(n, k): [] for n, k, _ in jobs}
    for r in range(rounds + 1):  # round 0 warms up and is dropped
        k = (r * 3) % len(jobs)
        for name, kind, job in jobs[k:] + jobs[:k]:
            us = job()
            if r:
                samples[name, kind].append(us)
    # Cold: one fresh process per sample, the contenders interleaved.
    for i in range(cold):
        for c in contenders:
            j = (i * 7919) % len(c.pairs)
            got = cold_sample(c.name, players, c.pairs[j][1], c.moves[j] + 1)
            samples.setdefault((c.name, "cold_load"), []).append(got["load"])
            samples.setdefault((c.name, "cold_save"), []).append(got["save"])
    out: dict[str, dict[str, float]] = {}
    kinds = ("copy", "save", "load", *(("cold_load", "cold_save") if cold else ()))
    for c in contenders:
        row: dict[str, float] = {f"us_{k}": statistics.median(samples[c.name, k]) for k in kinds}
        if peers and c.name != SPIEL:
            for k in kinds:
                ours, theirs = samples[c.name, k], samples[SPIEL, k]
                if k in ("copy", "save", "load"):  # interleaved: the median of per-round ratios
                    row[f"x_{k}"] = statistics.median(a / b for a, b in zip(ours, theirs, strict=True))
                else:  # separate processes: the ratio of the medians
                    row[f"x_{k}"] = row[f"us_{k}"] / statistics.median(theirs)
        if c.name != SPIEL:
            row["save_bytes"] = statistics.mean(len(after) for _, after in c.pairs)
        out[c.name] = row
    return out


def save_growth(players: int, games: int, seed: int) -> dict[str, dict[str, float]]:
    """Bytes a save grows per step (slope from deal to end)."""
    out: dict[str, dict[str, float]] = {}
    for g in GAMES_4P:
        info = game_info(g)
        kwargs = info.simulate_kwargs([f"P{i}" for i in range(players)])
        pick = random.Random(seed).randrange
        grow, longest = [], 0
        for i in range(games):
            state = info.new_game(players=players, seed=seed + i, **kwargs)
            first = len(state.to_json())
            while not state.is_over:
                legal = state.legal_actions()
                state.apply(legal[pick(len(legal))])
            text = state.to_json()
            grow.append((len(text) - first) / max(1, state.version))
            longest = max(longest, len(text))
        out[g] = {"bytes_per_step": statistics.mean(grow), "longest_save_bytes": longest}
    return out


# ---------------------------------------------------------------- output

def load_average() -> float | None:
    return os.getloadavg()[0] if hasattr(os, "getloadavg") else None


def machine() -> str:
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo") as f:
            cpu = next(line.split(":", 1)[1].strip() for line in f if line.startswith("model name"))
    except (OSError, StopIteration):
        pass
    return (f"{cpu}, {os.cpu_count()} cores, {platform.system()} {platform.release()}, "
            f"Python {platform.python_version()}")


def versions() -> str:
    from importlib.metadata import PackageNotFoundError, version

    parts = []
    for dist in ("tablegames", "rlcard", "open_spiel", "numpy"):
        try:
            parts.append(f"{dist} {version(dist)}")
        except PackageNotFoundError:
            parts.append(f"{dist} not installed")
    return ", ".join(parts)


def verdicts(result: dict[str, Any]) -> list[tuple[str, bool | None, str]]:
    """Each target: (what, met (None: not measured), the figure)."""
    out: list[tuple[str, bool | None, str]] = []
    steps, calls = result["steps"], result["calls"]
    for g in GAMES_4P:
        what = f"{GAMES[g].title} steps ≥ {STEP_TARGETS[g]}× UNO"
        ratio = steps[g].get("ratio")
        out.append((what, None if ratio is None else ratio >= STEP_TARGETS[g],
                    "not measured" if ratio is None else f"{ratio:.2f}×"))
    for g in GAMES_4P:
        what = (f"{GAMES[g].title} first load in a fresh process: no one-off setup over "
                f"{COLD_SETUP_LIMIT_MS:.0f} ms")
        c = calls[g]
        if "us_cold_load" not in c:
            out.append((what, None, "not measured"))
            continue
        setup = (c["us_cold_load"] - c["us_load"]) / 1000
        out.append((what, setup <= COLD_SETUP_LIMIT_MS,
                    f"cold {c['us_cold_load'] / 1000:.2f} ms, warm {c['us_load'] / 1000:.2f} ms"))
    return out


def _load(value: float | None) -> str:
    return "unknown" if value is None else f"{value:.1f}"


def markdown(result: dict[str, Any]) -> str:
    peers = result["peers"]
    load_end = result["load_end"]
    lines = [f"Measured {result['date']} on {result['machine']}, load average "
             f"{_load(result['load_start'])} at the start and {_load(load_end)} at the end "
             f"({result['versions']}), with `{result['command']}`.", ""]
    lines += ["| game (4 players, random play) | steps / CPU-s | × RLCard UNO | target | |",
              "|---|---:|---:|---:|---|"]
    steps = result["steps"]
    marks = {g: v for g, v in zip(GAMES_4P, verdicts(result)[:4], strict=True)}
    for g in GAMES_4P:
        ratio = f"{steps[g]['ratio']:.2f}×" if peers else "n/a"
        ok = marks[g][1]
        word = "met" if ok else "not measured" if ok is None else "**missed**"
        lines.append(f"| {GAMES[g].title} | {steps[g]['steps_per_cpu_s']:,.0f} | {ratio} | "
                     f"≥ {STEP_TARGETS[g]}× | {word} |")
    if peers:
        lines.append(f"| *RLCard 1.2 UNO, seeded once per run* | {steps[UNO]['steps_per_cpu_s']:,.0f} "
                     "| 1.00× | | |")
        lines.append(f"| *OpenSpiel 2.0 crazy_eights (C++)* | {steps[SPIEL]['steps_per_cpu_s']:,.0f} | "
                     f"{steps[SPIEL]['ratio']:.2f}× | | |")
    calls = result["calls"]
    cold = "us_cold_load" in calls[GAMES_4P[0]]

    def cell(c: dict[str, float], k: str) -> str:
        return f"{c[f'us_{k}']:,.1f}" if f"us_{k}" in c else "n/a"

    def x(c: dict[str, float], k: str) -> str:
        return f"{c[f'x_{k}']:.1f}×" if f"x_{k}" in c else ""

    def xx(c: dict[str, float], warm: str, cold: str) -> str:
        return f"{x(c, warm)} / {x(c, cold)}" if x(c, warm) and x(c, cold) else x(c, warm)

    lines += ["", "| game (4 players) | `copy` µs | × clone | `to_json` warm µs | cold µs | × serialize "
              "(warm / cold) | `from_json` warm µs | cold µs | × deserialize (warm / cold) | save bytes |",
              "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for g in GAMES_4P:
        c = calls[g]
        lines.append(f"| {GAMES[g].title} | {cell(c, 'copy')} | {x(c, 'copy')} | {cell(c, 'save')} | "
                     f"{cell(c, 'cold_save')} | {xx(c, 'save', 'cold_save')} | {cell(c, 'load')} | "
                     f"{cell(c, 'cold_load')} | {xx(c, 'load', 'cold_load')} | "
                     f"{c['save_bytes']:,.0f} |")
    if peers:
        c = calls[SPIEL]
        lines.append(f"| *OpenSpiel crazy_eights* | {cell(c, 'copy')} | | {cell(c, 'save')} | "
                     f"{cell(c, 'cold_save')} | | {cell(c, 'load')} | {cell(c, 'cold_load')} | | |")
    lines += ["", "`to_json` is a save made after one new action of a state saved before it; "
              "`from_json` the load of the save one action later, right after the previous save was "
              "loaded (warm: the same process; both as a room server does on every request). "
              + ("Cold: a fresh process per sample, after importing the library and the game, makes "
                 f"its first load of a save of a game in play and, after one new action, its first "
                 f"save (the median of {result['cold']} processes per contender). " if cold else
                 "Cold figures were not measured (`--cold 0`). ")
              + "Per-call figures have no targets; OpenSpiel's are C++ behind Python bindings."]
    lines += ["", "| game | save grows per step | longest save |", "|---|---:|---:|"]
    for g in GAMES_4P:
        s = result["saves"][g]
        lines.append(f"| {GAMES[g].title} | {s['bytes_per_step']:.1f} B | {s['longest_save_bytes']:,} B |")
    met = [f"{what} ({fig})" for what, yes, fig in verdicts(result) if yes]
    missed = [f"{what} ({fig})" for what, yes, fig in verdicts(result) if yes is False]
    unknown = [what for what, yes, _ in verdicts(result) if yes is None]
    lines += ["", "Targets met: " + ("; ".join(met) or "none") + ".",
              "", "Targets missed: " + ("; ".join(missed) or "none") + "."]
    if unknown:
        lines += ["", "Not measured: " + "; ".join(unknown) + "."]
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--rounds", type=int, default=7, help="interleaved rounds (default 7)")
    p.add_argument("--budget", type=float, default=0.6, help="CPU seconds per contender per round")
    p.add_argument("--states", type=int, default=200, help="sampled states per game for per-call costs")
    p.add_argument("--cold", type=int, default=9,
                   help="fresh processes per contender for the cold load and save (0: none; default 9)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--no-peers", action="store_true", help="measure ours only")
    p.add_argument("--json", action="store_true", help="print the raw numbers as JSON")
    args = p.parse_args(argv)
    peers = not args.no_peers
    if peers and not all(importlib.util.find_spec(m) for m in ("pyspiel", "rlcard", "numpy")):
        print("peers not installed (pip install -e '.[bench]'); measuring ours only", file=sys.stderr)
        peers = False
    result: dict[str, Any] = {
        "date": dt.datetime.now(dt.UTC).strftime("%Y-%m-%d %H:%M UTC"), "machine": machine(),
        "load_start": load_average(), "versions": versions(),
        "command": ("python benchmarks/peers.py " + " ".join(sys.argv[1:] if argv is None else argv)).strip(),
        "peers": peers, "cold": args.cold,
    }
    result["steps"] = measure_steps(args.players, args.rounds, args.budget, args.seed, peers)
    result["calls"] = measure_calls(args.players, args.rounds, args.states, args.cold, args.seed, peers)
    result["saves"] = save_growth(args.players, 20, args.seed)
    result["load_end"] = load_average()
    result["targets"] = [{"target": w, "met": ok, "measured": fig} for w, ok, fig in verdicts(result)]
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        print(markdown(result), end="")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
