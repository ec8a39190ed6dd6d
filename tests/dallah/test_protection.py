"""Scenario tests for Ma Ysir and Ana Mali Dakhal (DAL-40..46)."""

from __future__ import annotations

import pytest

from tablegames import dallah
from tests.dallah.helpers import game, kinds, play, refused


@pytest.mark.ruling("DAL-40")
def test_a_drawn_protection_card_is_held_and_the_turn_goes_on() -> None:
    s = game(actions=["ma_ysir", "place"])
    ev = play(s, "0:draw")
    assert kinds(ev) == ["protection_held", "action_card"]
    assert s.view(0)["hand"] == ["ma_ysir"] and s.view(2)["held"][0] == ["ma_ysir"]
    assert s.view(0)["card"]["id"] == "place" and s.view(0)["stock"] == 29


@pytest.mark.ruling("DAL-41", "DAL-42")
def test_block_before_cups_move() -> None:
    s = game(actions=["kheth"], piles=[2, 0, 0], held=[[], ["ma_ysir"], []])
    play(s, "0:draw", "0:target 1")
    assert s.to_act == 1 and s.piles == (2, 0, 0)
    assert s.view(1)["legal"] == ["1:allow", "1:block"]
    assert s.view(1)["prompt"] == (
        "Kheth: P0 would give you 1 cup. Play Ma Ysir to block it, or allow it.")
    play(s, "1:block")
    assert s.piles == (2, 0, 0) and s.held == ((), (), ())
    assert s.view(None)["discard"] == ["ma_ysir", "kheth"]


@pytest.mark.ruling("DAL-42")
def test_a_blocked_swap_does_not_happen_at_all() -> None:
    s = game(actions=["tabadel"], piles=[5, 0, 1], held=[[], ["ma_ysir"], []])
    play(s, "0:draw", "1:block")
    assert s.piles == (5, 0, 1)


@pytest.mark.ruling("DAL-43")
def test_redirect_to_an_eligible_player_never_back_to_the_source() -> None:
    s = game(actions=["mabrook"], piles=[3, 0, 0], held=[[], ["ana_mali_dakhal"], []])
    play(s, "0:draw", "0:target 1")
    assert s.view(1)["legal"] == ["1:allow", "1:redirect 2"]
    refused(s, "1:redirect 0", "not_eligible", "DAL-43")
    refused(s, "1:redirect", "not_eligible", "DAL-43")
    refused(s, "1:block", "no_such_card", "DAL-41")
    play(s, "1:redirect 2")
    assert s.piles == (1, 0, 2)  # the source pile stays the source


@pytest.mark.ruling("DAL-43")
def test_redirect_without_a_valid_target_cancels() -> None:
    s = game(2, actions=["kheth"], piles=[2, 0], held=[[], ["ana_mali_dakhal"]])
    play(s, "0:draw", "0:target 1")
    assert s.view(1)["legal"] == ["1:allow", "1:redirect"]
    ev = play(s, "1:redirect")
    assert ev[0]["cancelled"] is True and s.piles == (2, 0)


@pytest.mark.ruling("DAL-44")
def test_one_protection_per_card_and_no_protecting_a_redirected_effect() -> None:
    s = game(actions=["pass_it"], piles=[1, 1, 1], held=[[], ["ma_ysir"], ["ana_mali_dakhal"]])
    play(s, "0:draw")
    assert s.view(None)["stage"] == "protect" and s.asked == (1, 2)
    play(s, "1:block")
    refused(s, "1:block", "protection_used", "DAL-44")
    refused(s, "1:allow", "protection_used", "DAL-44")
    play(s, "2:allow")
    assert s.piles == (1, 0, 2)  # seat 2's cup to seat 1 blocked, the other passes went
    s = game(actions=["kheth"], piles=[2, 0, 0], held=[[], ["ana_mali_dakhal"], ["ma_ysir"]])
    play(s, "0:draw", "0:target 1", "1:redirect 2")
    # the redirected cup reaches seat 2, who is not asked and keeps Ma Ysir
    assert s.piles == (1, 0, 1) and s.held[2] and s.to_act == 1


