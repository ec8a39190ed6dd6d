"""Lists declared ``sort=True`` are checked in code order by the core, for every game.

The engines keep such a list sorted and a position reads it back sorted, so a save with
one out of order is no state play makes (its position text would not read back to the
same text). One check in :func:`tablegames.common.declared.check_declared` refuses it,
naming the field and seat, whichever game declared it.
"""

from __future__ import annotations

import json

import pytest

import tablegames
from tablegames.common.errors import StateError


def _played(game: str) -> tablegames.BaseState:
    state = tablegames.new_game(game, players=3, seed=5)
    for _ in range(6):
        state.apply(state.legal_actions()[0])
    return state


@pytest.mark.parametrize("game", ["toepen", "shithead", "phase10"])
def test_a_hand_out_of_code_order_is_refused_naming_the_field_and_seat(game: str) -> None:
    state = _played(game)
    data = json.loads(state.to_json())
    assert type(state).from_json(json.dumps(data)).to_json() == state.to_json()
    hand = data["state"]["hands"][1]
    assert len(set(hand)) > 1  # reversing changes the order
    data["state"]["hands"][1] = hand[::-1]
    with pytest.raises(StateError, match=r"^\$\.state\.hands\[1\]: the cards are not in code order$"):
        type(state).from_json(json.dumps(data))


def test_a_state_with_no_sorted_field_loads_as_before() -> None:
    """Dallah declares no list in code order: its saves load and save back unchanged."""
    state = _played("dallah")
    assert type(state).from_json(state.to_json()).to_json() == state.to_json()
