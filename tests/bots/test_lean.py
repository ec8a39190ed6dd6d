"""The lean rollout path: ``make_lean`` + ``apply_trusted`` play exactly the checked games.

A lean world keeps no history (only its count) and no events, and skips ``apply``'s
re-validation of the engine's own legal actions; everything else must be the same. The
comparison is of every declared field (``_state_json``: hands, stock, scores, stage...),
the random generator's state, ``version``, ``to_act`` and every seat's legal actions,
after each step of seeded random playouts that also take interrupts and table reports.
"""

from __future__ import annotations

import pytest

import tablegames
from tablegames.bots.handle import Handle
from tablegames.bots.ismcts import ISMCTS
from tablegames.common.errors import SetupError, StateError
from tablegames.common.registry import game_info
from tablegames.common.rng import Rng

from .helpers import position

GAMES = ("toepen", "phase10", "shithead", "dallah")


def _options(state: object) -> list[object]:
    """Every seat's legal actions now (the turn and any interrupt)."""
    return [a for s in range(len(state.players))  # type: ignore[attr-defined]
            for a in state.legal_actions(s)]  # type: ignore[attr-defined]


def _same(checked: object, lean: object) -> None:
    assert lean._state_json() == checked._state_json()  # type: ignore[attr-defined]
    assert lean.rng.state == checked.rng.state  # type: ignore[attr-defined]
    assert lean.version == checked.version  # type: ignore[attr-defined]
    assert lean.to_act == checked.to_act  # type: ignore[attr-defined]
    assert [str(a) for a in _options(lean)] == [str(a) for a in _options(checked)]


@pytest.mark.parametrize("game", GAMES)
def test_lean_and_checked_playouts_reach_identical_states(game: str) -> None:
    info = game_info(game)
    steps = 0
    for seed in range(10):
        players = 2 + seed % 3
        real = info.new_game(players=players, seed=seed,
                             **{k: v for k, v in info.simulate_kwargs(
                                 [f"P{i}" for i in range(players)]).items() if k != "players"})
        for _ in range(seed * 7):  # start some worlds mid-game
            if real.is_over:
                break
            real.apply(real.legal_actions()[0])
        if real.is_over:
            continue
        checked = real.sample_world(seed % players, Rng(seed))
        lean = checked.copy()
        lean.make_lean()
        assert lean.lean and not checked.lean
        _same(checked, lean)
        pick = Rng(1000 + seed)
        for _ in range(400):
            if checked.is_over:
                break
            options = _options(checked)
            action = options[pick.below(len(options))]
            checked.apply(action)
            lean.apply_trusted(action)
            _same(checked, lean)
            steps += 1
        assert lean.is_over == checked.is_over
        if checked.is_over:
            assert lean.outcome() == checked.outcome()
    assert steps > 300


@pytest.mark.parametrize("game", GAMES)
def test_a_lean_world_cannot_be_saved_shown_or_replayed(game: str) -> None:
    state = tablegames.new_game(game, players=3, seed=5)
    world = state.sample_world(0, Rng(2))
    world.make_lean()
    for call in (world.to_json, lambda: world.view(0), lambda: world.view(None),
                 world.to_position, world.record, lambda: world.log(0),
                 lambda: list(world.history), lambda: world.history[0]):
        with pytest.raises(StateError, match="lean"):
            call()
    copy = world.copy()
    assert copy.lean
    with pytest.raises(StateError, match="lean"):
        copy.to_json()
    assert len(world.history) == len(state.history) == world.version


def test_only_a_sampled_world_can_be_made_lean_and_only_lean_worlds_take_trust() -> None:
    state = tablegames.new_game("toepen", players=3, seed=5)
    before = state.to_json()
    with pytest.raises(StateError, match="sampled world"):
        state.make_lean()
    with pytest.raises(StateError, match="lean"):
        state.apply_trusted(state.legal_actions()[0])
    assert state.to_json() == before
    world = state.sample_world(1, Rng(3))
    with pytest.raises(StateError, match="lean"):
        world.apply_trusted(world.legal_actions()[0])


@pytest.mark.parametrize("game", GAMES)
def test_the_search_finds_the_same_on_the_lean_path_as_on_the_checked_one(game: str) -> None:
    """Same seed, same position: every visit count and mean at the root agree, so the
    lean path changes the search's speed, never its play."""
    searched = 0
    for seed in range(1, 8):
        state = position(game, 3, seed, 12)
        if len(state.legal_actions()) < 2:
            continue
        searched += 1
        handle = Handle(state, state.to_act)
        lean, checked = ISMCTS(game, seed, 30), ISMCTS(game, seed, 30, lean=False)
        assert lean.lean and not checked.lean
        assert lean.choose(handle) == checked.choose(handle)
        if lean.last is None:  # the table reported (Dallah): no search on either path
            assert checked.last is None
            searched -= 1
            continue
        assert checked.last is not None
        assert lean.last.stats == checked.last.stats
    assert searched >= 2


def test_the_lean_option_is_a_bool() -> None:
    with pytest.raises(SetupError, match="lean"):
        ISMCTS("toepen", 1, 10, lean=1)  # type: ignore[arg-type]
