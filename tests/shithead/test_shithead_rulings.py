"""One scenario (or more) per Shithead ruling SHD-01 … SHD-10, on stacked decks.

The special cards (SHD-20 … SHD-28) are in ``test_shithead_specials.py``. Seats are
numbered clockwise and play passes to the right (seat - 1) unless a test says otherwise.
"""

from __future__ import annotations

import pytest

from tablegames import OutOfTurn, SetupError, shithead
from tablegames.testing import apply_all, assert_refused

from .helpers import all_cards, game, names, seat

ruling = pytest.mark.ruling


@ruling("SHD-01")
def test_the_last_player_holding_cards_loses() -> None:
    s = game(seat("6♣ 6♦ 6♥", "4♣ 4♦ 4♥", "A♣ A♦ A♥"),
             seat("Q♣ Q♦ Q♥", "2♠ 9♣ 9♦", "2♣ 2♦ 2♥"))
    apply_all(s, "0:play Ac,Ad,Ah", "1:play 2c", "0:play 4c,4d,4h", "1:play 2d",
              "0:blind 0", "1:play 2h", "0:blind 0", "1:play 2s")
    assert not s.is_over
    events = s.apply("0:blind 0")
    assert [e.kind for e in events][-3:] == ["finished", "round_over", "game_over"]
    assert s.is_over and s.to_act is None
    out = s.outcome()
    assert out.losers == frozenset({1}) and out.winners == frozenset({0})
    assert out.scores == (1, 2)
    assert out.detail["cards_left"] == [0, 5]
    assert s.view(1)["prompt"].endswith("P1 is the shithead.")


@ruling("SHD-04")
def test_only_the_seat_to_act_may_play() -> None:
    s = game(seat("6♣ 6♦ 6♥", "4♣ 4♦ 4♥", "A♣ A♦ A♥"),
             seat("Q♣ Q♦ Q♥", "2♠ 9♣ 9♦", "2♣ 2♦ 2♥"),
             seat("K♣ K♦ K♥", "J♣ J♦ J♥", "3♣ 3♦ 3♥"))
    apply_all(s, "0:play Ac,Ad,Ah", "2:play 3c", "1:play 2c")
    assert s.active == 0
    assert s.legal_actions(2) == [] and s.legal_actions(1) == []
    refused = assert_refused(s, "2:play 3d", code="out_of_turn", ruling="SHD-04")
    assert isinstance(refused, OutOfTurn)


@ruling("SHD-01")
def test_with_three_players_the_round_goes_on_after_the_first_leaves() -> None:
    s = game(seat("2♥ 2♠ 3♣", "10♠ 2♣ 2♦", "10♣ 10♦ 10♥"),
             seat("7♣ 7♦ 7♥", "8♣ 8♥ 8♠", "J♣ J♦ J♥"),
             seat("6♣ 6♦ 6♥", "4♣ 4♦ 4♥", "Q♣ Q♦ Q♥"))
    apply_all(s, "0:play 10c,10d,10h", "0:play 10s", "0:play 2c,2d", "2:play Qc", "1:pickup",
              "0:blind 0", "2:play Qd", "1:play 2c", "0:blind 0", "2:play Qh", "1:play 2d")
    events = s.apply("0:blind 0")
    assert events[-1].for_seat(None) == {"kind": "finished", "seat": 0, "place": 1}
    assert not s.is_over and s.finished == (0,) and s.active == 2
    assert s.view(None)["playing"] == [False, True, True]
    assert s.view(0)["prompt"] == "You have shed all your cards."
    assert_refused(s, "0:blind 0", code="finished", ruling="SHD-01")


@ruling("SHD-02")
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_deal_three_down_three_up_three_in_hand(players: int) -> None:
    s = shithead.new_game(players=players, seed=players)
    v = s.view(0)
    assert v["face_down"] == [3] * players
    assert [len(u) for u in v["face_up"]] == [3] * players
    assert v["hand_sizes"] == [3] * players and len(v["hand"]) == 3
    assert v["stock"] == 52 - 9 * players
    assert sum(all_cards(s).values()) == 52


