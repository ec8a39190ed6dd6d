"""``tablegames serve --host 0.0.0.0`` names the addresses phones open (helper-169).

It printed ``http://<this computer's address>:8000/`` and left the host to find it, and a
room made from a page opened at ``localhost`` gave phones a link and a QR code that open
nothing on a phone. :func:`tablegames.server.lan.lan_addresses` finds the addresses (the
route's, then the host name's), here with the operating system's answers faked: a
computer with several interfaces, and one with no network at all.
"""

from __future__ import annotations

import io
import ipaddress
import socket
from pathlib import Path
from typing import Any

import pytest

from tablegames.server import lan
from tablegames.server.app import create_app, qr_svg
from tablegames.server.limits import Limits
from tests.server import helpers


class FakeNet:
    """The operating system's answers: the address a UDP socket connected to a private
    address gets (or an error: no route), and what the host name resolves to."""

    def __init__(self, routed: dict[int, str | None], named: dict[int, list[str]] | None) -> None:
        self.routed, self.named = routed, named
        self.probed: list[tuple[Any, ...]] = []

    def socket(self, family: int, kind: int) -> Any:
        assert kind == socket.SOCK_DGRAM
        net = self

        class Probe:
            """Has no send: a probe that sent anything would fail the test."""

            def __enter__(self) -> Probe:
                return self

            def __exit__(self, *exc: object) -> None:
                pass

            def connect(self, address: tuple[Any, ...]) -> None:
                net.probed.append(address)
                if net.routed.get(family) is None:
                    raise OSError(101, "Network is unreachable")

            def getsockname(self) -> tuple[Any, ...]:
                return (net.routed[family], 40000)

        return Probe()

    def getaddrinfo(self, host: str, port: Any, family: int, kind: int) -> list[Any]:
        assert host == "table"
        if self.named is None:
            raise socket.gaierror(-2, "Name or service not known")
        return [(family, kind, 17, "", (a, 0)) for a in self.named.get(family, [])]


@pytest.fixture
def fake(monkeypatch: pytest.MonkeyPatch) -> Any:
    def install(routed: dict[int, str | None],
                named: dict[int, list[str]] | None) -> FakeNet:
        net = FakeNet(routed, named)
        monkeypatch.setattr(lan.socket, "socket", net.socket)
        monkeypatch.setattr(lan.socket, "getaddrinfo", net.getaddrinfo)
        monkeypatch.setattr(lan.socket, "gethostname", lambda: "table")
        return net
    return install


V4, V6 = socket.AF_INET, socket.AF_INET6


def test_several_interfaces_give_the_routes_address_first_then_the_names(fake: Any) -> None:
    """Wi-Fi (the route out), a container bridge and a link-local address; Debian's
    ``127.0.1.1`` for the host name. Loopback and link-local are no address for a phone;
    each address comes once; the probe was a private address (nothing is sent)."""
    net = fake({V4: "192.168.1.5", V6: "fd12::5"},
               {V4: ["127.0.1.1", "192.168.1.5", "172.17.0.1", "169.254.3.3"],
                V6: ["fe80::1%wlan0", "::1", "2001:db8::5", "fd12::5"]})
    assert lan.lan_addresses("0.0.0.0") == ["192.168.1.5", "172.17.0.1"]
    assert lan.lan_addresses("::") == ["192.168.1.5", "172.17.0.1", "fd12::5", "2001:db8::5"]
    assert net.probed and all(ipaddress.ip_address(a[0]).is_private for a in net.probed)
    assert lan.url_host("fd12::5") == "[fd12::5]" and lan.url_host("10.0.0.2") == "10.0.0.2"


def test_without_a_route_the_host_names_addresses_are_used(fake: Any) -> None:
    fake({V4: None}, {V4: ["10.0.0.7"]})
    assert lan.lan_addresses() == ["10.0.0.7"]


@pytest.mark.parametrize("named", [None, {V4: ["127.0.1.1"]}, {V4: []}])
def test_no_network_leaves_the_loopback_address_alone(fake: Any, named: Any) -> None:
    fake({V4: None, V6: None}, named)
    assert lan.lan_addresses("0.0.0.0") == ["127.0.0.1"]
    assert lan.lan_addresses("::") == ["::1"]


