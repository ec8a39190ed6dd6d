"""Phase 10 engine 2: each hand keeps its record (``sources``, ``hand_log``), and saves
written by engine 1, which lack it, still load, verify, sample worlds and play on."""

from __future__ import annotations

from pathlib import Path

import tablegames
from tablegames.common.rng import Rng
from tablegames.phase10 import SmartBot, State
from tablegames.phase10.stages import DRAW

DATA = Path(__file__).parent / "data"


def test_a_save_of_engine_1_loads_and_plays_on() -> None:
    """Written by the code before engine 2 (three seats, mid-hand after a rebuilt draw
    pile): the hand it was saved in is not recorded, so its worlds are dealt as engine 1
    dealt them; the next hand is recorded."""
    text = (DATA / "save_engine1_rebuilt.json").read_text()
    assert text.startswith('{"engine":1,')
    state = State.from_json(text)
    assert tablegames.load(text, verify=True).to_json() == state.to_json()
    assert state.rebuilt is not None and state.sources is None
    assert state.hand_log == ((), (), ())
    for seat in range(3):
        world = state.sample_world(seat, Rng(seat))
        assert world.view(seat) == state.view(seat)
    again = State.from_json(state.to_json())
    assert again.to_json() == state.to_json() and again.to_json().startswith(
        f'{{"engine":{State.ENGINE},')
    bots = [SmartBot(s) for s in range(3)]
    start = state.round
    while not state.is_over and (state.round == start or state.stage != DRAW):
        state.apply(bots[state.to_act].choose(state))  # type: ignore[index]
        assert state.sources is None or state.round > start
    assert state.round > start and state.sources is not None
    assert State.from_json(state.to_json(), verify=True).to_json() == state.to_json()


def test_a_stripped_record_is_no_licence_to_tamper() -> None:
    """A save without its hand's record still verifies the rest against its history."""
    state = State.from_json((DATA / "save_engine1_rebuilt.json").read_text())
    bad = state.copy()
    bad.hands = (bad.hands[1], bad.hands[0], bad.hands[2])
    try:
        State.from_json(bad.to_json(), verify=True)
    except tablegames.StateError:
        pass
    else:
        raise AssertionError("a tampered save verified")
