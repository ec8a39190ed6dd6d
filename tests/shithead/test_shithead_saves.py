"""Saves written before the format-4 field renames still load, and load to the same game."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tablegames import shithead
from tests.shithead.helpers import today_position, today_view
from tests.upgrades import with_actions_left

DATA = Path(__file__).parent / "data"


def _old_saves() -> list[dict[str, Any]]:
    entries: list[dict[str, Any]] = json.loads((DATA / "v3_saves.json").read_text("utf-8"))
    return entries


@pytest.mark.parametrize("entry", _old_saves(), ids=lambda e: f"{e['case']}-{e['step']}")
def test_format3_save_loads_to_the_same_position_and_views(entry: dict[str, Any]) -> None:
    """A format-3 save (fields under their old names) gives the position text and every
    view the engine that wrote it gave (but for engine 4's ``limit_hit`` in the round
    summaries, was ``limit``), and its format-4 save loads back to the same."""
    assert json.loads(entry["save"])["format"] == 3
    s = shithead.State.from_json(entry["save"])
    position = today_position(entry["position"])
    assert s.to_position() == position
    assert [s.view(p) for p in [None, *range(s.n)]] == \
        [with_actions_left(today_view(v), s) for v in entry["views"]]
    again = shithead.State.from_json(s.to_json())
    assert json.loads(s.to_json())["format"] == 4
    assert again.to_json() == s.to_json()
    assert again.to_position() == position
