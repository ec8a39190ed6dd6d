"""What a newcomer still missed in a 40x12 window after helper-222 (helper-227): the
viewer's phase in Phase 10, the table's middle on the game's first screen, a Dallah cup
in Arabic, and "…" set off by two spaces."""

from __future__ import annotations

import pytest
from rich.cells import cell_len

import tablegames
from tablegames.table import present
from tablegames.tui.choices import Menu, choices
from tablegames.tui.session import Session
from tablegames.tui.words import unglued
from tests.tui.test_40x12 import assert_fits, drawn, phase10_discard
from tests.tui.test_newcomer_screens import STYLE, session
from tests.tui.test_small_windows_last import to_seat_0


def own_phase(s: Session) -> str:
    """The viewer's phase as its row says it in a larger window ("Phase 1: set of 3 +
    set of 3"), in the session's language, spaces as a screen shows them."""
    stat = present(s.view(0))["seats"][0]["stats"][0]
    assert stat["msg"] == "Phase {n}: {words}", stat
    return unglued(s.w.text(stat))


@pytest.mark.parametrize("lang", ["en", "ar", "da"])
@pytest.mark.parametrize("screen", ["first", "discard"])
def test_phase10_shows_the_viewers_phase_at_40x12(lang: str, screen: str) -> None:
    """At 40x12 the smallest table dropped every seat's stats, and the one-line prompt
    replaced "Lay phase 1 (set of 3 + set of 3) …": nothing said what to lay. The
    viewer's phase is on the frame's top edge (where the game's name was), whole in
    English and Danish; in Arabic (50 cells) as much as the edge holds, its number
    first, "…" for the rest; "You: " before it (helper-229)."""
    if screen == "first":
        s, out = session("phase10", keys=[], size=(40, 12), players=3, lang=lang)
        to_seat_0(s)
    else:
        s, out = phase10_discard(lang, 12)
    lines = drawn(s, out)
    assert_fits(s, lines, f"{lang} {screen}")
    phase = own_phase(s)
    top = " ".join(lines[0].split())
    assert top.startswith("╭─ " + " ".join(unglued(s.w("You: {stat}", stat="")).split()))
    if cell_len(phase) <= 34:
        assert " ".join(phase.split()) in top, "\n".join(lines)
    else:
        # "أنت: المرحلة 1: مجموعة من 3 + …": "You: " took the room of the first
        # group in its own words (glued, one name; helper-229 kept "المرحلة 1: …"
        # alone); its shorter words keep it (helper-230), then "…" for the rest
        head = " ".join(phase.split()[:2])  # "المرحلة 1:"
        assert head in top and "…" in top[top.index(head):], "\n".join(lines)
        assert "مجموعة من 3" in " ".join(unglued(top).split()), "\n".join(lines)


def test_the_phase_is_on_the_edge_only_when_the_table_is_at_its_smallest() -> None:
    """A window with room for the seats' rows shows the phase there, the game's name on
    the edge as before."""
    s, out = session("phase10", keys=[], size=(80, 24), players=3)
    to_seat_0(s)
    lines = drawn(s, out)
    assert lines[0].startswith("╭─ Phase 10 "), "\n".join(lines)
    assert own_phase(s) not in lines[0], "\n".join(lines)
    assert any(own_phase(s) in x for x in lines[1:]), "\n".join(lines)


def test_the_first_screen_keeps_the_middle_of_the_table_over_what_happened() -> None:
    """Phase 10's first screen at 40x12 kept three lines for "What happened" and drew
    the bare two-line table: the discard pile (the card one may take) was not on it. At
    the game's first screen nothing has happened yet (the deal is what the table
    shows): the three-line table wins."""
    for lang in ("en", "ar", "da"):
        s, out = session("phase10", keys=[], size=(40, 12), players=3, lang=lang)
        to_seat_0(s)
        s.draw(0, Menu.of(choices(s.own_moves(0, s.view(0)["legal"]), 0)))
        lines = STYLE.sub("", out.getvalue()).rstrip("\n").split("\n")
        assert_fits(s, lines, lang)
        pile = unglued(s.w("Discard pile"))
        inside = lines[1:lines.index(next(x for x in lines if x.startswith("╰─ ")))]
        assert any(pile in x for x in inside), "\n".join(lines)


def test_later_screens_keep_what_happened_over_the_middle_of_the_table() -> None:
    """Once moves have been played, the last of them matter more than one line of the
    middle (the prompt names the discard pile's top card): the same position drawn as
    a later screen, with news, keeps "What happened" and the bare table."""
    s, out = session("phase10", keys=[], size=(40, 12), players=3)
    to_seat_0(s)
    view = s.view(0)
    menu = Menu.of(choices(s.own_moves(0, view["legal"]), 0))
    s.screen.draw(view, ["P1 discards red 5.", "P2 draws."], menu, unseen=2)
    lines = STYLE.sub("", out.getvalue()).rstrip("\n").split("\n")
    assert_fits(s, lines, "later")
    assert lines[1].startswith("╰─ "), "\n".join(lines)
    assert "P2 draws." in lines, "\n".join(lines)
    out.seek(0)
    out.truncate()
    s.screen.draw(view, ["P1 discards red 5.", "P2 draws."], menu, unseen=2, opening=True)
    lines = STYLE.sub("", out.getvalue()).rstrip("\n").split("\n")
    assert lines[1].startswith("│ "), "\n".join(lines)  # the opening: the table wins


def test_the_opening_screen_is_the_same_after_a_resize() -> None:
    """The first screen drawn again at the same size (a resize back and forth) keeps its
    table: it is still the opening, however often it is drawn."""
    s, out = session("phase10", keys=[], size=(40, 12), players=3)
    to_seat_0(s)
    s.draw(0, Menu.of(choices(s.own_moves(0, s.view(0)["legal"]), 0)), waits=True)
    first = out.getvalue()
    out.seek(0)
    out.truncate()
    s.redraw()
    assert out.getvalue() == first


def test_dallah_arabic_shows_a_cup_of_the_shared_pile_at_40_columns() -> None:
    """Dallah's first screen in Arabic at 40x12: the shared pile's label with its count
    left no room for its first cup ("الفناجين المشتركة (25): …"). The smallest table
    gives up the count first; the cup is shown."""
    s, out = session("dallah", keys=[], size=(40, 12), players=3, lang="ar")
    to_seat_0(s)
    lines = drawn(s, out)
    assert_fits(s, lines, "dallah ar")
    pile = unglued(s.w("Shared pile"))
    line = next(x for x in lines if pile in x)
    cup = unglued(s.w("{cup} × {n}", cup=s.w("Classic"), n=5))
    assert cup in line, "\n".join(lines)


def test_no_double_space_before_an_ellipsis() -> None:
    """A card's chip ends in a space of its own: "…" after it was set off by two
    ("green 10  …") on the middle line."""
    for game, lang in (("phase10", "en"), ("phase10", "da"), ("dallah", "ar"),
                       ("toepen", "nl"), ("shithead", "en")):
        for players in (2, 4, 6):
            most = tablegames.GAMES[game].max_players
            s, _ = session(game, keys=[], size=(40, 12), players=min(players, most),
                           lang=lang)
            to_seat_0(s)
            for table in s.screen.tables(present(s.view(0))):
                for x in table:  # the lines inside the frame (an edge's facts stand apart)
                    x = STYLE.sub("", x)
                    assert not x.startswith("│") or "  …" not in x, (game, lang, table)

