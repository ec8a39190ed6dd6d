"""Merge fresh Sphinx message templates into the translations of the translated pages.

Usage, from the repository root (after ``python -m sphinx -b gettext docs docs/_build/gettext``)::

    python docs/_tools/update_po.py ar

For every page named in ``tg_translated_pages`` (docs/conf.py) it reads the template
``docs/_build/gettext/<page>.pot`` and updates ``docs/locale/<lang>/LC_MESSAGES/<page>.po``:
new messages are added untranslated, messages that changed a little keep their old
translation marked *fuzzy* (Sphinx does not use fuzzy entries, so the English shows until
a translator confirms), and messages that are gone are dropped. Babel does the merging,
the same library Sphinx uses to compile the catalogs.
"""

from __future__ import annotations

import argparse
import ast
import sys
from datetime import UTC, datetime
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

DOCS = Path(__file__).resolve().parents[1]


def translated_pages() -> list[str]:
    """``tg_translated_pages`` from conf.py, read without importing Sphinx's config."""
    tree = ast.parse((DOCS / "conf.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if any(isinstance(t, ast.Name) and t.id == "tg_translated_pages" for t in targets):
                value = ast.literal_eval(node.value)  # type: ignore[arg-type]
                return [str(v) for v in value]
    return []


def merge(template_path: Path, po_path: Path, lang: str) -> tuple[int, int]:
    """Update one catalog; return (messages, translated)."""
    with template_path.open("rb") as f:
        template = read_po(f)
    if po_path.exists():
        with po_path.open("rb") as f:
            catalog = read_po(f, locale=lang)
    else:
        catalog = Catalog(locale=lang, project=template.project, version=template.version)
    catalog.update(template, no_fuzzy_matching=False)
    catalog.obsolete.clear()
    # The header is ours, not a template's placeholders.
    catalog.fuzzy = False
    catalog.copyright_holder = "tablegames developers"
    catalog.msgid_bugs_address = ""
    catalog.last_translator = "tablegames developers"
    catalog.language_team = f"tablegames ({lang})"
    catalog.revision_date = datetime.now(UTC)
    po_path.parent.mkdir(parents=True, exist_ok=True)
    with po_path.open("wb") as f:
        write_po(f, catalog, width=0, omit_header=False, sort_output=False)
    _tidy_header(po_path, lang)
    messages = [m for m in catalog if m.id]
    done = [m for m in messages if m.string and not m.fuzzy]
    return len(messages), len(done)


def _tidy_header(po_path: Path, lang: str) -> None:
    """Replace babel's template comment lines at the top of a catalog with our own."""
    lines = po_path.read_text(encoding="utf-8").splitlines(keepends=True)
    body = lines[next(i for i, line in enumerate(lines) if not line.startswith("#")):]
    head = [f"# {lang} translation of the tablegames documentation pages listed in\n",
            "# tg_translated_pages (docs/conf.py). See docs/README.md to update it.\n"]
    po_path.write_text("".join(head + body), encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("lang", help="language code, e.g. ar")
    parser.add_argument("--gettext", default=str(DOCS / "_build" / "gettext"),
                        help="where sphinx -b gettext wrote the templates")
    args = parser.parse_args(argv)
    status = 0
    for page in translated_pages():
        template = Path(args.gettext) / f"{page}.pot"
        if not template.exists():
            print(f"{page}: no template {template} (run the gettext build first)")
            status = 1
            continue
        po = DOCS / "locale" / args.lang / "LC_MESSAGES" / f"{page}.po"
        total, done = merge(template, po, args.lang)
        print(f"{po.relative_to(DOCS.parent)}: {done} of {total} messages translated")
    return status


if __name__ == "__main__":
    sys.exit(main())
