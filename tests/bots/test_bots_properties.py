"""Properties every bot must have, for every game: legal moves only, no peeking, replays.

* **Legal**: the harness checks every answer against the seat's legal actions (and raises
  ``IllegalAction`` otherwise), so whole games played to the end prove it.
* **No peeking**: a bot given two states its seat cannot tell apart (the real state and a
  world sampled for that seat, whose other hands are dealt anew) answers the same with
  the same seed. A bot that read another seat's cards would see different cards.
* **Replays**: the same seed gives the same game, byte for byte.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tablegames import bots
from tablegames.bots.handle import Handle
from tablegames.common.rng import Rng

from .helpers import GAMES, position

#: Small budgets: these test behaviour, not strength.
BUDGET = {"toepen": 12, "phase10": 4, "shithead": 8, "dallah": 6}
HEURISTIC = {"toepen": "club", "phase10": "smart", "shithead": "smart", "dallah": "model"}


def _bot(name: str, game: str, seed: int) -> bots.Bot:
    params = {"budget": BUDGET[game]} if name == "ismcts" else {}
    return bots.make(name, game, seed=seed, **params)


#: Phase 10 plays its three-phase house variant here: ten phases take hundreds of turns.
RULES = {"phase10": "short"}


@pytest.mark.parametrize("game", GAMES)
def test_whole_games_with_every_kind_of_bot_are_legal(game: str) -> None:
    final = bots.play_game(game, ["ismcts", HEURISTIC[game], "random"], seed=4,
                           params={"ismcts": {"budget": BUDGET[game]}}, rules=RULES.get(game))
    assert final.is_over and final.outcome().losers


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=6)
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 60), k=st.integers(0, 99))
def test_bots_cannot_tell_a_world_from_the_real_game(game: str, seed: int, steps: int, k: int) -> None:
    state = position(game, 3, seed, steps)
    seat = state.to_act
    world = state.sample_world(seat, Rng(k))
    assert world.view(seat) == state.view(seat)
    for name in bots.names(game):
        real = _bot(name, game, seed).choose(Handle(state, seat))
        seen = _bot(name, game, seed).choose(Handle(world, seat))
        assert str(real) == str(seen), name


@settings(max_examples=8)
@given(seed=st.integers(0, 10**6), steps=st.integers(8, 40), k=st.integers(0, 99))
def test_interrupt_answers_cannot_tell_a_world_from_the_real_game(seed: int, steps: int, k: int) -> None:
    state = position("toepen", 4, seed, steps)
    for seat in range(4):
        options = state.legal_actions(seat) if seat != state.to_act else []
        if not options:
            continue
        world = state.sample_world(seat, Rng(k))
        for name in bots.names("toepen"):
            real = _bot(name, "toepen", seed).interrupt(Handle(state, seat, options, "interrupt"))
            seen = _bot(name, "toepen", seed).interrupt(Handle(world, seat, options, "interrupt"))
            assert str(real) == str(seen), name


@pytest.mark.parametrize("game", GAMES)
def test_the_same_seed_gives_the_same_game(game: str) -> None:
    lineup = ["ismcts", "random", HEURISTIC[game]]
    params = {"ismcts": {"budget": BUDGET[game]}}
    a = bots.play_game(game, lineup, seed=9, params=params, rules=RULES.get(game))
    b = bots.play_game(game, lineup, seed=9, params=params, rules=RULES.get(game))
    assert a.to_json() == b.to_json()
    assert a.history != bots.play_game(game, lineup, seed=10, params=params,
                                       rules=RULES.get(game)).history
