"""Several real server processes on one PostgreSQL: kill one mid-game, every room goes on.

Each room's phones are spread over two server processes, so every room needs the
processes to follow each other's commits (LISTEN/NOTIFY). One process is killed with
SIGKILL while the games run; its phones reconnect to the other (as they would through a
load balancer) and every game finishes. One more room is played by three phone pages in
a real Chromium through a load balancer (:class:`~tests.server.helpers.Balancer`) in
front of the two processes: the pages on the killed process reconnect by themselves
(``app.js``) and the game is tapped to its end. Then the store is checked: every action
a phone saw acknowledged is stored at the version it was acknowledged at (``lost`` 0),
and no seat has more stored actions than taps its phone sent (``doubled`` 0).
"""

from __future__ import annotations

import json
import random
import threading
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import Error as PlaywrightError

from tablegames.server.pgstore import PgStore
from tests.server.helpers import LEGAL, Balancer, Postgres, Server, Socket, by_priority, tap

TOEPEN = {"keep": 0, "accept": 1, "stay": 2, "play": 4, "knock": 5, "fold": 6}
#: What the driver reads of a phone page.
STATUS = ("() => ({version: document.body.dataset.version, over: document.body.dataset.over,"
          " toact: document.body.dataset.toact, myturn: document.body.dataset.myturn,"
          " connected: document.body.dataset.connected, pending: document.body.dataset.pending})")


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


class BrowserRoom:
    """A room whose three seats are phone pages in Chromium, all through the balancer;
    every websocket frame each page sends and receives is recorded in order."""

    def __init__(self, browser: Any, balancer: Balancer, tokens: list[str]) -> None:
        """Open the pages one by one, seat ``i`` on process ``i % 2`` (the balancer's
        preference while it loads and connects), so the kill takes some of them."""
        self.contexts: list[Any] = []
        self.pages: list[Any] = []
        self.frames: list[list[tuple[str, str]]] = []
        self.errors: list[str] = []
        for i, token in enumerate(tokens):
            balancer.prefer = i % 2
            context = browser.new_context(viewport={"width": 390, "height": 844})
            context.set_default_timeout(20_000)
            page = context.new_page()
            frames: list[tuple[str, str]] = []

            def watch(ws: Any, frames: list[tuple[str, str]] = frames) -> None:
                ws.on("framesent", lambda text: frames.append(("sent", str(text))))
                ws.on("framereceived", lambda text: frames.append(("got", str(text))))

            page.on("websocket", watch)
            page.on("pageerror", lambda e: self.errors.append(str(e)))
            page.goto(f"{balancer.url}/p/{token}")
            page.wait_for_selector("body[data-connected='1']", state="attached")
            self.contexts.append(context)
            self.pages.append(page)
            self.frames.append(frames)
        balancer.prefer = None  # from now on in turn (a dead process is skipped)

    def close(self) -> None:
        for c in self.contexts:
            c.close()

    def play(self, on_step: Any, deadline: float) -> int:
        """Tap on the page whose seat is to act until the game is over; a tap that the
        page refuses or that never lands (its socket went with the killed process) is
        tried again once the page is back. Returns the final version."""
        choose = by_priority(TOEPEN)
        while time.monotonic() < deadline:
            status = [p.evaluate(STATUS) for p in self.pages]
            version = max(int(st["version"] or 0) for st in status)
            top = [st for st in status if int(st["version"] or -1) == version]
            if any(st["over"] == "1" for st in top):
                for p in self.pages:  # every page shows the end
                    p.wait_for_selector(f"body[data-version='{version}'][data-over='1']",
                                        state="attached")
                return version
            on_step(version)
            seat = int(top[0]["toact"])
            st = status[seat]
            if (int(st["version"] or -1) != version or st["myturn"] != "1"
                    or st["connected"] != "1" or st["pending"] == "1"):
                time.sleep(0.05)  # that page is catching up or reconnecting
                continue
            page = self.pages[seat]
            try:
                tap(page, choose(page.evaluate(LEGAL), page))
                page.wait_for_selector(f"body:not([data-version='{version}'])",
                                       state="attached", timeout=8_000)
            except (AssertionError, PlaywrightError):
                continue  # refused or lost with its socket: the page reconnects, tap again
        raise AssertionError("the browser room did not finish in time")

    def acked(self, seat: int) -> tuple[int, list[tuple[int, str]]]:
        """``(taps sent, [(version, action)])`` of one page: an act is acknowledged when
        the next page the phone gets (before any error or other tap) is past its version."""
        frames = self.frames[seat]
        sent = 0
        acked: list[tuple[int, str]] = []
        for k, (kind, text) in enumerate(frames):
            message = json.loads(text)
            if kind != "sent" or message.get("type") != "act":
                continue
            sent += 1
            expect, action = message["expect"], message["actions"][0]
            for later_kind, later_text in frames[k + 1:]:
                later = json.loads(later_text)
                if later_kind == "sent" and later.get("type") == "act":
                    break
                version = (later["to"] if later.get("type") == "patch" else
                           later["page"]["version"] if later.get("type") == "update" else None)
                if later.get("type") == "error":
                    break
                if version is not None and version >= expect + 1:
                    acked.append((expect + 1, action))
                    break
        return sent, acked


