"""``EngineBot`` makes the arena's move: one way to ask a bot, in pyspiel as in the arena.

An EngineBot used to ask a plain policy on a world of its own (``sample_world`` with a
fixed generator, the world's event buffers kept) with the policy's own generator, so a
seeded club, smart or model bot played other moves in OpenSpiel than the same bot with
the same seed in the arena, and Dallah's ``random`` policy was refused under the
default ``table="model"`` (it claimed late falls, DAL-23). Now every question goes
through the seat's ``Handle`` to the bot ``bots.make`` would make, and each answer is
checked here against :func:`tablegames.bots.next_action` on the same position: the
harness the arena and ``play_game`` use.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

import tablegames
from tablegames import bots
from tablegames.adapters.openspiel import EngineBot, load_game
from tablegames.bots import PolicyBot, SeatedPolicy, hints_for, next_action
from tablegames.common.errors import IllegalAction, SetupError
from tests.adapters.helpers import SHITHEAD_INTERRUPTS, random_step

#: A game's lineup: (name, how the EngineBot is made) per seat. ``plain``: the registry
#: entry's policy with ``seed=`` (compared with ``PolicyBot``, as ``bots.make`` wraps a
#: game's own bots); ``make``: ``EngineBot.make``; ``seated``: a ``SeatedPolicy`` of a
#: small search.
LINEUPS: dict[str, tuple[int, Any, list[tuple[str, str]]]] = {
    "toepen": (3, {"limit": 3}, [("club", "plain"), ("random", "make"), ("ismcts", "seated")]),
    "phase10": (3, {"phases": ["set2+run3"], "hand_size": 6},
                [("smart", "plain"), ("random", "make"), ("eager", "plain")]),
    "shithead": (3, SHITHEAD_INTERRUPTS,
                 [("smart", "plain"), ("random", "make"), ("ismcts", "seated")]),
    "dallah": (3, None, [("model", "plain"), ("random", "plain"), ("ismcts", "seated")]),
}
#: Search budget of the seated ``ismcts`` bots: these test who answers, not strength.
BUDGET = 3


def _pair(game: str, name: str, how: str, seed: int) -> tuple[EngineBot, Any]:
    """The EngineBot and the arena's bot for one seat."""
    if how == "plain":
        factory = tablegames.GAMES[game].bots[name]
        return EngineBot(factory(seed), seed=seed), PolicyBot(name, factory(seed), seed)
    if how == "make":
        return EngineBot.make(name, game, seed), bots.make(name, game, seed=seed)
    return (EngineBot(SeatedPolicy(bots.make(name, game, seed=seed, budget=BUDGET))),
            bots.make(name, game, seed=seed, budget=BUDGET))


@pytest.mark.parametrize("game", sorted(LINEUPS))
def test_every_answer_is_the_arena_bots_answer(game: str) -> None:
    players, rules, lineup = LINEUPS[game]
    pyspiel_game = load_game(game, players=players, rules=rules)
    pairs = [_pair(game, name, how, 100 + s) for s, (name, how) in enumerate(lineup)]
    engine_bots = [p[0] for p in pairs]
    arena_bots = [p[1] for p in pairs]
    make_table = hints_for(game).table
    table = make_table(5) if make_table is not None else None
    rng = np.random.default_rng(7)
    asked = passed = games = 0
    while asked < 150 and games < 8:
        games += 1
        state = pyspiel_game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                random_step(state, rng)
                continue
            session = state.session
            seat = state.current_player()
            ident = engine_bots[seat].step(state)
            if not session.prefix:  # a new question (a spelling's later ids are its plan's)
                asked += 1
                expected = next_action(session.state, arena_bots, table)
                assert expected is not None
                plan = engine_bots[seat]._plan
                if plan:  # the bot took an action: the arena's seat takes the same one
                    assert expected[0] == seat and session.codec.spell(expected[1]) == plan, (
                        f"{game}: question {asked}: {expected} against {plan}")
                else:  # it passed (a poll) or let the table report (Dallah)
                    passed += 1
                    assert expected[0] != seat or (
                        table is not None and table.is_report(expected[1]))
            state.apply_action(ident)
    assert asked >= 100 and (passed > 0 or game == "phase10")  # Phase 10 has no polls


def test_dallahs_random_policy_plays_a_whole_game_under_the_modelled_table() -> None:
    """DAL-23: the game's ``random`` policy claimed late falls, which ``table="model"``
    leaves to the table: refused (``illegal_bot_answer``) at the first late window."""
    game = load_game("dallah", players=3)
    players = [EngineBot(tablegames.GAMES["dallah"].bots["random"](s), seed=s) for s in range(3)]
    state = game.new_initial_state()
    rng = np.random.default_rng(1)
    while not state.is_terminal():
        if state.is_chance_node():
            random_step(state, rng)
        else:
            state.apply_action(players[state.current_player()].step(state))
    assert sorted(state.returns())[0] < 0


def test_engine_bot_takes_a_policy_or_a_seated_bot_and_a_seed() -> None:
    with pytest.raises(SetupError, match="seed is an int or a string, not bool"):
        EngineBot(tablegames.GAMES["toepen"].bots["club"](1), seed=True)
    with pytest.raises(SetupError, match="a policy with choose"):
        EngineBot(object())
    with pytest.raises(SetupError, match="toepen has no bot 'genius'"):
        EngineBot.make("genius", "toepen")
    game = load_game("toepen", players=2, rules={"limit": 2})
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])

    class Stubborn:
        def choose(self, state: Any) -> Any:
            return "0:keep"  # a string, not the action

    before = state.serialize()
    with pytest.raises(IllegalAction) as err:
        EngineBot(Stubborn()).step(state)
    assert err.value.code == "illegal_bot_answer" and state.serialize() == before


class _Swapper(bots.RandomBot):
    """Asked while the others swap, takes the first swap it is offered, once."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.offered: list[list[str]] = []
        self.took: list[Any] = []

    def interrupt(self, handle: Any) -> Any:
        legal = handle.legal_actions()
        self.offered.append([str(a) for a in legal])
        swaps = [a for a in legal if type(a).__name__ == "Swap"]
        if swaps and not self.took:
            self.took.append(swaps[0])
            return swaps[0]
        return None


def test_a_polled_seat_is_offered_its_spelled_actions_too() -> None:
    """Shithead's simultaneous swap: a seat polled while another swaps may swap itself
    (several ids), as the harness offers it every legal action; the Gymnasium opponents
    and the EngineBot were offered only the one-id answers (``ready``)."""
    from tablegames.adapters.gymnasium import env as gym_env

    swappers = [_Swapper(1), _Swapper(2)]
    gym = gym_env("shithead", opponents=swappers, rules=SHITHEAD_INTERRUPTS)
    gym.reset(seed=0)
    for bot in swappers:
        assert any(":swap " in a for a in bot.offered[0]) and len(bot.took) == 1
    assert all(b.took[0] in gym._live().state.history for b in swappers)

    game = load_game("shithead", players=3, rules=SHITHEAD_INTERRUPTS)
    state = game.new_initial_state()
    rng = np.random.default_rng(0)
    while state.is_chance_node():
        random_step(state, rng)
    assert state.session.polling
    spy = _Swapper(3)
    player = EngineBot(SeatedPolicy(spy))
    seat = state.current_player()
    while state.current_player() == seat:  # its swap, spelled id by id
        state.apply_action(player.step(state))
    assert any(":swap " in a for a in spy.offered[0]) and spy.took[0] in state.session.state.history
