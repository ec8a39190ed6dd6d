"""Rewrite the golden playthrough files after an intended change of behaviour.

    python tests/playthroughs/regenerate.py [GAME ...]

Review the diff before committing: every changed line is a changed decision, legal
action list or event.
"""

from __future__ import annotations

import sys
from pathlib import Path

from tablegames.testing import playthrough

HERE = Path(__file__).parent
CASES = {"toepen": (4, 7), "phase10": (3, 7), "shithead": (4, 7), "dallah": (4, 7)}


def main(games: list[str]) -> None:
    for game in games or list(CASES):
        players, seed = CASES[game]
        (HERE / f"{game}.txt").write_text(playthrough(game, players=players, seed=seed))
        print(f"wrote {game}.txt")


if __name__ == "__main__":
    main(sys.argv[1:])
