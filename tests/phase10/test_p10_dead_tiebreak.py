"""A tie-break hand (P10-53) left with nothing to draw (P10-59): ``Rules.limit_tiebreak``.

A hand whose draw pile is empty with nothing under the top discard to rebuild it from (a
Skip on top) ends dead, nobody out. In a tie-break hand, which is won by going out, that
decided nothing, and the tied seats played another, while a blocked tie-break hand
(P10-51) and one the move limit stops (P10-61) were settled on the points held. Under
``limit_tiebreak="lowest"`` (the default, engine 6) all three agree: the tied seat holding
the fewest points is credited as if out and wins; a tie for fewest ends it dead and the
tied seats play another. ``"dead"`` keeps the literal replay, as engine 5 played (its
saves and records load with it).
"""

from __future__ import annotations

import json

import pytest

from tablegames import phase10
from tablegames.table import describe
from tablegames.table.i18n import words_for
from tests.phase10.test_p10_limit_tiebreak import as_engine_5

ruling = pytest.mark.ruling

RED, BLUE, GREEN, YELLOW = (",".join(f"{c}{n},{c}{n}" for n in range(1, 13)) for c in "RBGY")


def dead_tiebreak(limit_tiebreak: str | None = None, hand0: str = "W S",
                  hand1: str = "S S S", yellow: str = YELLOW) -> phase10.State:
    """Seats 0 and 1, tied on the one phase of the list, play a tie-break hand (seat 2
    sits out). Every number card and seven Wilds are laid on four colour groups (hits
    grow colour groups that far), the rest is in hand, the draw and discard piles are
    empty (seat 0 took the last discard), and seat 0, down, is to discard. A Wild is
    still off the table and fits a colour group, so the hand is not blocked (P10-51):
    only P10-59 ends it."""
    rules: dict[str, object] = {"phases": ["colour1+colour1"]}
    if limit_tiebreak is not None:
        rules["limit_tiebreak"] = limit_tiebreak
    return phase10.from_position("\n".join([
        "tablegames position 1", "game: phase10", "player 0: P0", "player 1: P1",
        "player 2: P2", f"rules: {json.dumps(rules, separators=(',', ':'))}", "rng: 1",
        "stage: play", "round: 1", "active: 0", "tiebreak: yes", "playing: 0 1",
        "scores: 40 40 65", "laid_this_turn: yes", "made 0: 1", "made 1: 1",
        f"hand 0: {hand0}", f"laid 0: 1 colR={RED},W,W,W,W colB={BLUE}",
        f"hand 1: {hand1}", f"laid 1: 1 colG={GREEN},W,W,W colY={yellow}",
        "hand 2: -", "discard: -", "stock: -",
        'result 0: {"added":[40,0,65],"out":1,"phase_laid":[1,1,null],"tiebreak":false}', ""]))


def told(state: phase10.State, seat: int | None) -> dict[str, str]:
    """The game's last ``round_over`` told to ``seat`` in English, Danish and Arabic."""
    over = [e for e in state.log(seat) if e["kind"] == "round_over"][-1]
    return {lang: words_for(lang, "phase10").text(describe(over, state.view(seat)))
            for lang in ("en", "da", "ar")}


@ruling("P10-59")
@ruling("P10-53")
def test_a_dead_tie_break_hand_goes_to_the_seat_holding_fewest_points_by_default() -> None:
    state = dead_tiebreak()
    assert state.rules.limit_tiebreak == "lowest"
    events = state.apply("0:discard S>1")  # seat 1 skipped: seat 0 finds nothing to draw
    assert [e.kind for e in events] == ["discard", "skipped", "round_over", "game_over"]
    over = events[2].data
    assert over["out"] is None and over["credited"] == 0  # W (25) against S S S (45)
    assert over["tiebreak"] is True and over["limit_hit"] is False
    assert over["added"] == [0, 45, 0]  # credited as if out: seat 0 scores nothing
    assert events[3].data == {"winner": 0, "scores": [40, 85, 65]}
    assert state.is_over and state.outcome().winners == {0}
    assert told(state, None) == {
        "en": "Nobody can go out of tie-break hand 2: P0 holds the fewest points and wins it.",
        "da": "Ingen kan gå ud af omspillet, hånd 2: P0 har færrest point og vinder det.",
        "ar": "لا يستطيع أحد إنهاء أوراقه في يد كسر التعادل 2: لدى P0 أقل النقاط، فيفوز بها.",
    }
    assert told(state, 0)["en"] == ("Nobody can go out of tie-break hand 2: you hold the "
                                    "fewest points and win it.")
    text = state.to_json()
    assert phase10.State.from_json(text).to_json() == text


@ruling("P10-59")
@ruling("P10-53")
def test_a_tie_for_fewest_ends_the_dead_tie_break_and_it_is_played_again() -> None:
    # seat 0 keeps W S S (55), seat 1 S Y11 Y11 Y12 Y12 (55)
    state = dead_tiebreak(hand0="W S S S", hand1="S Y11 Y11 Y12 Y12",
                          yellow=YELLOW.removesuffix(",Y11,Y11,Y12,Y12"))
    events = state.apply("0:discard S>1")
    assert [e.kind for e in events][:4] == ["discard", "skipped", "round_over", "tiebreak"]
    assert events[2].data["credited"] is None and events[2].data["added"] == [55, 55, 0]
    assert events[3].data == {"seats": [0, 1]}
    assert not state.is_over and state.tiebreak and state.round == 2
    assert state.playing == (True, True, False)
    assert told(state, None)["en"] == "Hand 2 is over."


@ruling("P10-59")
@ruling("P10-53")
def test_under_dead_a_dead_tie_break_hand_decides_nothing_and_is_played_again() -> None:
    state = dead_tiebreak("dead")
    events = state.apply("0:discard S>1")
    assert [e.kind for e in events][:4] == ["discard", "skipped", "round_over", "tiebreak"]
    assert events[2].data["credited"] is None and events[2].data["added"] == [25, 45, 0]
    assert not state.is_over and state.tiebreak and state.round == 2
    assert state.scores == (65, 85, 65) and state.playing == (True, True, False)
    assert told(state, None) == {"en": "Hand 2 is over.", "da": "Hånd 2 er slut.",
                                 "ar": "انتهت اليد 2."}


@ruling("P10-59")
@ruling("P10-53")
def test_an_engine_5_save_replays_a_dead_tie_break_hand_as_it_did() -> None:
    old = as_engine_5(dead_tiebreak().to_json())
    loaded = phase10.State.from_json(old)
    assert loaded.rules.limit_tiebreak == "dead"  # as engine 5 played
    kinds = [e.kind for e in loaded.apply("0:discard S>1")]
    assert kinds[:4] == ["discard", "skipped", "round_over", "tiebreak"]
    assert not loaded.is_over and loaded.results[-1]["credited"] is None
