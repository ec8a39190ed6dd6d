"""A tie-break hand (P10-53) stopped by the move limit (P10-61): ``Rules.limit_tiebreak``.

A tie-break is won by going out; a stopped hand has nobody out. Under ``"lowest"`` (the
default, engine 6) the tied seat holding the fewest points is credited as if out and
wins, as a blocked tie-break hand is settled; a tie for fewest ends it dead. Under
``"dead"`` (the literal P10-53, as engine 5 played) the stopped hand decides nothing and
the tied seats play another, which a phase near-random play seldom makes replayed about
300 times (the hypothesis example below). Saves and records of engine 5 and before keep
``"dead"``.
"""

from __future__ import annotations

import json
from collections import Counter

import pytest

import tablegames
from tablegames import GAMES, phase10
from tablegames.common.errors import RulesError, StateError
from tablegames.common.saves import _text_hash
from tablegames.phase10 import Rules
from tablegames.simulation import make_bots
from tablegames.table import describe
from tablegames.table.i18n import words_for

ruling = pytest.mark.ruling

INFO = GAMES["phase10"]
#: Seat 0 holds 75 points, seat 1 80.
FEWER, MORE = "Y1 B3 G4 R5 R5 G5 R12 G12 Y12 S", "R2 G2 G3 Y3 B6 G8 Y8 Y10 B11 W"
#: 80 points, as ``MORE``.
AS_MANY = "B2 Y2 R3 B3 G6 R8 B8 R10 G11 W"


def stopped_tiebreak(limit_tiebreak: str | None, hand0: str = FEWER, hand1: str = MORE,
                     scoring: str = "penalty") -> tuple[phase10.State, list[str]]:
    """Seats 0 and 1 tied on the last phase play a tie-break hand (seat 2 sits out) with a
    move limit of 50, 49 moves played: seat 1 draws and discards the card it drew, and
    the limit stops the hand with ``hand0`` and ``hand1`` held. The state and the kinds
    of the events of that discard."""
    rules: dict[str, object] = {"action_limit": 50, "scoring": scoring}
    if limit_tiebreak is not None:
        rules["limit_tiebreak"] = limit_tiebreak
    state = phase10.from_position("\n".join([
        "tablegames position 1", "game: phase10", "player 0: P0", "player 1: P1",
        "player 2: P2", f"rules: {json.dumps(rules, separators=(',', ':'))}", "rng: 1",
        "stage: draw", "round: 1", "active: 1", "tiebreak: yes", "playing: 0 1",
        "scores: 15 15 65", "plays: 49", "made 0: 1 2 3 4 5 6 7 8 9 10",
        "made 1: 1 2 3 4 5 6 7 8 9 10", f"hand 0: {hand0}", f"hand 1: {hand1}", "hand 2: -",
        "discard: W", "stock: shuffled",
        'result 0: {"added":[15,0,65],"limit_hit":false,"out":1,"phase_laid":[10,10,null],'
        '"tiebreak":false}', ""]))
    before = Counter(state.view(1)["hand"])
    state.apply("1:draw")
    drawn = next(iter(Counter(state.view(1)["hand"]) - before))
    assert drawn != "S"  # a Skip would be discarded at a seat
    events = state.apply(f"1:discard {drawn}")
    assert state.results[-1]["limit_hit"] is True and state.results[-1]["tiebreak"] is True
    assert state.results[-1]["out"] is None  # P10-61: nobody went out
    return state, [e.kind for e in events]


@ruling("P10-53")
@ruling("P10-61")
def test_a_stopped_tie_break_hand_goes_to_the_seat_holding_fewest_points_by_default() -> None:
    assert Rules().limit_tiebreak == "lowest"
    state, kinds = stopped_tiebreak(None)
    assert kinds == ["discard", "round_over", "game_over"]  # no tie-break hand more
    assert state.is_over and state.outcome().winners == {0}  # 75 points against 80
    assert state.results[-1]["added"] == (0, 80, 0)  # credited as if out: scores nothing
    assert state.scores == (15, 95, 65)
    text = state.to_json()
    assert phase10.State.from_json(text, verify=True).to_json() == text
    # points are good under "winner" scoring: the credited seat takes the other's
    won, _ = stopped_tiebreak("lowest", scoring="winner")
    assert won.outcome().winners == {0} and won.results[-1]["added"] == (80, 0, 0)


