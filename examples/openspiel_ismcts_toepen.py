"""OpenSpiel's own ISMCTS bot against a tablegames bot at Toepen.

    python examples/openspiel_ismcts_toepen.py --games 10 --players 3 --simulations 200

Seat 0 is OpenSpiel's Python ISMCTS (``open_spiel.python.algorithms.ismcts``) with random
rollouts, searching over worlds from ``resample_from_infostate`` (the engine's
``sample_world``) and keyed by perfect-recall information states (it used to key them by
observation strings, which merge positions of different histories). The other seats are a
tablegames bot from ``GAMES["toepen"].bots`` (``--ours club``, the rules-of-thumb
player, by default; ``--ours random`` for a baseline), driven through
:class:`tablegames.adapters.openspiel.EngineBot` (``EngineBot.make``: the very bot the
arena makes by that name and seed, asked through its seat's handle, whether to knock out
of turn too, and so making the arena's moves). The seat
ISMCTS plays rotates from game to game, so no seat advantage favours either side.

Prints each game's returns and, at the end, ISMCTS's mean return (zero-sum: above 0
means it did better than its share) and how often it lost.
"""

from __future__ import annotations

import argparse
import time
from typing import Any

import numpy as np
from open_spiel.python.algorithms import ismcts, mcts

import tablegames
from tablegames.adapters.openspiel import EngineBot, load_game
from tablegames.bots.harness import bot_seed, hash_seed


def play(args: argparse.Namespace) -> dict[str, Any]:
    """Play the games; returns ISMCTS's mean return, loss rate and timings."""
    game = load_game("toepen", players=args.players, rules={"limit": args.limit},
                     seed=args.seed)
    rng = np.random.RandomState(args.seed)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    searcher = ismcts.ISMCTSBot(
        game, evaluator, uct_c=2.0, max_simulations=args.simulations, random_state=rng,
        use_observation_string=False)
    results, losses, decisions, thinking = [], 0, 0, 0.0
    for g in range(args.games):
        # each seat's seed a one-way hash of the run's (args.seed deals every card, from
        # rng), one per game derived from it: no bot can read the deal from its seed
        ours = [EngineBot.make(args.ours, "toepen",
                               seed=hash_seed(bot_seed(args.seed, s), f"game {g}"))
                for s in range(args.players)]
        seat = g % args.players
        state = game.new_initial_state()
        while not state.is_terminal():
            player = state.current_player()
            if state.is_chance_node():  # a card dealt or drawn: sampled, as OpenSpiel does
                outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                action = int(rng.choice(outcomes, p=probs))
            elif player == seat:
                start = time.perf_counter()
                action = searcher.step(state)
                thinking += time.perf_counter() - start
                decisions += 1
            else:
                action = ours[player].step(state)
            state.apply_action(action)
        returns = state.returns()
        results.append(returns[seat])
        losses += returns[seat] < 0
        if args.verbose:
            print(f"game {g + 1}: ISMCTS in seat {seat}, returns {[round(r, 2) for r in returns]}")
    return {"games": args.games, "mean_return": float(np.mean(results)),
            "loss_rate": losses / args.games,
            "seconds_per_decision": thinking / max(decisions, 1)}


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--limit", type=int, default=5, help="Toepen's life limit")
    parser.add_argument("--simulations", type=int, default=200)
    parser.add_argument("--ours", default="club", choices=sorted(tablegames.GAMES["toepen"].bots))
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--quiet", dest="verbose", action="store_false")
    args = parser.parse_args(argv)
    summary = play(args)
    print(f"ISMCTS ({args.simulations} simulations) against {args.ours} over "
          f"{summary['games']} games: mean return {summary['mean_return']:+.3f}, "
          f"lost {summary['loss_rate']:.0%}, {summary['seconds_per_decision'] * 1000:.0f} ms "
          "per decision")
    return summary


if __name__ == "__main__":
    main()
