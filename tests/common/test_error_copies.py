"""Every error the library raises survives pickling and copying whole (a worker process
sends its task's error back pickled; apps copy errors into their own records)."""

from __future__ import annotations

import copy
import pickle
from collections.abc import Callable

import pytest

import tablegames
from tablegames.common.chance import ChanceError, ChanceNeeded


def _raised(make: Callable[[], object]) -> BaseException:
    try:
        make()
    except tablegames.TablegamesError as exc:
        return exc
    raise AssertionError("nothing was raised")


def _toepen() -> tablegames.GameState:
    return tablegames.new_game("toepen", players=3, seed=1)


ERRORS: dict[str, Callable[[], BaseException]] = {
    "out_of_turn": lambda: _raised(lambda: _toepen().apply("1:keep")),
    "illegal": lambda: _raised(lambda: _toepen().apply("0:play Th")),
    "stale": lambda: _raised(lambda: _toepen().apply("0:keep", expect=9)),
    "notation": lambda: _raised(lambda: _toepen().apply("0:frobnicate")),
    "setup": lambda: _raised(lambda: tablegames.new_game("toepen", players=1)),
    "state": lambda: _raised(lambda: tablegames.load("{")),
    "chance_needed": lambda: ChanceNeeded("die", ((0, 1), (1, 1))),
    "chance_error": lambda: ChanceError("no such card", code="not_in_pile", pile="stock",
                                        outcomes=((3, 2),)),
}


@pytest.mark.parametrize("name", sorted(ERRORS))
@pytest.mark.parametrize("how", ["pickle", "copy", "deepcopy"])
def test_an_error_comes_back_whole(name: str, how: str) -> None:
    error = ERRORS[name]()
    back = {"pickle": lambda e: pickle.loads(pickle.dumps(e)), "copy": copy.copy,
            "deepcopy": copy.deepcopy}[how](error)
    assert type(back) is type(error) and back is not error
    assert str(back) == str(error) and back.args == error.args
    assert vars(back) == vars(error)
