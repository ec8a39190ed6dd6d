"""The phone table at phone widths, in every language, with big tables and odd names.

One server and one Chromium for the module. Each test opens real rooms on phones of
320, 375, 412 px (and a 768 px tablet) and checks what a player sees: nothing of the
table outside the screen or under another tappable thing, nothing tapped smaller than
44x44 px, no text clipped without its
full form at hand, an Arabic page mirrored with names, numbers and cards still reading
the right way, a tap sending exactly one action, a shared screen without a hand, and
phones that follow each other's moves after reconnecting.
"""

from __future__ import annotations

import json
import re
import time
from itertools import pairwise
from typing import Any

import pytest

from tests.server.helpers import LEGAL, Phones, Server, Socket, by_priority, calm, new_phones, tap, until

WIDTHS = (320, 375, 412, 768)
#: 24 characters (the server's limit): Arabic and Latin, and markup that must stay text.
MIXED = "محمد Mohammed <b>&\"' x12"
LATIN_24 = "Wolfgang-Amadeus Mozarts"
MARKUP = "Jo <b>&\"'"

#: game -> (seats, languages its table is checked in, priority of verbs when tapping)
BIG: dict[str, tuple[int, tuple[str, ...]]] = {
    "toepen": (8, ("ar", "en", "nl")),
    "phase10": (6, ("ar", "en", "da")),
    "shithead": (17, ("ar", "en")),
    "dallah": (8, ("ar", "en")),
}
ORDER: dict[str, dict[str, int]] = {
    "toepen": {"keep": 0, "accept": 1, "stay": 2, "play": 4, "knock": 5, "fold": 6},
    "phase10": {"draw": 0, "discard": 1, "take": 2, "lay": 3, "hit": 4},
    "shithead": {"done": 0, "play": 1, "blind": 2, "give": 3, "pickup": 4},
    "dallah": {"draw": 0, "roll": 1, "settled": 2, "allow": 3, "target": 4, "pair": 4,
               "move": 5, "fell": 6, "collapse": 7, "nospace": 8},
}

# -- what the checks measure, in the page ------------------------------------------------
#: Every visible element of the bar and the table: inside the viewport horizontally; a
#: box that hides overflow either shows all its text or cuts it with an ellipsis and
#: carries the full text as its title; the page never scrolls sideways.
LAYOUT = """(roots) => {
  const W = document.documentElement.clientWidth, bad = [];
  const name = e => e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') +
    (typeof e.className === 'string' && e.className.trim()
      ? '.' + e.className.trim().split(/\\s+/).join('.') : '') +
    ' ' + JSON.stringify((e.textContent || '').slice(0, 30));
  for (const root of document.querySelectorAll(roots)) {
    if (!root.checkVisibility()) continue;
    for (const e of [root, ...root.querySelectorAll('*')]) {
      if (!e.checkVisibility()) continue;
      const r = e.getBoundingClientRect();
      if (!r.width && !r.height) continue;
      if (r.left < -1 || r.right > W + 1)
        bad.push('outside the screen: ' + name(e) + ' ' + Math.round(r.left) + '..' + Math.round(r.right));
      const cs = getComputedStyle(e);
      if (cs.overflowX !== 'visible' && e.scrollWidth > e.clientWidth + 1) {
        if (cs.textOverflow !== 'ellipsis') bad.push('clipped: ' + name(e));
        else if ((e.getAttribute('title') || '') !== e.textContent)
          bad.push('cut, the full text nowhere: ' + name(e));
      }
    }
  }
  if (document.documentElement.scrollWidth > W + 1)
    bad.push('the page scrolls sideways: ' + document.documentElement.scrollWidth + ' > ' + W);
  return bad;
}"""

TAPPABLE = "button, a[href], select, input, [role=button]"

#: Each visible tappable thing, scrolled into the middle of the screen, is what a finger
#: on its centre hits (not another element drawn over it).
COVERED = """(sel) => {
  const bad = [];
  for (const t of document.querySelectorAll(sel)) {
    if (!t.checkVisibility() || t.closest('[hidden]')) continue;
    t.scrollIntoView({block: 'center', inline: 'nearest'});
    const r = t.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    if (!hit || !(hit === t || t.contains(hit)))
      bad.push((t.className || t.tagName) + ' ' + JSON.stringify(t.textContent.slice(0, 20)) + ' under ' +
               (hit ? (hit.className || hit.tagName) + ' ' + JSON.stringify(hit.textContent.slice(0, 20))
                    : 'nothing'));
  }
  window.scrollTo(0, 0);
  return bad;
}"""

