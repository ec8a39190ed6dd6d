"""The special cards SHD-20 … SHD-28 and every open point the rules file lists.

Default table: 2 zero-it, 3 under-over, 5 five-or-less, 7 reverse, 8 skip, 9 transparent,
10 burn, 13 take-it-bad-luck. Play passes to the right (seat - 1).
"""

from __future__ import annotations

from collections import Counter

import pytest

from tablegames import shithead
from tablegames.testing import apply_all, assert_refused

from .helpers import all_cards, game, names, seat

ruling = pytest.mark.ruling


@ruling("SHD-20")
def test_zero_it_goes_on_anything_and_opens_the_pile() -> None:
    s = game(seat("9c 9d 9h", "4c 4d 4h", "1c 6d 12c"), seat("7c 7d 7h", "8c 8h 8s", "2s 6s 11d"))
    s.apply("0:play 12c")
    assert names(s) == ["1:play 2s"]  # nothing else reaches a 12
    s.apply("1:play 2s")
    v = s.view(None)
    assert v["pile_value"] == 0 and v["top_effect"] == "zero it"
    assert names(s) == ["0:play 1c", "0:play 6d"]


@ruling("SHD-21")
def test_five_or_less_goes_on_a_lower_card_and_caps_the_next() -> None:
    s = game(seat("9c 9d 9h", "4c 4d 4h", "1c 5c 6c"), seat("7c 7d 7h", "8c 8h 8s", "2d 4s 6d"))
    apply_all(s, "0:play 1c", "1:play 4s", "0:play 5c")
    assert s.view(None)["restriction"] == "5 or less"
    assert_refused(s, "1:play 6d", code="over_cap", ruling="SHD-21")
    assert names(s) == ["1:play 2d"]  # zero-it goes on anything, even under the cap
    lower = game(seat("9c 9d 9h", "4c 4d 4h", "1c 5c 6c"), seat("7c 7d 7h", "8c 8h 8s", "2d 4s 6d"))
    apply_all(lower, "0:play 1c", "1:play 6d")
    assert_refused(lower, "0:play 5c", code="too_low", ruling="SHD-21")
    equal = game(seat("9c 9d 9h", "4c 4d 4h", "1c 5c 6c"), seat("7c 7d 7h", "8c 8h 8s", "2d 5s 6d"))
    apply_all(equal, "0:play 5c")
    assert "1:play 5s" in names(equal)  # 5 or less: a 5 still goes on a 5


@ruling("SHD-22")
def test_one_skip_skips_one_player_two_skip_two() -> None:
    deal = [seat("9c 9d 9h", "4c 4d 4h", "1c 8c 8d"), seat("7c 7d 7h", "8h 8s 11s", "2d 4s 6d"),
            seat("6c 6h 6s", "12c 12d 12h", "11c 11d 11h"), seat("5c 5d 5h", "13c 13d 13h", "10c 10d 10h")]
    one = game(*deal)
    events = one.apply("0:play 8c")
    assert events[-1].for_seat(None) == {"kind": "skip", "seat": 0, "players": 1}
    assert one.turn == 2  # seat 3 (on the right) loses its turn
    two = game(*deal)
    two.apply("0:play 8c,8d")
    assert two.turn == 1  # seats 3 and 2 skipped


@ruling("SHD-22")
def test_skip_arithmetic_wraps_round_the_table_and_two_players() -> None:
    three = game(seat("9c 9d 9h", "4c 4d 4h", "1c 8c 8d"), seat("7c 7d 7h", "13s 11s 12s", "8h 4s 6d"),
                 seat("6c 6h 6s", "12c 12d 12h", "11c 11d 11h"))
    apply_all(three, "0:play 1c", "2:play 11c", "1:pickup", "0:play 8c,8d")
    # two skips among three players: seats 2 and 1 lose their turn, seat 0 plays again
    assert three.turn == 0
    duo = game(seat("9c 9d 9h", "4c 4d 4h", "1c 8c 8d"), seat("7c 7d 7h", "13s 11s 12s", "8h 4s 6d"))
    duo.apply("0:play 8c")
    assert duo.turn == 0  # with two players one Skip gives another turn
    duo2 = game(seat("9c 9d 9h", "4c 4d 4h", "1c 8c 8d"), seat("7c 7d 7h", "13s 11s 12s", "8h 4s 6d"))
    duo2.apply("0:play 8c,8d")
    assert duo2.turn == 1  # ... and two Skips go round to the other player


