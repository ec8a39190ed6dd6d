"""The phone table at the sizes people hold it (360x640, 320x568, and 640x360 on its side).

One server and one Chromium for the module. What a reviewer found playing whole games:
the language button offers only the languages the room's game is drawn in (never a page
in two languages); Dallah's timed card shows its countdown and every report button
without scrolling; a list of ranks reads left to right on an Arabic page; every tap
target is at least 44x44 px and every colour word at least 11 px through a game; only
cards a legal move uses can be tapped; no console error after a reload; Arabic lists of
names are joined with the Arabic comma.
"""

from __future__ import annotations

import contextlib
import json
import re
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest

import tablegames
from tests.server.helpers import LEGAL, Phones, Server, Socket, by_priority, calm, new_phones, tap, until
from tests.server.test_browser_layout import MARKS, TAPPABLE, TARGETS, settle

SIZES = ((360, 640), (320, 568), (640, 360))


def watch_console(page: Any) -> list[str]:
    """The console's errors and warnings on ``page`` from now on."""
    said: list[str] = []
    page.on("console", lambda m: said.append(f"{m.type}: {m.text}")
            if m.type in ("error", "warning") else None)
    return said


def turns(page: Any, choose: Callable[[list[str], Any], str], done: Callable[[Any], bool],
          limit: int = 60, before: Callable[[Any], None] | None = None) -> None:
    """Tap ``choose``'s move whenever it is this phone's turn, until ``done(page)``."""
    for _ in range(limit):
        if done(page):
            return
        until(page, "body[data-myturn='1'], body[data-over='1']")
        if done(page) or page.get_attribute("body", "data-over") == "1":
            return
        version = page.get_attribute("body", "data-version")
        if before is not None:
            before(page)
        tap(page, choose(page.evaluate(LEGAL), page))
        until(page, f"body:not([data-version='{version}'])")
    raise AssertionError("the table never came to the state the test needs")


def first_of(order: tuple[str, ...]) -> Callable[[list[str], Any], str]:
    return by_priority({verb: i for i, verb in enumerate(order)})


# -- 1. languages ----------------------------------------------------------------------------
#: game -> the languages its table is drawn in, in the button's order
GAME_LANGS = {"toepen": ["en", "ar", "nl"], "shithead": ["en", "ar"], "phase10": ["en", "ar", "da"]}


@pytest.mark.parametrize(("game", "stored", "shown"), [
    ("toepen", "da", "en"), ("shithead", "nl", "en"), ("phase10", "da", "da")])
def test_the_language_button_offers_only_the_games_languages(
        game: str, stored: str, shown: str, server: Server, browser: Any,
        phones: list[Phones]) -> None:
    """A phone that chose Danish opens a Toepen table (no Danish Toepen): the page is
    English (lang="en", its words, prompt and buttons), not Danish words around an English
    table; the language button steps through Toepen's languages only (English, Arabic,
    Dutch), each page wholly in the language it is marked with. Phase 10 has Danish:
    there the choice stands."""
    ph = new_phones(phones, browser, server, stored)
    room = server.create(game=game, players=3, name="Amal", seed=2, bot="random")
    page = ph.open(room["url"], viewport=(360, 640))
    until(page, "#lobby:not([hidden])", state="visible")
    assert page.evaluate("() => document.documentElement.lang") == shown
    page.click("#start")
    until(page, "body[data-version] #hand .card")
    langs = GAME_LANGS[game]
    at = langs.index(shown)
    prompts: dict[str, str] = {}
    hands: dict[str, str] = {}
    for step in range(len(langs) + 1):
        lang = langs[(at + step) % len(langs)]
        until(page, f"html[lang={lang}][dir={'rtl' if lang == 'ar' else 'ltr'}]")
        # the table the server drew is in the page's language too
        page.wait_for_function("l => document.body.dataset.drawn === l", arg=lang)
        prompts[lang] = page.text_content("#prompt") or ""
        hands[lang] = page.text_content("#hand h3") or ""
        following = langs[(at + step + 1) % len(langs)]
        # the menu shows the page's language, and offers exactly the game's languages
        assert page.input_value("#lang") == lang
        assert page.eval_on_selector_all("#lang option", "os => os.map(o => o.value)") == langs
        page.select_option("#lang", following)
    # each language's own words: the chrome and the prompt both change with it
    assert len(set(prompts.values())) == len(langs), prompts
    assert len(set(hands.values())) == len(langs), hands
    assert re.search("[\u0600-\u06ff]", prompts["ar"]) and re.search("[\u0600-\u06ff]", hands["ar"])
    assert not ph.errors


