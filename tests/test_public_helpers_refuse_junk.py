"""The helpers each game exports refuse a value of the wrong kind with the library's
error (helper-148's audit).

``phase10.parse_group(None)`` was an ``AttributeError``, ``describe_phase([...])`` a
``TypeError`` from its cache, ``shithead.code_of(5)`` an ``AttributeError``,
``toepen.announcements("7h")`` a ``TypeError``, and ``shithead.card_names([-1])`` named the
last card of the pack (``[True]`` the second): a caller's mistake came back as Python's
error or as a wrong answer. Each is now a :class:`~tablegames.common.errors.TablegamesError`
(a ``NotationError`` for a card or group, a ``RulesError`` for a phase or a deck count).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import pytest

from tablegames import NotationError, RulesError, TablegamesError, phase10, shithead, toepen

#: What a careless caller passes where text, a card code or a list of them goes.
JUNK: list[Any] = [None, True, 5, -1, 10**30, 1.5, math.nan, b"R5", [], [None], ["x"],
                   {}, {"a": 1}, (1, 2), object()]

#: Each exported helper, called with one junk value where its input goes.
HELPERS: dict[str, Callable[[Any], object]] = {
    "phase10.parse_group": phase10.parse_group,
    "phase10.parse_phase": phase10.parse_phase,
    "phase10.describe_phase": phase10.describe_phase,
    "phase10.check_phase": lambda x: phase10.check_phase(x, 1),
    "phase10.check_group": phase10.check_group,
    "phase10.hand_points": phase10.hand_points,
    "phase10.card_of": phase10.card_of,
    "shithead.code_of": shithead.code_of,
    "shithead.card_names": shithead.card_names,
    "shithead.max_players": shithead.max_players,
    "shithead.rank_table": shithead.rank_table,
    "toepen.announcements": toepen.announcements,
    "toepen.PACK.code": toepen.PACK.code,
    "toepen.code_of": toepen.code_of,
    "toepen.strength": toepen.strength,
    "toepen.suit": toepen.suit,
}


@pytest.mark.parametrize("helper", sorted(HELPERS))
def test_a_helper_refuses_a_value_of_the_wrong_kind_with_the_library_error(helper: str) -> None:
    for junk in JUNK:
        try:
            HELPERS[helper](junk)
        except TablegamesError:
            continue
        except Exception as exc:  # the defect: any other error
            pytest.fail(f"{helper}({junk!r}) raised {type(exc).__name__}: {exc}")


@pytest.mark.parametrize("codes", [[-1], [True], [52], [10**30], [1.0], ["7h"], [None]])
def test_card_names_refuse_a_code_outside_the_pack(codes: list[Any]) -> None:
    """A negative code indexed the names from their end (``-1``: the last card) and a
    ``True`` read as 1: a wrong name, not an error."""
    with pytest.raises(NotationError):
        shithead.card_names(codes)


@pytest.mark.parametrize("hand", [[-1, 3, 11, 19], [True, 3, 11, 19], [32, 3, 11, 19],
                                  [35, 43, 51, 59], "7h8h", ["Th", "Tc", "Td", "Ts"]])
def test_announcements_refuse_a_hand_that_is_not_codes_of_the_pack(hand: Any) -> None:
    """``c & 7`` read any number as a rank: ``[35, 43, 51, 59]`` (no cards at all) obliged
    the player to whistle for three tens."""
    with pytest.raises(NotationError):
        toepen.announcements(hand)


def test_the_helpers_still_answer_for_good_input() -> None:
    tens = [toepen.PACK.code(c) for c in ("Th", "Tc", "Td", "7s")]
    assert toepen.announcements(tens)[0]["announcement"] == "whistle"
    assert shithead.card_names([0, 51]) == [shithead.NAMES[0], shithead.NAMES[51]]
    assert shithead.code_of(" 10h ") == shithead.code_of("10H")
    assert shithead.max_players(1) >= 5
    assert phase10.describe_phase("set3+run4") == "set of 3 + run of 4"
    assert phase10.parse_group("set7=R7,B7,W").key == 7
    with pytest.raises(RulesError):
        shithead.max_players(0)
    # the card helpers a bot reads its view with (the bot guide, helper-169)
    assert shithead.rank_table("high")[shithead.VALUE[shithead.code_of("A♠")]] == 14
    assert shithead.rank_table("low")[shithead.VALUE[shithead.code_of("As")]] == 1
    assert phase10.NUMBER[phase10.card_of("B12")] == 12
    assert phase10.COLOUR[phase10.card_of("B12")] == phase10.COLOURS.index("B")
    assert phase10.NUMBER[phase10.card_of("W")] == 0 and phase10.COLOUR[phase10.WILD] == -1
    with pytest.raises(RulesError):
        shithead.rank_table("hi")  # read as "low" before
