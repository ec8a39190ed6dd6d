"""Sphinx pieces for the rulings pages: table pictures, plain-words examples, ID search.

* ``{table-picture} GAME`` draws the table (:func:`tablegames.render.svg`) at build time
  from a state, so the picture beside a ruling is the example's real position and cannot
  drift from it. The state comes from one of three places (``:from:``):

  - ``example`` (the default when the directive has no content): the page's doctest
    examples up to this point are run again and their ``state`` is drawn, so the picture
    shows where the ruling's runnable example ends, with no second copy of its moves;
  - ``code`` (the default with content): the content is Python that binds ``state``
    (``tablegames``, the game's module and ``play(state, *moves)`` are at hand);
  - ``position``: the content is a position text, read by
    ``tablegames.from_position(game, text)``.

  ``:seat: N`` draws what seat N sees (default: the spectator, who sees no hand);
  ``:caption:`` adds a caption. Dallah pictures use the language of the build.
* ``{plain-example}`` holds the ruling's example in plain words, for a person at the
  table who does not read Python (its title comes from ``tg_plain_example_title``).
* **Ruling IDs in the search.** Sphinx's search splits ``TOE-51`` into ``toe`` and ``51``
  and ranks section titles by how much of the title the query covers, so a search for
  an ID used to land on the page but not the ruling. Each ruling section gets an index
  entry under its exact ID, pointing at its anchor: a search for ``TOE-51`` now offers
  ``rulings/toepen.html#TOE-51`` first (and the general index lists every ruling).
* With ``tg_require_pictures = True`` a ruling section without a picture or without a
  plain-words example is a build warning (so ``-W`` keeps every ruling complete).

A picture is inline SVG in the HTML (nothing to copy or clean up) and is left out by
builders that are not HTML.
"""

from __future__ import annotations

import contextlib
import doctest
import importlib
import io
from pathlib import Path
from typing import Any

from docutils import nodes
from docutils.parsers.rst import directives
from docutils.transforms import Transform
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective
from tablegames_docs import RULING_ID

logger = logging.getLogger(__name__)

PICTURE_CLASS = "tg-picture"
PLAIN_CLASS = "tg-plain-example"
#: The plain-words block's title in each language the site is built in.
PLAIN_TITLES = {"en": "At the table", "ar": "على الطاولة"}


class PictureError(Exception):
    """The state for a picture could not be built (reported as a build warning)."""


def _helpers(game: str) -> dict[str, Any]:
    """What picture code may use without importing: tablegames, the game, ``play``."""
    import tablegames

    def play(state: Any, *moves: str) -> None:
        for move in moves:
            state.apply(move)

    return {"tablegames": tablegames, game: importlib.import_module(f"tablegames.{game}"),
            "play": play, "IllegalAction": tablegames.IllegalAction}


def run_examples(blocks: list[str], namespace: dict[str, Any]) -> None:
    """Run doctest blocks' examples in ``namespace`` (outputs are not checked here:
    the doctest builder does that; an example that raises is simply passed over, as
    examples that demonstrate a refusal do)."""
    parser = doctest.DocTestParser()
    with contextlib.redirect_stdout(io.StringIO()):  # examples that print, print nothing here
        for block in blocks:
            for example in parser.get_examples(block):
                try:
                    exec(compile(example.source, "<ruling example>", "exec"), namespace)
                except Exception:  # a demonstrated refusal; the doctest builder checks it
                    continue


def state_for(game: str, mode: str, text: str, earlier: list[str]) -> Any:
    """The state a picture draws (see the module docstring for the three modes)."""
    if mode == "position":
        import tablegames

        reader = getattr(tablegames, "from_position", None)
        if reader is None:
            raise PictureError("this tablegames has no from_position(game, text) yet")
        try:
            return reader(game, text)
        except ValueError as exc:
            raise PictureError(f"bad position: {exc}") from None
    namespace = _helpers(game)
    if mode == "example":
        run_examples(earlier, namespace)
        if "state" not in namespace:
            raise PictureError("no doctest example before the picture binds 'state'")
    else:
        try:
            with contextlib.redirect_stdout(io.StringIO()):
                exec(compile(text, "<table-picture>", "exec"), namespace)
        except Exception as exc:  # any error in the page's code is a warning, not a crash
            raise PictureError(f"the picture's code failed: {type(exc).__name__}: {exc}") from None
        if "state" not in namespace:
            raise PictureError("the picture's code must bind 'state'")
    return namespace["state"]


def _seat(value: str | None) -> int | None:
    if value is None or value.strip().lower() in ("", "none", "spectator"):
        return None
    return directives.nonnegative_int(value)


def _doctest_blocks(node: nodes.Node) -> list[str]:
    """The text of every doctest block in ``node``, in document order."""
    return [block.astext() for block in node.findall(nodes.literal_block)
            if block.get("testnodetype") == "doctest"]


