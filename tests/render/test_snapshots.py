"""Every front end's drawing of a playthrough of every game in every language, as checked in."""

from __future__ import annotations

import pytest

from tests.render.snapshots import HERE, cases, make


@pytest.mark.parametrize("game, lang", cases())
def test_the_drawings_match_the_checked_in_snapshot(game: str, lang: str) -> None:
    expected = (HERE / f"{game}.{lang}.txt").read_text("utf-8")
    assert make(game, lang) == expected, (
        f"{game}.{lang} changed: look at `python -m tests.render.snapshots` and git diff")


def test_every_game_and_language_has_a_snapshot() -> None:
    assert sorted(p.name for p in HERE.glob("*.txt")) == sorted(
        f"{g}.{lang}.txt" for g, lang in cases())
    assert len(cases()) == 10
