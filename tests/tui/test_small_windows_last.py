"""The terminal game's last small-window and resize edges (helper-221, after helpers 214
and 218): every game's first screen in a 40x12 window in every language, a key that
arrives in the same read as a resize, and a resize while the bots move at ``--pace 0``."""

from __future__ import annotations

import pytest
from rich.cells import cell_len

from tablegames.tui.choices import Menu, choices
from tablegames.tui.session import Session
from tests.tui.test_newcomer_screens import STYLE, session

LANGS = ("en", "ar", "nl", "da")


def to_seat_0(s: Session) -> None:
    """The bots play until seat 0 is to act: its first screen, as the game shows it."""
    while s.state.to_act != 0:
        seat = s.state.to_act
        s._apply(str(s.bot_action(seat)), seat)


# ------------------------------------------------------------------ 1. 40x12
#: The games and languages whose first screens fit 40x12. Phase 10 (every language) and
#: Dallah in Arabic still need 40x13: their smallest table, hand and prompt leave one
#: line for two moves, or the Arabic middle of Dallah's table takes three lines more
#: (the game's presenter and the drawing of the table, not the terminal's words).
FIT_40X12 = [(g, lang) for g in ("shithead", "toepen", "dallah") for lang in LANGS
             if (g, lang) != ("dallah", "ar")]


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize(("game", "lang"), FIT_40X12)
def test_the_first_screens_fit_a_40x12_window(game: str, lang: str, players: int) -> None:
    """40x12, a standard tiny window: Shithead's first screen needed 40x13, the line
    saying there are more moves taking two lines at 40 columns. With 2, 3 and 4 players,
    in every language, seat 0's first screen fits whole, the frame's title on its first
    line, a line left for typing."""
    s, out = session(game, keys=[], size=(40, 12), players=players, lang=lang)
    to_seat_0(s)
    menu = Menu.of(choices(s.own_moves(0, s.view(0)["legal"]), 0))
    s.draw(0, menu)
    lines = STYLE.sub("", out.getvalue()).rstrip("\n").split("\n")
    assert not s.screen.small, "\n".join(lines)
    assert len(lines) <= 11 and all(cell_len(x) <= 40 for x in lines), "\n".join(lines)
    assert lines[0].startswith("╭─ "), "\n".join(lines)


@pytest.mark.parametrize("lang", LANGS)
def test_the_line_of_more_moves_is_one_line_at_40_columns(lang: str) -> None:
    """The line that says the list is cut, and that typing the start of a move narrows
    it, takes one line of a 40-column window in every language."""
    s, _ = session("phase10", keys=[], size=(40, 12), lang=lang)
    more = s.screen.more_lines()
    assert len(more) == 1, more
    assert more[0].strip().startswith("…")
