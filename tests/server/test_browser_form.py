"""The room-creation form in Chromium: each house rule reads as a short label and one
plain sentence in the page's language (never the ``Rules`` docstring's markup), the
choices of a choice option are words, and a language switch redraws them keeping the
chosen game."""

from __future__ import annotations

from typing import Any

import pytest

from tests.server.helpers import Phones, Server, new_phones, until, until_true
from tests.server.test_option_words import MARKUP, options


def house_rules(page: Any) -> list[dict[str, Any]]:
    """What the form shows of each house rule: its label, help and the choices' words."""
    return page.evaluate("""() => [...document.querySelectorAll('#options label')].map(l => ({
        name: l.querySelector('[data-option]').dataset.option,
        label: l.querySelector('span').textContent,
        help: l.querySelector('small') ? l.querySelector('small').textContent : '',
        title: l.title,
        /* a number or a choice reads top to bottom: its name and sentence, then its box */
        box_below: l.classList.contains('check') || [...l.querySelectorAll('span, small')].every(
          t => t.getBoundingClientRect().bottom
               <= l.querySelector('[data-option]').getBoundingClientRect().top + 1),
        choices: [...l.querySelectorAll('option')].map(o => [o.value, o.textContent])}))""")


def open_form(ph: Phones, game: str) -> Any:
    page = ph.open("/")
    until(page, "select[name=game] option")
    page.select_option("select[name=game]", game)
    page.click("details:has(#options) summary")
    # some option shown (Playwright's :visible, which the page does not know)
    until_true(page, "() => [...document.querySelectorAll('#options [data-option]')]"
               ".some(e => e.getBoundingClientRect().height > 0)")
    return page


def assert_shows(page: Any, game: str, lang: str) -> None:
    expected = options(game, lang)
    shown = house_rules(page)
    assert [s["name"] for s in shown] == [o["name"] for o in expected]
    for s, o in zip(shown, expected, strict=True):
        assert (s["label"], s["help"]) == (o["label"], o["help"]), (game, lang)
        assert s["title"] == ""  # no tooltip with the docstring
        assert s["box_below"], (game, lang, s["name"])  # "3" before "Lives" read as the rule above's
        if o["type"] == "choice":
            assert s["choices"] == [[c, o["choice_labels"][c]] for c in o["choices"]]
        for text in (s["label"], s["help"], *(t for _, t in s["choices"])):
            assert text and not MARKUP.search(text), (game, lang, text)


@pytest.mark.parametrize(("lang", "game"), [("en", "phase10"), ("ar", "dallah"), ("ar", "toepen"),
                                            ("nl", "toepen"), ("da", "phase10"),
                                            ("nl", "shithead")])
def test_the_house_rules_read_as_short_plain_words_in_the_pages_language(
        lang: str, game: str, server: Server, browser: Any, phones: list[Phones]) -> None:
    """Arabic for every game, Dutch Toepen, Danish Phase 10; a Dutch page on Shithead
    (no Dutch catalogue) shows Shithead's options wholly in English."""
    ph = new_phones(phones, browser, server, lang)
    page = open_form(ph, game)
    assert page.evaluate("() => document.documentElement.lang") == lang
    assert_shows(page, game, lang)
    assert not ph.errors


def test_a_language_switch_redraws_the_house_rules_and_keeps_the_game(
        server: Server, browser: Any, phones: list[Phones]) -> None:
    ph = new_phones(phones, browser, server, "en")
    page = open_form(ph, "toepen")
    page.fill("input[name=players]", "3")
    assert_shows(page, "toepen", "en")
    page.select_option("#lang", "ar")  # English -> Arabic
    page.wait_for_function("l => document.querySelector('#options label span').textContent === l",
                           arg=options("toepen", "ar")[0]["label"])
    assert page.input_value("select[name=game]") == "toepen"
    assert page.input_value("input[name=players]") == "3"
    assert_shows(page, "toepen", "ar")
    assert not ph.errors


def test_a_join_link_to_no_room_says_so_in_the_pages_language(
        server: Server, browser: Any, phones: list[Phones]) -> None:
    """The join page tells a refusal by its status (its body's ``code`` is the reason, a
    room's ``code`` the room's code) and in the page's language."""
    from tablegames.server.words import error_text

    ph = new_phones(phones, browser, server, "ar")
    page = ph.open("/j/QQQQQQQ")
    page.wait_for_function("t => document.getElementById('join-info').textContent === t",
                           arg=error_text("ar", "no_room"))
    room = server.create(game="toepen", players=3, name="Amal", bot="")
    page = ph.open(f"/j/{room['code']}")
    until_true(page, "c => { const e = document.getElementById('join-info');"
               " return e !== null && e.getClientRects().length > 0 && e.textContent.includes(c); }",
               room["code"])  # shown, naming the room (Playwright's :has-text)
    assert not ph.errors


