"""One name per field (issue 21, item 2): the save, the position text and the views say
``turn``, ``stock``, ``discard``, ``placement_stock``, ``placement_discard``,
``full_zones``; saves written before the rename (format 3) still load, unchanged.

``data/v3_saves.json`` was written by the engine of the commit before the rename (format
3, the old field names ``turn_no``, ``act_stock``, ``act_discard``, ``zone_stock``,
``zone_discard``, ``full``, ``what``), one save per stage, with every view and the
position text that engine gave.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tablegames import StateError, dallah
from tests.dallah.helpers import game, play

OLD_SAVES: list[dict[str, Any]] = json.loads(
    (Path(__file__).parent / "data" / "v3_saves.json").read_text())
#: The renames, old save key -> today's field (as ``State.RENAMED`` must hold them).
RENAMES = {"turn_no": "turn", "act_stock": "stock", "act_discard": "discard",
           "zone_stock": "placement_stock", "zone_discard": "placement_discard",
           "full": "full_zones", "what": "report_kind"}


def _engine_3(view: dict[str, Any]) -> dict[str, Any]:
    """The view today's engine gives of an old save: since engine 3 a collapse takes only
    the cups on the Dallah, so an empty Dallah cannot collapse (the cup in hand is not on
    it: DAL-14, DAL-26); the old engine offered it."""
    if any(view["pot"].values()) or not view.get("legal"):
        return view
    return dict(view, legal=[a for a in view["legal"] if not a.endswith(":collapse")])


def test_the_renames_are_declared() -> None:
    assert dict(dallah.State.RENAMED) == RENAMES
    declared = set(json.loads(game().to_json())["state"])
    assert set(RENAMES.values()) <= declared
    assert not set(RENAMES) & declared


@pytest.mark.parametrize("old", OLD_SAVES, ids=[o["kind"] for o in OLD_SAVES])
def test_a_format_3_save_loads_with_the_same_views(old: dict[str, Any]) -> None:
    """A save written before the rename loads, shows every seat the same view, writes the
    same position text (but for the renamed ``full`` line), saves as format 4 under the
    new names, and plays on."""
    data = json.loads(old["save"])
    assert data["format"] == 3 and "act_stock" in data["state"] and "turn_no" in data["state"]
    s = dallah.State.from_json(old["save"])
    assert [s.view(x) for x in (None, *range(s.n))] == [_engine_3(v) for v in old["views"]]
    assert s.to_position() == old["position"].replace("\nfull:", "\nfull_zones:")
    new = json.loads(s.to_json())
    assert new["format"] == 4
    assert new["engine"] == dallah.State.ENGINE and new["state"]["turn"] == data["state"]["turn_no"] + 1
    for before, after in RENAMES.items():
        if after == "turn":  # also counted from 1 since engine 4 (test_turn_from_one)
            continue
        assert before not in new["state"] and new["state"][after] == data["state"][before]
    assert dallah.State.from_json(s.to_json()).to_json() == s.to_json()
    bot = dallah.ModelBot(3)
    for _ in range(10):
        if s.is_over:
            break
        s.apply(bot.choose(s))


def test_a_full_zone_is_one_name_from_save_to_view() -> None:
    s = game(actions=["place"], placements=["lid", "neck"], rolls=["tall"],
             pot={"neck": ["wide"]})
    play(s, "0:draw", "0:roll", "0:nospace")
    lid = s.t.zone_index["lid"]
    assert s.full_zones[lid] and json.loads(s.to_json())["state"]["full_zones"][lid] is True
    assert s.view(None)["full_zones"] == ["lid"]
    assert "\nfull_zones: lid\n" in s.to_position()
    back = dallah.State.from_position(s.to_position())
    assert back.full_zones == s.full_zones
    assert back.view(None) == dict(s.view(None), version=0)  # a position has no history


def test_a_save_with_an_old_and_a_new_name_is_refused() -> None:
    data = json.loads(OLD_SAVES[0]["save"])
    data["state"]["stock"] = data["state"]["act_stock"]
    with pytest.raises(StateError, match="act_stock"):
        dallah.State.from_json(json.dumps(data))
    new = json.loads(dallah.State.from_json(OLD_SAVES[0]["save"]).to_json())
    new["state"]["act_stock"] = new["state"].pop("stock")
    with pytest.raises(StateError, match="act_stock"):
        dallah.State.from_json(json.dumps(new))  # format 4 knows only the new names


def test_a_history_an_older_engine_played_differently_is_a_state_error() -> None:
    """Engine 3 changed Dallah's play (DAL-14, DAL-23, DAL-26, DAL-43): an engine-2 save
    loads and plays on, but its history no longer replays, so ``log()``,
    ``replay(record())`` and ``verify=True`` refuse it with a ``StateError`` that says
    so; ``log()`` and ``replay`` used to raise the replayed step's ``IllegalAction``, an
    error about a move nobody made (found by helper-73)."""
    import tablegames

    old = next(o for o in OLD_SAVES if json.loads(o["save"])["engine"] == 2
               and o["kind"] == "pair")
    state = dallah.State.from_json(old["save"])
    before = state.to_json()
    for call in (lambda: state.log(0), lambda: state.log(None, since=80),
                 lambda: tablegames.replay(state.record()),
                 lambda: dallah.State.from_json(old["save"], verify=True)):
        with pytest.raises(StateError, match="replay") as refused:
            call()
        assert not isinstance(refused.value, tablegames.IllegalAction)
    assert state.to_json() == before
    state.apply(state.legal_actions()[0])  # it still plays on
