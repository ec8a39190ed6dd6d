"""The keys inside a view key, an event key or a result key are named where it is documented.

The conformance kit holds every game's top-level view, event and result keys to its
declarations (``VIEW_KEYS``, ``EVENT_KEYS``, ``RESULT_KEYS``), and the views and events
guides are generated from them; nothing held the objects *inside* those values to the
one-line meanings an app developer reads. Toepen's ``tricks`` said ``[{leader, cards,
winner}]`` without saying each of ``cards`` is ``{seat, card}``, and its ``announcements``
named none of ``announcement``, ``must``, ``reason``, ``otherwise`` (helper-165). Here
seeded games (every option on, as the table model's catalogue plays them) are walked
as every seat and the spectator see them, and each key of each object found inside a
value must be a word of that value's meaning.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

import pytest

import tablegames
from tablegames.common.eventkeys import COMMON_RESULT_KEYS
from tablegames.table.catalogues import ALL_OPTIONS

GAMES = ("toepen", "phase10", "shithead", "dallah")
#: Objects keyed by ids or seats, not records: their meaning says what the keys are
#: ("an object whose keys are seat numbers", "zone id -> ..."), so their keys are data.
MAPS = {
    "toepen": {"last_round.paid", "round_over.paid"},
    "dallah": {"pot", "shared", "setup.shared", "names.shapes", "names.zones", "names.cards"},
}


def records(game: str, value: Any, path: str) -> Iterator[tuple[str, set[str]]]:
    """``(path, keys)`` of every record (an object that is not a map) inside ``value``."""
    if isinstance(value, list):
        for item in value:
            yield from records(game, item, path)
    elif isinstance(value, dict):
        if path in MAPS.get(game, ()):
            return
        yield path, set(value)
        for key, item in value.items():
            yield from records(game, item, f"{path}.{key}")


def meaning(cls: Any, path: str, event: bool) -> str:
    """The documented meaning of the top-level key a nested path starts from."""
    if event:
        kind, key = path.split(".")[:2]
        text: str = cls.EVENT_KEYS[kind].keys[key]
        return text
    top, _, rest = path.partition(".")
    if top == "result":  # the result's own keys are the kit's to check (RESULT_KEYS)
        results = {**COMMON_RESULT_KEYS, **cls.RESULT_KEYS}
        return results[rest.split(".")[0]] if rest else " ".join(results)
    text = cls.VIEW_KEYS[top]
    return text


def _states(game: str) -> Iterator[tuple[Any, list[Any]]]:
    """Seeded games of ``game``, by default and with every option on, after each move."""
    for seed, rules in enumerate([None, ALL_OPTIONS.get(game) or None]):
        state = tablegames.new_game(game, players=3, seed=seed, rules=rules)
        rng = random.Random(seed)
        for _ in range(500):
            if state.is_over:
                break
            yield state, state.apply(rng.choice(state.legal_actions()))
    if game == "toepen":  # three tens: an announcement to read in the view
        yield tablegames.new_game("toepen", players=3, seed=1,
                                  deck=["Tc", "Td", "Th", "Jc"]), []


def undocumented(game: str) -> dict[str, list[str]]:
    """Nested path -> its keys that the meaning of its top-level key does not name."""
    cls = tablegames.GAMES[game].state_class
    found: dict[tuple[str, bool], set[str]] = {}
    for state, events in _states(game):
        for seat in [None, *range(len(state.players))]:
            for key, value in state.view(seat).items():
                for path, keys in records(game, value, key):
                    found.setdefault((path, False), set()).update(keys)
            for e in events:
                if e.visible_to(seat):
                    for key, value in e.for_seat(seat).items():
                        for path, keys in records(game, value, f"{e.kind}.{key}"):
                            found.setdefault((path, True), set()).update(keys)
    assert found  # every game has records inside its values
    missing = {}
    for (path, event), keys in found.items():
        text = meaning(cls, path, event)
        unnamed = sorted(k for k in keys if not re.search(rf"\b{re.escape(k)}\b", text))
        if unnamed:
            missing[path] = unnamed
    return missing


@pytest.mark.parametrize("game", GAMES)
def test_every_key_inside_a_value_is_named_in_its_meaning(game: str) -> None:
    assert undocumented(game) == {}


def test_the_walk_finds_a_nested_key_left_unnamed(monkeypatch: pytest.MonkeyPatch) -> None:
    cls = tablegames.GAMES["toepen"].state_class
    monkeypatch.setattr(cls, "VIEW_KEYS", {**cls.VIEW_KEYS, "tricks": "finished tricks"})
    assert undocumented("toepen")["tricks"] == ["cards", "leader", "winner"]
