"""One name for the seat whose turn it is (found by helper-75): Toepen (engine 5),
Shithead (engine 5) and Phase 10 (engine 3) save it as ``active``, as Dallah does; their
older engines said ``turn``, which is now only a turn's number (Dallah's). The rename is
declared once per game (``ENGINE_RENAMED``): old saves of every format and engine load
with ``active`` equal to their ``turn``, a save mixing the names is refused, and a
position line under a field's old name (``RENAMED`` or ``ENGINE_RENAMED``) reads as the
field's, unless the text also gives the new one.

``tests/toepen/data/engine4_saves.json``, ``tests/shithead/data/engine4_saves.json`` and
``tests/phase10/data/engine2_saves.json`` were written by the code before the rename
(commit 69c37ee: save format 4; Toepen and Shithead engine 4, Phase 10 engine 2): three
seats, seed 11, ``RandomBot(5)``, a game mid-way (the first draw or play stage after 40
actions) and one finished, each with its position text and every view (public first).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import tablegames
from tablegames import PositionError, StateError
from tablegames.common.bots import RandomBot
from tests.phase10.old_sheets import engine_2_view, today_position
from tests.shithead.helpers import today_position as shithead_today_position
from tests.shithead.helpers import today_view as shithead_today_view
from tests.toepen.helpers import today_view
from tests.upgrades import OLDER_ROUND, active_line, plays_on, with_actions_left

TESTS = Path(__file__).parent.parent
#: The engine that renamed the seat to act, per game.
RENAMED_BY = {"toepen": 5, "shithead": 5, "phase10": 3}
#: The saves written by the engine just before the rename, per game.
LAST_OLD = {"toepen": "engine4_saves.json", "shithead": "engine4_saves.json",
            "phase10": "engine2_saves.json"}
#: What today's engine shows of an older engine's view (the renames of earlier engines).
TODAY_VIEW = {"toepen": today_view, "shithead": shithead_today_view, "phase10": engine_2_view}
#: What today's engine writes of an older engine's position text besides ``active``.
TODAY_POSITION = {"toepen": active_line, "shithead": shithead_today_position,
                  "phase10": active_line}


def _old_saves() -> list[tuple[str, str, str]]:
    """(game, name, save text) of every old save kept as test data for the three games
    that says ``turn``: every format (1 to 4) and every engine before the rename (a
    later engine's old save, Shithead's engine 5, is another rename's test)."""
    found: list[tuple[str, str, str]] = []
    for game in RENAMED_BY:
        for path in sorted((TESTS / game / "data").glob("*.json")):
            data = json.loads(path.read_text())
            if isinstance(data, dict) and "format" in data:
                found.append((game, path.stem, path.read_text()))
            elif isinstance(data, list) and data and "save" in data[0]:
                found += [(game, f"{path.stem}-{i}", e["save"]) for i, e in enumerate(data)]
    return [(game, name, text) for game, name, text in found
            if json.loads(text).get("engine", 1) < RENAMED_BY[game]]


OLD = _old_saves()
#: Old saves whose history today's engine plays otherwise (Shithead engine 5 burns the four
#: of a kind its engine 4 left on top, SHD-25): they load as saved, but do not verify.
PLAYED_OTHERWISE = {("shithead", "engine4_under_over_saves")}


def _last_old(game: str) -> list[dict[str, Any]]:
    data: list[dict[str, Any]] = json.loads(
        (TESTS / game / "data" / LAST_OLD[game]).read_text())
    return data


def _cls(game: str) -> Any:
    return type(tablegames.new_game(game, players=3, seed=0))


def test_the_old_saves_cover_every_format_and_engine() -> None:
    seen = {(game, json.loads(text)["format"], json.loads(text).get("engine", 1))
            for game, _, text in OLD}
    formats = {"toepen": {1, 3, 4}, "shithead": {3, 4}, "phase10": {1, 2, 3, 4}}
    for game, engine in RENAMED_BY.items():
        assert (game, 4, engine - 1) in seen
        assert {f for g, f, _ in seen if g == game} == formats[game]


def test_the_rename_is_declared_and_turn_is_only_a_number() -> None:
    for game, engine in RENAMED_BY.items():
        cls = _cls(game)
        assert engine <= cls.ENGINE
        assert {e: names for e, names in cls.ENGINE_RENAMED.items()
                if {"turn", "active"} & {*names, *names.values()}} == {engine: {"turn": "active"}}
        s = tablegames.new_game(game, players=3, seed=4)
        assert s.active == s.to_act and not hasattr(s, "turn")
        assert "active" in json.loads(s.to_json())["state"]
        # no view key or event field ever named the seat ``turn``: ``to_act`` says it
        assert "turn" not in cls.VIEW_KEYS and "turn" not in s.view(None)
        assert all("turn" not in spec.keys for spec in cls.EVENT_KEYS.values())
    dallah = tablegames.new_game("dallah", players=3, seed=4)
    assert dallah.turn == 1 and dallah.view(None)["turn"] == 1  # a turn's number


@pytest.mark.parametrize(("game", "name", "text"), OLD, ids=[f"{g}-{n}" for g, n, _ in OLD])
def test_an_old_save_loads_with_active_as_its_turn(game: str, name: str, text: str) -> None:
    """Every old save of the three games loads with ``active`` equal to its ``turn``,
    verifies (its history replays under today's engine, but for :data:`PLAYED_OTHERWISE`),
    is written again under the new name by today's engine, and plays on (saved again, a
    Shithead round an older engine opened may not verify: :data:`OLDER_ROUND`)."""
    raw = json.loads(text)
    turn = raw["state"]["turn"]
    assert "active" not in raw["state"] or game == "shithead"  # format 3: its in_play
    cls = _cls(game)
    verify = (game, name.rpartition("-")[0]) not in PLAYED_OTHERWISE
    s = cls.from_json(text, verify=verify)
    assert s.active == turn
    saved = json.loads(s.to_json())
    assert saved["engine"] == cls.ENGINE and saved["format"] == 4
    assert saved["state"]["active"] == turn and "turn" not in saved["state"]
    # a Shithead round engine 6 or older opened (without the start's suit bar, SHD-04),
    # saved again by today's engine, does not verify: the save does not say which
    # engine opened it (helper-140)
    plays_on(s, RandomBot(3), steps=20, verify=verify,
             older_round=OLDER_ROUND if game == "shithead" else "")


@pytest.mark.parametrize("game", sorted(RENAMED_BY))
def test_the_last_old_engine_s_saves_show_the_same_table(game: str) -> None:
    """The saves of the engine just before the rename give every seat the same view and
    the same position text but for the seat's line, now ``active:``; that old text
    reads to the same state."""
    cls = _cls(game)
    for old in _last_old(game):
        assert json.loads(old["save"])["engine"] == RENAMED_BY[game] - 1
        s = cls.from_json(old["save"], verify=True)
        views = [json.loads(json.dumps(s.view(x))) for x in (None, *range(s.n))]
        today = [TODAY_VIEW[game](v) for v in old["views"]]
        if game in ("phase10", "shithead"):  # their views have said actions_left since
            today = [with_actions_left(v, s) for v in today]
        assert views == today
        assert "\nturn: " in old["position"]
        if game == "phase10":  # engine 5 (P10-61): the count of the hand's actions, and
            # an old save's rules say the largest move limit; its position text the default
            assert s.to_position() == today_position(old["position"], s.plays, saved=True)
            again = cls.from_position(s.to_position(), rules=cls.RULES())
            again.plays = 0
        else:
            assert s.to_position() == TODAY_POSITION[game](old["position"])
            again = cls.from_position(s.to_position())
        assert cls.from_position(old["position"])._dump() == again._dump()


@pytest.mark.parametrize("game", sorted(RENAMED_BY))
def test_an_old_engine_s_save_holding_active_is_refused(game: str) -> None:
    """An older engine never wrote ``active`` (the seat): a save claiming such an engine
    that holds it beside ``turn``, or instead of it, is refused, as a save mixing old and
    new names is; today's engine never writes ``turn`` either."""
    cls = _cls(game)
    old = _last_old(game)[0]["save"]
    engine = RENAMED_BY[game] - 1
    both = json.loads(old)
    both["state"]["active"] = both["state"]["turn"]
    with pytest.raises(StateError, match=rf"^\$\.state: a save by engine {engine} holds both "
                                         r"'turn' and 'active'$"):
        cls.from_json(json.dumps(both))
    new_only = json.loads(old)
    new_only["state"]["active"] = new_only["state"].pop("turn")
    with pytest.raises(StateError, match=rf"holds 'active', which only engine {engine + 1} "
                                         rf"writes \(engine {engine} said 'turn'\)"):
        cls.from_json(json.dumps(new_only))
    today = json.loads(cls.from_json(old).to_json())
    today["state"]["turn"] = today["state"].pop("active")
    with pytest.raises(StateError, match="turn"):
        cls.from_json(json.dumps(today))


def test_a_format_3_save_holding_active_beside_turn_is_refused() -> None:
    """Toepen's format-3 save never held ``active``: with it beside ``turn`` it is
    refused. (Shithead's format 3 held ``active`` for its seats in play: it loads as
    ``in_play``, ``test_an_old_save_loads_with_active_as_its_turn``.)"""
    data = json.loads((TESTS / "toepen" / "data" / "v3_midgame.json").read_text())
    data["state"]["active"] = data["state"]["turn"]
    with pytest.raises(StateError, match="both 'turn' and 'active'"):
        _cls("toepen").from_json(json.dumps(data))


def _renamed_line(text: str, new: str, old: str) -> str:
    """``text`` with its line(s) ``new`` (or ``new N``) under the old name ``old``."""
    assert f"\n{new}" in text
    return text.replace(f"\n{new}:", f"\n{old}:").replace(f"\n{new} ", f"\n{old} ")


def _line_no(text: str, key: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), 1)
                if line.startswith(f"{key}:"))


