"""``tablegames play`` for every game, whole games, in a real pseudo-terminal of 80x24.

A mirror of the game is kept in the test (the same seed, the same seeded bots, the same
moves), so after every move the test knows what must be on screen: the header (the
game's title at the top), the prompt the seat is asked, the current trick or pile (the
middle of the table) and the typing line, all within 24 lines. The person's moves are
typed the way a person types them (the move without the seat, or one key: ``k`` knocks);
the hand's end waits for a key; the end screen shows the result and "Play again?", and
``y`` deals a new game.
"""

from __future__ import annotations

import io
import os
import re
import sys
from pathlib import Path
from typing import Any

import pexpect
import pytest

import tablegames
from tablegames.table import present
from tablegames.table.i18n import words_for
from tablegames.tui.choices import choices
from tablegames.tui.session import Options, Session, hotkeys

from . import default_signals

ROOT = Path(__file__).resolve().parents[2]
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07]*\x07|\x1b[()][0-9A-Za-z]")
ROWS, COLS = 24, 80
PROMPT = "P0> "
#: Short games: two players, and each game's shortest rules.
RULES = {"toepen": ["--rules", "limit=2"], "phase10": ["--rules", "phases=[\"set3+set3\"]"],
         "shithead": [], "dallah": []}
SEED = 5


def spawn(game: str, *extra: str, players: int = 2, seed: int = SEED) -> pexpect.spawn:
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES", "NO_COLOR")}
    env.update(TERM="xterm-256color", PYTHONPATH=str(ROOT))
    return pexpect.spawn(sys.executable, ["-m", "tablegames", "play", game, "--players",
                                          str(players), "--seed", str(seed), *RULES[game],
                                          *(extra or ("--pace", "0"))],
                         env=env, cwd=str(ROOT), encoding="utf-8", timeout=20,
                         preexec_fn=default_signals,
                         dimensions=(ROWS, COLS))


def frame(child: pexpect.spawn) -> list[str]:
    """The last screen drawn (everything since the last clear), as plain lines."""
    text = child.before + (child.after if isinstance(child.after, str) else "")
    last = re.split(r"\x1b\[2J", text)[-1]
    return ANSI.sub("", last).replace("\r", "").split("\n")


def mirror(game: str, seed: int) -> Session:
    """The same game in this process (its bots are seeded as the child's are)."""
    rules: Any = None
    if game in ("toepen", "phase10"):
        from tablegames.cli import parse_rules
        rules = parse_rules(tablegames.GAMES[game], [RULES[game][1]])
    return Session(tablegames.GAMES[game], Options(game=game, players=2, seed=seed, pace=0,
                                                   rules=rules), io.StringIO(), io.StringIO())


def bots_move(session: Session) -> None:
    state = session.state
    while not state.is_over and state.to_act != 0:
        seat = state.to_act
        action = session.bot_action(seat)  # the bot, or the fall model's report (Dallah)
        assert action is not None
        state.apply(action, by=seat)


def check_screen(lines: list[str], game: str, view: dict[str, Any]) -> None:
    """Header, prompt, middle of the table and typing line all on one 80x24 screen."""
    words = words_for("en", game)
    model = present(view)
    shown = [ln for ln in lines if ln.strip() or ln is lines[-1]]
    assert len(lines) <= ROWS, f"{len(lines)} lines"
    assert all(len(ln) <= COLS for ln in lines), "a line wider than the terminal"
    assert lines[0].startswith("╭─ " + words.text(model["title"])), lines[0]  # the header
    text = " ".join(" ".join(lines).split())  # a long prompt wraps

    def on_screen(msg: Any) -> bool:
        return " ".join(words.text(msg).split()) in text

    assert on_screen(model["prompt"]), "the prompt is not on screen\n" + "\n".join(lines)
    for area in model["centre"]:  # the current trick, the pile, the discard
        assert on_screen(area["label"]), f"{area['label']} not on screen"
    assert shown[-1] == PROMPT, shown[-3:]