@pytest.mark.ruling("DAL-44")
def test_a_redirected_effect_cannot_be_protected_while_others_decide() -> None:
    s = game(4, actions=["reverse"], piles=[1, 1, 1, 1],
             held=[[], ["ana_mali_dakhal"], ["ma_ysir"], []])
    play(s, "0:draw")
    # left = next seat: 0->1, 1->2, 2->3, 3->0; asked in order: seat 1, then seat 2
    assert s.asked == (1, 2)
    play(s, "1:redirect 2")
    # seat 2 now receives two cups; its block covers only its own incoming one (from 1)
    ev = play(s, "2:block")
    moves = [(m["from"], m["to"]) for m in ev[-2]["moves"]]
    assert moves == [(0, 2), (2, 3), (3, 0)]
    assert s.piles == (1, 1, 1, 1)


@pytest.mark.ruling("DAL-44")
def test_the_redirect_target_is_refused_while_the_window_is_open() -> None:
    cards = dallah.DEFAULT_CARDS.to_dict()
    cards["protection"][0]["count"] = 2  # two Ma Ysir in this deck
    s = game(4, rules={"cards": cards}, actions=["pass_it"], piles=[1, 1, 0, 0],
             held=[["ana_mali_dakhal"], [], ["ma_ysir"], ["ma_ysir"]])
    play(s, "0:draw")
    # right: 0->3 and 1->0; asked: seat 0 (from 1), seat 3 (from 0)
    assert s.asked == (0, 3)
    play(s, "0:redirect 2")
    refused(s, "2:block", "redirected_effect", "DAL-44")
    refused(s, "1:block", "not_affected", "DAL-41")  # seat 1 only gives on this card
    play(s, "3:allow")
    assert s.piles == (0, 0, 1, 1)
    s = game(4, rules={"cards": cards}, actions=["pass_it"], piles=[1, 1, 0, 0],
             held=[["ana_mali_dakhal"], [], ["ma_ysir"], ["ma_ysir"]])
    play(s, "0:draw", "0:allow")
    refused(s, "0:redirect 2", "already_answered", "DAL-44")


@pytest.mark.ruling("DAL-44")
def test_the_redirect_target_may_not_protect_it() -> None:
    s = game(4, actions=["reverse"], piles=[1, 0, 0, 1],
             held=[[], ["ana_mali_dakhal"], ["ma_ysir"], []])
    play(s, "0:draw")
    # left = next seat: 0->1 and 3->0; asked: seat 1 (from 0)
    assert s.asked == (1,)
    play(s, "1:redirect 2")
    assert s.piles == (1, 0, 1, 0) and s.held[2] == (s.t.card_index["ma_ysir"],)
    s = game(4, actions=["pass_it"], piles=[1, 1, 0, 1],
             held=[[], [], ["ma_ysir"], ["ana_mali_dakhal"]])
    play(s, "0:draw")
    # right: 0->3, 1->0, 3->2; asked in order from seat 0: seat 2 (from 3), seat 3 (from 0)
    assert s.asked == (2, 3)
    play(s, "2:allow", "3:redirect 1")
    assert s.piles == (1, 1, 1, 0)


@pytest.mark.ruling("DAL-45")
def test_pass_it_protection_affects_only_your_incoming_cup() -> None:
    s = game(actions=["pass_it"], piles=[2, 2, 2], held=[[], [], ["ma_ysir"]])
    play(s, "0:draw", "2:block")
    # 0->2 blocked (seat 0 keeps its cup); 1->0 and 2->1 go ahead
    assert s.piles == (3, 2, 1)


@pytest.mark.ruling("DAL-46")
def test_no_protection_against_cups_knocked_down_or_a_finished_move() -> None:
    s = game(actions=["fazaa"], placements=["lid"], rolls=["tall"], held=[[], ["ma_ysir"], []])
    play(s, "0:draw", "1:roll", "1:fell lid:tall")
    refused(s, "1:block", "nothing_to_protect", "DAL-46")
    play(s, "1:settled")
    assert s.piles == (0, 1, 0)
    s = game(actions=["kheth"], piles=[1, 0, 0], held=[[], ["ma_ysir"], []])
    play(s, "0:draw", "0:target 1", "1:allow")
    assert s.piles == (0, 1, 0)
    refused(s, "1:block", "nothing_to_protect", "DAL-46")


