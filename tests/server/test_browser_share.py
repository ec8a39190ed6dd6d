"""The lobby's share link in Chromium: the address a room's link, its copy button and its
QR code carry (``app.js``'s ``shareOrigin``).

A room opened at this computer's own name (``127.0.0.1``, as a host at the server's
computer does) is shared at the server's ``share_url`` (the network address ``tablegames
serve --host 0.0.0.0`` finds, which a phone can open); without one, at the page's own
origin. ``test_lan.py`` checks the meta tag and the QR code's bytes through the app; here
the page itself is read: the link shown, its ``href``, what the copy button writes and
the QR code's image.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tablegames.server.app import qr_svg
from tests.server.helpers import InProcess, Phones, Server, new_phones, until, until_true

SHARE = "http://192.168.1.5:8000"

#: Instead of the clipboard (a headless browser's may be refused), keep what is copied.
KEEP_COPIES = """() => {
  window.tgCopied = [];
  Object.defineProperty(navigator, "clipboard", {configurable: true, value: {
    writeText: text => { window.tgCopied.push(text); return Promise.resolve(); }}});
}"""


@pytest.fixture(scope="module")
def sharing(tmp_path_factory: pytest.TempPathFactory) -> Iterator[InProcess]:
    """A server made with ``create_app(share_url=SHARE)``, in this process."""
    with InProcess(tmp_path_factory.mktemp("share") / "rooms.sqlite", share_url=SHARE) as srv:
        yield srv


def shared_at(server: Server, browser: Any, phones: list[Phones]) -> tuple[str, dict[str, Any]]:
    """Open a new room's lobby as its host at ``server``'s loopback address: its code and
    what the lobby shows of its link (text, href, the copy, the QR code's src, alt and
    image)."""
    room = server.create(game="toepen", players=3, name="Amal", bot="")
    ph = new_phones(phones, browser, server, "en")
    page = ph.open(room["url"])
    until(page, "#lobby:not([hidden]) p.link a")
    page.evaluate(KEEP_COPIES)
    page.click("#lobby p.link button")
    until_true(page, "() => window.tgCopied.length > 0", what="the link copied")
    shown = page.evaluate("""async () => {
      const a = document.querySelector("#lobby p.link a");
      const qr = document.querySelector("#lobby img.qr");
      return {text: a.textContent, href: a.getAttribute("href"), copied: window.tgCopied,
              src: qr.getAttribute("src"), alt: qr.alt, origin: location.origin,
              image: await (await fetch(qr.getAttribute("src"))).text()};
    }""")
    assert not ph.errors
    return room["code"], shown


def test_a_lobby_opened_at_the_servers_own_name_shares_its_network_address(
        sharing: InProcess, browser: Any, phones: list[Phones]) -> None:
    code, shown = shared_at(sharing, browser, phones)
    link = f"{SHARE}/j/{code}"
    assert shown["origin"] == sharing.url  # the page is at 127.0.0.1, which no phone opens
    assert (shown["text"], shown["href"], shown["copied"]) == (link, link, [link])
    assert (shown["src"], shown["alt"]) == (f"/qr/{code}.svg", link)
    assert shown["image"] == qr_svg(link).decode()


def test_without_a_share_url_a_lobby_shares_its_own_origin(
        server: Server, browser: Any, phones: list[Phones]) -> None:
    code, shown = shared_at(server, browser, phones)
    link = f"{server.url}/j/{code}"
    assert shown["origin"] == server.url
    assert (shown["text"], shown["href"], shown["copied"]) == (link, link, [link])
    assert (shown["src"], shown["alt"]) == (f"/qr/{code}.svg", link)
    assert shown["image"] == qr_svg(link).decode()
