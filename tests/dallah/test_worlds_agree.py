"""Every sampled world agrees with all the seat has seen (helper-134).

In Dallah every cup, pile, held card and discard is on the table, so only the order of
the two draw piles (and the die's future) is hidden. Seeded random playouts: at many
moments each seat's world shows every seat the same table, its draw piles hold exactly
the cards the table can count as left in them (the deck less every card in sight), and
two states a seat cannot tell apart (the state and one of its worlds) give the same world
for the same ``rng``.
"""

from __future__ import annotations

import pytest

from tablegames import dallah
from tablegames.common.bots import RandomBot
from tablegames.common.rng import Rng


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_world_agrees_with_the_public_table(players: int) -> None:
    checked = 0
    for seed in range(3):
        s = dallah.new_game(players=players, seed=seed)
        bot = RandomBot(seed)
        step = 0
        while not s.is_over and step < 120:
            s.apply(bot.choose(s))
            step += 1
            if step % 3:
                continue
            for viewer in range(players):
                world = s.sample_world(viewer, Rng(step * 8 + viewer))
                assert [world.view(x) for x in (None, *range(players))] == \
                    [s.view(x) for x in (None, *range(players))]
                assert sorted(world.stock) == sorted(s.stock)
                assert sorted(world.placement_stock) == sorted(s.placement_stock)
                assert world.rolls == ()
                assert world.sample_world(viewer, Rng(step)).to_json() == \
                    s.sample_world(viewer, Rng(step)).to_json()
                checked += 1
    assert checked > 30
