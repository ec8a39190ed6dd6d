"""A move waiting for its answer through a redraw and a reconnect (helper-234, session 60),
in Chromium.

Shithead, seed 7, one deck, the simultaneous swap: after Amal's ready her turn comes with
5♥, J♥ and K♠ in her hand, each played by one tap. Her phone holds the messages it
receives (``swap_rooms.WIRE``), so a redraw of the same table can be forced before the
move's answer, and a socket can drop with the answer lost or the move lost.

Before helper-234 any table the page drew ended the wait for a move's answer: a redraw of
the table the move was sent from (the page's language switched, a reconnect's ``hello``
answered first) let a second tap go out at the same version, which the server refused
as stale ("Someone else acted first"), and a socket that dropped ended it at once, so a
tap just after the reconnect, before its table came, went out at the old version too.
A wait now ends with its answer, a refusal, a new table, or the first table of a new
socket (past the version: the move was applied; the same: it was lost, tap again); and a
move with no answer while its socket answers pings ends the wait by a reconnect.
"""

from __future__ import annotations

from typing import Any

from tests.server.helpers import Phones, Server, calm, until, until_true
from tests.server.swap_rooms import DROP, HELD_TABLES, LET_GO, RELEASE, open_swap_room, ready, wired

FIVE, JACK = "#hand .card[data-code='5♥']", "#hand .card[data-code='J♥']"

#: What the player sees of a wait and of a refusal: the page's version, whether it waits,
#: the last refusal's code and whether a refusal shows.
SEEN = """() => [document.body.dataset.version, document.body.dataset.pending || '',
  document.body.dataset.lastError || '', document.getElementById('error').classList.contains('shown')]"""


def _turn(phones: list[Phones], browser: Any, server: Server,
          query: str = "") -> tuple[Phones, Any, dict[str, Any], int]:
    """Amal's phone, wired (``query`` added to her link), at her turn: her phones, the
    page, the room and the version."""
    ph, page, room = open_swap_room(phones, browser, server, seed=7, decks=1, viewport=(360, 640))
    wired(page, page.url + query)
    ready(page)
    assert page.evaluate("() => [...document.querySelectorAll('#hand .card')].map(c => c.dataset.code)") \
        == ["5♥", "J♥", "K♠"]
    page.evaluate("() => { window.__acts = []; }")  # Amal's ready was one
    return ph, page, room, int(page.get_attribute("body", "data-version") or 0)


def _tap_again(page: Any) -> None:
    """A second tap while the first move waits: J♥ tapped by a finger (where it is drawn)
    and by the keyboard (focused, Enter), after the tap guard of the redraw."""
    calm(page)
    box = page.locator(JACK).bounding_box()
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.focus(JACK)
    page.keyboard.press("Enter")


def _amal_played(server: Server, room: dict[str, Any], version: int) -> list[str]:
    """Amal's moves stored from ``version`` on."""
    _, actions = server.saved(room["code"])
    return [a for at, seat, a in actions if seat == 0 and at > version]


def _acts(page: Any) -> list[list[Any]]:
    """Each act the page sent: [its socket's index, its actions, its version]."""
    return page.evaluate("() => window.__acts.map(([i, m]) => [i, m.actions, m.expect])")


def test_a_language_switch_before_the_answer_keeps_the_move_waiting(
        server: Server, browser: Any, phones: list[Phones]) -> None:
    """Amal switches to Arabic and plays 5♥ before the Arabic table comes; that table is
    drawn first. The page waited no more and her second tap (J♥) went out at the same
    version, refused as stale. It still waits: the second tap sends nothing, the
    answer ends the wait, and nothing was refused."""
    ph, page, room, v = _turn(phones, browser, server)
    page.evaluate("() => { window.__held = []; }")
    page.select_option("#lang", "ar")
    calm(page)
    page.click(FIVE)
    until_true(page, HELD_TABLES + " >= 2")  # the Arabic table, then the move's answer
    assert page.evaluate(RELEASE, ["update", "patch"]) == "update"
    until(page, "body[data-drawn='ar']")
    _tap_again(page)
    assert _acts(page) == [[0, ["0:play 5h"], v]]
    assert page.evaluate(SEEN) == [str(v), "1", "", False]
    page.evaluate(LET_GO)
    until(page, f"body:not([data-version='{v}']):not([data-pending])")
    assert page.evaluate(SEEN)[2:] == ["", False]
    assert _amal_played(server, room, v) == ["0:play 5h"]
    assert not ph.errors


