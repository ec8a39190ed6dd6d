"""Scenarios for the Toepen rulings whose citing tests could pass with the ruling broken.

Session 57's audit broke each ruling's line in the engine in turn and ran the tests that
cite it. Three breaks went unnoticed: the suit to follow taken from the last card played
instead of the first (TOE-10), a trick won by the highest card whatever its suit (TOE-11),
and the lead staying with the trick's leader instead of passing to its winner (TOE-12).
The citing tests only ever had the second card follow suit, an off-suit card lower than
the winner, or the leader win its own trick. Each scenario below fails with that break.
"""

from __future__ import annotations

import pytest

from tablegames import toepen
from tablegames.testing import apply_all, assert_refused

from .helpers import game

ruling = pytest.mark.ruling


def plays(state: toepen.State) -> list[str]:
    """The card plays the seat to act may make, as notation."""
    return [str(a) for a in state.legal_actions() if isinstance(a, toepen.Play)]


@ruling("TOE-10")
def test_the_first_card_sets_the_suit_not_the_card_before_yours() -> None:
    # P0 leads a diamond; P1 has none and throws a heart; P2 holds both suits and must
    # answer the diamond that opened the trick, not the heart played just before
    s = game(["8d", "Jc", "Qc", "Kc", "Th", "Js", "Qs", "Ks", "9d", "7h", "Ah", "Qh"])
    apply_all(s, "0:play 8d", "1:play Th")
    assert plays(s) == ["2:play 9d"]
    assert_refused(s, "2:play 7h", code="must_follow_suit", ruling="TOE-11")
    events = s.apply("2:play 9d")
    trick = next(e for e in events if e.kind == "trick")
    assert trick.data["winner"] == 2 and trick.data["card"] == "9d"


@ruling("TOE-11")
def test_a_higher_card_of_another_suit_does_not_win_the_trick() -> None:
    # clubs led with the 7, followed with the 8; P2 has no club and throws the ten of
    # hearts, the highest card by rank, which wins nothing: the 8 of clubs takes the trick
    s = game(["7c", "Jd", "Qd", "Kd", "8c", "Js", "Qs", "Ks", "Th", "Jh", "Qh", "Kh"])
    apply_all(s, "0:play 7c", "1:play 8c")
    events = s.apply("2:play Th")
    trick = next(e for e in events if e.kind == "trick")
    assert trick.data["winner"] == 1 and trick.data["card"] == "8c"
    assert s.view(None)["tricks"][0]["winner"] == 1 and s.to_act == 1


@ruling("TOE-12")
def test_the_winner_of_a_trick_leads_the_next_when_it_did_not_lead_this_one() -> None:
    # P0 leads the 7 of hearts, P1 takes it with the ten; P1, not P0, leads the next trick
    s = game(["7h", "Jc", "Qc", "Kc", "Th", "Js", "Qs", "Ks", "8h", "Jd", "Qd", "Kd"])
    events = apply_all(s, "0:play 7h", "1:play Th", "2:play 8h")
    trick = next(e for e in events if e.kind == "trick")
    assert trick.data["winner"] == 1 and trick.data["next"] == 1
    assert s.to_act == 1 and s.leader == 1
    assert_refused(s, "0:play Jc", code="out_of_turn", ruling="TOE-12")
    assert_refused(s, "2:play Jd", code="out_of_turn", ruling="TOE-12")
    s.apply("1:play Js")
    assert s.to_act == 2  # clockwise from the new leader


@ruling("TOE-56", "TOE-04", "TOE-22")
@pytest.mark.parametrize(("verb", "ruling_id"), [
    ("keep", "TOE-56"), ("exchange", "TOE-56"), ("accept", "TOE-04"), ("challenge", "TOE-04"),
    ("stay", "TOE-22"), ("fold", "TOE-22")])
def test_a_decision_while_cards_are_played_names_the_ruling_of_that_decision(
        verb: str, ruling_id: str) -> None:
    """Found by the audit: every decision made while cards were played cited TOE-10 (how a
    trick is played), which forbids none of them. An exchange (or keeping the hand) comes
    before the first card (TOE-56), a challenge answers an exchange (TOE-04), staying or
    folding answers a knock (TOE-22)."""
    s = game(["7h", "Jc", "Qc", "Kc", "Th", "Js", "Qs", "Ks", "8h", "Jd", "Qd", "Kd"])
    s.apply("0:play 7h")
    before = s.to_json()
    assert_refused(s, f"2:{verb}", code="wrong_phase", ruling=ruling_id)
    assert s.to_json() == before
