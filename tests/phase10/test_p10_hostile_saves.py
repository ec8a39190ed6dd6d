"""Hostile Phase 10 saves (helper-205, session 57): each tampered save is refused with a
``StateError`` or loads to a state whose save and position text read back byte-identical.
"""

from __future__ import annotations

import json

import pytest
from p10_scenarios import game, play

from tablegames.common.errors import StateError
from tablegames.phase10 import State, from_position
from tablegames.phase10.cards import card_of

JUNK1 = "R1 B2 G4 Y5 R6 B8 G9 Y10 R11 B12"
JUNK2 = "R4 B4 G6 Y6 R9 B9 G8 Y8 R10 B10"


def _laid() -> State:
    """Seat 0 has laid ``set3=R3,B3,G3`` and ``set7=R7,B7,W`` (canonical: naturals by
    code, then Wilds)."""
    state = game("S S R3 B3 G3 R7 B7 W R2 Y3", JUNK1, JUNK2, discard="Y4",
                 stock="W G2 B5 Y12 G12")
    play(state, "0:draw", "0:lay set3=R3,B3,G3 set7=R7,B7,W")
    return state


@pytest.mark.parametrize("group", [0, 1])
def test_a_laid_set_out_of_canonical_order_is_refused(group: int) -> None:
    """A set's or colour group's cards are kept naturals by code, then Wilds (what the
    lay-down makes, ``make_group``), and a position reads them back so. A save holding
    them in another order loaded, and its position text read back to a different text
    (a save a play never makes)."""
    data = json.loads(_laid().to_json())
    cards = data["state"]["laid"][0][group][2]
    assert cards == sorted(cards) and len(set(cards)) > 1
    cards.reverse()
    with pytest.raises(StateError, match=r"\$\.state\.laid\[0\]\[" + str(group)
                       + r"\].*not in canonical order"):
        State.from_json(json.dumps(data))


def test_a_laid_run_keeps_its_place_order() -> None:
    """A run's cards are in place order (a Wild's place is its number, P10-54), not code
    order: a run laid with a Wild in the middle loads and reads back as it was."""
    state = game("R3 W R5 B6 G7 Y3 G3 B3 R9 Y11", JUNK1, JUNK2, discard="Y4",
                 stock="W G2 B5 Y12 G12", phases=[2, 1, 1])
    play(state, "0:draw", "0:lay set3=R3,G3,B3 run3-6=Y3,W,R5,B6")
    text = state.to_json()
    run = json.loads(text)["state"]["laid"][0][1]
    assert run[0] == 1 and run[2] == [card_of(c) for c in ("Y3", "W", "R5", "B6")]
    assert State.from_json(text).to_json() == text
    assert from_position(state.to_position()).to_position() == state.to_position()
