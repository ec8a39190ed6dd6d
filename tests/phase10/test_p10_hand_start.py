"""Where the current hand begins in the history (``infer._hand_start``), read from the
hand's count of actions (P10-61) rather than by replaying the whole history.

The search asks once a decision (``infer.signals``, its belief) and, under
``lay_when_able``, once a world (``worlds._no_lay_moments``): a replay of the whole
history made every decision of a long game dearer than the last. These tests hold the
count's answer to what an onlooker saw (the history's length when each hand was dealt)
at every step of seeded games of several house rules, to the old replay wherever that
replay could tell, and show that nothing before the hand is read at all.
"""

from __future__ import annotations

from typing import Any

import pytest
from p10_scenarios import phase10_end

import tablegames
from tablegames import GAMES
from tablegames.common.history import History
from tablegames.common.rng import Rng
from tablegames.phase10 import State, new_game
from tablegames.phase10 import actions as A
from tablegames.phase10.infer import _hand_start, signals
from tablegames.phase10.worlds import _no_lay_moments
from tablegames.simulation import make_bots

ruling = pytest.mark.ruling

INFO = GAMES["phase10"]


def _replayed_start(state: State) -> int | None:
    """The plain path: the hand sizes the whole history implies, replayed from the first
    deal; a hand ends where a seat's size reaches 0. ``None`` where the replay finds
    fewer ended hands than the score sheet (a hand that ended dead, blocked or at the
    move limit empties no hand) or does not land on the hand sizes."""
    size, n = state.rules.hand_size, state.n
    sizes, start, ended = [size] * n, 0, 0
    for i, a in enumerate(state.history):
        s, kind = a.seat, type(a)
        if kind is A.Draw or kind is A.Take:
            sizes[s] += 1
            continue
        sizes[s] -= sum(len(g.cards) for g in a.groups) if kind is A.Lay else 1  # type: ignore[attr-defined]
        if sizes[s] == 0:
            ended, start, sizes = ended + 1, i + 1, [size] * n
    if ended != len(state.results):
        return None
    if any(sizes[s] != len(state.hands[s]) for s in range(n) if state.playing[s]):
        return None
    return start


def _walk(state: State, seed: int, steps: int, seen: dict[str, int]) -> None:
    """Play ``steps`` actions of eager bots (or to the game's end); after each, the count's
    answer must be the history's length when the hand now in play was dealt, and agree
    with the whole replay wherever that replay can tell (every 20th step: it costs the
    whole history)."""
    bots = make_bots(INFO, "eager", state.n, seed)
    dealt_at = _hand_start(state)
    assert dealt_at == _replayed_start(state)
    for step in range(steps):
        if state.is_over:
            seen["over"] += 1
            break
        hand_no, results = state.round, len(state.results)
        action = bots[state.to_act].choose(state)  # type: ignore[index]
        events = state.apply(action)
        if state.round != hand_no:  # a new deal: the next hand begins after this action
            dealt_at = len(state.history)
        seen["skips"] += sum(e.kind == "skipped" for e in events)
        seen["tiebreak"] += state.tiebreak
        if len(state.results) != results:
            seen["ended"] += 1
            last = state.results[-1]
            seen["dead"] += last["out"] is None  # dead, blocked or at the move limit
        assert _hand_start(state) == dealt_at, (seed, step, str(action))
        if step % 20 == 0 or state.is_over:
            old = _replayed_start(state)
            if old is not None and not state.is_over:
                assert old == dealt_at
                seen["replayed"] += 1


VARIANTS: list[tuple[str, int, Any]] = [
    ("standard-4", 4, None),
    ("two-seats-choose-skips", 2, {"skip_target": "choose"}),
    ("five-seats-next-skips-twist", 5, {"skip_target": "next", "first_skip": "twist"}),
    ("small-limit", 3, {"action_limit": 50}),
    ("hand-size-6", 3, {"hand_size": 6, "phases": ["set2", "run3", "set3", "set2+set2"]}),
    ("lay-when-able", 3, {"lay_when_able": True, "action_limit": 80}),
]


@ruling("P10-61")
@pytest.mark.parametrize(("name", "players", "rules"), VARIANTS, ids=[v[0] for v in VARIANTS])
def test_the_count_finds_each_hands_start_at_every_step(name: str, players: int,
                                                        rules: Any) -> None:
    seen = dict.fromkeys(("skips", "tiebreak", "ended", "dead", "replayed", "over"), 0)
    for seed in range(3):
        _walk(new_game(players=players, seed=seed, rules=rules), seed, 700, seen)
    assert seen["ended"] >= 2 and seen["replayed"] >= 10, seen
    if "skips" in name:
        assert seen["skips"] > 0, seen
    if name == "small-limit":
        assert seen["dead"] > 0, seen  # hands the old replay could not find the end of


