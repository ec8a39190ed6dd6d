"""Helpers for stacked-deck Phase 10 scenarios (shared by the test modules here)."""

from __future__ import annotations

from typing import Any

import pytest

from tablegames.common.errors import IllegalAction
from tablegames.phase10 import State, new_game


def deck(*hands: str, discard: str, stock: str = "", size: int = 10) -> list[str]:
    """A stacked deck: full hands (dealt from the dealer's left), the first discard, stock."""
    out: list[str] = []
    for h in hands:
        cards = h.split()
        assert len(cards) == size, f"hand {h!r} has {len(cards)} cards, not {size}"
        out.extend(cards)
    out.append(discard)
    out.extend(stock.split())
    return out


def game(*hands: str, discard: str, stock: str = "", **kwargs: Any) -> State:
    """A game whose first hand is stacked (seat 0 plays first unless ``dealer`` says so)."""
    size = kwargs.get("rules").hand_size if hasattr(kwargs.get("rules"), "hand_size") else 10
    return new_game(players=len(hands), seed=1, deck=deck(*hands, discard=discard, stock=stock,
                                                           size=size), **kwargs)


def refused(state: State, action: str, code: str, ruling: str | None) -> IllegalAction:
    """Assert ``action`` is refused with ``code``/``ruling`` and the state is unchanged."""
    before = state.to_json()
    with pytest.raises(IllegalAction) as info:
        state.apply(action)
    assert info.value.code == code, info.value
    assert info.value.ruling == ruling, info.value
    assert state.to_json() == before
    return info.value


def legal(state: State) -> list[str]:
    """Notation of the legal actions."""
    return [str(a) for a in state.legal_actions()]


def play(state: State, *actions: str) -> None:
    """Apply several actions in order."""
    for a in actions:
        state.apply(a)


def phase10_end(scores: list[int], rules: Any = None) -> State:
    """Seats 0 and 1 both complete the last phase in one hand; seat 1 goes out, seat 0
    keeps 15 points, seat 2 (still on phase 1) keeps 70."""
    state = game("R3 B3 G3 Y3 R3 R7 B7 G7 G11 G12", "R9 B9 G9 Y9 R9 R5 B5 G5 W W",
                 "R1 B2 G4 Y5 R6 B8 Y10 R11 B12 Y12", discard="B11", stock="Y1 Y2",
                 phases=[10, 10, 1], scores=scores, rules=rules)
    play(state, "0:draw", "0:lay set3=R3,R3,B3,G3,Y3 set7=R7,B7,G7", "0:discard G12",
         "1:draw", "1:lay set9=R9,R9,B9,G9,Y9 set5=R5,B5,G5", "1:hit W>1.0", "1:hit W>1.1",
         "1:discard Y2")
    return state