@ruling("SHD-02")
def test_deal_reads_a_stacked_deck_seat_by_seat_and_more_decks_seat_more_players() -> None:
    s = game(seat("6♣ 6♦ 6♥", "4♣ 4♦ 4♥", "A♣ A♦ A♥"), seat("7♣ 7♦ 7♥", "8♣ 8♦ 8♥", "2♣ 2♦ 2♥"),
             stock=["K♠", "Q♠"])
    assert s.face_up == ((12, 13, 14), (28, 29, 30))
    assert s.view(1)["hand"] == ["2♣", "2♦", "2♥"] and s.view(None)["stock"] == 2
    assert s.stock[-1] == shithead.pack().code("K♠")  # top of the draw pile
    with pytest.raises(SetupError, match="at most 5 players"):
        shithead.new_game(players=6)
    big = shithead.new_game(players=11, rules={"decks": 2})
    assert big.view(None)["stock"] == 104 - 99
    assert shithead.max_players(1) == 5 and shithead.max_players(2) == 11


@ruling("SHD-03")
def test_each_player_swaps_once_seat_by_seat() -> None:
    s = game(seat("6♣ 6♦ 6♥", "4♣ 9♦ Q♥", "A♣ 2♦ K♥"), seat("7♣ 7♦ 7♥", "8♣ 8♦ 8♥", "2♣ 3♦ 5♥"),
             swap=True)
    assert s.view(0)["stage"] == "swap" and s.to_act == 0
    legal = names(s)
    assert legal[0] == "0:done" and len(legal) == 20  # any 3 of the 6 cards may end face up
    assert "0:swap 4c,9d/2d,Kh" in legal
    events = s.apply("0:swap 4c/Kh")
    assert events[0].for_seat(None) == {"kind": "swap", "seat": 0, "to_hand": ["4♣"],
                                        "to_face_up": ["K♥"]}
    assert s.view(0)["face_up"][0] == ["9♦", "Q♥", "K♥"]
    assert s.view(0)["hand"] == ["A♣", "2♦", "4♣"]
    assert s.view(1)["known_cards"][0] == ["4♣"]  # it was face up: everyone saw it go to the hand
    assert s.to_act == 1
    assert_refused(s, "0:swap 9d/Ac", code="already_swapped", ruling="SHD-03")
    assert_refused(s, "1:swap 8c,8d/2c", code="swap_count", ruling="SHD-03")
    assert_refused(s, "1:swap 9d/2c", code="not_face_up", ruling="SHD-03")
    assert_refused(s, "1:swap 8c/Kh", code="not_in_hand", ruling="SHD-03")
    assert_refused(s, "1:play 2c", code="wrong_phase", ruling="SHD-05")  # a play's ruling
    s.apply("1:done")
    assert s.view(None)["stage"] == "play"
    assert_refused(s, "0:swap 9d/Ac", code="wrong_phase", ruling="SHD-03")  # the swap's


@ruling("SHD-03")
def test_swap_can_be_switched_off() -> None:
    s = game(seat("6♣ 6♦ 6♥", "4♣ 9♦ Q♥", "A♣ 2♦ K♥"), seat("7♣ 7♦ 7♥", "8♣ 8♦ 8♥", "2♣ 3♦ 5♥"),
             rules={"swap": False})
    assert s.view(None)["stage"] == "play"


@ruling("SHD-04")
def test_lowest_card_starts_and_play_passes_to_the_right() -> None:
    s = game(seat("6♣ 6♦ 6♥", "4♣ 4♦ 4♥", "5♣ 8♦ J♥"), seat("7♣ 7♦ 7♥", "8♣ 8♥ 8♠", "3♣ 9♦ 9♥"),
             seat("6♠ 7♠ 9♠", "J♣ J♦ J♠", "4♠ Q♦ Q♥"), seat("A♣ A♦ A♥", "Q♣ Q♠ K♣", "5♦ K♦ K♥"),
             rules={"direction": "counter-clockwise"})
    assert s.active == 1 and s.starter == 1  # 3♣ is the lowest card in any hand
    assert s.view(2)["known_cards"][1] == ["3♣"]  # shown to the table
    assert s.view(None)["direction"] == "counter-clockwise"
    s.apply("1:play 3c")
    assert s.active == 0  # to the right: counter-clockwise
    s.apply("0:play 5c")
    assert s.active == 3
    left = game(seat("6♣ 6♦ 6♥", "4♣ 4♦ 4♥", "5♣ 8♦ J♥"), seat("7♣ 7♦ 7♥", "8♣ 8♥ 8♠", "3♣ 9♦ 9♥"),
                seat("6♠ 7♠ 9♠", "J♣ J♦ J♠", "4♠ Q♦ Q♥"), seat("A♣ A♦ A♥", "Q♣ Q♠ K♣", "5♦ K♦ K♥"),
                rules={"direction": "clockwise"})
    left.apply("1:play 3c")
    assert left.active == 2