@ruling("SHD-23")
def test_reverse_turns_play_and_two_reverses_cancel() -> None:
    deal = [seat("9c 9d 9h", "4c 4d 4h", "1c 7c 7d"), seat("6c 6h 6s", "8h 8s 11s", "2d 4s 6d"),
            seat("5c 5d 5h", "12c 12d 12h", "11c 11d 11h")]
    one = game(*deal)
    events = one.apply("0:play 7c")
    assert events[-1].data == {"seat": 0, "effective": True, "direction": "left"}
    assert one.turn == 1 and one.view(None)["direction"] == "left"
    two = game(*deal)
    two.apply("0:play 7c,7d")
    assert two.turn == 2 and two.direction == -1  # each Reverse turns play: two cancel
    once = [shithead.Effect(7, "reverse", "ge", "once")]
    single = game(*deal, rules={"effects": [*shithead.DEFAULT_EFFECTS[:3], *once,
                                            *shithead.DEFAULT_EFFECTS[4:]]})
    single.apply("0:play 7c,7d")
    assert single.turn == 1  # multiples="once": the set turns play once


@ruling("SHD-23")
def test_reverse_with_two_players_is_a_plain_seven() -> None:
    s = game(seat("9c 9d 9h", "4c 4d 4h", "1c 7c 7d"), seat("6c 6h 6s", "8h 8s 11s", "2d 4s 6d"))
    events = s.apply("0:play 7c")
    assert events[-1].data["effective"] is False
    assert s.turn == 1 and s.direction == -1 and s.view(None)["pile_value"] == 7
    assert_refused(s, "1:play 6d", code="too_low", ruling="SHD-05")


@ruling("SHD-23", "SHD-01")
def test_reverse_counts_the_players_still_in_the_round() -> None:
    s = game(seat("2h 2s 3c", "10s 2c 2d", "10c 10d 10h"),
             seat("5c 5d 5s", "8c 8h 8s", "11c 11d 11h"),
             seat("6c 6d 6h", "7c 7d 4h", "12c 12d 12h"))
    apply_all(s, "0:play 10c,10d,10h", "0:play 10s", "0:play 2c,2d", "2:play 12c", "1:pickup",
              "0:blind 0", "2:play 12d", "1:play 2c", "0:blind 0", "2:play 12h", "1:play 2d",
              "0:blind 0")
    assert s.finished == [0] and s.turn == 2
    events = s.apply("2:play 7c")
    assert events[-1].data["effective"] is False  # two players left: a plain 7
    assert s.direction == -1 and s.turn == 1


@ruling("SHD-24")
def test_burn_removes_the_pile_and_the_burner_plays_again() -> None:
    s = game(seat("9c 9d 9h", "4c 4d 4h", "1c 10c 11c"), seat("6c 6h 6s", "8h 8s 11s", "2d 12s 6d"),
             stock=["12c"])
    apply_all(s, "0:play 1c", "1:play 12s")
    events = s.apply("0:play 10c")
    burn = next(e for e in events if e.kind == "burn")
    assert burn.data == {"seat": 0, "reason": "burn", "cards": ["1c", "12s", "10c"]}
    assert s.view(None)["pile"] == [] and s.view(None)["burnt"] == ["1c", "12s", "10c"]
    assert s.turn == 0  # plays again
    assert Counter(all_cards(s)) == Counter({c: 1 for c in range(52)})


@ruling("SHD-24", "SHD-01")
def test_burn_on_the_last_card_passes_the_turn_on() -> None:
    s = game(seat("10c 10d 10h", "4c 4d 4h", "1c 1d 1h"),
             seat("7c 7d 7h", "8c 8h 8s", "2d 6h 6s"),
             seat("5c 5d 5h", "12c 12h 12s", "2c 6c 6d"))
    apply_all(s, "0:play 1c,1d,1h", "2:play 2c", "1:play 2d", "0:play 4c,4d,4h", "2:play 6c",
              "1:play 6h", "0:blind 0")
    assert s.turn == 0  # a burn: seat 0 plays again, blind again
    s.apply("0:blind 0")
    assert s.turn == 0
    events = s.apply("0:blind 0")  # the last card burns: seat 0 has left, no "again"
    assert [e.kind for e in events] == ["blind", "burn", "finished"]
    assert s.finished == [0] and s.turn == 2 and not s.is_over


@ruling("SHD-24", "SHD-10")
def test_a_burn_played_blind_burns_and_plays_again() -> None:
    s = game(seat("10c 9d 4s", "4c 4d 4h", "1c 1d 1h"), seat("7c 7d 7h", "8c 8h 8s", "2s 6s 12d"))
    apply_all(s, "0:play 1c,1d,1h", "1:play 2s", "0:play 4c,4d,4h", "1:play 12d")
    events = s.apply("0:blind 0")
    assert [e.kind for e in events] == ["blind", "burn"]
    assert s.turn == 0 and names(s) == ["0:blind 0", "0:blind 1"]
    s.apply("0:blind 1")  # the 4s opens the empty pile
    events = s.apply("1:play 6s")
    assert s.turn == 0


