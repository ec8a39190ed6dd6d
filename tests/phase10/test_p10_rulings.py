"""Scenario tests, one or more per ruling, on stacked decks (refusals included)."""

from __future__ import annotations

from collections import Counter

import pytest
from p10_scenarios import game, legal, phase10_end, play, refused

from tablegames import phase10
from tablegames.common.errors import SetupError
from tablegames.phase10 import PACK, SmartBot, new_game
from tablegames.phase10.cards import NAMES, POINTS, SKIP, WILD

JUNK1 = "R1 B2 G4 Y5 R6 B8 G9 Y10 R11 B12"
JUNK2 = "Y3 G5 B6 R8 Y9 G10 Y11 R12 B1 G2"
PHASE1 = "R3 B3 G3 R7 B7 W Y1 Y2 G11 G12"


def finish_with_bots(state) -> None:  # type: ignore[no-untyped-def]
    bots = [SmartBot(s) for s in range(state.n)]
    while not state.is_over:
        state.apply(bots[state.to_act].choose(state))


# ---------------------------------------------------------------- cards
@pytest.mark.ruling("P10-01")
def test_pack_has_108_cards() -> None:
    assert PACK.size == 108
    numbers = [c for c in range(48)]
    assert sum(PACK.counts[c] for c in numbers) == 96
    assert all(PACK.counts[c] == 2 for c in numbers)
    assert PACK.counts[WILD] == 8 and PACK.counts[SKIP] == 4
    assert sorted({NAMES[c][0] for c in numbers}) == ["B", "G", "R", "Y"]
    state = new_game(players=4, seed=3)
    v = state.view(None)
    assert sum(v["hand_sizes"]) + v["stock"] + len(v["discard"]) == 108


# ---------------------------------------------------------------- the ten phases
PHASE_EXAMPLES = [
    pytest.param(1, "R3 B3 G3 R7 B7 Y7 Y1 Y2 G11 G12", "set3=R3,B3,G3 set7=R7,B7,Y7",
                 marks=pytest.mark.ruling("P10-10")),
    pytest.param(2, "R3 B3 G3 R5 B6 G7 Y8 Y1 G11 G12", "set3=R3,B3,G3 run5-8=R5,B6,G7,Y8",
                 marks=pytest.mark.ruling("P10-11")),
    pytest.param(3, "R3 B3 G3 Y3 R5 B6 G7 Y8 Y1 G11", "set3=R3,B3,G3,Y3 run5-8=R5,B6,G7,Y8",
                 marks=pytest.mark.ruling("P10-12")),
    pytest.param(4, "R1 B2 G3 Y4 R5 B6 G7 Y9 Y11 G11", "run1-7=R1,B2,G3,Y4,R5,B6,G7",
                 marks=pytest.mark.ruling("P10-13")),
    pytest.param(5, "R1 B2 G3 Y4 R5 B6 G7 Y8 Y11 G11", "run1-8=R1,B2,G3,Y4,R5,B6,G7,Y8",
                 marks=pytest.mark.ruling("P10-14")),
    pytest.param(6, "R1 B2 G3 Y4 R5 B6 G7 Y8 R9 G11", "run1-9=R1,B2,G3,Y4,R5,B6,G7,Y8,R9",
                 marks=pytest.mark.ruling("P10-15")),
    pytest.param(7, "R3 B3 G3 Y3 R7 B7 G7 Y7 Y1 G11", "set3=R3,B3,G3,Y3 set7=R7,B7,G7,Y7",
                 marks=pytest.mark.ruling("P10-16")),
    pytest.param(8, "R1 R2 R4 R5 R7 R9 R11 B3 G3 Y3", "colR=R1,R2,R4,R5,R7,R9,R11",
                 marks=pytest.mark.ruling("P10-17")),
    pytest.param(9, "R3 B3 G3 Y3 R3 R7 B7 Y1 G11 G12", "set3=R3,R3,B3,G3,Y3 set7=R7,B7",
                 marks=pytest.mark.ruling("P10-18")),
    pytest.param(10, "R3 B3 G3 Y3 R3 R7 B7 G7 G11 G12", "set3=R3,R3,B3,G3,Y3 set7=R7,B7,G7",
                 marks=pytest.mark.ruling("P10-19")),
]


