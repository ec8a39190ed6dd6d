"""Stage and flag constants shared by the state, its mixins, prompts and bots.

A turn moves through stages; the seat to act and the legal actions follow from the stage.
"""

from __future__ import annotations

DRAW, TARGET, PAIR, MOVE, ROLL, REPORT, PROTECT, OVER = range(8)
STAGES = ("draw", "target", "pair", "move", "roll", "report", "protect", "over")
#: What a report stage is about: a placed cup, a stunt (rotate/tap/blow), a Naql move.
R_PLACE, R_STUNT, R_MOVE = range(3)
REPORTS = ("place", "stunt", "move")
#: Effect flags: redirected by Ana Mali Dakhal (DAL-44), blocked or cancelled (DAL-42/43).
REDIRECTED, BLOCKED = 1, 2
#: The ``cups`` of an effect that swaps whole piles.
SWAP = -1
