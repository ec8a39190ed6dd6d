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
    s = game(seat("9♣ 9♦ 9♥", "4♣ 4♦ 4♥", "A♣ 6♦ Q♣"), seat("7♣ 7♦ 7♥", "8♣ 8♥ 8♠", "2♠ 6♠ J♦"))
    s.apply("0:play Qc")
    assert names(s) == ["1:play 2s"]  # nothing else reaches a 12
    s.apply("1:play 2s")
    v = s.view(None)
    assert v["pile_value"] == 0 and v["top_effect"] == "zero it"
    assert names(s) == ["0:play Ac", "0:play 6d"]


@ruling("SHD-21")
def test_five_or_less_goes_on_a_lower_card_and_caps_the_next() -> None:
    s = game(seat("9♣ 9♦ 9♥", "4♣ 4♦ 4♥", "A♣ 5♣ 6♣"), seat("7♣ 7♦ 7♥", "8♣ 8♥ 8♠", "2♦ 4♠ 6♦"))
    apply_all(s, "0:play Ac", "1:play 4s", "0:play 5c")
    assert s.view(None)["restriction"] == "5 or less"
    assert_refused(s, "1:play 6d", code="over_cap", ruling="SHD-21")
    assert names(s) == ["1:play 2d"]  # zero-it goes on anything, even under the cap
    lower = game(seat("9♣ 9♦ 9♥", "4♣ 4♦ 4♥", "A♣ 5♣ 6♣"), seat("7♣ 7♦ 7♥", "8♣ 8♥ 8♠", "2♦ 4♠ 6♦"))
    apply_all(lower, "0:play Ac", "1:play 6d")
    assert_refused(lower, "0:play 5c", code="too_low", ruling="SHD-21")
    equal = game(seat("9♣ 9♦ 9♥", "4♣ 4♦ 4♥", "A♣ 5♣ 6♣"), seat("7♣ 7♦ 7♥", "8♣ 8♥ 8♠", "2♦ 5♠ 6♦"))
    apply_all(equal, "0:play 5c")
    assert "1:play 5s" in names(equal)  # 5 or less: a 5 still goes on a 5


@ruling("SHD-22")
def test_one_skip_skips_one_player_two_skip_two() -> None:
    deal = [seat("9♣ 9♦ 9♥", "4♣ 4♦ 4♥", "A♣ 8♣ 8♦"), seat("7♣ 7♦ 7♥", "8♥ 8♠ J♠", "2♦ 4♠ 6♦"),
            seat("6♣ 6♥ 6♠", "Q♣ Q♦ Q♥", "J♣ J♦ J♥"), seat("5♣ 5♦ 5♥", "K♣ K♦ K♥", "10♣ 10♦ 10♥")]
    one = game(*deal)
    events = one.apply("0:play 8c")
    assert events[-1].for_seat(None) == {"kind": "skip", "seat": 0, "players": 1,
                                         "skipped": [3], "again": False}
    assert one.active == 2  # seat 3 (on the right) loses its turn
    two = game(*deal)
    skip = two.apply("0:play 8c,8d")[-1].for_seat(None)
    assert two.active == 1 and skip["skipped"] == [3, 2]  # seats 3 and 2 skipped


