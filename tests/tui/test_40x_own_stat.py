"""The viewer's own first stat in a narrow window (helper-229): at 40x12 the top edge
said "Phase 1: set of 3 + set of 3" with nothing saying whose phase it was (the other
seats' stats are nowhere on screen: a newcomer may read it as the table's), and at
40x16 to 40x24 the tight seat row had no room for Phase 10's phase ("P0 (you) ▶ …"):
the viewer's phase was on no line of the table."""

from __future__ import annotations

import io

import pytest
from rich.cells import cell_len
from rich.console import Console

from tablegames.render.console import ConsoleTable
from tablegames.table import present
from tablegames.tui.session import Session
from tablegames.tui.words import unglued
from tests.tui.test_40x12 import assert_fits, drawn, phase10_discard
from tests.tui.test_newcomer_screens import session
from tests.tui.test_small_windows_last import to_seat_0


def own_stat(s: Session) -> str:
    """The viewer's first stat as a larger window says it, spaces as a screen shows
    them, runs of spaces as one."""
    stat = present(s.view(0))["seats"][0]["stats"][0]
    return " ".join(unglued(s.w.text(stat)).split())


def screen(game: str, lang: str, lines: int, which: str) -> tuple[Session, list[str]]:
    if which == "discard":
        s, out = phase10_discard(lang, lines)
    else:
        s, out = session(game, keys=[], size=(40, lines), players=3, lang=lang)
        to_seat_0(s)
    drawn_lines = drawn(s, out)
    what = f"{game} {lang} 40x{lines} {which}\n" + "\n".join(drawn_lines)
    if lines == 12:
        assert_fits(s, drawn_lines, what)
    else:  # the game's screen, a line left for typing
        assert not s.screen.small and len(drawn_lines) < lines, what
        assert all(cell_len(x) <= 40 for x in drawn_lines), what
    return s, [" ".join(x.split()) for x in drawn_lines]


def shown(stat: str, line: str) -> bool:
    """``stat`` whole on ``line``, or its first two words (its number) and "…" after them (a stat
    wider than the line, cut between words: Phase 10's phase in Arabic)."""
    if stat in line:
        return True
    head = " ".join(stat.split()[:2])
    return head in line and "…" in line[line.index(head):]


@pytest.mark.parametrize(("game", "lang", "which"), [
    ("phase10", "en", "first"), ("phase10", "en", "discard"),
    ("phase10", "ar", "first"), ("phase10", "ar", "discard"),
    ("phase10", "da", "first"), ("phase10", "da", "discard"),
    ("dallah", "ar", "first"),
])
def test_the_top_edge_says_the_stat_is_yours_at_40x12(game: str, lang: str,
                                                      which: str) -> None:
    """The stat on the smallest table's top edge is said to be the viewer's, in the
    game's language ("You: Phase 1: …", "أنت: …", "Du: …", "Jij: …")."""
    s, lines = screen(game, lang, 12, which)
    you = " ".join(unglued(s.w("You: {stat}", stat="")).split())
    assert lang == "en" or you != "You:", you  # translated
    top = lines[0].lstrip("╭─ ")
    assert top.startswith(you), "\n".join(lines)
    assert shown(own_stat(s), top), "\n".join(lines)


@pytest.mark.parametrize("lang", ["en", "ar", "da"])
@pytest.mark.parametrize("which", ["first", "discard"])
@pytest.mark.parametrize("height", [16, 18, 20, 22, 24])
def test_phase10_shows_the_viewers_phase_from_40x16_to_40x24(lang: str, which: str,
                                                             height: int) -> None:
    """The tight seat row dropped the phase ("P0 (you) ▶ …"): the viewer's row keeps
    its first stat, cut between words when the line cannot hold it whole."""
    s, lines = screen("phase10", lang, height, which)
    you = " ".join(unglued(s.w("(you)")).split())
    row = next(x for x in lines if f"P0 {you}" in x)
    assert shown(own_stat(s), row) or shown(own_stat(s), lines[0]), "\n".join(lines)


@pytest.mark.parametrize(("game", "lang", "you"), [
    ("toepen", "nl", "Jij:"), ("shithead", "ar", "أنت:"), ("phase10", "da", "Du:")])
def test_the_head_is_yours_in_every_game(game: str, lang: str, you: str) -> None:
    """Every game's smallest table says whose stat heads it, in the game's language
    (Toepen in Dutch too): drawn at 40 columns, the head starts with "You:"."""
    s, _ = session(game, keys=[], size=(40, 12), players=3, lang=lang)
    to_seat_0(s)
    table = ConsoleTable(Console(width=40, file=io.StringIO()), game, lang=lang)
    head = table.own_head(present(s.view(0)), 34)
    assert head is not None and head.plain.startswith(you + " "), head
    assert head.cell_len <= 34 and own_stat(s).split()[0] in head.plain, head
