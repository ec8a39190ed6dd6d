"""Worlds made by ``resample_from_infostate(p, ...)`` hold only what seat ``p`` saw plus
the resampled state: nothing of the real deal or of the real events' secrets, in the
object or in its serialization. They take the player as every other method does, and
their history starts at the world, as the RL guide says."""

from __future__ import annotations

import enum
import random
from typing import Any

import numpy as np
import pyspiel
import pytest

import tablegames
from tablegames.adapters.base import Codec
from tablegames.adapters.openspiel import load_game
from tablegames.common.rng import Rng
from tests.adapters.helpers import SHORT, through_chance

GAMES = sorted(SHORT)


def _walk(obj: Any, memo: set[int] | None = None) -> Any:
    """Everything reachable from ``obj`` as plain nested data (its slots and ``__dict__``,
    containers, an ``Rng``'s state), so two objects that hold different cards anywhere
    walk differently. Codecs and the pyspiel game are configuration, the same for every
    state of a game, and stand for their type's name."""
    memo = set() if memo is None else memo
    if obj is None or isinstance(obj, bool | int | float | str | bytes):
        return obj
    if isinstance(obj, enum.Enum):
        return repr(obj)
    if isinstance(obj, Codec | pyspiel.Game | type) or (
            callable(obj) and not hasattr(obj, "__dict__")):
        return type(obj).__name__
    if id(obj) in memo:
        return "<again>"
    memo.add(id(obj))
    if isinstance(obj, Rng):
        return ("Rng", obj.state)
    if isinstance(obj, list | tuple):
        return [_walk(x, memo) for x in obj]
    if isinstance(obj, set | frozenset):
        return sorted(repr(_walk(x, memo)) for x in obj)
    if isinstance(obj, dict):
        return [(_walk(k, memo), _walk(v, memo)) for k, v in obj.items()]
    fields = {}
    for cls in type(obj).__mro__:
        for name in getattr(cls, "__slots__", ()):
            if hasattr(obj, name):
                fields[name] = _walk(getattr(obj, name), memo)
    for name, value in getattr(obj, "__dict__", {}).items():
        fields[name] = _walk(value, memo)
    return (type(obj).__name__, fields)


def _replay(spiel: Any, moves: list[tuple[int, int]], change: tuple[int, int]) -> Any:
    """The game of ``moves`` (player, action) with the ``change[0]``-th move's outcome
    replaced by ``change[1]``; ``None`` if a move is then not legal or not that player's."""
    state = spiel.new_initial_state()
    for k, (player, action) in enumerate(moves):
        if k == change[0]:
            action = change[1]
        if state.current_player() != player or action not in state.legal_actions():
            return None
        state.apply_action(action)
    return state


def _twin(spiel: Any, state: Any, seat: int, rng: random.Random) -> Any:
    """A real state that differs from ``state`` only in a card ``seat`` never saw: one
    chance outcome of its history replaced, the rest replayed, ``seat``'s information
    state the same and the engine state different (``None`` if no try finds one)."""
    moves = [(int(m.player), int(m.action)) for m in state.full_history()]
    chance = [k for k, (player, _) in enumerate(moves) if player == pyspiel.PlayerId.CHANCE]
    own = state.information_state_string(seat)
    for _ in range(300 if chance else 0):
        k = rng.choice(chance)
        before = _replay(spiel, moves[:k], (-1, 0))
        other = [o for o, _ in before.chance_outcomes() if o != moves[k][1]]
        if not other:
            continue
        twin = _replay(spiel, moves, (k, rng.choice(other)))
        if twin is None or twin.information_state_string(seat) != own:
            continue
        if twin._dealt() is None:
            differs = twin._box.deal != state._box.deal
        else:
            differs = twin.session.state.to_json() != state.session.state.to_json()
        if differs:
            return twin
    return None


def _points(spiel: Any, seed: int) -> dict[str, Any]:
    """States of one random game: in the middle of the deal (if the game deals), at the
    first decision, at the first chance node of play (a draw), twelve moves into the
    hand, and at the first decision after a hand has ended (a ``round_over`` that did not
    end the game), where they occur."""
    rng = np.random.default_rng(seed)
    state = spiel.new_initial_state()
    points: dict[str, Any] = {}
    for _ in range(5):
        if not state.is_chance_node() or state._dealt() is not None:
            break
        state.apply_action(int(rng.choice([o for o, _ in state.chance_outcomes()])))
    if state._dealt() is None:
        points["mid-deal"] = state.clone()
    through_chance(state, rng)
    points["start"] = state.clone()
    moves, ended = 0, False
    while not state.is_terminal():
        if state.is_chance_node():
            points.setdefault("mid-draw", state.clone())
            state.apply_action(int(rng.choice([o for o, _ in state.chance_outcomes()])))
        elif ended:
            points["after a hand"] = state.clone()
            break
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
            moves += 1
            if moves == 12 and not state.is_terminal():
                points["mid-hand"] = through_chance(state.clone(), rng)
        # a hand's last action waits for the next deal's cards: its events come after them
        ended = ended or any(e.kind == "round_over" for e in state.recall.events)
    return points


