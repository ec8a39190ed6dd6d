"""Hostile input: actions with wrong field types, odd notation, tampered saves.

Every one must be refused with a ``ValueError`` subclass of the library and change
nothing; a tampered save either loads as a state that round-trips and plays on, or is
refused with ``StateError``.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from p10_scenarios import game, play

from tablegames.common.errors import IllegalAction, NotationError, StateError, TablegamesError
from tablegames.phase10 import (
    Discard,
    Group,
    Hit,
    Lay,
    SmartBot,
    State,
    check_group,
    check_hit,
    check_phase,
    from_position,
    hand_points,
    new_game,
    parse_action,
)
from tablegames.phase10.groups import make_group

JUNK1 = "R1 B2 G4 Y5 R6 B8 G9 Y10 R11 B12"
JUNK2 = "R4 B4 G6 Y6 R9 B9 G8 Y8 R10 B10"


def down_with_skip() -> State:
    """Seat 0 has laid phase 1 and holds Skips, Wilds and R2 (code 1), in its play step."""
    state = game("S S R3 B3 G3 R7 B7 W R2 Y3", JUNK1, JUNK2, discard="Y4",
                 stock="W G2 B5 Y12 G12")
    play(state, "0:draw", "0:lay set3=R3,B3,G3 set7=R7,B7,W")
    return state


@pytest.mark.parametrize("action", [
    Discard(0, 49, 1.0),       # a float seat once crashed after the Skip was discarded
    Discard(0, 49, True),      # a bool seat was accepted and made an unloadable save
    Discard(0, True),          # True == 1 == R2's code
    Discard(0, 1.0),
    Hit(0, True, 0, 0),
    Hit(0, 1, True, 0),
    Hit(0, 1, 0, False),
    Hit(0, 48, 0, 1, 3.0),
    Hit(0, "R2", 0, 0),
    Discard(0, "S", 1),
], ids=repr)
def test_action_fields_of_the_wrong_type_are_refused(action: Any) -> None:
    state = down_with_skip()
    before = state.to_json()
    with pytest.raises(IllegalAction) as info:
        state.apply(action)
    assert info.value.code in ("bad_action", "not_in_hand")
    assert state.to_json() == before


def test_a_lay_down_with_bool_cards_is_refused() -> None:
    state = game("R2 B2 G2 R7 B7 W Y1 Y2 G11 G12", JUNK1, discard="B11", stock="Y12")
    state.apply("0:draw")
    before = state.to_json()
    bogus = Lay(0, (Group(0, 2, (True, 13, 25)), make_group(0, 7, (6, 18, 48))))
    with pytest.raises(IllegalAction) as info:
        state.apply(bogus)
    assert info.value.code == "not_a_group"
    assert state.to_json() == before
    state.apply("0:lay set2=R2,B2,G2 set7=R7,B7,W")  # the real one is fine


@pytest.mark.parametrize("text", ["0:discard S>٣", "0:hit W=٣>1.0", "0:hit R7>1.٣", "0:lay set٣=R3,B3,G3",
                                  "0:discard S>-1", "0:hit W=0>1.0", "0:hit W=13>1.0", "0:lay"])
def test_odd_notation_is_a_notation_error(text: str) -> None:
    with pytest.raises(NotationError):
        parse_action(text)


def _leaves(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    if isinstance(value, dict):
        return [p for k, v in value.items() for p in _leaves(v, (*path, k))] or [path]
    if isinstance(value, list):
        return [p for i, v in enumerate(value) for p in _leaves(v, (*path, i))] or [path]
    return [path]


def _played(seed: int, steps: int) -> State:
    state = new_game(players=3, seed=seed)
    bots = [SmartBot(seed + s) for s in range(3)]
    for _ in range(steps):
        if state.is_over:
            break
        state.apply(bots[state.to_act].choose(state))  # type: ignore[index]
    return state


SAVES = [_played(seed, steps).to_json() for seed, steps in ((1, 0), (2, 40), (3, 160))]
JUNK = st.one_of(st.none(), st.booleans(), st.integers(-3, 120), st.just(10**20), st.text(max_size=3),
                 st.just([]), st.just({}), st.lists(st.integers(-1, 50), max_size=4))


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(range(len(SAVES))), st.data(), JUNK)
def test_tampered_saves_load_cleanly_or_are_refused(which: int, data: Any, junk: Any) -> None:
    doc = json.loads(SAVES[which])
    paths = [p for p in _leaves(doc["state"]) if p]
    path = data.draw(st.sampled_from(paths))
    node = doc["state"]
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = junk
    text = json.dumps(doc)
    try:
        state = State.from_json(text)
    except StateError:
        return
    again = state.to_json()
    assert State.from_json(again).to_json() == again
    for seat in [None, *range(state.n)]:
        state.view(seat)
    str(state)
    if not state.is_over:
        legal = state.legal_actions()
        assert legal
        state.apply(legal[0])


# ------------------------------------------------------------- long values (issue 23, item 6)
BIG = "7" * 5000
_POSITION = new_game(players=2, seed=1).to_position()


@pytest.mark.parametrize("attempt", [
    lambda: from_position(_POSITION.replace("hand 0: ", f"hand 0: {BIG} ", 1)),
    lambda: from_position(_POSITION.replace("made 0: -", f"made 0: {BIG}", 1)),
    lambda: from_position(_POSITION.replace("made 0: -", f"laid 0: {BIG} set3=R3,B3,G3", 1)),
    lambda: from_position(_POSITION.replace("made 0: -", f"laid 0: 1 set3=R3,B3,{BIG}", 1)),
    lambda: from_position(_POSITION.replace("scores: 0 0", f"scores: {BIG} 0", 1)),
    lambda: parse_action(f"0:discard {BIG}"),
    lambda: parse_action(f"0:discard S>{BIG}"),
    lambda: parse_action(f"0:hit R3>{BIG}.0"),
    lambda: parse_action(f"0:lay set{BIG}=R3,B3,G3"),
    lambda: parse_action(f"0:lay run1-{BIG}=R3,B3,G3"),
    lambda: check_hit(BIG, "set3=R3,B3,G3"),
    lambda: check_hit(int(BIG[:4000]), "set3=R3,B3,G3"),
    lambda: check_group(f"set{BIG}=R3"),
    lambda: check_group("set3=R3,B3,G3", BIG),
    lambda: check_phase("set3=R3,B3,G3", BIG),
    lambda: hand_points(BIG),
    lambda: new_game(players=2, rules={"phases": [BIG] * 10}),
])
def test_a_5000_digit_card_gets_a_short_message(attempt: Any) -> None:
    """Notation, position and rules refusals quote at most a short prefix of a bad value
    (``quoted``): a 5,000-digit card is a one-line error, never a 5,000-character one."""
    with pytest.raises(TablegamesError) as info:
        attempt()
    assert len(str(info.value)) < 250, str(info.value)[:300]
    assert "(50" in str(info.value) or "bits" in str(info.value)  # says how long it was


@pytest.mark.ruling("P10-10")
def test_a_huge_number_in_a_group_is_refused_shortly() -> None:
    fault = check_group((0, int(BIG[:4000]), (1,)))
    assert fault is not None and fault.code == "not_a_set" and len(fault.message) < 80
    state = new_game(players=2, seed=1)
    play(state, "0:draw")
    before = state.to_json()
    with pytest.raises(IllegalAction) as info:
        state.apply(Hit(0, 1, int(BIG[:4000]), 0))
    assert len(str(info.value)) < 250 and info.value.ruling == "P10-50"
    assert state.to_json() == before
