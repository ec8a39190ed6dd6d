"""One scenario (or more) per Toepen ruling, on stacked decks."""

from __future__ import annotations

import pytest

from tablegames import IllegalAction, OutOfTurn, toepen
from tablegames.testing import apply_all, assert_refused
from tablegames.toepen.present import present

from .helpers import CLUBS, HEARTS, SPADES, SPLIT, game

ruling = pytest.mark.ruling


def finish_hand(state: toepen.State) -> None:
    """Play out the current hand with each seat's first legal card."""
    hand = state.round
    while state.round == hand and not state.is_over:
        plays = [a for a in state.legal_actions() if isinstance(a, toepen.Play)]
        state.apply(plays[0] if plays else state.legal_actions()[0])


@ruling("TOE-01")
def test_pack_and_rank_order() -> None:
    pack = toepen.PACK
    assert pack.size == 32
    assert sorted({f.rank for f in pack.faces}) == sorted(["7", "8", "9", "T", "J", "Q", "K", "A"])
    # within a suit: J < Q < K < A < 7 < 8 < 9 < 10
    order = ["Jh", "Qh", "Kh", "Ah", "7h", "8h", "9h", "Th"]
    assert [pack.strength[pack.code(c)] for c in order] == list(range(8))
    # a 7 beats an ace of the led suit; a ten of another suit wins nothing (no trumps)
    s = game(["Ah", "Jc", "Qc", "Kc", "7h", "Js", "Qs", "Ks", "Td", "Jd", "Qd", "Kd"])
    events = apply_all(s, "0:play Ah", "1:play 7h", "2:play Td")
    trick = next(e for e in events if e.kind == "trick")
    assert trick.data["winner"] == 1 and trick.data["card"] == "7h"


@ruling("TOE-02")
def test_four_cards_each_rest_is_stock() -> None:
    for n in range(2, 9):
        s = toepen.new_game(players=n, seed=n)
        v = s.view(None)
        assert v["hand_sizes"] == [4] * n
        assert v["stock"] == 32 - 4 * n
    s = game(SPLIT)
    assert s.view(0)["hand"] == ["7h", "8h", "9h", "Th"]
    assert s.view(1)["hand"] == ["7s", "8s", "9s", "Ts"]
    assert "hand" not in s.view(None)


@ruling("TOE-03", "TOE-56")
def test_dirty_hand_exchange_draws_four_from_stock() -> None:
    deck = ["Jh", "Qh", "Kh", "Ah", *SPADES, *CLUBS, "Th", "9h", "8h", "7h"]
    s = game(deck, exchanges=True)
    assert s.view(0)["stage"] == "exchange" and s.legal_actions() == [toepen.Keep(0), toepen.Exchange(0)]
    apply_all(s, "0:exchange")
    assert s.view(0)["hand"] == ["7h", "8h", "9h", "Th"]
    assert s.view(0)["thrown"][0] == ["Jh", "Qh", "Kh", "Ah"]
    assert s.view(1)["thrown"][0] is None  # face down: others do not see it
    assert s.view(None)["stock"] == 32 - 12 - 4


@ruling("TOE-03")
def test_any_hand_may_be_exchanged_even_a_bluff() -> None:
    s = game([*SPLIT, "Jd", "Qd", "Kd", "Ad"], exchanges=True)
    apply_all(s, "0:exchange", "1:accept", "2:accept")
    assert s.view(0)["hand"] == ["Jd", "Qd", "Kd", "Ad"]
    assert s.lives == (0, 0, 0)  # unchallenged bluff costs nothing


@ruling("TOE-04")
def test_challenge_of_an_honest_exchange_costs_the_challenger() -> None:
    s = game(["Jh", "Qh", "Kh", "Ah", *SPADES, *CLUBS], exchanges=True)
    events = apply_all(s, "0:exchange", "1:challenge")
    ch = next(e for e in events if e.kind == "challenge")
    assert ch.data["honest"] is True and ch.data["thrown"] == ["Jh", "Qh", "Kh", "Ah"]
    assert s.lives == (0, 1, 0)
    assert s.view(2)["thrown"][0] == ["Jh", "Qh", "Kh", "Ah"]  # turned face up for all


