"""The search: budgets, reproducibility, interrupts, the table, the Phase 10 filter."""

from __future__ import annotations

from typing import Any

import tablegames
from tablegames import bots
from tablegames.bots.handle import Handle
from tablegames.bots.ismcts import ISMCTS
from tablegames.dallah.bots import TableModel
from tablegames.dallah.stages import REPORT
from tablegames.phase10 import actions as P10

from .helpers import position


def test_an_iteration_budget_is_reproducible_to_the_last_visit() -> None:
    state = position("toepen", 3, 2, 10)
    handle = Handle(state, state.to_act)
    one, two = bots.make("ismcts", "toepen", seed=4, budget=40), ISMCTS("toepen", 4, iterations=40)
    assert one.choose(handle) == two.choose(handle)
    assert isinstance(one, ISMCTS) and one.last is not None and two.last is not None
    assert one.last.iterations == 40 and one.last.stats == two.last.stats
    assert sum(n for n, _ in one.last.stats.values()) == 40
    assert all(0.0 <= mean <= 1.0 for _, mean in one.last.stats.values())


def test_a_time_budget_searches_at_least_once() -> None:
    state = position("shithead", 3, 1, 8)
    bot = ISMCTS("shithead", 1, seconds=0.05)
    assert bot.choose(Handle(state, state.to_act)) in state.legal_actions()
    assert bot.last is not None and bot.last.iterations >= 1


def test_an_interrupt_question_gets_its_share_and_may_pass() -> None:
    for seed in range(30):
        state = position("toepen", 4, seed, 14)
        seats = [s for s in range(4) if s != state.to_act and state.legal_actions(s)]
        if seats:
            break
    seat = seats[0]
    bot = ISMCTS("toepen", 1, budget=40, interrupt_share=0.25)
    answer = bot.interrupt(Handle(state, seat, state.legal_actions(seat), "interrupt"))
    assert answer is None or answer in state.legal_actions(seat)
    assert bot.last is not None and bot.last.iterations == 10
    assert "" in bot.last.stats  # "pass" was searched as an answer of its own


def test_a_physical_report_is_the_table_models_not_the_bots() -> None:
    # a caller that asks the bot for a report (not the harness) gets the table's report
    state = tablegames.new_game("dallah", players=3, seed=5)
    model = bots.make("model", "dallah", seed=1)
    while state.stage != REPORT or TableModel().own_options(state):
        state.apply(model.choose(Handle(state, state.to_act)))
    handle = Handle(state, state.to_act)
    bot = bots.make("ismcts", "dallah", seed=3, budget=6)
    expected = TableModel(bots.decision_rng(3, handle).next64()).report(handle.world())
    assert bot.choose(handle) == expected


def test_phase10_searches_a_few_lay_downs_not_all() -> None:
    for seed in range(200):
        state = position("phase10", 2, seed, 20)
        lays = [a for a in state.legal_actions() if isinstance(a, P10.Lay)]
        if len(lays) > 3:
            break
    else:
        raise AssertionError("no position with many lay-downs")
    bot = ISMCTS("phase10", 1, budget=8)
    bot.choose(Handle(state, state.to_act))
    assert bot.last is not None
    searched = [k for k in bot.last.stats if " lay " in f" {k.split(':', 1)[1]} "]
    assert 1 <= len(searched) <= 3


def test_the_search_beats_random_play() -> None:
    result = tablegames.arena("shithead", ["ismcts", "random"], games=4, seed=3, budget=12,
                              workers=1)
    assert result.bots["ismcts"].losses == 0 and result.bots["random"].losses == 4


def test_a_node_that_is_a_report_in_one_world_and_a_decision_in_another() -> None:
    # What a Dallah draw leads to depends on the hidden deck, so one tree node can be the
    # table's report in one world and a seat's decision in another; the search once put
    # the reports among the decisions (with no visits) and divided by zero on this game.
    state = tablegames.new_game("dallah", players=4, seed=1)
    lineup = [bots.make("model", "dallah", seed=s) for s in range(4)]
    table = TableModel(1)
    asked = 0
    while not state.is_over:
        if len(state.legal_actions()) > 1 and not table.reports(state):
            bot = bots.make("ismcts", "dallah", seed=1, budget=40)
            assert bot.choose(Handle(state, state.to_act)) in state.legal_actions()
            asked += 1
        step = bots.next_action(state, lineup, table)
        assert step is not None
        state.apply(step[1], by=step[0])
    assert asked > 10


