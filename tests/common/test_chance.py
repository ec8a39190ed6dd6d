"""Chance outcomes from outside (``tablegames.common.chance``), in every game.

The central check: a game played in outside mode, its outcomes taken in the same order
from the seeded generator the default mode uses (recorded from a default-mode twin),
is the same game: the same views for every seat and the spectator at every step, the
same events, the same outcome, and the same save once the hidden piles' order and the
generator (which outside mode never uses) are set aside.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any

import pytest

import tablegames
from tablegames.common import chance
from tablegames.common.chance import ChanceError, ChanceNeeded
from tablegames.common.errors import SetupError, StateError
from tablegames.common.rng import Rng

#: Short games of every game, with their hidden piles (pile name -> state field).
GAMES: dict[str, tuple[int, Any, dict[str, Any]]] = {
    "toepen": (3, {"limit": 3}, {}),
    "phase10": (2, {"phases": ["set2+run3"], "hand_size": 6}, {}),
    "shithead": (3, {"rounds": 2}, {"stock": 10}),
    "dallah": (2, None, {}),
}
PILES: dict[str, dict[str, str]] = {
    "toepen": {"stock": "stock"},
    "phase10": {"stock": "stock"},
    "shithead": {"stock": "stock"},
    "dallah": {"actions": "stock", "placements": "placement_stock"},
}


#: The size of each game's pack under the rules above (a new hand deals a fresh one).
FULL = {"toepen": 32, "phase10": 108, "shithead": 52, "dallah": 0}


def _cls(game: str) -> Any:
    return tablegames.GAMES[game].state_class


class _Tape:
    """Records the outcomes the default mode's chance helpers produce (a test-only tap on
    the module's functions, which the games call through the module)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.out: list[int] = []
        for name in ("pop", "draw", "draw_one", "split_bottom", "roll"):
            monkeypatch.setattr(chance, name, self._wrap(name, getattr(chance, name)))

    def _wrap(self, name: str, real: Callable[..., Any]) -> Callable[..., Any]:
        def tapped(state: Any, *args: Any, **kw: Any) -> Any:
            got = real(state, *args, **kw)
            if state._feed is None:
                if name in ("pop", "roll"):
                    self.out.append(got)
                elif name == "draw_one":
                    self.out.append(got[0])
                else:
                    self.out.extend(got[0])
            return got
        return tapped

    def take(self) -> list[int]:
        out, self.out = self.out, []
        return out


def _canonical(state: Any, game: str) -> dict[str, Any]:
    """A save with the hidden piles sorted and without the generator and chance mode."""
    data = json.loads(state.to_json())
    data.pop("rng")
    data["setup"].pop("chance", None)
    for field in PILES[game].values():
        data["state"][field] = sorted(data["state"][field])
    return data


def _views(state: Any) -> str:
    return json.dumps([state.view(s) for s in [None, *range(state.n)]], sort_keys=True)


def _games(game: str, monkeypatch: pytest.MonkeyPatch, seed: int,
           steps: int = 400) -> Iterator[tuple[Any, Any, list[Any], list[Any]]]:
    """A default-mode game and its outside-mode twin fed the default's outcomes, after the
    deal and after each of up to ``steps`` random actions, with each side's events."""
    players, rules, setup = GAMES[game]
    tape = _Tape(monkeypatch)
    inside = _cls(game).new(players, seed, rules, **setup)
    outside = _cls(game).new(players, seed, rules, chance=tape.take(), **setup)
    assert outside.outside and not inside.outside
    yield inside, outside, inside._setup_events(), outside._setup_events()
    pick = Rng(seed)
    for _ in range(steps):
        if inside.is_over:
            return
        legal = inside.legal_actions()
        action = legal[pick.below(len(legal))]
        ev_in = inside.apply(action)
        ev_out = outside.apply(action, chance=tape.take())
        yield inside, outside, ev_in, ev_out