@ruling("TOE-04")
def test_caught_bluff_costs_the_exchanger_who_keeps_the_new_hand() -> None:
    deck = [*HEARTS, *SPADES, *CLUBS, "Jd", "Qd", "Kd", "Ad"]
    s = game(deck, exchanges=True)
    apply_all(s, "0:exchange", "1:accept", "2:challenge")
    assert s.lives == (1, 0, 0)
    assert s.view(0)["hand"] == ["Jd", "Qd", "Kd", "Ad"]
    harsh = game(deck, exchanges=True, rules={"bluff_penalty": 2})
    apply_all(harsh, "0:exchange", "1:challenge")
    assert harsh.lives == (2, 0, 0)


@ruling("TOE-04", "TOE-03")
def test_lenient_dirty_hand_variant_accepts_three_faces_and_a_seven() -> None:
    deck = ["Jh", "Qh", "Kh", "7h", *SPADES, *CLUBS]
    strict = game(deck, exchanges=True)
    apply_all(strict, "0:exchange", "1:challenge")
    assert strict.lives == (1, 0, 0)
    lenient = game(deck, exchanges=True, rules={"dirty_hand": "faces_or_seven"})
    apply_all(lenient, "0:exchange", "1:challenge")
    assert lenient.lives == (0, 1, 0)


@ruling("TOE-04", "TOE-03")
def test_lenient_dirty_hand_variant_still_calls_three_faces_and_an_eight_a_bluff() -> None:
    # the lenient hand is three faces and a 7, not three faces and any low card
    lenient = game(["Jh", "Qh", "Kh", "8h", *SPADES, *CLUBS], exchanges=True,
                   rules={"dirty_hand": "faces_or_seven"})
    apply_all(lenient, "0:exchange", "1:challenge")
    assert lenient.lives == (1, 0, 0)


@ruling("TOE-10")
def test_trick_is_one_card_each_and_first_card_sets_suit() -> None:
    s = game(["8d", "Jc", "Qc", "Kc", "9d", "Js", "Qs", "Ks", "Th", "Ah", "Qh", "Kh"])
    events = apply_all(s, "0:play 8d", "1:play 9d")
    assert [p["card"] for p in s.view(None)["trick"]] == ["8d", "9d"]
    events = s.apply("2:play Th")  # cannot follow diamonds: a ten of hearts wins nothing
    trick = next(e for e in events if e.kind == "trick")
    assert trick.data["winner"] == 1
    assert s.view(None)["tricks"][0]["cards"] == [
        {"seat": 0, "card": "8d"}, {"seat": 1, "card": "9d"}, {"seat": 2, "card": "Th"}]


@ruling("TOE-11")
def test_must_follow_suit_and_highest_of_led_suit_wins() -> None:
    s = game(["Th", "7h", "Jc", "Qc", "9h", "8h", "Kc", "Ac", "Js", "Qs", "Ks", "As"])
    s.apply("0:play Th")
    assert [str(a) for a in s.legal_actions() if isinstance(a, toepen.Play)] == ["1:play 8h", "1:play 9h"]
    err = assert_refused(s, "1:play Kc", code="must_follow_suit", ruling="TOE-11")
    assert isinstance(err, IllegalAction) and isinstance(err, ValueError)
    s.apply("1:play 8h")
    # seat 2 has no hearts: any card
    assert len([a for a in s.legal_actions() if isinstance(a, toepen.Play)]) == 4
    events = s.apply("2:play As")
    assert next(e for e in events if e.kind == "trick").data["winner"] == 0


@ruling("TOE-12")
def test_left_of_dealer_leads_then_trick_winner_leads() -> None:
    s = game(SPLIT, dealer=1)  # seat 2 is left of the dealer and gets the first packet
    assert s.to_act == 2 and s.view(2)["hand"] == ["Th", "9h", "8h", "7h"][::-1]
    assert_refused(s, "0:play Ts", code="out_of_turn", ruling="TOE-12")
    apply_all(s, "2:play Th", "0:play 7s", "1:play 7c")
    assert s.to_act == 2  # won the trick, leads the next


