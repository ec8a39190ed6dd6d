"""What a screen reader and a keyboard meet at the phone table (found by helper-139).

One server and one Chromium for the module. A move made two polite live regions speak
(the line of what just happened and the prompt), so a screen reader said two things per
move, the second queued behind the next move's; long seat names were cut at 14rem with
an ellipsis, the whole name only in a title a phone cannot hover; and Dallah's timed
panel was drawn first by CSS ``order`` but stood after the prompt in the page, so Tab
from the prompt (where the focus goes after a move) went up to the panel.
"""

from __future__ import annotations

import json
import re
from typing import Any

from tests.server.helpers import (
    LEGAL,
    Phones,
    Server,
    Socket,
    by_priority,
    calm,
    focused_name,
    new_phones,
    tap,
    until,
)
from tests.server.test_browser_access import large_text
from tests.server.test_browser_layout import LAYOUT, settle
from tests.server.test_browser_phone import first_of, turns

#: Records, in ``window.said``, every change of a live region that a screen reader would
#: speak (one entry per region and redraw), with the line of what happened, the prompt as
#: shown and the page's version at that moment; from the page's start (what the parser
#: writes is the page as it loads, which no region announces). A reader also reads the
#: element the focus lands on: each landing is an entry of region ``focus`` (its id and
#: text; :func:`focused_name` checks that its accessible name is that text).
SAID = """
window.said = [];
document.addEventListener('focusin', e => window.said.push({
  region: 'focus', id: e.target.id, text: e.target.textContent, v: document.body.dataset.version}));
document.addEventListener('DOMContentLoaded', () => new MutationObserver(changes => {
  const regions = new Set();
  for (const c of changes) {
    const node = c.target.nodeType === 1 ? c.target : c.target.parentElement;
    const region = node && node.closest('[aria-live], [role=status], [role=alert], [role=log]');
    if (region && region.getAttribute('aria-live') !== 'off' && region.checkVisibility()) regions.add(region);
  }
  const prompt = document.getElementById('prompt');
  for (const region of regions) window.said.push({
    region: region.id, text: region.textContent, v: document.body.dataset.version,
    last: document.getElementById('last').textContent,
    prompt: prompt && prompt.checkVisibility() ? prompt.textContent : ''});
}).observe(document, {subtree: true, childList: true, characterData: true}));
"""


def said(page: Any) -> list[dict[str, str]]:
    return page.evaluate("() => window.said")  # type: ignore[no-any-return]


def spoken(heard: list[dict[str, str]]) -> dict[str, list[str]]:
    """What a screen reader says at each version of the page, in order: the prompt when
    the focus lands on it, and each change of a live region."""
    out: dict[str, list[str]] = {}
    for h in heard:
        if h["region"] != "focus" or h["id"] == "prompt":
            out.setdefault(h["v"], []).append(words(h) if h["region"] != "focus" else h["text"])
    return out


def words(entry: dict[str, str]) -> str:
    """What an announcement says (a repeat differs from the one before by a no-break
    space, so that it is said again)."""
    return entry["text"].rstrip("\u00a0")


