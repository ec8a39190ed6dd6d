"""The phone table tapped again in Chromium (helper-224, session 59), each test one page load.

* Shithead from two or more decks deals twins. The page took a group of the seat's own
  row for its hand shown on the table ("Known in hand": drawn, never tapped) whenever the
  hand held every card of it: three decks can deal a seat the same three cards in its
  hand and face up, and then its face-up cards could not be tapped at all. The table
  model now marks such a group (``held``) and the page goes by that mark alone.
* A phone long offline waited up to 4 s more to reconnect once its network was back,
  when the browser said nothing (no ``online`` event): its backoff doubled to 4 s. While
  the page is seen the wait is at most a second now (jittered), and a touch or focus
  reconnects a waiting socket at once.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.server.helpers import InProcess, Phones, Server, new_phones, until
from tests.server.swap_rooms import open_swap_room, swap_known

#: The seat's own row, group by group: its label, whether the model marks it ``held``,
#: and for each card its code and the moves it leads to (null: drawn, not to tap).
OWN_ROW = """() => [...document.querySelectorAll('#table .seat.you .group')].map(g => [
  g.querySelector('small').textContent, g.dataset.held === '1',
  [...g.querySelectorAll('.card[data-code]')].map(c => [c.dataset.code,
    c.classList.contains('pick') ? JSON.parse(c.dataset.uses) : null])])"""

HAND = "() => [...document.querySelectorAll('#hand .card.pick')].map(c => c.dataset.code)"


def test_face_up_twins_of_every_hand_card_are_tapped_and_the_known_copy_never(
        server: Server, browser: Any, phones: list[Phones]) -> None:
    """Three decks, the simultaneous swap, seed 51736: Amal holds 9♦ J♣ Q♠ and has 9♦ J♣
    Q♠ face up. Each face-up copy leads to the swaps that put it in her hand (the page
    drew them as cards not to tap, the hand holding them all). She swaps the face-up 9♦
    for her J♣ and then the face-up J♣ for her 9♦: the same cards again in both places,
    and the table knows a J♣ of her hand ("Known in hand", marked held). That group is
    drawn, never tapped; the face-up row is tapped as before."""
    ph, page, room = open_swap_room(phones, browser, server, seed=51736, decks=3,
                                    viewport=(360, 640))
    [(label, held, up)] = page.evaluate(OWN_ROW)
    assert (label, held) == ("Face up", False) and page.evaluate(HAND) == ["9♦", "J♣", "Q♠"]
    assert [c for c, _ in up] == ["9♦", "J♣", "Q♠"]
    assert up[0][1] == ["0:swap 9d/Jc", "0:swap 9d/Qs"], up
    assert "0:swap Jc/9d" in up[1][1] and "0:swap Qs/Jc" in up[2][1], up
    swap_known(page, ["0:swap 9d/Jc", "0:swap Jc/9d"])
    (up_label, up_held, up), (known_label, known_held, known) = page.evaluate(OWN_ROW)
    assert (up_label, up_held, [c for c, _ in up]) == ("Face up", False, ["9♦", "J♣", "Q♠"])
    assert (known_label, known_held, known) == ("Known in hand", True, [["J♣", None]])
    assert all(uses for _, uses in up), up
    assert "0:swap Jc/9d" in up[1][1], up
    _, actions = server.saved(room["code"])
    assert [a for _, seat, a in actions if seat == 0] == ["0:swap 9d/Jc", "0:swap Jc/9d"]
    assert not ph.errors


#: The browser's ``online`` event never reaches the page: the page must find its network
#: again by itself (counted, to see the browser did fire it).
NO_ONLINE = ("window.__online = 0; window.addEventListener('online', e => {"
             " window.__online++; e.stopImmediatePropagation(); }, true);")

#: A touch on the page, and the page's connection attempts before and after it, and
#: whether a reconnection was waiting out its backoff when it came.
PROBE = """() => { const b = document.body, before = Number(b.dataset.attempts);
  const waiting = b.dataset.retry !== undefined;
  document.dispatchEvent(new PointerEvent('pointerdown', {bubbles: true}));
  return [waiting, before, Number(b.dataset.attempts)]; }"""


def test_a_phone_back_on_the_network_reconnects_without_the_online_event(
        browser: Any, phones: list[Phones], tmp_path: Path) -> None:
    """Toepen for two, Amal's phone at 360x640, seen: her network goes (the context
    offline) and the server restarts meanwhile. Each failed reconnection doubled the wait
    up to 4 s (a third failure waited 1.6 s, a fourth 3.2 s), and the browser's
    ``online`` (stopped here: many browsers say it late or never) was the only way back
    before it; a seen page now waits at most 1 s (from half of it, at random), and a
    touch while it waits reconnects at once."""
    srv = InProcess(tmp_path / "rooms.sqlite").start()
    again = None
    try:
        ph = new_phones(phones, browser, srv, "en")
        room = srv.create(game="toepen", players=2, name="Amal", seed=1, rules={"limit": 3})
        srv.join(room["code"], "Bo")
        page = ph.open(room["url"], viewport=(360, 640))
        page.context.add_init_script(NO_ONLINE)
        page.reload()
        until(page, "body[data-connected='1'][data-version='0'][data-attempts='1']")
        page.context.set_offline(True)
        srv.stop()  # its sockets closed: the restart of a server
        until(page, "body[data-offline='1']")
        waits = []
        for attempts in (3, 4):  # the third and fourth failures: 1.6 s and 3.2 s before
            until(page, f"body[data-attempts='{attempts}'][data-retry]")
            waits.append(int(page.get_attribute("body", "data-retry")))
        assert all(500 <= w <= 1000 for w in waits), waits
        assert page.text_content("#conn") == "reconnecting…"
        again = InProcess(tmp_path / "rooms.sqlite")
        again.port = srv.port
        again.start()
        page.context.set_offline(False)
        waiting, before, after = page.evaluate(PROBE)
        assert after == before + waiting, (waiting, before, after)
        until(page, "body[data-connected='1'][data-offline='0'][data-version='0']")
        assert page.get_attribute("body", "data-myturn") == "1"
        assert page.get_attribute("body", "data-retry") is None
        assert not ph.errors
    finally:
        srv.stop()
        if again is not None:
            again.stop()
