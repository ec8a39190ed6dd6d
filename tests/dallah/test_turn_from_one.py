"""A turn's number counts from 1 everywhere (engine 4): the save's ``turn`` as the view,
the ``turn`` event, the result's ``turns`` and the position text; engine 3 and before
saved it from 0.

``data/engine3_saves.json`` was written by the engine-3 code (commit dae1ddd: save format
4, engine 3), a game mid-way and finished, each with its position text and every view
that code gave.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tablegames import dallah
from tests.upgrades import plays_on

OLD: list[dict[str, Any]] = json.loads(
    (Path(__file__).parent / "data" / "engine3_saves.json").read_text())


def test_the_save_the_view_the_events_and_the_result_say_the_same_turn() -> None:
    s = dallah.new_game(players=["Ana", "Bo", "Cas"], seed=7)
    bot = dallah.ModelBot(3)
    assert s.turn == 1 == s.view(None)["turn"] == json.loads(s.to_json())["state"]["turn"]
    assert "\nturn: 1\n" in s.to_position()
    while not s.is_over:
        for e in s.apply(bot.choose(s)):
            if e.kind == "turn":
                assert e.for_seat(None)["turn"] == s.turn
        assert json.loads(s.to_json())["state"]["turn"] == s.view(None)["turn"] == s.turn
        assert f"\nturn: {s.turn}\n" in s.to_position()
    assert s.outcome().to_dict()["turns"] == s.turn


@pytest.mark.parametrize("old", OLD, ids=[o["kind"] for o in OLD])
def test_an_engine_3_save_counts_from_one_and_plays_on(old: dict[str, Any]) -> None:
    """The old save (its turn from 0) loads with the turn the view showed, equals the
    state its own history replays to today (``verify``), gives every view and the
    position text as before, and plays on."""
    data = json.loads(old["save"])
    assert data["engine"] == 3 and data["state"]["turn"] == old["views"][0]["turn"] - 1
    s = dallah.State.from_json(old["save"], verify=True)
    assert s.turn == old["views"][0]["turn"]
    assert [s.view(x) for x in (None, *range(s.n))] == old["views"]
    assert s.to_position() == old["position"]
    saved = json.loads(s.to_json())
    assert saved["engine"] == dallah.State.ENGINE == 5
    assert saved["state"]["turn"] == data["state"]["turn"] + 1
    plays_on(s, dallah.ModelBot(4))


@pytest.mark.parametrize("old", OLD, ids=[o["kind"] for o in OLD])
def test_an_old_position_reads_the_same_turn(old: dict[str, Any]) -> None:
    s = dallah.State.from_position(old["position"])
    assert s.turn == old["views"][0]["turn"]
    assert s.to_position() == old["position"]
