"""The built-in smart bot: sensible choices in set positions, and it beats random play."""

from __future__ import annotations

import pytest

from tablegames import shithead
from tablegames.common.fields import put
from tablegames.common.rules import rules_to_dict
from tablegames.simulation import play_game
from tablegames.testing import apply_all

from .helpers import game, seat


def test_swap_puts_the_strongest_cards_face_up() -> None:
    s = game(seat("6♣ 6♦ 6♥", "4♣ 5♦ Q♥", "10♣ 2♦ A♥"), seat("7♣ 7♦ 7♥", "8♣ 8♥ 8♠", "2♣ 3♦ 5♥"),
             swap=True)
    action = shithead.SmartBot(1, explore=0).choose(s)
    assert str(action) == "0:swap 4c,5d/2d,10c"
    s.apply(action)
    # zero-it and under-over go on anything: worth more face up than two 8♠
    assert str(shithead.SmartBot(1, explore=0).choose(s)) == "1:swap 8c,8h/2c,3d"


def test_plays_lowest_plain_set_and_saves_specials() -> None:
    s = game(seat("9♣ 9♦ 9♥", "4♣ 4♦ 4♥", "A♣ 2♦ 10♠"), seat("7♣ 7♦ 7♥", "8♣ 8♥ 8♠", "6♣ 6♥ 10♦"))
    bot = shithead.SmartBot(1, explore=0)
    assert str(bot.choose(s)) == "0:play Ac"  # not the zero-it or the burn
    s.apply("0:play Ac")
    assert str(bot.choose(s)) == "1:play 6c,6h"  # the whole set; the burn waits
    s.apply("1:play 6c,6h")
    assert str(bot.choose(s)) == "0:play 2d"  # nothing plain fits: the cheapest special


def test_gives_the_pile_to_the_player_closest_to_going_out() -> None:
    s = game(seat("9♣ 9♦ 9♥", "4♣ 4♦ 4♥", "A♣ K♣ J♣"), seat("7♣ 7♦ 7♥", "8♣ 8♥ 8♠", "2♦ 6♠ Q♦"),
             seat("5♣ 5♦ 5♥", "Q♣ Q♥ Q♠", "6♥ J♥ J♦"), stock=["3♣"])
    apply_all(s, "0:play Ac", "2:play 6h", "1:play Qd", "0:play Kc")
    s.hands = put(s.hands, 1, ())  # seat 1 is down to its face-up and face-down cards
    assert str(shithead.SmartBot(1, explore=0).choose(s)) == "0:give 1"


def test_smart_bot_loses_far_less_than_its_share_against_random_play() -> None:
    lost = 0
    for seed in range(60):
        s = play_game(shithead.GAME, 4, seed, ["smart", "random", "random", "random"])
        lost += 0 in s.outcome().losers
    assert lost <= 5  # a fair share would be 15


def test_bot_rounds_end_far_below_the_action_limit() -> None:
    # the action limit is a house rule for rounds that never end; the bot's never need it
    longest = 0
    for players in (2, 3, 5):
        for seed in range(25):
            s = play_game(shithead.GAME, players, seed, ["smart"] * players)
            assert not s.limit_hit
            longest = max(longest, s.plays)
    assert longest < shithead.Rules().action_limit // 20


def _classic(aces: str, swap: bool = False) -> dict[str, object]:
    return {**rules_to_dict(shithead.Rules.variant("classic")), "aces": aces, "swap": swap}


@pytest.mark.parametrize(("aces", "first"), [("high", "0:play 4d"), ("low", "0:play Ac")])
def test_sheds_the_lowest_rank_of_the_rules_order(aces: str, first: str) -> None:
    # classic table: A, 4, 5, 6, J, Q are plain. Ace high, the ace is the best plain card
    # and is kept; ace low, it is the lowest and goes first.
    s = game(seat("9♣ 9♦ 9♥", "5♣ 5♦ 5♥", "A♣ 4♦ J♠"), seat("K♣ K♦ K♥", "8♣ 8♥ 8♠", "5♠ 6♦ Q♠"),
             rules=_classic(aces))
    assert s.to_act == 0
    assert str(shithead.SmartBot(1, explore=0).choose(s)) == first


@pytest.mark.parametrize(("aces", "swap"), [("high", "0:swap 6d/Ah"), ("low", "0:done")])
def test_swap_ranks_by_the_rules_order(aces: str, swap: str) -> None:
    s = game(seat("9♣ 9♦ 9♥", "Q♥ J♣ 6♦", "A♥ 4♣ 5♦"), seat("K♣ K♦ K♥", "8♣ 8♥ 8♠", "5♠ 6♥ Q♠"),
             rules=_classic(aces, swap=True))
    assert str(shithead.SmartBot(1, explore=0).choose(s)) == swap