@pytest.mark.parametrize(("lang", "players", "button", "bots"), [
    ("en", 2, "Start now: a bot takes 1 empty seat", ["Bot 2"]),
    ("ar", 2, "ابدأ الآن: يأخذ لاعب آلي المقعد الفارغ", ["لاعب آلي 2"]),
    ("ar", 3, "ابدأ الآن: يأخذ لاعبان آليان المقعدين الفارغين", ["لاعب آلي 2", "لاعب آلي 3"]),
    ("nl", 4, "Nu beginnen: bots nemen 3 lege plaatsen", ["Bot 2", "Bot 3", "Bot 4"]),
])
def test_the_start_button_counts_the_bots_and_names_them_in_the_pages_language(
        lang: str, players: int, button: str, bots: list[str], server: Server, browser: Any,
        phones: list[Phones]) -> None:
    """"Start now: bots take 1 empty seats" was the page's only form; the page now picks
    the language's form for the count (Intl.PluralRules: Arabic's dual), and the bots are
    named in the language of the phone that starts (found by helper-58)."""
    ph = new_phones(phones, browser, server, lang)
    room = server.create(game="toepen", players=players, name="Amal", seed=2, bot="random")
    page = ph.open(room["url"], viewport=(360, 640))
    until(page, "#lobby:not([hidden]) #start", state="visible")
    text = page.evaluate("() => document.getElementById('start').textContent")
    assert text.replace("\u2068", "").replace("\u2069", "") == button  # isolates: Arabic
    page.click("#start")
    until(page, "body[data-version] #hand .card")
    game, _actions = server.saved(room["code"])
    assert list(game.players) == ["Amal", *bots]


# -- 2. Dallah's countdown -----------------------------------------------------------------------
#: The countdown, its restart button and every report button, each with its box and
#: whether it lies wholly on the screen, below the bar, and is what a finger there hits.
IN_SIGHT = """() => {
  const H = innerHeight, W = document.documentElement.clientWidth;
  const bar = document.querySelector('header.bar').getBoundingClientRect().bottom;
  return [...document.querySelectorAll('#countdown, #countdown button, #dallah .report button')]
    .map(e => {
      const r = e.getBoundingClientRect();
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return [e.dataset.verb || e.id || e.textContent, Math.round(r.top), Math.round(r.bottom),
              r.top >= bar - .5 && r.bottom <= H + .5 && r.left >= -.5 && r.right <= W + .5
              && !!hit && (hit === e || e.contains(hit))];
    });
}"""


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_dallahs_countdown_and_report_buttons_are_in_sight(lang: str, server: Server,
                                                          browser: Any,
                                                          phones: list[Phones]) -> None:
    """When the five-second card comes up, the player places the cup while the seconds
    run: the countdown and every report button ('It settled', the fallen cup, 'collapsed'
    when cups stand on the Dallah, 'no space', 'Time ran out', the swap) are on the screen
    at once, without scrolling, at 360x640, 320x568 and 640x360, even when the player had
    scrolled down to the table before; nothing of the report is smaller than 44 px."""
    ph = new_phones(phones, browser, server, lang)
    for width, height in SIZES:
        room = server.create(game="dallah", players=3, name="Amal", seed="d3", bot="random")
        page = ph.open(room["url"], viewport=(width, height), reduced_motion="reduce")
        page.click("#start")

        def down(p: Any) -> None:  # the player looks at the table, further down
            p.evaluate("() => window.scrollTo(0, document.documentElement.scrollHeight)")

        turns(page, first_of(("draw", "roll", "settled", "allow", "target", "pair", "move")),
              lambda p: p.get_attribute("body", "data-timed") == "1"
              and p.get_attribute("body", "data-myturn") == "1", before=down)
        settle(page)
        where = f"{lang} {width}x{height}"
        seen = page.evaluate(IN_SIGHT)
        verbs = {s[0] for s in seen}
        # 'collapsed' is offered once cups stand on the Dallah (the cup in hand is not on
        # it, DAL-14); every button drawn, that one included, must be in sight
        assert {"countdown", "settled", "fell", "timeout"} <= verbs, (where, seen)
        assert [s for s in seen if not s[3]] == [], (where, seen)
        assert page.evaluate(TARGETS, f"#dallah :is({TAPPABLE})") == [], where
        # no empty box above the card (the who-row is drawn only with someone in it)
        assert page.evaluate("() => [...document.querySelectorAll('#dallah > *')]"
                             ".filter(e => !e.textContent.trim()).length") == 0, where
        # the report is tapped as it is: one tap, one action, the table goes on
        version = page.get_attribute("body", "data-version")
        calm(page)
        page.click("#dallah .report button[data-verb='settled']")
        until(page, f"body:not([data-version='{version}'])")
    assert not ph.errors


