"""``tablegames rulings GAME ID``: a ruling in plain words with its picture drawn as cards
(issue 25 item 10 and "Done when": no reStructuredText or MyST markup in any output)."""

from __future__ import annotations

import io
import re
import sys

import pytest

import tablegames
from tablegames.cli import main
from tablegames.common.rulings import load_rulings
from tablegames.render.examples import PictureError, page_pictures, ruling_picture, viewer
from tablegames.render.faces import Face, from_model
from tablegames.render.terminal import split_decision
from tablegames.render.text import card as text_card
from tablegames.render.text import table_lines
from tablegames.table import present
from tablegames.table.i18n import words_for
from tablegames.tui.screen import chip

GAMES = ("toepen", "phase10", "shithead", "dallah")
#: Site markup of either flavour: MyST roles, directives and options, bold, code spans,
#: links, labels, headings, fences, reST roles, directives and substitutions.
MARKUP = re.compile(
    r"\*\*|`|:caption:|:seat:|:from:|\{[\w-]+\}|\]\(|^\([A-Z0-9]+-\d\d\)=|^#|```|~~~"
    r"|table-picture|plain-example|:[a-z]+:`|^\.\. [\w-]+::|\|[\w-]+\||<[A-Z]+-\d\d>",
    re.MULTILINE)


