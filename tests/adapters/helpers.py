"""Random playouts through adapter sessions, and the checks the adapter tests share."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import numpy as np

import tablegames
from tablegames.adapters import Codec, Session, adapter, make_codec
from tablegames.common.rng import Rng

#: Short games for every adapter test: small tables and rules that end games early.
SHORT: dict[str, tuple[int, Any]] = {
    "toepen": (3, {"limit": 3}),
    "phase10": (2, {"phases": ["set2+run3"], "hand_size": 6}),
    "shithead": (3, None),
    "dallah": (2, None),
}

#: Shithead with both of its interrupts on: the cut-in and the simultaneous swap.
SHITHEAD_INTERRUPTS: dict[str, Any] = {"swap_mode": "simultaneous", "cut_in": True}

#: A stacked Phase 10 deck: seat 0 (left of the dealer) holds phase 1 several ways.
LAYS = ["R3", "B3", "G3", "R7", "B7", "W", "Y3", "Y7", "G11", "G12",
        "R1", "B2", "G4", "Y5", "R6", "B8", "G9", "Y10", "R11", "B12", "Y4", "Y12"]


def session_for(game: str, players: int, rules: Any, seed: int, **options: Any) -> Session:
    """A fresh session of a new game."""
    codec = make_codec(game, players, rules, **options)
    state = tablegames.new_game(game, players=players, seed=seed, rules=rules)
    return Session(codec, state, Rng(f"table:{seed}"))


def playout(session: Session, seed: int, steps: int) -> Iterator[Session]:
    """Yield the session before each of up to ``steps`` uniformly random decisions."""
    rng = Rng(seed)
    for _ in range(steps):
        if session.state.is_over:
            return
        yield session
        ids = session.legal_ids()
        session.choose(ids[rng.below(len(ids))])


def reachable(codec: Codec, state: Any, seat: int) -> set[str]:
    """Every action the codec's decisions can reach from an empty prefix (by search)."""
    found: set[str] = set()
    todo: list[tuple[int, ...]] = [()]
    while todo:
        prefix = todo.pop()
        for ident, choice in codec.options(state, seat, prefix).items():
            if choice is None:
                todo.append((*prefix, ident))
            else:
                found.add(str(choice))
    return found


def check_observation(obs: np.ndarray[Any, Any], size: int) -> None:
    """Shape, dtype and range every observation must have."""
    assert obs.shape == (size,)
    assert obs.dtype == np.float32
    assert float(obs.min()) >= 0.0 and float(obs.max()) <= 1.0
    assert obs.any()


def observer_for(session: Session) -> Any:
    """The observer of a session's game."""
    return adapter(session.codec.game).observer(session.codec)


def through_chance(state: Any, rng: Any = None) -> Any:
    """Apply sampled chance outcomes (the deal, a draw) until a player decides or the game
    ends; returns ``state``. ``rng`` is a numpy generator (default: seeded 0)."""
    rng = np.random.default_rng(0) if rng is None else rng
    while state.is_chance_node():
        outcomes, probs = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(int(rng.choice(outcomes, p=probs)))
    return state


def random_step(state: Any, rng: Any) -> None:
    """One uniformly random move: a chance outcome by its probability, else a legal id."""
    if state.is_chance_node():
        outcomes, probs = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(int(rng.choice(outcomes, p=probs)))
    else:
        state.apply_action(int(rng.choice(state.legal_actions())))
