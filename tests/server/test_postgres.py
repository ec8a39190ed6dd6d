"""Rooms on a real PostgreSQL shared by several hubs (as several server processes are)."""

from __future__ import annotations

import json
import queue
import random
from collections.abc import Callable
from typing import Any

import pytest

from tablegames.server.pgstore import PgStore, open_store
from tablegames.server.rooms import ClientError, Conn, Hub
from tablegames.server.store import SNAPSHOT_EVERY, StoreError
from tests.server.helpers import Postgres

_COUNT = iter(range(1_000_000))


def _db(postgres: Postgres) -> str:
    return postgres.fresh_database(f"t{next(_COUNT)}")


def test_the_store_on_postgres_keeps_the_same_log(postgres: Postgres) -> None:
    store = open_store(_db(postgres))
    assert isinstance(store, PgStore) and store.shared
    try:
        store.create("ABCDEFG", "toepen", {"seed": 1}, [{"name": "Amal"}, {"name": None}], "tok-1")
        assert store.token("tok-1") == ("ABCDEFG", 0) and store.token("guess") is None
        seats = [{"name": "Amal"}, {"name": "Bo"}]
        store.join("ABCDEFG", [{"name": "Amal"}, {"name": None}], seats, 1, "tok-2")
        with pytest.raises(StoreError):  # the lobby is no longer what this caller saw
            store.join("ABCDEFG", [{"name": "Amal"}, {"name": None}],
                       [{"name": "Amal"}, {"name": "Cy"}], 1, "tok-3")
        store.start("ABCDEFG", seats, seats, '{"v":0}')
        store.record("ABCDEFG", 0, [(0, "0:keep")], None, False)
        with pytest.raises(StoreError):
            store.record("ABCDEFG", 0, [(1, "1:keep")], None, False)  # never twice at one version
        store.record("ABCDEFG", 1, [(1, "1:keep")], '{"v":2}', True)
        row = store.room("ABCDEFG")
        assert row is not None and (row.seq, row.snap_seq, row.state, row.over) == (2, 2, '{"v":2}', True)
        assert row.seats == seats and store.token("tok-3") is None
        assert store.actions("ABCDEFG") == [(1, 0, "0:keep"), (2, 1, "1:keep")]
        assert store.open_rooms() == 0
    finally:
        store.close()


def _hubs(url: str, n: int = 2) -> list[Hub]:
    return [Hub(PgStore(url), bot_delay=0) for _ in range(n)]


def test_two_servers_never_hand_one_seat_to_two_people(postgres: Postgres) -> None:
    a, b = _hubs(_db(postgres))
    try:
        code, _ = a.create({"game": "toepen", "players": 3, "name": "Amal", "bot": ""})
        b.room(code)  # both hold the lobby in memory
        a.join(code, "Bo")
        b.join(code, "Cy")  # b's lobby is stale: the store refuses, b reads it again
        row = a.store.room(code)
        assert row is not None
        assert [s["name"] for s in row.seats] == ["Amal", "Bo", "Cy"]
        assert row.seq == 0  # the full lobby started, once
        with pytest.raises(ClientError):
            a.join(code, "Dan")
    finally:
        for h in (a, b):
            h.store.close()


def _play_on(hubs: list[Hub], code: str, steps: int, rng: random.Random,
             heard: list[queue.Queue[tuple[str, str]]]) -> None:
    """Random legal taps, each sent to a random hub; every hub follows the others'
    commits from the notifications it hears."""
    for _ in range(steps):
        for hub, q in zip(hubs, heard, strict=True):
            while not q.empty():
                hub.notice(*q.get())
        hub = rng.choice(hubs)
        state = hub.room(code).state
        if state.is_over:
            return
        action = rng.choice(state.legal_actions())
        try:
            hub._commit(hub.room(code), state.to_act, [str(action)], state.version)
        except ClientError as exc:
            assert exc.code == "stale"


def _settle(hubs: list[Hub], heard: list[queue.Queue[tuple[str, str]]]) -> None:
    import time

    time.sleep(1.0)
    for hub, q in zip(hubs, heard, strict=True):
        while not q.empty():
            hub.notice(*q.get())


