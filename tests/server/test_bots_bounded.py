"""The room server's last bounds (helper-151): bots play only for a person at the table,
think on the hub's own bounded threads, and are seeded without the game's seed; a
socket's queue is bounded in bytes as well as in messages.

Every bot here is the test's own (registered for the test alone, ``own_registry``): a
*gate* that thinks until the test lets it answer, and a *counter* that counts the
decisions thinking at once. Nothing is timed: the tests wait for what they observe
(each wait has a generous deadline, never an assertion on how long a thing took).
"""

from __future__ import annotations

import asyncio
import json
import random
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tablegames import bots
from tablegames.bots.harness import bot_seed
from tablegames.common.errors import SetupError
from tablegames.server.rooms import (
    MAX_BOT_THREADS,
    QUEUE_BYTES,
    QUEUE_LIMIT,
    SLOW_CLOSE,
    Conn,
    Hub,
    Room,
)
from tablegames.server.store import Store

#: A deadline for what must happen soon (never reached by a passing test).
SOON = 20.0


class Gate:
    """A bot that plays each seat's first legal action once the test opens ``release``,
    and says (``entered``) that it is thinking; it never knocks out of turn."""

    def __init__(self) -> None:
        self.entered = threading.Event()
        self.release = threading.Event()
        self.seeds: list[Any] = []

    def make(self, info: Any, seed: Any) -> Any:
        self.seeds.append(seed)
        gate = self

        class GateBot:
            def choose(self, handle: Any) -> Any:
                gate.entered.set()
                assert gate.release.wait(SOON), "the test never let the bot answer"
                return handle.legal_actions()[0]

            def interrupt(self, handle: Any) -> Any:
                return None

        return GateBot()


class Counter:
    """A bot that counts the decisions thinking at once (``peak``). Each decision waits
    for a second one to join it, for at most ``window`` seconds: the chance to overlap
    that two threads would take at once. Once two have met, nobody waits again."""

    def __init__(self, window: float) -> None:
        self.window = window
        self.lock = threading.Lock()
        self.active = self.peak = self.calls = 0
        self.met = threading.Event()

    def make(self, info: Any, seed: Any) -> Any:
        counter = self

        class CountingBot:
            def choose(self, handle: Any) -> Any:
                with counter.lock:
                    counter.active += 1
                    counter.calls += 1
                    counter.peak = max(counter.peak, counter.active)
                    if counter.active >= 2:
                        counter.met.set()
                try:
                    counter.met.wait(counter.window)
                finally:
                    with counter.lock:
                        counter.active -= 1
                return handle.legal_actions()[0]

            def interrupt(self, handle: Any) -> Any:
                return None

        return CountingBot()


@pytest.fixture
def hubs(tmp_path: Path) -> Iterator[list[Hub]]:
    """Every hub a test makes goes in this list; their stores are closed afterwards."""
    made: list[Hub] = []
    yield made
    for hub in made:
        hub.store.close()
        hub.bot_pool.shutdown(wait=True)


def _room(hub: Hub, bot: str, seed: int) -> Room:
    """A started Toepen room of Amal (seat 0) and ``bot`` (seat 1), Amal's keep tapped so
    the bot is to act; made with no loop running, so no bot has moved yet."""
    code, _ = hub.create({"game": "toepen", "players": 2, "name": "Amal", "bot": bot,
                          "seed": seed})
    room = hub.room(code)
    hub.start(room, 0)
    hub._commit(room, 0, ["0:keep"], 0)
    assert room.state.to_act == 1 and room.state.version == 1
    return room


async def _until(what: Any, message: str) -> None:
    deadline = time.monotonic() + SOON
    while not what():
        assert time.monotonic() < deadline, message
        await asyncio.sleep(0.005)


def test_bots_wait_while_no_person_is_at_the_table_and_go_on_when_one_is_back(
        tmp_path: Path, hubs: list[Hub], own_registry: None) -> None:
    """Amal leaves while the bot thinks: its answer is not played, and no bot thinks
    again while only a shared screen watches; her phone's return (its hello) lets the
    bot go on, with the very move it would have made (each is drawn from the seed and
    the version), so the game is the one the seed and the taps make."""
    gate = Gate()
    bots.register("gate151", gate.make, game="toepen")
    hub = Hub(Store(tmp_path / "rooms.sqlite"), bot_delay=0)
    hubs.append(hub)
    room = _room(hub, "gate151", 4)
    first = str(room.state.legal_actions()[0])
    before = room.state.to_json()

    async def main() -> None:
        phone = Conn(0)
        hub.attach(room, phone)  # Amal is at the table: the bot thinks
        await _until(gate.entered.is_set, "the bot never started thinking")
        hub.detach(room, phone)  # ... and she leaves before it answers
        gate.release.set()
        assert room.bot_task is not None
        await room.bot_task
        assert room.state.to_json() == before  # its answer was not played
        screen = Conn(None)
        hub.attach(room, screen)  # a shared screen is nobody's seat
        hub._kick(room)  # what ``tend`` does every second
        assert room.bot_task.done() and room.state.version == 1
        back = Conn(0)
        hub.attach(room, back)
        await hub.handle(room, back, {"type": "hello", "since": 1})
        await _until(lambda: room.state.version > 1, "the bot did not go on")
        await room.bot_task

    asyncio.run(main())
    assert str(room.state.history[1]) == first and room.state.to_act == 0