@ruling("P10-61")
@ruling("P10-53")
def test_the_count_finds_each_tiebreak_hands_start() -> None:
    """Seats 0 and 1 tie on the last phase: tie-break hands between them (seat 2 sits
    out), some stopped at a small move limit, until one goes out."""
    seen = dict.fromkeys(("skips", "tiebreak", "ended", "dead", "replayed", "over"), 0)
    for seed in range(4):
        state = phase10_end([0, 15, 0], rules={"action_limit": 100, "limit_tiebreak": "dead"})
        assert state.tiebreak and not state.playing[2]
        state.rng = Rng(seed)  # each seed its own tie-break deals
        _walk(state, seed, 1500, seen)
    assert seen["tiebreak"] > 100 and seen["ended"] >= 4, seen
    assert seen["dead"] >= 1 and seen["over"] >= 2, seen


class _Guarded(History):
    """A history that refuses to give up any step before ``floor``."""

    __slots__ = ("floor",)

    def __init__(self, steps: list[Any], floor: int) -> None:
        super().__init__(steps)
        self.floor = floor

    def _at(self, i: int) -> Any:
        if i < self.floor:
            raise AssertionError(f"step {i} read, before the hand (from {self.floor})")
        return super()._at(i)

    def __iter__(self) -> Any:
        raise AssertionError("the whole history read")

    def tolist(self) -> list[Any]:
        raise AssertionError("the whole history read")


def _late_state(rules: Any, seed: int) -> tuple[State, int]:
    """A game some hands in, mid-hand, and where that hand began."""
    state = new_game(players=3, seed=seed, rules=rules)
    bots = make_bots(INFO, "eager", 3, seed)
    dealt_at = 0
    while state.round < 3 or state.plays < 25:
        hand_no = state.round
        state.apply(bots[state.to_act].choose(state))  # type: ignore[index]
        if state.round != hand_no:
            dealt_at = len(state.history)
    return state, dealt_at


@ruling("P10-61")
def test_nothing_before_the_hand_is_read() -> None:
    """The signals and the no-lay moments of a late state are found without reading one
    step of the earlier hands (a replay of the whole history reads them all)."""
    for seed in range(3):
        state, dealt_at = _late_state({"lay_when_able": True}, seed)
        assert dealt_at > 0
        want = [signals(state, s) for s in range(3)], [_no_lay_moments(state, s) for s in range(3)]
        assert any(want[0]), "no signals: the test would show nothing"
        state.history = _Guarded(state.history.tolist(), dealt_at)
        assert _hand_start(state) == dealt_at
        got = [signals(state, s) for s in range(3)], [_no_lay_moments(state, s) for s in range(3)]
        assert got == want
        state.sample_world(0, Rng(seed))  # reads the hand's discards, nothing older


@ruling("P10-61")
def test_a_history_that_does_not_hold_the_hand_has_no_start() -> None:
    """A game set up from a position within a hand has a history only from there, and a
    lean search world keeps none: no start, so no signals (the search samples
    uniformly) and no moments."""
    state, _ = _late_state(None, 1)
    game = tablegames.from_position("phase10", state.to_position())
    assert game.plays == state.plays > 0 and len(game.history) == 0
    seat = game.to_act
    assert seat is not None
    bots = make_bots(INFO, "eager", 3, 1)
    for _ in range(5):
        game.apply(bots[game.to_act].choose(game))  # type: ignore[index]
    assert _hand_start(game) is None
    assert signals(game, 0) == [] and _no_lay_moments(game, 0) == []
    world = state.sample_world(0, Rng(2))
    world.make_lean()
    assert _hand_start(world) is None and signals(world, 0) == []


@ruling("P10-61")
def test_a_position_without_its_count_is_read_from_the_load_and_only_truly() -> None:
    """A hand-written position may leave ``plays`` out (0): the hand is then read from
    the load on, which lies within it, so whatever is read is the hand's own play."""
    state, dealt_at = _late_state({"lay_when_able": True}, 0)
    text = "\n".join(line for line in state.to_position().splitlines()
                     if not line.startswith("plays:"))
    game = tablegames.from_position("phase10", text)
    assert game.plays == 0
    bots = make_bots(INFO, "eager", 3, 0)
    for _ in range(12):
        action = bots[game.to_act].choose(game)  # type: ignore[index]
        game.apply(action)
        state.apply(action)
    assert game.round == state.round  # still the same hand
    assert _hand_start(game) == 0 and _hand_start(state) == dealt_at
    for seat in range(3):
        assert signals(game, seat) == []  # the replay from a deal misses the draw pile
        truth = {(s, c) for s, _, _, _, c, _ in _no_lay_moments(state, seat)}
        assert {(s, c) for s, _, _, _, c, _ in _no_lay_moments(game, seat)} <= truth


@ruling("P10-61")
def test_an_engine_4_save_counts_its_hand_by_the_replay() -> None:
    """A save of engine 4 kept no count: its load replays the history once for it, and
    the hand's start follows."""
    from test_p10_action_limit import as_engine_4

    state, dealt_at = _late_state(None, 2)
    loaded = State.from_json(as_engine_4(state.to_json()))
    assert loaded.plays == state.plays
    assert _hand_start(loaded) == dealt_at
    assert [signals(loaded, s) for s in range(3)] == [signals(state, s) for s in range(3)]
