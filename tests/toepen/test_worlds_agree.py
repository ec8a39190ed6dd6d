"""Every sampled world agrees with all the seat has seen (helper-134).

Seeded random playouts under several tables; at many moments, each seat's worlds are
checked against the public history, followed here from the actions and the table the
seats see (not from the engine's ``voids``): a seat that played a card of another suit
than the trick's first card holds none of that suit for the rest of the hand (TOE-11;
no card comes into a hand after play starts). The world shows every seat's public table
and the seat's own view as they are, and two states the seat cannot tell apart (the
state and one of its worlds) give the same world for the same ``rng``.
"""

from __future__ import annotations

from typing import Any

import pytest

from tablegames import toepen
from tablegames.common.bots import RandomBot
from tablegames.common.rng import Rng
from tablegames.toepen.actions import Play

TABLES = [
    ("standard", {}, 3),
    ("second_exchange_all", {"second_exchange": "all", "bluff_takes_back": True}, 4),
    ("fold_withdraws", {"fold_withdraws": True}, 4),
    ("two", {}, 2),
]


@pytest.mark.ruling("TOE-11")
@pytest.mark.parametrize(("name", "rules", "players"), TABLES, ids=[t[0] for t in TABLES])
def test_every_world_agrees_with_the_public_history(name: str, rules: Any, players: int) -> None:
    checked = voids_seen = 0
    for seed in range(4):
        s = toepen.new_game(players=players, seed=seed, rules=rules)
        bot = RandomBot(seed)
        void: list[set[int]] = [set() for _ in range(players)]
        step = 0
        while not s.is_over and step < 150:
            action = bot.choose(s)
            before_round, lead = s.round, (s.trick[0][1] >> 3 if s.trick else None)
            s.apply(action)
            step += 1
            if s.round != before_round:
                void = [set() for _ in range(players)]
            elif type(action) is Play and lead is not None and action.card >> 3 != lead:
                void[action.seat].add(lead)  # TOE-11: it could not follow
            if step % 2:
                continue
            for viewer in range(players):
                world = s.sample_world(viewer, Rng(step * 8 + viewer))
                assert world.view(viewer) == s.view(viewer)
                assert world.view(None) == s.view(None)
                for p in range(players):
                    if p != viewer:
                        assert not {c >> 3 for c in world.hands[p]} & void[p], (p, void[p])
                        voids_seen += bool(void[p] and world.hands[p])
                assert world.sample_world(viewer, Rng(step)).to_json() == \
                    s.sample_world(viewer, Rng(step)).to_json()
                checked += 1
    assert checked > 100 and voids_seen > 10
