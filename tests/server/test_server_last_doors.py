"""The room server's last open doors (helper-133), each held shut by a test that failed
before its fix, through a real ``tablegames serve`` process where a client can show it.

* a request that never parses, a head over 16 KB, a websocket handshake the websockets
  library refuses: the JSON refusal with the security headers (uvicorn answered in plain
  text without them, and kept a header line however long it grew);
* a socket at an address the server does not have: ``not_found``, closed with 4404
  (Starlette refused the handshake with a bare 403, which a page takes for a lost
  connection and retries for ever);
* the sockets a network holds, and the rooms it holds open, are capped
  (``--sockets-per-network``, ``--rooms-per-network``), IPv4 /24 and IPv6 /56 alike;
* a look-up or a QR code fetched for a page of another site is refused ``cross_site``
  before it spends a look-up; a person's navigation from another site never is.
"""

from __future__ import annotations

import base64
import json
import os
import socket
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from websockets.sync.client import connect

from tablegames.server.limits import Doors, Limits
from tablegames.server.store import RoomsFull, Store
from tests.server.helpers import Server
from tests.server.test_server_doors import FORM, refused, send, ws_open, ws_refusal
from tests.server.test_server_hostile_audit import rooms_stored


def exchange(server: Server, data: bytes) -> tuple[int, dict[str, str], bytes]:
    """Send ``data`` as it is and read the answer until the server closes the connection."""
    with socket.create_connection(("127.0.0.1", server.port), timeout=10) as conn:
        conn.sendall(data)
        answer = b""
        while chunk := conn.recv(65_536):
            answer += chunk
    head, _, body = answer.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        headers.setdefault(name.strip().lower(), value.strip())
    return int(lines[0].split()[1]), headers, body


def handshake(path: str, *, method: str = "GET", version: str = "13",
              key: bool = True) -> bytes:
    fields = [f"{method} {path} HTTP/1.1", "Host: 127.0.0.1", "Upgrade: websocket",
              "Connection: Upgrade", f"Sec-WebSocket-Version: {version}"]
    if key:
        fields.append("Sec-WebSocket-Key: " + base64.b64encode(os.urandom(16)).decode())
    return ("\r\n".join(fields) + "\r\n\r\n").encode()


# -- answers below the app -----------------------------------------------------------------
@pytest.mark.parametrize("data", [
    b"GARBAGE\r\n\r\n",
    b"GET / HTTP/1.1\r\nHost: x\r\nNo colon here\r\n\r\n",
    b"GET / HTTP/1.1\r\nHost: x\r\nX-Long: " + b"a" * 32_768,  # a head past 16 KB, unfinished
    b"GET /" + b"a" * 32_768,  # a request line that never ends
])
def test_a_request_that_never_parses_is_the_json_refusal(server: Server, data: bytes) -> None:
    """uvicorn answered these itself in plain text ("Invalid HTTP request received.")
    without the security headers; and under httptools it kept a header line however
    long it grew (200 MB of one header held 300 MB of the server's memory), never
    answering. Each is ``bad_message`` (400) with the headers, and the connection closes
    once 16 KB of an unfinished head have come."""
    assert refused(exchange(server, data)) == (400, "bad_message")


@pytest.mark.parametrize(("data", "status", "code"), [
    (handshake("/ws/s/ABCDEFG", version="8"), 400, "bad_message"),
    (handshake("/ws/s/ABCDEFG", key=False), 400, "bad_message"),
    (handshake("/ws/s/ABCDEFG", method="POST"), 405, "bad_method"),
])
def test_a_websocket_handshake_the_server_cannot_take_is_the_json_refusal(
        server: Server, data: bytes, status: int, code: str) -> None:
    """The websockets library refused a wrong version, a missing key or a POST in plain
    text ("Failed to open a WebSocket connection: ...") without the security headers:
    the JSON refusal now, its status kept (a wrong method still names ``Allow``)."""
    answer = exchange(server, data)
    assert refused(answer) == (status, code)
    if status == 405:
        assert answer[1]["allow"] == "GET"


@pytest.mark.parametrize("path", ["/ws/nothing", "/ws/p/a/b", "/", "/api/games",
                                  "/static/app.js"])
def test_a_socket_at_an_address_the_server_does_not_have_closes_with_4404(
        server: Server, path: str) -> None:
    """Starlette refused such a handshake with a bare 403, which a browser reports as a
    lost connection (1006): a page would reconnect for ever. It is accepted, told
    ``not_found`` and closed with 4404, on which a page stops trying."""
    assert ws_refusal(ws_open(server, path)) == ("not_found", 4404)


