"""The terminal game at 40 columns, the last gaps (helper-230): Phase 10's head in
Arabic kept the phase's number and lost its first group ("أنت: المرحلة 1: …"), and the
tight seat row from 40x16 to 40x24 did the same; a hand of forty cards made 40x12 too
small."""

from __future__ import annotations

import pytest
from rich.cells import cell_len

from tablegames.bots.harness import bot_seed
from tablegames.render.console import first_part, shorter
from tablegames.table import present
from tablegames.tui.choices import Menu, choices
from tablegames.tui.screen import TERSE
from tablegames.tui.session import Session, make_bot
from tablegames.tui.words import unglued
from tests.tui.test_40x12 import assert_fits, drawn, phase10_discard
from tests.tui.test_newcomer_screens import STYLE, session
from tests.tui.test_small_windows_last import to_seat_0


def flat(text: str) -> str:
    return " ".join(unglued(text).split())


def first_group(s: Session) -> tuple[str, str, str]:
    """The viewer's phase number as its stat starts ("المرحلة 1:"), and its first group
    in the catalogue's words and in the head's shorter words."""
    stat = present(s.view(0))["seats"][0]["stats"][0]
    part = first_part(stat)
    said = flat(s.w.text(stat))
    number = " ".join(said.split()[:2])
    return number, flat(s.w.text(part)), flat(s.w.text(first_part(shorter(stat))))


@pytest.mark.parametrize("lang", ["en", "ar", "da"])
@pytest.mark.parametrize("which", ["first", "discard"])
@pytest.mark.parametrize("height", [12, 16, 20, 24])
def test_phase10_keeps_the_phase_and_its_first_group_at_40_columns(
        lang: str, which: str, height: int) -> None:
    """In Arabic the head (40x12) and the viewer's row (40x16 to 40x24) said
    "المرحلة 1: …": the cut between words dropped the first group, one glued name. The
    phase's number and its first group are on one line of the table, in its words or
    the head's shorter ones ("مجموعة من 3"), with "+" or "…" after it when more groups
    follow."""
    if which == "first":
        s, out = session("phase10", keys=[], size=(40, height), players=3, lang=lang)
        to_seat_0(s)
    else:
        s, out = phase10_discard(lang, height)
    lines = drawn(s, out)
    if height == 12:
        assert_fits(s, lines, f"{lang} {which}")
    assert not s.screen.small and len(lines) < height, "\n".join(lines)
    number, group, short = first_group(s)
    table = [flat(x) for x in lines[:lines.index(next(x for x in lines if x.startswith("╰")))]]
    hits = [x for x in table if number in x and (group in x or short in x)]
    assert hits, "\n".join(lines)
    line = hits[0]
    after = line[line.index(number):]
    assert "+" in after or "…" in after, "\n".join(lines)  # phase 1 has two groups


def test_english_and_danish_keep_their_own_words() -> None:
    """The shorter words are only for a stat whose own words lose the first group:
    English and Danish heads at 40x12 are as they were."""
    for lang, head in (("en", "╭─ You: Phase 1: set of 3 + set of 3 ─"),
                       ("da", "╭─ Du: Fase 1: sæt af 3 + sæt af 3 … ─")):
        s, out = session("phase10", keys=[], size=(40, 12), players=3, lang=lang)
        to_seat_0(s)
        assert drawn(s, out)[0].startswith(head), lang


def test_arabic_head_at_40x12_says_the_first_group_and_more() -> None:
    s, out = session("phase10", keys=[], size=(40, 12), players=3, lang="ar")
    to_seat_0(s)
    top = flat(drawn(s, out)[0])
    assert top.startswith("╭─ أنت: المرحلة 1: مجموعة من 3 + …"), top


def test_the_row_gives_the_headed_stat_to_the_others() -> None:
    """At 40x16 in Arabic the phase heads the table; the viewer's row then shows its
    next stat (points), not a second cut copy of the phase."""
    s, out = session("phase10", keys=[], size=(40, 16), players=3, lang="ar")
    to_seat_0(s)
    lines = [flat(x) for x in drawn(s, out)]
    assert lines[0].startswith("╭─ أنت: المرحلة 1: مجموعة من 3 + …"), "\n".join(lines)
    row = next(x for x in lines if "P0 (أنت)" in x)
    assert "المرحلة" not in row and "نقطة" in row, "\n".join(lines)


def test_shorter_leaves_the_model_alone() -> None:
    state_stat = {"msg": "Phase {n}: {words}", "args": {"n": 1, "words": {
        "msg": "set of {n}", "plural": "set of {n}", "n": 3, "args": {"n": 3}}}}
    copy = repr(state_stat)
    short = shorter(state_stat)
    assert repr(state_stat) == copy
    assert short["args"]["words"]["msg"] == "set {n}"
    assert first_part(state_stat) is state_stat["args"]["words"]


