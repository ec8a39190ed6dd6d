"""The room server's remaining open doors (helper-131), each held shut by a test that
failed before its fix; through a real ``tablegames serve`` process where a client can
show it, in process where only the server's insides can (a crash, a buffer).

* a page of another site may not create rooms or take seats with its visitor's browser
  (``Origin``/``Referer`` naming another host than ``Host``; a body that is not JSON),
  nor open a socket;
* seat links that open no seat are metered per address and network, a phone's own
  reconnects never; an address holds at most ``--sockets-per-address`` sockets;
* a socket whose peer stopped reading with data still buffered is dropped once the
  keepalive gives up or the socket was closed (uvicorn's ``close()`` waited for ever);
* every HTTP error is the JSON refusal with the security headers (Starlette answered
  plain text to an unknown path or a wrong method, and a 500 without the headers).
"""

from __future__ import annotations

import asyncio
import base64
import http.client
import json
import os
import socket
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import attrs
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from tablegames.server.app import UVICORN_WS, create_app, cross_site
from tablegames.server.limits import Doors, Limits
from tests.server.helpers import Server, Socket, asgi_get
from tests.server.test_server_hostile_audit import rooms_stored, seats_stored

SECURITY = ("content-security-policy", "referrer-policy", "x-content-type-options",
            "cache-control")
FORM = {"game": "toepen", "players": 3, "name": "Amal"}


def send(server: Server, method: str, path: str, body: bytes | None,
         headers: dict[str, str]) -> tuple[int, dict[str, str], bytes]:
    """One request with exactly these headers (``Host`` too, when given)."""
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    try:
        conn.putrequest(method, path, skip_host="host" in headers, skip_accept_encoding=True)
        for name, value in headers.items():
            conn.putheader(name, value)
        if body is not None:
            conn.putheader("content-length", str(len(body)))
        conn.endheaders(body)
        response = conn.getresponse()
        return (response.status, {k.lower(): v for k, v in response.getheaders()},
                response.read())
    finally:
        conn.close()


def refused(answer: tuple[int, dict[str, str], bytes]) -> tuple[int, str]:
    """The status and code of a refusal, which must be the JSON refusal with the
    security headers every answer carries."""
    status, headers, body = answer
    assert headers["content-type"] == "application/json", (status, body)
    assert all(name in headers for name in SECURITY), headers
    data = json.loads(body)
    assert set(data) == {"code", "error", "message", "detail"} and data["message"]
    return status, data["code"]


def ws_open(server: Server, path: str, origin: str | None = None) -> Any:
    return connect(server.url.replace("http", "ws", 1) + path, proxy=None, open_timeout=10,
                   origin=origin, legacy=True)  # type: ignore[arg-type]


def ws_refusal(ws: Any) -> tuple[str, int]:
    """The code a socket was refused with and the code it was closed with."""
    try:
        code = json.loads(ws.recv(timeout=10))["code"]
        with pytest.raises(ConnectionClosed) as closed:
            ws.recv(timeout=10)
        return code, closed.value.rcvd.code
    finally:
        ws.close()


# -- cross-site requests -----------------------------------------------------------------
@pytest.mark.parametrize("named", [
    {"origin": "https://evil.example"},
    {"origin": "http://127.0.0.1:1"},  # this host, another port: another site's page
    {"origin": "null"},  # a sandboxed frame or a local file
    {"referer": "https://evil.example/page.html"},  # an older browser names the page so
])
def test_a_page_of_another_site_cannot_create_a_room_or_take_a_seat(
        server: Server, named: dict[str, str]) -> None:
    """A page of another site posted to ``/api/rooms`` (any content type: a form needs
    no permission) and the room was made, with its visitor's browser and on its
    visitor's limits; a join took a seat the same way. Both are refused ``cross_site``
    (403) now, storing nothing."""
    code = server.create(**FORM)["code"]
    before, rooms = seats_stored(server, code), rooms_stored(server)
    headers = {"content-type": "application/json", **named}
    answer = send(server, "POST", "/api/rooms", json.dumps(FORM).encode(), headers)
    assert refused(answer) == (403, "cross_site")
    answer = send(server, "POST", f"/api/rooms/{code}/join", b'{"name": "Bo"}', headers)
    assert refused(answer) == (403, "cross_site")
    assert (seats_stored(server, code), rooms_stored(server)) == (before, rooms)


@pytest.mark.parametrize("kind", ["text/plain", "application/x-www-form-urlencoded",
                                  "multipart/form-data; boundary=x", None])
