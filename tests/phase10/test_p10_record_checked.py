"""Phase 10 engine 2's hand record (``sources``, ``hand_log``) is checked at load against
the piles, the pack and each hand (P10-30, P10-59), and a world of any record that loads
costs work bounded by the budget (found by helper-72: a 0.2 MB save of empty rebuilt
piles made ``sample_world`` use 800 MB; a log of draws no hand could hold loaded, then
raised a bare ``ValueError``; each empty rebuilt pile made every repair step longer)."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from typing import Any

import pytest

from tablegames.common.bots import RandomBot
from tablegames.common.errors import StateError
from tablegames.common.position import PositionError
from tablegames.common.rng import Rng
from tablegames.phase10 import State, new_game, worlds
from tablegames.phase10.cards import PACK, PLAYED, REBUILT, log_chunks, log_codes

W, S = PACK.code("W"), PACK.code("S")


def _rebuilt() -> State:
    """Three random players just after the draw pile was rebuilt and drawn from."""
    state = new_game(players=3, seed=4)
    bots = [RandomBot(28 + s) for s in range(3)]
    while state.rebuilt is None or len(state.stock) > len(state.rebuilt) - 6:
        state.apply(bots[state.to_act].choose(state))  # type: ignore[index]
    return state


def _logs(state: State) -> list[list[int]]:
    return [list(log_codes(log)) for log in state.hand_log]


def _with(state: State, sources: list[list[int]] | None = None,
          logs: list[list[int]] | None = None) -> str:
    data = json.loads(state.to_json())
    if sources is not None:
        data["state"]["sources"] = sources
    if logs is not None:
        data["state"]["hand_log"] = [[list(c) for c in log_chunks(log)] for log in logs]
    return json.dumps(data)


def _empty_piles(state: State, m: int, plays: int) -> str:
    """helper-72's blowup: ``m`` empty rebuilt piles (with their marks in every log) and
    ``plays`` cards seat 1 played before anything else."""
    logs = []
    for seat, log in enumerate(_logs(state)):
        i = log.index(REBUILT)
        logs.append([PLAYED + 1] * (plays if seat == 1 else 0) + log[:i] + [REBUILT] * m + log[i:])
    sources = [list(state.sources[0]), *([] for _ in range(m)),  # type: ignore[index]
               *map(list, state.sources[1:])]  # type: ignore[index]
    return _with(state, sources, logs)


def _case_empty_piles(state: State) -> str:
    return _empty_piles(state, 3, 0)


def _case_plays_not_held(state: State) -> str:
    return _empty_piles(state, 0, 40)


def _case_own_draws(state: State) -> str:  # seat 0 claims 30 more draws of a Skip
    logs = _logs(state)
    return _with(state, logs=[[S] * 30 + logs[0], *logs[1:]])


def _case_wilds_turned_up(state: State) -> str:
    sources = [list(p) for p in state.sources or ()]
    return _with(state, [[W] * 5000, *sources[1:]])


def _case_pile_of_wilds(state: State) -> str:  # an extra rebuilt pile, with its marks
    sources = [list(p) for p in state.sources or ()]
    logs = [[*log[:log.index(REBUILT)], REBUILT, *log[log.index(REBUILT):]]
            for log in _logs(state)]
    return _with(state, [sources[0], [W] * 5000, *sources[1:]], logs)


CASES: dict[str, tuple[Callable[[State], str], str]] = {
    "empty rebuilt piles": (_case_empty_piles, r"sources\[1\].*P10-59"),
    "plays of cards not held": (_case_plays_not_held, r"seat 1: .*did not hold.*P10-30"),
    "draws no hand size allows": (_case_own_draws, r"seat 0: .*cards it holds.*P10-30"),
    "5000 Wilds turned up": (_case_wilds_turned_up, r"sources\[0\].*P10-25, P10-30"),
    "a pile of 5000 Wilds": (_case_pile_of_wilds, r"sources\[1\].*P10-59"),
}


@pytest.mark.ruling("P10-59", "P10-30")
@pytest.mark.parametrize("case", sorted(CASES))
def test_a_record_no_play_could_write_is_refused_at_load(case: str) -> None:
    state = _rebuilt()
    make, message = CASES[case]
    text = make(state)
    with pytest.raises(StateError, match=message):
        State.from_json(text)
    position = _position_of(text)
    with pytest.raises(PositionError, match=message):
        State.from_position(position)


def _position_of(text: str) -> str:
    """The tampered save as position text (written without the load's checks)."""
    data = json.loads(text)["state"]
    state = _rebuilt()
    lines = state.to_position().splitlines()
    tampered = state.copy()
    tampered.sources = tuple(tuple(p) for p in data["sources"])
    tampered.hand_log = tuple(tuple(tuple(c) for c in log) for log in data["hand_log"])
    ours = [ln for ln in tampered.to_position().splitlines()
            if ln.startswith(("sources", "hand_log"))]
    kept = [ln for ln in lines if not ln.startswith(("sources", "hand_log"))]
    return "\n".join([*kept, *ours]) + "\n"


def test_the_real_record_still_loads_and_samples() -> None:
    state = _rebuilt()
    for text in (state.to_json(), _with(state)):
        again = State.from_json(text)
        assert again.to_json() == state.to_json()
    assert State.from_position(state.to_position()).sources == state.sources
    for seat in range(3):
        assert state.sample_world(seat, Rng(seat)).view(seat) == state.view(seat)


def test_an_opening_log_of_draws_never_made_is_refused_not_a_value_error() -> None:
    """helper-72's position: the opening, with 12 draws in seat 1's log (it drew none)."""
    text = new_game(players=3, seed=1).to_position() + "hand_log 1: " + "+R1 " * 12 + "\n"
    with pytest.raises(PositionError, match=r"seat 1: .*cards it holds.*P10-30"):
        State.from_position(text)


def test_hand_log_lines_without_sources_say_so() -> None:
    text = _rebuilt().to_position()
    text = "\n".join(ln for ln in text.splitlines() if not ln.startswith("sources"))
    with pytest.raises(PositionError, match=r"hand_log 0: a hand log needs the hand's "
                                            r"sources line"):
        State.from_position(text + "\n")


def _lines_run(fn: Callable[[], Any]) -> int:
    """The lines of :mod:`worlds` that ``fn`` runs: work, counted, never timed."""
    count = [0]
    code = worlds.__file__

    def tracer(frame: Any, event: str, arg: Any) -> Any:
        if frame.f_code.co_filename != code:
            return None
        if event == "line":
            count[0] += 1
        return tracer

    sys.settrace(tracer)
    try:
        fn()
    finally:
        sys.settrace(None)
    return count[0]


def _no_answer(m: int) -> tuple[list[worlds.Demand], list[list[int]]]:
    """The budget test's demands without answer (``test_p10_worlds_budget``), with ``m``
    empty rebuilt piles before the one the plays are in (so every window is empty)."""
    k, half = 24, 12
    demands: list[worlds.Demand] = [(m + 1, 1, c, (half, *[0] * m, k - half), 100 + c)
                                    for c in range(k)]
    demands += [(m + 1, 2, c, (half - 1, *[0] * m, k - half + 1), 200 + c)
                for c in range(k)]
    supply = [[1 if c < k else 0 for c in range(50)] for _ in range(2)]
    supply[1:1] = [[0] * 50 for _ in range(m)]
    return demands, supply


def test_empty_rebuilt_piles_cost_the_labelling_no_more_work(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The same unsolvable labelling with 0 and 1,000 empty piles between: each pile
    adds the setup's reading of its faces (a few hundred lines), never work per step (on
    the code before, every repair step and search node walked every pile uncounted)."""
    monkeypatch.setattr(worlds, "REPAIR_STEPS", 20_000)
    monkeypatch.setattr(worlds, "SEARCH_NODES", 2_000)
    monkeypatch.setattr(worlds, "SEARCH_WORK", 100_000)
    work = []
    for m in (0, 1000):
        demands, supply = _no_answer(m)
        work.append(_lines_run(lambda d=demands, s=supply, m=m: worlds._label(  # type: ignore[misc]
            d, s, m + 1, Rng(2))))
    assert work[1] < work[0] + 500 * 1000, work


def test_a_world_of_many_plays_keeps_no_list_of_every_pile_per_play() -> None:
    """A demand's slots received are a view of its seat's, whatever the number of piles."""
    total = [3, 1, 0, 2]
    had = worlds._Received(total, 2, 0)
    assert list(had) == [3, 1, 0, 0] and len(had) == 4 and had[-1] == 0
    assert sys.getsizeof(had) < 100
    with pytest.raises(IndexError):
        had[4]
