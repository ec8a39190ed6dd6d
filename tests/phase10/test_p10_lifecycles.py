"""Rulings whose effect spans several turns or hands: a pending skip from the discard to
the turn it costs (or to the end of the hand), and a tie-break hand from the tie to the
winner."""

from __future__ import annotations

import pytest
from p10_scenarios import game, legal, play, refused

from tablegames.phase10 import SmartBot

JUNK1 = "R1 B2 G4 Y5 R6 B8 G9 Y10 R11 B12"
JUNK2 = "Y3 G5 B6 R8 Y9 G10 Y11 R12 B1 G2"
OUT_ON_A_SKIP = "R3 B3 G3 R7 B7 W S Y3 Y7 G7"


@pytest.mark.ruling("P10-24", "P10-51", "P10-58")
def test_a_skip_played_to_go_out_lapses_with_the_hand() -> None:
    state = game(OUT_ON_A_SKIP, JUNK1, JUNK2, discard="B11", stock="G3")
    play(state, "0:draw", "0:lay set3=R3,B3,G3 set7=R7,B7,W", "0:hit Y3>0.0", "0:hit G3>0.0",
         "0:hit Y7>0.1", "0:hit G7>0.1")
    assert legal(state) == ["0:discard S>1", "0:discard S>2"]
    state.apply("0:discard S>1")
    v = state.view(None)
    assert v["last_round"]["out"] == 0 and v["round"] == 1
    # the new hand: seat 1 (left of the new dealer, seat 0) starts, its skip forgotten
    assert v["pending_skips"] == [] and state.to_act == 1 and v["dealer"] == 0


@pytest.mark.ruling("P10-24")
def test_a_pending_skip_is_served_once_then_the_seat_may_be_skipped_again() -> None:
    state = game("S S R3 B3 G3 R7 B7 W Y1 Y2", "S " + JUNK1[:-4], JUNK2, discard="Y4",
                 stock="G1 G2 B5 Y12 G12 R1 R2")
    play(state, "0:draw", "0:discard S>2")
    assert state.view(None)["pending_skips"] == [2] and state.to_act == 1
    play(state, "1:draw")
    refused(state, "1:discard S>2", "already_skipped", "P10-24")
    refused(state, "1:discard S>1", "skip_self", "P10-20")
    refused(state, "1:discard S", "skip_needs_target", "P10-20")
    play(state, "1:discard S>0")
    # seat 2's turn is passed over (served), then seat 0's: seat 1 plays again
    assert state.to_act == 1 and state.view(None)["pending_skips"] == []
    play(state, "1:draw", "1:discard G2", "2:draw")
    assert "2:discard S>0" not in legal(state)  # seat 2 holds no Skip; seat 0 next
    play(state, "2:discard Y12", "0:draw")
    assert {"0:discard S>1", "0:discard S>2"} <= set(legal(state))  # both skippable again


@pytest.mark.ruling("P10-53", "P10-46")
def test_a_tie_break_hand_from_the_tie_to_the_winner() -> None:
    state = game("R3 B3 G3 Y3 R3 R7 B7 G7 G11 G12", "R9 B9 G9 Y9 R9 R5 B5 G5 W W",
                 "R1 B2 G4 Y5 R6 B8 Y10 R11 B12 Y12", discard="B11", stock="Y1 Y2",
                 phases=[10, 10, 1], scores=[0, 15, 0])
    play(state, "0:draw", "0:lay set3=R3,R3,B3,G3,Y3 set7=R7,B7,G7", "0:discard G12",
         "1:draw", "1:lay set9=R9,R9,B9,G9,Y9 set5=R5,B5,G5", "1:hit W>1.0", "1:hit W>1.1",
         "1:discard Y2")
    # both completed phase 10 with 15 points: a tie-break hand on phase 10 for the two
    assert state.scores == (15, 15, 70) and state.completed == (10, 10, 0)
    assert state.tiebreak and state.playing == (True, True, False)
    assert state.hands[2] == () and state.phases == (9, 9, -1)
    bots = [SmartBot(1), SmartBot(2), SmartBot(3)]
    while not state.is_over:
        assert state.to_act != 2
        assert state.legal_actions(2) == [] and not state.view(2)["legal"]
        state.apply(bots[state.to_act].choose(state))  # type: ignore[index]
    last = state.results[-1]
    assert last["tiebreak"] and last["added"][2] == 0 and last["out"] is not None
    assert state.outcome().winners == {last["out"]}
    assert state.completed == (10, 10, 0)  # a tie-break lay-down is no new phase
    assert state.scores[2] == 70  # the seat sitting out scores nothing more
