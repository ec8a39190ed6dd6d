"""Engine 5: four of a kind that Under-overs bring together on top burns the pile (SHD-25
with SHD-27, found by helper-77). Engine 4 left the four 3s on top and passed the turn, so
a history holding that play replays differently today.

``data/engine4_under_over_saves.json`` was written by the engine-4 code (commit 69c37ee:
save format 4, engine 4; the script is described in ``data/README.md``): the game where
P1's two Under-overs bring two 3s up over its own two, saved right after that play
(``four_on_top``) and one step later (``played_on``: P0 played on the four 3s).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tablegames import replay, shithead
from tablegames.common.bots import RandomBot
from tablegames.common.errors import StateError
from tests.shithead.helpers import today_fields, today_position

OLD: dict[str, dict[str, Any]] = {o["kind"]: o for o in json.loads(
    (Path(__file__).parent / "data" / "engine4_under_over_saves.json").read_text())}
FOUR = ["Q♦", "3♣", "3♦", "3♥", "3♠"]


def test_todays_saves_say_engine_7() -> None:
    s = shithead.new_game(players=2, seed=1)
    assert json.loads(s.to_json())["engine"] == shithead.State.ENGINE == 7
    assert shithead.State.from_json(s.to_json(), verify=True).to_json() == s.to_json()


@pytest.mark.ruling("SHD-25", "SHD-27")
@pytest.mark.parametrize("kind", ["four_on_top", "played_on"])
def test_an_engine_4_save_loads_as_it_was_saved_and_plays_on(kind: str) -> None:
    """The old save loads with its pile as engine 4 left it (the four 3s unburnt): the
    state is the saved one, not a replay. Saved again it says engine 7, reloads
    byte-identical and plays on."""
    old = OLD[kind]
    assert json.loads(old["save"])["engine"] == 4
    s = shithead.State.from_json(old["save"])
    assert s.view(None)["pile"][:5] == FOUR and s.burnt == ()
    assert s.to_position() == today_position(old["position"])
    again = json.loads(s.to_json())
    saved = json.loads(old["save"])["state"]
    saved["active"] = saved.pop("turn")  # engine 5 also names the seat to act ``active``
    assert again["engine"] == 7 and again["state"] == today_fields(saved)
    assert shithead.State.from_json(s.to_json()).to_json() == s.to_json()
    bot = RandomBot(3)
    while not s.is_over:
        assert s.legal_actions()
        s.apply(bot.choose(s))
        assert shithead.State.from_json(s.to_json()).to_json() == s.to_json()


def test_an_engine_4_history_with_the_four_does_not_replay_today() -> None:
    """Today P1 plays again after its Under-overs; engine 4's history has P0 play next. A
    replay says so with a ``StateError`` naming the engine, and ``verify`` refuses the
    save, as for any save whose history today's engine plays differently."""
    s = shithead.State.from_json(OLD["played_on"]["save"])
    with pytest.raises(StateError, match="does not replay under engine 7 of shithead"):
        s.log(None)
    with pytest.raises(StateError, match=r"\$\.actions\[4\] does not replay under engine 7"):
        replay(s.record())
    for old in OLD.values():  # the refusal says which engine wrote it, not "tampered"
        with pytest.raises(StateError, match=r"by engine 4 of shithead, today's is 7") as info:
            shithead.State.from_json(old["save"], verify=True)
        assert "tampered" not in str(info.value)
    # the history up to the Under-overs replays today to the burnt pile
    today = replay(shithead.State.from_json(OLD["four_on_top"]["save"]).record())
    assert today.view(None)["burnt"] == FOUR and today.pile == () and today.to_act == 1
