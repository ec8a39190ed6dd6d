"""The rulings-site pieces of ``docs/_ext/tablegames_pictures.py``, on a tiny Sphinx site.

A real build of a two-page site: table pictures from the example, from code and from a
position; the plain-words block; the search landing on ``TOE-51``; the warnings a broken
picture or an incomplete ruling gives.
"""

from __future__ import annotations

import io
import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
from sphinx.application import Sphinx

import tablegames

EXT = Path(__file__).resolve().parents[2] / "docs" / "_ext"

CONF = f"""
import sys
sys.path.insert(0, {str(EXT)!r})
extensions = ["myst_parser", "sphinx.ext.doctest", "tablegames_docs", "tablegames_pictures"]
myst_enable_extensions = ["colon_fence"]
html_theme = "basic"
tg_require_pictures = REQUIRE
"""

PAGE = '''# Toepen rulings

```{doctest}
>>> from tablegames import toepen
>>> def play(state, *moves):
...     for move in moves:
...         state.apply(move)

```

(TOE-51)=
## TOE-51: What a fold costs

Folding costs what the hand was worth before the knock.

```{doctest}
>>> state = toepen.new_game(players=3, seed=1)
>>> play(state, "0:keep", "1:keep", "2:keep", "0:knock", "1:fold")
>>> state.lives
[0, 1, 0]

```

```{table-picture} toepen
:caption: After the fold
```

```{table-picture} toepen
:seat: 1
state = toepen.new_game(players=3, seed=1)
```

```{table-picture} toepen
:from: position
toepen position text
```

```{plain-example}
P0 knocks and P1 folds: P1 loses one life.
```

(TOE-52)=
## TOE-52: The stake at the end

Nothing drawn here.
'''


def build(tmp_path: Path, pages: dict[str, str], require: bool = False,
          conf: str = "") -> tuple[Path, str]:
    src = tmp_path / "src"
    (src / "rulings").mkdir(parents=True)
    (src / "conf.py").write_text(CONF.replace("REQUIRE", str(require)) + conf,
                                 encoding="utf-8")
    (src / "index.md").write_text("# Site\n\n```{toctree}\n:glob:\nrulings/*\n```\n",
                                  encoding="utf-8")
    for name, text in pages.items():
        (src / "rulings" / f"{name}.md").write_text(text, encoding="utf-8")
    out, warnings = tmp_path / "html", io.StringIO()
    app = Sphinx(str(src), str(src), str(out), str(tmp_path / "doctrees"), "html",
                 status=None, warning=warnings, freshenv=True)
    app.build()
    return out, warnings.getvalue()


def pictures(html: str) -> list[ET.Element]:
    return [ET.fromstring(m) for m in re.findall(r"<svg.*?</svg>", html, flags=re.S)]


def cards(svg: ET.Element) -> list[str]:
    return [g.get("data-card", "") for g in svg.iter("{http://www.w3.org/2000/svg}g")
            if (g.get("class") or "").split() == ["card"]]