def test_a_body_that_is_not_json_is_refused(server: Server, kind: str | None) -> None:
    """What a page of another site can send without asking (a form, plain text) was
    read as JSON all the same; a body is read only when it says it is JSON (415)."""
    code = server.create(**FORM)["code"]
    before, rooms = seats_stored(server, code), rooms_stored(server)
    headers = {} if kind is None else {"content-type": kind}
    answer = send(server, "POST", "/api/rooms", json.dumps(FORM).encode(), headers)
    assert refused(answer) == (415, "bad_message")
    answer = send(server, "POST", f"/api/rooms/{code}/join", b'{"name": "Bo"}', headers)
    assert refused(answer) == (415, "bad_message")
    assert (seats_stored(server, code), rooms_stored(server)) == (before, rooms)


@pytest.mark.parametrize("headers", [
    {},  # curl, a bot, the load script: no page named
    {"origin": "{url}"},  # the phone's page (a browser sends it on every POST)
    {"origin": "{url}", "content-type": "application/json; charset=utf-8"},
    {"referer": "{url}/j/ABCDEFG"},
    {"host": "tables.example.org", "origin": "https://tables.example.org"},  # TLS proxy
    {"host": "Tables.Example.org:80", "origin": "http://tables.example.org"},
])
def test_the_servers_own_page_still_creates_and_joins(server: Server,
                                                      headers: dict[str, str]) -> None:
    """The page's own requests name the address it was opened at, which is the request's
    ``Host``: behind a TLS proxy that passes the host on, ``https`` outside is the same
    page as ``http`` inside, and a default port may be written out."""
    named = {"content-type": "application/json",
             **{k: v.format(url=server.url) for k, v in headers.items()}}
    status, _, body = send(server, "POST", "/api/rooms", json.dumps(FORM).encode(), named)
    assert status == 200, body
    room = json.loads(body)["code"]
    status, _, body = send(server, "POST", f"/api/rooms/{room}/join", b'{"name": "Bo"}',
                           named)
    assert status == 200, body
    assert [s["name"] for s in seats_stored(server, room)] == ["Amal", "Bo", None]


def test_a_socket_from_a_page_of_another_site_is_refused(server: Server) -> None:
    """A browser names the page that opens a socket in ``Origin``: another site's page
    could watch a room's screen or, with a seat link, play the seat. It is refused
    ``cross_site`` and closed with 4404 (a retry cannot change it); the server's own page
    and a client that names no page (the tests, the load script) are served."""
    made = server.create(**FORM)
    code, token = made["code"], made["token"]
    for path in (f"/ws/p/{token}", f"/ws/s/{code}"):
        for origin in ("https://evil.example", "null"):
            assert ws_refusal(ws_open(server, path, origin)) == ("cross_site", 4404)
        for origin in (server.url, None):
            ws = ws_open(server, path, origin)
            try:
                ws.send(json.dumps({"type": "hello"}))
                assert json.loads(ws.recv(timeout=10))["type"] in ("lobby", "presence")
            finally:
                ws.close()


@pytest.mark.parametrize(("headers", "answer"), [
    ({"host": "a:8000", "origin": "http://a:8000"}, False),
    ({"host": "A:80", "origin": "http://a"}, False),
    ({"host": "[::1]:8000", "origin": "http://[::1]:8000"}, False),
    ({"host": "a", "origin": "https://a"}, False),
    ({"host": "a:8000", "origin": "http://a:8001"}, True),
    ({"host": "a:8000", "origin": "http://b:8000"}, True),
    ({"host": "a:8000", "origin": "http://a:99999"}, True),
    ({"host": "a:8000", "origin": "ftp://a:8000"}, True),
    ({"host": "a:8000", "origin": ""}, True),
    ({"origin": "http://a:8000"}, True),
    ({"host": "a:8000", "referer": "http://b:8000/"}, True),
    ({"host": "a:8000", "origin": "http://a:8000", "referer": "http://b/"}, False),
    ({"host": "a:8000"}, False),
])
def test_a_page_is_the_servers_when_it_names_the_requests_host(
        headers: dict[str, str], answer: bool) -> None:
    assert cross_site(headers) is answer


# -- seat links and sockets ----------------------------------------------------------------
def test_seat_links_that_open_no_seat_are_metered_and_a_phones_reconnects_never(
        tmp_path: Path) -> None:
    """Every bad seat link cost a store look-up, as fast as a client could open sockets.
    Now, with the default limits, a link that opens no seat is charged to its address
    and network: past the burst (20) the socket is refused ``slow_down`` (1013: try
    later) before any look-up. A phone reconnecting with its own link, more often than
    any guesser may, is never refused."""
    server = Server(tmp_path / "rooms.sqlite", args=()).start()
    try:
        token = server.create(**FORM)["token"]
        for _ in range(50):  # a phone whose wifi keeps dropping
            phone = Socket(server, f"/ws/p/{token}")
            try:
                phone.send({"type": "hello"})
                assert phone.recv("lobby")["seat"] == 0
            finally:
                phone.close()
        refusals = [ws_refusal(ws_open(server, f"/ws/p/guess{i:020d}")) for i in range(40)]
        assert refusals[:15] == [("no_seat", 4404)] * 15
        assert refusals.count(("slow_down", 1013)) >= 10, refusals
    finally:
        server.stop()


