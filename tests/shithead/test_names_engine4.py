"""One name per field (engine 4): a seat's dealt cards are the ``cards`` event, as in
Toepen and Phase 10 (was ``hand``); a round stopped by the action limit is ``limit_hit``
in the events, the result and the round summaries, as in the save (was ``limit``, which
is Toepen's number of lives); the result's list of finished rounds is ``rounds_done``,
as in the save (was ``rounds``, which is the view's length of the match).

``data/engine3_saves.json`` was written by the engine-3 code (commit dae1ddd: save format
4, engine 3): a match of three rounds mid-way and finished, each with its position text
and every view that code gave.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tablegames import shithead
from tablegames.common.bots import RandomBot
from tests.shithead.helpers import limit_hit_named, today_position, today_view
from tests.upgrades import plays_on, with_actions_left

OLD: list[dict[str, Any]] = json.loads(
    (Path(__file__).parent / "data" / "engine3_saves.json").read_text())


def test_the_events_the_result_and_the_summaries_use_the_saves_names() -> None:
    s = shithead.new_game(players=["Ana", "Bo", "Cas"], seed=5, rules={"rounds": 3})
    kinds = {e["kind"] for e in s.log(0)}
    assert "cards" in kinds and "hand" not in kinds
    assert [e["cards"] for e in s.log(0) if e["kind"] == "cards" and e["seat"] == 0] \
        == [s.view(0)["hand"]]
    bot = RandomBot(2)
    while not s.is_over:
        for e in s.apply(bot.choose(s)):
            d = e.for_seat(None)
            if e.kind in ("round_over", "game_over"):
                assert d["limit_hit"] is s.limit_hit and "limit" not in d
            if e.kind == "round_over":
                assert s.view(None)["last_round"] == {k: v for k, v in d.items()
                                                      if k not in ("kind", "tally")}
    detail = s.outcome().to_dict()
    assert detail["limit_hit"] is False and "limit" not in detail and "rounds" not in detail
    assert detail["rounds_done"] == json.loads(s.to_json())["state"]["rounds_done"]
    assert set(shithead.State.RESULT_KEYS) >= {"limit_hit", "rounds_done"}
    assert "cards" in shithead.State.EVENT_KEYS and "hand" not in shithead.State.EVENT_KEYS


@pytest.mark.parametrize("old", OLD, ids=[o["kind"] for o in OLD])
def test_an_engine_3_save_loads_renamed_and_plays_on(old: dict[str, Any]) -> None:
    """The old save loads with ``limit_hit`` summaries, equals the state its own history
    replays to today (``verify``), shows every other view key as before, and plays on."""
    data = json.loads(old["save"])
    assert data["engine"] == 3 and all("limit" in x for x in data["state"]["rounds_done"])
    s = shithead.State.from_json(old["save"], verify=True)
    assert [s.view(x) for x in (None, *range(s.n))] == \
        [with_actions_left(today_view(v), s) for v in old["views"]]
    assert s.to_position() == today_position(old["position"])
    saved = json.loads(s.to_json())
    assert saved["engine"] == shithead.State.ENGINE == 7
    assert saved["state"]["rounds_done"] == [limit_hit_named(x)
                                             for x in data["state"]["rounds_done"]]
    plays_on(s, RandomBot(9))


@pytest.mark.parametrize("old", OLD, ids=[o["kind"] for o in OLD])
def test_an_old_position_reads_its_summaries_as_limit_hit(old: dict[str, Any]) -> None:
    assert '"limit":' in old["position"]
    s = shithead.State.from_position(old["position"])
    assert all("limit_hit" in x and "limit" not in x for x in s.rounds_done)
    assert s.to_position() == today_position(old["position"])
    assert shithead.State.from_position(s.to_position()).to_position() == s.to_position()


def test_summaries_mixing_the_two_words_are_refused() -> None:
    """An engine-3 save whose round summaries say ``limit`` in one and ``limit_hit`` in
    another was written by no engine: refused, not half-upgraded (found by helper-73)."""
    from tablegames.common.errors import StateError

    old = next(o for o in OLD if len(json.loads(o["save"])["state"]["rounds_done"]) >= 2)
    data = json.loads(old["save"])
    done = data["state"]["rounds_done"]
    assert all("limit" in r for r in done)
    done[1]["limit_hit"] = done[1].pop("limit")
    with pytest.raises(StateError, match="rounds_done"):
        shithead.State.from_json(json.dumps(data))
