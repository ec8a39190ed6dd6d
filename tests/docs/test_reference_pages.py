"""Every registered game has its tables on the reference pages.

The views, events and house-rules pages are generated from each game's declarations
(``VIEW_KEYS``, ``EVENT_KEYS``, ``RESULT_KEYS``, its ``Rules``), one directive per game:
a game registered without its directive would be missing from the pages an app developer
reads as the whole vocabulary, with no build warning. This names each directive a
registered game needs.
"""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import attrs
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


def _field_descriptions(cls: type) -> dict[str, str]:
    """The house-rules page's own reading of a ``Rules`` docstring (``{rules-table}``)."""
    path = Path(__file__).resolve().parents[2] / "docs" / "_ext" / "tablegames_docs.py"
    spec = importlib.util.spec_from_file_location("_tablegames_docs_for_test", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    descriptions: dict[str, str] = module.field_descriptions(cls)
    return descriptions


@pytest.mark.parametrize("game", sorted(tablegames.GAMES))
def test_each_house_rule_names_the_ruling_it_changes(game: str) -> None:
    # helper-129: Toepen's jack_doubles and poverty_may_fold and five Shithead options
    # were listed on the house-rules page without the ruling a table reads to see what
    # the option changes
    info = tablegames.GAMES[game]
    rules_class = info.rules_class
    assert rules_class is not None
    prefix = info.ruling_prefix
    text = _field_descriptions(rules_class)
    for field in attrs.fields(rules_class):
        assert field.name in text, field.name
        assert re.search(rf"\b{prefix}-\d+", text[field.name]), (field.name, text[field.name])