def test_a_room_whose_only_person_disconnects_stops_and_resumes_through_the_server(
        tmp_path: Path, own_registry: None) -> None:
    """The same through the real app and real sockets: Amal's socket closes while the bot
    thinks, the room stays at its version, and a new socket's hello gets the bot's move."""
    from tests.server.helpers import Socket
    from tests.server.test_live_bots import InProcess

    gate = Gate()
    bots.register("gate151", gate.make, game="toepen")
    server = InProcess(tmp_path / "rooms.sqlite").start()
    try:
        made = server.create(game="toepen", players=2, name="Amal", bot="gate151", seed=4)
        hub = server.app.state.hub
        phone = Socket(server, f"/ws/p/{made['token']}")
        phone.send({"type": "hello"})
        phone.recv("lobby")
        phone.send({"type": "start"})
        page = phone.recv("update")["page"]
        assert phone.act("0:keep", page["version"])["page"]["version"] == 1
        assert gate.entered.wait(SOON), "the bot never started thinking"
        room = hub.rooms[made["code"]]
        phone.close()
        deadline = time.monotonic() + SOON
        while room.conns:  # the server saw the socket go
            assert time.monotonic() < deadline
            time.sleep(0.01)
        gate.release.set()
        while room.bot_task is None or not room.bot_task.done():
            assert time.monotonic() < deadline
            time.sleep(0.01)
        assert room.state.version == 1 and server.saved(made["code"])[0].version == 1
        again = Socket(server, f"/ws/p/{made['token']}")
        try:
            again.send({"type": "hello", "since": 1})
            while again.recv("update")["page"]["version"] < 2:
                pass
        finally:
            again.close()
    finally:
        server.stop()


@pytest.mark.parametrize("threads", [1, 2])
def test_bot_threads_bounds_the_decisions_thinking_at_once_across_rooms(
        tmp_path: Path, hubs: list[Hub], own_registry: None, threads: int) -> None:
    """Two rooms' bots are to act at once; with ``bot_threads=1`` their decisions never
    think at the same time (the second waits for the first), with 2 they do (which shows
    the counting can see an overlap)."""
    counter = Counter(window=0.5 if threads == 1 else SOON)
    bots.register("count151", counter.make, game="toepen")
    hub = Hub(Store(tmp_path / "rooms.sqlite"), bot_delay=0, bot_threads=threads)
    hubs.append(hub)
    rooms = [_room(hub, "count151", seed) for seed in (1, 2)]

    async def main() -> None:
        for room in rooms:
            hub.attach(room, Conn(0))
        for room in rooms:
            await _until(lambda room=room: room.bot_task is not None and room.bot_task.done()
                         and room.state.version > 1, "a room's bot did not move")

    asyncio.run(main())
    assert counter.calls >= 2
    assert counter.peak == threads


@pytest.mark.parametrize("bad", [0, -1, MAX_BOT_THREADS + 1, True, 1.0, "2", None])
def test_bot_threads_is_checked(tmp_path: Path, bad: Any) -> None:
    from tablegames.server.app import create_app

    with pytest.raises(SetupError, match="bot_threads"):
        Hub(Store(tmp_path / "rooms.sqlite"), bot_threads=bad)
    with pytest.raises(SetupError, match="bot_threads"):
        create_app(tmp_path / "other.sqlite", bot_threads=bad)
    assert not (tmp_path / "other.sqlite").exists()  # refused before the store opened


def test_a_bots_seed_does_not_hold_the_games_seed(tmp_path: Path, hubs: list[Hub],
                                                  own_registry: None) -> None:
    """A bot of a third party handed the room's seed could deal the room again and read
    every hand: each bot's seed is a one-way hash of the game's seed and its seat, the
    same for the same room (a room restarted plays on as it would have)."""
    gate = Gate()
    bots.register("gate151", gate.make, game="toepen")
    seed = 6_180_339_887_498_948
    hub = Hub(Store(tmp_path / "rooms.sqlite"), bot_delay=0)
    hubs.append(hub)
    code, _ = hub.create({"game": "toepen", "players": 4, "name": "Amal", "bot": "gate151",
                          "seed": seed})
    room = hub.room(code)
    hub.start(room, 0)
    hub._lineup(room)
    assert gate.seeds == [bot_seed(seed, i) for i in (1, 2, 3)]
    assert len(set(gate.seeds)) == 3
    for given in gate.seeds:
        assert given != seed and str(seed) not in str(given)
        assert given != seed * 1009 + 1 and str(given) != f"{seed}/1"
    word = "amal's table"
    assert str(bot_seed(word, 1)) != word and word not in str(bot_seed(word, 1))


