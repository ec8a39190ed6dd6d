"""The OpenSpiel information state's per-call work stays with the step, not the game.

An RL loop asks ``information_state_tensor`` at every step, and OpenSpiel's ISMCTS asks
``resample_from_infostate`` for every world: hashing the whole information state string
at each step, or copying every line a seat saw into each world, made a long game's
every call dearer than the last. The digest now goes on from the last step it was
asked at, and a world shares the seat's transcript. No timing: the bytes hashed are
counted, and what the world holds is compared by identity.
"""

from __future__ import annotations

import copy
import hashlib
import pickle
from typing import Any

import numpy as np
import pyspiel
import pytest

import tablegames.adapters.openspiel as ospiel
from tablegames.adapters.openspiel import RECALL_BITS, load_game
from tests.adapters.helpers import SHORT

GAMES = ["toepen", "phase10", "shithead", "dallah"]


class _Counting:
    """``hashlib`` as the adapter sees it, counting the bytes its BLAKE2b objects hash."""

    def __init__(self) -> None:
        self.bytes = 0

    def blake2b(self, data: bytes = b"", **kwargs: Any) -> Any:
        return _Hash(self, hashlib.blake2b(**kwargs), data)


class _Hash:
    def __init__(self, counter: _Counting, h: Any, data: bytes = b"") -> None:
        self.counter, self.h = counter, h
        self.update(data)

    def update(self, data: bytes) -> None:
        self.counter.bytes += len(data)
        self.h.update(data)

    def copy(self) -> _Hash:
        return _Hash(self.counter, self.h.copy())

    def digest(self) -> bytes:
        return self.h.digest()  # type: ignore[no-any-return]


#: Steps into each game (chance outcomes included): late, but before its end.
STEPS = {"toepen": 40, "phase10": 150, "shithead": 150, "dallah": 60}


def _late(game: str) -> Any:
    spiel = load_game(game, players=3, seed=4)
    rng = np.random.default_rng(4)
    state = spiel.new_initial_state()
    for _ in range(STEPS[game]):
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probs)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    while state.is_chance_node():
        outcomes, probs = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(int(rng.choice(outcomes, p=probs)))
    assert not state.is_terminal(), f"{game}: the game ended too early for the test"
    return state


def _step(state: Any) -> None:
    rng = np.random.default_rng(9)
    state.apply_action(int(rng.choice(state.legal_actions())))
    while state.is_chance_node():
        outcomes, probs = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(int(rng.choice(outcomes, p=probs)))


