"""The refusal table (``toepen.refusals``): one place for every refusal's code, ruling
and message, and predicates that the legal list and ``apply`` share.

Over seeded random playouts under several house rules, every action of every seat is
tried at every step: a listed action is accepted (on a copy), any other is refused with
an ``IllegalAction`` whose ruling and code are a row of the table, and the refusal
leaves the state byte-identical. That each row names a ruling of the rules, on the line
that returns it, is checked for every game's table by ``tests/common/test_refusals.py``.
"""

from __future__ import annotations

import inspect
from collections import Counter
from typing import Any

import pytest

from tablegames import IllegalAction, OutOfTurn, toepen
from tablegames.common.actions import Action
from tablegames.common.rng import Rng
from tablegames.toepen import actions as A
from tablegames.toepen import refusals

#: (ruling, code) of every row, and the error class it is raised as.
ROWS = {(r.ruling, r.code): OutOfTurn if r.out_of_turn else IllegalAction
        for r in refusals.TABLE.values()}

RULES: list[dict[str, Any]] = [
    {"limit": 3},
    {"limit": 4, "knock_only_on_turn": True, "max_stake": 3, "poverty_may_fold": False},
    {"limit": 3, "ending": "elimination", "double_knock": True, "second_exchange": True,
     "bluff_takes_back": True, "fold_withdraws": True},
]


def candidates(seat: int) -> list[Action]:
    """Every action a seat could name: each verb, and a play of every card."""
    return [A.KEEP[seat], A.EXCHANGE[seat], A.ACCEPT[seat], A.CHALLENGE[seat],
            A.STAY[seat], A.FOLD[seat], A.KNOCK[seat], *A.PLAYS[seat]]


def playouts() -> Counter[tuple[str | None, str]]:
    """Play seeded random games, trying every candidate at every step; the refusals seen."""
    seen: Counter[tuple[str | None, str]] = Counter()
    for k, rules in enumerate(RULES):
        for seed in range(4):
            state = toepen.new_game(players=3 + seed % 2, seed=seed, rules=rules)
            rng = Rng(100 * k + seed)
            while not state.is_over:
                before = state.to_json()
                for seat in range(state.n):
                    legal = state.legal_actions(seat)
                    for action in candidates(seat):
                        if action in legal:
                            state.copy().apply(action)  # accepted: does not raise
                            continue
                        with pytest.raises(IllegalAction) as info:
                            state.apply(action)
                        err = info.value
                        key = (err.ruling, err.code)
                        assert type(err) is ROWS.get(key), (key, str(err))
                        assert err.seat == seat and len(err.message) < 120
                        seen[key] += 1
                assert state.to_json() == before  # every refusal changed nothing
                legal = state.legal_actions()
                state.apply(legal[rng.below(len(legal))])
    return seen


@pytest.mark.ruling("TOE-10")
@pytest.mark.ruling("TOE-11")
@pytest.mark.ruling("TOE-12")
@pytest.mark.ruling("TOE-55")
def test_every_refusal_over_random_playouts_is_a_row_of_the_table() -> None:
    seen = playouts()
    # the playouts meet the common refusals of every verb (the rare ones have scenarios)
    for key in [("TOE-11", "must_follow_suit"), ("TOE-12", "out_of_turn"),
                ("TOE-10", "not_in_hand"), ("TOE-50", "knock_not_now"),
                ("TOE-22", "knock_pending"), ("TOE-03", "out_of_turn"),
                ("TOE-56", "wrong_phase"), ("TOE-22", "wrong_phase"),
                ("TOE-04", "wrong_phase"),
                ("TOE-55", "knock_limit"), ("TOE-21", "knock_on_turn"),
                ("TOE-51", "fold_own_knock")]:
        assert seen[key], key


def test_the_knock_limit_is_decided_on_one_line() -> None:
    """``grep TOE-55 tablegames/toepen`` lands on the knock limit's own test (and its
    row): no second mapping from a code to the ruling anywhere else."""
    text = inspect.getsource(refusals)
    lines = [line.strip() for line in text.splitlines()
             if '"TOE-55"' in line or "# TOE-55" in line]  # not the docstring
    assert lines == ['KNOCK_LIMIT = Refusal("knock_limit", "TOE-55",  # TOE-55: the general form of TOE-24',
                     "return KNOCK_LIMIT.at()  # TOE-55: no raise past the limit"]
    # ``grep TOE-24`` (the limit of 10 that TOE-55 generalises) lands on the same row
    assert [line.strip() for line in text.splitlines() if "TOE-24" in line] == [lines[0]]
    assert '"TOE-55"' not in inspect.getsource(toepen.State)
    assert "KNOCK_LIMIT" not in inspect.getsource(toepen.State)


@pytest.mark.ruling("TOE-55")
def test_the_knock_limit_message_names_the_lives_and_the_stake() -> None:
    state = toepen.new_game(players=2, seed=1, lives=[9, 0], rules={"poverty": False})
    state.apply("0:keep")
    state.apply("1:keep")
    with pytest.raises(IllegalAction) as info:
        state.apply("0:knock")
    assert info.value.message == "you have lost 9 of your lives, so you may not raise the stake to 2"
    assert (info.value.ruling, info.value.code) == ("TOE-55", "knock_limit")
    assert "0:knock" not in state.view(0)["legal"]


def test_a_refused_play_of_a_bool_or_a_stranger_card_names_the_hand_rule() -> None:
    state = toepen.new_game(players=3, seed=1, rules={"exchanges": False})
    turn = state.to_act
    assert turn is not None
    stranger = next(c for c in range(32) if c not in state.hands[turn])
    for card in (stranger, True):
        with pytest.raises(IllegalAction) as info:
            state.apply(A.Play(turn, card))  # type: ignore[arg-type]
        assert (info.value.ruling, info.value.code) == ("TOE-10", "not_in_hand")
