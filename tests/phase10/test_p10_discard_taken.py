"""The house rule P10-60 (``Rules.discard_taken=False``): a player who took the top card
of the discard pile may not discard that same card in the same turn. The default keeps
the published rules (P10-31): the card may go straight back.

Found by a newcomer's probe: two seats that always tap the last legal action took the
Wild from the discard pile and threw it back, each turn, for 61,614 actions."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from p10_scenarios import game, legal, play, refused

from tablegames import RulesError, StateError, phase10
from tablegames.common.saves import _text_hash
from tablegames.phase10 import MAX_ACTION_LIMIT, Rules, new_game
from tablegames.phase10.cards import NAMES
from tablegames.phase10.stages import PLAY
from tablegames.testing import check_game

ANN = "R3 B3 G3 R7 B7 W Y1 Y2 G11 G12"  # phase 1 (two sets of three) is in reach
BO = "R1 B2 G4 Y5 R6 B8 G9 Y10 R11 B12"  # nothing fits
HOUSE = Rules(discard_taken=False)


def tapped(state: phase10.State, steps: int) -> int:
    """The newcomer's probe: the last legal action, ``steps`` times (or to the end).
    Returns how many turns took the top discard and discarded that very card."""
    took_back = 0
    taken: int | None = None
    for _ in range(steps):
        if state.is_over:
            break
        action = state.legal_actions()[-1]
        if isinstance(action, phase10.Discard) and action.card == taken:
            took_back += 1
        taken = state.discard[-1] if isinstance(action, phase10.Take) else None
        state.apply(action)
    return took_back


@pytest.mark.ruling("P10-31", "P10-60")
def test_by_default_the_card_taken_may_go_straight_back() -> None:
    state = game(ANN, BO, discard="B11", stock="Y6")
    assert Rules().discard_taken is True
    play(state, "0:take")
    assert "0:discard B11" in legal(state)
    play(state, "0:discard B11")
    assert state.view(None)["discard"] == ["B11"] and state.to_act == 1
    assert state.taken == ()  # nothing is kept under the default


@pytest.mark.ruling("P10-31")
def test_the_probe_that_found_it_passes_the_wild_back_and_forth_by_default() -> None:
    state = new_game(players=2, seed=0)
    assert tapped(state, 400) > 190  # all but the first few of 200 turns
    assert [str(a) for a in state.history[-2:]] == ["1:take", "1:discard W"]


@pytest.mark.ruling("P10-60")
def test_the_house_rule_refuses_the_card_just_taken_and_leaves_it_out() -> None:
    state = game(ANN, BO, discard="B11", stock="Y6", rules=HOUSE)
    play(state, "0:take")
    assert state.taken == (NAMES.index("B11"),)
    error = refused(state, "0:discard B11", "discard_taken", "P10-60")
    assert "you took B11 from the discard pile this turn" in str(error)
    assert "0:discard B11" not in legal(state)
    assert {"0:discard G12", "0:discard W"} <= set(legal(state))
    assert "other than the blue 11 you took" in state.view(0)["prompt"]
    assert "blue 11" not in state.view(1)["prompt"]  # P1 is only told to wait
    play(state, "0:discard G12")
    assert state.taken == () and state.to_act == 1


@pytest.mark.ruling("P10-60")
def test_a_copy_held_from_before_is_held_back_with_it() -> None:
    """Copies are alike: discarding the other Wild would leave the table as it was."""
    state = game(ANN, BO, discard="W", stock="Y6", rules=HOUSE)
    play(state, "0:take")
    assert state.hands[0].count(phase10.WILD) == 2
    refused(state, "0:discard W", "discard_taken", "P10-60")
    assert "0:discard W" not in legal(state)


@pytest.mark.ruling("P10-60")
def test_the_rule_lasts_one_turn() -> None:
    state = game(ANN, BO, discard="B11", stock="Y6 Y7 Y8", rules=HOUSE)
    play(state, "0:take", "0:discard G12", "1:draw", "1:discard Y6", "0:draw")
    assert "0:discard B11" in legal(state) and state.taken == ()
    play(state, "0:discard B11")


@pytest.mark.ruling("P10-60")
def test_drawing_holds_nothing_back() -> None:
    state = game(ANN, BO, discard="B11", stock="Y6", rules=HOUSE)
    play(state, "0:draw")
    assert "0:discard Y6" in legal(state) and state.taken == ()


#: P0 is down and holds one blue 11; a blue 11 lies on the discard pile. Neither fits a
#: laid group, so taking it leaves P0 with two copies and nothing else.
ONLY_COPIES = """tablegames position 1
game: phase10
player 0: P0
player 1: P1
rules: {"discard_taken":false}
rng: 1
stage: draw
active: 0
made 0: 1
laid 0: 1 set3=R3,B3,G3 set7=R7,B7,W
hand 0: HAND
hand 1: R1 B2 G4 Y5 R6 B8 G9 Y10 R11 B12
discard: TOP
stock: shuffled
"""


@pytest.mark.ruling("P10-60", "P10-31")
def test_a_hand_of_nothing_but_copies_still_ends_its_turn() -> None:
    """Every turn ends with a discard (P10-31): two blue 11s and nothing else, one goes."""
    state = phase10.from_position(ONLY_COPIES.replace("HAND", "B11").replace("TOP", "B11"))
    play(state, "0:take")
    assert legal(state) == ["0:discard B11"]
    play(state, "0:discard B11")
    assert state.to_act == 1 and state.hands[0] == (NAMES.index("B11"),) and state.taken == ()


@pytest.mark.ruling("P10-60", "P10-50")
def test_once_the_other_cards_are_hit_the_taken_card_may_be_discarded() -> None:
    state = phase10.from_position(ONLY_COPIES.replace("HAND", "Y3 G12").replace("TOP", "G12"))
    play(state, "0:take")
    assert [a for a in legal(state) if ":discard" in a] == ["0:discard Y3"]
    refused(state, "0:discard G12", "discard_taken", "P10-60")
    play(state, "0:hit Y3>0.0")  # now only the two green 12s are left
    assert legal(state) == ["0:discard G12"]
    play(state, "0:discard G12")
    assert state.to_act == 1 and state.hands[0] == (NAMES.index("G12"),)


@pytest.mark.ruling("P10-60")
def test_the_probe_no_longer_passes_one_card_back_and_forth() -> None:
    """The rule stops one card going straight back; seats that never try to go out can
    still pass two different cards between them (the ruling says so), which is why the
    games' action bound stays."""
    for seed in range(3):
        state = new_game(players=2, seed=seed, rules=HOUSE)
        assert tapped(state, 400) == 0
        assert not state.is_over and sum(isinstance(a, phase10.Take) for a in state.history) > 150


