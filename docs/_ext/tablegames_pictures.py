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

  ``:seat: N`` draws what seat N sees; without it the picture is drawn from **the seat
  that acts last in the example** (the seat of the state's last recorded action, or the
  seat to act when nothing was played yet), because that seat's own view is the one in
  which the ruling's point shows (its cards face up). ``:seat: spectator`` keeps the
  spectator's view, who sees no hand. ``:caption:`` adds a caption. A picture on a
  translated page (``tg_translated_pages``) speaks the page's language when its game
  has a catalogue in it (the Arabic Dallah page's pictures are Arabic and right to left),
  English otherwise. The state and the seat are built by
  :mod:`tablegames.render.examples`, which ``tablegames rulings GAME ID`` uses to draw
  the same picture as cards in the terminal.
* ``{plain-example}`` holds the ruling's example in plain words, for a person at the
  table who does not read Python (its title comes from ``tg_plain_example_title``).
* **Ruling IDs in the search.** Sphinx's search splits ``TOE-51`` into ``toe`` and ``51``
  and ranks section titles by how much of the title the query covers, so a search for
  an ID used to land on the page but not the ruling. Each ruling section gets an index
  entry under its exact ID, pointing at its anchor: a search for ``TOE-51`` now offers
  ``rulings/toepen.html#TOE-51`` first (and the general index lists every ruling).
  The ID without its hyphen (``TOE51``, as people type it) has an entry too, added to
  the search only (after the general index is collected, so that lists each ruling
  once). The search lists such an entry under the ruling's heading ("TOE-51: What a
  fold costs"), not the page's title, which every ruling of a game shares: the scorer
  ``tablegames_search.js`` (``html_search_scorer``) relabels it.
* **A player reads the rule first.** :class:`RulingOrder` lays out every ruling section
  in the order a person at the table reads it: the rule in plain words (sentences that
  quote code are moved out of it), the example "at the table" with its picture, the
  **Decision** and any **Option** (with the sentences of the rule that name a house rule
  by its ``Rules(...)`` setting), and last the code (doctests and the paragraphs about
  them) folded into a ``<details>`` "Show the code". Sentences are found across the
  paragraph's line breaks. The rulings.md files keep their own order, which suits the
  people who write and test them.
* With ``tg_require_pictures = True`` a ruling section without a picture or without a
  plain-words example is a build warning (so ``-W`` keeps every ruling complete).

A picture is inline SVG in the HTML (nothing to copy or clean up) and is left out by
builders that are not HTML.
"""

from __future__ import annotations

import inspect
import re
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

from tablegames.render.examples import SPECTATOR, PictureError, acting_seat, state_for

logger = logging.getLogger(__name__)

PICTURE_CLASS = "tg-picture"
PLAIN_CLASS = "tg-plain-example"
#: The plain-words block's title in each language the site is built in.
PLAIN_TITLES = {"en": "At the table", "ar": "على الطاولة"}
#: The folded code's summary in each language the site is built in.
CODE_TITLES = {"en": "Show the code", "ar": "اعرض الشيفرة"}
#: A sentence ends at one of these followed by white space (Arabic has its own ``؟``).
SENTENCE_END = re.compile(r"(?<=[.!?؟])\s+")


def _seat(value: str | None) -> int | str:
    """``:seat:``: a seat number, or ``spectator`` (also written ``none``)."""
    if value is None or value.strip().lower() in ("", "none", SPECTATOR):
        return SPECTATOR
    return int(directives.nonnegative_int(value))


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
            if seat is None:
                seat = acting_seat(state)
            elif seat == SPECTATOR:
                seat = None
            lang = self.language(game)
            view = self.view(state, seat, lang)
            caption = self.options.get("caption")
            # The caption is translated after parsing, the SVG is not: a picture in
            # another language keeps its own label, which speaks the view's language.
            picture = render.svg(view, title=caption if lang == "en" else None, lang=lang)
        except (PictureError, ValueError, ImportError) as exc:
            logger.warning("table-picture: %s", exc, location=self.get_location())
            return []
        self.env.note_dependency(str(Path(render.__file__).parent / "tables.py"))
        figure = nodes.figure(classes=[PICTURE_CLASS])
        figure["tg_picture"] = True
        figure["tg_seat"] = seat
        figure += nodes.raw("", f'<div class="tg-picture-svg">{picture}</div>', format="html")
        if caption:
            # With its source and line the caption is a translatable message, so the
            # gettext builder extracts it and a translated page shows it translated.
            node = nodes.caption(caption, caption)
            node.source, node.line = self.get_source_info()
            figure += node
        return [figure]

    def language(self, game: str) -> str:
        """The language the picture is drawn in: the build's, on a page translated to it
        (``tg_translated_pages``) of a game with a catalogue in it; English otherwise.

        A picture is words as much as cards: its title, status line, prompt, piles and
        seats must read in the page's language, and a right-to-left page needs a
        right-to-left picture (English text anchored for left to right runs off the left
        edge of a right-to-left page). An untranslated page of a right-to-left build
        stays English, and so do its pictures.
        """
        from tablegames.table.i18n import langs_of

        language = self.config.language or "en"
        translated = self.env.docname in self.config.tg_translated_pages
        return language if translated and language in langs_of(game) else "en"

    @staticmethod
    def view(state: Any, seat: int | None, lang: str) -> dict[str, Any]:
        """``state.view(seat)``, in ``lang`` for a game whose view carries words
        (Dallah's view names its cups and zones; the others' views hold no words)."""
        if lang != "en" and "lang" in inspect.signature(state.view).parameters:
            return state.view(seat, lang=lang)  # type: ignore[no-any-return]
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


def search_without_hyphen(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """An index entry ``TOE51`` beside each ruling's ``TOE-51``, for the search only.

    ``doctree-resolved`` comes after the general index read the page's entries and before
    the search indexer reads the doctree, so the genindex lists each ruling once while a
    search for the ID typed without its hyphen still lands on the ruling.
    """
    for node in list(doctree.findall(addnodes.index)):
        extra = [("single", value.replace("-", ""), target, main, key)
                 for kind, value, target, main, key in node["entries"]
                 if kind == "single" and RULING_ID.fullmatch(value) and value == target]
        if extra:
            node["entries"] = [*node["entries"], *extra]


def use_search_scorer(app: Sphinx, config: Any) -> None:
    """Name the ruling results by their headings (``tablegames_search.js``), unless the
    site has a scorer of its own."""
    if not config.html_search_scorer:
        config.html_search_scorer = str(SEARCH_SCORER)


#: The search's scorer, which labels a ruling's result with the ruling's heading.
SEARCH_SCORER = Path(__file__).with_name("tablegames_search.js")


class code_fold(nodes.General, nodes.Element):
    """The folded code of a ruling: ``<details>`` in HTML, plain content elsewhere."""


def visit_code_fold_html(self: Any, node: code_fold) -> None:
    summary = node.get("summary", CODE_TITLES["en"])
    self.body.append(f'<details class="tg-code"><summary>{self.encode(summary)}</summary>\n')


def depart_code_fold_html(self: Any, node: code_fold) -> None:
    self.body.append("</details>\n")


def _pass(self: Any, node: nodes.Node) -> None:
    """Other builders show the code as it is (a doctest builder finds it nested too)."""


def _has_code(node: nodes.Node) -> bool:
    return any(True for _ in node.findall(nodes.literal))


def _is_decision(node: nodes.Node) -> bool:
    """A paragraph that opens with a bold *Decision* or *Option* (empty text before it
    aside), or a house-rule paragraph :func:`split_option_sentences` made."""
    if not isinstance(node, nodes.paragraph):
        return False
    if OPTION_CLASS in node["classes"]:
        return True
    first = next((c for c in node.children
                  if not (isinstance(c, nodes.Text) and not str(c).strip())), None)
    return isinstance(first, nodes.strong) and _is_decision_word(first)


#: The bold word that opens a decision paragraph, in each language the site is built in.
#: An **Option:** (a house rule the engine offers) is a ruling's choice as much as its
#: **Decision:** is, so it is laid out the same way: after the example, never folded.
DECISION_WORDS = frozenset({"Decision", "القرار", "قرار", "Option", "خيار"})
#: The class of a paragraph of house-rule sentences taken out of a rule's text.
OPTION_CLASS = "tg-option"


def _is_decision_word(node: nodes.Node) -> bool:
    return node.astext().strip().rstrip(":").strip() in DECISION_WORDS


def _without_coded_asides(sentence: list[nodes.Node]) -> list[nodes.Node] | None:
    """``sentence`` without its parenthesised asides that quote code, or ``None`` when
    code is left outside them ("A skip waits on its target (`pending_skips` in the view)
    until..." reads as a rule without the aside)."""
    out: list[nodes.Node] = []
    aside: list[nodes.Node] | None = None
    for node in sentence:
        text = str(node) if isinstance(node, nodes.Text) else None
        if aside is None:
            if text is not None and "(" in text and ")" not in text.split("(", 1)[1]:
                before, after = text.split("(", 1)
                aside = [nodes.Text("(" + after)]
                out.append(nodes.Text(before.rstrip(" ")))
            elif isinstance(node, nodes.literal) or _has_code(node):
                return None
            else:
                out.append(node)
        elif text is not None and ")" in text:
            inside, rest = text.split(")", 1)
            aside.append(nodes.Text(inside + ")"))
            if not any(isinstance(n, nodes.literal) or _has_code(n) for n in aside):
                out.extend(aside)  # an aside without code stays
            out.append(nodes.Text(rest))
            aside = None
        else:
            aside.append(node)
    if aside is not None or not "".join(n.astext() for n in out).strip():
        return None
    return out


def _joined(children: list[nodes.Node]) -> list[nodes.Node]:
    """``children`` with each run of text nodes joined into one.

    MyST gives every line break of a paragraph a text node of its own (``"\\n"``), so a
    sentence that ends at the end of a line has its white space in the next node; split
    node by node it would run into the next sentence (and a paragraph whose later
    sentence quotes code would go into the fold whole). Inline nodes are kept as they are.
    """
    out: list[nodes.Node] = []
    for child in children:
        if isinstance(child, nodes.Text) and out and isinstance(out[-1], nodes.Text):
            out[-1] = nodes.Text(str(out[-1]) + str(child))
        elif isinstance(child, nodes.Text):
            out.append(nodes.Text(str(child)))
        else:
            out.append(child)
    return out


def _sentences(paragraph: nodes.paragraph) -> list[list[nodes.Node]]:
    """The sentences of ``paragraph``, each a list of its text and inline nodes; a
    sentence ends at ``.``, ``!``, ``?`` or ``؟`` followed by white space, wherever the
    paragraph's lines break (a line break becomes a space)."""
    sentences: list[list[nodes.Node]] = [[]]
    for child in _joined(list(paragraph.children)):
        if isinstance(child, nodes.Text):
            parts = SENTENCE_END.split(str(child).replace("\n", " "))
            for i, part in enumerate(parts):
                if i:
                    sentences.append([])
                if part:
                    sentences[-1].append(nodes.Text(part + (" " if i < len(parts) - 1 else "")))
        else:
            sentences[-1].append(child)
    return [sentence for sentence in sentences if sentence]


def _sets_an_option(sentence: list[nodes.Node]) -> bool:
    """A sentence that names a house rule by its setting (a literal ``Rules(...)``)."""
    return any(isinstance(n, nodes.literal) and n.astext().startswith("Rules(")
               for node in sentence for n in [node, *node.findall(nodes.literal)])


def split_option_sentences(paragraph: nodes.paragraph) -> nodes.paragraph | None:
    """Move the sentences of ``paragraph`` that name a house rule (``Rules(...)``) into
    a new paragraph, returned (``None`` when there is none), of class ``tg-option``.

    Such a sentence quotes code, but it tells the table a choice it can make ("`Rules
    (hand_size=...)` changes the ten"), so it must not be folded away with the code: it is
    laid out as an **Option:** is, after the example. The other sentences stay.
    """
    sentences = _sentences(paragraph)
    options = [sentence for sentence in sentences if _sets_an_option(sentence)]
    if not options:
        return None
    paragraph.children = []
    for sentence in sentences:
        if not any(sentence is option for option in options):
            for node in sentence:
                paragraph += node
    option = nodes.paragraph(classes=[OPTION_CLASS])
    for sentence in options:
        for node in sentence:
            option += node
    return option


def split_code_sentences(paragraph: nodes.paragraph) -> nodes.paragraph | None:
    """Move the sentences of ``paragraph`` that quote code into a new paragraph.

    The plain sentences stay in ``paragraph`` (its ``rawsource``, which translations are
    keyed on, is left alone); the new paragraph, or ``None`` when no sentence quotes
    code, holds the others in their order. A sentence is split at ``. ``, ``! ``, ``? ``.
    A sentence whose code is all in parenthesised asides stays in the rule without them,
    and goes whole into the code paragraph too, where the asides make sense.
    """
    sentences = _sentences(paragraph)
    plain: list[list[nodes.Node]] = []
    coded: list[list[nodes.Node]] = []
    for sentence in sentences:
        if not any(isinstance(n, nodes.literal) or _has_code(n) for n in sentence):
            plain.append(sentence)
            continue
        coded.append(sentence)
        stripped = _without_coded_asides(sentence)
        if stripped is not None:
            plain.append(stripped)
    if not coded:
        return None
    paragraph.children = []
    for sentence in plain:
        for node in sentence:
            paragraph += node.deepcopy() if node.parent is not None else node
    code = nodes.paragraph()
    for sentence in coded:
        for node in sentence:
            code += node
    return code


def split_at_decision(paragraph: nodes.paragraph) -> nodes.paragraph | None:
    """A paragraph whose rule runs on into "**Decision:** ..." (or "**Option:** ...") is
    cut there: the rule stays in ``paragraph``, the decision is returned as a paragraph
    of its own."""
    for i, child in enumerate(paragraph.children):
        if i and isinstance(child, nodes.strong) and _is_decision_word(child):
            decision = nodes.paragraph()
            for node in paragraph.children[i:]:
                decision += node
            paragraph.children = paragraph.children[:i]
            return decision
    return None


class RulingOrder(Transform):
    """Lay out each ruling section as a player reads it (see the module docstring).

    Runs after the i18n transform, so a translated page is laid out the same way, and
    after :class:`RulingSearchEntries`, which puts the index entry first.
    """

    default_priority = 620

    def apply(self, **kwargs: Any) -> None:
        config = self.document.settings.env.config
        language = config.language or "en"
        summary = CODE_TITLES.get(language, CODE_TITLES["en"])
        for section in list(self.document.findall(nodes.section)):
            if not section.children or not isinstance(section[0], nodes.title):
                continue
            if RULING_ID.match(section[0].astext()):
                self.reorder(section, summary)
            elif any(isinstance(child, nodes.section) and child.children
                     and RULING_ID.match(child[0].astext()) for child in section.children):
                self.introduction(section, summary)

    @staticmethod
    def introduction(section: nodes.section, summary: str) -> None:
        """A rulings page's introduction keeps its text and tables; the sentences about
        the examples' code and the helper doctests go into one fold at its end."""
        first = next((i for i, n in enumerate(section.children) if isinstance(n, nodes.section)),
                     len(section.children))
        keep: list[nodes.Node] = []
        code: list[nodes.Node] = []
        for node in section.children[1:first]:
            if isinstance(node, nodes.literal_block):
                code.append(node)
            elif isinstance(node, nodes.paragraph):
                moved = split_code_sentences(node)
                if node.children:
                    keep.append(node)
                if moved is not None:
                    code.append(moved)
            else:
                keep.append(node)
        if not code:
            return
        fold = code_fold(summary=summary)
        fold.extend(code)
        # the label of the first ruling stays just before it
        tail: list[nodes.Node] = []
        while keep and isinstance(keep[-1], nodes.target):
            tail.insert(0, keep.pop())
        section.children[1:first] = []
        for offset, node in enumerate([*keep, fold, *tail]):
            section.insert(1 + offset, node)

    @staticmethod
    def reorder(section: nodes.section, summary: str) -> None:
        head: list[nodes.Node] = [section[0]]
        rule: list[nodes.Node] = []
        example: list[nodes.Node] = []
        decision: list[nodes.Node] = []
        options: list[nodes.Node] = []  # house-rule sentences of the rule's text
        code: list[nodes.Node] = []
        tail: list[nodes.Node] = []
        part = "rule"
        for node in section.children[1:]:
            if isinstance(node, addnodes.index):
                head.append(node)
            elif isinstance(node, nodes.target | nodes.raw) and not node.get("tg_picture"):
                tail.append(node)  # the next section's label stays between the sections
            elif (isinstance(node, nodes.figure) and node.get("tg_picture")) or (
                    isinstance(node, nodes.container) and node.get("tg_plain_example")):
                example.append(node)
            elif isinstance(node, nodes.literal_block):
                part = "code"
                code.append(node)
            elif _is_decision(node):
                part = "decision"
                decision.append(node)
            elif part == "rule" and isinstance(node, nodes.paragraph):
                decided = split_at_decision(node)
                option = split_option_sentences(node)
                moved = split_code_sentences(node)
                if node.astext().strip():
                    rule.append(node)
                if option is not None:
                    options.append(option)
                if moved is not None:
                    code.append(moved)
                if decided is not None:
                    part = "decision"
                    decision.append(decided)
            elif part == "rule" and not _has_code(node):
                rule.append(node)
            elif part == "decision":
                decision.append(node)
            else:
                code.append(node)
        # The words of the example first, then its picture (a stable sort keeps the rest).
        example.sort(key=lambda n: 0 if n.get("tg_plain_example") else 1)
        body = [*rule, *example, *decision, *options]
        if code:
            fold = code_fold(summary=summary)
            fold.extend(code)
            body.append(fold)
        section.children = []
        section.extend([*head, *body, *tail])


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
    app.add_transform(RulingOrder)
    app.add_node(code_fold, html=(visit_code_fold_html, depart_code_fold_html),
                 latex=(_pass, _pass), text=(_pass, _pass), man=(_pass, _pass),
                 texinfo=(_pass, _pass))
    app.add_css_file("tablegames-pictures.css")
    app.connect("doctree-read", check_completeness)
    app.connect("doctree-resolved", search_without_hyphen)
    app.connect("config-inited", use_search_scorer)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
