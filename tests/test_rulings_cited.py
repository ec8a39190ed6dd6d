"""Every ruling ID in the rules files is cited by at least one test that runs (rulings are
executable), and every ID a test cites is a ruling of the rules files."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

import pytest

from tablegames.common.registry import GAMES
from tablegames.common.rulings import load_rulings

ROOT = Path(__file__).resolve().parents[1]
#: Each game's ruling prefix, from its registration (a new game is checked like the four).
PREFIX = {g: GAMES[g].ruling_prefix for g in GAMES if GAMES[g].ruling_prefix}
#: The marks that keep a test from running, or from having to pass (``xfail``): a
#: ``skipif`` counts whatever its condition, since this file cannot know it.
SKIP_MARKS = frozenset({"skip", "skipif", "xfail"})


def reference_ids(game: str) -> set[str]:
    """IDs from the shared rules file (beside the repo) or the docs' copy of it."""
    for base in (ROOT.parent / "shared" / "rules", ROOT / "docs" / "rules"):
        path = base / f"{game}.md"
        if path.exists():
            return set(re.findall(rf"\b{PREFIX[game]}-\d\d\b", path.read_text()))
    pytest.fail(f"no rules file for {game}")


def house_ids(game: str) -> set[str]:
    """IDs the game's rulings page adds after the rules file's last one: house rules the
    published rules lack (Phase 10's P10-60), each saying so in its first words. The
    rules file is the shared reference, not the project's to edit."""
    ref = reference_ids(game)
    return {r.id for r in load_rulings(game)
            if r.id not in ref and r.id > max(ref) and r.text.startswith("A house rule")}


def rule_ids(game: str) -> set[str]:
    """The game's rulings: the rules file's IDs and the page's house rules after them."""
    return reference_ids(game) | house_ids(game)


@dataclass(frozen=True)
class Citation:
    """One ID named in a ``ruling(...)`` call: where, and whether its test is skipped."""

    id: str
    where: str
    skipped: bool


def _mark_name(node: ast.expr) -> str | None:
    """``"skip"`` for ``pytest.mark.skip``, ``mark.skip(...)`` and the like (else ``None``)."""
    if isinstance(node, ast.Call):
        node = node.func
    if isinstance(node, ast.Attribute):
        base = node.value
        if (isinstance(base, ast.Attribute) and base.attr == "mark") or (
            isinstance(base, ast.Name) and base.id == "mark"
        ):
            return node.attr
    return None


def _is_skip(node: ast.expr, aliases: frozenset[str]) -> bool:
    """Whether a mark expression (or a list of them, as ``pytestmark`` and ``marks=``
    take) holds a skip mark, written out or through a module-level alias."""
    if isinstance(node, ast.List | ast.Tuple):
        return any(_is_skip(e, aliases) for e in node.elts)
    head = node.func if isinstance(node, ast.Call) else node
    return _mark_name(node) in SKIP_MARKS or (isinstance(head, ast.Name) and head.id in aliases)


def _calls(node: ast.stmt, *names: str) -> bool:
    """Whether a statement is a bare call of ``pytest.<name>`` (``pytest.skip(...)``)."""
    if isinstance(node, ast.Expr | ast.Assign) and isinstance(node.value, ast.Call):
        func = node.value.func
        return (isinstance(func, ast.Attribute) and func.attr in names
                and isinstance(func.value, ast.Name) and func.value.id == "pytest")
    return False


def _skips_body(body: list[ast.stmt], aliases: frozenset[str]) -> bool:
    """Whether a module's or class's ``pytestmark`` skips it, or a module, class or test
    body skips unconditionally (a ``pytest.skip`` or ``importorskip`` not inside an
    ``if``: a skip under a condition is a matter of the run)."""
    for stmt in body:
        if isinstance(stmt, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == "pytestmark" for t in stmt.targets
        ) and _is_skip(stmt.value, aliases):
            return True
        if _calls(stmt, "skip", "importorskip"):
            return True
    return False


def _is_ruling(node: ast.Call) -> bool:
    """``pytest.mark.ruling(...)``, or an alias ``ruling(...)``."""
    return (isinstance(node.func, ast.Attribute) and node.func.attr == "ruling") or (
        isinstance(node.func, ast.Name) and node.func.id == "ruling"
    )


def parse_citations(source: str, where: str) -> list[Citation]:
    """Every ID that ``source`` (a test module) names in ``ruling(...)``, each marked
    skipped when its module, class, test or ``pytest.param`` carries a skip mark
    (:data:`SKIP_MARKS`) or skips unconditionally (see :func:`_skips_body`)."""
    tree = ast.parse(source)
    aliases = frozenset(
        t.id for stmt in tree.body if isinstance(stmt, ast.Assign)
        and _mark_name(stmt.value) in SKIP_MARKS for t in stmt.targets if isinstance(t, ast.Name)
    )
    found: list[Citation] = []

    def visit(node: ast.AST, skipped: bool) -> None:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            skipped = skipped or any(_is_skip(d, aliases) for d in node.decorator_list) or (
                _skips_body(node.body, aliases))
        elif isinstance(node, ast.Call):
            if isinstance(node.func, ast.Attribute) and node.func.attr == "param":
                skipped = skipped or any(
                    k.arg == "marks" and _is_skip(k.value, aliases) for k in node.keywords
                )
            if _is_ruling(node):
                found.extend(
                    Citation(arg.value, f"{where}:{node.lineno}", skipped) for arg in node.args
                    if isinstance(arg, ast.Constant) and isinstance(arg.value, str)
                )
        for child in ast.iter_child_nodes(node):
            visit(child, skipped)

    visit(tree, _skips_body(tree.body, aliases))
    return found


