"""Our four games against the peers, measured in the same run: one command, one markdown table.

    pip install -e ".[bench]"
    PYTHONPATH=. python benchmarks/peers.py            # about two minutes on 2 cores
    PYTHONPATH=. python benchmarks/peers.py --rounds 3 --budget 0.2 --json

Why this shape:

* **Ratios, not absolute numbers.** Steps per second depend on the machine and on what
  else it runs; the ratio to a well-known engine measured in the same minute does not
  (much). RLCard 1.2's UNO game layer is the peer for whole-game speed (a Python engine
  of a shedding game, like ours), OpenSpiel 2.0's ``crazy_eights`` (C++) for ``copy``,
  ``to_json`` and ``from_json`` against ``clone``, ``serialize`` and ``deserialize_state``.
* **CPU seconds** (:func:`time.process_time`), so other processes on a shared machine
  cost us little; and **interleaved rounds** (every contender once per round, in a
  rotated order), so a slow minute hurts all contenders alike. Each ratio is the median
  of the per-round ratios.
* **A step** is what a bot loop does each move: ``legal_actions()`` of the seat to act,
  a uniform pick (one shared :class:`random.Random` for every engine) and a validated
  ``apply()`` (``get_legal_actions()`` and ``step()`` for UNO). Deals are included, as a
  bot harness pays for them too.

* **Saves measured as a server makes them.** ``to_json`` is timed on states saved
  before (each state is saved in every round; only round 0, which warms up, is dropped),
  so a save encodes only the steps since the last one; the first save of a state whose
  history was never encoded (played, never saved; a copy shares its original's
  encoding) is printed beside it.
* **Loads measured as a server makes them.** ``from_json`` is timed on a room's next
  save (one random action later) right after its last one was loaded, itself loaded
  after the one before it: a server that keeps no game in memory loads the room's save
  on every request, and ``from_json`` replays the steps added since the last save of
  that setup it loaded (OpenSpiel's ``deserialize_state`` replays a whole history). The
  load after a room's first one, and the first load (nothing of the room remembered),
  are printed beside it. Each of these loads is timed on its own; OpenSpiel's
  ``deserialize_state`` in one loop.

Also printed: Phase 10's first (cold-cache) ``legal_actions()`` on hard hands, and how
many bytes each game's save grows per step. Tests never time anything; these numbers go
in the README.
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
import sys
import time
from collections.abc import Callable, Iterator
from typing import Any

from tablegames.common.registry import GAMES, game_info

GAMES_4P = ("toepen", "phase10", "shithead", "dallah")
#: Targets of issue 12 (ratio of our steps/CPU-s to UNO's; per-call multiples of OpenSpiel).
STEP_TARGETS = {"toepen": 1.6, "shithead": 0.85, "dallah": 0.85, "phase10": 0.9}
CALL_TARGETS = {"copy": 3.0, "to_json": 10.0, "from_json": 15.0}
UNO = "RLCard UNO"


# ---------------------------------------------------------------- playout streams

class Stream:
    """An endless random playout: ``run(budget)`` plays steps until ``budget`` CPU seconds."""

    name: str

    def __init__(self, seed: int) -> None:
        self.pick = random.Random(seed)
        self.game = 0

    def steps(self) -> Iterator[None]:
        raise NotImplementedError

    def run(self, budget: float) -> tuple[int, float]:
        """Steps done and CPU seconds used (checked every 64 steps: the clock costs too)."""
        it = getattr(self, "_it", None)
        if it is None:
            it = self._it = self.steps()
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
    name = UNO

    def __init__(self, players: int, seed: int) -> None:
        super().__init__(seed)
        import numpy as np
        from rlcard.games.uno.game import UnoGame  # type: ignore[import-untyped]

        self.np = np
        self.uno = UnoGame(num_players=players)

    def steps(self) -> Iterator[None]:
        pick = self.pick.randrange
        game = self.uno
        while True:
            game.np_random = self.np.random.RandomState(self.game)
            self.game += 1
            game.init_game()
            limit = 20_000  # UNO has no hard end; a stuck deal must not stall the benchmark
            while not game.is_over() and limit:
                legal = game.get_legal_actions()
                game.step(legal[pick(len(legal))])
                limit -= 1
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
    """The same for OpenSpiel's crazy_eights (chance nodes sampled from their outcomes)."""
    import pyspiel  # type: ignore[import-not-found]

    game = pyspiel.load_game("crazy_eights", {"players": players})
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


