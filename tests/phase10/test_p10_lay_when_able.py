"""P10-40 read strictly (``Rules.lay_when_able``): a player who can lay a phase must lay it
before discarding. The default reads the rule as leave: a finished phase may be held."""

from __future__ import annotations

import pytest
from p10_scenarios import game, legal, play, refused

from tablegames import phase10
from tablegames.phase10 import Rules, new_game
from tablegames.phase10.stages import PLAY
from tablegames.testing import check_game

ANN = "R3 B3 G3 R7 B7 W Y1 Y2 G11 G12"  # phase 1 (two sets of three) is in reach
BO = "R1 B2 G4 Y5 R6 B8 G9 Y10 R11 B11"  # nothing fits
STRICT = Rules(lay_when_able=True)


@pytest.mark.ruling("P10-40")
def test_a_phase_that_can_be_laid_must_be_laid_before_the_discard() -> None:
    state = game(ANN, BO, discard="B12", stock="Y6", rules=STRICT)
    play(state, "0:draw")
    options = legal(state)
    assert options and all(":lay " in a for a in options)
    assert "0:lay set3=R3,B3,G3 set7=R7,B7,W" in options
    error = refused(state, "0:discard Y6", "must_lay", "P10-40")
    assert "lay it before you discard" in str(error)
    assert state.view(0)["prompt"].startswith("You must lay down phase 1")
    play(state, "0:lay set3=R3,B3,G3 set7=R7,B7,W", "0:discard Y6")
    assert state.to_act == 1


@pytest.mark.ruling("P10-40")
def test_by_default_a_finished_phase_may_be_held_back() -> None:
    state = game(ANN, BO, discard="B12", stock="Y6")
    play(state, "0:draw", "0:discard Y6")
    assert state.to_act == 1 and not state.down[0]
    assert Rules().lay_when_able is False


@pytest.mark.ruling("P10-40")
def test_a_seat_that_cannot_lay_discards_as_usual() -> None:
    state = game(BO, ANN, discard="B12", stock="Y6", rules=STRICT)
    play(state, "0:draw")
    assert all(":discard " in a for a in legal(state))
    play(state, "0:discard Y6")
    assert state.to_act == 1


@pytest.mark.ruling("P10-40", "P10-41")
def test_with_phase_choice_any_open_phase_that_can_be_laid_must_be() -> None:
    """Masters style: seat 0 holds a run of four (phase 2 of this list), not phase 1."""
    rules = Rules(phases=("set3+set3", "run4"), phase_choice=True, lay_when_able=True)
    state = game("R1 B2 G3 Y4 R6 B8 G9 Y10 R11 B12", BO, discard="G12", stock="Y7",
                 rules=rules)
    play(state, "0:draw")
    assert legal(state) and all(":lay run" in a for a in legal(state))
    refused(state, "0:discard Y7", "must_lay", "P10-40")


@pytest.mark.ruling("P10-40")
def test_whole_games_under_the_strict_reading_pass_the_conformance_kit() -> None:
    # deep checks every third state (every state took a minute: each check reloads the
    # whole history of a ten-phase game); the cheap checks still run at every step, and
    # every forced turn of the game below is asserted one by one
    report = check_game(phase10.GAME, players=3, seeds=[1, 2], bot="smart", full_every=3,
                        new_game_kwargs={"rules": STRICT})
    assert report.games == 2
    state = new_game(players=2, seed=3, rules=STRICT)
    bots = [phase10.SmartBot(3), phase10.SmartBot(4)]
    forced = 0
    while not state.is_over:
        seat = state.to_act
        assert seat is not None
        if state.stage == PLAY and not state.down[seat] and state.lay_actions(seat):
            assert all(isinstance(a, phase10.Lay) for a in state.legal_actions())
            forced += 1
        state.apply(bots[seat].choose(state))
    assert forced >= 10  # every phase both seats made was laid the turn it could be


@pytest.mark.ruling("P10-40", "P10-41")
def test_a_seat_already_down_discards_though_it_holds_another_phase() -> None:
    """Only one phase is laid a hand: once down, a seat holding the makings of another
    (here a second set of three) is not bound to lay again, this turn or the next."""
    rules = Rules(phases=("set3", "set3"), lay_when_able=True)
    state = game("R3 B3 G3 Y5 R5 B5 G9 Y10 R11 B12", BO, discard="G12", stock="Y7 Y8 G1",
                 rules=rules)
    play(state, "0:draw", "0:lay set3=R3,B3,G3")
    assert state.down[0] and "0:discard Y7" in legal(state)
    play(state, "0:discard Y7", "1:draw", "1:discard Y8", "0:draw")
    assert "0:discard G1" in legal(state)
    play(state, "0:discard G1")
    assert state.to_act == 1