def test_failed_seat_links_are_charged_to_the_address_and_its_network() -> None:
    """Only a failure is charged (asking takes nothing), to the address and to its /24,
    so spreading over a network's addresses does not multiply the guesses."""
    limits = attrs.evolve(Limits(), **{f: 1e-9 for f in attrs.fields_dict(Limits)
                                       if f.endswith("_rate")})
    doors = Doors(limits)
    assert all(doors.may_try_token("203.0.113.1") for _ in range(100))  # asking is free
    for _ in range(20):
        doors.failed_token("203.0.113.1")
    assert not doors.may_try_token("203.0.113.1")
    assert doors.may_try_token("203.0.113.2")  # the network has 40
    for _ in range(20):
        doors.failed_token("203.0.113.2")
    assert not doors.may_try_token("203.0.113.3")
    assert doors.may_try_token("198.51.100.1")


@pytest.fixture(scope="module")
def capped(tmp_path_factory: pytest.TempPathFactory) -> Any:
    with Server(tmp_path_factory.mktemp("capped") / "rooms.sqlite",
                args=("--unmetered", "--sockets-per-address", "3")) as srv:
        yield srv


def test_an_address_holds_at_most_its_sockets_at_once(capped: Server) -> None:
    """Nothing capped the sockets one address held open, each with its handler and its
    queue. ``--sockets-per-address 3``: a fourth socket, of a seat or a screen, is
    refused ``slow_down`` and closed with 1013 (the phone tries again by itself), and
    once one closes another is served."""
    made = capped.create(**FORM)
    held = [Socket(capped, f"/ws/p/{made['token']}"), Socket(capped, f"/ws/s/{made['code']}"),
            Socket(capped, f"/ws/s/{made['code']}")]
    try:
        for path in (f"/ws/p/{made['token']}", f"/ws/s/{made['code']}"):
            assert ws_refusal(ws_open(capped, path)) == ("slow_down", 1013)
        held.pop().close()
        deadline = time.monotonic() + 10
        while True:  # the server learns of the close a moment later
            ws = ws_open(capped, f"/ws/p/{made['token']}")
            ws.send(json.dumps({"type": "hello"}))
            answer = json.loads(ws.recv(timeout=10))
            ws.close()
            if answer["type"] != "error" or time.monotonic() > deadline:
                break
            time.sleep(0.05)
        assert answer["type"] in ("lobby", "presence"), answer
    finally:
        for ws in held:
            ws.close()


@pytest.mark.parametrize("count", [0, -1, True, 2.5, "256", None])
def test_the_sockets_of_an_address_are_a_count(count: object) -> None:
    with pytest.raises(ValueError, match="sockets_per_address"):
        Limits(sockets_per_address=count)  # type: ignore[arg-type]
    assert Limits(sockets_per_address=3).sockets_per_address == 3


# -- zombie sockets --------------------------------------------------------------------------
def _ping() -> bytes:
    mask = b"\x01\x02\x03\x04"
    return b"\x89\xfd" + mask + bytes(mask[i % 4] for i in range(125))


async def _until(test: Callable[[], bool], what: str) -> None:
    deadline = time.monotonic() + 15
    while not test():
        if time.monotonic() > deadline:
            raise AssertionError(f"not {what} within 15 s")
        await asyncio.sleep(0.02)


