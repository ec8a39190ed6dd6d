"""``page.build`` and ``page.table`` hand out fresh pages, as every view and event is:
the card faces inside are drawn once per process and language, and an app that edited a
page it was given once edited every later page of every game (found by a hunt)."""

from __future__ import annotations

import json

import tablegames
from tablegames.server import page as pages


def _vandalize(value: object) -> None:
    if isinstance(value, dict):
        for v in list(value.values()):
            _vandalize(v)
        for k in list(value):
            if isinstance(value[k], str):
                value[k] = "EDITED"
    elif isinstance(value, list):
        for v in value:
            _vandalize(v)


def test_editing_a_built_page_or_table_changes_no_later_page() -> None:
    for game in ("toepen", "phase10", "shithead", "dallah"):
        state = tablegames.new_game(game, players=3, seed=4)
        other = tablegames.new_game(game, players=3, seed=5)
        for lang in ("en", "ar"):
            before = [json.dumps(pages.build(s, seat, lang)) for s in (state, other)
                      for seat in (0, None)]
            tables = [json.dumps(pages.table(s, lang)) for s in (state, other)]
            _vandalize(pages.build(state, 0, lang))
            _vandalize(pages.build(state, None, lang))
            _vandalize(pages.table(state, lang))
            page, _ = pages.build_with_context(state, 0, lang)
            _vandalize(page)
            after = [json.dumps(pages.build(s, seat, lang)) for s in (state, other)
                     for seat in (0, None)]
            assert after == before, (game, lang)
            assert [json.dumps(pages.table(s, lang)) for s in (state, other)] == tables
            assert "EDITED" not in "".join(after)
