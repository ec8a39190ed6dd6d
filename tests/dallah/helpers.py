"""Scenario helpers for Dallah tests: stacked decks and die, refusals checked exactly."""

from __future__ import annotations

from typing import Any

import pytest

from tablegames import IllegalAction, dallah


def game(players: int = 3, **setup: Any) -> dallah.State:
    """A stacked game (seed 1); ``setup`` goes to ``new_game`` (actions, placements, ...)."""
    return dallah.new_game(players=players, seed=1, **setup)


def play(state: dallah.State, *actions: str) -> list[dict[str, Any]]:
    """Apply actions in order; return every event as a spectator sees it."""
    out: list[dict[str, Any]] = []
    for a in actions:
        out.extend(e.for_seat(None) for e in state.apply(a))
    return out


def refused(state: dallah.State, action: str, code: str, ruling: str | None) -> IllegalAction:
    """Assert ``action`` is refused with ``code`` and ``ruling`` and changes nothing."""
    before = state.to_json()
    with pytest.raises(IllegalAction) as info:
        state.apply(action)
    assert info.value.code == code, info.value
    assert info.value.ruling == ruling, info.value
    assert state.to_json() == before
    return info.value


def kinds(events: list[dict[str, Any]]) -> list[str]:
    """The kinds of a list of events."""
    return [e["kind"] for e in events]


def team_heavy_cards() -> dallah.CardSet:
    """The default set with many team cards (four each, two cups, Fazaa' too), stunts
    without a cup after them and a Naql that adds one: every way a turn can end, often."""
    d = dallah.DEFAULT_CARDS.to_dict()
    for a in d["actions"]:
        if a["kind"] in ("rotate", "tap", "blow"):
            a["cups"] = 0
        elif a["kind"] == "naql":
            a["cups"] = 1
        elif a["kind"] in ("fazaa", "tag_team", "shareek"):
            a["count"], a["cups"] = 4, 2
    return dallah.CardSet.from_dict(d)


def engine_3_fields(state: dallah.State) -> dict[str, Any]:
    """The state's saved fields as engine 3 held them: the same but ``turn``, which
    counted from 0 there and counts from 1 since engine 4 (for data written by the
    older engines)."""
    fields = state._dump()
    return {**fields, "turn": fields["turn"] - 1}


def small_set(**changes: object) -> dallah.CardSet:
    """A tiny card set: 2 zones of one card each, two place cards and Ma Ysir."""
    data: dict[str, object] = {
        "name": "tiny",
        "shapes": [{"id": "cup", "en": "Cup", "ar": "فنجان", "cups": 6}],
        "zones": [{"id": "lid", "en": "Lid", "ar": "الغطاء", "cards": 1},
                  {"id": "neck", "en": "Neck", "ar": "الرقبة", "cards": 1}],
        "actions": [{"id": "place", "en": "Place", "ar": "ضع", "kind": "place", "count": 2}],
        "protection": [{"id": "ma_ysir", "en": "Ma Ysir", "ar": "ما يصير", "kind": "block"}],
    }
    data.update(changes)
    return dallah.CardSet.from_dict(data)
