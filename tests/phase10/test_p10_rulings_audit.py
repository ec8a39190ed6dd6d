"""Scenarios for the Phase 10 house rules whose citing tests could pass with the ruling
broken (session 58's audit of P10-60 and P10-61, helper-213).

Each line deciding P10-60 and P10-61 in ``tablegames/phase10`` was broken in turn and the
tests marked with the ruling run. Six breaks went unnoticed: the move limit checked with
``>`` instead of ``>=``, which stops a hand one turn late (every citing test either
checked only that the hand stopped, or used a limit no turn's start lands on);
:meth:`~tablegames.phase10.State.held_back` answering for a seat whose turn it is not
(every caller asked only for the active seat); each of the load's three checks of the
limit (a turn begun at the limit, a stopped hand with someone out, a stopped hand
outside a tie-break crediting a seat); and an older sheet's stopped hand credited from
its figures. Each scenario below fails with its break.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from p10_scenarios import game, play

from tablegames import StateError, phase10
from tablegames.phase10 import Rules
from tablegames.phase10.cards import NAMES
from tablegames.phase10.sheet import credited_derived

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


def _stopped_at_50() -> tuple[str, str]:
    """A two-seat hand under a limit of 50 (nobody lays): its save as the last turn
    begins (48 moves) and as the limit has stopped it."""
    state = phase10.new_game(players=2, seed=2, rules={"action_limit": 50})
    while state.plays < 48:
        draw_and_discard(state)
    before = state.to_json()
    draw_and_discard(state)
    return before, state.to_json()


def _tampered(text: str, **changes: Any) -> str:
    save = json.loads(text)
    save["state"].update(changes)
    return json.dumps(save)


@pytest.mark.ruling("P10-61")
def test_a_save_the_move_limit_contradicts_is_refused() -> None:
    # the load's three checks of the limit, each on a save a real hand gives, edited
    before, after = _stopped_at_50()
    result = json.loads(after)["state"]["results"][0]
    assert result["limit_hit"] is True and result["out"] is None and result["credited"] is None
    for plays in (50, 52):  # a turn that begins at the limit is never played: the hand ended
        with pytest.raises(StateError, match=r"move limit ends as the next turn begins \(P10-61\)"):
            phase10.State.from_json(_tampered(before, plays=plays))
    with pytest.raises(StateError, match=r"move limit stopped has nobody out \(P10-61\)"):
        phase10.State.from_json(_tampered(after, results=[{**result, "out": 0}]))
    with pytest.raises(StateError, match=r"credits a seat only in a tie-break \(P10-53, P10-61\)"):
        phase10.State.from_json(_tampered(after, results=[{**result, "credited": 0}]))
    for text in (before, after):  # unedited, both load
        assert phase10.State.from_json(text).to_json() == text


@pytest.mark.ruling("P10-61")
def test_an_older_sheet_credits_nobody_for_a_stopped_hand_whatever_its_figures() -> None:
    # an engine-5 sheet records no credited seat, so it is derived from the figures;
    # a hand nobody went out of where one seat alone added 0 credited that seat (P10-51),
    # unless the move limit stopped it: outside a tie-break that credits nobody
    hand = {"round": 0, "out": None, "phase_laid": [None, None], "tiebreak": False,
            "added": [0, 60], "credited": None}
    blocked = credited_derived([{**hand, "limit_hit": False}], -1, False)
    assert blocked[0]["credited"] == 0
    stopped = credited_derived([{**hand, "limit_hit": True}], -1, False)
    assert stopped[0]["credited"] is None