def two_cup_cards() -> dict[str, Any]:
    """The default card set with Two cups as its only Action card."""
    from tablegames import dallah

    cards = dallah.Rules().cards.to_dict()
    cards["name"] = "two cups only"
    cards["actions"] = [dict(a, count=12) for a in cards["actions"] if a["id"] == "two_cups"]
    return cards


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_several_cups_fell_together_whatever_order_they_are_tapped(
        lang: str, server: Server, browser: Any, phones: list[Phones]) -> None:
    """DAL-10, DAL-26: on a Two cups card, cup 1 settled and cup 2 is in hand; both fall
    together, and the player taps cup 1's fall before cup 2's on the "several cups" screen.
    The phone sends the cup in hand first, so every tap stands and the placer collects
    both cups (sent in tapping order, the first fall stopped the card, cup 2's fall was
    refused and the player saw an error)."""
    ph = new_phones(phones, browser, server, lang)
    room = server.create(game="dallah", players=3, name="Amal", seed=7, bot="random",
                         rules={"cards": two_cup_cards()})
    page = ph.open(room["url"], viewport=(360, 640))
    page.click("#start")
    code = room["code"]
    for _ in range(60):  # Amal's turns, until cup 1 of her card has settled
        until(page, "body[data-myturn='1'], body[data-over='1']")
        version = int(page.get_attribute("body", "data-version"))
        state, _ = server.saved(code)
        assert state.version == version and not state.is_over
        legal = [str(a) for a in state.legal_actions(0)]
        if state.history and str(state.history[-1]) == "0:settled" \
                and state.view(0).get("cups_in_hand"):
            break
        pick = next((a for verb in ("draw", "roll", "settled") for a in legal
                     if a.split(":")[1].split(" ")[0] == verb), legal[0])
        tap(page, pick)
        until(page, f"body:not([data-version='{version}'])")
    else:
        raise AssertionError("cup 2 of a Two cups card never came to Amal's hand")
    view = state.view(0)
    held = f"0:fell {view['zone']}:{view['cup']}"
    placed = next(a for a in legal if ":fell " in a and a != held)
    before = state.piles[0]
    calm(page)
    page.click("#several")
    for n in (placed, held):  # the cup that settled first, then the cup in hand
        calm(page)
        page.locator(f'.report [data-action="{n}"]').first.click()
    calm(page)
    page.click("#send-several")
    # the bots play on at once: wait until the three taps stand and the bots have stopped
    # (Amal's turn again, or the end), so the stored game is read at rest
    page.wait_for_function(f"() => +document.body.dataset.version >= {version + 3}")
    until(page, "body[data-myturn='1'], body[data-over='1']")
    state, _ = server.saved(code)
    assert [str(a) for a in state.history[version:version + 3]] == [held, placed, "0:settled"]
    record = state.record()
    record["actions"] = record["actions"][:version + 3]  # the game at the three taps' end
    assert tablegames.replay(record).piles[0] == before + 2  # DAL-10: she collects both
    assert page.get_attribute("body", "data-last-error") in (None, "")
    assert not ph.errors


