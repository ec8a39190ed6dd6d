"""Two states a seat cannot tell apart give the same world for the same ``rng``
(helper-134), under the default rules as under ``lay_when_able`` (which
``test_p10_worlds_consistent`` checks, with the exact checker of every world against
what the seat saw). Seeded random playouts; at many moments each seat's world shows
every seat's public table and the seat's own view as they are, and a world of that
world, for the same ``rng``, is the world the real game gives.
"""

from __future__ import annotations

import pytest

from tablegames.common.bots import RandomBot
from tablegames.common.rng import Rng
from tablegames.phase10 import new_game


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3)])
def test_a_world_of_a_world_is_the_world(players: int, seed: int) -> None:
    s = new_game(players=players, seed=seed)
    bot = RandomBot(seed)
    checked = 0
    for step in range(1, 121):
        if s.is_over:
            break
        s.apply(bot.choose(s))
        if step % 4:
            continue
        for viewer in range(players):
            world = s.sample_world(viewer, Rng(step * 8 + viewer))
            assert world.view(viewer) == s.view(viewer)
            assert world.view(None) == s.view(None)
            assert world.sample_world(viewer, Rng(step)).to_json() == \
                s.sample_world(viewer, Rng(step)).to_json()
            checked += 1
    assert checked > 40