def citations() -> list[Citation]:
    """Every ``ruling(...)`` citation under tests/."""
    return [
        cite for path in sorted((ROOT / "tests").rglob("*.py"))
        for cite in parse_citations(path.read_text(), str(path.relative_to(ROOT)))
    ]


def cited_ids() -> set[str]:
    """IDs named in ``pytest.mark.ruling(...)`` (or an alias ``ruling(...)``) under tests/,
    by a test that is not skipped."""
    return {c.id for c in citations() if not c.skipped}


def uncited(known: Iterable[str], cites: Iterable[Citation]) -> list[str]:
    """The rulings of ``known`` that no test that runs cites (one cited only by skipped
    tests is uncited)."""
    return sorted(set(known) - {c.id for c in cites if not c.skipped})


def unknown(cites: Iterable[Citation], known: Mapping[str, set[str]]) -> list[str]:
    """Citations (``"TOE-5 at tests/x.py:12"``) of an ID that is no ruling: its prefix is
    no game's (``known`` maps each prefix to its game's IDs), or its game has no such ID."""
    return [f"{c.id} at {c.where}" for c in cites
            if c.id not in known.get(c.id.partition("-")[0], set())]


@pytest.mark.parametrize("game", sorted(PREFIX))
def test_every_ruling_has_a_test(game: str) -> None:
    missing = uncited(rule_ids(game), citations())
    assert not missing, f"{game}: rulings without a citing test that runs: {missing}"


@pytest.mark.parametrize("game", sorted(PREFIX))
def test_every_ruling_of_the_page_is_one_of_the_rules_file_or_a_house_rule(game: str) -> None:
    """A page may add house rules after the rules file's IDs, and nothing else: a
    misnumbered ruling (an ID the file lacks, before its last) is not taken for one."""
    page = [r.id for r in load_rulings(game)]
    assert len(page) == len(set(page))
    assert set(page) <= rule_ids(game), sorted(set(page) - rule_ids(game))
    assert reference_ids(game) <= set(page)


def test_a_house_ruling_comes_after_the_rules_file_and_says_so() -> None:
    assert house_ids("phase10") == {"P10-60", "P10-61"}
    assert not house_ids("toepen") and not house_ids("shithead") and not house_ids("dallah")


def test_every_cited_id_is_a_ruling() -> None:
    known = {PREFIX[g]: rule_ids(g) for g in PREFIX}
    bad = unknown(citations(), known)
    assert not bad, f"tests cite IDs the rules files do not have: {bad}"


def test_rule_files_found() -> None:
    assert set(PREFIX) >= {"toepen", "phase10", "shithead", "dallah"}
    assert len(rule_ids("toepen")) == 25 and "TOE-56" in rule_ids("toepen")
    assert len(citations()) > 400  # the scan finds the marks


# -- the checks themselves can fail ------------------------------------------------------
MADE_UP = '''
import pytest
ruling = pytest.mark.ruling
skip = pytest.mark.skip

@pytest.mark.ruling("TOE-11")
def test_runs(): ...

@pytest.mark.skip(reason="later")
@pytest.mark.ruling("TOE-12")
def test_skipped(): ...

@ruling("TOE-13")
@pytest.mark.skipif(True, reason="x")
def test_skipped_if(): ...

@skip
@ruling("TOE-14")
def test_skipped_by_alias(): ...

@ruling("TOE-15")
def test_skips_itself():
    """It skips before it checks anything."""
    pytest.skip("not yet")

@ruling("TOE-16")
def test_skips_on_a_condition(flag=False):
    if flag:
        pytest.skip("sometimes")

@pytest.mark.skip
class TestSkipped:
    @ruling("TOE-17")
    def test_in_a_skipped_class(self): ...

@pytest.mark.parametrize("x", [
    pytest.param(1, marks=ruling("TOE-18")),
    pytest.param(2, marks=[ruling("TOE-19"), pytest.mark.xfail]),
])
def test_rows(x): ...

@ruling("TOE-5")
def test_a_typo(): ...
'''


def test_skipped_citations_are_told_apart() -> None:
    cites = {c.id: c.skipped for c in parse_citations(MADE_UP, "made_up.py")}
    assert cites == {"TOE-11": False, "TOE-12": True, "TOE-13": True, "TOE-14": True,
                     "TOE-15": True, "TOE-16": False, "TOE-17": True, "TOE-18": False,
                     "TOE-19": True, "TOE-5": False}


def test_a_ruling_cited_only_by_skipped_tests_is_uncited() -> None:
    cites = parse_citations(MADE_UP, "made_up.py")
    assert uncited(["TOE-11", "TOE-12", "TOE-16", "TOE-17", "TOE-20"], cites) == [
        "TOE-12", "TOE-17", "TOE-20"]


def test_a_cited_id_that_is_no_ruling_is_found() -> None:
    cites = [*parse_citations(MADE_UP, "made_up.py"), Citation("XYZ-01", "made_up.py:1", False)]
    known = {"TOE": {f"TOE-{k}" for k in range(11, 20)}}
    assert unknown(cites, known) == ["TOE-5 at made_up.py:42", "XYZ-01 at made_up.py:1"]


def test_a_skipped_module_skips_every_citation() -> None:
    test = '\n@pytest.mark.ruling("DAL-10")\ndef test_a(): ...\n'
    source = "import pytest\npytestmark = [pytest.mark.skip]\n" + test
    assert parse_citations(source, "m.py") == [Citation("DAL-10", "m.py:4", True)]
    source = 'import pytest\npytest.importorskip("nothing")\n' + test
    assert [c.skipped for c in parse_citations(source, "m.py")] == [True]
    assert [c.skipped for c in parse_citations("import pytest\n" + test, "m.py")] == [False]