def test_dallah_shows_no_empty_box_before_the_card(server: Server, browser: Any,
                                                   phones: list[Phones]) -> None:
    """Before anyone draws, Dallah's panel holds no empty row (a white box above 'Draw an
    Action card')."""
    ph = new_phones(phones, browser, server, "en")
    room = server.create(game="dallah", players=3, name="Amal", seed=5, bot="random")
    page = ph.open(room["url"], viewport=(360, 640))
    page.click("#start")
    until(page, "body[data-myturn='1']")
    empty = page.evaluate("() => [...document.querySelectorAll('#dallah *')]"
                          ".filter(e => e.checkVisibility() && !e.textContent.trim()"
                          " && !e.matches('button')).map(e => e.className)")
    assert empty == []


# -- 3. lists of ranks on an Arabic page ----------------------------------------------------------
#: Each fact's value on the table: its text and the left edges of its words, in text order.
FACT_WORDS = """() => [...document.querySelectorAll('#table .facts dd')].map(dd => {
  const node = dd.firstChild, range = document.createRange(), lefts = [];
  if (!node || node.nodeType !== 3) return [dd.textContent, lefts];
  for (const m of node.data.matchAll(/\\S+/g)) {
    range.setStart(node, m.index); range.setEnd(node, m.index + m[0].length);
    lefts.push(range.getBoundingClientRect().left);
  }
  return [dd.textContent, lefts];
})"""
RANKS = re.compile(r"^(10|[2-9JQKA])( (10|[2-9JQKA]))+$")


def test_lists_of_ranks_read_left_to_right_on_an_arabic_table(server: Server, browser: Any,
                                                             phones: list[Phones]) -> None:
    """Shithead in Arabic: 'may be played: 2 3 9 10 J Q K' must read in that order from
    left to right, as every other list of ranks on the page (one starting with 'A' did),
    not 'J Q K 10 9 3 2'."""
    ph = new_phones(phones, browser, server, "ar")
    room = server.create(game="shithead", players=3, name="Amal", seed=12, bot="random")
    page = ph.open(room["url"], viewport=(360, 640), reduced_motion="reduce")
    page.click("#start")

    lists: list[tuple[str, list[float]]] = []

    def digits_then_letters(p: Any) -> bool:
        """Whether a list of ranks starting with a digit and holding a letter is drawn; the
        lists drawn then are kept, read in the same call: the bots may move the moment
        after (it was read again after, and a bot's move had taken the list away)."""
        drawn = [(text, lefts) for text, lefts in p.evaluate(FACT_WORDS) if RANKS.match(text)]
        if any(text[0].isdigit() and re.search("[JQKA]", text) for text, _ in drawn):
            lists[:] = drawn
            return True
        return False

    turns(page, first_of(("done", "play", "blind", "give", "pickup")), digits_then_letters)
    assert lists
    for text, lefts in lists:
        assert lefts == sorted(lefts), f"{text!r} is drawn out of order: {lefts}"
    assert not ph.errors


# -- 4, 5, 6, 7. a game at 320x568 after a reload -------------------------------------------------
#: Cards of the seat's own row that can be tapped: each must lead to a legal move.
IDLE_PICKS = """() => [...document.querySelectorAll('#table .seat.you .group .card')]
  .filter(c => c.matches('.pick, [role=button], [tabindex]') && !c.classList.contains('chosen')
               && !JSON.parse(c.dataset.uses || '[]').length)
  .map(c => c.dataset.code)"""

PLAY_ORDER = {
    "toepen": ("exchange", "accept", "stay", "play", "keep", "knock", "fold"),
    "phase10": ("lay", "hit", "draw", "take", "discard"),
    "shithead": ("swap", "done", "play", "blind", "give", "pickup"),
    "dallah": ("draw", "roll", "settled", "allow", "target", "pair", "move", "fell"),
}