@ruling("SHD-04")
def test_a_one_starts_before_a_two_and_ties_go_from_seat_zero_in_direction() -> None:
    s = game(seat("6♣ 6♦ 6♥", "4♣ 4♦ 4♥", "2♣ 8♦ J♥"), seat("7♣ 7♦ 7♥", "8♣ 8♥ 8♠", "3♣ 9♦ 9♥"),
             seat("6♠ 7♠ 9♠", "J♣ J♦ J♠", "A♠ Q♦ Q♥"))
    assert s.starter == 2
    tie = game(seat("6♣ 6♦ 6♥", "4♣ 4♦ 4♥", "3♥ 8♦ J♥"), seat("7♣ 7♦ 7♥", "8♣ 8♥ 8♠", "3♣ 9♦ 9♥"),
               seat("6♠ 7♠ 9♠", "J♣ J♦ J♠", "3♠ Q♦ Q♥"))
    assert tie.starter == 0
    tie2 = game(seat("6♣ 6♦ 6♥", "4♣ 4♦ 4♥", "5♥ 8♦ J♥"), seat("7♣ 7♦ 7♥", "8♣ 8♥ 8♠", "3♣ 9♦ 9♥"),
                seat("6♠ 7♠ 9♠", "J♣ J♦ J♠", "3♠ Q♦ Q♥"))
    assert tie2.starter == 2  # from seat 0 to the right: 0, 2, 1
    left = game(seat("6♣ 6♦ 6♥", "4♣ 4♦ 4♥", "5♥ 8♦ J♥"), seat("7♣ 7♦ 7♥", "8♣ 8♥ 8♠", "3♣ 9♦ 9♥"),
                seat("6♠ 7♠ 9♠", "J♣ J♦ J♠", "3♠ Q♦ Q♥"), rules={"direction": "clockwise"})
    assert left.starter == 1 and left.view(None)["direction"] == "clockwise"  # 0, 1, 2


@ruling("SHD-05")
def test_play_a_card_equal_or_higher_and_refuse_a_lower_one() -> None:
    s = game(seat("9♣ 9♦ 9♥", "4♣ 4♦ 4♥", "A♣ 6♠ J♥"), seat("7♣ 7♦ 7♥", "8♣ 8♥ 8♠", "4♠ 6♣ Q♦"),
             stock=["J♣", "J♦", "J♠", "Q♣"])
    apply_all(s, "0:play 6s")
    assert s.view(None)["pile_value"] == 6
    assert names(s) == ["1:play 6c", "1:play Qd"]  # 4♠ does not reach the 6; equal is fine
    assert_refused(s, "1:play 4s", code="too_low", ruling="SHD-05")
    s.apply("1:play 6c")
    assert s.view(None)["pile"] == ["6♠", "6♣"]


@ruling("SHD-06")
def test_draw_back_to_three_while_the_draw_pile_lasts() -> None:
    s = game(seat("6♣ 6♦ 6♥", "4♣ 4♦ 4♥", "A♣ A♦ J♥"), seat("7♣ 7♦ 7♥", "8♣ 8♥ 8♠", "4♠ 6♠ Q♦"),
             stock=["J♣", "J♦", "Q♠"])
    events = s.apply("0:play Ac,Ad")
    draw = next(e for e in events if e.kind == "draw")
    assert draw.for_seat(None) == {"kind": "draw", "seat": 0, "count": 2, "stock": 1}
    assert draw.for_seat(0)["cards"] == ["J♣", "J♦"] and "cards" not in draw.for_seat(1)
    assert s.view(0)["hand"] == ["J♣", "J♦", "J♥"]
    s.apply("1:play 4s")
    assert s.view(1)["hand"] == ["6♠", "Q♦", "Q♠"] and s.view(None)["stock"] == 0
    s.apply("0:play Jc")
    assert s.view(0)["hand"] == ["J♦", "J♥"]  # the draw pile is gone


