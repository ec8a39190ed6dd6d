"""Phones get what changed: patches that rebuild exactly the page a fresh hello gives.

Rooms are driven through the :class:`Hub` itself (no web server): each phone is a
:class:`Conn` whose queue is read after every action, and a phone applies every patch
it gets to the page it holds, as ``static/app.js`` does. The page it then holds is
compared, as JSON text (so ``1`` and ``true`` differ), with a page built from scratch by
:func:`tablegames.server.page.build`, which shares nothing with the incremental drawing.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from tablegames.common.registry import GAMES
from tablegames.server.page import PatchError, apply_patch, build, diff
from tablegames.server.rooms import Conn, Hub, Room
from tablegames.table.i18n import LANGS
from tests.server.helpers import started_room

GAME_NAMES = ("toepen", "phase10", "shithead", "dallah")


def _text(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True)


class Phone:
    """A phone as ``app.js`` keeps it: the page it holds, patched message after message."""

    def __init__(self, hub: Hub, room: Room, seat: int | None, lang: str,
                 format: int = 2) -> None:
        self.hub, self.room = hub, room
        self.conn = Conn(seat, lang=lang, format=format)
        hub.attach(room, self.conn)
        self.page: dict[str, Any] | None = None
        self.patches = self.fulls = 0

    def read(self) -> None:
        while not self.conn.queue.empty():
            raw = self.conn.queue.get_nowait()
            assert raw is not None, "the phone was cut off"
            message = json.loads(raw) if isinstance(raw, str) else raw
            if message["type"] == "update":
                self.page = message["page"]
                self.fulls += 1
            elif message["type"] == "patch":
                assert self.page is not None and self.page["version"] == message["from"]
                self.page = apply_patch(self.page, message["patch"])
                assert self.page["version"] == message["to"]
                self.patches += 1
            elif message["type"] == "presence" and self.page is not None:
                self.page["online"] = message["online"]

    def fresh(self) -> dict[str, Any]:
        """The page a hello would give, built from nothing."""
        room = self.room
        page = build(room.state, self.conn.seat, self.conn.lang, title=room.info.title,
                     format=self.conn.format)
        page.update(code=room.code, online=room.online(), bots=sorted(room.bot_seats),
                    round=room.round)
        return page


@pytest.mark.parametrize("game", GAME_NAMES)
def test_a_phone_that_applies_every_patch_holds_the_page_a_hello_gives(
        tmp_path: Path, game: str) -> None:
    """Every seat and the shared screen, in every language, over seeded random games."""
    info = GAMES[game]
    for seed, players in ((1, max(info.min_players, 3)), (2, info.min_players)):
        hub, room = started_room(tmp_path, game, players, seed)
        # seat 0 without English: its late phone below is its fourth socket (a seat holds
        # at most MAX_PER_SEAT), in a language it already has a phone in
        phones = [Phone(hub, room, seat, lang) for lang in LANGS
                  for seat in [*range(players), None] if (seat, lang) != (0, "en")]
        for p in phones:
            hub._send_page(room, p.conn, since=None)  # the hello
        rng = random.Random(seed)
        for step in range(150):
            state = room.state
            if state.is_over:
                break
            if step == 40:  # a phone joins late: it says hello, then gets patches too
                late = Phone(hub, room, 0, "ar")
                hub._send_page(room, late.conn, since=state.version)
                phones.append(late)
            hub._commit(room, state.to_act, [str(rng.choice(state.legal_actions()))],
                        state.version)
            for p in phones:
                p.read()
                assert _text(p.page) == _text(p.fresh()), (game, seed, p.conn.seat, p.conn.lang)
        assert all(p.patches >= 10 and p.fulls == 1 for p in phones)
        hub.store.close()


def test_a_patch_is_smaller_than_the_page(tmp_path: Path) -> None:
    hub, room = started_room(tmp_path, "phase10", 4, 3)
    phone = Phone(hub, room, 0, "en")
    hub._send_page(room, phone.conn, since=None)
    phone.read()
    rng = random.Random(3)
    sizes = []
    for _ in range(30):
        state = room.state
        hub._commit(room, state.to_act, [str(rng.choice(state.legal_actions()))], state.version)
        raw = phone.conn.queue.get_nowait()
        assert isinstance(raw, str) and json.loads(raw)["type"] == "patch"
        sizes.append((len(raw), len(json.dumps(build(room.state, 0, "en"), ensure_ascii=False))))
    assert sum(s for s, _ in sizes) * 2 < sum(full for _, full in sizes)
    hub.store.close()


def test_a_phone_whose_page_is_not_the_base_gets_the_whole_page(tmp_path: Path) -> None:
    hub, room = started_room(tmp_path, "toepen", 3, 4)
    phone, stale = Phone(hub, room, 1, "en"), Phone(hub, room, 1, "en")
    for p in (phone, stale):
        hub._send_page(room, p.conn, since=None)
        p.read()
    stale.conn.version = 0 if room.state.version else 99  # it missed a message
    state = room.state
    hub._commit(room, state.to_act, [str(state.legal_actions()[0])], state.version)
    got = [json.loads(p.conn.queue.get_nowait()) for p in (phone, stale)]
    assert got[0]["type"] == "patch" and got[0]["from"] == state.version - 1
    assert got[1]["type"] == "update" and got[1]["page"]["version"] == state.version
    assert _text(got[1]["page"]) == _text(stale.fresh())
    assert got[0]["events"] == got[1]["events"]
    hub.store.close()


def test_a_reloaded_room_sends_whole_pages_not_patches_from_the_old_game(
        tmp_path: Path) -> None:
    """A patch starts only from a page of the game the room holds now."""
    hub, room = started_room(tmp_path, "shithead", 3, 5)
    phone = Phone(hub, room, 2, "en")
    hub._send_page(room, phone.conn, since=None)
    phone.read()
    room.state = room.state.copy()  # what a reload from the store gives: another object
    state = room.state
    hub._commit(room, state.to_act, [str(state.legal_actions()[0])], state.version)
    message = json.loads(phone.conn.queue.get_nowait())
    assert message["type"] == "update" and message["page"]["version"] == state.version
    hub.store.close()


@pytest.mark.parametrize("old, new, ops", [
    ({"a": 1, "b": [1, 2]}, {"a": 1, "b": [1, 2]}, []),
    ({"a": None}, {"a": {"x": 1}}, [{"op": "replace", "path": "/a", "value": {"x": 1}}]),
    ({"a": {"x": 1}}, {"a": None}, [{"op": "replace", "path": "/a", "value": None}]),
    ({"a": 1}, {"a": True}, [{"op": "replace", "path": "/a", "value": True}]),
    ({"a": [1]}, {"a": [True]}, [{"op": "replace", "path": "/a/0", "value": True}]),
    ({"l": [1, 2, 3]}, {"l": [1]}, [{"op": "remove", "path": "/l/2"},
                                    {"op": "remove", "path": "/l/1"}]),
    ({"l": [1]}, {"l": [0, 2, 3]}, [{"op": "replace", "path": "/l/0", "value": 0},
                                    {"op": "add", "path": "/l/-", "value": 2},
                                    {"op": "add", "path": "/l/-", "value": 3}]),
    ({"a/b": 1, "c~": 2}, {"a/b": 2, "d": 3}, [{"op": "replace", "path": "/a~1b", "value": 2},
                                               {"op": "add", "path": "/d", "value": 3},
                                               {"op": "remove", "path": "/c~0"}]),
    ([1], {"a": 1}, [{"op": "replace", "path": "", "value": {"a": 1}}]),
])
def test_a_diff_is_the_smallest_patch_of_three_operations_and_applies_back(
        old: Any, new: Any, ops: list[dict[str, Any]]) -> None:
    assert diff(old, new) == ops
    before = _text(old)
    assert _text(apply_patch(old, ops)) == _text(new)
    assert _text(old) == before  # applying makes a new page


@pytest.mark.parametrize("ops", [
    [{"op": "move", "path": "/a", "from": "/b"}],
    [{"op": "remove", "path": "/l/0"}],
    [{"op": "add", "path": ""}],
    [{"op": "replace", "path": "a"}],
    [{"op": "replace", "path": "/l/7", "value": 1}],
    [{"op": "remove", "path": "/nothing"}],
    [{"op": "replace", "path": "/a/b", "value": 1}],
    [{"op": "replace", "path": "/l/x", "value": 1}],
])
def test_a_patch_that_does_not_fit_is_refused(ops: list[dict[str, Any]]) -> None:
    with pytest.raises(PatchError):
        apply_patch({"a": 1, "l": [1, 2]}, ops)