@ruling("TOE-13", "TOE-20")
def test_only_the_last_trick_counts_and_its_winner_deals_next() -> None:
    s = game(["Th", "7h", "Jc", "Qc", "9h", "8h", "Kc", "Ac", "Js", "Qs", "Ks", "As"])
    apply_all(
        s,
        "0:play Th", "1:play 8h", "2:play Js",  # seat 0 wins trick 1 ...
        "0:play 7h", "1:play 9h", "2:play Qs",  # ... seat 1 wins trick 2
        "1:play Kc", "2:play Ks", "0:play Qc",
        "1:play Ac", "2:play As", "0:play Jc",  # seat 1 wins the last trick
    )
    assert s.lives == (1, 0, 1)  # the round is worth 1; all but the winner pay
    assert s.last_round is not None and s.last_round["winner"] == 1
    assert s.dealer == 1 and s.to_act == 2  # winner deals; left of dealer leads


@ruling("TOE-21")
def test_anyone_may_knock_at_any_time_in_play() -> None:
    s = game(SPLIT)
    assert toepen.Knock(0) in s.legal_actions()
    assert s.legal_actions(2) == [toepen.Knock(2)]  # out of turn, offered as an interrupt
    s.apply("2:knock")
    assert s.stake == 2 and s.to_act == 0  # others answer from the knocker's left
    on_turn = game(SPLIT, rules={"knock_only_on_turn": True})
    assert on_turn.legal_actions(2) == []
    assert_refused(on_turn, "2:knock", code="knock_on_turn", ruling="TOE-21")


@ruling("TOE-22")
def test_after_a_knock_each_other_player_stays_or_folds_in_order() -> None:
    s = game([*SPLIT, "Td", "9d", "8d", "7d"], players=4)
    s.apply("1:knock")
    order = []
    while s.view(None)["stage"] == "respond":
        order.append(s.to_act)
        assert s.legal_actions() == [toepen.Stay(s.to_act), toepen.Fold(s.to_act)]
        s.apply(toepen.Stay(s.to_act) if s.to_act != 3 else toepen.Fold(3))
    assert order == [2, 3, 0]
    assert s.lives == (0, 0, 0, 1) and s.stake == 2
    assert s.view(None)["folded"] == [False, False, False, True]


@ruling("TOE-23")
def test_reaching_the_limit_ends_the_rubber() -> None:
    s = game(SPLIT, lives=[9, 0, 0], rules={"poverty": False}, dealer=0)
    # seat 1 leads and wins every trick; seat 0 pays the tenth life
    finish_hand(s)
    assert s.is_over and s.outcome().losers == {0}
    assert s.outcome().scores == (10, 0, 1)
    assert s.outcome().winners == {1}
    assert s.legal_actions() == []


@ruling("TOE-23")
def test_elimination_plays_on_without_the_player_at_the_limit() -> None:
    s = game(SPLIT, lives=[9, 0, 0], rules={"poverty": False, "ending": "elimination"}, dealer=0)
    finish_hand(s)
    assert not s.is_over
    v = s.view(None)
    assert v["out"] == [True, False, False] and v["hand_sizes"][0] == 0
    while not s.is_over:
        s.apply(s.legal_actions()[0])
    out = s.outcome()
    assert len(out.winners) == 1 and 0 in out.losers and len(out.losers) == 2