@pytest.mark.parametrize(("number", "hand", "lay"), PHASE_EXAMPLES)
def test_each_phase_can_be_laid(number: int, hand: str, lay: str) -> None:
    state = game(hand, "R12 B12 G12 Y12 R10 B10 G10 Y10 Y6 B4", discard="B11", stock="Y12",
                 phases=[number, 1])
    assert state.view(0)["phases"][0]["phase"] == number
    state.apply("0:draw")
    assert f"0:lay {lay}" in legal(state)
    wrong = "set3=R3,B3,G3" if number == 8 else "colB=B1,B2,B3,B4,B5,B6,B7"
    refused(state, f"0:lay {wrong}", "wrong_phase", "P10-41")
    state.apply(f"0:lay {lay}")
    assert state.view(0)["completed"][0] == number
    assert state.view(0)["down"][0]


@pytest.mark.ruling("P10-10", "P10-11", "P10-17")
def test_wrong_groups_are_refused() -> None:
    state = game("R3 B3 G3 R5 B6 G7 Y8 R1 R2 R4", JUNK1.replace("R1", "Y1"), discard="B11",
                 stock="Y12", phases=[2, 1])
    state.apply("0:draw")
    refused(state, "0:lay set3=R3,B3,G7 run5-8=R5,B6,G7,Y8", "not_a_set", "P10-10")
    refused(state, "0:lay set3=R3,B3,G3 run5-8=R5,B6,Y8,G7", "not_a_run", "P10-11")
    refused(state, "0:lay set3=R3,B3,G3 run4-7=W,R5,B6,G7", "not_in_hand", "P10-42")
    state2 = game("R1 R2 R4 R5 R7 R9 B11 B3 G3 Y3", JUNK2, discard="B12", stock="Y12",
                  phases=[8, 1])
    state2.apply("0:draw")
    refused(state2, "0:lay colR=R1,R2,R4,R5,R7,R9,B11", "not_one_colour", "P10-17")


# ---------------------------------------------------------------- skips and wilds
@pytest.mark.ruling("P10-20")
def test_skip_makes_the_chosen_player_lose_a_turn() -> None:
    state = game("S " + PHASE1[:-4], JUNK1, JUNK2, discard="Y4", stock="Y6 R2 B4")
    state.apply("0:draw")
    assert {"0:discard S>1", "0:discard S>2"} <= set(legal(state))
    refused(state, "0:discard S", "skip_needs_target", "P10-20")
    refused(state, "0:discard S>0", "skip_self", "P10-20")
    events = state.apply("0:discard S>2")
    assert events[0].data["skips"] == 2
    assert state.view(None)["pending_skips"] == [2]
    play(state, "1:draw", "1:discard R1")
    assert state.to_act == 0  # seat 2 lost its turn
    assert state.view(None)["pending_skips"] == []


@pytest.mark.ruling("P10-21")
def test_a_drawn_skip_may_be_kept_for_later() -> None:
    state = game(PHASE1, JUNK1, JUNK2, discard="Y4", stock="S R2 B4 Y6")
    play(state, "0:draw", "0:discard G12")
    assert "S" in state.view(0)["hand"]
    play(state, "1:draw", "1:discard R1", "2:draw", "2:discard Y3", "0:draw")
    assert "0:discard S>1" in legal(state)
    state.apply("0:discard S>1")
    assert state.to_act == 2


@pytest.mark.ruling("P10-22")
def test_a_skip_is_never_part_of_a_phase() -> None:
    state = game("R3 B3 G3 R7 B7 S Y1 Y2 G11 G12", JUNK1, JUNK2, discard="Y4", stock="Y7")
    state.apply("0:draw")
    assert all(SKIP not in g.cards for a in state.lay_actions(0) for g in a.groups)  # type: ignore[attr-defined]
    refused(state, "0:lay set3=R3,B3,G3 set7=R7,B7,S", "skip_in_phase", "P10-22")
    state.apply("0:lay set3=R3,B3,G3 set7=R7,B7,Y7")
    refused(state, "0:hit S>0.0", "skip_in_phase", "P10-22")
    assert not any(a.startswith("0:hit S") for a in legal(state))


