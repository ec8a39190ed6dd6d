"""Edges an audit found: an elimination board with one player left, a winner
who goes out at the end of the hand they won, a knock nobody may answer, and the
presenter's prompts in the challenge and second-exchange rounds."""

from __future__ import annotations

import pytest

from tablegames import SetupError, toepen
from tablegames.toepen.present import present

ruling = pytest.mark.ruling

DECK = ["Th", "9h", "8h", "7h", "Ts", "9s", "8s", "7s", "Tc", "9c", "8c", "7c",
        "Td", "9d", "8d", "7d"]


@ruling("TOE-23")
@pytest.mark.parametrize("lives", [[0, 10, 10], [10, 10, 10], [3, 12, 10]])
def test_a_board_with_fewer_than_two_players_under_the_limit_is_refused(
        lives: list[int]) -> None:
    with pytest.raises(SetupError, match="at least two players"):
        toepen.new_game(players=3, seed=1, rules={"ending": "elimination"}, lives=lives)
    # two players under the limit: a game (the third is out from the start)
    state = toepen.new_game(players=3, seed=1, rules={"ending": "elimination"},
                            lives=[0, 0, 10])
    assert not state.is_over


@ruling("TOE-13", "TOE-23")
def test_a_winner_who_goes_out_with_the_hand_passes_the_deal_to_the_left() -> None:
    state = toepen.new_game(players=3, seed=1, lives=[9, 0, 0], deck=DECK,
                            rules={"ending": "elimination", "out_at_once": False,
                                   "poverty": False})
    for move in ["0:exchange", "1:challenge", "1:keep", "2:keep"]:
        state.apply(move)
    assert state.lives == (10, 0, 0)  # the caught bluff: at the limit, still playing
    for card in ["Td", "9d", "8d", "7d"]:
        state.apply(f"0:play {card}")
        for seat in (1, 2):
            state.apply(state.legal_actions(seat)[0])
    view = state.view(None)
    assert view["last_round"]["winner"] == 0 and view["out"] == [True, False, False]
    assert state.dealer == 1 and state.to_act == 2  # P1 deals, P2 leads: never the out P0


@ruling("TOE-22", "TOE-31")
def test_a_knock_nobody_may_answer_leaves_no_knock_being_answered() -> None:
    state = toepen.new_game(players=3, seed=2, lives=[0, 9, 9],
                            rules={"poverty": False, "poverty_may_fold": False})
    for move in ["0:keep", "1:keep", "2:keep"]:
        state.apply(move)
    assert state.to_act == 0
    state.apply("0:knock")  # both others are one life from the limit: they may not fold
    view = state.view(None)
    assert view["stage"] == "play" and view["stake"] == 2
    assert view["knocker"] is None and view["last_knocker"] == 0
    badges = [b["msg"] for s in present(view)["seats"] for b in s["badges"]]
    assert "knocking" not in badges and "knocked last" in badges


@ruling("TOE-04")
def test_the_challenge_prompt_names_the_one_exchange_being_judged() -> None:
    state = toepen.new_game(players=3, seed=1)
    for move in ["0:exchange", "1:accept", "2:accept", "1:exchange"]:
        state.apply(move)
    view = state.view(2)
    assert view["exchanger"] == 1 and state.view(None)["exchanger"] == 1
    prompt = present(view)["prompt"]
    assert prompt["msg"] == "Challenge the exchange of {who}, or accept it?"
    assert prompt["args"] == {"who": "P1"}
    state.apply("2:accept")
    state.apply("0:accept")
    assert state.view(None)["exchanger"] is None  # nothing judged any more


@ruling("TOE-03")
def test_the_second_exchange_prompt_fits_a_seat_holding_its_own_hand() -> None:
    state = toepen.new_game(players=3, seed=1, rules={"second_exchange": "all"})
    for move in ["0:keep", "1:keep", "2:keep"]:
        state.apply(move)
    seat = state.to_act
    assert seat is not None and state.view(None)["exchange_round"] == 2
    assert present(state.view(seat))["prompt"]["msg"] == (
        "Second exchange: keep your hand, or throw it in for four new cards?")


def _play(state: toepen.State, *moves: str) -> None:
    for move in moves:
        state.apply(move)


@ruling("TOE-52")
def test_a_last_trick_won_with_a_jack_costs_double_under_jack_doubles() -> None:
    state = toepen.new_game(players=2, seed=1, rules={"jack_doubles": True, "exchanges": False},
                            deck=["7c", "8c", "9c", "Qd", "Tc", "Ts", "9s", "Jh"])
    _play(state, "0:play 7c", "1:play Tc", "1:play Ts", "0:play 8c", "1:play 9s",
          "0:play 9c", "1:play Jh", "0:play Qd")
    assert state.lives == (2, 0)


@ruling("TOE-21", "TOE-52")
def test_max_stake_caps_the_knocks_and_a_jack_still_doubles_what_is_paid() -> None:
    """Two options on the same payment: ``max_stake`` caps the stake knocks raise
    (TOE-21), ``jack_doubles`` doubles what the payers of a last trick won with a jack
    lose (TOE-52). Both apply: at the cap, the jack's trick costs twice the cap, as the
    option's page says."""
    from tablegames.testing import assert_refused

    state = toepen.new_game(players=2, seed=1, deck=["7c", "8c", "9c", "Qd", "Tc", "Ts", "9s", "Jh"],
                            rules={"jack_doubles": True, "max_stake": 2, "exchanges": False})
    _play(state, "0:play 7c", "1:knock", "0:stay")
    assert state.stake == 2
    assert_refused(state, "0:knock", code="max_stake", ruling="TOE-21")
    _play(state, "1:play Tc", "1:play Ts", "0:play 8c", "1:play 9s", "0:play 9c",
          "1:play Jh", "0:play Qd")
    assert state.lives == (4, 0) and state.last_round["stake"] == 4


@ruling("TOE-21")
def test_no_knock_raises_the_stake_past_max_stake() -> None:
    from tablegames.testing import assert_refused

    state = toepen.new_game(players=3, seed=1, rules={"max_stake": 2, "exchanges": False})
    _play(state, "0:knock", "1:stay", "2:stay")
    assert state.stake == 2
    assert_refused(state, "1:knock", code="max_stake", ruling="TOE-21")


@ruling("TOE-04")
def test_a_wrong_challenge_costs_challenge_penalty() -> None:
    state = toepen.new_game(players=3, seed=1, rules={"challenge_penalty": 2},
                            deck=["Jh", "Qh", "Kh", "Ah", "Ts", "9s", "8s", "7s",
                                  "Tc", "9c", "8c", "7c"])
    _play(state, "0:exchange", "1:challenge")  # an honest exchange: four court cards
    assert state.lives == (0, 2, 0)


@ruling("TOE-30", "TOE-31")
def test_with_two_players_in_poverty_the_first_on_the_dealers_left_leads() -> None:
    state = toepen.new_game(players=3, seed=1, lives=[0, 9, 9], rules={"exchanges": False})
    assert state.poverty == (False, True, True)
    assert state.leader == 1 and state.stake == 2
    assert state.queue == (0,)  # only the player not in poverty is asked
    assert [str(a) for a in state.legal_actions(0)] == ["0:stay", "0:fold"]
