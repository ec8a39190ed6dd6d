"""``tablegames.plot``: loss rates per seat and per bot with intervals, game lengths."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

import tablegames
from tablegames.plot import Results, plot, read_rows, summarize, wilson

SVG = "{http://www.w3.org/2000/svg}text"


def rows_from_games(tmp_path: Path, n: int = 12) -> list[dict[str, object]]:
    """The rows ``simulate --out`` writes, from real seeded games."""
    path = tmp_path / f"rows{n}.jsonl"
    tablegames.simulate("toepen", ["club", "random", "club"], games=n, seed=5, workers=1, out=path)
    return read_rows(path)


def svg_texts(path: Path) -> str:
    return " ".join(t.text or "" for t in ET.parse(path).getroot().iter(SVG))


def test_rates_and_intervals_are_counted_per_seat_and_per_bot() -> None:
    rows = [
        {"seed": 0, "players": 2, "bots": ["a", "b"], "length": 10,
         "outcome": {"winners": [0], "losers": [1], "scores": [1, 0]}},
        {"seed": 1, "players": ["x", "y"], "bots": ["a", "b"], "length": 20,
         "outcome": {"winners": [1], "losers": [0], "scores": [0, 1]}},
        {"seed": 2, "players": 2, "bots": "a", "length": 30,
         "outcome": {"winners": [], "losers": [0, 1], "scores": [0, 0]}},
    ]
    results = summarize(rows)
    assert [(r.losses, r.games) for r in results.seats] == [(2, 3), (2, 3)]
    assert {r.label: (r.losses, r.games) for r in results.bots} == {"a": (3, 4), "b": (1, 2)}
    assert results.mean_length == 20 and results.lengths == {10: 1, 20: 1, 30: 1}
    lo, hi = results.seats[0].interval
    assert 0 < lo < 2 / 3 < hi < 1
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == 1.0 and wilson(0, 0) == (0.0, 1.0)


def test_plot_draws_an_svg_and_a_png(tmp_path: Path) -> None:
    rows = rows_from_games(tmp_path)
    svg = plot(rows, tmp_path / "results.svg")
    texts = svg_texts(svg)
    for label in ("Loss rate per seat", "Loss rate per bot", "Game length", "P2", "club",
                  "random", "Toepen: 12 games"):
        assert label in texts, label
    jsonl = tmp_path / "rows.jsonl"
    jsonl.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    assert read_rows(jsonl) == rows
    png = plot(jsonl, tmp_path / "results.png")
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.parametrize("rows, message", [
    ([], "no games"),
    ([{"players": 2, "length": 5}], "outcome"),
    ([{"players": 2, "length": 5, "outcome": {"losers": [3]}}], "not one of"),
    ([{"players": 2, "bots": ["a"], "length": 5, "outcome": {"losers": [0]}}], "bots"),
    ([{"players": True, "length": 5, "outcome": {"losers": [0]}}], "players"),
    ([{"players": 2, "length": "long", "outcome": {"losers": [0]}}], "length"),
])
def test_bad_rows_are_refused(rows: list[dict[str, object]], message: str, tmp_path: Path) -> None:
    with pytest.raises(tablegames.TablegamesError, match=message):
        plot(rows, tmp_path / "x.svg")
    assert not (tmp_path / "x.svg").exists()


def test_an_unknown_format_is_refused(tmp_path: Path) -> None:
    rows = rows_from_games(tmp_path, 2)
    for name in ("x.gif", "x", "x.svg.txt"):
        with pytest.raises(tablegames.TablegamesError, match=r"must end in \.svg, \.png or \.pdf"):
            plot(rows, tmp_path / name)
        assert not (tmp_path / name).exists()
    (tmp_path / "d.svg").mkdir()
    with pytest.raises(tablegames.TablegamesError, match="is a directory"):
        plot(rows, tmp_path / "d.svg")


def test_simulate_plots_its_summary(tmp_path: Path) -> None:
    """``simulate(plot=...)`` draws the summary: the same rates as its rows give, in a file
    an SVG parser reads (and a PNG with the PNG signature)."""
    out = tmp_path / "run.jsonl"
    s = tablegames.simulate("shithead", ["smart", "random", "random"], games=15, seed=2,
                            workers=1, out=out, plot=tmp_path / "run.svg")
    assert s.plot == str(tmp_path / "run.svg") and s.to_dict()["plot"] == s.plot
    texts = svg_texts(tmp_path / "run.svg")
    for label in ("Shithead: 15 games", "P0 smart", "P2 random", "Loss rate per bot", "Game length"):
        assert label in texts, label
    mine, theirs = s.results(), summarize(read_rows(out))
    assert Results.from_summary(s) == mine
    assert [(b.losses, b.games) for b in mine.seats] == [(b.losses, b.games) for b in theirs.seats]
    assert sorted((b.label, b.losses, b.games) for b in mine.bots) == sorted(
        (b.label, b.losses, b.games) for b in theirs.bots)
    assert mine.lengths == theirs.lengths and sum(mine.lengths.values()) == 15
    assert mine.mean_length == s.mean_length
    # the summary, its figure's data and its rows draw the same picture
    drawn = [plot(x, tmp_path / f"again{i}.svg").read_bytes()
             for i, x in enumerate((s, mine, read_rows(out)))]
    assert drawn[0] == drawn[1] == (tmp_path / "run.svg").read_bytes(), "summary"
    assert drawn[2] == drawn[0], "rows"
    png = tablegames.simulate("dallah", games=6, players=3, seed=2, workers=1,
                              plot=tmp_path / "dallah.png", out=tmp_path / "dallah.jsonl")
    assert Path(png.plot or "").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    # Dallah's figure counts its biggest losers, from the summary or from the rows alike
    assert png.results() == summarize(read_rows(tmp_path / "dallah.jsonl"))
    assert png.results().loser_label == "biggest loser" and png.results().title == "Dallah"


def test_plotting_without_matplotlib_is_a_clear_error(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    monkeypatch.setitem(sys.modules, "matplotlib", None)  # as if not installed
    played: list[int] = []
    with pytest.raises(tablegames.TablegamesError, match=r"pip install 'tablegames\[plot\]'"):
        tablegames.simulate("toepen", games=3, workers=1, plot=tmp_path / "x.svg",
                            progress=played.append)
    assert not played and not (tmp_path / "x.svg").exists()
