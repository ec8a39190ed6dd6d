"""The room server under hostile use, through a real ``tablegames serve`` process: the
doors an audit found open, each held shut by a test that failed before its fix.

* a forwarded address or scheme is believed from ``--trusted-proxy`` addresses only
  (uvicorn believed ``X-Forwarded-For`` from 127.0.0.1 by default, so a client there, or
  behind a tunnel passing headers through, named any address and slipped every limit);
* a QR code is drawn only for a ``Host`` a phone could open (a long one was a 500);
* a name must show something, and may not pass for a seated player's name by an
  invisible character or a full-width form;
* a socket that sends pings and never reads what it is sent is cut off (every pong was
  buffered until the keepalive gave up, 40 s later).
"""

from __future__ import annotations

import base64
import http.client
import json
import os
import socket
from collections.abc import Iterator
from typing import Any

import pytest

from tablegames.server.app import qr_svg
from tablegames.server.limits import client_address
from tablegames.server.store import Store
from tests.server.helpers import Server, Socket


@pytest.fixture(scope="module")
def metered(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server with the default limits and no trusted proxy, as ``tablegames serve``
    runs unless told otherwise."""
    with Server(tmp_path_factory.mktemp("metered") / "rooms.sqlite", args=()) as srv:
        yield srv


@pytest.fixture(scope="module")
def proxied(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server behind a reverse proxy on this computer (``--trusted-proxy 127.0.0.1``)."""
    with Server(tmp_path_factory.mktemp("proxied") / "rooms.sqlite",
                args=("--unmetered", "--trusted-proxy", "127.0.0.1")) as srv:
        yield srv


def get(server: Server, path: str, headers: dict[str, str]) -> tuple[int, bytes]:
    """``GET path`` with exactly these headers (``Host`` too, when given)."""
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    try:
        conn.putrequest("GET", path, skip_host="host" in headers, skip_accept_encoding=True)
        for name, value in headers.items():
            conn.putheader(name, value)
        conn.endheaders()
        response = conn.getresponse()
        return response.status, response.read()
    finally:
        conn.close()


def seats_stored(server: Server, code: str) -> list[Any]:
    store = Store(server.db, read_only=True)
    try:
        row = store.room(code)
        assert row is not None
        return row.seats
    finally:
        store.close()


def rooms_stored(server: Server) -> int:
    store = Store(server.db, read_only=True)
    try:
        return int(store.db.execute("SELECT count(*) FROM rooms").fetchone()[0])
    finally:
        store.close()


# -- the forwarded address ---------------------------------------------------------------
def test_forwarded_headers_are_not_believed_without_a_trusted_proxy(metered: Server) -> None:
    """From an address not named by ``--trusted-proxy`` (here 127.0.0.1, which uvicorn
    trusted by default), ``X-Forwarded-Proto`` does not turn a QR code's link to https and
    ``X-Forwarded-For`` does not make each request a new client: a flood of look-ups
    naming a new address each time runs out of its one address's 30 (it ran on for
    good: every one of these was answered)."""
    code = metered.create(game="toepen", players=2, name="Amal")["code"]
    status, svg = get(metered, f"/qr/{code}.svg", {"host": "tables.example.org",
                                                   "x-forwarded-proto": "https"})
    assert status == 200
    assert svg == qr_svg(f"http://tables.example.org/j/{code}")
    statuses = [get(metered, f"/api/rooms/{code}", {"x-forwarded-for": f"10.{i}.7.1"})[0]
                for i in range(60)]
    # at most 30 at once, less the QR code's, and 2 more a second
    assert statuses.count(429) >= 20, statuses
    assert set(statuses) == {200, 429}


def test_behind_a_trusted_proxy_its_forwarded_scheme_and_address_are_believed(
        proxied: Server) -> None:
    """With ``--trusted-proxy``, the proxy's word stands: the QR code's link takes the
    scheme it forwards (https outside, http inside), and the client is the address it
    names (``X-Forwarded-For`` is the proxy's: the hop it appended is the client)."""
    code = proxied.create(game="toepen", players=2, name="Amal")["code"]
    status, svg = get(proxied, f"/qr/{code}.svg", {"host": "tables.example.org",
                                                   "x-forwarded-proto": "https",
                                                   "x-forwarded-for": "198.51.100.7"})
    assert status == 200
    assert svg == qr_svg(f"https://tables.example.org/j/{code}")


def test_a_forwarded_address_is_cut_to_the_length_of_a_hop() -> None:
    """Each client address is a key of a table of 10,000: one that the server in front
    took from a forwarded header (uvicorn, believing a trusted proxy) is cut as a hop
    is, so no header makes a key of kilobytes."""
    assert client_address("9" * 5000, {}, ()) == "9" * 64
    assert client_address("203.0.113.5", {}, ()) == "203.0.113.5"


# -- the QR code's host ---------------------------------------------------------------------
@pytest.mark.parametrize("host", ["a" * 3000, "x" * 64 + ".example", "<script>",
                                  "tables.example.org/evil", "a b", "[::1", "h:123456",
                                  "café.example"])
def test_a_qr_code_for_a_host_no_phone_could_open_is_refused(server: Server,
                                                              host: str) -> None:
    """A room's QR code carries the address its page was opened at (the ``Host``
    header). A host no phone could open is refused like any message the server cannot
    read (a 3,000-character one made segno fail: a 500 after the costliest encoding),
    and the room is as it was."""
    code = server.create(game="toepen", players=2, name="Amal")["code"]
    status, body = get(server, f"/qr/{code}.svg", {"host": host})
    assert status == 400
    assert json.loads(body)["code"] == "bad_message"
    assert seats_stored(server, code) == [{"name": "Amal", "bot": None},
                                          {"name": None, "bot": None}]


@pytest.mark.parametrize("host", ["tables.example.org:8443", "192.168.1.5:8000",
                                  "[fe80::1]:8000", "localhost"])
def test_a_qr_code_carries_any_host_a_phone_could_open(server: Server, host: str) -> None:
    code = server.create(game="toepen", players=2, name="Amal")["code"]
    status, svg = get(server, f"/qr/{code}.svg", {"host": host})
    assert status == 200
    assert svg == qr_svg(f"http://{host}/j/{code}")


# -- names ---------------------------------------------------------------------------------
@pytest.mark.parametrize("name", ["\u200d", "\u200c\u200d", "\u0301", "\u3164", "\u2800",
                                  "\u3164\u200d\u1160", "\ufe0f"])
def test_a_name_that_shows_nothing_is_refused(server: Server, name: str) -> None:
    """A name of joiners, blanks or a lone accent would seat a player the table cannot
    see: refused (``bad_name``) at a join and at a room's creation, storing nothing."""
    code = server.create(game="toepen", players=3, name="Amal")["code"]
    before = seats_stored(server, code)
    status, body = server.request(f"/api/rooms/{code}/join", {"name": name})
    assert (status, body["code"]) == (400, "bad_name")
    assert seats_stored(server, code) == before
    rooms = rooms_stored(server)
    status, body = server.request("/api/rooms", {"game": "toepen", "players": 2, "name": name})
    assert (status, body["code"]) == (400, "bad_name")
    assert rooms_stored(server) == rooms


@pytest.mark.parametrize("name", ["Amal\u200d", "Am\u200cal", "\u200dAMAL", "ＡＭＡＬ",
                                  "Amal\ufe0f", "Amal\u3164", "A\u034fmal"])
def test_a_name_that_looks_like_a_seated_one_is_taken(server: Server, name: str) -> None:
    """A name that differs from a seated player's only by what the eye does not see (a
    joiner, a variation selector, a blank) or by its width would let one player pass
    for another: refused as that name (``name_taken``), storing nothing."""
    code = server.create(game="toepen", players=3, name="Amal")["code"]
    before = seats_stored(server, code)
    status, body = server.request(f"/api/rooms/{code}/join", {"name": name})
    assert (status, body["code"]) == (400, "name_taken")
    assert seats_stored(server, code) == before


def test_names_that_join_with_invisible_characters_still_join(server: Server) -> None:
    """The joiners a name needs (one emoji of several, a Persian word) still join, and
    the table tells them apart from the names they are not."""
    code = server.create(game="toepen", players=3, name="\U0001F468")["code"]
    server.join(code, "\U0001F468\u200d\U0001F469\u200d\U0001F467")
    server.join(code, "می\u200cروم")
    assert [s["name"] for s in seats_stored(server, code)] == [
        "\U0001F468", "\U0001F468\u200d\U0001F469\u200d\U0001F467", "می\u200cروم"]


# -- pings ---------------------------------------------------------------------------------
def _ping_frame() -> bytes:
    """A masked ping frame (a client's frames are masked) with 125 bytes of payload."""
    mask = b"\x01\x02\x03\x04"
    return b"\x89\xfd" + mask + bytes(mask[i % 4] for i in range(125))


def test_a_socket_that_pings_and_never_reads_is_cut_off(server: Server) -> None:
    """A ping reaches no app code, so no message rate meters it, and every pong was
    buffered for a peer that read none of them until the keepalive gave up 40 s later
    (some 30 MB in 20 s from one socket). Now the socket is closed once a megabyte lies
    unread: long before this client has sent 40 MB of pings (on loopback the kernel's
    buffers take some 8 MB first), and the server serves on."""
    code = server.create(game="toepen", players=2, name="Amal")["code"]
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)  # a reader that never reads
    sock.settimeout(10)
    sock.connect(("127.0.0.1", server.port))
    key = base64.b64encode(os.urandom(16)).decode()
    sock.sendall(f"GET /ws/s/{code} HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n"
                 f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                 "Sec-WebSocket-Version: 13\r\n\r\n".encode())
    answer = b""
    while b"\r\n\r\n" not in answer:  # the socket is open: what follows is never read
        answer += sock.recv(1024)
    assert answer.startswith(b"HTTP/1.1 101 ")
    burst = _ping_frame() * 1000
    sent = 0
    try:
        with pytest.raises((ConnectionResetError, BrokenPipeError)):  # not a timeout
            while sent < 300_000:
                sock.sendall(burst)
                sent += 1000
    finally:
        sock.close()
    assert sent < 300_000
    watcher = Socket(server, f"/ws/s/{code}")  # the room and the server serve on
    try:
        watcher.send({"type": "hello"})
        assert watcher.recv("lobby")["code"] == code
    finally:
        watcher.close()
