"""A ruling's decision is read by players, so it is written without code (issue 25, item 121).

The rulings site (``docs/_ext/tablegames_pictures.py``, ``RulingOrder``) folds the code of
each ruling into "Show the code", but it keeps the **Decision** on show whole, with every
paragraph after it up to the ruling's next code block (an option it names belongs to the
decision), and **Option:** paragraphs too. Inline code there (an option as
``second_exchange="all"``, a view key, an error class) is what a reader's pass over the
site found in 58 of 120 rulings. The decisions now name each house rule by the words of
the room form; the code details sit in a paragraph after a doctest, inside the fold. This
test keeps it so: it reads the ``rulings.md`` pages themselves, the source of the site and
of ``tablegames rulings``.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
HEADING = re.compile(r"^## ([A-Z0-9]+-\d\d): ", re.MULTILINE)
FENCE = re.compile(r"^(`{3,}|~{3,})")
#: A MyST role (``{ref}`house rule <toepen-rules>```) shows as a link, not as code.
ROLE = re.compile(r"\{[\w:-]+\}`[^`]*`")
#: The games whose decisions were rewritten in a player's words.
GAMES = ("toepen", "shithead", "dallah", "phase10")


def decision_paragraphs(page: str) -> list[tuple[str, str]]:
    """``(ruling id, paragraph)`` for each paragraph the site shows as a decision: from a
    paragraph holding **Decision** or **Option** up to the next fenced block, and a rule's
    paragraph (before any code) naming a house rule as ``Rules(...)``, whose sentence the
    site shows as an option; as ``RulingOrder`` lays them out."""
    marks = list(HEADING.finditer(page))
    found = []
    for i, mark in enumerate(marks):
        end = marks[i + 1].start() if i + 1 < len(marks) else len(page)
        paragraphs: list[str | None] = []  # None marks a fenced block
        lines: list[str] = []
        fence = None
        for line in page[mark.end():end].splitlines():
            stripped = line.strip()
            if fence is not None:
                if stripped == fence:
                    fence = None
                    paragraphs.append(None)
                continue
            opening = FENCE.match(stripped)
            if opening or not stripped:
                if lines:
                    paragraphs.append("\n".join(lines))
                    lines = []
                if opening:
                    fence = opening.group(1)
                continue
            lines.append(line)
        if lines:
            paragraphs.append("\n".join(lines))
        shown = False
        folded = False  # after a code block, a paragraph goes into the fold
        for paragraph in paragraphs:
            if paragraph is None:
                shown, folded = False, True
                continue
            marker = re.search(r"\*\*(Decision|Option)", paragraph)
            if marker and not shown:  # a rule running on into its decision is cut there
                shown, paragraph = True, paragraph[marker.start():]
            # a rule's sentence naming a house rule by its setting is shown as an option
            if shown or (not folded and "`Rules(" in paragraph):
                found.append((mark.group(1), paragraph))
    return found


@pytest.mark.parametrize("game", GAMES)
def test_no_decision_quotes_code(game: str) -> None:
    page = (ROOT / "tablegames" / game / "rulings.md").read_text(encoding="utf-8")
    decisions = decision_paragraphs(page)
    assert len({ruling for ruling, _ in decisions}) >= 10
    coded = [(ruling, paragraph) for ruling, paragraph in decisions
             if "`" in ROLE.sub("", paragraph)]
    assert coded == [], "\n\n".join(f"{r}:\n{p}" for r, p in coded)


def test_the_arabic_dallah_decisions_quote_no_code() -> None:
    """The Dallah page is also built in Arabic: each decision's translation reads without
    code too, and names the reports as the phone's buttons do («استقرت», not ``settled``)."""
    from babel.messages.pofile import read_po

    page = (ROOT / "tablegames" / "dallah" / "rulings.md").read_text(encoding="utf-8")
    shown = {" ".join(p.split()) for _, p in decision_paragraphs(page)}
    po = ROOT / "docs" / "locale" / "ar" / "LC_MESSAGES" / "rulings" / "dallah.po"
    with po.open("rb") as f:
        catalog = read_po(f)
    translated = {m.id: m.string for m in catalog if m.id in shown}
    assert len(translated) == len(shown)
    coded = [s for s in translated.values() if not s or "`" in ROLE.sub("", s)]
    assert coded == []


def test_the_check_sees_code_in_a_decision_and_in_what_follows_it() -> None:
    page = ("## TOE-99: A rule\n\nThe rule `in code`.\n\n`Rules(limit=15)` plays to 15.\n\n"
            "**Decision:** plain words, see the\n{ref}`house rule <toepen-rules>`.\n\n"
            "Then `max_stake` caps it. **Option:** `x`.\n\n```{doctest}\n>>> 1\n1\n```\n\n"
            "In code: `max_stake`, `Rules(limit=15)`.\n\nAn aside. **Option:** `y`.\n")
    assert [p for _, p in decision_paragraphs(page) if "`" in ROLE.sub("", p)] == [
        "`Rules(limit=15)` plays to 15.", "Then `max_stake` caps it. **Option:** `x`.",
        "**Option:** `y`."]
