"""``tablegames play`` driven in a real pseudo-terminal (pexpect), once per game.

What a person meets: no JSON on the screen, cards drawn as people read them, a move typed
without the seat prefix accepted, ``q`` and Ctrl-C leaving with status 0.
"""

from __future__ import annotations

import io
import os
import re
import sys
from pathlib import Path

import pexpect
import pytest

import tablegames
from tablegames.tui.session import Options, Session

from . import default_signals

ROOT = Path(__file__).resolve().parents[2]
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07]*\x07")
PROMPT = "P0> "
SEED = 3


def spawn(*args: str) -> pexpect.spawn:
    env = {**os.environ, "TERM": "xterm-256color", "COLUMNS": "110", "LINES": "60",
           "PYTHONPATH": str(ROOT), "NO_COLOR": ""}
    env.pop("NO_COLOR")
    child = pexpect.spawn(sys.executable, ["-m", "tablegames", "play", *args], env=env,
                          cwd=str(ROOT), encoding="utf-8", timeout=15, preexec_fn=default_signals,
                          dimensions=(60, 110))
    return child


def first_move(game: str) -> str:
    """The first legal move of seat 0, found the way the session itself gets there."""
    session = Session(tablegames.GAMES[game], Options(game=game, players=3, seed=SEED, pace=0),
                      io.StringIO(), io.StringIO())
    state = session.state
    while state.to_act != 0:
        state.apply(session.bots[state.to_act].choose(state))
    return str(state.legal_actions()[0]).split(":", 1)[1]


def screen(text: str) -> str:
    return ANSI.sub("", text)


#: What each game's screen must show of its cards: suit symbols, colours, cups.
CARD_SIGNS = {
    "toepen": re.compile("[♠♥♦♣]"),
    "shithead": re.compile("[♠♥♦♣]"),
    "phase10": re.compile(r"\x1b\[[0-9;]*4[1-4]m|\x1b\[[0-9;]*48;5;\d+m"),  # coloured chips
    "dallah": re.compile("Lid|Neck|Base"),
}


@pytest.mark.parametrize("game", ["toepen", "shithead", "phase10", "dallah"])
def test_play_in_a_terminal(game: str) -> None:
    move = first_move(game)
    child = spawn(game, "--players", "3", "--seed", str(SEED), "--pace", "0")
    try:
        child.expect_exact(PROMPT)
        before = child.before
        child.sendline(move)
        child.expect_exact(PROMPT)
        after = child.before
        child.sendline("q")
        child.expect(pexpect.EOF)
        rest = child.before
    finally:
        child.close()
    assert child.exitstatus == 0
    shown = screen(before + after + rest)
    assert not re.search(r'\{\s*"|"\s*:\s*[\[{"\d]', shown), "JSON on the screen"
    assert CARD_SIGNS[game].search(before + after), f"{game}: no cards drawn as cards"
    assert "Not played" not in screen(after), f"{move!r} without a seat prefix was refused"
    assert re.search(r"(P0|You) \w+", screen(after).split("What happened", 1)[-1])  # the move, in words
    assert "Goodbye" in screen(rest) and "Traceback" not in shown


def in_a_shell(keys: str) -> tuple[int, str]:
    """``tablegames play toepen`` started from a shell in a terminal, ``keys`` typed at
    its first prompt; the game's exit status, and what the shell saw: the terminal's
    settings (``stty -g``) before and after the game, and the screen."""
    env = {**os.environ, "TERM": "xterm-256color", "PYTHONPATH": str(ROOT)}
    game = f"{sys.executable} -m tablegames play toepen --players 3 --pace 0"
    # the shell catches Ctrl-C itself (so it lives on to report), which leaves the
    # game's own SIGINT at its default, as a game started from a shell has it
    script = f"trap : INT; stty -g; {game}; echo STATUS=$?; stty -g"
    child = pexpect.spawn("/bin/bash", ["-c", script], env=env, cwd=str(ROOT),
                          encoding="utf-8", timeout=15, preexec_fn=default_signals,
                          dimensions=(60, 110))
    try:
        child.expect_exact(PROMPT)
        seen = child.before + child.after
        child.send(keys)
        child.expect(r"STATUS=(\d+)")
        status = int(child.match.group(1))
        seen += child.before
        child.expect(pexpect.EOF)
        text = screen(seen + child.before).replace("\r", "")
    finally:
        child.close()
    return status, text


@pytest.mark.parametrize(("keys", "status"), [("\x03", 130), ("\x04", 0), ("q\r", 0)])
def test_ctrl_c_eof_and_q_leave_cleanly(keys: str, status: int) -> None:
    """Ctrl-C stops the game with the status of every interrupted command (130); Ctrl-D
    and ``q`` with 0. Each time the game says goodbye, shows no traceback, and gives the
    terminal back as it found it (the game reads keys one by one in cbreak mode)."""
    got, text = in_a_shell(keys)
    settings = re.findall(r"^[0-9a-f]+(?::[0-9a-f]+){10,}$", text, flags=re.M)
    assert got == status, text
    assert "Traceback" not in text and "Goodbye" in text
    assert len(settings) == 2 and settings[0] == settings[1], settings


def test_a_bad_option_is_one_line() -> None:
    child = spawn("toepen", "--rules", "limit=ten")
    child.expect(pexpect.EOF)
    child.close()
    lines = [x for x in screen(child.before).splitlines() if x.strip()]
    assert child.exitstatus == 2 and len(lines) == 1 and "limit" in lines[0]