@ruling("P10-53")
@ruling("P10-61")
def test_a_tie_for_fewest_ends_the_stopped_tie_break_dead_and_it_is_played_again() -> None:
    state, kinds = stopped_tiebreak("lowest", hand0=AS_MANY)
    assert kinds[:3] == ["discard", "round_over", "tiebreak"]
    assert not state.is_over and state.tiebreak and state.round == 2
    assert state.playing == (True, True, False)
    assert state.results[-1]["added"] == (80, 80, 0)  # a dead hand: both score their cards


@ruling("P10-53")
@ruling("P10-61")
def test_under_dead_a_stopped_tie_break_hand_decides_nothing_and_is_played_again() -> None:
    state, kinds = stopped_tiebreak("dead")
    assert kinds[:3] == ["discard", "round_over", "tiebreak"]
    assert not state.is_over and state.tiebreak and state.round == 2
    assert state.results[-1]["added"] == (75, 80, 0)  # P10-59's dead hand
    assert state.plays == 0  # the new tie-break hand counts afresh


@ruling("P10-61")
def test_a_hand_the_limit_stops_outside_a_tie_break_is_dead_under_either_value() -> None:
    for value in ("lowest", "dead"):
        state = phase10.new_game(players=2, seed=2, rules={"action_limit": 50,
                                                           "limit_tiebreak": value})
        while state.round == 0:
            assert len(state.history) < 100, "the move limit of 50 did not stop the hand"
            seat = state.to_act
            state.apply(f"{seat}:draw")
            state.apply([a for a in state.legal_actions()
                         if str(a).startswith(f"{seat}:discard")][-1])
        last = state.view(None)["last_round"]
        assert last["limit_hit"] is True and not last["tiebreak"]
        assert all(added > 0 for added in last["added"])  # everyone scores their cards


def test_limit_tiebreak_is_a_checked_option() -> None:
    for bad in ("replay", "", None, 1, True, "LOWEST"):
        with pytest.raises(RulesError, match="limit_tiebreak"):
            phase10.Rules(limit_tiebreak=bad)  # type: ignore[arg-type]
    assert phase10.Rules(limit_tiebreak="dead").limit_tiebreak == "dead"
    rules = phase10.Rules(limit_tiebreak="dead")
    state = phase10.new_game(players=2, seed=1, rules=rules)
    assert phase10.from_position(state.to_position()).rules == rules
    assert tablegames.replay(state.record()).rules == rules


@ruling("P10-53")
@ruling("P10-61")
def test_the_stopped_tie_break_hand_is_told_without_saying_everyone_scored() -> None:
    # under "dead" nobody is credited (test_p10_credited.py tells the credited seat)
    state, _ = stopped_tiebreak("dead")
    over = next(e for e in state.log(None) if e["kind"] == "round_over" and e["tiebreak"])
    view = state.view(None)
    said = {lang: words_for(lang, "phase10").text(describe(over, view))
            for lang in ("en", "da", "ar")}
    assert said == {
        "en": "Tie-break hand 2 is stopped at the move limit: nobody went out.",
        "da": "Omspillet, hånd 2, er stoppet ved trækgrænsen: ingen gik ud.",
        "ar": "توقفت يد كسر التعادل 2 عند حد الحركات: لم يُنهِ أحد أوراقه.",
    }


def as_engine_5(text: str) -> str:
    """``text`` (a save by engine 6) as engine 5 wrote it: no ``limit_tiebreak`` in its
    rules (hash of the text as saved), no ``credited`` on its sheet."""
    save = json.loads(text)
    save["engine"] = 5
    del save["rules"]["limit_tiebreak"]
    save["rules_hash"] = _text_hash(save["rules"])
    for res in save["state"]["results"]:
        del res["credited"]
    return json.dumps(save)


