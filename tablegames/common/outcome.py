"""The result of a finished game."""

from __future__ import annotations

from typing import Any

import attrs


@attrs.frozen
class Outcome:
    """Who won, who lost, and every seat's score.

    ``scores`` are the game's own measure (Toepen: lives lost; Phase 10: points; Dallah:
    cups held), listed by seat; ``detail`` holds anything game-specific an app may show.
    Games with "no winner, only a loser" (Dallah) leave ``winners`` empty.
    """

    winners: frozenset[int]
    losers: frozenset[int]
    scores: tuple[int, ...]
    detail: dict[str, Any] = attrs.field(factory=dict, eq=False)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {
            "winners": sorted(self.winners),
            "losers": sorted(self.losers),
            "scores": list(self.scores),
            **self.detail,
        }