def test_every_server_follows_the_others_commits(postgres: Postgres) -> None:
    """Taps go to either of two hubs; each hears the other's commits (LISTEN/NOTIFY) and
    applies the new actions from the log, so both hold the same game, equal to the
    store's snapshot plus log."""
    url = _db(postgres)
    hubs = _hubs(url)
    heard: list[queue.Queue[tuple[str, str]]] = [queue.Queue(), queue.Queue()]
    try:
        for hub, q in zip(hubs, heard, strict=True):
            hub.store.listen(lambda code, what, q=q: q.put((code, what)))
        code, _ = hubs[0].create({"game": "toepen", "players": 2, "name": "Amal",
                                  "bot": "random", "seed": 4})
        hubs[0].start(hubs[0].room(code), 0)
        hubs[1].room(code)
        _play_on(hubs, code, SNAPSHOT_EVERY + 30, random.Random(3), heard)
        _settle(hubs, heard)
        texts = {h.room(code).state.to_json() for h in hubs}
        assert len(texts) == 1
        fresh = Hub(PgStore(url), bot_delay=0)
        try:
            assert fresh.room(code).state.to_json() in texts
        finally:
            fresh.store.close()
    finally:
        for h in hubs:
            h.store.close()


def test_one_server_runs_a_rooms_bots_until_it_goes(postgres: Postgres) -> None:
    url = _db(postgres)
    a, b = _hubs(url)
    try:
        assert a.store.owns("ROOMAAA") and a.store.owns("ROOMAAA")
        assert not b.store.owns("ROOMAAA")
        a.store.close()  # its connection ends: the lock goes with it (as the server
        # notices the closed connection, within moments)
        import time

        deadline = time.monotonic() + 10
        while not b.store.owns("ROOMAAA"):
            assert time.monotonic() < deadline, "the lock outlived its connection"
            time.sleep(0.05)
    finally:
        b.store.close()




def test_a_stored_join_gets_its_seat_whoever_starts_the_game(postgres: Postgres) -> None:
    """The last seat is joined on ``a`` while the host taps Start on ``b``: ``a`` stores
    the seat and its token, then its own start loses to ``b``'s. The joiner still gets the
    token of the seat stored in their name (found by helper-44)."""
    a, b = _hubs(_db(postgres))
    try:
        code, _ = a.create({"game": "toepen", "players": 3, "name": "Amal", "bot": "random",
                            "seed": 1})
        a.join(code, "Bo")
        b.room(code)  # the host's phone is on b
        real_start = a.store.start

        def start_after_b(*args: object, **kw: object) -> None:
            # between a's two writes: b hears of the join and its host taps Start
            b.notice(code, "lobby")
            b.start(b.room(code), 0)
            real_start(*args, **kw)  # type: ignore[arg-type]

        a.store.start = start_after_b  # type: ignore[method-assign]
        token = a.join(code, "Cy")
        assert a.store.token(token) == (code, 2)
        row = a.store.room(code)
        assert row is not None and row.seq == 0
        assert [s["name"] for s in row.seats] == ["Amal", "Bo", "Cy"]
        assert a.room(code).started  # a reads the game b dealt
        assert a.room(code).state.to_json() == b.room(code).state.to_json()
    finally:
        for h in (a, b):
            h.store.close()


def _between_reads(hub: Hub, then: Callable[[], None]) -> None:
    """Run ``then`` once, the next time ``hub`` reads a room's actions: between its read
    of the room row and of its log, where another process's commit can fall."""
    real = hub.store.actions
    fired: list[bool] = []

    def actions(code: str, after: int = 0, upto: int | None = None) -> Any:
        if not fired:
            fired.append(True)
            then()
        return real(code, after, upto) if upto is not None else real(code, after)

    hub.store.actions = actions  # type: ignore[method-assign]


def _tap(hub: Hub, code: str) -> None:
    """One legal tap on ``hub`` (as a process's phone makes it)."""
    room = hub.room(code)
    state = room.state
    hub._commit(room, state.to_act, [str(state.legal_actions()[0])], state.version)


