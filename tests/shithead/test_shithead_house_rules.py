"""Issue 23's Shithead house rules: who starts (``Rules.starter``) and the sheet's strict
"lower only" (effect rows ``on="lower"`` and ``acts="on_lower"``, variant ``"lower-only"``)."""

from __future__ import annotations

import pytest

from tablegames import IllegalAction, RulesError, SetupError, shithead
from tablegames.common.rng import Rng
from tablegames.common.rules import rules_to_dict
from tablegames.shithead import Effect
from tests.shithead.helpers import game, seat

LOWER = "lower-only"


def refused(s: shithead.State, move: str) -> tuple[str, str | None]:
    before = s.to_json()
    with pytest.raises(IllegalAction) as caught:
        s.apply(move)
    assert s.to_json() == before
    return caught.value.code, caught.value.ruling


# -- who starts -------------------------------------------------------------------------
@pytest.mark.ruling("SHD-04")
def test_a_fixed_seat_starts_without_showing_a_card() -> None:
    s = game(seat("9♣ 9♦ 9♥", "4♣ 4♦ 4♥", "A♣ 5♣ 6♣"), seat("7♣ 7♦ 7♥", "8♣ 8♥ 8♠", "2♦ 4♠ 6♦"),
             seat("6♠ 7♠ 9♠", "J♣ J♦ J♠", "3♠ Q♦ Q♥"),
             rules={"starter": "seat", "starter_seat": 2})
    assert s.to_act == 2 and s.starter == 2
    start = next(e for e in s._setup_log if e.kind == "start")
    assert start.for_seat(None)["shows"] is None
    assert s.known_cards == ((), (), ()) and not any(m for bars in s.bars for m in bars)
    lowest = game(seat("9♣ 9♦ 9♥", "4♣ 4♦ 4♥", "A♣ 5♣ 6♣"),
                  seat("7♣ 7♦ 7♥", "8♣ 8♥ 8♠", "2♦ 4♠ 6♦"))
    assert lowest.to_act == 0  # the default: the ace starts


@pytest.mark.ruling("SHD-04")
def test_the_seat_left_of_the_dealer_starts_and_the_deal_moves_round() -> None:
    s = shithead.new_game(players=3, seed=5,
                          rules={"starter": "left_of_dealer", "rounds": 2, "swap": False})
    assert s.starter == 1 and s.to_act == 1  # seat 0 deals the first round
    rng = Rng(5)
    while s.round == 0:
        legal = s.legal_actions()
        s.apply(legal[rng.below(len(legal))])
    assert s.starter == 2 and s.to_act == 2  # seat 1 dealt the second


def test_the_starter_options_are_checked() -> None:
    with pytest.raises(RulesError):
        shithead.Rules(starter="youngest")  # type: ignore[arg-type]
    with pytest.raises(RulesError):
        shithead.Rules(starter_seat=True)
    with pytest.raises(SetupError, match="starter_seat 3"):
        shithead.new_game(players=3, rules={"starter": "seat", "starter_seat": 3})
    assert shithead.Rules().starter == "lowest" and shithead.Rules().starter_seat == 0


# -- "lower only" ------------------------------------------------------------------------
@pytest.mark.ruling("SHD-21")
def test_lower_only_five_goes_only_on_a_lower_card() -> None:
    deal = (seat("9♣ 9♦ 9♥", "4♣ 4♦ 4♥", "A♣ 5♣ 6♣"), seat("7♣ 7♦ 7♥", "8♣ 8♥ 8♠", "2♦ 5♦ 6♦"))
    strict, usual = game(*deal, rules=LOWER), game(*deal)
    for s in (strict, usual):
        s.apply("0:play 5c")
    assert refused(strict, "1:play 5d") == ("not_lower", "SHD-21")
    assert [str(a) for a in strict.legal_actions()] == ["1:play 2d"]
    assert strict.view(None)["restriction"] == "4 or less"
    assert [str(a) for a in usual.legal_actions()] == ["1:play 2d", "1:play 5d"]
    on_empty = game(*deal, rules=LOWER)
    assert "0:play 5c" in [str(a) for a in on_empty.legal_actions()]  # an empty pile is lower


