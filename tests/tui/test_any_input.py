"""Whatever a person types, the terminal game answers in words and never falls over.

Hypothesis types the lines: numbers in and out of range, the prefixes and notation of
moves, another seat's notation, the help keys, junk, control characters, right-to-left
text and very long lines, then the input simply ends (a closed terminal). Every game, a
seat at a table of bots or the whole table in turn: the program exits cleanly and prints
no traceback and no JSON (a refused line is one line of words; the engine refuses
anything illegal).
"""

from __future__ import annotations

import io

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tablegames.cli import main

GAMES = ("toepen", "phase10", "shithead", "dallah")

LINE = st.one_of(
    st.integers(-3, 40).map(str),
    st.sampled_from(["", "?", "h", "help", "q", "keep", "knock", "pass", "fold", "draw",
                     "play", "pick up", "done", "1:keep", "0:keep", "9:play 2c", "0:play",
                     "take", "discard", "lay", "hit", "roll", "settled", "fell 1"]),
    st.text(max_size=12).filter(lambda s: "\n" not in s and "\r" not in s),
    st.sampled_from(["\x1b[A", "\x00", "\u202e1", "١", "²", "x" * 5_000, "9" * 5_000,
                     "9" * 5_000 + ":knock"]),
)


@pytest.mark.parametrize("game", GAMES)
@given(lines=st.lists(LINE, max_size=30), table=st.booleans(), seed=st.integers(0, 999))
def test_any_typing_is_answered_and_the_game_never_falls_over(
        game: str, lines: list[str], table: bool, seed: int) -> None:
    out = io.StringIO()
    argv = ["play", game, "--players", "3", "--seed", str(seed), "--pace", "0"]
    if table:
        argv.append("--table")
    code = main(argv, out=out, inp=io.StringIO("".join(f"{line}\n" for line in lines)))
    text = out.getvalue()
    assert code == 0, text[-2_000:]
    assert "Traceback" not in text and '{"' not in text
