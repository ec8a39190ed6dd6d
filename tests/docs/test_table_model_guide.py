"""The table-model guide's "In short" table names every part of a model, and no other.

helper-165: the table left out ``game``, ``over``, ``stage``, ``title``, ``to_act``,
``version`` and ``viewer``, so a front end's author reading the guide's summary met seven
keys it never named. The parts are the keys of real models of every game, for a seat and
for the spectator (the schema's own test, ``tests/render/test_model_keys.py``, holds the
model module's docstring to the keys inside each part).
"""

from __future__ import annotations

import re
from pathlib import Path

import tablegames
from tablegames.table import present

GUIDE = Path(__file__).resolve().parents[2] / "docs" / "guides" / "table-model.md"


def in_short() -> set[str]:
    """The names in the first cells of the table after "In short"."""
    text = GUIDE.read_text("utf-8").split("In short:", 1)[1]
    names: set[str] = set()
    for line in text.strip().splitlines()[2:]:  # past the header and its rule
        if not line.startswith("|"):
            break
        names |= set(re.findall(r"`(\w+)`", line.strip("|").split("|")[0]))
    return names


def test_the_in_short_table_names_exactly_the_models_parts() -> None:
    made: set[str] = set()
    for game in sorted(tablegames.GAMES):
        state = tablegames.new_game(game, players=3, seed=1)
        for seat in (0, None):
            made |= set(present(state.view(seat)))
    assert {"game", "viewer", "seats", "report"} <= made
    named = in_short()
    assert made == named, (sorted(made - named), sorted(named - made))
