"""Errors a developer reads are plain English: no "a int", no "1e+06" (found by a
newcomer's walk through the library, helper-88)."""

from __future__ import annotations

import pytest

import tablegames
from tablegames import IllegalAction, SetupError
from tablegames.bots import make


@pytest.mark.parametrize("game", ["toepen", "phase10", "shithead", "dallah"])
def test_a_value_that_is_no_action_is_named_by_its_type(game: str) -> None:
    state = tablegames.new_game(game, players=2, seed=1)
    before = state.to_json()
    for value, kind in ((5, "int"), (object(), "object"), (None, "NoneType")):
        with pytest.raises(IllegalAction) as info:
            state.apply(value)  # type: ignore[arg-type]
        assert info.value.code == "not_an_action"
        assert info.value.message == f"a value of type {kind} is not a {game} action"
    assert state.to_json() == before


def test_a_search_bots_bounds_are_written_as_people_write_numbers() -> None:
    with pytest.raises(SetupError) as info:
        make("ismcts", "toepen", budget=10**7)
    assert "budget must be a whole number from 1 to 1,000,000, not 10000000" in str(info.value)
    with pytest.raises(SetupError) as info:
        make("ismcts", "toepen", interrupt_share=2)
    assert "interrupt_share must be a number from 0 to 1, not 2" in str(info.value)
    assert "e+" not in str(info.value)
