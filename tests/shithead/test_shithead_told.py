"""What a Shithead table tells its players, checked against the rule it tells (an audit's
findings): the limit an "N or less" card sets (SHD-21), a Reverse that changes nothing
(SHD-23), the card an Under-over brings up (SHD-27) and the card a starter must lead under
``Rules.lead_shown`` (SHD-04). Each sentence is read as the phone and the terminal read it,
through the presenter and the catalogues, in English and Arabic."""

from __future__ import annotations

from typing import Any

import pytest

from tablegames import shithead
from tablegames.common.actions import Event
from tablegames.shithead.present import event, present
from tablegames.table.i18n import localize, words_for

ruling = pytest.mark.ruling
EN, AR = words_for("en", "shithead"), words_for("ar", "shithead")


def deal(*seats: str, **rules: Any) -> shithead.State:
    """Seats dealt from a stacked deck (face down, face up, hand), no swap, no stock."""
    return shithead.new_game(len(seats), seed=1, rules={"swap": False, **rules}, stock=0,
                             deck=" ".join(seats).split())


def variant_game(name: str, deck: str) -> shithead.State:
    """Two seats of a named variant, no swap, dealt from ``deck`` as :func:`deal` deals."""
    rules = shithead.Rules.variant(name).evolve(swap=False)
    return shithead.new_game(2, seed=1, rules=rules, stock=0, deck=deck.split())


def facts(view: dict[str, Any], words: Any = EN) -> dict[str, str]:
    return {localize(f["label"], words): localize(f["value"], words)
            for f in present(view)["facts"]}


def told(events: list[Event], seat: int | None, state: shithead.State,
         words: Any = EN) -> list[str]:
    view = state.view(seat)
    out = [event(e.for_seat(seat), view) for e in events]
    return [localize(m, words) for m in out if m is not None]


# ------------------------------------------------------------------------ SHD-21
@ruling("SHD-21", "SHD-05")
def test_under_a_five_or_less_the_table_says_the_most_a_card_may_be() -> None:
    s = deal("4c 4d 4h 6c 6d 6h 5c 8c Qc", "4s 5d 5h 6s 9d 9h Ac 2c 3c")
    s.apply("1:play Ac")
    assert facts(s.view(1))["Play at least"] == "A"  # a plain top: the least a card may be
    s.apply("0:play 5c")
    assert s.view(1)["prompt"].endswith("(5 or less).")
    shown = facts(s.view(1))
    assert shown["Play at most"] == "5" and "Play at least" not in shown
    assert facts(s.view(None), AR)["العب على الأكثر"] == "5"


@ruling("SHD-21")
def test_the_classic_seven_is_a_limit_and_the_odd_nine_a_list() -> None:
    """The classic 7 ("7 or lower") caps the next card; the odd-nine's 9 allows 3, 5, 7
    and 9 only, so no level is true of it: the table lists those ranks alone."""
    seven = variant_game("classic", "4c 4d 4h 6c 6d 6h 7c 8c Qc 4s 5d 5h 6s 9d 9h 2c 3d Kc")
    seven.apply("1:play 2c")
    seven.apply("0:play 7c")
    shown = facts(seven.view(None))
    assert shown["Play at most"] == "7" and "Play at least" not in shown
    nine = variant_game("classic-odd-nine", "4c 4d 4h 6c 6d 6h 9c 8c Qc 4s 5d 5h 6s 9d 9h 2c 3d Kc")
    nine.apply("1:play 2c")
    nine.apply("0:play 9c")
    shown = facts(nine.view(None))
    assert "Play at most" not in shown and "Play at least" not in shown
    assert shown["May be played"] == "3 5 7 9"


# ------------------------------------------------------------------------ SHD-23
@ruling("SHD-23")
def test_a_reverse_with_two_players_is_told_as_changing_nothing() -> None:
    s = deal("4c 4d 4h 6c 6d 6h 7c 8c Qc", "4s 5c 5d 6s 9c 9d Ac 2c 3c")
    s.apply("1:play Ac")
    events = s.apply("0:play 7c")
    assert events[-1].data["effective"] is False
    assert told(events, 1, s) == ["P0 played 7♣.", "The direction of play stays the same."]
    assert told(events, 1, s, AR)[-1] == "يبقى اتجاه اللعب كما هو."


