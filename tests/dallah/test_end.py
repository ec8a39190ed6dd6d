"""Scenario tests for the end of the game and the score (DAL-50..52)."""

from __future__ import annotations

import pytest

from tablegames import dallah
from tablegames.common.errors import GameOver
from tests.dallah.helpers import game, play

#: 24 cups on the base: the shared pile keeps one Twins cup.
ALL_BUT_ONE = {"base": ["classic"] * 5 + ["tall"] * 5 + ["wide"] * 5 + ["tiny"] * 5
               + ["twins"] * 4}


def base_minus(k: int) -> dict[str, list[str]]:
    """All-but-one cups on the base, less ``k`` (for cups set aside in piles)."""
    return {"base": ALL_BUT_ONE["base"][k:]}


@pytest.mark.ruling("DAL-50")
def test_play_ends_when_the_shared_pile_is_empty_and_the_turn_resolved() -> None:
    s = game(actions=["place"], placements=["lid"], pot=ALL_BUT_ONE)
    play(s, "0:draw", "0:roll")
    assert s.shared_total() == 0 and not s.is_over
    play(s, "0:fell base:classic")
    assert not s.is_over  # the turn is not resolved until the Dallah settles
    play(s, "0:settled")
    assert s.is_over and s.to_act is None and s.legal_actions() == []


@pytest.mark.ruling("DAL-50", "DAL-14")
def test_a_collapse_does_not_end_the_game_while_cups_remain() -> None:
    s = game(actions=["two_cups", "place"], placements=["lid", "neck"],
             pot=base_minus(1), rolls=["twins", "classic"])
    play(s, "0:draw", "0:roll", "0:collapse", "0:settled")
    assert not s.is_over and s.shared_total() == 1  # the unattempted cup came back
    # the 23 cups on the Dallah fell; the Twins in hand was not on it, and is placed on
    # the Dallah stood up again (DAL-14, DAL-26)
    assert s.piles == (23, 0, 0) and s.view(None)["pot"]["lid"] == ["twins"]


@pytest.mark.ruling("DAL-51")
def test_biggest_losers_share_the_title() -> None:
    s = game(actions=["place"], placements=["lid"], pot=base_minus(6), piles=[3, 3, 0])
    play(s, "0:draw", "0:roll", "0:settled")
    out = s.outcome()
    assert out.losers == frozenset({0, 1}) and out.winners == frozenset()
    assert out.scores == (3, 3, 0)
    assert s.view(2)["prompt"] == ("The game is over. P0 and P1 share the Biggest Loser "
                                   "title, with 3 cups each.")


@pytest.mark.ruling("DAL-51")
def test_nobody_is_the_biggest_loser_when_every_pile_is_empty() -> None:
    s = game(actions=["place"], placements=["lid"], pot=ALL_BUT_ONE)
    play(s, "0:draw", "0:roll", "0:settled")
    assert s.outcome().losers == frozenset() and s.outcome().scores == (0, 0, 0)


@pytest.mark.ruling("DAL-52", "DAL-38")
def test_retired_cups_and_held_cards_score_nothing() -> None:
    s = game(actions=["yalla_bye", "place"], placements=["lid"], pot=base_minus(4),
             piles=[2, 2, 0], held=[[], [], ["ma_ysir"]])
    play(s, "0:draw", "1:draw", "1:roll", "1:settled")
    out = s.outcome()
    assert s.retired == 1 and out.scores == (1, 2, 0) and out.losers == frozenset({1})
    assert out.detail["retired"] == 1
    # the held Ma Ysir earns no extra turn: the game is simply over
    assert s.is_over and s.view(2)["hand"] == ["ma_ysir"]


@pytest.mark.ruling("DAL-51")
def test_outcome_before_the_end_is_an_error() -> None:
    with pytest.raises(ValueError):
        dallah.new_game(3).outcome()


@pytest.mark.ruling("DAL-50")
def test_a_report_after_the_end_is_refused_naming_the_ruling() -> None:
    s = game(actions=["place"], placements=["lid"], pot=ALL_BUT_ONE)
    play(s, "0:draw", "0:roll", "0:settled")
    assert s.is_over
    with pytest.raises(GameOver) as info:
        s.report(["lid:classic"])
    assert info.value.code == "game_over" and info.value.ruling == "DAL-50"
    assert info.value.doc == "rulings/dallah.html#DAL-50"
