"""The phone table for people who need large text, a keyboard or a screen reader.

One server and one Chromium for the module. What helper-136 found using the rooms as
such people would: with the browser's text at 200 % (Chromium's own text-size setting,
through its DevTools protocol) the bar lost the game's name, pushed the language menu
off the screen and the page scrolled sideways (the lobby's code and QR code, and every
seat of the table, were wider than a 360 px phone); a lifted card had the keyboard's
focus without showing it (its outline hid the browser's ring); every card chosen with
Enter lost the focus to the page's start, as did every move; the prompt was not a live
region, so a screen reader never said whose turn it was; cards that do nothing were
buttons like the rest; the result panel was no dialog and took no focus; and its line of
losers cut the second long name to "Wolf…", readable only by hovering a title a phone
cannot hover.
"""

from __future__ import annotations

import re
import time
from typing import Any

import pytest

from tests.server.helpers import Phones, Server, Socket, calm, focused_name, new_phones, until
from tests.server.test_browser_layout import LAYOUT, settle

LATIN_24 = "Wolfgang-Amadeus Mozarts"

#: The element that has the focus: its id, its data-key (a card's place) and whether it
#: is inside ``#game``.
ACTIVE = ("() => { const a = document.activeElement;"
          " return [a.id, a.dataset.key || '', a.getAttribute('aria-pressed'), a.tagName]; }")


def large_text(page: Any, percent: int) -> None:
    """The browser's text size set as a person sets it (Chromium's font-size setting:
    the page's ``rem`` and the ``em`` of its media queries grow; its px do not)."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("Page.enable")
    cdp.send("Page.setFontSizes", {"fontSizes": {"standard": 16 * percent // 100,
                                                 "fixed": 13 * percent // 100}})
    settle(page)


def in_sight(page: Any, selector: str) -> bool:
    """Whether ``selector``'s box lies wholly on the screen, unscrolled."""
    box = page.locator(selector).bounding_box()
    size = page.viewport_size
    return (box is not None and box["x"] >= -0.5 and box["y"] >= -0.5
            and box["x"] + box["width"] <= size["width"] + 0.5
            and box["y"] + box["height"] <= size["height"] + 0.5)


# -- 1. text at 200 % ----------------------------------------------------------------------------
def test_text_at_200_percent_keeps_the_bar_lobby_and_table_on_a_phone(
        server: Server, browser: Any, phones: list[Phones]) -> None:
    """A 360x740 phone with its text at 200 %, an Arabic Shithead room whose host has a
    24-character Latin name: the lobby and the table never scroll sideways and nothing is
    off the screen or cut without its full text (the old page: 598 and 525 px wide), the
    bar shows the game's name and the whole language menu, and the prompt and the first
    button are in sight without scrolling."""
    ph = new_phones(phones, browser, server, "ar")
    room = server.create(game="shithead", players=4, name=LATIN_24, seed=5, bot="random")
    page = ph.open(room["url"], viewport=(360, 740))
    until(page, "#lobby:not([hidden]) #start", state="visible")
    large_text(page, 200)
    assert page.evaluate("() => getComputedStyle(document.documentElement).fontSize") == "32px"
    for where in ("lobby", "table"):
        assert page.evaluate(LAYOUT, "header.bar, main") == [], where
        assert page.evaluate("() => document.documentElement.scrollWidth"
                             " <= document.documentElement.clientWidth"), where
        assert page.locator("#title").bounding_box()["width"] >= 100, where  # type: ignore[index]
        assert in_sight(page, "#lang"), where
        if where == "lobby":
            assert in_sight(page, ".code-big")
            page.click("#start")
            until(page, "body[data-myturn='1']")
            settle(page)
    assert in_sight(page, "#prompt")
    assert in_sight(page, "#actions button")
    assert not ph.errors


