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

from pathlib import Path
from typing import Any

import pytest

from tablegames import RulesError, dallah
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
