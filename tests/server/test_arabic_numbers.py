"""A name and a number never touch in an Arabic sentence of a table.

A bot's name ends in its number ("لاعب آلي 2"), so "جمع {who} {n} فناجين" read "جمع
لاعب آلي 2 3 فناجين" on Dallah's table: two numbers side by side, nothing to say which
is the bot's. Each sentence is filled as a table fills it (every person a bot's name,
every count a number, with the bidi isolates a phone gets) and read for a digit, a space
and a digit.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from tablegames.table.catalogues import LOCALE

#: The fields that hold a person's name, and those that hold a count (Dallah's ``cups``
#: is already "3 فناجين").
PEOPLE = {"who", "name", "a", "b", "loser", "other", "target", "placer", "collector", "by"}
COUNTS = {"n", "cups", "count", "stake", "lives"}
TOUCHING = re.compile(r"\d[\s\u2068\u2069]+\d")


def filled(text: str) -> str:
    def one(m: re.Match[str]) -> str:
        key = m.group(1)
        if key in PEOPLE:
            return "\u2068لاعب آلي 2\u2069"
        if key in COUNTS:
            return "\u20683\u2069"
        return "\u2068x\u2069"
    return re.sub(r"\{(\w+)\}", one, text)


@pytest.mark.parametrize("game", ["dallah", "toepen", "shithead", "phase10"])
def test_no_arabic_sentence_puts_a_name_and_a_number_side_by_side(game: str) -> None:
    path = Path(LOCALE) / "ar" / "LC_MESSAGES" / f"{game}.po"
    with path.open("rb") as f:
        catalogue = read_po(f)
    touching = []
    for message in catalogue:
        if not message.id:
            continue
        forms = message.string if isinstance(message.string, tuple) else (message.string,)
        touching += [form for form in forms if form and TOUCHING.search(filled(form))]
    assert touching == []


def test_one_fallen_cup_is_told_in_the_genitive() -> None:
    """Dallah's report button for one cup, on an Arabic phone: "سقوط" governs its noun
    (an idafa), so one cup is "سقوط فنجان واحد"; the button said "سقوط فنجاناً واحداً",
    the accusative, which an Arabic reader trips on (found by helper-185). Eleven and
    more keep the accusative of the counted noun ("سقوط 11 فنجاناً")."""
    from tablegames.server.chrome import ui_counted
    said = ui_counted("ar")["report_n"]
    assert said["one"] == "أبلغ عن سقوط فنجان واحد، ثم عن الاستقرار"
    assert said["many"] == "أبلغ عن سقوط {n} فنجاناً، ثم عن الاستقرار"