#: Each visible tappable thing smaller than 44x44 CSS px (a finger needs that much: WCAG
#: 2.5.5's target size, Apple's guidelines).
TARGETS = """(sel) => {
  const bad = [];
  for (const t of document.querySelectorAll(sel)) {
    if (!t.checkVisibility() || t.closest('[hidden]')) continue;
    const r = t.getBoundingClientRect();
    if (r.width < 43.5 || r.height < 43.5)
      bad.push((t.className || t.tagName) + ' ' + JSON.stringify(t.textContent.slice(0, 20)) + ' ' +
               Math.round(r.width) + 'x' + Math.round(r.height));
  }
  return bad;
}"""

#: Each card's colour word (Phase 10) drawn under 11 px, or wider than its card.
MARKS = """() => {
  const bad = [];
  for (const m of document.querySelectorAll('.card .mark')) {
    if (!m.checkVisibility()) continue;
    const size = parseFloat(getComputedStyle(m).fontSize);
    const r = m.getBoundingClientRect(), c = m.closest('.card').getBoundingClientRect();
    if (size < 11 || r.left < c.left - .5 || r.right > c.right + .5)
      bad.push(JSON.stringify(m.textContent) + ' ' + size + 'px, ' + Math.round(r.width) +
               ' px in a card of ' + Math.round(c.width));
  }
  return bad;
}"""

#: Pairs of tappable things whose drawn boxes overlap (by more than a pixel both ways).
OVERLAP = """(sel) => {
  const t = [...document.querySelectorAll(sel)].filter(e => e.checkVisibility());
  const out = [];
  for (let i = 0; i < t.length; i++) for (let j = i + 1; j < t.length; j++) {
    if (t[i].contains(t[j]) || t[j].contains(t[i])) continue;
    const a = t[i].getBoundingClientRect(), b = t[j].getBoundingClientRect();
    const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
    const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
    if (w > 1 && h > 1) out.push([t[i].textContent, t[j].textContent, Math.round(h * 10) / 10]);
  }
  return out;
}"""

#: The glyph boxes of every occurrence of ``needle`` (or of each match of a regular
#: expression) in the text under ``sel``: [[text, [[char, left, right, top], ...]], ...].
GLYPHS = """([sel, needle, isRegex]) => {
  const out = [], range = document.createRange();
  for (const e of document.querySelectorAll(sel)) {
    if (!e.checkVisibility()) continue;
    const walker = document.createTreeWalker(e, NodeFilter.SHOW_TEXT);
    let node;
    while ((node = walker.nextNode())) {
      const spans = [];
      if (isRegex)
        for (const m of node.data.matchAll(new RegExp(needle, 'g'))) spans.push([m.index, m[0].length]);
      else { const i = node.data.indexOf(needle); if (i >= 0) spans.push([i, needle.length]); }
      for (const [from, n] of spans) {
        const boxes = [];
        for (let i = from; i < from + n; i++) {
          range.setStart(node, i); range.setEnd(node, i + 1);
          const r = range.getClientRects()[0];
          if (r && r.width) boxes.push([node.data[i], r.left, r.right, r.top]);
        }
        out.push([node.data, boxes]);
      }
    }
  }
  return out;
}"""


def reads_left_to_right(boxes: list[list[Any]]) -> bool:
    """Each glyph starts where the one before it (in the text) ends, on the same line."""
    return all(abs(b[3] - a[3]) > 2 or abs(b[1] - a[2]) <= 1.5 for a, b in pairwise(boxes))


def kept_together(boxes: list[list[Any]]) -> bool:
    """The glyphs form one unbroken strip on a line (in whatever order)."""
    line = sorted(boxes, key=lambda b: b[1])
    return len({round(b[3]) for b in line}) == 1 and all(
        abs(b[1] - a[2]) <= 1.5 for a, b in pairwise(line))


def settle(page: Any) -> None:
    """Two animation frames: the layout after a resize or a render is final."""
    page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")


def started(phones: Phones, room: dict[str, Any], **options: Any) -> Any:
    page = phones.open(room["url"], **options)
    page.click("#start")
    until(page, "body[data-version]")
    return page


def turn_until(page: Any, game: str, done: Any, limit: int = 40) -> None:
    """Tap by priority on ``page`` (one phone against bots) until ``done(page)``."""
    for _ in range(limit):
        if done(page):
            return
        until(page, "body[data-myturn='1']")
        if done(page):
            return
        version = page.get_attribute("body", "data-version")
        tap(page, by_priority(ORDER[game])(page.evaluate(LEGAL), page))
        until(page, f"body:not([data-version='{version}'])")
    raise AssertionError("the table never came to the state the test needs")


