"""The terminal game's words can be read on a dark terminal and on a light one: WCAG AA
contrast (4.5:1) under each of rich's terminal themes, read back from what is sent to the
terminal (:func:`tests.render.contrast.terminal_words`).

A terminal's default background may be black or white, and its sixteen colours are its
theme's, so no word on the terminal's own background takes a colour or ``dim`` (drawn
half way to the background): what helper-158 measured before the fix was the seat to
act in yellow (2.2:1 on a white terminal), the prompt and badges in cyan (3.1 to 4:1),
the result in green (3.1:1), notes and refusals in yellow, and every dim word (facts,
stats, labels, counts: 2.6 to 4.1:1 on every theme); dim also ran on into the cards of a
laid group and the owner of a played card (2.5:1), and a card's white was the terminal's
own (4.3:1 on red under a light theme's palette). A card is a chip of fixed colours,
the phone's; on a terminal of 16 colours (whose colours are its theme's: rich drew the
phone's as the nearest of the sixteen, 1.0 to 4.1:1) and with ``NO_COLOR``, a chip is
drawn in reverse video of the terminal's own colours and its words name the card.
"""

from __future__ import annotations

import io
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from rich.style import Style
from rich.text import Text

import tablegames
from tablegames.cli import main
from tablegames.phase10.cards import PACK as PHASE10
from tablegames.render import console as colours
from tablegames.render.faces import face, from_model
from tablegames.table import present
from tablegames.table.i18n import words_for
from tablegames.tui.screen import Screen, chip
from tests.render.contrast import (
    THEMES,
    Word,
    colour,
    palette_colours,
    ratio,
    styled_runs,
    terminal_words,
)

#: How rich is told the terminal's colours: a truecolor terminal, one of 256 colours
#: (rich draws each colour as the nearest of the 256) and one of 16 (``TERM=xterm``:
#: rich would draw each colour as the nearest of the sixteen, which the theme decides)
TERMINALS = {"truecolor": {"COLORTERM": "truecolor", "TERM": "xterm-256color"},
             "256 colours": {"COLORTERM": "", "TERM": "xterm-256color"},
             "16 colours": {"COLORTERM": "", "TERM": "xterm"}}
#: Short games of two, as the 80x24 test plays them.
RULES = {"toepen": ["--rules", "limit=2"], "phase10": ["--rules", 'phases=["set3+set3"]'],
         "shithead": [], "dallah": []}
CSS = Path(tablegames.__file__).parent / "server" / "static" / "style.css"


def forget_drawn_styles() -> None:
    """rich keeps each style it parsed (``Style.parse`` is cached) with the codes it was
    first drawn in, for whatever terminal drew it first: a test that drew on another
    terminal in this process (test_fit's pseudo-terminal, ``TERM=xterm``: 16 colours)
    would have this one read that terminal's codes."""
    for cached in (Style.parse, Style.normalize, Style._add, Style.clear_meta_and_links):
        cached.cache_clear()