@ruling("SHD-06")
def test_holding_more_than_three_draws_nothing() -> None:
    s = game(seat("6♣ 6♦ 6♥", "4♣ 4♦ 4♥", "A♣ 4♠ 6♠"), seat("7♣ 7♦ 7♥", "8♣ 8♥ 8♠", "J♠ Q♦ Q♠"),
             stock=["J♣", "J♦", "J♥", "Q♥"])
    apply_all(s, "0:play Ac", "1:play Qd", "0:pickup", "1:play Jd")
    assert s.view(0)["hand"] == ["A♣", "4♠", "6♠", "J♣", "Q♦"]
    events = s.apply("0:play Jc")
    assert [e.kind for e in events] == ["play"]  # four cards left: no draw
    assert s.view(None)["stock"] == 1


@ruling("SHD-07")
def test_cards_of_equal_value_go_together_and_mixed_sets_are_refused() -> None:
    s = game(seat("9♣ 9♦ 9♥", "4♣ 4♦ 4♥", "A♣ 6♠ 6♥"), seat("7♣ 7♦ 7♥", "8♣ 8♥ 8♠", "4♠ 6♣ Q♦"),
             stock=["J♣", "J♦", "J♠", "Q♣"])
    s.apply("0:play Ac")
    s.apply("1:play 4s")
    assert names(s)[:3] == ["0:play 6h", "0:play 6s", "0:play 6h,6s"]
    assert_refused(s, "0:play 6s,Jc", code="mixed_values", ruling="SHD-07")
    assert_refused(s, "0:play Qd", code="not_in_hand", ruling="SHD-05")
    s.apply("0:play 6h,6s")
    assert s.view(None)["pile"][-2:] == ["6♥", "6♠"]


@ruling("SHD-08")
def test_pick_up_the_pile_when_nothing_fits_and_only_then() -> None:
    s = game(seat("6♣ 6♦ 6♥", "4♣ 4♦ 4♥", "A♣ 4♠ J♥"), seat("7♣ 7♦ 7♥", "8♣ 8♥ 8♠", "A♦ 6♠ Q♦"),
             stock=["J♣"])
    apply_all(s, "0:play Ac", "1:play Qd")
    assert names(s) == ["0:pickup"]
    s.apply("0:pickup")
    assert s.view(1)["known_cards"][0] == ["A♣", "Q♦"]  # the pile was face up: everyone knows
    assert s.view(0)["hand"] == ["A♣", "4♠", "J♣", "J♥", "Q♦"]
    assert s.view(None)["pile"] == [] and s.active == 1
    assert_refused(s, "1:pickup", code="must_play", ruling="SHD-08")


@ruling("SHD-09")
def test_face_up_cards_only_after_the_hand_and_draw_pile() -> None:
    s = game(seat("6♣ 6♦ 6♥", "4♣ 4♦ Q♥", "A♣ A♦ A♥"), seat("7♣ 7♦ 7♥", "8♣ 8♥ 8♠", "A♠ 6♠ Q♦"))
    assert_refused(s, "0:play 4c", code="hand_first", ruling="SHD-09")
    apply_all(s, "0:play Ac,Ad,Ah", "1:play 6s")
    assert names(s) == ["0:play Qh"]  # the 4♠ do not reach the 6
    s.apply("0:play Qh")
    s.apply("1:play Qd")
    assert names(s) == ["0:pickup"]  # no face-up card fits: pick up (SHD-09)
    s.apply("0:pickup")
    assert s.view(0)["hand"] == ["A♣", "A♦", "A♥", "6♠", "Q♦", "Q♥"] and s.face_up[0] == (12, 13)


@ruling("SHD-10")
def test_blind_face_down_card_that_fits_is_played() -> None:
    s = game(seat("Q♣ 6♦ 6♥", "4♣ 4♦ 4♥", "A♣ A♦ A♥"), seat("7♣ 7♦ 7♥", "8♣ 8♥ 8♠", "2♠ 6♠ Q♦"))
    apply_all(s, "0:play Ac,Ad,Ah", "1:play 2s", "0:play 4c,4d,4h", "1:play 6s")
    assert s.view(0)["face_down"][0] == 3 and names(s) == ["0:blind 0", "0:blind 1", "0:blind 2"]
    assert_refused(s, "0:blind 3", code="no_such_card", ruling="SHD-10")
    assert_refused(s, "0:pickup", code="play_blind", ruling="SHD-10")
    assert_refused(s, "0:play 6d", code="play_blind", ruling="SHD-10")
    events = s.apply("0:blind 0")
    assert events[0].for_seat(1) == {"kind": "blind", "seat": 0, "index": 0, "card": "Q♣",
                                     "fits": True}
    assert s.view(None)["pile_value"] == 12


