"""Where a played card slides from, with a copy "Known in hand" and after a redraw
(helper-231, session 60), in Chromium.

Three decks, seed 51736, the simultaneous swap: Amal swaps her face-up 9♦ for her J♣, so
she holds 9♦ 9♦ Q♠, has J♣ J♣ Q♠ face up, and the table knows a 9♦ of her hand ("Known
in hand", the group marked held). Her turn comes with 9♦ playable: three copies of it
on her screen, two in her hand (tapped) and one on her row (drawn, never tapped).

* A card played from the hand slid from its copy under "Known in hand" before
  helper-226; that start had no test of its own.
* The page remembered the cards of a move it sent until its next redraw, whatever that
  redraw was: one before the move's answer (the page's language changed just before
  the tap, a reconnect whose hello is answered before the move is) forgot them, and
  the card then slid from the first copy of its code in the hand, not the copy tapped.
  It now keeps them, by each card's code, side (hand or row group) and which copy of
  that code it was, until the table moves past the version the move was sent from.
"""

from __future__ import annotations

from typing import Any

from tests.server.helpers import Phones, Server, calm, until, until_true
from tests.server.swap_rooms import (
    CENTRE,
    FLIGHTS,
    RELEASE,
    SLOW,
    WIRE,
    near,
    open_swap_room,
    ready,
    swap_known,
)

#: The copy of 9♦ on Amal's row that the table knows is in her hand (drawn, not tapped).
KNOWN = "#table .seat.you .group[data-held='1'] .card[data-code='9♦']"
FIRST, SECOND = "#hand [data-key='h0']", "#hand [data-key='h1']"
#: The button the second hand 9♦ leads to: it is one 9♦, or the start of the pair.
ONE = "#confirm button[data-action='0:play 9d']"

#: What the phone shows of the move it is making: the cards chosen, the buttons under the
#: hand, whether something is sent and unanswered, the version.
CHOICE = """() => [[...document.querySelectorAll('.card.pick.chosen')].map(c => c.dataset.key),
  [...document.querySelectorAll('#confirm button[data-action]')].map(b => b.dataset.action),
  document.body.dataset.pending || '', document.body.dataset.version]"""


def _known_in_hand(phones: list[Phones], browser: Any, server: Server,
                   script: str | None = None) -> tuple[Phones, Any, Any]:
    """Amal's phone at her turn after the swap (see the module's docstring), its slides
    slowed down to be measured and logged (FLIGHTS), and the room; ``script`` runs in
    the page before its own (the page is loaded again for it)."""
    ph, page, room = open_swap_room(phones, browser, server, seed=51736, decks=3,
                                    viewport=(360, 640), bypass_csp=True)  # for SLOW alone
    if script is not None:
        page.context.add_init_script(script)
        page.reload()
        until(page, "body[data-connected='1'][data-version='0']")
        calm(page)
    page.add_style_tag(content=SLOW)
    swap_known(page, ["0:swap 9d/Jc"])
    ready(page)
    assert page.evaluate("() => [...document.querySelectorAll('#hand .card')].map(c => c.dataset.code)") \
        == ["9♦", "9♦", "Q♠"]
    assert page.get_attribute(KNOWN, "data-key") is None  # drawn, never tapped
    page.evaluate(FLIGHTS)
    return ph, page, room


def _played(server: Server, room: Any) -> list[str]:
    _, actions = server.saved(room["code"])
    return [a for _, seat, a in actions if seat == 0 and ":play" in a]


def test_a_card_known_in_hand_slides_from_the_hand_copy_tapped(
        server: Server, browser: Any, phones: list[Phones]) -> None:
    """A tap on the 9♦ under "Known in hand" chooses and sends nothing (it is the hand's
    card shown on the table); Amal taps her second 9♦ and plays it alone: it slides from
    that copy, not from the known copy on her row nor from the first 9♦ of her hand."""
    ph, page, room = _known_in_hand(phones, browser, server)
    _, kx, ky = page.evaluate(CENTRE, KNOWN)
    before = page.evaluate(CHOICE)
    page.click(KNOWN)
    calm(page)
    assert page.evaluate(CHOICE) == before == [[], [], "", before[3]], before
    page.click(SECOND)
    calm(page)
    assert page.evaluate(CHOICE)[:3] == [["h1"], ["0:play 9d"], ""]
    # the copy chosen is lifted: where it lies once its lift is over
    until_true(page, "(s) => !document.querySelector(s).getAnimations().length", SECOND)
    _, fx, fy = page.evaluate(CENTRE, FIRST)
    code, x, y = page.evaluate(CENTRE, SECOND)
    assert code == "9♦" and not near((x, y), (kx, ky)) and not near((x, y), (fx, fy))
    page.click(ONE)
    until_true(page, "() => window.__flights.length >= 1")
    [mine, mx, my, _] = page.evaluate("() => window.__flights")[0]
    assert mine == "9♦" and near((mx, my), (x, y)), ((x, y), (kx, ky), (fx, fy), (mx, my))
    assert _played(server, room) == ["0:play 9d"]
    assert not ph.errors


def test_a_redraw_before_the_answer_keeps_the_copy_tapped(
        server: Server, browser: Any, phones: list[Phones]) -> None:
    """Amal switches her phone to Arabic and, before its table in Arabic comes back, taps
    her second 9♦ and plays it alone. The redraw in Arabic (the table mirrored: her
    hand's copies change sides) comes before the move's answer: the page forgot the
    copy tapped at that redraw, and the card slid from the first 9♦ of her hand. It
    slides from the copy tapped, where the redraw put it."""
    ph, page, room = _known_in_hand(phones, browser, server, WIRE)
    page.evaluate("() => { window.__held = []; }")
    page.select_option("#lang", "ar")  # sends "lang": its table comes back in Arabic
    calm(page)
    page.click(SECOND)
    calm(page)
    page.click(ONE)
    until_true(page, "() => window.__held.map(h => h[0]).filter(k => k === 'update' || k === 'patch')"
                     ".length >= 2")
    assert page.get_attribute("body", "data-pending") == "1"  # sent, not answered
    assert page.evaluate(RELEASE, ["update", "patch"]) == "update"  # the language's redraw
    until(page, "body[data-drawn='ar']")
    assert page.evaluate("() => window.__flights.length") == 0
    _, fx, fy = page.evaluate(CENTRE, FIRST)
    code, x, y = page.evaluate(CENTRE, SECOND)
    assert code == "9♦" and not near((x, y), (fx, fy))
    assert page.evaluate(RELEASE, ["update", "patch"]) in ("update", "patch")  # the answer
    page.evaluate("() => { const h = window.__held; window.__held = null; h.forEach(([, go]) => go()); }")
    until_true(page, "() => window.__flights.length >= 1")
    [mine, mx, my, _] = page.evaluate("() => window.__flights")[0]
    assert mine == "9♦" and near((mx, my), (x, y)), ((x, y), (fx, fy), (mx, my))
    assert _played(server, room) == ["0:play 9d"]
    assert not ph.errors
