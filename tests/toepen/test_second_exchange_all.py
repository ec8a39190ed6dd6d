"""Issue 23's Toepen items: ``second_exchange="all"`` (item 3) and what a poverty hand is
worth when the poor player goes out on a challenge before any card is played (item 9)."""

from __future__ import annotations

import pytest

from tablegames import RulesError, toepen
from tablegames.testing import apply_all, check_game

from .helpers import CLUBS, SPADES, SPLIT, game
from .test_options import DIAMONDS, DIRTY_H, FACES_D, round_trip

DEAL2 = [*DIRTY_H, *SPADES, *CLUBS, *DIAMONDS, *FACES_D]
ALL = {"second_exchange": "all"}


@pytest.mark.ruling("TOE-03")
def test_all_asks_every_player_still_in_again_in_the_same_order() -> None:
    s = game(DEAL2, exchanges=True, rules=ALL)
    events = apply_all(s, "0:exchange", "1:accept", "2:accept", "1:keep", "2:keep")
    assert [e.data for e in events if e.kind == "second_exchange"] == [{"seats": [0, 1, 2]}]
    assert s.view(0)["prompt"] == ("Second exchange: keep your new cards, or throw them in "
                                   "again for four more?")
    s.apply("0:keep")
    assert s.to_act == 1 and s.view(1)["legal"] == ["1:keep", "1:exchange"]
    assert s.view(1)["prompt"] == ("Second exchange: keep your hand, or throw it in for "
                                   "four new cards?")
    apply_all(s, "1:exchange")  # a first exchange, in the second round
    assert s.view(1)["hand"] == FACES_D and s.view(0)["thrown_again"][1] is None
    round_trip(s)
    apply_all(s, "2:accept", "0:challenge")  # the spades were no dirty hand
    assert s.lives == (0, 1, 0) and s.view(2)["thrown_again"][1] == ["7s", "8s", "9s", "Ts"]
    apply_all(s, "2:keep")
    assert s.view(None)["stage"] == "play"
    round_trip(s)


@pytest.mark.ruling("TOE-04")
def test_all_asks_a_caught_bluffer_who_took_back_their_own_cards() -> None:
    rules = {**ALL, "bluff_takes_back": True}
    s = game([*SPLIT, *FACES_D, *DIAMONDS], exchanges=True, rules=rules)
    events = apply_all(s, "0:exchange", "1:challenge", "1:keep", "2:keep")
    assert [e.data for e in events if e.kind == "second_exchange"] == [{"seats": [0, 1, 2]}]
    assert s.view(0)["hand"] == ["7h", "8h", "9h", "Th"]
    assert s.view(1)["shown"][0] == ["7h", "8h", "9h", "Th"]  # everybody saw it
    assert s.view(0)["prompt"].startswith("Second exchange: keep your hand")
    s.apply("0:exchange")  # throws the hand everybody saw in again
    assert s.view(0)["hand"] == ["7d", "8d", "9d", "Td"]
    assert s.view(1)["shown"][0] is None  # the new cards are hidden again
    known = s.known_cards(1)
    assert not any(known >> toepen.PACK.code(c) & 1 for c in ["7d", "8d", "9d", "Td"])
    round_trip(s)
    apply_all(s, "1:challenge")  # caught again: both draws lie aside
    assert s.lives == (2, 0, 0) and s.view(0)["hand"] == ["7h", "8h", "9h", "Th"]
    assert sorted(s.view(0)["set_aside"][0]) == sorted([*FACES_D, "7d", "8d", "9d", "Td"])
    assert s.view(2)["set_aside"][0] is None and s.view(2)["shown"][0] == ["7h", "8h", "9h", "Th"]
    round_trip(s)
    apply_all(s, "1:keep", "2:keep")
    assert s.view(None)["stage"] == "play"


