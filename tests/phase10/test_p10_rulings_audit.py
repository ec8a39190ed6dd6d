"""Scenarios for the Phase 10 house rules whose citing tests could pass with the ruling
broken (session 58's audit of P10-60 and P10-61, helper-213).

Each line deciding P10-60 and P10-61 in ``tablegames/phase10`` was broken in turn and the
tests marked with the ruling run. Two breaks went unnoticed: the move limit checked with
``>`` instead of ``>=``, which stops a hand one turn late (every citing test either
checked only that the hand stopped, or used a limit no turn's start lands on), and
:meth:`~tablegames.phase10.State.held_back` answering for a seat whose turn it is not
(every caller asked only for the active seat). Each scenario below fails with its break.
"""

from __future__ import annotations

import pytest
from p10_scenarios import game, play

from tablegames import phase10
from tablegames.phase10 import Rules
from tablegames.phase10.cards import NAMES

ANN = "R3 B3 G3 R7 B7 W Y1 Y2 G11 G12"  # phase 1 (two sets of three) is in reach
BO_B11 = "R1 B2 G4 Y5 R6 B8 G9 Y10 R11 B11"  # nothing fits; a blue 11 of its own


def draw_and_discard(state: phase10.State) -> None:
    """One turn that never lays: draw from the pile, discard the highest card allowed."""
    seat = state.to_act
    assert seat is not None
    state.apply(f"{seat}:draw")
    state.apply([a for a in state.legal_actions() if str(a).startswith(f"{seat}:discard")][-1])


@pytest.mark.ruling("P10-61")
def test_a_hand_stops_as_the_turn_after_the_limiting_move_begins_not_a_turn_later() -> None:
    # two seats draw and discard (two moves a turn), so a turn begins at 48 and at 50
    # moves: the limit of 50 is reached exactly, and the hand ends as that turn begins
    state = phase10.new_game(players=2, seed=2, rules={"action_limit": 50})
    while state.plays < 48:
        draw_and_discard(state)
    assert (state.round, state.plays, state.stage) == (0, 48, 0)  # 48 < 50: play on
    assert state.view(None)["actions_left"] == 2
    draw_and_discard(state)
    assert state.round == 1 and state.plays == 0 and len(state.history) == 50
    last = state.results[0]
    assert last["limit_hit"] is True and last["out"] is None


@pytest.mark.ruling("P10-60")
def test_only_the_seat_whose_turn_it_is_has_a_card_held_back() -> None:
    # P1 holds a blue 11 too, but P0 took the one from the discard pile: P1 may discard
    # anything on its own turn, and is told of no card held back now
    state = game(ANN, BO_B11, discard="B11", stock="Y6", rules=Rules(discard_taken=False))
    play(state, "0:take")
    b11 = NAMES.index("B11")
    assert state.held_back(0) == b11 and b11 in state.hands[1]
    assert state.held_back(1) is None
    play(state, "0:discard G12", "1:draw")
    assert state.held_back(1) is None and "1:discard B11" in [str(a) for a in
                                                              state.legal_actions()]
