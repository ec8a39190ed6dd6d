"""Shared by the tests of Phase 10's hand logs against the pile and the hands
(test_p10_draws_and_stock, test_p10_own_log): a short real game, and its save with one
seat's hand log tampered as only that seat could tell."""

from __future__ import annotations

import json
from collections import Counter

import pytest

import tablegames
from tablegames.common.errors import StateError
from tablegames.phase10 import State, new_game
from tablegames.phase10.cards import PLAYED, REBUILT, log_chunks, log_codes


def turn(state: State) -> None:
    """One turn: draw from the pile and discard the highest card the seat may."""
    seat = state.to_act
    assert seat is not None
    state.apply(f"{seat}:draw")
    discards = [a for a in state.legal_actions() if str(a).startswith(f"{seat}:discard")]
    state.apply(discards[-1])


def early(turns: int = 6) -> State:
    """Two seats, ``turns`` turns in: seat 1 has drawn, nothing was rebuilt."""
    state = new_game(players=2, seed=0)
    for _ in range(turns):
        turn(state)
    assert state.rebuilt is None and state.round == 0
    return state


def first_draws(state: State) -> Counter[int]:
    """Every seat's draws before the first rebuild, per face."""
    got: Counter[int] = Counter()
    for chunks in state.hand_log:
        for code in log_codes(chunks):
            if code == REBUILT:
                break
            if code < PLAYED:
                got[code] += 1
    return got


def hidden(state: State, seat: int) -> Counter[int]:
    """Per face, the cards ``seat`` holds that the table did not see it take."""
    held = Counter(state.hands[seat])
    held.subtract(state.known_cards[seat])
    return +held


def with_log(state: State, seat: int, log: list[int]) -> str:
    """``state``'s save with ``seat``'s hand log replaced by ``log``."""
    data = json.loads(state.to_json())
    data["state"]["hand_log"][seat] = [list(c) for c in log_chunks(log)]
    return json.dumps(data)


def relabelled(state: State, seat: int, face: int) -> str:
    """``state``'s save with ``seat``'s first logged draw saying ``face``: the tampering
    only the drawer could tell (its hand, hand size and every count stay as they are)."""
    log = list(log_codes(state.hand_log[seat]))
    i = next(i for i, code in enumerate(log) if code < PLAYED)
    assert log[i] != face
    log[i] = face
    return with_log(state, seat, log)


def refused(text: str, pattern: str) -> None:
    """The save ``text`` is refused, for ``pattern``, by the game's loader and by
    :func:`tablegames.load` alike."""
    with pytest.raises(StateError, match=pattern):
        State.from_json(text)
    with pytest.raises(StateError, match=pattern):
        tablegames.load(text)
