"""The model bot's decisions: each heuristic on a position where a plainer rule goes wrong.

The bot prices choices in expected cups (from the fall model) and in *danger*, the
margin of its own pile over the biggest other pile. Each test below builds a position
where the old rules of thumb (a fixed fall-chance threshold for swaps, protection played
against every effect, unprotected targets first) chose badly.
"""

from __future__ import annotations

import pytest

from tablegames import dallah
from tablegames.dallah.bots import MIN_FRESH_PLACING, danger, not_losing
from tablegames.dallah.cardset import PLACING_KINDS, STUNT_KINDS
from tests.dallah.helpers import game, play


def placing(pot: dict[str, list[str]], zone: str = "neck", card: str = "place",
            **setup: object) -> dallah.State:
    s = game(actions=[card], placements=[zone], rolls=["tall"], pot=pot, **setup)
    play(s, "0:draw", "0:roll")
    return s


def test_it_swaps_a_cup_for_a_crowded_zone_below_the_old_threshold() -> None:
    """Three cups on the Neck: a fall chance of about 0.22 (the old rule kept anything
    under 0.3) but nearly half a cup expected, twice a fresh card's price."""
    s = placing({"neck": ["wide", "tiny", "classic"]})
    assert dallah.FallModel().fall_chance(s) < 0.3
    assert str(dallah.ModelBot(1).interrupt(s, 0)) == "0:swap"
    assert str(dallah.ModelBot(1).choose(s)) == "0:swap"
    assert dallah.ModelBot(1, swap_above=0.3).interrupt(s, 0) is None  # the old rule


def few_placing_cards(place: int = 1) -> dict[str, object]:
    """The default card set with ``place`` Place cards and no other card that takes a cup
    (placing cards, stunts) nor Naql: ten pile actions."""
    cards = dallah.DEFAULT_CARDS.to_dict()
    for a in cards["actions"]:
        if a["kind"] in (*PLACING_KINDS, *STUNT_KINDS, "naql"):
            a["count"] = 0
    cards["actions"][0]["count"] = place
    return cards


@pytest.mark.ruling("DAL-27")
def test_it_never_swaps_a_cup_away_when_the_fresh_card_would_seldom_take_one() -> None:
    """The crowded-zone swap above, in a deck of one Place card among ten pile actions:
    the fresh card would take no cup, so the swap would skip the placement, not trade it."""
    cards = few_placing_cards()
    s = placing({"neck": ["wide", "tiny", "classic"]}, rules={"cards": cards})
    assert s.t.placing_share < MIN_FRESH_PLACING
    assert "0:swap" in [str(a) for a in s.legal_actions()]
    assert dallah.ModelBot(1).interrupt(s, 0) is None
    assert str(dallah.ModelBot(1).choose(s)) != "0:swap"
    assert placing({}).t.placing_share > 0.5  # the default deck: swaps as before


@pytest.mark.ruling("DAL-27", "DAL-20")
def test_a_table_of_model_bots_ends_a_game_whose_deck_has_one_placing_card() -> None:
    """Every model bot swapped the lone Place card away each time it was drawn, so the
    shared pile never emptied."""
    info = dallah.GAME
    for seed in range(3):
        state = dallah.new_game(players=4, seed=seed, rules={"cards": few_placing_cards()})
        bots = [dallah.ModelBot(seed * 10 + s) for s in range(4)]
        limit = info.max_actions(state)
        steps = 0
        while not state.is_over and steps <= limit:
            state.apply(bots[state.to_act].choose(state))  # type: ignore[index]
            steps += 1
        assert state.is_over, f"seed {seed}: {state.shared_total()} cups still to place"


