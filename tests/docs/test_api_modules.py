"""Every public module of the library has its place in the API reference (helper-138).

``tablegames.cli``, ``tablegames.tui`` and its modules, ``tablegames.server.app``,
``tablegames.table.catalogues`` and the render modules were missing from ``docs/api``, and
each ``tablegames.adapters.<game>`` was listed with ``:no-members:`` (its codec and
observer went undocumented). The reference pages name modules by hand (``automodule``)
or by package (``tg-submodules``, which lists a package's modules when the site is
built); this reads both from the pages and the modules from the source tree, so a new
module left out of the reference fails here rather than going unnoticed.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
API = ROOT / "docs" / "api"
PACKAGE = ROOT / "tablegames"

_DIRECTIVE = re.compile(r"^\.\. (automodule|tg-submodules):: (\S+)\n((?:   :.*\n)*)", re.M)


def public_modules() -> dict[str, bool]:
    """Each public module's dotted name, and whether it is a package (an ``__init__``).
    A name with a part that starts with ``_`` (``__main__``, ``_private``) is not public."""
    found = {}
    for path in PACKAGE.rglob("*.py"):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        package = parts[-1] == "__init__"
        if package:
            parts.pop()
        if not any(part.startswith("_") for part in parts):
            found[".".join(parts)] = package
    return found


def documented() -> dict[str, str]:
    """Each module the reference pages document, and the options it is documented with."""
    seen: dict[str, str] = {}
    for page in sorted(API.glob("*.rst")):
        for kind, name, options in _DIRECTIVE.findall(page.read_text(encoding="utf-8")):
            if kind == "automodule":
                seen[name] = options
                continue
            skip = re.search(r":exclude: (.*)", options)
            left_out = set(skip.group(1).split()) if skip else set()
            folder = PACKAGE.parent.joinpath(*name.split("."))
            for child in folder.iterdir():
                module = child.stem if child.suffix == ".py" else child.name
                is_module = child.suffix == ".py" or (child / "__init__.py").exists()
                if is_module and not module.startswith("_") and module not in left_out:
                    seen[f"{name}.{module}"] = ""
    return seen


def test_every_public_module_is_in_the_api_reference() -> None:
    assert sorted(set(public_modules()) - set(documented())) == []


def test_a_module_in_the_reference_shows_its_members() -> None:
    """``:no-members:`` suits a package whose names live in its modules, not a module."""
    bare = [name for name, options in documented().items()
            if ":no-members:" in options and not public_modules().get(name, True)]
    assert bare == []


def test_the_reference_names_only_modules_that_exist() -> None:
    assert sorted(set(documented()) - set(public_modules())) == []
