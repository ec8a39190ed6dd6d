"""Real components for the server tests: a uvicorn subprocess, Chromium, a leak checker.

``Server`` runs ``python -m tablegames serve`` on a free loopback port with its own
SQLite file, exactly as a user would; it can be killed (SIGKILL, no goodbye) and started
again on the same port and file. ``Phones`` drives one browser context per player
through Playwright, against Debian's Chromium. ``assert_no_hidden_cards`` replays a
finished game and checks every websocket message a phone received against the cards
that seat had not seen at that version.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from types import TracebackType
from typing import Any, Self

import tablegames
from tablegames.server.page import apply_patch, words_of
from tablegames.server.store import Store
from tablegames.table import presenter_of

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--headless", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
ROOT = Path(__file__).resolve().parents[2]


#: Loopback only: never through a proxy from the environment.
_LOCAL = urllib.request.build_opener(urllib.request.ProxyHandler({}))


def started_room(folder: Path, game: str, players: int, seed: int) -> tuple[Any, Any]:
    """A ``Hub`` on a fresh SQLite file in ``folder`` and a room of ``game`` whose seats
    are all taken by people (``Amal``, ``Player 1``, ...), so the game is dealt; the
    caller closes ``hub.store``."""
    from tablegames.server.rooms import Hub

    hub = Hub(Store(folder / f"{game}-{seed}.sqlite"), bot_delay=0)
    code, _ = hub.create({"game": game, "players": players, "name": "Amal", "seed": seed})
    for i in range(1, players):
        hub.join(code, f"Player {i}")
    room = hub.room(code)
    assert room.started
    return hub, room


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Started:
    """A context manager over ``start`` and ``stop``: what a failed start left (a process,
    a folder) goes too, and everything goes at the ``with``'s end."""

    def start(self) -> Self:
        raise NotImplementedError

    def stop(self) -> None:
        raise NotImplementedError

    def __enter__(self) -> Self:
        try:
            return self.start()
        except BaseException:  # what a failed start left (a process, a folder) goes too
            self.stop()
            raise

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.stop()


