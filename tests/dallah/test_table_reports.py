"""Issue 10 in Dallah: what a real table reports and what every phone shows.

Each test cites its ruling. Options (``Rules.late_falls``, ``Rules.full_zone``) are
tested both ways.
"""

from __future__ import annotations

import pytest

from tablegames import dallah
from tablegames.common.rng import Rng
from tablegames.dallah import stages as S
from tests.dallah.helpers import game, kinds, play, refused


def _naql_then_place() -> dallah.CardSet:
    """The default set with Naql placing one cup after its move."""
    data = dallah.DEFAULT_CARDS.to_dict()
    for card in data["actions"]:
        if card["id"] == "naql":
            card["cups"] = 1
    return dallah.CardSet.from_dict(data)


# -- DAL-27: a swap is for an action not yet attempted ---------------------------------
@pytest.mark.ruling("DAL-27")
@pytest.mark.parametrize("stunt", ["rotate", "tap", "blow"])
def test_no_swap_after_a_stunt_was_done(stunt: str) -> None:
    s = game(actions=[stunt], placements=["lid"], rolls=["tall"], pot={"neck": ["wide"]})
    play(s, "0:draw")
    assert "0:swap" in s.view(0)["legal"] and s.view(0)["swaps_left"] == 1
    play(s, "0:fell neck:wide", "0:settled")
    v = s.view(0)
    assert v["stage"] == "roll" and "0:swap" not in v["legal"] and v["swaps_left"] == 0
    refused(s, "0:swap", "action_started", "DAL-27")
    # a stunt done without a fall is attempted too
    s = game(actions=[stunt], placements=["lid"], rolls=["tall"], pot={"neck": ["wide"]})
    play(s, "0:draw", "0:settled")
    refused(s, "0:swap", "action_started", "DAL-27")
    play(s, "0:roll", "0:settled")
    assert s.piles == (0, 0, 0) and s.to_act == 1


@pytest.mark.ruling("DAL-27", "DAL-22")
def test_no_swap_after_a_naql_move() -> None:
    s = game(rules=_naql_then_place(), actions=["naql"], placements=["lid"], rolls=["tall"],
             pot={"neck": ["wide"]})
    play(s, "0:draw")
    assert "0:swap" in s.view(0)["legal"]
    play(s, "0:move neck:wide spout")
    refused(s, "0:swap", "action_started", "DAL-27")
    play(s, "0:settled")
    assert s.view(0)["stage"] == "roll" and "0:swap" not in s.view(0)["legal"]
    refused(s, "0:swap", "action_started", "DAL-27")


@pytest.mark.ruling("DAL-27")
def test_swaps_left_agrees_with_the_legal_list() -> None:
    rng = Rng(4)
    checked = 0
    for seed in range(6):
        s = dallah.new_game(4, seed=seed, rules={"swaps_per_turn": 2})
        while not s.is_over:
            v = s.view(s.to_act)
            assert (v["swaps_left"] > 0) == (f"{s.to_act}:swap" in v["legal"]), v["legal"]
            assert s.view(None)["swaps_left"] == v["swaps_left"]
            for other in range(4):  # every phone agrees with its own legal list
                if other != s.to_act:
                    w = s.view(other)
                    assert f"{other}:swap" not in w["legal"] and w["swaps_left"] == 0
            checked += v["swaps_left"] > 0
            legal = s.legal_actions()
            s.apply(legal[rng.below(len(legal))])
    assert checked > 20


# -- DAL-23: a late fall ------------------------------------------------------------------
@pytest.mark.ruling("DAL-23")
def test_a_late_fall_goes_to_the_player_who_completed_the_turn() -> None:
    s = game(actions=["place", "place"], placements=["neck"], rolls=["tall"],
             pot={"lid": ["wide"]})
    play(s, "0:draw", "0:roll", "0:settled")
    assert s.to_act == 1 and s.view(None)["late_reporter"] == 0
    assert s.legal_actions(0) == [dallah.parse_action(a) for a in
                                  ("0:fell lid:wide", "0:fell neck:tall", "0:collapse")]
    assert s.view(0)["prompt"] == ("Waiting for P1 to draw an Action card. If a cup falls "
                                   "before P1 draws, report it: you collect it.")
    ev = play(s, "0:fell neck:tall")
    assert ev == [{"kind": "fell", "seat": 0, "collector": 0, "zone": "neck", "cup": "tall",
                   "late": True}]
    assert s.piles == (1, 0, 0) and s.view(None)["last_turn"]["collected"] == 1
    assert s.view(1)["prompt"] == "P0 collected 1 cup last turn. Draw an Action card."
    play(s, "1:draw")
    refused(s, "0:fell lid:wide", "out_of_turn", "DAL-23")
    assert s.view(None)["late_reporter"] is None


