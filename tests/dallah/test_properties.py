"""Hypothesis properties: cups are conserved, fallen cups stay fallen, pile actions keep
to personal piles, and every game ends."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from tablegames import dallah
from tablegames.common.bots import RandomBot
from tablegames.dallah import actions as A
from tablegames.dallah import stages as S


def _on_table(state: dallah.State) -> tuple[list[int], list[list[int]]]:
    """The shared pile (with cups taken for the card in play) and the Dallah."""
    shared = [n + state.cups_in_hand.count(s) for s, n in enumerate(state.shared)]
    return shared, [sorted(z) for z in state.pot]


@given(
    seed=st.integers(0, 10_000),
    players=st.integers(2, 8),
    choices=st.lists(st.integers(0, 1_000), max_size=400),
    model=st.booleans(),
)
def test_cups_are_conserved_and_fallen_cups_stay_fallen(
    seed: int, players: int, choices: list[int], model: bool
) -> None:
    state = dallah.new_game(players, seed=seed)
    total = state.rules.cards.total_cups
    bot = dallah.ModelBot(seed) if model else RandomBot(seed)
    fallen = 0
    unplaced = state.shared_total()
    limit = dallah.GAME.max_actions(state)
    steps = 0
    while not state.is_over:
        legal = state.legal_actions()
        action = legal[choices[steps] % len(legal)] if steps < len(choices) else bot.choose(state)
        pick = choices[steps] if steps < len(choices) else 0
        if state.late >= 0 and pick % 5 == 1:  # a late fall, from the phone that may send it
            late = state.legal_actions(state.late)
            action = late[pick % len(late)]
        elif state.stage == S.REPORT and pick % 7 == 2:  # several cups, some by shape only
            # (the cup in hand only by its zone: a shape alone never names it, DAL-26)
            hand = state.view(None)
            held = f"{hand['zone']}:{hand['cup']}" if hand["cup"] else ""
            named = [f"{a.zone}:{a.shape}" for a in legal if a.verb == "fell"]  # type: ignore[attr-defined]
            cups = [c if k % 2 or c == held else c.partition(":")[2]
                    for k, c in enumerate(named)][: 1 + pick % 3]
            if len(cups) > 1:
                action = A.Falls(state.to_act, tuple(sorted(cups)))
        pile_card = state.card >= 0 and state.t.is_pile[state.card]
        before = _on_table(state)
        events = state.apply(action)
        steps += 1
        assert steps <= limit
        # conservation: shared + pot + personal + retired + in hand
        assert state.cups_in_play() == total
        # fallen cups never come back: what left the shared pile and the pot stays gone
        now_fallen = sum(state.piles) + state.retired
        assert now_fallen >= fallen
        fallen = now_fallen
        assert state.shared_total() + len(state.cups_in_hand) <= unplaced
        unplaced = state.shared_total() + len(state.cups_in_hand)
        # pile actions never touch the shared pile or the Dallah
        kinds = {e.kind for e in events}
        if pile_card or kinds & {"pile_action", "retire", "no_effect"}:
            assert _on_table(state) == before
    out = state.outcome()
    assert sum(out.scores) + state.retired + state.pot_total() == total
    top = max(out.scores)
    assert out.losers == frozenset(s for s in range(players) if top and out.scores[s] == top)


@given(seed=st.integers(0, 10_000), players=st.integers(2, 8))
def test_sample_world_hides_only_deck_order_and_the_die(seed: int, players: int) -> None:
    state = dallah.new_game(players, seed=seed)
    bot = dallah.ModelBot(seed)
    for _ in range(seed % 60):
        if state.is_over:
            break
        state.apply(bot.choose(state))
    for seat in range(players):
        world = state.sample_world(seat, seed)
        assert world.view(seat) == state.view(seat)
        assert sorted(world.stock) == sorted(state.stock)
        assert sorted(world.placement_stock) == sorted(state.placement_stock)
        assert world.rolls == ()
        for name in ("shared", "pot", "piles", "held", "discard", "placement_discard", "cups_in_hand"):
            assert getattr(world, name) == getattr(state, name)