@pytest.mark.ruling("P10-60")
def test_the_card_taken_is_saved_positioned_and_public() -> None:
    state = game(ANN, BO, discard="B11", stock="Y6", rules=HOUSE)
    play(state, "0:take")
    text = state.to_json()
    assert json.loads(text)["state"]["taken"] == [NAMES.index("B11")]
    again = phase10.State.from_json(text, verify=True)
    assert again.to_json() == text
    refused(again, "0:discard B11", "discard_taken", "P10-60")
    position = state.to_position()
    assert "\ntaken: B11\n" in position
    assert phase10.from_position(position).to_position() == position
    world = state.sample_world(1, 5)
    assert world.taken == state.taken
    assert "taken:" not in game(ANN, BO, discard="B11", rules=HOUSE).to_position()


def _edited(state: phase10.State, **fields: object) -> str:
    data = json.loads(state.to_json())
    data["state"].update(fields)
    return json.dumps(data)


@pytest.mark.ruling("P10-60", "P10-23")
def test_a_save_holding_a_taken_card_play_could_not_keep_is_refused() -> None:
    b11, skip = NAMES.index("B11"), NAMES.index("S")
    default = game(ANN, BO, discard="B11", stock="Y6")
    play(default, "0:take")
    with pytest.raises(StateError, match="P10-60"):  # the rule is off: nothing is kept
        phase10.State.from_json(_edited(default, taken=[b11]))
    house = game(ANN, BO, discard="B11", stock="Y6", rules=HOUSE)
    with pytest.raises(StateError, match="P10-60"):  # not before the turn's draw
        phase10.State.from_json(_edited(house, taken=[b11]))
    play(house, "0:take")
    with pytest.raises(StateError, match="P10-23"):  # a Skip is never taken
        phase10.State.from_json(_edited(house, taken=[skip]))
    with pytest.raises(StateError):  # one card at most
        phase10.State.from_json(_edited(house, taken=[b11, b11]))