def first_save(state: Any) -> str:
    """``to_json`` of a state that was never saved: its remembered history and setup
    texts are dropped first (a state only played, never saved, pays this once)."""
    state.__dict__.pop("_hcode", None)
    state.__dict__.pop("_setup_text", None)
    return str(state.to_json())


def per_call(items: list[Any], fn: Callable[[Any], object]) -> float:
    """Mean CPU microseconds of ``fn`` over ``items``."""
    start = time.process_time()
    for x in items:
        fn(x)
    return (time.process_time() - start) / len(items) * 1e6


def next_saves(states: list[Any], seed: int) -> list[tuple[str, str, str]]:
    """For each state, its save and the saves one and two random actions later: what a
    server that keeps no game in memory loads on three successive requests of one room
    (a state whose game ends after one action is left out)."""
    pick = random.Random(seed)
    rows = []
    for s in states:
        texts = [s.to_json()]
        after = s.copy()
        while len(texts) < 3 and not after.is_over:
            legal = after.legal_actions()
            after.apply(legal[pick.randrange(len(legal))])
            texts.append(after.to_json())
        if len(texts) == 3:
            rows.append((texts[0], texts[1], texts[2]))
    return rows


def per_load(rows: list[tuple[str, str, str]], load: Callable[[str], object], before: int,
             ) -> float:
    """Mean CPU microseconds of loading each row's last save right after the ``before``
    saves that precede it (``0``: a room none of whose saves was loaded before, a server's
    first request for it; ``1``: the request after that one; ``2``: a room in play). Only
    that load is timed, each on its own: the timer's cost counts against us."""
    clock = time.process_time
    used = 0.0
    for row in rows:
        for text in row[-1 - before:-1]:
            load(text)
        start = clock()
        load(row[-1])
        used += clock() - start
    return used / len(rows) * 1e6


# ---------------------------------------------------------------- the measurements

def measure_steps(players: int, rounds: int, budget: float, seed: int, peers: bool,
                  ) -> dict[str, dict[str, Any]]:
    streams: list[Stream] = [Ours(g, players, seed) for g in GAMES_4P]
    if peers:
        streams.append(RLCardUno(players, seed))
    per_round: dict[str, list[float]] = {s.name: [] for s in streams}
    totals = {s.name: [0, 0.0] for s in streams}
    for s in streams:  # warm up: imports, caches, first deals
        s.run(budget / 4)
    for r in range(rounds):
        k = r % len(streams)
        for s in streams[k:] + streams[:k]:
            n, used = s.run(budget)
            per_round[s.name].append(n / used)
            totals[s.name][0] += n
            totals[s.name][1] += used
    out: dict[str, dict[str, Any]] = {}
    for s in streams:
        rates = per_round[s.name]
        row: dict[str, Any] = {"steps_per_cpu_s": statistics.median(rates), "games": s.game}
        if peers and s.name != UNO:
            row["ratio"] = statistics.median(a / b for a, b in zip(rates, per_round[UNO], strict=True))
        out[s.name] = row
    return out


