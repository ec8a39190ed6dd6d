"""A random Dallah player where a table model reports what fell (DAL-23, DAL-27).

Where the fall model is the table, every report is the table's: a random player decides
at random (draw, roll, targets, swap) and never claims a fall itself. The shared random
policy claimed late falls (DAL-23) and falls before the roll, which that table never
makes: refused by the OpenSpiel adapter (``tests/adapters/test_engine_bot_is_the_arena_bot.py``)
and by the harness, and played in the search's ``rollout="random"`` worlds.
"""

from __future__ import annotations

from typing import Any

import pytest

import tablegames
from tablegames import bots
from tablegames.bots import PolicyBot, play_game
from tablegames.dallah import actions as A
from tablegames.dallah import stages as S
from tablegames.dallah.bots import TableModel

REPORTS = A.TABLE_REPORTS


def _late_offered(state: Any) -> bool:
    """Whether some seat may report a fall outside the report stage now."""
    return state.stage != S.REPORT and any(
        isinstance(a, REPORTS) for s in range(len(state.players)) for a in state.legal_actions(s))


@pytest.mark.ruling("DAL-23")
def test_the_random_policy_plays_a_modelled_table_through_a_handle() -> None:
    """The game's state-level ``random`` policy seen through a world (``PolicyBot``, as
    ``bots.make`` wraps a game's own bots) plays whole games where the table model
    reports; it claimed late falls, which the harness refuses (``illegal_bot_answer``)."""
    late = 0
    swaps = 0
    for seed in range(3):
        lineup = [PolicyBot("random", tablegames.GAMES["dallah"].bots["random"](s), s)
                  for s in range(3)]
        final = play_game("dallah", lineup, seed=seed)
        replay = type(final).new(final.players, final.seed, final.rules, final.deck)
        for action in final.history:
            late += _late_offered(replay)
            if isinstance(action, REPORTS):
                assert replay.stage == S.REPORT, f"seed {seed}: {action} claimed late"
            swaps += type(action) is A.Swap
            replay.apply(action)
        assert final.is_over
    assert late > 0 and swaps > 0  # late falls were there to claim; swaps were taken


@pytest.mark.ruling("DAL-23")
def test_without_a_table_the_random_policy_makes_the_reports_when_due() -> None:
    """With nobody else to report (the conformance kit, ``table=False``), the random
    player reports at random at the report stage, and still claims no late fall."""
    kinds = set()
    for seed in range(2):
        lineup = [PolicyBot("random", tablegames.GAMES["dallah"].bots["random"](s), s)
                  for s in range(2)]
        final = play_game("dallah", lineup, seed=seed, table=False)
        replay = type(final).new(final.players, final.seed, final.rules, final.deck)
        for action in final.history:
            if isinstance(action, REPORTS):
                assert replay.stage == S.REPORT
                kinds.add(type(action))
            replay.apply(action)
    assert {A.Settled, A.Fell} <= kinds


class _Recorder:
    """Records, while a search runs, every report applied to a Dallah world that the
    table model did not make: a seat's claim of what fell."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.made: set[tuple[int, int, Any]] = set()
        self.kept: list[Any] = []  # the worlds, so that no id is reused meanwhile
        self.claims: list[tuple[int, Any]] = []
        self.reports = 0
        self.late_offered = 0
        state_class = type(tablegames.new_game("dallah", players=2, seed=0))
        report, apply = TableModel.report, state_class.apply
        recorder = self

        def reported(table: TableModel, state: Any) -> Any:
            action = report(table, state)
            recorder.made.add((id(state), state.version, action))
            recorder.kept.append(state)
            return action

        def applied(state: Any, action: Any, *args: Any, **kwargs: Any) -> Any:
            if isinstance(action, REPORTS):
                recorder.reports += 1
                if (id(state), state.version, action) not in recorder.made:
                    recorder.claims.append((state.stage, action))
            recorder.late_offered += _late_offered(state)
            return apply(state, action, *args, **kwargs)

        monkeypatch.setattr(TableModel, "report", reported)
        monkeypatch.setattr(state_class, "apply", applied)


@pytest.mark.ruling("DAL-23")
@pytest.mark.parametrize("paired", [True, False])
def test_random_rollouts_leave_every_report_to_the_table_model(
        monkeypatch: pytest.MonkeyPatch, paired: bool) -> None:
    """ISMCTS with ``rollout="random"`` plays its worlds with the table model reporting:
    its random seats claimed late falls and, asked before the table reported, reports of
    their own (any fall, a collapse, no space), so its rollouts played a table that does
    not exist."""
    state = tablegames.new_game("dallah", players=3, seed=4)
    model = TableModel(9)
    for _ in range(40):  # into the game, so that cups stand on the Dallah
        if state.stage == S.REPORT:
            state.apply(model.report(state))
        else:
            state.apply(state.legal_actions()[0])
    while state.stage != S.REPORT or A.simple(A.Swap, state.to_act) not in state.legal_actions():
        state.apply(model.report(state) if state.stage == S.REPORT else state.legal_actions()[0])
    seat = state.to_act
    search = bots.make("ismcts", "dallah", seed=3, budget=24, rollout="random", lean=False,
                       paired=paired)
    recorder = _Recorder(monkeypatch)
    search.interrupt(bots.Handle(state, seat, [A.simple(A.Swap, seat)], "interrupt"))
    assert recorder.reports > 0 and recorder.late_offered > 0  # the rollouts met both
    assert recorder.claims == []