@pytest.fixture(params=list(TERMINALS))
def terminal(request: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """rich draws in colour on a pipe as on that terminal."""
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("FORCE_COLOR", "1")
    for name, value in TERMINALS[request.param].items():
        monkeypatch.setenv(name, value)
    forget_drawn_styles()
    yield str(request.param)
    forget_drawn_styles()


def unreadable(ansi: str) -> list[Word]:
    return [w for w in terminal_words(ansi) if not w.ok]


def themed(ansi: str) -> list[str]:
    """Each style a word is drawn in that takes a colour from the terminal's theme."""
    return sorted({f"{run!r} [{style}]" for run, style in styled_runs(ansi)
                   if palette_colours(style)})


def end_of(game: str) -> Any:
    state = tablegames.new_game(game, players=3, seed=2)
    rng = random.Random(2)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("game", list(RULES))
def test_every_word_of_a_game_reads_on_light_and_dark_terminals(game: str,
                                                                terminal: str) -> None:
    """A game played in the terminal (a move refused, the help, thirty moves) and its end
    screen: every word at AA on every theme, none in a colour of the terminal's theme;
    the game showed what the test is for (cards, the refusal, the seat to act). On a
    terminal of 16 colours, whose colours are its theme's, a chip is drawn in reverse
    video of the terminal's own colours (red on white read at 1.7:1 under Night Owlish
    when rich drew the phone's colours as the nearest of the sixteen)."""
    out = io.StringIO()
    code = main(["play", game, "--players", "2", "--seed", "3", "--pace", "0", *RULES[game]],
                out=out, inp=io.StringIO("dance\n?\n\n" + "1\n" * 30 + "q\n"))
    assert code == 0
    played = out.getvalue()
    end = io.StringIO()
    Screen(Console(file=end, width=100), game).draw(end_of(game).view(0), ["The end."], None)
    drawn = played + end.getvalue()
    assert "\x1b[" in drawn  # drawn in colour
    assert unreadable(drawn) == [], unreadable(drawn)[:8]
    assert themed(drawn) == []
    runs = list(styled_runs(drawn))
    chips = [style for _, style in runs if style.bgcolor is not None or style.reverse]
    assert chips  # cards were drawn
    if terminal == "16 colours":  # in reverse video of the terminal's own two colours
        assert all(style.reverse and style.color is None for style in chips), chips[:4]
    assert any("'dance'" in run and style.bold for run, style in runs)  # the refusal
    assert "▶" in drawn  # the seat to act is marked, not by colour alone


@pytest.mark.parametrize("game, cards", [
    ("phase10", list(PHASE10.names())), ("toepen", ["Th", "As", "Qd", "7c"]),
    ("shithead", ["2c", "10d", "12h", "As"]),
])
def test_every_card_reads_on_light_and_dark_terminals(game: str, cards: list[str],
                                                      terminal: str) -> None:
    """Every card as a chip (Phase 10's four colours, the Wild and the Skip, red and black
    suits): its words at AA against its own colours, whatever the terminal's theme."""
    for notation in cards:
        f = face(game, notation)
        assert f is not None
        out = io.StringIO()
        console = Console(file=out)
        console.print(chip(f, fixed=colours.fixed_colours(console)))
        drawn = out.getvalue()
        assert unreadable(drawn) == [] and themed(drawn) == [], (notation, drawn)
        assert {w.bg for w in terminal_words(drawn)} != {w.bg for w in terminal_words("x")}


def test_the_reader_finds_what_is_too_faint() -> None:
    """The measure itself: yellow on a white terminal, dim words and white on red in a
    light theme's palette are found; a chip of fixed colours is not."""
    ansi = ("\x1b[1;33mP0\x1b[0m \x1b[2mdone\x1b[0m \x1b[1;37;48;5;160m red 7 \x1b[0m "
            "\x1b[1;38;2;255;255;255;48;2;198;40;40m red 8 \x1b[0m")
    light = {w.text: w for w in terminal_words(ansi) if w.where.startswith(
        "light (Night Owlish)")}
    assert round(light["P0"].ratio, 2) == 2.16 and not light["done"].ok
    dark = {w.text: w for w in terminal_words(ansi) if w.where.startswith("dark (Monokai)")}
    assert not dark["done"].ok  # dim: half way to a dark background too
    assert not {w.text for w in terminal_words(ansi) if not w.ok} & {"8"}
    assert len(list(terminal_words(ansi))) == 6 * len(THEMES)  # P0, done, red, 7, red, 8


def test_the_seat_to_act_is_marked_without_colour() -> None:
    """A terminal without colour (or a reader who cannot tell yellow) still sees whose
    turn it is: the seat to act carries ▶, as in the pictures and the plain text."""
    state = tablegames.new_game("toepen", players=3, seed=4)
    out = io.StringIO()
    Screen(Console(file=out, width=100, color_system=None), "toepen").draw(
        state.view(0), [], None)
    to_act = state.players[state.to_act]
    marked = [ln for ln in out.getvalue().splitlines() if "▶" in ln]
    assert len(marked) == 1 and to_act in marked[0]


def test_the_terminal_draws_cards_in_the_phones_colours() -> None:
    """One palette: the chips' colours are the phone's (style.css) where they draw the
    same thing: a Phase 10 card's colour, the suits' red, the card's paper and ink, a
    named card's gold; each chip's words read at AA on it."""
    css = dict(re.findall(r"--([\w-]+): (#[0-9a-f]{6})", CSS.read_text(encoding="utf-8")))
    wanted = {"c-red": ("#ffffff", css["red"]), "c-blue": ("#ffffff", css["blue"]),
              "c-green": ("#ffffff", css["green"]), "c-yellow": (css["ink"], css["yellow"]),
              "red": (css["red"], css["card"]), "black": (css["ink"], css["card"]),
              "gold": (css["gold"], css["card"])}
    for name, (fg, bg) in wanted.items():
        assert colours.CHIP[name] == f"bold {fg} on {bg}", name
    for style in colours.CHIP.values():
        fg, bg = re.fullmatch(r"bold (#\w{6}) on (#\w{6})", style).groups()  # type: ignore[union-attr]
        assert ratio(colour(fg), colour(bg)) >= 4.5, style


#: A colour code of rich's output: a foreground or background of the sixteen, the 256 or
#: truecolor (30-37, 40-47, 90-97, 100-107, 38;…, 48;…), as one parameter of an SGR code.
COLOUR_CODE = re.compile(r"(?<=[\[;])(3[0-8]|4[0-8]|9[0-7]|10[0-7])(?=[;m])")


def reversed_runs(ansi: str) -> list[str]:
    """The words drawn in reverse video, each run whole (a chip's " red 7 " is one)."""
    out = []
    for line in ansi.splitlines():
        text = Text.from_ansi(line)
        for span in text.spans:
            style = span.style if isinstance(span.style, Style) else Style.parse(span.style)
            piece = text.plain[span.start:span.end].strip()
            if style.reverse and piece.strip("▒"):
                out.append(piece)
    return out


def faces_of(view: Any, game: str) -> list[str]:
    """The name of every card face up on the table of ``view`` (hand, middle, groups)
    as the terminal draws it: the viewer's own ``held`` groups (its cards the table
    knows) are its hand, drawn once under the frame, not again on its row (helper-235)."""
    model = present(view)
    faces = [*model["hand"], *(f for a in [*model["centre"], *model.get("panel", [])]
                                for f in a["cards"]),
             *(f for s in model["seats"] for g in s["groups"] for f in g["cards"]
               if not (s["you"] and g.get("held")))]
    w = words_for("en", game)
    return [from_model(f, w).name for f in faces]


@pytest.mark.parametrize("game", list(RULES))
def test_without_colour_every_card_says_itself(game: str,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """``NO_COLOR=1``: no colour is sent, a card is still a chip (reverse video, which is
    not colour) and its words alone name it: each chip drawn of a game's tables is the
    name of one of the cards face up there, and every such card has its chip."""
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.setenv("FORCE_COLOR", "1")
    monkeypatch.setenv("TERM", "xterm-256color")
    monkeypatch.setenv("COLORTERM", "truecolor")
    forget_drawn_styles()
    out = io.StringIO()
    code = main(["play", game, "--players", "2", "--seed", "3", "--pace", "0", *RULES[game]],
                out=out, inp=io.StringIO("1\n" * 12 + "q\n"))
    assert code == 0
    played = out.getvalue()
    assert "\x1b[" in played and not COLOUR_CODE.search(played), COLOUR_CODE.search(played)
    assert reversed_runs(played)  # the cards were drawn as chips
    state = tablegames.new_game(game, players=3, seed=5)
    rng = random.Random(5)
    shown = 0
    for step in range(60):
        if state.is_over:
            break
        if step % 6 == 0:
            drawn = io.StringIO()
            Screen(Console(file=drawn, width=160, height=200), game).draw(
                state.view(0), [], None)
            chips = [c for c in reversed_runs(drawn.getvalue()) if c not in state.players]
            assert sorted(chips) == sorted(faces_of(state.view(0), game)), step
            shown += len(chips)
        state.apply(rng.choice(state.legal_actions()))
    assert shown > 10
    forget_drawn_styles()
