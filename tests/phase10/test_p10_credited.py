"""A hand nobody went out of that credits a seat as if out says so: ``credited``.

The seat holding the fewest points is credited (scored as if out) by a blocked hand under
``Rules.blocked_hand="lowest"`` (P10-51), by any blocked tie-break hand and by a tie-break
hand the move limit stops under ``Rules.limit_tiebreak="lowest"`` (P10-53, P10-61). The
hand's result (the ``round_over`` event, the view's ``last_round``, the save's
``results``) names it as ``credited`` (else ``null``), and the table tells who holds the
fewest points and counts as out or wins. ``out`` stays ``null``: nobody went out.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from p10_scenarios import game, play

from tablegames import phase10
from tablegames.common.actions import Event
from tablegames.common.errors import StateError
from tablegames.phase10.sheet import credited_derived
from tablegames.table import describe, present
from tablegames.table.i18n import words_for
from tests.phase10.test_p10_blocked import blocked_tiebreak
from tests.phase10.test_p10_limit_tiebreak import as_engine_5, stopped_tiebreak

ruling = pytest.mark.ruling


def round_over(state: phase10.State) -> dict[str, Any]:
    """The last ``round_over`` event of the game, as the whole table got it."""
    return [e for e in state.log(None) if e["kind"] == "round_over"][-1]


def told(state: phase10.State, seat: int | None,
         events: list[Event] | None = None) -> dict[str, str]:
    """The last ``round_over`` (of ``events``, else of the game's log) told to ``seat`` in
    English, Danish and Arabic."""
    event = ([e.for_seat(seat) for e in events if e.kind == "round_over"][-1] if events
             else [e for e in state.log(seat) if e["kind"] == "round_over"][-1])
    return {lang: words_for(lang, "phase10").text(describe(event, state.view(seat)))
            for lang in ("en", "da", "ar")}


def blocked(blocked_hand: str) -> phase10.State:
    """:func:`~tests.phase10.test_p10_blocked.runs` as a position (both seats down, so
    the blocked test needs no search for a phase): seat 1 is to discard Y6, keeping G11
    (10 points) against seat 0's Y5 (5), and the hand is blocked."""
    rules = json.dumps({"blocked_hand": blocked_hand, "hand_size": 13,
                        "phases": ["run12", "run12"]}, separators=(",", ":"))
    return phase10.from_position(BLOCKED.replace("RULES", rules))


BLOCKED = """tablegames position 1
game: phase10
player 0: P0
player 1: P1
rules: RULES
rng: 3812040369151004263
stage: play
round: 0
dealer: 1
active: 1
tiebreak: no
playing: 0 1
scores: 0 0
laid_this_turn: yes
plays: 5
made 0: 1
made 1: 1
hand 0: Y5
laid 0: 1 run1-12=R1,R2,R3,R4,R5,R6,R7,R8,R9,R10,R11,R12
hand 1: Y6 G11
laid 1: 1 run1-12=B1,B2,B3,B4,B5,B6,B7,B8,B9,B10,B11,B12
discard: G1 G2
stock: shuffled
"""


def saved_result(state: phase10.State) -> Any:
    return json.loads(state.to_json())["state"]["results"][-1]


@ruling("P10-53", "P10-61")
def test_a_stopped_tie_break_names_and_tells_the_credited_winner_under_lowest() -> None:
    state, _ = stopped_tiebreak("lowest")  # seat 0 holds 75 points, seat 1 80
    assert round_over(state)["credited"] == 0 and round_over(state)["out"] is None
    assert state.view(None)["last_round"]["credited"] == 0
    assert saved_result(state)["credited"] == 0 and state.outcome().winners == {0}
    assert told(state, None) == {
        "en": "Tie-break hand 2 is stopped at the move limit: nobody went out. "
              "P0 holds the fewest points and wins it.",
        "da": "Omspillet, hånd 2, er stoppet ved trækgrænsen: ingen gik ud. "
              "P0 har færrest point og vinder det.",
        "ar": "توقفت يد كسر التعادل 2 عند حد الحركات: لم يُنهِ أحد أوراقه. "
              "لدى P0 أقل النقاط، فيفوز بها.",
    }
    assert told(state, 0) == {
        "en": "Tie-break hand 2 is stopped at the move limit: nobody went out. "
              "You hold the fewest points and win it.",
        "da": "Omspillet, hånd 2, er stoppet ved trækgrænsen: ingen gik ud. "
              "Du har færrest point og vinder det.",
        "ar": "توقفت يد كسر التعادل 2 عند حد الحركات: لم يُنهِ أحد أوراقه. "
              "لديك أقل النقاط، فتفوز بها.",
    }
    text = state.to_json()
    assert phase10.State.from_json(text).to_json() == text
    again = phase10.from_position(state.to_position())  # the position line keeps it
    assert again.results[-1]["credited"] == 0


@ruling("P10-53", "P10-61")
def test_a_stopped_tie_break_credits_nobody_under_dead_or_a_tie_for_fewest() -> None:
    dead, _ = stopped_tiebreak("dead")
    tie, _ = stopped_tiebreak("lowest", hand0="B2 Y2 R3 B3 G6 R8 B8 R10 G11 W")  # 80 each
    for state in (dead, tie):
        assert round_over(state)["credited"] is None
        assert state.results[-1]["credited"] is None and saved_result(state)["credited"] is None
        assert told(state, None)["en"] == ("Tie-break hand 2 is stopped at the move limit: "
                                           "nobody went out.")
        assert "credited" not in state.to_position().split("result 1:")[1].split("\n")[0]


@ruling("P10-51", "P10-52")
def test_a_blocked_hand_under_lowest_names_and_tells_the_seat_counted_as_out() -> None:
    state = blocked("lowest")  # seat 0 keeps Y5 (5 points), seat 1 G11 (10)
    events = state.apply("1:discard Y6")
    over = next(e for e in events if e.kind == "round_over")
    assert over.data["credited"] == 0 and over.data["out"] is None
    assert state.view(1)["last_round"]["credited"] == 0 and saved_result(state)["credited"] == 0
    assert told(state, 1, events) == {
        "en": "Nobody can go out of hand 1: P0 holds the fewest points and counts as out.",
        "da": "Ingen kan gå ud af hånd 1: P0 har færrest point og regnes som gået ud.",
        "ar": "لا يستطيع أحد إنهاء أوراقه في اليد 1: لدى P0 أقل النقاط، فيُعد كأنه أنهى يده.",
    }
    assert told(state, 0, events) == {
        "en": "Nobody can go out of hand 1: you hold the fewest points and count as out.",
        "da": "Ingen kan gå ud af hånd 1: du har færrest point og regnes som gået ud.",
        "ar": "لا يستطيع أحد إنهاء أوراقه في اليد 1: لديك أقل النقاط، فتُعد كأنك أنهيت يدك.",
    }
    # the next hand's table says it too, under "Last hand"
    last = [f["value"] for f in present(state.view(1))["facts"]
            if f["label"] == {"msg": "Last hand", "args": {}}]
    assert [words_for(lang, "phase10").text(last[0]) for lang in ("en", "da", "ar")] == [
        "hand 1: nobody went out, P0 counted as out",
        "hånd 1: ingen gik ud, P0 blev regnet som gået ud",
        "اليد 1: لم يُنهِ أحد أوراقه، وعُدّ P0 كأنه أنهى يده"]
    text = state.to_json()
    assert phase10.State.from_json(text).to_json() == text


@ruling("P10-51", "P10-59")
def test_a_blocked_hand_under_dead_credits_nobody_and_reads_as_before() -> None:
    state = blocked("dead")
    events = state.apply("1:discard Y6")
    assert next(e for e in events if e.kind == "round_over").data["credited"] is None
    assert saved_result(state)["credited"] is None
    assert told(state, None, events) == {"en": "Hand 1 is over.", "da": "Hånd 1 er slut.",
                                 "ar": "انتهت اليد 1."}


@ruling("P10-51", "P10-53")
def test_a_blocked_tie_break_tells_the_credited_winner() -> None:
    state = blocked_tiebreak("dead", [5, 0])  # settled on points under either value
    events = state.apply("1:draw") + state.apply("1:discard G11")  # Y12 (10) vs Y5 (5)
    over = next(e for e in events if e.kind == "round_over")
    assert over.data["credited"] == 0 and state.outcome().winners == {0}
    assert state.view(None)["last_round"]["credited"] == 0
    assert told(state, None, events) == {
        "en": "Nobody can go out of tie-break hand 2: P0 holds the fewest points and wins it.",
        "da": "Ingen kan gå ud af omspillet, hånd 2: P0 har færrest point og vinder det.",
        "ar": "لا يستطيع أحد إنهاء أوراقه في يد كسر التعادل 2: لدى P0 أقل النقاط، فيفوز بها.",
    }
    assert told(state, 0, events)["en"] == ("Nobody can go out of tie-break hand 2: you hold the "
                                    "fewest points and win it.")


def test_a_seat_out_credits_nobody() -> None:
    state = game("R3 B3 G3 R7 B7 W Y3 Y7 G7 G12", "R1 B2 G4 Y5 R6 B8 G9 Y10 R11 B12",
                 discard="B11", stock="G3")
    play(state, "0:draw", "0:lay set3=R3,B3,G3 set7=R7,B7,W", "0:hit Y3>0.0", "0:hit G3>0.0",
         "0:hit Y7>0.1", "0:hit G7>0.1", "0:discard G12")
    assert round_over(state)["out"] == 0 and round_over(state)["credited"] is None
    assert state.results[0]["credited"] is None


@ruling("P10-51")
def test_an_engine_5_save_derives_credited_and_one_holding_it_is_refused() -> None:
    state = blocked("lowest")
    state.apply("1:discard Y6")
    old = as_engine_5(state.to_json())
    assert all("credited" not in res for res in json.loads(old)["state"]["results"])
    loaded = phase10.State.from_json(old)  # its engine did not record the credited seat:
    assert loaded.results[0]["credited"] == 0  # its figures show it (added [0, 10])
    assert loaded.view(None)["last_round"]["credited"] == 0
    assert json.loads(loaded.to_json())["state"]["results"][0]["credited"] == 0
    for value in (0, None):
        save = json.loads(old)
        save["state"]["results"][0]["credited"] = value
        with pytest.raises(StateError, match="engine 5 holds credited"):
            phase10.State.from_json(json.dumps(save))


@ruling("P10-51", "P10-53")
def test_a_save_whose_credited_seat_contradicts_its_hand_is_refused() -> None:
    state = blocked("lowest")
    state.apply("1:discard Y6")
    good = json.loads(state.to_json())
    for credited, match in ((1, "scores as the one out"), (True, "results"),
                            (2, "results"), (-1, "results")):
        save = json.loads(json.dumps(good))
        save["state"]["results"][0]["credited"] = credited
        with pytest.raises(StateError, match=match):
            phase10.State.from_json(json.dumps(save))
    won, _ = stopped_tiebreak("lowest")
    for key, value, match in (("credited", 1, "wins it"), ("out", 0, "nobody out")):
        save = json.loads(won.to_json())
        save["state"]["results"][-1][key] = value
        with pytest.raises(StateError, match=match):
            phase10.State.from_json(json.dumps(save))


#: Saves written by engine 5 (commit 520c589^, before ``credited``), by
#: ``tests/phase10/test_p10_blocked.py``'s scenarios of that commit: ``kind`` names each.
ENGINE_5 = {item["kind"]: item["save"] for item in json.loads(
    (Path(__file__).parent / "data" / "engine5_saves.json").read_text())}


@ruling("P10-51", "P10-52", "P10-53")
def test_engine_5_saves_get_the_credited_seat_their_figures_show() -> None:
    expected = {"blocked_lowest": [0], "blocked_lowest_winner_scoring": [0],
                "blocked_dead": [None], "blocked_tiebreak": [None, 0]}
    for kind, text in ENGINE_5.items():
        save = json.loads(text)
        assert save["engine"] == 5
        assert all("credited" not in res for res in save["state"]["results"]), kind
        state = phase10.State.from_json(text)
        assert [res["credited"] for res in state.results] == expected[kind], kind
        assert state.view(None)["last_round"]["credited"] == expected[kind][-1], kind
        again = state.to_json()  # saved by engine 6, credited and all
        assert json.loads(again)["engine"] == 6
        assert phase10.State.from_json(again).to_json() == again, kind
    # two seats: added [0, 10] is seat 0 credited under penalty scoring, [10, 0] under
    # "winner" (seat 0 collects seat 1's 10): the rules decide which figure shows it
    winner = phase10.State.from_json(ENGINE_5["blocked_lowest_winner_scoring"])
    assert winner.results[0]["added"] == (10, 0) and winner.rules.scoring == "winner"
    # the tie-break hand it won is told as engine 6 tells it
    tiebreak = phase10.State.from_json(ENGINE_5["blocked_tiebreak"])
    assert tiebreak.is_over and tiebreak.outcome().winners == {0}
    over = {"kind": "round_over", **tiebreak.view(None)["last_round"]}  # its hand was
    # made up, so it has no log to replay: the event as the view's last_round keeps it
    assert words_for("en", "phase10").text(describe(over, tiebreak.view(None))) == (
        "Nobody can go out of tie-break hand 2: P0 holds the fewest points and wins it.")


@ruling("P10-51")
def test_an_engine_5_save_with_a_credited_hand_replays_to_itself() -> None:
    """Engine 5 played a blocked hand under ``blocked_hand="lowest"`` as engine 6 does;
    with ``credited`` left null its history replayed to a sheet that named the seat, and
    ``verify`` refused the save as contradicting its history."""
    for kind in ("blocked_lowest", "blocked_lowest_winner_scoring"):  # 0.3 s each
        state = phase10.State.from_json(ENGINE_5[kind], verify=True)
        assert state.results[0]["credited"] == 0
        state.apply(f"{state.to_act}:draw")  # and plays on, saved by engine 6
        text = state.to_json()
        assert phase10.State.from_json(text).to_json() == text


def test_credited_is_derived_only_where_the_figures_show_one_seat() -> None:
    def res(i: int, added: list[int], tiebreak: bool = False,
            limit_hit: bool = False) -> dict[str, Any]:
        return {"round": i, "out": None, "added": added, "tiebreak": tiebreak,
                "phase_laid": [None] * len(added), "limit_hit": limit_hit, "credited": None}

    def derived(sheet: list[dict[str, Any]], winner: int = -1,
                winner_scores: bool = False) -> list[int | None]:
        return [r["credited"] for r in credited_derived(sheet, winner, winner_scores)]

    assert derived([res(0, [5, 10, 0])]) == [2]  # P10-51 under blocked_hand="lowest"
    assert derived([res(0, [5, 10, 20])]) == [None]  # dead (P10-59): everyone scored
    assert derived([res(0, [0, 0, 30])], winner_scores=True) == [2]
    assert derived([res(0, [0, 0, 0])], winner_scores=True) == [None]  # dead, nobody paid
    assert derived([res(0, [5, 10, 0], limit_hit=True)]) == [None]  # contradicts: no guess
    # a tie-break hand: a seat sitting out adds 0 as well, so only the winner counts
    assert derived([res(0, [5, 10, 0]), res(1, [0, 10, 0], tiebreak=True)], 0) == [2, 0]
    assert derived([res(0, [5, 5, 0], tiebreak=True), res(1, [0, 10, 0], tiebreak=True)],
                   0) == [None, 0]  # the replayed tie-break hand credited nobody
    assert derived([res(0, [0, 10, 0], tiebreak=True)]) == [None]  # the game goes on
    assert derived([res(0, [5, 10, 0], tiebreak=True)], 1) == [None]  # not as one out
    out = {**res(0, [0, 10]), "out": 0}
    assert credited_derived([out], -1, False)[0]["credited"] is None