@pytest.fixture
def position(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """A stand-in for ``tablegames.from_position`` (issue 9), remembering what it read."""
    seen: list[str] = []

    def from_position(game: str, text: str) -> Any:
        seen.append(f"{game}: {text}")
        state = tablegames.new_game(game, players=4, seed=9)
        state.apply("0:keep")
        return state

    monkeypatch.setattr(tablegames, "from_position", from_position, raising=False)
    return seen


def test_pictures_plain_examples_and_the_search(tmp_path: Path, position: list[str]) -> None:
    out, warnings = build(tmp_path, {"toepen": PAGE})
    assert warnings == ""
    html = (out / "rulings" / "toepen.html").read_text(encoding="utf-8")
    acting, seat1, from_text = pictures(html)
    # from the example: the state where the doctest left it (P1 folded), drawn from the
    # seat that acted last (P1), with exactly what P1 sees face up
    texts = " ".join(t.text or "" for t in acting.iter("{http://www.w3.org/2000/svg}text"))
    assert "folded" in texts and "1 life lost" in texts and "P1 (you)" in texts
    folded = tablegames.new_game("toepen", players=3, seed=1)
    for move in ("0:keep", "1:keep", "2:keep", "0:knock", "1:fold"):
        folded.apply(move)
    assert sorted(cards(acting)) == sorted(folded.view(1).get("hand", []))
    # from code, as seat 1 sees it: exactly seat 1's hand face up
    assert sorted(cards(seat1)) == sorted(tablegames.new_game(
        "toepen", players=3, seed=1).view(1)["hand"])
    # from a position text
    # from a position text: nothing played but P0's keep, so drawn as P0 sees it
    assert position == ["toepen: toepen position text"] and len(cards(from_text)) == 4
    assert "After the fold" in html and "At the table" in html
    assert "P0 knocks and P1 folds" in html
    # the search: an index entry under the exact ID, at the ruling's anchor
    index = (out / "searchindex.js").read_text(encoding="utf-8")
    entries = json.loads(index[index.index("(") + 1:index.rindex(")")])["indexentries"]
    assert entries["toe-51"] == [[entries["toe-51"][0][0], "TOE-51", True]]
    assert 'id="TOE-51"' in html


def test_a_broken_picture_is_a_warning_not_a_crash(tmp_path: Path) -> None:
    page = PAGE.replace('state = toepen.new_game(players=3, seed=1)\n```',
                        'state = toepen.new_game(players=99)\n```')
    _, warnings = build(tmp_path, {"toepen": page})
    # a count new_game does not seat is check_players' ArgumentRefused (a SetupError)
    assert ("table-picture: the picture's code failed: ArgumentRefused: toepen is for 2 to 8 "
            "players, not 99") in warnings
    # no position reader in this tablegames yet, or one that refuses this text
    assert re.search(r"table-picture: (this tablegames has no from_position|bad position)",
                     warnings)


def test_completeness_check_names_the_rulings_left_to_do(tmp_path: Path,
                                                         position: list[str]) -> None:
    _, warnings = build(tmp_path, {"toepen": PAGE}, require=True)
    assert "ruling TOE-52 has no table picture" in warnings
    assert "ruling TOE-52 has no plain-words example" in warnings
    assert "TOE-51" not in warnings


def test_a_picture_may_keep_the_spectators_view(tmp_path: Path, position: list[str]) -> None:
    """``:seat: spectator`` draws the table as nobody's hand: no card face up."""
    page = PAGE.replace(":caption: After the fold", ":caption: After the fold\n:seat: spectator")
    out, warnings = build(tmp_path, {"toepen": page})
    assert "WARNING: table-picture" not in warnings
    html = (out / "rulings" / "toepen.html").read_text(encoding="utf-8")
    spectator = pictures(html)[0]
    texts = " ".join(t.text or "" for t in spectator.iter("{http://www.w3.org/2000/svg}text"))
    assert "folded" in texts and cards(spectator) == []
    assert "seen by P" not in texts


def test_the_code_is_folded_after_the_decision(tmp_path: Path) -> None:
    """The doctest goes into ``<details>`` after the pictures and the plain example."""
    out, _ = build(tmp_path, {"toepen": PAGE})
    html = (out / "rulings" / "toepen.html").read_text(encoding="utf-8")
    section = html[html.index('id="TOE-51"'):html.index('id="TOE-52"')]
    assert section.index("Folding costs") < section.index("At the table") \
        < section.index("<svg") < section.index('<details class="tg-code">') \
        < section.index("<pre>")
    assert "<summary>Show the code</summary>" in section


DALLAH = """# Dallah rulings

(DAL-23)=
## DAL-23: A turn ends when the pot is still

```{table-picture} dallah
:caption: P0 is still to act
state = tablegames.new_game("dallah", players=3, seed=1)
```
"""

ARABIC = re.compile(r"[\u0600-\u06FF]")


def test_a_translated_page_draws_its_pictures_in_its_language(tmp_path: Path,
                                                              position: list[str]) -> None:
    """The Arabic Dallah page's pictures are Arabic and right to left; an untranslated
    page of the same build keeps English pictures (helper-119's pass: the Arabic page's
    pictures were English but for the cup and zone names, and ran off the left edge)."""
    out, warnings = build(tmp_path, {"dallah": DALLAH, "toepen": PAGE},
                          conf='language = "ar"\ntg_translated_pages = ["rulings/dallah"]\n')
    assert "WARNING: table-picture" not in warnings
    svg = pictures((out / "rulings" / "dallah.html").read_text(encoding="utf-8"))[0]
    words = [t.text or "" for t in svg.iter("{http://www.w3.org/2000/svg}text")]
    assert svg.get("direction") == "rtl"
    said = " ".join(words)
    for english in ("Dallah", "Draw an Action card", "Shared pile", "your turn", "Turn:",
                    "cups in the pile"):
        assert english not in said, english
    # every line of words is Arabic (the seats' names P0, P1 aside)
    assert all(ARABIC.search(w) for w in words if re.search(r"[a-z]{2,}", w)), words
    assert sum(bool(ARABIC.search(w)) for w in words) > len(words) // 2
    # the Toepen page is not translated: its pictures stay English, left to right
    toepen = pictures((out / "rulings" / "toepen.html").read_text(encoding="utf-8"))[0]
    assert toepen.get("direction") is None
    assert not any(ARABIC.search(t.text or "")
                   for t in toepen.iter("{http://www.w3.org/2000/svg}text"))


def test_a_search_for_a_ruling_id_is_listed_under_the_ruling(tmp_path: Path,
                                                              position: list[str]) -> None:
    """``TOE51`` (no hyphen) has a search entry at the ruling, the general index lists
    the ruling once, and the site's scorer names the result by the ruling's heading."""
    out, _ = build(tmp_path, {"toepen": PAGE})
    index = (out / "searchindex.js").read_text(encoding="utf-8")
    data = json.loads(index[index.index("(") + 1:index.rindex(")")])
    assert data["indexentries"]["toe51"] == data["indexentries"]["toe-51"]
    assert data["alltitles"]["TOE-51: What a fold costs"][0][1] == "TOE-51"
    genindex = (out / "genindex.html").read_text(encoding="utf-8")
    assert "TOE-51" in genindex and "TOE51" not in genindex
    scorer = (out / "_static" / "language_data.js").read_text(encoding="utf-8")
    assert "alltitles" in scorer and "result[1] = heading" in scorer


def test_a_picture_reads_on_a_phone_and_the_search_names_the_ruling(
        tmp_path: Path, position: list[str], browser: Any) -> None:
    """At 390 px a picture keeps its drawn size (its smallest words 9 px) in a box that
    scrolls sideways, the page does not; a search for ``TOE51`` lists "TOE-51: What a
    fold costs" first (helper-119's pass: words of 4 px, and a hit named "Toepen
    rulings")."""
    static = tmp_path / "static"
    static.mkdir()
    css = EXT.parent / "_static" / "tablegames-pictures.css"
    (static / css.name).write_text(css.read_text(encoding="utf-8"), encoding="utf-8")
    out, _ = build(tmp_path, {"toepen": PAGE},
                   conf=f'html_theme = "furo"\nhtml_static_path = [{str(static)!r}]\n')
    page = browser.new_page(viewport={"width": 390, "height": 844})
    try:
        page.goto((out / "rulings" / "toepen.html").as_uri())
        sizes = page.evaluate("""() => Array.from(
            document.querySelectorAll('figure.tg-picture svg')).map(svg => {
              const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
              const box = svg.parentElement;
              const words = Array.from(svg.querySelectorAll('text'))
                .filter(t => !t.closest('g.card'))
                .map(t => parseFloat(t.getAttribute('font-size')) * scale);
              return [Math.min(...words), box.scrollWidth > box.clientWidth,
                      getComputedStyle(box).overflowX];
            })""")
        assert len(sizes) == 3
        for smallest, scrolls, overflow in sizes:
            assert smallest >= 9 and scrolls and overflow == "auto"
        width = page.evaluate("() => [document.documentElement.scrollWidth, innerWidth]")
        assert width[0] <= width[1], width
        page.goto((out / "search.html").as_uri() + "?q=TOE51")
        page.wait_for_selector("#search-results li a", timeout=10_000)
        first = page.locator("#search-results li a").first
        assert first.inner_text() == "TOE-51: What a fold costs"
        assert first.get_attribute("href").endswith("rulings/toepen.html#TOE-51")
    finally:
        page.close()
