"""Scenarios for the Dallah rulings whose citing tests could pass with the ruling broken.

Session 57's audit broke each ruling's line in the engine in turn (59 breaks) and ran the
tests that cite it. Two breaks went unnoticed: the Placement discard pile kept after it
was reshuffled into the deck, so the zones are counted twice (DAL-25: the citing test
checked only the reshuffle events), and held protection cards counted in the score
(DAL-52: the citing test's card was held by a seat whose pile was empty, so one card
could not change who held the most). Each scenario below fails with that break.
"""

from __future__ import annotations

import pytest

from tests.dallah.helpers import game, play, small_set

#: 24 cups on the base: the shared pile keeps one Twins cup (as in test_end.py).
ALL_BUT_ONE = ["classic"] * 5 + ["tall"] * 5 + ["wide"] * 5 + ["tiny"] * 5 + ["twins"] * 4


@pytest.mark.ruling("DAL-25")
def test_a_reshuffled_placement_deck_leaves_its_discard_pile_empty() -> None:
    # two Placement cards, both used: the third placement reshuffles the discard pile
    # into the deck, which empties the discard pile; the one card drawn is in play
    s = game(rules=small_set(), actions=["place", "place"], placements=["lid", "neck"])
    play(s, "0:draw", "0:roll", "0:settled", "1:draw", "1:roll", "1:settled", "2:draw")
    v = s.view(None)
    assert (v["stock"], v["discard"]) == (1, [])
    play(s, "2:roll")
    v = s.view(None)
    assert (v["placement_stock"], v["placement_discard"]) == (1, [])
    play(s, "2:settled")
    v = s.view(None)
    assert v["placement_stock"] + len(v["placement_discard"]) == 2  # no card made twice


@pytest.mark.ruling("DAL-52")
def test_a_held_protection_card_does_not_count_as_a_cup() -> None:
    # seat 0 holds two cups, seat 1 one cup and a Ma Ysir: seat 0 alone is the Biggest
    # Loser (a card counted as a cup would tie seat 1 with it)
    pot = {"base": ALL_BUT_ONE[3:]}
    s = game(actions=["place"], placements=["lid"], pot=pot, piles=[2, 1, 0],
             held=[[], ["ma_ysir"], []])
    play(s, "0:draw", "0:roll", "0:settled")
    out = s.outcome()
    assert s.is_over and out.scores == (2, 1, 0) and out.losers == frozenset({0})
    assert s.view(1)["hand"] == ["ma_ysir"]  # still held: no extra turn to use it
