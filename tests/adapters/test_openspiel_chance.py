"""OpenSpiel chance nodes: deals, draws, reshuffles and Dallah's die are explicit chance
outcomes by default, so the undealt stock's order is not part of a state and search
through ``clone()`` samples the future instead of reading it."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import mcts

import tablegames
from tablegames.adapters.openspiel import load_game
from tests.adapters.helpers import SHORT, random_step, through_chance

#: Pile name -> the engine field it draws from.
FIELDS = {"stock": "stock", "actions": "stock", "placements": "placement_stock"}
#: How many distinct card codes a fresh pack holds (a new hand's deal).
PACK_CODES = {"toepen": 32, "phase10": 50, "shithead": 52, "dallah": -1}


def _game(game: str, **options: Any) -> Any:
    players, rules = SHORT[game]
    return load_game(game, players=players, rules=rules, **options)


def _deal_in_order(spiel: Any, order: list[int]) -> Any:
    """A state dealt with ``order`` first, then the lowest cards left."""
    state = spiel.new_initial_state()
    k = 0
    while state.is_chance_node():
        outcomes = dict(state.chance_outcomes())
        pick = order[k] if k < len(order) and order[k] in outcomes else min(outcomes)
        state.apply_action(pick)
        k += 1
    return state


@pytest.mark.parametrize("game", sorted(SHORT))
def test_every_game_starts_at_the_deal_and_every_outcome_distribution_is_the_pile(
        game: str) -> None:
    """The deal is card by card; each chance node's probabilities sum to 1 and are the
    cards left in the pile drawn from, by their counts (or the die's faces)."""
    spiel = _game(game)
    assert spiel.get_type().chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    state = spiel.new_initial_state()
    rng = np.random.default_rng(4)
    dealt = 0
    while state.is_chance_node():
        probs = dict(state.chance_outcomes())
        assert sum(probs.values()) == pytest.approx(1.0)
        assert state.legal_actions() == sorted(probs)
        assert all(0 <= o < spiel.max_chance_outcomes() for o in probs)
        random_step(state, rng)
        dealt += 1
    hands = sum(len(state.session.state.view(s)["hand"]) for s in range(spiel.num_players()))
    assert dealt >= hands or game == "dallah"  # Dallah deals no hands: its decks wait
    seen: Counter[str] = Counter()
    for _ in range(600):
        if state.is_terminal():
            break
        if state.is_chance_node():
            session = state.session
            need = session.need
            assert need is not None
            seen[need.pile] += 1
            probs = dict(state.chance_outcomes())
            assert sum(probs.values()) == pytest.approx(1.0)
            if need.pile == "die":
                assert list(probs) == list(range(len(probs)))
                assert len(set(probs.values())) == 1
            elif need.pile in FIELDS and not session.fed:
                pile = getattr(session.state, FIELDS[need.pile])
                if pile:  # (an empty one is rebuilt from the discards first)
                    counts = Counter(pile)
                    # the pile as it stands, or a fresh pack when the action ends a hand
                    assert probs == pytest.approx({c: k / len(pile) for c, k in counts.items()}) \
                        or len(probs) == PACK_CODES[game]
            label = state.action_to_string(pyspiel.PlayerId.CHANCE, min(probs))
            assert label.startswith(need.pile + ": ")
        random_step(state, rng)
    assert seen  # chance nodes after the deal too (draws, exchanges, rolls)
    if game == "dallah":
        assert {"actions", "placements", "die"} <= set(seen)


def test_the_undealt_stocks_order_is_not_part_of_a_state() -> None:
    """Two Toepen deals that give every seat the same cards (in another order, from game
    objects with other seeds) are the same state: engine save, ``str``, observations and
    information states; the cards still in the stock are only a distribution."""
    players, rules = SHORT["toepen"]
    a = _deal_in_order(load_game("toepen", players=players, rules=rules, seed=1),
                       [7, 3, 12, 20, 1, 9, 30, 5, 14, 2, 28, 17])
    b = _deal_in_order(load_game("toepen", players=players, rules=rules, seed=2),
                       [20, 12, 3, 7, 5, 30, 9, 1, 17, 28, 2, 14])
    assert a.history() != b.history()
    assert a.session.state.to_json() == b.session.state.to_json()
    assert str(a) == str(b)
    for seat in range(players):
        assert a.information_state_string(seat) == b.information_state_string(seat)
        assert a.observation_string(seat) == b.observation_string(seat)
        assert np.array_equal(a.information_state_tensor(seat), b.information_state_tensor(seat))
    stock = a.session.state.stock
    assert list(stock) == sorted(stock, reverse=True)  # canonical: no order to read
    # the next card out of the stock is chance: a clone can draw any of them
    state = a
    player = state.current_player()
    exchange = next(i for i in state.legal_actions()
                    if state.action_to_string(player, i) == "exchange")
    state.apply_action(exchange)  # four new cards from the stock
    assert state.is_chance_node() and state.session.need is not None
    left = set(getattr(state.session.state, FIELDS[state.session.need.pile]))
    assert {o for o, _ in state.chance_outcomes()} == left and len(left) > 1
    drawn = set()
    for outcome, _ in state.chance_outcomes():
        clone = state.clone()
        clone.apply_action(outcome)
        through_chance(clone)  # the exchange's other three cards
        drawn.add(clone.session.state.hands[player])
        assert outcome in clone.session.state.hands[player]
    assert len(drawn) > 1  # different futures, not one fixed deck


def test_engine_mode_clones_carry_the_future_and_explicit_mode_does_not() -> None:
    """The old mode (``chance="engine"``) fixes the whole deck when the state is made;
    with chance nodes a clone holds no future card at all."""
    players, rules = SHORT["toepen"]
    engine = load_game("toepen", players=players, rules=rules, chance="engine")
    state = engine.new_initial_state()
    assert not state.is_chance_node() and state.session.state.stock  # a dealt, ordered stock
    assert engine.max_chance_outcomes() == 0
    explicit = through_chance(load_game("toepen", players=players, rules=rules)
                              .new_initial_state())
    saved = json.loads(explicit.session.state.to_json())
    assert saved["setup"]["chance"] == "outside" and saved["setup"]["seed"] == 0


def test_mcts_bot_samples_chance_nodes_through_clones() -> None:
    """OpenSpiel's plain ``MCTSBot`` searches through clones; at every draw it meets a
    chance node and samples it, so the stock it plans with is never the real one."""
    spiel = _game("toepen")
    rng = np.random.RandomState(0)
    bot = mcts.MCTSBot(spiel, 2.0, 12, mcts.RandomRolloutEvaluator(1, rng), random_state=rng)
    state = spiel.new_initial_state()
    decisions = 0
    while not state.is_terminal() and decisions < 6:
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probs)))
            continue
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
        decisions += 1
    assert decisions == 6 or state.is_terminal()