def measure_calls(players: int, rounds: int, count: int, seed: int, peers: bool,
                  ) -> dict[str, dict[str, float]]:
    states = {g: our_states(g, players, count, seed) for g in GAMES_4P}
    rows = {g: next_saves(states[g], seed) for g in GAMES_4P}
    loaders = {g: game_info(g).from_json for g in GAMES_4P}
    jobs: dict[tuple[str, str], Callable[[], float]] = {}
    for g in GAMES_4P:
        jobs[g, "copy"] = lambda g=g: per_call(states[g], lambda s: s.copy())  # type: ignore[misc]
        jobs[g, "to_json"] = lambda g=g: per_call(states[g], lambda s: s.to_json())  # type: ignore[misc]
        jobs[g, "from_json"] = lambda g=g: per_load(rows[g], loaders[g], 2)  # type: ignore[misc]
        jobs[g, "first_save"] = lambda g=g: per_call(states[g], first_save)  # type: ignore[misc]
        jobs[g, "second_load"] = lambda g=g: per_load(rows[g], loaders[g], 1)  # type: ignore[misc]
        jobs[g, "first_load"] = lambda g=g: per_load(rows[g], loaders[g], 0)  # type: ignore[misc]
    if peers:
        game, spiel = spiel_states(players, count, seed)
        stexts = [s.serialize() for s in spiel]
        jobs["crazy_eights", "copy"] = lambda: per_call(spiel, lambda s: s.clone())
        jobs["crazy_eights", "to_json"] = lambda: per_call(spiel, lambda s: s.serialize())
        jobs["crazy_eights", "from_json"] = lambda: per_call(stexts, game.deserialize_state)
        jobs["crazy_eights", "first_save"] = jobs["crazy_eights", "to_json"]
        jobs["crazy_eights", "first_load"] = jobs["crazy_eights", "from_json"]
        jobs["crazy_eights", "second_load"] = jobs["crazy_eights", "from_json"]
    samples: dict[tuple[str, str], list[float]] = {k: [] for k in jobs}
    keys = list(jobs)
    for r in range(rounds + 1):  # round 0 warms up and is dropped
        k = (r * 3) % len(keys)
        for key in keys[k:] + keys[:k]:
            us = jobs[key]()
            if r:
                samples[key].append(us)
    out: dict[str, dict[str, float]] = {}
    for g in [*GAMES_4P, *(["crazy_eights"] if peers else [])]:
        row: dict[str, float] = {}
        for call in (*CALL_TARGETS, "first_save", "second_load", "first_load"):
            row[f"us_{call}"] = statistics.median(samples[g, call])
            if peers and g != "crazy_eights":
                row[f"x_{call}"] = statistics.median(
                    a / b for a, b in zip(samples[g, call], samples["crazy_eights", call], strict=True))
        if g != "crazy_eights":
            row["save_bytes"] = statistics.mean(len(r[-1]) for r in rows[g])
        out[g] = row
    return out


def save_growth(players: int, games: int, seed: int) -> dict[str, dict[str, float]]:
    """Bytes a save grows per step (slope from deal to end) and the cost of a final save."""
    out: dict[str, dict[str, float]] = {}
    for g in GAMES_4P:
        info = game_info(g)
        kwargs = info.simulate_kwargs([f"P{i}" for i in range(players)])
        pick = random.Random(seed).randrange
        grow, longest, us_save = [], 0, 0.0
        for i in range(games):
            state = info.new_game(players=players, seed=seed + i, **kwargs)
            first = len(state.to_json())
            while not state.is_over:
                legal = state.legal_actions()
                state.apply(legal[pick(len(legal))])
            text = state.to_json()
            grow.append((len(text) - first) / max(1, state.version))
            if len(text) > longest:
                longest = len(text)
                us_save = per_call([state] * 20, lambda s: s.to_json())
        out[g] = {"bytes_per_step": statistics.mean(grow), "longest_save_bytes": longest,
                  "us_save_longest": us_save}
    return out


def phase10_hard_hands(repeat: int) -> list[dict[str, Any]]:
    """First (cold) legal_actions() in the play step of hard 11-card hands, per phase."""
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    from bench_phase10 import enumeration  # the hands and the cold/warm method live there

    return enumeration(repeat)


# ---------------------------------------------------------------- output

def machine() -> str:
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo") as f:
            cpu = next(line.split(":", 1)[1].strip() for line in f if line.startswith("model name"))
    except (OSError, StopIteration):
        pass
    load = f", load average {os.getloadavg()[0]:.1f} at start" if hasattr(os, "getloadavg") else ""
    return (f"{cpu}, {os.cpu_count()} cores, {platform.system()} {platform.release()}, "
            f"Python {platform.python_version()}{load}")


def versions() -> str:
    from importlib.metadata import PackageNotFoundError, version

    parts = []
    for dist in ("tablegames", "rlcard", "open_spiel", "numpy"):
        try:
            parts.append(f"{dist} {version(dist)}")
        except PackageNotFoundError:
            parts.append(f"{dist} not installed")
    return ", ".join(parts)


