"""``tablegames play --table``: one screen passed between people. Whatever is on the
screen while it is passed (the "Pass the screen to …" screen, the end of a hand, the end
of the game) is the table's public view: nobody's hidden card is on it.

A whole short Toepen game is typed into a real pseudo-terminal, the reviewer's case:
``--players 3 --table --seed 3 --rules limit=3`` at 100x30; the same moves are played
on a mirror of the game, so the test knows every seat's hand at every moment.
"""

from __future__ import annotations

import io
import re

import pexpect

import tablegames
from tablegames.cli import parse_rules
from tablegames.render.faces import face
from tablegames.tui.session import Options, Session

from . import default_signals
from .test_play_80x24 import ANSI, ROOT

ROWS, COLS = 30, 100


def spawn(*args: str) -> pexpect.spawn:
    import os
    import sys

    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES", "NO_COLOR")}
    env.update(TERM="xterm-256color", PYTHONPATH=str(ROOT))
    return pexpect.spawn(sys.executable, ["-m", "tablegames", "play", *args], env=env,
                         cwd=str(ROOT), encoding="utf-8", timeout=20, dimensions=(ROWS, COLS),
                         preexec_fn=default_signals)


def shown(child: pexpect.spawn) -> str:
    """The screen since it was last cleared, as plain text."""
    text = child.before + (child.after if isinstance(child.after, str) else "")
    return ANSI.sub("", re.split(r"\x1b\[2J", text)[-1]).replace("\r", "")


def hands(session: Session) -> dict[int, list[str]]:
    """Every seat's hidden hand, each card as the screen writes it (``K♥``)."""
    out = {}
    for s in range(len(session.state.players)):
        cards = session.state.view(s).get("hand") or []
        out[s] = [face("toepen", str(c)).text for c in cards]  # type: ignore[union-attr]
    return out


def test_no_hidden_card_is_shown_while_the_screen_is_passed() -> None:
    args = ["toepen", "--players", "3", "--table", "--seed", "3", "--rules", "limit=3",
            "--pace", "0"]
    rules = parse_rules(tablegames.GAMES["toepen"], ["limit=3"])
    mirror = Session(tablegames.GAMES["toepen"], Options(game="toepen", players=3, seed=3,
                                                         table=True, pace=0, rules=rules),
                     io.StringIO(), io.StringIO())
    state = mirror.state
    child = spawn(*args)
    passed = ended = 0
    try:
        while True:
            i = child.expect([r"P\d> ", r"press Enter when only you can see",
                              "Press any key for the next (round|hand)", r"\(y/n\)",
                              "More of what happened: press any key."])
            screen = shown(child)
            if i == 4:  # more was told than the screen holds: read a page, go on
                assert "Your hand" not in screen or "What happened" not in screen
                child.send(" ")
                continue
            if i == 0:
                seat = state.to_act
                move = str(state.legal_actions(seat)[0]).split(":", 1)[1]
                child.send(move + "\r")
                state.apply(f"{seat}:{move}", by=seat)
                continue
            # a screen everyone may see: no "Your hand", no seat's cards
            assert "Your hand" not in screen and "Your cards" not in screen, screen
            for seat, cards in hands(mirror).items():
                assert not cards or not all(c in screen for c in cards), (seat, screen)
            if i == 1:
                passed += 1
                child.send("\r")
            elif i == 2:
                ended += 1
                assert "The round is over" not in screen
                child.send(" ")
            else:
                child.send("n")
                child.expect(pexpect.EOF)
                break
    finally:
        child.close()
    assert state.is_over and passed and ended, (passed, ended)
    assert child.exitstatus == 0