@ruling("SHD-25")
def test_four_equal_values_burn_even_from_different_players() -> None:
    deal = [seat("9c 9d 9h", "4c 4d 4h", "1c 6c 6d"), seat("7c 7d 7h", "8h 8s 11s", "2d 6s 12d"),
            seat("5c 5d 5h", "12c 12h 12s", "6h 11c 11d")]
    s = game(*deal)
    apply_all(s, "0:play 1c", "2:play 6h", "1:play 6s")
    events = s.apply("0:play 6c,6d")
    burn = next(e for e in events if e.kind == "burn")
    assert burn.data["reason"] == "four of a kind" and burn.data["cards"][-4:] == [
        "6h", "6s", "6c", "6d"]
    assert s.turn == 0 and s.view(None)["pile"] == []  # the fourth card's player again
    off = game(*deal, rules={"burn_run": None})
    apply_all(off, "0:play 1c", "2:play 6h", "1:play 6s", "0:play 6c,6d")
    assert off.turn == 2 and len(off.pile) == 5


@ruling("SHD-25", "SHD-22")
def test_four_skips_burn_instead_of_skipping() -> None:
    s = game(seat("9c 9d 9h", "4c 4d 4h", "1c 8c 6d"), seat("7c 7d 7h", "5s 11s 12s", "8d 8h 8s"),
             seat("5c 5d 5h", "12c 12h 13s", "6h 11c 11d"))
    apply_all(s, "0:play 8c")  # skips seat 2: seat 1 next
    assert s.turn == 1
    events = s.apply("1:play 8d,8h,8s")
    assert any(e.kind == "burn" for e in events) and not any(e.kind == "skip" for e in events)
    assert s.turn == 1


@ruling("SHD-26")
def test_transparent_keeps_the_value_beneath_and_counts_nine_first() -> None:
    s = game(seat("5c 5d 5h", "4c 4d 4h", "1c 9c 11c"), seat("7c 7d 7h", "8c 8h 8s", "2d 9d 12d"),
             stock=["6c", "6d"])
    apply_all(s, "0:play 11c", "1:play 9d")
    v = s.view(None)
    assert v["pile_top"] == "9d" and v["pile_value"] == 11
    assert names(s) == ["0:play 9c"]  # the 1c is not enough: it is the 11 that counts
    empty = game(seat("5c 5d 5h", "4c 4d 4h", "9c 1c 11c"), seat("7c 7d 7h", "8c 8h 8s", "2d 8d 12d"))
    empty.apply("0:play 9c")
    assert empty.view(None)["pile_value"] == 9  # first card of the pile: counts 9
    # the 8 is a Skip, "placed on a lower card": the refusal cites its ruling
    assert_refused(empty, "1:play 8d", code="too_low", ruling="SHD-22")


@ruling("SHD-26", "SHD-21")
def test_transparent_keeps_a_restriction_too() -> None:
    s = game(seat("12c 12h 12s", "4c 4d 4h", "1c 5c 11c"), seat("7c 7d 7h", "8c 8h 8s", "2d 9d 12d"))
    apply_all(s, "0:play 5c", "1:play 9d")
    assert s.view(None)["restriction"] == "5 or less"
    assert names(s) == ["0:play 1c"]


@ruling("SHD-27")
def test_under_over_brings_the_bottom_card_to_the_top() -> None:
    s = game(seat("12c 12h 12s", "4c 4d 4h", "1c 4s 11c"), seat("7c 7d 7h", "8c 8h 8s", "3d 6d 13d"))
    apply_all(s, "0:play 4s", "1:play 6d", "0:play 11c")
    events = s.apply("1:play 3d")
    assert events[-1].for_seat(None) == {"kind": "under_over", "seat": 1, "top": "4s"}
    v = s.view(None)
    assert v["pile"] == ["6d", "11c", "3d", "4s"] and v["pile_value"] == 4
    assert names(s) == ["0:pickup"]  # seat 0's 1c does not reach the 4 brought up
    short = game(seat("12c 12h 12s", "4c 4d 4h", "1c 4s 11c"), seat("7c 7d 7h", "8c 8h 8s", "3d 6d 13d"))
    apply_all(short, "0:play 1c", "1:play 3d")
    assert short.view(None)["pile"] == ["3d", "1c"] and short.view(None)["pile_value"] == 1