@pytest.mark.ruling("DAL-23", "DAL-24")
def test_late_falls_on_team_cards_go_to_the_turns_collector() -> None:
    # Tag Team: seat 1 placed the second cup and reported settled; seat 0 collects
    s = game(actions=["tag_team", "place"], placements=["neck", "lid"], rolls=["tall", "wide"])
    play(s, "0:draw", "0:roll", "0:settled", "1:settled")
    assert s.to_act == 1 and s.late == 1
    assert "1:fell lid:wide" in s.view(1)["legal"] and s.view(1)["legal"][0] == "1:draw"
    assert s.view(1)["prompt"] == ("Draw an Action card. If a cup falls before you draw, "
                                   "report it first: P0 collects it.")
    play(s, "1:fell lid:wide")
    assert s.piles == (1, 0, 0)
    # Fazaa': the helper placed, collects, and plays their own turn next
    s = game(actions=["fazaa", "place"], placements=["neck"], rolls=["tall"],
             pot={"lid": ["wide"]})
    play(s, "0:draw", "1:roll", "1:settled", "1:collapse")
    assert s.piles == (0, 2, 0) and s.view(1)["prompt"] == (
        "The Dallah collapsed after it settled: stand it back up first. You collected 2 "
        "cups last turn (the Dallah collapsed). Draw an Action card.")
    assert s.view(None)["late_reporter"] is None  # nothing left on the Dallah to fall


@pytest.mark.ruling("DAL-23")
def test_late_falls_can_be_turned_off() -> None:
    s = game(rules={"late_falls": False}, actions=["place"], placements=["neck"],
             rolls=["tall"])
    play(s, "0:draw", "0:roll", "0:settled")
    assert s.legal_actions(0) == [] and s.view(None)["late_reporter"] is None
    refused(s, "0:fell neck:tall", "out_of_turn", "DAL-23")


@pytest.mark.ruling("DAL-23", "DAL-50")
def test_no_late_fall_after_the_last_turn_or_after_a_pile_action() -> None:
    s = game(actions=["yalla_bye"], piles=[1, 0, 0], pot={"lid": ["wide"]})
    play(s, "0:draw")
    assert s.late == -1 and s.legal_actions(0) == []
    s = game(actions=["place"], placements=["lid"], pot={
        "base": ["classic"] * 5 + ["tall"] * 5 + ["wide"] * 5 + ["tiny"] * 5 + ["twins"] * 4})
    play(s, "0:draw", "0:roll", "0:settled")
    assert s.is_over and s.legal_actions(0) == []


# -- DAL-21: a full zone -------------------------------------------------------------------
@pytest.mark.ruling("DAL-21")
def test_a_full_report_holds_for_the_cup_being_placed() -> None:
    s = game(actions=["two_cups"], placements=["lid", "neck", "lid"], rolls=["tall", "wide"])
    play(s, "0:draw", "0:roll", "0:nospace")
    assert s.view(0)["full_zones"] == ["lid"] and s.view(0)["zone"] == "neck"
    play(s, "0:settled")
    # the second cup may go on the lid again: the placer judges again
    assert s.view(0)["zone"] == "lid" and s.view(0)["full_zones"] == []


@pytest.mark.ruling("DAL-21")
def test_with_cup_leaves_a_full_zone_clears_when_a_cup_leaves_it() -> None:
    s = game(rules={"full_zone": "cup_leaves"}, actions=["place", "place"],
             placements=["lid", "neck", "lid", "spout"], rolls=["tall", "wide"],
             pot={"lid": ["classic"]})
    play(s, "0:draw", "0:roll", "0:nospace", "0:settled", "1:draw")
    assert s.view(None)["full_zones"] == ["lid"]  # still full on the next turn
    redrawn = [e for e in play(s, "1:roll") if e["kind"] == "redrawn"]
    assert redrawn == [{"kind": "redrawn", "card": "lid", "reason": "zone_full"}]
    assert s.view(1)["zone"] == "spout"
    play(s, "1:fell lid:classic")
    assert s.view(None)["full_zones"] == []  # a cup left the lid: it has room again


