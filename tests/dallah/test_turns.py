"""Scenario tests for components, the drop-it-adopt-it rule and the turn (DAL-01..28)."""

from __future__ import annotations

import pytest

from tablegames import dallah
from tests.dallah.helpers import game, kinds, play, refused, small_set


@pytest.mark.ruling("DAL-01", "DAL-20")
def test_placement_turn_draw_roll_place() -> None:
    s = game(actions=["place"], placements=["neck"], rolls=["tall"])
    assert s.legal_actions() == [dallah.parse_action("0:draw")]
    ev = play(s, "0:draw")
    assert kinds(ev) == ["action_card"] and s.view(0)["stage"] == "roll"
    ev = play(s, "0:roll")
    assert ev[0] == {"kind": "roll", "seat": 0, "cups": ["tall"], "requested": 1}
    assert ev[1]["kind"] == "placement_card" and ev[1]["zone"] == "neck"
    v = s.view(0)
    assert (v["cup"], v["zone"], v["shared"]["tall"]) == ("tall", "neck", 4)
    play(s, "0:settled")
    assert s.pot[s.t.zone_index["neck"]] == (s.t.shape_index["tall"],) and s.to_act == 1


@pytest.mark.ruling("DAL-02")
def test_twins_count_as_one_cup() -> None:
    s = game(actions=["place"], placements=["lid"], rolls=["twins"])
    play(s, "0:draw", "0:roll")
    assert s.view(0)["shared"]["twins"] == 4
    s.report(fell=["lid:twins"])
    assert s.piles == (1, 0, 0) and s.cups_in_play() == 25


@pytest.mark.ruling("DAL-03")
def test_reroll_heavyweight_and_shapes_that_ran_out() -> None:
    s = game(actions=["place"], placements=["lid"], pot={"base": ["tall"] * 5},
             rolls=["heavyweight", "tall", "wide"])
    ev = play(s, "0:draw", "0:roll")
    rerolls = [e["face"] for e in ev if e["kind"] == "reroll"]
    assert rerolls == ["heavyweight", "tall"]
    assert s.view(0)["cup"] == "wide"


@pytest.mark.ruling("DAL-04")
def test_default_decks() -> None:
    cards = dallah.DEFAULT_CARDS
    assert sum(a.count for a in cards.actions) == 29
    assert [p.id for p in cards.protection] == ["ma_ysir", "ana_mali_dakhal"]
    assert len(cards.zones) == 5 and len(cards.shapes) == 6
    v = game().view(0)
    assert (v["stock"], v["discard"], v["placement_stock"], v["placement_discard"]) == (
        31, [], 10, [])


@pytest.mark.ruling("DAL-10", "DAL-11")
def test_you_drop_it_you_adopt_it() -> None:
    s = game(actions=["place"], placements=["neck"], rolls=["tall"], pot={"neck": ["wide"]})
    play(s, "0:draw", "0:roll", "0:fell neck:wide", "0:fell neck:tall")
    assert s.piles == (2, 0, 0)
    assert s.view(None)["pot"]["neck"] == []
    # fallen cups are never on the Dallah again and never go back to the shared pile
    refused(s, "0:fell neck:wide", "cup_not_on_pot", "DAL-11")
    play(s, "0:settled")
    assert s.shared_total() == 23 and s.pot_total() == 0


@pytest.mark.ruling("DAL-11")
def test_report_naming_a_cup_not_on_the_pot_is_refused() -> None:
    s = game(actions=["place"], placements=["neck"], rolls=["tall"])
    play(s, "0:draw", "0:roll")
    refused(s, "0:fell lid:tall", "cup_not_on_pot", "DAL-11")
    refused(s, "0:fell neck:wide", "cup_not_on_pot", "DAL-11")
    refused(s, "0:fell nose:wide", "cup_not_on_pot", "DAL-11")


@pytest.mark.ruling("DAL-12")
def test_balanced_cups_stay() -> None:
    s = game(actions=["place", "place"], placements=["neck", "lid"], rolls=["tall", "wide"])
    play(s, "0:draw", "0:roll", "0:settled", "1:draw", "1:roll", "1:settled")
    assert s.view(None)["pot"]["neck"] == ["tall"] and s.view(None)["pot"]["lid"] == ["wide"]
    assert s.piles == (0, 0, 0)


