"""Who is online is the room's, across server processes (issue 24, helper-238's finding).

Two real ``tablegames serve`` processes share the suite's PostgreSQL; one table has a
phone on each. Each process used to tell its phones only about the sockets it held, so
a seat whose phone was on the other process read as offline (the page's and the
lobby's ``online``, and every ``presence`` message). Now a player's socket is a row of
the database's ``presence`` table, each change is a ``NOTIFY`` that every process
holding the room follows, and a killed process's rows stop counting when the tending
loop of a living one notices its session is gone.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest

from tests.server.helpers import Postgres, Server, Socket


@pytest.fixture
def stack() -> Iterator[ExitStack]:
    with ExitStack() as s:
        yield s


def presence(phone: Socket, online: list[bool], timeout: float = 10) -> None:
    """Wait for ``phone`` to be told ``online`` in a ``presence`` message (earlier ones,
    of a state passed through on the way, are read past); fails after ``timeout``."""
    seen: list[Any] = []
    while True:
        message = phone.recv("presence", timeout=timeout)
        seen.append(message["online"])
        if message["online"] == online:
            return
        assert len(seen) < 20, seen


def test_a_seat_on_another_process_is_online_and_then_offline(
        postgres: Postgres, tmp_path: Path, stack: ExitStack) -> None:
    url = postgres.fresh_database("presence")
    a = stack.enter_context(Server(url, log=tmp_path / "a.log"))
    b = stack.enter_context(Server(url, log=tmp_path / "b.log"))
    room = a.create(game="toepen", players=3, name="Amal", bot="", seed=5, rules={"limit": 10})
    code = room["code"]
    bo = b.join(code, "Bo")["token"]

    amal = Socket(a, f"/ws/p/{room['token']}")  # seat 0, on process a
    stack.callback(amal.close)
    amal.send({"type": "hello"})
    assert amal.recv("lobby")["online"] == [True, False, False]

    phone_b = Socket(b, f"/ws/p/{bo}")  # seat 1, on process b
    stack.callback(phone_b.close)
    presence(amal, [True, True, False])  # a's phone hears of b's
    phone_b.send({"type": "hello"})
    assert phone_b.recv("lobby")["online"] == [True, True, False]  # and b's of a's
    amal.send({"type": "hello"})
    assert amal.recv("lobby")["online"] == [True, True, False]  # the lobby says so too

    a.join(code, "Cy")  # the last seat taken (no phone of its own): the game is dealt
    assert amal.recv("update")["page"]["online"] == [True, True, False]  # the table's page
    phone_b.recv("update")

    phone_b.close()  # b's phone leaves: a's sees the seat offline
    presence(amal, [True, False, False])
    amal.send({"type": "hello"})
    assert amal.recv("update")["page"]["online"] == [True, False, False]

    phone_b = Socket(b, f"/ws/p/{bo}")  # back, then its process is killed
    stack.callback(phone_b.close)
    presence(amal, [True, True, False])
    amal.send({"type": "hello"})
    assert amal.recv("update")["page"]["online"] == [True, True, False]
    b.kill()
    presence(amal, [True, False, False], timeout=5)  # a's tending notices, within seconds
    amal.send({"type": "hello"})
    assert amal.recv("update")["page"]["online"] == [True, False, False]


def test_a_lost_sessions_seats_are_let_go_and_written_again(postgres: Postgres) -> None:
    """The store's side, without servers: a process's seats count for the others while
    its session lives; once it is gone any living process lets them go (``reap``, which
    tells the rooms' processes), and the process, back, writes them again (``rejoin``)."""
    import psycopg

    from tablegames.server.pgstore import PgStore

    url = postgres.fresh_database("presence_store")
    a, b = PgStore(url), PgStore(url)
    heard: list[tuple[str, str]] = []
    b.listen(lambda code, what: heard.append((code, what)))
    try:
        ticket, elsewhere = a.take_seat("ROOM1", 2)
        assert elsewhere == frozenset() and b.seats_elsewhere("ROOM1") == {2}
        assert a.seats_elsewhere("ROOM1") == frozenset()  # its own are not elsewhere
        a.pg.close()  # its session ends (as a killed process's does)
        with psycopg.connect(url, autocommit=True) as conn:  # wait for its backend to end
            for _ in range(500):
                if conn.execute("SELECT count(*) FROM pg_stat_activity WHERE "
                                "application_name = %s", (a.process,)).fetchone() == (0,):
                    break
                conn.execute("SELECT pg_sleep(0.01)")
        assert b.seats_elsewhere("ROOM1") == frozenset()  # not counted...
        b.reap()  # ... and deleted, the room's processes told
        with psycopg.connect(url, autocommit=True) as conn:
            assert conn.execute("SELECT count(*) FROM presence").fetchone() == (0,)
        a.rejoin([("ROOM1", 2, ticket)])  # back (a new session of the same name)
        assert b.seats_elsewhere("ROOM1") == {2}
        a.drop_seat("ROOM1", ticket)
        assert b.seats_elsewhere("ROOM1") == frozenset()
        for _ in range(100):
            if ("ROOM1", "presence -") in heard:
                break
            with psycopg.connect(url, autocommit=True) as conn:
                conn.execute("SELECT pg_sleep(0.02)")
        assert ("ROOM1", "presence -") in heard
        assert ("ROOM1", f"presence {a.process}") in heard
    finally:
        a.close()
        b.close()
