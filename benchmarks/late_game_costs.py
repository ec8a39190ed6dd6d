"""What a researcher's or a bot's per-call paths cost early and late in a long game.

A search asks ``sample_world`` once per rollout and an RL loop asks an observation per
step: a path whose work grows with the whole game's history, rather than with the hand
or round in play, makes every decision of a long game dearer than the last. This script
plays one long seeded game per game (random bots; Phase 10 to ``--late`` actions), keeps
the state at an early and a late step, and times each path at both (median of repeats,
in milliseconds), with the ratio late/early. A ratio near 1 is bounded work; a ratio
that follows the step count is history-bound.

    python benchmarks/late_game_costs.py [--late 5000] [--repeat 20] [--games ...]

It times; it asserts nothing (tests never time: see ``tests/phase10/test_p10_hand_start.py``
for the Phase 10 hand's start, which this measured first).
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from typing import Any

from tablegames import GAMES
from tablegames.bots.handle import Handle
from tablegames.bots.registry import make
from tablegames.common.rng import Rng
from tablegames.simulation import make_bots

#: Each table measured: (game, players, rules).
TABLES: dict[str, tuple[str, int, Any]] = {
    "toepen": ("toepen", 4, None),
    "phase10": ("phase10", 4, None),
    "phase10-lay-when-able": ("phase10", 4, {"lay_when_able": True}),
    "shithead": ("shithead", 4, None),
    "dallah": ("dallah", 4, None),
}


def _ms(fn: Callable[[], Any], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times) * 1000


def _long_game(table: str, early: int, late: int) -> tuple[Any, Any]:
    """The first state at or after step ``early``, and the last before step ``late`` (or
    the game's end), of one seeded game of random bots, each a decision with more than
    one legal action (a forced move is no search)."""
    game, players, rules = TABLES[table]
    info = GAMES[game]
    state = info.new_game(players=players, seed=1, rules=rules)
    bots = make_bots(info, "random", state.n, 1)
    first = last = None
    while not state.is_over and len(state.history) < late:
        if len(state.legal_actions()) > 1:
            if first is None and len(state.history) >= early:
                first = state.copy()
            last = state.copy()
        state.apply(bots[state.to_act].choose(state))
    assert first is not None and last is not None
    return first, last


def _paths(table: str, state: Any, repeat: int) -> dict[str, float]:
    game = TABLES[table][0]
    seat = state.to_act
    handle = Handle(state, seat)
    out = {
        "legal_actions": _ms(state.legal_actions, repeat),
        "view(seat)": _ms(lambda: state.view(seat), repeat),
        "sample_world": _ms(lambda: state.sample_world(seat, Rng(7)), repeat),
        "Handle(state, seat)": _ms(lambda: Handle(state, seat), repeat),
        "Handle.sample_world": _ms(lambda: handle.sample_world(Rng(7)), repeat),
    }
    for name in GAMES[game].bots:
        if name in ("random", "ismcts"):
            continue
        bot = make(name, game, seed=3)
        out[f"bot {name}.choose"] = _ms(lambda b=bot: b.choose(Handle(state, seat)), repeat)
    ismcts = make("ismcts", game, seed=3, budget=40)
    out["ismcts(40).choose"] = _ms(lambda: ismcts.choose(Handle(state, seat)), max(3, repeat // 4))
    if game == "phase10":
        from tablegames.phase10.infer import belief
        out["phase10 belief"] = _ms(lambda: belief(state, seat), repeat)
    return out


def _openspiel(table: str, early: int, late: int, repeat: int,
               ) -> dict[str, tuple[float, float]]:
    """The OpenSpiel adapter's information states, observation and resampling, in a game
    of uniformly random action ids (chance outcomes and spelled decisions count as
    steps): each asked once a step over ``repeat`` steps from ``early`` and from
    ``late`` (as an RL loop asks), and ``resample_from_infostate`` ``repeat`` times at
    the first of them (as a search asks), medians."""
    import numpy as np

    from tablegames.adapters.openspiel import load_game

    game, players, rules = TABLES[table]
    g = load_game(game, players=players, rules=rules, seed=1)
    calls: dict[str, Callable[[Any, int], Any]] = {
        "os information_state_string": lambda s, p: s.information_state_string(p),
        "os information_state_tensor": lambda s, p: s.information_state_tensor(p),
        "os observation_tensor": lambda s, p: s.observation_tensor(p),
        "os legal_actions": lambda s, p: s.legal_actions(p),
    }
    times: dict[tuple[str, int], list[float]] = {}
    windows: tuple[int, ...] = ()
    for measuring in (False, True):  # the first pass finds how long the game runs
        rng = np.random.default_rng(1)
        state = g.new_initial_state()
        steps = 0
        while not state.is_terminal() and steps < late + repeat:
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(int(rng.choice(outcomes, p=probs)))
                continue
            window = next((w for w in windows if w <= steps < w + repeat), None)
            if measuring and window is not None:
                p = state.current_player()
                for name, call in calls.items():
                    t = time.perf_counter()
                    call(state, p)
                    times.setdefault((name, window), []).append(time.perf_counter() - t)
                if steps == window:
                    root = state.clone()
                    times[("os resample_from_infostate", window)] = [
                        _ms(lambda r=root, p=p, k=k: r.resample_from_infostate(
                            p, lambda: k / repeat), 1) / 1000 for k in range(repeat)]
            state.apply_action(int(rng.choice(state.legal_actions())))
            steps += 1
        windows = (early, max(early + repeat, min(late, steps - repeat - 1)))
    out: dict[str, tuple[float, float]] = {}
    for name in (*calls, "os resample_from_infostate"):
        got = [statistics.median(times[name, w]) * 1000 for w in windows]
        out[name] = (got[0], got[1])
    print(f"  (OpenSpiel: one game of random ids, decisions {windows[0]} and {windows[1]} on)")
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--early", type=int, default=10)
    parser.add_argument("--late", type=int, default=5000)
    parser.add_argument("--repeat", type=int, default=20)
    parser.add_argument("--tables", nargs="*", default=list(TABLES))
    parser.add_argument("--no-openspiel", action="store_true")
    args = parser.parse_args()
    for table in args.tables:
        first, last = _long_game(table, args.early, args.late)
        a = _paths(table, first, args.repeat)
        b = _paths(table, last, args.repeat)
        hand = f" (its hand {last.plays} actions)" if TABLES[table][0] == "phase10" else ""
        print(f"## {table}: step {len(first.history)} and step {len(last.history)}{hand}")
        for key in a:
            print(f"  {key:32s} {a[key]:9.3f} ms {b[key]:9.3f} ms  x{b[key] / max(a[key], 1e-6):6.1f}")
        if not args.no_openspiel:
            for key, (x, y) in _openspiel(table, args.early, args.late, args.repeat).items():
                print(f"  {key:32s} {x:9.3f} ms {y:9.3f} ms  x{y / max(x, 1e-6):6.1f}")

if __name__ == "__main__":
    main()
