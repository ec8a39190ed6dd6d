"""A run's ``budget`` may be any integer, numpy's too, and is recorded as the ``int`` it holds.

``lineup_params(budget=numpy.int64(5))`` (a sweep over ``numpy.arange``) was refused as
"budget must be an int ... not int64" while ``ismcts`` itself took the same number; and a
numpy budget must not change a run's identity (its JSON) either. Floats, NaN and bools
are still no budget.
"""

from __future__ import annotations

import json
import math

import numpy as np
import pytest

import tablegames
from tablegames.bots import registry
from tablegames.cli import main
from tablegames.common.errors import SetupError

INTEGERS = [np.int64(5), np.int32(5), np.uint8(5), np.int16(5)]


@pytest.mark.parametrize("budget", INTEGERS)
def test_a_numpy_integer_budget_is_the_int_it_holds(budget: object) -> None:
    got = registry.lineup_params("toepen", ["ismcts", "club"], budget=budget)
    assert got == {"ismcts": {"budget": 5}}
    assert type(got["ismcts"]["budget"]) is int
    assert json.dumps(got) == json.dumps(registry.lineup_params("toepen", ["ismcts", "club"],
                                                                budget=5))


@pytest.mark.parametrize("budget", [5.0, math.nan, np.float64(5.0), np.float32(math.nan),
                                    True, np.bool_(True), "5", 1 + 0j])
def test_a_budget_that_is_no_integer_is_refused(budget: object) -> None:
    with pytest.raises(SetupError, match="budget must be an int"):
        registry.lineup_params("toepen", ["ismcts", "club"], budget=budget)


@pytest.mark.parametrize("budget", [np.int64(0), np.int64(-3), np.uint64(2**63)])
def test_a_numpy_budget_out_of_range_is_refused_by_its_value(budget: object) -> None:
    with pytest.raises(SetupError, match=f"budget must be in 1..1,000,000 iterations per "
                                         f"decision, not {int(budget)}"):  # type: ignore[call-overload]
        registry.lineup_params("toepen", ["ismcts", "club"], budget=budget)


def test_simulate_with_a_numpy_budget_is_the_same_run() -> None:
    kwargs = {"games": 2, "players": 2, "workers": 1, "seed": 3}
    plain = tablegames.simulate("toepen", ["ismcts", "club"], budget=2, **kwargs)  # type: ignore[arg-type]
    numpy = tablegames.simulate("toepen", ["ismcts", "club"], budget=np.int64(2), **kwargs)  # type: ignore[arg-type]
    assert numpy.run == plain.run and numpy.params == {"ismcts": {"budget": 2}}
    timeless = [{k: v for k, v in r.to_dict().items() if k not in ("seconds", "games_per_second")}
                for r in (plain, numpy)]
    assert json.dumps(timeless[0], sort_keys=True) == json.dumps(timeless[1], sort_keys=True)


def test_the_arena_with_a_numpy_budget_reports_plain_json() -> None:
    kwargs = {"games": 2, "seed": 3, "workers": 1}
    plain = tablegames.arena("toepen", ["ismcts", "club"], budget=2, **kwargs)  # type: ignore[arg-type]
    numpy = tablegames.arena("toepen", ["ismcts", "club"], budget=np.int64(2), **kwargs)  # type: ignore[arg-type]
    assert type(numpy.budget) is int
    strip = [(r.seats, r.losers, r.actions) for r in plain.records]
    assert strip == [(r.seats, r.losers, r.actions) for r in numpy.records]
    assert json.dumps(numpy.to_dict()["budget"]) == "2"
    with pytest.raises(SetupError, match="budget must be an int"):
        tablegames.arena("toepen", ["ismcts", "club"], budget=2.0, **kwargs)  # type: ignore[arg-type]


@pytest.mark.parametrize("command", ["arena", "simulate"])
@pytest.mark.parametrize("budget", ["5.0", "nan", "true"])
def test_the_commands_refuse_a_budget_that_is_no_integer(
        command: str, budget: str, capsys: pytest.CaptureFixture[str]) -> None:
    try:  # argparse refuses what is no int by leaving with status 2, as it always does
        code = main([command, "toepen", "--bots", "ismcts,club", "--games", "2", "--workers",
                     "1", "--budget", budget])
    except SystemExit as leaving:
        code = leaving.code  # type: ignore[assignment]
    out, err = capsys.readouterr()
    assert code == 2 and out == "" and "budget" in err and err.count("\n") == 1


def test_numpy_numbers_in_a_bots_params_are_the_numbers_they_hold() -> None:
    """``simulate(params={"ismcts": {"budget": numpy.int64(2)}})`` was refused as "bot
    params must be JSON values" while ``budget=numpy.int64(2)`` was taken (found by
    helper-146): each keyword's numpy number is now the Python number it holds."""
    got = registry.lineup_params("toepen", ["ismcts", "club"], params={
        "ismcts": {"budget": np.int64(5), "c": np.float32(0.5)}})
    assert got == {"ismcts": {"budget": 5, "c": 0.5}}
    assert [type(v) for v in got["ismcts"].values()] == [int, float]
    kwargs = {"games": 2, "players": 2, "workers": 1, "seed": 3}
    plain = tablegames.simulate("toepen", ["ismcts", "club"], params={"ismcts": {"budget": 2}},
                                **kwargs)  # type: ignore[arg-type]
    numpy = tablegames.simulate("toepen", ["ismcts", "club"],
                                params={"ismcts": {"budget": np.int64(2)}}, **kwargs)  # type: ignore[arg-type]
    assert numpy.run == plain.run and numpy.params == {"ismcts": {"budget": 2}}
    with pytest.raises(SetupError):  # a flag is no number: refused by the bot, as before
        registry.lineup_params("toepen", ["ismcts", "club"], params={"ismcts": {"budget": True}})