# -- 1. one announcement per move ----------------------------------------------------------------
def test_each_move_is_one_announcement_of_what_happened_then_what_to_do(
        server: Server, browser: Any, phones: list[Phones]) -> None:
    """A Toepen table against two bots: the start and every move (the player's own and the
    bots') change one live region once, saying the newest line of what happened and then
    the prompt; a change of the prompt alone says the prompt alone; a language switch and a
    reload, which draw the page again, say nothing. The player's own move takes away the
    card tapped, so the focus lands on the prompt, which a screen reader reads there: the
    live region then says only what happened, and each is said once (helper-141: the
    prompt was said twice, by the focus and by the region)."""
    ph = new_phones(phones, browser, server, "en")
    room = server.create(game="toepen", players=3, name="Amal", seed=2, bot="random")
    page = ph.open(room["url"], viewport=(360, 740))
    sockets: list[Any] = []

    def relay(ws: Any) -> None:  # the page's socket, passed through; kept to add a message
        ws.connect_to_server()
        sockets.append(ws)

    page.route_web_socket(re.compile(r"/ws/p/"), relay)
    page.add_init_script(SAID)
    page.reload()
    until(page, "#lobby:not([hidden]) #start", state="visible")
    assert said(page) == []
    page.click("#start")
    choose = by_priority({"play": 0})
    own = []  # the versions of the player's own moves
    while len(own) < 4:
        until(page, "body[data-myturn='1'], body[data-over='1']")
        if page.get_attribute("body", "data-over") == "1":
            break
        version = page.get_attribute("body", "data-version")
        tap(page, choose(page.evaluate(LEGAL), page))
        until(page, f"body:not([data-version='{version}'])")
        own.append(str(int(version or "0") + 1))
    calm(page)
    heard = said(page)
    says = [h for h in heard if h["region"] != "focus"]
    assert len(own) >= 3 and len(says) > len(own), heard
    assert {h["region"] for h in says} == {"say"}, "another live region spoke"
    versions = [h["v"] for h in says]
    assert len(versions) == len(set(versions)), f"two announcements at one version: {heard}"
    landed = {h["v"]: h["text"] for h in heard if h["region"] == "focus" and h["id"] == "prompt"}
    # the start hid the lobby's Start and each own move took its card away: the focus
    # landed on the prompt, and nowhere else on its own
    assert set(landed) == {"0", *own}, (landed, own)
    for h in says:
        ask = "" if h["v"] in landed else h["prompt"]
        assert words(h) == " ".join(filter(None, [h["last"], ask])), h
        if h["v"] in landed:
            assert landed[h["v"]] == h["prompt"] != "" and h["prompt"] not in words(h), h
    # what is said at each version: each own move the prompt (the focus), then what
    # happened (the region), each once; each bot's move what happened, then the prompt
    told = spoken(heard)
    assert told["0"] == [landed["0"]], told  # dealt with bots: no notice, the prompt alone
    for v in own:
        assert len(told[v]) == 2 and told[v][0] == landed[v] and told[v][1], told[v]
    others = [h for h in says if h["v"] not in landed]
    assert others and all(h["last"] and h["prompt"] for h in others), heard
    until(page, "body[data-myturn='1'], body[data-over='1']")
    assert page.evaluate("() => document.activeElement.id") == "prompt"
    assert focused_name(page) == page.text_content("#prompt") != ""

    # the prompt alone changes (no line of what happened): the prompt alone is said; added
    # on the player's turn, when no bot moves meanwhile
    until(page, "body[data-myturn='1'], body[data-over='1']")
    version = int(page.get_attribute("body", "data-version") or "0")
    before = len(said(page))
    sockets[-1].send(json.dumps({"type": "patch", "from": version, "to": version, "events": [],
                                 "patch": [{"op": "replace", "path": "/prompt",
                                            "value": "Wait for the dealer."}]}))
    page.wait_for_function("n => window.said.length > n", arg=before)
    assert [words(h) for h in said(page)[before:]] == ["Wait for the dealer."]

    # drawn again, in a new language and after a reload: nothing is said
    before = len(said(page))
    page.select_option("#lang", "nl")
    until(page, "body[data-drawn='nl']")
    settle(page)
    assert [h for h in said(page)[before:] if h["region"] != "focus" or h["id"] == "prompt"] == []
    page.reload()
    until(page, "body[data-version]")
    settle(page)
    assert said(page) == []
    assert not ph.errors


# -- 2. whole names ------------------------------------------------------------------------------
#: The longest names a seat takes (24 characters, ``clean_name``): words, one unbroken
#: word of the widest Latin letter, and Arabic.
LONG = ("Wolfgang-Amadeus Mozarts", "W" * 24, "عبد الرحمن محمد الأنصاري")

