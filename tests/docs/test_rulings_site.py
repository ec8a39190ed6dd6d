"""The rulings site as a player reads it, checked on built HTML (issue 25, items 8, 9, 11).

One session fixture builds a small site from the real pieces: the four games' real
``rulings.md``, the real ``conf.py`` (``-c docs``), templates, catalogues and extensions,
the page for ``tablegames play``, and an index with the real navigation captions. It is
built twice, in English and in Arabic, in two processes at once (Sphinx keeps its
translators per process, so an Arabic build would leak into an English one in the same
process). The whole site's ``-W`` and doctest builds are the docs' own commands
(docs/README.md); this checks what those builds cannot: the order of each ruling, the
seat a picture is drawn from, the direction and language of the Arabic pages.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import bs4  # furo depends on it too, so the docs extra brings it
import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
sys.path.insert(0, str(DOCS / "_ext"))

import tablegames_pictures  # noqa: E402
from docutils import nodes  # noqa: E402

import tablegames  # noqa: E402
from tablegames import render  # noqa: E402
from tests.run_once import built_once  # noqa: E402

GAMES = ("toepen", "phase10", "shithead", "dallah")
RULING = re.compile(r"^[A-Z][A-Z0-9]{1,5}-\d\d\b")

INDEX = """# tablegames

```{toctree}
:caption: Guides

guides/play
```

```{toctree}
:caption: Rulings
:glob:

rulings/*
```

```{toctree}
:caption: Reference

api/index
```
"""

#: An English-only section of the navigation with a page under it, as the real API
#: reference is: furo gives its entry an expander labelled with the section's title.
API_INDEX = """# API reference