@pytest.mark.parametrize("game", sorted(GAMES))
def test_outside_mode_fed_the_seeded_outcomes_plays_the_same_game(
        game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Same views, events and saves (hidden order and generator aside), step by step."""
    steps = 0
    for inside, outside, ev_in, ev_out in _games(game, monkeypatch, seed=11):
        assert _views(outside) == _views(inside)
        assert [e.for_seat(s) for e in ev_out for s in range(inside.n)] == \
            [e.for_seat(s) for e in ev_in for s in range(inside.n)]
        assert _canonical(outside, game) == _canonical(inside, game)
        steps += 1
    assert inside.is_over and outside.is_over and steps > 10
    assert outside.outcome() == inside.outcome()
    # the generator was never used in outside mode; the default mode's was
    assert outside.rng.state == Rng(11).state != inside.rng.state


@pytest.mark.parametrize("game", sorted(GAMES))
def test_hidden_piles_are_canonical_and_the_distribution_is_the_pile(
        game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """In outside mode a hidden pile's order is a function of its cards, and each refusal
    for want of an outcome lists exactly the pile's cards with their counts."""
    asked = 0
    for _, outside, _, _ in _games(game, monkeypatch, seed=5, steps=150):
        for field in PILES[game].values():
            pile = list(getattr(outside, field))
            assert pile in (sorted(pile), sorted(pile, reverse=True))
        if outside.is_over:
            break
        for action in outside.legal_actions()[:4]:
            probe = outside.copy()
            before = probe.to_json()
            try:
                probe.apply(action, chance=[])
            except ChanceNeeded as need:
                asked += 1
                assert probe.to_json() == before  # refused: unchanged
                probs = need.probabilities()
                assert sum(p for _, p in probs) == pytest.approx(1.0)
                if need.pile == "die":
                    assert [o for o, _ in need.outcomes] == list(range(len(need.outcomes)))
                else:
                    # the pile drawn from as it stands; or a fresh pack (a new hand), or
                    # the discards turned over (an empty stock)
                    left = getattr(outside, PILES[game][need.pile])
                    total = sum(k for _, k in need.outcomes)
                    assert dict(need.outcomes) == dict(Counter(left)) or not left \
                        or total == FULL[game]
            except tablegames.IllegalAction:
                assert probe.to_json() == before
    assert asked >= 3


def _outside(game: str, seed: int = 3) -> Any:
    """An outside-mode game dealt with outcomes from a seeded generator."""
    players, rules, setup = GAMES[game]
    rng = Rng(seed)
    feed: list[int] = []
    while True:
        try:
            return _cls(game).new(players, seed, rules, chance=feed, **setup)
        except ChanceNeeded as need:
            cards = [o for o, k in need.outcomes for _ in range(k)]
            feed.append(cards[rng.below(len(cards))])


def _until_chance(state: Any, seed: int = 1) -> tuple[Any, ChanceNeeded]:
    """Play random fed actions until one needs an outcome; returns it and the refusal."""
    rng = Rng(seed)
    for _ in range(2_000):
        legal = state.legal_actions()
        action = legal[rng.below(len(legal))]
        try:
            state.apply(action, chance=[])
        except ChanceNeeded as need:
            return action, need
    raise AssertionError("no action needed a chance outcome")  # pragma: no cover


@pytest.mark.parametrize("game", sorted(GAMES))
def test_refused_feeds_change_nothing(game: str) -> None:
    """A card not in the pile, a face not on the die, a feed too long, a bool or a
    non-list feed: each is a typed refusal and the state is byte-identical after it."""
    state = _outside(game)
    action, need = _until_chance(state)
    before = state.to_json()
    views = _views(state)
    possible = [o for o, _ in need.outcomes]
    impossible = next(c for c in range(-1, 500) if c not in possible)
    bad_feeds: list[Any] = [[impossible], [True], ["7h"], "7h", 7, [*possible[:1]] * 200]
    for feed in bad_feeds:
        with pytest.raises(ChanceError):
            state.apply(action, chance=feed)
        assert state.to_json() == before and _views(state) == views
    # a feed one too long: the action's outcomes and then one more
    feed: list[int] = []
    while True:
        try:
            state.copy().apply(action, chance=feed)
            break
        except ChanceNeeded as more:
            feed.append(more.outcomes[0][0])
    with pytest.raises(ChanceError) as got:
        state.apply(action, chance=[*feed, feed[-1] if feed else possible[0]])
    assert got.value.code in ("feed_too_long", "not_in_pile", "not_a_face")
    assert state.to_json() == before
    state.apply(action, chance=feed)  # the right feed is taken
    assert state.to_json() != before


def test_a_face_not_on_the_die_is_refused() -> None:
    state = _outside("dallah")
    for seed in range(1, 40):
        action, need = _until_chance(state, seed)
        if need.pile == "die":
            break
        feed = [need.outcomes[0][0]]
        while True:
            try:
                state.apply(action, chance=feed)
                break
            except ChanceNeeded as more:
                feed.append(more.outcomes[0][0])
    else:  # pragma: no cover
        pytest.fail("no roll of the die in 40 turns")
    faces = len(need.outcomes)
    assert need.outcomes == tuple((f, 1) for f in range(faces))
    before = state.to_json()
    for face in (faces, -1):
        with pytest.raises(ChanceError) as got:
            state.apply(action, chance=[face])
        assert got.value.code == "not_a_face" and state.to_json() == before


def test_outside_states_save_load_and_refuse_a_record() -> None:
    state = _outside("toepen")
    text = state.to_json()
    assert '"chance":"outside"' in text
    back = type(state).from_json(text)
    assert back.outside and back.to_json() == text
    action, _ = _until_chance(back)
    with pytest.raises(ChanceNeeded):
        back.apply(action)  # outside mode without a feed: asks for the outcome
    for call in (back.record, lambda: back.log(0)):
        with pytest.raises(StateError):
            call()
    with pytest.raises(StateError):
        type(state).from_json(text, verify=True)
    with pytest.raises(StateError):
        type(state).from_json(text.replace('"chance":"outside"', '"chance":"inside"'))
    # a default-mode save has no chance key: byte-identical to before this feature
    assert '"chance"' not in tablegames.new_game("toepen", players=3, seed=3).to_json()


def test_feeds_are_refused_where_they_cannot_apply() -> None:
    inside = tablegames.new_game("toepen", players=3, seed=3)
    before = inside.to_json()
    with pytest.raises(ChanceError) as got:
        inside.apply(inside.legal_actions()[0], chance=[])
    assert got.value.code == "not_outside" and inside.to_json() == before
    cls = _cls("toepen")
    with pytest.raises(SetupError):
        cls.new(3, 0, None, ["7h", "8h"], chance=[])
    with pytest.raises(SetupError):
        _cls("dallah").new(2, 0, None, actions=["place"], chance=[])
    with pytest.raises(ChanceError) as too_long:
        cls.new(2, 0, {"limit": 3}, chance=list(range(9)))
    assert too_long.value.code == "feed_too_long"
    with pytest.raises(ChanceError):
        cls.new(2, 0, {"limit": 3}, chance=[0, 0])  # the same card twice


def test_states_that_agree_on_the_cards_dealt_are_equal() -> None:
    """The order a hand's cards came in, and the seed, leave no trace in the state."""
    cls = _cls("toepen")
    hands = [3, 9, 17, 30], [1, 4, 22, 31]
    a = cls.new(2, 0, {"limit": 3}, chance=[*hands[0], *hands[1]])
    b = cls.new(2, 0, {"limit": 3}, chance=[*reversed(hands[0]), *hands[1][::-1]])
    assert a.to_json() == b.to_json()
    assert a.stock == tuple(sorted(set(range(32)) - {*hands[0], *hands[1]}, reverse=True))
