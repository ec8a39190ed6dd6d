"""The one shape of every game's refusals (``tablegames.common.refusals``), and every
game's table held to it once: each row cites a ruling of the game, and is returned on a
line (or just below the ``if``) that names that ruling, so ``grep TOE-55`` in the game's
package lands on the deciding line (issue 21, item 3)."""

from __future__ import annotations

import importlib
import re
from pathlib import Path
from types import ModuleType

import pytest

from tablegames.common.errors import IllegalAction, OutOfTurn
from tablegames.common.refusals import Refusal, Refused, check_table, enforce, table
from tablegames.common.registry import GAMES
from tablegames.common.rulings import load_rulings
from tests.test_rulings_cited import rule_ids

#: The games with rulings (a game registered later is checked like the four).
RULED = sorted(name for name in GAMES if GAMES[name].ruling_prefix)


class Loud:
    """A value that counts how often it is written into words."""

    def __init__(self) -> None:
        self.written = 0

    def __format__(self, spec: str) -> str:
        self.written += 1
        return "loud"


def test_a_row_carries_its_code_and_ruling_into_the_error() -> None:
    row = Refusal("knock_limit", "TOE-55", "no raise to {raised}")
    error = row.at(raised=3).error(2)
    assert type(error) is IllegalAction
    assert (error.code, error.ruling, error.seat, error.message) == (
        "knock_limit", "TOE-55", 2, "no raise to 3")
    assert str(error) == "no raise to 3 [knock_limit; ruling TOE-55]"
    assert error.doc == "rulings/toepen.html#TOE-55"


def test_an_out_of_turn_row_raises_out_of_turn() -> None:
    late = Refusal("out_of_turn", "SHD-04", "it is {name}'s turn", out_of_turn=True)
    error = late.at(name="Ana").error(1)
    assert type(error) is OutOfTurn and error.message == "it is Ana's turn"
    assert (error.code, error.ruling) == ("out_of_turn", "SHD-04")


def test_the_template_is_written_only_when_the_error_is_made() -> None:
    """A legal list asks predicates at every step: their answers write no words."""
    value = Loud()
    row = Refusal("restricted", "SHD-21", "the next card must be {words}")
    answer = row.at(words=value)
    assert answer.code == "restricted" and answer.ruling == "SHD-21" and value.written == 0
    assert answer.values == {"words": value}
    assert answer.error(0).message == "the next card must be loud" and value.written == 1
    assert answer.message == "the next card must be loud" and value.written == 2


def test_a_row_with_nothing_to_quote_answers_with_one_plain_answer() -> None:
    row = Refusal("must_play", "SHD-08", "you can play a card, so you may not pick up")
    assert row.at() is row.plain and row.at() is row.at()
    assert row.plain == Refused(row, {}) and row.plain.message == row.template
    with pytest.raises(TypeError):
        row.plain.values["x"] = 1  # type: ignore[index]  # shared: read-only


def test_words_the_game_fills_at_raise_time_join_the_answers_values() -> None:
    """Toepen names who is to act and the stake only when ``apply`` raises."""
    row = Refusal("out_of_turn", "TOE-03", "it is {to_act}'s decision, not {player}'s",
                  out_of_turn=True)
    words = {"to_act": "Ana", "player": "Bo", "stake": 2}
    error = row.at().error(1, words)
    assert type(error) is OutOfTurn
    assert error.message == "it is Ana's decision, not Bo's"
    quoting = Refusal("no_such_seat", "DAL-36", "there is no seat {value} ({player})")
    assert quoting.at(value="'x'").error(0, words).message == "there is no seat 'x' (Bo)"


def test_enforce_raises_only_a_refusal() -> None:
    enforce(None, 0)
    row = Refusal("bad_target", "SHD-28", "name another player still in the round")
    with pytest.raises(IllegalAction) as info:
        enforce(row.at(), 3)
    assert (info.value.code, info.value.ruling, info.value.seat) == ("bad_target", "SHD-28", 3)


def test_rows_compare_by_what_they_say() -> None:
    a = Refusal("too_low", "SHD-05", "a {rank} does not reach the pile's {top}")
    assert a == Refusal("too_low", "SHD-05", "a {rank} does not reach the pile's {top}")
    assert a != Refusal("too_low", "SHD-21", "a {rank} does not reach the pile's {top}")
    assert len({a, Refusal("too_low", "SHD-05", a.template)}) == 1


def test_table_gathers_the_rows_of_a_module_by_name() -> None:
    first = Refusal("a", "X-01", "one")
    second = Refusal("b", "X-02", "two", out_of_turn=True)
    names = {"FIRST": first, "other": 3, "SECOND": second, "Refusal": Refusal}
    assert table(names) == {"FIRST": first, "SECOND": second}