class TablePicture(SphinxDirective):
    """``{table-picture} GAME``: the table as SVG, drawn at build time (module docstring)."""

    required_arguments = 1
    has_content = True
    option_spec = {  # noqa: RUF012 - docutils reads a plain dict
        "from": lambda v: directives.choice(v, ("example", "code", "position")),
        "seat": _seat,
        "caption": directives.unchanged,
    }

    def run(self) -> list[nodes.Node]:
        game = self.arguments[0].strip()
        text = "\n".join(self.content)
        mode = self.options.get("from") or ("code" if text.strip() else "example")
        seat = self.options.get("seat")
        try:
            from tablegames import render

            earlier = _doctest_blocks(self.state.document) if mode == "example" else []
            state = state_for(game, mode, text, earlier)
            view = self.view(state, game, seat)
            caption = self.options.get("caption")
            # The caption is translated after parsing, the SVG is not: a translated build
            # keeps the picture's own label, which speaks the view's language.
            english = (self.config.language or "en") == "en"
            picture = render.svg(view, title=caption if english else None)
        except (PictureError, ValueError, ImportError) as exc:
            logger.warning("table-picture: %s", exc, location=self.get_location())
            return []
        self.env.note_dependency(str(Path(render.__file__).parent / "tables.py"))
        figure = nodes.figure(classes=[PICTURE_CLASS])
        figure["tg_picture"] = True
        figure += nodes.raw("", f'<div class="tg-picture-svg">{picture}</div>', format="html")
        if caption:
            # With its source and line the caption is a translatable message, so the
            # gettext builder extracts it and a translated page shows it translated.
            node = nodes.caption(caption, caption)
            node.source, node.line = self.get_source_info()
            figure += node
        return [figure]

    def view(self, state: Any, game: str, seat: int | None) -> dict[str, Any]:
        language = self.config.language or "en"
        if game == "dallah" and language == "ar":
            return state.view(seat, lang="ar")  # type: ignore[no-any-return]
        return state.view(seat)  # type: ignore[no-any-return]


class PlainExample(SphinxDirective):
    """``{plain-example}``: the ruling's example told in plain words (MyST content)."""

    has_content = True
    optional_arguments = 1
    final_argument_whitespace = True

    def run(self) -> list[nodes.Node]:
        language = self.config.language or "en"
        titles = self.config.tg_plain_example_title
        title = self.arguments[0] if self.arguments else titles.get(language, titles["en"])
        box = nodes.container(classes=[PLAIN_CLASS])
        box["tg_plain_example"] = True
        box += nodes.rubric(title, title)
        self.state.nested_parse(self.content, self.content_offset, box)
        return [box]


class RulingSearchEntries(Transform):
    """An index entry under each ruling's exact ID, at its anchor (see the docstring).

    Runs after :class:`tablegames_docs.RulingAnchors` (600), which gives the section
    its exact-case id, and before the index collector reads the doctree.
    """

    default_priority = 605

    def apply(self, **kwargs: Any) -> None:
        for section in self.document.findall(nodes.section):
            ruling = next((i for i in section["ids"] if RULING_ID.fullmatch(i)), None)
            if ruling is None or any(isinstance(n, addnodes.index) for n in section.children):
                continue
            entry = addnodes.index(entries=[("single", ruling, ruling, "main", None)])
            section.insert(1, entry)


def check_completeness(app: Sphinx, doctree: nodes.document) -> None:
    """With ``tg_require_pictures``, warn for a ruling without a picture or plain example."""
    if not app.config.tg_require_pictures or not app.env.docname.startswith("rulings/"):
        return
    for section in doctree.findall(nodes.section):
        ruling = next((i for i in section["ids"] if RULING_ID.fullmatch(i)), None)
        if ruling is None:
            continue
        own = [n for n in section.findall() if _section_of(n) is section]
        if not any(isinstance(n, nodes.figure) and n.get("tg_picture") for n in own):
            logger.warning("ruling %s has no table picture", ruling, location=section)
        if not any(isinstance(n, nodes.container) and n.get("tg_plain_example") for n in own):
            logger.warning("ruling %s has no plain-words example", ruling, location=section)


def _section_of(node: nodes.Node) -> nodes.Node | None:
    parent = node.parent
    while parent is not None and not isinstance(parent, nodes.section):
        parent = parent.parent
    return parent


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_config_value("tg_plain_example_title", PLAIN_TITLES, "env")
    app.add_config_value("tg_require_pictures", False, "env")
    app.add_directive("table-picture", TablePicture)
    app.add_directive("plain-example", PlainExample)
    app.add_transform(RulingSearchEntries)
    app.add_css_file("tablegames-pictures.css")
    app.connect("doctree-read", check_completeness)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
