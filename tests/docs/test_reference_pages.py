"""Every registered game has its tables on the reference pages.

The views, events and house-rules pages are generated from each game's declarations
(``VIEW_KEYS``, ``EVENT_KEYS``, ``RESULT_KEYS``, its ``Rules``), one directive per game:
a game registered without its directive would be missing from the pages an app developer
reads as the whole vocabulary, with no build warning. This names each directive a
registered game needs.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import tablegames

GUIDES = Path(__file__).resolve().parents[2] / "docs" / "guides"


@pytest.mark.parametrize("game", sorted(tablegames.GAMES))
def test_each_game_has_its_view_event_result_and_rules_tables(game: str) -> None:
    info = tablegames.GAMES[game]
    views = (GUIDES / "views.md").read_text("utf-8")
    events = (GUIDES / "events.md").read_text("utf-8")
    rules = (GUIDES / "house-rules.md").read_text("utf-8")
    assert f"```{{view-keys}} {game}\n" in views
    assert f"```{{event-keys}} {game}\n" in events
    assert f"```{{result-keys}} {game}\n" in events
    rules_class = info.rules_class
    assert rules_class is not None
    assert f"```{{rules-table}} {rules_class.__module__}.{rules_class.__qualname__}\n" in rules
