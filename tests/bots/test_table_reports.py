"""Reports are the table's (DAL-23): a bot never claims a late fall it cannot know of."""

from __future__ import annotations

import pytest

from tablegames.bots.harness import play_game
from tablegames.dallah import actions as A
from tablegames.dallah import stages as S

REPORTS = A.TABLE_REPORTS


@pytest.mark.ruling("DAL-23")
@pytest.mark.parametrize("bot", ["random", "model"])
def test_bots_leave_every_report_to_the_table(bot: str) -> None:
    late_offered = 0
    for seed in range(6):
        final = play_game("dallah", [bot] * 4, seed=seed)
        state = type(final).new(
            final.players, final.seed, final.rules, final.deck
        )
        for action in final.history:
            stage = state.stage
            offered = [a for s in range(len(state.players)) for a in state.legal_actions(s)]
            late_offered += stage != S.REPORT and any(isinstance(a, REPORTS) for a in offered)
            if isinstance(action, REPORTS):
                assert stage == S.REPORT, f"seed {seed}: a bot reported {action} late"
            state.apply(action)
        assert state.to_json() == final.to_json()
    assert late_offered > 0  # the late reports were there to take, and nobody took them
