"""Saves written by an earlier engine load into the same game (format 3, before the
field renames of format 4: ``hand_no``, ``in_hand``, ``poor``, ``ex_queue``,
``last_result``, ``deal_order``).

The files under ``data/`` were written by the code of commit 7555396 (save format 3),
with the position text and every view that code gave for them (``v3_expected.json``):
a load today must give the very same position and views (but for engine 4's name of the
deal in ``last_round``: ``round``, was ``hand``, and the result's count of deals:
``rounds``, was ``hands``), and re-save as today's format.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tablegames import StateError, toepen
from tablegames.common.bots import RandomBot
from tests.toepen.helpers import today_position, today_view

DATA = Path(__file__).parent / "data"
OLD = ("v3_midgame", "v3_house_rules", "v3_finished")
#: The state keys format 3 wrote under another name than today's fields.
OLD_KEYS = ("hand_no", "in_hand", "poor", "ex_queue", "last_result", "deal_order")


#: View keys added after the expected views were written (each with a CHANGELOG line).
ADDED_SINCE = {"exchanger"}


def expected() -> dict[str, dict[str, object]]:
    return json.loads((DATA / "v3_expected.json").read_text())  # type: ignore[no-any-return]


@pytest.mark.parametrize("name", OLD)
def test_a_format_3_save_loads_with_the_same_position_and_views(name: str) -> None:
    text = (DATA / f"{name}.json").read_text()
    assert json.loads(text)["format"] == 3
    assert all(k in json.loads(text)["state"] for k in OLD_KEYS)  # written before the rename
    state = toepen.State.from_json(text)
    want = expected()[name]
    assert state.to_position() == today_position(str(want["position"]))
    views = want["views"]
    assert isinstance(views, dict)
    for key, view in views.items():
        seat = None if key == "None" else int(key)
        now = state.view(seat)
        # every key the view had keeps its value; keys added since are listed (CHANGELOG)
        view = today_view(view)
        assert {k: v for k, v in now.items() if k in view} == view, (name, seat)
        assert set(now) - set(view) <= ADDED_SINCE, (name, seat)


@pytest.mark.parametrize("name", OLD)
def test_a_format_3_save_re_saves_under_todays_names_and_plays_on(name: str) -> None:
    state = toepen.State.from_json((DATA / f"{name}.json").read_text())
    saved = json.loads(state.to_json())
    assert saved["format"] >= 4
    assert not any(k in saved["state"] for k in OLD_KEYS)
    again = toepen.State.from_json(state.to_json())
    assert again.to_json() == state.to_json()
    bot = RandomBot(4)
    for _ in range(40):
        if state.is_over:
            break
        state.apply(bot.choose(state))
        assert toepen.State.from_json(state.to_json()).to_json() == state.to_json()


def test_a_format_3_save_with_an_old_and_a_new_name_is_refused() -> None:
    doc = json.loads((DATA / "v3_midgame.json").read_text())
    doc["state"]["round"] = doc["state"]["hand_no"]
    with pytest.raises(StateError, match="both"):
        toepen.State.from_json(json.dumps(doc))
