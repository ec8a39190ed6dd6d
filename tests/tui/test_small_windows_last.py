"""The terminal game's last small-window and resize edges (helper-221, after helpers 214
and 218): every game's first screen in a 40x12 window in every language, a key that
arrives in the same read as a resize, and a resize while the bots move at ``--pace 0``."""

from __future__ import annotations

import io
import os
import re
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from rich.cells import cell_len

from tablegames.table import present
from tablegames.tui.choices import Menu, choices
from tablegames.tui.keys import Keyboard
from tablegames.tui.session import Session
from tests.tui.test_newcomer_screens import STYLE, session
from tests.tui.test_small_windows_shared import shown_at, timeline

LANGS = ("en", "ar", "nl", "da")


def to_seat_0(s: Session) -> None:
    """The bots play until seat 0 is to act: its first screen, as the game shows it."""
    while s.state.to_act != 0:
        seat = s.state.to_act
        s._apply(str(s.bot_action(seat)), seat)


# ------------------------------------------------------------------ 1. 40x12
#: The games and languages whose first screens fit 40x12: all of them since helper-222
#: (Phase 10 in every language and Dallah in Arabic needed 40x13 until the smallest
#: tables folded every seat onto the frame's edge; see test_40x12.py).
FIT_40X12 = [(g, lang) for g in ("shithead", "toepen", "dallah", "phase10") for lang in LANGS]


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


# ------------------------------------------------------------------ 2. a key with a resize
class SameRead(Keyboard):
    """A :class:`Keyboard` on a pipe (a fake terminal) whose first read comes with a
    resize: ``SIGWINCH`` arrives while the bytes typed are read, as when a person types
    and drags the window's corner at once."""

    def __init__(self, data: bytes) -> None:
        super().__init__(io.StringIO())
        read, write = os.pipe()
        os.write(write, data)
        os.close(write)  # then end of input
        self.fd, self.live, self._first = read, True, True

    def _fill(self, wait: float) -> bool:
        got = super()._fill(wait)
        if self._first:
            self.resized, self._first = True, False
        return got

    def close(self) -> None:
        os.close(self.fd)


@contextmanager
def same_read(s: Session, data: bytes) -> Iterator[SameRead]:
    keys = SameRead(data)
    s.keys = keys
    try:
        yield keys
    finally:
        keys.close()


def test_a_move_typed_as_the_window_is_resized_is_played() -> None:
    """``1`` Enter read together with a resize: the ``1`` was taken off the keyboard and
    dropped for the redraw, so Enter sent an empty line and the move was never played.
    It is played, on the screen drawn at the new size."""
    s, out = session("toepen", keys=[], size=(80, 24), players=3)
    before = s.state.version
    with same_read(s, b"1\r"):
        s.decide(0)
    assert s.state.version == before + 1
    assert "P0> 1" in STYLE.sub("", out.getvalue())


def test_a_key_pressed_as_the_window_is_resized_answers_a_wait() -> None:
    """A key that ends a pause ("Press any key ...") read with a resize: the wait went
    on, the key gone, and the person had to press another."""
    s, _ = session("toepen", keys=[], size=(80, 24), players=3)
    with same_read(s, b"a"):
        assert s.wait_key("Press any key. ") == "a"


@pytest.mark.parametrize("data", [b"1\r", b"a"])
def test_the_keyboard_hands_out_the_keys_read_before_the_resize(data: bytes) -> None:
    """What the fake terminal gives: the keys of the read first, then the resize (the
    session draws the screen again once no key typed before it waits)."""
    keys = SameRead(data)
    try:
        assert [keys.key(1.0) for _ in data] == list(data.decode())
        assert keys.resized and keys.key(1.0) is None
    finally:
        keys.close()


# ------------------------------------------------------------------ 3. a resize at pace 0
@pytest.mark.parametrize("lang", ["en", "ar"])
def test_a_resize_while_the_bots_move_at_pace_0_draws_the_table_of_now(lang: str) -> None:
    """P0 is done swapping and the bots move (``--pace 0``: nothing is drawn for them),
    and the window is resized: P0's last screen was drawn again, "1) done" and the swaps
    listed under "Waiting for P1.", moves P0 no longer had. The screen drawn is the
    table as it is, with no list of moves, P0's own line saying it is ready."""
    s, out, keys = timeline("shithead", ["1", "\r", (80, 24)], (80, 24), players=3,
                            lang=lang)
    assert s.run() == 0
    at = next(i for i, (e, _, _) in enumerate(keys.log) if e == (80, 24))
    assert keys.log[at][2] == 1 and s.state.to_act == 1  # P1 still to move
    shown = shown_at(out, keys, at)
    assert not re.search(r"^ ?\d+\) ", shown, flags=re.M), shown
    assert not s.state.legal_actions(0)
    assert s.w.text(present(s.view(0))["prompt"]) in shown, shown
    assert s.names[1] in shown and "╰" in shown, shown  # the table, drawn whole
