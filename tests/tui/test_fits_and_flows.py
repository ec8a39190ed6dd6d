"""A newcomer's and a careless user's review of the terminal game (helper-214): a key that
is no answer at the end screen, a window resized on a page of rulings, a window smaller
than the game, a Dallah cup count cut across two lines in Arabic."""

from __future__ import annotations

import io
import re

import pytest
from rich.cells import cell_len

from tablegames.table import present
from tablegames.tui.choices import Menu, choices
from tablegames.tui.screen import MORE
from tablegames.tui.session import Quit, Session
from tablegames.tui.words import unglued
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


# ------------------------------------------------------------------ names kept whole
@pytest.mark.parametrize("lang", ["ar", "en"])
@pytest.mark.parametrize("cols", [40, 41, 44, 60])
def test_a_cup_and_its_count_never_break_across_lines(lang: str, cols: int) -> None:
    """Dallah's shared pile at 40 columns in Arabic: "الكلاسيكي ×" at the end of one line
    and "5،" on the next. A cup with its count ("Classic × 5") is a name, kept whole as a
    card is; the sentence wraps between names."""
    s, _ = session("dallah", size=(cols, 60), players=3, lang=lang)
    screen = s.screen
    lines = [STYLE.sub("", x) for drawn in screen.tables(present(s.view(0))) for x in drawn]
    cut = [x for x in lines if re.search(r"×\s*│?\s*$", x) or re.match(r"│?\s*\d+[،,]", x)]
    assert not cut, "\n".join(lines)


# ------------------------------------------------------------------ a window too small
class Resizing(Keys):
    """:class:`Keys` with window resizes among them: ``(cols, rows)`` resizes the session's
    window to that size (as ``SIGWINCH`` does) and writes :data:`RESIZED` to its screen."""

    def __init__(self, keys: list[str | tuple[int, int]], s: Session | None = None) -> None:
        super().__init__([])
        self.events = list(keys)
        self.session = s

    def key(self, timeout: float | None) -> str | None:
        if timeout is not None:
            return None
        if not self.events:
            raise EOFError
        event = self.events.pop(0)
        if isinstance(event, tuple):
            assert self.session is not None
            resize(self.session, *event)
            self.session.out.write(RESIZED)
            self.resized = True
            return None
        return event


RESIZED = "<resized>\n"


def resize(s: Session, cols: int, rows: int) -> None:
    s.console.width = cols
    s.screen.fitting = lambda: rows  # type: ignore[method-assign]


def resizing(game: str, events: list[str | tuple[int, int]], size: tuple[int, int],
             **options: object) -> tuple[Session, io.StringIO]:
    s, out = session(game, keys=[], size=size, **options)
    keys = Resizing(events, s)
    s.keys = keys  # type: ignore[assignment]
    return s, out


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_a_window_too_small_says_so_plays_nothing_and_the_game_goes_on_when_larger(
        lang: str) -> None:
    """30x8: the frame's title and the prompt were pushed off the top and one move was
    shown of two, with no word of the other. Now the screen says the window is too small
    and what it needs; a key pressed blind plays nothing (the state is as it was); made
    larger, the window shows the game, its moves whole; q then stops it."""
    s, out = resizing("toepen", ["1", "\r", "k", (80, 24), "q", "\r"], (30, 8), lang=lang)
    before = s.state.to_json()
    with pytest.raises(Quit):
        s.decide(s.state.to_act)
    assert s.state.to_json() == before
    small, large = STYLE.sub("", out.getvalue()).split(RESIZED)
    said = s.w("The window is too small.")
    assert said in small and "╭─" not in small and "1)" not in small, small
    assert re.search(r"30×8\D.*40×\d+", " ".join(small.split())), small
    assert all(cell_len(x) <= 30 for x in small.split("\n")), small
    assert said not in large and large.lstrip().startswith("╭─") and "2)" in large, large


def test_q_on_the_too_small_screen_stops_the_game() -> None:
    # 40x8: Phase 10's first screen fits 40x12 since helper-222 (its smallest table of
    # two lines, the hand, the short prompt and a move with "… more" need 40x9)
    s, out = resizing("phase10", ["q"], (40, 8))
    with pytest.raises(Quit):
        s.decide(s.state.to_act)
    assert s.w("The window is too small.") in STYLE.sub("", out.getvalue())


@pytest.mark.parametrize("game, players, lang", [
    ("toepen", 3, "en"), ("toepen", 8, "nl"), ("phase10", 2, "da"), ("phase10", 6, "ar"),
    ("shithead", 5, "en"), ("dallah", 4, "ar")])