@pytest.mark.ruling("P10-23", "P10-25")
def test_first_discard_skip_skips_the_first_player_and_cannot_be_taken() -> None:
    state = game(PHASE1, JUNK1, JUNK2, discard="S", stock="Y6 R2")
    assert state.to_act == 1  # seat 0, left of the dealer (seat 2), is skipped
    assert legal(state) == ["1:draw"]
    refused(state, "1:take", "take_skip", "P10-23")


@pytest.mark.ruling("P10-25")
def test_twist_covers_a_first_discard_skip() -> None:
    state = game(PHASE1, JUNK1, JUNK2, discard="S", stock="Y6 R2", rules="twist")
    assert state.to_act == 0
    assert state.view(None)["discard"] == ["S", "Y6"]
    assert legal(state) == ["0:draw", "0:take"]
    state.apply("0:take")
    assert "Y6" in state.view(0)["hand"]


@pytest.mark.ruling("P10-25")
def test_twist_covers_again_while_the_cover_is_a_skip() -> None:
    state = game(PHASE1, JUNK1, JUNK2, discard="S", stock="S S W Y6", rules="twist")
    assert state.view(None)["discard"] == ["S", "S", "S", "W"]
    assert state.to_act == 0 and legal(state) == ["0:draw", "0:take"]
    state.apply("0:draw")  # the covers came off the top of the draw pile, in order
    assert "Y6" in state.view(0)["hand"]


@pytest.mark.ruling("P10-24")
def test_a_player_is_skipped_only_once_at_a_time() -> None:
    state = game("S S R3 B3 G3 R7 B7 W Y1 Y2", "S " + JUNK1[:-4], JUNK2, "R4 B4 G6 Y6 R9 B9 G8 Y8 R10 B10",
                 discard="Y4", stock="G1 G2 B5 Y12 G12")
    play(state, "0:draw", "0:discard S>2", "1:draw")
    assert "1:discard S>2" not in legal(state)
    refused(state, "1:discard S>2", "already_skipped", "P10-24")
    state.apply("1:discard S>3")
    assert state.to_act == 0  # seats 2 and 3 were both passed over
    state.apply("0:draw")
    assert "0:discard S>2" in legal(state)  # seat 2's skip has been served


@pytest.mark.ruling("P10-26")
def test_wild_stands_for_any_number_or_colour_but_not_a_skip() -> None:
    state = game("R1 R2 R4 R5 R7 R9 W B3 G3 Y3", JUNK1, discard="B11", stock="Y12",
                 phases=[8, 1])
    state.apply("0:draw")
    assert "0:lay colR=R1,R2,R4,R5,R7,R9,W" in legal(state)
    refused(state, "0:discard W>1", "wild_not_skip", "P10-26")
    state.apply("0:lay colR=R1,R2,R4,R5,R7,R9,W")
    state2 = game(PHASE1, JUNK1, discard="B11", stock="Y12")
    state2.apply("0:draw")
    assert "0:lay set3=R3,B3,G3 set7=R7,B7,W" in legal(state2)  # the Wild is a seven


# ---------------------------------------------------------------- play
@pytest.mark.ruling("P10-30")
def test_deal_ten_each_and_turn_up_the_first_discard() -> None:
    state = game(PHASE1, JUNK1, JUNK2, "R4 B4 G6 Y6 R9 B9 G8 Y8 R10 B10", discard="Y4",
                 stock="Y6")
    v = state.view(0)
    assert v["hand_sizes"] == [10, 10, 10, 10]
    assert v["discard"] == ["Y4"] and v["stock"] == 108 - 41
    assert sorted(v["hand"]) == sorted(PHASE1.split())
    assert sorted(state.view(2)["hand"]) == sorted(JUNK2.split())


