"""A tap that loses a race to another server process is refused naming itself (helper-238).

helper-236 made a refusal say which move it answers (``answers``: the message's ``type``,
its ``expect`` and the phone's own ``ask``) and put it on every path, the lost race's
too (:meth:`~tablegames.server.rooms.Hub._resync`: a tap applied in this process's memory
whose store another process's commit at the same version beat), but only the paths of
one process were tested. Here two real ``tablegames serve`` processes share the suite's
PostgreSQL; one seat has a phone on each, and both phones tap at the same ``expect``.

The race is forced, not hoped for: the test holds ``actions`` in ``SHARE`` mode, so each
process applies its tap in memory and then waits in its ``INSERT`` (the test sees both
waiting in ``pg_stat_activity``) before either can commit. Neither has heard of the
other's tap, so when the lock goes one commits and the other's ``INSERT`` is refused:
that process takes the lost-race path every time. Which of the two wins is PostgreSQL's
choice; the test reads it from the answers and holds both sides to the same account.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest

from tablegames.server.pgstore import PgStore
from tests.server.helpers import Postgres, Server, Socket


class Recorded(Socket):
    """A phone that keeps the raw text of every message it is sent (for the leak check)."""

    def __init__(self, server: Server, path: str) -> None:
        super().__init__(server, path)
        self.texts: list[str] = []
        real = self.ws.recv

        def recv(timeout: float | None = None) -> Any:
            text = real(timeout=timeout)
            self.texts.append(text if isinstance(text, str) else text.decode())
            return text

        self.ws.recv = recv  # type: ignore[method-assign,assignment]


@pytest.fixture
def stack() -> Iterator[ExitStack]:
    with ExitStack() as s:
        yield s


def waiting(url: str) -> int:
    """How many sessions of the database wait for a lock now."""
    import psycopg

    with psycopg.connect(url, autocommit=True) as conn:
        row = conn.execute("SELECT count(*) FROM pg_stat_activity WHERE datname = "
                           "current_database() AND wait_event_type = 'Lock'").fetchone()
    assert row is not None
    return int(row[0])


def until_waiting(url: str, n: int) -> None:
    """Wait (up to 10 s) until ``n`` sessions wait for a lock: the processes' INSERTs."""
    deadline = time.monotonic() + 10
    while waiting(url) < n:
        assert time.monotonic() < deadline, f"{n} stores never waited for the lock"
        time.sleep(0.01)


def answer(phone: Socket, expect: int) -> list[dict[str, Any]]:
    """The messages a tap at ``expect`` gets: up to its refusal's table, or its update."""
    got: list[dict[str, Any]] = []
    while True:
        message = phone.recv()
        got.append(message)
        if message["type"] == "update" and message["page"]["version"] > expect:
            return got


def quiet(phone: Socket) -> None:
    """Nothing more is on its way to ``phone``: a ping's pong is the next message."""
    phone.send({"type": "ping"})
    assert phone.recv()["type"] == "pong"


def test_a_tap_that_loses_a_race_between_processes_names_itself(
        postgres: Postgres, tmp_path: Path, stack: ExitStack) -> None:
    import psycopg

    url = postgres.fresh_database("refusal_race")
    a = stack.enter_context(Server(url, log=tmp_path / "a.log"))
    b = stack.enter_context(Server(url, log=tmp_path / "b.log"))
    room = a.create(game="toepen", players=2, name="Amal", bot="", seed=5, rules={"limit": 10})
    code = room["code"]
    bo = b.join(code, "Bo")["token"]
    # seat 0 (to act first) has a phone on each process; seat 1's phone is on b
    phones = {"a": Recorded(a, f"/ws/p/{room['token']}"),
              "b": Recorded(b, f"/ws/p/{room['token']}")}
    other = Recorded(b, f"/ws/p/{bo}")
    for p in (*phones.values(), other):
        stack.callback(p.close)
        p.send({"type": "hello"})
        p.recv("update")
    page = phones["a"].page
    assert page is not None and page["version"] == 0 and page["to_act"] == 0
    moves = [x["n"] for x in page["actions"]]
    assert len(moves) >= 2, moves  # two different moves, so the store tells whose stood
    other_page = other.page
    assert other_page is not None
    hidden = [card.split()[0] for card in other_page["hand"]]  # seat 1's, never seat 0's to see
    sent = {"a": {"type": "act", "actions": [moves[0]], "expect": 0, "ask": 11},
            "b": {"type": "act", "actions": [moves[-1]], "expect": 0, "ask": 22}}
    for p in phones.values():
        p.texts.clear()

    hold = psycopg.connect(url)  # a transaction of the test's: both INSERTs wait for it
    try:
        hold.execute("LOCK TABLE actions IN SHARE MODE")
        phones["a"].send(sent["a"])
        until_waiting(url, 1)
        phones["b"].send(sent["b"])
        until_waiting(url, 2)
        hold.rollback()  # the lock goes: one store commits, the other's is refused
    finally:
        hold.close()

    told = {k: answer(p, 0) for k, p in phones.items()}
    lost = [k for k, msgs in told.items() if any(m["type"] == "error" for m in msgs)]
    assert len(lost) == 1, told  # exactly one tap lost, on the lost-race path
    loser = lost[0]
    winner = "b" if loser == "a" else "a"

    # the winner's move is stored once, and nothing of the loser's
    store = PgStore(url)
    try:
        assert store.actions(code) == [(1, 0, moves[0] if winner == "a" else moves[-1])]
        row = store.room(code)
        assert row is not None and row.seq == 1
    finally:
        store.close()

    # the winner's phone: its tap's table, no refusal
    assert [m["type"] for m in told[winner]] == ["update"]
    # the loser's phone: stale, naming its own message, then the table at the winner's
    # version
    refusal, *rest = told[loser]
    assert refusal["type"] == "error" and refusal["code"] == "stale", told[loser]
    assert refusal["version"] == 1
    mine = sent[loser]
    assert refusal["answers"] == {"type": "act", "expect": mine["expect"], "ask": mine["ask"]}
    assert [m["type"] for m in rest] == ["update"]
    assert rest[0]["page"]["version"] == 1
    # the same page its twin on the winning process shows (who is online aside: each
    # process knows only the sockets it holds)
    assert {**rest[0]["page"], "online": None} == {**told[winner][-1]["page"], "online": None}
    # seat 1's phone sees the winning move once
    update = other.recv("update")
    assert update["page"]["version"] == 1
    for p in (*phones.values(), other):
        quiet(p)

    # nothing sent to seat 0's phones names a card of seat 1's hidden hand
    for key, p in phones.items():
        for text in p.texts:
            json.loads(text)  # every message is one JSON object
            for card in hidden:
                assert not re.search(rf'"{card}[ "]', text), (key, card, text)
