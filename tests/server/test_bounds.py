"""Bounded work for every request: look-ups, joins, creation and screens are metered,
a spectator costs the same on a long game as on a new one, idle rooms close."""

from __future__ import annotations

import json
import random
import time
from pathlib import Path

import pytest
from websockets.exceptions import ConnectionClosed

from tablegames.common.errors import SetupError
from tablegames.server.app import create_app
from tablegames.server.limits import Buckets, Doors, Limits, client_address, network
from tablegames.server.rooms import (
    MAX_CONNECTIONS,
    MAX_PER_SEAT,
    MAX_SPECTATORS,
    ClientError,
    Conn,
    Hub,
)
from tablegames.server.store import Store
from tests.server.helpers import Server, Socket


def test_a_flood_of_look_ups_is_throttled_by_address_network_and_code(tmp_path: Path) -> None:
    """A real server with its default limits: one client guessing codes gets 429 after
    its burst, and so does a neighbour on the same /24; a code hammered from many
    networks is throttled too."""
    server = Server(tmp_path / "rooms.sqlite", args=()).start()
    try:
        letters = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789" * 2
        statuses = [server.request(f"/api/rooms/ZZZZZZ{c}")[0] for c in letters]
        assert statuses[:20] == [404] * 20
        assert statuses.count(429) >= 25  # (the bucket refills 2 a second meanwhile)
        qr = [server.request("/qr/ZZZZZZZ.svg") for _ in range(5)]
        assert any(status == 429 and body["error"] == "slow_down" for status, body in qr)
    finally:
        server.stop()
    doors = Doors(_still(Limits()))
    assert all(doors.may_look_up("203.0.113.1", None) for _ in range(30))
    assert not doors.may_look_up("203.0.113.1", None)  # the address's burst
    assert all(doors.may_look_up("203.0.113.2", None) for _ in range(29))
    assert not doors.may_look_up("203.0.113.3", None)  # the network's burst is shared
    assert sum(doors.may_look_up(f"198.51.{i}.1", "ABCDEFG") for i in range(200)) == 120


def test_one_client_flooding_a_code_does_not_lock_the_table_out_of_its_room() -> None:
    """A look-up its own address or network may not make takes nothing from the room
    code's bucket, and the code holds more than a network's burst: one client polling a
    room's code as fast as it can (found by helper-104: it took the code's every token,
    and the table's phones got 429 for their own lobby) leaves the others their look-ups."""
    doors = Doors(_still(Limits()))
    flood = [doors.may_look_up("203.0.113.9", "ABCDEFG") for _ in range(500)]
    assert flood.count(True) == 30  # its own burst, and no more
    assert all(doors.may_look_up(f"198.51.{i}.1", "ABCDEFG") for i in range(6))


def _still(limits: Limits) -> Limits:
    """The same bursts with buckets that do not refill while the test runs."""
    import attrs

    return attrs.evolve(limits, **{f: 1e-9 for f in attrs.fields_dict(Limits) if f.endswith("_rate")})


def test_room_creation_cannot_be_multiplied_by_spreading_over_addresses() -> None:
    doors = Doors(_still(Limits()))
    made = sum(doors.may_create(f"192.0.2.{i}") for i in range(200))
    assert made == 40  # one /24: its network's burst, however many addresses
    spread = sum(doors.may_create(f"10.{i // 250}.{i % 250}.1") for i in range(1_000))
    assert spread == 200 - 40  # and everyone's together: the global burst


def test_the_forwarded_address_is_believed_only_from_a_trusted_proxy() -> None:
    headers = {"x-forwarded-for": "198.51.100.7, 10.0.0.9"}
    assert client_address("10.0.0.2", headers, ["10.0.0.2"]) == "10.0.0.9"
    assert client_address("10.0.0.2", headers, ["10.0.0.2", "10.0.0.9"]) == "198.51.100.7"
    assert client_address("203.0.113.5", headers, ["10.0.0.2"]) == "203.0.113.5"
    assert client_address("10.0.0.2", {}, ["10.0.0.2"]) == "10.0.0.2"
    assert network("2001:db8::1") == "2001:db8::/56"


def test_the_bucket_table_forgets_the_least_recent_key_not_everyone() -> None:
    table = Buckets(rate=0.0, burst=1.0, size=3)
    assert table.take("hammer") and not table.take("hammer")
    for i in range(2):
        assert table.take(f"other{i}")
    assert not table.take("hammer")  # still remembered (most recent use)
    assert table.take("new")  # the table is full: the oldest other key goes
    assert not table.take("hammer")


def _long_room(tmp_path: Path, steps: int) -> tuple[Hub, str]:
    hub = Hub(Store(tmp_path / "rooms.sqlite"), bot_delay=0)
    code, _ = hub.create({"game": "phase10", "players": 2, "name": "Amal", "bot": "random",
                          "seed": 1})
    hub.start(hub.room(code), 0)
    rng = random.Random(2)
    room = hub.room(code)
    for _ in range(steps):
        state = room.state
        if state.is_over:
            break
        hub._commit(room, state.to_act, [str(rng.choice(state.legal_actions()))], state.version)
    return hub, code


