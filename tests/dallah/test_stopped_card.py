"""The later cup of a two-cup card after a fall: what the placer may report (DAL-26,
DAL-10, DAL-11, DAL-12; engine 5).

Once a fall is reported while the later cup is still in hand, the card has stopped. The
cup in hand may still have been let go before the fall: a report naming it on its zone
says it fell (it goes to the collector's pile, never back to the shared pile), in any
order with the other cups, one by one or all at once; ``placed`` says it stands on its
zone and stays. Otherwise ``settled`` sends it back untried. Before engine 5 the report's
order decided: naming the cup after another cup's fall was refused, and a cup that
stood went back to the shared pile.
"""

from __future__ import annotations

import json

import pytest

from tablegames import dallah
from tests.dallah.helpers import game, kinds, play, refused

CARDS = ["two_cups", "tag_team", "shareek", "fazaa"]


def _start(card: str, late_falls: bool) -> tuple[dallah.State, int, int]:
    """A card whose first cup, the Tall, stands on the Lid; the Wide cup is in hand for
    the Neck; a Classic cup stands on the Base. Returns the state, the seat placing the
    Wide cup and the collector."""
    rules: dict[str, object] = {"late_falls": late_falls}
    if card == "fazaa":
        rules["cards"] = _two_cup_fazaa()
    s = game(rules=rules, actions=[card], placements=["lid", "neck"], rolls=["tall", "wide"],
             pot={"base": ["classic"]})
    play(s, "0:draw")
    if card == "shareek":
        play(s, "0:target 2")
    placer = 1 if card == "fazaa" else 0
    play(s, f"{placer}:roll", f"{placer}:settled")
    assert s.view(None)["cups_in_hand"] == ["wide"] and s.view(None)["zone"] == "neck"
    collector = 1 if card == "fazaa" else 0
    return s, s.to_act or 0, collector


def _two_cup_fazaa() -> dallah.CardSet:
    data = dallah.DEFAULT_CARDS.to_dict()
    for a in data["actions"]:
        if a["kind"] == "fazaa":
            a["cups"] = 2
    return dallah.CardSet.from_dict(data)


def _pot(state: dallah.State) -> dict[str, list[str]]:
    return {z: c for z, c in state.view(None)["pot"].items() if c}


def _piles(collector: int, k: int) -> tuple[int, ...]:
    return tuple(k if seat == collector else 0 for seat in range(3))


@pytest.mark.ruling("DAL-26", "DAL-10", "DAL-11")
@pytest.mark.parametrize("late_falls", [True, False])
@pytest.mark.parametrize("card", CARDS)
@pytest.mark.parametrize("order", [["base:classic", "neck:wide"], ["neck:wide", "base:classic"]])
def test_a_report_naming_the_cup_in_hand_is_taken_in_either_order(
        card: str, late_falls: bool, order: list[str]) -> None:
    s, _, collector = _start(card, late_falls)
    events = s.report(fell=order)
    assert [e.kind for e in events][:3] == ["fell", "fell", "settled"]
    assert "returned" not in [e.kind for e in events]  # nothing went back untried
    assert s.piles == _piles(collector, 2)  # DAL-10: both cups to the collector
    assert _pot(s) == {"lid": ["tall"]}
    assert s.view(None)["shared"]["wide"] == 4  # DAL-11: the fallen Wide cup stays out


@pytest.mark.ruling("DAL-26", "DAL-10", "DAL-11")
@pytest.mark.parametrize("late_falls", [True, False])
@pytest.mark.parametrize("card", CARDS)
def test_a_phone_reporting_one_by_one_may_name_the_cup_in_hand_last(
        card: str, late_falls: bool) -> None:
    s, placer, collector = _start(card, late_falls)
    play(s, f"{placer}:fell base:classic")
    assert f"{placer}:fell neck:wide" in [str(a) for a in s.legal_actions(placer)]
    prompt = s.view(placer)["prompt"]
    assert "If the Wide cup was let go on the Neck before it, report that it fell" in prompt
    ev = play(s, f"{placer}:fell neck:wide")
    assert ev == [{"kind": "fell", "seat": placer, "collector": collector, "zone": "neck",
                   "cup": "wide"}]
    assert "put the Wide cup back" not in s.view(placer)["prompt"]
    assert kinds(play(s, f"{placer}:settled"))[:2] == ["settled", "turn"]
    assert s.piles == _piles(collector, 2) and _pot(s) == {"lid": ["tall"]}
    assert s.view(None)["shared"]["wide"] == 4


