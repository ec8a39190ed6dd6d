"""The saves guide's envelope is a save as written today.

A newcomer reads the guide's example and its table of keys before any code; both are
checked against a fresh save, and the guide must name each game's current engine (the
number a save carries and an old save is upgraded from), so an engine bump without its
paragraph in the guide fails here.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import tablegames

GUIDE = Path(__file__).resolve().parents[2] / "docs" / "guides" / "saves.md"


def test_the_example_and_the_table_are_a_toepen_save() -> None:
    text = GUIDE.read_text("utf-8")
    example = text.split("```text\n", 1)[1].split("```", 1)[0]
    save = json.loads(tablegames.new_game("toepen", players=3, seed=123).to_json())
    head = json.loads(example.replace("[...]", "[]").replace("{...}", "{}"))
    assert sorted(head) == sorted(save)
    assert (head["engine"], head["format"], head["game"]) == (save["engine"], save["format"],
                                                               "toepen")
    assert sorted(head["history"]) == sorted(save["history"])
    table = set(re.findall(r"^\| `(\w+)`(?:, `(\w+)`)? \|", text, re.M))
    assert {k for row in table for k in row if k} == set(save)


def test_each_games_current_engine_is_named() -> None:
    text = " ".join(GUIDE.read_text("utf-8").split())
    for info in tablegames.GAMES.values():
        assert info.state_class is not None
        engine = info.state_class.ENGINE
        assert f"{info.title}'s engine {engine}" in text, (info.name, engine)
