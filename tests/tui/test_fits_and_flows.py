"""A newcomer's and a careless user's review of the terminal game (helper-214): a key that
is no answer at the end screen, a window resized on a page of rulings, a window smaller
than the game, a Dallah cup count cut across two lines in Arabic."""

from __future__ import annotations

import io
import re

import pytest
from rich.console import Console

from tablegames.tui.screen import Screen
from tablegames.tui.session import Quit
from tests.tui.test_newcomer_screens import STYLE, Keys, session
from tests.tui.test_terminal_words import to_the_end


# ------------------------------------------------------------------ the end screen
@pytest.mark.parametrize(("lang", "no", "explained"), [
    ("en", "n", "Press y to play again or n to stop."),
    ("nl", "n", "Druk op j om nog een keer te spelen of op n om te stoppen."),
])
def test_a_key_that_is_no_answer_at_the_end_redraws_the_end_and_says_why(
        lang: str, no: str, explained: str) -> None:
    """"Play again? (y/n)" and a wrong key ("1", Enter): the prompt was written again on a
    new line each time, with no word of why, and the final table scrolled off the top of
    the window; now the end screen is drawn again whole, with the keys to press."""
    s, out = session("toepen", keys=["1", "\r", no], size=(80, 24), players=2, lang=lang)
    to_the_end(s)
    out.truncate(0)
    out.seek(0)
    s.finish()
    shown = STYLE.sub("", out.getvalue())
    screens = shown.split("╭─ Toepen")[1:]
    assert len(screens) == 3, shown  # drawn once, then again after each wrong key
    assert explained not in screens[0] and all(explained in x for x in screens[1:]), shown
    assert all(len(x.rstrip("\n").split("\n")) <= 24 for x in screens), shown
    assert s.again is False
