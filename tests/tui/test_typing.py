"""Typing at a real terminal: keys arrive as the person presses (or pastes) them.

* A single key plays a move only when nothing a person may type begins with it: ``Kh``
  (or a pasted ``K♥``) is the king of hearts, never a knock and an ``h`` left over.
* Bytes are decoded as they come: a byte that is not UTF-8 is dropped, the keys after it
  are kept, and an escape sequence (F5) does not eat the key after it.
* Lines typed while the bots move are kept, line by line, for the prompts that follow.
"""

from __future__ import annotations

import os
import re

import pexpect
import pytest

from tablegames.tui.choices import choices
from tablegames.tui.session import hotkeys

from .test_play_80x24 import ANSI, spawn

PROMPT = "P0> "


def toepen() -> pexpect.spawn:
    """The reviewer's game: Toepen for three, seed 3; seat 0 holds the king of hearts."""
    return spawn("toepen", "--pace", "0", players=3, seed=3)


def quit_at_prompt(child: pexpect.spawn) -> str:
    """At the next prompt, quit; the screen text since the last match, without colours."""
    child.expect_exact(PROMPT)
    child.send("q\r")
    child.expect(pexpect.EOF)
    return ANSI.sub("", child.before)


def test_a_key_is_hot_only_when_no_typed_move_begins_with_it() -> None:
    assert hotkeys(choices(["0:play Ah", "0:play 7d", "0:knock"], 0), "toepen") == {
        "k": "0:knock"}
    # a king in the hand: "K" begins a card, so k is typed, not played
    assert hotkeys(choices(["0:play Kh", "0:play 7d", "0:knock"], 0), "toepen") == {}
    # while the bots move the hand's cards may be typed early: they count too
    assert hotkeys(choices(["0:knock"], 0), "toepen", ["Kh", "7d"]) == {}
    assert hotkeys(choices(["0:knock"], 0), "toepen", ["Ah", "7d"]) == {"k": "0:knock"}
    # Dallah: "spout" is a report's target, so s does not report "settled"
    reports = ["1:settled", "1:fell spout:tiny", "1:collapse", "1:nospace"]
    assert hotkeys(choices(reports, 1), "dallah") == {"c": "1:collapse", "n": "1:nospace"}
    assert "s" in hotkeys(choices(["1:settled", "1:fell handle:tiny"], 1), "dallah")


@pytest.mark.parametrize("card", ["Kh", "K♥"])
def test_a_card_typed_after_a_key_is_the_card(card: str) -> None:
    child = toepen()
    try:
        child.expect_exact(PROMPT)
        child.send("k")  # keep: the exchange's one key
        child.expect(r"Play a card, or knock")
        child.send(card + "\r")
        child.expect(r"You played K♥\.")
        text = quit_at_prompt(child)
    finally:
        child.close()
    assert "knocked" not in text and child.exitstatus == 0


def test_bad_bytes_and_escape_sequences_keep_the_keys_after_them() -> None:
    child = toepen()
    try:
        child.expect_exact(PROMPT)
        os.write(child.child_fd, b"\xff")  # not UTF-8: dropped; nothing waits for more
        child.send("1\r")  # keep
        child.expect(r"You kept your hand\.")
        child.expect_exact(PROMPT)
        os.write(child.child_fd, b"\x1b[15~zz\r")  # F5, then two keys at once
        child.expect_exact("'zz' is no move")  # both keys reached the line (and the engine)
        quit_at_prompt(child)
    finally:
        child.close()
    assert child.exitstatus == 0


def test_lines_typed_while_the_bots_move_are_kept_line_by_line() -> None:
    child = toepen()
    try:
        child.expect_exact(PROMPT)
        child.send("keep\r1\r1\r")  # a paste: keep, then lead twice
        child.expect(r"Play a card, or knock")
        for _ in range(2):
            child.expect(r"You played ")
        text = quit_at_prompt(child)
    finally:
        child.close()
    assert not re.search(r"P0> 11", text) and "Not played" not in text
    assert child.exitstatus == 0


def test_with_a_king_in_hand_kn_enter_knocks_while_the_bots_move() -> None:
    """``k`` is not a key when a king may be typed; the move typed and Enter still
    knocks at once while the bots move (TOE-21), and the screen says so."""
    child = spawn("toepen", "--pace", "2", players=4, seed=3)
    try:
        child.expect_exact(PROMPT)
        child.send("k")  # keep
        child.expect_exact(PROMPT)
        child.send("1\r")  # lead the first card
        child.expect(r"P1 is about to play\. You may type Knock and Enter\.")
        child.send("kn\r")
        child.expect(r"You knocked: the stake is 2\.")
        child.sendintr()
        child.expect(pexpect.EOF)
    finally:
        child.close()
    assert child.exitstatus == 130  # Ctrl-C: interrupted


@pytest.mark.parametrize(("lang", "typed"), [
    ("da", "kassér grøn 2"), ("da", "Kassér grøn 2"), ("ar", "ارمِ 2 أخضر"), ("en", "discard green 2")])
def test_a_move_is_found_by_the_words_the_screen_shows(lang: str, typed: str) -> None:
    """The tip under a cut list says to type the start of a move: what the screen shows,
    in its language, is read (before, only the notation and English card words were, so a
    Danish or Arabic player could not reach a move the list had cut; found by helper-55)."""
    import tablegames
    from tablegames.table import present
    from tablegames.table.i18n import Words
    from tablegames.tui.choices import Menu, read

    state = tablegames.new_game("phase10", players=2, seed=3)
    state.apply("0:draw")
    legal = [str(a) for a in state.legal_actions(0)]
    assert "0:discard G2" in legal
    w = Words(lang, "phase10")
    labels = {a["n"]: w.text(a["label"]) for a in present(state.view(0))["actions"]}
    options = choices(legal, 0)
    reading = read(typed, options, Menu.of(options), 0, "phase10", labels=labels)
    assert (reading.kind, reading.move) == ("move", "0:discard G2"), labels["0:discard G2"]
    # a word every discard's label holds narrows the list to the discards
    verb = labels["0:discard G2"].split()[0]
    narrowed = read(verb, options, Menu.of(options), 0, "phase10", labels=labels)
    assert narrowed.kind == "menu" and narrowed.menu is not None
    assert {c.verb for c in narrowed.menu.numbered} == {"discard"}


def test_a_cut_move_list_never_stops_inside_an_entry() -> None:
    """A long label wraps onto a second line; when the list is cut, an entry is shown
    whole or not at all (a first line alone could read like the entry above it; found by
    helper-55)."""
    from tablegames.tui.screen import cut_at_entry, starts_entry

    moves = [" 1) Draw from the draw pile",
             " 2) Lay down: three 8s (red 8, green 8, yellow 8), 5 blue cards (blue 2,",
             "blue 4, blue 5, blue 7, blue 9)",
             " 3) Lay down: three 8s (red 8, green 8, yellow 8), 5 blue cards (blue 2,",
             "blue 4, blue 6, blue 7, blue 9)",
             "    lay: 312 ways; type 'lay' and a card or two to see them"]
    assert [starts_entry(m) for m in moves] == [True, True, False, True, False, True]
    assert cut_at_entry(moves, 4) == 3  # not the first line of entry 3 alone
    assert cut_at_entry(moves, 3) == 3 and cut_at_entry(moves, 5) == 5
    assert cut_at_entry(moves, 2) == 1 and cut_at_entry(moves, 0) == 0
    assert cut_at_entry(moves, 6) == 6
    # a terminal's lines carry colour codes
    assert starts_entry("\x1b[1m 2) Swap 6\u2660 (face up) for 3\u2660\x1b[0m")