# -- 1. every table, every language, every width -----------------------------------------
@pytest.mark.parametrize("game", list(BIG))
def test_the_table_fits_every_phone_in_every_language(game: str, server: Server, browser: Any,
                                                     phones: list[Phones]) -> None:
    """A full table (Shithead 17, Toepen and Dallah 8, Phase 10 6 seats), the host named
    with 24 characters of Arabic, Latin and markup, seen in Arabic, English and the game's
    own language at 320, 375, 412 and 768 px: nothing outside the screen or covered,
    nothing clipped without its full text, every tap target at least 44x44 px and every
    card's colour word at least 11 px (inside its card), the page mirrored in Arabic, the
    name shown as text, every button named, no English word left on the Arabic table."""
    seats, langs = BIG[game]
    assert len(MIXED) == 24
    room = server.create(game=game, players=seats, name=MIXED, seed=3, bot="random")
    prompts: dict[str, str] = {}
    for i, lang in enumerate(langs):
        ph = new_phones(phones, browser, server, lang)
        page = ph.open(room["url"], viewport=(320, 700))
        if i == 0:
            page.click("#start")
        until(page, "body[data-version] #table .seat")
        until(page, "body[data-canact='1']")
        settle(page)
        expect_dir = "rtl" if lang == "ar" else "ltr"
        assert page.evaluate("() => [document.documentElement.lang, document.documentElement.dir]") \
            == [lang, expect_dir]
        assert page.locator(".seat").count() == seats
        # the name is text: no element made of it, every character shown as typed
        me = page.locator(".seat.you .who strong")
        assert me.text_content() == MIXED and me.get_attribute("title") == MIXED
        assert me.evaluate("e => e.children.length") == 0
        prompts[lang] = page.text_content("#prompt") or ""
        for width in WIDTHS:
            page.set_viewport_size({"width": width, "height": 800})
            settle(page)
            where = f"{game} {lang} {width}px"
            assert page.evaluate(LAYOUT, "#game, #result") == [], where
            assert page.evaluate(COVERED, f"#game :is({TAPPABLE}), header :is({TAPPABLE})") == [], where
            assert page.evaluate(TARGETS, f"#game :is({TAPPABLE}), header :is({TAPPABLE})") == [], where
            assert page.evaluate(MARKS) == [], where
            if lang == "ar":  # mirrored: the accent, the hand and the names start on the right
                edge = page.evaluate("() => { const s = getComputedStyle(document.getElementById('prompt'));"
                                     " return [s.borderRightWidth, s.borderLeftWidth]; }")
                assert edge[0] != "0px" and edge[1] == "0px", where
                lefts = page.evaluate("() => [...document.querySelectorAll('#hand .card')]"
                                      ".map(c => c.getBoundingClientRect().left)")
                if len(lefts) > 1:
                    assert lefts[0] > lefts[1], where
                box = page.locator(".seat.you").bounding_box()
                name = me.bounding_box()
                assert box and name and name["x"] + name["width"] > box["x"] + box["width"] * 0.6, where
        if lang == "ar":  # no English word on the table but the players' names
            text = page.evaluate("() => document.getElementById('game').innerText")
            names = page.evaluate("() => [...document.querySelectorAll('.seat .who strong')]"
                                  ".map(e => e.textContent)")
            for n in names:
                text = text.replace(n, " ")
            assert re.findall(r"[A-Za-z]{2,}", text) == [], f"English left on the Arabic {game} table"
        # every button, and every card that is tapped, has a name a screen reader says
        tree = page.locator("body").aria_snapshot()
        assert not re.search(r"- button(:|\s*$|\s*\"\")", tree, re.M), tree
        assert not ph.errors
    # the game's own language really is on the page (not English under another tag)
    for lang in langs:
        if lang != "en":
            assert prompts[lang] and prompts[lang] != prompts["en"], (game, lang, prompts)


# -- 2. the lobby --------------------------------------------------------------------------
@pytest.fixture(scope="module")
def arabic_lobby(server: Server, browser: Any, phones: list[Phones]) -> Any:
    """A Dallah lobby of 8 seats (no bots: it stays a lobby) on a 320 px Arabic phone; the
    host's name is 24 Latin characters, a guest's mixes Arabic, Latin and markup."""
    ph = new_phones(phones, browser, server, "ar")
    room = server.create(game="dallah", players=8, name=LATIN_24, seed=4)
    server.join(room["code"], "علي Ali " + MARKUP)
    page = ph.open(room["url"], viewport=(320, 640))
    until(page, "#lobby:not([hidden]) ol.seats li.me")
    settle(page)
    return page


