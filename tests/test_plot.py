"""``tablegames.plot``: loss rates per seat and per bot with intervals, game lengths."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

import tablegames
from tablegames.common.simulate import play_game
from tablegames.plot import plot, read_rows, summarize, wilson


def rows_from_games(n: int = 12) -> list[dict[str, object]]:
    """Rows as ``simulate`` writes them, from real seeded games."""
    info = tablegames.GAMES["toepen"]
    bots = ["club", "random", "club"]
    rows = []
    for seed in range(n):
        state = play_game(info, 3, seed, bots)
        rows.append({"game": "toepen", "seed": seed, "players": 3, "bots": bots,
                     "length": len(state.history), "outcome": state.outcome().to_dict()})
    return rows


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
    assert results.mean_length == 20
    lo, hi = results.seats[0].interval
    assert 0 < lo < 2 / 3 < hi < 1
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == 1.0 and wilson(0, 0) == (0.0, 1.0)


def test_plot_draws_an_svg_and_a_png(tmp_path: Path) -> None:
    rows = rows_from_games()
    svg = plot(rows, tmp_path / "results.svg")
    root = ET.parse(svg).getroot()
    texts = " ".join(t.text or "" for t in root.iter("{http://www.w3.org/2000/svg}text"))
    for label in ("Loss rate per seat", "Loss rate per bot", "Game length", "seat 2", "club",
                  "random", "12 games"):
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
    with pytest.raises(tablegames.TablegamesError, match=r"\.svg, \.png or \.pdf"):
        plot(rows_from_games(2), tmp_path / "x.gif")
