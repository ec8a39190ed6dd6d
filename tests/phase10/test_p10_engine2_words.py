"""Phase 10 engine 2: each hand's result on the score sheet (the save's ``results``, the
position's ``result N`` lines, the ``round_over`` event and the view's ``last_round``)
says ``phase_laid`` for the phase each seat laid that hand; engine 1 said ``completed``,
which the view and the ``lay`` event use for how many phases a seat has done. The view's
``result`` counts ``rounds`` (engine 1 said ``hands``).

``data/engine1_saves.json`` was written by the engine-1 code (commit d1658f7: save format
4, engine 1): three players mid-way through their third hand, and a finished game of
two phases at two players, each with its position text and every view that code gave
(the public one first, then seat by seat).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tablegames import phase10
from tablegames.common.bots import RandomBot
from tablegames.common.errors import StateError
from tablegames.common.position import PositionError
from tablegames.common.saves import _text_hash
from tests.phase10.old_sheets import engine_2_view, phase_laid_named, today_position
from tests.upgrades import plays_on, with_actions_left

OLD: list[dict[str, Any]] = json.loads(
    (Path(__file__).parent / "data" / "engine1_saves.json").read_text())


@pytest.mark.parametrize("old", OLD, ids=[o["kind"] for o in OLD])
def test_an_engine_1_save_loads_renamed_and_plays_on(old: dict[str, Any]) -> None:
    """The old save loads with ``phase_laid`` results, equals the state its own history
    replays to today (``verify``), shows every other view key as before, and plays on."""
    data = json.loads(old["save"])
    assert data["engine"] == 1 and data["state"]["results"]
    assert all("completed" in x for x in data["state"]["results"])
    s = phase10.State.from_json(old["save"], verify=True)
    assert [s.view(x) for x in (None, *range(s.n))] == \
        [with_actions_left(engine_2_view(v), s) for v in old["views"]]
    saved = json.loads(s.to_json())
    assert saved["engine"] == phase10.State.ENGINE
    assert saved["state"]["results"] == [{**phase_laid_named(x), "limit_hit": False,
                                          "credited": None}
                                        for x in data["state"]["results"]]
    assert s.to_position() == today_position(old["position"], s.plays, saved=True)
    plays_on(s, RandomBot(9))


@pytest.mark.parametrize("old", OLD, ids=[o["kind"] for o in OLD])
def test_an_engine_1_position_reads_its_results_as_phase_laid(old: dict[str, Any]) -> None:
    assert '"completed":' in old["position"]
    s = phase10.State.from_position(old["position"])
    assert all("phase_laid" in x and "completed" not in x for x in s.results)
    assert s.to_position() == today_position(old["position"])
    assert '"completed":' not in s.to_position()
    assert phase10.State.from_position(s.to_position()).to_position() == s.to_position()


def test_a_result_naming_both_words_is_refused() -> None:
    """A save or a position that says both ``completed`` and ``phase_laid`` in one result
    is not one engine's sheet: refused, naming the sheet."""
    old = OLD[0]
    data = json.loads(old["save"])
    first = data["state"]["results"][0]
    first["phase_laid"] = first["completed"]
    with pytest.raises(StateError, match="results"):
        phase10.State.from_json(json.dumps(data))
    line = next(x for x in old["position"].splitlines() if x.startswith("result 0: "))
    both = line.replace('"completed":', '"phase_laid":[null,null,null],"completed":')
    with pytest.raises(PositionError, match="result"):
        phase10.State.from_position(old["position"].replace(line, both))


def test_a_sheet_mixing_the_two_words_or_an_engine_1_save_with_a_record_is_refused() -> None:
    """No engine wrote a sheet whose hands say ``completed`` in one result and
    ``phase_laid`` in another, nor an engine-1 save holding engine 2's record of the hand
    (``sources``, ``hand_log``): each is refused, not half-upgraded (found by helper-73)."""
    old = OLD[0]
    data = json.loads(old["save"])
    results = data["state"]["results"]
    assert len(results) >= 2 and all("completed" in r for r in results)
    results[1]["phase_laid"] = results[1].pop("completed")
    with pytest.raises(StateError, match="results"):
        phase10.State.from_json(json.dumps(data))
    today = json.loads(phase10.State.from_json(old["save"]).to_json())
    today["engine"] = 1  # today's fields, record included, under engine 1's number
    # (engine 5's and engine 6's options would be refused first)
    del today["rules"]["action_limit"], today["rules"]["limit_tiebreak"]
    today["rules_hash"] = _text_hash(today["rules"])
    today["state"]["turn"] = today["state"].pop("active")  # engine 1's name for the seat
    today["state"]["results"] = json.loads(old["save"])["state"]["results"]
    with pytest.raises(StateError, match="sources"):
        phase10.State.from_json(json.dumps(today))
