"""Shithead's swap room on a phone, set up once for the browser tests that need twins.

Shithead from two or three decks deals twins: the same card in the hand, face up and,
once a swap has moved it, under "Known in hand" (a ``held`` group of the seat's own row).
Several browser tests (helper-217, 224, 226, 231) start from such a table: Amal and a
random bot, the simultaneous swap, Amal's phone at a small viewport, some swaps tapped
one by one. Each test keeps its own seed, decks and swaps; the room and the taps are
made here, the one way.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from tests.server.helpers import Phones, Server, calm, new_phones, tap, until, until_true


def open_swap_room(phones: list[Phones], browser: Any, server: Server, *, seed: int, decks: int,
                   viewport: tuple[int, int], lang: str = "en",
                   **options: Any) -> tuple[Phones, Any, dict[str, Any]]:
    """Shithead for Amal (seat 0) and a random bot from ``decks`` decks, seed ``seed``, the
    simultaneous swap; Amal's phone (in ``lang``, at ``viewport``; ``options`` go to its
    browser context) starts the game and is left at version 0, calm (its tap guard out).
    Returns her phones, her page and the room as the server created it."""
    ph = new_phones(phones, browser, server, lang)
    room = server.create(game="shithead", players=2, name="Amal", seed=seed, bot="random",
                         rules={"decks": decks, "swap_mode": "simultaneous"})
    page = ph.open(room["url"], viewport=viewport, **options)
    page.click("#start")
    until(page, "body[data-version='0']")
    calm(page)
    return ph, page, room


def swap_known(page: Any, swaps: Sequence[str]) -> None:
    """Tap each of Amal's ``swaps`` (one face-up card and one hand card each: two taps, the
    second sends it) and wait for its answer; then wait until her row shows the card
    the swaps moved into her hand, under "Known in hand" (the group marked held), calm.
    The swaps must leave such a card: the wait is what a test of that group needs."""
    for move in swaps:
        until(page, f"#table .seat.you .card.pick[data-uses*='{json.dumps(move)}']")
        assert tap(page, move) == 2, move
        until_true(page, "() => document.body.dataset.pending !== '1'")
    until(page, "#table .seat.you .group[data-held='1'] .card[data-code]")
    calm(page)


def ready(page: Any) -> None:
    """Amal says she is ready; wait until the swap is over and her turn has come with a
    card of her hand to tap (the bot swaps and plays first as the seed has it), calm."""
    page.click("button[data-action$=':ready']")
    until_true(page, "() => document.body.dataset.myturn === '1' && document.body.dataset.stage !== 'swap'"
                     " && document.querySelector('#hand .card.pick.lifted')")
    calm(page)


# -- where a played card slides from ---------------------------------------------------
#: A card sliding to the pile stays at its start for the whole test (ten minutes long);
#: a style added to the page needs its context opened with ``bypass_csp=True``.
SLOW = ".card.moving { transition-duration: 600s !important; }"

#: Every card that starts to slide is logged: its code, the centre of where it starts
#: (the slide is slow: it is still there) and the page's version then.
FLIGHTS = """() => { window.__flights = []; const seen = new WeakSet();
  new MutationObserver(changes => { for (const m of changes) {
    const c = m.target;
    if (!c.classList.contains('moving') || seen.has(c)) continue;
    seen.add(c);
    const r = c.getBoundingClientRect();
    window.__flights.push([c.dataset.code, r.left + r.width / 2, r.top + r.height / 2,
                           document.body.dataset.toact]);
  } }).observe(document.body, {subtree: true, attributes: true, attributeFilter: ['class']}); }"""

#: The centre of the node the CSS selector finds, and its code.
CENTRE = """(s) => { const c = document.querySelector(s); c.scrollIntoView({block: 'center'});
  const r = c.getBoundingClientRect();
  return [c.dataset.code, r.left + r.width / 2, r.top + r.height / 2]; }"""


def near(a: tuple[float, float], b: tuple[float, float]) -> bool:
    """Whether two centres are the same place on screen (within 4 px each way)."""
    return abs(a[0] - b[0]) < 4 and abs(a[1] - b[1]) < 4


# -- a move waiting for its answer (helper-234) -----------------------------------------
#: Run in the page before its own script: every socket it opens is kept in
#: ``window.__sockets``; each ``act`` it sends is logged in ``window.__acts`` as [the
#: index of its socket, the message], and not sent while ``window.__lose`` is true (lost
#: on its way); while ``window.__held`` is a list, every message the page's sockets
#: receive is held there as [its type, what delivers it], for the test to deliver in
#: order (``RELEASE``) or lose with its socket (``DROP``).
WIRE = """window.__held = null; window.__sockets = []; window.__acts = []; window.__lose = false;
window.WebSocket = class extends window.WebSocket {
  constructor(...args) { super(...args); window.__sockets.push(this); }
  send(data) {
    let m = null;
    try { m = JSON.parse(data); } catch (err) { /* sent as it is */ }
    if (m && m.type === 'act') {
      window.__acts.push([window.__sockets.indexOf(this), m]);
      if (window.__lose) return;
    }
    super.send(data);
  }
  set onmessage(f) {
    super.onmessage = typeof f !== 'function' ? f : (e) => {
      if (window.__held === null) { f.call(this, e); return; }
      let kind = null;
      try { kind = JSON.parse(e.data).type; } catch (err) { /* kept as it came */ }
      window.__held.push([kind, () => f.call(this, e)]);
    };
  }
  get onmessage() { return super.onmessage; }
};"""

#: Deliver the held messages up to the first of one of ``kinds`` (its type returned).
RELEASE = """(kinds) => { while (window.__held.length) {
  const [kind, go] = window.__held.shift(); go();
  if (kinds.includes(kind)) return kind; } return null; }"""

#: Deliver every held message and hold no more.
LET_GO = "() => { const h = window.__held; window.__held = null; h.forEach(([, go]) => go()); }"

#: The newest socket drops: what it held is lost with it (messages keep being held for
#: the socket that replaces it).
DROP = "() => { window.__held.length = 0; window.__sockets[window.__sockets.length - 1].close(); }"

#: How many of the held messages are tables (``update`` or ``patch``).
HELD_TABLES = "() => window.__held.filter(h => h[0] === 'update' || h[0] === 'patch').length"


def wired(page: Any, url: str) -> None:
    """Amal's ``page`` loaded again at ``url`` (her seat's link, with a query if need be)
    with ``WIRE`` run before its own script, connected and calm."""
    page.context.add_init_script(WIRE)
    page.goto(url)
    until(page, "body[data-connected='1'][data-version]")
    calm(page)


# -- a Play again waiting for its answer (helper-236) -----------------------------------
#: Run in the page before its own script, with ``WIRE``: each ``again`` the page sends is
#: logged in ``window.__presses`` as [the index of its socket, the message], and not sent
#: while ``window.__lose`` is true (lost on its way), as ``WIRE`` does for an ``act``.
WIRE_AGAIN = """window.__presses = [];
window.WebSocket = class extends window.WebSocket {
  send(data) {
    let m = null;
    try { m = JSON.parse(data); } catch (err) { /* sent as it is */ }
    if (m && m.type === 'again') {
      window.__presses.push([window.__sockets.indexOf(this), m]);
      if (window.__lose) return;
    }
    super.send(data);
  }
};"""

#: The newest socket's next ``act`` goes out spoiled, as if the table had moved on before
#: it was sent: its ``expect`` one less (the server refuses it ``stale``, naming that
#: message by its ``ask``, then sends the table as it is). Logged as sent (``WIRE``).
SPOIL_NEXT_ACT = """() => { const ws = window.__sockets[window.__sockets.length - 1];
  ws.send = function (data) {
    const m = JSON.parse(data);
    if (m.type !== 'act') return Object.getPrototypeOf(ws).send.call(ws, data);
    delete ws.send;
    m.expect -= 1;
    return Object.getPrototypeOf(ws).send.call(ws, JSON.stringify(m)); }; }"""

#: A message as a server would send it (its JSON, the argument) delivered to the newest
#: socket's page now, ahead of the messages held (as if sent before them).
DELIVER = """(text) => { const ws = window.__sockets[window.__sockets.length - 1];
  const held = window.__held;
  window.__held = null;
  try { ws.onmessage(new MessageEvent('message', {data: text})); } finally { window.__held = held; } }"""
