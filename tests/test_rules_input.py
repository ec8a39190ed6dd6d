"""Hostile rules values are refused quickly, in one short line that names the option.

Found by a hunt over every option of every game (a string where a list of rows is
wanted, lists nested thousands deep, a phase that is not text, a set no pack can make).
"""

from __future__ import annotations

import enum
from typing import Any

import attrs
import pytest

from tablegames import GAMES
from tablegames.common.errors import RulesError, quoted
from tablegames.common.rules import MAX_FAULTS, rules_from_dict
from tablegames.dallah import Rules as DallahRules
from tablegames.phase10 import Rules as Phase10Rules
from tablegames.shithead import Effect
from tablegames.toepen import Rules as ToepenRules
from tests.bounded import peak_of


def _deep(kind: type, depth: int = 5000) -> Any:
    value: Any = kind()
    for _ in range(depth):
        value = [value] if kind is list else {"x": value}
    return value


def test_a_value_nested_thousands_deep_is_named_not_printed() -> None:
    """``repr`` of a list 5,000 deep raises RecursionError: the refusal said nothing."""
    assert quoted(_deep(list)) == "a list nested too deep to show"
    assert quoted(_deep(dict)) == "a dict nested too deep to show"
    for make in (lambda v: DallahRules(swaps_per_turn=v), lambda v: DallahRules(cards=v),
                 lambda v: Phase10Rules(phases=v), lambda v: Phase10Rules(phases=[v])):
        for kind in (list, dict):
            with pytest.raises(RulesError) as err:  # not a bare RecursionError
                make(_deep(kind))
            assert len(str(err.value)) < 300


@pytest.mark.parametrize(("game", "option"), [("shithead", "effects"), ("phase10", "phases"),
                                              ("dallah", "full_zone")])
def test_text_where_a_list_is_wanted_is_one_short_refusal(game: str, option: str) -> None:
    """Structured letter by letter, 50,000 characters of text gave a 7-million-character
    error after most of a second; it is refused before, naming the option."""
    info = GAMES[game]
    text = "x" * 50_000
    err, peak = peak_of(lambda: info.new_game(players=3, rules={option: text}))
    assert isinstance(err, RulesError), repr(err)
    assert peak < 2**20  # not 50,000 structured letters and their messages
    assert len(str(err)) < 600 and option in str(err)


def test_many_wrong_rows_are_told_as_five_and_a_count() -> None:
    with pytest.raises(RulesError) as err:
        GAMES["phase10"].new_game(players=3, rules={"phases": [1] * 30})
    text = str(err.value)
    assert len(text) < 800 and "and 25 more" in text


@pytest.mark.ruling("P10-01")
def test_a_phase_the_pack_cannot_make_is_refused() -> None:
    """8 of each number and 8 Wilds: a set of 17 cannot be laid, so a game with it as a
    phase could never end; a set of 16 is the most a phase may ask."""
    with pytest.raises(RulesError, match="impossible size"):
        Phase10Rules(phases=("set17",))
    assert Phase10Rules(phases=("set16",), hand_size=16).phases == ("set16",)
    with pytest.raises(RulesError, match="a phase is written like"):
        Phase10Rules(phases=[["set3"]])


@pytest.mark.parametrize("make", [
    lambda: ToepenRules(ending=["rubber"]),  # type: ignore[arg-type]
    lambda: ToepenRules(ending={"rubber": 1}),  # type: ignore[arg-type]
    lambda: ToepenRules(second_exchange=10**5000),  # type: ignore[arg-type]
    lambda: Effect(5, playable_on_me=list(range(100_000))),
    lambda: Effect(5, playable_on_me=[10**5000]),
], ids=["list for a choice", "dict for a choice", "huge int for a flag",
        "100,000 values", "a huge value"])
def test_a_rules_constructor_refuses_like_a_rules_dict(make: Any) -> None:
    """``Rules(...)`` and ``Effect(...)`` built in Python refuse as a dict does: a short
    ``RulesError``, never ``TypeError: unhashable`` or Python's 4,300-digit ``ValueError``."""
    with pytest.raises(RulesError) as err:
        make()
    assert len(str(err.value)) < 300


