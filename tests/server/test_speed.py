"""The server's short cuts give exactly what the plain path gives.

A broadcast presents the public table once (the spectator's whole model) and only the
private part of each seat's model (``present(view, public=False)``); these tests hold
each short cut against the plain path over seeded random games of every game. (That the
patches a phone applies give the page a fresh build gives is ``test_deltas``.)
"""

from __future__ import annotations

import random

import pytest

import tablegames
from tablegames.table import present

GAME_NAMES = ("toepen", "phase10", "shithead", "dallah")


@pytest.mark.parametrize("game", GAME_NAMES)
def test_the_private_part_of_a_model_is_the_whole_model_without_the_public_part(
        game: str) -> None:
    for seed in range(3):
        state = tablegames.new_game(game, players=4 if game != "dallah" else 3, seed=seed)
        rng = random.Random(seed)
        for _ in range(120):
            if state.is_over:
                break
            for seat in [*range(len(state.players)), None]:
                view = state.view(seat)
                whole = present(view)
                private = present(view, public=False)
                assert private == {**whole, "seats": [], "centre": [], "facts": []}
                assert whole["seats"] and whole["centre"]
            state.apply(rng.choice(state.legal_actions()))


def test_a_presenter_without_parts_gives_the_same_private_part(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A game whose presenter does not take ``public=False`` (a fifth game) still has a
    private part: its whole model with the public part emptied."""
    import attrs

    import tablegames.table as table_module

    real = table_module.presenter_of("toepen")
    calls: list[dict[str, object]] = []

    def whole_only(view: object, **kwargs: object) -> dict[str, object]:
        calls.append(kwargs)
        return real.table(view)

    plain = attrs.evolve(real, table=whole_only, parts=False)
    monkeypatch.setattr(table_module, "presenter_of", lambda game: plain)
    view = tablegames.new_game("toepen", players=3, seed=4).view(1)
    private = present(view, public=False)
    assert calls == [{}]  # never asked for a part it does not know
    assert private == {**real.table(view), "seats": [], "centre": [], "facts": []}


@pytest.mark.parametrize("game", GAME_NAMES)
def test_messages_are_encoded_exactly_as_json_writes_them(
        game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """orjson writes every page and patch of a random game byte for byte as ``json.dumps``
    (compact, UTF-8 text) does; without orjson, ``json`` writes them."""
    import json

    from tablegames.server import page as pages

    def plain(value: object) -> str:
        return json.dumps(value, ensure_ascii=False, separators=(",", ":"))

    state = tablegames.new_game(game, players=3, seed=11)
    rng = random.Random(11)
    old = None
    for _ in range(80):
        if state.is_over:
            break
        for lang in ("en", "ar", "nl"):
            page = pages.build(state, 0, lang)
            assert pages.dumps(page) == plain(page)
            if old is not None:
                ops = pages.diff(old, page)
                assert pages.encode_patch(1, 2, ops, []) == plain(
                    {"type": "patch", "from": 1, "to": 2, "patch": ops, "events": []})
                assert pages.encode_patch_parts(1, 2, (pages.encode_ops(ops[:3]), "",
                                                       pages.encode_ops(ops[3:])), []) \
                    == pages.encode_patch(1, 2, ops, [])
            old = page
        state.apply(rng.choice(state.legal_actions()))
    odd = {"big": 1 << 70, "text": "\u2028 \x1f é ✓ \"q\" \\", 3: True}
    assert pages.dumps(odd) == plain(odd)
    monkeypatch.setattr(pages, "orjson", None)
    assert pages.dumps(odd) == plain(odd)