@pytest.mark.parametrize("game", GAMES)
def test_a_world_holds_nothing_of_the_cards_its_seat_never_saw(game: str) -> None:
    """Found by the OpenSpiel audit: a world kept the real recall, which holds the real
    dealt state (every seat's hand) and the real events with their secrets, and its
    serialization wrote both out. Now two real states that differ only in a card seat 0
    never saw give the same worlds from the same sampler: the same serialization, and the
    same objects all the way down."""
    players, rules = SHORT[game]
    if game == "phase10":  # two phases: the first hand ends before the game does
        rules = {**rules, "phases": ["set2+run3", "set2+run3"]}
    spiel = load_game(game, players=players, rules=rules)
    rng = random.Random(game)
    found: dict[str, int] = {}
    for seed in range(6):
        for name, state in _points(spiel, seed).items():
            seat = 0
            twin = _twin(spiel, state, seat, rng)
            if twin is None:
                continue
            found[name] = found.get(name, 0) + 1
            for drawn in (0.125, 0.625):
                a = state.resample_from_infostate(seat, lambda drawn=drawn: drawn)
                b = twin.resample_from_infostate(seat, lambda drawn=drawn: drawn)
                assert a.serialize() == b.serialize(), f"{game} {name} seed {seed}"
                assert _walk(a.__dict__) == _walk(b.__dict__), f"{game} {name} seed {seed}"
                copy = spiel.deserialize_state(a.serialize())
                assert _walk(copy.__dict__) == _walk(
                    spiel.deserialize_state(b.serialize()).__dict__)
                assert a.information_state_string(seat) == state.information_state_string(seat)
                assert copy.information_state_string(seat) == \
                    state.information_state_string(seat)
                for other in range(1, players):  # the public record, the same in both
                    assert a.information_state_string(other) == \
                        b.information_state_string(other)
    if game == "dallah":  # every cup, pile and held card is on the table for all to see
        assert not found
        return
    expected = {"mid-deal", "start", "mid-draw", "mid-hand"}
    if game in ("toepen", "phase10"):  # their hands end before the game does
        expected.add("after a hand")
    assert expected <= set(found), f"{game}: twins found only at {sorted(found)}"


def test_a_dallah_world_holds_nothing_of_the_real_draw_piles() -> None:
    """Dallah hides only the order of its draw piles, which ``chance="engine"`` states
    hold: two games of different seeds look the same at the start, and their worlds from
    the same sampler are the same (the real recall held the dealt state, piles and seed)."""
    states = [load_game("dallah", players=2, seed=seed, chance="engine").new_initial_state()
              for seed in (1, 2)]
    assert states[0].session.state.stock != states[1].session.state.stock
    assert states[0].information_state_string(0) == states[1].information_state_string(0)
    for k in range(3):
        a, b = (s.resample_from_infostate(0, lambda k=k: k / 3) for s in states)
        assert a.serialize() == b.serialize()
        assert _walk(a.__dict__) == _walk(b.__dict__)


def _mid_game(spiel: Any, moves: int = 20) -> Any:
    """A state ``moves`` random moves (chance outcomes included) after the deal."""
    rng = np.random.default_rng(3)
    state = through_chance(spiel.new_initial_state(), rng)
    for _ in range(moves):
        if state.is_chance_node():
            state.apply_action(int(rng.choice([o for o, _ in state.chance_outcomes()])))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    return through_chance(state, rng)


@pytest.mark.parametrize("game", GAMES)
def test_a_world_history_starts_at_the_world(game: str) -> None:
    """Found by the OpenSpiel audit: a world's ``history()`` is empty and its
    ``move_number()`` 0 however far the real game is, which the RL guide did not say (it
    said the outcomes are in ``history()``). A world is a resampled present, not a
    replayed past, so its history starts at the world, as the guide now says: the
    actions applied to it, and nothing of the real game's. Its seat's past is its
    information state, the real one."""
    players, rules = SHORT[game]
    spiel = load_game(game, players=players, rules=rules)
    state = _mid_game(spiel)
    assert state.move_number() == len(state.history()) >= 20
    world = state.resample_from_infostate(0, lambda: 0.5)
    assert world.history() == [] and world.history_str() == "" and world.move_number() == 0
    assert world.information_state_string(0) == state.information_state_string(0)
    action = world.legal_actions()[0]
    world.apply_action(action)
    assert world.history() == [action] and world.move_number() == 1
    copy = spiel.deserialize_state(world.serialize())
    assert copy.history() == [action] and copy.clone().history() == [action]
    assert state.move_number() == len(state.history())  # the real game is untouched


def test_a_world_takes_the_player_as_every_other_method() -> None:
    """Found by the OpenSpiel audit: ``resample_from_infostate(np.int64(0), ...)`` was a
    ``SeatError`` offering "None" (which it refused too), while every other method taking
    a player takes a numpy integer. Now the player is checked as theirs is, first."""
    spiel = load_game("toepen", players=3, rules={"limit": 3})
    state = _mid_game(spiel, 5)
    for numpy_seat in (np.int64(1), np.int32(1), np.uint8(1)):
        world = state.resample_from_infostate(numpy_seat, lambda: 0.5)
        assert world.serialize() == state.resample_from_infostate(1, lambda: 0.5).serialize()
    asked = []
    for bad in (None, True, 3, -1, 1.0, "0", np.int64(3)):
        with pytest.raises(tablegames.common.errors.SeatError) as refused:
            state.resample_from_infostate(bad, lambda: asked.append(1) or 0.5)
        assert str(refused.value).startswith("player must be a seat of this game, an int in 0..2")
        assert "None" not in str(refused.value).split(", not ")[0]
    assert not asked  # refused before the sampler is asked
    deal = spiel.new_initial_state()  # during the deal too, where no session checked it
    with pytest.raises(tablegames.common.errors.SeatError):
        deal.resample_from_infostate(5, lambda: 0.5)
    assert deal.resample_from_infostate(np.int64(2), lambda: 0.5).is_chance_node()
