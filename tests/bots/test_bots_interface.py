"""The bot interface: made by name and seed, asked through a handle that holds no state."""

from __future__ import annotations

import gc
from typing import Any

import pytest

import tablegames
from tablegames import bots
from tablegames.bots.handle import Handle
from tablegames.common.errors import IllegalAction, SetupError
from tablegames.common.rng import Rng

from .helpers import GAMES, position


def test_names_list_generic_and_game_bots() -> None:
    assert bots.names("toepen") == ("random", "ismcts", "club")
    assert bots.names("phase10") == ("random", "ismcts", "eager", "smart")
    assert bots.names("shithead") == ("random", "ismcts", "smart")
    assert bots.names("dallah") == ("random", "ismcts", "model")


@pytest.mark.parametrize("game", GAMES)
def test_every_named_bot_answers_with_a_legal_action(game: str) -> None:
    state = position(game, 3, 1, 12)
    seat = state.to_act
    for name in bots.names(game):
        params = {"budget": 8} if name == "ismcts" else {}
        bot = bots.make(name, game, seed=2, **params)
        action = bot.choose(Handle(state, seat))
        assert action in state.legal_actions()


def test_make_refuses_unknown_names_parameters_and_budgets() -> None:
    with pytest.raises(SetupError, match="no bot 'genius'; known: random, ismcts, club"):
        bots.make("genius", "toepen")
    with pytest.raises(SetupError, match="unknown game"):
        bots.make("random", "chess")
    with pytest.raises(SetupError, match="no parameter 'depth'"):
        bots.make("ismcts", "toepen", depth=3)
    with pytest.raises(SetupError, match="takes no parameters"):
        bots.make("random", "toepen", budget=3)
    with pytest.raises(SetupError, match="no parameter 'budget'"):
        bots.make("club", "toepen", budget=3)
    for bad in (0, -5, True, 1.5, "200", 10**9):
        with pytest.raises(SetupError, match="budget must be a whole number from 1 to 1,000,000"):
            bots.make("ismcts", "toepen", budget=bad)
    for bad in (0, -1.0, float("nan"), True, 10**6):
        with pytest.raises(SetupError, match="seconds must be a number"):
            bots.make("ismcts", "toepen", seconds=bad)
    with pytest.raises(SetupError, match="give one budget"):
        bots.make("ismcts", "toepen", budget=10, seconds=1.0)
    with pytest.raises(SetupError, match="seed must be an int or a string"):
        bots.make("random", "toepen", seed=True)
    with pytest.raises(SetupError, match="rollout must be one of"):
        bots.make("ismcts", "toepen", rollout="oracle")


def test_an_unknown_rollout_names_each_known_policy_once() -> None:
    with pytest.raises(SetupError) as err:
        bots.make("ismcts", "toepen", rollout="oracle")
    assert "one of auto, random, club, not 'oracle'" in str(err.value)


def _reachable(root: object) -> set[int]:
    """Ids of every object reachable from ``root`` through data (not classes or code)."""
    skip = (type, type(gc), type(len), type(_reachable), type(_reachable.__code__))
    seen: set[int] = set()
    todo = [root]
    while todo:
        obj = todo.pop()
        if id(obj) in seen or isinstance(obj, skip):
            continue
        seen.add(id(obj))
        todo.extend(gc.get_referents(obj))
        if hasattr(type(obj), "__slots__"):
            todo.extend(getattr(obj, name) for name in _slots(type(obj)) if hasattr(obj, name))
    return seen


def _slots(cls: type) -> list[str]:
    return [s for c in cls.__mro__ for s in getattr(c, "__slots__", ())]


@pytest.mark.parametrize("game", GAMES)
def test_a_handle_reaches_nothing_of_the_real_state(game: str) -> None:
    state = position(game, 4, 3, 15)
    seat = (state.to_act + 1) % 4
    handle = Handle(state, seat)
    reached = _reachable(handle)
    assert id(state) not in reached
    assert id(getattr(state, "_setup_log", None)) not in reached  # the real deal's events
    # every part of the state that some world deals differently holds something the seat
    # cannot see: none of those objects may be reachable from the handle
    worlds = [state.sample_world(seat, Rng(k)) for k in range(6)]
    hidden = [name for name, v in vars(state).items() if isinstance(v, list | dict)
              and any(vars(w).get(name) != v for w in worlds)]
    assert hidden
    assert [name for name in hidden if id(getattr(state, name)) in reached] == []
    # what it does hold: the seat's own view and legal actions
    assert handle.view == state.view(seat)
    assert handle.legal_actions() == state.legal_actions(seat)
    assert handle.version == state.version and handle.players == state.players


def test_handle_refuses_a_bad_seat_or_question() -> None:
    state = position("toepen", 3, 1, 4)
    with pytest.raises(SetupError, match="no seat"):
        Handle(state, 3)
    with pytest.raises(SetupError, match="no seat"):
        Handle(state, True)  # type: ignore[arg-type]
    with pytest.raises(SetupError, match="asking"):
        Handle(state, 0, asking="maybe")


def test_worlds_from_a_handle_are_consistent_with_what_the_seat_saw() -> None:
    state = position("toepen", 4, 5, 14)
    seat = state.to_act
    handle = Handle(state, seat)
    world = handle.sample_world(Rng(1))
    assert world.view(seat) == state.view(seat)
    assert handle.sample_world(Rng(1)).to_json() == world.to_json()


class _Cheat:
    """A broken bot that answers with another seat's action."""

    name = "cheat"

    def choose(self, handle: Any) -> Any:
        return tablegames.GAMES["toepen"].parse_action(f"{(handle.seat + 1) % 3}:keep")

    def interrupt(self, handle: Any) -> Any:
        return None


def test_the_harness_refuses_an_illegal_answer() -> None:
    state = tablegames.new_game("toepen", players=3, seed=1)
    before = state.to_json()
    with pytest.raises(IllegalAction, match="bot 'cheat' at seat 0") as info:
        bots.next_action(state, [_Cheat(), _Cheat(), _Cheat()])
    assert info.value.code == "illegal_bot_answer"
    assert state.to_json() == before


def test_next_action_waits_for_a_person() -> None:
    state = tablegames.new_game("toepen", players=3, seed=1)
    assert state.to_act == 0
    assert bots.next_action(state, [None, bots.make("club", "toepen"), None]) is None
    with pytest.raises(SetupError, match="one bot"):
        bots.next_action(state, [None])


def test_register_adds_a_bot_for_one_game(own_registry: None) -> None:
    bots.register("first", lambda info, seed: _First(), game="shithead")
    assert "first" in bots.names("shithead") and "first" not in bots.names("toepen")
    final = bots.play_game("shithead", ["first", "random"], seed=2)
    assert final.is_over
    with pytest.raises(SetupError, match="identifier"):
        bots.register("no name", lambda info, seed: _First())


class _First:
    name = "first"

    def choose(self, handle: Any) -> Any:
        return handle.legal_actions()[0]

    def interrupt(self, handle: Any) -> Any:
        return None