@pytest.mark.parametrize("game", GAMES)
def test_the_next_steps_digest_hashes_that_step_not_the_game(
        game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    state = _late(game)
    observer = state.get_game().make_py_observer(pyspiel.IIGObservationType(perfect_recall=True))
    counter = _Counting()
    monkeypatch.setattr(ospiel, "hashlib", counter)
    for seat in range(3):
        observer.set_from(state, seat)  # the whole game hashed once a seat
    before = state.recall
    _step(state)
    assert not state.is_terminal()
    seat = state.current_player()
    whole = len(state.information_state_string(seat).encode())
    known = len("\n".join([f"seat {seat}", *before.lines(seat)]).encode())
    counter.bytes = 0
    observer.set_from(state, seat)
    tensor = list(observer.tensor)
    # only what came since: the step's lines and the view now (a hash of the whole
    # string hashed all of it, ``whole`` bytes)
    assert counter.bytes == whole - known, (game, counter.bytes, whole, known)
    assert known > whole / 2, (game, known, whole)  # a late step: most is known
    monkeypatch.undo()  # the digest is still the whole string's
    want = hashlib.blake2b(state.information_state_string(seat).encode(), digest_size=8)
    bits = np.unpackbits(np.frombuffer(want.digest(), np.uint8))
    assert tensor[-RECALL_BITS:] == [float(b) for b in bits]
    assert state.information_state_tensor(seat) == tensor


@pytest.mark.parametrize("game", GAMES)
def test_a_world_shares_the_seats_transcript_rather_than_copying_it(game: str) -> None:
    state = _late(game)
    seat = state.current_player()
    world = state.resample_from_infostate(seat, lambda: 0.25)
    assert world.recall.base[seat] is state.recall.transcript(seat)
    assert world.recall.base[None] is state.recall.transcript(None)
    assert world.information_state_string(seat) == state.information_state_string(seat)
    again = world.resample_from_infostate(seat, lambda: 0.5)  # a world of the world
    assert again.recall.base[seat] is world.recall.transcript(seat)
    assert again.information_state_string(seat) == state.information_state_string(seat)


def _bits(text: str) -> list[float]:
    """The digest bits of an information state string, hashed whole (the plain way)."""
    digest = hashlib.blake2b(text.encode(), digest_size=8).digest()
    return [float(b) for b in np.unpackbits(np.frombuffer(digest, np.uint8))]


@pytest.mark.parametrize("game", GAMES)
def test_the_carried_digest_is_the_whole_strings_on_random_playouts(game: str) -> None:
    """Property: at every step of a random playout, whatever the state went through
    (clones, pickles, deep copies, worlds resampled for the seat to act and played on),
    each seat's and the public observer's digest bits are those of the whole string
    hashed afresh, and the tensor ``information_state_tensor`` gives says the same."""
    players, rules = SHORT[game]
    spiel = load_game(game, players=players, rules=rules)
    observers = [spiel.make_py_observer(pyspiel.IIGObservationType(perfect_recall=True)),
                 spiel.make_py_observer(pyspiel.IIGObservationType(
                     perfect_recall=True, public_info=True,
                     private_info=pyspiel.PrivateInfoType.NONE))]
    rng = np.random.default_rng(7)
    state = spiel.new_initial_state()
    checked = 0
    for _ in range(120):
        if state.is_terminal():
            break
        turn = rng.random()
        if turn < 0.1:
            state = state.clone()
        elif turn < 0.15:
            state = pickle.loads(pickle.dumps(state))
        elif turn < 0.2:
            state = copy.deepcopy(state)
        elif turn < 0.3 and not state.is_chance_node():
            state = state.resample_from_infostate(state.current_player(),
                                                  lambda: float(rng.random()))
        for seat in range(players):
            for observer in observers:
                observer.set_from(state, seat)
                assert list(observer.tensor[-RECALL_BITS:]) == _bits(
                    observer.string_from(state, seat)), (game, seat, observer.public)
                checked += 1
            assert state.information_state_tensor(seat)[-RECALL_BITS:] == _bits(
                state.information_state_string(seat))
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probs)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    assert checked > 100, (game, checked)


@pytest.mark.parametrize("game", GAMES)
def test_a_worlds_digest_goes_on_from_the_games(game: str,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """A world shares its seat's transcript, and with it the digest the game asked for:
    the world's tensor for that seat hashes its view now, not the whole game again (it
    did, once per world: ISMCTS-like code that reads worlds' tensors paid the game's
    length for every world)."""
    state = _late(game)
    seat = state.current_player()
    observer = state.get_game().make_py_observer(pyspiel.IIGObservationType(perfect_recall=True))
    counter = _Counting()
    monkeypatch.setattr(ospiel, "hashlib", counter)
    observer.set_from(state, seat)  # the game's digest at this step
    world = state.resample_from_infostate(seat, lambda: 0.25)
    counter.bytes = 0
    observer.set_from(world, seat)
    tensor = list(observer.tensor)
    whole = len(world.information_state_string(seat).encode())
    known = len("\n".join([f"seat {seat}", *state.recall.lines(seat)]).encode())
    assert counter.bytes == whole - known, (game, counter.bytes, whole, known)
    monkeypatch.undo()
    assert tensor[-RECALL_BITS:] == _bits(world.information_state_string(seat))
