"""A tester's round on phone-sized Chromium, tapping only: what was left to do.

Play again at the end of a game (every seated phone, in the page's language, the shared
screen following), a language menu that shows the page's language, Phase 10's piles that
draw and take when tapped, the words a full room's phones get when its game starts by
itself, a join form that says a name is too long instead of cutting it, and a phone on
its side that uses its width.
"""

from __future__ import annotations

from typing import Any

from tests.server.helpers import (
    LEGAL,
    Balancer,
    Phones,
    Server,
    by_priority,
    calm,
    new_phones,
    play,
    tap,
    until,
)
from tests.server.test_browser_layout import LAYOUT, ORDER, settle

#: Toepen to 2 penalty points: a whole game is a few dozen taps.
SHORT = {"limit": 2}


def two_phones(ph: Phones, server: Server, game: str, seed: int, **spec: Any) -> tuple[str, Any]:
    """A room of two people (Amal, Bo) on two phones, dealt; returns its code and the
    host's page."""
    room = server.create(game=game, players=2, name="Amal", bot="", seed=seed, **spec)
    host = ph.open(room["url"])
    until(host, "#lobby:not([hidden])", state="visible")
    ph.open(server.join(room["code"], "Bo")["url"])
    ph.wait_version(0)
    return room["code"], host


def test_play_again_deals_a_new_game_to_the_same_phones_and_screen(
        server: Server, browser: Any, phones: list[Phones]) -> None:
    ph = new_phones(phones, browser, server, "en")
    code, _ = two_phones(ph, server, "toepen", 21, rules=SHORT)
    screen = ph.open(f"/s/{code}")
    until(screen, "body[data-version='0']")
    amal, bo = ph.pages[0], ph.pages[1]
    bo.select_option("#lang", "nl")  # Bo's phone speaks Dutch
    until(bo, "html[lang=nl]")
    final = play(ph, by_priority(ORDER["toepen"]), start=0)
    for page in (amal, bo):
        until(page, f"body[data-version='{final}'][data-over='1']")
        until(page, "#result:not([hidden]) #again", state="visible")
    assert amal.text_content("#again") == "Play again"
    assert bo.text_content("#again") == "Nog een keer"
    until(screen, "#result:not([hidden])", state="visible")
    assert screen.locator("[data-again]").count() == 0  # nobody taps a TV
    # a player who closed the result finds the way on at the table
    amal.click("#result button:last-child")
    assert amal.locator("#again-table").is_visible()

    bo.click("#again")
    for page in (amal, bo, screen):
        until(page, "body[data-version='0'][data-over='0']")
        until(page, "#result", state="hidden")
        assert page.get_attribute("body", "data-notice") == "again_dealt"
    assert amal.text_content("#last") == "Bo dealt a new game: same players, same house rules."
    assert bo.text_content("#last") == (
        "Bo heeft een nieuw spel gedeeld: dezelfde spelers, dezelfde huisregels.")
    assert amal.locator("#events li").count() == 0  # the last game's story is gone
    assert amal.text_content("#code") == code
    state, actions = server.saved(code)
    assert state.version == 0 and actions == [] and list(state.players) == ["Amal", "Bo"]
    assert state.rules.limit == 2
    assert not ph.errors


def test_the_language_menu_shows_the_page_language_and_works_by_keyboard(
        server: Server, browser: Any, phones: list[Phones]) -> None:
    ph = new_phones(phones, browser, server, "en")
    page = ph.open("/")
    menu = page.locator("#lang")
    assert menu.evaluate("e => e.tagName") == "SELECT"
    assert page.input_value("#lang") == "en"
    assert menu.evaluate("e => e.selectedOptions[0].textContent") == "English"
    assert menu.get_attribute("aria-label") == "Language"
    arabic = page.locator("#lang option[value=ar]")
    assert (arabic.get_attribute("lang"), arabic.get_attribute("dir")) == ("ar", "rtl")
    page.focus("#lang")
    page.keyboard.press("ArrowDown")  # the next language, without a pointer
    until(page, "html[lang=ar][dir=rtl]")
    assert page.input_value("#lang") == "ar"
    assert menu.get_attribute("aria-label") == "اللغة"
    assert menu.evaluate("e => e.selectedOptions[0].textContent") == "العربية"
    # the menu sits at the bar's far end on a right-to-left page, inside the screen
    box = menu.bounding_box()
    assert box is not None and box["x"] < 100 and box["height"] >= 43.5
    assert page.evaluate("() => localStorage.getItem('tg-lang')") == "ar"
    assert not ph.errors


