"""A save of Dallah's engine 2 taken after the next player drew still names the late
reporter of the turn before in ``last_turn`` (engine 2 shut the DAL-23 window by the
stage alone; engine 3's ``draw`` clears the reporter). ``data/engine2_past_draw.json``
was written by release 0.1.0 (commit 756a96b); such a save was refused at load."""

from __future__ import annotations

import json
from pathlib import Path

from tablegames import dallah
from tests.upgrades import plays_on

OLD = json.loads((Path(__file__).parent / "data" / "engine2_past_draw.json").read_text())


def test_an_engine_2_save_past_the_draw_loads_with_the_late_window_shut() -> None:
    """DAL-23: the window closes at the next player's first action; the engine-2 save's
    reporter is cleared, every other field is as saved, and the game plays on."""
    saved = json.loads(OLD["save"])
    assert (saved["engine"], saved["format"]) == (2, 3)
    assert saved["state"]["stage"] != "draw" and saved["state"]["last_turn"][5] >= 0
    s = dallah.State.from_json(OLD["save"])
    assert list(s.last_turn) == [*saved["state"]["last_turn"][:5], -1]
    assert s.late == -1
    again = json.loads(s.to_json())["state"]
    for key, value in saved["state"].items():
        if key in again and key not in ("last_turn", "turn"):
            assert again[key] == value, key
    plays_on(s, dallah.ModelBot(4), verify=False)


def test_its_history_replays_to_it_under_todays_engine() -> None:
    """This history holds none of the plays engine 3 changed, so ``verify=True`` (its
    replay under today's engine) gives the same state as the plain load."""
    s = dallah.State.from_json(OLD["save"], verify=True)
    assert s.to_json() == dallah.State.from_json(OLD["save"]).to_json()