@pytest.mark.ruling("DAL-26", "DAL-12")
@pytest.mark.parametrize("late_falls", [True, False])
@pytest.mark.parametrize("card", CARDS)
def test_placed_says_the_cup_in_hand_stood_while_another_fell(
        card: str, late_falls: bool) -> None:
    """The Wide cup was placed, stood, and knocked the Classic off the Base: the pot the
    engine keeps is the real one (with late_falls=False there was no other way to say it)."""
    s, placer, collector = _start(card, late_falls)
    play(s, f"{placer}:fell base:classic")
    ev = play(s, f"{placer}:placed")
    assert ev == [{"kind": "placed", "seat": placer, "zone": "neck", "cup": "wide"}]
    assert f"{placer}:placed" not in [str(a) for a in s.legal_actions(placer)]
    assert kinds(play(s, f"{placer}:settled"))[:2] == ["settled", "turn"]
    assert s.piles == _piles(collector, 1)
    assert _pot(s) == {"lid": ["tall"], "neck": ["wide"]}  # DAL-12: it stays
    assert s.view(None)["shared"]["wide"] == 4


@pytest.mark.ruling("DAL-26")
@pytest.mark.parametrize("late_falls", [True, False])
def test_settled_still_sends_an_untried_cup_back(late_falls: bool) -> None:
    s, placer, _ = _start("tag_team", late_falls)
    play(s, f"{placer}:fell base:classic")
    assert kinds(play(s, f"{placer}:settled"))[:3] == ["settled", "returned", "turn"]
    assert s.piles == (1, 0, 0) and _pot(s) == {"lid": ["tall"]}
    assert s.view(None)["shared"]["wide"] == 5


@pytest.mark.ruling("DAL-26", "DAL-10")
def test_the_cup_in_hand_is_the_one_meant_when_its_zone_holds_its_shape() -> None:
    """Named on its zone, the cup just let go is the one that fell, as while it is placed
    (the cup on the Dallah of that shape stays): the one case an engine-4 history replays
    differently, hence engine 5."""
    s = game(actions=["two_cups"], placements=["lid", "neck"], rolls=["tall", "wide"],
             pot={"neck": ["wide"]})
    play(s, "0:draw", "0:roll", "0:settled", "0:fell lid:tall", "0:fell neck:wide")
    assert s.view(None)["cups_in_hand"] == [] and _pot(s) == {"neck": ["wide"]}
    play(s, "0:settled")
    assert s.piles == (2, 0, 0) and s.view(None)["shared"]["wide"] == 3


@pytest.mark.ruling("DAL-26")
def test_placed_is_refused_where_settled_says_it() -> None:
    s = game(actions=["two_cups", "place"], placements=["lid", "neck"],
             rolls=["tall", "wide"])
    play(s, "0:draw", "0:roll")
    refused(s, "0:placed", "placed_refused", "DAL-26")  # the first cup: settled says it
    play(s, "0:fell lid:tall")
    refused(s, "0:placed", "placed_refused", "DAL-26")  # the first cup is still placed
    play(s, "0:settled")
    refused(s, "1:placed", "wrong_stage", "DAL-26")
    assert dallah.parse_action("0:placed") == dallah.parse_action("0:placed")
    assert str(dallah.parse_action("1:placed")) == "1:placed"


@pytest.mark.ruling("DAL-26")
def test_an_engine_4_save_loads_and_plays_on_under_engine_5() -> None:
    """Engine 5 changes no field: an engine-4 save loads as it was and is re-saved as 5."""
    s = game(actions=["two_cups"], placements=["lid", "neck"], rolls=["tall", "wide"])
    play(s, "0:draw", "0:roll", "0:settled")
    data = json.loads(s.to_json())
    data["engine"] = 4
    old = dallah.State.from_json(json.dumps(data))
    assert old.view(None) == s.view(None)
    play(old, "0:fell neck:wide", "0:settled")
    assert old.piles == (1, 0, 0) and json.loads(old.to_json())["engine"] == 5