@pytest.mark.ruling("P10-31")
def test_left_of_dealer_starts_and_a_turn_is_draw_then_discard() -> None:
    state = game(PHASE1, JUNK1, JUNK2, discard="Y4", stock="Y6 R2 B4 G6", dealer=0)
    assert state.to_act == 1
    refused(state, "0:draw", "out_of_turn", "P10-31")
    assert sorted(state.view(1)["hand"]) == sorted(PHASE1.split())  # dealt first
    refused(state, "1:discard G12", "draw_first", "P10-31")
    state.apply("1:take")
    assert "Y4" in state.view(1)["hand"]
    refused(state, "1:draw", "already_drew", "P10-31")
    state.apply("1:discard G12")
    assert state.to_act == 2 and state.view(None)["discard_top"] == "G12"
    play(state, "2:draw", "2:discard R1")
    assert state.to_act == 0


@pytest.mark.ruling("P10-32")
def test_everyone_starts_on_phase_1() -> None:
    state = new_game(players=5, seed=9)
    assert [p["phase"] for p in state.view(None)["phases"]] == [1] * 5


# ---------------------------------------------------------------- completing phases
@pytest.mark.ruling("P10-40")
def test_lay_the_phase_before_discarding() -> None:
    state = game(PHASE1, JUNK1, discard="B11", stock="Y6")
    assert not any(a.startswith("0:lay") for a in legal(state))  # not before drawing
    state.apply("0:draw")
    lays = [a for a in legal(state) if a.startswith("0:lay")]
    assert lays == ["0:lay set3=R3,B3,G3 set7=R7,B7,W"]
    play(state, lays[0], "0:discard G12")
    assert state.to_act == 1
    assert [g["cards"] for g in state.view(1)["laid"][0]] == [["R3", "B3", "G3"], ["R7", "B7", "W"]]


@pytest.mark.ruling("P10-41")
def test_phases_in_order() -> None:
    state = game("R3 B3 G3 R5 B6 G7 Y8 Y1 G11 G12", JUNK1, discard="B11", stock="Y12")
    state.apply("0:draw")
    assert not any(a.startswith("0:lay") for a in legal(state))  # phase 2's cards, on phase 1
    refused(state, "0:lay set3=R3,B3,G3 run5-8=R5,B6,G7,Y8", "wrong_phase", "P10-41")


@pytest.mark.ruling("P10-42")
def test_the_whole_phase_must_be_in_hand() -> None:
    state = game(PHASE1, JUNK1, discard="B11", stock="Y12")
    state.apply("0:draw")
    refused(state, "0:lay set3=R3,B3,G3", "incomplete_phase", "P10-42")
    refused(state, "0:lay set3=R3,B3,G3 set7=R7,B7", "incomplete_phase", "P10-42")
    refused(state, "0:lay set3=R3,B3,G3 set7=R7,B7,Y7", "not_in_hand", "P10-42")


@pytest.mark.ruling("P10-43")
def test_extra_cards_go_on_by_hitting_the_new_groups() -> None:
    state = game("R3 B3 G3 Y3 R7 B7 W Y1 Y2 G11", JUNK1, discard="B11", stock="Y12")
    state.apply("0:draw")
    refused(state, "0:lay set3=R3,B3,G3,Y3 set7=R7,B7,W", "lay_exact", "P10-43")
    state.apply("0:lay set3=B3,G3,Y3 set7=R7,B7,W")
    assert "0:hit R3>0.0" in legal(state)
    state.apply("0:hit R3>0.0")
    assert state.view(0)["laid"][0][0]["cards"] == ["R3", "B3", "G3", "Y3"]
    # under "hit only from the next turn", extras on one's own new groups stay allowed
    hn = game("R3 B3 G3 Y3 R7 B7 W Y1 Y2 G11", JUNK1, discard="B11", stock="Y12",
              rules="hit-next-turn")
    play(hn, "0:draw", "0:lay set3=B3,G3,Y3 set7=R7,B7,W", "0:hit R3>0.0")


