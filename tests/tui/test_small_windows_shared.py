"""The terminal game in small windows, after helper-214's review (helper-218): the shared
screen (``--table``) passed round at 40x12 .. 80x24, in English and Arabic, and resized
while it is passed; a line typed ahead that meets a prompt the window is too small for; the
pause at a hand's end in a window too small for it; the line saying how many seats a short
window leaves out, one line at 40 columns in every language."""

from __future__ import annotations

import contextlib
import io
import os
import re
from typing import Any

import pytest
from rich.cells import cell_len
from rich.console import Console

import tablegames
from tablegames import toepen
from tablegames.render.console import HIDDEN_MOST, ConsoleTable
from tablegames.render.faces import face
from tablegames.table import present
from tablegames.tui.choices import Menu, choices
from tablegames.tui.keys import Keyboard
from tablegames.tui.session import Quit, Session, make_bot
from tests.tui.test_fits_and_flows import RESIZED, resize
from tests.tui.test_newcomer_screens import STYLE, play_to_pause, session

Event = str | tuple[int, int] | None


class Timeline:
    """A :class:`~tablegames.tui.keys.Keyboard` stand-in that hands out its events in
    order whatever the wait asked (``None``: the wait passed with no key; a ``(cols,
    rows)`` pair: the window is resized to that size, as ``SIGWINCH`` does), and notes
    where the screen's text stood and what the game's state was at each event."""

    live = True
    resized = False

    def __init__(self, s: Session, events: list[Event]) -> None:
        self.s = s
        self.events = list(events)
        #: (event, the screen's text so far, the state's version) at each event
        self.log: list[tuple[Event, int, int]] = []

    def key(self, timeout: float | None) -> str | None:
        if not self.events:
            raise EOFError
        event = self.events.pop(0)
        out = self.s.out
        assert isinstance(out, io.StringIO)
        self.log.append((event, len(out.getvalue()), self.s.state.version))
        if isinstance(event, tuple):
            resize(self.s, *event)
            out.write(RESIZED)
            self.resized = True
            return None
        return event


def timeline(game: str, events: list[Event], size: tuple[int, int],
             **options: Any) -> tuple[Session, io.StringIO, Timeline]:
    s, out = session(game, keys=[], size=size, **options)
    keys = Timeline(s, events)
    s.keys = keys  # type: ignore[assignment]
    return s, out, keys


def shown_at(out: io.StringIO, keys: Timeline, i: int) -> str:
    """What was written between event ``i`` and the next, plain."""
    end = keys.log[i + 1][1] if i + 1 < len(keys.log) else len(out.getvalue())
    return STYLE.sub("", out.getvalue()[keys.log[i][1]:end]).replace(RESIZED, "")


def hand_faces(s: Session, seat: int) -> list[str]:
    return [face(s.info.name, str(c)).text for c in s.state.view(seat)["hand"]]  # type: ignore[union-attr]


