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
