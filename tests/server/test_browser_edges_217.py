"""The phone table's last rough edges (helper-217, session 58), each one page load.

* Shithead from two decks deals twins: the same card in the hand and face up. The face-up
  copy could not be tapped (the hand's copy stood in for it), so two taps on hand cards
  sent a swap of a face-up card the player never touched.
* A room's browser tab said "tablegames" in its lobby (the table said the game's name
  alone): it says the game's name and the brand in the page's language, in the lobby and
  at the table alike ("Toepen — tablegames", "توبن — ألعاب الطاولة"), and so does the
  room's join page; the front page's tab says the brand in the page's language.
* A bot's name stays the one made in the starter's language (a documented choice, kept:
  see ``Hub._start``); a page in another language says "bot" beside it in its own.
"""

from __future__ import annotations

from typing import Any

from tests.server.helpers import Phones, Server, calm, new_phones, until, until_true
from tests.server.swap_rooms import open_swap_room, swap_known

#: Each tappable card of the phone (hand and its own row): where it lies, its code, the
#: moves it leads to, the words a screen reader adds to its name (where it lies), and
#: whether it is drawn whole inside the window.
PICKS = """() => [...document.querySelectorAll('.card.pick[data-code]')].map(c => {
  const r = c.getBoundingClientRect();
  return {where: c.closest('#hand') ? 'hand' : 'up', code: c.dataset.code, key: c.dataset.key,
          uses: JSON.parse(c.dataset.uses),
          about: (document.getElementById(c.getAttribute('aria-describedby')) || {}).textContent,
          inside: r.left >= 0 && r.right <= innerWidth
          && r.width >= 24 && c.checkVisibility()};
})"""


def _pick(page: Any, where: str, code: str) -> None:
    box = "#hand" if where == "hand" else "#table .seat.you"
    calm(page)
    page.locator(f"{box} .card.pick[data-code='{code}']").click()


def test_a_shithead_swap_is_the_copy_tapped_of_twin_cards(
        server: Server, browser: Any, phones: list[Phones]) -> None:
    """Two decks, seed 0: Amal holds 3♦ 8♥ 10♠ and has 3♣ 8♣ 10♠ face up, so 10♠ is in
    both places. At 320 px each copy is a card of its own to tap, leading only to the
    swaps that take that copy: the face-up 10♠ to "10♠ up for a hand card", the hand's
    to "a face-up card for 10♠". Tapping the hand's 10♠ and then 3♦ (two hand cards) sent
    ``10s/3d`` (face-up 10♠ for 3♦); now it sends nothing and leads on only to the swap
    giving both; tapping the face-up 10♠ and the hand's 3♦ sends exactly ``10s/3d``."""
    ph = new_phones(phones, browser, server, "en")
    room = server.create(game="shithead", players=2, name="Amal", seed=0, bot="random",
                         rules={"decks": 2})
    page = ph.open(room["url"], viewport=(320, 568))
    page.click("#start")
    until(page, "body[data-version='0'][data-myturn='1']")
    picks = page.evaluate(PICKS)
    tens = {p["where"]: p for p in picks if p["code"] == "10♠"}
    assert set(tens) == {"hand", "up"}, picks
    assert all(p["inside"] for p in picks), picks
    assert (tens["hand"]["about"], tens["up"]["about"]) == ("Your hand", "Face up")
    assert "0:swap 10s/3d" in tens["up"]["uses"] and "0:swap 3c/10s" in tens["hand"]["uses"]
    assert not any(":swap 10s/" in n for n in tens["hand"]["uses"]), tens
    assert not any(n.endswith("/10s") or "/10s," in n or ",10s" in n.partition("/")[2]
                   for n in tens["up"]["uses"]), tens
    # two hand cards are no swap of one card: they only lead on to the two-for-two swap
    # that gives both, and the face-up 10♠ leads nowhere with them
    _pick(page, "hand", "10♠")
    _pick(page, "hand", "3♦")
    calm(page)
    assert page.get_attribute("body", "data-version") == "0"
    assert page.get_attribute("body", "data-pending") != "1"
    left = {(p["where"], p["code"]): p["uses"] for p in page.evaluate(PICKS)}
    assert left[("up", "10♠")] == [] and left[("hand", "8♥")] == []
    assert left[("up", "3♣")] == left[("up", "8♣")] == ["0:swap 3c,8c/3d,10s"]
    page.click("#clear")
    _pick(page, "up", "10♠")
    _pick(page, "hand", "3♦")
    # these two cards are that swap, or the start of a swap of two for two: its button
    calm(page)
    assert page.evaluate(PICKS) and page.locator("#confirm button[data-action]").evaluate_all(
        "bs => bs.map(b => b.dataset.action)") == ["0:swap 10s/3d"]
    page.click("#confirm button[data-action]")
    until(page, "body:not([data-version='0'])")
    _, actions = server.saved(room["code"])
    assert actions[0][2] == "0:swap 10s/3d"
    assert not ph.errors


