"""Scenarios for the Dallah rulings whose citing tests could pass with the ruling broken.

Session 57's audit broke each ruling's line in the engine in turn (59 breaks) and ran the
tests that cite it. Two breaks went unnoticed: the Placement discard pile kept after it
was reshuffled into the deck, so the zones are counted twice (DAL-25: the citing test
checked only the reshuffle events), and held protection cards counted in the score
(DAL-52: the citing test's card was held by a seat whose pile was empty, so one card
could not change who held the most). Each scenario below fails with that break.

Session 58 (helper-213): breaking DAL-26's count of cups rolled (one per cup left) made
its tests hang, not fail: ``State._roll_one`` rolls until a shape still in the shared
pile comes up, for ever once the pile is empty. The roll now asserts the pile holds a
cup, and a save whose next roll would meet an empty pile (which loaded, and whose legal
roll crashed) is refused (DAL-50).
"""

from __future__ import annotations

import json

import pytest

from tablegames import StateError, dallah
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


def _emptied(state: dallah.State) -> str:
    """``state``'s save with every cup of the shared pile moved to seat 0's pile (the
    cups still add up)."""
    save = json.loads(state.to_json())
    fields = save["state"]
    fields["piles"][0] += sum(fields["shared"])
    fields["shared"] = [0] * len(fields["shared"])
    return json.dumps(save)


@pytest.mark.ruling("DAL-50", "DAL-26")
def test_a_save_with_an_empty_shared_pile_before_the_roll_is_refused() -> None:
    # DAL-50: a turn starts only while the shared pile holds a cup, and nothing before
    # the roll takes one from it; such a save loaded, and its legal roll rolled no cup
    # (DAL-26: as many as remain) and crashed on the placer of a cup it did not have
    s = game(actions=["place", "place"], placements=["lid", "neck"])
    draw = s.to_json()
    play(s, "0:draw")
    assert s.legal_actions()[0] == dallah.parse_action("0:roll")
    for text in (draw, s.to_json()):
        with pytest.raises(StateError, match=r"shared pile is empty.*\(DAL-50\)"):
            dallah.State.from_json(_emptied(dallah.State.from_json(text)))
    # after the roll the last cups may all be in play: that save loads and plays on
    last = game(actions=["place"], placements=["lid"], pot={"base": ALL_BUT_ONE})
    play(last, "0:draw", "0:roll")
    assert last.shared_total() == 0
    again = dallah.State.from_json(last.to_json())
    play(again, "0:settled")
    assert again.is_over
