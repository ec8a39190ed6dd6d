"""Every view key of every game is drawn: take it out of a view and the table model changes.

Games are played with every option on (:data:`tablegames.table.catalogues.ALL_OPTIONS`),
so option keys (Toepen's ``withdrawn``, ``set_aside``, ``thrown_again``) get values. A key
counts as drawn when, in at least one sampled view where it holds something, the model
made without it differs from the model made with it.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

import tablegames
from tablegames.table import present
from tablegames.table.catalogues import sample_games

#: Envelope keys the model reads as such (every game has them).
ENVELOPE = ("game", "players", "seat", "to_act", "stage", "version", "hand", "legal", "prompt",
            "result")
#: Keys a presenter may leave undrawn, each with the reason (the prompt is the presenter's
#: own; Dallah's ``lang`` and ``names`` are the engine's words the presenter replaces).
NOT_DRAWN = {
    ("toepen", "playing"): "the same as not folded and not out, both drawn",
    ("dallah", "lang"): "the engine's language; the catalogues choose the words",
    ("shithead", "pile_top"): "the last card of the pile, which is drawn",
    ("shithead", "restriction"): "English words; the playable ranks are drawn instead",
    ("shithead", "playing"): "who still holds cards: their counts and places are drawn",
    ("phase10", "discard"): "its top card and size are drawn",
    ("dallah", "active"): "drawn as a badge; removed, the placer still shows it",
}
#: The engine's prompt: every presenter writes its own from the stage, in the catalogues.
ALWAYS_OWN = {"prompt"}


def _filled(value: Any) -> bool:
    """Whether a value says something (a per-seat flag that is the same for all does not)."""
    return value not in (None, [], {}, 0, False, "") and not (
        isinstance(value, list) and (all(v in (None, [], 0, False) for v in value)
                                     or all(v is True for v in value)))


def _undrawn(game: str) -> set[str]:
    cls = type(tablegames.new_game(game, players=3, seed=1))
    keys = set(cls.VIEW_KEYS) | {"prompt", "result"}
    seen: set[str] = set()
    drawn: set[str] = set()
    for n, (state, _events) in enumerate(sample_games(game, games=6, steps=300)):
        if n % 3:
            continue
        for seat in (None, 0, 1):
            view = state.view(seat)
            base = json.dumps(present(view), sort_keys=True)
            for key in keys - drawn:
                if key in view and _filled(view[key]):
                    seen.add(key)
                    cut = {k: v for k, v in view.items() if k != key}
                    if json.dumps(present(cut), sort_keys=True) != base:
                        drawn.add(key)
    return {k for k in seen - drawn - ALWAYS_OWN if (game, k) not in NOT_DRAWN}


@pytest.mark.parametrize("game", ["toepen", "phase10", "shithead", "dallah"])
def test_every_view_key_of_every_game_is_drawn_with_every_option_on(game: str) -> None:
    assert _undrawn(game) == set()


@pytest.mark.parametrize("key, label", [("thrown_again", "Thrown in again"),
                                        ("set_aside", "Set aside"), ("shown", "Shown to all")])
def test_toepens_option_keys_are_drawn_as_groups(key: str, label: str) -> None:
    view = tablegames.new_game("toepen", players=3, seed=1, rules={
        "second_exchange": True, "bluff_takes_back": True, "fold_withdraws": True}).view(0)
    view[key] = [None, ["Ah", "Kh"], None]
    groups = present(view)["seats"][1]["groups"]
    assert [(g["label"]["msg"], [f["code"] for f in g["cards"]]) for g in groups] == \
        [(label, ["Ah", "Kh"])]


def test_toepens_withdrawn_cards_are_drawn_with_who_took_them_back() -> None:
    view = tablegames.new_game("toepen", players=3, seed=1, rules={"fold_withdraws": True}).view(0)
    view["withdrawn"] = [{"seat": 2, "card": "9s"}]
    areas = {a["label"]["msg"]: a for a in present(view)["centre"]}
    taken = areas["Taken back by folding players"]
    assert [f["code"] for f in taken["cards"]] == ["9s"] and taken["owners"] == ["P2"]