@pytest.mark.ruling("P10-44")
def test_one_phase_per_hand() -> None:
    state = game(PHASE1 + "", JUNK1, discard="B11", stock="Y12 R5 B5 B7")
    play(state, "0:draw", "0:lay set3=R3,B3,G3 set7=R7,B7,W")
    refused(state, "0:lay set3=R3,B3,G3 set7=R7,B7,W", "already_down", "P10-44")
    play(state, "0:discard G12", "1:draw", "1:discard R1", "0:draw")
    assert not any(a.startswith("0:lay") for a in legal(state))


@pytest.mark.ruling("P10-44", "P10-45")
def test_a_run_of_nine_on_phase_4_is_phase_4_only() -> None:
    state = game("R1 B2 G3 Y4 R5 B6 G7 Y8 R9 Y9", JUNK2, discard="B11", stock="G9",
                 phases=[4, 1])
    play(state, "0:draw", "0:lay run1-7=R1,B2,G3,Y4,R5,B6,G7", "0:hit Y8>0.0", "0:hit R9>0.0")
    assert state.view(0)["completed"][0] == 4
    play(state, "0:discard Y9", "1:draw")
    assert state.view(None)["laid"][0][0]["numbers"] == list(range(1, 10))
    finish_hand = state.round
    bots = [SmartBot(1), SmartBot(2)]
    while state.round == finish_hand:
        state.apply(bots[state.to_act].choose(state))
    assert state.view(None)["phases"][0]["phase"] == 5


def going_out_game(**kwargs: object):  # type: ignore[no-untyped-def]
    """Seat 0 lays phase 1, seat 1 then lays it and goes out by hitting everything."""
    return game(PHASE1, "R5 B5 G5 R9 B9 G9 Y5 Y9 W W", JUNK2, discard="B11",
                stock="Y12 B5", **kwargs)


@pytest.mark.ruling("P10-45", "P10-46", "P10-51")
def test_credit_when_laid_and_the_next_phase_next_hand() -> None:
    state = going_out_game()
    play(state, "0:draw", "0:lay set3=R3,B3,G3 set7=R7,B7,W")
    assert state.view(None)["completed"] == [1, 0, 0]  # credit at once
    play(state, "0:discard G12", "1:draw", "1:lay set5=R5,B5,G5 set9=R9,B9,G9")
    for hit in ("1:hit Y5>1.0", "1:hit B5>1.0", "1:hit Y9>1.1", "1:hit W>1.1", "1:hit W>0.0"):
        state.apply(hit)
    last = state.view(None)["last_round"]
    assert last["out"] == 1 and last["round"] == 0  # going out ended the hand for all
    assert state.round == 1
    assert [p["phase"] for p in state.view(None)["phases"]] == [2, 2, 1]


@pytest.mark.ruling("P10-54", "P10-50")
def test_a_laid_wild_keeps_its_value_and_only_a_seat_down_hits() -> None:
    state = game("R3 B3 G3 R5 W G7 Y8 Y1 G11 G12", "B6 " + JUNK1[:-4].replace("R6 ", "Y6 "),
                 discard="B11", stock="Y12", phases=[2, 2])
    play(state, "0:draw", "0:lay set3=R3,B3,G3 run5-8=R5,W,G7,Y8")
    assert state.view(None)["laid"][0][1]["numbers"] == [5, 6, 7, 8]
    play(state, "0:discard G12", "1:draw")
    refused(state, "1:hit B6>0.1", "not_down", "P10-50")


@pytest.mark.ruling("P10-47", "P10-11")
def test_no_card_replaces_a_laid_wild() -> None:
    state = game("R3 B3 G3 R5 W G7 Y8 B6 G11 G12", JUNK1, discard="B11", stock="G5",
                 phases=[2, 1])
    play(state, "0:draw", "0:lay set3=R3,B3,G3 run5-8=R5,W,G7,Y8")
    refused(state, "0:hit B6>0.1", "no_swap", "P10-47")
    assert not any("B6>" in a for a in legal(state))
    # a natural the run already has is refused for that, not as a swap
    refused(state, "0:hit G5>0.1", "already_in_run", "P10-11")