@ruling("SHD-22")
def test_skip_arithmetic_wraps_round_the_table_and_two_players() -> None:
    three = game(seat("9♣ 9♦ 9♥", "4♣ 4♦ 4♥", "A♣ 8♣ 8♦"), seat("7♣ 7♦ 7♥", "K♠ J♠ Q♠", "8♥ 4♠ 6♦"),
                 seat("6♣ 6♥ 6♠", "Q♣ Q♦ Q♥", "J♣ J♦ J♥"))
    apply_all(three, "0:play Ac", "2:play Jc", "1:pickup", "0:play 8c,8d")
    # two skips among three players: seats 2 and 1 lose their turn, seat 0 plays again
    assert three.active == 0
    duo = game(seat("9♣ 9♦ 9♥", "4♣ 4♦ 4♥", "A♣ 8♣ 8♦"), seat("7♣ 7♦ 7♥", "K♠ J♠ Q♠", "8♥ 4♠ 6♦"))
    duo.apply("0:play 8c")
    assert duo.active == 0  # with two players one Skip gives another turn
    duo2 = game(seat("9♣ 9♦ 9♥", "4♣ 4♦ 4♥", "A♣ 8♣ 8♦"), seat("7♣ 7♦ 7♥", "K♠ J♠ Q♠", "8♥ 4♠ 6♦"))
    duo2.apply("0:play 8c,8d")
    assert duo2.active == 0  # two Skips pass over the one opponent twice: seat 0 again
    seats = game(seat("9♣ 9♦ 9♥", "4♣ 4♦ 4♥", "A♣ 8♣ 8♦"), seat("7♣ 7♦ 7♥", "K♠ J♠ Q♠", "8♥ 4♠ 6♦"),
                 rules={"skips": "seats"})
    seats.apply("0:play 8c,8d")
    assert seats.active == 1  # counting seats round the table, the skipper too: the other player


@ruling("SHD-23")
def test_reverse_turns_play_and_two_reverses_cancel() -> None:
    deal = [seat("9♣ 9♦ 9♥", "4♣ 4♦ 4♥", "A♣ 7♣ 7♦"), seat("6♣ 6♥ 6♠", "8♥ 8♠ J♠", "2♦ 4♠ 6♦"),
            seat("5♣ 5♦ 5♥", "Q♣ Q♦ Q♥", "J♣ J♦ J♥")]
    one = game(*deal)
    events = one.apply("0:play 7c")
    assert events[-1].data == {"seat": 0, "effective": True, "direction": "clockwise"}
    assert one.active == 1 and one.view(None)["direction"] == "clockwise"
    two = game(*deal)
    two.apply("0:play 7c,7d")
    assert two.active == 2 and two.direction == -1  # each Reverse turns play: two cancel
    once = [shithead.Effect(7, "reverse", "ge", "once")]
    single = game(*deal, rules={"effects": [*shithead.DEFAULT_EFFECTS[:3], *once,
                                            *shithead.DEFAULT_EFFECTS[4:]]})
    single.apply("0:play 7c,7d")
    assert single.active == 1  # multiples="once": the set turns play once


@ruling("SHD-23")
def test_reverse_with_two_players_is_a_plain_seven() -> None:
    s = game(seat("9♣ 9♦ 9♥", "4♣ 4♦ 4♥", "A♣ 7♣ 7♦"), seat("6♣ 6♥ 6♠", "8♥ 8♠ J♠", "2♦ 4♠ 6♦"))
    events = s.apply("0:play 7c")
    assert events[-1].data["effective"] is False
    assert s.active == 1 and s.direction == -1 and s.view(None)["pile_value"] == 7
    assert_refused(s, "1:play 6d", code="too_low", ruling="SHD-05")


@ruling("SHD-23", "SHD-01")
def test_reverse_counts_the_players_still_in_the_round() -> None:
    s = game(seat("2♥ 2♠ 3♣", "10♠ 2♣ 2♦", "10♣ 10♦ 10♥"),
             seat("5♣ 5♦ 5♠", "8♣ 8♥ 8♠", "J♣ J♦ J♥"),
             seat("6♣ 6♦ 6♥", "7♣ 7♦ 4♥", "Q♣ Q♦ Q♥"))
    apply_all(s, "0:play 10c,10d,10h", "0:play 10s", "0:play 2c,2d", "2:play Qc", "1:pickup",
              "0:blind 0", "2:play Qd", "1:play 2c", "0:blind 0", "2:play Qh", "1:play 2d",
              "0:blind 0")
    assert s.finished == (0,) and s.active == 2
    events = s.apply("2:play 7c")
    assert events[-1].data["effective"] is False  # two players left: a plain 7
    assert s.direction == -1 and s.active == 1