@ruling("TOE-24", "TOE-55")
def test_knock_limit_near_the_end() -> None:
    # 9 lives lost of 10: may not knock at all
    s = game(SPLIT, lives=[9, 0, 0], rules={"poverty": False})
    assert toepen.Knock(0) not in s.legal_actions()
    assert_refused(s, "0:knock", code="knock_limit", ruling="TOE-55")
    # 8 lost: one knock (stake 2) is fine, a second one (stake 4 after another knock) is not
    s = game(SPLIT, lives=[8, 0, 0], rules={"poverty": False})
    apply_all(s, "0:knock", "1:stay", "2:stay", "1:knock", "2:stay", "0:stay")
    assert s.stake == 3
    assert_refused(s, "0:knock", code="knock_limit", ruling="TOE-55")
    # 7 lost: a second knock of the hand is fine, a third (stake 4 > 10 - 7) is not
    s = game(SPLIT, lives=[7, 0, 0], rules={"poverty": False})
    apply_all(s, "1:knock", "2:stay", "0:stay")
    assert toepen.Knock(0) in s.legal_actions()
    apply_all(s, "2:knock", "0:stay", "1:stay")
    assert_refused(s, "0:knock", code="knock_limit", ruling="TOE-55")


@ruling("TOE-55")
def test_general_knock_limit_scales_with_the_limit() -> None:
    s = game(SPLIT, lives=[12, 0, 0], rules={"limit": 15, "poverty": False})
    apply_all(s, "0:knock", "1:stay", "2:stay", "1:knock", "2:stay", "0:stay")
    assert s.stake == 3 and s.can_knock(1) is False and s.can_knock(2)
    assert_refused(s, "0:knock", code="knock_limit", ruling="TOE-55")  # 4 > 15 - 12


@ruling("TOE-30", "TOE-31")
def test_poverty_player_leads_and_others_play_for_two_or_fold_for_one() -> None:
    s = game([*SPADES, *HEARTS, *CLUBS], lives=[0, 9, 0])
    v = s.view(None)
    assert v["poverty"] == [False, True, False] and v["leader"] == 1 and v["stake"] == 2
    assert v["stage"] == "poverty" and s.to_act == 2  # from the poor player's left
    assert_refused(s, "1:play Th", code="wrong_phase", ruling="TOE-31")
    assert_refused(s, "0:stay", code="out_of_turn")
    apply_all(s, "2:fold", "0:stay")
    assert s.lives == (0, 9, 1) and s.to_act == 1 and s.stake == 2
    finish_hand(s)  # seat 1 leads hearts and wins: seat 0 pays 2
    assert s.lives == (2, 9, 1)


@ruling("TOE-31")
def test_poverty_all_fold_means_the_poor_player_wins_the_hand() -> None:
    s = game(SPLIT, lives=[0, 9, 0])
    apply_all(s, "2:fold", "0:fold")
    assert s.lives == (1, 9, 1) and s.round == 1 and s.dealer == 1


@ruling("TOE-40", "TOE-42")
def test_three_tens_oblige_a_whistle_or_a_song_three_jacks_allow_one() -> None:
    s = game(["Th", "Tc", "Td", "7h", "Jh", "Jc", "Jd", "7s", "8c", "8d", "8h", "8s"])
    assert s.view(0)["announcements"] == [
        {"announcement": "whistle", "must": True, "reason": "three tens", "otherwise": "sing"}]
    assert s.view(1)["announcements"] == [
        {"announcement": "whistle", "must": False, "reason": "three jacks", "otherwise": None}]
    assert s.view(2)["announcements"] == []
    # the reminder is private: other seats never learn of it
    assert [e for e in s.log(2) if e["kind"] == "announcement"] == []
    assert [e["announcement"] for e in s.log(0) if e["kind"] == "announcement"] == ["whistle"]


@ruling("TOE-41")
def test_four_tens_oblige_standing_four_jacks_allow_it() -> None:
    s = game(["Th", "Tc", "Td", "Ts", "Jh", "Jc", "Jd", "Js", "8c", "8d", "8h", "8s"])
    assert [(a["announcement"], a["must"]) for a in s.view(0)["announcements"]] == [("stand", True)]
    assert [(a["announcement"], a["must"]) for a in s.view(1)["announcements"]] == [("stand", False)]
    assert s.lives == (0, 0, 0)  # customs, never effects on the score