# ---------------------------------------------------------------- hitting, going out, scoring
@pytest.mark.ruling("P10-50")
def test_hitting_after_your_phase_is_down() -> None:
    state = game(PHASE1, "R5 B5 G5 R9 B9 G9 Y5 Y7 Y3 W", JUNK2, discard="B11", stock="Y12 B3")
    play(state, "0:draw")
    refused(state, "0:hit G3>0.0", "not_down", "P10-50")
    play(state, "0:lay set3=R3,B3,G3 set7=R7,B7,W")
    refused(state, "0:hit G11>1.0", "no_such_group", "P10-50")
    play(state, "0:discard G12", "1:draw")
    refused(state, "1:hit Y3>0.0", "not_down", "P10-50")  # before seat 1's phase is down
    play(state, "1:lay set5=R5,B5,G5 set9=R9,B9,G9")
    # same turn: onto its own groups and onto seat 0's
    assert {"1:hit Y5>1.0", "1:hit Y3>0.0", "1:hit Y7>0.1", "1:hit B3>0.0",
            "1:hit W>0.0"} <= set(legal(state))
    play(state, "1:hit Y3>0.0", "1:hit Y7>0.1")
    assert state.view(None)["laid"][0][1]["cards"] == ["R7", "B7", "Y7", "W"]
    refused(state, "1:hit Y12>0.0", "not_in_hand", "P10-50")
    refused(state, "1:hit B3>1.1", "wrong_number", "P10-10")


@pytest.mark.ruling("P10-50")
def test_house_rule_hitting_only_from_the_next_turn() -> None:
    state = game(PHASE1, "R5 B5 G5 R9 B9 G9 Y5 Y7 Y3 W", JUNK2, discard="B11",
                 stock="Y12 B3 G6 G8 Y1", rules="hit-next-turn")
    play(state, "0:draw", "0:lay set3=R3,B3,G3 set7=R7,B7,W", "0:discard G12", "1:draw",
         "1:lay set5=R5,B5,G5 set9=R9,B9,G9")
    refused(state, "1:hit Y3>0.0", "hit_next_turn", "P10-50")
    assert not any(a.startswith("1:hit") and ">0." in a for a in legal(state))
    play(state, "1:hit Y5>1.0", "1:discard B3", "2:draw", "2:discard Y3", "0:draw",
         "0:discard G8", "1:draw")
    state.apply("1:hit Y3>0.0")


@pytest.mark.ruling("P10-51", "P10-52")
def test_going_out_by_discarding_and_scoring() -> None:
    state = game("R3 B3 G3 R7 B7 W Y3 Y7 G7 G12", JUNK1, "S W Y9 G10 Y11 R12 B1 G2 R8 G5",
                 discard="B11", stock="Y12")
    play(state, "0:draw", "0:lay set3=R3,B3,G3 set7=R7,B7,W", "0:hit Y3>0.0", "0:hit Y7>0.1",
         "0:hit G7>0.1")
    assert state.view(0)["hand"] == ["G12", "Y12"]
    play(state, "0:discard G12")
    assert state.round == 0 and state.to_act == 1  # one card left: not out yet
    state2 = game("R3 B3 G3 R7 B7 W Y3 Y7 G7 G12", JUNK1, "S W Y9 G10 Y11 R12 B1 G2 R8 G5",
                  discard="B11", stock="G3")
    play(state2, "0:draw", "0:lay set3=R3,B3,G3 set7=R7,B7,W", "0:hit Y3>0.0", "0:hit G3>0.0",
         "0:hit Y7>0.1", "0:hit G7>0.1")
    state2.apply("0:discard G12")  # the last card: out
    last = state2.view(None)["last_round"]
    assert last["out"] == 0
    assert last["added"] == [0, 5 * 7 + 10 * 3, 15 + 25 + 5 * 5 + 10 * 3]
    assert state2.view(None)["scores"] == last["added"]
    assert POINTS[SKIP] == 15 and POINTS[WILD] == 25


@pytest.mark.ruling("P10-51")
def test_going_out_by_hitting_needs_no_discard() -> None:
    state = going_out_game()
    play(state, "0:draw", "0:lay set3=R3,B3,G3 set7=R7,B7,W", "0:discard G12", "1:draw",
         "1:lay set5=R5,B5,G5 set9=R9,B9,G9", "1:hit Y5>1.0", "1:hit B5>1.0", "1:hit Y9>1.1",
         "1:hit W>1.1")
    assert state.round == 0
    state.apply("1:hit W>0.0")
    assert state.round == 1 and state.view(None)["last_round"]["out"] == 1


