"""The registry knows no game by name: built-ins are found by a scan, a fifth game registers
like the four, and the core (``tablegames/common``) reaches no layer above it."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs
import pytest

import tablegames
from tablegames import GAMES, GameInfo, IllegalAction, SetupError
from tablegames.cli import main
from tablegames.common import registry
from tablegames.common.rulings import doc_anchor, load_rulings

COMMON = Path(tablegames.__file__).parent / "common"
#: The layers above the core: nothing in ``common`` may import them.
ABOVE = ("bots", "runner", "plot", "stats", "server", "render", "tui", "adapters", "simulation",
         "cli", "testing")


def _imports(path: Path) -> set[str]:
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            out.add(node.module)
            out.update(f"{node.module}.{a.name}" for a in node.names)
    return out


def test_common_imports_nothing_above_it_and_no_game() -> None:
    builtins = registry._scan_builtins()
    assert builtins == ["dallah", "phase10", "shithead", "toepen"]
    for path in sorted(COMMON.glob("*.py")):
        for name in _imports(path):
            parts = name.split(".")
            if parts[0] != "tablegames" or len(parts) < 2:
                continue
            assert parts[1] not in ABOVE, f"{path.name} imports {name}"
            assert parts[1] not in builtins, f"{path.name} imports the game {name}"


def test_common_names_no_game_and_no_ruling_prefix() -> None:
    """Game names and ruling prefixes come from the registrations, never from the core's code
    (string constants; docstrings may give examples)."""
    words = {"toepen", "phase10", "shithead", "dallah", "TOE", "P10", "SHD", "DAL"}
    for path in sorted(COMMON.glob("*.py")):
        tree = ast.parse(path.read_text("utf-8"))
        docstrings = {id(n.body[0].value) for n in ast.walk(tree)
                      if isinstance(n, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
                      and n.body and isinstance(n.body[0], ast.Expr)
                      and isinstance(n.body[0].value, ast.Constant)}
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
                assert node.value not in words, f"{path.name} names {node.value!r}"


def test_the_four_register_themselves_with_their_ruling_prefixes() -> None:
    assert list(GAMES)[:4] == ["dallah", "phase10", "shithead", "toepen"]
    prefixes = {name: GAMES[name].ruling_prefix for name in ("toepen", "phase10", "shithead", "dallah")}
    assert prefixes == {"toepen": "TOE", "phase10": "P10", "shithead": "SHD", "dallah": "DAL"}
    assert doc_anchor("P10-50") == "rulings/phase10.html#P10-50"
    assert doc_anchor("NOPE-01") is None and doc_anchor(None) is None


# A fifth game, as small as a game can be: each player says a number in turn; saying one
# above 3 is refused under TOY-01. The game is over after two moves.

@attrs.define
class Say:
    seat: int
    number: int

    def __str__(self) -> str:
        return f"{self.seat}:say {self.number}"


@attrs.frozen
class ToyRules:
    top: int = 3


class ToyState:
    def __init__(self, players: int | list[str] = 2, seed: int = 0, rules: Any = None, **_: Any) -> None:
        n = players if isinstance(players, int) else len(players)
        self.players = tuple(f"P{i}" for i in range(n))
        self.history: list[Say] = []
        self.rules = rules if isinstance(rules, ToyRules) else ToyRules()

    def apply(self, action: Say) -> list[Any]:
        if action.number > self.rules.top:
            raise IllegalAction(f"say at most {self.rules.top}", code="too_high", ruling="TOY-01",
                                seat=action.seat)
        self.history.append(action)
        return []


def _parse(text: str) -> Any:
    return Say(0, int(text.split()[-1]))


def _toy_info() -> GameInfo:
    return GameInfo(
        name="toy", title="Toy", new_game=ToyState, from_json=lambda text: ToyState(),
        parse_action=_parse, rules_class=ToyRules,
        min_players=2, max_players=2, bots={}, variants={}, max_actions=lambda state: 2,
        ruling_prefix="TOY",
    )


@pytest.fixture()
def toy() -> Iterator[GameInfo]:
    info = _toy_info()
    tablegames.register(info)
    try:
        yield info
    finally:
        GAMES.unregister("toy")
    assert "toy" not in GAMES


def test_a_fifth_game_registers_like_the_four(toy: GameInfo) -> None:
    assert "toy" in GAMES and list(GAMES)[-1] == "toy" and GAMES["toy"] is toy
    state = tablegames.new_game("toy", players=2)
    with pytest.raises(IllegalAction) as caught:
        state.apply(Say(0, 9))
    assert caught.value.ruling == "TOY-01"
    assert caught.value.doc == "rulings/toy.html#TOY-01"  # its ruling link, from its prefix
    assert state.history == []


def test_a_fifth_game_is_listed_by_the_cli(toy: GameInfo, capsys: pytest.CaptureFixture[str]) -> None:
    import io

    out = io.StringIO()
    assert main(["games"], out=out) == 0
    assert out.getvalue().splitlines()[-1].startswith("toy")
    assert main(["rulings", "toy"], out=io.StringIO()) == 2  # it has no rulings page
    assert "no rulings page for 'toy'" in capsys.readouterr().err


def test_registration_is_checked() -> None:
    with pytest.raises(SetupError, match="GameInfo"):
        tablegames.register("toy")  # type: ignore[arg-type]
    with pytest.raises(SetupError, match="name"):
        tablegames.register(attrs.evolve(_toy_info(), name="Bad Name"))
    with pytest.raises(SetupError, match="already"):  # two games cannot share a prefix
        tablegames.register(attrs.evolve(_toy_info(), ruling_prefix="TOE"))
    assert "toy" not in GAMES


def test_installed_games_come_from_entry_points(monkeypatch: pytest.MonkeyPatch) -> None:
    """A distribution names its game under ``tablegames.games``; it is imported on first use."""
    import importlib.metadata
    import sys
    import types

    module = types.ModuleType("toy_plugin")
    module.GAME = attrs.evolve(_toy_info(), name="plugged", ruling_prefix="PLG")  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "toy_plugin", module)
    point = importlib.metadata.EntryPoint("plugged", "toy_plugin:GAME", registry.ENTRY_POINTS)

    def entry_points(group: str) -> list[Any]:
        return [point] if group == registry.ENTRY_POINTS else []

    monkeypatch.setattr(importlib.metadata, "entry_points", entry_points)
    fresh = registry._Registry()
    assert list(fresh) == ["dallah", "phase10", "shithead", "toepen", "plugged"]
    assert fresh["plugged"].title == "Toy" and fresh.by_ruling_prefix("PLG") is fresh["plugged"]
    with pytest.raises(KeyError):
        fresh["chess"]


def test_rulings_pages_come_from_the_game_packages() -> None:
    for name in ("toepen", "phase10", "shithead", "dallah"):
        ids = [r.id for r in load_rulings(name)]
        assert ids and all(i.startswith(GAMES[name].ruling_prefix + "-") for i in ids)
    with pytest.raises(SetupError, match="unknown game 'chess'"):
        load_rulings("chess")


def test_no_import_circle_in_common() -> None:
    """Module-level imports between the core's modules form no circle (a function may
    import lazily, as ``IllegalAction.doc`` reads the registry)."""
    graph: dict[str, set[str]] = {}
    for path in COMMON.glob("*.py"):
        name = path.stem
        edges = graph.setdefault(name, set())
        for node in ast.parse(path.read_text("utf-8")).body:
            if not isinstance(node, ast.ImportFrom):
                continue
            module = node.module
            if module and module.startswith("tablegames.common"):
                target = module.removeprefix("tablegames.common").lstrip(".")
                if target:
                    edges.add(target)
                else:  # from tablegames.common import x
                    edges.update(a.name for a in node.names if (COMMON / f"{a.name}.py").exists())
    state: dict[str, int] = {}

    def visit(mod: str, path: list[str]) -> None:
        state[mod] = 1
        for nxt in sorted(graph.get(mod, ())):
            assert state.get(nxt) != 1, f"import circle: {' -> '.join([*path, mod, nxt])}"
            if nxt not in state:
                visit(nxt, [*path, mod])
        state[mod] = 2

    for mod in sorted(graph):
        if mod not in state:
            visit(mod, [])
    assert graph["registry"] >= {"protocol", "errors"}


@pytest.mark.parametrize("name", sorted(GAMES))
def test_one_table_size_check_and_default_for_every_caller(name: str) -> None:
    """``GameInfo.check_players`` is the one refusal of a table the game cannot seat, in one
    wording wherever it is asked (``fit_rules``, ``simulate``, the arena), and
    ``default_players`` the one table laid when nobody names a size."""
    from tablegames.bots.matches import arena
    from tablegames.simulation import simulate

    info = GAMES[name]
    assert info.check_players(info.min_players) == info.min_players
    assert info.default_players() == max(info.min_players, min(4, info.max_players))
    assert info.min_players <= info.default_players() <= info.max_players
    too_many = info.max_players + 1
    said = f"{name} is for {info.min_players} to {info.max_players} players, not {too_many}"
    for ask in (lambda: info.check_players(too_many), lambda: info.fit_rules(too_many),
                lambda: simulate(info, "random", games=1, players=too_many, workers=1),
                lambda: arena(name, ["random"], 1, players=too_many)):
        with pytest.raises(SetupError) as refused:
            ask()
        assert str(refused.value) == said
    # the game's own bot: a random-play Phase 10 game takes seconds, and the bot
    # plays no part in the table laid (random play has its own tests in test_simulate)
    summary = simulate(info, info.default_bot, games=1, workers=1)
    assert summary.players == info.default_players()
