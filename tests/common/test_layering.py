"""The package is a house of floors: read from the modules' own imports (``ast``), no
module imports from a floor above its own or from a neighbour on its own floor (so no two
parts import each other). The core is the ground floor: nothing in ``tablegames/common``
imports upward or forms an import circle, no file there is over about 700 lines, and no
module-level container there changes when saves are loaded."""

from __future__ import annotations

import ast
import copy
import importlib
import random
from pathlib import Path
from typing import Any

import tablegames
from tablegames.common.registry import game_info

COMMON = Path(tablegames.__file__).parent / "common"
#: What ``common`` must never import (anything above it; games neither).
ABOVE = ("bots", "server", "render", "tui", "adapters", "plot", "runner", "stats",
         "toepen", "phase10", "shithead", "dallah", "simulate", "locale")
#: ``common/simulate.py`` is being moved out of ``common`` beside ``runner`` (issue 21,
#: item 4, another engineer's part): until it has gone it is not judged here.
LEAVING = {"simulate"}
MAX_LINES = 700

PACKAGE = Path(tablegames.__file__).parent
#: The floors of the package, the ground first. A part (a subpackage, or a module beside
#: them; ``__init__`` is the package's own front door) may import from the floors below
#: its own, never from above, and never from another part on its own floor: the four
#: games stand side by side (CONTRIBUTING: a game never imports another), as do the
#: terminal game, the room server and the research adapters. The table model is below the
#: games because each game's presenter is built on it (it names no game); the pictures
#: (``render``) are above the games and below everything that shows them: a ruling's
#: picture in the terminal is drawn by ``render`` alone, never by the terminal game.
FLOORS: tuple[tuple[str, ...], ...] = (
    ("common",),                                   # the core every game shares
    ("runner", "stats"),                           # running work; counting with honest error
    ("bots", "plot"),                              # the bot interface and search; charts
    ("simulation",),                               # many whole games with bots
    ("__init__", "testing"),                       # the front door; the game checker
    ("table",),                                    # the table model and its words
    ("dallah", "phase10", "shithead", "toepen"),   # the games
    ("render",),                                   # pictures: SVG, plain and coloured text
    ("adapters", "server", "tui"),                 # research, the room server, the terminal
    ("cliwords",),                                 # the command line's words
    ("cli",),
    ("__main__",),
)
FLOOR = {part: n for n, parts in enumerate(FLOORS) for part in parts}


def part_of(target: str) -> str | None:
    """The part of the package an imported name lies in (``None``: outside it). Only the
    package itself (``import tablegames``, ``from tablegames import __version__``) is its
    front door, ``__init__``."""
    parts = target.split(".")
    if parts[0] != "tablegames":
        return None
    if len(parts) > 1 and ((PACKAGE / parts[1]).is_dir() or (PACKAGE / f"{parts[1]}.py").is_file()):
        return parts[1]
    return "__init__"


def house() -> dict[str, dict[str, set[str]]]:
    """Every module of the package (by path) with what it imports, by part: in functions
    and for type checkers too (an arrow is an arrow, whenever it runs), and the modules
    ``importlib.import_module`` is given by name."""
    out: dict[str, dict[str, set[str]]] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE)
        part = rel.parts[0] if len(rel.parts) > 1 else rel.stem
        tree = ast.parse(path.read_text(), str(path))
        targets = imports(tree, runtime=False) | named_imports(tree)
        out[str(rel)] = {part: {t for t in targets if part_of(t) is not None}}
    return out


def named_imports(tree: ast.Module) -> set[str]:
    """The modules ``importlib.import_module("tablegames....")`` loads by a fixed name."""
    return {node.args[0].value for node in ast.walk(tree)
            if isinstance(node, ast.Call) and node.args
            and ast.unparse(node.func).endswith("import_module")
            and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)}


def upward(modules: dict[str, dict[str, set[str]]]) -> list[str]:
    """Each import that runs up a floor or across one, as ``file: part -> part (name)``."""
    found = []
    for path, by_part in modules.items():
        for part, targets in by_part.items():
            for target in sorted(targets):
                other = part_of(target)
                assert other is not None
                if other != part and FLOOR[other] >= FLOOR[part]:
                    found.append(f"{path}: {part} (floor {FLOOR[part]}) -> {other} "
                                 f"(floor {FLOOR[other]}) ({target})")
    return found


