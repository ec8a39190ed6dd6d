"""A refused tap is said where the player reads it, never over what they must read to act.

The refusal's banner was fixed at the top of the screen for five seconds: it covered the
prompt (and the line above it) at the table, and the title of the end-of-game panel
(found by helper-157). Each test here taps on a real phone whose tap the server refuses
(the tap is sent as if the table had moved on: ``stale``, or a move after the game's end),
at every size from a 320x568 phone to a 1280x800 laptop, in English and in Arabic, and
checks while the refusal shows that its box is in sight and that the prompt, or the
panel's title, is in sight and uncovered: the two boxes do not overlap, and a tap on the
middle of each lands on it.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.server.helpers import LEGAL, Phones, Server, by_priority, calm, new_phones, until
from tests.server.test_browser_layout import ORDER
from tests.server.test_browser_phone import finished_room

SIZES = [(320, 568), (412, 915), (1280, 800)]

#: The next message the page sends is spoiled, as the server would find it had another
#: phone's tap crossed it: an act expecting the version before the page's (``stale``), or,
#: instead of Play again, a move of the ended game. The page's own code and words run.
SPOIL = """(kind) => {
  if (!WebSocket.prototype.realSend) WebSocket.prototype.realSend = WebSocket.prototype.send;
  WebSocket.prototype.send = function (data) {
    const m = JSON.parse(data);
    if (kind === 'stale' && m.type === 'act') m.expect -= 1;
    if (kind === 'over' && m.type === 'again') {
      m.type = 'act'; m.actions = ['0:keep']; m.expect = +document.body.dataset.version; }
    WebSocket.prototype.send = WebSocket.prototype.realSend;
    return this.realSend(JSON.stringify(m));
  };
  delete document.body.dataset.lastError;
}"""

#: While the refusal shows: its box and ``sel``'s, whether each is in the viewport and
#: below the bar, and what a tap on the middle of each would land on.
SEEN = """(sel) => {
  const box = document.querySelector('#error'), other = document.querySelector(sel);
  const bar = document.querySelector('.bar').getBoundingClientRect().bottom;
  const look = (e) => {
    const r = e.getBoundingClientRect(), x = r.left + r.width / 2, y = r.top + r.height / 2;
    const hit = document.elementFromPoint(x, y);
    return {top: r.top, bottom: r.bottom, left: r.left, right: r.right,
            shown: e.checkVisibility() && r.height > 0,
            inSight: r.top >= bar - 0.5 && r.bottom <= innerHeight + 0.5,
            hit: !!hit && (hit === e || e.contains(hit)), text: e.textContent};
  };
  const was = box.style.pointerEvents;
  box.style.pointerEvents = 'auto';  // the banner let taps through: a tap finds it now
  const seen = {error: look(box), other: look(other)};
  box.style.pointerEvents = was;
  return seen;
}"""


def overlap(a: dict[str, Any], b: dict[str, Any]) -> bool:
    return (min(a["bottom"], b["bottom"]) - max(a["top"], b["top"]) > 0.5
            and min(a["right"], b["right"]) - max(a["left"], b["left"]) > 0.5)


def check(page: Any, where: str, sel: str) -> list[str]:
    """What the refusal hides, or where it cannot be seen, while it shows."""
    until(page, "#error.shown", state="visible")
    seen = page.evaluate(SEEN, sel)
    error, other = seen["error"], seen["other"]
    problems = []
    if not (error["shown"] and error["inSight"] and error["hit"]):
        problems.append(f"{where}: the refusal is not in sight: {error}")
    if not (other["shown"] and other["inSight"] and other["hit"]):
        problems.append(f"{where}: {sel} is not in sight or is covered: {other}")
    if overlap(error, other):
        problems.append(f"{where}: the refusal covers {sel}: {error} over {other}")
    return problems


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_a_refused_tap_leaves_the_prompt_in_sight(lang: str, server: Server, browser: Any,
                                                  phones: list[Phones]) -> None:
    """At the table: a tap refused as stale, at each size; the refusal shows above the
    prompt, which it pushes down while it shows."""
    ph = new_phones(phones, browser, server, lang)
    room = server.create(game="toepen", players=3, name="Amal", seed=4, bot="random")
    page = ph.open(room["url"], viewport=SIZES[0], reduced_motion="reduce")
    page.click("#start")
    problems: list[str] = []
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        until(page, "body[data-myturn='1']")
        page.evaluate("() => window.scrollTo(0, 0)")
        page.evaluate(SPOIL, "stale")
        calm(page)
        notation = by_priority(ORDER["toepen"])(page.evaluate(LEGAL), page)
        page.locator(f'button[data-action="{notation}"]').first.click()
        until(page, "body[data-last-error='stale']")
        problems += check(page, f"{lang} {width}x{height}", "#prompt")
    assert problems == [], problems
    assert not ph.errors


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_a_refusal_over_the_end_leaves_its_title_in_sight(lang: str, server: Server,
                                                          browser: Any,
                                                          phones: list[Phones]) -> None:
    """Over the end-of-game panel: Play again refused (the move reached the server as a
    move of the ended game), at each size; the refusal shows in the panel, by its
    buttons, and leaves the panel's title in sight."""
    room = finished_room(server, "toepen", 3, 4, {"limit": 3})
    ph = new_phones(phones, browser, server, lang)
    page = ph.open(room["url"], viewport=SIZES[0], reduced_motion="reduce")
    problems: list[str] = []
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        until(page, "#result:not([hidden])", state="visible")
        page.evaluate(SPOIL, "over")
        page.locator("#result [data-again]").click()
        until(page, "body[data-last-error]")
        problems += check(page, f"{lang} {width}x{height}", "#result-title")
    assert problems == [], problems
    assert not ph.errors
