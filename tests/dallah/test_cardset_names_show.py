"""A card set's display names are read by the players (the card set's own name, each die
face's, zone's and card's, in English and Arabic), so each must have a character that
shows, as a player name must (``common.setups.shows``; helper-232): a name of nothing
but a zero-width space, a Hangul filler or a lone accent drew an empty label."""

from __future__ import annotations

import pytest

from tablegames import RulesError, dallah

#: Names with nothing a reader sees, and how each fails to show.
UNSEEN = {"empty": "", "space": " ", "zero-width space": "\u200b",
          "zero-width joiner": "\u200d\u200d", "Hangul filler": "\u3164",
          "lone accent": "\u0301", "word joiner and space": "\u2060 "}


@pytest.mark.parametrize("why", sorted(UNSEEN))
def test_a_card_set_named_with_nothing_to_see_is_refused(why: str) -> None:
    data = dallah.DEFAULT_CARDS.to_dict()
    data["name"] = UNSEEN[why]
    with pytest.raises(RulesError, match=r"\bname must (be a non-empty|show a)") as refused:
        dallah.CardSet.from_dict(data)
    assert refused.value.code == "card_set"
    with pytest.raises(RulesError, match=r"\bname must (be a non-empty|show a)"):
        dallah.new_game(3, rules={"cards": data})


@pytest.mark.parametrize(("group", "field"), [("shapes", "en"), ("zones", "ar"),
                                              ("actions", "en"), ("protection", "ar")])
def test_a_face_zone_or_card_named_with_nothing_to_see_is_refused(group: str, field: str) -> None:
    data = dallah.DEFAULT_CARDS.to_dict()
    data[group][0][field] = "\u200b"
    with pytest.raises(RulesError, match=f"{field} must show a letter, digit") as refused:
        dallah.CardSet.from_dict(data)
    assert refused.value.code == "card_set"


def test_a_name_that_shows_anything_is_taken() -> None:
    data = dallah.DEFAULT_CARDS.to_dict()
    data["name"], data["zones"][0]["ar"] = "\u200b٣", "ـ"  # a digit; the Arabic tatweel
    assert dallah.CardSet.from_dict(data).name == "\u200b٣"
