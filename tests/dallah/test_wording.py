"""What players read: events name "the ... cup", refusals name players and cards, not
seat numbers, Python lists or internal codes (audit of Dallah's words)."""

from __future__ import annotations

import pytest

from tablegames import IllegalAction, PositionError, dallah
from tablegames.dallah.present import event
from tests.dallah.helpers import game, play

VIEW = {"names": {"shapes": {"classic": "Classic", "wide": "Wide", "tiny": "Tiny"},
                  "zones": {"neck": "Neck", "lid": "Lid", "handle": "Handle"},
                  "cards": {"blow": "Blow"}},
        "players": ["P0", "P1"]}


def _why(state: dallah.State, action: str) -> IllegalAction:
    with pytest.raises(IllegalAction) as info:
        state.apply(action)
    return info.value


@pytest.mark.ruling("DAL-26", "DAL-10", "DAL-22", "DAL-27")
def test_events_name_the_cup_and_why_a_card_is_drawn_again() -> None:
    assert event({"kind": "returned", "cups": ["classic"]}, VIEW) == {
        "msg": "The {cups} cup goes back to the shared pile.",
        "plural": "The {cups} cups go back to the shared pile.", "n": 1,
        "args": {"n": 1, "cups": [{"msg": "Classic", "args": {}}]}}
    fell = event({"kind": "fell", "seat": 0, "collector": 0, "zone": "handle", "cup": "tiny"},
                 VIEW)
    assert fell is not None and fell["msg"] == "The {cup} cup fell from the {zone}: {who} collected it."
    moved = event({"kind": "move", "seat": 0, "cup": "wide", "from": "neck", "to": "lid"}, VIEW)
    assert moved is not None and moved["msg"] == "{who} moved the {cup} cup from the {a} to the {b}."
    redrawn = event({"kind": "redrawn", "seat": 0, "card": "blow", "reason": "empty_dallah"},
                    VIEW)
    assert redrawn is not None and redrawn["msg"] == (
        "The Dallah is empty: {card} is set aside and another Action card is drawn.")


@pytest.mark.ruling("DAL-43", "DAL-41")
def test_protection_refusals_name_players_and_the_card() -> None:
    s = game(actions=["mabrook"], piles=[3, 0, 0], held=[[], ["ana_mali_dakhal"], []])
    play(s, "0:draw", "0:target 1")
    assert str(_why(s, "1:redirect 0")) == (
        "redirect the cups to a player other than P0, who gives them: P2 "
        "[not_eligible; ruling DAL-43]")
    assert str(_why(s, "1:block")).startswith("you hold no Ma Ysir ")
    swap = game(4, actions=["surprise"], piles=[5, 0, 1, 3],
                held=[[], [], [], ["ana_mali_dakhal"]])
    play(swap, "0:draw", "0:target 3")
    assert str(_why(swap, "3:redirect 0")).startswith(
        "redirect the swap to a player whose pile is smaller than P0's: P1, P2 ")


@pytest.mark.ruling("DAL-21", "DAL-26")
def test_nospace_refusals_say_why() -> None:
    stunt = game(actions=["tap"], pot={"lid": ["tall"]})
    play(stunt, "0:draw")
    assert "no cup is being placed" in str(_why(stunt, "0:nospace"))
    two = game(actions=["two_cups"], placements=["lid", "neck"], rolls=["tall", "wide"])
    play(two, "0:draw", "0:roll", "0:settled", "0:fell lid:tall")
    assert "the card stopped at its first fall" in str(_why(two, "0:nospace"))
    assert _why(two, "0:nospace").ruling == "DAL-26"


@pytest.mark.ruling("DAL-04", "DAL-25")
def test_an_impossible_position_names_the_card_by_its_id_without_a_json_path() -> None:
    text = dallah.new_game(players=3, seed=1).to_position()
    with pytest.raises(PositionError) as twice:
        dallah.State.from_position(text.replace("\ndiscard: -", "\ndiscard: ma_ysir"))
    assert "card ma_ysir lies twice (in 'stock' and 'discard')" in str(twice.value)
    with pytest.raises(PositionError) as cups:
        dallah.State.from_position(text.replace("piles: 0 0 0", "piles: 1 0 0"))
    assert str(cups.value).startswith("impossible position: the cups do not add up")


@pytest.mark.ruling("DAL-10")
def test_report_takes_one_cup_as_a_string() -> None:
    s = game(actions=["place"], placements=["neck"], rolls=["tall"])
    play(s, "0:draw", "0:roll")
    s.report(fell="neck:tall")
    assert s.piles == (1, 0, 0) and s.to_act == 1