@pytest.mark.ruling("DAL-13")
def test_you_lose_cards_collect_and_play_on() -> None:
    data = dallah.DEFAULT_CARDS.to_dict()
    for a in data["actions"]:
        if a["id"] == "place":
            a["you_lose"] = True
    s = game(rules={"cards": data}, actions=["place"], placements=["neck"], rolls=["tall"])
    play(s, "0:draw", "0:roll")
    assert s.view(0)["card"]["you_lose"] is True
    s.report(fell=["neck:tall"])
    assert s.piles == (1, 0, 0) and not s.is_over and s.to_act == 1


@pytest.mark.ruling("DAL-14")
def test_collapse_every_cup_to_the_responsible_player() -> None:
    s = game(actions=["place"], placements=["neck"], rolls=["tall"],
             pot={"lid": ["wide", "tiny"], "base": ["classic"]})
    play(s, "0:draw", "0:roll", "0:fell neck:tall")
    ev = play(s, "0:collapse")
    assert ev[-1] == {"kind": "collapse", "seat": 0, "collector": 0, "cups": 3}
    assert s.legal_actions() == [dallah.parse_action("0:settled")]
    play(s, "0:settled")
    assert s.piles == (4, 0, 0) and s.pot_total() == 0
    assert not s.is_over and s.to_act == 1 and s.shared_total() == 21


@pytest.mark.ruling("DAL-21")
def test_no_usable_space_redraws_only_the_placement_card() -> None:
    s = game(actions=["place", "place"], placements=["lid", "neck", "lid", "spout"],
             rolls=["tall", "wide"])
    play(s, "0:draw", "0:roll")
    ev = play(s, "0:nospace")
    assert kinds(ev) == ["no_space", "placement_card"]
    v = s.view(0)
    assert (v["cup"], v["zone"], v["full_zones"], v["card"]["id"]) == ("tall", "neck", ["lid"],
                                                                       "place")
    play(s, "0:settled", "1:draw", "1:roll")
    # by default a full report holds for that cup only: the next cup may go on the lid
    assert s.view(1)["zone"] == "lid" and s.view(1)["full_zones"] == []


@pytest.mark.ruling("DAL-21")
def test_the_last_zone_with_space_cannot_be_reported_full() -> None:
    zones = ["lid", "neck", "handle", "spout", "base"]
    s = game(actions=["place"], placements=zones, rolls=["tall"])
    play(s, "0:draw", "0:roll", "0:nospace", "0:nospace", "0:nospace", "0:nospace")
    assert s.view(0)["zone"] == "base"
    assert "0:nospace" not in s.view(0)["legal"]
    refused(s, "0:nospace", "nospace_refused", "DAL-21")


@pytest.mark.ruling("DAL-22")
def test_naql_moves_to_a_different_zone() -> None:
    s = game(actions=["naql"], pot={"neck": ["tall"]})
    play(s, "0:draw")
    assert s.view(0)["stage"] == "move"
    refused(s, "0:move neck:tall neck", "same_zone", "DAL-22")
    refused(s, "0:move lid:tall neck", "cup_not_on_pot", "DAL-22")
    play(s, "0:move neck:tall lid")
    assert s.view(None)["pot"]["lid"] == ["tall"] and s.view(0)["report"] == "move"
    play(s, "0:settled")
    assert s.to_act == 1 and s.shared_total() == 24  # the move was the placement


@pytest.mark.ruling("DAL-22")
def test_naql_on_an_empty_dallah_is_redrawn() -> None:
    s = game(actions=["naql", "place"])
    ev = play(s, "0:draw")
    assert ev[0] == {"kind": "redrawn", "seat": 0, "card": "naql", "reason": "empty_dallah"}
    assert s.view(0)["card"]["id"] == "place"