@ruling("SHD-23")
def test_two_reverses_that_cancel_change_nothing_and_one_reverses() -> None:
    s = deal("4c 4d 4h 6c 6d 6h 7c 7d Qc", "4s 5c 5d 6s 9c 9d Ac 2c 3c",
             "8s 8d 8h Js Jd Jh 10c 10d 10h")
    s.apply("1:play Ac")
    two = s.apply("0:play 7c,7d")
    assert two[-1].data["effective"] is False
    assert told(two, None, s)[-1] == "The direction of play stays the same."
    s = deal("4c 4d 4h 6c 6d 6h 7c 8d Qc", "4s 5c 5d 6s 9c 9d Ac 2c 3c",
             "8s 8c 8h Js Jd Jh 10c 10d 10h")
    s.apply("1:play Ac")
    one = s.apply("0:play 7c")
    assert one[-1].data["effective"] is True
    assert told(one, None, s)[-1] == "The direction of play is reversed."


# ------------------------------------------------------------------------ SHD-27
@ruling("SHD-27")
def test_an_under_over_is_told_in_the_past_with_the_card_it_brought_up() -> None:
    s = deal("4c 4d 4h 6c 6d 6h 5c 9c 3d", "4s 5d 5h 6s 9d 9h Ac 2c 3c")
    s.apply("1:play Ac")
    events = s.apply("0:play 3d")
    assert events[-1].data["top"] == "A♣"
    assert told(events, 0, s)[-1] == "You played under-over: A♣ came up from the bottom."
    assert told(events, 1, s)[-1] == "P0 played under-over: A♣ came up from the bottom."
    assert told(events, None, s, AR)[-1] == "لعب P0 تحت-فوق: طلع A♣ من أسفل الساحة إلى أعلاها."


# ------------------------------------------------------------------------ SHD-04
@ruling("SHD-04")
def test_under_lead_shown_the_starter_is_asked_for_the_card_it_showed() -> None:
    deck = "4c 4d 4h 6c 6d 6h 3c 8c Qc", "4s 5d 5h 6s 9d 9h Ac 2c Kc"
    s = deal(*deck, lead_shown=True)
    view = s.view(1)
    assert view["legal"] == ["1:play Ac"] and view["lead"] == "A♣"
    said = "Open with the card you showed, A♣; cards of its value may go with it."
    assert view["prompt"] == said
    assert localize(present(view)["prompt"], EN) == said
    assert localize(present(view)["prompt"], AR) == \
        "ابدأ بالكرت الذي كشفته، A♣؛ ويجوز أن تلعب معه كروتاً من قيمته."
    assert localize(present(s.view(0))["prompt"], EN) == "Waiting for P1."
    s.apply("1:play Ac")
    assert s.view(0)["lead"] is None
    assert localize(present(s.view(0))["prompt"], EN) == "Play cards of one value."
    plain = deal(*deck)
    assert plain.view(1)["lead"] is None
    assert plain.view(1)["prompt"] == "Play cards of one value from your hand."


# ------------------------------------------------------------------------ SHD-22
@ruling("SHD-22")
def test_the_top_card_s_effect_is_named_in_arabic_as_the_skip_sentences_name_it() -> None:
    """The "skip" effect read "قب" in Arabic (no word); the table names it تخطٍّ, the word
    the skip sentences ("تخطاك ...") and Phase 10's Skip card use."""
    s = deal("4c 4d 4h 6c 6d 6h 8c 9c Qc", "4s 5d 5h 6s 9d 9h Ac 2c 3c",
             "7s 7d 5c 5s Jd Jh Kc Kd Ks")
    s.apply("1:play Ac")
    s.apply("0:play 8c")
    view = s.view(None)
    assert view["top_effect"] == "skip"
    assert facts(view)["Top card"] == "skip"
    assert facts(view, words_for("ar", "shithead"))["الكرت الأعلى"] == "تخطٍّ"
