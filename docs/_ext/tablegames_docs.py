"""Sphinx glue for the tablegames site: ruling anchors and links, generated tables.

What the stock extensions do not do, and the site needs:

* **Exact-case ruling anchors.** Sphinx lowercases labels, so ``(TOE-51)=`` gives the
  section the id ``toe-51``. Table talk, error messages and the CLI all say ``TOE-51``, and
  HTML ids are case-sensitive, so :class:`RulingAnchors` puts the exact ID first among the
  ids of every section whose title starts with ``<ID>:``; ``rulings/toepen.html#TOE-51``
  then lands on the ruling (and the section's permalink uses it too).
* **Ruling links everywhere.** Every ruling ID in running text (guides, docstrings, the
  engines' notation tables) links to its anchor, shorthands such as ``TOE-22/31``
  included; ``{ruling}`TOE-51``` does the same explicitly. An ID that no page holds yet
  stays plain text rather than breaking a ``-W`` build.
* **A completeness check.** A game's rulings page that lacks a ruling of its rules file
  (``docs/rules/<game>.md``), or a ruling without a doctest, is a build warning.
* **Generated tables.** ``{rules-table}`` renders a game's attrs ``Rules`` class (field,
  type, default, and the description from the docstring's ``* ``name`` — text`` list)
  and its named ``VARIANTS``; ``{games-table}`` lists the registered games;
  ``{view-keys}``, ``{event-keys}`` and ``{result-keys}`` each game's declared view keys,
  event kinds and result keys; ``{saved-fields}`` the fields of its saves (form and
  meaning, from the state's declarations and their ``#:`` lines);
  ``{card-names}`` shows a card set's English and Arabic names; ``tg-submodules`` gives
  each module of a package its autodoc section. Written by hand, each of these drifts
  from the code the first time something is added.
* **Translations.** Pages listed in ``tg_translated_pages`` get the text direction of the
  language they are built in (``tg_dir`` in the HTML context), and
  ``{language-switch}`` links such a page to its other edition. A build in a right-to-left
  language is right to left as a whole (``dir="rtl"`` on every page's ``<html>``, so the
  navigation sits on the right), its navigation captions and the theme's strings come
  from ``locale/<lang>/LC_MESSAGES/sphinx.po``, and a page that is not translated keeps
  its article left to right in English inside it.
* **Unambiguous type hints.** Every game has a ``State`` and a ``Rules``; a hint that
  names one without its module is resolved to the one in the same game
  (:class:`NearestPythonTarget`) instead of warning that it is ambiguous.
"""

from __future__ import annotations

import builtins
import importlib
import inspect
import pkgutil
import re
import typing
from collections.abc import Iterable, Mapping
from html import unescape
from pathlib import Path
from typing import Any

import attrs
from docutils import nodes
from docutils.parsers.rst import directives
from docutils.statemachine import StringList
from docutils.transforms import Transform
from sphinx import addnodes
from sphinx.addnodes import pending_xref
from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment
from sphinx.transforms.post_transforms import SphinxPostTransform
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective, SphinxRole
from sphinx.util.nodes import nested_parse_with_titles

logger = logging.getLogger(__name__)

#: A ruling ID as the rules files write it: a game prefix, a dash and two digits.
RULING_ID = re.compile(r"^([A-Z][A-Z0-9]{1,5}-\d\d)\b")
#: Right-to-left languages we publish pages in.
RTL_LANGUAGES = frozenset({"ar", "fa", "he", "ur"})


# --------------------------------------------------------------------------- anchors
class RulingAnchors(Transform):
    """Give each ``<ID>: title`` section the exact-case ID as its first HTML id.

    Runs after the i18n transform (priority 20), so a translated title that keeps its
    ``DAL-10:`` prefix still gets its anchor, and the Arabic page links like the English.
    """

    default_priority = 600

    def apply(self, **kwargs: Any) -> None:
        document = self.document
        for section in document.findall(nodes.section):
            if not section.children or not isinstance(section[0], nodes.title):
                continue
            match = RULING_ID.match(section[0].astext())
            if match is None:
                continue
            ruling = match.group(1)
            if ruling in section["ids"]:
                continue
            if ruling in document.ids and document.ids[ruling] is not section:
                logger.warning("ruling %s has two sections", ruling, location=section)
                continue
            section["ids"].insert(0, ruling)
            document.ids[ruling] = section


#: Text inside these nodes is never turned into ruling links.
_NO_LINKS = (nodes.literal, nodes.literal_block, nodes.title, nodes.reference, nodes.raw,
             nodes.comment, nodes.FixedTextElement, nodes.target, pending_xref)
_IN_TEXT = re.compile(r"\b([A-Z][A-Z0-9]{1,5})-(\d\d)\b((?:(?:/|\.\.|–)\d\d\b)*)")
_MORE = re.compile(r"(/|\.\.|–)(\d\d)")


class LinkRulingIDs(Transform):
    """Turn every ruling ID in running text into a link to its anchor.

    Prose, docstrings and the engines' notation tables all cite rulings as ``TOE-21``;
    with this transform a reader can follow any of them. IDs that no page holds stay
    plain text (see :func:`resolve_ruling`).
    """

    default_priority = 620

    def apply(self, **kwargs: Any) -> None:
        for text in list(self.document.findall(nodes.Text)):
            parent = text.parent
            if parent is None or not _IN_TEXT.search(text.astext()):
                continue
            if any(isinstance(a, _NO_LINKS) for a in _ancestors(text)):
                continue
            parent.replace(text, inline_ruling_links(text.astext()))


def _ancestors(node: nodes.Node) -> Iterable[nodes.Node]:
    while node.parent is not None:
        node = node.parent
        yield node


def inline_ruling_links(text: str) -> list[nodes.Node]:
    """Split text into plain pieces and ``tg-ruling`` references.

    Shorthands are linked too: in ``TOE-22/31`` and ``DAL-31..34`` the trailing number
    links to ``TOE-31`` and ``DAL-34``.
    """
    out: list[nodes.Node] = []
    pos = 0
    for match in _IN_TEXT.finditer(text):
        if match.start() > pos:
            out.append(nodes.Text(text[pos:match.start()]))
        prefix = match.group(1)
        out.append(_ruling_xref(f"{prefix}-{match.group(2)}", f"{prefix}-{match.group(2)}"))
        for more in _MORE.finditer(match.group(3)):
            out.append(nodes.Text(more.group(1)))
            out.append(_ruling_xref(f"{prefix}-{more.group(2)}", more.group(2)))
        pos = match.end()
    if pos < len(text):
        out.append(nodes.Text(text[pos:]))
    return out