@pytest.mark.ruling("DAL-23")
def test_the_turn_ends_only_when_the_dallah_has_settled() -> None:
    s = game(actions=["place"], placements=["neck"], rolls=["tall"], pot={"neck": ["wide"]})
    play(s, "0:draw", "0:roll", "0:fell neck:tall")
    assert s.to_act == 0
    refused(s, "1:draw", "out_of_turn", "DAL-23")
    play(s, "0:fell neck:wide")  # fell while settling: still the player completing the turn
    assert s.piles == (2, 0, 0)
    play(s, "0:settled")
    assert s.to_act == 1


@pytest.mark.ruling("DAL-24")
def test_tag_team_the_player_whose_turn_it_is_collects() -> None:
    s = game(actions=["tag_team"], placements=["neck", "lid"], rolls=["tall", "wide"])
    play(s, "0:draw", "0:roll", "0:settled")
    assert s.to_act == 1 and s.view(1)["cup"] == "wide"
    play(s, "1:fell lid:wide", "1:settled")
    assert s.piles == (1, 0, 0) and s.to_act == 1 and s.active == 1


@pytest.mark.ruling("DAL-24")
def test_shareek_partner_places_the_active_player_collects() -> None:
    s = game(actions=["shareek"], placements=["neck", "lid"], rolls=["tall", "wide"])
    play(s, "0:draw")
    refused(s, "0:target 0", "target_self", "DAL-36")
    play(s, "0:target 2", "0:roll", "0:settled")
    assert s.to_act == 2
    s.report(fell=["lid:wide", "neck:tall"])
    assert s.piles == (2, 0, 0) and s.to_act == 1


@pytest.mark.ruling("DAL-24")
def test_fazaa_the_next_player_places_collects_then_plays_their_turn() -> None:
    s = game(actions=["fazaa", "place"], placements=["neck", "lid"], rolls=["tall", "wide"])
    play(s, "0:draw")
    assert s.to_act == 1 and s.view(1)["stage"] == "roll"
    play(s, "1:roll", "1:fell neck:tall", "1:settled")
    assert s.piles == (0, 1, 0)
    assert s.to_act == 1 and s.active == 1 and s.view(1)["stage"] == "draw"


@pytest.mark.ruling("DAL-25", "DAL-41")
def test_each_deck_reshuffles_its_own_discards_held_cards_stay_out() -> None:
    s = game(rules=small_set(), actions=["ma_ysir", "place", "place"],
             placements=["lid", "neck"])
    play(s, "0:draw", "0:roll", "0:settled", "1:draw", "1:roll", "1:settled")
    v = s.view(None)
    assert (v["stock"], v["discard"], v["placement_stock"], v["placement_discard"]) == (
        0, ["place", "place"], 0, ["lid", "neck"])
    ev = play(s, "2:draw", "2:roll")
    assert [(e["deck"], e["cards"]) for e in ev if e["kind"] == "reshuffle"] == [
        ("actions", 2), ("placements", 2)]
    assert s.view(None)["held"] == [["ma_ysir"], [], []]


@pytest.mark.ruling("DAL-26")
def test_two_cups_use_one_if_only_one_remains() -> None:
    pot = {"base": ["classic"] * 5 + ["tall"] * 5 + ["wide"] * 5 + ["tiny"] * 5 + ["twins"] * 4}
    s = game(actions=["two_cups"], placements=["lid"], pot=pot)
    roll = next(e for e in play(s, "0:draw", "0:roll") if e["kind"] == "roll")
    assert roll["cups"] == ["twins"] and roll["requested"] == 2
    play(s, "0:settled")
    assert s.is_over


@pytest.mark.ruling("DAL-26")
def test_two_cups_stop_at_first_fall_and_return_the_other() -> None:
    s = game(actions=["two_cups"], placements=["lid", "neck"], rolls=["tall", "wide"])
    play(s, "0:draw", "0:roll")
    assert s.view(0)["cups_in_hand"] == ["tall", "wide"] and s.shared_total() == 23
    ev = s.report(fell=["lid:tall"])
    returned = [e for e in ev if e.kind == "returned"]
    assert returned[0].data["cups"] == ["wide"]
    assert s.view(None)["shared"]["wide"] == 5 and s.piles == (1, 0, 0) and s.to_act == 1