def test_a_spectator_costs_no_more_on_a_long_game_than_on_a_new_one(tmp_path: Path) -> None:
    """A hello (even asking for every event since 0) never replays the game: it gets the
    table now and at most the recent events the room holds in memory."""
    import tablegames

    hub, code = _long_room(tmp_path, 1_500)
    room = hub.room(code)
    assert room.state.version >= 1_000
    calls = []
    original = type(room.state).log
    type(room.state).log = lambda *a, **k: calls.append(a) or original(*a, **k)  # type: ignore[method-assign]
    try:
        screen = Conn(None)
        hub.attach(room, screen)
        hub._send_page(room, screen, since=0)
        message = json.loads(screen.queue.get_nowait() or "null")
        while message["type"] != "update":
            message = json.loads(screen.queue.get_nowait() or "null")
    finally:
        type(room.state).log = original  # type: ignore[method-assign]
    assert calls == []  # no replay
    assert len(message["events"]) <= 64
    assert tablegames  # the package is what the room plays
    hub.store.close()


def test_a_room_admits_a_bounded_number_of_screens(tmp_path: Path) -> None:
    hub = Hub(Store(tmp_path / "rooms.sqlite"), bot_delay=0)
    code, _ = hub.create({"game": "toepen", "players": 2, "name": "Amal", "bot": "random"})
    room = hub.room(code)
    for _ in range(MAX_SPECTATORS):
        hub.attach(room, Conn(None))
    with pytest.raises(ClientError) as refused:
        hub.attach(room, Conn(None))
    assert refused.value.code == "room_full"
    hub.attach(room, Conn(0))  # a seat's phone still gets in
    hub.store.close()


def test_one_seat_cannot_take_every_socket_of_its_room(tmp_path: Path) -> None:
    """A seat holds at most MAX_PER_SEAT sockets: its newest replaces its oldest, which
    is told why and closes with 4409 (its page then waits for a reload instead of
    reconnecting). Found by helper-104: one seat's 32 sockets shut Bo's phone out with
    ``room_full`` for as long as they stayed open."""
    hub = Hub(Store(tmp_path / "rooms.sqlite"), bot_delay=0)
    code, _ = hub.create({"game": "phase10", "players": 3, "name": "Amal", "bot": ""})
    room = hub.room(code)
    mine = [Conn(0) for _ in range(MAX_CONNECTIONS)]
    for conn in mine:
        hub.attach(room, conn)
    assert sum(c.seat == 0 for c in room.conns) == MAX_PER_SEAT
    assert set(room.conns) == set(mine[-MAX_PER_SEAT:])  # the newest stay
    first = mine[0]
    told = []
    while not first.queue.empty():
        told.append(first.queue.get_nowait())
    assert told[-1] is None and first.close_code == 4409 and first.dropped
    assert any(m is not None and json.loads(m).get("code") == "seat_elsewhere" for m in told)
    hub.attach(room, Conn(1))  # Bo's phone gets in
    hub.store.close()


def test_play_again_counts_as_a_new_open_room(tmp_path: Path) -> None:
    """A finished game is not an open room; its Play again makes it one, so it is bound
    by ``max_rooms`` like a new room (found by helper-104: with max_rooms=1 a finished
    room dealt again beside another open room, two open rooms)."""
    hub = Hub(Store(tmp_path / "rooms.sqlite"), bot_delay=0, max_rooms=1)
    code, _ = hub.create({"game": "toepen", "players": 2, "name": "Amal", "bot": "random",
                          "seed": 4, "rules": {"limit": 2}})
    room = hub.room(code)
    hub.start(room, 0)
    while not room.state.is_over:
        seat = room.state.to_act
        hub._commit(room, seat, [str(room.state.legal_actions()[0])], room.state.version)
    assert hub.store.open_rooms() == 0
    hub.create({"game": "toepen", "players": 2, "name": "Bo", "bot": "random"})
    with pytest.raises(ClientError) as refused:
        hub._again(room, "Amal")
    assert refused.value.code == "busy" and room.round == 1 and room.state.is_over
    hub.store.close()