def markdown(result: dict[str, Any]) -> str:
    peers = result["peers"]
    lines = [f"Measured {result['date']} on {result['machine']} ({result['versions']}) with "
             f"`{result['command']}`.", ""]
    lines += ["| game (4 players) | steps / CPU-s | × RLCard UNO | target |", "|---|---:|---:|---:|"]
    steps = result["steps"]
    for g in GAMES_4P:
        ratio = f"{steps[g]['ratio']:.2f}×" if peers else "n/a"
        lines.append(f"| {GAMES[g].title} | {steps[g]['steps_per_cpu_s']:,.0f} | {ratio} | "
                     f"≥ {STEP_TARGETS[g]}× |")
    if peers:
        lines.append(f"| *RLCard 1.2 UNO* | {steps[UNO]['steps_per_cpu_s']:,.0f} | 1.00× | |")
    lines += ["", "| game (4 players) | copy µs | × clone | to_json µs | × serialize | from_json µs "
              "| × deserialize | save bytes |", "|---|---:|---:|---:|---:|---:|---:|---:|"]
    calls = result["calls"]
    for g in GAMES_4P:
        c = calls[g]
        cells = []
        for call in CALL_TARGETS:
            x = f"{c[f'x_{call}']:.1f}×" if peers else "n/a"
            cells += [f"{c[f'us_{call}']:.1f}", x]
        lines.append(f"| {GAMES[g].title} | " + " | ".join(cells) + f" | {c['save_bytes']:,.0f} |")
    if peers:
        c = calls["crazy_eights"]
        lines.append(f"| *OpenSpiel 2.0 crazy_eights* | {c['us_copy']:.1f} | | {c['us_to_json']:.1f} | | "
                     f"{c['us_from_json']:.1f} | | |")
    lines.append(f"| target | | ≤ {CALL_TARGETS['copy']:.0f}× | | ≤ {CALL_TARGETS['to_json']:.0f}× | "
                 f"| ≤ {CALL_TARGETS['from_json']:.0f}× | |")
    def each(call: str) -> str:
        return ", ".join(f"{GAMES[g].title} {calls[g][f'us_{call}']:.1f} µs"
                         + (f" ({calls[g][f'x_{call}']:.1f}×)" if peers else "") for g in GAMES_4P)

    lines += ["", "`to_json` above is a save of a state saved before (a server saves after every "
              "action: only the new steps are encoded); the first save of a state never saved "
              f"(a copy or a load shares or keeps the encoding) encodes its whole history: "
              f"{each('first_save')}."]
    lines += ["", "`from_json` above loads the next save of a room in play, right after its last "
              "one (a server that keeps no game in memory does it on every request: the new steps "
              "are replayed on the state the last save loaded to, and the result must save to the "
              "very text); the load after a room's first one, whose state was never saved, writes "
              f"its whole state to compare: {each('second_load')}; the first load of a room reads "
              f"and checks it all: {each('first_load')}."]
    lines += ["", "| game | save grows per step | longest save | to_json of it |", "|---|---:|---:|---:|"]
    for g in GAMES_4P:
        s = result["saves"][g]
        lines.append(f"| {GAMES[g].title} | {s['bytes_per_step']:.1f} B | {s['longest_save_bytes']:,} B | "
                     f"{s['us_save_longest'] / 1000:.2f} ms |")
    hands = result["phase10_hands"]
    worst = max(hands, key=lambda h: h["us_cold"])
    lines += ["", "Phase 10, first `legal_actions()` in the play step (cold caches; target ≤ 1 ms): "
              + ", ".join(f"phase {h['phase']} {h['us_cold'] / 1000:.2f} ms" for h in hands)
              + f"; worst phase {worst['phase']} `{worst['hand']}`."]
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--rounds", type=int, default=7, help="interleaved rounds (default 7)")
    p.add_argument("--budget", type=float, default=0.6, help="CPU seconds per contender per round")
    p.add_argument("--states", type=int, default=200, help="sampled states per game for per-call costs")
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
        "versions": versions(), "command": "python benchmarks/peers.py " + " ".join(sys.argv[1:] if argv
                                                                                  is None else argv),
        "peers": peers,
    }
    result["command"] = result["command"].strip()
    result["steps"] = measure_steps(args.players, args.rounds, args.budget, args.seed, peers)
    result["calls"] = measure_calls(args.players, args.rounds, args.states, args.seed, peers)
    result["saves"] = save_growth(args.players, 20, args.seed)
    result["phase10_hands"] = phase10_hard_hands(100)
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        print(markdown(result), end="")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