def test_a_hello_answered_before_the_move_keeps_it_waiting(
        server: Server, browser: Any, phones: list[Phones]) -> None:
    """The socket drops; Amal plays 5♥ on the new one before its hello is answered (the
    page shows the table it had). The hello's table, at the same version, comes first:
    the move still waits, her second tap sends nothing, its answer ends the wait."""
    ph, page, room, v = _turn(phones, browser, server)
    page.evaluate("() => { window.__held = []; }")
    page.evaluate(DROP)
    until_true(page, "() => window.__sockets.length === 2 && window.__sockets[1].readyState === 1")
    until(page, "body[data-connected='1']")
    page.click(FIVE)
    until_true(page, HELD_TABLES + " >= 2")  # the hello's table, then the move's answer
    assert page.evaluate(RELEASE, ["update", "patch"]) == "update"
    _tap_again(page)
    assert _acts(page) == [[1, ["0:play 5h"], v]]
    assert page.evaluate(SEEN) == [str(v), "1", "", False]
    page.evaluate(LET_GO)
    until(page, f"body:not([data-version='{v}']):not([data-pending])")
    assert page.evaluate(SEEN)[2:] == ["", False]
    assert _amal_played(server, room, v) == ["0:play 5h"]
    assert not ph.errors


def test_a_move_applied_before_the_drop_is_told_by_the_new_table(
        server: Server, browser: Any, phones: list[Phones]) -> None:
    """Amal plays 5♥; the server applies it, and the socket drops with the answer. While
    offline the page does not wait (a tap says it is offline); once the new socket is
    open it waits for that socket's first table: a tap then sent nothing (it went out
    at the old version before, refused as stale). The table, past the move's version,
    ends the wait."""
    ph, page, room, v = _turn(phones, browser, server)
    page.evaluate("() => { window.__held = []; }")
    page.click(FIVE)
    until_true(page, HELD_TABLES + " >= 1")  # applied: its answer is held
    page.evaluate(DROP)
    until(page, "body[data-connected='0']")
    assert page.get_attribute("body", "data-pending") is None
    until_true(page, "() => window.__sockets.length === 2 && window.__sockets[1].readyState === 1")
    until(page, "body[data-connected='1']")
    _tap_again(page)
    assert _acts(page) == [[0, ["0:play 5h"], v]]
    assert page.get_attribute("body", "data-pending") == "1"
    until_true(page, HELD_TABLES + " >= 1")
    page.evaluate(LET_GO)
    until(page, f"body:not([data-version='{v}']):not([data-pending])")
    assert page.evaluate(SEEN)[2:] == ["", False]
    assert _amal_played(server, room, v) == ["0:play 5h"]
    assert not ph.errors


def test_a_lost_move_ends_its_wait_by_a_reconnect_and_may_be_tapped_again(
        server: Server, browser: Any, phones: list[Phones]) -> None:
    """Amal's 5♥ is lost on its way, the socket still answering pings (heartbeat 300 ms):
    the page waited for ever. After twice the heartbeat without its answer it takes the
    socket as dead and reconnects; the new table, at the same version, says the move
    never arrived, the wait ends, and her tap again plays it, once."""
    ph, page, room, v = _turn(phones, browser, server, "?heartbeat=300")
    page.evaluate("() => { window.__lose = true; }")
    page.click(FIVE)
    assert page.get_attribute("body", "data-pending") == "1"
    page.evaluate("() => { window.__lose = false; }")
    until_true(page, "() => window.__sockets.length === 2", timeout=3000)
    until(page, "body[data-connected='1']:not([data-pending])")
    assert page.evaluate(SEEN) == [str(v), "", "", False]
    assert _amal_played(server, room, v) == []
    calm(page)
    page.click(FIVE)
    until(page, f"body:not([data-version='{v}']):not([data-pending])")
    assert _acts(page) == [[0, ["0:play 5h"], v], [1, ["0:play 5h"], v]]
    assert page.evaluate(SEEN)[2:] == ["", False]
    assert _amal_played(server, room, v) == ["0:play 5h"]
    assert not ph.errors
