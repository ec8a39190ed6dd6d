"""Review mends of the third-party bot edges (helper-223): ``bots.register`` refuses a
game it does not know, the errors that hold a caller's objects pickle through one
function, and a bot's bad answer is judged once."""

from __future__ import annotations

import pickle
import threading
from typing import Any

import pytest

from tablegames import BotFailed, bots
from tablegames.bots import harness
from tablegames.bots.base import RandomBot
from tablegames.bots.harness import bot_seed
from tablegames.common import errors
from tablegames.common.errors import ArgumentRefused, RulesError, SetupError


@pytest.fixture(autouse=True)
def fails_bots(own_registry: None) -> None:
    from tests.bots import failing_bots

    failing_bots.register_all()


def test_register_refuses_a_game_it_does_not_know_and_registers_nothing() -> None:
    with pytest.raises(SetupError, match=r"unknown game 'toepn'; known: .*toepen") as caught:
        bots.register("mine", lambda info, seed=0: RandomBot(seed), game="toepn")
    assert isinstance(caught.value, ArgumentRefused) and "toepen" in caught.value.choices
    assert "mine" not in bots.names("toepen")
    with pytest.raises(SetupError, match="a game's name or None"):
        bots.register("mine", lambda info, seed=0: RandomBot(seed), game=3)  # type: ignore[arg-type]
    bots.register("mine", lambda info, seed=0: RandomBot(seed), game="toepen")
    assert "mine" in bots.names("toepen")


def test_register_takes_a_game_of_ones_own_registered_first() -> None:
    import tablegames
    from tablegames.common.registry import GAMES
    from tests.test_registry import _toy_info

    tablegames.register(_toy_info())
    try:
        bots.register("mine", lambda info, seed=0: RandomBot(seed), game="toy")
        assert "mine" in bots.names("toy") and "mine" not in bots.names("toepen")
    finally:
        GAMES.unregister("toy")
    assert "toy" not in GAMES


class Held(Exception):
    def __init__(self) -> None:
        super().__init__("held")
        self.lock = threading.Lock()


def test_the_three_errors_that_hold_a_caller_s_objects_pickle_through_one_function() -> None:
    failed = BotFailed("bot 'b' raised", code="raised", bot="b", seat=0, asked="turn",
                       action=3, game_name="toepen", seed=1, rules=lambda: 0, cause=Held())
    refused = ArgumentRefused("no", argument="games", code="type", value=lambda: 0)
    rules = RulesError("no", code="type", option="limit", value=lambda: 0)
    assert {e.__reduce__()[0] for e in (failed, refused, rules)} == {errors._rebuilt}
    # the fields pickled are today's: every field, the rules and the cause left out
    assert failed.__reduce__()[1][2] == {**failed.__dict__, "rules": None, "cause": None}
    assert refused.__reduce__()[1][2] == {**refused.__dict__, "value": None}
    back = pickle.loads(pickle.dumps(failed))
    assert back.cause is None and back.__cause__ is None and back.cause_text == "Held: held"
    kept = BotFailed("x", code="raised", bot="b", seat=0, asked="turn", action=3,
                     game_name="toepen", cause=ValueError("mine"))
    again = pickle.loads(pickle.dumps(kept))
    assert isinstance(again.__cause__, ValueError) and again.cause is again.__cause__


def test_a_bad_answer_is_judged_once(monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[Any] = []
    judge = harness.answer_problem

    def counted(answer: Any, options: Any) -> str | None:
        asked.append(answer)
        return judge(answer, options)

    monkeypatch.setattr(harness, "answer_problem", counted)
    seed = next(s for s in range(50) if bot_seed(s, 0) % 3 == 0)
    with pytest.raises(BotFailed, match="42"):
        bots.play_game("toepen", ["fails_junk", "random"], seed=seed)
    assert asked.count(42) == 1
    good = [a for a in asked if a != 42]
    assert len(good) == len(set(map(id, good)))  # a good answer too: once each
