"""What a phone usability test of the table found, in a real Chromium.

A second tap on a button that just appeared under the finger ("Stay in", then "Knock" on
the same spot) does nothing for a moment; every table fact keeps its label and value on
one line; the shared screen opened on a phone is laid out like a phone's table; no empty
box or gap where Dallah's panel or a hand is empty; the join page says who sits in the
room in the page's language (and again after a language switch); the seat's own row
says "your turn", not "their turn".
"""

from __future__ import annotations

import re
import time
from typing import Any

import pytest

from tests.server.helpers import (
    LEGAL,
    Phones,
    Server,
    Socket,
    calm,
    new_phones,
    tap,
    until,
    until_true,
)
from tests.server.test_browser_layout import settle


def action(page: dict[str, Any], verb: str) -> str:
    """The notation of the socket seat's action with ``verb``."""
    found = [a["n"] for a in page["actions"] if a["verb"] == verb]
    assert found, (verb, [a["verb"] for a in page["actions"]])
    return str(found[0])


def wait_act(sock: Socket, verb: str) -> dict[str, Any]:
    """The socket seat's next page that offers ``verb``."""
    while True:
        m = sock.recv("update")
        if any(a["verb"] == verb for a in m["page"]["actions"]):
            return m["page"]


# -- 1. a tap on what just appeared under the finger ----------------------------------------
def test_a_second_tap_on_a_button_that_just_appeared_there_does_nothing(
        server: Server, browser: Any, phones: list[Phones]) -> None:
    """Bo knocks; Amal taps "Stay in" and the page redraws with "Knock" on that very spot.
    A second tap there at once (a double tap) is ignored: nothing is sent, the stake stays.
    The same tap after the pause (TAP_GUARD_MS, 450 ms) knocks (told to Amal as "You
    knocked")."""
    ph = new_phones(phones, browser, server, "en")
    room = server.create(game="toepen", players=2, name="Amal", seed=1, bot="")
    bo = Socket(server, "/ws/p/" + server.join(room["code"], "Bo")["url"].rsplit("/", 1)[1])
    try:
        bo.send({"type": "hello", "since": None, "lang": "en"})
        page = ph.open(room["url"])
        until(page, "body[data-myturn='1'] button[data-verb='keep']")
        until(page, "body:not([data-guard='1'])")
        page.click("button[data-verb='keep']")
        p = wait_act(bo, "keep")
        bo.act(action(p, "keep"), p["version"])
        until(page, "body[data-myturn='1'] button[data-verb='knock']")
        p = bo.page
        assert p is not None
        bo.act(action(p, "knock"), p["version"])  # Bo knocks out of turn: Amal stays or folds
        until(page, "button[data-verb='stay']", state="visible")
        stay = page.query_selector("button[data-verb='stay']")
        assert stay is not None
        box = stay.bounding_box()
        assert box is not None
        x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        until(page, "body:not([data-guard='1'])")
        version = page.get_attribute("body", "data-version")
        page.mouse.click(x, y)  # the first tap: "Stay in"
        until(page, f"body:not([data-version='{version}']) button[data-verb='knock']")
        # the redraw put "Knock" under the finger
        assert page.evaluate("([x, y]) => document.elementFromPoint(x, y).closest('button')"
                             ".dataset.verb", [x, y]) == "knock"
        after_stay = page.get_attribute("body", "data-version")
        page.mouse.click(x, y)  # the second tap of the double tap, at once
        settle(page)
        # An absence (nothing sent), which no wait can see come: a tap that got through
        # would have marked the page pending at once, and its answer comes back within
        # this moment from the loopback server
        time.sleep(0.2)
        assert page.get_attribute("body", "data-version") == after_stay
        assert page.get_attribute("body", "data-pending") is None
        assert page.get_attribute("body", "data-ignored") == "1"
        assert "knocked" not in (page.text_content("#events") or "").replace("Bo knocked", "")
        # a moment later the same tap is a tap: once the guard is over (the page drops
        # data-guard when TAP_GUARD_MS has passed since "Knock" was drawn; before, a fixed
        # half second)
        calm(page)
        page.mouse.click(x, y)
        until(page, f"body:not([data-version='{after_stay}'])")
        page.wait_for_function("() => document.getElementById('events').textContent"
                               ".includes('You knocked')")
        assert not ph.errors
    finally:
        bo.close()


# -- 2. a fact's label and value on one line ------------------------------------------------
#: Each table fact whose label and value do not share a line: [label, value].
FACTS_SPLIT = """() => [...document.querySelectorAll('#table .facts dt')].flatMap(dt => {
  const dd = dt.nextElementSibling;
  const a = dt.getClientRects(), b = dd.getClientRects();
  const last = a[a.length - 1], first = b[0];
  const same = Math.abs((last.top + last.bottom) / 2 - (first.top + first.bottom) / 2) < 3;
  return same ? [] : [[dt.textContent, dd.textContent]];
})"""


@pytest.mark.parametrize(("game", "langs"), [
    ("toepen", ("nl", "ar", "en")), ("dallah", ("en", "ar")), ("phase10", ("da", "ar")),
    ("shithead", ("en", "ar"))])
