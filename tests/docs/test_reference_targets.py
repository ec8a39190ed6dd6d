"""Where the API reference's links go (``docs/_ext/tablegames_docs.py``, helper-135).

CI builds the site with ``-n -W``: a reference that resolves to nothing fails the build.
The build itself is CI's (a minute); these check the rules the extension resolves by,
on the library's own objects: a re-exported name goes to the one entry where its object
is defined, a short name to the nearest object of that name, a builtin or a class's own
attribute to nothing of ours, and a module's re-exports are documented only once.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType, SimpleNamespace
from typing import Any

import pytest

import tablegames.phase10.sheet
import tablegames.plot
from tablegames.common.kinds import Kind

EXT = Path(__file__).resolve().parents[2] / "docs" / "_ext" / "tablegames_docs.py"


@pytest.fixture(scope="module")
def ext() -> ModuleType:
    spec = importlib.util.spec_from_file_location("_tablegames_docs_targets", EXT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


#: A documented site in small: name -> the entry's object type, as Sphinx keeps them.
DOCUMENTED = {name: SimpleNamespace(objtype=kind) for name, kind in [
    ("tablegames.bots.registry.make", "function"),
    ("tablegames.simulation.SimulationSummary", "class"),
    ("tablegames.simulation.SimulationSummary.results", "method"),
    ("tablegames.common.registry.GAMES", "data"),
    ("tablegames.common.errors.StateError", "exception"),
    ("tablegames.toepen.state.State", "class"),
    ("tablegames.phase10.state.State", "class"),
    ("tablegames.common.cards.Pack.size", "property"),
    ("tablegames.common.state.BaseState.new", "method"),
    ("tablegames.stats.wilson", "function"),
]}
ROLES = {"func": {"function"}, "class": {"class", "exception"}, "data": {"data"},
         "meth": {"method"}, "attr": {"attribute", "property"}}


def target(ext: Any, name: str, role: str, here: str = "", within: str = "") -> str | None:
    found: str | None = ext.NearestPythonTarget._target(name, role, here, within, DOCUMENTED,
                                                        ROLES[role])
    return found


@pytest.mark.parametrize(("name", "role", "here", "within", "expected"), [
    # a re-export is the entry where the object is defined (these warned: not found)
    ("tablegames.bots.make", "func", "", "", "tablegames.bots.registry.make"),
    ("tablegames.SimulationSummary", "class", "", "", "tablegames.simulation.SimulationSummary"),
    ("tablegames.SimulationSummary.results", "meth", "", "",
     "tablegames.simulation.SimulationSummary.results"),
    ("tablegames.GAMES", "data", "", "", "tablegames.common.registry.GAMES"),  # a value
    ("tablegames.plot.wilson", "func", "", "", "tablegames.stats.wilson"),
    # a short name: as the module sees it, else the nearest documented one
    ("StateError", "class", "tablegames.common.state", "", "tablegames.common.errors.StateError"),
    ("State", "class", "tablegames.toepen.bots", "", "tablegames.toepen.state.State"),
    ("State", "class", "tablegames.phase10.bots", "", "tablegames.phase10.state.State"),
    ("new", "meth", "tablegames.dallah.state", "State", "tablegames.common.state.BaseState.new"),
    # imported from Python: its full name, which conf.py's ignore list names
    ("Path", "class", "tablegames.plot", "", "pathlib.Path"),
    # a class's own undocumented attribute is not another class's of the same name
    ("size", "attr", "tablegames.adapters.observation", "Observer", None),
    # nothing of the kind asked for
    ("tablegames.bots.make", "class", "", "", None),
])
def test_a_reference_goes_where_its_object_is_documented(
        ext: Any, name: str, role: str, here: str, within: str, expected: str | None) -> None:
    assert target(ext, name, role, here, within) == expected


def test_a_module_documents_only_what_it_defines(ext: Any) -> None:
    """``tablegames.plot.wilson`` had its own entry beside ``tablegames.stats.wilson``, and
    the source page of ``stats`` linked back to ``stats.html#tablegames.plot.wilson``,
    an anchor that does not exist. A value of a class defined elsewhere (``RESULTS``, a
    kind) is the module's own."""
    assert ext.reexports(tablegames.plot) == ["wilson"]
    assert "RESULTS" not in ext.reexports(tablegames.phase10.sheet)


def test_a_kind_prints_the_same_on_every_run() -> None:
    """Type hints ``Annotated[int, <_Enum object at 0x7fd2...>]`` put a memory address in
    the reference (a reference target nothing resolves, and a page that changed on every
    build)."""
    assert repr(Kind()) == "Kind"
    assert "0x" not in repr(tablegames.phase10.sheet.RESULTS)