def choices(page: Any, select: str) -> list[list[str]]:
    """A select's options as ``[value, words]``."""
    return page.evaluate("s => [...document.querySelectorAll(s + ' option')].map("
                         "o => [o.value, o.textContent])", select)


@pytest.mark.parametrize(("lang", "game"), [("ar", "toepen"), ("ar", "shithead")])
def test_the_variants_and_bots_read_as_words_in_the_pages_language(
        lang: str, game: str, server: Server, browser: Any, phones: list[Phones]) -> None:
    """Each variant and bot is shown by its Arabic label (its name stays the value sent),
    the chosen one's sentence is under its box and read with it by a screen reader, and
    the room is created with the variant and bot picked by their words."""
    from tablegames.table.i18n import words_for
    from tests.server.test_choice_words import entry

    said = entry(game, lang)
    ph = new_phones(phones, browser, server, lang)
    page = open_form(ph, game)
    assert choices(page, "select[name=variant]") == [
        [v, said["variant_labels"][v]] for v in said["variants"]]
    nobody = words_for(lang).text({"msg": "nobody (wait for players)", "args": {}})
    assert choices(page, "select[name=bot]") == [
        *([b, said["bot_labels"][b]] for b in said["bots"]), ["", nobody]]
    variant, bot = list(said["variants"])[1], "ismcts"
    for box, name, kind in (("variant", variant, "variant"), ("bot", bot, "bot")):
        page.select_option(f"select[name={box}]", label=said[f"{kind}_labels"][name])
        assert page.input_value(f"select[name={box}]") == name
        # the sentence under the box, and the box's description to a screen reader
        assert page.text_content(f"#{box}-help") == said[f"{kind}_help"][name]
        combo = page.get_by_role("combobox", name=words_for(lang).text(
            {"msg": "Variant" if kind == "variant" else "Empty seats are played by",
             "args": {}}))
        assert combo.get_attribute("aria-describedby") == f"{box}-help"
        assert combo.evaluate("e => document.getElementById("
                              "e.getAttribute('aria-describedby')).textContent") == (
            said[f"{kind}_help"][name])
    page.select_option("select[name=bot]", "")
    assert page.text_content("#bot-help") == "" and not page.is_visible("#bot-help")
    page.select_option("select[name=bot]", bot)
    page.fill("#create-form input[name=name]", "أمل")
    with page.expect_request(lambda r: r.method == "POST" and "/api/rooms?" in r.url) as sent:
        page.click("#create-form button[type=submit]")
    spec = sent.value.post_data_json
    assert (spec["game"], spec["variant"], spec["bot"]) == (game, variant, bot)
    until(page, "#lobby:not([hidden])", state="visible")
    assert not ph.errors


#: Each visible field, fold and button of the home page under 44x44 CSS px: a checkbox
#: counts by its label (a tap on the label toggles it), which must hold a 24 px box.
SMALL_FIELDS = """() => {
  const bad = [];
  for (const t of document.querySelectorAll('main :is(button, a[href], select, input, textarea, summary)')) {
    if (!t.checkVisibility()) continue;
    const box = t.type === 'checkbox' ? t.closest('label') : t;
    const r = box.getBoundingClientRect(), own = t.getBoundingClientRect();
    if (r.width < 43.5 || r.height < 43.5 || (t.type === 'checkbox' && own.width < 23.5))
      bad.push(t.tagName + '[' + (t.name || t.type || '') + '] ' + Math.round(r.width) + 'x' +
               Math.round(r.height) + ' (' + Math.round(own.width) + ')');
  }
  return bad;
}"""


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_every_field_of_the_home_page_is_a_fingers_size(lang: str, server: Server, browser: Any,
                                                        phones: list[Phones]) -> None:
    """On a 360x740 phone, with the house rules and the advanced fold open, every field,
    fold and button of the home page is at least 44x44 CSS px (the text fields were 39 px
    high, the game's menu 41, the folds 19, a house rule's checkbox 13 px), and the page
    does not scroll sideways."""
    ph = new_phones(phones, browser, server, lang)
    page = ph.open("/", viewport=(360, 740))
    until(page, "select[name=game] option")
    page.select_option("select[name=game]", "toepen")  # a game with checkboxes among its rules
    page.evaluate("() => document.querySelectorAll('details').forEach(d => { d.open = true; })")
    until_true(page, "() => document.querySelector('#options input[type=checkbox]') !== null")
    assert page.evaluate(SMALL_FIELDS) == []
    assert page.evaluate("() => document.documentElement.scrollWidth <= innerWidth")
    assert not ph.errors