def test_the_terminal_game_seeds_its_bots_without_the_games_seed(own_registry: None) -> None:
    import io

    from tablegames.common.registry import GAMES
    from tablegames.tui.session import Options, Session

    gate = Gate()
    bots.register("gate151", gate.make, game="toepen")
    seed = 27_182_818_284
    Session(GAMES["toepen"], Options(game="toepen", players=3, seed=seed, opponent="gate151"),
            io.StringIO(), io.StringIO())
    assert gate.seeds == [bot_seed(seed, 1), bot_seed(seed, 2)]
    assert all(s != seed and str(seed) not in str(s) for s in gate.seeds)


# -- a socket's queue, bounded in bytes -------------------------------------------------
def test_a_socket_over_its_unsent_bytes_is_cut_off_and_lets_them_go() -> None:
    """Messages far below the count limit, over the byte limit: the socket is cut off
    with the close code of every limit (1013: the phone tries again), what it held goes
    at once, and nothing more is queued for it."""
    conn = Conn(0)
    big = json.dumps({"type": "update", "pad": "x" * 100_000})
    sent = 0
    while not conn.dropped:
        conn.push(big)
        sent += 1
        assert sent <= QUEUE_BYTES // len(big) + 1
    assert sent < QUEUE_LIMIT and sent == QUEUE_BYTES // len(big) + 1
    assert conn.close_code == SLOW_CLOSE == 1013
    assert conn.queue.qsize() == 1 and conn.queue.get_nowait() is None
    assert conn.unsent == 0
    conn.push({"type": "pong"})
    assert conn.queue.empty()


def test_a_message_is_measured_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Its size is taken when it is queued and given back when it is sent, never
    measured again (``pull`` encoded every message a second time to count its bytes)."""
    from tablegames.server import rooms

    measured: list[str] = []
    real = rooms._size
    monkeypatch.setattr(rooms, "_size", lambda text: measured.append(text) or real(text))
    conn = Conn(0)
    arabic = json.dumps({"type": "notice", "name": "أمل" * 1000}, ensure_ascii=False)

    async def main() -> None:
        conn.push(arabic)
        conn.push({"type": "pong"})
        assert conn.unsent == len(arabic.encode()) + len('{"type":"pong"}')
        assert await conn.pull() == arabic
        assert conn.unsent == len('{"type":"pong"}')
        assert await conn.pull() == '{"type":"pong"}'

    asyncio.run(main())
    assert conn.unsent == 0 and len(measured) == 2


def test_what_is_sent_makes_room_for_more_and_non_ascii_counts_its_bytes() -> None:
    """A phone that reads is never cut off: each message sent gives its bytes back. The
    bytes are UTF-8's (an Arabic page counts what it sends, not its characters)."""
    conn = Conn(0)
    arabic = json.dumps({"type": "notice", "name": "أمل" * 50_000}, ensure_ascii=False)
    assert len(arabic.encode()) > len(arabic) + 100_000

    async def main() -> None:
        for _ in range(200):
            conn.push(arabic)
            assert await conn.pull() == arabic
            assert conn.unsent == 0

    asyncio.run(main())
    assert not conn.dropped
    for _ in range(QUEUE_BYTES // len(arabic.encode())):
        conn.push(arabic)
    assert not conn.dropped and conn.unsent == conn.queue.qsize() * len(arabic.encode())
    conn.push(arabic)
    assert conn.dropped


def test_a_phone_that_never_reads_is_cut_off_and_the_room_is_unchanged(
        tmp_path: Path, hubs: list[Hub]) -> None:
    """A client that asks for its page again and again without reading (hellos, in
    format 1: the biggest pages) is cut off by bytes, long before 256 messages; the
    room, its game and its other phones are as they were."""
    hub = Hub(Store(tmp_path / "rooms.sqlite"), bot_delay=0)
    hubs.append(hub)
    code, _ = hub.create({"game": "phase10", "players": 2, "name": "Amal", "seed": 5})
    hub.join(code, "Bo")
    room = hub.room(code)
    rng = random.Random(1)
    for _ in range(80):  # a game under way: a page and its recent lines, some 9 KB
        state = room.state
        hub._commit(room, state.to_act, [str(rng.choice(state.legal_actions()))],
                    state.version)
    greedy, other, probe = Conn(0), Conn(1), Conn(0)
    for conn in (greedy, other):
        hub.attach(room, conn)
    hello = {"type": "hello", "format": 1, "since": 0, "lang": "ar"}
    asyncio.run(hub.handle(room, probe, hello))
    size = probe.unsent
    assert size > 2 * QUEUE_BYTES // QUEUE_LIMIT  # so bytes, not the count, cut it off
    before = room.state.to_json()
    asked = 0

    async def main() -> None:
        nonlocal asked
        while not greedy.dropped:
            await hub.handle(room, greedy, hello)
            asked += 1
            assert asked <= QUEUE_BYTES // size + 1

    asyncio.run(main())
    assert greedy.close_code == 1013 and greedy.queue.get_nowait() is None
    assert greedy.queue.empty() and greedy.unsent == 0
    assert room.state.to_json() == before and not other.dropped
    assert other.unsent <= 2_000  # the presence notices alone