# -- 2. the keyboard and a screen reader ---------------------------------------------------------
@pytest.mark.parametrize("checks_visibility", [True, False], ids=["today", "safari-before-17.4"])
def test_the_keyboard_keeps_its_place_and_shows_it_and_a_reader_hears_the_prompt(
        server: Server, browser: Any, phones: list[Phones], checks_visibility: bool) -> None:
    """Phase 10 by keyboard alone on a 360x740 phone. Before the draw the hand's cards do
    nothing: each is a disabled button to a screen reader (aria-disabled), and the prompt
    has the focus (Start, which had it, is gone), so a screen reader reads it there. Enter
    on 'Draw' moves the focus to the new prompt (not the page's start), which is read
    there, and the live region (role=status: see test_browser_reading) says what happened,
    not the prompt again; a Tab reaches the first card; Enter chooses it and the focus
    stays on it (pressed), with a ring that a lifted card without the focus does not have;
    Space takes the choice back, the focus still there."""
    ph = new_phones(phones, browser, server, "en")
    room = server.create(game="phase10", players=3, name="Amal", seed=5, bot="random")
    page = ph.open(room["url"], viewport=(360, 740))
    if not checks_visibility:  # a browser without Element.checkVisibility (iOS before 17.4)
        page.add_init_script("delete Element.prototype.checkVisibility;")
        page.reload()
        until(page, "#start", state="visible")
    assert page.evaluate("() => 'checkVisibility' in Element.prototype") is checks_visibility
    page.click("#start")
    until(page, "body[data-myturn='1'] button[data-verb=draw]")
    prompt = page.text_content("#prompt") or ""
    assert page.evaluate(ACTIVE)[0] == "prompt" and focused_name(page) == prompt != ""
    hand = page.locator("#hand .card.pick")
    assert hand.count() == 10
    assert page.locator("#hand").get_by_role("button", disabled=True).count() == 10
    assert page.get_by_role("button", name="Draw from the draw pile").first.is_enabled()

    version = page.get_attribute("body", "data-version")
    page.locator("#actions button[data-verb=draw]").focus()
    page.keyboard.press("Enter")
    until(page, f"body:not([data-version='{version}'])")
    calm(page)
    assert page.evaluate(ACTIVE)[0] == "prompt"
    now = page.text_content("#prompt") or ""
    assert now != prompt and focused_name(page) == now
    line = page.text_content("#last") or ""
    assert line and page.get_by_role("status").filter(has_text=line).count() == 1
    assert page.get_by_role("status").filter(has_text=now).count() == 0  # said once
    assert page.locator("#hand").get_by_role("button", disabled=True).count() == 0

    # Tab to the first card that leads to more than one move (a card that is only a
    # discard is played by its tap, as a finger's tap plays it)
    for _ in range(12):
        page.keyboard.press("Tab")
        if page.evaluate("() => JSON.parse(document.activeElement.dataset.uses || '[]').length") > 1:
            break
    key = page.evaluate(ACTIVE)[1]
    assert re.fullmatch(r"h\d+", key) and page.evaluate(ACTIVE)[2] == "false"
    page.keyboard.press("Enter")
    assert page.evaluate(ACTIVE)[1:3] == [key, "true"]  # chosen, and still the focus
    ring = """(e) => { const s = getComputedStyle(e); return [s.outlineStyle, s.outlineWidth,
                       s.outlineColor, s.outlineOffset]; }"""
    lifted = page.locator("#hand .card.pick.lifted:not(:focus)")
    assert lifted.count(), "no other card leads on from the chosen one"
    unfocused = lifted.first.evaluate(ring)
    lifted.first.focus()
    page.keyboard.press("Shift+Tab")  # the keyboard's own move: its ring is :focus-visible
    page.keyboard.press("Tab")
    assert page.evaluate("() => document.activeElement.classList.contains('lifted')")
    focused = page.evaluate(f"() => ({ring})(document.activeElement)")
    assert focused != unfocused and focused[0] != "none", "the focused card looks like the rest"
    page.locator(f"#hand .card.pick[data-key={key}]").focus()
    page.keyboard.press(" ")
    assert page.evaluate(ACTIVE)[1:3] == [key, "false"]
    assert not ph.errors


# -- 3. the result -------------------------------------------------------------------------------
NAMES = (LATIN_24, "عبد الرحمن محمد الأنصاري", "Hildegard-Maria Bingerud")