```{toctree}
tablegames
```
"""


def _site(src: Path) -> None:
    (src / "rulings").mkdir(parents=True)
    (src / "guides").mkdir()
    (src / "api").mkdir()
    (src / "index.md").write_text(INDEX, encoding="utf-8")
    (src / "api" / "index.md").write_text(API_INDEX, encoding="utf-8")
    (src / "api" / "tablegames.md").write_text("# tablegames\n\nThe package.\n",
                                               encoding="utf-8")
    (src / "guides" / "play.md").write_text(
        (DOCS / "guides" / "play.md").read_text(encoding="utf-8"), encoding="utf-8")
    for game in GAMES:
        switch = "```{language-switch} ar\n```\n\n" if game == "dallah" else ""
        # relative: Sphinx reads an absolute include path as relative to the source dir
        included = os.path.relpath(ROOT / "tablegames" / game / "rulings.md", src / "rulings")
        (src / "rulings" / f"{game}.md").write_text(
            f"{switch}```{{include}} {included}\n```\n", encoding="utf-8")
    (src / "locale").symlink_to(DOCS / "locale")


def _build(base: Path) -> None:
    """Both builds of the small site into ``base`` (``en``, ``ar``), at once."""
    src = base / "src"
    _site(src)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    out = {lang: base / lang for lang in LANGS}
    runs = {
        lang: subprocess.Popen(
            [sys.executable, "-m", "sphinx", "-q", "-b", "html", "-c", str(DOCS),
             "-D", f"language={lang}", "-d", str(base / f"doctrees-{lang}"), str(src),
             str(path)],
            env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        for lang, path in out.items()
    }
    for lang, run in runs.items():
        _, err = run.communicate(timeout=900)
        assert run.returncode == 0, f"{lang} build failed:\n{err[-3000:]}"


LANGS = ("en", "ar")


@pytest.fixture(scope="session")
def built(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """``{"en": html dir, "ar": html dir}`` of the small site (module docstring), built
    once per run whatever the number of xdist workers (its tests only read it)."""
    base = built_once(tmp_path_factory, "rulings-site", _build)
    return {lang: base / lang for lang in LANGS}


def soup(path: Path) -> Any:
    return bs4.BeautifulSoup(path.read_text(encoding="utf-8"), "html.parser")


def ruling_sections(page: Any) -> list[Any]:
    """The ruling sections of a rulings page (a ``<section>`` whose h2 is ``ID: title``)."""
    found = []
    for section in page.find_all("section"):
        heading = section.find("h2", recursive=False)
        if heading is not None and RULING.match(heading.get_text()):
            found.append(section)
    return found


def kind(tag: Any) -> str | None:
    """What a block of a ruling section is, for the order checks."""
    classes = tag.get("class") or []
    if tag.name == "p":
        text = tag.get_text().lstrip()
        # an option (a house rule the engine offers) is laid out as a decision is
        decided = text.startswith(("Decision", "القرار", "Option")) or "tg-option" in classes
        return "decision" if decided else "rule"
    if tag.name == "figure" and "tg-picture" in classes:
        return "picture"
    if "tg-plain-example" in classes:
        return "example"
    if tag.name == "details" and "tg-code" in classes:
        return "code"
    if tag.name in ("h2", "span"):
        return None
    return "other"


@pytest.mark.parametrize("game", GAMES)
def test_each_ruling_reads_rule_example_decision_then_code(built: dict[str, Path],
                                                          game: str) -> None:
    page = soup(built["en"] / "rulings" / f"{game}.html")
    sections = ruling_sections(page)
    assert len(sections) >= 10
    for section in sections:
        title = section.find("h2").get_text()[:7]
        first = section.find("p")
        assert first is not None and first.find("code") is None, title
        kinds = [k for k in map(kind, section.find_all(True, recursive=False)) if k]
        # a paragraph after the decision (an option it names) belongs to the decision
        if "decision" in kinds:
            at = kinds.index("decision")
            kinds[at:] = ["decision" if k == "rule" else k for k in kinds[at:]]
        order = {"rule": 0, "example": 1, "picture": 2, "decision": 3, "code": 4}
        assert "other" not in kinds, (title, kinds)
        assert kinds == sorted(kinds, key=order.__getitem__), (title, kinds)
        assert kinds.count("example") == kinds.count("picture") == 1, (title, kinds)
        assert kinds[-1] == "code", (title, kinds)
        # every doctest is inside the fold, none before it
        fold = section.find("details", class_="tg-code", recursive=False)
        assert fold.find("summary").get_text() == "Show the code"
        assert fold.find("pre") is not None
        outside = [d for d in section.find_all("pre") if d.find_parent("details") is None]
        assert outside == [], title


def _empty_table(game: str, players: int) -> str:
    return render.svg(tablegames.new_game(game, players=players, seed=1).view(None))


@pytest.mark.parametrize("game", GAMES)
def test_each_picture_is_drawn_from_a_seat_and_shows_the_point(built: dict[str, Path],
                                                               game: str) -> None:
    page = soup(built["en"] / "rulings" / f"{game}.html")
    for section in ruling_sections(page):
        title = section.find("h2").get_text()[:7]
        svg = section.find("figure", class_="tg-picture").find("svg")
        you = [t for t in svg.find_all("text") if "(you)" in t.get_text()]
        assert len(you) == 1, title  # drawn from exactly one seat, marked "(you)"
        seats = len(svg.find_all("g", class_="seat"))
        assert str(svg) != _empty_table(game, max(seats, 2)), title
        if game != "dallah":  # Dallah has no hidden cards: its table is its cups
            face_up = svg.find_all("g", class_=lambda c: c == "card")
            assert face_up, f"{title}: no card face up"


def test_the_arabic_site_is_right_to_left_with_its_own_navigation(
        built: dict[str, Path]) -> None:
    page = soup(built["ar"] / "rulings" / "dallah.html")
    html = page.find("html")
    assert html["dir"] == "rtl" and html["lang"] == "ar"
    article = page.find("div", class_="tg-article")
    assert article["dir"] == "rtl" and article["lang"] == "ar"
    captions = [c.get_text() for c in page.find_all(class_="caption-text")]
    assert "الأدلة" in captions and "الأحكام" in captions
    assert "Guides" not in captions and "Rulings" not in captions
    text = page.get_text(" ")
    for english in ("Back to top", "Skip to content", "On this page", "Made with"):
        assert english not in text, english
    assert "العودة إلى الأعلى" in text
    # the folded code speaks Arabic too
    assert page.find("details", class_="tg-code").find("summary").get_text() == "اعرض الشيفرة"
    # an untranslated page of the Arabic build: the page is right to left, its English
    # article left to right
    play = soup(built["ar"] / "guides" / "play.html")
    assert play.find("html")["dir"] == "rtl"
    assert play.find("div", class_="tg-article")["dir"] == "ltr"


def test_the_arabic_sites_buttons_icons_links_and_search_speak_arabic(
        built: dict[str, Path]) -> None:
    """furo writes its buttons' labels (the theme toggle, the two sidebars) and its icons'
    titles (Contents, Menu, Light mode, ...) in English without asking a catalogue, and
    Sphinx's Arabic catalogue leaves the search script's messages empty (the search page
    said nothing when it found nothing): the Arabic edition now says each in Arabic, from
    the chrome catalogue, as it does a ruling link's title on the Arabic page. The
    English edition keeps furo's and Sphinx's words."""
    import json

    def chrome(lang: str) -> tuple[list[str], list[str], list[str]]:
        page = soup(built[lang] / "rulings" / "dallah.html")
        labels = [e["aria-label"] for e in page.find_all(attrs={"aria-label": True})]
        icons = [t.get_text() for t in page.select("svg symbol title")]
        rulings = [a["title"] for a in page.select("a.tg-ruling")]
        return labels, icons, rulings

    labels, icons, rulings = chrome("ar")
    assert labels and icons and rulings
    latin = re.compile("[A-Za-z]")
    assert not [w for w in labels + icons if latin.search(w)], (labels, icons)
    assert "التبديل بين المظهر الفاتح والداكن والتلقائي" in labels
    assert {"المحتويات", "القائمة", "المظهر الفاتح", "المظهر الداكن"} <= set(icons)
    assert all(re.fullmatch(r"الحكم DAL-\d\d", t) for t in rulings), rulings
    labels, icons, rulings = chrome("en")
    assert "Toggle Light / Dark / Auto color theme" in labels and "Light mode" in icons
    assert "Toggle navigation of API reference" in labels
    assert all(re.fullmatch(r"ruling DAL-\d\d", t) for t in rulings), rulings

    script = (built["ar"] / "_static" / "translations.js").read_text(encoding="utf-8")
    messages = json.loads(script[script.index("{"):script.rindex("}") + 1])["messages"]
    for english in ("Searching", "Preparing search...", "Your search did not match any "
                    "documents. Please make sure that all words are spelled correctly and "
                    "that you've selected enough categories."):
        assert re.search(r"[\u0600-\u06FF]", messages[english]), english
    found = messages["Search finished, found one page matching the search query."]
    assert len(found) == 6 and len(set(found)) == 5  # Arabic's six forms, 11+ and 100+ alike
    assert "صفحة واحدة" in found[1] and "صفحتان" in found[2]
    assert all("${resultCount}" in f for f in found[3:])


def test_every_label_of_the_arabic_site_is_arabic_on_english_pages_too(
        built: dict[str, Path]) -> None:
    """The expander of a section of the navigation (the API reference, a page with pages
    under it) was labelled with the section's English page title inside the Arabic
    sentence, on every page of the Arabic build ("إظهار أقسام API reference أو
    إخفاؤها"): furo names the page it folds, and an untranslated page's title is
    English. The label now names the section by its title in the chrome catalogue, on
    the translated page and on the English-only ones alike; the English build keeps
    furo's words."""
    latin = re.compile("[A-Za-z]")
    pages = sorted(built["ar"].rglob("*.html"))
    assert len(pages) >= 7
    expanders = []
    for path in pages:
        page = soup(path)
        for article in page.find_all("div", class_="tg-article"):
            article.decompose()  # an English page's own words are its own (lang="en")
        labels = [e["aria-label"] for e in page.find_all(attrs={"aria-label": True})]
        assert not [w for w in labels if latin.search(w)], (path.name, labels)
        expanders += [w for w in labels if w.startswith("إظهار أقسام")]
    assert "إظهار أقسام مرجع الواجهة البرمجية أو إخفاؤها" in expanders


def test_the_arabic_introduction_keeps_code_out_of_its_sentences(
        built: dict[str, Path]) -> None:
    page = soup(built["ar"] / "rulings" / "dallah.html")
    title_section = page.find("section")
    intro = title_section.find_all("p", recursive=False)
    assert len(intro) >= 2
    for paragraph in intro:
        assert paragraph.find("code") is None, paragraph.get_text()[:60]
    assert "كيف تقرأ الأمثلة" in " ".join(p.get_text() for p in intro)
    # the notation is a table: code in one column, Arabic in the other
    table = next(t for t in title_section.find_all("table")
                 if "في الأمثلة" in t.get_text() and t.find_parent("section") is title_section)
    rows = table.find("tbody").find_all("tr")
    assert len(rows) >= 20
    for row in rows:
        code, meaning = row.find_all("td")
        assert code.find("code") is not None
        assert meaning.find("code") is None
        assert re.search(r"[\u0600-\u06FF]", meaning.get_text()), meaning.get_text()


def test_the_arabic_page_has_no_english_paragraph(built: dict[str, Path]) -> None:
    """Every paragraph of the Arabic edition is in Arabic, the code it quotes aside: an
    English paragraph left out of the catalogue shows in English (found by helper-48)."""
    page = soup(built["ar"] / "rulings" / "dallah.html")
    article = page.find("article")
    assert article is not None
    # the link to the English edition is English on purpose, and the card table gives
    # each card's English name beside its Arabic one
    paragraphs = [p for p in article.find_all("p")
                  if "tg-language-switch" not in (p.get("class") or [])
                  and p.find_parent("table") is None]
    assert len(paragraphs) > 100
    for paragraph in paragraphs:
        for code in paragraph.find_all("code"):
            code.decompose()
        text = paragraph.get_text(" ")
        if re.search(r"[A-Za-z]{4,}", text):
            assert re.search(r"[\u0600-\u06FF]", text), text[:80]


@pytest.mark.parametrize("game", GAMES)
def test_each_introduction_reads_without_code(built: dict[str, Path], game: str) -> None:
    """The page's introduction is text (and tables); its code is folded after it."""
    page = soup(built["en"] / "rulings" / f"{game}.html")
    title_section = page.find("section")
    intro = title_section.find_all("p", recursive=False)
    assert intro and all(p.find("code") is None for p in intro)
    fold = title_section.find("details", class_="tg-code", recursive=False)
    assert fold is not None and fold.find("pre") is not None
    # with the code folded a player still reads what a section is, that a refused move
    # names its ruling's ID and the ID leads to the section, and how to read the examples
    # (Toepen's said so only in a parenthesis with code, which folds away: helper-188)
    said = " ".join(" ".join(p.get_text(" ").split()) for p in intro)
    for needed in ("Each section below is one ruling", "A refused move names the ruling",
                   "the ID leads to that ruling", "How to read the examples"):
        assert needed in said, (game, needed)
    # the developers' sentences are folded, not gone
    assert "IllegalAction" in fold.get_text(), game


def test_the_play_page_documents_the_terminal_game(built: dict[str, Path]) -> None:
    page = soup(built["en"] / "guides" / "play.html")
    text = page.get_text(" ")
    for needed in ("tablegames play toepen", "What the screen shows", "Keys and moves",
                   "Moves out of turn", "--pace", "--table", "--seat"):
        assert needed in text, needed
    help_block = page.find(class_="tg-program-help")
    assert help_block is not None and "usage: tablegames play" in help_block.get_text()


def test_the_index_says_bots_get_a_handle_not_the_state() -> None:
    text = (DOCS / "index.md").read_text(encoding="utf-8")
    assert "choose(state)" not in text
    assert "Handle" in text and "next_action" in text


# ------------------------------------------------------------------ the pieces alone
def test_sentences_that_quote_code_leave_the_rule() -> None:
    paragraph = nodes.paragraph()
    paragraph += nodes.Text("Fallen cups go to your pile. A report names them (")
    paragraph += nodes.literal("fell", "fell")
    paragraph += nodes.Text(") and ends. You say ")
    paragraph += nodes.literal("settled", "settled")
    paragraph += nodes.Text(" last. Nobody else collects.")
    moved = tablegames_pictures.split_code_sentences(paragraph)
    # the aside with code leaves the rule's sentence; a sentence with code outside an
    # aside leaves the rule whole; the code paragraph has both sentences as written
    assert paragraph.astext() == ("Fallen cups go to your pile. A report names them and ends. "
                                  "Nobody else collects.")
    assert moved is not None
    assert moved.astext() == "A report names them (fell) and ends. You say settled last. "
    plain = nodes.paragraph()
    plain += nodes.Text("No code here. None at all.")
    assert tablegames_pictures.split_code_sentences(plain) is None
    assert plain.astext() == "No code here. None at all."


def _lines(*parts: str | nodes.Node) -> nodes.paragraph:
    """A paragraph as MyST makes it: each line break a text node of its own."""
    paragraph = nodes.paragraph()
    for part in parts:
        paragraph += nodes.Text(part) if isinstance(part, str) else part
    return paragraph


def test_sentences_are_found_across_line_breaks() -> None:
    """A sentence that ends at the end of a line is a sentence (helper-119's pass: a
    paragraph was split text node by text node, so a rule sentence ending a line ran into
    the next one, and went into the fold with it when that one quoted code)."""
    paragraph = _lines("The Skip's discard names its target: ", nodes.literal("S>2", "S>2"),
                       ". It must be another", "\n", "player.", "\n",
                       "Nobody else is skipped.")
    moved = tablegames_pictures.split_code_sentences(paragraph)
    assert paragraph.astext() == "It must be another player. Nobody else is skipped."
    assert moved is not None and moved.astext() == "The Skip's discard names its target: S>2. "
    # a rule sentence before a line that quotes code stays the rule
    scoring = _lines("The player who went out scores 0; the others 5 for each card.", "\n",
                     "The count is ", nodes.literal("hand_points", "hand_points"), ".")
    moved = tablegames_pictures.split_code_sentences(scoring)
    assert scoring.astext() == "The player who went out scores 0; the others 5 for each card. "
    assert moved is not None and moved.astext() == "The count is hand_points."


def test_an_option_is_laid_out_as_a_decision() -> None:
    """"**Option:**" starts a decision, in a paragraph of its own or after a rule's line,
    and a sentence naming a house rule (``Rules(...)``) leaves the rule for the options,
    not for the fold."""
    option = nodes.strong("Option:", "Option:")
    assert tablegames_pictures._is_decision(_lines("", option, " a table may skip the next."))
    paragraph = _lines("It must be another player.", "\n", "", option.deepcopy(),
                       " the Skip hits the next player.")
    decided = tablegames_pictures.split_at_decision(paragraph)
    assert paragraph.astext() == "It must be another player.\n"
    assert decided is not None and decided.astext() == "Option: the Skip hits the next player."
    house = _lines("Ten cards each. ", nodes.literal("Rules(hand_size=...)", "Rules(hand_size=...)"),
                   " changes the ten.")
    moved = tablegames_pictures.split_option_sentences(house)
    assert house.astext() == "Ten cards each. "
    assert moved is not None and moved.astext() == "Rules(hand_size=...) changes the ten."
    assert tablegames_pictures._is_decision(moved)
    assert tablegames_pictures.split_code_sentences(house) is None


def _outside_the_fold(section: Any) -> str:
    return " ".join(p.get_text(" ") for p in section.find_all("p")
                    if p.find_parent("details") is None)


def test_the_real_rule_sentences_stay_out_of_the_fold(built: dict[str, Path]) -> None:
    """P10-52's scoring rule, P10-20's "another player" and its skip-next option, and
    P10-30's hand-size option read outside "Show the code" (helper-119's pass found each
    folded away)."""
    page = soup(built["en"] / "rulings" / "phase10.html")
    sections = {s.find("h2").get_text()[:6]: s for s in ruling_sections(page)}
    scoring = " ".join(_outside_the_fold(sections["P10-52"]).split())
    assert "The player who went out scores 0" in scoring
    # the Option, laid out as a decision, in the room form's words (helper-121); its
    # Rules(...) setting is in the fold
    assert "Going out scores the others’ cards" in scoring
    assert 'Rules(scoring="winner")' in sections["P10-52"].find("details").get_text()
    skip = " ".join(_outside_the_fold(sections["P10-20"]).split())
    assert "Nobody may name themself." in skip
    assert "Who a Skip skips set to “Always the next player”" in skip
    assert "changes the ten" in _outside_the_fold(sections["P10-30"])
    for name in ("P10-52", "P10-20", "P10-30"):
        kinds = [k for k in map(kind, sections[name].find_all(True, recursive=False)) if k]
        assert kinds.index("picture") < kinds.index("decision") < kinds.index("code"), name


def test_a_rule_running_into_its_decision_is_cut_there() -> None:
    paragraph = nodes.paragraph()
    paragraph += nodes.Text("A skip waits on its target. ")
    paragraph += nodes.strong("Decision:", "Decision:")
    paragraph += nodes.Text(" a skip lapses at the end of the hand.")
    decision = tablegames_pictures.split_at_decision(paragraph)
    assert paragraph.astext() == "A skip waits on its target. "
    assert decision is not None
    assert decision.astext() == "Decision: a skip lapses at the end of the hand."


def test_the_picture_seat_is_the_seat_that_acts_last() -> None:
    state = tablegames.new_game("toepen", players=3, seed=1)
    assert tablegames_pictures.acting_seat(state) == state.to_act
    state.apply("0:keep")
    state.apply("1:keep")
    assert tablegames_pictures.acting_seat(state) == 1