@pytest.mark.ruling("DAL-27")
def test_it_swaps_a_card_that_takes_a_cup_once_a_turn_whatever_the_rules_allow() -> None:
    """With five swaps a turn the bot swapped each fresh placing card again until a pile
    card came, so no cup was ever placed (a deck of two Place, one Tap, three Give cards
    never ended at seven seats)."""
    s = placing({"neck": ["wide", "tiny", "classic"]}, rules={"swaps_per_turn": 5})
    assert str(dallah.ModelBot(1).interrupt(s, 0)) == "0:swap"
    s = game(actions=["place", "place"], placements=["neck", "neck"], rolls=["tall", "tall"],
             pot={"neck": ["wide", "tiny", "classic"]}, rules={"swaps_per_turn": 5})
    play(s, "0:draw", "0:roll", "0:swap", "0:roll")
    assert s.swaps_left() == 4 and "0:swap" in [str(a) for a in s.legal_actions()]
    assert dallah.ModelBot(1).interrupt(s, 0) is None


#: The card set of the hunt's failing game: one shape of four cups, two Place cards and a
#: Tap against three Give cards (half the deck takes a cup).
HALF_PLACING = {
    "name": "half", "shapes": [{"id": "cup", "en": "Cup", "ar": "Cup", "cups": 4}],
    "zones": [{"id": "g", "en": "G", "ar": "G", "cards": 1},
              {"id": "m", "en": "M", "ar": "M", "cards": 3},
              {"id": "w", "en": "W", "ar": "W", "cards": 1}],
    "actions": [{"id": "p", "en": "P", "ar": "P", "kind": "place", "count": 2, "cups": 3},
                {"id": "t", "en": "T", "ar": "T", "kind": "tap", "count": 1, "cups": 3},
                {"id": "b", "en": "B", "ar": "B", "kind": "give", "target": "previous",
                 "count": 3, "amount": 1}],
    "protection": [],
}


@pytest.mark.ruling("DAL-27")
def test_a_table_of_model_bots_ends_a_game_with_five_swaps_a_turn() -> None:
    """Seven model bots with five swaps a turn swapped every placing card until a Give
    came: not one cup in 3,000 actions."""
    state = dallah.new_game(players=7, seed=39,
                            rules={"cards": HALF_PLACING, "swaps_per_turn": 5})
    assert state.t.placing_share == 0.5
    bots = [dallah.ModelBot(s) for s in range(7)]
    limit = dallah.GAME.max_actions(state)
    steps = 0
    while not state.is_over and steps <= limit:
        state.apply(bots[state.to_act].choose(state))  # type: ignore[index]
        steps += 1
    assert state.is_over, f"{state.shared_total()} cups still to place after {steps} actions"


def test_it_keeps_a_cup_for_an_empty_zone_when_the_rest_of_the_dallah_is_crowded() -> None:
    s = placing({"lid": ["wide", "tiny", "classic"]}, zone="neck")
    assert dallah.ModelBot(1).interrupt(s, 0) is None


def test_it_waits_for_the_placement_card_before_swapping() -> None:
    """Before the roll the zone is unknown; the swap stays open until the cup is let go."""
    s = game(actions=["place"], pot={"neck": ["wide", "tiny", "classic", "tall"]})
    play(s, "0:draw")
    assert "0:swap" in [str(a) for a in s.legal_actions()]
    assert str(dallah.ModelBot(1).choose(s)) == "0:roll"


def test_a_fazaa_helper_swaps_the_cup_it_would_collect() -> None:
    """The next player places a Fazaa' cup and collects what falls; a swap hands the
    turn's player a new card, so the helper risks nothing (the old rule kept it)."""
    s = game(actions=["fazaa"], placements=["neck"], rolls=["tall"])
    play(s, "0:draw", "1:roll")
    assert s.to_act == 1 and s.collector == 1
    assert str(dallah.ModelBot(1).interrupt(s, 1)) == "1:swap"
    assert dallah.ModelBot(1, swap_above=0.3).interrupt(s, 1) is None