class Server(Started):
    """``tablegames serve`` in a subprocess (always stopped by the fixture that made it).

    A context manager: ``with Server(db) as srv:`` starts it and stops it on the way
    out, also when the block fails, so a fixture is one ``with`` line and a ``yield``."""

    def __init__(self, db: Path | str, port: int | None = None, *,
                 args: tuple[str, ...] = ("--unmetered",), log: Path | None = None) -> None:
        """A server on ``db``; by default ``--unmetered`` (one test client makes the
        requests of a whole table; the limits have tests of their own)."""
        self.db = db
        self.args = args
        self.port = port or free_port()
        self.proc: subprocess.Popen[bytes] | None = None
        self.log = log if log is not None else Path(db).with_suffix(".log")

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def command(self) -> list[str]:
        """The server's command line: ``tablegames serve`` on this port and file."""
        return [sys.executable, "-m", "tablegames", "serve", "--port", str(self.port),
                "--db", str(self.db), "--bot-delay", "0", *self.args]

    def start(self) -> Self:
        env = dict(os.environ, PYTHONPATH=str(ROOT))
        with open(self.log, "ab") as log:
            self.proc = subprocess.Popen(self.command(), cwd=ROOT, env=env, stdout=log,
                                         stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError("server exited: " + self.log.read_text()[-2000:])
            try:
                with _LOCAL.open(self.url + "/api/games", timeout=1):
                    return self
            except OSError:
                time.sleep(0.02)
        self.stop()
        raise RuntimeError("server did not start: " + self.log.read_text()[-2000:])

    def kill(self) -> None:
        """SIGKILL: the process gets no chance to flush or say goodbye."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(10)
        self.proc = None

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)
        self.proc = None

    def alive(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def request(self, path: str, data: Any = None, *, raw: bytes | None = None,
                method: str | None = None) -> tuple[int, Any]:
        body = raw if raw is not None else None if data is None else json.dumps(data).encode()
        req = urllib.request.Request(self.url + path, data=body, method=method,
                                     headers={"content-type": "application/json"})
        try:
            with _LOCAL.open(req, timeout=10) as r:
                text = r.read()
                is_json = r.headers.get_content_type() == "application/json"
                return r.status, json.loads(text) if is_json else text
        except urllib.error.HTTPError as exc:
            return exc.code, json.loads(exc.read())

    def create(self, **spec: Any) -> dict[str, Any]:
        status, body = self.request("/api/rooms", spec)
        assert status == 200, body
        return body  # type: ignore[no-any-return]

    def join(self, code: str, name: str) -> dict[str, Any]:
        status, body = self.request(f"/api/rooms/{code}/join", {"name": name})
        assert status == 200, body
        return body  # type: ignore[no-any-return]

    def saved(self, code: str) -> tuple[Any, list[tuple[int, int, str]]]:
        """The room's game as stored in the SQLite file right now, and its stored actions.

        The game is rebuilt from the room's setup and actions, and must pass exactly through
        the room's snapshot (this also covers a save the game's own loader refuses). The
        actions are read up to the version of the room row just read: bots may commit more
        between the two reads, as a loading server process would see too.
        """
        store = Store(self.db, read_only=True)
        try:
            row = store.room(code)
            assert row is not None and row.state is not None
            actions = store.actions(code, upto=row.seq)
        finally:
            store.close()
        state = tablegames.new_game(row.game, players=[s["name"] for s in row.seats],
                                    seed=row.config["seed"], rules=row.config["rules"])
        snapshots = [state.to_json()] if row.snap_seq == 0 else []
        for seq, seat, action in actions:
            state.apply(action, by=seat)
            if seq == row.snap_seq:
                snapshots.append(state.to_json())
        assert snapshots == [row.state] and state.version == row.seq
        return state, actions


class InProcess(Server):
    """The app of :func:`create_app` served by uvicorn on a thread of this process (a
    :class:`Server` for its requests): what the test registers, the server sees.
    ``options`` go to ``create_app`` (``share_url``: what ``serve --host 0.0.0.0`` finds;
    ``limits``: ``Limits.unmetered()`` unless told).

    ``uvicorn``: more settings of ``uvicorn.Config`` (``UVICORN_WS``: the websockets
    protocol ``tablegames serve`` runs). ``sndbuf``: the kernel's send buffer of every
    socket it accepts (``SO_SNDBUF`` of the listening socket, which accepted sockets
    inherit), so a peer that stops reading fills it after a few kilobytes instead of the
    megabytes loopback grows it to."""

    def __init__(self, db: Path, *, uvicorn: Mapping[str, Any] | None = None,
                 sndbuf: int | None = None, **options: Any) -> None:
        from tablegames.server.app import create_app
        from tablegames.server.limits import Limits

        super().__init__(db)
        options.setdefault("limits", Limits.unmetered())
        self.app = create_app(db, bot_delay=0, **options)
        self.settings = dict(uvicorn or {})
        self.sndbuf = sndbuf
        self.thread: threading.Thread | None = None
        self.uvicorn: Any = None

    def start(self) -> Self:
        import uvicorn

        config = uvicorn.Config(self.app, host="127.0.0.1", port=self.port,
                                log_level="critical", lifespan="on", **self.settings)
        self.uvicorn = uvicorn.Server(config)
        sockets = None
        if self.sndbuf is not None:
            listener = socket.socket()
            listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            listener.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, self.sndbuf)
            listener.bind(("127.0.0.1", self.port))
            sockets = [listener]
        self.thread = threading.Thread(target=self.uvicorn.run, kwargs={"sockets": sockets},
                                       daemon=True, name="uvicorn")
        self.thread.start()
        deadline = time.monotonic() + 15
        while not self.uvicorn.started:
            if not self.thread.is_alive() or time.monotonic() > deadline:
                self.stop()
                raise RuntimeError("the in-process server did not start")
            time.sleep(0.02)
        return self

    def stop(self) -> None:
        if self.uvicorn is not None and self.thread is not None:
            self.uvicorn.should_exit = True
            self.thread.join(15)
        self.thread = None

    def on_loop(self, look: Callable[[], Any]) -> Any:
        """``look()`` run on the server's event loop, between two of its steps: what it
        reads of the hub and its sockets is not changing under it."""
        loop = self.uvicorn.servers[0].get_loop()

        async def run() -> Any:
            return look()

        return asyncio.run_coroutine_threadsafe(run(), loop).result(10)


class Socket:
    """A phone without a browser: the websocket protocol spoken directly."""

    def __init__(self, server: Server, path: str) -> None:
        from websockets.sync.client import connect

        self.ws = connect(server.url.replace("http", "ws", 1) + path, proxy=None,
                          open_timeout=10, max_size=1 << 22, max_queue=1024, legacy=True)
        #: The page this phone holds: the last whole page, with every patch since applied.
        self.page: dict[str, Any] | None = None

    def send(self, data: Any) -> None:
        self.ws.send(data if isinstance(data, str | bytes) else json.dumps(data))

    def recv(self, kind: str | None = None, timeout: float = 10) -> dict[str, Any]:
        """The next message (of ``kind``, skipping presence notices).

        A ``patch`` is applied to the page this phone holds and, unless ``kind`` asks
        for patches as they are, returned as the ``update`` whose page it makes.
        """
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"no {kind or 'message'} within {timeout} s")
            message = json.loads(self.ws.recv(timeout=left))
            if message["type"] == "presence" and kind != "presence":
                continue
            if message["type"] == "update":
                self.page = message["page"]
            elif message["type"] == "patch":  # what changed: applied as app.js does
                assert self.page is not None and self.page["version"] == message["from"], (
                    "a patch that does not start from the page this phone holds")
                self.page = apply_patch(self.page, message["patch"])
                assert self.page["version"] == message["to"]
                if kind != "patch":  # the page it makes, read like a whole one
                    message = {"type": "update", "page": self.page, "events": message["events"],
                               "patched": True}
            if kind is None or message["type"] == kind:
                return message  # type: ignore[no-any-return]

    def act(self, action: str | list[str], expect: int) -> dict[str, Any]:
        """Send a tap; return the answer (an update or an error)."""
        actions = action if isinstance(action, list) else [action]
        self.send({"type": "act", "actions": actions, "expect": expect})
        while True:
            message = self.recv()
            if message["type"] == "error" or (
                    message["type"] == "update" and message["page"]["version"] >= expect + 1):
                return message

    def close(self) -> None:
        self.ws.close()


# -- the phones -------------------------------------------------------------------------
VISIBLE_ACTIONS = ("() => Array.from(document.querySelectorAll('[data-action]'))"
                   ".filter(e => e.checkVisibility() && !e.disabled).map(e => e.dataset.action)")


#: Every action the phone offers now: its visible buttons, and what its cards lead to
#: (each tappable card lists, in ``data-uses``, the actions that tapping it works towards).
LEGAL = ("() => { const seen = new Set();"
         " for (const e of document.querySelectorAll('[data-action]'))"
         "   if (e.checkVisibility() && !e.disabled) seen.add(e.dataset.action);"
         " for (const e of document.querySelectorAll('.card.pick[data-uses]'))"
         "   if (e.checkVisibility()) for (const n of JSON.parse(e.dataset.uses)) seen.add(n);"
         " return [...seen]; }")

SENT = "(v) => document.body.dataset.pending === '1' || document.body.dataset.version !== v"


def focused_name(page: Any) -> str:
    """The accessible name of the element that has the focus, as Chromium gives it to a
    screen reader (its accessibility tree, through the DevTools protocol)."""
    cdp = page.context.new_cdp_session(page)
    try:
        nodes = cdp.send("Accessibility.getFullAXTree")["nodes"]
    finally:
        cdp.detach()
    names = [n.get("name", {}).get("value", "") for n in nodes
             if n.get("role", {}).get("value") != "RootWebArea"
             and any(p["name"] == "focused" and p["value"].get("value")
                     for p in n.get("properties", []))]
    assert len(names) == 1, names
    return str(names[0])


#: Whether the first element the CSS selector ``s`` matches is in the ``state`` that
#: Playwright's ``wait_for_selector`` waits for: there (attached) or not (detached),
#: visible or not (hidden: an absent element is hidden too). Visible as Playwright's
#: own test says it: ``visibility: visible`` and a box of some width and height (which
#: ``display: none`` on it or an ancestor takes away). Not ``checkVisibility``, which
#: Playwright also asks but from a world of its own: a test that plays an older Safari
#: removes it from the page's elements.
_UNTIL = """([s, state]) => {
  const e = document.querySelector(s);
  if (state === 'attached') return e !== null;
  if (state === 'detached') return e === null;
  let seen = false;
  if (e !== null && getComputedStyle(e).visibility === 'visible') {
    const r = e.getBoundingClientRect();
    seen = r.width > 0 && r.height > 0;
  }
  return state === 'visible' ? seen : !seen;
}"""

_STATES = ("attached", "detached", "visible", "hidden")


def until(page: Any, selector: str, *, state: str = "attached",
          timeout: float | None = None) -> None:
    """Wait until the CSS ``selector``'s first element is in ``state`` (as
    ``wait_for_selector``'s states; ``attached`` unless told), looking every 20 ms.

    Playwright's ``wait_for_selector`` looks again after 0, 20, 50, 100 and 100 ms and then
    only every 500 ms, so a wait a little longer than a quarter second (the 450 ms tap
    guard, a move that comes back from the server under load) ran on for up to half a
    second more, at nearly every tap of the browser tests. The same condition, looked at
    more often; the context's default timeout applies unless ``timeout`` is given. Only
    plain CSS: Playwright's own pseudo-classes (``:visible``, ``:has-text``) are not
    known to the page; say those with :func:`until_true`."""
    if state not in _STATES:
        raise ValueError(f"state is one of {_STATES}, not {state!r}")
    until_true(page, _UNTIL, [selector, state], timeout=timeout,
               what=f"{selector!r} {state}")


def until_true(page: Any, expression: str, arg: Any = None, *, timeout: float | None = None,
               what: str | None = None) -> None:
    """Wait until the JavaScript function ``expression`` (given ``arg``) returns something
    true in ``page``, looking every 20 ms (see :func:`until`); a wait that runs out is a
    failed test that says what was awaited (``what``, else the expression)."""
    from playwright.sync_api import TimeoutError as Timeout

    try:
        page.wait_for_function(expression, arg=arg, polling=20, timeout=timeout)
    except Timeout as exc:
        raise AssertionError(f"never true: {what or expression} ({exc.message})") from exc


def calm(page: Any) -> None:
    """Wait out the page's tap guard: a target that a redraw put where a different one
    was ignores taps for a moment (``TAP_GUARD_MS`` in ``static/app.js``), as a person's
    second tap of a double tap; a test's tap is a person's first look at the new page."""
    until(page, "body:not([data-guard='1'])")


def tap(page: Any, notation: str) -> int:
    """Play ``notation`` as a person does: tap its cards one by one while a card (in the
    hand, face up or face down on the seat's own row) still leads to it, then the button
    that appears when the chosen cards fit more than one move; a move no card can say is
    its button. A move that cards can say is never played by a button alone: when a
    card leads to it, that card is tapped first. Returns how many cards were tapped."""
    version = page.get_attribute("body", "data-version")
    for cards in range(40):
        calm(page)
        card = page.locator(f""".card.pick[data-uses*='{json.dumps(notation)}']:visible""")
        if card.count():
            card.first.click()
            if page.evaluate(SENT, version):
                return cards + 1
            continue
        button = page.locator(f'button[data-action="{notation}"]:visible')
        assert button.count(), f"nothing on the phone leads to {notation!r}"
        button.first.click()
        return cards
    raise AssertionError(f"{notation!r} was never sent")


class Phones:
    """One browser context per seat (seat order), each recording every websocket frame."""

    def __init__(self, browser: Any, server: Server, lang: str = "en") -> None:
        self.browser, self.server, self.lang = browser, server, lang
        self.contexts: list[Any] = []
        self.pages: list[Any] = []
        self.frames: list[list[str]] = []
        self.errors: list[str] = []
        self.card_taps = 0  # moves :func:`play` made by tapping cards
        self.group_taps = 0  # of those, moves of several cards chosen one by one
        #: every move :func:`play` made, with how many cards were tapped for it
        self.moves: list[tuple[str, int]] = []

    def open(self, path: str, *, viewport: tuple[int, int] = (390, 844), **options: Any) -> Any:
        """A new phone at ``path``; ``options`` go to the browser context (``reduced_motion``)."""
        context = self.browser.new_context(viewport={"width": viewport[0], "height": viewport[1]},
                                           **options)
        context.set_default_timeout(15_000)
        context.add_init_script(f"localStorage.setItem('tg-lang', '{self.lang}')")
        page = context.new_page()
        frames: list[str] = []

        def watch(ws: Any) -> None:
            ws.on("framereceived", lambda payload: frames.append(
                payload if isinstance(payload, str) else payload.decode()))

        page.on("websocket", watch)
        page.on("pageerror", lambda e: self.errors.append(str(e)))
        page.goto(self.server.url + path)
        self.contexts.append(context)
        self.pages.append(page)
        self.frames.append(frames)
        return page

    def close(self) -> None:
        for c in self.contexts:
            c.close()

    def version(self, i: int = 0) -> int:
        return int(self.pages[i].get_attribute("body", "data-version"))

    def wait_version(self, version: int, *, seats: Iterable[int] | None = None,
                     timeout: float = 15_000) -> None:
        for i in seats if seats is not None else range(len(self.pages)):
            until(self.pages[i], f"body[data-version='{version}']", timeout=timeout)


Chooser = Callable[[Sequence[str], Any], "str | tuple[str, list[str]]"]


def new_phones(made: list[Phones], browser: Any, server: Server, lang: str) -> Phones:
    """A new set of phones in ``lang``, kept in ``made`` (the ``phones`` fixture's list,
    closed at the end of the module)."""
    p = Phones(browser, server, lang=lang)
    made.append(p)
    return p


STATUS = ("() => ({version: document.body.dataset.version, over: document.body.dataset.over,"
          " toact: document.body.dataset.toact})")


def play(phones: Phones, choose: Chooser, *, start: int, limit: int = 600,
         on_step: Callable[[int, int], int] | None = None) -> int:
    """Tap on the phone whose turn it is until the game is over; returns the final version.

    ``choose(notations, page)`` picks among the visible buttons; it may return
    ``("several", [fell, ...])`` to report several fallen cups at once on Dallah's screen.
    ``on_step(version, seat)`` runs before each tap and returns how many actions it took
    itself (an interrupt from a phone that is not to act). The phone that tapped last
    says who is next, so each tap costs two waits and two reads.
    """
    version = start
    last = phones.pages[0]
    for _ in range(limit):
        until(last, f"body[data-version='{version}']")
        status = last.evaluate(STATUS)
        if status["over"] == "1":
            return version
        seat = int(status["toact"])
        if on_step is not None:
            moved = on_step(version, seat)
            if moved:
                version += moved
                continue
        page = phones.pages[seat]
        until(page, f"body[data-version='{version}'][data-myturn='1']")
        choice = choose(page.evaluate(LEGAL), page)
        if isinstance(choice, tuple):
            _, fells = choice
            calm(page)
            page.click("#several")
            for n in fells:
                calm(page)
                page.locator(f'.report [data-action="{n}"]').first.click()
            calm(page)
            page.click("#send-several")
            version += len(fells) + 1
        else:
            cards = tap(page, choice)
            phones.moves.append((choice, cards))
            phones.card_taps += cards > 0
            phones.group_taps += cards > 1
            version += 1
        last = page
    raise AssertionError(f"the game did not end in {limit} taps")


def by_priority(order: dict[str, int]) -> Chooser:
    """Choose the button whose verb comes first in ``order`` (then most cards, then notation)."""
    def choose(actions: Sequence[str], page: Any) -> str:
        def key(n: str) -> tuple[int, int, str]:
            verb = n.partition(":")[2].partition(" ")[0]
            return order.get(verb, 50), -n.count(","), n
        return min(actions, key=key)
    return choose


# -- the leak check ---------------------------------------------------------------------
def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from _strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from _strings(v)


#: The drawing colours of the table model's faces (``tablegames.table.model``).
COLOURS = frozenset({"red", "black", "blue", "green", "yellow", "wild", "skip", "gold"})


def _keys(message: Any) -> Iterator[str]:
    """Every string of ``message``, every key of its objects and every step of a patch's
    paths (a face's key is a key of the page's ``faces``)."""
    yield from _strings(message)
    stack = [message]
    while stack:
        value = stack.pop()
        if isinstance(value, dict):
            yield from value
            stack.extend(value.values())
            path = value.get("path")
            if isinstance(path, str):
                yield from (t.replace("~1", "/").replace("~0", "~") for t in path.split("/"))
        elif isinstance(value, list):
            stack.extend(value)


def pack(game: str) -> list[str]:
    """Every card notation of a game's pack."""
    module = __import__(f"tablegames.{game}.cards", fromlist=["NAMES"])
    return list(module.NAMES)


def assert_no_hidden_cards(final: Any, seat: int, frames: Sequence[str], lang: str = "en") -> int:
    """No websocket message to ``seat`` names a card that seat had not seen at that version.

    The game is replayed from the final state's record: at each version, a card is known
    to the seat if it appears in that seat's view or in an event the seat was shown up
    to then. Every other card of the pack (in another hand, in the stock, face down) must
    be absent from every message stamped with that version, as notation and as the words
    a label would use. Returns the number of messages checked.
    """
    record = final.record()
    game = record["game"]
    replay = tablegames.new_game(game, players=record["players"], seed=record["seed"],
                                 rules=record["rules"])
    words, face = words_of(game, lang), presenter_of(game).face
    assert face is not None
    cards = pack(game)
    shown = {c: words.text(face(c)["name"]) for c in cards}
    seen: set[str] = set()
    for e in replay.log(seat):
        seen |= set(_strings(e))
    unknown_at: list[set[str]] = []

    def known_now() -> None:
        strings = set(_strings(replay.view(seat)))
        seen.update(strings)
        unknown_at.append({c for c in cards if c not in seen})

    known_now()
    for action in record["actions"]:
        for e in replay.apply(action):
            if e.visible_to(seat):
                seen.update(_strings(e.for_seat(seat)))
        known_now()
    patterns = {c: re.compile(r"(?<![\w♣♦♥♠])" + re.escape(w) + r"(?![\w♣♦♥♠])")
                for c, w in shown.items()}
    checked = 0
    for text in frames:
        message = json.loads(text)
        if message.get("type") == "update":
            version = message["page"]["version"]
        elif message.get("type") == "patch":  # what a patch carries is checked the same
            version = message["to"]
        else:
            continue
        hidden = unknown_at[version]
        strings = list(_strings(message))
        # a page of format 2 names a card by its face's key, "<code> <colour>", as a string
        # and as a key of its ``faces`` (a patch's path): the code in it counts as sent
        keys = {k.partition(" ")[0] for k in _keys(message) if k.partition(" ")[2] in COLOURS}
        for card in hidden:
            assert card not in strings and card not in keys, (
                f"seat {seat} was sent {card} at version {version}")
            pattern = patterns[card]
            assert not any(pattern.search(s) for s in strings), (
                f"seat {seat} was sent {shown[card]} ({card}) at version {version}")
        checked += 1
    return checked


PG_BIN = Path("/usr/lib/postgresql/15/bin")


class Postgres(Started):
    """A throwaway PostgreSQL cluster in a folder of the test's (Debian's package, as
    ``../shared/notes/infrastructure.md`` describes), on a free port, stopped by
    :meth:`stop` whatever the test did (``with Postgres() as pg:`` starts and stops it)."""

    def __init__(self) -> None:
        # a folder of its own under /tmp: pytest's folders are closed to the postgres user
        self.root = Path(tempfile.mkdtemp(prefix="tablegames-pg-"))
        self.port = free_port()
        self.data = self.root / "data"

    @property
    def url(self) -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/postgres"

    def _as_postgres(self, *cmd: str) -> None:
        runner = [] if os.geteuid() != 0 else ["runuser", "-u", "postgres", "--"]
        subprocess.run([*runner, *cmd], check=True, capture_output=True, timeout=120)

    def start(self) -> Self:
        assert (PG_BIN / "initdb").exists(), "PostgreSQL is needed: apt-get install -y postgresql"
        if os.geteuid() == 0:
            shutil.chown(self.root, "postgres")
        self._as_postgres(str(PG_BIN / "initdb"), "-D", str(self.data), "-A", "trust")
        self._as_postgres(str(PG_BIN / "pg_ctl"), "-D", str(self.data), "-l",
                          str(self.root / "log"), "-w", "-o",
                          f"-p {self.port} -k {self.root} -c listen_addresses=127.0.0.1", "start")
        return self

    def stop(self) -> None:
        with contextlib.suppress(Exception):
            self._as_postgres(str(PG_BIN / "pg_ctl"), "-D", str(self.data), "-m", "immediate",
                              "stop")
        shutil.rmtree(self.root, ignore_errors=True)

    def halt(self) -> None:
        """Stop the database server (``-m fast``: every session is ended), keeping its
        data: :meth:`resume` starts it again, as an operator's restart does."""
        self._as_postgres(str(PG_BIN / "pg_ctl"), "-D", str(self.data), "-m", "fast", "-w",
                          "stop")

    def resume(self) -> None:
        self._as_postgres(str(PG_BIN / "pg_ctl"), "-D", str(self.data), "-l",
                          str(self.root / "log"), "-w", "-o",
                          f"-p {self.port} -k {self.root} -c listen_addresses=127.0.0.1", "start")

    def restart(self) -> None:
        """``pg_ctl restart -m fast``: every session ends, the data stays."""
        self._as_postgres(str(PG_BIN / "pg_ctl"), "-D", str(self.data), "-l",
                          str(self.root / "log"), "-m", "fast", "-w", "-o",
                          f"-p {self.port} -k {self.root} -c listen_addresses=127.0.0.1",
                          "restart")

    def sql(self, statement: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        """The rows of one statement run on the cluster's ``postgres`` database."""
        import psycopg

        with psycopg.connect(self.url, autocommit=True) as conn:
            cur = conn.execute(statement, params)  # type: ignore[arg-type]
            return cur.fetchall() if cur.description is not None else []

    def fresh_database(self, name: str) -> str:
        """A new empty database on the cluster; its URL."""
        import psycopg

        with psycopg.connect(self.url, autocommit=True) as conn:
            conn.execute(f"CREATE DATABASE {name}")
        return f"postgresql://postgres@127.0.0.1:{self.port}/{name}"


class Balancer:
    """A TCP load balancer on a loopback port in front of several server processes, as a
    deployment would put one: each new connection goes to the next backend in turn, and
    to the one after it when that one refuses (a killed process). The browser's page
    loads and websockets pass through it, so a phone whose process dies reconnects to a
    live one by itself, at the same address. ``open_to(i)`` counts the connections now
    piped to backend ``i``; while ``prefer`` names a backend, new connections try it
    first. Stopped by :meth:`stop` (each pipe is a daemon thread)."""

    prefer: int | None = None
    #: While set, every pipe holds what it reads instead of passing it on, and nothing
    #: closes: a wifi that drops silently. What was held goes on once it is cleared.
    hold: bool = False

    def __init__(self, backends: Sequence[Any]) -> None:
        import threading

        self.backends = list(backends)
        self.port = free_port()
        self._listener = socket.create_server(("127.0.0.1", self.port))
        self._lock = threading.Lock()
        self._open = [0] * len(self.backends)
        self._next = 0
        self._sockets: set[socket.socket] = set()
        self._stopped = False
        threading.Thread(target=self._accept, daemon=True, name="balancer").start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def open_to(self, i: int) -> int:
        with self._lock:
            return self._open[i]

    def _accept(self) -> None:
        import threading

        while not self._stopped:
            try:
                client, _ = self._listener.accept()
            except OSError:
                return
            threading.Thread(target=self._serve, args=(client,), daemon=True).start()

    def _serve(self, client: socket.socket) -> None:
        import threading

        with self._lock:
            first = self._next if self.prefer is None else self.prefer
            self._next += 1
        for k in range(len(self.backends)):
            i = (first + k) % len(self.backends)
            try:
                backend = socket.create_connection(("127.0.0.1", self.backends[i].port),
                                                   timeout=2)
            except OSError:
                continue  # a dead process: the next one
            backend.settimeout(None)
            break
        else:
            client.close()
            return
        with self._lock:
            self._open[i] += 1
            self._sockets |= {client, backend}
        done = threading.Event()

        def pipe(src: socket.socket, dst: socket.socket) -> None:
            try:
                while data := src.recv(65536):
                    while self.hold and not self._stopped:
                        time.sleep(0.02)
                    dst.sendall(data)
            except OSError:
                pass
            finally:  # either side gone: both go (the phone sees its socket close)
                for s in (src, dst):
                    with contextlib.suppress(OSError):
                        s.shutdown(socket.SHUT_RDWR)
                with self._lock:
                    if not done.is_set():  # the first of the two pipes to end
                        done.set()
                        self._open[i] -= 1
                    else:  # the second: nothing reads or writes them any more
                        self._sockets -= {src, dst}
                        src.close()
                        dst.close()

        threading.Thread(target=pipe, args=(backend, client), daemon=True).start()
        pipe(client, backend)

    def stop(self) -> None:
        self._stopped = True
        with contextlib.suppress(OSError):
            self._listener.close()
        with self._lock:
            sockets = list(self._sockets)
        for s in sockets:
            with contextlib.suppress(OSError):
                s.close()


def asgi_get(app: Any, path: str, host: str, sent: list[dict[str, Any]]) -> None:
    """One GET of ``path`` with ``Host: host`` through the ASGI app itself (no process, no
    socket), each message the app sends appended to ``sent`` (kept when the app raises)."""
    async def receive() -> dict[str, Any]:
        return {"type": "http.request", "body": b"", "more_body": False}

    async def record(message: Any) -> None:
        sent.append(message)

    scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1",
             "method": "GET", "scheme": "http", "path": path, "raw_path": path.encode(),
             "query_string": b"", "root_path": "", "headers": [(b"host", host.encode())],
             "client": ("127.0.0.1", 5000), "server": ("127.0.0.1", 8000)}
    asyncio.run(app(scope, receive, record))