# ------------------------------------------------------------------ a hand of forty cards
def big_hand(lang: str, rows: int, want: int = 40) -> tuple[Session, list[str]]:
    """Shithead, six players, two decks, a pick-up allowed at any time (``pickup="any"``):
    seat 0 picks up the pile whenever it may until it holds ``want`` cards (seed 1: 43),
    then its screen asking for a play at 40x``rows``."""
    s, out = session("shithead", keys=[], size=(40, rows), players=6, lang=lang, seed=1,
                     rules={"pickup": "any", "decks": 2})
    s.bots[0] = make_bot(s.info, s.info.default_bot, bot_seed(1, 0))
    while not s.state.is_over:
        seat = s.state.to_act
        legal = s.view(seat)["legal"]
        if seat == 0 and len(s.view(0)["hand"]) >= want and any(" play " in f" {a.split(':')[1]}"
                                                                 for a in legal):
            return s, drawn(s, out)
        if seat == 0 and "0:pickup" in legal:
            s._apply("0:pickup", 0)
            continue
        s._apply(str(s.bot_action(seat)), seat)
    pytest.fail("the game ended before seat 0 held enough cards")


def held(s: Session, lines: list[str]) -> int:
    """The cards the screen's hand shows, counted ("2♣×2" is two)."""
    label = unglued(s.w("Your hand")) + ":"
    start = next(i for i, x in enumerate(lines) if x.startswith(label))
    words = lines[start][len(label):].split()
    for x in lines[start + 1:]:
        if not x.startswith("  ") or x.startswith("    "):
            break  # the hand's later lines start with two or three spaces, a verb four
        words += x.split()
    return sum(int(w.split("×")[1]) if "×" in w else 1 for w in words)


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_a_hand_of_forty_cards_fits_40x12_whole(lang: str) -> None:
    """Forty-three cards took eight lines at 40 columns and the window was too small.
    In the last resort the hand is compact, every card shown: equal cards once with
    their count."""
    s, lines = big_hand(lang, 12)
    assert len(s.view(0)["hand"]) >= 40
    screen = "\n".join(lines)
    assert not s.screen.small and len(lines) <= 11, screen
    assert lines[0].startswith("╭─ ") and "▶" in lines[1], screen
    assert all(cell_len(x) <= 40 for x in lines), screen
    assert unglued(s.w(TERSE)) in lines, screen  # the moves under it
    assert any(x.startswith("    play: ") for x in lines), screen
    assert held(s, lines) == len(s.view(0)["hand"]), "\n".join(lines)
    assert any("×2" in x for x in lines), "\n".join(lines)


def test_the_compact_hand_is_only_the_last_resort() -> None:
    """A window with room for the hand draws it as before: padded chips, no counts."""
    s, lines = big_hand("en", 30)
    assert not s.screen.small
    assert not any("×" in x for x in lines), "\n".join(lines)
    assert held(s, lines) == len(s.view(0)["hand"]), "\n".join(lines)


@pytest.mark.parametrize(("lang", "said"), [("en", "Your hand (104 cards) does not fit."),
                                            ("ar", "يدك (104 كروت) أكبر من النافذة.")])
def test_a_hand_that_cannot_fit_says_so_and_the_size_needed(lang: str, said: str) -> None:
    """104 cards at 40x12 (two decks' worth, each card twice): even compact the hand
    leaves no room for a move. The window is too small, and the screen says the hand is
    why and the size the screen needs; nothing is cut, nothing raises."""
    s, out = session("shithead", keys=[], size=(40, 12), players=3, lang=lang)
    to_seat_0(s)
    view = s.view(0)
    view = {**view, "hand": [r + x for x in "cdhs" for r in "23456789TJQKA"] * 2}
    s.screen.draw(view, [], Menu.of(choices(s.own_moves(0, view["legal"]), 0)))
    assert s.screen.small
    text = STYLE.sub("", out.getvalue())
    assert said in text and "40×12" in text, text
    need = s.screen.least(present(view), None, present(view), Menu.of(
        choices(s.own_moves(0, view["legal"]), 0)), {}, "", 0)
    assert need[1] > 12 and f"{need[0]}×{need[1]}" in text, text
    s.console.width, s.screen.fitting = 40, lambda: need[1]  # type: ignore[method-assign]
    out.seek(0)
    out.truncate()
    s.screen.draw(view, [], Menu.of(choices(s.own_moves(0, view["legal"]), 0)))
    assert not s.screen.small, STYLE.sub("", out.getvalue())