def _ruling_xref(ruling: str, label: str) -> pending_xref:
    return pending_xref("", nodes.Text(label), refdomain="", reftype="tg-ruling",
                        reftarget=ruling, refexplicit=True, refwarn=False)


def collect_rulings(app: Sphinx, doctree: nodes.document) -> None:
    """Remember which page holds each ruling (for the ``ruling`` role)."""
    env = app.env
    store: dict[str, str] = env.tg_rulings if hasattr(env, "tg_rulings") else {}
    env.tg_rulings = store  # type: ignore[attr-defined]
    for section in doctree.findall(nodes.section):
        for node_id in section["ids"]:
            if RULING_ID.fullmatch(node_id):
                store[node_id] = env.docname


def check_rulings_page(app: Sphinx, doctree: nodes.document) -> None:
    """Warn if a game's rulings page lacks a ruling of its rules file, or an example.

    The rules files (copied to ``docs/rules/``) number the rulings; the page
    ``rulings/<game>`` must have a section for every ID there, each with at least one
    doctest. With ``-W`` a gap fails the build, which is what "every ruling appears with
    an example" needs to stay true.
    """
    docname = app.env.docname
    if not docname.startswith("rulings/"):
        return
    rules_file = Path(app.srcdir) / app.config.tg_rules_dir / (docname.split("/", 1)[1] + ".md")
    if not rules_file.exists():
        return
    wanted = sorted(set(re.findall(r"\b([A-Z][A-Z0-9]{1,5}-\d\d)\b", rules_file.read_text("utf-8"))))
    found: dict[str, bool] = {}
    for section in doctree.findall(nodes.section):
        ruling = next((i for i in section["ids"] if RULING_ID.fullmatch(i)), None)
        if ruling is None:
            continue
        found[ruling] = any(
            block.get("testnodetype") == "doctest" for block in section.findall(nodes.literal_block)
        )
    for ruling in wanted:
        if ruling not in found:
            logger.warning("ruling %s of %s has no section on this page", ruling,
                           rules_file.name, location=docname)
        elif not found[ruling]:
            logger.warning("ruling %s has no doctest example", ruling, location=docname)


def purge_rulings(app: Sphinx, env: BuildEnvironment, docname: str) -> None:
    store: dict[str, str] = getattr(env, "tg_rulings", {})
    for key in [k for k, v in store.items() if v == docname]:
        del store[key]


def merge_rulings(
    app: Sphinx, env: BuildEnvironment, docnames: Iterable[str], other: BuildEnvironment
) -> None:
    store: dict[str, str] = getattr(env, "tg_rulings", {})
    store.update(getattr(other, "tg_rulings", {}))
    env.tg_rulings = store  # type: ignore[attr-defined]


class ArabicRole(SphinxRole):
    """``{tg-ar}`نص``` marks a run of Arabic inside an English page (font, direction)."""

    def run(self) -> tuple[list[nodes.Node], list[nodes.system_message]]:
        return [nodes.inline(self.rawtext, self.text, classes=["tg-ar"])], []


class RulingRole(SphinxRole):
    """``{ruling}`TOE-51``` → a link to the ruling's exact-case anchor."""

    def run(self) -> tuple[list[nodes.Node], list[nodes.system_message]]:
        ruling = self.text.strip()
        node = pending_xref(
            "", nodes.literal(ruling, ruling), refdomain="", reftype="tg-ruling",
            reftarget=ruling, refexplicit=True, refwarn=False,
        )
        return [node], []


def resolve_ruling(
    app: Sphinx, env: BuildEnvironment, node: pending_xref, contnode: nodes.Element
) -> nodes.Element | None:
    """Resolve ``tg-ruling`` references; an unknown ID stays plain text, never a warning."""
    if node.get("reftype") != "tg-ruling":
        return None
    ruling = node["reftarget"]
    docname = getattr(env, "tg_rulings", {}).get(ruling)
    if docname is None:
        return nodes.inline("", "", contnode, classes=["tg-ruling"])
    builder = app.builder
    here = node.get("refdoc", env.docname)
    uri = builder.get_relative_uri(here, docname) + "#" + ruling
    title = f"ruling {ruling}"
    if here in app.config.tg_translated_pages:  # the link's title in the page's language
        from sphinx.locale import get_translation

        title = str(get_translation("sphinx")("ruling %s")).replace("%s", ruling)
    ref = nodes.reference("", "", internal=True, refuri=uri, reftitle=title,
                          classes=["tg-ruling"])
    ref += contnode
    return ref


# --------------------------------------------------------------------------- Rules tables
_BULLET = re.compile(r"^\*\s+``(\w+)``\s*(?:—|--|:|-)\s*(.*)$")
_INLINE = re.compile(r"``([^`]+)``|:(?:py:)?(?:data|class|func|meth|attr|obj|mod):`~?([^`]+)`")


def field_descriptions(cls: type) -> dict[str, str]:
    """``name -> text`` from the class docstring's bullet list (``* ``name`` — text``).

    A bullet's text runs on over the following indented lines, so a description can be
    wrapped like any docstring paragraph.
    """
    doc = inspect.getdoc(cls) or ""
    out: dict[str, str] = {}
    current: str | None = None
    for line in doc.splitlines():
        match = _BULLET.match(line)
        if match:
            current = match.group(1)
            out[current] = match.group(2).strip()
        elif current is not None and line.startswith((" ", "\t")) and line.strip():
            out[current] += " " + line.strip()
        else:
            current = None
    return out


def type_text(tp: Any) -> str:
    """A reader's spelling of a field type: ``int``, ``int | None``, ``"a" | "b"``."""
    origin = typing.get_origin(tp)
    if origin is typing.Literal:
        return " | ".join(repr(a).replace("'", '"') for a in typing.get_args(tp))
    if origin in (typing.Union, getattr(__import__("types"), "UnionType", None)):
        return " | ".join(type_text(a) for a in typing.get_args(tp))
    if tp is type(None):
        return "None"
    if tp is Ellipsis:
        return "..."
    if origin is not None:
        args = ", ".join(type_text(a) for a in typing.get_args(tp))
        return f"{getattr(origin, '__name__', str(origin))}[{args}]"
    return getattr(tp, "__name__", str(tp).replace("typing.", ""))


def default_text(field: attrs.Attribute[Any], module: Any) -> str:
    """The default as a Python literal (a factory shows what it builds)."""
    default: Any = field.default
    if isinstance(default, attrs.Factory):  # type: ignore[arg-type]
        if default.takes_self:
            return "(computed)"
        default = default.factory()
    return value_text(default, module)


