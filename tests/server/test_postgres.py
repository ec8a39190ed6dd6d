"""Rooms on a real PostgreSQL shared by several hubs (as several server processes are)."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import logging
import queue
import random
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tablegames.server.pgstore import PgStore, lock_key, open_store, without_password
from tablegames.server.rooms import ClientError, Conn, Hub
from tablegames.server.store import SNAPSHOT_EVERY, StoreError
from tests.server.helpers import Postgres, Server, Socket

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


def _room_on_both(a: Hub, b: Hub, players: int = 2,
                  ) -> tuple[str, Any, Any, int, list[str]]:
    """A Toepen room of ``players`` people (seed 2) created on ``a`` and read by ``b``:
    its code, each hub's room, the seat to act and its legal actions, for a race."""
    code, _ = a.create({"game": "toepen", "players": players, "name": "Amal", "bot": "",
                        "seed": 2})
    for name in ("Bo", "Cy")[:players - 1]:
        a.join(code, name)
    ra, rb = a.room(code), b.room(code)
    return code, ra, rb, ra.state.to_act, [str(x) for x in ra.state.legal_actions()]


def test_the_reload_after_a_lost_race_keeps_the_rooms_game(postgres: Postgres) -> None:
    """``b`` loses a race (``a`` stored that version first) and reads the room again
    while ``a`` commits once more: the room keeps its game at the store's version (before,
    it stayed a "lobby" answering every tap ``not_started``; found by helper-44)."""
    a, b = _hubs(_db(postgres))
    try:
        code, ra, rb, seat, legal = _room_on_both(a, b)
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


def _queued(conn: Conn) -> list[dict[str, Any]]:
    """The messages queued for ``conn``, read (the queue is emptied)."""
    out = []
    while not conn.queue.empty():
        m = conn.queue.get_nowait()
        if m is not None:
            out.append(json.loads(m) if isinstance(m, str) else m)
    return out


def _sent(conn: Conn) -> list[tuple[int, list[Any]]]:
    """The versions and event lines of the updates and patches queued for ``conn``."""
    out = []
    for m in _queued(conn):
        if m["type"] == "update":
            out.append((m["page"]["version"], m["events"]))
        elif m["type"] == "patch":
            out.append((m["to"], m["events"]))
    return out


def test_after_a_lost_race_the_phones_get_the_winning_taps_events(postgres: Postgres) -> None:
    """``b`` loses a race to ``a``: the phones on ``b`` are told the winning tap as the
    phones on ``a`` are, event line included (before, ``b`` reloaded the room without
    its events and sent ``[]``; found by helper-44)."""
    a, b = _hubs(_db(postgres))
    try:
        _, ra, rb, seat, legal = _room_on_both(a, b, players=3)
        on_a, on_b = Conn(2), Conn(2)  # seat 2's phone on each process
        a.attach(ra, on_a)
        b.attach(rb, on_b)
        _sent(on_a), _sent(on_b)
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


def test_a_tap_that_loses_a_race_is_refused_before_the_winning_table(
        postgres: Postgres) -> None:
    """A tap on ``b`` that loses its race to ``a``: its phone is told ``stale`` first,
    then the winning tap's table, as a tap that crossed another on one process is (the
    refusal, then the table), and nothing else. Before, the table came first, so the phone
    read the page past its version as its own tap's answer: a loaded two-process run saw
    a tap taken for accepted that the store never held."""
    a, b = _hubs(_db(postgres))
    try:
        _, ra, rb, seat, legal = _room_on_both(a, b)
        phone = Conn(seat)
        b.attach(rb, phone)
        _queued(phone)
        a._commit(ra, seat, [legal[0]], 0)  # a stores version 1 first; b has not heard
        asyncio.run(b.act(rb, phone, {"type": "act", "actions": [legal[-1]], "expect": 0}))
        told = _queued(phone)
        kinds = [(m["type"], m.get("code") or m.get("to") or m.get("page", {}).get("version"))
                 for m in told]
        assert kinds[0] == ("error", "stale") and told[0]["version"] == 1
        assert [k for k, _ in kinds[1:]] in (["patch"], ["update"]) and kinds[1][1] == 1
        assert rb.state.to_json() == ra.state.to_json()
    finally:
        for h in (a, b):
            h.store.close()


