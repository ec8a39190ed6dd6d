"""A setup value nested deeper than a save may nest is a SetupError in every game.

``new_game`` copies and reads its setup keywords (and Dallah's scenario values) by
recursion; a list 5,000 levels deep crashed it with ``RecursionError`` instead of
answering. Saves already refuse such nesting as "nested too deeply", at the same limit.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from tablegames import dallah, phase10, shithead, toepen
from tablegames.common.errors import SetupError
from tablegames.common.serialization import MAX_DEPTH


def _deep(levels: int) -> list[Any]:
    x: list[Any] = []
    for _ in range(levels):
        x = [x]
    return x


DEEP = _deep(5000)
LOOP: list[Any] = []
LOOP.append(LOOP)

CASES: list[tuple[str, Callable[[], object], str]] = [
    ("dallah piles", lambda: dallah.new_game(players=2, piles=DEEP), "piles"),
    ("dallah pot", lambda: dallah.new_game(players=2, pot={"lid": DEEP}), "pot"),
    ("dallah held", lambda: dallah.new_game(players=2, held=LOOP), "held"),
    ("dallah deck", lambda: dallah.new_game(players=2, deck=DEEP), "deck"),
    ("toepen lives", lambda: toepen.new_game(players=2, lives=DEEP), "lives"),
    ("toepen deck", lambda: toepen.new_game(players=2, deck=DEEP), "deck"),
    ("phase10 phases", lambda: phase10.new_game(players=2, phases=DEEP), "phases"),
    ("phase10 scores", lambda: phase10.new_game(players=2, scores=LOOP), "scores"),
    ("phase10 deck", lambda: phase10.new_game(players=2, deck=DEEP), "deck"),
    ("shithead deck", lambda: shithead.new_game(players=2, deck=DEEP), "deck"),
]


@pytest.mark.parametrize(("name", "make", "key"), CASES, ids=[c[0] for c in CASES])
def test_deep_setup_is_refused_as_saves_refuse_it(
        name: str, make: Callable[[], object], key: str) -> None:
    with pytest.raises(SetupError) as caught:
        make()
    assert str(caught.value) == f"{key}: nested too deeply"


def test_nesting_within_the_limit_is_judged_by_the_key_itself() -> None:
    """Just under the limit the depth is no reason: the key's own check answers."""
    with pytest.raises(SetupError, match="piles must be a list of non-negative counts"):
        dallah.new_game(players=2, piles=_deep(MAX_DEPTH - 2))
    with pytest.raises(SetupError) as caught:
        toepen.new_game(players=2, lives=_deep(MAX_DEPTH - 2))
    assert "nested" not in str(caught.value)


def test_a_float_count_is_named_as_a_count() -> None:
    """``piles=[nan, 0]`` says what belongs there, not that a float is no list."""
    with pytest.raises(SetupError) as caught:
        dallah.new_game(players=2, piles=[float("nan"), 0])
    assert str(caught.value) == "piles must be a list of non-negative counts"