@ruling("SHD-24")
def test_burn_removes_the_pile_and_the_burner_plays_again() -> None:
    s = game(seat("9♣ 9♦ 9♥", "4♣ 4♦ 4♥", "A♣ 10♣ J♣"), seat("6♣ 6♥ 6♠", "8♥ 8♠ J♠", "2♦ Q♠ 6♦"),
             stock=["Q♣"])
    apply_all(s, "0:play Ac", "1:play Qs")
    events = s.apply("0:play 10c")
    burn = next(e for e in events if e.kind == "burn")
    assert burn.data == {"seat": 0, "reason": "burn", "cards": ["A♣", "Q♠", "10♣"]}
    assert s.view(None)["pile"] == [] and s.view(None)["burnt"] == ["A♣", "Q♠", "10♣"]
    assert s.active == 0  # plays again
    assert Counter(all_cards(s)) == Counter({c: 1 for c in range(52)})


@ruling("SHD-24", "SHD-01")
def test_burn_on_the_last_card_passes_the_turn_on() -> None:
    s = game(seat("10♣ 10♦ 10♥", "4♣ 4♦ 4♥", "A♣ A♦ A♥"),
             seat("7♣ 7♦ 7♥", "8♣ 8♥ 8♠", "2♦ 6♥ 6♠"),
             seat("5♣ 5♦ 5♥", "Q♣ Q♥ Q♠", "2♣ 6♣ 6♦"))
    apply_all(s, "0:play Ac,Ad,Ah", "2:play 2c", "1:play 2d", "0:play 4c,4d,4h", "2:play 6c",
              "1:play 6h", "0:blind 0")
    assert s.active == 0  # a burn: seat 0 plays again, blind again
    s.apply("0:blind 0")
    assert s.active == 0
    events = s.apply("0:blind 0")  # the last card burns: seat 0 has left, no "again"
    assert [e.kind for e in events] == ["blind", "burn", "finished"]
    assert s.finished == (0,) and s.active == 2 and not s.is_over


@ruling("SHD-24", "SHD-10")
def test_a_burn_played_blind_burns_and_plays_again() -> None:
    s = game(seat("10♣ 9♦ 4♠", "4♣ 4♦ 4♥", "A♣ A♦ A♥"), seat("7♣ 7♦ 7♥", "8♣ 8♥ 8♠", "2♠ 6♠ Q♦"))
    apply_all(s, "0:play Ac,Ad,Ah", "1:play 2s", "0:play 4c,4d,4h", "1:play Qd")
    events = s.apply("0:blind 0")
    assert [e.kind for e in events] == ["blind", "burn"]
    assert s.active == 0 and names(s) == ["0:blind 0", "0:blind 1"]
    s.apply("0:blind 1")  # the 4♠ opens the empty pile
    events = s.apply("1:play 6s")
    assert s.active == 0


@ruling("SHD-25")
def test_four_equal_values_burn_even_from_different_players() -> None:
    deal = [seat("9♣ 9♦ 9♥", "4♣ 4♦ 4♥", "A♣ 6♣ 6♦"), seat("7♣ 7♦ 7♥", "8♥ 8♠ J♠", "2♦ 6♠ Q♦"),
            seat("5♣ 5♦ 5♥", "Q♣ Q♥ Q♠", "6♥ J♣ J♦")]
    s = game(*deal)
    apply_all(s, "0:play Ac", "2:play 6h", "1:play 6s")
    events = s.apply("0:play 6c,6d")
    burn = next(e for e in events if e.kind == "burn")
    assert burn.data["reason"] == "four of a kind" and burn.data["cards"][-4:] == [
        "6♥", "6♠", "6♣", "6♦"]
    assert s.active == 0 and s.view(None)["pile"] == []  # the fourth card's player again
    off = game(*deal, rules={"burn_run": None})
    apply_all(off, "0:play Ac", "2:play 6h", "1:play 6s", "0:play 6c,6d")
    assert off.active == 2 and len(off.pile) == 5


