"""The promise of 80x24: every game, at every number of players ``tablegames play``
allows, shows the header, the prompt and the moves on one screen.

The screens are drawn by a real :class:`~tablegames.tui.session.Session` onto a real
pseudo-terminal of 24 lines and 80 columns (the size is read from the terminal, as at a
person's desk); seat 0's screen is drawn at each of its first decisions while the bots
play the other seats. One end-to-end game in a pty checks the same at the first prompt.
"""

from __future__ import annotations

import io
import os
import random
import re
import struct
import threading
from collections.abc import Iterator
from contextlib import contextmanager

import pexpect
import pytest

import tablegames
from tablegames.table import present
from tablegames.table.i18n import words_for
from tablegames.tui.choices import Menu, choices
from tablegames.tui.session import Options, Session, hotkeys

from .test_play_80x24 import ANSI, spawn

ROWS, COLS = 24, 80
GAMES = ("toepen", "shithead", "phase10", "dallah")
#: Seat 0's decisions drawn per game and table size (enough to reach the play stage).
DECISIONS = 8


@contextmanager
def terminal(rows: int = ROWS, cols: int = COLS) -> Iterator[tuple[io.TextIOWrapper, list[bytes]]]:
    """A pseudo-terminal of ``rows`` x ``cols``: the file to draw on, and what was drawn."""
    import fcntl
    import termios

    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
    got: list[bytes] = []

    def drain() -> None:
        while True:
            try:
                data = os.read(master, 65536)
            except OSError:
                return
            if not data:
                return
            got.append(data)

    reader = threading.Thread(target=drain, daemon=True)
    reader.start()
    out = open(slave, "w", encoding="utf-8", closefd=True)  # noqa: SIM115
    try:
        yield out, got
    finally:
        out.close()
        reader.join(timeout=5)
        os.close(master)


#: Written after a screen, so the test knows the screen has all come through.
DONE = "<drawn>"


def last_screen(got: list[bytes]) -> list[str]:
    text = b"".join(got).decode("utf-8", errors="replace").split(DONE)[0]
    return ANSI.sub("", re.split(r"\x1b\[2J", text)[-1]).replace("\r", "").split("\n")


def sizes() -> Iterator[tuple[str, int]]:
    for game in GAMES:
        info = tablegames.GAMES[game]
        for n in range(info.min_players, info.max_players + 1):
            yield game, n


@pytest.mark.parametrize("game, players", list(sizes()))
def test_moves_and_prompt_fit_80x24_at_every_table_size(game: str, players: int) -> None:
    words = words_for("en", game)
    rng = random.Random(players)
    with terminal() as (out, got):
        session = Session(tablegames.GAMES[game], Options(game=game, players=players,
                                                          seed=1, pace=0),
                          out, io.StringIO())
        state, drawn = session.state, 0
        while not state.is_over and drawn < DECISIONS:
            if state.to_act != 0:
                seat = state.to_act
                action = session.bot_action(seat)
                assert action is not None
                session._apply(action, seat)
                continue
            options = choices(session.own_moves(0, state.view(0)["legal"]), 0)
            menu = Menu.of(options)
            got.clear()
            session.draw(0, menu, "", hotkeys(options))
            out.write(DONE)
            out.flush()
            for _ in range(1000):  # until the reader thread has the whole screen
                if DONE.encode() in b"".join(got):
                    break
                threading.Event().wait(0.005)
            lines = last_screen(got)
            model = present(state.view(0))
            text = " ".join(" ".join(lines).split())
            where = f"{game} with {players} players, decision {drawn}:\n" + "\n".join(lines)
            assert len(lines) <= ROWS, where
            assert lines[0].startswith("╭─ " + words.text(model["title"])), where
            assert " ".join(words.text(model["prompt"]).split()) in text, where
            numbered = re.findall(r"(?:^|\s)\d+\) ", "\n".join(lines))
            if len(menu.numbered) <= 8 and not menu.grouped:
                assert len(numbered) == len(menu.numbered), where  # every move
            else:  # a long list: its start, and the verbs shown as a count
                assert len(numbered) >= min(3, len(menu.numbered)), where
                assert all(f"{verb}: " in text for verb in menu.grouped) or "… more" in text, where
            session._apply(rng.choice(options).notation, 0)
            drawn += 1


@pytest.mark.parametrize("game, players", [("phase10", 4), ("dallah", 4), ("toepen", 8)])
def test_the_first_prompt_lists_its_moves_in_a_real_80x24_terminal(game: str,
                                                                  players: int) -> None:
    """The reviewer's case: Phase 10 for four at 80x24 listed no move at all."""
    child = spawn(game, "--pace", "0", players=players, seed=1)
    try:
        child.expect_exact("P0> ")
        text = ANSI.sub("", re.split(r"\x1b\[2J", child.before)[-1])
        child.send("q\r")
        child.expect(pexpect.EOF)
    finally:
        child.close()
    assert " 1) " in text and "… more" not in text, text
    assert "What happened" in text, text



