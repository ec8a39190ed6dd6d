"""Take the app guide's phone screenshots with the room server and Debian's Chromium.

Usage, from the repository root (needs the ``test`` extra and ``/usr/bin/chromium``)::

    python docs/_tools/screens.py

It starts ``tablegames serve`` on a free loopback port with a throw-away SQLite file,
seats three phones (390 x 844, a common phone size) in fixed-seed rooms and writes PNGs
into ``docs/_static/screens/``: the lobby with its QR code, a Toepen hand, Dallah's
report screen with its countdown, the same Dallah table in Arabic, the Biggest Loser
screen, a Shithead pair being chosen card by card, Shithead's face-down cards waiting to
be tapped, a phone whose server went down, and the shared screen on a 1920 x 1080 TV.
Same seeds, same pictures.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "docs" / "_static" / "screens"
sys.path.insert(0, str(ROOT))

from tests.server.helpers import (  # noqa: E402
    CHROMIUM,
    CHROMIUM_ARGS,
    LEGAL,
    Phones,
    Server,
    by_priority,
    play,
    tap,
)

NAMES = ["Amal", "Bo", "Cy"]


def seat_phones(browser: Any, server: Server, game: str, seed: int, lang: str = "en",
                **spec: Any) -> Phones:
    phones = Phones(browser, server, lang)
    room = server.create(game=game, players=3, name=NAMES[0], bot="", seed=seed, **spec)
    phones.open(room["url"])
    for name in NAMES[1:]:
        phones.open(server.join(room["code"], name)["url"])
    phones.wait_version(0)
    return phones


def tap_until(phones: Phones, choose: Any, stop: Any, limit: int = 400) -> int:
    """Tap by priority until ``stop(page, version)`` holds for the phone to act."""
    version = phones.version(0)
    for _ in range(limit):
        phones.wait_version(version)
        seat = int(phones.pages[0].get_attribute("body", "data-toact") or 0)
        page = phones.pages[seat]
        page.wait_for_selector(f"body[data-version='{version}'][data-myturn='1']", state="attached")
        if stop(page, version):
            return seat
        tap(page, choose(page.evaluate(LEGAL), page))
        version += 1
    raise RuntimeError("the position was never reached")


#: The rank of a pair in the hand of the phone to act whose cards are each lifted, or null.
PAIR = ("() => { const ranks = Array.from(document.querySelectorAll('#hand .card.lifted b'))"
        ".map(b => b.textContent); return ranks.find((r, i) => ranks.indexOf(r) !== i) || null; }")


def shot(page: Any, name: str) -> None:
    page.wait_for_timeout(1300)  # let the "what happened" highlight fade
    page.screenshot(path=str(OUT / name))
    print("wrote", OUT / name)


def main() -> int:
    from playwright.sync_api import sync_playwright

    OUT.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as p:
        server = Server(Path(tmp) / "rooms.sqlite").start()
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            lobby = Phones(browser, server)
            room = server.create(game="dallah", players=4, name="Amal", bot="model")
            page = lobby.open(room["url"])
            server.join(room["code"], "Bo")
            page.wait_for_selector("ol.seats li:nth-child(2).taken")
            shot(page, "lobby.png")
            lobby.close()

            toepen = seat_phones(browser, server, "toepen", seed=7)
            order = {"keep": 0, "accept": 1, "stay": 2, "play": 4}
            tap_until(toepen, by_priority(order),
                      lambda page, v: v >= 5 and page.locator("#hand .card.lifted").count() >= 2
                      and page.locator("#hand .card.dim").count() >= 1)
            shot(toepen.pages[int(toepen.pages[0].get_attribute("body", "data-toact") or 0)],
                 "toepen-hand.png")
            toepen.close()

            shithead = seat_phones(browser, server, "shithead", seed=12)
            order = {"done": 0, "play": 1, "blind": 2, "pickup": 4}
            seat = tap_until(shithead, by_priority(order), lambda page, v: page.evaluate(PAIR))
            page = shithead.pages[seat]
            page.locator("#hand .card.lifted", has=page.locator("b")).filter(
                has_text=page.evaluate(PAIR)).first.click()
            shot(page, "shithead-pair.png")
            shithead.close()

            shithead = seat_phones(browser, server, "shithead", seed=12)
            seat = tap_until(shithead, by_priority(order), lambda page, v: page.locator(
                ".seat.you .backs.down.tappable .card.lifted").count() >= 2)
            shot(shithead.pages[seat], "shithead-blind.png")
            shithead.close()

            offline = Server(Path(tmp) / "offline.sqlite").start()
            try:
                phones = Phones(browser, offline)
                room = offline.create(game="toepen", players=3, name="Amal", seed=7, bot="random")
                page = phones.open(room["url"])
                page.click("#start")
                page.wait_for_selector("body[data-myturn='1']", state="attached")
                offline.kill()
                page.wait_for_selector("body[data-offline='1']", state="attached")
                shot(page, "offline.png")
                phones.close()
            finally:
                offline.stop()

            tv = seat_phones(browser, server, "toepen", seed=7)
            code = tv.pages[0].text_content("#code")
            screen = tv.open(f"/s/{code}", viewport=(1920, 1080))
            tap_until(tv, by_priority({"keep": 0, "accept": 1, "stay": 2, "play": 4}),
                      lambda page, v: v >= 6)
            screen.wait_for_selector("body[data-version]", state="attached")
            shot(screen, "tv.png")
            tv.close()

            for lang, name in (("en", "dallah-report.png"), ("ar", "dallah-arabic.png")):
                dallah = seat_phones(browser, server, "dallah", seed=3, lang=lang)
                order = {"draw": 0, "roll": 1, "settled": 2, "allow": 3, "target": 4}
                seat = tap_until(dallah, by_priority(order),
                                 lambda page, v: page.locator("#countdown").count() > 0
                                 and page.locator("#several").count() > 0)
                page = dallah.pages[seat]
                if lang == "en":  # show the several-cups mode with one cup chosen
                    page.click("#several")
                    page.locator(".report .fell").first.click()
                shot(page, name)
                dallah.close()

            end = seat_phones(browser, server, "dallah", seed=9)
            order = {"draw": 0, "roll": 1, "fell": 2, "allow": 3, "target": 4, "settled": 5}
            play(end, by_priority(order), start=0)
            end.pages[1].wait_for_selector("#result:not([hidden])")
            shot(end.pages[1], "dallah-loser.png")
            end.close()
        finally:
            browser.close()
            server.stop()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
