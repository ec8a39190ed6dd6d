"""Sphinx configuration of the tablegames site (see docs/README.md for the commands).

Pages are MyST Markdown; each game's rulings page includes the ``rulings.md`` shipped in
its package, so the text a reader sees and the doctests CI runs are the same file. The
local extension ``_ext/tablegames_docs.py`` adds exact-case ruling anchors, the
``ruling`` role and the generated ``rules-table`` directive.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE / "_ext"))
sys.path.insert(0, str(HERE.parent))

import tablegames  # noqa: E402

project = "tablegames"
author = "tablegames developers"
copyright = "tablegames developers"
release = tablegames.__version__
version = release

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinx.ext.doctest",
    "sphinx.ext.viewcode",
    "tablegames_docs",
    "tablegames_pictures",  # table pictures, plain-words examples, ruling IDs in the search
]

source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
root_doc = "index"
# docs/rules/ holds copies of the rules files the rulings are numbered from; the site
# shows each ruling on its game's page instead.
exclude_patterns = ["_build", "_tools", "rules", "README.md", "locale", "Thumbs.db",
                    ".DS_Store"]
# A game's rulings page includes the rulings.md shipped in its package; a game whose page
# is not written yet is left out of the site (the rulings toctree globs rulings/*)
# rather than breaking the build.
GAMES = ("toepen", "phase10", "shithead", "dallah")
for _game in GAMES:
    if not (HERE.parent / "tablegames" / _game / "rulings.md").exists():
        exclude_patterns.append(f"rulings/{_game}.md")

templates_path = ["_templates"]
# Every reference must resolve (CI builds with -n -W). A short name, a re-exported name or a
# name a module imports is pointed at the one place it is documented by the local
# extension (NearestPythonTarget); what is left unresolved on purpose is listed here.
nitpicky = True
nitpick_ignore_regex = [
    # Python's own modules and the libraries the type hints name (no intersphinx: the
    # build reads nothing from the network). The extension rewrites an imported name to
    # its full dotted name (``Path`` is ``pathlib.Path``) before it gets here.
    (r"py:.*", r"(argparse|_?asyncio|abc|array|builtins|collections|copy|gettext|importlib"
               r"|linecache|logging|numbers|os|pathlib|random|types|typing|xml)(\..*)?"),
    (r"py:.*", r"(cattrs|gymnasium|numpy|pettingzoo|pyspiel|rich|starlette)(\..*)?"),
    # Starlette's own names in the constructor ``tablegames.server.app.App`` inherits
    # (its hints name them unqualified, so the rewrite above cannot tell them apart).
    (r"py:class", r"(AppType|BaseRoute|ExceptionHandler|Lifespan|Middleware)"),
    # Sphinx 9 on Python 3.11 names ``typing.Annotated`` after the hint's module.
    (r"py:class", r"tablegames(\.\w+)*\.Annotated"),
    # Type variables (``S``, ``T``, ``_T``): Sphinx has no entry for a TypeVar to link to.
    (r"py:class", r"tablegames(\.\w+)*\._?[A-Z]"),
    # Private names (``_Pass``, ``BaseState._apply``): docstrings name them for whoever
    # reads the source; the reference documents the public API only.
    (r"py:.*", r"(.*\.)?_\w*"),
]

myst_enable_extensions = ["colon_fence", "deflist", "fieldlist"]
myst_heading_anchors = 0

# -- translations: the Dallah rulings page is published in Arabic as well -----------
# ``python -m sphinx -b html -D language=ar docs docs/_build/html/ar`` builds it.
language = "en"
locale_dirs = ["locale/"]
gettext_compact = False
gettext_uuid = False
gettext_location = False
#: Pages with a translation; they get the language's text direction (tablegames_docs).
tg_translated_pages = ["rulings/dallah"]
#: Every ruling section must have a table picture and a plain-words example (issue 14):
#: a section without one is a warning, which ``-W`` turns into a failed build.
tg_require_pictures = True

# -- autodoc -----------------------------------------------------------------------
autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_typehints_format = "short"
autodoc_default_options = {"members": True, "show-inheritance": True}
autoclass_content = "class"
#: The optional extras' libraries: the API pages of the adapters, the plots, the server
#: and the Ray backend build from a venv with only the ``docs`` extra (autodoc imports
#: each module it documents; these stand in for libraries that are not installed).
#: Only the missing ones are mocked: a module autodoc imports under a mock keeps the mock
#: (its base classes, its functions), and the doctest builder then runs the docstrings'
#: examples against it, so with the libraries installed the real ones must be used.
OPTIONAL_LIBRARIES = [
    "gymnasium", "pettingzoo", "pyspiel", "open_spiel", "numpy", "ray", "matplotlib",
    "rich", "starlette", "uvicorn", "segno", "babel", "psycopg", "torch", "sb3_contrib",
    "stable_baselines3", "tianshou", "openskill",
]
autodoc_mock_imports = [name for name in OPTIONAL_LIBRARIES
                        if importlib.util.find_spec(name) is None]

# -- doctest -----------------------------------------------------------------------
# Docstring examples run in their module's namespace under pytest; the doctest builder
# runs them on their own, so it gets the names those modules' examples use.
doctest_global_setup = """
from tablegames.common.errors import quoted, quoted_names
from tablegames.common.rounds import round_end
from tablegames.common.rulings import plain_text
from tablegames.common.seating import ask_in_turn, next_seat
from tablegames.simulation import game_seed, per_second
from tablegames.phase10.check import check_group, check_hit, check_phase
from tablegames.render import face
from tablegames.stats import Rate, wilson
from tablegames.bots.matches import arena
from tablegames.server.limits import client_address, network
from tablegames.server.logs import redact
from tablegames.server.app import cross_site, foreign_fetch
"""
doctest_test_doctest_blocks = "default"

# -- HTML --------------------------------------------------------------------------
html_theme = "furo"
html_title = f"tablegames {release}"
html_static_path = ["_static"]
html_css_files = ["tablegames.css"]
html_show_sourcelink = False
html_theme_options = {
    "navigation_with_keys": True,
}