@pytest.mark.parametrize("game", list(PLAY_ORDER))
def test_a_game_after_a_reload_on_a_small_phone(game: str, server: Server, browser: Any,
                                                phones: list[Phones]) -> None:
    """One phone against bots at 320x568: after a reload (the browser forgets the taps;
    the turn comes back and the phone calls its player) the console stays clean (no
    vibration refused), and at every turn of the game every tap target is at least 44 px
    both ways, every colour word at least 11 px and inside its card, and no card of the
    seat's own row can be tapped unless a legal move uses it (Toepen's thrown-in cards,
    Shithead's face-up cards while the hand is played)."""
    ph = new_phones(phones, browser, server, "en")
    room = server.create(game=game, players=3, name="Amal", seed=7, bot="random",
                         rules={"limit": 3} if game == "toepen" else {})
    page = ph.open(room["url"], viewport=(320, 568), reduced_motion="reduce")
    page.click("#start")
    choose = first_of(PLAY_ORDER[game])
    taps = {"n": 0}

    def played(n: int) -> Callable[[Any], bool]:
        return lambda p: taps["n"] >= n

    problems: list[str] = []

    def check(p: Any) -> None:
        taps["n"] += 1
        where = f"{game} v{p.get_attribute('body', 'data-version')}"
        tappable = f"main :is({TAPPABLE}), header :is({TAPPABLE})"
        problems.extend(f"{where}: {b}" for b in p.evaluate(TARGETS, tappable))
        problems.extend(f"{where}: {b}" for b in p.evaluate(MARKS))
        problems.extend(f"{where}: idle card {c}" for c in p.evaluate(IDLE_PICKS))

    turns(page, choose, played(3), before=check)
    said = watch_console(page)
    page.reload()
    until(page, "body[data-version]")
    until(page, "body[data-myturn='1'], body[data-over='1']")
    settle(page)
    if page.get_attribute("body", "data-over") != "1":  # the phone called its player
        assert page.get_attribute("body", "data-alerts") == "1"
    assert said == [], said
    turns(page, choose, played(25), before=check, limit=80)
    assert problems == [], problems[:10]
    assert said == [] and not ph.errors, said


@contextlib.contextmanager
def _amal_threw_in(ph: Phones, server: Server, answer: str,
                   ) -> Iterator[tuple[Any, Socket, dict[str, Any]]]:
    """Toepen for two (seed 1): Amal's phone throws her hand in, Bo's socket answers
    ``answer`` (``1:challenge`` or ``1:accept``) and keeps his own hand. Yields her page
    once it is her turn to play (version 3), Bo's socket (closed after) and the last page
    Bo was sent."""
    room = server.create(game="toepen", players=2, name="Amal", seed=1, rules={"limit": 3})
    bo = Socket(server, "/ws/p/" + server.join(room["code"], "Bo")["url"].rsplit("/", 1)[1])
    try:
        bo.send({"type": "hello", "since": None})
        page = ph.open(room["url"], viewport=(360, 640), reduced_motion="reduce")
        until(page, "body[data-version='0'][data-myturn='1']")
        tap(page, "0:exchange")
        for want in (answer, "1:keep"):
            while True:
                seen = bo.recv("update")["page"]
                if any(a["n"] == want for a in seen["actions"]):
                    break
            bo.send({"type": "act", "actions": [want], "expect": seen["version"]})
        until(page, "body[data-version='3'][data-myturn='1']")
        yield page, bo, seen
    finally:
        bo.close()


def test_thrown_in_cards_are_shown_not_tapped(server: Server, browser: Any,
                                             phones: list[Phones]) -> None:
    """Toepen for two: Amal throws in her hand, Bo challenges and her four cards lie face
    up on her row; nothing can be done with them, so on her phone they are cards, not
    buttons (no role, no tab stop), while she plays from her hand."""
    ph = new_phones(phones, browser, server, "en")
    with _amal_threw_in(ph, server, "1:challenge") as (page, _, _):  # Bo challenges
        assert page.locator("#hand .card.pick.lifted").count() == 4  # her new hand plays
        for version in ("3", "4"):  # her turn to play, then Bo's (she may knock)
            until(page, f"body[data-version='{version}']")
            assert page.locator("#table .seat.you .group .card").count() == 4
            assert page.locator("#table .seat.you .group .card.pick").count() == 0
            assert page.locator("#table .seat.you .group [role=button], "
                                "#table .seat.you .group [tabindex]").count() == 0
            if version == "3":
                calm(page)
                page.locator("#hand .card.pick.lifted").first.click()
    assert not ph.errors


