"""Shithead positions: written and read back for any situation, junk refused by line."""

from __future__ import annotations

from typing import Any

import pytest

import tablegames
from tablegames import shithead
from tablegames.common.position import PositionError
from tablegames.common.rng import Rng

from .helpers import all_cards

RULES: list[Any] = [None, "classic", {"rounds": 3}, {"cut_in": True, "decks": 2},
                    {"swap_mode": "simultaneous"}, {"stock": None}, {"pickup": "any", "lead_shown": True}]


def _same_table(a: shithead.State, b: shithead.State) -> None:
    for p in [None, *range(a.n)]:
        va, vb = a.view(p), b.view(p)
        va.pop("version")
        vb.pop("version")
        assert va == vb
        if p is not None:
            assert a.legal_actions(p) == b.legal_actions(p)
    assert a.bars == b.bars and a.face_down == b.face_down and a.stock == b.stock
    assert all_cards(a) == all_cards(b) and a.rng.state == b.rng.state


@pytest.mark.parametrize("rules", RULES)
def test_positions_round_trip_for_random_mid_game_states(rules: Any) -> None:
    for seed in range(5):
        players = 7 if isinstance(rules, dict) and rules.get("decks") == 2 else 3 + seed % 3
        r = None if isinstance(rules, dict) and "stock" in rules else rules
        s = shithead.new_game(players=players, seed=seed, rules=r)
        rng = Rng(seed)
        for step in range(400):
            if s.is_over:
                break
            if step % 23 == 0:
                text = s.to_position()
                back = shithead.from_position(text)
                _same_table(s, back)
                assert back.to_position() == text
                # the position plays on exactly as the real game does
                fork, twin = s.copy(), back.copy()
                for _ in range(30):
                    if fork.is_over:
                        break
                    legal = fork.legal_actions()
                    a = legal[rng.copy().below(len(legal))]
                    assert [e.for_seat(None) for e in fork.apply(a)] == [
                        e.for_seat(None) for e in twin.apply(a)]
                assert fork.view(0)["hand"] == twin.view(0)["hand"]
            legal = s.legal_actions()
            s.apply(legal[rng.below(len(legal))])


def test_a_position_built_game_is_a_replayable_record() -> None:
    s = shithead.new_game(players=3, seed=4)
    for _ in range(30):
        s.apply(s.legal_actions()[0])
    start = shithead.from_position(s.to_position())
    for _ in range(10):
        start.apply(start.legal_actions()[-1])
    again = tablegames.replay(start.record())
    assert again.to_json() == start.to_json()
    assert tablegames.from_position("shithead", s.to_position()).to_position() == s.to_position()
    assert shithead.State.from_json(start.to_json(), verify=True).to_json() == start.to_json()


SCENARIO = """tablegames position 1
game: shithead
player 0: Ana
player 1: Bo
rules: standard
rng: 7
stage: play
direction: counter-clockwise
active: 1
hand 0: A♣ 6♥
face_up 0: 4♣ 4♦ 4♥
face_down 0: 9♣ 9♦ 9♥
hand 1: 7c 8d
face_up 1: Qc Qd Qh
face_down 1: 2s 3s 4s
pile: 6♠ 5♠
stock: shuffled
"""


def test_a_short_hand_written_position() -> None:
    s = shithead.from_position(SCENARIO)
    assert s.to_act == 1 and s.view(1)["hand"] == ["7♣", "8♦"]
    assert s.view(None)["pile"] == ["5♠", "6♠"] and s.view(None)["stock"] == 52 - 18
    assert [str(a) for a in s.legal_actions()] == ["1:play 7c", "1:play 8d"]
    assert s.starter == 1 and s.bars == ((0, 0), (0, 0))
    assert shithead.from_position(SCENARIO).stock == s.stock  # the rng line shuffles it


@pytest.mark.parametrize(("change", "match"), [
    (("hand 0: A♣ 6♥", "hand 0: A♣ 6♥ 6♠"), "more cards"),  # a card twice
    (("hand 0: A♣ 6♥", "hand 0: A♣ 6X"), "line 10"),  # not a card
    (("active: 1", "active: 5"), "active"),
    (("active: 1", "active: one"), "active"),
    (("stage: play", "stage: dancing"), "stage"),
    (("direction: counter-clockwise", "direction: up"), "direction"),
    (("face_down 1: 2s 3s 4s", "face_down 1: 2s 3s 4s 10s Js"), "more than 3"),
    (("pile: 6♠ 5♠", "pile: 6♠ 5♠\nsparkle: yes"), "sparkle"),
    (("pile: 6♠ 5♠", "pile: 6♠ 5♠\nknown_cards 0: K♠"), "known_cards"),
    (("pile: 6♠ 5♠", "pile: 6♠ 5♠\nbars 0: none Z"), "rank"),
    (("pile: 6♠ 5♠", "pile: 6♠ 5♠\nbars 0: none"), "bars"),
    (("pile: 6♠ 5♠", "pile: 6♠ 5♠\nfinished: 0"), "in play|holds cards"),
    (("pile: 6♠ 5♠", "pile: 6♠ 5♠\nrounds_done: {"), "rounds_done"),
    (("stock: shuffled", "stock: -"), "cards do not add up"),
    (("game: shithead", "game: toepen"), "toepen"),
    (("player 1: Bo", "player 1: Ana"), "distinct"),
])
def test_junk_positions_are_refused_naming_the_problem(change: tuple[str, str], match: str) -> None:
    old, new = change
    assert old in SCENARIO
    with pytest.raises(PositionError, match=match):
        shithead.from_position(SCENARIO.replace(old, new))


@pytest.mark.parametrize("junk", ["", "game: shithead", 7, "tablegames position 1\n!!!"])
def test_text_that_is_not_a_position_is_refused(junk: Any) -> None:
    with pytest.raises(PositionError):
        shithead.from_position(junk)