def test_the_arabic_lobby_names_the_game_in_arabic(arabic_lobby: Any) -> None:
    """The bar of an Arabic lobby says the game's Arabic name, as the table does after
    the start (a 'Dallah' in Latin letters is an English word on an Arabic page)."""
    page = arabic_lobby
    assert page.evaluate("() => document.documentElement.dir") == "rtl"
    title = page.text_content("#title") or ""
    assert not re.search(r"[A-Za-z]", title), f"the lobby's title is {title!r}"


def test_the_lobby_fits_a_small_phone_and_says_which_seat_is_yours(arabic_lobby: Any) -> None:
    """At 320 px the lobby's seats fit, a seat's long name keeps its '(you)' mark in
    sight (or, cut, carries its full text as title), the guest's markup is text, and the
    link, 'Copy link', the shared screen's link and the language button are each at
    least 44x44 px."""
    page = arabic_lobby
    me = page.locator("ol.seats li.me")
    assert me.text_content() == f"{LATIN_24} (أنت)"
    assert page.evaluate("() => document.querySelectorAll('#lobby b').length") == 0
    assert page.locator("ol.seats li", has_text=MARKUP).count() == 1
    assert page.evaluate(COVERED, f"#lobby :is({TAPPABLE})") == []
    assert page.evaluate(TARGETS, f"#lobby :is({TAPPABLE}), header :is({TAPPABLE})") == []
    shown = me.evaluate("e => e.scrollWidth <= e.clientWidth")
    assert shown, "the seat's '(you)' is cut off: nothing tells the player which seat is theirs"
    assert page.evaluate(LAYOUT, "#lobby") == []


def test_the_bar_shows_the_game_name_on_a_phone(server: Server, browser: Any,
                                               phones: list[Phones]) -> None:
    """The bar's game name (the only place the phone names the game) is shown whole on
    phones of 375 px and more, and where it is cut, its full name is its title."""
    ph = new_phones(phones, browser, server, "ar")
    room = server.create(game="shithead", players=3, name="Amal", seed=3, bot="random")
    page = started(ph, room, viewport=(320, 700))
    until(page, "body[data-myturn='1']")
    title = page.locator("#title")
    for width in WIDTHS:
        page.set_viewport_size({"width": width, "height": 700})
        settle(page)
        whole = title.evaluate("e => e.scrollWidth <= e.clientWidth")
        full = title.get_attribute("title") == title.text_content()
        assert whole or full, f"{width}px: the bar's {title.text_content()!r} is cut, untitled"
        if width >= 375:
            assert whole, f"{width}px: the bar's {title.text_content()!r} is cut"


# -- 3. right to left: names, numbers, cards -----------------------------------------------
@pytest.fixture(scope="module")
def arabic_toepen(server: Server, browser: Any, phones: list[Phones]) -> Any:
    """An Arabic Toepen table on a 412 px phone, its host named with Latin and markup,
    played until cards played by the bots (named in Arabic, as the Arabic phone that
    started the room names them) and by the host are in the event list; and the room's
    shared screen on a phone of the same size, whose event list names the host (the
    host's own phone tells it its own plays as "you": "لعبت 9♥")."""
    ph = new_phones(phones, browser, server, "ar")
    room = server.create(game="toepen", players=4, name=MARKUP, seed=1, bot="random",
                         rules={"limit": 3})
    page = started(ph, room, viewport=(412, 900), reduced_motion="reduce")

    def cards_played(p: Any) -> bool:
        texts = [re.sub("[\u200e\u200f\u2066-\u2069]", "", t) for t in  # bidi marks aside
                 p.evaluate("() => [...document.querySelectorAll('#events li')].map(l => l.textContent)")]
        return sum(bool(re.search(r"لاعب آلي \d \S+[♣♦♥♠]", t)) for t in texts) >= 2 and any(
            re.search(r"^لعبت \S+[♣♦♥♠]", t) for t in texts)

    turn_until(page, "toepen", cards_played)
    settle(page)
    screen = ph.open(f"/s/{room['code']}", viewport=(412, 900), reduced_motion="reduce")
    screen.wait_for_function("name => [...document.querySelectorAll('#events li')]"
                             ".some(l => l.textContent.includes(name))", arg=MARKUP)
    settle(screen)
    assert not ph.errors
    return page, screen