def _dallah_roll_with_swap(seed: int) -> tuple[Any, int]:
    """A Dallah position at a roll where the seat may still swap its placing card."""
    from tablegames.dallah import actions as DA
    from tablegames.dallah import stages as DS

    state = tablegames.new_game("dallah", players=4, seed=seed)
    lineup = [bots.make("model", "dallah", seed=s) for s in range(4)]
    table = TableModel(seed)
    while not state.is_over:
        legal = state.legal_actions()
        if state.stage == DS.ROLL and any(type(a) is DA.Swap for a in legal):
            return state, state.to_act
        step = bots.next_action(state, lineup, table)
        assert step is not None
        state.apply(step[1], by=step[0])
    raise AssertionError("no roll with a swap")


def test_dallah_searches_the_swap_once_the_roll_and_the_zone_are_known() -> None:
    """DAL-27: a placing card stays swappable until its first cup is let go, so the search
    never swaps before the roll (it would give up what the die and the Placement card
    tell): at the roll it rolls without searching, and at the report it searches the
    swap against letting the table report."""
    from tablegames.dallah import actions as DA
    from tablegames.dallah.bots import swap_when_seen

    for seed in range(3):
        state, seat = _dallah_roll_with_swap(seed)
        legal = state.legal_actions()
        assert swap_when_seen(state, seat, legal) == [a for a in legal if type(a) is not DA.Swap]
        bot = ISMCTS("dallah", 1, budget=40)
        answer = bot.choose(Handle(state, seat))
        assert type(answer) is not DA.Swap
        assert bot.last is not None and bot.last.iterations == 0  # one candidate: no search
        state.apply(answer, by=seat)
        # now the cup is rolled and the zone drawn: the swap is still open, and searched
        own = TableModel().own_options(state)
        assert own and type(own[0]) is DA.Swap
        bot.interrupt(Handle(state, seat, own, "interrupt"))
        assert bot.last is not None and bot.last.iterations > 0
        assert set(bot.last.stats) == {str(own[0]), ""}


def test_dallah_keeps_every_option_where_the_swap_would_not_wait() -> None:
    """Outside the roll (a Naql move, a Shareek target) the swap is gone once the seat
    acts, so the search weighs it with the rest (DAL-27)."""
    from tablegames.dallah import actions as DA
    from tablegames.dallah import stages as DS
    from tablegames.dallah.bots import swap_when_seen

    seen = 0
    for seed in range(40):
        state = tablegames.new_game("dallah", players=4, seed=seed)
        lineup = [bots.make("model", "dallah", seed=s) for s in range(4)]
        table = TableModel(seed)
        while not state.is_over and seen < 5:
            legal = state.legal_actions()
            if state.stage in (DS.MOVE, DS.TARGET) and any(type(a) is DA.Swap for a in legal):
                assert swap_when_seen(state, state.to_act, legal) == legal
                seen += 1
            step = bots.next_action(state, lineup, table)
            assert step is not None
            state.apply(step[1], by=step[0])
        if seen >= 5:
            break
    assert seen >= 5


def test_last_is_none_after_a_forced_move() -> None:
    """``last`` describes the last decision: a forced move (one legal action) is chosen
    by no search, so it does not keep the previous search's stats, which were another
    decision's options (found by helper-47)."""
    state = tablegames.new_game("toepen", players=3, seed=1, rules={"limit": 5})
    bot = ISMCTS("toepen", 0, budget=20)
    forced = 0
    while not state.is_over and forced < 2:
        handle = Handle(state, state.to_act)
        searched = bot.last is not None
        answer = bot.choose(handle)
        if len(handle.legal_actions()) == 1:
            assert bot.last is None
            forced += searched  # a search came just before: the stale case
        else:
            assert bot.last is not None and bot.last.iterations == 20
            assert set(bot.last.stats) == {str(a) for a in handle.legal_actions()}
        state.apply(answer)
    assert forced == 2
