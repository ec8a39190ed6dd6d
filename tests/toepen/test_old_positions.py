"""Position texts written before the generated position lines keep loading.

``data/positions_old.json`` holds positions written by the hand-written writer (one line
per seat, card names) with the state each was written from; each must load to exactly
that state and write itself again in today's form, which loads back to the same state.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tablegames import toepen

OLD = json.loads((Path(__file__).parent / "data" / "positions_old.json").read_text())


@pytest.mark.parametrize("entry", OLD, ids=[str(i) for i in range(len(OLD))])
def test_old_position_text_loads_to_the_state_it_was_written_from(entry: dict[str, Any]) -> None:
    state = toepen.from_position(entry["position"])
    assert json.loads(json.dumps(state._dump())) == entry["state"]
    again = toepen.from_position(state.to_position())
    assert again._dump() == state._dump()
    assert again.to_position() == state.to_position()
