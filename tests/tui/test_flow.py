"""The terminal game fits and flows in a small window (helper-106's pty audit at 80x24,
60x20 and 120x40): the news is on the table screen rather than on pages of its own, a
card's name never breaks across lines, the seat a question is about stays on the table,
and Shithead's swap lists one-card swaps (the others are typed)."""

from __future__ import annotations

import io
import re

from rich.console import Console
from rich.text import Text

import tablegames
from tablegames.render.console import Chips, chip
from tablegames.render.faces import face
from tablegames.table import present
from tablegames.table.model import msg
from tablegames.tui.choices import Menu, choices, read
from tablegames.tui.screen import Screen

from .test_newcomer_screens import STYLE, session

PAGE = "More of what happened: press any key."


def drawn(screen: Screen) -> list[str]:
    return STYLE.sub("", screen.console.file.getvalue()).split("\n")  # type: ignore[attr-defined]


def screen_of(game: str, cols: int, rows: int, lang: str = "en") -> Screen:
    console = Console(file=io.StringIO(), width=cols, force_terminal=False)
    screen = Screen(console, game, lang=lang)
    screen.fitting = lambda: rows  # type: ignore[method-assign]
    return screen


# ------------------------------------------------------------------ 1. what happened
def test_the_first_screen_is_the_table_and_the_news_is_on_it() -> None:
    """Shithead, four players, 80x24: the first screen is the table (it was a page of
    "What happened"), and the swaps and plays that follow are told on the table screen:
    a page comes only for a long run of bot moves (it came on most turns)."""
    keys = ["1", "\r", " "] * 12
    s, out = session("shithead", keys, size=(80, 24), players=4)
    assert s.run() == 0
    text = STYLE.sub("", out.getvalue())
    assert text.lstrip().startswith("╭─ Shithead"), text[:300]
    assert text.count(PAGE) <= 3, text.count(PAGE)  # 10 before


def test_the_seats_give_way_to_the_news_one_line_each() -> None:
    """Phase 10, four players, 80x24: seven lines not seen yet fit on the table screen,
    each seat on one line (its stats beside its name, as many as fit whole)."""
    state = tablegames.new_game("phase10", players=4, seed=0)
    screen = screen_of("phase10", 80, 24)
    news = [f"P{i % 3 + 1} drew a card." for i in range(7)]
    shown = screen.draw(state.view(0), news, Menu.of(choices(state.view(0)["legal"], 0)),
                        unseen=7)
    assert shown == 7
    lines = drawn(screen)
    assert len([ln for ln in lines if re.match(r"│\s+P\d", ln)]) == 4, "\n".join(lines)


# ------------------------------------------------------------------ 2. card names
def test_a_card_name_never_breaks_across_lines() -> None:
    """Phase 10 in Danish at 60 columns: "Dine kort: ... grøn" / "4, ..." broke a card
    in the log (a line since dropped: the hand's own line shows the cards); every card
    of the hand is whole on one line of the screen."""
    for seed in range(6):
        s, out = session("phase10", lang="da", players=3, seed=seed)
        s.console.width = 60
        s.draw(0, Menu.of(choices(s.view(0)["legal"], 0)))
        text = STYLE.sub("", out.getvalue())
        assert "Din hånd" in text
        for code in s.view(0)["hand"]:
            name = face("phase10", code, "da").name  # type: ignore[union-attr]
            assert text.count(name) == text.replace("\n", " ").count(name), (name, text)


def test_a_card_after_a_label_goes_to_the_next_line_whole() -> None:
    """The own row's "Taken from the discard pile:  blue" / "11": a chip that does not
    fit after its label starts the next line."""
    console = Console(file=io.StringIO(), width=34, force_terminal=False)
    blue = face("phase10", "B11")
    assert blue is not None
    console.print(Chips(Text("Taken from the discard pile: "), [chip(blue)]))
    lines = console.file.getvalue().split("\n")  # type: ignore[attr-defined]
    assert any("blue 11" in ln for ln in lines), lines


# ------------------------------------------------------------------ 3. the seat asked about
def test_the_seat_the_prompt_names_is_kept_when_seats_are_left_out() -> None:
    """Toepen at 60x20 asked "Challenge the exchange of P2?" with P2 left out: the seats
    the prompt or the moves name come right after the viewer."""
    screen = screen_of("toepen", 60, 20)
    model = present(tablegames.new_game("toepen", players=4, seed=1).view(0))
    model["prompt"] = msg("Challenge the exchange of {who}, or accept it?", who="P2")
    lines = screen.fit(model, 7)  # room for two seats
    text = "\n".join(STYLE.sub("", ln) for ln in lines)
    assert "P0" in text and "P2" in text, text
    assert screen.order(model)[:2] == [0, 2]


# ------------------------------------------------------------------ 4. Shithead's swap
def test_the_swap_lists_one_card_swaps_and_the_table_fits() -> None:
    """Shithead's swap listed all nineteen swaps of one to three cards, cut the list and
    left three seats out at 80x24: the one-card swaps are listed with a line saying how
    many more there are, every seat is on the table, and a swap of two cards is still
    played by typing it."""
    state = tablegames.new_game("shithead", players=4, seed=0)
    view = state.view(0)
    options = choices(view["legal"], 0)
    menu = Menu.of(options)
    assert len(options) == 20
    assert {c.short.count(",") for c in menu.numbered} == {0}
    assert menu.more == {"swap": 10}
    screen = screen_of("shithead", 80, 24)
    screen.draw(view, [], menu)
    text = "\n".join(drawn(screen))
    assert "swap: 10 more ways with more cards" in text
    assert "… more" not in text and "more players" not in text, text
    two = next(c for c in options if c.short.count(",") == 2)
    assert read(two.short, options, menu, 0, "shithead").move == two.notation
