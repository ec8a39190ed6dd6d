"""A phone's final refusals say so for good, and every refusal in the player's language.

Found by the last probes: "no such room" and "no such seat" (``no_room``, ``no_seat``, the
socket closed with 4404) were shown in the transient refusal box, gone after 5 s and
leaving an empty page; and a refusal's ``detail`` was the engine's English inside an
Arabic message ("... (the game is over)"). Real Chromium phones in Arabic, on a real
server (the module's ``server``).
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from tablegames.server.words import error_text
from tests.server.helpers import Phones, Server, new_phones, until, until_true
from tests.server.test_browser_phone import finished_room
from tests.server.test_browser_refusal import SPOIL

#: A word in Latin letters (a name or a card would be one: none is in these sentences).
LATIN = re.compile(r"[A-Za-z]{2,}")


@pytest.mark.parametrize(("path", "key"), [("/p/NoSuchSeatLinkAtAll", "no_seat"),
                                           ("/s/ZZZZZZZ", "no_room")])
def test_a_4404_page_keeps_its_message_in_its_language(
        path: str, key: str, server: Server, browser: Any, phones: list[Phones]) -> None:
    """A seat link that opens no seat and a screen of a room that does not exist, in
    Arabic: the page's lasting panel says why, in Arabic, with the link to make a new
    room, and still says it after 6 s (the refusal box was empty by then); the page
    does not reconnect; a language switch says it again."""
    ph = new_phones(phones, browser, server, "ar")
    page = ph.open(path)
    until(page, f"body[data-dead='1'][data-last-error='{key}']")
    until(page, "#gone:not([hidden])", state="visible")
    page.wait_for_timeout(6000)  # past the 5 s after which the refusal box emptied
    said = page.inner_text("#gone-why")
    assert said == error_text("ar", key) and said != error_text("en", key)
    assert not LATIN.search(said), said
    assert page.is_visible("#gone") and page.is_visible("#gone-why")
    assert page.get_attribute("#gone a", "href") == "/"
    assert len(ph.frames[-1]) == 1  # one socket, one refusal: it stopped trying
    page.select_option("#lang", "en")
    until_true(page, "(t) => document.getElementById('gone-why').textContent === t",
               error_text("en", key))
    assert not ph.errors


def test_a_refused_tap_after_the_end_holds_no_english(
        server: Server, browser: Any, phones: list[Phones]) -> None:
    """A move of the ended game (it reached the server instead of Play again), on an
    Arabic phone: the refusal says the game is over in Arabic, with no English detail
    after it (the engine's "the game is over" only repeated the message)."""
    room = finished_room(server, "toepen", 3, 4, {"limit": 3})
    ph = new_phones(phones, browser, server, "ar")
    page = ph.open(room["url"], reduced_motion="reduce")
    until(page, "#result:not([hidden])", state="visible")
    page.evaluate(SPOIL, "over")
    page.locator("#result [data-again]").click()
    until(page, "body[data-last-error='game_over']")
    until(page, "#error.shown", state="visible")
    said = page.inner_text("#error")
    assert error_text("ar", "game_over") in said
    assert not LATIN.search(said), said
    assert not ph.errors
