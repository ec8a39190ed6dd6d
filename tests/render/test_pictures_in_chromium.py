"""The SVG pictures as a real browser draws them: every word and card inside the picture,
in every language, right-to-left included.

An SVG whose root says ``direction="rtl"`` reads ``text-anchor="start"`` as a text's right
edge, so Arabic words placed as English ones ran off the picture's left edge (only the
browser's layout shows it: the XML is well-formed either way). Debian's Chromium measures
every text's and card's box here.
"""

from __future__ import annotations

from typing import Any

import pytest

import tablegames
from tablegames import render
from tablegames.bots import play_game
from tablegames.table.i18n import langs_of

GAMES = ("dallah", "phase10", "shithead", "toepen")

#: The boxes (x, right edge, y, bottom edge) of every text and card that leaves the picture.
OUTSIDE = """() => {
  const svg = document.querySelector('svg');
  const box = svg.getBoundingClientRect();
  const out = [];
  for (const el of svg.querySelectorAll('text, g.card')) {
    const b = el.getBoundingClientRect();
    if (b.width && (b.left < box.left - 0.5 || b.right > box.right + 0.5 ||
                    b.top < box.top - 0.5 || b.bottom > box.bottom + 0.5))
      out.push([el.textContent.slice(0, 30), Math.round(b.left - box.left),
                Math.round(b.right - box.left), Math.round(b.top - box.top),
                Math.round(b.bottom - box.top)]);
  }
  return out;
}"""


@pytest.fixture(scope="module")
def page(browser: Any) -> Any:
    """One page of the shared browser (``tests/conftest.py``) for the module."""
    return browser.new_page()


def _positions(game: str) -> list[Any]:
    """A few states of one seeded game: its start, its middle and its end."""
    info = tablegames.GAMES[game]
    final = play_game(game, [info.default_bot] * 3, seed=4)
    history = [str(a) for a in final.history]
    out = []
    for cut in (0, len(history) // 3, len(history)):
        state = tablegames.new_game(game, players=3, seed=4)
        for a in history[:cut]:
            state.apply(a)
        out.append(state)
    return out


@pytest.mark.parametrize("game", GAMES)
def test_every_word_and_card_lies_inside_the_picture_in_every_language(page: Any,
                                                                       game: str) -> None:
    checked = 0
    for state in _positions(game):
        for seat in (None, 0, 1):
            view = state.view(seat)
            for lang in langs_of(game):
                page.set_content(f"<html><body style='margin:0'>{render.svg(view, lang=lang)}"
                                 "</body></html>")
                outside = page.evaluate(OUTSIDE)
                assert not outside, f"{game} {lang} seat {seat}: {outside[:4]}"
                checked += 1
    assert checked >= 3 * 3 * 2


def test_an_arabic_title_sits_at_the_right_and_its_facts_at_the_left(page: Any) -> None:
    """Right-to-left, the title begins at the right edge (as a reader starts there) and the
    facts stand at the left; in English the other way round."""
    view = tablegames.new_game("toepen", players=3, seed=1).view(0)
    where = """() => [...document.querySelectorAll('svg > text')].slice(0, 2).map(t => {
                 const b = t.getBBox(); return [Math.round(b.x), Math.round(b.x + b.width)]; })"""
    for lang, title_right in (("ar", True), ("en", False)):
        page.set_content(f"<html><body style='margin:0'>{render.svg(view, lang=lang)}</body></html>")
        (title_x, title_end), (facts_x, facts_end) = page.evaluate(where)
        assert (title_x > facts_end) is title_right and (facts_x > title_end) is not title_right


def test_the_largest_hands_and_piles_stay_inside_the_picture(page: Any) -> None:
    """A three-deck Shithead game can gather most of its 156 cards in one hand, a pile or
    what the table knows of a hand: each grows past a row of a band and wraps onto more
    (the view is the one a seat is shown, with its lists made that long)."""
    state = tablegames.new_game("shithead", players=2, seed=1, rules={"decks": 3})
    codes = [f"{r}{s}" for r in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q",
                                  "K") for s in "♠♥♦♣"] * 3
    for seat in (0, None):
        view = state.view(seat)
        if seat == 0:
            view["hand"] = codes[:140]
        view["hand_sizes"] = [140, 140]
        view["known_cards"] = [[], codes[:120]]
        view["pile"], view["pile_top"] = codes[:90], codes[89]
        view["burnt"] = codes[:60]
        for lang in ("en", "ar"):
            picture = render.svg(view, lang=lang)
            assert picture.count('class="card') > 300  # every card is drawn
            page.set_content(f"<html><body style='margin:0'>{picture}</body></html>")
            assert not page.evaluate(OUTSIDE), f"seat {seat} {lang}"
