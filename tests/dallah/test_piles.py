"""Scenario tests for the ten pile actions (DAL-30..38)."""

from __future__ import annotations

import pytest

from tests.dallah.helpers import game, kinds, play, refused


@pytest.mark.ruling("DAL-30")
def test_pile_actions_replace_placement() -> None:
    s = game(actions=["yalla_bye"], piles=[2, 0, 0])
    ev = play(s, "0:draw")
    assert kinds(ev) == ["action_card", "retire", "turn"]
    v = s.view(None)
    assert v["placement_stock"] == 10 and s.to_act == 1 and s.shared_total() == 23


@pytest.mark.ruling("DAL-31")
def test_pile_actions_use_personal_piles_only() -> None:
    s = game(actions=["kullah_lak"], piles=[3, 1, 0], pot={"neck": ["tall"]})
    shared, pot = s.shared, s.pot
    play(s, "0:draw", "0:target 1")
    assert s.piles == (0, 4, 0)
    assert s.shared == shared and s.pot == pot


@pytest.mark.ruling("DAL-32")
def test_give_what_you_have_and_an_empty_pile_gives_zero() -> None:
    s = game(actions=["mabrook"], piles=[1, 0, 0])
    play(s, "0:draw")
    assert s.view(0)["prompt"] == "Mabrook: choose who gets 1 cup from your pile."
    play(s, "0:target 2")
    assert s.piles == (0, 0, 1)
    s = game(actions=["kheth"])
    ev = play(s, "0:draw")
    assert "no_effect" in kinds(ev) and s.to_act == 1  # still ends the turn


@pytest.mark.ruling("DAL-33", "DAL-34")
def test_half_half_rounds_down_to_the_next_player() -> None:
    s = game(actions=["half_half"], piles=[5, 0, 0])
    play(s, "0:draw")
    assert s.piles == (3, 2, 0)
    s = game(actions=["half_half"], piles=[0, 0, 3], first=2)
    play(s, "2:draw")
    assert s.piles == (1, 0, 2)  # the next player clockwise from seat 2 is seat 0


@pytest.mark.ruling("DAL-34")
def test_tabadel_swaps_with_the_next_player() -> None:
    s = game(actions=["tabadel"], piles=[1, 4, 2])
    play(s, "0:draw")
    assert s.piles == (4, 1, 2)


@pytest.mark.ruling("DAL-35")
def test_malek_shoghl_ties_and_different_players() -> None:
    s = game(4, actions=["malek_shoghl"], piles=[3, 3, 0, 1])
    play(s, "0:draw")
    assert s.view(0)["legal"] == ["0:pair 0 2", "0:pair 1 2"]
    refused(s, "0:pair 0 3", "not_tied", "DAL-35")
    play(s, "0:pair 1 2")
    assert s.piles == (3, 2, 1, 1)
    s = game(actions=["malek_shoghl"], piles=[5, 0, 2])
    play(s, "0:draw")
    assert s.piles == (4, 1, 2)  # one biggest, one smallest: no choice to make
    s = game(actions=["malek_shoghl"])
    ev = play(s, "0:draw")
    assert "no_effect" in kinds(ev) and s.piles == (0, 0, 0)


@pytest.mark.ruling("DAL-36")
def test_surprise_targets_another_player() -> None:
    s = game(actions=["surprise"], piles=[4, 1, 0])
    play(s, "0:draw")
    assert "0:target 0" not in s.view(0)["legal"]
    refused(s, "0:target 0", "target_self", "DAL-36")
    refused(s, "0:target 7", "no_such_seat", "DAL-36")
    play(s, "0:target 2")
    assert s.piles == (0, 1, 4)


@pytest.mark.ruling("DAL-37")
def test_pass_it_and_reverse_pass_at_the_same_time() -> None:
    s = game(actions=["pass_it"], piles=[2, 0, 3])
    play(s, "0:draw")
    # right = the previous seat: 0 -> 2 and 2 -> 1; seat 1 does not pass what it received
    assert s.piles == (1, 1, 3) and s.to_act == 1
    s = game(actions=["reverse"], piles=[2, 0, 3])
    play(s, "0:draw")
    assert s.piles == (2, 1, 2) and s.to_act == 1


@pytest.mark.ruling("DAL-38")
def test_yalla_bye_retires_cups() -> None:
    s = game(actions=["yalla_bye"], piles=[1, 0, 0])
    play(s, "0:draw")
    assert s.piles == (0, 0, 0) and s.retired == 1 and s.view(None)["retired"] == 1
    assert s.cups_in_play() == 25