@ruling("TOE-50")
def test_knocking_waits_for_play_and_last_knocker_may_not_knock_again() -> None:
    s = game(SPLIT, exchanges=True)
    assert_refused(s, "1:knock", code="knock_not_now", ruling="TOE-50")
    apply_all(s, "0:keep", "1:keep", "2:keep")
    apply_all(s, "0:knock", "1:stay", "2:stay")
    assert toepen.Knock(0) not in s.legal_actions()
    assert_refused(s, "0:knock", code="knock_twice", ruling="TOE-50")
    apply_all(s, "2:knock", "0:stay", "1:stay")
    assert toepen.Knock(0) in s.legal_actions()
    twice = game(SPLIT, rules={"double_knock": True})
    apply_all(twice, "0:knock", "1:stay", "2:stay", "0:knock", "1:stay", "2:stay")
    assert twice.stake == 3


@ruling("TOE-51")
def test_fold_costs_the_stake_before_the_knock_and_ends_your_hand() -> None:
    s = game([*SPLIT, "Td", "9d", "8d", "7d"], players=4)
    s.apply("0:knock")
    assert_refused(s, "0:fold", code="fold_own_knock", ruling="TOE-51")
    apply_all(s, "1:stay", "2:stay", "3:stay")
    apply_all(s, "1:knock", "2:stay", "3:fold")  # on the second knock: the stake before it was 2
    assert s.lives == (0, 0, 0, 2)
    s.apply("0:fold")
    assert s.lives == (2, 0, 0, 2)
    assert s.legal_actions(3) == [] and s.legal_actions(0) == []
    assert_refused(s, "3:knock", code="not_in_round", ruling="TOE-51")
    # a folded seat's card is refused for the fold, not as if its turn would come
    assert_refused(s, f"3:play {toepen.cards.NAMES[s.hands[3][0]]}", code="not_in_round",
                   ruling="TOE-51")
    # the folded seats are skipped in the trick
    assert s.to_act == 1


@ruling("TOE-52")
def test_everyone_still_in_but_the_winner_loses_one_plus_knocks() -> None:
    s = game(SPLIT)
    apply_all(s, "0:knock", "1:stay", "2:stay", "2:knock", "0:stay", "1:stay")
    finish_hand(s)  # seat 0 leads hearts and wins everything
    assert s.lives == (0, 3, 3)


@ruling("TOE-53")
def test_knock_and_all_fold_wins_the_hand() -> None:
    s = game(SPLIT, dealer=1)
    apply_all(s, "1:knock", "2:fold", "0:fold")
    assert s.lives == (1, 0, 1)
    assert s.round == 1 and s.dealer == 1
    assert s.last_round is not None and s.last_round["winner"] == 1


@ruling("TOE-54")
def test_lead_passes_left_when_the_trick_winner_has_folded() -> None:
    s = game(SPLIT)
    apply_all(s, "0:play Th", "1:play 7s", "1:knock", "2:stay", "0:fold")
    events = s.apply("2:play 7c")  # seat 0's ten wins the trick, but seat 0 has folded
    trick = next(e for e in events if e.kind == "trick")
    assert trick.data["winner"] == 0 and trick.data["next"] == 1
    assert s.to_act == 1 and s.leader == 1


@ruling("TOE-54")
def test_lead_passes_left_of_the_folded_winner_not_of_the_trick_leader() -> None:
    s = game(["7h", "Js", "Qs", "Ks", "8h", "Jc", "Qc", "Kc", "Th", "Jd", "Qd", "Kd",
              "9h", "As", "Ac", "Ad"], players=4)
    apply_all(s, "0:play 7h", "1:play 8h", "2:play Th", "3:knock", "0:stay", "1:stay",
              "2:fold")
    events = s.apply("3:play 9h")  # seat 2's ten wins the trick seat 0 led; seat 2 folded
    trick = next(e for e in events if e.kind == "trick")
    assert trick.data["winner"] == 2 and trick.data["next"] == 3
    assert s.to_act == 3 and s.leader == 3  # the seat on the winner's left, not seat 1


