"""Position texts written before the position lines were generated from the field
declarations keep loading (issue 21, item 2).

``tests/<game>/data/positions_old.json`` holds positions the hand-written Toepen and
Shithead writers wrote, with the state each was written from (taken before the change):
each must load to exactly that state (as today's engine holds it: since engine 4
Toepen's ``last_round`` names the deal ``round``, Shithead's round summaries say
``limit_hit``; since Toepen's and Shithead's engine 5 the seat to play is ``active``,
which those texts call ``turn``; since Shithead's engine 6 its seats in play are
``playing`` and its seen hand cards ``known_cards``, which they call ``in_play`` and
``known``), and write itself again in
today's form, which loads back to the same state and text.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import tablegames
from tests.shithead.helpers import today_fields
from tests.shithead.helpers import today_position as shithead_today_position
from tests.toepen.helpers import round_named, today_position
from tests.upgrades import active_key

HERE = Path(__file__).parent.parent
CASES = [(game, i, entry) for game in ("toepen", "shithead")
         for i, entry in enumerate(json.loads(
             (HERE / game / "data" / "positions_old.json").read_text()))]


@pytest.mark.parametrize(("game", "i", "entry"), CASES,
                         ids=[f"{game}-{i}" for game, i, _ in CASES])
def test_old_position_text_loads_to_the_state_it_was_written_from(
        game: str, i: int, entry: dict[str, Any]) -> None:
    state = tablegames.from_position(game, entry["position"])
    want, text = active_key(entry["state"]), entry["position"]
    if game == "toepen":
        want, text = dict(want, last_round=round_named(want["last_round"])), today_position(text)
    else:
        want, text = today_fields(entry["state"]), shithead_today_position(text)
    assert json.loads(json.dumps(state._dump())) == want
    again = tablegames.from_position(game, state.to_position())
    assert again._dump() == state._dump()
    assert again.to_position() == state.to_position() == text


@pytest.mark.parametrize("game", sorted(tablegames.GAMES))
def test_the_core_lines_are_those_the_core_writes_and_no_games(game: str) -> None:
    """``CORE_LINES`` (which an old line name may never be read as) are exactly the
    lines before the game's own in every position, and no game writes a line of that
    name: the list and the writer cannot drift apart."""
    from tablegames.common.position import CORE_LINES

    state = tablegames.new_game(game, players=3, seed=2)
    for _ in range(5):
        state.apply(state.legal_actions()[0])
    names = [line.partition(":")[0].split(" ")[0] for line in state.to_position().splitlines()
             if ":" in line and not line.startswith("tablegames position")]
    core = len(CORE_LINES) + 2  # ``player`` once per seat
    assert list(dict.fromkeys(names[:core])) == list(CORE_LINES)
    assert not set(names[core:]) & set(CORE_LINES), names[core:]
