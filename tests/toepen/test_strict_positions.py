"""Position text is read as strictly as a save (issue 23, item 5).

A ``dealt:`` line names each seat once, clockwise from the dealer's left, and every
seat still in the game; a save whose ``dealt`` breaks that is refused too; and any
state set up from text saves and reloads (a list past 1,000 entries is refused at the
position, never later at the reload).
"""

from __future__ import annotations

import json

import pytest

from tablegames import StateError, toepen
from tablegames.common.bots import RandomBot
from tablegames.common.position import PositionError


def fresh(players: int = 5) -> str:
    return toepen.new_game(players=players, seed=1).to_position()


def with_line(text: str, key: str, value: str) -> str:
    lines = [f"{key}: {value}" if line.startswith(f"{key}:") else line
             for line in text.splitlines()]
    assert lines != text.splitlines() or f"{key}: {value}" in text
    return "\n".join(lines) + "\n"


@pytest.mark.ruling("TOE-02")
@pytest.mark.parametrize("dealt", ["0 1 2 1 1", "0 1 2 3", "0 1 2 3 4 0", "1 0 2 3 4",
                                   " ".join(["0"] * 1001)])
def test_a_dealt_line_with_a_repeat_a_gap_or_the_wrong_order_is_refused(dealt: str) -> None:
    with pytest.raises(PositionError, match="dealt"):
        toepen.from_position(with_line(fresh(), "dealt", dealt))


def test_the_dealt_line_as_written_loads() -> None:
    state = toepen.from_position(with_line(fresh(), "dealt", "0 1 2 3 4"))
    assert state.dealt == (0, 1, 2, 3, 4)


@pytest.mark.parametrize("key, value", [("queue", " ".join(["0"] * 1001)),
                                        ("exchange_queue", "1 1 2 3 4"),
                                        ("exchange_queue", " ".join(["1"] * 1001))])
def test_a_seat_list_past_its_size_or_with_a_repeat_is_refused(key: str, value: str) -> None:
    with pytest.raises(PositionError):
        toepen.from_position(with_line(fresh(), key, value))


@pytest.mark.parametrize("playing", ["0 1 2 3 4 4", "4 0 1 2 3 0", "000 1 2 3 4 00"])
def test_a_seat_set_line_naming_a_seat_twice_is_refused(playing: str) -> None:
    # a seat set (``playing: 0 1 2 3 4``: the seats whose flag is set) written with a
    # seat twice is a typo, most likely for a seat left out: it was merged silently
    with pytest.raises(PositionError, match=r"playing: seat [04] is written twice"):
        toepen.from_position(with_line(fresh(), "playing", playing))
    state = toepen.from_position(with_line(fresh(), "playing", "4 3 2 1 0"))  # any order
    assert state.to_position() == fresh()


@pytest.mark.ruling("TOE-02")
@pytest.mark.parametrize("dealt", [[0, 1, 2, 1, 1], [0, 1, 2], [1, 0, 2, 3, 4]])
def test_a_save_with_such_a_dealt_list_is_refused(dealt: list[int]) -> None:
    doc = json.loads(toepen.new_game(players=5, seed=1).to_json())
    doc["state"]["dealt"] = dealt
    with pytest.raises(StateError, match="dealt"):
        toepen.State.from_json(json.dumps(doc))


@pytest.mark.parametrize("rules", [None, {"ending": "elimination", "limit": 3,
                                          "second_exchange": "all", "bluff_takes_back": True,
                                          "fold_withdraws": True}])
def test_every_state_set_up_from_its_position_saves_and_reloads(
        rules: dict[str, object] | None) -> None:
    for seed in range(6):
        state = toepen.new_game(players=3 + seed % 4, seed=seed, rules=rules)
        bot = RandomBot(seed)
        while True:
            again = toepen.from_position(state.to_position())
            assert again.to_position() == state.to_position()
            text = again.to_json()
            assert toepen.State.from_json(text).to_json() == text
            if state.is_over:
                break
            state.apply(bot.choose(state))