def _two_processes(postgres: Postgres, tmp_path: Path) -> tuple[str, Server, Server]:
    url = _db(postgres)
    a = Server(url, log=tmp_path / "a.log").start()
    try:
        b = Server(url, log=tmp_path / "b.log").start()
    except BaseException:
        a.stop()
        raise
    return url, a, b


def _seated(a: Server, b: Server) -> tuple[str, dict[int, Socket], Socket]:
    """A two-person room: both seats' phones on ``a``, seat 1's second phone on ``b``."""
    room = a.create(game="toepen", players=2, name="Amal", bot="", seed=5, rules={"limit": 10})
    token1 = b.join(room["code"], "Bo")["token"]
    on_a = {0: Socket(a, f"/ws/p/{room['token']}"), 1: Socket(a, f"/ws/p/{token1}")}
    on_b = Socket(b, f"/ws/p/{token1}")
    for sock in (*on_a.values(), on_b):
        sock.send({"type": "hello"})
        sock.recv("update")
    return room["code"], on_a, on_b


def _move_on_a_reaches_b(on_a: dict[int, Socket], on_b: Socket) -> None:
    """The seat to act taps on ``a``; seat 1's phone on ``b`` is shown the new version."""
    page = on_a[0].page
    assert page is not None
    phone = on_a[page["to_act"]]
    assert phone.page is not None
    version = phone.page["version"]
    answer = phone.act(phone.page["actions"][0]["n"], version)
    assert answer["type"] == "update", answer
    on_a[1 - page["to_act"]].recv("update")
    deadline = time.monotonic() + 15
    while on_b.page is None or on_b.page["version"] <= version:
        on_b.recv("update", timeout=max(0.01, deadline - time.monotonic()))


def test_the_processes_recover_from_a_database_restart(postgres: Postgres,
                                                       tmp_path: Path) -> None:
    """``pg_ctl restart`` under two running processes: both reconnect (the query and the
    LISTEN connection), a move made on ``a`` afterwards reaches a phone on ``b``, and new
    rooms and sockets work on both (before, both were broken until restarted themselves;
    found by helper-44)."""
    _, a, b = _two_processes(postgres, tmp_path)
    try:
        code, on_a, on_b = _seated(a, b)
        _move_on_a_reaches_b(on_a, on_b)
        postgres.restart()
        _move_on_a_reaches_b(on_a, on_b)
        for server in (a, b):
            assert server.request(f"/api/rooms/{code}")[0] == 200
            made = server.create(game="toepen", players=2, name="Cy", bot="random")
            screen = Socket(server, f"/ws/s/{made['code']}")
            screen.send({"type": "hello"})
            assert screen.recv()["type"] == "lobby"
            screen.close()
    finally:
        a.stop()
        b.stop()


