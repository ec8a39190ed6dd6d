"""A card set's ids and its file or text are read strictly (helper-148's audit).

An id is one short lower-case word because it is written inside action notation
(``0:fell neck:tall``) and position lines: an id ending in a line break passed the
check, dealt a game whose own legal actions did not read back, whose save did not load
and whose position text raised a plain ``ValueError``. A card set's text or file that is
not a card set (nested 100,000 deep, a 5,000-digit number, a lone surrogate, no text at
all, a device that never ends) is a ``RulesError``, never Python's own error, and is
never read past the size a card set can have.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

import tablegames
from tablegames import RulesError, dallah
from tablegames.common.rules import rules_from_dict
from tablegames.dallah.cardset import MAX_FILE
from tests.bounded import MAX_BYTES, peak_of


@pytest.mark.parametrize("group", ["shapes", "zones", "actions", "protection"])
@pytest.mark.parametrize("ending", ["\n", "\r\n", " ", "\t"])
def test_an_id_with_a_line_break_or_space_after_it_is_refused(group: str, ending: str) -> None:
    data = dallah.DEFAULT_CARDS.to_dict()
    data[group][0]["id"] += ending
    with pytest.raises(RulesError, match="lower-case word"):
        dallah.CardSet.from_dict(data)
    with pytest.raises(RulesError, match="lower-case word"):
        dallah.new_game(3, rules={"cards": data})


#: Texts no card set is written as, each with the format it claims.
NOT_CARD_SETS: list[tuple[Any, Any]] = [
    ("[" * 100_000, "json"),
    ("a = " + "[" * 100_000, "toml"),
    ("x = " + "{a=" * 3000 + "1" + "}" * 3000, "toml"),
    ("1" * 5000, "json"),
    ("a = " + "1" * 5000, "toml"),
    ('"\ud800"', "json"),
    ("a = '\ud800'", "toml"),
    ('{"name": "x", "name": "y"}', "json"),
    ("NaN", "json"),
    (None, "toml"),
    (b"name = 'x'", "toml"),
    (12, "json"),
    ("{}", None),
    ("{}", 5),
    ("{}", "yaml"),
    ("x" * (MAX_FILE + 1), "toml"),
]


@pytest.mark.parametrize(("text", "fmt"), NOT_CARD_SETS,
                         ids=[f"{i}-{fmt}" for i, (_, fmt) in enumerate(NOT_CARD_SETS)])
def test_a_text_that_is_no_card_set_is_a_rules_error(text: Any, fmt: Any) -> None:
    with pytest.raises(RulesError):
        dallah.CardSet.from_text(text, fmt)


def test_a_file_that_never_ends_is_refused_unread(tmp_path: Path) -> None:
    """``/dev/zero`` was read whole before its suffix was looked at; a file larger than any
    card set is refused having read no more than that size."""
    big = tmp_path / "big.toml"
    big.write_bytes(b"#" * (MAX_FILE * 8))
    for path in (big, Path("/dev/zero")):
        raised, peak = peak_of(lambda p=path: dallah.CardSet.from_file(p))
        assert isinstance(raised, RulesError), raised
        assert peak < MAX_BYTES
    with pytest.raises(RulesError):
        dallah.CardSet.from_file(None)  # type: ignore[arg-type]
    with pytest.raises(RulesError):
        dallah.Rules.with_cards(tmp_path / "absent.toml")


def test_a_card_set_text_still_reads_in_both_formats(tmp_path: Path) -> None:
    """The strict reader still reads the card sets people write (the default set, as JSON
    text and as a file)."""
    import json

    text = json.dumps(dallah.DEFAULT_CARDS.to_dict())
    assert dallah.CardSet.from_text(text, "json") == dallah.DEFAULT_CARDS
    assert dallah.CardSet.from_text(text.encode().decode(), ".JSON") == dallah.DEFAULT_CARDS
    path = tmp_path / "cards.json"
    path.write_text(text, encoding="utf-8")
    assert dallah.CardSet.from_file(path) == dallah.DEFAULT_CARDS


#: Names no player can read as written: a line break, a control character, a lone
#: surrogate, a paragraph separator, a direction override and isolate (helper-152).
UNPRINTABLE = ["a\nb", "tab\there", "nul\x00", "x\ud800", "a\u2029b", "\u202eabc", "P\u2067x"]


@pytest.mark.parametrize("value", UNPRINTABLE)
@pytest.mark.parametrize(("group", "field"), [
    ("shapes", "en"), ("zones", "ar"), ("actions", "en"), ("protection", "ar"), (None, "name")])
def test_a_name_a_player_reads_must_be_printable(group: str | None, field: str,
                                                 value: str) -> None:
    """Every display name (and the set's own name) is checked as a player name is, and the
    refusal names the field: ``cards: zones[0] (lid): ar holds a direction control``."""
    data = dallah.DEFAULT_CARDS.to_dict()
    item = data[group][0] if group else data
    item[field] = value
    where = f"{group}[0] ({item['id']}): {field}" if group else field
    with pytest.raises(RulesError, match=rf"^bad Rules: cards: {re.escape(where)} holds a "):
        rules_from_dict(dallah.Rules, {"cards": data})
    with pytest.raises(RulesError, match=re.escape(where)):
        dallah.CardSet.from_dict(data)
    with pytest.raises(RulesError, match=re.escape(where)):
        dallah.new_game(3, rules={"cards": data})


def test_arabic_names_and_punctuation_still_pass() -> None:
    data = dallah.DEFAULT_CARDS.to_dict()
    data["name"] = "Home set (v2) \u2014 \u00abours\u00bb, 2024!"
    data["shapes"][0]["ar"] = "\u0641\u0646\u062c\u0627\u0646\u060c \u0643\u0628\u064a\u0631\u061f"
    data["zones"][0]["ar"] = "\u200f\u063a\u0637\u0627\u0621 (\u0661)"  # RLM kept: a mark
    data["actions"][0]["en"] = "Place: one cup; then \u2018go\u2019 \u2013 fast."
    cards = dallah.CardSet.from_dict(data)
    assert cards.shapes[0].ar == data["shapes"][0]["ar"]
    assert cards.zones[0].ar == data["zones"][0]["ar"]
    state = dallah.new_game(3, rules={"cards": data})
    assert tablegames.load(state.to_json()).to_json() == state.to_json()