class _Cups(enum.IntEnum):
    FIVE = 5


def test_an_int_subclass_is_no_rules_number() -> None:
    """Found by helper-60 (s38 M7): a Dallah card set whose shape held an ``IntEnum``
    passed ``int_in``, dealt, and then the game could never be saved (the state copies the
    card set's numbers raw, and a state field holds exact ints). Exact ``int`` only."""
    base = DallahRules()
    cards = base.cards
    with pytest.raises(RulesError, match="cups"):
        attrs.evolve(cards.shapes[0], cups=_Cups.FIVE)
    with pytest.raises(RulesError):
        DallahRules(swaps_per_turn=_Cups.FIVE)  # type: ignore[arg-type]
    with pytest.raises(RulesError):
        ToepenRules(limit=_Cups.FIVE)
    for game in GAMES:  # a rules dict is refused the same way
        info = GAMES[game]
        name = next(f.name for f in attrs.fields(info.rules_class)
                    if f.type in (int, "int"))
        with pytest.raises(RulesError):
            info.new_game(players=3, rules={name: _Cups.FIVE})
    shape = attrs.evolve(cards.shapes[0], cups=int(_Cups.FIVE))  # the plain int deals and saves
    rules = attrs.evolve(base, cards=attrs.evolve(cards, shapes=(shape, *cards.shapes[1:])))
    state = GAMES["dallah"].new_game(players=3, seed=1, rules=rules)
    assert state.to_json()


def _nested_refusal(long: int) -> RulesError:
    """Shithead rules with seven bad effects (a group of more than five problems inside
    the rules' group) and six bad options besides (more than ``MAX_FAULTS`` in all)."""
    effects = [{"value": c * long, "does": "burn"} for c in "abcdefg"]
    data = {"effects": effects, "aces": "m" * long, "decks": "x" * long, "swap": 3,
            "direction": 5, "rounds": "r", "pickup": 1}
    with pytest.raises(RulesError) as err:
        rules_from_dict(GAMES["shithead"].rules_class, data)
    return err.value


def test_a_nested_refusal_tells_five_a_group_and_lists_five_faults() -> None:
    """The sentence and the faults of one walk of cattrs' errors, pinned as they are told
    (helper-225 made the two one walk): five of a group, then "and N more", at each
    level; the first ``MAX_FAULTS`` problems as typed faults."""
    err = _nested_refusal(1)
    assert str(err) == (
        "bad Rules: effects[0]: value must be an int, not 'a'; effects[1]: value must be "
        "an int, not 'b'; effects[2]: value must be an int, not 'c'; effects[3]: value must "
        "be an int, not 'd'; effects[4]: value must be an int, not 'e'; and 2 more; aces: "
        "m not in literal typing.Literal['low', 'high']; decks: expected an integer, got "
        "'x'; direction: expected a string, got 5; swap: expected true or false, got 3; "
        "and 2 more")
    assert err.code == "several" and err.options == ("effects",)
    assert len(err.faults) == MAX_FAULTS
    assert [(f.code, f.option, f.where) for f in err.faults] == [
        ("value", "effects", f"effects[{i}]") for i in range(5)]
    long = str(_nested_refusal(150))  # each group's line cut, then its count
    assert len(long) == 511 and long.endswith(
        "value must be an int, not 'eeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee... (152 charac; "
        "and 2 more")


def test_errors_nested_deeper_than_the_walk_are_one_problem() -> None:
    """cattrs' errors 30 groups deep (no rules config nests so deep, but the walk is
    bounded, not Python's recursion limit): told as one "nested too deep", one fault."""
    from tablegames.common import rules

    error: BaseException = ValueError("bottom")
    for _ in range(30):
        error = ExceptionGroup("g", [error])
    assert rules._flatten(error) == "a value: nested too deep"
    [(where, leaf)] = rules._leaves(error)
    assert where == "" and isinstance(leaf, ExceptionGroup)