def test_latin_names_read_left_to_right_on_an_arabic_table(arabic_toepen: Any) -> None:
    """On an Arabic page a Latin name (ending in punctuation) is drawn in its own order:
    its seat shows ``Jo <b>&"'``, not ``'"&<Jo <b`` (no bidi isolation of the name)."""
    page, screen = arabic_toepen
    seat = page.evaluate(GLYPHS, [".seat.you .who strong", MARKUP, False])
    assert seat and all(reads_left_to_right(b) for _, b in seat), f"the seat shows {seat}"
    lines = screen.evaluate(GLYPHS, ["#events li", MARKUP, False])
    assert lines, "no event names the host"
    wrong = [text for text, boxes in lines if not reads_left_to_right(boxes)]
    assert wrong == [], f"the name is scrambled in: {wrong}"


def test_cards_in_arabic_sentences_keep_rank_and_suit_together(arabic_toepen: Any) -> None:
    """A card after a name (the host's Latin name, a bot's Arabic one) must show as one
    piece, 9♥; without isolation the rank joins a Latin name ('Jo <b>&"' 9') and the
    suit flies to the sentence's other end."""
    page, screen = arabic_toepen
    card = "(10|[2-9JQKA])[\u2066-\u2069]*[♣♦♥♠]"  # bidi isolates between them are fine
    cards = [*page.evaluate(GLYPHS, ["#events li, #last", card, True]),  # "you" played them
             *screen.evaluate(GLYPHS, ["#events li, #last", card, True])]  # the host did
    assert len(cards) >= 3
    apart = sorted({text for text, boxes in cards if not kept_together(boxes)})
    assert apart == [], f"rank and suit drawn apart in: {apart}"


def test_a_long_latin_name_reads_whole_from_its_beginning_on_an_arabic_table(
        server: Server, browser: Any, phones: list[Phones]) -> None:
    """A 24-letter Latin name on a 320 px Arabic phone is shown whole, its beginning
    where a Latin name begins ('Wolf' left to right at its start; it was cut with an
    ellipsis, which had to fall at the name's end, not over 'Wolfg')."""
    ph = new_phones(phones, browser, server, "ar")
    room = server.create(game="shithead", players=4, name=LATIN_24, seed=3, bot="random")
    page = started(ph, room, viewport=(320, 700))
    name = page.locator(".seat.you .who strong")
    assert name.text_content() == LATIN_24 and name.get_attribute("title") == LATIN_24
    assert name.evaluate("e => e.scrollWidth <= e.clientWidth && e.scrollHeight <= e.clientHeight")
    first = page.evaluate(GLYPHS, [".seat.you .who strong", "Wolf", False])[0][1]
    box = name.bounding_box()
    assert box is not None
    inside = (box["x"] - 0.5, box["x"] + box["width"] + 0.5)
    shown = [ch for ch, left, right, _ in first if left >= inside[0] and right <= inside[1]]
    assert shown == list("Wolf"), f"the name's beginning is cut off ({shown} of 'Wolf' shown)"


# -- 4. the end of a game on a small phone ---------------------------------------------------
def test_the_result_of_a_full_table_fits_a_small_phone(server: Server, browser: Any,
                                                      phones: list[Phones]) -> None:
    """An eight-seat Toepen game ends; on a 320x568 Arabic phone the result shows every
    name whole or titled, and its 'Back to the table' button (44 px at least) can be
    reached and tapped."""
    room = server.create(game="toepen", players=8, name=LATIN_24, seed=4, bot="random",
                         rules={"limit": 3})
    sock = Socket(server, "/ws/p/" + room["url"].rsplit("/", 1)[1])
    try:  # the host's moves, fast, over the socket: first legal move each time
        sock.send({"type": "hello", "since": None})
        sock.recv("lobby")
        sock.send({"type": "start"})
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            page = sock.recv("update")["page"]
            if page["result"]:
                break
            if page["to_act"] == page["seat"] and page["actions"]:
                sock.send({"type": "act", "actions": [page["actions"][0]["n"]],
                           "expect": page["version"]})
        else:
            raise AssertionError("the game did not end")
    finally:
        sock.close()
    ph = new_phones(phones, browser, server, "ar")
    phone = ph.open(room["url"], viewport=(320, 568))
    until(phone, "#result:not([hidden])", state="visible")
    settle(phone)
    assert phone.locator("#result .scores tr").count() == 8
    back = phone.evaluate("() => { const b = [...document.querySelectorAll('#result button')].pop();"
                          " b.scrollIntoView({block: 'end'}); const r = b.getBoundingClientRect();"
                          " const hit = document.elementFromPoint(r.left + r.width / 2,"
                          " r.top + r.height / 2); return [r.top, r.bottom, innerHeight,"
                          " !!hit && (hit === b || b.contains(hit))]; }")
    assert back[1] <= back[2] and back[3], (
        f"'Back to the table' lies at {back[0]:.0f}..{back[1]:.0f} px of a {back[2]} px screen"
        " and cannot be reached")
    assert phone.evaluate(LAYOUT, "#result") == []
    assert phone.evaluate(TARGETS, f"#result :is({TAPPABLE})") == []