@ruling("SHD-28")
def test_take_it_bad_luck_names_who_takes_the_pile() -> None:
    s = game(seat("9c 9d 9h", "4c 4d 4h", "1c 13c 11c"), seat("7c 7d 7h", "8c 8h 8s", "2d 6s 12d"),
             seat("5c 5d 5h", "12c 12h 12s", "6h 11h 11d"))
    apply_all(s, "0:play 1c", "2:play 6h", "1:play 12d")
    events = s.apply("0:play 13c")
    assert events[-1].for_seat(None) == {"kind": "removed", "seat": 0, "cards": ["13c"]}
    assert s.view(0)["phase"] == "give" and names(s) == ["0:give 1", "0:give 2"]
    assert s.view(0)["prompt"].startswith("Take it, bad luck")
    assert_refused(s, "0:give 0", code="bad_target", ruling="SHD-28")
    assert_refused(s, "0:give 7", code="bad_target", ruling="SHD-28")
    assert_refused(s, "0:play 11c", code="wrong_phase", ruling="SHD-28")
    assert_refused(s, "2:give 1", code="out_of_turn", ruling="SHD-28")
    s.apply("0:give 1")
    assert s.view(2)["known"][1] == ["1c", "6h", "12d"]
    assert s.view(None)["pile"] == [] and s.view(None)["removed"] == ["13c"]
    assert s.turn == 2  # play goes on from the giver
    assert all_cards(s) == Counter({c: 1 for c in range(52)})


@ruling("SHD-28")
def test_take_it_with_one_choice_or_an_empty_pile_asks_nothing() -> None:
    duo = game(seat("9c 9d 9h", "4c 4d 4h", "1c 13c 11c"), seat("7c 7d 7h", "8c 8h 8s", "2d 6s 12d"))
    apply_all(duo, "0:play 1c", "1:play 12d")
    events = duo.apply("0:play 13c")
    assert events[-1].for_seat(None) == {"kind": "give", "seat": 0, "target": 1,
                                         "cards": ["1c", "12d"]}
    assert duo.turn == 1
    empty = game(seat("9c 9d 9h", "4c 4d 4h", "1c 13c 13d"), seat("7c 7d 7h", "8c 8h 8s", "2d 6s 12d"),
                 seat("5c 5d 5h", "12c 12h 12s", "6h 11h 11d"))
    events = empty.apply("0:play 13c")  # on an empty pile: nothing to give, still removed
    assert [e.kind for e in events] == ["play", "removed"]
    assert empty.view(None)["phase"] == "play" and empty.removed == [48]


@ruling("SHD-28", "SHD-01", "SHD-10")
def test_a_player_going_out_with_take_it_still_names_the_taker() -> None:
    s = game(seat("10c 13c 13d", "4c 4d 4h", "1c 1d 1h"),
             seat("7c 7d 7h", "8c 8h 8s", "2d 6h 6s"),
             seat("5c 5d 5h", "12c 12h 12s", "2c 6c 6d"))
    apply_all(s, "0:play 1c,1d,1h", "2:play 2c", "1:play 2d", "0:play 4c,4d,4h", "2:play 6c",
              "1:play 6h", "0:blind 0", "0:blind 0", "2:play 6d", "1:play 6s")
    events = s.apply("0:blind 0")  # a Take-it played blind, as the last card
    assert [e.kind for e in events] == ["blind", "removed"]
    assert s.to_act == 0 and names(s) == ["0:give 1", "0:give 2"]
    events = s.apply("0:give 1")  # ... names the taker, then leaves
    assert events[0].for_seat(None) == {"kind": "give", "seat": 0, "target": 1,
                                        "cards": ["6d", "6s"]}
    assert events[1].kind == "finished" and s.finished == [0]
    assert s.turn == 2 and s.view(None)["removed"] == ["13c", "13d"]


@ruling("SHD-21", "SHD-26")
def test_classic_table_seven_plays_lower_and_three_is_transparent() -> None:
    s = game(seat("9c 9d 9h", "4c 4d 4h", "1c 7c 11c"), seat("12c 12d 12h", "8c 8h 8s", "3d 6d 8d"),
             rules="classic")
    assert s.rules.effect(7).does == "play_lower"
    s.apply("0:play 7c")
    assert s.view(None)["restriction"] == "7 or less"
    assert names(s) == ["1:play 3d", "1:play 6d"]
    assert_refused(s, "1:play 8d", code="over_cap", ruling="SHD-21")
    s.apply("1:play 3d")  # transparent: the 7's "or less" still stands
    assert s.view(None)["restriction"] == "7 or less" and names(s) == ["0:play 1c"]