@pytest.mark.parametrize("size", [(40, 12), (44, 16), (60, 20), (80, 24)])
def test_every_screen_fits_whole_or_says_the_window_is_too_small(
        game: str, players: int, lang: str, size: tuple[int, int]) -> None:
    """The first screen of each game, from 40x12 up: either it fits the window, with the
    frame's title on the first line, the prompt, and every move or the line saying there
    are more, or it says that the window is too small (40x12 showed Phase 10's "Draw" but
    not "Take", and the title of Phase 10 and Dallah scrolled away)."""
    s, out = session(game, keys=[], size=size, players=players, lang=lang)
    assert s.state.to_act == 0  # seat 0 acts first in these deals
    menu = Menu.of(choices(s.own_moves(0, s.view(0)["legal"]), 0))
    s.draw(0, menu)
    lines = STYLE.sub("", out.getvalue()).rstrip("\n").split("\n")
    text = " ".join(" ".join(lines).split())
    assert len(lines) <= size[1] - 1, "\n".join(lines)
    assert all(cell_len(x) <= size[0] for x in lines), "\n".join(lines)
    if s.screen.small:
        assert lines[0] == s.w("The window is too small."), lines
        return
    model = present(s.view(0))
    # the game's name, or at the smallest table (40x12) the viewer's own first stat in
    # its place (helper-227: Phase 10's phase), said to be yours (helper-229: "You: "),
    # cut between words when the edge is short (its number stays); also a tight table
    # whose row of your own would cut the phase's first group (helper-230: Arabic at
    # 44x16 heads the table "أنت: المرحلة 1: مجموعة من 3 بطاقات + …")
    stat = unglued(s.w.text(model["seats"][0]["stats"][0]))
    heads = [s.w.text(model["title"]), unglued(s.w("You: {stat}", stat=stat))]
    top = unglued(lines[0])
    short = unglued(s.w("You: {stat}", stat=" ".join(stat.split()[:2])))
    assert any(top.startswith("╭─ " + h) for h in heads) or (
        size[0] <= 44 and top.startswith("╭─ " + short)), "\n".join(lines)
    assert " ".join(unglued(s.w.text(present(s.view(0))["prompt"])).split()) in text, text
    numbered = re.findall(r"(?:^|\s)(\d+)\) ", "\n".join(lines))
    more = " ".join(s.w(MORE).split())
    assert len(numbered) == len(menu.numbered) or more in text, text


# ------------------------------------------------------------------ a resize on a page
@pytest.mark.parametrize("lang", ["en", "ar"])
def test_a_window_resized_on_the_rulings_shows_the_same_page_at_its_new_size(
        lang: str) -> None:
    """``?`` then a resize: the table was drawn over the page of rulings, whose wait for a
    key went on unseen. The page is shown again, cut to the new size, from the ruling it
    began with; the next key turns to the next page, Esc goes back to the game."""
    s, out = resizing("toepen", ["?", "\r", (60, 20), " ", "\x1b", "q", "\r"], (100, 40),
                      lang=lang)
    with pytest.raises(Quit):
        s.decide(s.state.to_act)
    title = s.w("Rulings for this moment")
    typing = s.w("Type the number of a move or the start of the move (such as '{move}'), "
                 "then Enter.", move="keep")[:8]
    before, after = STYLE.sub("", out.getvalue()).split(RESIZED)
    assert before.split(title)[1].lstrip().startswith(typing), before
    resized, turned = after.split(title)[1:3]
    assert resized.lstrip().startswith(typing), after  # the same page
    assert "╭─" not in resized and len(resized.strip("\n").split("\n")) <= 19, resized
    assert not turned.lstrip().startswith(typing), turned  # the next
    assert turned.split("\n")[-2].startswith("╰─") or "╭─" in turned  # Esc: the game


@pytest.mark.parametrize("cols", [44, 45, 46, 47, 48])
def test_the_example_move_of_the_rulings_page_is_never_cut(cols: int) -> None:
    """At 45 columns in Arabic the rulings' first line ended "(مثل 'swap" and the next
    began "3c/3d')": an example to type, cut in two. It is kept whole, as a card is."""
    s, out = resizing("shithead", ["?", "\r", "\x1b", "q"], (cols, 30), lang="ar", players=6)
    with pytest.raises(Quit):
        s.decide(s.state.to_act)
    page = STYLE.sub("", out.getvalue()).split(s.w("Rulings for this moment"))[1]
    assert "'swap 3c/3d'" in page, page
