"""Every ruling ID in the rules files is cited by at least one test (rulings are executable)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from tablegames.common.registry import GAMES

ROOT = Path(__file__).resolve().parents[1]
#: Each game's ruling prefix, from its registration (a new game is checked like the four).
PREFIX = {g: GAMES[g].ruling_prefix for g in GAMES if GAMES[g].ruling_prefix}


def rule_ids(game: str) -> set[str]:
    """IDs from the shared rules file (beside the repo) or the docs' copy of it."""
    for base in (ROOT.parent / "shared" / "rules", ROOT / "docs" / "rules"):
        path = base / f"{game}.md"
        if path.exists():
            return set(re.findall(rf"\b{PREFIX[game]}-\d\d\b", path.read_text()))
    pytest.fail(f"no rules file for {game}")


def cited_ids() -> set[str]:
    """IDs named in ``pytest.mark.ruling(...)`` (or an alias ``ruling(...)``) under tests/."""
    found: set[str] = set()
    for path in (ROOT / "tests").rglob("*.py"):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and (
                (isinstance(node.func, ast.Attribute) and node.func.attr == "ruling")
                or (isinstance(node.func, ast.Name) and node.func.id == "ruling")
            ):
                for arg in node.args:
                    if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                        found.add(arg.value)
    return found


@pytest.mark.parametrize("game", sorted(PREFIX))
def test_every_ruling_has_a_test(game: str) -> None:
    missing = sorted(rule_ids(game) - cited_ids())
    assert not missing, f"{game}: rulings without a citing test: {missing}"


def test_rule_files_found() -> None:
    assert set(PREFIX) >= {"toepen", "phase10", "shithead", "dallah"}
    assert len(rule_ids("toepen")) == 25 and "TOE-56" in rule_ids("toepen")