def modules() -> dict[str, ast.Module]:
    return {p.stem: ast.parse(p.read_text(), str(p)) for p in sorted(COMMON.glob("*.py"))
            if p.stem not in LEAVING}


def _type_checking_only(tree: ast.Module) -> set[int]:
    """The ids of import nodes under ``if TYPE_CHECKING:`` (not run: no import circle)."""
    out: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            out |= {id(n) for b in node.body for n in ast.walk(b)}
    return out


def imports(tree: ast.Module, runtime: bool, top: bool = False) -> set[str]:
    """Every module ``tree`` imports (in functions too, unless ``top``: only what runs
    when the module is imported); ``runtime``: not those only type checkers see."""
    skip = _type_checking_only(tree) if runtime else set()
    out: set[str] = set()
    nodes = [n for stmt in tree.body for n in ast.walk(stmt)
             if not isinstance(stmt, ast.FunctionDef | ast.ClassDef)] if top else ast.walk(tree)
    for node in nodes:
        if id(node) in skip:
            continue
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            out.add(node.module)
            out |= {f"{node.module}.{a.name}" for a in node.names}
    return out


def test_nothing_in_common_imports_upward() -> None:
    for name, tree in modules().items():
        for target in imports(tree, runtime=False):
            parts = target.split(".")
            if parts[0] == "tablegames" and len(parts) > 1 and parts[1] != "common":
                # the package's own version is all ``common`` may take from above
                assert parts[1] not in ABOVE, f"common/{name}.py imports {target}"
                assert parts[1] == "__version__", f"common/{name}.py imports {target}"
            if parts[:2] == ["tablegames", "common"] and len(parts) > 2:
                assert parts[2] not in LEAVING, f"common/{name}.py imports {target}"


def test_every_part_of_the_package_stands_on_one_floor() -> None:
    """A new subpackage or module is given its floor here before it can be judged."""
    parts = {p.name if p.is_dir() else p.stem for p in PACKAGE.iterdir()
             if (p.is_dir() and (p / "__init__.py").is_file()) or p.suffix == ".py"}
    assert parts == set(FLOOR), f"not on a floor: {parts - set(FLOOR)}; gone: {set(FLOOR) - parts}"
    assert len(FLOOR) == sum(len(f) for f in FLOORS), "a part stands on two floors"
    games = {p.parent.name for p in PACKAGE.glob("*/rulings.md")}
    assert games == set(FLOORS[FLOOR["toepen"]]), "every game stands on the games' floor"


def test_no_module_imports_from_a_floor_above_or_beside_its_own() -> None:
    """The render -> tui arrow (a ruling's picture drawn by the terminal game's screen)
    was one of these: the picture now draws with :mod:`tablegames.render.console`."""
    found = upward(house())
    assert not found, "imports up a floor or across one:\n" + "\n".join(found)


def test_the_floors_checker_sees_an_arrow_up_or_across() -> None:
    """The checker can fail: an arrow up (even in a function, even only for type checkers,
    even through ``importlib``), an arrow across a floor, and the front door's place."""
    up = ast.parse("def f():\n    from tablegames.tui.screen import Screen\n")
    hidden = ast.parse("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
                       "    import tablegames.server\n")
    named = ast.parse("import importlib\nm = importlib.import_module('tablegames.cli')\n")
    across = ast.parse("from tablegames import toepen\n")
    door = ast.parse("import tablegames\n")
    def one(part: str, tree: ast.Module) -> list[str]:
        targets = imports(tree, runtime=False) | named_imports(tree)
        return upward({"x.py": {part: {t for t in targets if part_of(t) is not None}}})
    assert one("render", up) and one("dallah", hidden) and one("server", named)
    assert one("dallah", across) and not one("adapters", across)
    assert one("common", door) and not one("render", door)
    assert part_of("tablegames.__version__") == "__init__" and part_of("rich.text") is None


#: The one loop of imports that run that is left, on purpose: an error's ``doc`` link
#: (``IllegalAction.doc``, in ``errors``, the ground of ``common``) is found when it is
#: read, through the registry of games, which itself raises those errors.
LINK_ON_READING = ("tablegames.common.errors", "tablegames.common.rulings")


