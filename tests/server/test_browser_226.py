"""The phone table tapped in Chromium, a second round (helper-226, session 59).

* A card played slid to the pile from the wrong place: the page looked each new card up
  by its code among every card on screen, and the table (drawn after the hand) won, so a
  hand card with a face-up twin (Shithead from three decks) or a copy under "Known in
  hand" started from there; another seat's card whose code the phone also held started
  from the phone's own hand. A card now starts from the copy that was tapped (its pool
  key), and another seat's from that seat's row (its face-up copy) or its seat.
"""

from __future__ import annotations

from typing import Any

from tests.server.helpers import Phones, Server, Socket, calm, new_phones, until, until_true
from tests.server.swap_rooms import CENTRE, FLIGHTS, SLOW, near, open_swap_room, ready

#: Each seat's box on the table, by seat: left, top, right, bottom.
SEATS = """() => Object.fromEntries([...document.querySelectorAll('#table .seat[data-seat]')].map(s => {
  const r = s.getBoundingClientRect(); return [s.dataset.seat, [r.left, r.top, r.right, r.bottom]]; }))"""


def test_a_played_card_slides_from_the_copy_tapped_and_a_bots_from_its_seat(
        server: Server, browser: Any, phones: list[Phones]) -> None:
    """Three decks, seed 51736 at 360x640: Amal holds 9♦ J♣ Q♠ and has 9♦ J♣ Q♠ face up.
    She plays a card of her hand: it slides from that hand card, not from its face-up
    twin on her row (the page found the card by code, and the row came last). The bot's
    card after it slides from the bot's seat, never from a copy in Amal's hand."""
    ph, page, _ = open_swap_room(phones, browser, server, seed=51736, decks=3,
                                 viewport=(360, 640), bypass_csp=True)  # for SLOW alone
    page.add_style_tag(content=SLOW)
    calm(page)
    ready(page)
    up = page.evaluate("() => [...document.querySelectorAll('#table .seat.you .card[data-code]')]"
                       ".map(c => c.dataset.code)")
    hand = page.evaluate("() => [...document.querySelectorAll('#hand .card.pick.lifted')]"
                         ".map(c => c.dataset.key)")
    twin = next(k for k in hand
                if page.get_attribute(f"#hand [data-key='{k}']", "data-code") in up)
    code, x, y = page.evaluate(CENTRE, f"#hand [data-key='{twin}']")
    seats = page.evaluate(SEATS)
    page.evaluate(FLIGHTS)
    page.click(f"#hand [data-key='{twin}']")
    until_true(page, "() => window.__flights.length >= 2")
    (mine, mx, my, _), (bots, bx, by, _) = page.evaluate("() => window.__flights")[:2]
    assert mine == code and near((mx, my), (x, y)), (code, (x, y), mine, (mx, my))
    # the bot plays next: its card starts in its own seat's box, not Amal's hand
    left, top, right, bottom = seats["1"]
    assert left <= bx <= right and top <= by <= bottom, (seats, bots, bx, by)
    assert not ph.errors


#: What the phone says: the connection indicator, the refusal line and whether it shows.
SAYS = """() => { const e = document.getElementById('error');
  return [document.getElementById('conn').textContent, e.textContent, e.classList.contains('shown')]; }"""

ELSEWHERE = "مقعدك مفتوح الآن على شاشة أخرى: أعد تحميل هذه الصفحة لتلعب هنا."


def test_a_phone_whose_seat_opened_elsewhere_keeps_saying_so(
        server: Server, browser: Any, phones: list[Phones]) -> None:
    """Toepen in Arabic: Amal's seat open on her phone and on two tabs of her tablet stays
    current on all three (a seat keeps up to four sockets); her tablet's fifth tab and
    more (here sockets) close her phone's socket (4409). The phone said why once, for 5 s, then showed
    "reconnecting…" for good (it never reconnects) and, at a tap, "no connection:
    nothing you tap is sent until the connection is back". Now it says that her seat
    is open on another screen and to reload, for as long as it stays open, and again at
    a tap; the table stays to be read, the indicator says nothing."""
    ph = new_phones(phones, browser, server, "ar")
    room = server.create(game="toepen", players=2, name="Amal", seed=1, bot="random",
                         rules={"limit": 3})
    page = ph.open(room["url"], viewport=(360, 640))
    page.clock.install()
    page.reload()
    page.click("#start")
    until(page, "body[data-version='0'][data-myturn='1']")
    tablet = ph.open(room["url"], viewport=(1280, 800))
    until(tablet, "body[data-version='0']")
    second = tablet.context.new_page()
    second.goto(server.url + room["url"])
    until(second, "body[data-version='0']")
    calm(tablet)
    tablet.click("button[data-action='0:keep']")
    for p in (page, second):  # every tab of the seat stays current
        until_true(p, "() => Number(document.body.dataset.version) >= 1")
    more = [Socket(server, "/ws/p/" + room["url"].rsplit("/", 1)[1]) for _ in range(2)]
    try:  # two more screens of her seat (sockets): the fifth closes the oldest, her phone
        for s in more:
            s.send({"type": "hello", "since": None})
            s.recv("update")
    finally:
        for s in more:
            s.close()
    until_true(page, "() => document.body.dataset.connected === '0'"
                     " && document.getElementById('error').textContent")
    assert page.evaluate(SAYS) == ["", ELSEWHERE, True]
    page.clock.fast_forward(6000)
    assert page.evaluate(SAYS) == ["", ELSEWHERE, True]
    page.locator("#hand .card").first.click(force=True)
    assert page.evaluate(SAYS) == ["", ELSEWHERE, True]
    assert page.is_visible("#table") and page.get_attribute("body", "data-connected") == "0"
    assert not ph.errors