@pytest.mark.parametrize(("host", "addresses", "said", "share"), [
    ("0.0.0.0", ["192.168.1.5", "172.17.0.1"],
     "tablegames: phones on this network join at http://192.168.1.5:8000/ "
     "(or http://172.17.0.1:8000/); a room made at localhost gives them that address",
     "http://192.168.1.5:8000"),
    ("::", ["fd12::5"], "join at http://[fd12::5]:8000/; a room made", "http://[fd12::5]:8000"),
    ("0.0.0.0", ["127.0.0.1"],
     "tablegames: no network found, so only this computer can join, at "
     "http://127.0.0.1:8000/", None),
    ("127.0.0.1", ["192.168.1.5"],
     "tablegames: listening on 127.0.0.1 only, so only this computer can join and phones "
     "cannot reach it: serve with --host 0.0.0.0", None),
])
def test_the_startup_line_names_the_addresses_and_the_app_shares_the_first(
        host: str, addresses: list[str], said: str, share: str | None, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """``tablegames serve``'s second line, and the address its app gives a room made at
    localhost (uvicorn is not started: the lines are written before it is)."""
    import uvicorn

    from tablegames.cli import main

    monkeypatch.setattr(lan, "lan_addresses", lambda host="0.0.0.0": list(addresses))
    apps: list[Any] = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: apps.append(app))
    out = io.StringIO()
    assert main(["serve", "--host", host, "--db", str(tmp_path / "rooms.sqlite")], out=out) == 0
    lines = out.getvalue().splitlines()
    assert len(lines) == 2 and said in lines[1], lines
    assert "<this computer's address>" not in out.getvalue()
    assert apps[0].state.share_url == share


def asgi_get(app: Any, path: str, host: str) -> tuple[int, bytes]:
    """One GET through the app itself (no process, no socket): its status and body."""
    sent: list[dict[str, Any]] = []
    helpers.asgi_get(app, path, host, sent)
    return sent[0]["status"], b"".join(m.get("body", b"") for m in sent[1:])


def test_a_room_made_at_localhost_shares_the_network_address(tmp_path: Path) -> None:
    """The QR code of a room whose page was opened at ``localhost`` or ``127.0.0.1`` carries
    ``share_url``; opened at any other address it carries that one, as before. The pages
    hold ``share_url`` for the room's link (``app.js``'s ``shareOrigin``)."""
    share = "http://192.168.1.5:8000"
    app = create_app(tmp_path / "rooms.sqlite", bot_delay=0, limits=Limits.unmetered(),
                     share_url=share)
    code, _ = app.state.hub.create({"game": "toepen", "players": 2, "name": "Amal"})
    for host in ("localhost:8000", "127.0.0.1:8000", "[::1]:8000"):
        assert asgi_get(app, f"/qr/{code}.svg", host) == (200, qr_svg(f"{share}/j/{code}"))
    for host in ("192.168.1.5:8000", "tables.example.org"):
        assert asgi_get(app, f"/qr/{code}.svg", host) == (200, qr_svg(f"http://{host}/j/{code}"))
    for page in ("/", f"/j/{code}"):
        status, html = asgi_get(app, page, "localhost:8000")
        assert status == 200
        assert f'<meta name="tablegames-share" content="{share}">'.encode() in html
    plain = create_app(tmp_path / "plain.sqlite", bot_delay=0)
    assert b"tablegames-share" not in asgi_get(plain, "/", "localhost:8000")[1]
    code, _ = plain.state.hub.create({"game": "toepen", "players": 2, "name": "Amal"})
    assert asgi_get(plain, f"/qr/{code}.svg", "localhost:8000")[1] == qr_svg(
        f"http://localhost:8000/j/{code}")


@pytest.mark.parametrize("bad", ["192.168.1.5:8000", "ftp://x", "http://x/j/", "http://", 5,
                                 True, "http://" + "a" * 300, "http://a b"])
def test_a_share_url_that_no_phone_could_open_is_refused(bad: Any, tmp_path: Path) -> None:
    from tablegames.common.errors import SetupError

    with pytest.raises(SetupError, match="share_url is an address such as"):
        create_app(tmp_path / "rooms.sqlite", share_url=bad)
    assert not (tmp_path / "rooms.sqlite").exists()  # refused before the store is opened