def all_people_play(server: Server, names: tuple[str, ...]) -> dict[str, Any]:
    """A Toepen room of people only (``names``), each seat playing its first legal move
    over its own socket until the game ends; returns the host's room."""
    room = server.create(game="toepen", players=len(names), name=names[0], seed=4, bot="",
                         rules={"limit": 2})
    paths = [room["url"]] + [server.join(room["code"], n)["url"] for n in names[1:]]
    socks = [Socket(server, "/ws/p/" + path.rsplit("/", 1)[1]) for path in paths]
    try:
        for s in socks:
            s.send({"type": "hello", "since": None})
        seen = socks[0].recv("update")["page"]
        deadline = time.monotonic() + 30
        while not seen["result"]:
            assert time.monotonic() < deadline, "the game did not end"
            seat = socks[seen["to_act"]]
            while seat.page is None or seat.page["version"] < seen["version"]:
                seat.recv("update")
            mine = seat.page
            if mine["actions"]:
                seat.send({"type": "act", "actions": [mine["actions"][0]["n"]],
                           "expect": mine["version"]})
            while True:
                seen = socks[0].recv("update")["page"]
                if seen["version"] > mine["version"]:
                    break
    finally:
        for s in socks:
            s.close()
    return room


def test_the_result_is_a_dialog_that_takes_the_focus_and_names_every_loser_whole(
        server: Server, browser: Any, phones: list[Phones]) -> None:
    """A Toepen game of three people with 24-character names ends. On a 320x568 phone in
    English and in Arabic the result is a dialog named by its title, which has the focus;
    each loser's name is shown whole (the line wraps: nothing cut, nothing beyond the
    panel); 'Back to the table' by keyboard hands the focus to the table's Play again."""
    room = all_people_play(server, NAMES)
    for lang in ("en", "ar"):
        ph = new_phones(phones, browser, server, lang)
        page = ph.open(room["url"], viewport=(320, 568))
        until(page, "#result:not([hidden])", state="visible")
        settle(page)
        title = page.text_content("#result h2") or ""
        dialog = page.get_by_role("dialog", name=title)
        assert dialog.count() == 1
        assert page.evaluate(ACTIVE)[0] == "result-title"
        losers = page.locator("#losers bdi")
        assert losers.count() >= 1
        assert {re.sub("[\u2066-\u2069]", "", t) for t in losers.all_text_contents()} <= set(NAMES)
        line = page.locator("#losers")
        assert line.evaluate("e => e.scrollWidth <= e.clientWidth"), "a loser's name is cut"
        panel = page.locator("#result").bounding_box()
        for name in losers.all():
            for r in name.evaluate("e => [...e.getClientRects()].map(r => [r.left, r.right])"):
                assert panel["x"] - 0.5 <= r[0] and r[1] <= panel["x"] + panel["width"] + 0.5
        assert page.evaluate(LAYOUT, "#result") == []
        page.locator("#result .foot button.small").focus()
        page.keyboard.press("Enter")
        assert page.locator("#result").is_hidden()
        assert page.evaluate(ACTIVE)[0] == "again-table"
        assert not ph.errors


# -- 4. the shared screen ------------------------------------------------------------------------
def test_a_1280x720_shared_screen_shows_every_seat_without_scrolling(
        server: Server, browser: Any, phones: list[Phones]) -> None:
    """An eight-seat Shithead table on a shared screen: at 1280x720 (a small TV, a
    projector) every seat with its cards lies on the screen, nobody having to scroll a
    TV (the old page ran 155 px below it); at 1920x1080 the cards keep their TV size."""
    room = server.create(game="shithead", players=8, name=LATIN_24, seed=3, bot="random")
    host = Socket(server, "/ws/p/" + room["url"].rsplit("/", 1)[1])
    try:
        host.send({"type": "hello", "since": None})
        host.recv("lobby")
        host.send({"type": "start"})
        host.recv("update")
    finally:
        host.close()
    ph = new_phones(phones, browser, server, "en")
    tv = ph.open(f"/s/{room['code']}", viewport=(1280, 720))
    until(tv, "body[data-version] #table .seat")
    settle(tv)
    seats = tv.locator("#table .seat")
    assert seats.count() == 8
    for i in range(8):
        box = seats.nth(i).bounding_box()
        assert box is not None and box["y"] + box["height"] <= 720.5, f"seat {i} at {box}"
    assert tv.evaluate("() => document.documentElement.scrollHeight <= innerHeight")
    assert tv.evaluate(LAYOUT, "header.bar, main") == []
    tv.set_viewport_size({"width": 1920, "height": 1080})
    settle(tv)
    card = tv.locator("#table .centre .card.back, #table .seat .group .card").last.bounding_box()
    assert card is not None and card["height"] >= 70  # 4.5rem: read from the sofa
    assert not ph.errors
