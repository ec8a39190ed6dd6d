"""A refusal ends only the wait of the message it answers (helper-236, session 60), in
Chromium.

An ``error`` did not say which message it refused, so the page ended any wait at any
error. A move's wait ends at a table past its version, which may be another seat's move
that makes it stale (its refusal follows): the player taps again at once, and the first
move's refusal, still on its way, ended the second move's wait; a third tap then went out
at that version, refused stale too. Each move and Play again now names itself (``ask``)
and its refusal says which it answers (``answers``): the page ends only that wait, and
an error that names no message (a flood's ``slow_down``, a server of an earlier release)
ends any wait, as before. Play again's wait is covered too: it ends at any table (a
redraw of the same table included; a second press deals nothing more) and, when the
press is lost on its way, by a reconnect after twice the heartbeat.

The phone's messages are held in the page (``swap_rooms.WIRE``), so each order the
server can deliver them in is forced, not waited for.
"""

from __future__ import annotations

import json
from typing import Any

from tests.server.helpers import LEGAL, Phones, Server, Socket, calm, new_phones, tap, until, until_true
from tests.server.swap_rooms import (
    DELIVER,
    HELD_TABLES,
    LET_GO,
    RELEASE,
    SPOIL_NEXT_ACT,
    WIRE_AGAIN,
    wired,
)
from tests.server.test_browser_phone import finished_room

#: What the player sees of a wait and of a refusal: the page's version, whether it waits,
#: the last refusal's code and whether a refusal shows.
SEEN = """() => [document.body.dataset.version, document.body.dataset.pending || '',
  document.body.dataset.lastError || '', document.getElementById('error').classList.contains('shown')]"""

#: Each act the page sent: [its socket's index, its actions, its version, its ask].
ACTS = "() => window.__acts.map(([i, m]) => [i, m.actions, m.expect, m.ask])"
#: Each Play again the page sent: [its socket's index, its round, its ask].
PRESSES = "() => window.__presses.map(([i, m]) => [i, m.round, m.ask])"


def _swap_table(phones: list[Phones], browser: Any, server: Server) -> tuple[Phones, Any, str, Socket]:
    """Shithead for Amal and Bo, two people (no bot: nothing moves unless the test moves
    it), one deck, the simultaneous swap, seed 7: Amal's phone wired at version 0, calm,
    and Bo's phone a socket. Returns her phones, her page, the room's code and Bo."""
    ph = new_phones(phones, browser, server, "en")
    room = server.create(game="shithead", players=2, name="Amal", seed=7, bot="",
                         rules={"decks": 1, "swap_mode": "simultaneous"})
    bo = Socket(server, "/ws/p/" + server.join(room["code"], "Bo")["token"])
    page = ph.open(room["url"], viewport=(360, 640))
    wired(page, page.url)
    until(page, "body[data-version='0']")
    bo.send({"type": "hello", "since": None})
    assert bo.recv("update")["page"]["version"] == 0
    return ph, page, room["code"], bo


def _swaps(page: Any) -> list[str]:
    return sorted(n for n in page.evaluate(LEGAL) if n.startswith("0:swap "))


def _stored(server: Server, code: str) -> list[tuple[int, str]]:
    return [(seat, a) for _, seat, a in server.saved(code)[1]]


def test_an_earlier_moves_refusal_leaves_the_later_move_waiting(
        server: Server, browser: Any, phones: list[Phones]) -> None:
    """Bo swaps first; Amal's swap, sent at the same version, is refused stale after Bo's
    table. That table ends her wait (its version is past hers) and she swaps again at
    once; the first swap's refusal comes while the second waits. It used to end that
    wait: a third tap went out at the same version. Now it is shown, the second swap
    still waits (the third tap sends nothing; the table the refusal brings, at the
    version the second was sent from, does not end it either), and its answer does."""
    ph, page, code, bo = _swap_table(phones, browser, server)
    try:
        first, second, third = _swaps(page)[:3]
        page.evaluate("() => { window.__held = []; }")
        bo_swap = next(a["n"] for a in bo.page["actions"] if a["n"].startswith("1:swap "))
        assert bo.act(bo_swap, 0)["page"]["version"] == 1
        until_true(page, HELD_TABLES + " >= 1")  # Bo's swap, held
        tap(page, first)
        until_true(page, "() => window.__held.some(h => h[0] === 'error')")
        assert page.evaluate(RELEASE, ["update", "patch"]) == "patch"  # Bo's swap
        until(page, "body[data-version='1']:not([data-pending])")
        tap(page, second)
        until_true(page, HELD_TABLES + " >= 2")  # the refusal's table, then the answer
        assert page.evaluate(RELEASE, ["error"]) == "error"
        assert page.evaluate(SEEN) == ["1", "1", "stale", True]
        calm(page)
        for card in page.locator(f".card[data-uses*='{json.dumps(third)}']").all():
            card.click(force=True)  # a third swap's cards: nothing is sent
        assert page.evaluate(RELEASE, ["update", "patch"]) == "update"  # at version 1
        assert page.evaluate(SEEN)[:2] == ["1", "1"]
        assert page.evaluate(ACTS) == [[0, [first], 0, 1], [0, [second], 1, 2]]
        page.evaluate(LET_GO)
        until(page, "body[data-version='2']:not([data-pending])")
        assert _stored(server, code) == [(1, bo_swap), (0, second)]
        assert not ph.errors
    finally:
        bo.close()