def test_phase10_piles_draw_and_take_when_tapped_and_only_then(
        server: Server, browser: Any, phones: list[Phones]) -> None:
    ph = new_phones(phones, browser, server, "en")
    _, host = two_phones(ph, server, "phase10", 5)
    seat = int(host.get_attribute("body", "data-toact"))
    me, other = ph.pages[seat], ph.pages[1 - seat]
    calm(me)
    piles = me.locator("#table .pile[role=button]")
    assert piles.count() == 2
    draw = me.locator("#table .pile[data-verb=draw]")
    take = me.locator("#table .pile[data-verb=take]")
    assert draw.get_attribute("aria-label") == me.text_content('button[data-action$=":draw"]')
    assert take.get_attribute("aria-label") == me.text_content('button[data-action$=":take"]')
    # the tap guard covers a pile as it covers every button
    assert draw.evaluate("e => e.matches(TARGET)")
    # nobody else's piles do anything
    assert other.locator("#table .pile[role=button], #table .pile[tabindex]").count() == 0
    other.locator("#table .pile").nth(1).click()
    other.wait_for_timeout(300)  # an absence (no move), which no wait can see come
    assert other.get_attribute("body", "data-version") == "0"
    hand = me.locator("#hand .card").count()
    # the discard pile by keyboard: Enter takes its top card
    take.focus()
    me.keyboard.press("Enter")
    ph.wait_version(1)
    assert me.locator("#hand .card").count() == hand + 1
    state, _ = server.saved(server_code(me))
    assert str(state.history[-1]).endswith(":take")
    # drawing is over for this turn: the piles are only drawn again
    calm(me)
    assert me.locator("#table .pile[role=button]").count() == 0
    me.locator("#table .pile").nth(1).click()
    me.wait_for_timeout(300)  # an absence (no move), which no wait can see come
    assert me.get_attribute("body", "data-version") == "1"
    assert not ph.errors


def server_code(page: Any) -> str:
    return str(page.text_content("#code"))


def test_a_full_room_tells_every_phone_why_the_game_started(
        server: Server, browser: Any, phones: list[Phones]) -> None:
    ph = new_phones(phones, browser, server, "ar")
    room = server.create(game="toepen", players=3, name="Amal", bot="", seed=2)
    host = ph.open(room["url"])
    until(host, "#lobby:not([hidden])", state="visible")
    ph.open(server.join(room["code"], "Bo")["url"])
    host.wait_for_function("() => document.querySelectorAll('#lobby li.taken').length === 2")
    ph.open(server.join(room["code"], "Cy")["url"])  # the last seat: no Start is pressed
    ph.wait_version(0)
    for page in ph.pages:
        until(page, "body[data-notice='all_here']")
        assert page.text_content("#last") == "أخذ \u2068Cy\u2069 آخر مقعد: الجميع هنا، تبدأ اللعبة."
    # the host sees who joined: every name at the table
    names = host.eval_on_selector_all("#table .seat .name", "ns => ns.map(n => n.textContent)")
    assert names == ["Amal", "Bo", "Cy"]
    assert not ph.errors


def test_the_join_form_says_a_name_is_too_long_and_never_cuts_it(
        server: Server, browser: Any, phones: list[Phones]) -> None:
    ph = new_phones(phones, browser, server, "en")
    room = server.create(game="toepen", players=3, name="Amal", bot="", seed=1)
    page = ph.open(f"/j/{room['code']}", viewport=(320, 568))
    field = page.locator("#join-form input[name=name]")
    long = "Bartholomew Alexander Fitzgerald"
    field.fill(long)
    assert field.input_value() == long  # kept as typed, not cut at 24
    error = page.locator("#join-form .field-error")
    assert error.text_content() == "A name has at most 24 characters: choose a shorter one."
    assert error.is_visible() and field.get_attribute("aria-invalid") == "true"
    assert field.get_attribute("aria-describedby") == error.get_attribute("id")
    page.click("#join-form button[type=submit]")
    page.wait_for_timeout(300)  # an absence (nothing sent), which no wait can see come
    assert page.url.endswith(f"/j/{room['code']}")  # not sent
    assert server.request(f"/api/rooms/{room['code']}")[1]["seats"] == ["Amal", None, None]
    # 24 emoji are 48 UTF-16 units and 24 characters: taken whole
    field.fill("")
    field.press_sequentially("🂡" * 24)
    assert field.input_value() == "🂡" * 24
    assert error.text_content() == "" and field.get_attribute("aria-invalid") is None
    page.click("#join-form button[type=submit]")
    page.wait_for_url("**/p/**")
    assert server.request(f"/api/rooms/{room['code']}")[1]["seats"][1] == "🂡" * 24
    assert not ph.errors