#: The bidi isolates an Arabic page puts round a name filled into its sentence.
ISO = "\u2068{}\u2069"


def test_a_rooms_tab_says_its_game_in_the_pages_language(
        server: Server, browser: Any, phones: list[Phones]) -> None:
    """Toepen for three: Amal's phone in Arabic (the front page and the room's join page
    first), Bo's in English,
    the shared screen in Dutch; Amal starts, a bot takes the third seat."""
    ar, en, nl = (new_phones(phones, browser, server, lang) for lang in ("ar", "en", "nl"))
    amal = ar.open("/", viewport=(320, 568))
    until(amal, "html[lang='ar'] #join-form")
    assert amal.title() == "ألعاب الطاولة"
    room = server.create(game="toepen", players=3, name="Amal", seed=1, bot="random")
    amal.goto(server.url + "/j/" + room["code"])  # the room's link: its join page
    until(amal, "#join-info:not(:empty)")
    assert amal.title() == ISO.format("توبن") + " — ألعاب الطاولة"
    amal.goto(server.url + room["url"])
    bo = en.open(server.join(room["code"], "Bo")["url"], viewport=(320, 568))
    screen = nl.open("/s/" + room["code"])
    for page in (amal, bo, screen):
        until(page, "#lobby:not([hidden]) .seats li.online")
    assert amal.title() == ISO.format("توبن") + " — ألعاب الطاولة"
    assert bo.title() == "Toepen — tablegames" and screen.title() == "Toepen — tablegames"
    calm(amal)
    amal.click("#start")
    for page in (amal, bo, screen):
        until(page, "body[data-version='0'] #table .seat[data-seat='2'] .name")
    until_true(amal, "() => document.title.startsWith('● دورك · ')")
    assert amal.title() == "● دورك · " + ISO.format("توبن") + " — ألعاب الطاولة"
    assert bo.title() == screen.title() == "Toepen — tablegames"
    # the bot's name is the starter's; each page says "bot" beside it in its own words
    bot = "#table .seat[data-seat='2'] "
    assert [p.text_content(bot + ".name") for p in (amal, bo, screen)] == ["لاعب آلي 3"] * 3
    assert [p.text_content(bot + "em.bot") for p in (amal, bo, screen)] == ["آلي", "bot", "bot"]
    assert not (ar.errors or en.errors or nl.errors)


#: The seat's own row, group by group: its label and, for each card, its code and the
#: moves it leads to (null: a card drawn, not one to tap).
OWN_ROW = """() => [...document.querySelectorAll('#table .seat.you .group')].map(g => [
  g.querySelector('small').textContent,
  [...g.querySelectorAll('.card[data-code]')].map(c => [c.dataset.code,
    c.classList.contains('pick') ? JSON.parse(c.dataset.uses) : null])])"""


def test_a_hand_card_shown_on_the_table_is_never_tapped_as_a_face_up_twin(
        server: Server, browser: Any, phones: list[Phones]) -> None:
    """Two decks, the simultaneous swap, seed 6: Amal holds 8♣ 10♥ J♥ with 5♦ 9♥ 10♥ face
    up. She swaps the face-up 5♦ for her 10♥ and back: the table now knows a 10♥ of her
    hand ("Known in hand", drawn on her row beside the face-up 10♥). That copy is her
    hand's: it is drawn, not tapped, and only the face-up 10♥ leads to swapping it."""
    ph, page, room = open_swap_room(phones, browser, server, seed=6, decks=2,
                                    viewport=(320, 568))
    swap_known(page, ["0:swap 5d/10h", "0:swap 10h/5d"])
    up, known = page.evaluate(OWN_ROW)
    assert up[0] == "Face up" and known == ["Known in hand", [["10♥", None]]], (up, known)
    assert [c for c, _ in up[1]] == ["5♦", "9♥", "10♥"]
    assert "0:swap 10h/8c" in up[1][2][1]
    _, actions = server.saved(room["code"])
    assert [a for _, seat, a in actions if seat == 0] == ["0:swap 5d/10h", "0:swap 10h/5d"]
    assert not ph.errors
