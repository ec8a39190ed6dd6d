"""The stake fields are loaded only as a game keeps them (found by an audit of Toepen).

A position or save could set ``stake``, ``stake_before``, ``knocks`` and the knockers
each on its own: ``stake_before: 9`` with ``stake: 1`` after a knock loaded, and asked
P1 "stay in for 1, or fold for 9?". The load check now holds them to one another: the
stake is 1 (2 in poverty) plus one per knock (TOE-21, TOE-52), a fold costs the stake
before the last knock (TOE-22, TOE-51), and a knocker needs a knock. Every state a real
game reaches still loads (``tests/toepen/test_properties.py`` loads each step's save and
position under every house rule and variant).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from tablegames import StateError, toepen
from tablegames.common.position import PositionError

ruling = pytest.mark.ruling


def knocked() -> toepen.State:
    """Seat 0 has knocked before the first card; seats 1 and 2 are asked."""
    s = toepen.new_game(players=3, seed=1, rules={"exchanges": False})
    s.apply("0:knock")
    return s


def in_play() -> toepen.State:
    """The first trick, nobody has knocked."""
    return toepen.new_game(players=3, seed=1, rules={"exchanges": False})


def in_poverty() -> toepen.State:
    """Seat 1 is one life from the limit: the round opens at 2 (TOE-31)."""
    return toepen.new_game(players=3, seed=1, lives=[0, 9, 0], rules={"exchanges": False})


def lines(text: str, **values: str) -> str:
    """``text`` with the named lines (``stake_before`` for ``stake_before:``) rewritten."""
    out = []
    for line in text.splitlines():
        key = line.split(":", 1)[0]
        out.append(f"{key}: {values.pop(key)}" if key in values else line)
    assert not values, f"no such lines: {values}"
    return "\n".join(out) + "\n"


#: A state, the lines changed, and the field the refusal names.
CASES: dict[str, tuple[Callable[[], toepen.State], dict[str, str], str]] = {
    # the audit's example: a fold dearer than staying in, after one knock
    "fold for 9, stay for 1": (knocked, {"stake_before": "9", "stake": "1"}, "stake"),
    "a fold dearer than the stake": (in_play, {"stake_before": "3"}, "stake_before"),
    "stake_before not the stake before the knock": (knocked, {"stake_before": "2"},
                                                     "stake_before"),
    "a stake with no knock to make it": (in_play, {"stake": "3", "stake_before": "3"},
                                         "stake"),
    "one knock worth two": (knocked, {"stake": "3", "stake_before": "2"}, "stake"),
    "poverty opening at 1": (in_poverty, {"stake": "1"}, "stake"),
    "no poverty, opening at 2": (in_play, {"stake": "2", "stake_before": "2"}, "stake"),
    "a knock answered that nobody made": (
        knocked, {"knocks": "0", "stake": "1", "stake_before": "1"}, "knocker"),
    "a knocker in play": (in_play, {"knocker": "1", "last_knocker": "1"}, "knocker"),
    "knocks nobody made": (in_play, {"knocks": "1", "stake": "2", "stake_before": "1"},
                           "last_knocker"),
}


@ruling("TOE-22", "TOE-51", "TOE-52", "TOE-21")
@pytest.mark.parametrize("name", sorted(CASES))
def test_inconsistent_stake_lines_are_refused_naming_the_field(name: str) -> None:
    make, changed, field = CASES[name]
    text = make().to_position()
    toepen.State.from_position(text)  # as written, it loads
    with pytest.raises(PositionError, match=rf"impossible position: {field}: "):
        toepen.State.from_position(lines(text, **changed))


SAVE_KEYS = {"stake", "stake_before", "knocks", "knocker", "last_knocker"}


@ruling("TOE-22", "TOE-51", "TOE-52", "TOE-21")
@pytest.mark.parametrize("name", sorted(CASES))
def test_a_save_with_such_stake_fields_is_refused_too(name: str) -> None:
    make, changed, field = CASES[name]
    doc: dict[str, Any] = json.loads(make().to_json())
    for key, value in changed.items():
        assert key in SAVE_KEYS
        doc["state"][key] = int(value)
    with pytest.raises(StateError, match=rf"\$\.state\.{field}: "):
        toepen.State.from_json(json.dumps(doc))


@ruling("TOE-52", "TOE-22")
def test_the_audit_example_now_says_which_fields_disagree() -> None:
    text = knocked().to_position()
    bad = text.replace("stake_before: 1", "stake_before: 9").replace("stake: 2", "stake: 1")
    with pytest.raises(PositionError) as info:
        toepen.State.from_position(bad)
    assert "stake" in str(info.value) and "knocks: 1" in str(info.value)


@ruling("TOE-52", "TOE-31", "TOE-22")
def test_stake_lines_left_out_follow_the_knocks_and_the_poverty() -> None:
    # a hand-written position may leave out stake and stake_before (docs/guides/notation.md)
    text = lines(knocked().to_position(), poverty="1", lives="0 9 0")
    short = "\n".join(line for line in text.splitlines()
                      if not line.startswith(("stake:", "stake_before:"))) + "\n"
    state = toepen.State.from_position(short)
    assert (state.stake, state.stake_before, state.knocks) == (3, 2, 1)
    assert state.view(1)["prompt"].endswith("P0 knocked: stay in for 3, or fold for 2?")
