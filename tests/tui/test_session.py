"""The terminal game without a terminal: moves, interrupts, the hot seat, options."""

from __future__ import annotations

import io
import re
from typing import Any

import attrs
import pytest

import tablegames
from tablegames import toepen
from tablegames.cli import main, parse_rules
from tablegames.common.errors import RulesError
from tablegames.common.rules import coerce_rules
from tablegames.render.faces import face
from tablegames.tui.choices import Menu, choices, read
from tablegames.tui.session import Options, Session
from tablegames.tui.words import Narrator, plain


def play(*argv: str, stdin: str) -> tuple[int, str]:
    out = io.StringIO()
    code = main(["play", *argv, "--pace", "0"], out=out, inp=io.StringIO(stdin))
    return code, out.getvalue()


def test_moves_are_typed_without_the_seat_and_shown_in_words() -> None:
    code, text = play("toepen", "--players", "3", "--seed", "4", "--names", "Ana,Bo,Cy",
                      stdin="keep\nq\n")
    assert code == 0 and "You kept your hand." in text and "Goodbye" in text
    assert "{" not in text  # no JSON without --debug
    hand = toepen.new_game(players=["Ana", "Bo", "Cy"], seed=4).view(0)["hand"]
    faces = [tablegames.render.face("toepen", c).text for c in hand]  # type: ignore[union-attr]
    assert re.search(r"Your hand:\s+" + r"\s+".join(map(re.escape, faces)), text)


def test_a_bad_move_is_one_line_and_changes_nothing() -> None:
    code, text = play("toepen", "--players", "3", "--seed", "4", stdin="dance\n1:keep\n9\nq\n")
    assert code == 0
    notes = [line for line in text.splitlines() if line.startswith(("Not played", "You play",
                                                                    "Choose a number"))]
    assert len(notes) == 3, notes
    assert "You play seat 0, not seat 1" in text and "Traceback" not in text


def test_a_knock_out_of_turn_is_offered_between_bot_moves() -> None:
    # seat 0 keeps, leads the first card, then knocks while seat 1 is about to play
    code, text = play("toepen", "--players", "3", "--seed", "4", stdin="keep\n1\nknock\nq\n")
    assert code == 0
    assert "is about to play. You may: Knock" in text
    assert "You knocked: the stake is 2." in text
    # the offer stands in place of the presenter's prompt, which said it again ("Waiting
    # for P1. You may knock." above "P1 is about to play. You may: Knock"; helper-112)
    assert "You may knock." not in text


def test_the_hot_seat_hides_each_hand_from_the_next_person() -> None:
    names = ["Ana", "Bo"]
    stdin = "\nkeep\n\nkeep\n\nq\n"
    code, text = play("toepen", "--table", "--names", ",".join(names), "--seed", "2", stdin=stdin)
    assert code == 0
    state = toepen.new_game(players=names, seed=2)
    hands = [" ".join(tablegames.render.face("toepen", c).text  # type: ignore[union-attr]
                      for c in state.view(s)["hand"]) for s in (0, 1)]
    parts = text.split("Pass the screen to ")[1:]
    assert [p.split(".", 1)[0] for p in parts] == ["Ana", "Bo", "Ana"]
    for part in parts:
        seat = names.index(part.split(".", 1)[0])
        shown = [" ".join(m.split()) for m in re.findall(r"Your hand:([^\n]*)", part)]
        assert shown and all(s == hands[seat] for s in shown)


def test_a_dallah_table_types_every_seat_and_every_report() -> None:
    script = tablegames.new_game("dallah", players=3, seed=2)
    moves, seats = [], set()
    while len(moves) < 14:
        action = str(script.legal_actions()[0])
        seats.add(int(action.split(":")[0]))
        moves.append(action.split(":", 1)[1])
        script.apply(action)
    assert {"settled"} & set(moves) and len(seats) > 1  # reports, typed for several seats
    out = io.StringIO()
    session = Session(tablegames.GAMES["dallah"], Options(game="dallah", players=3, seed=2,
                                                          table=True, pace=0),
                      out, io.StringIO("\n".join([*moves, "q"]) + "\n"))
    assert session.run() == 0
    text = out.getvalue()
    assert session.state.version == len(moves) and "Not played" not in text
    assert "Pass the screen" not in text  # nothing in Dallah is hidden
    assert "The Dallah settled" in text


def test_dallah_in_arabic() -> None:
    code, text = play("dallah", "--lang", "ar", "--players", "3", stdin="q\n")
    assert code == 0 and "الدلة" in text and "اسحب بطاقة إجراء" in text


