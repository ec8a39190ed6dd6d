"""The moves left before the house move limit (``Rules.action_limit``: Phase 10's P10-61,
Shithead's house rule on SHD-01): every view says it as ``actions_left``, and the table
model shows it as the fact "Moves left" once :data:`MOVES_LEFT_SHOWN` or fewer remain,
so a table with a small limit sees the end of the hand or round coming (it ended "out
of the blue"). The terminal and the pictures draw that fact."""

from __future__ import annotations

import io
from typing import Any

import pytest
from rich.console import Console

from tablegames import phase10, render, shithead
from tablegames.shithead.stages import PLAY, SWAP
from tablegames.table import present
from tablegames.table.i18n import Words
from tablegames.table.model import MOVES_LEFT_SHOWN, moves_left
from tablegames.tui.choices import Menu, choices
from tablegames.tui.screen import Screen
from tests.tui.test_newcomer_screens import STYLE

ruling = pytest.mark.ruling


def left_in_every_view(state: Any) -> int:
    """The count every seat and the spectator see: public, so all agree."""
    counts = {state.view(s)["actions_left"] for s in [None, *range(len(state.players))]}
    assert len(counts) == 1, counts
    (n,) = counts
    assert type(n) is int
    return int(n)


def shown(view: dict[str, Any], lang: str = "en") -> str | None:
    """The "Moves left" fact of the view's table model, in ``lang``, or ``None``."""
    words = Words(lang, view["game"])
    facts = [f for f in present(view)["facts"] if f["label"]["msg"] == "Moves left"]
    assert len(facts) <= 1
    return f"{words.text(facts[0]['label'])}: {words.text(facts[0]['value'])}" if facts else None


def terminal(view: dict[str, Any], lang: str = "en") -> str:
    """The terminal game's screen for the view's seat, 80x24, without colour codes."""
    console = Console(file=io.StringIO(), width=80, force_terminal=False)
    screen = Screen(console, view["game"], lang=lang)
    screen.fitting = lambda: 24  # type: ignore[method-assign]
    screen.draw(view, [], Menu.of(choices(view["legal"], view["seat"])), unseen=0)
    return STYLE.sub("", console.file.getvalue())  # type: ignore[attr-defined]


@ruling("P10-61")
def test_phase10_counts_down_to_the_last_turn_and_the_hand_ends() -> None:
    """Two players, limit 51, draw and discard only: the count falls by one per action
    in every view; at 0 the turn under way is the hand's last (the table says so), and
    the hand ends as the next turn begins, the count starting again."""
    state = phase10.new_game(players=2, seed=2, rules={"action_limit": 51})
    assert left_in_every_view(state) == 51
    assert shown(state.view(0)) == "Moves left: 51"  # 51 <= 100: shown all along
    while state.plays < 51:
        before = left_in_every_view(state)
        seat = state.to_act
        action = f"{seat}:draw" if state.stage == 0 else [
            a for a in state.legal_actions() if ":discard " in str(a)][-1]
        state.apply(action)
        assert state.round == 0 and left_in_every_view(state) == before - 1
    assert state.stage == 1  # P10-61: 0 left after the draw; the discard is still to come
    view = state.view(state.to_act)
    assert shown(view) == "Moves left: last turn"
    assert shown(view, "da") == "Resterende træk: sidste tur"
    assert shown(view, "ar") == "الحركات الباقية: الدور الأخير"
    assert "Moves left: last turn" in terminal(view)
    assert "Moves left: last turn" in render.svg(view)
    assert "Resterende træk: sidste tur" in render.svg(view, lang="da")
    discard = [a for a in state.legal_actions() if ":discard " in str(a)][-1]
    kinds = [e.kind for e in state.apply(discard)]
    assert "round_over" in kinds and state.results[0]["limit_hit"] is True
    assert state.round == 1 and left_in_every_view(state) == 51  # counted afresh


