"""The stages of a Toepen hand, as the state keeps them (an index into :data:`STAGES`).

Its own module so that the state, the refusals and the position text all read one list.
"""

from __future__ import annotations

EXCHANGE, CHALLENGE, POVERTY, PLAY, RESPOND, OVER = range(6)
#: Each stage's name, by its number (the view and the position text show the name).
STAGES = ("exchange", "challenge", "poverty", "play", "respond", "over")

__all__ = ["CHALLENGE", "EXCHANGE", "OVER", "PLAY", "POVERTY", "RESPOND", "STAGES"]