@pytest.mark.parametrize("game", sorted(SHORT))
def test_serialization_keeps_chance_nodes(game: str) -> None:
    """A state serialized mid-deal or at a draw in the middle of an action comes back the
    same, with the same outcome distribution, and plays on the same."""
    spiel = _game(game)
    state = spiel.new_initial_state()
    rng = np.random.default_rng(8)
    checked = 0
    for step in range(400):
        if state.is_terminal():
            break
        if state.is_chance_node() and (step in (1, 3) or (state._box.session is not None
                                                          and checked < 4)):
            text = pyspiel.serialize_game_and_state(spiel, state)
            _, back = pyspiel.deserialize_game_and_state(text)
            assert back.is_chance_node()
            assert back.chance_outcomes() == state.chance_outcomes()
            assert str(back) == str(state)
            outcome = state.chance_outcomes()[-1][0]
            back.apply_action(outcome)
            state.apply_action(outcome)
            assert str(back) == str(state)
            for seat in range(spiel.num_players()):
                assert back.information_state_string(seat) == \
                    state.information_state_string(seat)
            checked += 1
            continue
        random_step(state, rng)
    assert checked >= 3


def test_an_impossible_outcome_is_refused_and_changes_nothing() -> None:
    spiel = _game("toepen")
    state = through_chance(spiel.new_initial_state())
    rng = np.random.default_rng(1)
    while not state.is_chance_node():
        random_step(state, rng)
    before = (str(state), state.session.state.to_json(), state.chance_outcomes())
    hand = state.session.state.hands[0]
    with pytest.raises(tablegames.IllegalAction):
        state.session.feed(hand[0])  # a card in a hand is not in the stock
    with pytest.raises(tablegames.IllegalAction):
        state.session.feed(True)
    assert (str(state), state.session.state.to_json(), state.chance_outcomes()) == before
    fresh = spiel.new_initial_state()
    fresh.apply_action(5)
    with pytest.raises(Exception, match="not possible"):
        fresh.apply_action(5)  # the same card twice in the deal
    assert len(fresh.history()) == 1


