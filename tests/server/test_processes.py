"""Several real server processes on one PostgreSQL: kill one mid-game, every room goes on.

Each room's phones are spread over two server processes, so every room needs the
processes to follow each other's commits (LISTEN/NOTIFY). One process is killed with
SIGKILL while the games run; its phones reconnect to the other (as they would through a
load balancer) and every game finishes. Then the store is checked: every action a phone
saw acknowledged is stored at the version it was acknowledged at (``lost`` 0), and no
seat has more stored actions than taps its phone sent (``doubled`` 0).
"""

from __future__ import annotations

import random
import threading
import time
from pathlib import Path
from typing import Any

from tablegames.server.pgstore import PgStore
from tests.server.helpers import Postgres, Server, Socket


class Phone:
    """A seat's phone that reconnects to the next live server when its server goes."""

    def __init__(self, servers: list[Server], token: str, first: int) -> None:
        self.servers, self.token, self.at = servers, token, first
        self.sock: Socket | None = None
        self.page: dict[str, Any] | None = None
        self.sent = 0
        self.acked: list[tuple[int, str]] = []
        self.reconnects = 0

    def connect(self) -> None:
        for _ in range(2 * len(self.servers)):
            server = self.servers[self.at % len(self.servers)]
            if server.alive():
                try:
                    self.sock = Socket(server, f"/ws/p/{self.token}")
                    self.sock.send({"type": "hello"})
                    self.page = self.sock.recv("update")["page"]
                    return
                except Exception:
                    self.sock = None
            self.at += 1
        raise AssertionError("no server to reconnect to")

    def drop(self) -> None:
        """The connection failed: the next attempt goes to the next server."""
        self.sock = None
        self.at += 1
        self.reconnects += 1

    def refresh(self) -> None:
        """The latest page this phone has been sent (waits briefly for one)."""
        assert self.sock is not None
        try:
            while True:
                message = self.sock.recv("update", timeout=0.002)
                self.page = message["page"]
        except TimeoutError:
            return

    def tap(self, rng: random.Random) -> None:
        page = self.page
        assert page is not None and self.sock is not None
        action = rng.choice(page["actions"])["n"]
        expect = page["version"]
        self.sent += 1
        answer = self.sock.act(action, expect)
        if answer["type"] == "update":
            self.page = answer["page"]
            self.acked.append((expect + 1, action))


def _drive(phones: list[Phone], rng: random.Random, deadline: float) -> None:
    """Play the room: the phone whose seat is to act taps; a dead server is left for the
    next live one."""
    while time.monotonic() < deadline:
        for phone in phones:
            try:
                if phone.sock is None:
                    phone.connect()
                phone.refresh()
            except Exception:
                phone.drop()
        pages = [p.page for p in phones if p.page is not None]
        if pages and max(pages, key=lambda pg: pg["version"])["result"] is not None and all(
                p.page is not None and p.page["result"] is not None for p in phones):
            return
        for seat, phone in enumerate(phones):
            page = phone.page
            if phone.sock is not None and page is not None and page["to_act"] == seat \
                    and page["actions"] and page["result"] is None:
                try:
                    phone.tap(rng)
                except Exception:
                    phone.drop()
                break
        else:
            time.sleep(0.02)
    raise AssertionError("the room did not finish in time")


def test_a_killed_process_loses_nothing_and_every_room_finishes(postgres: Postgres,
                                                                 tmp_path: Path) -> None:
    url = postgres.fresh_database("killed")
    servers = [Server(url, log=tmp_path / f"server{i}.log") for i in range(2)]
    for s in servers:
        s.start()
    try:
        rooms: list[tuple[str, list[Phone]]] = []
        for r in range(6):
            host = servers[r % 2]
            rules = {"limit": 4 + r}  # short games, of several lengths
            room = host.create(game="toepen", players=3, name="Amal", bot="", seed=r, rules=rules)
            tokens = [room["token"]] + [servers[(r + i) % 2].join(room["code"], n)["token"]
                                        for i, n in enumerate(("Bo", "Cy"), start=1)]
            phones = [Phone(servers, t, first=(r + i) % 2) for i, t in enumerate(tokens)]
            rooms.append((room["code"], phones))
        deadline = time.monotonic() + 240
        threads = [threading.Thread(target=_drive, args=(phones, random.Random(i), deadline))
                   for i, (_, phones) in enumerate(rooms)]
        errors: list[BaseException] = []
        for t in threads:
            t.run = _catching(t.run, errors)  # type: ignore[method-assign]
            t.start()
        while sum(len(p.acked) for _, ps in rooms for p in ps) < 40 and not errors:
            time.sleep(0.05)
        playing = sum(any(p.page is None or p.page["result"] is None for p in ps) for _, ps in rooms)
        servers[0].kill()  # mid-game
        assert playing >= 3, "the kill came too late to test anything"
        for t in threads:
            t.join(250)
        assert not errors, errors
        assert sum(p.reconnects for _, ps in rooms for p in ps) > 0  # the kill was felt
        store = PgStore(url)
        try:
            lost = doubled = 0
            for code, phones in rooms:
                row = store.room(code)
                assert row is not None and row.over, f"room {code} did not finish"
                stored = {seq: (seat, action) for seq, seat, action in store.actions(code)}
                for seat, phone in enumerate(phones):
                    lost += sum(stored.get(v) != (seat, a) for v, a in phone.acked)
                    mine = sum(1 for s, _ in stored.values() if s == seat)
                    doubled += max(0, mine - phone.sent)
            assert (lost, doubled) == (0, 0)
        finally:
            store.close()
    finally:
        for s in servers:
            s.stop()


def _catching(run: Any, errors: list[BaseException]) -> Any:
    def wrapped() -> None:
        try:
            run()
        except BaseException as exc:
            errors.append(exc)
    return wrapped
