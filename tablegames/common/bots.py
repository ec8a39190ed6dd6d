"""Bots shared by every game."""

from __future__ import annotations

from typing import Any

from tablegames.common.actions import Action
from tablegames.common.rng import Rng


class RandomBot:
    """Picks uniformly among the legal actions (seeded, so playouts replay exactly).

    Asked whether ``seat`` interrupts (``interrupt(state, seat)``, a seat that is not to
    act but has ``legal_actions(seat)``), it passes or takes one of them, each with the
    same chance, as the seat-restricted random bot of :mod:`tablegames.bots` does.
    """

    def __init__(self, seed: int | str = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, state: Any) -> Action:
        """A uniformly random legal action of the seat to act."""
        actions = state.legal_actions()
        return actions[self.rng.below(len(actions))]  # type: ignore[no-any-return]

    def interrupt(self, state: Any, seat: int) -> Action | None:
        """Pass or one of ``seat``'s interrupts, uniformly."""
        actions = state.legal_actions(seat)
        k = self.rng.below(len(actions) + 1)
        return None if k == len(actions) else actions[k]
