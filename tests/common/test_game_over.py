"""An action after the end is refused like every other refusal: with the ruling it
enforces, each game's own ruling of the end (its state's ``END_RULING``), as a
``GameOver``, which is an ``IllegalAction`` (what apps catch), and the state is left
byte-identical. Before, the shared refusal named no ruling (Dallah's ``report()`` alone
named DAL-50)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tablegames.common.errors import GameNotOver, GameOver, IllegalAction, TablegamesError
from tablegames.common.registry import GAMES, new_game
from tablegames.common.rulings import load_rulings
from tablegames.testing import ConformanceError, check_game
from tests.common.test_refusals import RULED
from tests.test_rulings_cited import rule_ids


def ended(game: str, seed: int = 3) -> tuple[Any, Any]:
    """A finished two-player game of ``game`` played at random, and its last action."""
    state = new_game(game, players=2, seed=seed, rules="short" if game == "phase10" else None)
    pick = random.Random(seed)
    last = None
    while not state.is_over:
        last = pick.choice(state.legal_actions())
        state.apply(last)
    return state, last


@pytest.mark.parametrize("game, ruling", [
    pytest.param("toepen", "TOE-23", marks=pytest.mark.ruling("TOE-23")),
    pytest.param("phase10", "P10-53", marks=pytest.mark.ruling("P10-53")),
    pytest.param("shithead", "SHD-01", marks=pytest.mark.ruling("SHD-01")),
    pytest.param("dallah", "DAL-50", marks=pytest.mark.ruling("DAL-50")),
])
def test_an_action_after_the_end_is_refused_naming_the_games_ruling_of_the_end(
        game: str, ruling: str) -> None:
    state, last = ended(game)
    before = state.to_json()
    seat = last.seat
    tries = [
        lambda: state.apply(last),                       # a bot loop's path: the action itself
        lambda: state.apply(str(last)),                  # its notation
        lambda: state.apply(str(last), by=seat),         # a phone, for its own seat
        lambda: state.apply(last, by=seat, expect=len(state.history)),  # a phone, up to date
    ]
    for attempt in tries:
        with pytest.raises(GameOver) as refused:
            attempt()
        error = refused.value
        assert isinstance(error, IllegalAction)  # what apps catch today still catches it
        assert (error.code, error.ruling) == ("game_over", ruling)
        assert error.doc == f"rulings/{game}.html#{ruling}"
        assert str(error) == f"the game is over [game_over; ruling {ruling}]"
        assert state.to_json() == before
    assert state.game_over().ruling == type(state).END_RULING == ruling


@pytest.mark.parametrize("game", RULED)
def test_every_ruled_game_declares_a_ruling_of_its_own_as_its_end(game: str) -> None:
    """A game registered later is held to it too: its ruling of the end is one of its
    rulings, in the rules file and on the rulings page (where ``doc`` links)."""
    state_class = GAMES[game].state_class
    assert state_class is not None
    assert state_class.END_RULING in {r.id for r in load_rulings(game)} & rule_ids(game)


@pytest.mark.ruling("TOE-23")
def test_the_conformance_kit_fails_a_game_whose_end_names_no_ruling(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The kit holds every game to it (it can fail): a refusal after the end that names
    nothing, or names a ruling of another game, is found."""
    from tablegames.toepen.state import State

    check_game("toepen", players=3, seeds=[1], full_every=100)
    for wrong in (None, "P10-53"):
        monkeypatch.setattr(State, "END_RULING", wrong)
        with pytest.raises(ConformanceError, match="refusal after the end names"):
            check_game("toepen", players=3, seeds=[1], full_every=100)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_outcome_of_a_game_in_play_is_refused_with_a_tablegames_error(game: str) -> None:
    """``outcome()`` before the end raises ``GameNotOver``: a ``TablegamesError``, as the app
    guide says every error of the library is (it was a bare ``ValueError``, which an app's
    ``except TablegamesError`` let through), and a ``ValueError`` still. The state is left
    byte-identical, and the same state at its end has an outcome."""
    state = new_game(game, players=2, seed=5, rules="short" if game == "phase10" else None)
    before = state.to_json()
    with pytest.raises(GameNotOver, match="not over yet") as info:
        state.outcome()
    assert isinstance(info.value, TablegamesError) and isinstance(info.value, ValueError)
    assert state.to_json() == before
    done, _ = ended(game, seed=5)
    assert done.outcome().winners | done.outcome().losers