@pytest.mark.ruling("P10-53")
def test_game_ends_after_the_hand_someone_completes_phase_10() -> None:
    state = phase10_end([0, 20, 0])
    assert state.is_over
    out = state.outcome()
    assert out.winners == {0}  # 15 points beats 20; seat 2 never finished phase 10
    assert out.scores == (15, 20, 5 * 6 + 10 * 4)


@pytest.mark.ruling("P10-53")
def test_tied_finishers_play_a_tie_break_hand() -> None:
    state = phase10_end([0, 15, 0])
    v = state.view(None)
    assert not state.is_over and v["tiebreak"] and v["playing"] == [True, True, False]
    assert v["phases"][2] is None and v["hand_sizes"][2] == 0
    assert [p["phase"] for p in v["phases"][:2]] == [10, 10]
    seen = set()
    bots = [SmartBot(7), SmartBot(8), SmartBot(9)]
    while not state.is_over:
        seen.add(state.to_act)
        state.apply(bots[state.to_act].choose(state))
    assert 2 not in seen
    winner = next(iter(state.outcome().winners))
    assert state.results[-1]["tiebreak"] and state.results[-1]["out"] == winner


@pytest.mark.ruling("P10-54")
def test_each_group_needs_a_natural_card() -> None:
    state = game("R3 B3 G3 W W W Y1 Y2 G11 G12", JUNK1, discard="B11", stock="Y12")
    state.apply("0:draw")
    assert not any("=W,W,W" in a for a in legal(state))
    refused(state, "0:lay set3=R3,B3,G3 set5=W,W,W", "no_natural", "P10-54")
    literal = game("R3 B3 G3 W W W Y1 Y2 G11 G12", JUNK1, discard="B11", stock="Y12",
                   rules="natural-per-phase")
    literal.apply("0:draw")
    assert "0:lay set3=R3,B3,G3 set5=W,W,W" in legal(literal)
    literal.apply("0:lay set3=R3,B3,G3 set5=W,W,W")
    assert literal.view(None)["laid"][0][1]["number"] == 5


@pytest.mark.ruling("P10-54")
def test_a_wild_hit_on_a_run_names_its_number() -> None:
    state = game("R3 B3 G3 R5 B6 G7 Y8 W W G12", JUNK1, discard="B11", stock="Y12",
                 phases=[2, 1])
    play(state, "0:draw", "0:lay set3=R3,B3,G3 run5-8=R5,B6,G7,Y8")
    assert {"0:hit W=4>0.1", "0:hit W=9>0.1", "0:hit W>0.0"} <= set(legal(state))
    refused(state, "0:hit W>0.1", "wild_value", "P10-54")
    refused(state, "0:hit W=6>0.1", "wild_value", "P10-54")
    play(state, "0:hit W=4>0.1")
    assert state.view(None)["laid"][0][1]["numbers"] == [4, 5, 6, 7, 8]
    assert state.view(None)["laid"][0][1]["cards"] == ["W", "R5", "B6", "G7", "Y8"]


@pytest.mark.ruling("P10-55")
def test_a_first_discard_wild_may_be_taken() -> None:
    state = game(PHASE1, JUNK1, discard="W", stock="Y12")
    assert "0:take" in legal(state)
    state.apply("0:take")
    assert state.view(0)["hand"].count("W") == 2
    assert state.view(1)["known_cards"][0] == ["W"]


@pytest.mark.ruling("P10-56")
def test_runs_do_not_wrap() -> None:
    state = game("R3 B3 G3 R9 B10 G11 Y12 W R1 G2", JUNK2, discard="B11", stock="Y1",
                 phases=[2, 1])
    state.apply("0:draw")
    refused(state, "0:lay set3=R3,B3,G3 run10-13=B10,G11,Y12,R1", "run_wraps", "P10-56")
    assert "0:lay set3=R3,B3,G3 run9-12=R9,B10,G11,Y12" in legal(state)
    state.apply("0:lay set3=R3,B3,G3 run9-12=R9,B10,G11,Y12")
    assert "0:hit W=8>0.1" in legal(state) and not any("W=13" in a for a in legal(state))
    refused(state, "0:hit R1>0.1", "not_next_to_run", "P10-56")


