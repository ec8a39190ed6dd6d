"""One name per field across games (engine 6, helper-132): the seats still in the round
are ``playing``, as in Toepen and Phase 10 (Shithead said ``in_play``), and the hand cards
everybody has seen go in are ``known_cards``, as in Phase 10 (Shithead said ``known``),
in the save, the view and the position text.

``data/engine5_saves.json`` was written by the engine-5 code (commit 01e5f57: save format
4, engine 5): four seats, seed 11, ``RandomBot(5)``, a game mid-way (the first play stage
after 40 actions with cards known in a hand), the first moment a seat has finished while
the round goes on, and the finished game, each with its position text and every view
(public first).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import tablegames
from tablegames import PositionError, StateError, shithead
from tablegames.adapters import adapter, make_codec
from tablegames.common.bots import RandomBot
from tablegames.table import present
from tests.shithead.helpers import (
    ENGINE_6_NAMES,
    today_fields,
    today_position,
    today_view,
)
from tests.upgrades import plays_on, with_actions_left

OLD: list[dict[str, Any]] = json.loads(
    (Path(__file__).parent / "data" / "engine5_saves.json").read_text())
IDS = [o["kind"] for o in OLD]


def test_each_idea_has_one_name_in_every_game() -> None:
    """No game's view says ``in_play`` or ``known``; the games that show the seats still
    in the round call them ``playing``, those that show a hand's seen cards
    ``known_cards``, and Shithead's state and save use the view's names. Each pile's top
    card is named after its own pile (``discard_top``, ``pile_top``): two piles, two
    names, each beside the pile it tops."""
    keys = {game: set(tablegames.new_game(game, players=3, seed=0).VIEW_KEYS)
            for game in tablegames.GAMES}
    assert not any(keys[g] & set(ENGINE_6_NAMES) for g in keys)
    assert {g for g in keys if "playing" in keys[g]} >= {"toepen", "phase10", "shithead"}
    assert {g for g in keys if "known_cards" in keys[g]} >= {"phase10", "shithead"}
    for game, tops in (("phase10", "discard"), ("shithead", "pile")):
        assert {k for k in keys[game] if k.endswith("_top")} == {f"{tops}_top"}
        assert tops in keys[game]
    s = shithead.new_game(players=3, seed=2)
    bot = RandomBot(4)
    while not (s.finished and any(s.known_cards)):
        s.apply(bot.choose(s))
    saved = json.loads(s.to_json())["state"]
    assert not set(saved) & set(ENGINE_6_NAMES)
    view = s.view(None)
    assert view["playing"] == [p not in s.finished for p in range(3)] == saved["playing"]
    assert False in view["playing"]
    assert [len(k) for k in view["known_cards"]] == [len(k) for k in saved["known_cards"]] \
        == [len(k) for k in s.known_cards] != [0, 0, 0]
    assert all(f"\nknown_cards {p}: " in s.to_position() for p in range(3))


@pytest.mark.parametrize("old", OLD, ids=IDS)
def test_an_engine_5_save_loads_renamed_replays_and_plays_on(old: dict[str, Any]) -> None:
    """The old save loads with its ``in_play`` and ``known`` under today's names, equals
    the state its own history replays to today (``verify``), shows every view as before
    under the new keys, writes today's position text, and saved again says engine 7 with
    only the two keys renamed (and its bars as masks of cards, engine 7)."""
    data = json.loads(old["save"])
    assert data["engine"] == 5 and {"in_play", "known"} <= set(data["state"])
    s = shithead.State.from_json(old["save"], verify=True)
    assert s.playing == tuple(data["state"]["in_play"])
    assert s.known_cards == tuple(tuple(k) for k in data["state"]["known"])
    assert [s.view(x) for x in (None, *range(s.n))] == \
        [with_actions_left(today_view(v), s) for v in old["views"]]
    assert s.to_position() == today_position(old["position"])
    again = json.loads(s.to_json())
    assert again["engine"] == shithead.State.ENGINE == 7
    assert again["state"] == today_fields(data["state"])
    assert again["history"] == data["history"] and again["rng"] == data["rng"]
    assert tablegames.replay(s.record()).to_json() == s.to_json()
    plays_on(s, RandomBot(9))


@pytest.mark.parametrize("old", OLD, ids=IDS)
def test_an_engine_5_position_reads_its_known_lines(old: dict[str, Any]) -> None:
    """Position text written by engine 5 says ``known N:``: it reads as ``known_cards
    N:``, to the state the save holds, and is written again under the new name."""
    assert "\nknown 0: " in old["position"] and "\nknown_cards" not in old["position"]
    s = shithead.State.from_position(old["position"])
    saved = shithead.State.from_json(old["save"])
    assert s._dump() == shithead.State.from_position(saved.to_position())._dump()
    assert s.known_cards == saved.known_cards and s.playing == saved.playing
    assert s.to_position() == today_position(old["position"])
    both = old["position"] + "known_cards 0: -\n"
    with pytest.raises(PositionError, match="'known 0' is the old name of 'known_cards 0'"):
        shithead.State.from_position(both)


@pytest.mark.parametrize(("old_key", "new_key"), sorted(ENGINE_6_NAMES.items()))
def test_a_save_mixing_the_names_is_refused(old_key: str, new_key: str) -> None:
    """No engine wrote both names, nor an engine-5 save with an engine-6 name, nor an
    engine-6 save with an engine-5 name: each is refused, not half-upgraded."""
    data = json.loads(OLD[0]["save"])
    both = json.loads(OLD[0]["save"])
    both["state"][new_key] = both["state"][old_key]
    with pytest.raises(StateError, match=f"engine 5 holds both '{old_key}' and '{new_key}'"):
        shithead.State.from_json(json.dumps(both))
    new_only = json.loads(OLD[0]["save"])
    new_only["state"][new_key] = new_only["state"].pop(old_key)
    with pytest.raises(StateError, match=f"holds '{new_key}', which only engine 6 writes"):
        shithead.State.from_json(json.dumps(new_only))
    today = json.loads(shithead.State.from_json(json.dumps(data)).to_json())
    today["state"][old_key] = today["state"].pop(new_key)
    with pytest.raises(StateError, match=old_key):
        shithead.State.from_json(json.dumps(today))


def test_the_table_model_reads_the_new_keys() -> None:
    """The presenter tells a seat that has finished so (from ``playing``) and shows the
    seen cards of each hand (from ``known_cards``), as it did from engine 5's keys."""
    old = OLD[IDS.index("one_out")]
    s = shithead.State.from_json(old["save"])
    out = s.finished[0]
    assert not s.playing[out] and s.to_act != out
    assert present(s.view(out))["prompt"] == {"msg": "You have shed all your cards.",
                                              "args": {}}
    model = present(s.view(None))
    for p in range(s.n):
        shown = [g for g in model["seats"][p]["groups"]
                 if g["label"] == {"msg": "Known in hand", "args": {}}]
        assert bool(shown) == bool(s.known_cards[p])
        if shown:
            assert [c["code"] for c in shown[0]["cards"]] == s.view(None)["known_cards"][p]


def test_an_observer_reads_a_view_under_either_name() -> None:
    """An observation reads ``playing`` and ``known_cards``; a view stored under engine 5's
    keys (``in_play``, ``known``) gives the same observation (each name lists its keys,
    newest first)."""
    old = OLD[IDS.index("one_out")]
    s = shithead.State.from_json(old["save"])
    codec = make_codec("shithead", s.n, s.rules)
    today = adapter("shithead").observer(codec)
    before = adapter("shithead").observer(codec)  # keys are resolved once per observer
    for seat, view in enumerate(old["views"][1:]):
        assert "in_play" in view and "playing" not in view
        new = today.encode(s.view(seat))
        assert np.array_equal(before.encode(view), new)
        assert new.any()