# -- sockets and rooms per network ---------------------------------------------------------
@pytest.fixture(scope="module")
def capped(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server behind a proxy on this computer (so a test names each client's address),
    holding at most 3 sockets a network and 2 open rooms a network."""
    with Server(tmp_path_factory.mktemp("capped") / "rooms.sqlite",
                args=("--unmetered", "--trusted-proxy", "127.0.0.1", "--sockets-per-network",
                      "3", "--rooms-per-network", "2")) as srv:
        yield srv


def ws_from(server: Server, path: str, address: str) -> Any:
    return connect(server.url.replace("http", "ws", 1) + path, proxy=None, open_timeout=10,
                   additional_headers={"x-forwarded-for": address}, legacy=True)


def served(ws: Any) -> bool:
    ws.send(json.dumps({"type": "hello"}))
    return json.loads(ws.recv(timeout=10))["type"] in ("lobby", "presence")


@pytest.mark.parametrize(("network", "elsewhere"), [
    (["203.0.113.1", "203.0.113.2", "203.0.113.3", "203.0.113.200"], "203.0.114.1"),
    (["2001:db8:aa:bb::1", "2001:db8:aa:cc::2", "2001:db8:aa:ff::3", "2001:db8:aa::9"],
     "2001:db8:aa:100::1"),
])
def test_a_network_holds_at_most_its_sockets_at_once(
        capped: Server, network: list[str], elsewhere: str) -> None:
    """The socket cap counted each address alone: a /24 held 256 sockets on each of its
    256 addresses. ``--sockets-per-network 3``: three addresses of one /24 (or one
    IPv6 /56) hold three sockets, the fourth address's is refused ``slow_down`` (1013:
    the phone tries again), another network's is served, and once one of the three
    closes the network has a place again."""
    code = create_from(capped, elsewhere)[1]["code"]
    held = [ws_from(capped, f"/ws/s/{code}", address) for address in network[:3]]
    try:
        assert all(served(ws) for ws in held)
        assert ws_refusal(ws_from(capped, f"/ws/s/{code}", network[3])) == ("slow_down", 1013)
        other = ws_from(capped, f"/ws/s/{code}", elsewhere)
        assert served(other)
        other.close()
        held.pop().close()
        for _ in range(200):  # the server hears of the close a moment later
            again = ws_from(capped, f"/ws/s/{code}", network[3])
            again.send(json.dumps({"type": "hello"}))
            answer = json.loads(again.recv(timeout=10))
            again.close()
            if answer["type"] != "error":
                break
        assert answer["type"] in ("lobby", "presence"), answer
    finally:
        for ws in held:
            ws.close()


def create_from(server: Server, address: str) -> tuple[int, dict[str, Any]]:
    status, _, body = send(server, "POST", "/api/rooms", json.dumps(FORM).encode(),
                           {"content-type": "application/json", "x-forwarded-for": address})
    return status, json.loads(body)


@pytest.mark.parametrize(("network", "elsewhere"), [
    (["198.51.100.1", "198.51.100.2", "198.51.100.3"], "198.51.101.1"),
    (["2001:db8:bb::1", "2001:db8:bb:ee::1", "2001:db8:bb:1::7"], "2001:db8:bc::1"),
])
def test_a_network_holds_at_most_its_rooms_open(capped: Server, network: list[str],
                                                elsewhere: str) -> None:
    """The creation rates alone let two /24s fill the server (each may create 40 rooms at
    once and one every 2 s, and a room stays open for hours). ``--rooms-per-network 2``:
    two addresses of a network each create one, the third address's creation is refused
    ``too_many_rooms`` (429) storing nothing, and another network still creates."""
    assert [create_from(capped, address)[0] for address in network[:2]] == [200, 200]
    rooms = rooms_stored(capped)
    status, body = create_from(capped, network[2])
    assert (status, body["code"]) == (429, "too_many_rooms")
    assert body["message"] and body["message"] != "too_many_rooms"
    assert rooms_stored(capped) == rooms
    assert create_from(capped, elsewhere)[0] == 200


def test_a_room_that_closed_gives_its_networks_place_back(tmp_path: Path) -> None:
    """A network's count is of the rooms it created that the store holds open (every
    process on a shared store counts the same rooms): once a lobby was deleted as idle,
    its place is free again; a refused creation stores nothing."""
    store = Store(tmp_path / "rooms.sqlite")
    try:
        for i, code in enumerate(["AAAAAAA", "BBBBBBB"]):
            store.create(code, "toepen", {}, [{"name": "Amal", "bot": None}], f"token{i}",
                         network="203.0.113.0/24", per_network=2)
        assert store.open_of("203.0.113.0/24") == 2
        with pytest.raises(RoomsFull) as full:
            store.create("CCCCCCC", "toepen", {}, [], "token9", network="203.0.113.0/24",
                         per_network=2)
        assert full.value.code == "too_many_rooms" and store.room("CCCCCCC") is None
        store.create("DDDDDDD", "toepen", {}, [], "token8", network="203.0.114.0/24",
                     per_network=2)  # another network
        store.expire(-1.0, 1e9)  # every lobby is idle: deleted
        assert store.open_of("203.0.113.0/24") == 0
        store.create("CCCCCCC", "toepen", {}, [], "token9", network="203.0.113.0/24",
                     per_network=2)
        assert store.open_among(["AAAAAAA", "CCCCCCC", "ZZZZZZZ"]) == ["CCCCCCC"]
    finally:
        store.close()


def test_the_rooms_counted_are_bounded(tmp_path: Path) -> None:
    """A network's cap never passes the server's ``max_rooms`` (it can hold no more, and
    ``--unmetered`` lifts the cap), and ``max_rooms`` is counted by the store in the
    creation's own transaction (``busy``, nothing stored)."""
    assert Doors(Limits.unmetered(), max_rooms=3).room_cap == 3
    assert Doors(Limits(rooms_per_network=2), max_rooms=3).room_cap == 2
    store = Store(tmp_path / "rooms.sqlite")
    try:
        for i, code in enumerate(["AAAAAAA", "BBBBBBB"]):
            store.create(code, "toepen", {}, [], f"token{i}", network=f"10.0.{i}.0/24",
                         per_network=5, max_rooms=2)
        with pytest.raises(RoomsFull) as full:
            store.create("CCCCCCC", "toepen", {}, [], "token9", network="10.0.9.0/24",
                         per_network=5, max_rooms=2)
        assert full.value.code == "busy" and store.open_rooms() == 2
    finally:
        store.close()


