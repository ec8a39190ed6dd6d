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

PLAYERS = {"toepen": 4, "phase10": 4, "shithead": 4, "dallah": 4}


def _ms(fn: Callable[[], Any], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times) * 1000


def _long_game(game: str, early: int, late: int) -> tuple[Any, Any]:
    """The states at step ``early`` and at step ``late`` (or the last step before the
    game's end) of one seeded game of random bots."""
    info = GAMES[game]
    state = info.new_game(players=PLAYERS[game], seed=1)
    bots = make_bots(info, "random", state.n, 1)
    first = None
    last = state.copy()
    while not state.is_over and len(state.history) < late:
        if len(state.history) == early:
            first = state.copy()
        last = state.copy()
        state.apply(bots[state.to_act].choose(state))
    if not state.is_over:
        last = state.copy()
    assert first is not None
    return first, last


def _paths(game: str, state: Any, repeat: int) -> dict[str, float]:
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


def _openspiel(game: str, early: int, late: int, repeat: int) -> dict[str, tuple[float, float]]:
    """The OpenSpiel adapter's information states, observation and resampling, at the
    same two steps of a game of uniformly random action ids."""
    import numpy as np

    from tablegames.adapters.openspiel import load_game

    g = load_game(game, players=PLAYERS[game], seed=1)
    rng = np.random.default_rng(1)
    state = g.new_initial_state()
    marks: dict[int, Any] = {}
    steps = 0
    while not state.is_terminal() and steps <= late:
        if steps in (early, late):
            marks[steps] = state.clone()
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probs)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
        steps += 1
    if late not in marks:
        marks[late] = state
    out: dict[str, tuple[float, float]] = {}
    for name, call in {
        "os information_state_string": lambda s, p: s.information_state_string(p),
        "os information_state_tensor": lambda s, p: s.information_state_tensor(p),
        "os observation_tensor": lambda s, p: s.observation_tensor(p),
        "os legal_actions": lambda s, p: s.legal_actions(p),
        "os resample_from_infostate": lambda s, p: s.resample_from_infostate(p, lambda: 0.5),
    }.items():
        pair = []
        for step in (early, late):
            s = marks[step]
            p = max(0, s.current_player())
            pair.append(_ms(lambda s=s, p=p, call=call: call(s, p), repeat))
        out[name] = (pair[0], pair[1])
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--early", type=int, default=10)
    parser.add_argument("--late", type=int, default=5000)
    parser.add_argument("--repeat", type=int, default=20)
    parser.add_argument("--games", nargs="*", default=list(PLAYERS))
    parser.add_argument("--no-openspiel", action="store_true")
    args = parser.parse_args()
    for game in args.games:
        first, last = _long_game(game, args.early, args.late)
        a = _paths(game, first, args.repeat)
        b = _paths(game, last, args.repeat)
        print(f"## {game}: step {len(first.history)} and step {len(last.history)}")
        for key in a:
            print(f"  {key:32s} {a[key]:9.3f} ms {b[key]:9.3f} ms  x{b[key] / max(a[key], 1e-6):6.1f}")
        if not args.no_openspiel:
            for key, (x, y) in _openspiel(game, args.early, len(last.history), args.repeat).items():
                print(f"  {key:32s} {x:9.3f} ms {y:9.3f} ms  x{y / max(x, 1e-6):6.1f}")


if __name__ == "__main__":
    main()