@pytest.mark.ruling("DAL-27")
def test_swap_an_action_for_another_card() -> None:
    s = game(actions=["five_seconds", "place"], placements=["lid"], rolls=["tall"])
    play(s, "0:draw", "0:roll")
    ev = play(s, "0:swap")
    assert ev[0]["kind"] == "swap" and ev[0]["returned"] == ["tall"]
    assert s.view(0)["card"]["id"] == "place" and s.shared_total() == 25
    refused(s, "0:swap", "no_swaps_left", "DAL-27")


@pytest.mark.ruling("DAL-27")
def test_rotate_tap_blow_are_redrawn_on_an_empty_dallah() -> None:
    s = game(actions=["rotate", "tap", "blow", "place"])
    ev = play(s, "0:draw")
    assert [e["card"] for e in ev if e["kind"] == "redrawn"] == ["rotate", "tap", "blow"]
    s = game(actions=["tap"], placements=["lid"], rolls=["tall"], pot={"neck": ["wide"]})
    play(s, "0:draw")
    assert s.view(0)["report"] == "stunt"
    play(s, "0:fell neck:wide", "0:settled", "0:roll", "0:settled")
    assert s.piles == (1, 0, 0) and s.view(None)["pot"]["lid"] == ["tall"]


@pytest.mark.ruling("DAL-27")
def test_swap_refusals() -> None:
    s = game(actions=["kheth"], piles=[2, 0, 0])
    play(s, "0:draw")
    refused(s, "0:swap", "pile_action", "DAL-27")
    s = game(actions=["two_cups"], placements=["lid", "neck"], rolls=["tall", "wide"])
    play(s, "0:draw", "0:roll", "0:settled")
    refused(s, "0:swap", "action_started", "DAL-27")
    s = game(rules="no-swaps", actions=["place"])
    play(s, "0:draw")
    refused(s, "0:swap", "no_swaps_left", "DAL-27")


@pytest.mark.ruling("DAL-28")
def test_five_seconds_timeout_retries_and_adds_nothing() -> None:
    s = game(actions=["five_seconds"], placements=["lid"], rolls=["tall"])
    play(s, "0:draw", "0:roll")
    before = (s.piles, s.shared, s.view(0)["cup"], s.view(0)["zone"])
    play(s, "0:timeout", "0:timeout")
    assert (s.piles, s.shared, s.view(0)["cup"], s.view(0)["zone"]) == before
    assert s.view(0)["timeouts"] == 2 and s.to_act == 0
    refused(s, "0:penalty", "no_timeout_penalty", "DAL-28")
    play(s, "0:settled")
    assert s.to_act == 1


@pytest.mark.ruling("DAL-28")
def test_only_a_countdown_card_times_out() -> None:
    s = game(actions=["place"], placements=["lid"], rolls=["tall"])
    play(s, "0:draw", "0:roll")
    assert "0:timeout" not in s.view(0)["legal"]
    refused(s, "0:timeout", "no_countdown", "DAL-28")


@pytest.mark.ruling("DAL-20", "DAL-22")
def test_actions_out_of_their_stage_are_refused() -> None:
    s = game(actions=["naql"], pot={"neck": ["tall"]})
    refused(s, "0:roll", "wrong_stage", "DAL-20")
    refused(s, "0:settled", "wrong_stage", "DAL-23")
    refused(s, "0:target 1", "wrong_stage", "DAL-36")
    refused(s, "5:draw", "no_such_seat", None)
    play(s, "0:draw")
    refused(s, "0:move neck:tall nose", "unknown_zone", "DAL-22")
    refused(s, "0:fell neck:tall", "wrong_stage", "DAL-10")


@pytest.mark.ruling("DAL-27", "DAL-40")
def test_a_helper_swaps_but_the_new_card_belongs_to_the_turns_player() -> None:
    s = game(actions=["fazaa", "ma_ysir", "place"], placements=["lid"], rolls=["tall"])
    play(s, "0:draw")
    assert s.to_act == 1  # the Fazaa' helper rolls, and may swap the action
    events = play(s, "1:swap")
    assert [e["seat"] for e in events if e["kind"] == "protection_held"] == [0]
    assert s.held[0] and not s.held[1]
    assert s.view(0)["card"]["id"] == "place" and s.to_act == 0
