"""A careless and a hostile player's round at the terminal (helper-235).

Played through the real session with keys as a terminal gives them (the fake keyboard
of :mod:`tests.tui.test_newcomer_screens`):

* a key that prints nothing (a bidi override, a C1 control such as the 8-bit CSI, a
  zero-width space) was typed into the line and echoed raw into the terminal, where it
  acts on what follows; it types nothing now;
* a pasted page (a million keys with no Enter) grew the line without bound, echoed every
  key and took seconds per hundred thousand keys (the line was copied at every key);
  lines read from a pipe had no bound either. A line holds at most ``LINE_MOST``
  characters; the rest is dropped and the line ends in "…", so it is never read as a
  shorter move than was typed;
* Ctrl-D at a key's wait (the end-of-game question, the pause at a hand's end, a page,
  while the bots move) was taken as any other key ("Play again?" asked again); it stops
  the game as at the prompt;
* Ctrl-C at every kind of prompt stops the game with status 130 and its goodbye;
* digits of any script (Arabic-Indic ``٣``, Persian ``۳``, full-width ``３``) are the
  numbers they are, typed key by key as at the prompt;
* the viewer's own row no longer repeats its hand as "Known in hand" (the hand is drawn
  whole under the frame); the other seats' rows still show what the table knows of
  their hands.
"""

from __future__ import annotations

import io
from collections import deque
from collections.abc import Iterable
from typing import Any

import pytest

from tablegames.table import present
from tablegames.tui.choices import Menu, choices
from tablegames.tui.session import LINE_MOST, Quit, Session, typed_char
from tests.tui.test_newcomer_screens import STYLE, session
from tests.tui.test_terminal_words import to_the_end

INTERRUPT = "<Ctrl-C>"


class Typed:
    """Keys as a terminal hands them out, also while the session only glances for one
    (a timeout: the bots move); ``INTERRUPT`` is Ctrl-C. Past the last key: no key while
    glancing, end of input while waiting."""

    live = True
    resized = False

    def __init__(self, keys: Iterable[str]) -> None:
        self.keys = deque(keys)

    def key(self, timeout: float | None) -> str | None:
        if not self.keys:
            if timeout is not None:
                return None
            raise EOFError
        key = self.keys.popleft()
        if key == INTERRUPT:
            raise KeyboardInterrupt
        return key


def typing(game: str, keys: Iterable[str], **options: Any) -> tuple[Session, io.StringIO]:
    s, out = session(game, keys=[], size=(80, 24), **options)
    s.keys = Typed(keys)  # type: ignore[assignment]
    return s, out


# ------------------------------------------------------------------ keys that print nothing
UNPRINTABLE = ["\u202e", "\x9b", "\x85", "\u200b", "\u2066", "\ue000", "\x00"]


def test_a_key_that_prints_nothing_is_neither_typed_nor_echoed() -> None:
    s, out = typing("toepen", [*UNPRINTABLE, "1", *UNPRINTABLE, "\r"])
    seat = s.state.to_act
    assert seat == 0
    s.decide(seat)
    text = out.getvalue()
    assert not [k for k in UNPRINTABLE if k in text], ascii(text[-300:])
    assert "You kept your hand." in STYLE.sub("", "".join(s.happened[0]))


def test_a_pasted_space_of_another_kind_is_a_space() -> None:
    """A no-break or ideographic space (pasted from a page) separates words as a space
    ("play\u00a010h"); what prints is typed as it is, Arabic and full-width included."""
    assert [typed_char(k) for k in ("\u00a0", "\u3000", "\u2009")] == [" "] * 3
    assert [typed_char(k) for k in ("x", "٣", "３", "♥", " ")] == ["x", "٣", "３", "♥", " "]
    assert [typed_char(k) for k in [*UNPRINTABLE, "\x1b[15~", "\x1b"]] == [""] * 9


def test_keys_typed_while_the_bots_move_keep_only_what_prints() -> None:
    s, _ = typing("toepen", ["1", "\r"], players=3)
    s.decide(0)  # keep the hand; then a bot is to play
    s.keys = Typed(["\u202e", "2", "\x9b", "\r"])  # type: ignore[assignment]
    bot = next(seat for seat in range(3) if seat != 0)
    s.watch(bot)
    assert s._typeahead == "2\n"