def play_through(game: str) -> tuple[list[str], str]:
    """One whole game typed into the terminal; the end screen and what followed "y"."""
    session = mirror(game, SEED)
    state = session.state
    child = spawn(game)
    knocked = hands = 0
    try:
        while True:
            i = child.expect_exact([PROMPT, "Press any key for the next", "(y/n)",
                                    "More of what happened: press any key."])
            if i == 3:  # more was told than the screen has room for: read on
                child.send(" ")
                continue
            if i == 1:  # the end-of-hand pause, with the hand's result
                hands += 1
                pause = frame(child)
                said = " ".join(" ".join(pause).split())
                assert len(pause) <= ROWS and "The round is over" not in said
                if game == "toepen":
                    # seat 0 reads its own win and its own lives as "you"
                    assert re.search(r"(P\d|You) won round \d+(\.|: (P\d loses|you lose) \d+ li)",
                                     said), said
                child.send(" ")
                continue
            if i == 2:
                end = frame(child)
                bots_move(session)  # the game may end on a bot's move
                break
            bots_move(session)
            view = state.view(0)
            check_screen(frame(child), game, view)
            legal = [str(a).split(":", 1)[1] for a in state.legal_actions(0)]
            hot = hotkeys(choices([f"0:{m}" for m in legal], 0), game)
            if "knock" in legal and not knocked and "k" in hot:
                child.send("k")  # one key, no Enter
                move = "knock"
                knocked += 1
            else:
                move = legal[0]
                child.send(move + "\r")
            state.apply(f"0:{move}", by=0)
        assert state.is_over
        child.send("y")
        while child.expect_exact([PROMPT, "More of what happened: press any key."]):
            child.send(" ")  # the new deal told a page at a time first
        again = "\n".join(frame(child))
        child.send("q\r")
        child.expect(pexpect.EOF)
        rest = ANSI.sub("", child.before)
    finally:
        child.close()
    assert child.exitstatus == 0, rest
    assert "Goodbye" in rest and "Traceback" not in rest
    if game == "toepen":
        assert knocked and hands, "no knock by a single key, or no end-of-hand pause"
    return end, again


@pytest.mark.parametrize("game", ["toepen", "shithead", "phase10", "dallah"])
def test_a_whole_game_at_80x24(game: str) -> None:
    end, again = play_through(game)
    text = "\n".join(end)
    result = present(mirror(game, SEED).state.view(0))["title"]
    assert len(end) <= ROWS and end[0].startswith("╭─ " + words_for("en", game).text(result))
    # the result once, in one sentence ("Game over: ..." or Shithead's match line), then
    # the standings; no "Game over." note under it
    assert len(re.findall(r"Game over|The match is over", text)) == 1, text
    assert "Play again? (y/n)" in text and "Game over." not in text
    assert again.startswith("╭─ ") and "Game over" not in again  # a new game was dealt


def test_k_knocks_while_the_bots_move() -> None:
    """With a pace, ``k`` pressed while a bot is about to play knocks before its move
    (TOE-21: anyone may knock at any moment of play), with no Enter and no window.
    (Seed 7: seat 0 holds no king, so no card it may type begins with ``k``.)"""
    child = spawn("toepen", "--pace", "2", players=4, seed=7)
    try:
        child.expect_exact(PROMPT)
        child.send("k")  # keep the hand: one key
        child.expect_exact(PROMPT)
        child.send("1\r")  # lead the first card
        child.expect(r"P1 is about to play\. Press k = Knock\.")
        child.send("k")
        child.expect(r"You knocked: the stake is 2\.")
        child.sendintr()  # Ctrl-C leaves at any moment
        child.expect(pexpect.EOF)
        assert "Goodbye" in ANSI.sub("", child.before)
    finally:
        child.close()
    assert child.exitstatus == 130  # Ctrl-C: interrupted


def test_help_shows_the_rulings_of_the_moment() -> None:
    """``?`` shows, in plain words, Toepen's card order (TOE-01) and the knock (TOE-21)."""
    child = spawn("toepen")
    try:
        child.expect_exact(PROMPT)
        child.send("?")
        child.expect("Press any key to go on")
        page = "\n".join(frame(child))
        child.send("\x1b")
        child.expect_exact(PROMPT)
        child.send("q\r")
        child.expect(pexpect.EOF)
    finally:
        child.close()
    assert "TOE-01" in page and "the ten is the highest card" in page
    assert "```" not in page and "**" not in page and ">>>" not in page


def test_a_resize_redraws_at_the_new_size() -> None:
    child = spawn("toepen")
    try:
        child.expect_exact(PROMPT)
        child.setwinsize(40, 100)
        child.expect_exact(PROMPT)
        wide = frame(child)
        child.send("q\r")
        child.expect(pexpect.EOF)
    finally:
        child.close()
    assert wide[0].startswith("╭─ Toepen") and len(wide[0]) == 100


def test_keys_typed_while_the_bots_move_start_the_next_line() -> None:
    """A move started early is kept (not dropped) and waits at the next prompt."""
    child = spawn("toepen", "--pace", "1", players=4, seed=3)
    try:
        child.expect_exact(PROMPT)
        child.send("k")
        child.expect_exact(PROMPT)
        child.send("1\r")
        child.expect(r"P1 is about to play\.")
        child.send("pl")
        child.expect_exact(PROMPT + "pl")
        child.send("ay \r")  # "play" and several cards: the list narrows, nothing is played
        child.expect(r"\d+ moves match")
        child.sendintr()
        child.expect(pexpect.EOF)
    finally:
        child.close()
    assert child.exitstatus == 130  # Ctrl-C: interrupted