def tied_game() -> phase10.State:
    """The game of the hypothesis example, played up to its first tie-break hand, a few
    moves in (5 seats, ``SET5`` with 12 cards, a limit of 114, seed 79, eager bots)."""
    rules = {"phases": ["SET5"], "hand_size": 12, "action_limit": 114, "scoring": "winner"}
    state = phase10.new_game(players=5, seed=79, rules=rules)
    bots = make_bots(INFO, "eager", 5, 79)
    while not (state.tiebreak and state.plays >= 6):
        state.apply(bots[state.to_act].choose(state))  # type: ignore[index]
    return state


@ruling("P10-53")
@ruling("P10-61")
def test_an_engine_5_save_or_record_replays_a_stopped_tie_break_as_it_did() -> None:
    state = tied_game()
    text = as_engine_5(state.to_json())
    loaded = phase10.State.from_json(text, verify=True)
    assert loaded.rules.limit_tiebreak == "dead"  # as engine 5 played, not the default
    assert loaded.plays == state.plays and loaded.tiebreak
    again = loaded.to_json()  # saved by today's engine, naming the option
    assert json.loads(again)["engine"] == phase10.State.ENGINE == 6
    assert json.loads(again)["rules"]["limit_tiebreak"] == "dead"
    assert phase10.State.from_json(again, verify=True).to_json() == again
    bots = make_bots(INFO, "eager", 5, 79)
    while loaded.round == state.round:  # the tie-break hand runs into the limit
        loaded.apply(bots[loaded.to_act].choose(loaded))  # type: ignore[index]
    assert loaded.results[-1]["limit_hit"] and loaded.tiebreak and not loaded.is_over
    record = state.record()
    record["engine"] = 5
    del record["rules"]["limit_tiebreak"]
    assert tablegames.replay(record).rules.limit_tiebreak == "dead"


def test_an_engine_5_save_or_record_naming_limit_tiebreak_is_refused() -> None:
    # no engine before 6 wrote it: one claiming engine 5 and "lowest" would settle
    # tie-break hands its engine replayed
    state = phase10.new_game(players=2, seed=1)
    save = json.loads(as_engine_5(state.to_json()))
    for value in ("lowest", "dead"):
        save["rules"]["limit_tiebreak"] = value
        save["rules_hash"] = _text_hash(save["rules"])
        with pytest.raises(StateError, match=r"^\$\.rules: .*engine 5 holds limit_tiebreak"):
            phase10.State.from_json(json.dumps(save))
    record = state.record()
    record["engine"] = 5
    with pytest.raises(StateError, match="engine 5 holds limit_tiebreak"):
        tablegames.replay(record)


@ruling("P10-53")
@ruling("P10-61")
def test_the_tie_break_found_by_hypothesis_is_settled_inside_max_actions() -> None:
    """``test_any_valid_phase10_rules_play``'s example: under engine 5 the first hand's
    tie on ``SET5`` went to tie-break hands that the limit stopped, 301 of them, 34,569
    actions against ``max_actions``' 26,000. Now the first stopped one settles it."""
    rules = {"phases": ["SET5"], "hand_size": 12, "action_limit": 114, "scoring": "winner"}
    state = phase10.new_game(players=5, seed=79, rules=rules)
    bots = make_bots(INFO, "eager", 5, 79)
    most = INFO.max_actions(state)
    assert most == 26_000
    while not state.is_over and len(state.history) <= most:
        state.apply(bots[state.to_act].choose(state))  # type: ignore[index]
    assert state.is_over and len(state.history) < 300  # 229: two hands
    first, tiebreak = state.results
    assert first["limit_hit"] and not first["tiebreak"]
    assert tiebreak["limit_hit"] and tiebreak["tiebreak"] and tiebreak["out"] is None
    assert state.outcome().winners == {next(s for s, a in enumerate(tiebreak["added"]) if a)}
