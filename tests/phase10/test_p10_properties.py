"""Hypothesis properties over whole seeded games: conservation, scores, sampling, notation."""

from __future__ import annotations

import contextlib
from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

from tablegames.common.bots import RandomBot
from tablegames.common.errors import NotationError, StateError
from tablegames.phase10 import SmartBot, State, new_game, parse_action
from tablegames.phase10.cards import PACK, counts_of

SEEDS = st.integers(0, 10_000)


def all_cards(state: State) -> list[int]:
    cards = [c for h in state.hands for c in h] + state.stock + state.discard
    return cards + [c for row in state.laid for _, _, cs in row for c in cs]


def walk(state: State, steps: int, seed: int, smart: bool):  # type: ignore[no-untyped-def]
    bots = [SmartBot(seed + s) if smart else RandomBot(seed + s) for s in range(state.n)]
    for _ in range(steps):
        if state.is_over:
            return
        yield state
        state.apply(bots[state.to_act].choose(state))  # type: ignore[index]
    yield state


@given(SEEDS, st.integers(2, 6), st.booleans())
def test_cards_are_conserved_and_scores_only_grow(seed: int, players: int, smart: bool) -> None:
    state = new_game(players=players, seed=seed)
    last = list(state.scores)
    done = list(state.done)
    for s in walk(state, 400, seed, smart):
        assert counts_of(all_cards(s)) == list(PACK.counts)
        assert all(a >= b for a, b in zip(s.scores, last, strict=True))
        assert all(a >= b for a, b in zip(s.done, done, strict=True))
        last, done = list(s.scores), list(s.done)


@given(SEEDS, st.integers(2, 6), st.integers(0, 400))
def test_sample_world_keeps_what_the_seat_has_seen(seed: int, players: int, steps: int) -> None:
    state = new_game(players=players, seed=seed)
    for _ in walk(state, steps, seed, True):
        pass
    if state.is_over:
        return
    for seat in range(players):
        world = state.sample_world(seat, seed)
        assert world.hands[seat] == state.hands[seat]
        assert world.laid == state.laid and world.discard == state.discard
        assert [len(h) for h in world.hands] == [len(h) for h in state.hands]
        assert len(world.stock) == len(state.stock)
        for other in range(players):
            assert not Counter(state.known[other]) - Counter(world.hands[other])
        assert counts_of(all_cards(world)) == list(PACK.counts)
        if state.reshuffled is not None:
            assert not Counter(world.stock) - Counter(state.reshuffled)
        assert world.view(seat) == state.view(seat)


@given(SEEDS, st.integers(2, 6))
def test_taken_discards_stay_known_until_played(seed: int, players: int) -> None:
    state = new_game(players=players, seed=seed)
    for s in walk(state, 300, seed, True):
        for seat in range(players):
            assert not Counter(s.known[seat]) - Counter(s.hands[seat])


@given(SEEDS, st.integers(2, 6), st.integers(0, 300))
def test_every_legal_action_round_trips_and_json_reloads(seed: int, players: int, steps: int) -> None:
    state = new_game(players=players, seed=seed)
    for _ in walk(state, steps, seed, False):
        pass
    for a in state.legal_actions():
        assert parse_action(str(a)) == a
    assert State.from_json(state.to_json()).to_json() == state.to_json()


@given(st.text(max_size=30))
def test_notation_errors_are_notation_errors(text: str) -> None:
    with contextlib.suppress(NotationError):
        parse_action(text)


def test_tampered_saves_are_refused() -> None:
    state = new_game(players=3, seed=4)
    text = state.to_json()
    for bad in (text.replace('"stock":[', '"stock":[48,', 1), text[:-20],
                text.replace('"step":"draw"', '"step":"dance"')):
        try:
            State.from_json(bad)
        except StateError:
            continue
        raise AssertionError("a tampered save loaded")