@pytest.mark.ruling("TOE-04")
def test_worlds_keep_a_shown_hand_thrown_in_again_where_everybody_saw_it_go() -> None:
    """Found by helper-47: the hand a caught bluffer took back was seen by all; thrown in
    whole at the second exchange, it is still known to all. Worlds redealt it, so a
    search judged a sure challenge (the same clean hand again) as a gamble."""
    rules = {**ALL, "bluff_takes_back": True}
    s = game([*SPLIT, *FACES_D, *DIAMONDS], exchanges=True, rules=rules)
    apply_all(s, "0:exchange", "1:challenge", "1:keep", "2:keep", "0:exchange")
    assert s.view(1)["exchanger"] == 0 and s.to_act == 1
    hearts = tuple(sorted(toepen.PACK.code(c) for c in ["7h", "8h", "9h", "Th"]))
    assert s.thrown_again[0] == hearts
    for seat in (1, 2):
        known = s.known_cards(seat)
        assert all(known >> c & 1 for c in hearts)
        for k in range(20):
            world = s.sample_world(seat, k)
            assert world.thrown_again[0] == hearts
            assert not any(c in hearts for h in world.hands for c in h)
            # so the challenge is as sure in every world as in the game
            events = world.copy().apply(f"{seat}:challenge") if seat == 1 else []
            assert all(not e.data["honest"] for e in events if e.kind == "challenge")
    # the cards drawn for the new hand stay hidden from the others
    worlds = [s.sample_world(1, k) for k in range(20)]
    assert any(w.hands[0] != s.hands[0] for w in worlds)


def test_second_exchange_takes_true_false_or_all_only() -> None:
    assert toepen.Rules().second_exchange is False
    for value in ("all", True, False):
        assert toepen.new_game(3, rules={"second_exchange": value}).rules.second_exchange == value
    for bad in ("ALL", 1, 0, None, "x" * 500):
        with pytest.raises(RulesError) as info:
            toepen.new_game(3, rules={"second_exchange": bad})
        assert len(str(info.value)) < 300


@pytest.mark.parametrize("players", [3, 5])
def test_conformance_with_every_new_option_on(players: int) -> None:
    rules = {"second_exchange": "all", "bluff_takes_back": True, "fold_withdraws": True}
    report = check_game("toepen", players=players, seeds=range(10), full_every=3,
                        new_game_kwargs={"rules": rules})
    assert report.games == 10


@pytest.mark.ruling("TOE-31")
@pytest.mark.ruling("TOE-23")
def test_a_poverty_hand_whose_poor_player_goes_out_at_once_is_worth_one() -> None:
    """TOE-31 doubles a hand *because* a player in it is in poverty. When the only poor
    player goes out at once on a challenge penalty (TOE-04, TOE-23) before any card is
    played, nobody in the hand is in poverty any more: the hand is worth 1 again, led
    from the dealer's left, and nobody is asked to stay for 2."""
    deck = [*SPADES, "Jh", "Qh", "Ks", "Ad", *CLUBS, *DIAMONDS, "Ah", "Kh", "Qc", "Jc"]
    s = toepen.new_game(players=4, seed=1, deck=deck, lives=[9, 0, 0, 0],
                        rules={"ending": "elimination"})
    assert s.view(None)["stake"] == 2 and s.view(None)["poverty"] == [True, False, False, False]
    apply_all(s, "0:keep", "1:exchange", "2:accept", "3:accept", "0:challenge")
    v = s.view(None)
    assert s.lives[0] == 10 and v["out"][0] and not v["playing"][0]
    assert v["stake"] == 1 and v["poverty"] == [False] * 4
    apply_all(s, "2:keep", "3:keep")
    v = s.view(None)
    assert v["stage"] == "play" and v["leader"] == 1 and v["stake"] == 1
    while s.view(None)["round"] == 0:
        s.apply(s.legal_actions()[0])
    last = s.view(None)["last_round"]
    assert last["stake"] == 1 and set(last["paid"].values()) == {1}
