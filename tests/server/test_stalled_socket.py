"""What the server queues for a phone that stops reading its TCP socket, on a real socket
(helper-177): the bounds ``Conn.push`` keeps (:data:`~tablegames.server.rooms.QUEUE_LIMIT`
messages, :data:`~tablegames.server.rooms.QUEUE_BYTES` bytes; the unit tests are in
``test_bots_bounded.py``) held against clients that complete the handshake and then never
call ``recv`` while two phones play on, as the app guide says:

* the queue never holds more than either bound; past one the socket is cut off, what it
  held is let go at once and it closes with 1013 once its writer is free;
* the room, its game and its other phones are as they were: every action is stored and
  shown once, none is lost or doubled;
* the phone that reconnects is given its table at the room's current version.

The server is the app in this process (its queues can be read between two steps of its
loop) with ``tablegames serve``'s own websockets protocol, and kernel send buffers of a
few kilobytes (``InProcess(sndbuf=...)``), so the stalled socket's buffers fill after a
few messages rather than the megabytes loopback grows them to. The keepalive is off:
what closes a stalled socket here is the bound, never a timer (the keepalive's own close
of a peer that never reads again is ``test_server_doors.py``'s).
"""

from __future__ import annotations

import base64
import json
import os
import random
import socket
import struct
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import attrs
import pytest

from tablegames.server import rooms
from tablegames.server.app import UVICORN_HTTP, UVICORN_WS
from tablegames.server.limits import Limits
from tablegames.server.rooms import QUEUE_BYTES, QUEUE_LIMIT, SLOW_CLOSE, Conn
from tests.server.helpers import InProcess, Socket

#: Actions the phones play before giving up on the stalled sockets being cut off.
MOST = 1500
#: Actions played after both are cut off: the room goes on without them.
AFTER = 20


class Stalled:
    """A phone that opens its socket, says what it has to say, and never reads again:
    a raw TCP socket with a receive buffer of a few kilobytes, which completes the
    websocket handshake (read a byte at a time, so nothing past the answer's head is
    taken off the socket) and then only writes."""

    def __init__(self, server: InProcess, path: str) -> None:
        self.sock = socket.socket()
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)  # before connect
        self.sock.settimeout(10)
        self.sock.connect(("127.0.0.1", server.port))
        key = base64.b64encode(os.urandom(16)).decode()
        self.sock.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\n"
                          "Upgrade: websocket\r\nConnection: Upgrade\r\n"
                          f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
                          .encode())
        head = b""
        while not head.endswith(b"\r\n\r\n"):
            byte = self.sock.recv(1)
            assert byte, f"the server closed the handshake: {head!r}"
            head += byte
        assert head.startswith(b"HTTP/1.1 101 "), head
        #: Its port: how the server's side of this socket is told from the others.
        self.port: int = self.sock.getsockname()[1]

    def send(self, message: dict[str, Any]) -> None:
        """One text frame, masked as a client's must be."""
        data = json.dumps(message).encode()
        assert len(data) < 126
        mask = os.urandom(4)
        self.sock.sendall(bytes([0x81, 0x80 | len(data)]) + mask
                          + bytes(b ^ mask[i % 4] for i, b in enumerate(data)))

    def _exactly(self, n: int) -> bytes:
        out = b""
        while len(out) < n:
            try:
                chunk = self.sock.recv(n - len(out))
            except TimeoutError:
                raise AssertionError("no close frame within 10 s of reading again") from None
            assert chunk, "the socket ended without a close frame"
            out += chunk
        return out

    def read_to_the_close(self) -> tuple[int, int]:
        """Read at last: every frame up to the server's close frame. Returns the close
        code and the bytes of the text frames that came before it (what the server had
        already handed to its buffers when the socket stalled), and answers the close."""
        texts = 0
        while True:
            first, second = self._exactly(2)
            size = second & 0x7F
            if size == 126:
                size = struct.unpack("!H", self._exactly(2))[0]
            elif size == 127:
                size = struct.unpack("!Q", self._exactly(8))[0]
            payload = self._exactly(size)
            opcode = first & 0x0F
            if opcode == 0x8:
                code = struct.unpack("!H", payload[:2])[0]
                mask = os.urandom(4)
                with_code = payload[:2]
                self.sock.sendall(bytes([0x88, 0x82]) + mask
                                  + bytes(b ^ mask[i % 4] for i, b in enumerate(with_code)))
                return code, texts
            assert opcode in (0x1, 0x0), f"an unexpected frame: opcode {opcode}"
            texts += size

    def close(self) -> None:
        self.sock.close()