def test_a_killed_process_loses_nothing_and_every_room_finishes(
        postgres: Postgres, tmp_path: Path, browser: Any) -> None:
    url = postgres.fresh_database("killed")
    servers = [Server(url, log=tmp_path / f"server{i}.log") for i in range(2)]
    for s in servers:
        s.start()
    balancer = Balancer(servers)
    seen: BrowserRoom | None = None
    try:
        shown = servers[1].create(game="toepen", players=3, name="Amal", bot="", seed=3,
                                  rules={"limit": 3})
        tokens = [shown["token"]] + [servers[i % 2].join(shown["code"], n)["token"]
                                     for i, n in enumerate(("Bo", "Cy"), start=1)]
        seen = BrowserRoom(browser, balancer, tokens)
        for page in seen.pages:
            page.wait_for_selector("body[data-version='0']", state="attached")
        rooms: list[tuple[str, list[Phone]]] = []
        for r in range(6):
            host = servers[r % 2]
            rules = {"limit": 4 + r}  # short games, of several lengths
            room = host.create(game="toepen", players=3, name="Amal", bot="", seed=r, rules=rules)
            tokens = [room["token"]] + [servers[(r + i) % 2].join(room["code"], n)["token"]
                                        for i, n in enumerate(("Bo", "Cy"), start=1)]
            phones = [Phone(servers, t, first=(r + i) % 2) for i, t in enumerate(tokens)]
            rooms.append((room["code"], phones))
        deadline = time.monotonic() + 300
        threads = [threading.Thread(target=_drive, args=(phones, random.Random(i), deadline))
                   for i, (_, phones) in enumerate(rooms)]
        errors: list[BaseException] = []
        killed: list[int] = []

        def kill_mid_game(version: int) -> None:
            """Once the browser room is under way: the other rooms start, and when they
            have 40 acknowledged taps the first process is killed, mid-game everywhere."""
            if killed or version < 3:
                return
            for t in threads:
                t.run = _catching(t.run, errors)  # type: ignore[method-assign]
                t.start()
            while sum(len(p.acked) for _, ps in rooms for p in ps) < 40 and not errors:
                time.sleep(0.05)
            playing = sum(any(p.page is None or p.page["result"] is None for p in ps)
                          for _, ps in rooms)
            servers[0].kill()
            killed.append(version)
            assert playing >= 3, "the kill came too late to test anything"

        final = seen.play(kill_mid_game, deadline)
        assert killed and killed[0] < final, "the browser room was not mid-game at the kill"
        assert balancer.open_to(0) == 0  # every page now talks to the live process
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
            row = store.room(shown["code"])  # the browser room
            assert row is not None and row.over and row.seq == final
            stored = {seq: (seat, action) for seq, seat, action in store.actions(shown["code"])}
            assert sorted(stored) == list(range(1, final + 1))
            for seat in range(3):
                sent, acked = seen.acked(seat)
                lost += sum(stored.get(v) != (seat, a) for v, a in acked)
                doubled += max(0, sum(1 for s, _ in stored.values() if s == seat) - sent)
                assert acked, f"seat {seat}'s page had no tap acknowledged"
            assert (lost, doubled) == (0, 0)
            assert all(p.get_attribute("body", "data-connected") == "1" for p in seen.pages)
            hellos = [sum(1 for kind, text in frames if kind == "sent"
                          and json.loads(text).get("type") == "hello") for frames in seen.frames]
            assert hellos[0] >= 2 and hellos[2] >= 2, hellos  # reconnected after the kill
            assert not seen.errors
        finally:
            store.close()
    finally:
        if seen is not None:
            seen.close()
        balancer.stop()
        for s in servers:
            s.stop()


def _catching(run: Any, errors: list[BaseException]) -> Any:
    def wrapped() -> None:
        try:
            run()
        except BaseException as exc:
            errors.append(exc)
    return wrapped