def test_a_room_loaded_while_another_process_commits_loads(postgres: Postgres) -> None:
    """``b`` opens a room (a phone reconnecting after its process died, a new screen)
    while ``a`` commits to it between ``b``'s two reads: ``b`` loads the room at the
    version it read, never refuses it ``busy`` (found by helper-44)."""
    a, b = _hubs(_db(postgres))
    try:
        code, _ = a.create({"game": "toepen", "players": 2, "name": "Amal", "bot": "", "seed": 2})
        a.join(code, "Bo")
        _tap(a, code)
        _between_reads(b, lambda: _tap(a, code))
        room = b.room(code)
        assert room.state.version == 1  # as read; a's notification brings it on
        b.notice(code, "2")
        assert room.state.to_json() == a.room(code).state.to_json()
    finally:
        for h in (a, b):
            h.store.close()


def test_the_reload_after_a_lost_race_keeps_the_rooms_game(postgres: Postgres) -> None:
    """``b`` loses a race (``a`` stored that version first) and reads the room again
    while ``a`` commits once more: the room keeps its game at the store's version (before,
    it stayed a "lobby" answering every tap ``not_started``; found by helper-44)."""
    a, b = _hubs(_db(postgres))
    try:
        code, _ = a.create({"game": "toepen", "players": 2, "name": "Amal", "bot": "", "seed": 2})
        a.join(code, "Bo")
        ra, rb = a.room(code), b.room(code)
        state = ra.state
        seat, legal = state.to_act, [str(x) for x in state.legal_actions()]
        a._commit(ra, seat, [legal[0]], 0)  # b has not heard of it
        _between_reads(b, lambda: _tap(a, code))
        with pytest.raises(ClientError) as lost:
            b._commit(rb, seat, [legal[-1]], 0)
        assert lost.value.code == "stale"
        assert b.room(code) is rb and rb.state is not None
        assert rb.state.version == 1  # as read; a's notification brings it on
        b.notice(code, "2")
        assert rb.state.version == 2 and rb.state.to_json() == ra.state.to_json()
    finally:
        for h in (a, b):
            h.store.close()


def _sent(conn: Conn) -> list[tuple[int, list[Any]]]:
    """The versions and event lines of the updates and patches queued for ``conn``."""
    out = []
    while not conn.queue.empty():
        m = conn.queue.get_nowait()
        m = json.loads(m) if isinstance(m, str) else m
        if m is not None and m["type"] == "update":
            out.append((m["page"]["version"], m["events"]))
        elif m is not None and m["type"] == "patch":
            out.append((m["to"], m["events"]))
    return out


def test_after_a_lost_race_the_phones_get_the_winning_taps_events(postgres: Postgres) -> None:
    """``b`` loses a race to ``a``: the phones on ``b`` are told the winning tap as the
    phones on ``a`` are, event line included (before, ``b`` reloaded the room without
    its events and sent ``[]``; found by helper-44)."""
    a, b = _hubs(_db(postgres))
    try:
        code, _ = a.create({"game": "toepen", "players": 3, "name": "Amal", "bot": "", "seed": 2})
        a.join(code, "Bo")
        a.join(code, "Cy")
        ra, rb = a.room(code), b.room(code)
        on_a, on_b = Conn(2), Conn(2)  # seat 2's phone on each process
        a.attach(ra, on_a)
        b.attach(rb, on_b)
        _sent(on_a), _sent(on_b)
        state = ra.state
        seat, legal = state.to_act, [str(x) for x in state.legal_actions()]
        a._commit(ra, seat, [legal[0]], 0)  # a stores version 1 first
        with pytest.raises(ClientError) as lost:
            b._commit(rb, seat, [legal[-1]], 0)
        assert lost.value.code == "stale"
        told_a, told_b = _sent(on_a), _sent(on_b)
        assert [v for v, _ in told_a] == [v for v, _ in told_b] == [1]
        assert told_a[0][1] and told_b[0][1] == told_a[0][1]
    finally:
        for h in (a, b):
            h.store.close()
