"""Bots shared by every game."""

from __future__ import annotations

from typing import Any

from tablegames.common.actions import Action
from tablegames.common.rng import Rng


class RandomBot:
    """Picks uniformly among the legal actions (seeded, so playouts replay exactly)."""

    def __init__(self, seed: int | str = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, state: Any) -> Action:
        """A uniformly random legal action of the seat to act."""
        actions = state.legal_actions()
        return actions[self.rng.below(len(actions))]  # type: ignore[no-any-return]