@ruling("P10-61")
def test_phase10_shows_the_count_only_in_the_last_hundred_actions() -> None:
    """Limit 150: the table says nothing until 100 actions are left (the default limit,
    10,000, never puts a number on a standard table); the view always has the count."""
    assert MOVES_LEFT_SHOWN == 100
    state = phase10.new_game(players=2, seed=2, rules={"action_limit": 150})
    while state.plays < 50:
        assert shown(state.view(state.to_act)) is None
        assert "Moves left" not in terminal(state.view(state.to_act))
        assert left_in_every_view(state) == 150 - state.plays
        seat = state.to_act
        state.apply(f"{seat}:draw" if state.stage == 0 else
                    [a for a in state.legal_actions() if ":discard " in str(a)][-1])
    assert shown(state.view(None)) == "Moves left: 100"
    assert "Moves left: 100" in render.svg(state.view(None))
    default = phase10.new_game(players=2, seed=2)
    assert left_in_every_view(default) == 10_000 and shown(default.view(0)) is None


@ruling("SHD-01")
def test_shithead_counts_down_and_the_round_stops_at_zero() -> None:
    """Four players, limit 50, no swap, each seat playing its first legal action (a
    round that runs past 50 actions): the count falls by one per action of play in
    every view, the table shows it in every language, and at 0 the round stops with the
    seat holding the most cards as its loser."""
    state = shithead.new_game(players=4, seed=0, rules={"swap": False, "action_limit": 50})
    assert left_in_every_view(state) == 50
    view = state.view(state.to_act)
    assert shown(view) == "Moves left: 50"
    assert shown(view, "ar") == "الحركات الباقية: 50"
    assert "Moves left: 50" in terminal(view)
    assert "Moves left: 50" in render.svg(view)
    while not state.is_over:
        before = left_in_every_view(state)
        if before == 1:
            assert shown(state.view(None)) == "Moves left: 1"
        state.apply(state.legal_actions()[0])
        assert left_in_every_view(state) == before - 1
    assert left_in_every_view(state) == 0
    assert state.limit_hit is True and state.outcome().detail["limit_hit"] is True
    assert shown(state.view(None)) is None  # the game is over: nothing left to count


@ruling("SHD-03")
def test_shithead_counts_a_swap_at_once_then_play_afresh() -> None:
    """Under ``swap_mode="simultaneous"`` the limit closes the swap (SHD-03): the count
    is the swap's until it closes, then play's, from the full limit."""
    state = shithead.new_game(players=2, seed=1, rules={"swap_mode": "simultaneous",
                                                        "action_limit": 50})
    assert left_in_every_view(state) == 50
    state.apply("0:ready")
    assert state.stage == SWAP and left_in_every_view(state) == 49
    state.apply("0:unready")
    assert left_in_every_view(state) == 48
    state.apply("0:ready")
    state.apply("1:ready")
    assert state.stage == PLAY and left_in_every_view(state) == 50  # play counts afresh


@ruling("SHD-03")
def test_the_table_counts_moves_left_only_in_play() -> None:
    """The table's "Moves left" is the round's play (SHD-01): during a swap at once the
    view's count is the swap's, which closes the swap and then starts again at the full
    limit, so the table shows no count there (it read as the round about to end; found
    by helper-187); it does from the first play."""
    state = shithead.new_game(players=2, seed=1, rules={"swap_mode": "simultaneous",
                                                        "action_limit": 50})
    state.apply("0:ready")
    assert state.stage == SWAP and state.view(0)["actions_left"] == 49
    assert shown(state.view(0)) is None and shown(state.view(None)) is None
    state.apply("1:ready")
    assert state.stage == PLAY and shown(state.view(0)) == "Moves left: 50"


def test_an_empty_burnt_pile_reads_as_no_cards_in_arabic() -> None:
    """Arabic's zero form of Shithead's "{n} card" is "لا كروت" (no cards), as every
    other zero count of cards in the catalogues: the burnt pile read "0 كرت" (found by
    helper-185)."""
    view = shithead.new_game(players=2, seed=1).view(0)
    words = Words("ar", "shithead")
    burnt = [f for f in present(view)["facts"] if f["label"]["msg"] == "Burnt"]
    assert [words.text(f["value"]) for f in burnt] == ["لا كروت"]


def test_a_count_from_elsewhere_is_drawn_only_when_it_is_one() -> None:
    """A view from elsewhere: ``bool`` is not a count, nor a negative or a string; the
    game over shows none."""
    view = {"actions_left": 5, "to_act": 0}
    assert moves_left(view) == 5
    for junk in (True, -1, "5", 5.0, None, MOVES_LEFT_SHOWN + 1):
        assert moves_left({"actions_left": junk, "to_act": 0}) is None
    assert moves_left({"actions_left": 5, "to_act": None}) is None