@pytest.mark.ruling("P10-60")
def test_an_engine_3_save_loads_with_nothing_held_back() -> None:
    """Engine 4 added ``taken``: an older save gets it empty (none of its rules kept it),
    and one holding it was written by no engine."""
    state = game(ANN, BO, discard="B11", stock="Y6")
    play(state, "0:take")
    data = json.loads(state.to_json())
    data["engine"] = 3
    del data["rules"]["discard_taken"]
    del data["rules"]["action_limit"]  # engine 5's option too (P10-61)
    del data["rules"]["limit_tiebreak"]  # and engine 6's (P10-53, P10-61)
    data["rules_hash"] = _text_hash(data["rules"])
    old = dict(data, state={k: v for k, v in data["state"].items()
                            if k not in ("taken", "plays")})  # engine 5's plays too
    for res in old["state"]["results"]:
        del res["limit_hit"], res["credited"]  # engine 6's credited too
    loaded = phase10.State.from_json(json.dumps(old))
    assert loaded.taken == () and loaded.rules == Rules(action_limit=MAX_ACTION_LIMIT,
                                                          limit_tiebreak="dead")
    assert "0:discard B11" in legal(loaded)
    with pytest.raises(StateError, match="engine 3 holds taken"):
        phase10.State.from_json(json.dumps(data))


@pytest.mark.parametrize("value", [0, 1, "no", None])
def test_the_option_is_a_bool(value: object) -> None:
    with pytest.raises(RulesError, match="discard_taken"):
        Rules(discard_taken=value)  # type: ignore[arg-type]


def taking_playout(seed: int, players: int, steps: int) -> int:
    """Random play that takes whenever it may: after every take, the legal actions offer
    no discard of the card taken unless the hand holds nothing else, and ``apply``
    refuses that discard, changing nothing. Returns how many refusals it checked."""
    rng = random.Random(seed)
    state = new_game(players=players, seed=seed, rules=HOUSE)
    checked = 0
    for _ in range(steps):
        if state.is_over:
            break
        options = state.legal_actions()
        takes = [a for a in options if isinstance(a, phase10.Take)]
        state.apply(takes[0] if takes and rng.random() < 0.8 else rng.choice(options))
        if state.stage != PLAY or not state.taken:
            continue
        seat, card = state.to_act, state.taken[0]
        assert seat is not None
        offered = f"{seat}:discard {NAMES[card]}" in map(str, state.legal_actions())
        assert offered == (set(state.hands[seat]) == {card})
        if not offered and card in state.hands[seat]:  # (else laid or hit since)
            refused(state, f"{seat}:discard {NAMES[card]}", "discard_taken", "P10-60")
            checked += 1
    return checked


@settings(max_examples=25, deadline=None, derandomize=True)
@given(seed=st.integers(0, 10_000), players=st.integers(2, 6), steps=st.integers(1, 150))
@pytest.mark.ruling("P10-60")
def test_the_taken_card_is_never_offered_as_a_discard(seed: int, players: int,
                                                      steps: int) -> None:
    taking_playout(seed, players, steps)


@pytest.mark.ruling("P10-60")
def test_the_playouts_meet_the_rule_often() -> None:
    assert sum(taking_playout(seed, 2 + seed % 3, 150) for seed in range(4)) > 40


@pytest.mark.ruling("P10-60")
def test_whole_games_under_the_house_rule_pass_the_conformance_kit() -> None:
    report = check_game(phase10.GAME, players=3, seeds=[1], bot="smart", full_every=4,
                        new_game_kwargs={"rules": HOUSE})
    assert report.games == 1
    report = check_game(phase10.GAME, players=2, seeds=[2], bot="eager", full_every=8,
                        new_game_kwargs={"rules": HOUSE})
    assert report.games == 1
