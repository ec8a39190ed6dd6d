"""Golden playthroughs: one seeded game per game, compared line by line.

A failure means the engine now plays differently. If that was intended, run
``python tests/playthroughs/regenerate.py GAME`` and review the diff.
"""

from __future__ import annotations

import difflib
from pathlib import Path

import pytest

from tablegames.testing import playthrough

from .regenerate import CASES

HERE = Path(__file__).parent


@pytest.mark.parametrize("game", sorted(g for g in CASES if (HERE / f"{g}.txt").exists()))
def test_playthrough_matches_golden_file(game: str) -> None:
    players, seed = CASES[game]
    expected = (HERE / f"{game}.txt").read_text()
    actual = playthrough(game, players=players, seed=seed)
    if actual != expected:
        diff = "".join(list(difflib.unified_diff(
            expected.splitlines(True), actual.splitlines(True), "golden", "now"))[:60])
        pytest.fail(f"{game} plays differently from its golden file:\n{diff}")


def test_every_game_has_a_golden_file() -> None:
    from tablegames import GAMES

    assert {g for g in GAMES} <= {p.stem for p in HERE.glob("*.txt")}