def test_it_swaps_a_naql_whose_best_move_still_risks_a_crowded_zone() -> None:
    s = game(actions=["naql"], pot={"neck": ["wide", "tiny"], "lid": ["tall", "classic"]})
    play(s, "0:draw")
    assert str(dallah.ModelBot(1).choose(s)) == "0:swap"
    assert dallah.ModelBot(1, swap_above=0.3).choose(s).verb == "move"


def test_a_gift_goes_to_a_redirect_holder_whose_redirect_can_only_pass_it_on() -> None:
    """Seat 1 holds Ana Mali Dakhal; redirected, the cups go to seat 2 anyway, so giving
    to seat 1 is never worse than giving to seat 2 (the old rule preferred seat 2, who
    holds nothing)."""
    s = game(actions=["mabrook"], piles=[4, 9, 1], held=[[], ["ana_mali_dakhal"], []])
    play(s, "0:draw")
    assert str(dallah.ModelBot(1).choose(s)) == "0:target 1"


def test_a_gift_avoids_a_block_holder() -> None:
    s = game(4, actions=["mabrook"], piles=[4, 6, 5, 0], held=[[], ["ma_ysir"], [], []])
    play(s, "0:draw")
    assert str(dallah.ModelBot(1).choose(s)) == "0:target 2"


def test_a_pile_swap_never_raises_its_own_pile_where_it_can_lower_it() -> None:
    s = game(4, actions=["surprise"], piles=[3, 5, 0, 2])
    play(s, "0:draw")
    assert str(dallah.ModelBot(1).choose(s)) == "0:target 2"


def test_it_keeps_protection_when_one_cup_leaves_it_clear_of_the_top() -> None:
    s = game(actions=["kheth"], piles=[3, 0, 5], held=[[], ["ma_ysir"], []])
    play(s, "0:draw", "0:target 1")
    assert str(dallah.ModelBot(1).choose(s)) == "1:allow"


def test_it_blocks_a_cup_that_would_make_it_the_biggest_loser() -> None:
    s = game(actions=["kheth"], piles=[5, 4, 0], held=[[], ["ma_ysir"], []])
    play(s, "0:draw", "0:target 1")
    assert str(dallah.ModelBot(1).choose(s)) == "1:block"


def test_it_blocks_a_big_gift_even_far_below_the_top() -> None:
    s = game(4, actions=["kullah_lak"], piles=[4, 0, 9, 0], held=[[], ["ma_ysir"], [], []])
    play(s, "0:draw", "0:target 1")
    assert str(dallah.ModelBot(1).choose(s)) == "1:block"


def test_danger_and_the_value_read_the_margin_to_the_top() -> None:
    assert danger([3, 5, 1], 0) == -2 and danger([6, 5, 1], 0) == 1
    s = game(4, piles=[6, 1, 1, 0])
    value = not_losing(s)
    assert len(value) == 4 and all(0 <= v <= 1 for v in value)
    assert value[0] < value[1] == value[2] < value[3]


def test_the_bot_is_deterministic_per_seed() -> None:
    def run(seed: int) -> list[str]:
        s = dallah.new_game(players=4, seed=5)
        bot = dallah.ModelBot(seed)
        out = []
        while not s.is_over and len(out) < 400:
            a = bot.choose(s)
            s.apply(a)
            out.append(str(a))
        return out

    assert run(3) == run(3)


def test_the_search_values_dallah_rollouts_by_the_piles() -> None:
    from tablegames.bots.registry import hints_for

    hints = hints_for("dallah")
    assert hints.value is not_losing and hints.rollout is dallah.ModelBot
    s = game(4, piles=[2, 0, 0, 0])
    assert hints.horizon is not None and hints.horizon(s) == s.turn == 1
    assert hints.rollout_depth > 0


def test_the_value_of_a_finished_game_is_its_outcome() -> None:
    s = dallah.new_game(players=3, seed=2)
    bot = dallah.ModelBot(2)
    while not s.is_over:
        s.apply(bot.choose(s))
    losers = s.outcome().losers
    assert not_losing(s) == [0.0 if p in losers else 1.0 for p in range(3)]