@ruling("TOE-56")
def test_exchanges_only_while_the_stock_holds_four() -> None:
    seven = toepen.new_game(players=7, seed=3)
    assert seven.view(None)["stage"] == "exchange" and seven.view(None)["stock"] == 4
    apply_all(seven, "0:exchange", *[f"{s}:accept" for s in range(1, 7)])
    assert seven.view(None)["stage"] == "play"  # nobody else can exchange
    # six players leave eight in the stock: after one exchange it holds exactly four,
    # still enough for the next seat to be asked
    six = toepen.new_game(players=6, seed=3)
    apply_all(six, "0:exchange", *[f"{s}:accept" for s in range(1, 6)])
    assert six.view(None)["stock"] == 4 and six.view(None)["stage"] == "exchange"
    assert six.legal_actions() == [toepen.Keep(1), toepen.Exchange(1)]
    eight = toepen.new_game(players=8, seed=3)
    assert eight.view(None)["stage"] == "play"
    assert_refused(eight, "0:exchange", code="wrong_phase")
    err = assert_refused(eight, "3:accept")
    assert err.code == "wrong_phase"


def test_out_of_turn_errors_are_typed() -> None:
    s = game(SPLIT, exchanges=True)
    err = assert_refused(s, "2:keep", code="out_of_turn")
    assert isinstance(err, OutOfTurn)
    assert "P0" in str(err)


@ruling("TOE-31")
def test_house_rule_poverty_player_may_not_fold() -> None:
    s = game(SPLIT, lives=[0, 9, 0], rules={"poverty_may_fold": False})
    apply_all(s, "2:stay", "0:stay")  # poverty choices; seat 1 leads
    s.apply("0:knock")  # out of turn; seat 1 (in poverty) is not asked
    assert s.queue == (2,)
    assert_refused(s, "1:fold", code="poverty_no_fold", ruling="TOE-31")
    assert s.legal_actions(1) == []


@ruling("TOE-23", "TOE-04")
def test_a_challenge_penalty_at_the_limit_puts_the_player_out_at_once() -> None:
    deck = [*SPLIT, "Jd", "Qd", "Kd", "Ad"]
    rules = {"poverty": False, "ending": "elimination"}
    s = game(deck, exchanges=True, lives=[9, 0, 0], rules=rules)
    events = apply_all(s, "0:exchange", "1:challenge")  # a bluff: seat 0 reaches 10
    assert [e.data["seat"] for e in events if e.kind == "eliminated"] == [0]
    v = s.view(None)
    assert v["out"] == [True, False, False] and v["playing"] == [False, True, True]
    assert s.to_act == 1 and s.legal_actions(0) == []  # seat 1 keeps or exchanges
    s.apply("1:keep")
    s.apply("2:keep")
    assert v["stage"] == "exchange" and s.view(None)["stage"] == "play" and s.to_act == 1
    # the seat out of the game is told so (not "it is P1's turn", as if it would come)
    assert_refused(s, "0:play Jd", code="out_of_game", ruling="TOE-23")
    assert_refused(s, "0:knock", code="out_of_game", ruling="TOE-23")
    assert toepen.Knock(0) not in s.legal_actions(0)
    finish_hand(s)
    assert s.lives[0] == 10 and s.dealer != 0 and 0 not in s.dealt


@ruling("TOE-23")
def test_a_rubber_ends_when_a_challenge_reaches_the_limit() -> None:
    s = game([*SPLIT, "Jd", "Qd", "Kd", "Ad"], exchanges=True, lives=[9, 0, 2],
             rules={"poverty": False})
    apply_all(s, "0:exchange", "1:challenge")
    assert s.is_over and s.legal_actions() == []
    out = s.outcome()
    assert out.losers == {0} and out.winners == {1} and out.scores == (10, 0, 2)
    # a wrong challenger is just as dead
    honest = game(["Jh", "Qh", "Kh", "Ah", *SPADES, *CLUBS], exchanges=True,
                  lives=[0, 0, 9], rules={"poverty": False, "ending": "elimination"},
                  players=3)
    apply_all(honest, "0:exchange", "1:accept", "2:challenge")
    assert honest.view(None)["out"] == [False, False, True]
    two = game([*HEARTS, *SPADES, "Jd", "Qd", "Kd", "Ad"], players=2, exchanges=True,
               lives=[9, 0], rules={"poverty": False, "ending": "elimination"})
    apply_all(two, "0:exchange", "1:challenge")  # one seat left standing: game over
    assert two.is_over and two.outcome().winners == {1}