def module_graph() -> dict[str, set[str]]:
    """Every module of the package and the modules of its own part it imports when the
    import runs, at import time or in a function (for type checkers only: no arrow)."""
    names = {}
    for path in PACKAGE.rglob("*.py"):
        rel = path.relative_to(PACKAGE.parent).with_suffix("").parts
        names[".".join(rel[:-1] if rel[-1] == "__init__" else rel)] = path
    graph = {}
    for name, path in names.items():
        tree = ast.parse(path.read_text(), str(path))
        targets = imports(tree, runtime=True) | named_imports(tree)
        graph[name] = {t for t in targets if t in names and t != name
                       and t.split(".")[:2] == name.split(".")[:2]
                       and names[t].name != "__init__.py"  # a package's front door
                       and (name, t) != LINK_ON_READING}
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Each import circle of ``graph`` once, as the path that closes it."""
    found: list[list[str]] = []
    done: set[str] = set()

    def visit(node: str, path: list[str]) -> None:
        if node in path:
            found.append([*path[path.index(node):], node])
            return
        if node in done:
            return
        for nxt in sorted(graph[node]):
            visit(nxt, [*path, node])
        done.add(node)

    for name in sorted(graph):
        visit(name, [])
    return found


def test_no_import_that_runs_closes_a_circle_in_any_part() -> None:
    """Within each part, imports that run (in functions too) never go round: the search
    (``bots.ismcts``) read its hints from the bots' registry of names, which makes the
    search by its name; the hints are now kept with :mod:`tablegames.bots.hints`."""
    found = circles(module_graph())
    assert not found, "import circles:\n" + "\n".join(" -> ".join(c) for c in found)


def test_the_circle_checker_finds_a_circle() -> None:
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c", "a"]]
    assert circles({"a": {"b"}, "b": set()}) == []


def test_there_is_no_import_circle_in_common() -> None:
    trees = modules()
    # what runs at import time (a function's own import runs when it is called)
    graph = {name: {t.split(".")[2] for t in imports(tree, runtime=True, top=True)
                    if t.startswith("tablegames.common.") and t.split(".")[2] in trees} - {name}
             for name, tree in trees.items()}
    found = circles(graph)
    assert not found, "import circles:\n" + "\n".join(" -> ".join(c) for c in found)


def test_no_file_in_common_is_over_about_700_lines() -> None:
    for path in COMMON.glob("*.py"):
        if path.stem not in LEAVING:
            assert len(path.read_text().splitlines()) <= MAX_LINES, path.name


def test_the_checker_sees_imports_that_break_the_rules() -> None:
    """The readers above find an upward import and a circle (they can fail)."""
    tree = ast.parse("from tablegames.bots import x\nimport tablegames.common.state\n"
                     "def f():\n    from tablegames.common import saves\n")
    found = imports(tree, runtime=True)
    assert {"tablegames.bots", "tablegames.common.state", "tablegames.common"} <= found
    hidden = ast.parse("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
                       "    from tablegames.common.state import BaseState\n")
    assert "tablegames.common.state" not in imports(hidden, runtime=True)
    assert "tablegames.common.state" in imports(hidden, runtime=False)
    assert "tablegames.common" not in imports(tree, runtime=True, top=True)


def _containers() -> dict[str, Any]:
    """Every module-level dict, list, set or bytearray of ``common``, deep-copied."""
    out: dict[str, Any] = {}
    for name in modules():
        module = importlib.import_module(f"tablegames.common.{name}")
        for key, value in vars(module).items():
            if isinstance(value, dict | list | set | bytearray) and not key.startswith("__"):
                out[f"{name}.{key}"] = copy.deepcopy(value)
    return out


def test_no_module_level_container_changes_when_saves_load() -> None:
    """Loading (and saving, and reading positions) changes nothing module-level in
    ``common``: what a load returns can depend on nothing but its text."""
    texts: list[tuple[Any, str]] = []
    for game in ("toepen", "phase10", "shithead", "dallah"):
        s = game_info(game).new_game(players=3, seed=4)
        pick = random.Random(4)
        for _ in range(60):
            if s.is_over:
                break
            texts.append((type(s), s.to_json()))
            legal = s.legal_actions()
            s.apply(legal[pick.randrange(len(legal))])
    before = _containers()
    for cls, text in texts:
        again = cls.from_json(text)
        assert again.to_json() == text
        cls.from_position(again.to_position())
    after = _containers()
    assert before.keys() == after.keys()
    changed = [k for k in before if before[k] != after[k]]
    assert not changed, f"module-level containers changed by loads: {changed}"