@pytest.mark.parametrize(("row", "problem"), [
    (Refusal("fine", "X-99", "text"), "not a ruling of the game"),
    (Refusal("Not-A-Word", "X-01", "text"), "not a lower-case word"),
    (Refusal("fine", "X-01", ""), "not a message"),
    (Refusal("fine", "X-01", "it is {}'s turn"), "not a message"),
    (Refusal("fine", "X-01", "seat {0}"), "not a message"),
    (Refusal("fine", "X-01", "a stray { brace"), "not a message"),
])
def test_check_table_names_what_is_wrong(row: Refusal, problem: str) -> None:
    problems = check_table({"ROW": row}, {"X-01"})
    assert len(problems) == 1 and problems[0].startswith("ROW: ") and problem in problems[0]


def test_check_table_refuses_one_row_written_twice_and_passes_a_good_table() -> None:
    row = Refusal("late", "X-01", "it is {name}'s turn", out_of_turn=True)
    good = {"LATE": row, "LATE_TOO": Refusal("late", "X-02", row.template, out_of_turn=True)}
    assert check_table(good, {"X-01", "X-02"}) == []
    twice = {"LATE": row, "AGAIN": Refusal("late", "X-01", row.template, out_of_turn=True)}
    assert check_table(twice, {"X-01"}) == ["AGAIN: the same row as LATE"]


# -- every game's table ------------------------------------------------------------------
def refusals_of(game: str) -> ModuleType:
    """The game's table of refusals: the ``refusals`` module beside its state."""
    state = GAMES[game].state_class
    assert state is not None
    return importlib.import_module(state.__module__.rpartition(".")[0] + ".refusals")


def test_every_ruled_game_is_checked() -> None:
    assert set(RULED) >= {"toepen", "phase10", "shithead", "dallah"}


@pytest.mark.parametrize("game", RULED)
def test_every_row_of_the_game_cites_one_of_its_rulings(game: str) -> None:
    """Each row cites a ruling of the rules file and of the rulings page (where the
    error's ``doc`` links), with a code an app can branch on and a template that reads."""
    module = refusals_of(game)
    rows = module.TABLE
    assert rows == table(vars(module)), "TABLE is every row of the module"
    page = {r.id for r in load_rulings(game)}
    assert check_table(rows, page & rule_ids(game)) == []
    assert len(rows) >= 20


@pytest.mark.parametrize("game", RULED)
def test_every_row_is_returned_on_a_line_that_names_its_ruling(game: str) -> None:
    """``grep <ruling>`` in the game's package lands where the row is chosen: a line that
    uses the row (or one of the two lines above it, the ``if`` that tests the rule) names
    the row's ruling."""
    module = refusals_of(game)
    package = Path(module.__file__ or "").parent
    lines = [line for path in sorted(package.glob("*.py"))
             for line in path.read_text("utf-8").splitlines()]
    unused, unnamed = [], []
    for name, row in module.TABLE.items():
        word = re.compile(rf"\b{name}\b")
        uses = [i for i, line in enumerate(lines) if word.search(line)
                and not line.startswith(f"{name} = ")]
        if not uses:
            unused.append(name)
        elif not any(row.ruling in lines[j] for i in uses for j in range(max(0, i - 2), i + 1)):
            unnamed.append(name)
    assert not unused, f"rows no predicate returns: {unused}"
    assert not unnamed, f"rows returned on no line naming their ruling: {unnamed}"


#: Rows whose words put "a" before a value they fill in, with every value that field
#: takes: each must read after "a" (each begins with a consonant sound).
A_BEFORE_A_VALUE = {("phase10", "GROUP_WRONG_KIND"): ("set", "run", "colour")}


@pytest.mark.parametrize("game", RULED)
def test_no_row_puts_a_or_an_before_a_value_it_fills_in(game: str) -> None:
    """"a {rank}" read "a A" and "a 8" in Shithead (found by helper-77); Phase 10 said
    "a 8" and "a 11" of numbers. No row writes an article before a field, unless every
    value of the field is a word listed above that reads after "a"."""
    for name, row in refusals_of(game).TABLE.items():
        if re.search(r"\b(a|an|A|An) \{", row.template):
            words = A_BEFORE_A_VALUE.get((game, name))
            assert words is not None, (name, row.template)
            assert all(w[0] not in "aeiou" for w in words), (name, words)
    from tablegames.phase10.rules import KIND_WORDS

    assert set(KIND_WORDS) == set(A_BEFORE_A_VALUE["phase10", "GROUP_WRONG_KIND"])
