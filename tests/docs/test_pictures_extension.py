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


def build(tmp_path: Path, pages: dict[str, str], require: bool = False) -> tuple[Path, str]:
    src = tmp_path / "src"
    (src / "rulings").mkdir(parents=True)
    (src / "conf.py").write_text(CONF.replace("REQUIRE", str(require)), encoding="utf-8")
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
    assert "table-picture: the picture's code failed: SetupError" in warnings
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