@pytest.mark.ruling("SHD-22")
def test_lower_only_skip_on_an_equal_card_skips_nobody() -> None:
    deal = (seat("9♣ 9♦ 9♥", "4♣ 4♦ 4♥", "8♣ J♣ Q♣"), seat("7♣ 7♦ 7♥", "2♣ 3♥ 3♠", "8♦ K♦ K♥"),
            seat("6♠ 7♠ 9♠", "J♥ J♦ J♠", "10♣ Q♦ Q♥"))
    strict, usual = game(*deal, rules=LOWER), game(*deal)
    skips = []
    for s in (strict, usual):
        s.apply("0:play 8c")  # on the empty pile: a skip in both readings
        assert s.to_act == 1
        skips.append([e.kind for e in s.apply("1:play 8d") if e.kind == "skip"])
    assert strict.to_act == 0 and skips[0] == []
    assert usual.to_act == 2 and skips[1] == ["skip"]


@pytest.mark.ruling("SHD-23")
def test_lower_only_reverse_on_an_equal_card_does_not_turn_play() -> None:
    deal = (seat("9♣ 9♦ 9♥", "4♣ 4♦ 4♥", "7♣ J♣ Q♣"), seat("6♣ 6♦ 6♥", "2♣ 3♥ 3♠", "7♦ K♦ K♥"),
            seat("6♠ 8♠ 9♠", "J♥ J♦ J♠", "10♣ Q♦ Q♥"))
    strict, usual = game(*deal, rules=LOWER), game(*deal)
    for s in (strict, usual):
        s.apply("0:play 7c")  # on the empty pile: it reverses in both readings
        assert s.view(None)["direction"] == "clockwise" and s.to_act == 1
        events = s.apply("1:play 7d")
        reverse = [e.for_seat(None) for e in events if e.kind == "reverse"]
        if s is strict:
            assert reverse == [] and s.view(None)["direction"] == "clockwise" and s.to_act == 2
        else:
            assert reverse[0]["effective"] and s.to_act == 0


@pytest.mark.ruling("SHD-25")
def test_lower_only_four_of_a_kind_still_burns() -> None:
    """Skips laid on equal skips are plain cards, so four of them across three players
    burn the pile (no skip acts); the player who laid the fourth plays again."""
    s = game(seat("9♣ 9♦ 9♥", "4♣ 4♦ 4♥", "8♣ 8♠ Q♣"), seat("7♣ 7♦ 7♥", "2♣ 3♥ 3♠", "8♦ K♦ K♥"),
             seat("6♠ 7♠ 9♠", "J♥ J♦ J♠", "8♥ Q♦ Q♥"), rules=LOWER)
    for move in ("0:play 8c", "1:play 8d", "0:play 8s"):
        s.apply(move)
    assert s.to_act == 2
    events = s.apply("2:play 8h")
    assert [e.kind for e in events if e.kind in ("burn", "skip")] == ["burn"]
    assert s.view(None)["pile"] == [] and len(s.burnt) == 4 and s.to_act == 2


@pytest.mark.ruling("SHD-25")
def test_lower_only_no_five_completes_a_four_across_players() -> None:
    """A 5 never goes on a 5 under "lower only": three 5s laid at once cannot be
    completed by another player, not even by cutting in."""
    s = game(seat("9♣ 9♦ 9♥", "4♣ 4♦ 4♥", "5♣ 5♦ 5♥"), seat("7♣ 7♦ 7♥", "8♣ 8♥ 8♠", "5♠ 6♦ K♦"),
             seat("6♠ 7♠ 9♠", "J♥ J♦ J♠", "10♣ Q♦ Q♥"),
             rules={**rules_to_dict(shithead.Rules.variant(LOWER)), "cut_in": True, "swap": False})
    s.apply("0:play 5c,5d,5h")
    assert s.to_act == 2 and s.legal_actions(1) == []
    assert refused(s, "1:play 5s") == ("out_of_turn", "SHD-04")


def test_the_lower_rows_are_checked() -> None:
    with pytest.raises(RulesError, match="acts='on_lower'"):
        Effect(5, "plain", acts="on_lower")
    with pytest.raises(RulesError):
        Effect(8, "skip", acts="sometimes")  # type: ignore[arg-type]
    assert Effect(5, on="lower").on == "lower" and Effect(8, "skip").acts == "always"
    row = shithead.Rules.variant(LOWER).effect(8)
    assert row.acts == "on_lower" and shithead.Rules.variant(LOWER).effect(5).on == "lower"