def test_a_phone_on_its_side_puts_the_table_beside_the_hand(
        server: Server, browser: Any, phones: list[Phones]) -> None:
    ph = new_phones(phones, browser, server, "en")
    code, host = two_phones(ph, server, "phase10", 5)
    screen = ph.open(f"/s/{code}", viewport=(844, 390))
    until(screen, "body[data-version='0']")

    def boxes(page: Any) -> dict[str, Any]:
        settle(page)
        return {k: page.locator(k).bounding_box() for k in ("#prompt", "#hand", "#table")}

    # on a low screen the table is taller than the screen: it scrolls with the page,
    # never cut off inside a box of its own (Dallah's protection cards were cut in half)
    host.set_viewport_size({"width": 844, "height": 300})
    settle(host)
    assert host.evaluate("() => { const t = document.getElementById('table');"
                         " return t.scrollHeight <= t.clientHeight + 1; }")
    host.set_viewport_size({"width": 844, "height": 390})
    side = boxes(host)
    # beside: the table starts right of the prompt and the hand, at the top of the page
    assert side["#table"]["x"] >= side["#prompt"]["x"] + side["#prompt"]["width"]
    assert side["#table"]["x"] >= side["#hand"]["x"] + side["#hand"]["width"]
    assert side["#table"]["y"] < side["#hand"]["y"]
    assert side["#prompt"]["width"] + side["#table"]["width"] > 700  # the width is used
    assert host.evaluate(LAYOUT, ".bar, #game") == []
    for width, height in ((390, 844), (320, 568)):  # upright: one column, as before
        host.set_viewport_size({"width": width, "height": height})
        up = boxes(host)
        assert up["#table"]["y"] >= up["#hand"]["y"] + up["#hand"]["height"]
        assert host.evaluate(LAYOUT, ".bar, #game") == []
    # a shared screen on a wide short screen keeps its TV layout: what happened beside
    tv = screen.locator("#table").bounding_box()
    events = screen.locator(".events-title").bounding_box()
    assert tv is not None and events is not None and events["x"] > tv["x"] + tv["width"]
    assert not ph.errors


def test_a_connection_that_stops_answering_goes_offline_and_comes_back(
        server: Server, browser: Any, phones: list[Phones]) -> None:
    """Behind a path that holds data without closing (a wifi that drops silently), the
    page said "live" for 45 s after a tap, and the tap hung. The page pings every
    ``heartbeat`` ms (4000 by default; 300 here): with no answer for twice that, it says
    it is offline, drops the socket and reconnects once the path carries data again,
    showing the table as it is. The host's greyed Start says why, in a room without bots."""
    room = server.create(game="toepen", players=2, name="Amal", bot="", seed=3, rules=SHORT)
    ph = new_phones(phones, browser, server, "en")
    host = ph.open(room["url"])
    until(host, "#lobby:not([hidden]) #start[disabled]", state="visible")
    assert host.text_content("#start-why") == (
        "No bots play in this room: the game starts once every seat is taken.")
    assert host.get_attribute("#start", "aria-describedby") == "start-why"
    wifi = Balancer([server])
    try:
        bo = ph.open(server.join(room["code"], "Bo")["url"])
        bo.goto(wifi.url + bo.url.removeprefix(server.url) + "?heartbeat=300")
        until(bo, "body[data-version='0'][data-connected='1']")
        if host.get_attribute("body", "data-myturn") == "1":  # Bo is to tap next
            tap(host, host.evaluate(LEGAL)[0])
        until(bo, "body[data-myturn='1']:not([data-pending='1'])")
        version = int(bo.get_attribute("body", "data-version") or 0)
        calm(bo)
        wifi.hold = True
        tap(bo, bo.evaluate(LEGAL)[0])
        # no answer within 2 x 300 ms: offline, said and shown, the tap no longer pending
        until(bo, "body[data-offline='1'][data-connected='0']", timeout=3000)
        assert bo.text_content("#conn") == "reconnecting…"
        assert bo.get_attribute("body", "data-pending") is None
        wifi.hold = False
        until(bo, "body[data-connected='1'][data-offline='0']", timeout=8000)
        # the table as it is: the held tap went through when the path came back, or it
        # was lost and may be tapped again; either way the phone shows the room's version
        now = int(host.get_attribute("body", "data-version") or 0)
        assert now in (version, version + 1)
        until(bo, f"body[data-version='{now}']")
        assert not ph.errors
    finally:
        wifi.stop()