def test_each_seat_sees_only_the_outcomes_shown_to_it() -> None:
    """Deals that give seat 0 the same cards and seat 1 others leave seat 0's information
    state unchanged and change seat 1's; after an exchange, the cards drawn reach only the
    exchanging seat's information state."""
    spiel = load_game("toepen", players=2, rules={"limit": 3})
    a = _deal_in_order(spiel, [0, 1, 2, 3, 4, 5, 6, 7])
    b = _deal_in_order(spiel, [0, 1, 2, 3, 8, 9, 10, 11])
    deal_a = a.session.state.hands
    # the engine deals from the dealer's left: find the seat holding 0..3 in both
    mine = next(s for s in range(2) if deal_a[s] == (0, 1, 2, 3))
    other = 1 - mine
    assert b.session.state.hands[mine] == (0, 1, 2, 3)
    assert a.information_state_string(mine) == b.information_state_string(mine)
    assert a.information_state_string(other) != b.information_state_string(other)
    state = a
    player = state.current_player()
    exchange = next(i for i in state.legal_actions()
                    if state.action_to_string(player, i) == "exchange")
    before = [state.information_state_string(s) for s in range(2)]
    twin = state.clone()
    for s, order in ((state, [20, 21, 22, 23]), (twin, [24, 25, 26, 27])):
        s.apply_action(exchange)
        for card in order:
            s.apply_action(card)
    assert not state.is_chance_node() and not twin.is_chance_node()
    drew = state.session.state.hands[player]
    assert drew == (20, 21, 22, 23)
    watcher = 1 - player
    # the other seat saw an exchange, not which cards came: the same in both
    assert state.information_state_string(watcher) == twin.information_state_string(watcher)
    assert state.information_state_string(player) != twin.information_state_string(player)
    assert state.information_state_string(watcher) != before[watcher]


def test_a_world_resampled_at_a_chance_node_asks_its_own_pile() -> None:
    """At a draw in the middle of an action, a resampled world waits for the same action
    and offers the cards of *its* stock (the real draws so far are not carried over)."""
    spiel = _game("toepen")
    state = through_chance(spiel.new_initial_state())
    player = state.current_player()
    exchange = next(i for i in state.legal_actions()
                    if state.action_to_string(player, i) == "exchange")
    state.apply_action(exchange)
    state.apply_action(state.chance_outcomes()[0][0])  # one card of four drawn
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    world = state.resample_from_infostate(player, sampler)
    assert world.is_chance_node()
    assert world.session.pending == state.session.pending and world.session.fed == ()
    stock = world.session.state.stock
    assert dict(world.chance_outcomes()) == pytest.approx({c: 1 / len(stock) for c in stock})
    through_chance(world)
    assert not world.is_chance_node() and len(world.session.state.hands[player]) == 4


def test_a_world_resampled_during_the_deal_holds_none_of_the_real_cards() -> None:
    """During the deal no seat has taken up a card, so a world resampled there deals as
    many cards afresh: it does not depend on the real ones (found by helper-47: it was a
    clone, and once the deal was out it held every seat's real hand)."""
    spiel = _game("toepen")
    probe, total = spiel.new_initial_state(), 0
    while probe.is_chance_node() and probe._dealt() is None:
        probe.apply_action(probe.chance_outcomes()[0][0])
        total += 1
    deals = []
    for order in (min, max):  # two real deals of all but one card, no card alike
        state = spiel.new_initial_state()
        for _ in range(total - 1):
            state.apply_action(order(dict(state.chance_outcomes())))
        deals.append(state)
    assert not set(deals[0]._box.deal) & set(deals[1]._box.deal)
    assert deals[0].information_state_string(0) == deals[1].information_state_string(0)
    differ = 0
    for k in range(20):
        worlds = [s.resample_from_infostate(0, lambda k=k: (k + 0.5) / 20) for s in deals]
        assert worlds[0]._box.deal == worlds[1]._box.deal  # the same, whatever was real
        assert len(worlds[0]._box.deal) == total - 1 and worlds[0].is_chance_node()
        differ += worlds[0]._box.deal != deals[0]._box.deal
        for w in worlds:
            w.apply_action(w.chance_outcomes()[0][0])
            assert not w.is_chance_node() or w._dealt() is not None  # the deal is out
    assert differ == 20