def test_the_sockets_of_a_network_are_counted_and_given_back() -> None:
    """Opening and closing count to the address and its network alike, IPv4 /24 and
    IPv6 /56, and a network with no socket left has no entry (the tables never outgrow
    the sockets open)."""
    doors = Doors(Limits(sockets_per_address=2, sockets_per_network=3))
    assert doors.may_open_socket("203.0.113.1") and doors.may_open_socket("203.0.113.1")
    assert not doors.may_open_socket("203.0.113.1")  # the address's 2
    assert doors.may_open_socket("203.0.113.2")
    assert not doors.may_open_socket("203.0.113.3")  # the network's 3
    assert doors.may_open_socket("2001:db8:aa:bb::1")
    doors.closed_socket("203.0.113.1")
    assert doors.may_open_socket("203.0.113.3")
    for address in ("203.0.113.1", "203.0.113.2", "203.0.113.3", "2001:db8:aa:bb::1"):
        doors.closed_socket(address)
    assert doors.sockets == {} and doors.net_sockets == {}


@pytest.mark.parametrize("field", ["sockets_per_network", "rooms_per_network"])
@pytest.mark.parametrize("count", [0, -1, True, 2.5, "256", None])
def test_the_caps_of_a_network_are_counts(field: str, count: object) -> None:
    with pytest.raises(ValueError, match=field):
        Limits(**{field: count})  # type: ignore[arg-type]
    assert getattr(Limits.unmetered(), field) >= 10**9


# -- look-ups for pages of other sites -------------------------------------------------------
FOREIGN = [
    {"sec-fetch-site": "cross-site", "sec-fetch-mode": "no-cors", "sec-fetch-dest": "image"},
    {"sec-fetch-site": "cross-site", "sec-fetch-mode": "cors", "sec-fetch-dest": "empty"},
    {"sec-fetch-site": "same-site", "sec-fetch-mode": "no-cors", "sec-fetch-dest": "image"},
    {"sec-fetch-site": "cross-site", "sec-fetch-mode": "navigate", "sec-fetch-dest": "iframe"},
    {"referer": "https://evil.example/page.html"},  # a browser without fetch metadata
    {"origin": "https://evil.example"},
]


@pytest.mark.parametrize("headers", FOREIGN)
def test_a_look_up_or_qr_code_for_a_page_of_another_site_is_refused(
        server: Server, headers: dict[str, str]) -> None:
    """A page of another site could look rooms up and draw their QR codes with its
    visitor's browser (an image, a fetch), on the look-ups of the visitor's address:
    refused ``cross_site`` (403) before any is spent."""
    code = server.create(**FORM)["code"]
    for path in (f"/api/rooms/{code}", f"/qr/{code}.svg"):
        assert refused(send(server, "GET", path, None, headers)) == (403, "cross_site")


@pytest.mark.parametrize("headers", [
    {"sec-fetch-site": "cross-site", "sec-fetch-mode": "navigate",
     "sec-fetch-dest": "document", "referer": "https://chat.example/"},
    {"sec-fetch-site": "none", "sec-fetch-mode": "navigate", "sec-fetch-dest": "document"},
    {"sec-fetch-site": "same-origin", "sec-fetch-mode": "cors", "sec-fetch-dest": "empty"},
    {},  # curl, a bot, the load script
])
def test_a_person_opening_a_room_from_another_site_reaches_it(
        server: Server, headers: dict[str, str]) -> None:
    """A room's link opened from a chat app or an e-mail is a navigation from another
    site: its page, its look-up and its QR code are served, as are the page's own
    fetches (``same-origin``) and a client that names no page."""
    code = server.create(**FORM)["code"]
    status, _, page = send(server, "GET", f"/j/{code}", None, headers)
    assert status == 200 and b"<html" in page
    status, _, body = send(server, "GET", f"/api/rooms/{code}", None, headers)
    assert (status, json.loads(body)["code"]) == (200, code)
    status, answer, _ = send(server, "GET", f"/qr/{code}.svg", None, headers)
    assert (status, answer["content-type"]) == (200, "image/svg+xml")
