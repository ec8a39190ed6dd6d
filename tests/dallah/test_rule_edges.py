"""Edges of four rulings that no other test pinned: each test here fails when the one
line that decides its ruling is taken out (the countdown only before a fall, a Naql move
freeing a full zone, Malek Shoghl between two different players and its cap)."""

from __future__ import annotations

import pytest

from tablegames import dallah
from tests.dallah.helpers import game, play, refused


@pytest.mark.ruling("DAL-28")
def test_no_timeout_once_a_cup_fell() -> None:
    """The countdown runs out only *without* a fall: after a fall the card is attempted."""
    s = game(actions=["five_seconds"], placements=["neck"], rolls=["tall"],
             pot={"lid": ["wide"]})
    play(s, "0:draw", "0:roll")
    assert dallah.parse_action("0:timeout") in s.legal_actions()
    play(s, "0:fell lid:wide")
    refused(s, "0:timeout", "no_countdown", "DAL-28")
    assert dallah.parse_action("0:timeout") not in s.legal_actions()


@pytest.mark.ruling("DAL-21", "DAL-22")
def test_with_cup_leaves_a_naql_move_out_of_a_full_zone_frees_it() -> None:
    s = game(rules={"full_zone": "cup_leaves"}, actions=["place", "naql"],
             placements=["neck", "lid"], rolls=["tall"], pot={"neck": ["wide"]})
    play(s, "0:draw", "0:roll", "0:nospace", "0:settled")
    assert s.view(None)["full_zones"] == ["neck"]  # it stays full across turns
    play(s, "1:draw", "1:move neck:wide handle")
    assert s.view(None)["full_zones"] == []


@pytest.mark.ruling("DAL-35")
def test_malek_shoghl_with_every_pile_equal_never_pairs_a_player_with_itself() -> None:
    s = game(actions=["malek_shoghl"], piles=[2, 2, 2])
    play(s, "0:draw")
    assert s.view(0)["stage"] == "pair"
    refused(s, "0:pair 1 1", "not_tied", "DAL-35")
    pairs = [str(a) for a in s.legal_actions() if str(a).startswith("0:pair")]
    assert pairs and all(a.split()[1] != a.split()[2] for a in pairs)


@pytest.mark.ruling("DAL-32", "DAL-35")
def test_malek_shoghl_moves_no_more_than_the_biggest_pile_holds() -> None:
    data = dallah.DEFAULT_CARDS.to_dict()
    for a in data["actions"]:
        if a["id"] == "malek_shoghl":
            a["amount"] = 3
    s = game(rules=dallah.Rules(cards=dallah.CardSet.from_dict(data)),
             actions=["malek_shoghl"], piles=[2, 0, 1])
    play(s, "0:draw")
    assert s.piles == (0, 2, 1) and s.to_act == 1