@pytest.fixture()
def watched(monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[Conn, dict[str, int]]]:
    """Every ``Conn.push`` and ``Conn.cut_off`` of the server in this process, watched
    (on the server's loop, where they run): per socket, the most its queue held after
    any push (``bytes``, ``messages``), its largest message (``largest``) and, once it is
    cut off, what it held then and the size of the message it was refused
    (``cut_bytes``, ``cut_messages``, ``refused``)."""
    seen: dict[Conn, dict[str, int]] = {}
    push, cut_off, size_of = Conn.push, Conn.cut_off, rooms._size

    def watched_push(self: Conn, message: dict[str, Any] | str | None) -> None:
        if message is not None and not self.dropped:
            text = message if isinstance(message, str) else rooms.dumps(message)
            mine = seen.setdefault(self, {})
            mine["offered"] = size_of(text)
            mine["largest"] = max(mine.get("largest", 0), mine["offered"])
            message = text
        push(self, message)
        mine = seen.setdefault(self, {})
        if not self.dropped:
            mine["bytes"] = max(mine.get("bytes", 0), self.unsent)
            mine["messages"] = max(mine.get("messages", 0), self.queue.qsize())

    def watched_cut_off(self: Conn) -> None:
        mine = seen.setdefault(self, {})
        mine.update(cut_bytes=self.unsent, cut_messages=self.queue.qsize(),
                    refused=mine.get("offered", 0))
        cut_off(self)

    monkeypatch.setattr(Conn, "push", watched_push)
    monkeypatch.setattr(Conn, "cut_off", watched_cut_off)
    yield seen


def until(test: Callable[[], bool], what: str, timeout: float = 20) -> None:
    """Wait for ``test()`` (a bounded wait: it fails saying what did not happen)."""
    deadline = time.monotonic() + timeout
    while not test():
        assert time.monotonic() < deadline, f"not {what} within {timeout} s"
        time.sleep(0.01)


def caught_up(phone: Socket, version: int) -> None:
    """Read ``phone``'s messages until its page is at ``version``: each a patch from the
    page it holds (``Socket.recv`` checks the chain), a whole page or a notice (everyone
    is here), never an error, and never a page past ``version`` (an action shown twice
    would be)."""
    while phone.page is None or phone.page["version"] < version:
        message = phone.recv()
        assert message["type"] in ("update", "notice"), message
    assert phone.page["version"] == version


