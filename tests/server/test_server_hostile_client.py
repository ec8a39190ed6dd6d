"""The room server against a hostile client (helper-150): each door found open, held shut
by a test that failed before its fix, through a real ``tablegames serve`` process where a
client can show it, in process where only the server's insides can (what a message
costs).

* JSON that escapes a lone surrogate (``"\\ud800"``) is no text: no answer can carry it
  back as UTF-8. A seed of one made a lobby that never dealt (the last join was a 500,
  its seat stored, the room stuck for good); a Dallah card named with one made a table
  no phone could be sent (the socket's writer died in silence). Every body and socket
  message holding one is refused ``bad_message`` and changes nothing.
* A ``hello`` for the page a room kept built the seat's table model first (10 ms on a
  Phase 10 lay-down page, at 20 messages a second a socket), and a socket of format 1
  was sent a fresh 100 KB expansion at each, held in its queue while it did not read:
  a kept page costs neither now.
* Play again naming a round of 0 or less, which the room never had, is refused ``stale``.
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest

from tablegames.common.registry import GAMES
from tablegames.common.rules import rules_to_dict
from tablegames.server.rooms import ClientError, Conn, Hub
from tablegames.server.store import Store
from tests.server.helpers import Server, Socket
from tests.server.test_protocol import full_room, stored
from tests.server.test_server_hostile_audit import rooms_stored, seats_stored

LONE = "\\ud800"  # a lone surrogate as JSON escapes it (the text holds backslash-u)


def _dallah_cards_named(name: str) -> str:
    """A Dallah room's form whose card set names its first cup shape ``name`` (JSON text
    spliced in as it is, so ``name`` may be an escape)."""
    cards = rules_to_dict(GAMES["dallah"].rules_class())["cards"]
    if isinstance(cards, str):  # the default set is stored by name: spell it out
        cards = GAMES["dallah"].rules_class().cards.to_dict()
    cards["shapes"][0]["en"] = "@NAME@"
    form = {"game": "dallah", "players": 3, "name": "Amal", "bot": "random",
            "rules": {"cards": cards}}
    return json.dumps(form).replace('"@NAME@"', f'"{name}"')


@pytest.mark.parametrize("body", [
    # a seed of a lone surrogate: the lobby was made, and its game could never be dealt
    b'{"game": "toepen", "players": 2, "name": "Amal", "seed": "' + LONE.encode() + b'"}',
    # the same surrogate as raw bytes (json.loads reads a body's bytes with surrogatepass)
    b'{"game": "toepen", "players": 2, "name": "Amal", "seed": "\xed\xa0\x80"}',
    # a cup shape named with one: every page of the room fails to encode
    _dallah_cards_named("Cl" + LONE + "assic").encode(),
])
def test_a_body_holding_a_lone_surrogate_is_refused_and_stores_nothing(
        server: Server, body: bytes) -> None:
    rooms = rooms_stored(server)
    status, answer = server.request("/api/rooms", raw=body)
    assert (status, answer["code"]) == (400, "bad_message"), answer
    assert rooms_stored(server) == rooms


def test_a_join_with_a_lone_surrogate_is_refused_and_takes_no_seat(server: Server) -> None:
    made = server.create(game="toepen", players=3, name="Amal")
    before = seats_stored(server, made["code"])
    status, answer = server.request(f"/api/rooms/{made['code']}/join",
                                    raw=b'{"name": "Bo", "x": "' + LONE.encode() + b'"}')
    assert (status, answer["code"]) == (400, "bad_message"), answer
    assert seats_stored(server, made["code"]) == before


@pytest.mark.parametrize("message", [
    '{"type": "act", "action": "0:keep", "expect": 0, "note": "' + LONE + '"}',
    '{"type": "act", "action": "' + LONE + '", "expect": 0}',
    '{"type": "hello", "lang": "' + LONE + '"}',
    '{"type": "' + LONE + '"}',
])
def test_a_socket_message_holding_a_lone_surrogate_is_refused_and_changes_nothing(
        server: Server, message: str) -> None:
    code, tokens = full_room(server, seed=4)
    phone = Socket(server, f"/ws/p/{tokens[0]}")
    try:
        phone.send({"type": "hello"})
        phone.recv("update")
        before = stored(server, code)
        phone.send(message)
        answer = phone.recv("error")
        assert answer["code"] == "bad_message" and answer["message"], answer
        assert stored(server, code) == before
        assert phone.act("0:keep", 0)["page"]["version"] == 1  # the room plays on
    finally:
        phone.close()


def test_the_hub_refuses_a_seed_no_game_can_be_dealt_from(tmp_path: Path) -> None:
    """An app that calls the hub itself (no JSON door) is refused such a seed too, before
    anything is stored: the game is dealt only when the lobby fills, too late to say."""
    store = Store(tmp_path / "rooms.sqlite")
    try:
        hub = Hub(store, bot_delay=0)
        with pytest.raises(ClientError) as refused:
            hub.create({"game": "toepen", "players": 2, "name": "Amal", "seed": "\ud800"})
        assert refused.value.code == "bad_seed"
        assert store.open_rooms() == 0
        code, _ = hub.create({"game": "toepen", "players": 2, "name": "Amal", "seed": "\u00e9t\u00e9"})
        hub.join(code, "Bo")
        assert hub.room(code).started
    finally:
        store.close()


# -- what a hello costs --------------------------------------------------------------------
def test_a_hello_for_a_page_the_room_drew_draws_no_table_again(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A ``hello`` or ``lang`` for the page the room last drew for that seat and language
    is that page, but the seat's table model was built again first, and only then was the
    kept page found: some 10 ms for a Phase 10 hand that can lay its phase down 136 ways,
    which a socket may ask for 20 times a second, 40 at once. A few sockets of one player
    held the server's one thread; now such a hello builds nothing, a screen's too, and
    a page not drawn yet (another language) is built once."""
    from tablegames.server import rooms

    hub = Hub(Store(tmp_path / "rooms.sqlite"), bot_delay=0)
    try:
        code, _ = hub.create({"game": "phase10", "players": 2, "name": "Amal", "seed": 8})
        hub.join(code, "Bo")
        room = hub.room(code)
        seat = room.state.to_act
        phone, screen = Conn(seat), Conn(None)
        for conn in (phone, screen):
            hub.attach(room, conn)
            asyncio.run(hub.handle(room, conn, {"type": "hello"}))
        built: list[Any] = []
        drawn = rooms.shared_model  # type: ignore[attr-defined]

        def counted(view: Any, **options: Any) -> Any:
            built.append(view)
            return drawn(view, **options)

        monkeypatch.setattr(rooms, "shared_model", counted)

        def say(conn: Conn, message: dict[str, object]) -> Any:
            asyncio.run(hub.handle(room, conn, message))
            said = []
            while not conn.queue.empty():
                said.append(json.loads(conn.queue.get_nowait() or "null"))
            return [m for m in said if m is not None and m["type"] == "update"][-1]

        pages = [say(conn, {"type": kind, "lang": "en", "since": 0})["page"]
                 for conn in (phone, screen) for kind in ("hello", "lang") * 3]
        assert built == []
        assert all(p == pages[0] for p in pages[:6]) and all(p == pages[6] for p in pages[6:])
        assert say(phone, {"type": "lang", "lang": "da"})["page"]["prompt"] != pages[0]["prompt"]
        # a page in a new language is drawn, once: the seat's part and the public table
        assert [view["seat"] for view in built] == [seat, None]
        say(phone, {"type": "hello", "lang": "da"})
        assert len(built) == 2
    finally:
        hub.store.close()


