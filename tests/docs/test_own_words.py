"""The pages a player reads say the rules in our own words (found by helper-48).

The games' original rule sheets (``shared/seeds/`` beside the repository) are the sources
the rulings were numbered from: their facts are ours to use, their sentences are not. A
run of seven words in a row that also stands in a sheet is a copied sentence (a shorter
run is a common phrase, a card name or a ruling's title). The sheets are not shipped with
the repository, so ``data/seed_shingles.txt`` holds a hash of each seven-word run of them,
nothing readable; rebuild it when a sheet is added::

    python tests/docs/test_own_words.py ../shared/seeds

``docs/rules/`` is left out: it is a byte copy of the project's rules files, which quote
the sheets on purpose (the site does not show it, ``conf.py``).
"""

from __future__ import annotations

import hashlib
import re
import sys
import unicodedata
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SHINGLES = Path(__file__).with_name("data") / "seed_shingles.txt"
RUN = 7
WORD = re.compile(r"[\w']+")


def words(text: str) -> list[str]:
    """The words of ``text``, compared loosely: case, curly quotes, Arabic vowel marks and
    the tatweel do not make two runs different."""
    text = unicodedata.normalize("NFKD", text)
    text = "".join(ch for ch in text if unicodedata.category(ch) != "Mn").replace("\u0640", "")
    text = text.replace("\u2019", "'").replace("\u2018", "'").lower()
    return WORD.findall(text)


def digest(run: list[str]) -> str:
    return hashlib.sha256(" ".join(run).encode("utf-8")).hexdigest()[:16]


def shingles(text: str) -> set[str]:
    w = words(text)
    return {digest(w[i:i + RUN]) for i in range(len(w) - RUN + 1)}


def copied_runs(text: str, sheet: set[str]) -> list[str]:
    """Each longest run of ``text`` whose every seven words stand in a sheet."""
    w = words(text)
    found, i = [], 0
    while i <= len(w) - RUN:
        if digest(w[i:i + RUN]) in sheet:
            j = i + RUN
            while j < len(w) and digest(w[j - RUN + 1:j + 1]) in sheet:
                j += 1
            found.append(" ".join(w[i:j]))
            i = j
        else:
            i += 1
    return found


def pages() -> list[Path]:
    """What a player reads: the rulings, the site's pages and translations, the README."""
    found = sorted(ROOT.glob("tablegames/*/rulings.md"))
    found += sorted(p for p in (ROOT / "docs").rglob("*.md")
                    if "_build" not in p.parts and p.parent.name != "rules")
    found += sorted(p for p in (ROOT / "docs" / "locale").rglob("*.po"))
    found += [*sorted(ROOT.glob("tablegames/**/*.po")), ROOT / "README.md"]
    return found


@pytest.fixture(scope="module")
def sheets() -> set[str]:
    lines = SHINGLES.read_text(encoding="utf-8").splitlines()
    stored = {line for line in lines if line and not line.startswith("#")}
    assert len(stored) > 3000  # five sheets, about 3,300 words
    return stored


def test_the_pages_are_found() -> None:
    names = {p.relative_to(ROOT).as_posix() for p in pages()}
    assert {"tablegames/dallah/rulings.md", "tablegames/phase10/rulings.md",
            "docs/locale/ar/LC_MESSAGES/rulings/dallah.po", "docs/guides/play.md"} <= names
    assert not any(n.startswith("docs/rules/") for n in names)


@pytest.mark.parametrize("page", pages(), ids=lambda p: p.relative_to(ROOT).as_posix())
def test_no_sentence_of_a_rule_sheet_on_the_page(page: Path, sheets: set[str]) -> None:
    runs = copied_runs(page.read_text(encoding="utf-8"), sheets)
    assert runs == [], f"{page.relative_to(ROOT)} copies a rule sheet: {runs}"


def test_a_copied_run_is_found_and_a_short_one_is_not() -> None:
    sheet = shingles("Players pass the jug to the left and sing the song of the day.")
    text = "Then PLAYERS pass the jug to the left and sing, loudly."
    assert copied_runs(text, sheet) == ["players pass the jug to the left and sing"]
    assert copied_runs("pass the jug to the left", sheet) == []


def main(seeds: str) -> None:
    found: set[str] = set()
    for path in sorted(Path(seeds).glob("*.txt")):
        found |= shingles(path.read_text(encoding="utf-8"))
    head = ("# sha256[:16] of each run of seven words of the rule sheets (shared/seeds), as\n"
            "# tests/docs/test_own_words.py counts words; rebuild with that file's main.\n")
    SHINGLES.write_text(head + "".join(f"{d}\n" for d in sorted(found)), encoding="utf-8")


if __name__ == "__main__":
    main(sys.argv[1])