def _phase10_position(with_line: str) -> str:
    cases = json.loads((TESTS / "phase10" / "data" / "positions_v4.json").read_text())
    found: str = next(c["position"] for c in cases if with_line(c["position"]))
    return tablegames.from_position("phase10", found).to_position()


#: A position of each game with a line that has an old name, and the two names.
POSITIONS = [
    ("toepen", "active", "turn"),
    ("shithead", "active", "turn"),
    ("phase10", "active", "turn"),
    ("phase10", "pending_skips", "pending"),
    ("phase10", "known_cards", "known"),
    ("shithead", "known_cards", "known"),
    ("dallah", "full_zones", "full"),
]


def _position(game: str, new: str) -> str:
    if game == "phase10" and new != "active":
        return _phase10_position(lambda t: f"\n{new} " in t or (
            f"\n{new}: " in t and f"\n{new}: -" not in t))
    if game == "dallah":
        return tablegames.from_position("dallah", json.loads(
            (TESTS / "dallah" / "data" / "positions_v4.json").read_text())[0][
                "position"]).to_position()
    return _cls(game).from_json(_last_old(game)[0]["save"]).to_position()


@pytest.mark.parametrize(("game", "new", "old"), POSITIONS,
                         ids=[f"{g}-{o}" for g, _, o in POSITIONS])