def test_each_facts_label_and_value_share_a_line(game: str, langs: tuple[str, ...],
                                                 server: Server, browser: Any,
                                                 phones: list[Phones]) -> None:
    room = server.create(game=game, players=4, name="Amal", seed=3, bot="random")
    for i, lang in enumerate(langs):
        ph = new_phones(phones, browser, server, lang)
        page = ph.open(room["url"], viewport=(320, 700))
        if i == 0:
            page.click("#start")
        until(page, "body[data-version] #table .facts dt")
        assert page.evaluate("() => document.documentElement.lang") == lang
        for width in (320, 390):
            page.set_viewport_size({"width": width, "height": 800})
            settle(page)
            assert page.evaluate(FACTS_SPLIT) == [], (game, lang, width)
        assert not ph.errors


# -- 3. the shared screen on a phone --------------------------------------------------------
def test_the_shared_screen_on_a_phone_is_laid_out_like_a_phones_table(
        server: Server, browser: Any, phones: list[Phones]) -> None:
    ph = new_phones(phones, browser, server, "en")
    room = server.create(game="toepen", players=3, name="Alice", seed=1, bot="random",
                         rules={"limit": 3})
    host = ph.open(room["url"], viewport=(320, 568))
    screen = ph.open(f"/s/{room['code']}", viewport=(390, 844))
    # the socket's messages can be handed to the page as if the server sent them
    host.context.add_init_script(SOCKETS)
    host.reload()
    until(host, "#lobby:not([hidden]) #start", state="visible")
    host.evaluate("() => window.scrollTo(0, document.body.scrollHeight)")
    assert host.evaluate("() => window.scrollY") > 100  # Start is at the lobby's foot
    host.click("#start")
    until(host, "body[data-version] #table .seat")
    # the table opens at its top (it kept the lobby's scroll: the prompt above the screen)
    assert host.evaluate("() => document.documentElement.scrollHeight > innerHeight + 100")
    assert host.evaluate("() => window.scrollY") == 0
    # the same line again is counted on the line before it, not written again
    host.evaluate("""() => { const ws = window.__sockets[window.__sockets.length - 1];
      const v = Number(document.body.dataset.version);
      const line = {v, kind: "test", text: "The die is rolled again."};
      ws.dispatchEvent(new MessageEvent("message", {data: JSON.stringify(
        {type: "patch", from: v, to: v, patch: [], events: [line, line, line]})})); }""")
    assert host.evaluate("() => [...document.querySelectorAll('#events li')]"
                         ".filter(l => l.dataset.text === 'The die is rolled again.')"
                         ".map(l => l.textContent)") == ["The die is rolled again. (×3)"]
    # a language switch draws what happened again in the new language
    if host.get_attribute("body", "data-myturn") == "1":
        tap(host, host.evaluate(LEGAL)[0])
    until(host, "#events li:not([data-kind='test'])")
    host.select_option("#lang", "ar")
    until(host, "body[data-drawn='ar']")
    host.wait_for_function("() => [...document.querySelectorAll('#events li')].length > 0 &&"
                           " [...document.querySelectorAll('#events li')].every("
                           "l => /[\u0600-\u06ff]/.test(l.textContent))")
    # the shared screen says whose turn it is in words, not by a lighter seat alone
    until(screen, "body[data-version] #table .seat")
    until_true(screen, "() => [...document.querySelectorAll('.seat.turn .badge')]"
               ".some(b => b.textContent.trim() === 'their turn')")  # Playwright's :text-is
    assert screen.locator(".seat:not(.turn) .badge:text-is('their turn')").count() == 0
    settle(screen)
    table = screen.locator("#table").bounding_box()
    assert table is not None
    assert table["width"] >= 390 * 0.85, table
    seats = screen.evaluate("() => [...document.querySelectorAll('#table .seat')]"
                            ".map(s => { const r = s.getBoundingClientRect(); return [r.left, r.right]; })")
    assert seats
    for left, right in seats:
        assert left >= table["x"] - 1 and right <= table["x"] + table["width"] + 1, (seats, table)
    assert screen.evaluate("() => document.documentElement.scrollWidth <= innerWidth")
    assert not ph.errors


#: Keeps every socket the page opens (``window.__sockets``), so a test can hand the page
#: a message as if the server had sent it.
SOCKETS = """(() => { const Real = window.WebSocket;
  window.__sockets = [];
  window.WebSocket = class extends Real {
    constructor(...args) { super(...args); window.__sockets.push(this); } }; })()"""


# -- 4. no empty boxes -----------------------------------------------------------------------
EMPTY_BOXES = """() => ['#dallah', '#hand', '#actions', '#table .panel'].flatMap(sel =>
  [...document.querySelectorAll(sel)].filter(e => e.checkVisibility()
    && !e.textContent.trim() && !e.querySelector('.card, button')
    && e.getBoundingClientRect().height > 4).map(() => sel))"""


