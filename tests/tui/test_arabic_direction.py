"""The terminal game in Arabic writes its lines in logical order with no bidi marks
(helper-190; docs/guides/play.md, "Arabic in the terminal").

A terminal that applies Unicode's bidi algorithm lays each line out right to left
itself; the marks the phone wraps round a card or a number (U+2068, U+2069) are removed
by some of those terminals before they reorder and drawn as gaps or boxes by others, so
the screen carries none (``tablegames.table.i18n.Words.isolate`` is off for the
terminal), and a card stays one run of Latin letters, digits and a suit without them.
"""

from __future__ import annotations

import io
import re

import pytest

from tablegames.cli import main

#: Unicode's explicit bidi controls: the Arabic letter mark, LRM and RLM, the embeddings
#: and overrides (U+202A to U+202E) and the isolates (U+2066 to U+2069).
BIDI_CONTROLS = re.compile("[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")


@pytest.mark.parametrize("game", ["toepen", "phase10", "shithead", "dallah"])
def test_the_arabic_screen_carries_no_bidi_marks(game: str) -> None:
    out = io.StringIO()
    moves = io.StringIO("1\n" * 12 + "q\n")
    assert main(["play", game, "--lang", "ar", "--pace", "0", "--seed", "3"], out=out,
                inp=moves) == 0
    screen = out.getvalue()
    assert re.search("[\u0600-\u06ff]", screen) and "\u2502" in screen, screen[:400]
    assert not BIDI_CONTROLS.search(screen), repr(BIDI_CONTROLS.search(screen))


def test_a_card_is_one_run_of_its_own_characters() -> None:
    """A hand in Toepen's Arabic is written as its cards' own characters (``J♠``), each
    card whole on one line: nothing between its rank and suit for a terminal's bidi to
    split."""
    out = io.StringIO()
    assert main(["play", "toepen", "--lang", "ar", "--pace", "0", "--seed", "3"], out=out,
                inp=io.StringIO("q\n")) == 0
    hand = next(line for line in out.getvalue().splitlines() if line.startswith("يدك"))
    cards = re.findall(r"(?:10|[2-9JQKA])[♠♥♦♣]", hand)
    assert len(cards) == 4, hand
