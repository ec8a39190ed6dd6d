"""One name for the number of a deal (engine 4): ``round``, in the events and in the
view's ``last_round`` as in the view, the save and the other games; engine 3 called it
``hand``, the word for a player's cards.

``data/engine3_saves.json`` was written by the engine-3 code (commit dae1ddd: save format
4, engine 3), a game mid-way and finished, each with its position text and every view
that code gave.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tablegames import toepen
from tablegames.common.bots import RandomBot
from tests.toepen.helpers import today_view
from tests.upgrades import plays_on

OLD: list[dict[str, Any]] = json.loads(
    (Path(__file__).parent / "data" / "engine3_saves.json").read_text())


def _game() -> toepen.State:
    return toepen.new_game(players=["Ana", "Bo", "Cas"], seed=11)


def test_the_deal_is_round_in_every_event_and_in_last_round() -> None:
    s, bot, seen = _game(), RandomBot(5), set()
    while not s.is_over:
        for e in s.apply(bot.choose(s)):
            if e.kind in ("deal", "shuffle", "round_over"):
                d = e.for_seat(None)
                assert "round" in d and "hand" not in d, d
                seen.add(e.kind)
                if e.kind == "round_over":
                    assert s.view(None)["last_round"] == {k: v for k, v in d.items()
                                                          if k != "kind"}
    assert seen == {"deal", "shuffle", "round_over"}
    for kind in ("deal", "shuffle", "round_over"):
        assert "round" in toepen.State.EVENT_KEYS[kind].keys
        assert "hand" not in toepen.State.EVENT_KEYS[kind].keys


@pytest.mark.parametrize("old", OLD, ids=[o["kind"] for o in OLD])
def test_an_engine_3_save_loads_renamed_and_plays_on(old: dict[str, Any]) -> None:
    """The old save loads with ``last_round.round``, equals the state its own history
    replays to today (``verify``), shows every other view key as before, and plays on."""
    data = json.loads(old["save"])
    assert data["engine"] == 3 and "hand" in data["state"]["last_round"]
    s = toepen.State.from_json(old["save"], verify=True)
    assert [s.view(x) for x in (None, *range(s.n))] == [today_view(v) for v in old["views"]]
    saved = json.loads(s.to_json())
    assert saved["engine"] == toepen.State.ENGINE
    assert saved["state"]["last_round"] == today_view(old["views"][0])["last_round"]
    plays_on(s, RandomBot(9))


@pytest.mark.parametrize("old", OLD, ids=[o["kind"] for o in OLD])
def test_an_old_position_names_the_deal_round(old: dict[str, Any]) -> None:
    assert '"hand":' in old["position"]
    s = toepen.State.from_position(old["position"])
    assert s.last_round["round"] == json.loads(old["save"])["state"]["last_round"]["hand"]
    assert "hand" not in s.last_round
    assert '"hand":' not in s.to_position() and '"round":' in s.to_position()
    again = toepen.State.from_position(s.to_position())
    assert again.to_position() == s.to_position()