@ruling("SHD-25", "SHD-22")
def test_four_skips_burn_instead_of_skipping() -> None:
    s = game(seat("9♣ 9♦ 9♥", "4♣ 4♦ 4♥", "A♣ 8♣ 6♦"), seat("7♣ 7♦ 7♥", "5♠ J♠ Q♠", "8♦ 8♥ 8♠"),
             seat("5♣ 5♦ 5♥", "Q♣ Q♥ K♠", "6♥ J♣ J♦"))
    apply_all(s, "0:play 8c")  # skips seat 2: seat 1 next
    assert s.active == 1
    events = s.apply("1:play 8d,8h,8s")
    assert any(e.kind == "burn" for e in events) and not any(e.kind == "skip" for e in events)
    assert s.active == 1


@ruling("SHD-25", "SHD-27")
def test_four_of_a_kind_made_by_under_overs_burns_and_their_player_plays_again() -> None:
    """SHD-25 judges the pile as the whole play leaves it: two Under-overs laid on Q♦ bring
    up the two 3s beneath it, four 3s lie on top and the pile burns, as any four of a kind
    does; the Under-overs' player counts as having laid the fourth (found by helper-77: the
    four 3s stayed on top and the turn passed on)."""
    deal = [seat("9♣ 9♦ 9♥", "4♣ 4♦ 4♥", "3♠ Q♦ J♣"), seat("7♣ 7♦ 7♥", "8♣ 8♥ 8♠", "3♥ 3♣ 3♦")]
    rules = {"starter": "seat", "starter_seat": 0}
    s = game(*deal, rules=rules)
    apply_all(s, "0:play 3s", "1:play 3h", "0:play Qd")
    assert s.view(None)["pile"] == ["3♥", "3♠", "Q♦"]
    events = [e.for_seat(None) for e in s.apply("1:play 3c,3d")]
    assert [e["kind"] for e in events] == ["play", "under_over", "burn"]
    assert events[1] == {"kind": "under_over", "seat": 1, "top": "3♠"}
    assert events[2] == {"kind": "burn", "seat": 1, "reason": "four of a kind",
                         "cards": ["Q♦", "3♣", "3♦", "3♥", "3♠"]}
    assert s.pile == () and s.view(None)["pile_value"] == 0 and s.to_act == 1
    # seat 1's hand is empty: it plays again from its face-up 8s, on an empty pile
    assert names(s) == ["1:play 8c", "1:play 8h", "1:play 8s", "1:play 8c,8h", "1:play 8c,8s",
                        "1:play 8h,8s", "1:play 8c,8h,8s"]
    assert s.legal_actions(0) == []
    # without four of a kind (burn_run=None) the cards brought up only set the pile
    off = game(*deal, rules={**rules, "burn_run": None})
    apply_all(off, "0:play 3s", "1:play 3h", "0:play Qd", "1:play 3c,3d")
    assert off.view(None)["pile"] == ["Q♦", "3♣", "3♦", "3♥", "3♠"] and off.to_act == 0


@ruling("SHD-26")
def test_transparent_keeps_the_value_beneath_and_counts_nine_first() -> None:
    s = game(seat("5♣ 5♦ 5♥", "4♣ 4♦ 4♥", "A♣ 9♣ J♣"), seat("7♣ 7♦ 7♥", "8♣ 8♥ 8♠", "2♦ 9♦ Q♦"),
             stock=["6♣", "6♦"])
    apply_all(s, "0:play Jc", "1:play 9d")
    v = s.view(None)
    assert v["pile_top"] == "9♦" and v["pile_value"] == 11
    assert names(s) == ["0:play 9c"]  # the A♣ is not enough: it is the 11 that counts
    empty = game(seat("5♣ 5♦ 5♥", "4♣ 4♦ 4♥", "9♣ A♣ J♣"), seat("7♣ 7♦ 7♥", "8♣ 8♥ 8♠", "2♦ 8♦ Q♦"))
    empty.apply("0:play 9c")
    assert empty.view(None)["pile_value"] == 9  # first card of the pile: counts 9
    # the 8 is a Skip, "placed on a lower card": the refusal cites its ruling
    assert_refused(empty, "1:play 8d", code="too_low", ruling="SHD-22")