# -- DAL-10: several cups in one report -----------------------------------------------------
@pytest.mark.ruling("DAL-10")
def test_one_report_of_several_cups_by_zone_and_by_shape() -> None:
    s = game(actions=["place"], placements=["neck"], rolls=["tall"],
             pot={"neck": ["wide"], "lid": ["wide", "tiny"], "base": ["tiny"]})
    play(s, "0:draw", "0:roll")
    # the Tall cup in hand is named by its zone, never guessed from its shape (DAL-26)
    refused(s, "0:fell 2 wide tall lid:tiny", "cup_not_on_pot", "DAL-11")
    ev = play(s, "0:fell 2 wide neck:tall lid:tiny")
    assert [(e["zone"], e["cup"], e.get("guessed", False)) for e in ev] == [
        ("lid", "tiny", False), ("neck", "tall", False), ("lid", "wide", True),
        ("neck", "wide", True)]
    assert s.piles == (4, 0, 0) and s.view(None)["pot"]["base"] == ["tiny"]
    assert s.view(0)["falls"] == 4 and s.legal_actions()[0] == dallah.parse_action("0:settled")
    play(s, "0:settled")
    assert s.to_act == 1 and s.pot_total() == 1


@pytest.mark.ruling("DAL-10")
def test_cups_nobody_could_name_are_counted() -> None:
    s = game(actions=["place"], placements=["neck"], rolls=["tall"],
             pot={"lid": ["wide", "tiny"], "base": ["classic"]})
    play(s, "0:draw", "0:roll")
    ev = play(s, "0:fell tiny 2")
    # the named Tiny first, then the top of the fullest zone; never the cup in hand, which
    # may not have been let go (DAL-26): a report names it by its zone
    assert [(e["zone"], e["cup"]) for e in ev] == [("lid", "tiny"), ("lid", "wide"),
                                                   ("base", "classic")]
    assert all(e["guessed"] for e in ev) and s.piles == (3, 0, 0)
    refused(s, "0:fell 1", "cup_not_on_pot", "DAL-11")
    play(s, "0:fell neck:tall", "0:settled")
    assert s.piles == (4, 0, 0) and s.pot_total() == 0
    assert str(dallah.parse_action("0:fell 3 tall 2")) == "0:fell 3 tall 2"


@pytest.mark.ruling("DAL-10", "DAL-11")
def test_a_report_naming_a_cup_not_there_is_refused_whole() -> None:
    s = game(actions=["place"], placements=["neck"], rolls=["tall"], pot={"lid": ["wide"]})
    play(s, "0:draw", "0:roll")
    refused(s, "0:fell 2 wide", "cup_not_on_pot", "DAL-11")
    refused(s, "0:fell wide lid:tall", "cup_not_on_pot", "DAL-11")
    refused(s, "0:fell wide nose:tall", "cup_not_on_pot", "DAL-11")
    assert str(dallah.parse_action("0:fell tall 2 lid:wide")) == "0:fell 2 lid:wide tall"


@pytest.mark.ruling("DAL-26", "DAL-10")
def test_a_two_cup_action_stops_at_a_several_cup_report() -> None:
    s = game(actions=["two_cups"], placements=["lid"], rolls=["tall", "wide"],
             pot={"neck": ["tiny"]})
    play(s, "0:draw", "0:roll", "0:fell lid:tall tiny", "0:settled")
    assert s.piles == (2, 0, 0) and s.view(None)["shared"]["wide"] == 5 and s.to_act == 1