# -- 5. tapping ------------------------------------------------------------------------------
def test_a_chosen_card_covers_no_other_card(server: Server, browser: Any,
                                            phones: list[Phones]) -> None:
    """Phase 10 on a 320 px phone: the hand wraps onto rows; a card chosen in the second
    row is raised, and must not lie over a card of the row above (a tap on that card's
    lower edge would land on the chosen one)."""
    ph = new_phones(phones, browser, server, "en")
    room = server.create(game="phase10", players=3, name="Amal", seed=20, bot="random",
                         rules={"phases": ["set3+set3"]})
    page = started(ph, room, viewport=(320, 800), reduced_motion="reduce")
    turn_until(page, "phase10", lambda p: p.locator("#hand .card.pick.lifted").count() >= 8
               and p.get_attribute("body", "data-myturn") == "1")
    tops = page.evaluate("() => [...document.querySelectorAll('#hand .card.pick')]"
                         ".map(c => c.getBoundingClientRect().top)")
    assert max(tops) - min(tops) > 40  # the hand wraps onto several rows
    assert page.evaluate(OVERLAP, "#hand .card.pick") == []
    first_row = len([t for t in tops if t - min(tops) < 20])
    several = page.evaluate("() => [...document.querySelectorAll('#hand .card.pick')]"
                            ".map(c => JSON.parse(c.dataset.uses).length)")
    pick = next(i for i in range(first_row, len(several)) if several[i] > 1)  # not sent at once
    calm(page)
    page.locator("#hand .card.pick").nth(pick).click()
    until(page, "#hand .card.pick.chosen")
    settle(page)
    assert page.evaluate(OVERLAP, f"#game :is({TAPPABLE})") == []


GAMES = {  # small rooms for the tap tests: seats, seed, rules
    "toepen": (3, 1, {"limit": 3}),
    "phase10": (3, 20, {"phases": ["set3+set3"]}),
    "shithead": (3, 12, {}),
    "dallah": (3, 5, {}),
}


@pytest.mark.parametrize("game", list(GAMES))
def test_one_tap_sends_one_action_and_the_screen_shows_no_hand(game: str, server: Server,
                                                               browser: Any,
                                                               phones: list[Phones]) -> None:
    """Under reduced motion on a 375 px phone: taps on cards and buttons each send exactly
    one action (a card tapped twice at once too), nothing slides; the shared screen
    /s/CODE on a tablet follows every move and never shows a hand or a button."""
    seats, seed, rules = GAMES[game]
    ph = new_phones(phones, browser, server, "en")
    room = server.create(game=game, players=seats, name="Amal", seed=seed, bot="random",
                         rules=rules)
    page = ph.open(room["url"], viewport=(375, 800), reduced_motion="reduce")
    sent: list[dict[str, Any]] = []
    page.on("websocket", lambda ws: ws.on("framesent", lambda p: sent.append(json.loads(p))))
    page.reload()
    page.click("#start")
    screen = ph.open(f"/s/{room['code']}", viewport=(768, 1024))
    card_taps = 0
    for taps in range(1, 31):
        until(page, "body[data-myturn='1']")
        version = page.get_attribute("body", "data-version")
        before = len([m for m in sent if m["type"] == "act"])
        single = page.locator("#hand .card.pick.lifted")
        notation = by_priority(ORDER[game])(page.evaluate(LEGAL), page)
        lone = [e for e in single.all() if json.loads(e.get_attribute("data-uses") or "[]") == [notation]]
        if lone:  # two taps at once on a card that plays at one tap: one action
            calm(page)
            lone[0].evaluate("e => { e.click(); e.click(); }")
            cards = 1
        else:
            cards = tap(page, notation)
        until(page, f"body:not([data-version='{version}'])")
        acts = [m for m in sent if m["type"] == "act"][before:]
        assert [a["actions"] for a in acts] == [[notation]], acts
        assert page.get_attribute("body", "data-pending") is None
        card_taps += cards > 0
        if card_taps >= 2 or (game == "dallah" and taps >= 3):
            break
    assert card_taps >= 2 or game == "dallah"
    # the hand's heading stands over cards only: Dallah's players hold none
    assert (page.locator("#hand h3").count() == 0) is (game == "dallah")
    assert page.get_attribute("body", "data-moved") in (None, "0")
    assert page.locator(".card.moving").count() == 0
    # the shared screen: the same table, no hand, nothing to tap
    now = page.get_attribute("body", "data-version")
    until(screen, "body[data-version]")
    screen.wait_for_function("v => Number(document.body.dataset.version) >= Number(v)", arg=now)
    assert screen.locator("#hand").is_hidden()
    assert screen.locator(".card.pick, [data-action], #hand .card").count() == 0
    assert screen.locator(".seat").count() == seats
    assert screen.evaluate(LAYOUT, "#game") == []
    for frame in ph.frames[1]:
        m = json.loads(frame)
        if m["type"] == "update":
            assert m["page"]["hand"] == [] and m["page"]["actions"] == [] and m["page"]["seat"] is None
        elif m["type"] == "patch":
            assert all(op.get("value") in (None, []) for op in m["patch"]
                       if op["path"].startswith(("/hand", "/actions"))), m
    assert not ph.errors


