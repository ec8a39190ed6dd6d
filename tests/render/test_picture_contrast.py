"""The pictures' words can be read: WCAG AA contrast (4.5:1, 3:1 for large text), measured
from the SVG drawn (:func:`tests.render.contrast.svg_words`: each text's fill against the
shapes under it), and drawn in the phone's colours where they draw the same thing.

What helper-158 measured before the fix: a yellow Phase 10 card's number was yellow on
white (1.8:1) and its corner number and colour word white on yellow (2.0:1); a green
card's number green on the centre's tint (4.49:1); the prompt and the name of the seat
to act light gold on the felt (3.8:1).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import tablegames
from tablegames import render
from tablegames.phase10.cards import PACK as PHASE10
from tablegames.render import drawing
from tablegames.table.i18n import langs_of
from tablegames.toepen.cards import PACK as TOEPEN
from tests.render.contrast import Word, colour, ratio, svg_words
from tests.render.test_render import playout_states

GAMES = ["toepen", "shithead", "phase10", "dallah"]
CSS = Path(tablegames.__file__).parent / "server" / "static" / "style.css"


def moments(game: str, seed: int, every: int) -> Iterator[Any]:
    """A seeded game of four (three for Dallah) at every ``every``-th move and its end."""
    return playout_states(game, seed, every, limit=400, players=3 if game == "dallah" else 4)


@pytest.mark.parametrize("game", GAMES)
def test_every_word_of_a_games_pictures_reads_at_aa(game: str) -> None:
    """A seeded game drawn at a dozen moments, by a seat and the spectator, in each of the
    game's languages: every word of every picture at AA contrast. The moments hold what
    the test is for (a yellow and a Wild Phase 10 card, red and black suits, a named
    Dallah card, the seat to act, the prompt)."""
    drawn: list[Word] = []
    langs = list(langs_of(game))
    for i, state in enumerate(moments(game, 5, 11)):
        for seat in (0, None):
            drawn += svg_words(render.svg(state.view(seat), lang=langs[i % len(langs)]))
    bad = [w for w in drawn if not w.ok]
    assert bad == [], bad[:10]
    places = {w.where for w in drawn}
    assert any(p.startswith("/prompt") for p in places)
    assert any("▶" in w.text for w in drawn)  # the seat to act, not by colour alone
    if game == "phase10":
        assert any("card[Y" in p for p in places) and any("card[W]" in p for p in places)
    if game in ("toepen", "shithead"):
        fills = {w.fg for w in drawn if "/card[" in w.where}
        assert colour(drawing.INK["red"]) in fills and colour(drawing.INK["black"]) in fills
    if game == "dallah":
        assert any("card named" in p for p in places)


@pytest.mark.parametrize("game, cards", [
    ("phase10", list(PHASE10.names())), ("toepen", list(TOEPEN.names())),
    ("shithead", ["2c", "10d", "12h", "As", "3h"]),
])
def test_every_card_of_a_pack_reads_at_aa(game: str, cards: list[str]) -> None:
    """Every card face as :func:`tablegames.render.hand` draws it, in every language of
    the game: its number, corner and colour word (a yellow card's in ink, as on the
    phone) at AA contrast against the card under them."""
    for lang in langs_of(game):
        words = svg_words(render.hand(cards, game, lang=lang))
        assert words and [w for w in words if not w.ok] == []
        assert len({w.where for w in words}) >= len(cards)  # every card's words were read


def test_the_reader_finds_what_is_too_faint() -> None:
    """The measure itself: white on yellow, light gold on the felt and a word on a
    translucent white over a colour are found, each at its ratio."""
    svg = ('<svg xmlns="http://www.w3.org/2000/svg" width="100" height="60">'
           '<rect width="100" height="60" fill="#2f6b3f"/>'
           '<g transform="translate(60,0) scale(0.5)"><rect width="80" height="80" rx="5" '
           'fill="#f9a825"/><text x="10" y="40" font-size="20">x</text>'
           '<text x="10" y="40" font-size="20" fill="#ffffff" font-weight="bold">7</text>'
           '</g><text x="4" y="20" font-size="12" fill="#f2c14e">Turn</text>'
           '<rect x="0" y="30" width="40" height="30" fill="#2e7d32"/>'
           '<ellipse cx="20" cy="45" rx="18" ry="12" fill="#ffffff" opacity="0.9"/>'
           '<text x="12" y="50" font-size="12" fill="#2e7d32">G</text></svg>')
    words = {w.text: w for w in svg_words(svg)}
    assert round(words["7"].ratio, 2) == 1.97 and not words["7"].ok
    assert words["7"].size == 10  # scaled
    assert words["x"].ok  # black (SVG's default fill) on yellow
    assert round(words["Turn"].ratio, 2) == 3.8 and not words["Turn"].ok
    assert 4.4 < words["G"].ratio < 4.5 and not words["G"].ok


def _css_colours() -> dict[str, str]:
    return dict(re.findall(r"--([\w-]+): (#[0-9a-f]{6})", CSS.read_text(encoding="utf-8")))


def test_the_pictures_draw_in_the_phones_colours() -> None:
    """One palette: a Phase 10 card's colour, the suits' red, the felt, a named card's
    gold and its paper are the phone's (style.css), so a table looks the same on the
    phone and in a picture of it."""
    css = _css_colours()
    drawn = {name: drawing.INK[name] for name in ("red", "blue", "green", "yellow")}
    drawn |= {"felt": drawing.FELT, "gold": drawing.NAMED_INK, "card": drawing.CARD_PAPER,
              "ink": drawing.ON_YELLOW}
    assert drawn == {name: css[name] for name in drawn}
    # the light gold on the felt is the phone's ring on the felt, and reads on it
    assert ratio(colour(drawing.GOLD), colour(drawing.FELT)) >= 4.5