# ------------------------------------------------------------------ 1. the shared screen
@pytest.mark.parametrize("lang", ["en", "ar"])
@pytest.mark.parametrize("size", [(40, 12), (44, 16), (60, 20), (80, 24)])
def test_a_resize_while_the_screen_is_passed_shows_no_hand(
        lang: str, size: tuple[int, int]) -> None:
    """P0 keeps, the screen is to be passed to P1, and the window is resized: the resize
    drew P0's last screen again, P0's hand on it, for P1 to see. The screen drawn is the
    one asking to pass it, at the new size, and fits it whole."""
    s, out, keys = timeline("toepen", ["\r", "1", "\r", size, "\r", "q", "\r"], (100, 30),
                            players=3, table=True, lang=lang)
    p0 = hand_faces(s, 0)
    with pytest.raises(Quit):
        s.decide(0)
        s.decide(s.state.to_act)
    at = next(i for i, (e, _, _) in enumerate(keys.log) if e == size)
    screen = shown_at(out, keys, at)
    lines = screen.rstrip("\n").split("\n")
    assert s.w("Pass the screen to {name}.", name="P1") in screen, screen
    assert s.w("Your hand") not in screen and not any(c in screen for c in p0), screen
    # the lines drawn fit the width; the prompt, written as typed, wraps at the window's
    rows = sum(max(1, -(-cell_len(x) // size[0])) for x in lines)
    assert rows <= size[1] and all(cell_len(x) <= size[0] for x in lines[:-1]), screen
    # and Enter then passes it: P1's own screen, with P1's hand
    after = shown_at(out, keys, at + 1)
    assert all(c in after for c in hand_faces(s, 1)), after


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_the_pass_screen_too_small_says_so_and_passes_nothing_until_larger(
        lang: str) -> None:
    """At 30x4 the passing screen cannot be read: it says the window is too small, Enter
    does nothing (nobody has been asked to take the screen), and enlarged the window asks
    again; Enter then passes it."""
    s, out, keys = timeline("toepen", ["\r", "1", "\r", (30, 4), "\r", "x", (40, 12), "\r",
                                       "q", "\r"], (80, 24), players=3, table=True,
                            lang=lang)
    with pytest.raises(Quit):
        s.decide(0)
        s.decide(s.state.to_act)
    small = " ".join(shown_at(out, keys, 3).split())
    assert s.w("The window is too small.") in small, small
    assert s.w("Pass the screen to {name}.", name="P1") not in small, small
    assert re.search(r"30×4\D.*40×\d+", small), small
    assert shown_at(out, keys, 4) == shown_at(out, keys, 5) == ""  # Enter, x: nothing
    large = shown_at(out, keys, 6)
    assert s.w("Pass the screen to {name}.", name="P1") in large, large
    assert all(c in shown_at(out, keys, 7) for c in hand_faces(s, 1))


# ------------------------------------------------------------------ 2. typed blind
def test_a_line_typed_ahead_waits_on_a_prompt_too_small_for_it() -> None:
    """``1`` Enter typed while P1 was about to play, then the window made too small: the
    line was played at P0's next prompt, which nobody could see. It waits on the prompt
    line, unplayed, until the window shows the game; Enter then plays it."""
    s, out, keys = timeline("toepen", ["1", "\r", "1", "\r", (30, 8), None, None,
                                       (80, 24), "\r"], (80, 24), players=3)
    assert s.run() == 0
    small = next(i for i, (e, _, _) in enumerate(keys.log) if e == (30, 8))
    large = next(i for i, (e, _, _) in enumerate(keys.log) if e == (80, 24))
    assert keys.log[large][2] > keys.log[small][2]  # the bots moved meanwhile
    assert keys.log[large + 1][2] == keys.log[large][2], keys.log  # nothing played small
    assert s.state.version == keys.log[large][2] + 1  # Enter played it
    shown = shown_at(out, keys, large)
    assert shown.rstrip("\n").split("\n")[-1] == "P0> 1", shown  # on the prompt line
    assert s.w("The window is too small.") in shown_at(out, keys, large - 1)


def test_keys_pressed_while_the_window_is_too_small_are_never_played() -> None:
    """A move typed while the screen said "too small" was typed blind: nothing of it is
    on the prompt line once the window shows the game, and nothing is played."""
    s, out, keys = timeline("toepen", ["1", "\r", (30, 8), "1", "\r", None, None, (80, 24),
                                       "q", "\r"], (80, 24), players=3)
    assert s.run() == 0
    at = next(i for i, (e, _, _) in enumerate(keys.log) if e == (80, 24))
    shown = shown_at(out, keys, at)
    assert shown.rstrip("\n").split("\n")[-1] == "P0> ", shown
    assert s.state.to_act == 0 and s.state.version == keys.log[at][2]


def test_the_keyboard_forgets_the_keys_pressed_blind() -> None:
    """:meth:`Keyboard.discard`: the keys the terminal holds, unread, are dropped; the
    next key pressed is read."""
    master, slave = os.openpty()
    try:
        with open(slave, encoding="utf-8", closefd=False) as inp, Keyboard(inp) as kb:
            assert kb.live
            os.write(master, b"1\r")
            assert kb.key(1.0) == "1"  # "\r" read too, not yet handed out
            os.write(master, b"2\r")
            kb.discard()
            os.write(master, b"k")
            assert kb.key(1.0) == "k"
    finally:
        os.close(master)
        os.close(slave)


# ------------------------------------------------------------------ 3. the hand's end
def paused(size: tuple[int, int], events: list[Event], table: bool,
           lang: str) -> tuple[Session, str, list[str]]:
    """A Toepen hand played to its end (every seat but P0 a bot's) and paused in a window
    of ``size``, the ``events`` then; what was written, plain and in one line, and the
    lines of "What happened" held for the pause."""
    s, out, _ = timeline("toepen", events, size, seed=10,
                            rules=(toepen.Rules(), {"limit": 30}), players=4, lang=lang,
                            table=table)
    if table:  # the other seats played as bots', up to the hand's end
        s.bots = {i: make_bot(s.info, s.info.default_bot, i) for i in range(1, 4)}
    play_to_pause(s)
    held = [" ".join(x.split()) for x in s._held[None if table else 0]]
    with contextlib.suppress(Quit):  # the keys run out after the pause
        s.pause_if_hand_ended()
    return s, " ".join(STYLE.sub("", out.getvalue()).replace(RESIZED, "").split()), held


@pytest.mark.parametrize(("table", "lang"), [(False, "en"), (False, "ar"), (True, "en")])
def test_the_end_of_a_hand_shown_too_small_is_read_once_the_window_is_larger(
        table: bool, lang: str) -> None:
    """The pause at a hand's end in a window too small for it counted its lines as read:
    enlarged to 60x16, the window showed the last three and "P1 stays in.", "P2 folded
    and loses 1 life." were never seen. Enlarged, the pause shows every line it shows in
    a window of that size from the start (a person's own hand's end: every line, some on
    a page of what happened first)."""
    s, text, held = paused((30, 8), [(60, 16), " ", " ", " ", " "], table, lang)
    _, control, _ = paused((60, 16), [" ", " ", " ", " "], table, lang)
    assert s.w("The window is too small.") in text
    assert [x for x in held if x in control and x not in text] == [], text
    if not table:
        assert len(held) >= 4 and [x for x in held if x not in text] == [], text


# ------------------------------------------------------------------ 4. the smallest table
GAME_LANGS = [(g, lang) for g in tablegames.GAMES for lang in ("en", "ar")] + [
    ("toepen", "nl"), ("phase10", "da")]


@pytest.mark.parametrize(("game", "lang"), GAME_LANGS)
def test_the_seats_left_out_take_one_line_at_40_columns(game: str, lang: str) -> None:
    """"… 2 more players (a bigger window shows them)" was too long for the frame's
    bottom edge at 40 columns and took two lines inside it. Said shorter, for every count
    of seats a table of the game can leave out, it fits the edge."""
    drawing = ConsoleTable(Console(width=40, file=io.StringIO()), game, lang=lang)
    most = tablegames.GAMES[game].max_players
    widths = {n: drawing.hidden_line(n).cell_len for n in range(1, most)}
    assert max(widths.values()) <= HIDDEN_MOST, widths
    assert "{" not in drawing.hidden_line(most - 1).plain


@pytest.mark.parametrize("lang", ["en", "nl", "ar"])
def test_toepen_for_three_fits_a_40x12_window(lang: str) -> None:
    """A standard tiny window, 40x12: Toepen's first screen for three needed 13 lines
    (the line of the seats left out took two); it fits, the line on the frame's edge."""
    s, out = session("toepen", keys=[], size=(40, 12), players=3, lang=lang)
    menu = Menu.of(choices(s.own_moves(0, s.view(0)["legal"]), 0))
    s.draw(0, menu)
    lines = STYLE.sub("", out.getvalue()).rstrip("\n").split("\n")
    assert not s.screen.small and len(lines) <= 11, "\n".join(lines)
    left_out = s.screen.hidden_line(2).plain
    assert any(x.startswith("╰─ " + left_out) for x in lines), "\n".join(lines)
    assert lines[0].startswith("╭─ " + s.w.text(present(s.view(0))["title"]))