def test_a_phone_that_stops_reading_is_cut_off_at_its_bounds_and_the_table_plays_on(
        tmp_path: Path, watched: dict[Conn, dict[str, int]]) -> None:
    """Two stalled sockets in a Phase 10 room that two phones play: seat 1's second
    screen (a tablet, in Arabic and the old page format, whose messages are the biggest
    there are), which asks for its page again and again before it stalls, and a
    spectator's screen. The tablet is cut off by bytes (1 MB unsent in fewer than 256
    messages), the screen by count (256 patches of some 600 bytes); neither queue ever
    holds more than either bound, and each is let go at once and closes with 1013."""
    settings = {**UVICORN_WS, **UVICORN_HTTP, "ws_ping_interval": None}
    # the phones tap as fast as the test runs, far past a person's 20 taps a second
    limits = attrs.evolve(Limits.unmetered(), message_rate=1e9, message_burst=1e9)
    with InProcess(tmp_path / "rooms.sqlite", uvicorn=settings, sndbuf=4096,
                   limits=limits) as server:
        made = server.create(game="phase10", players=2, name="Amal", seed=5)
        code, tokens = made["code"], [made["token"], server.join(made["code"], "Bo")["token"]]
        phones = [Socket(server, f"/ws/p/{token}") for token in tokens]
        stalled: list[Stalled] = []
        try:
            for phone in phones:
                phone.send({"type": "hello"})
                caught_up(phone, 0)
            state, _ = server.saved(code)
            rng = random.Random(177)
            played: list[str] = []

            def play() -> None:
                """The seat to act taps a legal action; both phones show it."""
                assert not state.is_over, "the game ended before the sockets were cut off"
                action = str(rng.choice(state.legal_actions()))
                seat, version = state.to_act, state.version
                answer = phones[seat].act(action, expect=version)
                assert answer["type"] == "update", answer
                state.apply(action, by=seat)
                played.append(action)
                for phone in phones:
                    caught_up(phone, state.version)

            for _ in range(80):  # a game under way: pages of some 10 KB in Arabic
                play()
            tablet = Stalled(server, f"/ws/p/{tokens[1]}")
            screen = Stalled(server, f"/ws/s/{code}")
            stalled += [tablet, screen]
            for _ in range(80):  # a page that reloads and reloads, then hangs
                tablet.send({"type": "hello", "lang": "ar", "format": 1, "since": 0})
            screen.send({"type": "hello"})
            stalled_at = state.version
            room = server.on_loop(lambda: server.app.state.hub.rooms[code])

            def theirs() -> dict[Stalled, Conn] | None:
                """The stalled sockets' queues, once the tablet's hellos are read: the
                tablet's is seat 1's in the old format, the screen's the one spectator's."""
                tablet_conn = [c for c in room.conns if c.seat == 1 and c.format == 1]
                screen_conn = [c for c in room.conns if c.seat is None]
                if len(tablet_conn) != 1 or len(screen_conn) != 1:
                    return None
                return {tablet: tablet_conn[0], screen: screen_conn[0]}

            until(lambda: server.on_loop(theirs) is not None, "the stalled sockets attached")
            conns: dict[Stalled, Conn] = server.on_loop(theirs)
            while not server.on_loop(lambda: all(c.dropped for c in conns.values())):
                assert len(played) < MOST, (
                    f"the stalled sockets were not cut off in {MOST} actions: {watched}")
                play()

            def buffered() -> tuple[int, int]:  # the tablet's socket: what uvicorn holds
                (proto,) = (p for p in server.uvicorn.server_state.connections
                            if p.client is not None and p.client[1] == tablet.port)
                return proto.transport.get_write_buffer_size(), \
                    proto.transport.get_write_buffer_limits()[1]

            in_buffer, high = server.on_loop(buffered)
            for _ in range(AFTER):  # the table plays on without them
                play()

            held = server.on_loop(lambda: {  # a queued text has its size in ``sizes``
                peer: (c.dropped, c.close_code, c.unsent, c.queue.qsize(), len(c.sizes))
                for peer, c in conns.items()})
            for peer in stalled:  # what each held was let go at once: only None waits
                assert held[peer] == (True, SLOW_CLOSE, 0, 1, 0), held[peer]
            for mine in watched.values():  # no socket's queue ever passed a bound
                assert mine.get("bytes", 0) <= QUEUE_BYTES, mine
                assert mine.get("messages", 0) <= QUEUE_LIMIT, mine
            by_tablet, by_screen = watched[conns[tablet]], watched[conns[screen]]
            # the tablet: over the bytes, well short of the count
            assert by_tablet["cut_bytes"] + by_tablet["refused"] > QUEUE_BYTES, by_tablet
            assert by_tablet["cut_messages"] < QUEUE_LIMIT, by_tablet
            # the screen: at the count, far short of the bytes
            assert by_screen["cut_messages"] == QUEUE_LIMIT, by_screen
            assert by_screen["cut_bytes"] < QUEUE_BYTES // 2, by_screen
            # beyond the queue, uvicorn's buffer holds at most one message past its mark
            assert in_buffer <= high + by_tablet["largest"] + 14, (in_buffer, high)
            others = server.on_loop(lambda: [(c.dropped, watched[c].get("bytes", 0))
                                              for c in room.conns if c not in conns.values()])
            assert len(others) == 2  # the phones that read never come near the bounds
            assert all(not dropped and peak < QUEUE_BYTES // 16 for dropped, peak in others), others

            for peer in stalled:  # read at last: what was in flight, then 1013
                close, in_flight = peer.read_to_the_close()
                assert close == SLOW_CLOSE
                assert in_flight < QUEUE_BYTES // 4, in_flight
            until(lambda: server.on_loop(lambda: len(room.conns)) == 2,
                  "the cut-off sockets let go by the room")

            # the tablet comes back: its table at the room's version, its hand the phone's
            back = Socket(server, f"/ws/p/{tokens[1]}")
            watcher = Socket(server, f"/ws/s/{code}")
            try:
                back.send({"type": "hello", "lang": "ar", "since": stalled_at})
                page = back.recv("update")["page"]
                assert page["version"] == state.version > stalled_at
                assert page["hand"] == phones[1].page["hand"]  # type: ignore[index]
                watcher.send({"type": "hello"})
                assert watcher.recv("update")["page"]["version"] == state.version
                play()
                caught_up(back, state.version)
                caught_up(watcher, state.version)
            finally:
                back.close()
                watcher.close()
        finally:
            for peer in stalled:
                peer.close()
            for phone in phones:
                phone.close()
        saved, actions = server.saved(code)
    assert [a for _, _, a in actions] == played  # every tap stored once, in order
    assert [v for v, _, _ in actions] == list(range(1, len(played) + 1))
    assert saved.to_json() == state.to_json()