def test_a_format_1_page_asked_for_again_is_the_one_already_expanded(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A socket of format 1 (the page of earlier releases) was sent a page expanded anew
    at each ``hello``: some 100 KB of objects for a Phase 10 lay-down page, each held in
    the socket's queue until sent. A client that never read piled up 256 of them on
    each of its sockets (16 sockets of one client took 105 MB of the server's memory in
    14 s). The expansion of a kept page is made once, and every hello is sent that one;
    a new version, or Play again's new game, is expanded anew."""
    from tablegames.server import rooms

    hub = Hub(Store(tmp_path / "rooms.sqlite"), bot_delay=0)
    try:
        code, _ = hub.create({"game": "toepen", "players": 2, "name": "Amal", "seed": 3})
        hub.join(code, "Bo")
        room = hub.room(code)
        phone, other = Conn(0), Conn(0)
        for conn in (phone, other):
            hub.attach(room, conn)
        made: list[Any] = []
        expand = rooms.expand  # type: ignore[attr-defined]

        def counted(page: Any) -> Any:
            made.append(page)
            return expand(page)

        monkeypatch.setattr(rooms, "expand", counted)

        def page(conn: Conn) -> Any:
            asyncio.run(hub.handle(room, conn, {"type": "hello", "format": 1}))
            said = []
            while not conn.queue.empty():
                said.append(json.loads(conn.queue.get_nowait() or "null"))
            return [m for m in said if m is not None and m["type"] == "update"][-1]["page"]

        first = page(phone)
        assert all(page(conn) == first for conn in (phone, other, phone))
        assert len(made) == 1 and isinstance(first["hand"][0], dict)  # format 1: faces
        hub._commit(room, 0, ["0:keep"], 0)  # (its patches are expanded apart, once)
        made.clear()
        moved = page(phone)
        assert moved["version"] == 1 and moved != first and len(made) == 1
        assert page(other) == moved and len(made) == 1
    finally:
        hub.store.close()


# -- Play again ----------------------------------------------------------------------------
@pytest.mark.parametrize("round_", [0, -1, -(2**70), 2, 2**70])
def test_play_again_naming_a_round_the_room_never_had_is_refused(server: Server,
                                                                 round_: int) -> None:
    """A press names the round its page showed; one the room never had is refused
    ``stale`` (then the table as it is), as the protocol says. A round of 0 or less was
    answered with the table alone, as if it were a press that crossed another."""
    code, tokens = full_room(server, seed=4)
    phone = Socket(server, f"/ws/p/{tokens[1]}")
    try:
        phone.send({"type": "hello"})
        phone.recv("update")
        before = stored(server, code)
        phone.send({"type": "again", "round": round_})
        answer = phone.recv()
        while answer["type"] == "notice":  # the table's greeting, sent with its page
            answer = phone.recv()
        assert (answer["type"], answer.get("code")) == ("error", "stale"), answer
        assert phone.recv("update")["page"]["round"] == 1
        assert stored(server, code) == before
    finally:
        phone.close()