@ruling("TOE-23")
def test_house_rule_checks_the_limit_only_when_the_round_ends() -> None:
    s = game([*SPLIT, "Jd", "Qd", "Kd", "Ad"], exchanges=True, lives=[9, 0, 0],
             rules={"poverty": False, "out_at_once": False})
    apply_all(s, "0:exchange", "1:challenge", "1:keep", "2:keep")
    assert not s.is_over and s.to_act == 0  # plays the round out
    finish_hand(s)
    assert s.is_over and 0 in s.outcome().losers


def _all_out_at_once(bluff_penalty: int) -> toepen.State:
    """Elimination, four seats at 9 of 10: seat 1's bluff is caught (it plays the round out,
    ``out_at_once=False``) and its four tens win every trick; the three others pay 1."""
    s = game(["7h", "8h", "9h", "Ah", "Jh", "Jc", "Kc", "8c", "7d", "8d", "9d", "Ad",
              "7s", "8s", "9s", "As", "Th", "Tc", "Td", "Ts"], players=4, exchanges=True,
             lives=[9, 9, 9, 9], rules={"ending": "elimination", "out_at_once": False,
                                        "poverty": False, "bluff_penalty": bluff_penalty})
    apply_all(s, "0:keep", "1:exchange", "2:challenge", "2:keep", "3:keep")
    while not s.is_over:
        s.apply(s.legal_actions()[0])
    assert s.last_round is not None and s.last_round["winner"] == 1
    return s


@ruling("TOE-23")
def test_when_every_seat_left_goes_out_at_once_the_fewest_lives_lost_survive() -> None:
    # the project's decision (rulings page, TOE-23): fewest lives lost; a tie goes to the
    # winner of the hand, then to the first tied seat on the winner's left
    fewest = _all_out_at_once(bluff_penalty=2)  # seat 1 won at 11; the others are at 10
    assert fewest.lives == (10, 11, 10, 10)
    assert fewest.winners == (2,) and fewest.losers == (0, 1, 3)  # seat 2: left of seat 1
    assert fewest.view(None)["out"] == [True, True, False, True]
    tied = _all_out_at_once(bluff_penalty=1)  # all four at 10: the hand's winner stays
    assert tied.lives == (10, 10, 10, 10)
    assert tied.winners == (1,) and tied.losers == (0, 2, 3)


@ruling("TOE-54", "TOE-11")
def test_a_folded_winner_of_the_last_trick_leaves_the_round_to_the_best_card_still_in() -> None:
    s = game(["Jc", "Qc", "Kc", "Ac", "Tc", "8s", "9s", "7d", "Td", "7h", "8h", "9h"])
    apply_all(s, "0:play Jc", "1:play Tc", "2:play 7h",
              "1:play 8s", "2:play 8h", "0:play Qc",
              "1:play 9s", "2:play 9h", "0:play Kc")
    # last trick: seat 1 leads the 7d, seat 2 tops it with the Td and then folds on a knock;
    # seat 0 has no diamond and throws the Ac, which follows no suit and wins nothing
    apply_all(s, "1:play 7d", "2:play Td", "1:knock", "2:fold", "0:stay")
    events = s.apply("0:play Ac")
    trick = next(e for e in events if e.kind == "trick")
    assert trick.data["winner"] == 1 and trick.data["card"] == "7d"
    assert s.last_round is not None and s.last_round["winner"] == 1
    assert s.lives == (2, 0, 1) and s.dealer == 1


@ruling("TOE-30", "TOE-31")
def test_the_player_in_poverty_is_named_and_told() -> None:
    s = game(SPLIT, lives=[9, 0, 0], players=3)
    for seat in (None, 0, 1, 2):
        assert s.view(seat)["poverty"] == [True, False, False]
    assert s.view(0)["prompt"].startswith("You are in poverty: ")
    assert s.view(1)["prompt"] == "P0 is in poverty: stay in for 2, or fold for 1?"
    assert s.view(2)["prompt"] == "Waiting for P1."