@ruling("SHD-10")
def test_blind_card_that_does_not_fit_is_taken_with_the_pile() -> None:
    s = game(seat("4♠ 6♦ 6♥", "4♣ 4♦ 4♥", "A♣ A♦ A♥"), seat("7♣ 7♦ 7♥", "8♣ 8♥ 8♠", "2♠ 6♠ Q♦"))
    apply_all(s, "0:play Ac,Ad,Ah", "1:play 2s", "0:play 4c,4d,4h", "1:play 6s")
    events = s.apply("0:blind 0")
    assert events[0].data["fits"] is False and events[1].kind == "pickup"
    assert s.view(0)["hand"] == ["A♣", "A♦", "A♥", "2♠", "4♣", "4♦", "4♥", "4♠", "6♠"]
    assert s.view(1)["known_cards"][0] == s.view(0)["hand"]
    assert s.view(0)["face_down"][0] == 2
    s.apply("1:play Qd")
    # the other face-down cards wait until the hand is empty again
    assert_refused(s, "0:blind 0", code="not_blind_yet", ruling="SHD-10")
    assert names(s) == ["0:play 2s"]  # only the zero-it reaches the 12


@ruling("SHD-01")
def test_a_match_keeps_a_loser_tally_across_rounds() -> None:
    s = game(seat("6♣ 6♦ 6♥", "4♣ 4♦ 4♥", "A♣ A♦ A♥"),
             seat("Q♣ Q♦ Q♥", "2♠ 9♣ 9♦", "2♣ 2♦ 2♥"), rules={"rounds": 3})
    apply_all(s, "0:play Ac,Ad,Ah", "1:play 2c", "0:play 4c,4d,4h", "1:play 2d",
              "0:blind 0", "1:play 2h", "0:blind 0", "1:play 2s")
    events = s.apply("0:blind 0")
    kinds = [e.kind for e in events]
    assert kinds[kinds.index("round_over"):][:3] == ["round_over", "shuffle", "deal"]
    assert not s.is_over and s.tally == (0, 1) and s.view(None)["round"] == 1
    assert s.view(None)["stage"] == "play" and sum(all_cards(s).values()) == 52
    assert s.view(None)["last_round"] == {"round": 0, "loser": 1, "order": [0], "limit_hit": False}
    while not s.is_over:
        s.apply(s.legal_actions()[0])
    out = s.outcome()
    assert sum(out.scores) == 3 and out.scores == tuple(s.tally)
    assert out.losers == {p for p in (0, 1) if s.tally[p] == max(s.tally)}
    assert len(out.detail["rounds_done"]) == 3


@ruling("SHD-01")
def test_a_round_that_goes_round_in_circles_is_settled_by_the_action_limit() -> None:
    # house rule: passing the same 12 back and forth never ends; at the limit the seat
    # holding the most cards loses
    s = game(seat("6♣ 6♦ 6♥", "7♣ 7♦ 7♥", "4♣ 4♦ Q♣"), seat("9♣ 9♦ 9♥", "8♣ 8♥ 8♠", "5♣ 5♦ 6♠"),
             rules={"effects": [], "action_limit": 50})
    apply_all(s, "0:play Qc", "1:pickup", "0:play 4c", "1:play Qc", "0:pickup")
    for _ in range(7):  # back where it was each time: the same hands, seat 1 to start a pile
        apply_all(s, "1:play 6s", "0:play Qc", "1:pickup", "0:play 4c", "1:play Qc", "0:pickup")
        assert s.hands == ((12, 13, 44), (16, 17, 23)) and s.to_act == 1
    assert not s.is_over and s.plays == 47
    apply_all(s, "1:play 6s", "0:play Qc", "1:pickup")
    assert s.is_over and s.limit_hit
    out = s.outcome()
    assert out.losers == {1} and out.detail["limit_hit"] and out.detail["cards_left"] == [8, 10]