#: The home page's refusal while it shows: how it is laid out, whether it is in sight
#: below the bar, what it says, and the boxes of ``sels`` (what it must not cover).
REFUSAL = """(sels) => {
  const box = document.getElementById('error');
  const rect = (e) => { const r = e.getBoundingClientRect();
    return {top: r.top, bottom: r.bottom, left: r.left, right: r.right}; };
  const r = box.getBoundingClientRect();
  const bar = document.querySelector('.bar').getBoundingClientRect().bottom;
  return {position: getComputedStyle(box).position, box: rect(box), text: box.textContent,
          inSight: r.height > 0 && r.top >= bar - 0.5 && r.bottom <= innerHeight + 0.5,
          others: sels.map(s => rect(document.querySelector(s)))};
}"""


@pytest.mark.parametrize(("lang", "size"), [("ar", (320, 568)), ("en", (390, 844))])
def test_the_home_pages_refusal_is_said_under_its_form_and_covers_nothing(
        lang: str, size: tuple[int, int], server: Server, browser: Any,
        phones: list[Phones]) -> None:
    """The home page's refusal was a banner fixed at the top of the screen, over the
    page's heading and the join form's fields on a phone. It is said in the page's flow,
    under the form that was refused, in sight, covering nothing; a name the server
    refuses is told why in the page's language (the server's note, not English)."""
    from tablegames.server.words import error_text, note_text
    from tests.server.test_browser_refusal import overlap

    ph = new_phones(phones, browser, server, lang)
    page = ph.open("/", viewport=size)
    until(page, "select[name=game] option")
    page.fill("#join-form [name=code]", "QQQQQQQ")
    page.fill("#join-form [name=name]", "Cy")
    page.click("#join-form button[type=submit]")
    until(page, "#error.shown", state="visible")
    sels = ["h1", "#join-box h2", "#join-form [name=code]", "#join-form [name=name]",
            "#join-form button[type=submit]"]
    seen = page.evaluate(REFUSAL, sels)
    assert seen["text"] == error_text(lang, "no_room")
    assert seen["position"] == "static" and seen["inSight"], seen
    assert not [s for s, r in zip(sels, seen["others"], strict=True) if overlap(seen["box"], r)]
    assert seen["box"]["top"] >= seen["others"][-1]["bottom"]  # under the form's button

    page.fill("#create-form [name=name]", "\u3164")  # a Hangul filler: shows nothing
    page.click("#create-form button[type=submit]")
    told = f"{error_text(lang, 'bad_name')} ({note_text(lang, 'name_unseen')})"
    until_true(page, "t => document.getElementById('error').textContent === t", told)
    sels = ["#create-box h2", "#create-form [name=name]", "#create-form button[type=submit]"]
    seen = page.evaluate(REFUSAL, sels)
    assert seen["position"] == "static" and seen["inSight"], seen
    assert not [s for s, r in zip(sels, seen["others"], strict=True) if overlap(seen["box"], r)]
    assert seen["box"]["top"] >= seen["others"][-1]["bottom"]
    assert page.evaluate("() => document.getElementById('create-box')"
                         ".contains(document.getElementById('error'))")
    assert not ph.errors


@pytest.mark.parametrize("lang", ["ar", "da"])
def test_a_form_the_server_does_not_answer_says_so_in_the_pages_language(
        lang: str, server: Server, browser: Any, phones: list[Phones]) -> None:
    """The home page's forms showed the browser's own error when no answer came ("Failed
    to fetch") or another's page did (a proxy's HTML 502, read as JSON: "Unexpected
    token '<'"): English, and a developer's. Now the page's language says the server did
    not answer, for a lost network and for an answer that is not the server's."""
    from tablegames.server.chrome import UI
    from tablegames.table.i18n import words_for

    said = words_for(lang)(UI["no_server"])
    assert said != UI["no_server"]
    ph = new_phones(phones, browser, server, lang)
    page = ph.open("/")
    until(page, "select[name=game] option")
    page.route("**/api/rooms/*/join*", lambda route: route.abort())
    page.fill("#join-form [name=code]", "QQQQQQQ")
    page.fill("#join-form [name=name]", "Cy")
    page.click("#join-form button[type=submit]")
    until_true(page, "t => document.getElementById('error').textContent === t", said)
    page.route("**/api/rooms?*", lambda route: route.fulfill(
        status=502, content_type="text/html", body="<html>Bad Gateway</html>"))
    page.fill("#create-form [name=name]", "Amal")
    page.evaluate("() => { document.getElementById('error').textContent = ''; }")
    page.click("#create-form button[type=submit]")
    until_true(page, "t => document.getElementById('error').textContent === t", said)