@pytest.mark.parametrize("argv, message", [
    (["--seat", "7"], "--seat"),
    (["--players", "3", "--names", "A,B"], "--names"),
    (["--rules", "limit=ten"], "limit"),
    (["--rules", "standard", "--rules", "elimination"], "two variants"),
    (["--opponent", "genius"], "genius"),
])
def test_bad_options_are_one_clear_line(argv: list[str], message: str,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    code, text = play("toepen", *argv, stdin="q\n")
    err = capsys.readouterr().err
    assert code == 2 and text == "" and message in err and len(err.strip().splitlines()) == 1


def test_rules_options_override_a_variant() -> None:
    info = tablegames.GAMES["toepen"]
    rules = coerce_rules(toepen.Rules, parse_rules(info, ["limit=15", "elimination"]))
    assert rules == attrs.evolve(toepen.Rules.variant("elimination"), limit=15)
    assert rules != toepen.Rules.variant("elimination")
    assert parse_rules(info, []) is None
    # kept as named, so the table's size can fit what was not typed
    assert parse_rules(info, ["elimination"]) == "elimination"
    assert parse_rules(info, ["limit=15"]) == (toepen.Rules(), {"limit": 15})
    with pytest.raises(RulesError, match="limt"):
        parse_rules(info, ["limt=15"])


def test_reading_typed_moves() -> None:
    options = choices(["0:play Th", "0:play 7s", "0:knock"], 0)
    menu = Menu.of(options)
    assert read("2", options, menu, 0, "toepen").move == "0:play 7s"
    assert read("play 10♥", options, menu, 0, "toepen").move == "0:play Th"
    assert read("PLAY th", options, menu, 0, "toepen").move == "0:play Th"
    assert read("7s", options, menu, 0, "toepen").move == "0:play 7s"
    assert read("play", options, menu, 0, "toepen").kind == "menu"
    assert read("4", options, menu, 0, "toepen").kind == "error"
    assert read("q", options, menu, 0, "toepen").kind == "quit"
    assert read("1:knock", options, menu, 0, "toepen").kind == "error"
    assert read("1:knock", options, menu, 0, "toepen", [1]).move == "1:knock"
    shithead = choices(["0:play 12c", "0:play 12c,12d"], 0)
    assert read("play Q♣", shithead, Menu.of(shithead), 0, "shithead").move == "0:play 12c"


def test_numbers_are_read_in_any_script_and_anything_else_is_one_line() -> None:
    """``str.isdigit`` takes ``²``, which ``int`` refuses, and ``int`` refuses more than
    4,300 digits: both once ended the terminal game with a traceback (found by
    ``tests/tui/test_any_input.py``)."""
    options = choices(["0:play Th", "0:play 7s", "0:knock"], 0)
    menu = Menu.of(options)
    assert read("٢", options, menu, 0, "toepen").move == "0:play 7s"  # an Arabic keyboard
    for typed in ("9" * 5_000, "0"):
        assert read(typed, options, menu, 0, "toepen").message == "Choose a number from 1 to 3."
    # not a number: the engine is asked, and its refusal is the one line the player reads
    assert read("²", options, menu, 0, "toepen").move == "0:²"
    assert read("١:knock", options, menu, 0, "toepen", [1]).move == "1:knock"
    assert read("9" * 5_000 + ":knock", options, menu, 0, "toepen").kind == "error"
    code, text = play("toepen", "--players", "3", "--seed", "4", stdin="²\n" + "9" * 5_000 + "\nq\n")
    assert code == 0 and "Traceback" not in text and "Goodbye" in text
    assert "Choose a number from 1 to" in text and "Not played" in text


def test_long_lists_are_grouped_and_narrowed() -> None:
    lays = [f"0:lay set{n}=R{n},B{n},G{n}" for n in range(1, 13)] * 3 + ["0:draw"]
    options = choices(lays, 0)
    menu = Menu.of(options)
    assert menu.grouped == {"lay": 36} and [c.short for c in menu.numbered] == ["draw"]
    narrowed = read("lay R7", options, menu, 0, "phase10")
    assert narrowed.kind == "menu" and narrowed.menu is not None
    assert {c.short for c in narrowed.menu.numbered} == {"lay set7=R7,B7,G7"}


def test_events_in_words_say_only_what_the_seat_was_told() -> None:
    state = tablegames.new_game("phase10", players=3, seed=5)
    mover = state.to_act
    events = state.apply(f"{mover}:draw")
    mine = [plain(Narrator("phase10", state.players, mover).say(e.for_seat(mover)) or [])
            for e in events]
    theirs = [plain(Narrator("phase10", state.players, (mover + 1) % 3).say(
        e.for_seat((mover + 1) % 3)) or []) for e in events]
    drawn = [face("phase10", c).name for c in state.view(mover)["hand"]]  # type: ignore[union-attr]
    assert any(line.startswith("You drew") and any(c in line for c in drawn) for line in mine)
    assert [t for t in theirs if t] == [f"{state.players[mover]} drew a card."]


def test_a_unique_prefix_plays_its_move() -> None:
    options = choices(["0:play Th", "0:play 7s", "0:knock"], 0)
    menu = Menu.of(options)
    assert read("kn", options, menu, 0, "toepen").move == "0:knock"
    assert read("play T", options, menu, 0, "toepen").move == "0:play Th"
    assert read("pl", options, menu, 0, "toepen").kind == "menu"  # two moves: narrowed


class TablePerson(io.StringIO):
    """A person at the terminal who answers from what the game asks: their own moves
    (the first legal one), Enter between bot moves, and, when asked to report for a bot
    (the prompt ``P0 → P1>``), one cup fallen the first time and "settled" after."""

    def __init__(self, out: io.StringIO) -> None:
        super().__init__()
        self.out = out
        self.session: Session | None = None
        self.for_bots: list[str] = []
        self.lines = 0
        self.let_go = 0

    def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
        assert self.session is not None
        state = self.session.state
        self.lines += 1
        if state.is_over or self.lines > 160:
            return "q\n"
        prompt = self.out.getvalue().rsplit("\n", 1)[-1]
        if "→" in prompt:  # reporting for the bot to act
            bot = state.to_act
            fell = [str(a) for a in state.legal_actions(bot) if ":fell " in str(a)]
            move = fell[0] if fell and not self.for_bots else f"{bot}:settled"
            self.for_bots.append(move)
            return move.split(":", 1)[1] + "\n"
        if state.to_act == 0:
            if self.session.options.reports == "model" and state.view(0)["stage"] == "report":
                self.let_go += 1
                return "\n"  # let the cup go: the model says what fell
            return str(state.legal_actions(0)[0]).split(":", 1)[1] + "\n"
        return "\n"


def dallah_against_bots(reports: str) -> tuple[Session, TablePerson, str]:
    out = io.StringIO()
    person = TablePerson(out)
    session = Session(tablegames.GAMES["dallah"],
                      Options(game="dallah", players=3, seed=3, pace=0, reports=reports),
                      out, person)
    person.session = session
    assert session.run() == 0
    return session, person, out.getvalue()


REPORTS = {"settled", "fell", "collapse", "nospace", "timeout"}


def bot_reports(session: Session) -> list[str]:
    return [str(a) for a in session.state.record()["actions"]
            if not str(a).startswith("0:") and str(a).split(":", 1)[1].split(" ")[0] in REPORTS]


def test_dallah_bots_report_their_own_turns_by_default() -> None:
    """reports="bots": the fall model says what fell on a bot's turn; the person is asked
    only for their own moves."""
    session, person, text = dallah_against_bots("bots")
    assert len(bot_reports(session)) >= 3  # the bots' turns were reported...
    assert person.for_bots == [] and not re.search(r"P0 → P\d> ", text)  # ...never by the person
    assert "Report for" not in text


def test_dallah_at_a_real_table_the_person_reports_every_bots_turn() -> None:
    """reports="table": the person places the bots' cups and types what fell for them;
    every report of a bot's turn in the record is one the person typed."""
    session, person, text = dallah_against_bots("table")
    reported = bot_reports(session)
    assert len(reported) >= 3 and reported == person.for_bots
    assert ":fell " in reported[0]  # a cup the person said fell on a bot's turn
    assert "Report for P1: put their cup on your Dallah and say what happened." in text
    assert re.search(r"\d\) It settled", text)  # the bot's moves, in words
    # the bots still draw, roll and decide for themselves: only reports were typed
    assert any(a.endswith(":draw") and not a.startswith("0:")
               for a in map(str, session.state.record()["actions"]))


def test_with_no_dallah_at_hand_the_model_reports_every_turn() -> None:
    """reports="model": the person only decides; every report, their own too, is the
    model's (Enter lets the cup go), and no report is ever offered to them."""
    session, person, text = dallah_against_bots("model")
    own = [str(a) for a in session.state.record()["actions"]
           if str(a).startswith("0:") and str(a).split(":", 1)[1].split(" ")[0] in REPORTS]
    assert person.let_go >= 3 and len(own) >= person.let_go  # the model reported for P0
    assert person.for_bots == [] and len(bot_reports(session)) >= 3
    assert "Enter lets the cup go: the fall model says what fell." in text
    assert not re.search(r"\d\) It settled", text)  # no report in P0's menus


def test_who_reports_is_a_checked_option() -> None:
    with pytest.raises(tablegames.TablegamesError, match="reports must be one of bots, table"):
        Session(tablegames.GAMES["dallah"], Options(game="dallah", players=3, reports="nobody"),
                io.StringIO(), io.StringIO())
    code, text = play("dallah", "--players", "3", "--reports", "table", stdin="q\n")
    assert code == 0 and "Goodbye" in text


def test_any_opponent_gets_the_fall_models_reports() -> None:
    """A random opponent is never asked what fell: its report is the world model's, as a
    model bot's is (it is still asked whether to swap, and makes every decision)."""
    out = io.StringIO()
    person = TablePerson(out)
    session = Session(tablegames.GAMES["dallah"],
                      Options(game="dallah", players=3, seed=6, pace=0, opponent="random"),
                      out, person)
    person.session = session
    asked: list[str] = []

    class Watched:
        def __init__(self, bot: Any) -> None:
            self.bot = bot

        def choose(self, handle: Any) -> Any:
            asked.append(str(session.state.view(None)["stage"]))
            return self.bot.choose(handle)

        def interrupt(self, handle: Any) -> Any:
            return self.bot.interrupt(handle)

    session.bots = {seat: Watched(bot) for seat, bot in session.bots.items()}
    assert session.run() == 0
    assert len(bot_reports(session)) >= 3 and "draw" in asked
    assert "report" not in asked