@pytest.mark.ruling("P10-11", "P10-56")
@pytest.mark.parametrize(("card", "group", "ruling"), [
    ("R10", "run5-8=R5,B6,G7,Y8", "P10-11"),   # not beside an end: a run is consecutive
    ("R3", "run5-8=R5,B6,G7,Y8", "P10-11"),
    ("R1", "run9-12=R9,B10,G11,Y12", "P10-56"),  # beside an end only by wrapping 12 to 1
    ("G12", "run1-4=R1,B2,G3,Y4", "P10-56"),     # and 1 to 12
])
def test_a_card_beside_no_end_of_a_run_names_why(card: str, group: str, ruling: str) -> None:
    fault = phase10.check_hit(card, group, 0)
    assert fault is not None and (fault.code, fault.ruling) == ("not_next_to_run", ruling)


@pytest.mark.ruling("P10-57")
def test_the_deal_passes_left_and_two_to_six_play() -> None:
    state = going_out_game()
    assert state.view(None)["dealer"] == 2
    play(state, "0:draw", "0:lay set3=R3,B3,G3 set7=R7,B7,W", "0:discard G12", "1:draw",
         "1:lay set5=R5,B5,G5 set9=R9,B9,G9", "1:hit Y5>1.0", "1:hit B5>1.0", "1:hit Y9>1.1",
         "1:hit W>1.1", "1:hit W>0.0")
    assert state.view(None)["dealer"] == 0 and state.to_act == 1
    for n in (1, 7):
        with pytest.raises(SetupError):
            new_game(players=n)
    for n in range(2, 7):
        assert new_game(players=n).n == n


@pytest.mark.ruling("P10-58")
def test_going_out_on_a_skip_and_two_player_skips() -> None:
    state = game("R3 B3 G3 R7 B7 W S Y3 Y7 G7", JUNK1, discard="B11", stock="G3")
    play(state, "0:draw", "0:lay set3=R3,B3,G3 set7=R7,B7,W", "0:hit Y3>0.0", "0:hit G3>0.0",
         "0:hit Y7>0.1", "0:hit G7>0.1")
    assert legal(state) == ["0:discard S>1"]
    state.apply("0:discard S>1")
    assert state.view(None)["last_round"]["out"] == 0
    two = game("S " + PHASE1[:-4], JUNK1, discard="Y4", stock="Y6 R2 B4")
    play(two, "0:draw", "0:discard S>1")
    assert two.to_act == 0  # the skipper plays again
    assert two.view(None)["pending_skips"] == []


@pytest.mark.ruling("P10-59")
def test_empty_draw_pile_is_rebuilt_from_the_discards() -> None:
    state = new_game(players=6, seed=5)
    seen_reshuffle = False
    while not seen_reshuffle:
        seat = state.to_act
        assert seat is not None
        before_discard = state.view(None)["discard"]
        stock = state.view(None)["stock"]
        events = state.apply(f"{seat}:draw")
        if stock == 0:
            assert events[0].kind == "reshuffle"
            assert state.view(None)["discard"] == before_discard[-1:]
            assert state.view(None)["stock"] == len(before_discard) - 2
            seen_reshuffle = True
        drawn = [a for a in state.legal_actions() if str(a).split(":")[1].startswith("discard")]
        state.apply(drawn[-1])
    # a world sampled after the reshuffle draws its pile only from the reshuffled cards
    for _ in range(8):
        state.apply(f"{state.to_act}:draw")
        state.apply(state.legal_actions()[-1])
    for seat in range(6):
        world = state.sample_world(seat, seat)
        assert state.rebuilt is not None
        pool = Counter(state.rebuilt) - Counter(state.drawn[seat])
        assert not Counter(world.stock) - pool
        assert world.view(seat) == state.view(seat)
