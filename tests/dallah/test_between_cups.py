"""Falls between the cups of a card, and before the roll (DAL-26, DAL-14, DAL-10, DAL-50,
DAL-23, DAL-27).

"Stop a two-cup action immediately if cups fall; return any unattempted cup to the shared
pile" (DAL-26); "the responsible player collects every cup that fell" (DAL-10, DAL-14).
The cup in the placer's hand is not on the Dallah: a report lets it go only when it names
it (its shape on its zone), and ``settled`` says it was let go. So when the cup placed
before it slides off, or the Dallah collapses, while a later cup of the card is still in
hand, that cup was not tried: it goes back to the shared pile at ``settled``, with every
cup after it, and a collapse takes only the cups on the Dallah. The first cup of a card
is the card's attempt: something falling before it is let go does not stop it. Before
this rule the engine put the cup in hand on the Dallah at the first report, whatever it
named (audit s36/h2, S1). A cup may also fall after the draw and before the roll: the
seat that rolls reports it, and it is the card's collector's (DAL-23).

Also here: a swap redirected by Ana Mali Dakhal goes only to a pile smaller than the
source's (DAL-43), the table model's protection prompt names the cards held (DAL-41), and
Tag Team and Fazaa' with one shared cup left (DAL-26).
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from tablegames import StateError, dallah
from tablegames.dallah.present import present
from tablegames.table.i18n import words_for
from tests.dallah.helpers import game, kinds, play, refused, team_heavy_cards

EMPTY = {"lid": [], "neck": [], "handle": [], "spout": [], "base": []}


def pot(state: dallah.State) -> dict[str, list[str]]:
    return dict(state.view(None)["pot"])


def shared(state: dallah.State) -> dict[str, int]:
    return {k: v for k, v in state.view(None)["shared"].items() if k != "heavyweight"}


def legal(state: dallah.State, seat: int | None = None) -> list[str]:
    return [str(a) for a in state.legal_actions(seat)]


def round_trips(state: dallah.State) -> None:
    """The loader accepts the state as it is, in a save and in position text."""
    text = state.to_json()
    again = dallah.State.from_json(text)
    assert again.to_json() == text and again.view(None) == state.view(None)
    moved = dallah.State.from_position(state.to_position())
    assert moved.to_position() == state.to_position()


STOP = ("The card stops at the first fall. If the Wide cup was let go on the Neck before "
        "it, report that it fell, or that it stands there; if not, put the Wide cup back in "
        "the shared pile, untried. Report any other cup that fell, or that the Dallah has "
        "settled.")


# -- a fall between the cups of a card ---------------------------------------------------------
@pytest.mark.ruling("DAL-26", "DAL-10")
def test_dal26_two_cups_a_fall_before_cup_2_is_tried_returns_it() -> None:
    s = game(actions=["two_cups"], placements=["lid", "neck"], rolls=["tall", "wide"])
    play(s, "0:draw", "0:roll", "0:settled")  # cup 1, the Tall, stands on the Lid
    assert (s.view(0)["cup"], s.view(0)["zone"]) == ("wide", "neck")
    ev = play(s, "0:fell lid:tall")  # it slides off before the Wide cup is tried
    assert ev == [{"kind": "fell", "seat": 0, "collector": 0, "zone": "lid", "cup": "tall"}]
    assert s.piles == (1, 0, 0) and pot(s) == EMPTY and s.view(None)["cups_in_hand"] == ["wide"]
    assert s.view(0)["cup"] is None  # no longer to be placed
    assert s.view(0)["prompt"] == "You collect what fell (1 cup so far). " + STOP
    assert s.view(1)["prompt"] == "Waiting for P0 to report what fell; P0 collects (1 cup so far)."
    # the Wide cup may still be reported fallen or standing, if it was let go (engine 5)
    assert legal(s) == ["0:settled", "0:fell neck:wide", "0:placed"]
    refused(s, "0:fell lid:wide", "cup_not_on_pot", "DAL-11")
    refused(s, "0:collapse", "cup_not_on_pot", "DAL-14")
    refused(s, "0:swap", "action_started", "DAL-27")
    round_trips(s)
    ev = play(s, "0:settled")
    assert kinds(ev) == ["settled", "returned", "turn"]
    assert ev[1] == {"kind": "returned", "cups": ["wide"], "reason": "stopped_at_first_fall"}
    assert s.piles == (1, 0, 0) and pot(s) == EMPTY and s.view(None)["cups_in_hand"] == []
    assert shared(s) == {"classic": 5, "tall": 4, "wide": 5, "tiny": 5, "twins": 5}
    assert s.to_act == 1 and s.view(None)["last_turn"]["collected"] == 1
    assert s.view(1)["prompt"] == "P0 collected 1 cup last turn. Draw an Action card."


@pytest.mark.ruling("DAL-26", "DAL-24")
def test_dal26_tag_team_the_partner_puts_cup_2_back_and_the_active_player_collects() -> None:
    s = game(actions=["tag_team"], placements=["lid", "neck"], rolls=["tall", "wide"])
    play(s, "0:draw", "0:roll", "0:settled")
    assert s.to_act == 1 and s.view(1)["cup"] == "wide"
    play(s, "1:fell lid:tall")
    assert s.piles == (1, 0, 0) and pot(s) == EMPTY
    assert s.view(1)["prompt"] == "P0 collects what fell (1 cup so far). " + STOP
    assert s.view(0)["prompt"] == ("Waiting for P1 to report what fell; you collect (1 cup so "
                                   "far).")
    assert legal(s, 1) == ["1:settled", "1:fell neck:wide", "1:placed"] and legal(s, 0) == []
    round_trips(s)
    assert kinds(play(s, "1:settled")) == ["settled", "returned", "turn"]
    assert s.piles == (1, 0, 0) and pot(s) == EMPTY
    assert shared(s) == {"classic": 5, "tall": 4, "wide": 5, "tiny": 5, "twins": 5}
    assert s.to_act == 1 and s.active == 1 and s.stage == 0  # P1's own turn, to draw
    assert s.view(2)["prompt"] == "P0 collected 1 cup last turn. Waiting for P1 to draw an " \
                                  "Action card."


@pytest.mark.ruling("DAL-26", "DAL-24")
def test_dal26_shareek_the_partner_puts_cup_2_back() -> None:
    s = game(actions=["shareek"], placements=["lid", "neck"], rolls=["tall", "wide"])
    play(s, "0:draw", "0:target 2", "0:roll", "0:settled")
    assert s.to_act == 2 and s.view(2)["cup"] == "wide"
    play(s, "2:fell lid:tall")
    assert s.piles == (1, 0, 0) and pot(s) == EMPTY
    assert s.view(2)["prompt"] == "P0 collects what fell (1 cup so far). " + STOP
    assert s.view(1)["prompt"] == ("Waiting for P2 to report what fell; P0 collects (1 cup so "
                                   "far).")
    assert legal(s, 2) == ["2:settled", "2:fell neck:wide", "2:placed"]
    round_trips(s)
    play(s, "2:settled")
    assert s.piles == (1, 0, 0) and pot(s) == EMPTY and s.view(None)["partner"] is None
    assert shared(s) == {"classic": 5, "tall": 4, "wide": 5, "tiny": 5, "twins": 5}
    assert s.to_act == 1 and s.view(None)["last_turn"] == {
        "seat": 0, "card": "shareek", "collector": 0, "collected": 1, "collapsed": False}


@pytest.mark.ruling("DAL-26", "DAL-24")
def test_dal26_two_cup_fazaa_the_helper_puts_cup_2_back_and_collects() -> None:
    s = game(rules={"cards": team_heavy_cards()}, actions=["fazaa"],
             placements=["lid", "neck"], rolls=["tall", "wide"])
    play(s, "0:draw", "1:roll", "1:settled")
    assert s.to_act == 1 and s.view(1)["cup"] == "wide"
    play(s, "1:fell lid:tall")
    assert s.view(1)["prompt"] == "You collect what fell (1 cup so far). " + STOP
    assert legal(s, 1) == ["1:settled", "1:fell neck:wide", "1:placed"]
    round_trips(s)
    play(s, "1:settled")
    assert s.piles == (0, 1, 0) and pot(s) == EMPTY
    assert shared(s) == {"classic": 5, "tall": 4, "wide": 5, "tiny": 5, "twins": 5}
    assert s.to_act == 1 and s.active == 1  # then the helper's own turn (DAL-24)


@pytest.mark.ruling("DAL-26", "DAL-14", "DAL-10")
def test_dal14_a_collapse_between_the_cups_takes_the_cups_on_the_dallah_only() -> None:
    s = game(actions=["two_cups"], placements=["lid", "neck"], rolls=["tall", "wide"],
             pot={"spout": ["tiny"]})
    play(s, "0:draw", "0:roll", "0:settled")
    assert s.pot_total() == 2 and s.view(None)["cups_in_hand"] == ["wide"]
    ev = play(s, "0:collapse")
    assert ev == [{"kind": "collapse", "seat": 0, "collector": 0, "cups": 2}]
    assert s.piles == (2, 0, 0) and pot(s) == EMPTY and s.view(None)["cups_in_hand"] == ["wide"]
    assert s.view(0)["prompt"] == (
        "The Dallah collapsed: you collect 2 cups. The card stops there: if the Wide cup "
        "was let go first, it fell with the Dallah, so report it; if not, put the Wide cup "
        "back in the shared pile, untried. Stand the Dallah back up, then report that it "
        "has settled.")
    assert s.view(2)["prompt"] == ("The Dallah collapsed: waiting for P0 to stand it back up; "
                                   "P0 collects 2 cups.")
    assert "أعد فنجان العريض" in s.view(0, "ar")["prompt"]
    assert legal(s) == ["0:settled", "0:fell neck:wide"]  # no 'placed' after a collapse
    refused(s, "0:placed", "placed_refused", "DAL-14")
    round_trips(s)
    assert kinds(play(s, "0:settled")) == ["settled", "returned", "turn"]
    assert s.piles == (2, 0, 0) and pot(s) == EMPTY
    assert shared(s) == {"classic": 5, "tall": 4, "wide": 5, "tiny": 4, "twins": 5}
    assert s.view(None)["last_turn"]["collapsed"] is True and s.to_act == 1


@pytest.mark.ruling("DAL-26", "DAL-14", "DAL-24")
def test_dal14_a_tag_team_collapse_between_the_cups() -> None:
    s = game(actions=["tag_team"], placements=["lid", "neck"], rolls=["tall", "wide"],
             pot={"spout": ["tiny"]})
    play(s, "0:draw", "0:roll", "0:settled", "1:collapse")
    assert s.piles == (2, 0, 0) and s.view(1)["prompt"].startswith(
        "The Dallah collapsed: P0 collects 2 cups. The card stops there: if the Wide cup was "
        "let go first")
    play(s, "1:settled")
    assert s.piles == (2, 0, 0) and pot(s) == EMPTY and shared(s)["wide"] == 5


@pytest.mark.ruling("DAL-26", "DAL-50")
def test_dal50_the_game_goes_on_when_the_last_two_shared_cups_are_stopped() -> None:
    cups = ["classic"] * 5 + ["tall"] * 5 + ["wide"] * 5 + ["tiny"] * 5 + ["twins"] * 3
    s = game(actions=["two_cups", "place"], placements=["lid", "neck", "spout"],
             pot={"base": cups})
    play(s, "0:draw", "0:roll")
    assert s.shared_total() == 0 and s.view(None)["cups_in_hand"] == ["twins", "twins"]
    play(s, "0:settled", "0:fell lid:twins")
    assert s.view(0)["prompt"] == ("You collect what fell (1 cup so far). The card stops at "
                                   "the first fall. If the Twins cup was let go on the Neck "
                                   "before it, report that it fell, or that it stands there; "
                                   "if not, put the Twins cup back in the shared pile, "
                                   "untried. Report any other cup that fell, or that the "
                                   "Dallah has settled.")
    play(s, "0:settled")
    assert not s.is_over and s.shared_total() == 1 and shared(s)["twins"] == 1
    assert s.piles == (1, 0, 0) and s.pot_total() == 23 and s.to_act == 1
    play(s, "1:draw", "1:roll")  # the Twins back in the pile is the next turn's cup
    assert s.view(1)["cup"] == "twins" and not s.is_over
    play(s, "1:settled")
    assert s.is_over and s.outcome().losers == frozenset({0})


@pytest.mark.ruling("DAL-26", "DAL-10")
def test_dal26_a_fall_before_the_first_cup_is_let_go_does_not_stop_it() -> None:
    s = game(actions=["two_cups"], placements=["lid", "neck"], rolls=["tall", "wide"],
             pot={"spout": ["tiny"]})
    play(s, "0:draw", "0:roll", "0:fell spout:tiny")
    assert s.piles == (1, 0, 0) and s.view(None)["cups_in_hand"] == ["tall", "wide"]
    assert s.view(0)["cup"] == "tall" and s.view(0)["zone"] == "lid"
    assert s.view(0)["prompt"] == ("You collect what fell (1 cup so far). Place the Tall cup "
                                   "on the Lid if it is not there yet, then report any other "
                                   "cup that fell, or that the Dallah has settled.")
    assert legal(s) == ["0:settled", "0:fell lid:tall"]
    ev = play(s, "0:settled")  # the Tall cup is placed; the card stops before the Wide
    assert kinds(ev) == ["settled", "returned", "turn"] and ev[1]["cups"] == ["wide"]
    assert pot(s) == dict(EMPTY, lid=["tall"]) and s.piles == (1, 0, 0)
    assert shared(s) == {"classic": 5, "tall": 4, "wide": 5, "tiny": 4, "twins": 5}
    # a collapse before the first cup is let go: it is placed on the Dallah stood up again
    s = game(actions=["place"], placements=["neck"], rolls=["tall"], pot={"lid": ["wide"]})
    play(s, "0:draw", "0:roll", "0:collapse")
    assert s.piles == (1, 0, 0) and s.view(None)["cups_in_hand"] == ["tall"]
    assert s.view(1)["prompt"] == ("The Dallah collapsed: waiting for P0 to stand it back "
                                   "up; P0 collects 1 cup.")
    assert legal(s) == ["0:settled", "0:fell neck:tall"]
    round_trips(s)
    play(s, "0:settled")
    assert pot(s) == dict(EMPTY, neck=["tall"]) and s.piles == (1, 0, 0) and s.to_act == 1


@pytest.mark.ruling("DAL-26", "DAL-10", "DAL-11")
def test_dal26_only_a_report_naming_the_cup_in_hand_lets_it_go() -> None:
    # its shape on its zone names it, even where that zone holds another of that shape
    s = game(actions=["tag_team"], placements=["lid", "neck"], rolls=["tall", "wide"],
             pot={"neck": ["wide"]})
    play(s, "0:draw", "0:roll", "0:settled", "1:fell neck:wide")
    assert s.piles == (1, 0, 0) and pot(s) == dict(EMPTY, lid=["tall"], neck=["wide"])
    assert s.view(None)["cups_in_hand"] == [] and s.view(1)["prompt"] == (
        "P0 collects what fell (1 cup so far). Report any other cup that fell, or that the "
        "Dallah has settled.")
    assert kinds(play(s, "1:settled")) == ["settled", "turn"]  # nothing to return
    assert s.pot_total() == 2 and shared(s)["wide"] == 3
    # by shape alone a cup is one on the Dallah, never the cup in hand, which goes back
    s = game(actions=["tag_team"], placements=["lid", "neck"], rolls=["tall", "wide"],
             pot={"neck": ["wide"]})
    play(s, "0:draw", "0:roll", "0:settled")
    ev = play(s, "1:fell 1 wide")
    assert [(e["zone"], e["cup"], e["guessed"]) for e in ev] == [("neck", "wide", True)]
    play(s, "1:settled")
    assert pot(s) == dict(EMPTY, lid=["tall"]) and shared(s)["wide"] == 4
    # nothing on the Dallah but the cup in hand: a shape or a count alone names nothing
    s = game(actions=["place"], placements=["neck"], rolls=["tall"])
    play(s, "0:draw", "0:roll")
    refused(s, "0:fell tall 1", "cup_not_on_pot", "DAL-11")
    refused(s, "0:collapse", "cup_not_on_pot", "DAL-14")
    play(s, "0:fell neck:tall", "0:settled")
    assert s.piles == (1, 0, 0) and s.pot_total() == 0


# -- a fall after the draw, before the roll (DAL-23) ------------------------------------------
@pytest.mark.ruling("DAL-23", "DAL-10", "DAL-27")
def test_dal23_a_cup_that_falls_before_the_roll_is_the_cards_collectors() -> None:
    s = game(actions=["place"], placements=["neck"], rolls=["tall"], pot={"lid": ["wide"]})
    play(s, "0:draw")
    assert legal(s) == ["0:roll", "0:fell lid:wide", "0:collapse", "0:swap"]
    assert present(s.view(0))["prompt"]["msg"] == ("{card}: report any cup that fell since "
                                                   "the draw, then roll the die for the cups.")
    refused(s, "1:fell lid:wide", "out_of_turn", "DAL-23")
    ev = play(s, "0:fell lid:wide")
    assert ev == [{"kind": "fell", "seat": 0, "collector": 0, "zone": "lid", "cup": "wide"}]
    assert s.piles == (1, 0, 0) and s.view(0)["stage"] == "roll"
    assert s.view(0)["prompt"] == "Place a cup: roll the die for the cup."
    assert legal(s) == ["0:roll"]  # nothing left to fall; the card is no longer swapped
    assert present(s.view(0))["prompt"]["msg"] == "{card}: roll the die for the cups."
    refused(s, "0:swap", "action_started", "DAL-27")
    round_trips(s)
    play(s, "0:roll")
    assert s.view(0)["cup"] == "tall" and s.view(0)["falls"] == 0
    assert s.view(0)["collected"] == 1
    refused(s, "0:swap", "action_started", "DAL-27")  # nor once the die has rolled
    assert s.view(0)["swaps_left"] == 0
    play(s, "0:settled")
    assert pot(s) == dict(EMPTY, neck=["tall"]) and s.piles == (1, 0, 0)
    assert s.view(None)["last_turn"]["collected"] == 1 and s.to_act == 1


@pytest.mark.ruling("DAL-23", "DAL-24")
def test_dal23_before_a_fazaa_roll_the_helper_reports_and_collects() -> None:
    s = game(actions=["fazaa"], placements=["neck"], rolls=["tall"], pot={"lid": ["wide"]})
    play(s, "0:draw")
    refused(s, "0:fell lid:wide", "out_of_turn", "DAL-23")
    play(s, "1:fell lid:wide")
    assert s.piles == (0, 1, 0)
    play(s, "1:roll", "1:settled")
    assert s.view(None)["last_turn"] == {"seat": 0, "card": "fazaa", "collector": 1,
                                         "collected": 1, "collapsed": False}


@pytest.mark.ruling("DAL-23", "DAL-26")
def test_dal23_a_fall_before_the_roll_does_not_stop_a_two_cup_card() -> None:
    s = game(actions=["two_cups"], placements=["lid", "neck"], rolls=["tall", "wide"],
             pot={"spout": ["tiny"]})
    play(s, "0:draw", "0:fell spout:tiny", "0:roll", "0:settled", "0:settled")
    assert pot(s) == dict(EMPTY, lid=["tall"], neck=["wide"]) and s.piles == (1, 0, 0)
    assert s.view(None)["last_turn"]["collected"] == 1


@pytest.mark.ruling("DAL-23", "DAL-14")
def test_dal14_a_collapse_before_the_roll() -> None:
    s = game(actions=["tag_team"], placements=["lid", "neck"], rolls=["tall", "wide"],
             pot={"lid": ["wide"], "spout": ["tiny"]})
    play(s, "0:draw", "0:collapse")
    assert s.piles == (2, 0, 0) and pot(s) == EMPTY
    assert s.view(0)["prompt"] == ("The Dallah collapsed: you collect 2 cups. Stand the "
                                   "Dallah back up, then roll the die.")
    assert s.view(1)["prompt"] == ("The Dallah collapsed: waiting for P0 to stand it back up; "
                                   "P0 collects 2 cups.")
    assert s.view(0, "ar")["prompt"].endswith("ارمِ النرد.")
    assert legal(s) == ["0:roll"]
    round_trips(s)
    play(s, "0:roll", "0:settled", "1:settled")
    assert pot(s) == dict(EMPTY, lid=["tall"], neck=["wide"]) and s.piles == (2, 0, 0)
    assert s.view(None)["last_turn"]["collapsed"] is False  # the card's own report


@pytest.mark.ruling("DAL-23", "DAL-14", "DAL-20")
@pytest.mark.parametrize(("moves", "fields", "field"), [
    (["0:draw"], {"released": True}, "released"),
    (["0:draw"], {"timeouts": 1}, "released"),
    (["0:draw"], {"falls": 1}, "falls"),
    (["0:draw"], {"collapsed": True}, "collapsed"),
])
def test_states_before_the_roll_that_no_play_reaches_are_refused(
        moves: list[str], fields: dict[str, Any], field: str) -> None:
    """DAL-23, DAL-14, DAL-20: before the roll no cup or Placement card is in play, what
    fell is counted as collected, and a Dallah that collapsed is empty; a save saying
    otherwise is refused (the states play reaches load: ``round_trips`` above)."""
    s = game(actions=["place"], placements=["neck"], rolls=["tall"], pot={"lid": ["wide"]})
    play(s, *moves)
    data = json.loads(s.to_json())
    data["state"].update(fields)
    with pytest.raises(StateError, match=rf"\$\.state\.{field}"):
        dallah.State.from_json(json.dumps(data))


# -- DAL-43: a swap is redirected only to a smaller pile ----------------------------------------
@pytest.mark.ruling("DAL-43")
def test_dal43_a_swap_is_redirected_only_to_a_pile_smaller_than_the_source() -> None:
    s = game(players=4, actions=["tabadel"], piles=[2, 0, 1, 9],
             held=[[], ["ana_mali_dakhal"], [], []])
    play(s, "0:draw")  # Tabadel: P0's 2 cups would go to P1
    assert legal(s, 1) == ["1:allow", "1:redirect 2"]
    refused(s, "1:redirect 3", "not_eligible", "DAL-43")  # 9 cups would go to the source
    refused(s, "1:redirect", "not_eligible", "DAL-43")
    play(s, "1:redirect 2")
    assert s.piles == (1, 0, 2, 9)
    # nobody smaller than the source: the redirect cancels the swap
    s = game(players=4, actions=["surprise"], piles=[2, 0, 3, 2],
             held=[[], ["ana_mali_dakhal"], [], []])
    play(s, "0:draw", "0:target 1")
    assert legal(s, 1) == ["1:allow", "1:redirect"]
    assert s.view(1)["prompt"] == ("Surprise: P0 would swap piles with you. Play Ana Mali "
                                   "Dakhal to cancel it (nobody else can take it), or allow it.")
    play(s, "1:redirect")
    assert s.piles == (2, 0, 3, 2)
    # a gift is still sent to any other seat, however big its pile (DAL-43)
    s = game(players=4, actions=["kheth"], piles=[2, 0, 1, 9],
             held=[[], ["ana_mali_dakhal"], [], []])
    play(s, "0:draw", "0:target 1")
    assert legal(s, 1) == ["1:allow", "1:redirect 2", "1:redirect 3"]


# -- DAL-41: the table model names the protection cards -----------------------------------------
@pytest.mark.ruling("DAL-41", "DAL-42", "DAL-43")
@pytest.mark.parametrize(("players", "held", "msg", "cards"), [
    (3, [[], ["ana_mali_dakhal"], []],
     "{card}: play {cards} to send it to another player, or allow it.", ["Ana Mali Dakhal"]),
    (3, [[], ["ma_ysir"], []], "{card}: play {cards} to block it, or allow it.", ["Ma Ysir"]),
    (2, [[], ["ana_mali_dakhal"]],
     "{card}: play {cards} to cancel it (nobody else can take it), or allow it.",
     ["Ana Mali Dakhal"]),
    (3, [[], ["ma_ysir", "ana_mali_dakhal"], []],
     "{card}: block it or send it to another player with your protection cards ({cards}), "
     "or allow it.", ["Ma Ysir", "Ana Mali Dakhal"]),
    (2, [[], ["ma_ysir", "ana_mali_dakhal"]],
     "{card}: block it or cancel it with your protection cards ({cards}), or allow it.",
     ["Ma Ysir", "Ana Mali Dakhal"]),
])
def test_dal41_the_protection_prompt_of_the_table_model_names_the_cards_held(
        players: int, held: list[list[str]], msg: str, cards: list[str]) -> None:
    s = game(players=players, actions=["kheth"], piles=[2] + [0] * (players - 1), held=held)
    play(s, "0:draw", "0:target 1")
    prompt = present(s.view(1))["prompt"]
    assert prompt["msg"] == msg
    assert [c["msg"] for c in prompt["args"]["cards"]] == cards
    english = words_for("en", "dallah").text(prompt)
    assert english.startswith("Kheth: ") and all(c in english for c in cards)
    arabic = words_for("ar", "dallah").text(prompt)
    assert "{" not in arabic and "Kheth" not in arabic and arabic != english


# -- DAL-26: Tag Team and Fazaa' with one shared cup left -------------------------------------
ALL_BUT_ONE = {"base": ["classic"] * 5 + ["tall"] * 5 + ["wide"] * 5 + ["tiny"] * 5
               + ["twins"] * 4}


@pytest.mark.ruling("DAL-26", "DAL-24")
def test_dal26_tag_team_with_one_shared_cup_left_places_one_cup() -> None:
    s = game(actions=["tag_team"], placements=["lid"], pot=ALL_BUT_ONE)
    play(s, "0:draw")
    assert s.view(0)["prompt"] == "Tag Team: roll the die for the cup."
    roll = next(e for e in play(s, "0:roll") if e["kind"] == "roll")
    assert roll["cups"] == ["twins"] and roll["requested"] == 2
    assert s.placers == (0,) and s.view(0)["cups_in_hand"] == ["twins"]
    assert "(cup 1 of" not in s.view(0)["prompt"]
    play(s, "0:fell lid:twins", "0:settled")  # the active player places and collects
    assert s.is_over and s.piles == (1, 0, 0) and s.outcome().losers == frozenset({0})


@pytest.mark.ruling("DAL-26", "DAL-24")
def test_dal26_fazaa_with_one_shared_cup_left_the_helper_places_it() -> None:
    for cards in (dallah.DEFAULT_CARDS, team_heavy_cards()):  # Fazaa' of one cup, of two
        s = game(rules={"cards": cards}, actions=["fazaa"], placements=["lid"],
                 pot=ALL_BUT_ONE)
        play(s, "0:draw")
        assert s.view(1)["prompt"] == ("Fazaa' for P0: roll the die, then place the cup "
                                       "yourself; you collect any cup that falls.")
        roll = next(e for e in play(s, "1:roll") if e["kind"] == "roll")
        assert roll["cups"] == ["twins"] and s.placers == (1,)
        play(s, "1:fell lid:twins", "1:settled")
        assert s.is_over and s.piles == (0, 1, 0)


# -- random play: every state round-trips, cups add up -------------------------------------------
@pytest.mark.ruling("DAL-26", "DAL-10")
@pytest.mark.parametrize("seed", range(6))
def test_random_play_with_falls_between_cups_keeps_cups_and_loads(seed: int) -> None:
    """DAL-26, DAL-10, DAL-11: random reports at every point, team cards often (every
    state is saved and loaded again, cups add up, a fallen cup never comes back)."""
    rules: list[Any] = [None, {"cards": team_heavy_cards()}, "no-swaps",
                        {"full_zone": "cup_leaves", "late_falls": False}]
    s = dallah.new_game(2 + seed % 4, seed=seed, rules=rules[seed % 4])
    rng = random.Random(seed)
    total = s.rules.cards.total_cups
    fallen = 0
    for _ in range(700):
        if s.is_over:
            break
        seats = [x for x in range(s.n) if s.legal_actions(x)]
        seat = rng.choice(seats)
        options = s.legal_actions(seat)
        # falls and collapses often, so that cups fall between the cups of a card
        weighted = [a for a in options if a.verb in ("fell", "collapse")] * 2 + options
        s.apply(rng.choice(weighted))
        assert s.cups_in_play() == total
        assert sum(s.piles) + s.retired >= fallen
        fallen = sum(s.piles) + s.retired
        text = s.to_json()
        assert dallah.State.from_json(text).to_json() == text
    assert s.is_over