def default_cell(field: attrs.Attribute[Any], module: Any) -> list[nodes.Node]:
    """The default column: the literal, or words for a structured default."""
    default: Any = field.default
    if isinstance(default, attrs.Factory):  # type: ignore[arg-type]
        if default.takes_self:
            return [nodes.literal("", "(computed)")]
        default = default.factory()
    return value_cell(default, module)


def constant_name(value: Any, module: Any) -> str | None:
    """The public module-level name that holds exactly this object, if any."""
    for name, held in vars(module).items() if module is not None else ():
        if held is value and not name.startswith("_") and name.isupper():
            return str(name)
    return None


def value_text(value: Any, module: Any = None) -> str:
    """A Python literal for a table cell.

    Strings are in double quotes, as in the type column and in JSON. A structured value
    (a whole card set, an effects table) is named by the module constant that holds it,
    since its repr would fill the page.
    """
    if isinstance(value, str):
        return '"' + value.replace('"', '\\"') + '"'
    if isinstance(value, bool | int | float) or value is None:
        return repr(value)
    name = constant_name(value, module)
    if name is not None:
        return name
    if attrs.has(type(value)):
        return f"{type(value).__name__}(...)"
    return repr(value)


#: Shithead's effects by the names its rulings page uses (SHD-20 ... SHD-28).
_EFFECT_NAMES = {"reset": "zero-it", "skip": "skip", "reverse": "reverse", "burn": "burn",
                 "transparent": "transparent", "under_over": "under-over",
                 "give": "take-it-bad-luck", "plain": "plain"}