@ruling("SHD-26", "SHD-21")
def test_transparent_keeps_a_restriction_too() -> None:
    s = game(seat("Q♣ Q♥ Q♠", "4♣ 4♦ 4♥", "A♣ 5♣ J♣"), seat("7♣ 7♦ 7♥", "8♣ 8♥ 8♠", "2♦ 9♦ Q♦"))
    apply_all(s, "0:play 5c", "1:play 9d")
    assert s.view(None)["restriction"] == "5 or less"
    assert names(s) == ["0:play Ac"]


@ruling("SHD-27")
def test_under_over_brings_the_bottom_card_to_the_top() -> None:
    s = game(seat("Q♣ Q♥ Q♠", "4♣ 4♦ 4♥", "A♣ 4♠ J♣"), seat("7♣ 7♦ 7♥", "8♣ 8♥ 8♠", "3♦ 6♦ K♦"))
    apply_all(s, "0:play 4s", "1:play 6d", "0:play Jc")
    events = s.apply("1:play 3d")
    assert events[-1].for_seat(None) == {"kind": "under_over", "seat": 1, "top": "4♠"}
    v = s.view(None)
    assert v["pile"] == ["6♦", "J♣", "3♦", "4♠"] and v["pile_value"] == 4
    assert names(s) == ["0:pickup"]  # seat 0's A♣ does not reach the 4 brought up
    short = game(seat("Q♣ Q♥ Q♠", "4♣ 4♦ 4♥", "A♣ 4♠ J♣"), seat("7♣ 7♦ 7♥", "8♣ 8♥ 8♠", "3♦ 6♦ K♦"))
    apply_all(short, "0:play Ac", "1:play 3d")
    assert short.view(None)["pile"] == ["3♦", "A♣"] and short.view(None)["pile_value"] == 1


@ruling("SHD-28")
def test_take_it_bad_luck_names_who_takes_the_pile() -> None:
    s = game(seat("9♣ 9♦ 9♥", "4♣ 4♦ 4♥", "A♣ K♣ J♣"), seat("7♣ 7♦ 7♥", "8♣ 8♥ 8♠", "2♦ 6♠ Q♦"),
             seat("5♣ 5♦ 5♥", "Q♣ Q♥ Q♠", "6♥ J♥ J♦"))
    apply_all(s, "0:play Ac", "2:play 6h", "1:play Qd")
    events = s.apply("0:play Kc")
    assert events[-1].for_seat(None) == {"kind": "removed", "seat": 0, "cards": ["K♣"]}
    assert s.view(0)["stage"] == "give" and names(s) == ["0:give 1", "0:give 2"]
    assert s.view(0)["prompt"].startswith("Take it, bad luck")
    assert_refused(s, "0:give 0", code="bad_target", ruling="SHD-28")
    assert_refused(s, "0:give 7", code="bad_target", ruling="SHD-28")
    assert_refused(s, "0:play Jc", code="wrong_phase", ruling="SHD-05")  # a play's ruling
    assert_refused(s, "2:give 1", code="out_of_turn", ruling="SHD-28")
    s.apply("0:give 1")
    assert s.view(2)["known_cards"][1] == ["A♣", "6♥", "Q♦"]
    assert s.view(None)["pile"] == [] and s.view(None)["removed"] == ["K♣"]
    assert s.active == 2  # play goes on from the giver
    assert all_cards(s) == Counter({c: 1 for c in range(52)})


@ruling("SHD-28")
def test_take_it_with_one_choice_or_an_empty_pile_asks_nothing() -> None:
    duo = game(seat("9♣ 9♦ 9♥", "4♣ 4♦ 4♥", "A♣ K♣ J♣"), seat("7♣ 7♦ 7♥", "8♣ 8♥ 8♠", "2♦ 6♠ Q♦"))
    apply_all(duo, "0:play Ac", "1:play Qd")
    events = duo.apply("0:play Kc")
    assert events[-1].for_seat(None) == {"kind": "give", "seat": 0, "target": 1,
                                         "cards": ["A♣", "Q♦"]}
    assert duo.active == 1
    empty = game(seat("9♣ 9♦ 9♥", "4♣ 4♦ 4♥", "A♣ K♣ K♦"), seat("7♣ 7♦ 7♥", "8♣ 8♥ 8♠", "2♦ 6♠ Q♦"),
                 seat("5♣ 5♦ 5♥", "Q♣ Q♥ Q♠", "6♥ J♥ J♦"))
    events = empty.apply("0:play Kc")  # on an empty pile: nothing to give, still removed
    assert [e.kind for e in events] == ["play", "removed"]
    assert empty.view(None)["stage"] == "play" and empty.removed == (48,)


