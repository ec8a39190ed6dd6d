"""Phase 10 worlds after a rebuild are labelled within a budget of work (P10-59; the
house-rules property test ran one game for over 15 minutes inside the search).

Which source each played card came from is a search (``worlds._label``); it counts its
work (the repair's steps, the search's nodes), never time, so the same rng gives the
same world on every machine. Past the budget the world is dealt as for a hand not
recorded, from what the seat can see only.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tablegames.common.bots import RandomBot
from tablegames.common.rng import Rng
from tablegames.phase10 import State, new_game, worlds
from tablegames.phase10.cards import N_FACES

DATA = Path(__file__).parent / "data"


def _count_hall(monkeypatch: pytest.MonkeyPatch, most: int) -> list[int]:
    """Count the search's nodes (each tries one source and checks it with ``_hall``);
    stop a search that goes on far past any budget."""
    calls = [0]
    hall = worlds._hall

    def counted(*args: Any) -> bool:
        calls[0] += 1
        if calls[0] > most:
            raise AssertionError(f"the search ran past {most} nodes")
        return hall(*args)

    monkeypatch.setattr(worlds, "_hall", counted)
    return calls


def _no_answer(k: int = 24) -> tuple[list[tuple[int, int, int, tuple[int, ...], int]],
                                     list[list[int]]]:
    """Demands with no labelling that every card alone and every seat alone allow:
    ``k`` cards, one copy of each in each of two sources; seats 1 and 2 each play every
    card after the rebuild, so each card's two plays take one source each and source 0
    must give ``k`` plays, but seat 1 has ``k // 2`` slots from it and seat 2 one fewer.
    A depth-first search tries about C(k, k/2) ways to split seat 1's plays first."""
    half = k // 2
    demands = [(1, 1, c, (half, k - half), 100 + c) for c in range(k)]
    demands += [(1, 2, c, (half - 1, k - half + 1), 200 + c) for c in range(k)]
    supply = [[1 if c < k else 0 for c in range(N_FACES)] for _ in range(2)]
    return demands, supply


def test_a_search_without_answer_stops_at_its_node_budget(
        monkeypatch: pytest.MonkeyPatch) -> None:
    demands, supply = _no_answer()
    need = [[0, 2 if c < 24 else 0] for c in range(N_FACES)]
    before = ([row[:] for row in supply], [row[:] for row in need])
    calls = _count_hall(monkeypatch, 10 * worlds.SEARCH_NODES)
    assert worlds._search(demands, supply, need, 1, Rng(1), worlds.SEARCH_NODES) is None
    assert calls[0] <= worlds.SEARCH_NODES
    assert (supply, need) == before  # everything put back


def test_a_labelling_without_answer_gives_up_within_budget(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The whole labelling (repair tries, then the search) of the same demands: no
    answer, nothing taken from the supply, the search within its nodes (plus the
    first check of each card)."""
    demands, supply = _no_answer()
    before = [row[:] for row in supply]
    calls = _count_hall(monkeypatch, 200_000)  # a search without bound runs to millions
    assert worlds._label(demands, supply, 1, Rng(2)) is None
    assert calls[0] <= worlds.SEARCH_NODES + N_FACES
    assert supply == before


def _rebuilt(players: int, seed: int) -> State:
    """A game of random players just after the draw pile was rebuilt and cards were
    played from it."""
    state = new_game(players=players, seed=seed)
    bots = [RandomBot(seed * 7 + s) for s in range(players)]
    while state.rebuilt is None or len(state.stock) > len(state.rebuilt) - 2 * players:
        state.apply(bots[state.to_act].choose(state))  # type: ignore[index]
    assert state.sources is not None and not state.is_over
    return state


def test_a_world_past_the_budget_is_dealt_as_an_unrecorded_hand(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """With no budget at all every world after a rebuild falls back: it is dealt as a
    hand without its record (engine 1's dealing), from the rng as it was before the
    search, so it is the same world for the same rng, and the seat cannot tell it from
    the real game. It keeps the record's public part, so a world of it runs the same
    search and samples as it does (the conformance kit's check: without the record a
    world of it skipped the search, and the search's outcome depends on the rng)."""
    state = _rebuilt(3, 4)
    monkeypatch.setattr(worlds, "REPAIR_TRIES", 0)
    monkeypatch.setattr(worlds, "SEARCH_NODES", 0)
    bare = state.copy()
    bare.sources, bare.hand_log = None, ((),) * 3
    for seat in range(3):
        world = state.sample_world(seat, Rng(seat))
        assert world.sources == state.sources
        assert world.hand_log[seat] == state.hand_log[seat]
        assert world.view(seat) == state.view(seat)
        assert world.view(None) == state.view(None)
        assert world.to_json() == state.sample_world(seat, Rng(seat)).to_json()
        dealt = bare.sample_world(seat, Rng(seat))
        assert (world.hands, world.stock, world.drawn) == (dealt.hands, dealt.stock, dealt.drawn)
        assert (world.sample_world(seat, Rng(9)).to_json()
                == state.sample_world(seat, Rng(9)).to_json())
        assert State.from_json(world.to_json()).to_json() == world.to_json()


def test_a_long_two_seat_hand_is_labelled_by_the_first_repair(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The game that found it (house rules, two eager bots, 15 rebuilt piles, 540 cards
    played from hidden hands): one world took 15 s of repair moves, each checking the
    whole hand. Now the first repair's first labelling (oldest sources first) stands."""
    state = State.from_json((DATA / "world_two_seats_long_hand.json").read_text())
    assert state.sources is not None and len(state.sources) == 15
    tries: list[bool] = []
    repair = worlds._repair

    def counted(*args: Any, **kwargs: Any) -> list[int] | None:
        found = repair(*args, **kwargs)
        tries.append(found is not None)
        return found

    monkeypatch.setattr(worlds, "_repair", counted)
    monkeypatch.setattr(worlds, "_search", None)  # not reached
    for k in (4464, 0, 1, 2):  # 4464: two repairs failed there before
        tries.clear()
        world = state.sample_world(0, Rng(k))
        assert tries == [True] and world.sources is not None
        assert world.view(0) == state.view(0)
