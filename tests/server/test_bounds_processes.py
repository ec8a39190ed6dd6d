"""The room server's bounds with several processes on one PostgreSQL database (issue 24).

Two real ``tablegames serve`` processes share a real database, as two processes behind a
load balancer do. What is a property of a room or of the whole service holds across
them, counted from the database: a room's spectator screens, the rooms open at once,
the rooms a network holds open. What is a rate, and the sockets an address or a network
holds, is each process's own (documented so: with K processes an address gets up to K
times), which the last test pins down.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest

from tablegames.server.rooms import MAX_SPECTATORS
from tests.server.helpers import Postgres, Server
from tests.server.test_server_doors import FORM, ws_open

_COUNT = itertools.count()


def two(postgres: Postgres, tmp_path: Path, stack: ExitStack,
        *args: str) -> tuple[Server, Server]:
    """Two server processes on one fresh database, stopped when ``stack`` closes."""
    url = postgres.fresh_database(f"bp{next(_COUNT)}")
    return (stack.enter_context(Server(url, args=args, log=tmp_path / "a.log")),
            stack.enter_context(Server(url, args=args, log=tmp_path / "b.log")))


@pytest.fixture
def stack() -> Iterator[ExitStack]:
    with ExitStack() as s:
        yield s


def screen(server: Server, code: str, held: list[Any]) -> str | None:
    """Open a spectator screen of ``code`` on ``server``: ``None`` when it is admitted
    (the socket is kept open in ``held``), else the code it was refused with."""
    ws = ws_open(server, f"/ws/s/{code}")
    first = json.loads(ws.recv(timeout=10))  # a screen is told who is here, or refused
    if first["type"] == "error":
        ws.close()
        return str(first["code"])
    held.append(ws)
    return None


def create(server: Server) -> tuple[int, str]:
    status, body = server.request("/api/rooms", FORM)
    return status, str(body.get("code") if status == 200 else body["code"])


def test_a_rooms_spectators_are_capped_across_processes(
        postgres: Postgres, tmp_path: Path, stack: ExitStack) -> None:
    """At most 8 screens watch a room, wherever each socket is held; a screen that
    closes gives its place back to either process."""
    a, b = two(postgres, tmp_path, stack)
    code = a.create(**FORM)["code"]
    held: list[Any] = []
    stack.callback(lambda: [ws.close() for ws in held])
    assert [screen(a, code, held) for _ in range(5)] == [None] * 5
    assert [screen(b, code, held) for _ in range(MAX_SPECTATORS - 5)] == [None] * 3
    assert screen(b, code, held) == "room_full"
    assert screen(a, code, held) == "room_full"
    held.pop(0).close()  # one of a's screens leaves: b may admit one
    for _ in range(50):
        refusal = screen(b, code, held)
        if refusal is None:
            break
        assert refusal == "room_full"  # the closing socket is still counted for a moment
    assert refusal is None and len(held) == MAX_SPECTATORS
    assert screen(a, code, held) == "room_full"


def test_a_killed_processes_screens_give_their_places_back(
        postgres: Postgres, tmp_path: Path, stack: ExitStack) -> None:
    """A process killed with the screens it held gives their places back: its rows are
    not counted once its database session is gone."""
    a, b = two(postgres, tmp_path, stack)
    code = a.create(**FORM)["code"]
    held: list[Any] = []
    stack.callback(lambda: [ws.close() for ws in held])
    assert [screen(a, code, held) for _ in range(MAX_SPECTATORS)] == [None] * MAX_SPECTATORS
    assert screen(b, code, held) == "room_full"
    a.kill()
    for _ in range(100):
        refusal = screen(b, code, held)
        if refusal is None:
            break
        assert refusal == "room_full"  # until PostgreSQL has ended the killed session
    assert refusal is None


def test_a_networks_open_rooms_are_capped_across_processes(
        postgres: Postgres, tmp_path: Path, stack: ExitStack) -> None:
    """``--rooms-per-network 3``: three rooms of one network open on either process, the
    fourth refused ``too_many_rooms`` by both."""
    a, b = two(postgres, tmp_path, stack, "--rooms-per-network", "3")
    assert [create(a)[0], create(b)[0], create(a)[0]] == [200] * 3
    assert create(b) == (429, "too_many_rooms")
    assert create(a) == (429, "too_many_rooms")


def test_the_open_rooms_are_capped_across_processes(
        postgres: Postgres, tmp_path: Path, stack: ExitStack) -> None:
    """``--max-rooms 3``: the rooms open at once are the database's, whichever process
    made them."""
    a, b = two(postgres, tmp_path, stack, "--max-rooms", "3")
    assert [create(a)[0], create(b)[0], create(b)[0]] == [200] * 3
    assert create(a) == (503, "busy")
    assert create(b) == (503, "busy")


def test_rates_and_sockets_are_each_processes_own(
        postgres: Postgres, tmp_path: Path, stack: ExitStack) -> None:
    """As documented: the sockets an address holds, like every rate, are counted by each
    process (an address gets up to K times them from K processes)."""
    a, b = two(postgres, tmp_path, stack, "--sockets-per-address", "2")
    code = a.create(**FORM)["code"]
    held: list[Any] = []
    stack.callback(lambda: [ws.close() for ws in held])
    assert [screen(a, code, held) for _ in range(2)] == [None, None]
    assert screen(a, code, held) == "slow_down"
    assert [screen(b, code, held) for _ in range(2)] == [None, None]
    assert screen(b, code, held) == "slow_down"