@ruling("SHD-28", "SHD-01", "SHD-10")
def test_a_player_going_out_with_take_it_still_names_the_taker() -> None:
    s = game(seat("10♣ K♣ K♦", "4♣ 4♦ 4♥", "A♣ A♦ A♥"),
             seat("7♣ 7♦ 7♥", "8♣ 8♥ 8♠", "2♦ 6♥ 6♠"),
             seat("5♣ 5♦ 5♥", "Q♣ Q♥ Q♠", "2♣ 6♣ 6♦"))
    apply_all(s, "0:play Ac,Ad,Ah", "2:play 2c", "1:play 2d", "0:play 4c,4d,4h", "2:play 6c",
              "1:play 6h", "0:blind 0", "0:blind 0", "2:play 6d", "1:play 6s")
    events = s.apply("0:blind 0")  # a Take-it played blind, as the last card
    assert [e.kind for e in events] == ["blind", "removed"]
    assert s.to_act == 0 and names(s) == ["0:give 1", "0:give 2"]
    events = s.apply("0:give 1")  # ... names the taker, then leaves
    assert events[0].for_seat(None) == {"kind": "give", "seat": 0, "target": 1,
                                        "cards": ["6♦", "6♠"]}
    assert events[1].kind == "finished" and s.finished == (0,)
    assert s.active == 2 and s.view(None)["removed"] == ["K♣", "K♦"]


@ruling("SHD-21", "SHD-26")
def test_classic_table_seven_plays_lower_and_three_is_transparent() -> None:
    s = game(seat("9♣ 9♦ 9♥", "4♣ 4♦ 4♥", "2♠ 7♣ A♣"), seat("Q♣ Q♦ Q♥", "8♣ 8♥ 8♠", "3♦ 6♦ 8♦"),
             rules="classic")
    assert s.rules.effect(7).playable_on_me == "lower"
    assert s.starter == 0  # the ace is high: seat 0's 2 is the lowest card
    s.apply("0:play 7c")
    assert s.view(None)["restriction"] == "7 or less"
    assert names(s) == ["1:play 3d", "1:play 6d"]
    assert_refused(s, "1:play 8d", code="over_cap", ruling="SHD-21")
    s.apply("1:play 3d")  # transparent: the 7's "or less" still stands
    assert s.view(None)["restriction"] == "7 or less"
    assert names(s) == ["0:play 2s"]  # the high ace is not 7 or less



@ruling("SHD-22", "SHD-23", "SHD-05")
@pytest.mark.parametrize(("value", "does", "ruling_id"), [
    (8, "skip", "SHD-22"), (7, "reverse", "SHD-23"), (6, "plain", "SHD-05")])
def test_a_strict_house_row_is_refused_under_its_own_kinds_ruling(
        value: int, does: str, ruling_id: str) -> None:
    """``on="lower"`` on a row other than a restriction: a card laid on its equal is
    refused citing the ruling of the row's kind (a Skip SHD-22, a Reverse SHD-23, a plain
    card SHD-05), not the five-or-less's SHD-21."""
    rules = {"effects": [{"value": value, "does": does, "on": "lower"}]}
    s = game(seat("9♣ 9♦ 9♥", "4♣ 4♦ 4♥", f"A♣ {value}♣ {value}♥"),
             seat("J♣ J♦ J♥", "Q♣ Q♥ Q♠", f"2♦ {value}♦ K♦"), rules=rules)
    s.apply(f"0:play {value}c")  # a lone Skip skips seat 1: seat 0 plays again
    card = f"{value}d" if s.to_act == 1 else f"{value}h"
    assert_refused(s, f"{s.to_act}:play {card}", code="not_lower", ruling=ruling_id)
