"""``round_end``: the table as a round ended, before the next deal (the engines deal the
next round inside the move that ends one; the terminal's pause between hands and any app
use this to show the round as it was scored)."""

from __future__ import annotations

import random

import pytest

import tablegames
from tablegames.common.rounds import round_end

GAMES = ("toepen", "phase10", "shithead", "dallah")


@pytest.mark.parametrize("game", GAMES)
def test_round_end_is_the_move_up_to_its_round_over_and_changes_nothing(game: str) -> None:
    """Over seeded random games: a move gives a round end exactly when its events hold
    ``round_over``, with the move's events up to it; the state passed is never changed;
    the ended round's views are fresh, nobody acts in them and they hold no result."""
    ended = 0
    for seed in range(3):
        state = tablegames.new_game(game, players=3, seed=seed)
        rng = random.Random(seed)
        while not state.is_over and state.version < 1_500:
            action = rng.choice(state.legal_actions())
            saved = state.to_json()
            found = round_end(state, action)
            assert state.to_json() == saved
            events = state.apply(action)
            kinds = [e.kind for e in events]
            assert (found is not None) == ("round_over" in kinds), (game, seed, kinds)
            if found is None:
                continue
            ended += 1
            assert [e.kind for e in found.events] == kinds[:kinds.index("round_over") + 1]
            for seat in (None, 0, 1, 2):
                view = found.view(seat)
                assert view["to_act"] is None and view.get("legal", []) == []
                assert view["result"] is None
                assert "last_round" not in view
                view["players"].append("x")  # a fresh view: the next one is whole
                assert found.view(seat)["players"] == list(state.players)
    assert ended > 0 or game == "dallah"  # Dallah has no rounds


def test_toepen_round_end_shows_the_last_trick_and_the_lives_as_scored() -> None:
    """The state after the move shows the next deal (no trick played); the round's end
    shows its four tricks and the lives the round cost, which the next deal keeps."""
    state = tablegames.new_game("toepen", players=3, seed=2)
    rng = random.Random(4)
    while True:
        action = rng.choice(state.legal_actions())
        found = round_end(state, action)
        if found is not None and len(found.view(None)["tricks"]) == 4:
            break
        state.apply(action)
    state.apply(action)
    ended, after = found.view(0), state.view(0)
    assert ended["lives"] == after["lives"]
    assert after["tricks"] == [] and ended["tricks"][3]["winner"] is not None
    # what seat 0 may see: its own cards, never another seat's hand
    assert "hands" not in ended and ended["seat"] == 0


def test_a_refused_move_is_refused_as_apply_refuses_it() -> None:
    state = tablegames.new_game("toepen", players=3, seed=1)
    for bad in ("1:keep", "0:play Th", "0:frobnicate"):
        with pytest.raises(tablegames.TablegamesError) as by_apply:
            state.copy().apply(bad)
        with pytest.raises(type(by_apply.value)) as by_round_end:
            round_end(state, bad)
        assert str(by_round_end.value) == str(by_apply.value)


def test_an_outside_mode_state_is_refused() -> None:
    """An outside-mode state takes its chance from the caller's feed, which the copy
    does not have."""
    from tablegames.common.chance import ChanceNeeded

    feed: list[int] = []
    while True:  # the deal's cards, each the first outcome the engine offers
        try:
            state = tablegames.GAMES["toepen"].state_class.new(3, 1, chance=feed)
            break
        except ChanceNeeded as need:
            feed.append(need.outcomes[0][0])
    with pytest.raises(tablegames.StateError, match="deals for itself"):
        round_end(state, "0:keep")