# ------------------------------------------------------------------ a pasted page
def test_a_pasted_page_is_cut_and_refused_in_words() -> None:
    s, out = typing("toepen", ["x"] * (LINE_MOST * 40) + ["\r"])
    before = s.state.to_json()
    with pytest.raises(Quit):  # the keys run out after the refusal
        s.decide(0)
    assert s.state.to_json() == before
    text = STYLE.sub("", out.getvalue())
    typed = text.split("P0> ", 1)[1].split("\n", 1)[0]
    assert typed == "x" * LINE_MOST + "…", len(typed)  # the echo is the line, cut
    assert "is no move" in text


def test_a_move_with_a_page_after_it_is_not_played() -> None:
    """The first characters of a line too long are a move ("1", then spaces): the line
    is not that move, it is refused."""
    s, out = typing("toepen", ["1", *[" "] * LINE_MOST, "\r"])
    before = s.state.to_json()
    with pytest.raises(Quit):
        s.decide(0)
    assert s.state.to_json() == before and "is no move" in STYLE.sub("", out.getvalue())


def test_erase_after_the_cut_takes_the_mark_then_the_line() -> None:
    s, _ = typing("toepen", ["x"] * (LINE_MOST + 5) + ["\x7f"] * (LINE_MOST + 1) + ["1", "\r"])
    s.decide(0)
    assert "You kept your hand." in "".join(s.happened[0])


class Reads(io.StringIO):
    """A pipe: records how much each ``readline`` may take at most."""

    def __init__(self, text: str) -> None:
        super().__init__(text)
        self.sizes: list[int] = []

    def readline(self, size: int | None = -1, /) -> str:
        self.sizes.append(-1 if size is None else size)
        return super().readline(size)


def test_a_line_read_from_a_pipe_is_read_in_bounded_pieces() -> None:
    inp = Reads("x" * (LINE_MOST * 30) + "\n" + "1" + " " * LINE_MOST + "\nq\n")
    s, out = session("toepen")
    s.inp = inp
    before = s.state.to_json()
    assert s.run() == 0
    assert s.state.to_json() == before
    assert inp.sizes and all(0 < n <= LINE_MOST + 1 for n in inp.sizes), inp.sizes
    text = out.getvalue()
    assert text.count("is no move") == 2 and "Goodbye" in text, text[-500:]


# ------------------------------------------------------------------ Ctrl-D at every wait
def test_ctrl_d_at_play_again_stops() -> None:
    s, out = typing("toepen", ["\x04", "y"], players=2)
    to_the_end(s)
    s.finish()
    assert s.again is False and list(s.keys.keys) == ["y"]  # type: ignore[attr-defined]
    assert "Press y to play again" not in STYLE.sub("", out.getvalue())


def test_ctrl_d_at_a_pause_or_a_page_stops() -> None:
    s, _ = typing("toepen", ["\x04", "1"])
    with pytest.raises(Quit):
        s.wait_key("Press any key for the next round. ")
    s, _ = typing("toepen", ["?", "\x04", "1", "\r"])
    with pytest.raises(Quit):
        s.decide(0)
    assert s.state.to_act == 0


def test_ctrl_d_while_the_bots_move_stops_and_not_inside_a_line() -> None:
    s, _ = typing("toepen", ["1", "\r"], players=3)
    s.decide(0)
    s.keys = Typed(["\x04"])  # type: ignore[assignment]
    with pytest.raises(Quit):
        s.watch(1)
    s.keys = Typed(["2", "\x04", "\r"])  # type: ignore[assignment]
    s.watch(1)  # on a line being typed Ctrl-D erases nothing and stops nothing
    assert s._typeahead == "2\n"


# ------------------------------------------------------------------ Ctrl-C at every prompt
def at_the_end(s: Session) -> None:
    to_the_end(s)
    s.humans = {0}


@pytest.mark.parametrize(("where", "keys", "options", "prepare"), [
    ("the move prompt", [INTERRUPT], {}, None),
    ("a page of rulings", ["?", INTERRUPT], {}, None),
    ("the hand-over at a shared screen", [INTERRUPT], {"table": True}, None),
    ("play again?", [INTERRUPT], {"players": 2}, at_the_end),
    ("a line half typed", ["p", "l", INTERRUPT], {}, None),
])
def test_ctrl_c_at_every_prompt_stops_with_130(where: str, keys: list[str],
                                               options: dict[str, Any], prepare: Any) -> None:
    s, out = typing("toepen", keys, **options)
    if prepare is not None:
        prepare(s)
    before = s.state.to_json()
    assert s.run() == 130, where
    assert s.state.to_json() == before, where
    text = STYLE.sub("", out.getvalue())
    assert "Game stopped. Goodbye." in text and "Traceback" not in text, where