@ruling("TOE-22")
def test_once_everyone_has_answered_no_knock_is_being_answered() -> None:
    s = game(SPLIT)
    s.apply("1:knock")
    assert s.view(None)["knocker"] == 1 and s.view(None)["stage"] == "respond"
    apply_all(s, "2:stay", "0:stay")
    view = s.view(None)
    assert view["stage"] == "play" and view["knocker"] is None and view["last_knocker"] == 1
    badges = [b["msg"] for seat in present(view)["seats"] for b in seat["badges"]]
    assert "knocking" not in badges and "knocked last" in badges


@ruling("TOE-22")
def test_a_knock_while_a_knock_is_answered_is_refused_as_pending() -> None:
    s = game([*SPLIT, "Td", "9d", "8d", "7d"], players=4)
    s.apply("1:knock")
    for seat in (1, 2, 3):
        assert_refused(s, f"{seat}:knock", code="knock_pending", ruling="TOE-22")
        assert toepen.Knock(seat) not in s.legal_actions(seat)


@ruling("TOE-40", "TOE-41")
def test_announcements_follow_the_hand_as_dealt_not_the_cards_left() -> None:
    s = game(["Tc", "Td", "Th", "7s", "Ts", "8c", "8d", "8h", "9c", "9d", "9h", "9s"])
    assert [a["reason"] for a in s.view(0)["announcements"]] == ["three tens"]
    apply_all(s, "0:play Tc", "1:play 8c", "2:play 9c")
    assert [a["reason"] for a in s.view(0)["announcements"]] == ["three tens"]
    ex = game([*SPLIT, "Jd", "Jc", "Js", "7d"], exchanges=True)
    apply_all(ex, "0:exchange", "1:accept", "2:accept")
    assert [a["reason"] for a in ex.view(0)["announcements"]] == ["three jacks"]


@ruling("TOE-13")
def test_house_rules_for_the_next_dealer() -> None:
    deck = ["Th", "7h", "Jc", "Qc", "9h", "8h", "Kc", "Ac", "Js", "Qs", "Ks", "As"]
    moves = ("0:play Th", "1:play 8h", "2:play Js", "0:play 7h", "1:play 9h", "2:play Qs",
             "1:play Kc", "2:play Ks", "0:play Qc", "1:play Ac", "2:play As", "0:play Jc")
    dealers = {}
    for how in ("winner", "left", "most_points"):
        s = game(deck, lives=[0, 3, 2], rules={"poverty": False, "next_dealer": how})
        apply_all(s, *moves)  # seat 1 wins the round; seats 0 and 2 pay
        assert s.lives == (1, 3, 3)
        dealers[how] = s.dealer
    # the winner; the first dealer's (seat 2's) left; most lives lost, tie from the left
    assert dealers == {"winner": 1, "left": 0, "most_points": 1}


@ruling("TOE-31")
def test_poverty_may_fold_works_without_the_poverty_rule() -> None:
    # poverty_may_fold=False alone: seat 1, one life from the limit, is named as poor and
    # may not fold, but there is no poverty lead or opening stake of 2 (poverty=False)
    s = game(SPLIT, lives=[0, 9, 0], rules={"poverty": False, "poverty_may_fold": False})
    v = s.view(None)
    assert v["poverty"] == [False, True, False] and v["stake"] == 1 and v["leader"] == 0
    assert v["stage"] == "play" and s.to_act == 0
    assert s.view(1)["prompt"].startswith("You are in poverty (one life from the limit). "
                                          "You may not fold.")
    s.apply("0:knock")
    assert s.queue == (2,)  # seat 1 is not asked
    assert_refused(s, "1:fold", code="poverty_no_fold", ruling="TOE-31")
    plain = game(SPLIT, lives=[0, 9, 0], rules={"poverty": False})
    assert plain.view(None)["poverty"] == [False, False, False]