@pytest.mark.ruling("DAL-41", "DAL-44")
def test_asked_in_clockwise_order_and_one_card_per_seat_even_holding_both() -> None:
    cards = dallah.DEFAULT_CARDS.to_dict()
    cards["protection"][0]["count"] = 2  # two Ma Ysir in this deck
    s = game(4, rules={"cards": cards}, actions=["reverse"], piles=[1, 1, 1, 1], first=2,
             held=[["ma_ysir", "ana_mali_dakhal"], [], [], ["ma_ysir"]])
    play(s, "2:draw")
    # left = next seat: 2->3, 3->0, 0->1, 1->2; asked clockwise from seat 2: 3, then 0
    assert s.asked == (3, 0)
    refused(s, "0:block", "out_of_turn", "DAL-41")
    assert s.view(0)["legal"] == [] and s.view(3)["legal"] == ["3:allow", "3:block"]
    play(s, "3:allow")
    assert s.view(0)["legal"] == ["0:allow", "0:block", "0:redirect 1", "0:redirect 2"]
    play(s, "0:block")
    # one protection per card: the other card stays held, unused, and the window closed
    assert s.held[0] == (s.t.card_index["ana_mali_dakhal"],)
    assert s.view(None)["stage"] == "draw" and s.to_act == 3
    assert s.piles == (0, 1, 1, 2)  # 3's cup to 0 blocked; 2->3, 0->1, 1->2 passed


@pytest.mark.ruling("DAL-43", "DAL-45")
def test_pass_it_redirect_never_returns_the_cup_to_its_source() -> None:
    s = game(4, actions=["pass_it"], piles=[1, 2, 0, 0], held=[[], [], [], ["ana_mali_dakhal"]])
    play(s, "0:draw")
    # right = previous seat: 0->3 and 1->0; seat 3 may send its cup from 0 to 1 or 2 only
    assert s.asked == (3,)
    assert s.view(3)["legal"] == ["3:allow", "3:redirect 1", "3:redirect 2"]
    refused(s, "3:redirect 0", "not_eligible", "DAL-43")
    refused(s, "3:redirect 3", "not_eligible", "DAL-43")
    play(s, "3:redirect 1")
    # seat 1 passes one and gets 0's cup at the same moment; seat 0 gives one, gets one
    assert s.piles == (1, 2, 0, 0)


@pytest.mark.ruling("DAL-42", "DAL-43")
def test_a_redirected_swap_keeps_its_source() -> None:
    s = game(4, actions=["surprise"], piles=[6, 0, 1, 3],
             held=[[], ["ana_mali_dakhal"], [], []])
    play(s, "0:draw", "0:target 1")
    assert s.view(1)["prompt"] == ("Surprise: P0 would swap piles with you. Play Ana Mali "
                                   "Dakhal to send it to another player, or allow it.")
    play(s, "1:redirect 2")
    assert s.piles == (1, 0, 6, 3)
    s = game(3, actions=["malek_shoghl"], piles=[4, 0, 2], held=[[], ["ma_ysir"], []])
    play(s, "0:draw", "1:block")
    assert s.piles == (4, 0, 2)


@pytest.mark.ruling("DAL-41")
def test_held_cards_stay_out_of_a_reshuffle_and_played_ones_go_to_the_discard() -> None:
    s = game(3, actions=["kheth"], piles=[2, 0, 0], held=[[], ["ma_ysir"], ["ana_mali_dakhal"]])
    play(s, "0:draw", "0:target 1", "1:block")
    ma_ysir, ana = s.t.card_index["ma_ysir"], s.t.card_index["ana_mali_dakhal"]
    assert ma_ysir in s.discard and s.held[2] == (ana,)
    s.discard, s.stock = s.discard + s.stock, ()
    play(s, "1:draw")
    assert ana not in s.stock + s.discard and s.held[2] == (ana,)
