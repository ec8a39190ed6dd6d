"""ISMCTS's ``opponent_rollout``: the other seats modelled by another policy in rollouts."""

from __future__ import annotations

import pytest

from tablegames.bots.handle import Handle
from tablegames.bots.ismcts import ISMCTS
from tablegames.common.errors import SetupError
from tablegames.common.rng import Rng
from tablegames.phase10.bots import EagerRandomBot, SmartBot

from .helpers import position


def test_each_seat_is_played_by_its_own_policy() -> None:
    """The searching seat plays by ``rollout`` (Phase 10: the smart bot), every other
    seat by ``opponent_rollout``, each seeded from the generator in turn."""
    bot = ISMCTS("phase10", 1, budget=10, opponent_rollout="eager")
    for steps in range(0, 40, 3):
        state = position("phase10", 2, 7, steps)
        me = 1 - state.to_act
        policy = bot._policy(Rng(steps), me)
        seeds = Rng(steps)
        seeds.next64()  # the searching seat's policy's seed
        others = EagerRandomBot(seeds.next64())
        assert policy.choose(state.copy()) == others.choose(state.copy())
        policy = bot._policy(Rng(steps), state.to_act)
        mine = SmartBot(Rng(steps).next64())
        assert policy.choose(state.copy()) == mine.choose(state.copy())
        assert policy.interrupt(state, me) is None


def test_without_it_every_seat_plays_the_rollout_policy() -> None:
    bot = ISMCTS("phase10", 1, budget=10)
    assert bot.opponent_rollout is None
    assert isinstance(bot._policy(Rng(3), 0), SmartBot)


def test_a_search_with_another_opponent_model_is_reproducible() -> None:
    state = position("phase10", 2, 11, 25)
    handle = Handle(state, state.to_act)
    one = ISMCTS("phase10", 4, budget=30, opponent_rollout="eager")
    two = ISMCTS("phase10", 4, budget=30, opponent_rollout="eager")
    assert one.choose(handle) == two.choose(handle)
    assert one.choose(handle) in state.legal_actions()
    assert one.last is not None and two.last is not None and one.last.stats == two.last.stats


@pytest.mark.parametrize("bad", ["nobody", "ismcts", 5, True, ""])
def test_an_unknown_opponent_policy_is_refused(bad: object) -> None:
    with pytest.raises(SetupError, match="opponent_rollout"):
        ISMCTS("phase10", 1, opponent_rollout=bad)  # type: ignore[arg-type]
