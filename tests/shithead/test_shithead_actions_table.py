"""What Shithead keeps beside the plain code gives what the plain code gives.

The one-card plays and pick-ups of every seat (``SINGLES``, ``PICKUPS``) and the three
packs are made at import; the group plays (``_GROUPS``) and the compiled effects tables
(``state._compiled``) are kept as they are asked for. Seeded playouts under several
house tables compare each legal list with the one made with nothing kept.
"""

from __future__ import annotations

import pytest

from tablegames import shithead
from tablegames.common.rng import Rng
from tablegames.shithead import actions as A
from tablegames.shithead import cards
from tablegames.shithead import state as sh_state
from tablegames.shithead.effects import compile_table


def test_the_tables_made_at_import_are_the_plain_actions_and_packs() -> None:
    for seat in range(A.TABLE_SEATS):
        assert A.SINGLES[seat] == tuple(A.Play(seat, (c,)) for c in range(cards.FACES))
        assert A.PICKUPS[seat] == A.Pickup(seat) == A.pickup(seat)
        assert all(type(a.seat) is int for a in A.SINGLES[seat])
    assert A.TABLE_SEATS == shithead.State.MAX_PLAYERS
    for decks in (1, 2, 3):
        assert cards.pack(decks) == cards._make_pack(decks)
        assert cards.pack(decks) is cards.pack(decks)
    assert cards.pack(4) == cards._make_pack(4)  # outside the rules' range: made anew
    assert A.pickup(A.TABLE_SEATS) == A.Pickup(A.TABLE_SEATS)
    assert A.play(-1, (3,)).seat == -1 and A.play(0, (-1,)).cards == (-1,)


@pytest.mark.ruling("SHD-05")
@pytest.mark.parametrize("variant", ["standard", "classic", "two-decks"])
def test_kept_group_plays_and_tables_are_the_plain_ones(variant: str) -> None:
    rules = shithead.Rules.variant(variant)
    groups = 0
    for seed in range(4):
        state = shithead.new_game(players=4, seed=seed, rules=rules)
        plain_table = compile_table(rules.effects, rules.aces)
        assert state.table == plain_table
        pick = Rng(seed)
        while not state.is_over:
            legal = state.legal_actions()
            A._GROUPS.clear()
            assert state.legal_actions() == legal  # nothing kept: the same list
            for seat in range(state.n):
                src = state.hands[seat] or state.face_up[seat]
                for v in set(cards.VALUE[c] for c in src):
                    group = tuple(c for c in src if cards.VALUE[c] == v)
                    if len(group) > 1:
                        groups += 1
                        kept = A.group_plays(seat, group)
                        assert kept == A.plain_group_plays(seat, group)
                        assert A.group_plays(seat, group) is kept
            state.apply(legal[pick.below(len(legal))])
    assert groups


def test_compiled_tables_are_kept_for_the_last_64_effects_tables() -> None:
    for aces in ("low", "high"):
        for variant in ("standard", "classic"):
            rules = shithead.Rules.variant(variant)
            assert sh_state._compiled(rules.effects, aces) == compile_table(rules.effects, aces)
    assert sh_state._compiled.cache_info().maxsize == 64