def test_ctrl_c_at_the_pause_of_a_hand_stops() -> None:
    s, _ = typing("toepen", [INTERRUPT])
    s._pause = True
    with pytest.raises(KeyboardInterrupt):  # run() turns it into 130 (above)
        s.pause_if_hand_ended()


# ------------------------------------------------------------------ digits of any script
@pytest.mark.parametrize("two", ["2", "٢", "۲", "２"])
@pytest.mark.parametrize("lang", ["en", "ar"])
def test_digits_of_any_script_choose_the_move_of_that_number(two: str, lang: str) -> None:
    """Toepen's first question: 1 keeps the hand, 2 throws it in. An Arabic keyboard
    types ٢ (U+0662), a Persian one ۲ (U+06F2), a Japanese one in full width ２ (U+FF12):
    each is the number 2. A superscript ² is no digit of a number (``read`` refuses it)."""
    s, out = typing("toepen", [two, "\r"], lang=lang)
    assert [c.short for c in Menu.of(choices(s.view(0)["legal"], 0)).numbered][1] == "exchange"
    s.decide(0)
    assert str(s.state.history[-1]) == "0:exchange", s.state.history[-1:]
    assert f"P0> {two}\n" in STYLE.sub("", out.getvalue())  # echoed as typed


# ------------------------------------------------------------------ "Known in hand"
def picked_up() -> Session:
    """Shithead for three, seed 2, a pick-up allowed at any time: seat 0 picks up the
    pile as soon as it may; the table then knows three cards of its hand, and one card
    of each other seat's."""
    s, _ = session("shithead", keys=[], size=(40, 30), players=3, seed=2,
                   rules={"pickup": "any"})
    for _ in range(40):
        seat = s.state.to_act
        legal = s.view(seat)["legal"]
        if seat == 0 and "0:pickup" in legal:
            s._apply("0:pickup", 0)
            held = [g for g in present(s.view(0))["seats"][0]["groups"] if g.get("held")]
            if held and len(held[0]["cards"]) >= 2:
                return s
            continue
        s._apply(str(s.bot_action(seat)) if seat else legal[0], seat)
    pytest.fail("seat 0 never picked up")


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_the_viewers_own_row_does_not_repeat_the_hand(lang: str) -> None:
    s = picked_up()
    s.screen = type(s.screen)(s.console, "shithead", lang=lang)
    s.screen.fitting = lambda: 30  # type: ignore[method-assign]
    s.w = s.screen.words
    model = present(s.view(0))
    known = [len([g for g in seat["groups"] if g.get("held")]) for seat in model["seats"]]
    assert known[0] == 1 and sum(known) >= 2, known  # the model still says it
    out = s.console.file
    assert isinstance(out, io.StringIO)
    out.seek(0)
    out.truncate()
    s.screen.draw(s.view(0), [], Menu.of(choices(s.view(0)["legal"], 0)))
    text = STYLE.sub("", out.getvalue())
    flat = " ".join(text.replace("│", " ").split())  # a label wrapped in its column
    assert flat.count(s.w("Known in hand") + ":") == sum(known) - 1, text  # the others'


# ------------------------------------------------------------------ no colour, no terminal
class Tty(io.StringIO):
    """An output that says it is a terminal."""

    def isatty(self) -> bool:
        return True


@pytest.mark.parametrize("where", ["TERM=dumb", "a file"])
def test_a_dumb_terminal_or_a_file_gets_words_without_escape_codes(
        where: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """``TERM=dumb`` (a terminal of no colour and no cursor moves) and an output that is
    a file while the keys come from a terminal (``tablegames play toepen > game.txt``):
    every screen is plain words, none cleared with an escape code, and the game plays."""
    for name in ("FORCE_COLOR", "TTY_COMPATIBLE", "TTY_INTERACTIVE", "NO_COLOR"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("TERM", "dumb" if where == "TERM=dumb" else "xterm-256color")
    out = Tty() if where == "TERM=dumb" else io.StringIO()
    import tablegames
    from tablegames.tui.session import Options

    s = Session(tablegames.GAMES["toepen"], Options(game="toepen", players=3, pace=0), out,
                io.StringIO(""), keys=Typed(["1", "\r", "q", "\r"]))  # type: ignore[arg-type]
    assert s.console.is_terminal is (where == "TERM=dumb")
    assert s.run() == 0
    text = out.getvalue()
    assert "\x1b" not in text, ascii(text[:300])
    assert "You kept your hand." in text and "Game stopped. Goodbye." in text