def test_idle_rooms_close_on_the_documented_schedule(tmp_path: Path) -> None:
    from tablegames.server.rooms import FORGET_AFTER, GAME_IDLE, LOBBY_IDLE

    store = Store(tmp_path / "rooms.sqlite")
    hub = Hub(store, bot_delay=0)
    lobby, _ = hub.create({"game": "toepen", "players": 3, "name": "Amal", "bot": ""})
    game, _ = hub.create({"game": "toepen", "players": 2, "name": "Bo", "bot": "random"})
    hub.start(hub.room(game), 0)
    old, fresh = hub.create({"game": "toepen", "players": 2, "name": "Cy", "bot": "random"})
    assert store.open_rooms() == 3
    now = time.time()
    store.db.execute("UPDATE rooms SET updated = ? WHERE code = ?", (now - LOBBY_IDLE - 1, lobby))
    store.db.execute("UPDATE rooms SET updated = ? WHERE code = ?", (now - GAME_IDLE - 1, game))
    hub.close_idle()
    assert store.room(lobby) is None and store.token(fresh) == (old, 0)
    row = store.room(game)
    assert row is not None and row.over  # closed, still readable
    store.db.execute("UPDATE rooms SET updated = ? WHERE code = ?", (now - FORGET_AFTER - 1, game))
    hub.close_idle()
    assert store.room(game) is None and store.open_rooms() == 1
    store.close()


def test_a_screen_socket_beyond_the_limit_is_refused(tmp_path: Path) -> None:
    server = Server(tmp_path / "rooms.sqlite", args=()).start()
    try:
        room = server.create(game="toepen", players=2, name="Amal", bot="random")
        answers = []
        screens = []
        for _ in range(14):  # kept open: the room's cap and the address's rate both count
            screen = Socket(server, f"/ws/s/{room['code']}")
            screens.append(screen)
            try:
                screen.send({"type": "hello"})
                message = screen.recv()
            except ConnectionClosed:  # refused: the error came first, then the close
                answers.append(f"closed {screen.ws.close_code}")
                continue
            answers.append(message["code"] if message["type"] == "error" else message["type"])
        for screen in screens:
            screen.close()
        assert answers[:8] == ["lobby"] * 8, answers  # admitted: the room's lobby
        assert answers[10:] and "lobby" not in answers[10:], answers
    finally:
        server.stop()


@pytest.mark.parametrize("delay", [float("nan"), float("inf"), -1, 1e9, True, "1", None])
def test_a_bot_delay_that_never_ends_is_refused(tmp_path: Path, delay: object) -> None:
    """Found by helper-60 (s38 M6): ``Hub(bot_delay=nan)`` was taken, and the bot's
    ``asyncio.sleep(nan)`` never returned. ``create_app`` refuses before opening a store."""
    store = Store(tmp_path / "rooms.sqlite")
    try:
        with pytest.raises(SetupError, match="bot_delay"):
            Hub(store, bot_delay=delay)  # type: ignore[arg-type]
        assert Hub(store, bot_delay=0).bot_delay == 0
    finally:
        store.close()
    with pytest.raises(SetupError, match="bot_delay"):
        create_app(tmp_path / "other.sqlite", bot_delay=delay)  # type: ignore[arg-type]
    assert not (tmp_path / "other.sqlite").exists()


@pytest.mark.parametrize("field", ["max_rooms", "max_cached"])
@pytest.mark.parametrize("count", [0, -1, True, 2.5, float("nan"), "10", None])
def test_a_hub_refuses_counts_that_are_not_counts(tmp_path: Path, field: str,
                                                  count: object) -> None:
    """Found by the s39 review (helper-65's brief): ``Hub(max_rooms=True)`` (one room),
    ``0`` (no room ever) or ``nan`` (``>=`` never true: no bound) were taken as given."""
    store = Store(tmp_path / "rooms.sqlite")
    try:
        with pytest.raises(SetupError, match=field):
            Hub(store, bot_delay=0, **{field: count})  # type: ignore[arg-type]
        assert getattr(Hub(store, bot_delay=0, **{field: 1}), field) == 1
    finally:
        store.close()
    if field == "max_rooms":  # refused before the store is opened
        with pytest.raises(SetupError, match=field):
            create_app(tmp_path / "other.sqlite", max_rooms=count)  # type: ignore[arg-type]
        assert not (tmp_path / "other.sqlite").exists()


@pytest.mark.parametrize("value", [float("nan"), float("inf"), 0, -1.0, True, "2", None])
def test_limits_refuse_rates_that_meter_nothing(value: object) -> None:
    """Found by the s39 review (helper-65's brief): ``Limits(lookup_rate=nan)`` let every
    look-up through (NaN tokens are never too few) and a string failed on the first
    request; a rate is a positive finite number, a burst a finite number of at least 1."""
    for field in ("lookup_rate", "join_burst", "message_rate"):
        with pytest.raises(SetupError, match=field):
            Limits(**{field: value})  # type: ignore[arg-type]
    with pytest.raises(SetupError, match="trusted_proxies"):
        Limits(trusted_proxies="10.0.0.2")  # type: ignore[arg-type]
    for burst in (0.5, 0.999):  # found by helper-73: a burst under 1 shut its door for good
        with pytest.raises(SetupError, match=r"join_burst.*at least 1"):
            Limits(join_burst=burst)
    assert Limits(join_burst=1).join_burst == 1
    doors = Doors(_still(Limits(lookup_burst=3)))
    assert [doors.may_look_up("203.0.113.1", None) for _ in range(4)] == [True] * 3 + [False]