def test_a_process_whose_listen_connection_drops_hears_again(postgres: Postgres,
                                                           tmp_path: Path) -> None:
    """The LISTEN connections are cut (``pg_terminate_backend``, as a pooler or an idle
    timeout would) and ``a`` commits at once, while ``b`` may be deaf: ``b`` reconnects,
    reads its rooms again and its phone gets the move (before, no process ever heard
    another's commits again; found by helper-44)."""
    url, a, b = _two_processes(postgres, tmp_path)
    try:
        _, on_a, on_b = _seated(a, b)
        cut = postgres.sql("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                           "WHERE datname = %s AND query LIKE 'LISTEN%%'", (url.rsplit("/", 1)[1],))
        assert len(cut) == 2 and all(ok for (ok,) in cut)
        _move_on_a_reaches_b(on_a, on_b)
        _move_on_a_reaches_b(on_a, on_b)  # and hears the next one as it comes
    finally:
        a.stop()
        b.stop()


def test_tending_survives_an_unreachable_database(postgres: Postgres,
                                                  caplog: pytest.LogCaptureFixture) -> None:
    """``Hub.tend`` while the database is down: its ticks fail (logged) and it goes on;
    once the database is back, it takes over the bots of a room whose owner's lock died
    with the restart (before, the first error ended it for good; found by helper-44)."""
    url = _db(postgres)
    owner, a = _hubs(url)
    try:
        code, _ = owner.create({"game": "toepen", "players": 2, "name": "Amal",
                                "bot": "random", "seed": 4})
        owner.start(owner.room(code), 0)
        room = owner.room(code)
        while room.state.to_act not in room.bot_seats:  # the person taps until a bot is to act
            _tap(owner, code)
        assert owner.store.owns(code)
        version = room.state.version

        async def main() -> None:
            held = a.room(code)  # a holds it, but the owner's lock keeps its bots
            a.attach(held, Conn(0))  # Amal's phone is on a (bots play only for a person)
            tending = asyncio.get_running_loop().create_task(a.tend(every=0.05))
            postgres.halt()
            try:
                deadline = time.monotonic() + 20
                while "cannot ask who runs its bots" not in caplog.text:  # a tick failed
                    assert time.monotonic() < deadline and not tending.done()
                    await asyncio.sleep(0.05)
            finally:
                postgres.resume()
            while held.state.version == version:  # a runs the bots now
                assert time.monotonic() < deadline + 20 and not tending.done()
                await asyncio.sleep(0.05)
            tending.cancel()
            await a.close()

        with caplog.at_level(logging.DEBUG, logger="tablegames.server"):
            asyncio.run(main())
        assert a.store.actions(code, after=version)
    finally:
        for h in (owner, a):
            h.store.close()


def test_rooms_whose_codes_share_a_hash_have_their_own_bot_locks(postgres: Postgres) -> None:
    """``ZTMNHN7`` and ``Z8YLG2G`` have one ``hashtext``: while ``a`` ran the first
    room's bots, ``b`` could never run the second's (found by helper-44). Each room's
    lock is keyed by its code itself."""
    first, second = "ZTMNHN7", "Z8YLG2G"
    (hashes,) = postgres.sql("SELECT hashtext(%s), hashtext(%s)", (first, second))
    assert hashes[0] == hashes[1]  # the pair does collide
    a, b = _hubs(_db(postgres))
    try:
        assert a.store.owns(first) and b.store.owns(second)
        assert not b.store.owns(first) and not a.store.owns(second)
        a.store.disown(first)
        assert b.store.owns(first) and b.store.owns(second)
    finally:
        for h in (a, b):
            h.store.close()


def test_the_startup_line_shows_the_database_without_its_password(postgres: Postgres,
                                                                    tmp_path: Path) -> None:
    """``tablegames serve`` prints where the rooms are kept, and a service's log keeps
    that line: a PostgreSQL URL is printed without its password (found by helper-44)."""
    url = _db(postgres)
    secret = url.replace("postgres@", "postgres:s3cret-pw@", 1) + "?application_name=tg"
    server = Server(secret, log=tmp_path / "serve.log").start()
    try:
        assert server.request("/api/games")[0] == 200  # it connected with that URL
    finally:
        server.stop()
    text = (tmp_path / "serve.log").read_text()
    assert f"(stored in {url}?application_name=tg)" in text
    assert "s3cret" not in text
    assert without_password(url + "?password=s3cret&sslmode=disable") == url + "?sslmode=disable"
    # nor the passphrase of the client's key (found by helper-54)
    assert without_password(url + "?sslpassword=s3cret&sslmode=disable") == url + "?sslmode=disable"
    assert without_password("rooms.sqlite") == "rooms.sqlite"


def test_two_servers_pressing_play_again_at_once_deal_one_game(postgres: Postgres) -> None:
    """Play again pressed on two processes for the same finished game: the store takes
    the first new game and refuses the second, whose phone is then shown the first's with
    no refusal (the game it asked for is on the table); both processes, their phones and a
    fresh load hold one new game, round 2."""
    import asyncio

    url = _db(postgres)
    a, b = _hubs(url)
    try:
        code, _ = a.create({"game": "toepen", "players": 2, "name": "Amal", "bot": "",
                            "seed": 8, "rules": {"limit": 2}})
        a.join(code, "Bo")
        ra = a.room(code)
        while not ra.state.is_over:
            state = ra.state
            a._commit(ra, state.to_act, [str(state.legal_actions()[-1])], state.version)
        rb = b.room(code)  # b reads the finished game
        assert rb.state.is_over and rb.round == 1
        on_a, on_b = Conn(0), Conn(1)
        a.attach(ra, on_a)
        b.attach(rb, on_b)
        _sent(on_a), _sent(on_b)
        asyncio.run(a.again(ra, on_a, {"type": "again", "round": 1}))
        # b has not heard of a's game yet: the store refuses b's, b shows a's
        asyncio.run(b.again(rb, on_b, {"type": "again", "round": 1}))
        assert ra.round == rb.round == 2
        assert ra.state.to_json() == rb.state.to_json() and ra.state.version == 0
        assert [v for v, _ in _sent(on_b)] == [0]  # b's phone is shown the new game
        row = a.store.room(code)
        assert row is not None and row.config["round"] == 2 and row.seq == 0
        assert a.store.actions(code) == []
        fresh = Hub(PgStore(url), bot_delay=0)
        try:
            assert fresh.room(code).state.to_json() == ra.state.to_json()
        finally:
            fresh.store.close()
    finally:
        for h in (a, b):
            h.store.close()


def _notices(conn: Conn) -> list[tuple[str, str]]:
    out = []
    while not conn.queue.empty():
        m = conn.queue.get_nowait()
        m = json.loads(m) if isinstance(m, str) else m
        if m is not None and m["type"] == "notice":
            out.append((m["key"], m["name"]))
    return out


def test_why_a_table_began_reaches_the_phones_of_every_process(postgres: Postgres) -> None:
    """The words that say why a new table appeared ("Bo took the last seat…", "Amal
    dealt a new game…") are stored with the game, so a phone on another process than
    the one that dealt it is told too (found by helper-104: they were in the dealing
    process's memory only, and the other process's phones got the table without a word)."""
    url = _db(postgres)
    a, b = _hubs(url)
    try:
        code, _ = a.create({"game": "toepen", "players": 2, "name": "Amal", "bot": "",
                            "seed": 8, "rules": {"limit": 2}})
        rb = b.room(code)
        on_b = Conn(0)  # Amal's phone is on b
        b.attach(rb, on_b)
        a.join(code, "Bo")  # the last seat: a starts the game
        b.catch_up(rb)  # what b's notification does
        assert rb.state is not None and ("all_here", "Bo") in _notices(on_b)
        ra = a.room(code)
        while not ra.state.is_over:
            state = ra.state
            a._commit(ra, state.to_act, [str(state.legal_actions()[-1])], state.version)
        b.catch_up(rb)
        _notices(on_b)
        a._again(ra, "Amal")
        b.catch_up(rb)
        assert rb.round == 2 and ("again_dealt", "Amal") in _notices(on_b)
    finally:
        for h in (a, b):
            h.store.close()


def test_the_servers_doors_hold_on_postgresql(postgres: Postgres, tmp_path: Path) -> None:
    """The doors of ``test_server_doors`` on a server whose rooms are in PostgreSQL: a
    page of another site is refused and stores nothing, seat links that open no seat
    are metered while the phone's own reconnects never are, and an address's sockets
    are capped."""
    from tests.server.test_server_doors import FORM, refused, send, ws_open, ws_refusal

    url = _db(postgres)
    server = Server(url, args=("--sockets-per-address", "4"), log=tmp_path / "serve.log").start()
    try:
        made = server.create(**FORM)
        other = {"content-type": "application/json", "origin": "https://evil.example"}
        assert refused(send(server, "POST", f"/api/rooms/{made['code']}/join",
                            b'{"name": "Bo"}', other)) == (403, "cross_site")
        for _ in range(30):
            phone = Socket(server, f"/ws/p/{made['token']}")
            try:
                phone.send({"type": "hello"})
                assert phone.recv("lobby")["seats"] == [{"name": "Amal", "bot": None},
                                                        {"name": None, "bot": None},
                                                        {"name": None, "bot": None}]
            finally:
                phone.close()
        refusals = [ws_refusal(ws_open(server, f"/ws/p/guess{i:020d}")) for i in range(40)]
        assert refusals[:15] == [("no_seat", 4404)] * 15
        assert refusals.count(("slow_down", 1013)) >= 10, refusals
        held = [Socket(server, f"/ws/s/{made['code']}") for _ in range(4)]
        try:
            assert ws_refusal(ws_open(server, f"/ws/s/{made['code']}")) == ("slow_down", 1013)
        finally:
            for ws in held:
                ws.close()
    finally:
        server.stop()


# -- the bots' hand-over between processes (helper-153) ---------------------------------
#: A deadline for what must happen soon (never reached by a passing test).
SOON = 20.0


def _holders(postgres: Postgres, hubs: list[Hub], code: str) -> list[Hub]:
    """The hubs whose connection holds ``code``'s bot lock, as PostgreSQL itself says
    (asking a hub's ``owns`` would take the lock if it were free)."""
    rows = postgres.sql("SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND granted "
                        "AND objsubid = 1 AND (classid::bigint << 32 | objid::bigint) = %s",
                        (lock_key(code),))
    pids = {pid for (pid,) in rows}
    return [h for h in hubs if h.store.pg.info.backend_pid in pids]  # type: ignore[attr-defined]


class _Watch:
    """Both hubs as two server processes run them, on the test's one loop: each hears
    the commits (``LISTEN``, handed to the loop as the app does) and tends its rooms;
    every bot commit (hub, version, outcome) is recorded with the lock's holders at that
    moment, and every ``_kick`` counted per hub (``tend`` calls it on every tick)."""

    def __init__(self, postgres: Postgres, hubs: list[Hub], code: str) -> None:
        self.postgres, self.hubs, self.code = postgres, hubs, code
        self.bot_commits: list[tuple[Hub, int, str, list[Hub]]] = []
        self.kicks = {id(h): 0 for h in hubs}
        self.phones: list[Conn] = []
        for hub in hubs:
            self._spy(hub)

    def _spy(self, hub: Hub) -> None:
        real_commit, real_kick = hub._commit, hub._kick

        def commit(room: Any, seat: int, actions: list[str], expect: int,
                   by: Conn | None = None) -> None:
            if seat not in room.bot_seats:
                return real_commit(room, seat, actions, expect, by)
            held = _holders(self.postgres, self.hubs, self.code)
            try:
                real_commit(room, seat, actions, expect, by)
            except ClientError as exc:
                self.bot_commits.append((hub, expect, exc.code, held))
                raise
            self.bot_commits.append((hub, expect, "stored", held))

        def kick(room: Any) -> None:
            self.kicks[id(hub)] += 1
            real_kick(room)

        hub._commit = commit  # type: ignore[method-assign]
        hub._kick = kick  # type: ignore[method-assign]

    async def __aenter__(self) -> _Watch:
        loop = asyncio.get_running_loop()

        def heard(hub: Hub, code: str, what: str) -> None:
            with contextlib.suppress(RuntimeError):  # the loop closed: the test is over
                loop.call_soon_threadsafe(hub.notice, code, what)

        for hub in self.hubs:
            hub.store.listen(functools.partial(heard, hub))
        self.tending = [loop.create_task(h.tend(every=0.02)) for h in self.hubs]
        return self

    async def __aexit__(self, *exc: object) -> None:
        for t in self.tending:
            t.cancel()
        for hub in self.hubs:
            await hub.close()

    def attach(self, hub: Hub, seat: int) -> Conn:
        conn = Conn(seat)
        hub.attach(hub.room(self.code), conn)
        self.phones.append(conn)
        return conn

    async def until(self, what: Callable[[], bool], message: str) -> None:
        """Wait for ``what``, the phones' queues drained (a phone that never read would
        be cut off, and a person's cut-off socket is nobody at the table)."""
        deadline = time.monotonic() + SOON
        while not what():
            assert time.monotonic() < deadline, message
            assert not any(t.done() for t in self.tending), "a hub stopped tending"
            for conn in self.phones:
                while not conn.queue.empty():
                    conn.queue.get_nowait()
            await asyncio.sleep(0.01)

    async def ticks(self, n: int) -> None:
        """Let every hub tend the room ``n`` more times."""
        start = dict(self.kicks)
        await self.until(lambda: all(self.kicks[k] >= start[k] + n for k in start),
                         "the hubs stopped tending")

    def stored(self) -> int:
        row = self.hubs[0].store.room(self.code)
        assert row is not None
        return row.seq


def _bot_room(hub: Hub, seed: int) -> str:
    """A started two-seat Toepen room: Amal (seat 0) and the ``random`` bot (seat 1)."""
    code, _ = hub.create({"game": "toepen", "players": 2, "name": "Amal", "bot": "random",
                          "seed": seed})
    hub.start(hub.room(code), 0)
    return code


def _tap_until_a_bot_is_to_act(hub: Hub, code: str) -> int:
    """Amal taps on ``hub`` until the bot is to act (with no await, so no bot moves in
    between); the version at which it is."""
    room = hub.room(code)
    while room.state.to_act not in room.bot_seats:
        assert not room.state.is_over
        _tap(hub, code)
    return int(room.state.version)


def _same_game_everywhere(url: str, hubs: list[Hub], code: str) -> None:
    """Every version stored once, in order, and the log replays to the hubs' game."""
    seqs = [seq for seq, _, _ in hubs[0].store.actions(code)]
    assert seqs == list(range(1, len(seqs) + 1))
    texts = {h.room(code).state.to_json() for h in hubs}
    assert len(texts) == 1
    fresh = Hub(PgStore(url), bot_delay=0)
    try:
        assert fresh.room(code).state.to_json() in texts
    finally:
        fresh.store.close()


def test_the_bots_follow_their_person_to_another_process(postgres: Postgres) -> None:
    """Amal's phone is on ``a``, which runs the room's bot; it leaves ``a`` and opens on
    ``b``, where she taps: ``a`` (with no person) lets the bots go when it hears the tap,
    ``b`` takes them over on its next tick and the bot moves, stored once, on ``b``."""
    url = _db(postgres)
    a, b = _hubs(url)
    try:
        code = _bot_room(a, seed=4)

        async def main() -> None:
            async with _Watch(postgres, [a, b], code) as w:
                ra = a.room(code)
                phone = w.attach(a, 0)
                first = _tap_until_a_bot_is_to_act(a, code)
                await w.until(lambda: ra.state.version > first
                              and ra.state.to_act not in ra.bot_seats, "a's bot did not move")
                assert _holders(postgres, [a, b], code) == [a]
                assert {(h, r) for h, _, r, _ in w.bot_commits} == {(a, "stored")}
                a.detach(ra, phone)  # her phone loses a ...
                rb = b.room(code)
                w.attach(b, 0)  # ... and opens on b
                before = len(w.bot_commits)
                turn = _tap_until_a_bot_is_to_act(b, code)
                await w.until(lambda: rb.state.version > turn
                              and rb.state.to_act not in rb.bot_seats, "b's bot did not move")
                assert _holders(postgres, [a, b], code) == [b]
                moved = w.bot_commits[before:]
                assert moved and {(h, r) for h, _, r, _ in moved} == {(b, "stored")}
                assert moved[0][1] == turn and all(held == [b] for *_, held in moved)
                await w.until(lambda: ra.state.version == rb.state.version,
                              "a did not follow b's commits")

        asyncio.run(main())
        _same_game_everywhere(url, [a, b], code)
    finally:
        for h in (a, b):
            h.store.close()


def test_no_process_runs_the_bots_while_nobody_is_at_the_table(postgres: Postgres) -> None:
    """Amal taps so the bot is to act and her phone closes at once: while no person's
    phone is on either process, neither moves the bot (both tend the room, hear the
    commits, and nobody holds its bot lock); her phone's return on ``b`` lets it go on."""
    url = _db(postgres)
    a, b = _hubs(url)
    try:
        code = _bot_room(a, seed=7)

        async def main() -> None:
            async with _Watch(postgres, [a, b], code) as w:
                ra, rb = a.room(code), b.room(code)
                phone = w.attach(a, 0)
                turn = _tap_until_a_bot_is_to_act(a, code)
                a.detach(ra, phone)  # before the loop runs a's bot
                await w.until(lambda: rb.state.version == turn, "b did not hear the tap")
                await w.ticks(10)
                assert w.stored() == turn == ra.state.version == rb.state.version
                assert w.bot_commits == [] and _holders(postgres, [a, b], code) == []
                w.attach(b, 0)
                await w.until(lambda: w.stored() > turn, "the bot did not go on")
                assert {(h, r) for h, _, r, _ in w.bot_commits} == {(b, "stored")}

        asyncio.run(main())
    finally:
        for h in (a, b):
            h.store.close()


def test_one_process_runs_the_bots_while_people_are_on_both(postgres: Postgres) -> None:
    """Amal's seat has a phone on each process: she taps on either, and now and then
    the phone on the process running the bots leaves as the bot is to act (the other
    takes the bots over) and comes back; the bot plays on, every bot move is made by the
    process holding the room's bot lock at that moment, none is refused stale (no
    second process raced it), and every version is stored once."""
    url = _db(postgres)
    a, b = _hubs(url)
    rng = random.Random(11)
    try:
        code = _bot_room(a, seed=5)

        async def main() -> None:
            async with _Watch(postgres, [a, b], code) as w:
                rooms = {a: a.room(code), b: b.room(code)}
                phones = {a: w.attach(a, 0), b: w.attach(b, 0)}
                handed = 0
                for step in range(12):
                    hub = rng.choice([a, b])
                    room = rooms[hub]
                    other = rooms[b if hub is a else a]
                    await w.until(lambda room=room, other=other: room.state.version
                                  == other.state.version == w.stored()
                                  and (room.state.is_over
                                       or room.state.to_act not in room.bot_seats),
                                  f"the bot did not move (step {step})")
                    if room.state.is_over:
                        break
                    turn = _tap_until_a_bot_is_to_act(hub, code)
                    if step % 3 == 2:  # the holder's phone leaves as the bot is to act:
                        (holder,) = _holders(postgres, [a, b], code)  # the other takes
                        holder.detach(rooms[holder], phones[holder])  # its bots over
                        await w.until(lambda holder=holder, turn=turn: w.stored() > turn
                                      and _holders(postgres, [a, b], code) not in ([holder], []),
                                      "the other process did not take the bots over")
                        phones[holder] = w.attach(holder, 0)  # and it comes back
                        handed += 1
                await w.until(lambda: rooms[a].state.version == rooms[b].state.version
                              == w.stored() and (rooms[a].state.is_over or rooms[a].state.to_act
                                                 not in rooms[a].bot_seats),
                              "the last bot move did not reach both")
                assert len(w.bot_commits) >= 12 and handed >= 3
                assert {h for h, *_ in w.bot_commits} == {a, b}
                for hub, version, result, held in w.bot_commits:
                    assert result == "stored" and held == [hub], (version, result)

        asyncio.run(main())
        _same_game_everywhere(url, [a, b], code)
    finally:
        for h in (a, b):
            h.store.close()


def test_a_process_that_let_the_bots_go_never_plays_their_answer(
        postgres: Postgres, own_registry: None) -> None:
    """``a``'s bot is thinking when Amal's phone leaves ``a`` (``a`` lets the bots go)
    and opens on ``b``, whose bot thinks too; her phone comes back on ``a`` before either
    answers. ``b`` holds the bots now: only ``b`` plays the move. Before, ``a``'s bot task
    checked that a person was there, not that ``a`` still ran the bots, and stored its
    answer too (or lost the race to ``b`` and was refused stale): two processes played
    one room's bots at once (found by helper-153)."""
    from tablegames import bots
    from tests.server.test_bots_bounded import Gate

    gate = Gate()
    bots.register("gate153", gate.make, game="toepen")
    url = _db(postgres)
    a, b = _hubs(url)
    try:
        code, _ = a.create({"game": "toepen", "players": 2, "name": "Amal", "bot": "gate153",
                            "seed": 4})
        a.start(a.room(code), 0)

        async def main() -> None:
            async with _Watch(postgres, [a, b], code) as w:
                ra, rb = a.room(code), b.room(code)
                phone = w.attach(a, 0)
                turn = _tap_until_a_bot_is_to_act(a, code)
                await w.until(gate.entered.is_set, "a's bot did not start thinking")
                task_a = ra.bot_task
                gate.entered.clear()
                a.detach(ra, phone)  # a lets the bots go, its bot still thinking
                await w.until(lambda: rb.state.version == turn, "b did not hear the tap")
                w.attach(b, 0)
                await w.until(gate.entered.is_set, "b's bot did not start thinking")
                assert _holders(postgres, [a, b], code) == [b]
                w.attach(a, 0)  # her phone is back on a too
                assert ra.bot_task is task_a and task_a is not None and not task_a.done()
                gate.release.set()
                await w.until(lambda: task_a.done() and w.stored() > turn
                              and rb.state.to_act not in rb.bot_seats,
                              "the bot did not play on")
                await w.until(lambda: ra.state.version == rb.state.version,
                              "a did not follow b's commits")
                assert w.bot_commits and w.bot_commits[0][:3] == (b, turn, "stored")
                assert {(h, r) for h, _, r, _ in w.bot_commits} == {(b, "stored")}

        asyncio.run(main())
        _same_game_everywhere(url, [a, b], code)
    finally:
        for h in (a, b):
            h.store.close()
