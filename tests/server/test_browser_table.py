"""The phone table in a real browser: what it shows around the taps.

The offline state (input refused out loud while the socket is down, and back when it
returns), the connection indicator across a language switch, long names shown whole,
the last move animated (and not under reduced motion), the turn alert in the
tab's title, the TV view's wide layout, and a twelve-seat Shithead room dealt from three
decks. Whole games played by tapping cards are in
``test_browser.py``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.server.helpers import LEGAL, Phones, Server, by_priority, calm, tap, until

TOEPEN = {"keep": 0, "accept": 1, "stay": 2, "play": 4, "knock": 5, "fold": 6}
OFFLINE_EN = "No connection: nothing you tap is sent until it is back."


def one_phone_against_bots(phones: Phones, server: Server, name: str = "Amal",
                           **options: Any) -> Any:
    room = server.create(game="toepen", players=3, name=name, seed=1, bot="random",
                         rules={"limit": 3})
    page = phones.open(room["url"], **options)
    page.click("#start")
    return page


def my_turn_to_play(page: Any) -> None:
    """Tap by priority until the phone is asked to play a card (a lifted card in hand)."""
    for _ in range(40):
        until(page, "body[data-myturn='1']")
        if page.locator("#hand .card.pick.lifted").count():
            return
        version = page.get_attribute("body", "data-version")
        tap(page, by_priority(TOEPEN)(page.evaluate(LEGAL), page))
        until(page, f"body:not([data-version='{version}'])")
    raise AssertionError("the phone was never asked to play a card")


def test_offline_refuses_taps_out_loud_and_comes_back(tmp_path: Path, browser: Any) -> None:
    server = Server(tmp_path / "rooms.sqlite").start()
    phones = Phones(browser, server)
    try:
        page = one_phone_against_bots(phones, server)
        my_turn_to_play(page)
        expect(page.locator("#offline")).to_be_hidden()
        version = page.get_attribute("body", "data-version")
        sent = len(phones.frames[0])
        server.kill()
        until(page, "body[data-offline='1']")
        expect(page.locator("#offline")).to_be_visible()
        expect(page.locator("#offline")).to_have_text(OFFLINE_EN)
        expect(page.locator("#conn")).to_have_text("reconnecting…")
        lifted = page.locator("#hand .card.pick.lifted").first
        # dimmed (the opacity eases in over a CSS transition: wait for it, do not sample it)
        page.wait_for_function("e => parseFloat(getComputedStyle(e).opacity) < 0.5",
                               arg=lifted.element_handle(), timeout=5_000)
        calm(page)
        lifted.click()  # refused, and the phone says why
        expect(page.locator("#error.shown")).to_have_text(OFFLINE_EN)
        assert page.get_attribute("body", "data-pending") is None
        assert page.get_attribute("body", "data-version") == version
        assert page.locator("#hand .card.pick.chosen").count() == 0  # nothing half-chosen
        server.start()
        until(page, "body[data-offline='0']", timeout=20_000)
        expect(page.locator("#offline")).to_be_hidden()
        tap(page, by_priority(TOEPEN)(page.evaluate(LEGAL), page))  # the same tap now plays
        until(page, f"body:not([data-version='{version}'])")
        assert len(phones.frames[0]) > sent
        assert not phones.errors
    finally:
        phones.close()
        server.stop()


def test_a_language_switch_keeps_the_live_indicator(server: Server, browser: Any) -> None:
    phones = Phones(browser, server)
    try:
        page = one_phone_against_bots(phones, server)
        until(page, "body[data-connected='1'][data-version]")
        expect(page.locator("#conn")).to_have_text("live")
        page.select_option("#lang", "ar")
        until(page, "html[dir=rtl][lang=ar]")
        expect(page.locator("#conn")).to_have_text("متصل")  # "live", not "connecting…"
        assert not phones.errors
    finally:
        phones.close()


def test_long_names_are_shown_whole(server: Server, browser: Any) -> None:
    """A name was cut at 14rem with an ellipsis ("Wolfgang-Amadeus Moz…"); it is shown
    whole (wrapped where it must be: see test_browser_reading), its title kept."""
    phones = Phones(browser, server)
    long = "Wolfgang-Amadeus Mozarts"  # 24 characters, the longest name a seat takes
    try:
        page = one_phone_against_bots(phones, server, name=long)
        until(page, "body[data-version]")
        name = page.locator(".seat.you .who strong")
        expect(name).to_have_text(long)
        assert name.get_attribute("title") == long  # the whole name on a long press too
        cut = name.evaluate("e => e.scrollWidth > e.clientWidth || e.scrollHeight > e.clientHeight")
        assert cut is False
        assert page.evaluate("() => document.documentElement.scrollWidth <= innerWidth")
        assert not phones.errors
    finally:
        phones.close()


@pytest.mark.ruling("SHD-02")
def test_a_twelve_seat_shithead_room_is_dealt_from_three_decks(server: Server,
                                                               browser: Any) -> None:
    """The form offers Shithead up to 17 seats: a room of 12 with the default rules
    starts from the phone, dealt from three decks, and its table fits the phone."""
    phones = Phones(browser, server)
    try:
        room = server.create(game="shithead", players=12, name="Amal", seed=4, bot="smart")
        page = phones.open(room["url"])
        page.click("#start")
        until(page, "body[data-myturn='1']")
        expect(page.locator(".seat")).to_have_count(12)
        version = page.get_attribute("body", "data-version")
        tap(page, by_priority({"done": 0})(page.evaluate(LEGAL), page))  # keep the deal
        until(page, f"body:not([data-version='{version}'])")
        state, _ = server.saved(room["code"])
        assert state.rules.decks == 3 and len(state.players) == 12 and state.version >= 1
        assert page.evaluate("() => document.documentElement.scrollWidth <= innerWidth")
        assert not phones.errors
    finally:
        phones.close()


def test_the_last_move_slides_and_the_turn_is_announced(server: Server, browser: Any) -> None:
    phones = Phones(browser, server)
    try:
        page = one_phone_against_bots(phones, server)
        my_turn_to_play(page)
        assert page.title().startswith("● Your turn · ")
        alerts = int(page.get_attribute("body", "data-alerts") or 0)
        assert alerts >= 1
        version = page.get_attribute("body", "data-version")
        before = int(page.get_attribute("body", "data-moved") or 0)
        card = page.locator("#hand .card.pick.lifted").first
        code = card.get_attribute("data-code")
        calm(page)
        card.click()  # one tap plays it
        until(page, f"body:not([data-version='{version}'])")
        expect(page.locator(f"#hand .card[data-code='{code}']")).to_have_count(0)
        # the card went from the hand to the trick, and slid there
        assert int(page.get_attribute("body", "data-moved") or 0) > before
        if page.get_attribute("body", "data-myturn") == "0":
            assert not page.title().startswith("●")
        assert not phones.errors
    finally:
        phones.close()


def test_reduced_motion_moves_nothing(server: Server, browser: Any) -> None:
    phones = Phones(browser, server)
    try:
        page = one_phone_against_bots(phones, server, reduced_motion="reduce")
        my_turn_to_play(page)
        version = page.get_attribute("body", "data-version")
        before = int(page.get_attribute("body", "data-arrived") or 0)
        calm(page)
        page.locator("#hand .card.pick.lifted").first.click()
        until(page, f"body:not([data-version='{version}'])")
        assert int(page.get_attribute("body", "data-arrived") or 0) > before  # cards came...
        assert page.get_attribute("body", "data-moved") == "0"  # ...and none slid
        assert page.locator(".card.moving").count() == 0
        assert not phones.errors
    finally:
        phones.close()


def test_dimmed_cards_cannot_be_played(server: Server, browser: Any) -> None:
    """Toepen: a player who must follow suit sees the other suits dimmed; tapping one
    sends nothing."""
    phones = Phones(browser, server)
    try:
        page = one_phone_against_bots(phones, server)
        for _ in range(40):
            my_turn_to_play(page)
            if page.locator("#hand .card.pick.dim").count():
                break
            version = page.get_attribute("body", "data-version")
            tap(page, by_priority(TOEPEN)(page.evaluate(LEGAL), page))
            until(page, f"body:not([data-version='{version}'])")
        else:
            raise AssertionError("no hand with a card that may not be played")
        version = page.get_attribute("body", "data-version")
        dim = page.locator("#hand .card.pick.dim").first
        page.wait_for_function("e => parseFloat(getComputedStyle(e).opacity) < 0.6",
                               arg=dim.element_handle(), timeout=5_000)  # after its transition
        calm(page)
        # a screen reader is told it does nothing (Playwright waits for an enabled target:
        # the finger's tap is forced, as a finger taps whatever is drawn)
        assert dim.get_attribute("aria-disabled") == "true"
        dim.click(force=True)
        assert page.get_attribute("body", "data-pending") is None
        assert page.get_attribute("body", "data-version") == version
        assert page.locator("#hand .card.pick.chosen").count() == 0
        assert not phones.errors
    finally:
        phones.close()


def test_the_tv_view_is_laid_out_for_a_wide_screen(server: Server, browser: Any) -> None:
    phones = Phones(browser, server)
    try:
        room = server.create(game="toepen", players=3, name="Amal", seed=1, bot="random",
                             rules={"limit": 3})
        host = phones.open(room["url"])
        tv = phones.open(f"/s/{room['code']}", viewport=(1920, 1080))
        host.click("#start")
        until(tv, "body[data-version]")
        expect(tv.locator("#prompt")).to_be_hidden()  # no empty prompt bar
        expect(tv.locator("#hand")).to_be_hidden()
        table = tv.locator("#table").bounding_box()
        events = tv.locator("#events").bounding_box()
        assert table is not None and events is not None
        assert table["width"] > 1000  # the table uses the screen's width...
        assert events["x"] > table["x"] + table["width"] - 1  # ...with what happened beside it
        assert tv.evaluate("() => document.documentElement.scrollWidth <= innerWidth")
        assert not phones.errors
    finally:
        phones.close()