def test_a_thrown_in_hand_nobody_challenged_lies_on_its_own_phones_row(
        server: Server, browser: Any, phones: list[Phones]) -> None:
    """Toepen for two: Amal throws in her hand and Bo lets it pass, so only she may see it
    (TOE-03). The table is drawn from the spectator's side, yet her row shows her four
    thrown-in cards from the page's ``own`` (helper-152), as cards, not buttons; Bo's row
    shows none, and Bo's phone is sent none of them."""
    ph = new_phones(phones, browser, server, "en")
    with _amal_threw_in(ph, server, "1:accept") as (page, bo, seen):
        row = page.locator("#table .seat.you .group")
        assert row.count() == 1 and row.locator("small").text_content() == "Thrown in"
        codes = row.locator(".card").evaluate_all("cs => cs.map(c => c.dataset.code)")
        assert len(codes) == 4
        assert row.locator(".card.pick, [role=button], [tabindex]").count() == 0
        assert page.locator("#table .seat:not(.you) .group").count() == 0
        while seen["version"] < 3:  # Bo's page as it is now: none of her cards
            seen = bo.recv("update")["page"]
        text = json.dumps(seen, ensure_ascii=False)  # a code, or a face's key ("Kc black")
        assert codes and not any(f'"{c}"' in text or f'"{c} ' in text for c in codes)
    assert not ph.errors


# -- 8. the end ------------------------------------------------------------------------------------
def finished_room(server: Server, game: str, players: int, seed: int,
                  rules: dict[str, Any]) -> dict[str, Any]:
    """A room whose game the host played to its end over the socket (first legal move)."""
    room = server.create(game=game, players=players, name="Amal", seed=seed, bot="random",
                         rules=rules)
    sock = Socket(server, "/ws/p/" + room["url"].rsplit("/", 1)[1])
    try:
        sock.send({"type": "hello", "since": None})
        sock.recv("lobby")
        sock.send({"type": "start"})
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            page = sock.recv("update")["page"]
            if page["result"]:
                return room
            if page["to_act"] == page["seat"] and page["actions"]:
                sock.send({"type": "act", "actions": [page["actions"][0]["n"]],
                           "expect": page["version"]})
        raise AssertionError("the game did not end")
    finally:
        sock.close()


#: 'Back to the table' as it lies, unscrolled: top, bottom, the screen's height, and
#: whether a tap on its middle lands on it.
BACK = """() => {
  const b = [...document.querySelectorAll('#result button')].pop(), r = b.getBoundingClientRect();
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return [r.top, r.bottom, innerHeight, !!hit && (hit === b || b.contains(hit))];
}"""


def test_the_result_on_a_phone_on_its_side(server: Server, browser: Any,
                                           phones: list[Phones]) -> None:
    """A five-seat Toepen game ends: on a phone held sideways (640x360) 'Back to the table'
    is in sight and tappable without scrolling the panel; on an Arabic page the losers
    are listed with the Arabic comma '،', not ','."""
    room = finished_room(server, "toepen", 5, 4, {"limit": 3})
    for lang in ("en", "ar"):
        ph = new_phones(phones, browser, server, lang)
        page = ph.open(room["url"], viewport=(640, 360))
        until(page, "#result:not([hidden])", state="visible")
        settle(page)
        back = page.evaluate(BACK)
        assert back[1] <= back[2] and back[3], f"{lang}: 'Back to the table' at {back}"
        losers = page.text_content("#losers") or ""
        if len(page.locator("#losers bdi").all()) > 1:
            assert ("\u060c" in losers) is (lang == "ar") and ("," in losers) is (lang != "ar"), losers
        page.locator("#result button").last.click()
        assert page.locator("#result").is_hidden()
        assert not ph.errors


def test_the_page_knows_each_games_languages(server: Server) -> None:
    """The page's words carry each game's languages (what the language button offers)."""
    status, html = server.request("/p/nothing")
    assert status == 200
    text = html.decode() if isinstance(html, bytes) else str(html)
    words = json.loads(re.search(r'<script id="words" type="application/json">(.*?)</script>',
                                 text, re.S).group(1))  # type: ignore[union-attr]
    assert words["games"]["toepen"] == ["en", "ar", "nl"]
    assert words["games"]["shithead"] == ["en", "ar"]
    assert words["games"]["phase10"] == ["en", "ar", "da"]
    assert words["games"]["dallah"] == ["en", "ar"]