def test_empty_panels_and_hands_leave_no_box_or_gap(server: Server, browser: Any,
                                                     phones: list[Phones]) -> None:
    """Dallah before a card: no empty white bar under the prompt (its panel) and no blank
    gap above the table (a hand row with no cards: Dallah's seats hold none)."""
    ph = new_phones(phones, browser, server, "en")
    room = server.create(game="dallah", players=3, name="Amal", seed=5, bot="random")
    page = ph.open(room["url"], viewport=(390, 844))
    page.click("#start")
    until(page, "body[data-myturn='1']")
    settle(page)
    assert page.evaluate(EMPTY_BOXES) == []
    # the table follows the buttons without a gap
    gap = page.evaluate("() => document.getElementById('table').getBoundingClientRect().top"
                        " - document.getElementById('actions').getBoundingClientRect().bottom")
    assert gap < 24, gap
    assert not ph.errors


# -- 5. the join page's line ----------------------------------------------------------------
def join_line(page: Any) -> str:
    return str(page.text_content("#join-info") or "")


def test_the_join_page_says_the_room_in_the_pages_language(
        server: Server, browser: Any, phones: list[Phones]) -> None:
    """"Toepen room 94HUY8F: Anneke, ·, ·, ·" was English on a Dutch page, with Latin
    commas in Arabic, and never redrawn: now it is in the page's language, the names
    bidi-isolated and joined with the language's comma, the free seats counted in words,
    and a language switch redraws it."""
    room = server.create(game="toepen", players=4, name="Anneke", bot="")
    code = room["code"]
    server.join(code, "Bo")
    ph = new_phones(phones, browser, server, "nl")
    page = ph.open(f"/j/{code}")
    dutch = f"Toepen kamer {code}: \u2068Anneke\u2069, \u2068Bo\u2069; 2 plaatsen vrij"
    page.wait_for_function("t => document.getElementById('join-info').textContent === t",
                           arg=dutch)
    langs = page.evaluate("() => JSON.parse(document.getElementById('words').textContent)"
                          ".langs.map(l => l[0])")
    seen = {"nl": join_line(page)}
    for _ in range(len(langs) - 1):
        before = join_line(page)
        now = page.evaluate("() => document.documentElement.lang")
        page.select_option("#lang", langs[(langs.index(now) + 1) % len(langs)])
        page.wait_for_function("t => document.getElementById('join-info').textContent !== t",
                               arg=before)
        lang = page.evaluate("() => document.documentElement.lang")
        seen[lang] = join_line(page)
    assert seen["en"] == f"Toepen room {code}: \u2068Anneke\u2069, \u2068Bo\u2069; 2 seats free"
    ar = seen["ar"]
    assert re.search("[\u0600-\u06ff]", ar) and code in ar
    assert "\u2068Anneke\u2069" in ar and "\u060c" in ar and ", " not in ar and "·" not in ar
    assert "مقعدان شاغران" in ar  # two seats free, in Arabic's dual
    assert seen["da"].endswith("2 ledige pladser")
    assert not ph.errors


# -- 6. your own turn -----------------------------------------------------------------------
@pytest.mark.parametrize(("lang", "yours", "theirs"), [("en", "your turn", "their turn"),
                                                       ("ar", "دورك", "دوره")])
def test_the_own_seat_says_your_turn(lang: str, yours: str, theirs: str, server: Server,
                                     browser: Any, phones: list[Phones]) -> None:
    """Dallah's own row read "you · their turn" (the table is drawn from the spectator's
    side): it says "your turn" to its player; the shared screen keeps "their turn"."""
    ph = new_phones(phones, browser, server, lang)
    room = server.create(game="dallah", players=3, name="Amal", seed=5, bot="random")
    page = ph.open(room["url"])
    screen = ph.open(f"/s/{room['code']}", viewport=(1280, 720))
    page.click("#start")
    until(page, "body[data-myturn='1'] .seat.you .badge")
    badges = page.evaluate("() => [...document.querySelectorAll('.seat.you .badge')]"
                           ".map(b => b.textContent)")
    assert yours in badges and theirs not in badges, badges
    until(screen, ".seat[data-seat='0'] .badge")
    assert theirs in screen.evaluate("() => [...document.querySelectorAll("
                                     "\".seat[data-seat='0'] .badge\")].map(b => b.textContent)")
    if lang == "en":  # once: the shared screen's layout does not depend on the language
        # a card in play: its panel heads the left column; what happened starts right
        # under its heading in the right one (it began ~80 px lower, under the panel's row)
        legal = page.evaluate(LEGAL)
        tap(page, next((n for n in legal if ":draw" in n), legal[0]))
        until(screen, "#dallah:not([hidden]) .card-name")
        settle(screen)
        gap = screen.evaluate("() => document.getElementById('events').getBoundingClientRect().top"
                              " - document.querySelector('.events-title').getBoundingClientRect().bottom")
        assert gap < 16, gap
        # a named card's words stay inside it, on one line
        cut = screen.evaluate("() => [...document.querySelectorAll('.card.named')].filter(c =>"
                              " c.scrollWidth > c.clientWidth + 1"
                              " || c.querySelector('b').getClientRects().length > 1)"
                              ".map(c => c.textContent)")
        assert cut == []
    assert not ph.errors
