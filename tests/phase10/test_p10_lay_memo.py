"""The lay-down memo (``state._LAY_CACHE``) gives what the plain search gives: seeded
playouts compare every lay-down listing, remembered and searched afresh (P10-40)."""

from __future__ import annotations

import pytest

from tablegames import phase10
from tablegames.common.rng import Rng
from tablegames.phase10 import state as p10state


@pytest.mark.ruling("P10-40")
@pytest.mark.parametrize("variant", ["standard", "lay-when-able"])
def test_remembered_lay_downs_are_the_plain_search(variant: str) -> None:
    rules = phase10.Rules(lay_when_able=True) if variant == "lay-when-able" else None
    seen = 0
    for seed in range(3):
        state = phase10.new_game(players=3, seed=seed, rules=rules)
        pick = Rng(seed)
        while not state.is_over and len(state.history) < 400:
            seat = state.to_act
            p10state.clear_caches()
            plain = state.lay_actions(seat)
            could = state.could_lay_from(seat, state.hands[seat])
            remembered = state.lay_actions(seat)
            assert remembered == plain and state.lay_actions(seat) == plain
            assert state.could_lay_from(seat, state.hands[seat]) == could == bool(plain)
            seen += bool(plain)
            legal = state.legal_actions()
            state.apply(legal[pick.below(len(legal))])
    assert seen  # some hands held a phase