# -- DAL-24 and DAL-14: who collects, who collected, stand it up ------------------------------
@pytest.mark.ruling("DAL-24")
def test_every_phone_shows_who_collects_on_team_cards() -> None:
    s = game(actions=["tag_team"], placements=["neck", "lid"], rolls=["tall", "wide"])
    play(s, "0:draw", "0:roll", "0:settled")
    assert s.view(2)["collector"] == 0 and s.view(2)["placer"] == 1
    assert s.view(2)["prompt"] == ("Tag Team: waiting for P1 to place the Wide cup on the "
                                   "Lid; P0 collects any cup that falls.")
    assert s.view(0)["prompt"] == ("Tag Team: waiting for P1 to place the Wide cup on the "
                                   "Lid; you collect any cup that falls.")
    assert s.view(0, "ar")["prompt"].endswith("؛ ما يسقط تأخذه أنت.")
    play(s, "1:fell lid:wide")
    assert s.view(1)["prompt"] == ("P0 collects what fell (1 cup so far). Report any other "
                                   "cup that fell, or that the Dallah has settled.")
    assert s.view(0)["prompt"] == ("Waiting for P1 to report what fell; you collect "
                                   "(1 cup so far).")
    assert s.view(2)["collected"] == 1
    play(s, "1:settled")
    assert s.view(2)["last_turn"] == {"seat": 0, "card": "tag_team", "collector": 0,
                                      "collected": 1, "collapsed": False}
    assert s.view(2)["prompt"] == "P0 collected 1 cup last turn. Waiting for P1 to draw an " \
                                  "Action card."


@pytest.mark.ruling("DAL-24")
def test_shareek_and_fazaa_phones_name_the_collector() -> None:
    s = game(actions=["shareek"], placements=["neck", "lid"], rolls=["tall", "wide"])
    play(s, "0:draw", "0:target 2", "0:roll", "0:settled")
    assert s.view(1)["prompt"].endswith("; P0 collects any cup that falls.")
    assert s.view(2)["prompt"].startswith("Shareek: place the Wide cup on the Lid (cup 2 of 2)"
                                          "; P0 collects any cup that falls.")
    s = game(actions=["fazaa"], placements=["neck"], rolls=["tall"])
    play(s, "0:draw")
    assert s.view(0)["collector"] == 1 and s.view(1)["collector"] == 1
    assert s.view(1)["prompt"] == ("Fazaa' for P0: roll the die, then place the cup yourself; "
                                   "you collect any cup that falls.")
    # the other phones, the turn's player's too, say that the helper collects
    assert s.view(0)["prompt"] == ("Fazaa': waiting for P1 to roll the die; P1 collects any "
                                   "cup that falls.")
    play(s, "1:roll")
    assert s.view(2)["prompt"] == ("Fazaa': waiting for P1 to place the Tall cup on the Neck; "
                                   "P1 collects any cup that falls.")
    assert s.view(1)["prompt"].startswith("Fazaa': place the Tall cup on the Neck; you "
                                          "collect any cup that falls. Then report")
    assert "P1" in s.view(0, "ar")["prompt"].split("؛")[1]


@pytest.mark.ruling("DAL-24")
def test_every_phone_names_the_collector_unless_the_turns_player_places() -> None:
    checked = 0
    for seed in range(12):
        s = dallah.new_game(["Ann", "Bob", "Cy", "Di"], seed=seed)
        bot = dallah.ModelBot(seed)
        while not s.is_over:
            c = s.collector
            if s.stage in (S.ROLL, S.REPORT) and (c != s.placer or c != s.active):
                for seat in range(4):
                    v = s.view(seat)
                    assert v["collector"] == c
                    said = "you collect" if seat == c else f"{s.players[c]} collects"
                    assert said in v["prompt"].replace("You collect", "you collect"), v["prompt"]
                checked += 1
            s.apply(bot.choose(s))
    assert checked > 30


@pytest.mark.ruling("DAL-14")
def test_after_a_collapse_the_prompt_says_to_stand_the_dallah_up() -> None:
    s = game(actions=["place"], placements=["neck"], rolls=["tall"], pot={"lid": ["wide"]})
    play(s, "0:draw", "0:roll", "0:fell neck:tall", "0:collapse")
    assert s.view(0)["prompt"] == ("The Dallah collapsed: you collect 2 cups. Stand the "
                                   "Dallah back up, then report that it has settled.")
    assert s.view(1)["prompt"] == ("The Dallah collapsed: waiting for P0 to stand it back up; "
                                   "P0 collects 2 cups.")
    assert "أوقف الدلة" in s.view(0, "ar")["prompt"]
    play(s, "0:settled")
    assert s.view(1)["prompt"].startswith("P0 collected 2 cups last turn (the Dallah collapsed)")


