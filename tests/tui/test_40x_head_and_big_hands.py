"""The terminal game at 40 columns, the last gaps (helper-230): Phase 10's head in
Arabic kept the phase's number and lost its first group ("أنت: المرحلة 1: …"), and the
tight seat row from 40x16 to 40x24 did the same; a hand of forty cards made 40x12 too
small."""

from __future__ import annotations

import pytest

from tablegames.render.console import first_part, shorter
from tablegames.table import present
from tablegames.tui.session import Session
from tablegames.tui.words import unglued
from tests.tui.test_40x12 import assert_fits, drawn, phase10_discard
from tests.tui.test_newcomer_screens import session
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