#: Each seat's name on the page: its text, whether it is cut (wider or taller than its
#: box), and whether it lies across the screen's edge.
NAMES = """() => [...document.querySelectorAll('.seat .who strong')].map(e => {
  const r = e.getBoundingClientRect();
  return [e.textContent, e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1,
          r.left < -0.5 || r.right > document.documentElement.clientWidth + 0.5];
})"""


#: Where a name's text goes onto a new line: the last character of a line and the first
#: of the next.
BREAKS = """e => { const text = e.firstChild, out = []; let top = null;
  for (let i = 0; i < text.length; i++) {
    const r = document.createRange(); r.setStart(text, i); r.setEnd(text, i + 1);
    const rect = [...r.getClientRects()].find(b => b.width > 0);
    if (!rect) continue;
    if (top !== null && Math.abs(rect.top - top) > 2) out.push(text.data.slice(i - 1, i + 1));
    top = rect.top;
  }
  return out; }"""


def test_every_players_whole_name_is_read_at_360_px_and_on_a_shared_screen(
        server: Server, browser: Any, phones: list[Phones]) -> None:
    """Four people with the longest names the server takes at a Shithead table: on a
    360 px phone (its text at 100 % and 200 %) and on a 1280x720 shared screen every name
    is shown whole, wrapped rather than cut, nothing scrolls sideways, and each seat is a
    heading whose accessible name is the whole name (the online dot is no part of it)."""
    room = server.create(game="shithead", players=4, name=LONG[0], seed=3, bot="random")
    for name in (*LONG[1:], "Bo"):
        server.join(room["code"], name)
    ph = new_phones(phones, browser, server, "en")
    page = ph.open(room["url"], viewport=(360, 740))
    until(page, "body[data-version] .seat.you.online")
    tv = ph.open(f"/s/{room['code']}", viewport=(1280, 720))
    until(tv, "body[data-version] #table .seat")
    for where, screen, percent in (("phone", page, 100), ("phone", page, 200), ("tv", tv, 100)):
        if percent != 100:
            large_text(screen, percent)
        settle(screen)
        shown = screen.evaluate(NAMES)
        assert [n for n, _, _ in shown] == [*LONG, "Bo"], (where, percent)
        assert [n for n, cut, off in shown if cut or off] == [], (where, percent, shown)
        assert screen.evaluate(LAYOUT, "header.bar, main") == [], (where, percent)
        for name in (*LONG, "Bo"):
            assert screen.get_by_role("heading", name=name, exact=True).count() == 1, (where, name)
    # at 200 % a name of words wraps between them, never inside one: "Wolfgang-" |
    # "Amadeus" | "Mozarts" (each line's first character, after the one ending the line)
    breaks = page.locator(".seat.you .who strong").evaluate(BREAKS)
    assert breaks == ["-A", " M"]
    assert not ph.errors


# -- 3. Dallah's timed panel ---------------------------------------------------------------------
#: The focus's element: what it does, where it is drawn (left, top, bottom).
FOCUS = ("() => { const a = document.activeElement, r = a.getBoundingClientRect();"
         " return [a.dataset.verb || a.id || a.tagName, r.left, r.top, r.bottom]; }")