async def _stuck_screen(tmp_path: Path, ping: float | None,
                        then: Callable[[Any, Any], Awaitable[None]]) -> None:
    """A screen socket served by ``tablegames serve``'s own uvicorn protocol, whose peer
    fills the server's buffers with pongs and then never reads: more is left in the
    server's user-space buffer than the kernel's buffers (made small here) hold. ``then``
    gets the protocol and the room."""
    import uvicorn
    from uvicorn.server import ServerState

    app = create_app(tmp_path / "rooms.sqlite", bot_delay=0, limits=Limits.unmetered())
    hub = app.state.hub
    code, _ = hub.create(FORM)
    config = uvicorn.Config(app, **{**UVICORN_WS, "ws_ping_interval": ping,
                                    "ws_ping_timeout": ping}, lifespan="off",
                            log_level="critical")
    config.load()
    loop = asyncio.get_running_loop()
    with socket.create_server(("127.0.0.1", 0)) as listener, socket.socket() as peer:
        peer.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        peer.connect(listener.getsockname())
        accepted, _ = listener.accept()
        accepted.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 4096)
        peer.setblocking(False)
        proto = config.ws_protocol_class(config, ServerState(), {})  # type: ignore[misc]
        await loop.connect_accepted_socket(lambda: proto, accepted)
        key = base64.b64encode(os.urandom(16)).decode()
        await loop.sock_sendall(peer, (
            f"GET /ws/s/{code} HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n"
            f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
            "Sec-WebSocket-Version: 13\r\n\r\n").encode())
        answer = b""
        while b"\r\n\r\n" not in answer:
            answer += await loop.sock_recv(peer, 1024)
        assert answer.startswith(b"HTTP/1.1 101 ")
        room = hub.room(code)
        await _until(lambda: len(room.conns) == 1, "attached")
        await loop.sock_sendall(peer, _ping() * 400)  # 50 KB of pongs, never read
        await _until(lambda: proto.transport.get_write_buffer_size() > 0, "buffered")
        await then(proto, room)


def test_a_socket_whose_peer_stopped_reading_is_dropped_when_the_keepalive_gives_up(
        tmp_path: Path) -> None:
    """When a ping went unanswered, uvicorn wrote a close frame and called
    ``transport.close()``, which waits until the peer has read what is buffered: from a
    peer that stopped reading, for ever, with the socket's handler, its queue and its
    place among the room's phones. Now the connection is dropped (here with a keepalive
    of 0.2 s instead of 20) and the room lets the screen go."""
    async def gone(proto: Any, room: Any) -> None:
        await _until(lambda: proto.disconnected and not room.conns, "dropped")

    asyncio.run(_stuck_screen(tmp_path, 0.2, gone))


def test_a_socket_the_server_closed_is_dropped_if_its_peer_never_reads(
        tmp_path: Path) -> None:
    """A socket the server closes (a seat opened elsewhere, a phone too far behind, a
    room reloaded) waited the close timeout (10 s) for the peer's answer and then
    ``close()``, for ever. Now, the close timeout (here 0.2 s) after its handler ended,
    it is dropped (no keepalive here: only the close is at work)."""
    async def closed(proto: Any, room: Any) -> None:
        proto.close_timeout = 0.2
        next(iter(room.conns)).push(None)  # what every server-side close does
        await _until(lambda: not room.conns, "detached")
        await _until(lambda: proto.disconnected, "dropped")

    asyncio.run(_stuck_screen(tmp_path, None, closed))


# -- refusals in one shape -----------------------------------------------------------------
@pytest.mark.parametrize(("method", "path", "status", "code"), [
    ("GET", "/no/such/page", 404, "not_found"),
    ("GET", "/static/no-such-file.js", 404, "not_found"),
    ("GET", "/api/rooms/ABCDEFG/join", 405, "bad_method"),
    ("DELETE", "/api/rooms", 405, "bad_method"),
    ("POST", "/api/games", 405, "bad_method"),
    ("POST", "/static/app.js", 405, "bad_method"),
])
def test_every_http_error_is_the_json_refusal(server: Server, method: str, path: str,
                                              status: int, code: str) -> None:
    """Starlette answered an unknown path or a wrong method in plain text; every other
    door answers ``{"code", "error", "message", "detail"}``. Now these do too, in the
    asking page's language, with the security headers; a wrong method names the right
    ones (``Allow``)."""
    answer = send(server, method, path + "?lang=nl", b"" if method != "GET" else None, {})
    assert refused(answer) == (status, code)
    assert json.loads(answer[2])["message"] != code
    if status == 405:
        assert answer[1]["allow"]


def test_a_crash_is_the_json_refusal_with_the_security_headers(tmp_path: Path) -> None:
    """A bug in a route was answered by Starlette's outermost middleware, outside the one
    that adds the security headers, in plain text. It is the JSON refusal
    ``server_error`` (500) with the headers, and says nothing of what failed."""
    app = create_app(tmp_path / "rooms.sqlite", bot_delay=0)

    def broken(code: object) -> Any:
        raise RuntimeError("hidden: 0:play Qd")

    app.state.hub.room = broken
    sent: list[dict[str, Any]] = []
    with pytest.raises(RuntimeError):  # re-raised for the server's log
        asgi_get(app, "/api/rooms/ABCDEFG", "127.0.0.1", sent)
    start, body = sent[0], b"".join(m.get("body", b"") for m in sent[1:])
    headers = {k.decode(): v.decode() for k, v in start["headers"]}
    assert refused((start["status"], headers, body)) == (500, "server_error")
    assert b"hidden" not in body and b"Qd" not in body