def run(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    code = main(["rulings", *argv], out=out)
    return code, out.getvalue()


def words_of(text: str) -> str:
    """The output without its code section (doctest lines are code, shown as code)."""
    head, _, tail = text.partition("\nIn code:\n")
    return head + "\n" + tail.rpartition("\nSee ")[2]


def face_up(game: str, ruling: str) -> tuple[list[Face], list[Face]]:
    """The cards face up in a ruling's picture: the viewer's hand and the middle of the
    table, then the seats' groups."""
    made = ruling_picture(game, ruling)
    assert made is not None
    model = present(made[0].view(made[1]))
    w = words_for("en", game)
    found = [*model["hand"], *(f for a in model["centre"] for f in a["cards"])]
    grouped = [f for s in model["seats"] for g in s["groups"] for f in g["cards"]]
    return [from_model(f, w) for f in found], [from_model(f, w) for f in grouped]


def empty_table(game: str, players: int) -> list[str]:
    """The spectator's table of a fresh game, drawn as plain text."""
    view = tablegames.new_game(game, players=players, seed=1).view(None)
    return table_lines(present(view), words_for("en", game))


@pytest.mark.parametrize("plain", [False, True], ids=["rich", "plain"])
@pytest.mark.parametrize("game", GAMES)
def test_every_ruling_prints_clean_text_and_its_picture(game: str, plain: bool) -> None:
    flags = ["--plain"] if plain else []
    for ruling in load_rulings(game):
        code, text = run(game, ruling.id, *flags)
        assert code == 0, ruling.id
        words = words_of(text)
        assert not MARKUP.search(words), (ruling.id, MARKUP.search(words))
        # the picture is drawn: announced with the seat it is seen from, then the table
        assert re.search(r"^Picture, as (P\d|the spectator) sees it", text, re.MULTILINE), ruling.id
        drawn = text.split("sees it", 1)[1]
        if plain:
            assert "\nToepen   " in drawn or game != "toepen"
            assert "╭" not in text
        else:
            assert "╭─ " in drawn and "╰" in drawn, ruling.id  # the terminal game's frame
        if game != "dallah":  # cards face up, drawn as cards (Dallah's table is its cups)
            faces, grouped = face_up(game, ruling.id)
            assert faces or grouped, ruling.id
            flat = " ".join(drawn.split())
            for f in faces:  # a hand wraps between cards, never inside one
                assert (text_card(f) if plain else " ".join(chip(f).plain.split())) in (
                    drawn if plain else flat), (ruling.id, f)
            if plain:  # (rich wraps a seat's groups inside its table cell)
                assert all(text_card(f) in drawn for f in grouped), ruling.id


@pytest.mark.parametrize("game", GAMES)
def test_the_list_of_rulings_is_clean_text(game: str) -> None:
    code, text = run(game)
    assert code == 0 and not MARKUP.search(text)
    assert len(text.splitlines()) == len(load_rulings(game)) >= 10


@pytest.mark.parametrize("game", GAMES)
def test_each_picture_is_seen_from_a_seat_and_differs_from_the_empty_table(game: str) -> None:
    """The terminal picture is the site's: the same state from the same seat, never the
    spectator's empty table."""
    pictures = page_pictures(tablegames.common.rulings.rulings_page(game).read_text("utf-8"))
    for ruling in load_rulings(game):
        made = ruling_picture(game, ruling.id)
        assert made is not None and ruling.id in pictures, ruling.id
        state, seat, spec = made
        assert seat is not None, ruling.id  # every ruling is seen from a seat
        assert seat == viewer(state, spec.seat)
        lines = table_lines(present(state.view(seat)), words_for("en", game))
        assert lines != empty_table(game, len(state.players)), ruling.id
        # one seat's row is "you" (an ended game's standings name it again: "P1 (you): …")
        assert sum("(you)" in ln and "(you):" not in ln for ln in lines) == 1, ruling.id
        text = run(game, ruling.id, "--plain")[1]
        # every line as drawn, a line wider than the terminal going on over further lines
        assert " ".join("\n".join(lines).split()) in " ".join(text.split()), ruling.id
        picture = text.split("sees it", 1)[1].split("\n\n")[0]  # up to the next paragraph
        assert all(len(ln) <= 80 for ln in picture.splitlines()), ruling.id  # the width asked


def test_the_ruling_reads_rule_example_picture_decision_code_link() -> None:
    code, text = run("toepen", "TOE-11", "--plain")
    assert code == 0
    order = [text.index(part) for part in (
        "TOE-11: Follow suit", "A player who holds a card of the led suit", "At the table:\nP0 leads",
        "Picture, as P2 sees it: The first trick", "In code:\n    >>>", "\nSee ")]
    assert order == sorted(order)
    # the example's table as P2 saw it: the trick with who played what, P2's own cards
    assert "Last trick, won by P1: [A♣] P0  [7♣] P1  [10♥] P2" in text
    assert "Your hand: [8♦] [9♦] [10♦]" in text
    assert "  P0 · 0 lives lost\n      [▒][▒][▒] (3 cards)" in text  # others' cards as backs
    code, text = run("toepen", "TOE-51")
    decision = text.index("\nDecision: the lives")
    assert text.index("Picture, as ") < decision < text.index("In code:")


def test_each_example_of_p10_51_sits_with_what_it_shows() -> None:
    """P10-51 has two examples, going out and a blocked hand: the picture and words of the
    first come before the blocked-hand decision, which has its own words (found by
    helper-48: both sat after the blocked hand, which had none)."""
    page = tablegames.common.rulings.rulings_page("phase10").read_text("utf-8")
    section = page[page.index("(P10-51)="):page.index("(P10-52)=")]
    blocked = section.index("**Decision (a blocked hand):**")
    assert section.index("```{doctest}") < section.index(":caption: P0 went out") < blocked
    assert section.index("```{plain-example}") < blocked
    assert blocked < section.index("At the table, a blocked hand") < section.index(
        'blocked = phase10.Rules(')
    code, out = run("phase10", "P10-51", "--plain")
    assert code == 0
    text = re.sub(r"\s+", " ", words_of(out))
    decision = text.index("Decision (a blocked hand)")
    assert text.index("At the table: P0 lays phase 1") < text.index("Picture, as") < decision
    assert ("At the table, a blocked hand: the house list has two phases" in text[decision:])
    assert "nobody out: P0 scores 5 points for the yellow 5" in text[decision:]


def test_without_rich_the_picture_is_plain_text(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "rich", None)  # ``import rich`` now fails
    code, text = run("shithead", "SHD-10")
    assert code == 0 and "╭" not in text and "\x1b[" not in text
    assert "Picture, as P" in text and "Face up: [" in text
    assert run("shithead", "SHD-10", "--plain")[1] == text


def test_a_pipe_gets_no_colour_codes() -> None:
    code, text = run("phase10", "P10-20")
    assert code == 0 and "\x1b[" not in text and "╭─ Phase 10" in text


def test_the_decision_is_cut_from_the_rule() -> None:
    assert split_decision("A rule. Decision: the choice.") == ("A rule.", "Decision: the choice.")
    assert split_decision("A rule.\n\nDecisions: two.") == ("A rule.", "Decisions: two.")
    assert split_decision("Only a rule.") == ("Only a rule.", "")
    # "decision" inside a sentence is not a decision paragraph
    assert split_decision("The decision: no.")[1] == ""


def test_a_bad_picture_block_is_a_clear_error() -> None:
    page = "## XX-01: A title\n\n```{table-picture} toepen\n:from: nowhere\n```\n"
    with pytest.raises(PictureError, match="XX-01"):
        page_pictures(page)
    page = "## XX-01: A title\n\n```{table-picture} toepen\n:seat: two\nstate = 1\n```\n"
    with pytest.raises(PictureError, match="seat number"):
        page_pictures(page)


@pytest.mark.parametrize(("game", "typed", "ruling"), [
    ("toepen", "TOE-51", "TOE-51"), ("toepen", "toe51", "TOE-51"), ("toepen", " TOE 51 ", "TOE-51"),
    ("toepen", "toe-51", "TOE-51"), ("phase10", "p1052", "P10-52"), ("phase10", "P10 52", "P10-52"),
    ("shithead", "shd3", None), ("shithead", "SHD03", "SHD-03"), ("dallah", "dal-33 ", "DAL-33"),
])
def test_a_ruling_is_found_as_a_person_types_its_id(game: str, typed: str, ruling: str | None,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    """Case, a missing hyphen, a space and surrounding blanks are how people type an ID
    (the rulings site's search takes them all); the number itself is not guessed at
    (``shd3`` is no ruling: the IDs have two digits)."""
    code, text = run(game, typed, "--plain")
    if ruling is None:
        assert code == 2 and text == ""  # a mistake: exit status 2
        assert f"no ruling '{typed}' in {game}" in capsys.readouterr().err
    else:
        assert code == 0 and text.startswith(f"{ruling}: ")