# -- 6. reconnecting -------------------------------------------------------------------------
def test_phones_follow_each_other_after_the_server_comes_back(server: Server, browser: Any,
                                                              phones: list[Phones]) -> None:
    """Two people play Toepen on their phones; the server dies and comes back: both
    phones leave 'reconnecting…' by themselves, nothing is left waiting, and a move on one
    phone appears on the other (its table and its line of what happened: each phone is
    told its own moves as "you" and the other's by name)."""
    ph = new_phones(phones, browser, server, "en")
    room = server.create(game="toepen", players=2, name="Amal", seed=1, rules={"limit": 3})
    host = ph.open(room["url"], viewport=(375, 800))
    guest_room = server.join(room["code"], "Bo")
    guest = ph.open(guest_room["url"], viewport=(375, 800))
    until(host, "body[data-version]")
    until(guest, "body[data-version]")
    server.kill()
    for p in (host, guest):
        until(p, "body[data-offline='1']")
    server.start()
    for p in (host, guest):
        until(p, "body[data-offline='0'][data-connected='1']", timeout=20_000)
        assert p.text_content("#conn") == "live"
    names = {id(host): "Amal", id(guest): "Bo"}
    for _ in range(4):
        version = host.get_attribute("body", "data-version")
        seat = int(host.get_attribute("body", "data-toact") or 0)
        mover, other = (host, guest) if seat == 0 else (guest, host)
        until(mover, f"body[data-version='{version}'][data-myturn='1']")
        assert other.get_attribute("body", "data-myturn") == "0"
        tap(mover, by_priority(ORDER["toepen"])(mover.evaluate(LEGAL), mover))
        for p in (host, guest):
            until(p, f"body:not([data-version='{version}'])")
            assert p.get_attribute("body", "data-pending") is None
        mine, theirs = mover.text_content("#last") or "", other.text_content("#last") or ""
        assert mine and theirs and names[id(mover)] not in mine and names[id(other)] not in theirs
        assert names[id(mover)] in theirs or theirs.startswith("You "), (mine, theirs)
        assert other.text_content("#table .centre") == mover.text_content("#table .centre")
    assert not ph.errors


# -- 6. laying a Phase 10 phase on a small phone ---------------------------------------------
#: Seed 19, two seats, the phase a set of 3 and a run of 4: after drawing, Amal holds
#: red 1 twice, green 1, red 5, blue 6, green 7 and a Wild, which lay as three 1s with
#: the run 4-7 (the Wild as 4) or the run 5-8 (the Wild as 8).
LAY_ROOM = {"game": "phase10", "players": 2, "name": "Amal", "seed": 19, "bot": "random",
            "rules": {"phases": ["set3+run4"]}}
LAY_CARDS = ("R1", "R1", "G1", "R5", "B6", "G7", "W")