@pytest.mark.ruling("DAL-14", "DAL-23")
def test_after_a_late_collapse_the_draw_prompt_says_to_stand_the_dallah_up() -> None:
    s = game(actions=["place", "place"], placements=["neck", "lid"], rolls=["tall", "wide"],
             pot={"lid": ["wide"]})
    play(s, "0:draw", "0:roll", "0:settled", "0:collapse")
    assert s.piles == (2, 0, 0) and s.view(None)["last_turn"]["collapsed"] is True
    assert s.view(1)["prompt"] == ("The Dallah collapsed after it settled: stand it back up "
                                   "first. P0 collected 2 cups last turn (the Dallah "
                                   "collapsed). Draw an Action card.")
    assert s.view(2, "ar")["prompt"].startswith("انهارت الدلة بعد أن استقرت: أوقفها")
    assert "last_turn: 0 place 0 2 late 0" in s.to_position()
    assert dallah.from_position(s.to_position()).view(1)["prompt"] == s.view(1)["prompt"]
    play(s, "1:draw")
    assert s.last_turn[4] == 1 and "late" not in s.to_position().splitlines()[-1]
    # a collapse reported before settled: the reporter was told to stand it up then
    s = game(actions=["place", "place"], placements=["neck"], rolls=["tall"],
             pot={"lid": ["wide"]})
    play(s, "0:draw", "0:roll", "0:fell neck:tall", "0:collapse", "0:settled")
    assert s.view(1)["prompt"].startswith("P0 collected 2 cups last turn (the Dallah "
                                          "collapsed).")


@pytest.mark.ruling("DAL-51")
def test_the_end_names_the_biggest_loser_in_a_sentence() -> None:
    cups = ["classic"] * 5 + ["tall"] * 5 + ["wide"] * 5 + ["tiny"] * 5 + ["twins"] * 4
    s = game(actions=["place"], placements=["lid"], pot={"base": cups[3:]}, piles=[1, 2, 0])
    play(s, "0:draw", "0:roll", "0:settled")
    assert s.view(0)["prompt"] == "The game is over. P1 is the Biggest Loser, with 2 cups."
    assert s.view(1, "ar")["prompt"] == "انتهت اللعبة. أكبر خسران: P1، وفي مجموعته فنجانان."


# -- DAL-30: the card a phone shows --------------------------------------------------------
@pytest.mark.ruling("DAL-30")
def test_pile_cards_show_only_what_they_use() -> None:
    s = game(actions=["mabrook"], piles=[3, 0, 0])
    play(s, "0:draw")
    assert s.view(0)["card"] == {"id": "mabrook", "kind": "give", "you_lose": False,
                                 "amount": 2, "portion": "fixed", "target": "choose"}
    s = game(actions=["half_half"], piles=[4, 0, 0], held=[[], ["ma_ysir"], []])
    play(s, "0:draw")
    assert s.view(0)["card"] == {"id": "half_half", "kind": "give", "you_lose": False,
                                 "portion": "half", "target": "next"}
    s = game(actions=["five_seconds"], placements=["lid"], rolls=["tall"])
    play(s, "0:draw")
    assert s.view(0)["card"] == {"id": "five_seconds", "kind": "timed", "you_lose": False,
                                 "cups": 1, "seconds": 5}


# -- DAL-26: Shareek with one cup left --------------------------------------------------------
@pytest.mark.ruling("DAL-26", "DAL-24")
def test_shareek_with_one_cup_left_asks_for_no_partner() -> None:
    cups = ["classic"] * 5 + ["tall"] * 5 + ["wide"] * 5 + ["tiny"] * 5 + ["twins"] * 4
    s = game(actions=["shareek"], placements=["lid"], pot={"base": cups})
    ev = play(s, "0:draw")
    assert kinds(ev) == ["action_card"] and s.view(0)["stage"] == "roll"
    assert "0:target 1" not in s.view(0)["legal"]
    play(s, "0:roll", "0:settled")
    assert s.is_over
