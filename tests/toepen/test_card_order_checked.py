"""A Toepen save whose hand or thrown-in cards are out of code order is refused on load.

``hands``, ``thrown`` and ``thrown_again`` are declared kept in code order (``sort=True``):
the engine writes them so, and their position lines are read back sorted. The loader did
not check it, so a tampered save with a hand written backwards loaded to a state that no
play reaches: its view showed the hand in another order than the same position's, and
its position text read back to a different text (found by helper-202's tamper fuzzing of
old saves). Each case reverses one list of a real save.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from tablegames import StateError, toepen


def _save(actions: tuple[str, ...] = ()) -> dict[str, Any]:
    state = toepen.new_game(players=3, seed=5)
    for a in actions:
        state.apply(a)
    return json.loads(state.to_json())


def test_a_hand_out_of_code_order_is_refused() -> None:
    save = _save()
    hand = save["state"]["hands"][1]
    assert hand != hand[::-1]
    save["state"]["hands"][1] = hand[::-1]
    with pytest.raises(StateError, match=r"hands\[1\].*code order"):
        toepen.State.from_json(json.dumps(save))


def test_a_thrown_hand_out_of_code_order_is_refused() -> None:
    save = _save(("0:keep", "1:keep", "2:exchange"))
    thrown = save["state"]["thrown"][2]
    assert len(thrown) == 4
    save["state"]["thrown"][2] = thrown[::-1]
    with pytest.raises(StateError, match=r"thrown\[2\].*code order"):
        toepen.State.from_json(json.dumps(save))


def test_the_untampered_saves_still_load_and_read_back_the_same() -> None:
    for actions in ((), ("0:keep", "1:keep", "2:exchange")):
        text = json.dumps(_save(actions), separators=(",", ":"), sort_keys=True)
        state = toepen.State.from_json(text)
        assert state.to_json() == text
        position = state.to_position()
        assert toepen.State.from_position(position).to_position() == position