def drew_for_the_phase(ph: Phones) -> Any:
    """Amal's 320x568 phone in a ``LAY_ROOM``, after drawing from the draw pile."""
    page = started(ph, ph.server.create(**LAY_ROOM), viewport=(320, 568), reduced_motion="reduce")
    until(page, "body[data-myturn='1']")
    version = page.get_attribute("body", "data-version")
    page.click("button[data-action='0:draw']")
    until(page, f"body:not([data-version='{version}'])")
    until(page, "body[data-myturn='1']")
    return page


def choose(page: Any, code: str) -> None:
    calm(page)  # a person taps a card after seeing the hand, not inside the tap guard
    page.locator(f"#hand .card.pick[data-code='{code}']:not(.chosen)").first.click()
    settle(page)


def test_the_first_card_of_a_phase_says_keep_tapping_and_its_discard_stands_apart(
        server: Server, browser: Any, phones: list[Phones]) -> None:
    """The first card tapped toward a phase (red 1, which may also be discarded alone): the
    page says to keep tapping for the phase, and the discard of that card is a small
    button set apart below "Clear the choice", not a big one just under the hand where the
    next card tap lands; tapping on to a second card keeps the line, and clearing the
    choice takes it away."""
    ph = new_phones(phones, browser, server, "en")
    page = drew_for_the_phase(ph)
    choose(page, "R1")
    keep = page.locator("#confirm #keep")
    assert keep.is_visible() and keep.inner_text() == "Keep tapping cards to lay phase 1."
    discard = page.locator("#confirm button[data-action='0:discard R1']")
    assert discard.is_visible()
    assert page.locator("#confirm .act.big").count() == 0
    where = page.evaluate("""() => {
      const cards = [...document.querySelectorAll('#hand .cards .card')];
      const hand = Math.max(...cards.map(c => c.getBoundingClientRect().bottom));
      const d = document.querySelector("#confirm button[data-action='0:discard R1']").getBoundingClientRect();
      const c = document.getElementById('clear').getBoundingClientRect();
      return {gap: d.top - hand, below_clear: d.top >= c.bottom};
    }""")
    assert where["below_clear"] and where["gap"] >= 100, where
    choose(page, "R1")
    assert keep.is_visible()
    assert page.locator("#confirm .act").count() == 0  # two red 1s make no move yet
    page.click("#clear")
    settle(page)
    assert page.locator("#confirm #keep").count() == 0


def test_two_lay_downs_of_the_same_cards_fit_a_small_phone_and_read_apart(
        server: Server, browser: Any, phones: list[Phones]) -> None:
    """All seven cards of the phase chosen, a Wild among them: the two lay-downs they make
    are compact buttons (each group's words over its small cards in a row), both in sight
    together on a 320x568 screen, told apart by short words that come first ("run 4-7 with
    Wild as 4" / "run 5-8 with Wild as 8"); the set reads "three 1s", on the buttons and
    on the table once laid."""
    ph = new_phones(phones, browser, server, "en")
    page = drew_for_the_phase(ph)
    for code in LAY_CARDS:
        choose(page, code)
    buttons = page.locator("#confirm button.act[data-verb='lay']")
    assert buttons.count() == 2
    words = [b.locator(".part > span:first-child").all_inner_texts() for b in buttons.all()]
    assert sorted(words) == [["three 1s", "run 4-7 with Wild as 4"],
                             ["three 1s", "run 5-8 with Wild as 8"]], words
    boxes = page.evaluate("""() => {
      const b = [...document.querySelectorAll("#confirm button.act[data-verb='lay']")];
      b[0].scrollIntoView({block: 'start'});
      const head = document.querySelector('header');
      const bar = head ? head.getBoundingClientRect().bottom : 0;
      window.scrollBy(0, -bar);
      return b.map(x => { const r = x.getBoundingClientRect(); return [r.top, r.bottom, r.height]; })
        .concat([[bar, innerHeight, 0]]);
    }""")
    *lays, (bar, height, _) = boxes
    for top, bottom, tall in lays:
        assert tall <= 130 and top >= bar - 1 and bottom <= height + 1, boxes
    assert page.evaluate(LAYOUT, "#confirm") == []
    assert page.evaluate(TARGETS, f"#confirm :is({TAPPABLE})") == []
    version = page.get_attribute("body", "data-version")
    page.locator("#confirm button.act[data-verb='lay']", has_text="run 5-8").click()
    until(page, f"body:not([data-version='{version}'])")
    groups = page.locator(".seat.you .group small").all_inner_texts()
    assert "1. three 1s" in groups and "2. run 5-8" in groups, groups