_RANKS = ("", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


def effect_words(row: Any) -> str:
    """One Shithead effects row as a player says it: ``"5-or-less"``, ``"8 skip (each card
    of a set acts)"``, ``"9: only 3, 5, 7, 9 may follow"``."""
    rank = _RANKS[row.value]
    if row.does == "plain" and row.playable_on_me == "lower":
        text = f"{rank}-or-less"
    elif row.does == "plain" and isinstance(row.playable_on_me, tuple):
        text = f"{rank}: only {', '.join(_RANKS[v] for v in row.playable_on_me)} may follow"
    else:
        text = f"{rank} {_EFFECT_NAMES.get(row.does, row.does)}"
        if row.playable_on_me == "lower":
            text += f", then {rank} or lower"
        elif isinstance(row.playable_on_me, tuple):
            text += f", then only {', '.join(_RANKS[v] for v in row.playable_on_me)}"
    notes = []
    if row.on == "any":
        notes.append("on anything")
    elif row.on == "lower":
        notes.append("only on a lower card")
    if row.multiples == "each":
        notes.append("each card of a set acts")
    if getattr(row, "acts", "always") == "on_lower":
        notes.append("acts only when laid on a lower card")
    return text + (f" ({', '.join(notes)})" if notes else "")


def value_words(value: Any, module: Any = None) -> str | None:
    """A structured option in the words a player reads (helper-48: the house-rules page
    showed ``Effect(value=2, does='reset', ...)`` and constant names), or ``None`` for a
    value that is best shown as the literal it is (a number, a string, a flag)."""
    if isinstance(value, tuple) and value and all(
            attrs.has(type(v)) and type(v).__name__ == "Effect" for v in value):
        return "; ".join(effect_words(v) for v in value)
    if isinstance(value, tuple) and value and all(isinstance(v, str) for v in value) and \
            callable(getattr(module, "describe_phase", None)):
        phases = "; ".join(f"{i}. {module.describe_phase(v)}" for i, v in enumerate(value, 1))
        return f"{len(value)} phases: {phases}"
    if isinstance(value, tuple) and not value:
        return "none"
    if attrs.has(type(value)) and type(value).__name__ == "CardSet":
        if constant_name(value, module) == "DEFAULT_CARDS" or getattr(value, "name", "") == \
                "default":
            return "the standard cards (the card table of the rulings page)"
        return f"the card set {getattr(value, 'name', '')!r}"
    return None


def value_cell(value: Any, module: Any = None) -> list[nodes.Node]:
    """A table cell for an option's value: words where :func:`value_words` has them,
    otherwise the literal as code."""
    words = value_words(value, module)
    if words is not None:
        return [nodes.Text(words)]
    return [nodes.literal("", value_text(value, module))]


def inline_nodes(text: str, module: str = "") -> list[nodes.Node]:
    """Docstring text as nodes: ````code```` and Python roles as code, ruling IDs as links.

    ``module`` is the module the text is the docstring of: a short name in a role
    (``:class:`Effect```) means the object as that module names it."""
    out: list[nodes.Node] = []
    pos = 0
    for match in _INLINE.finditer(text):
        if match.start() > pos:
            out.extend(inline_ruling_links(text[pos:match.start()]))
        if match.group(1) is not None:
            out.append(nodes.literal(match.group(1), match.group(1)))
        else:
            target = match.group(2)
            if target.startswith(".") and module:  # relative to the text's own package,
                target = module.rsplit(".", 1)[0] + target  # as autodoc reads ``.inference``
            short = target.rsplit(".", 1)[-1]
            xref = pending_xref("", nodes.literal(short, short), refdomain="py", reftype="obj",
                                reftarget=target, refexplicit=False, refwarn=False)
            xref["py:module"] = module
            out.append(xref)
        pos = match.end()
    if pos < len(text):
        out.extend(inline_ruling_links(text[pos:]))
    return out


def _table(headers: list[str], rows: list[list[list[nodes.Node]]], widths: list[int],
           classes: list[str], cell_classes: list[str]) -> nodes.table:
    """A docutils table; ``cell_classes`` name the columns for the phone layout (CSS)."""
    table = nodes.table(classes=["tg-table", *classes])
    group = nodes.tgroup(cols=len(headers))
    table += group
    for width in widths:
        group += nodes.colspec(colwidth=width)
    head = nodes.thead()
    group += head
    row = nodes.row()
    for text in headers:
        row += nodes.entry("", nodes.paragraph("", text))
    head += row
    body = nodes.tbody()
    group += body
    for cells in rows:
        row = nodes.row()
        for cell, cls in zip(cells, cell_classes, strict=True):
            row += nodes.entry("", nodes.paragraph("", "", *cell), classes=[cls])
        body += row
    return table


def import_object(path: str) -> Any:
    """``"pkg.module.Name"`` → the object (the longest importable module prefix wins)."""
    parts = path.split(".")
    for cut in range(len(parts) - 1, 0, -1):
        try:
            obj: Any = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        for name in parts[cut:]:
            obj = getattr(obj, name)
        return obj
    raise ImportError(path)


class RulesTable(SphinxDirective):
    """``{rules-table} tablegames.toepen.rules.Rules``: the options and named variants.

    Options: ``:variants:`` names the variants mapping (default: ``VARIANTS`` in the
    class's module); ``:no-variants:`` leaves the variants table out.
    """

    required_arguments = 1
    option_spec = {  # noqa: RUF012 - docutils reads a plain dict
        "variants": directives.unchanged,
        "no-variants": directives.flag,
    }

    def run(self) -> list[nodes.Node]:
        path = self.arguments[0]
        try:
            cls = import_object(path)
        except (ImportError, AttributeError) as exc:
            logger.warning("rules-table: cannot import %s (%s)", path, exc,
                           location=self.get_location())
            return []
        if not attrs.has(cls):
            logger.warning("rules-table: %s is not an attrs class", path,
                           location=self.get_location())
            return []
        module = inspect.getmodule(cls)
        if module is not None:
            self.env.note_dependency(str(Path(inspect.getfile(module))))
        hints = typing.get_type_hints(cls)
        text = field_descriptions(cls)
        rows: list[list[list[nodes.Node]]] = []
        for field in attrs.fields(cls):
            description = text.get(field.name)
            if description is None:
                logger.warning("rules-table: %s.%s has no '* ``%s`` — ...' line in the "
                               "class docstring", path, field.name, field.name,
                               location=self.get_location())
                description = ""
            rows.append([
                [nodes.literal(field.name, field.name)],
                [nodes.literal("", type_text(hints.get(field.name, field.type)))],
                default_cell(field, module),
                inline_nodes(description, cls.__module__),
            ])
        out: list[nodes.Node] = [
            _table(["option", "type", "default", "what it changes"], rows, [16, 16, 12, 56],
                   ["tg-rules"], ["tg-name", "tg-type", "tg-default", "tg-desc"])
        ]
        if "no-variants" not in self.options:
            out.extend(self._variants(cls, module))
        return out

    def _variants(self, cls: type, module: Any) -> list[nodes.Node]:
        name = self.options.get("variants") or "VARIANTS"
        try:
            variants = (import_object(name) if "." in name else getattr(module, name))
        except (ImportError, AttributeError):
            logger.warning("rules-table: no variants mapping %s for %s", name, cls.__name__,
                           location=self.get_location())
            return []
        standard = cls()
        rows = []
        for key, rules in variants.items():
            cell: list[nodes.Node] = []
            changed = [f for f in attrs.fields(cls)
                       if getattr(rules, f.name) != getattr(standard, f.name)]
            # a list in words has commas of its own: options are then parted by "; "
            wordy = any(value_words(getattr(rules, f.name), module) for f in changed)
            for f in changed:
                value = getattr(rules, f.name)
                if cell:
                    cell.append(nodes.Text("; " if wordy else ", "))
                if value_words(value, module) is None:
                    cell.append(nodes.literal("", f"{f.name}={value_text(value, module)}"))
                else:
                    cell.extend([nodes.literal("", f.name), nodes.Text(": "),
                                 *value_cell(value, module)])
            rows.append([
                [nodes.literal(key, key)],
                cell if cell else [nodes.emphasis("", "the defaults")],
            ])
        caption = nodes.paragraph("", "", nodes.strong("", "Named variants"), nodes.Text(
            f" (pass the name as rules=...; {len(rows)} in all):"))
        return [caption, _table(["variant", "options it sets"], rows, [25, 75],
                                ["tg-variants"], ["tg-name", "tg-sets"])]


# --------------------------------------------------------------------------- games table
class GamesTable(SphinxDirective):
    """``{games-table}``: every registered game, its players and its one-line summary.

    Read from the registry (:data:`tablegames.GAMES`) and each game package's docstring,
    so a new game shows up on the home page by being registered; its name links to its
    rulings page once that page is part of the site.
    """

    def run(self) -> list[nodes.Node]:
        import tablegames

        rows: list[list[list[nodes.Node]]] = []
        for name in tablegames.GAMES:
            info = tablegames.GAMES[name]
            module = importlib.import_module(f"tablegames.{name}")
            summary = (module.__doc__ or "").strip().splitlines()[0] if module.__doc__ else ""
            summary = summary.split(":", 1)[1].strip() if ":" in summary else summary
            summary = summary[:1].upper() + summary[1:]
            page = f"rulings/{name}"
            title: nodes.Node = nodes.Text(info.title)
            if page in self.env.found_docs:
                title = pending_xref("", nodes.inline("", info.title), refdomain="std",
                                     reftype="doc", reftarget="/" + page, refexplicit=True,
                                     refdoc=self.env.docname)
            rows.append([[title], [nodes.Text(f"{info.min_players} – {info.max_players}")],
                         inline_ruling_links(summary)])
        return [_table(["Game", "Players", "In one line"], rows, [18, 14, 68], ["tg-games"],
                       ["tg-name", "tg-players", "tg-desc"])]


class ViewKeys(SphinxDirective):
    """``{view-keys} toepen``: every key of that game's views, read from ``State.VIEW_KEYS``.

    The conformance kit refuses a view with a key that is not declared there, so this
    table is the whole vocabulary an app can meet; without an argument it lists the
    envelope every game shares.
    """

    optional_arguments = 1

    def run(self) -> list[nodes.Node]:
        import tablegames
        from tablegames.testing import ENVELOPE, SEAT_KEYS

        if not self.arguments:
            return [_key_table("Meaning (every game)",
                               {k: ENVELOPE_TEXT[k] for k in (*ENVELOPE, *SEAT_KEYS)})]
        info = tablegames.GAMES[self.arguments[0]]
        keys = getattr(info.state_class, "VIEW_KEYS", None)
        if not keys:
            raise self.error(f"{info.name} declares no VIEW_KEYS")
        return [_key_table(f"Meaning ({info.title})", keys)]


def _key_table(title: str, keys: Mapping[str, str]) -> nodes.table:
    """A two-column table of keys and what each means (views, events, results)."""
    rows = [[[nodes.literal("", k)], [nodes.Text(v)]] for k, v in keys.items()]
    return _table(["Key", title], rows, [22, 78], ["tg-view-keys"], ["tg-key", "tg-desc"])


class EventKeys(SphinxDirective):
    """``{event-keys} toepen``: every event kind of that game and its keys, read from
    ``State.EVENT_KEYS`` (:class:`tablegames.common.eventkeys.EventSpec`).

    The conformance kit refuses an event of a kind or with a key not declared there, a
    missing key not declared optional and a secret key shown outside the audience, so
    this table is every event an app can meet; without an argument it lists the keys
    every event has.
    """

    optional_arguments = 1

    def run(self) -> list[nodes.Node]:
        import tablegames

        if not self.arguments:
            return [_key_table("Meaning (every event)", EVENT_ENVELOPE_TEXT)]
        info = tablegames.GAMES[self.arguments[0]]
        kinds = getattr(info.state_class, "EVENT_KEYS", None)
        if not kinds:
            raise self.error(f"{info.name} declares no EVENT_KEYS")
        rows = []
        for kind, spec in kinds.items():
            head: list[nodes.Node] = [nodes.literal("", kind)]
            if spec.private:
                head.append(nodes.emphasis("", " (private)"))
            rows.append([head, [], [nodes.Text(spec.meaning)]])
            for key, meaning in spec.keys.items():
                cell: list[nodes.Node] = [nodes.literal("", key)]
                if spec.tags(key):
                    cell.append(nodes.emphasis("", f" ({spec.tags(key)})"))
                rows.append([[], cell, [nodes.Text(meaning)]])
        return [_table(["Event", "Key", f"Meaning ({info.title})"], rows, [18, 18, 64],
                       ["tg-view-keys", "tg-event-keys"], ["tg-kind", "tg-key", "tg-desc"])]


class ResultKeys(SphinxDirective):
    """``{result-keys} toepen``: the keys of that game's ``result`` beyond winners, losers
    and scores, read from ``State.RESULT_KEYS``; without an argument, those three (the
    kit refuses a result with any other key)."""

    optional_arguments = 1

    def run(self) -> list[nodes.Node]:
        import tablegames
        from tablegames.common.eventkeys import COMMON_RESULT_KEYS

        if not self.arguments:
            keys, title = COMMON_RESULT_KEYS, "Meaning (every game)"
        else:
            info = tablegames.GAMES[self.arguments[0]]
            keys = getattr(info.state_class, "RESULT_KEYS", None)
            if keys is None:
                raise self.error(f"{info.name} declares no RESULT_KEYS")
            title = f"Meaning ({info.title})"
        return [_key_table(title, keys)]


def field_meanings(cls: type) -> dict[str, str]:
    """``name -> meaning`` of each field a state class declares: the ``#:`` lines above
    its declaration, read as autodoc reads them (the API reference shows the same text),
    joined into one paragraph. A field without such lines is left out, which the saves
    guide's test reports."""
    from sphinx.pycode import ModuleAnalyzer

    from tablegames.common.savedfields import declared_fields

    docs = ModuleAnalyzer.for_module(cls.__module__).find_attr_docs()
    out: dict[str, str] = {}
    for name, _kind in declared_fields(cls):
        lines = docs.get((cls.__qualname__, name))
        if lines:
            out[name] = " ".join(line.strip() for line in lines if line.strip())
    return out


def saved_field_rows(cls: type) -> list[tuple[str, str, str]]:
    """``(field, saved as, meaning)`` for every field a save of ``cls`` holds, in
    declaration order (the order of the position lines); a field declared without a
    meaning has an empty one."""
    from tablegames.common.savedfields import declared_fields, saved_as

    meanings = field_meanings(cls)
    return [(name, saved_as(kind), meanings.get(name, ""))
            for name, kind in declared_fields(cls) if kind.persisted]


class SavedFields(SphinxDirective):
    """``{saved-fields} toepen``: every field of that game's save (the ``state`` object),
    what form it is saved in and what it means, read from the declarations of its
    ``State`` and the ``#:`` line above each (see :func:`field_meanings`).

    ``tests/docs/test_saved_fields.py`` fails on a declared field without a meaning, so
    the table holds every key an app reading a save can meet."""

    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        import tablegames

        info = tablegames.GAMES[self.arguments[0]]
        cls = info.state_class
        module = cls.__module__
        source = inspect.getsourcefile(cls)
        if source is not None:  # a meaning edited there rebuilds this page
            self.env.note_dependency(source)
        rows = []
        for name, saved, meaning in saved_field_rows(cls):
            if not meaning:
                raise self.error(f"{info.name}: the field {name!r} has no meaning (a #: line "
                                 "above its declaration)")
            rows.append([[nodes.literal("", name)], [nodes.Text(saved)],
                         inline_nodes(meaning, module)])
        return [_table(["Field", "Saved as", f"Meaning ({info.title})"], rows, [18, 24, 58],
                       ["tg-view-keys", "tg-saved-fields"], ["tg-key", "tg-kind", "tg-desc"])]


#: What each key every event has means.
EVENT_ENVELOPE_TEXT = {
    "kind": "what happened: one of the game's event kinds below",
    "version": "only in log(seat, since=v): the state version the event belongs to "
               "(actions applied once it happened)",
}


#: What each envelope key means (the kit checks every view has them).
ENVELOPE_TEXT = {
    "game": "the game's registry name",
    "players": "the players' names, by seat",
    "seat": "whose view this is (null: a spectator)",
    "to_act": "the seat whose decision is next; null once the game is over",
    "stage": "the name of the current stage of play",
    "version": "actions applied so far; send it back as apply(..., expect=version)",
    "result": "null until the end, then winners, losers, scores and the game's own keys "
              "(see Events and results)",
    "hand": "(a seat's view) the seat's cards, in notation",
    "legal": "(a seat's view) the notation of every action the seat may take now, "
             "interrupts included",
    "prompt": "(a seat's view) what the seat's phone should say",
}


# --------------------------------------------------------------------------- card names
#: Headings for the groups a card set names (anything else is shown by its key).
NAME_GROUPS = {"shapes": "Die faces (cup shapes)", "zones": "Placement zones",
               "cards": "Action and protection cards"}


class CardNames(SphinxDirective):
    """``{card-names} tablegames.dallah.cardset.DEFAULT_CARDS``: English and Arabic names.

    The object must offer ``names(lang)`` returning ``{group: {id: name}}``; the tables
    show the id (what the notation writes) beside both names, so the Arabic names a table
    reads come from the same data the engine deals with.
    """

    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        path = self.arguments[0]
        try:
            cards = import_object(path)
            english, arabic = cards.names("en"), cards.names("ar")
        except (ImportError, AttributeError, TypeError) as exc:
            logger.warning("card-names: cannot read names from %s (%s)", path, exc,
                           location=self.get_location())
            return []
        out: list[nodes.Node] = []
        for group, names in english.items():
            rows = [
                [[nodes.literal(ident, ident)], [nodes.Text(name)],
                 [nodes.inline("", arabic.get(group, {}).get(ident, ""), classes=["tg-ar"])]]
                for ident, name in names.items()
            ]
            out.append(nodes.paragraph("", "", nodes.strong("", NAME_GROUPS.get(group, group))))
            out.append(_table(["id", "English", "العربية"], rows, [30, 35, 35], ["tg-names"],
                              ["tg-name", "tg-en", "tg-ar-cell"]))
        return out


# --------------------------------------------------------------------------- API pages
class NearestPythonTarget(SphinxPostTransform):
    """Point a Python reference at the object the reader means, where it is documented.

    Docstrings and type hints name objects the way the code does, which is not always the
    full dotted path that Sphinx looks up:

    * **A short name** (``StateError``, ``BaseState.from_position``, a hint imported only
      for type checking) is found by its ending among the documented objects of the kind
      the role asks for. Every game has a ``State``, a ``Rules`` and a ``Play``; a name
      several objects end with goes to the one that shares the longest module prefix with
      the referring module (``State`` in ``tablegames.toepen.bots`` is Toepen's), so it is
      neither ambiguous nor unresolved.
    * **A re-exported name** (``tablegames.bots.make``, ``tablegames.SimulationSummary``)
      is documented once, in the module that defines it; the reference follows the import
      to that entry (:func:`documented_home`).

    A builtin (``str``, ``int``) is left to Sphinx: ``PositionReader`` has methods named
    ``str`` and ``int``, and a hint ``-> str`` must not become one of them. A name Sphinx
    finds from the referring module or class is left alone too.
    """

    default_priority = 5  # before sphinx's ReferencesResolver (10)

    def run(self, **kwargs: Any) -> None:
        domain = self.env.domains["py"]
        objects = domain.objects
        for node in self.document.findall(pending_xref):
            if node.get("refdomain") != "py":
                continue
            target = node.get("reftarget", "")
            if not target or target in objects or target in vars(builtins):
                continue
            here = node.get("py:module") or ""
            within = node.get("py:class") or ""
            if f"{here}.{within}.{target}" in objects or f"{here}.{target}" in objects:
                continue  # Sphinx resolves it from the context
            role = node.get("reftype", "obj")
            types = set(domain.objtypes_for_role(role) or ())
            found = self._target(target, role, here, within, objects, types)
            if found is not None:
                node["reftarget"] = found

    @staticmethod
    def _target(target: str, role: str, here: str, within: str, objects: Mapping[str, Any],
                types: set[str]) -> str | None:
        """The documented name ``target`` (of the role ``role``, of objects of ``types``)
        means in module ``here``, class ``within``."""
        def fits(name: str) -> bool:
            return not types or objects[name].objtype in types

        seen = [f"{here}.{within}.{target}", f"{here}.{target}"] if here else []
        for path in [target] if target.startswith("tablegames.") else [*seen, target]:
            obj = _imported(path)
            if obj is None:
                continue
            home = documented_home(obj, path, objects)
            if home is not None:
                return home if fits(home) else None
            outside = _full_name(obj)
            if outside is not None and not outside.startswith("tablegames"):
                return outside  # Python's or a library's: conf.py's nitpick_ignore says so
        if "." not in target and role in ("attr", "meth"):
            return None  # ``:attr:`size``` is the class's own, not any other class's ``size``
        candidates = [name for name in objects if name.endswith("." + target) and fits(name)]
        if not candidates:
            return None
        best = max(candidates, key=lambda name: _shared_prefix(name, here))
        return best if len(candidates) == 1 or _shared_prefix(best, here) > 1 else None


def documented_home(obj: Any, path: str, documented: Mapping[str, Any]) -> str | None:
    """Where ``obj`` (found at the dotted ``path``) is documented, or ``None``.

    A class or function is documented where it is defined: ``tablegames.bots.make`` is
    ``tablegames.bots.registry.make`` (its ``__module__`` and ``__qualname__``). A value
    without a name of its own (``tablegames.GAMES``, a dict; a type alias) is the documented
    entry that ends in the same name and holds the very same object.
    """
    home = _full_name(obj)
    if home in documented:
        return home
    last = path.rpartition(".")[2]  # a value, or a type alias (``tuple[int, ...]``)
    for name in documented:
        if name.endswith("." + last) and _imported(name) is obj:
            return name
    return None


def _full_name(obj: Any) -> str | None:
    """``module.qualname`` of a class, function or property (its getter), else ``None``."""
    inner = getattr(obj, "fget", obj)
    module = getattr(inner, "__module__", None)
    qualname = getattr(inner, "__qualname__", None)
    if isinstance(module, str) and isinstance(qualname, str) and "<" not in qualname:
        return f"{module}.{qualname}"
    return None


def _imported(dotted: str) -> Any:
    """The object at ``dotted`` (a module, then attributes), or ``None``."""
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            obj: Any = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        for attr in parts[cut:]:
            obj = getattr(obj, attr, None)
            if obj is None:
                return None
        return obj
    return None


def _shared_prefix(a: str, b: str) -> int:
    """How many leading dotted components ``a`` and ``b`` have in common."""
    count = 0
    for x, y in zip(a.split("."), b.split("."), strict=False):
        if x != y:
            break
        count += 1
    return count

class Submodules(SphinxDirective):
    """``tg-submodules:: tablegames.common``: one autodoc section per submodule.

    The list is read from the package at build time, so a module added to the core or
    to a game appears in the reference without anyone editing the page.
    """

    required_arguments = 1
    option_spec = {"exclude": directives.unchanged}  # noqa: RUF012 - docutils reads a dict

    def run(self) -> list[nodes.Node]:
        name = self.arguments[0]
        package = importlib.import_module(name)
        skip = set((self.options.get("exclude") or "").split())
        lines = []
        for info in sorted(pkgutil.iter_modules(package.__path__), key=lambda m: m.name):
            if info.name.startswith("_") or info.name in skip:
                continue
            full = f"{name}.{info.name}"
            title = f"``{full}``"
            lines += [title, "-" * len(title), "", f".. automodule:: {full}"]
            shared = reexports(importlib.import_module(full))
            if shared:
                lines.append(f"   :exclude-members: {', '.join(shared)}")
            lines.append("")
        content = StringList(lines, source=self.get_source_info()[0] or "")
        holder = nodes.section()
        holder.document = self.state.document
        nested_parse_with_titles(self.state, content, holder)
        return list(holder.children)


def reexports(module: Any) -> list[str]:
    """The names ``module`` lists in ``__all__`` but another public module of the package
    defines (``tablegames.common.fields`` re-exports ``Kind`` from ``kinds``).

    Each object is documented once, where it is defined: a second entry would be a second
    link target for the same name (a short ``Kind`` would be ambiguous) and would send
    the source page's links back to the wrong entry. A reference to the re-exported name
    finds the one entry (:class:`NearestPythonTarget`).
    """
    shared = []
    for name in getattr(module, "__all__", ()):
        obj = getattr(module, name, None)
        if not (inspect.isclass(obj) or inspect.isroutine(obj)):
            continue  # a value (``RESULTS``, a kind) is the module's own, whatever its type
        home = getattr(obj, "__module__", None)
        if (isinstance(home, str) and home != module.__name__ and home.startswith("tablegames.")
                and not any(part.startswith("_") for part in home.split("."))):
            shared.append(name)
    return shared


def skip_reexports(
    app: Sphinx, what: str, name: str, obj: Any, skip: bool, options: Any
) -> bool | None:
    """Leave out what a module re-exports from the standard library (``typing.Annotated``
    in ``tablegames.common.fields``): it is Python's to document, not ours."""
    module = getattr(obj, "__module__", None)
    if module in {"typing", "typing_extensions", "collections.abc"}:
        return True
    return None


# --------------------------------------------------------------------------- languages
#: How each edition names the link to the other one, in the language it links to.
SWITCH_LABELS = {
    "ar": ("ar", "rtl", "اقرأ هذه الصفحة بالعربية"),
    "en": ("en", "ltr", "Read this page in English"),
}


class LanguageSwitch(SphinxDirective):
    """``{language-switch} ar`` links a page to its translation, and back.

    The Arabic edition is a second build written to ``<html>/ar/``. On the English page
    the directive links into ``ar/``; in the Arabic build the same directive links back
    out to the English page. The label is in the language of the page it leads to (so a
    reader who cannot read this page can still find theirs), and it is raw HTML so that
    it carries that language's ``lang`` and ``dir`` and is never sent for translation.

    With ``:page: rulings/dallah`` (and a ``:label:``) it links another page's
    translation instead, as the home page does; in a translated build that link simply
    stays inside the build. Placed at the top of a page, the link is moved under the
    page title (:class:`PlaceLanguageSwitch`).
    """

    required_arguments = 1
    option_spec = {"page": directives.unchanged, "label": directives.unchanged}  # noqa: RUF012

    def run(self) -> list[nodes.Node]:
        other = self.arguments[0]
        here = self.config.language or "en"
        page = self.options.get("page") or self.env.docname
        this_page = page == self.env.docname
        target = other if here == "en" or not this_page else "en"
        if target not in SWITCH_LABELS:
            logger.warning("language-switch: no label for %r", target,
                           location=self.get_location())
            return []
        up = "../" * self.env.docname.count("/")
        if here == "en":
            uri = f"{up}{other}/{page}.html"
        elif this_page:
            uri = f"{up}../{page}.html"
        else:
            uri = f"{up}{page}.html"
        lang, direction, label = SWITCH_LABELS[target]
        label = self.options.get("label") or label
        html = (f'<p class="tg-language-switch"><a href="{uri}" hreflang="{lang}" '
                f'lang="{lang}" dir="{direction}" class="tg-lang-{lang}">{label}</a></p>')
        node = nodes.raw("", html, format="html")
        node["tg_language_switch"] = this_page
        return [node]


class PlaceLanguageSwitch(Transform):
    """Move the language link from the top of the page to just under the page title.

    The title of a rulings page comes from the included ``rulings.md``, so the page
    cannot put the link after it by itself; above the title the link would crowd the
    theme's header icons.
    """

    default_priority = 610

    def apply(self, **kwargs: Any) -> None:
        for raw in list(self.document.findall(nodes.raw)):
            if not raw.get("tg_language_switch"):
                continue
            section = next(iter(self.document.findall(nodes.section)), None)
            if section is None or not isinstance(section[0], nodes.title):
                continue
            raw.parent.remove(raw)
            section.insert(1, raw)


class ProgramHelp(SphinxDirective):
    """``{program-help} play``: what ``tablegames play --help`` prints, made at build time.

    The options of a command change with the command; a copy pasted into a page is wrong
    the first time one is added. The help is formatted 88 columns wide, whatever the
    terminal the docs are built in.
    """

    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        import argparse
        import os

        from tablegames.cli import build_parser

        name = self.arguments[0]
        parser = build_parser()
        sub = next((a for a in parser._actions if isinstance(a, argparse._SubParsersAction)),
                   None)
        command = sub.choices.get(name) if sub is not None else None
        if command is None:
            logger.warning("program-help: no command %r", name, location=self.get_location())
            return []
        saved = os.environ.get("COLUMNS")
        os.environ["COLUMNS"] = "88"
        try:
            text = command.format_help()
        finally:
            if saved is None:
                del os.environ["COLUMNS"]
            else:
                os.environ["COLUMNS"] = saved
        block = nodes.literal_block(text, text, language="text")
        block["classes"].append("tg-program-help")
        return [block]


class TranslateCaptions(Transform):
    """The navigation's captions (``:caption:`` of a toctree) in the build's language.

    Sphinx translates a page's text from the page's catalog but leaves toctree captions
    alone; they are the site's chrome, so they are looked up in the chrome catalog
    (``sphinx.po``), with the theme's own strings.
    """

    default_priority = 30

    def apply(self, **kwargs: Any) -> None:
        from sphinx.locale import get_translation

        translate = get_translation("sphinx")
        for toctree in self.document.findall(addnodes.toctree):
            caption = toctree.get("caption")
            if caption:
                toctree["caption"] = str(translate(caption))


def html_dir_attribute(app: Sphinx, exception: Exception | None) -> None:
    """Give every page of a right-to-left build ``dir="rtl"`` on its ``<html>`` element.

    The theme writes ``<html lang="ar">`` but no direction, and the element is outside
    every template block, so the direction is added to the written pages: the whole page
    (navigation, header, footer) then reads right to left, as the language does.
    """
    if exception is not None or app.builder.format != "html":
        return
    if (app.config.language or "en") not in RTL_LANGUAGES:
        return
    for page in Path(app.outdir).rglob("*.html"):
        text = page.read_text(encoding="utf-8")
        start = text.find("<html")
        end = text.find(">", start)
        if start < 0 or end < 0 or " dir=" in text[start:end]:
            continue
        page.write_text(f'{text[:start]}<html dir="rtl"{text[start + 5:]}', encoding="utf-8")


#: What the theme (furo) writes in English without asking a catalogue: the labels of its
#: buttons and the titles of its icons, which a screen reader says and a pointer shows.
#: Each is a message of the chrome catalogue (``locale/<lang>/LC_MESSAGES/sphinx.po``),
#: put in place on the written pages of a build in another language.
THEME_LABELS = (
    "Toggle site navigation sidebar", "Toggle table of contents sidebar",
    "Toggle Light / Dark / Auto color theme",
)
THEME_ICON_TITLES = (
    "Contents", "Menu", "Expand", "Light mode", "Dark mode",
    "Auto light/dark, in light mode", "Auto light/dark, in dark mode",
)
#: The label furo gives the expander of each section of the navigation (its title after).
THEME_SECTION_LABEL = re.compile(r'aria-label="Toggle navigation of ([^"]*)"')
#: The messages of the search page's script (``searchtools.js``, through
#: ``translations.js``) that Sphinx's own catalogue of a language leaves empty there: an
#: empty one shows nothing at all (the Arabic search said nothing when it found nothing).
SEARCH_MESSAGES = (
    "Searching", "Preparing search...", "Search Results", "Hide Search Matches", ", in ",
    "Your search did not match any documents. Please make sure that all words are spelled "
    "correctly and that you've selected enough categories.",
)
SEARCH_FOUND = ("Search finished, found one page matching the search query.",
                "Search finished, found ${resultCount} pages matching the search query.")


def _attribute(text: str) -> str:
    """``text`` as the value of an HTML attribute (or an element's text)."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace('"', "&quot;")


def theme_words(app: Sphinx, exception: Exception | None) -> None:
    """In a build in another language than English, put the chrome catalogue's words in
    place of furo's English labels and icon titles on every page (furo writes them as
    text in its templates, not through ``_()``, so no catalogue reaches them), and fill
    the search script's messages that Sphinx's catalogue of the language leaves empty.

    A word the catalogue does not translate stays as furo wrote it. The expander of a
    section of the navigation is labelled with the section's page title, which is the
    English one for a page that has no translation (the API reference): the label names
    the section by its title in the chrome catalogue instead, and a section title the
    catalogue lacks is a build warning (``-W`` stops), not an English name inside an
    Arabic label.
    """
    if exception is not None or app.builder.format != "html":
        return
    if (app.config.language or "en") == "en":
        return
    from sphinx.locale import get_translation

    translate = get_translation("sphinx")
    swaps = [(f'aria-label="{w}"', f'aria-label="{_attribute(str(translate(w)))}"')
             for w in THEME_LABELS]
    swaps += [(f"<title>{w}</title>", f"<title>{_attribute(str(translate(w)))}</title>")
              for w in THEME_ICON_TITLES]
    section = str(translate("Toggle navigation of %s"))
    untitled: set[str] = set()

    def section_label(match: re.Match[str]) -> str:
        title = unescape(match.group(1))
        said = str(translate(title))
        if said == title:
            untitled.add(title)
        return f'aria-label="{_attribute(section.replace("%s", said))}"'

    for page in Path(app.outdir).rglob("*.html"):
        text = original = page.read_text(encoding="utf-8")
        for english, translated in swaps:
            text = text.replace(english, translated)
        text = THEME_SECTION_LABEL.sub(section_label, text)
        if text != original:
            page.write_text(text, encoding="utf-8")
    for title in sorted(untitled):
        logger.warning("the navigation's section %r has no title in the chrome catalogue "
                       "(locale/%s/LC_MESSAGES/sphinx.po): its expander would name it in "
                       "English", title, app.config.language)
    _search_messages(Path(app.outdir, "_static", "translations.js"))


def _search_messages(path: Path) -> None:
    """Fill the empty messages of the search script's catalogue (``translations.js``)
    from the chrome catalogue: :data:`SEARCH_MESSAGES`, and :data:`SEARCH_FOUND` in each
    plural form of the language (the number of each form found by the catalogue's own
    rule, ``plural_expr``)."""
    import gettext
    import json

    from sphinx.locale import get_translator

    if not path.is_file():
        return
    text = path.read_text(encoding="utf-8")
    start, end = text.index("{"), text.rindex("}") + 1
    catalog = json.loads(text[start:end])
    messages = catalog["messages"]
    chrome = get_translator("sphinx")
    for english in SEARCH_MESSAGES:
        said = chrome.gettext(english)
        if not messages.get(english) and said != english:
            messages[english] = said
    forms = messages.get(SEARCH_FOUND[0])
    if isinstance(forms, list) and not any(forms) and catalog.get("plural_expr"):
        form_of = gettext.c2py(catalog["plural_expr"])
        said_for: dict[int, str] = {}
        for n in range(200):  # every form of every language is used below 200
            said_for.setdefault(form_of(n), chrome.ngettext(*SEARCH_FOUND, n))
        if sorted(said_for) == list(range(len(forms))) and said_for[len(forms) - 1] != (
                SEARCH_FOUND[1]):
            messages[SEARCH_FOUND[0]] = [said_for[i] for i in range(len(forms))]
    path.write_text(text[:start] + json.dumps(catalog, ensure_ascii=False, indent=4)
                    + text[end:], encoding="utf-8")


def page_context(app: Sphinx, pagename: str, templatename: str, context: dict[str, Any],
                 doctree: nodes.document | None) -> None:
    """``tg_dir``: ``rtl`` for a page shown in a right-to-left language it is translated to."""
    language = app.config.language or "en"
    translated = pagename in app.config.tg_translated_pages
    context["tg_dir"] = "rtl" if language in RTL_LANGUAGES and translated else "ltr"
    context["tg_lang"] = language if translated else "en"


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_config_value("tg_translated_pages", [], "env")
    app.add_config_value("tg_rules_dir", "rules", "env")
    app.add_transform(RulingAnchors)
    app.add_transform(PlaceLanguageSwitch)
    app.add_transform(LinkRulingIDs)
    app.add_transform(TranslateCaptions)
    app.add_post_transform(NearestPythonTarget)
    app.add_role("ruling", RulingRole())
    app.add_role("tg-ar", ArabicRole())
    app.add_directive("rules-table", RulesTable)
    app.add_directive("language-switch", LanguageSwitch)
    app.add_directive("tg-submodules", Submodules)
    app.add_directive("card-names", CardNames)
    app.add_directive("games-table", GamesTable)
    app.add_directive("view-keys", ViewKeys)
    app.add_directive("event-keys", EventKeys)
    app.add_directive("result-keys", ResultKeys)
    app.add_directive("saved-fields", SavedFields)
    app.add_directive("program-help", ProgramHelp)
    app.connect("doctree-read", collect_rulings)
    app.setup_extension("sphinx.ext.autodoc")  # the event below is autodoc's
    app.connect("autodoc-skip-member", skip_reexports)
    app.connect("doctree-read", check_rulings_page)
    app.connect("env-purge-doc", purge_rulings)
    app.connect("env-merge-info", merge_rulings)
    app.connect("missing-reference", resolve_ruling)
    app.connect("html-page-context", page_context)
    app.connect("build-finished", html_dir_attribute)
    app.connect("build-finished", theme_words)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
