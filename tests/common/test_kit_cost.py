"""The conformance kit's cost is linear in a game's length (helper-172).

Its checks that read the whole history (the save's round trip, the record, the log, the
verified reload) come at whole-save points spaced geometrically, not at every deep check:
together they read a bounded multiple of the game's length. These tests hold the
schedule to that bound and plant defects that only those checks can see, and only in
the middle of a game (the checks at the end of a game see the whole game once), so each
must be found at a whole-save point along the way.
"""

from __future__ import annotations

import math
from typing import Any

import attrs
import pytest

from tablegames.common.errors import StateError
from tablegames.common.registry import game_info
from tablegames.testing import WHOLE_GROWTH, ConformanceError, _whole_due, check_game
from tablegames.toepen.state import State

#: A Toepen game of three seats, seed 1: long enough to pass many whole-save points.
GAME: dict[str, Any] = {"players": 3, "seeds": [1], "full_every": 2}


def _points(length: int, full_every: int) -> list[int]:
    """The steps of the whole-save points of a game of ``length`` actions."""
    points: list[int] = []
    for step in range(0, length, full_every):
        if _whole_due(step, points[-1] if points else None):
            points.append(step)
    return points


@pytest.mark.parametrize("full_every", [1, 3, 29])
def test_whole_save_points_read_a_bounded_multiple_of_the_game(full_every: int) -> None:
    """However long the game, the whole-save points read at most ``WHOLE_GROWTH + 1``
    times its length in all and number about ``WHOLE_GROWTH ln(length)``; at every deep
    check before they did, a quadratic ``length**2 / (2 full_every)``."""
    for length in (10, 1_000, 100_000):
        points = _points(length, full_every)
        assert points[0] == 0
        assert sum(points) <= (WHOLE_GROWTH + 1) * length
        assert len(points) <= WHOLE_GROWTH * (math.log(length) + 2)
    # while the history is short, every deep check is one (short games keep them all)
    assert _points(WHOLE_GROWTH * full_every, full_every) == list(
        range(0, WHOLE_GROWTH * full_every, full_every))


def test_the_kit_counts_its_whole_save_points() -> None:
    report = check_game("toepen", **GAME)
    length = report.max_length
    assert report.saves == len(_points(length, 2)) + 1  # and the end
    assert report.deep > report.saves - 1 > 2


def test_a_save_that_stops_round_tripping_mid_game_is_found() -> None:
    info = game_info("toepen")

    def loads(text: str) -> Any:
        state = info.from_json(text)
        if len(state.history) >= 30 and not state.is_over:
            state.rng.state ^= 1
        return state

    check_game(info, **GAME)
    with pytest.raises(ConformanceError, match=r"from_json\(to_json\(\)\) is not identical"):
        check_game(attrs.evolve(info, from_json=loads), **GAME)


def test_a_record_whose_setup_changes_mid_game_is_found(monkeypatch: pytest.MonkeyPatch) -> None:
    """What a world or copy sharing the original's setup values would show after a bot
    edited them: the record no longer holds the setup the game started from."""
    record = State.record

    def drifting(self: State) -> dict[str, Any]:
        out = record(self)
        if len(self.history) >= 30 and not self.is_over:
            out["deck"] = ["vandal"]
        return out

    monkeypatch.setattr(State, "record", drifting)
    with pytest.raises(ConformanceError, match="record's setup changed"):
        check_game("toepen", **GAME)


def test_a_record_that_loses_an_action_mid_game_is_found(monkeypatch: pytest.MonkeyPatch) -> None:
    record = State.record

    def forgetful(self: State) -> dict[str, Any]:
        out = record(self)
        if len(self.history) >= 30 and not self.is_over:
            del out["actions"][0]
        return out

    monkeypatch.setattr(State, "record", forgetful)
    with pytest.raises(ConformanceError, match="does not list the actions applied"):
        check_game("toepen", **GAME)


def test_a_log_that_drops_an_event_mid_game_is_found(monkeypatch: pytest.MonkeyPatch) -> None:
    log = State.log

    def lossy(self: State, seat: int | None, since: int | None = None) -> list[dict[str, Any]]:
        out = log(self, seat, since)
        if since is not None and len(self.history) >= 30 and not self.is_over:
            out.pop()
        return out

    monkeypatch.setattr(State, "log", lossy)
    with pytest.raises(ConformanceError, match=r"log\(0, since=\d+\) differs"):
        check_game("toepen", **GAME)


def test_a_log_that_aliases_the_state_is_found(monkeypatch: pytest.MonkeyPatch) -> None:
    """A log that hands out an event the state keeps: editing it edits the game."""
    log = State.log

    def shared(self: State, seat: int | None, since: int | None = None) -> list[dict[str, Any]]:
        out = log(self, seat, since)
        if since is not None and out and len(self.history) >= 30 and not self.is_over:
            kept = self.__dict__.setdefault("_leak", {})
            kept.update(out[-1])
            out[-1] = kept
        return out

    def to_json(self: State) -> str:
        return to_json_of(self) + str(self.__dict__.get("_leak", ""))

    to_json_of = State.to_json
    monkeypatch.setattr(State, "log", shared)
    monkeypatch.setattr(State, "to_json", to_json)
    with pytest.raises(ConformanceError, match="editing a returned record or log"):
        check_game("toepen", **GAME)


def _gap(full_every: int = 2) -> int:
    """A deep check of :data:`GAME` that is no whole-save point, past the first 16."""
    length = check_game("toepen", **GAME).max_length
    points = _points(length, full_every)
    gaps = [step for step in range(points[16], length, full_every) if step not in points]
    assert gaps, (length, points)
    return gaps[0]


@pytest.mark.parametrize("where", ["state", "world"])
def test_a_save_refused_only_between_two_whole_save_points_is_found(
        where: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A load check too strict for a state the game passes through briefly (a stage of
    one step, a count at its limit): the state's save, or a sampled world's, is refused
    at one deep check between two points and at no point. Every deep check loads the
    save's fields (not its history, so the cost stays linear): it is found there
    (helper-176; the whole-save points alone missed it)."""
    gap = _gap()
    check = State._check_loaded

    def strict(self: State) -> None:
        check(self)
        if len(self.history) == gap and (self.world == (where == "world")):
            raise StateError("planted: too strict for this state")

    monkeypatch.setattr(State, "_check_loaded", strict)
    with pytest.raises(ConformanceError, match="planted: too strict") as info:
        check_game("toepen", **GAME)
    assert f"step={gap}:" in str(info.value)