def test_dallahs_timed_panel_is_tabbed_in_the_order_it_is_drawn(
        server: Server, browser: Any, phones: list[Phones]) -> None:
    """On the five-second card the report panel is drawn first, above the prompt, and
    stands first in the page too: Tab from the prompt (the focus's place after a move)
    goes on down the page, never up to the panel; from the page's start the keyboard
    reaches the countdown's button and every report button in the order they are drawn,
    row by row (on a phone held upright), before anything under the prompt."""
    ph = new_phones(phones, browser, server, "en")
    for width, height in ((360, 640), (640, 360)):
        room = server.create(game="dallah", players=3, name="Amal", seed="d3", bot="random")
        page = ph.open(room["url"], viewport=(width, height), reduced_motion="reduce")
        page.click("#start")
        turns(page, first_of(("draw", "roll", "settled", "allow", "target", "pair", "move")),
              lambda p: p.get_attribute("body", "data-timed") == "1"
              and p.get_attribute("body", "data-myturn") == "1")
        settle(page)
        where = f"{width}x{height}"
        prompt = page.locator("#prompt").bounding_box()
        panel = page.locator("#dallah").bounding_box()
        assert prompt and panel and panel["y"] + panel["height"] <= prompt["y"] + 0.5, where
        assert page.evaluate("() => !!(document.getElementById('dallah').compareDocumentPosition("
                             "document.getElementById('prompt')) & Node.DOCUMENT_POSITION_FOLLOWING)")
        page.locator("#prompt").focus()
        page.keyboard.press("Tab")
        after = page.evaluate(FOCUS)
        assert not page.evaluate("() => document.getElementById('dallah')"
                                 ".contains(document.activeElement)"), (where, after)
        page.locator("#lang").focus()
        stops = []
        for _ in range(12):
            page.keyboard.press("Tab")
            if not page.evaluate("() => document.getElementById('dallah')"
                                 ".contains(document.activeElement)"):
                break
            stops.append(page.evaluate(FOCUS))
        drawn = page.evaluate("() => [...document.querySelectorAll('#dallah button')]"
                              ".filter(b => b.checkVisibility()).length")
        assert len(stops) == drawn and {"settled", "timeout"} <= {s[0] for s in stops}, where
        if width < height:  # upright: one column of rows, read top to bottom, left to right
            assert stops == sorted(stops, key=lambda s: (round(s[2]), s[1])), (where, stops)
        page.close()
    assert not ph.errors


# -- 4. names cut by their lines -----------------------------------------------------------------
#: A table of four people with 24-character names: words, 24 W, Arabic, words.
TRICK = (LONG[0], LONG[1], LONG[2], "Hildegard-Maria Bingerud")

#: Each name of ``selector``: its text, whether its lines cut it now, and whether it is a
#: stop of the Tab key.
CUT = """(selector) => [...document.querySelectorAll(selector)].map(e => [e.textContent,
  e.scrollHeight > e.clientHeight + 1 || e.scrollWidth > e.clientWidth + 1, e.tabIndex === 0])"""


def a_trick_played(server: Server) -> tuple[dict[str, Any], list[str]]:
    """A Toepen room of the people of :data:`TRICK`, each playing its first legal move over
    its own socket until a whole trick lies in the centre, each card over its owner; the
    room and each seat's socket path."""
    room = server.create(game="toepen", players=4, name=TRICK[0], seed=4, bot="")
    paths = ["/ws/p/" + url.rsplit("/", 1)[1] for url in
             [room["url"]] + [server.join(room["code"], n)["url"] for n in TRICK[1:]]]
    socks = [Socket(server, p) for p in paths]
    try:
        for s in socks:
            s.send({"type": "hello", "since": None})
        seen = socks[0].recv("update")["page"]
        while not any(len(a["owners"]) == 4 for a in seen["table"]["centre"]):
            seat = socks[seen["to_act"]]
            while seat.page is None or seat.page["version"] < seen["version"]:
                seat.recv("update")
            mine = seat.page
            seat.send({"type": "act", "actions": [mine["actions"][0]["n"]], "expect": mine["version"]})
            while seen["version"] <= mine["version"]:
                seen = socks[0].recv("update")["page"]
    finally:
        for s in socks:
            s.close()
    return room, paths


def tab_to(page: Any, element_id: str, presses: int = 40) -> list[str]:
    """Tab from the prompt until ``element_id`` has the focus; the ids of the names (of
    a seat or an owner) that took the focus on the way, that one last."""
    page.locator("#prompt").focus()
    names = []
    for _ in range(presses):
        page.keyboard.press("Tab")
        focused = page.evaluate("() => document.activeElement.id")
        if focused.startswith(("seat-name-", "owner-")):
            names.append(focused)
        if focused == element_id:
            return names
    raise AssertionError(f"Tab never reached {element_id}: {names}")