def test_a_wait_ends_at_its_refusal_and_at_an_error_that_names_none(
        server: Server, browser: Any, phones: list[Phones]) -> None:
    """Amal's swap goes out at a version the room has left (spoiled on its way): the
    server refuses it stale and sends the table as it is, at the version the swap was
    sent from, which does not end a move's wait. The refusal, naming that swap, ends it,
    before the table. Then an error that names no message (as a server of an earlier
    release sends every refusal) ends the next swap's wait, whatever it answers."""
    ph, page, code, bo = _swap_table(phones, browser, server)
    try:
        first, second = _swaps(page)[:2]
        page.evaluate("() => { window.__held = []; }")
        page.evaluate(SPOIL_NEXT_ACT)
        tap(page, first)
        until_true(page, HELD_TABLES + " >= 1")
        held = page.evaluate("() => window.__held.map(h => h[0])")
        assert held[0] == "error" and "update" in held, held  # the refusal, then the table
        assert page.evaluate(RELEASE, ["error"]) == "error"
        assert page.evaluate(SEEN) == ["0", "", "stale", True]
        page.evaluate(LET_GO)
        page.evaluate("() => { window.__held = []; }")
        calm(page)
        tap(page, second)
        until_true(page, HELD_TABLES + " >= 1")  # its answer, held
        old = {"type": "error", "code": "busy", "message": "The server is busy.", "detail": "",
               "ruling": None, "version": 0}
        page.evaluate(DELIVER, json.dumps(old))
        assert page.evaluate(SEEN) == ["0", "", "busy", True]  # ended before the answer
        page.evaluate(LET_GO)
        until(page, "body[data-version='1']:not([data-pending])")
        assert page.evaluate(ACTS) == [[0, [first], -1, 1], [0, [second], 0, 2]]
        assert _stored(server, code) == [(0, second)]
        assert not ph.errors
    finally:
        bo.close()


def _over(phones: list[Phones], browser: Any, server: Server,
          query: str = "") -> tuple[Phones, Any, dict[str, Any]]:
    """Amal's phone over a finished Toepen game (against a random bot), wired, with each
    Play again logged (``WIRE_AGAIN``), ``query`` added to her link."""
    room = finished_room(server, "toepen", 2, 4, {"limit": 2})
    ph = new_phones(phones, browser, server, "en")
    page = ph.open(room["url"], viewport=(360, 640))
    page.context.add_init_script(WIRE_AGAIN)
    wired(page, page.url + query)
    until(page, "#result:not([hidden])", state="visible")
    calm(page)
    return ph, page, room


def _round(server: Server, room: dict[str, Any]) -> tuple[int, int]:
    """The room's round and version, as a phone of Amal's seat opening it now reads them."""
    sock = Socket(server, "/ws/p/" + room["url"].rsplit("/", 1)[1])
    try:
        sock.send({"type": "hello", "since": None})
        page = sock.recv("update")["page"]
        return page["round"], page["version"]
    finally:
        sock.close()


def test_play_again_waits_for_any_table_and_a_second_press_deals_nothing_more(
        server: Server, browser: Any, phones: list[Phones]) -> None:
    """Amal switches to Arabic and presses Play again before the Arabic table comes. That
    table, the same version and round as the one pressed on, ends the press's wait:
    Play again waits for any table, since its answer to a press that crossed another's
    is the table as it is. Her second press, from the same table, goes out naming the
    same round: the server deals one game, not two, and refuses nothing."""
    ph, page, room = _over(phones, browser, server)
    page.evaluate("() => { window.__held = []; }")
    page.select_option("#lang", "ar")
    calm(page)
    page.locator("#result [data-again]").click()
    assert page.get_attribute("body", "data-pending") == "1"
    until_true(page, HELD_TABLES + " >= 2")  # the Arabic table, then the new game
    assert page.evaluate(RELEASE, ["update", "patch"]) == "update"
    until(page, "body[data-drawn='ar']:not([data-pending])")
    assert page.get_attribute("body", "data-over") == "1"
    page.locator("#result [data-again]").click()
    assert page.evaluate(PRESSES) == [[0, 1, 1], [0, 1, 2]]
    page.evaluate(LET_GO)
    until(page, "body[data-over='0'][data-notice='again_dealt']:not([data-pending])")
    calm(page)
    assert page.evaluate(SEEN)[2:] == ["", False]
    assert _round(server, room)[0] == 2
    assert not ph.errors


def test_a_lost_play_again_ends_its_wait_by_a_reconnect(
        server: Server, browser: Any, phones: list[Phones]) -> None:
    """Amal's press is lost on its way, the socket still answering pings (heartbeat
    300 ms). After twice the heartbeat without an answer the page takes the socket as
    dead and reconnects; the new socket's table, the game still over, ends the wait, and
    her press again deals the new game, once."""
    ph, page, room = _over(phones, browser, server, "?heartbeat=300")
    page.evaluate("() => { window.__lose = true; }")
    page.locator("#result [data-again]").click()
    assert page.get_attribute("body", "data-pending") == "1"
    page.evaluate("() => { window.__lose = false; }")
    until_true(page, "() => window.__sockets.length === 2", timeout=3000)
    until(page, "body[data-connected='1'][data-over='1']:not([data-pending])")
    assert _round(server, room)[0] == 1
    calm(page)
    page.locator("#result [data-again]").click()
    until(page, "body[data-over='0']:not([data-pending])")
    assert page.evaluate(PRESSES) == [[0, 1, 1], [1, 1, 2]]
    assert page.evaluate(SEEN)[2:] == ["", False]
    assert _round(server, room)[0] == 2
    assert not ph.errors