def test_a_position_line_under_its_old_name_reads(game: str, new: str, old: str) -> None:
    """A line under a field's old name (``turn:``, Dallah's ``full:``, Phase 10's
    ``pending:``, Phase 10's and Shithead's ``known N:``) reads as the field's line: the
    same state, written again under the new name."""
    text = _position(game, new)
    state = tablegames.from_position(game, text)
    back = tablegames.from_position(game, _renamed_line(text, new, old))
    assert back._dump() == state._dump()
    assert back.to_position() == text


@pytest.mark.parametrize(("game", "new", "old"), POSITIONS,
                         ids=[f"{g}-{o}" for g, _, o in POSITIONS])
def test_a_position_giving_a_field_under_both_names_is_refused(game: str, new: str,
                                                              old: str) -> None:
    text = _position(game, new)
    line = next(x for x in text.splitlines() if x.startswith((f"{new}:", f"{new} ")))
    key, _, value = line.partition(":")
    old_key = old + key[len(new):]
    both = text + f"{old_key}:{value}\n"
    with pytest.raises(PositionError, match=(
            rf"^line {len(both.splitlines())}: '{old_key}' is the old name of '{key}', "
            r"which is given too: give the line once, under its new name$")) as refused:
        tablegames.from_position(game, both)
    assert refused.value.line == len(both.splitlines())
    assert _line_no(text, key) < refused.value.line


def test_an_old_name_that_is_today_another_line_reads_as_today_s() -> None:
    """Shithead's ``active`` was its seats in play before format 4 (``in_play``, since
    engine 6 ``playing``): a position line ``active:`` is today's seat to act, and the
    seats in play have no line."""
    from tablegames.common.declared import old_line_names
    from tablegames.common.state import _spec

    cls = _cls("shithead")
    assert cls.RENAMED["active"] == "in_play"
    names = old_line_names(cls, _spec(cls).fields)
    assert names["turn"] == "active" and "active" not in names


@pytest.mark.parametrize("game", ["toepen", "shithead", "phase10", "dallah"])
def test_no_old_line_name_is_a_line_written_today(game: str) -> None:
    """An old name read as another line must never be a line the game writes itself
    (its own lines included: Toepen's tricks, Dallah's zones, Phase 10's score sheet)."""
    from tablegames.common.declared import old_line_names
    from tablegames.common.state import _spec

    cls = _cls(game)
    names = old_line_names(cls, _spec(cls).fields)
    assert names  # every game renamed some field
    for seed in range(3):
        s = tablegames.new_game(game, players=3, seed=seed)
        bot = RandomBot(seed)
        for _ in range(60):
            written = {line.split(":")[0].split(" ")[0]
                       for line in s.to_position().splitlines()[1:] if ":" in line}
            assert not written & names.keys()
            if s.is_over:
                break
            s.apply(bot.choose(s))