def test_a_name_its_lines_cut_is_reached_by_the_keyboard_and_shown_whole(
        server: Server, browser: Any, phones: list[Phones]) -> None:
    """The owners under a trick of four 24-character names on a 360 px phone wrap in
    their card's width (the centre is no wider: four cards in one row, each owner at most
    3.4rem, nothing off the screen) and are read whole; a name of words is shown whole,
    24 W is cut at four lines. A name cut so (an owner, or a seat's name once the phone's
    text is at 250 %) is a stop of the Tab key and shows whole while it has the focus,
    keeping it when the table is drawn again; a name that fits is no stop (helper-141:
    the owners were one line cut with an ellipsis, the whole name only in a title, and a
    seat's name cut at four lines could not be read whole by keyboard)."""
    room, paths = a_trick_played(server)
    ph = new_phones(phones, browser, server, "en")
    page = ph.open(room["url"], viewport=(360, 740))
    until(page, "body[data-version] .played small")
    settle(page)
    played = page.locator(".centre .played")
    assert played.count() == 4
    boxes = [played.nth(i).bounding_box() for i in range(4)]
    assert len({round(b["y"]) for b in boxes if b}) == 1, boxes  # one row
    assert all(b and b["width"] <= 3.4 * 16 + 0.5 for b in boxes), boxes
    assert page.evaluate(LAYOUT, "header.bar, main") == []
    owners = page.evaluate(CUT, ".centre .played small")
    assert owners == [[n, n == "W" * 24, n == "W" * 24] for n in TRICK], owners
    centre = page.locator(".centre").aria_snapshot()
    assert all(name in centre for name in TRICK), centre  # read whole
    assert [stop for _, _, stop in page.evaluate(CUT, ".who strong")] == [False] * 4

    # Tab reaches the cut owner (no name that fits on the way): whole while focused
    assert tab_to(page, "owner-0-1") == ["owner-0-1"]
    focused = page.locator("#owner-0-1")
    assert focused.evaluate("e => e.scrollHeight <= e.clientHeight + 1")
    assert focused_name(page) == "W" * 24
    assert played.nth(1).bounding_box()["width"] == boxes[1]["width"]  # type: ignore[index]
    assert page.evaluate(LAYOUT, "header.bar, main") == []
    # the table drawn again (another phone of the table comes online): still there, whole
    other = Socket(server, paths[2])
    try:
        other.send({"type": "hello", "since": None})
        page.wait_for_function("() => document.querySelectorAll('.seat.online').length === 2")
        assert page.evaluate("() => document.activeElement.id") == "owner-0-1"
        assert focused.evaluate("e => e.scrollHeight <= e.clientHeight + 1")
    finally:
        other.close()

    # a seat's name: four lines hold every name at 200 %; at 250 % two are cut, at once
    # (no drawing: the phone's text made larger), and only those two are stops
    large_text(page, 200)
    assert [cut or stop for _, cut, stop in page.evaluate(CUT, ".who strong")] == [False] * 4
    large_text(page, 250)
    seats = page.evaluate(CUT, ".who strong")
    assert [n for n, cut, _ in seats if cut] == list(TRICK[:2]), seats
    assert all(cut == stop for _, cut, stop in seats), seats
    assert tab_to(page, "seat-name-1") == ["owner-0-1", "seat-name-0", "seat-name-1"]
    name = page.locator("#seat-name-1")
    assert name.evaluate("e => e.scrollHeight <= e.clientHeight + 1")
    assert focused_name(page) == "W" * 24
    assert page.get_by_role("heading", name="W" * 24, exact=True).count() == 1
    assert page.evaluate(LAYOUT, "header.bar, main") == []
    # back to 100 %: every seat's name fits, and none is a stop once the focus has left it
    page.locator("#prompt").focus()
    large_text(page, 100)
    assert [stop for _, _, stop in page.evaluate(CUT, ".who strong")] == [False] * 4
    assert not ph.errors
