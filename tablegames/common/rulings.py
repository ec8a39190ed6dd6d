"""Read a game's rulings page (``tablegames/<game>/rulings.md``) as data.

The page is the single source for the rulings site, ``tablegames rulings GAME [ID]`` and
the anchors that :class:`~tablegames.common.errors.IllegalAction` points to, so the three
can never disagree. Each ruling is a section headed ``## <ID>: <title>``.
"""

from __future__ import annotations

import os
import re
from importlib import resources
from importlib.abc import Traversable
from pathlib import Path

import attrs

from tablegames.common.errors import SetupError

_HEADING = re.compile(r"^## ([A-Z0-9]+-\d\d): (.+)$", re.MULTILINE)


@attrs.frozen
class Ruling:
    """One ruling: its ID, title, the rule in words (with the decision), the example at
    the table in plain words, the runnable example (doctest lines) and the source of its
    table picture. ``text`` and ``example`` are plain text: the site's markup (bold,
    code spans, roles, links, directive options) is taken out when the page is read."""

    id: str
    title: str
    text: str
    example: str
    code: str = ""
    picture: str = ""

    @property
    def anchor(self) -> str:
        """Path of the ruling on the rulings site."""
        return doc_anchor(self.id) or ""


def doc_anchor(ruling: str | None) -> str | None:
    """``"TOE-51"`` -> ``"rulings/toepen.html#TOE-51"`` (``None`` for unknown prefixes).

    The game is the registered one whose :attr:`~tablegames.common.protocol.GameInfo.ruling_prefix`
    is the ID's prefix, so a game registered later links its rulings the same way.
    """
    if not ruling or not isinstance(ruling, str):
        return None
    from tablegames.common.registry import GAMES

    info = GAMES.by_ruling_prefix(ruling.split("-", 1)[0])
    return f"rulings/{info.name}.html#{ruling}" if info is not None else None


#: Set to the address of a published rulings site (``https://example.org/tablegames``) to
#: make :func:`ruling_link` point there.
DOCS_URL_VARIABLE = "TABLEGAMES_DOCS_URL"


def ruling_link(game: str, ruling: str) -> str:
    """An absolute link to a ruling, for text read outside the site (the terminal).

    In order: the site at ``$TABLEGAMES_DOCS_URL`` when it is set; the site built from
    this checkout (``docs/_build/html``) when there is one; else the rulings page shipped
    with the game (a ``file://`` link that opens the very text the site is built from).
    """
    anchor = doc_anchor(ruling) or f"rulings/{game}.html#{ruling}"
    base = os.environ.get(DOCS_URL_VARIABLE, "").strip()
    if base:
        return f"{base.rstrip('/')}/{anchor}"
    page = Path(str(rulings_page(game)))
    built = page.parents[2] / "docs" / "_build" / "html" / anchor.partition("#")[0]
    if built.is_file():
        return f"{built.resolve().as_uri()}#{ruling}"
    return f"{page.resolve().as_uri()}#{ruling}"


def rulings_page(game: str) -> Traversable:
    """The rulings page of the registered game ``game``: ``rulings.md`` in its package (the
    package its registration comes from, or the nearest one above it that has the page)."""
    from tablegames.common.registry import GAMES, game_info

    game_info(game)  # an unknown game is a SetupError naming the known ones
    module = GAMES.source(game)
    while module:
        try:
            page = resources.files(module).joinpath("rulings.md")
        except (ModuleNotFoundError, TypeError):  # TypeError: a module, not a package
            page = None
        if page is not None and page.is_file():
            return page
        module = module.rpartition(".")[0]
    raise SetupError(f"no rulings page for {game!r}")


def load_rulings(game: str) -> list[Ruling]:
    """Every ruling on ``game``'s page, in page order."""
    return parse_rulings(rulings_page(game).read_text("utf-8"))


def parse_rulings(text: str) -> list[Ruling]:
    """Split a rulings page into rulings (see the module docstring for the format).

    A section's fenced blocks are sorted by their directive: ``{plain-example}`` is the
    example at the table, ``{doctest}`` (or a plain fence) the code, ``{table-picture}``
    the picture's source; everything outside a fence is the rule in words.
    """
    marks = list(_HEADING.finditer(text))
    out = []
    for i, m in enumerate(marks):
        end = marks[i + 1].start() if i + 1 < len(marks) else len(text)
        body = text[m.end():end]
        body = re.sub(r"^\([A-Z0-9]+-\d\d\)=\s*$", "", body, flags=re.MULTILINE)
        parts = _split_fences(body)
        out.append(Ruling(m.group(1), plain_text(m.group(2)), plain_text(parts["prose"]),
                          plain_text(parts["plain-example"]), parts["doctest"].strip(),
                          parts["table-picture"].strip()))
    return out


_FENCE = re.compile(r"^(`{3,}|~{3,})\s*(?:\{([\w-]+)\}\s*(.*))?$")


def _split_fences(body: str) -> dict[str, str]:
    """The prose and each kind of fenced block of one section (``:option:`` lines of a
    directive, such as a picture's ``:caption:``, are left out)."""
    parts: dict[str, list[str]] = {"prose": [], "doctest": [], "plain-example": [], "table-picture": []}
    fence: str | None = None
    kind = "prose"
    for line in body.splitlines():
        m = _FENCE.match(line.strip())
        if fence is None and m:
            fence, kind = m.group(1), m.group(2) or "doctest"
            kind = kind if kind in parts else "doctest"
            continue
        if fence is not None and line.strip() == fence:
            fence, kind = None, "prose"
            continue
        if fence is not None and re.match(r"^\s*:[\w-]+:", line) and kind != "doctest":
            continue
        parts[kind].append(line)
    return {k: "\n".join(v) for k, v in parts.items()}


_MARKUP = [
    (re.compile(r"\{[\w:-]+\}`([^`<]*?)\s*(?:<[^`>]*>)?`"), r"\1"),  # {ref}`text <target>`
    (re.compile(r"\[([^\]]+)\]\([^)]*\)"), r"\1"),                  # [text](url)
    (re.compile(r"\*\*(.+?)\*\*", re.DOTALL), r"\1"),               # **bold**
    (re.compile(r"(?<![\w*])\*(?![\s*])(.+?)(?<![\s*])\*(?![\w*])", re.DOTALL), r"\1"),  # *emphasis*
    (re.compile(r"``(.+?)``"), r"\1"),                                # ``code`` (reST)
    (re.compile(r"`([^`]+)`"), r"\1"),                                # `code`
    (re.compile(r"^#{1,6}\s+", re.MULTILINE), ""),                     # ### heading
    (re.compile(r"^\s*:::+.*$|^\s*```.*$", re.MULTILINE), ""),          # stray fences
]


def plain_text(text: str) -> str:
    """Site markup (MyST and reStructuredText) turned into the plain words it shows.

    >>> plain_text("**Decision:** a `0:fold` costs {ref}`one life <TOE-51>`, see [here](x.html).")
    'Decision: a 0:fold costs one life, see here.'
    """
    for pattern, repl in _MARKUP:
        text = pattern.sub(repl, text)
    text = re.sub(r"\n{3,}", "\n\n", text)
    return text.strip()


#: Where a rule's paragraph runs on into its decision.
_DECISION = re.compile(r"(?:^|(?<=[.!?:;)]\s))Decisions?:", re.MULTILINE)
#: Where a rule's paragraph goes on to a house option (``**Option:** Rules(...)``): the
#: option is the table's choice, told on the house-rules screen, not the rule.
_OPTION = re.compile(r"(?:^|(?<=[.!?:;)]\s))(?:\*\*)?Options?:", re.MULTILINE)
#: A MyST target (``(house-rules)=``) starts another section of the page: what follows
#: is not the ruling's.
_TARGET = re.compile(r"\(\w[\w-]*\)=")
#: Words for programmers: a call (``legal_actions(seat)``), an option set to a value
#: (``knock_only_on_turn=True``), a name with an underscore (``max_stake``).
_CODE = re.compile(r"\w+\([\w, ]*\)|\w+=\S+|\b\w+_\w+\b")


def split_decision(text: str) -> tuple[str, str]:
    """A ruling's words cut into the rule and the decision (``""`` when it has none).

    >>> from tablegames.common.rulings import split_decision
    >>> split_decision("Fallen cups go to you. Decision: the cups are data.\\n\\nMore.")
    ('Fallen cups go to you.', 'Decision: the cups are data.\\n\\nMore.')
    """
    m = _DECISION.search(text)
    if m is None:
        return text.strip(), ""
    return text[:m.start()].strip(), text[m.start():].strip()


def for_players(text: str) -> str:
    """A ruling's words as a player reads them at the table: the rule, without the
    decision (how the engine implements it, with its option names) and the house
    options that follow the rule (``Option:``), without the page's
    next section (a MyST target such as ``(house-rules)=`` and what follows), and without
    any sentence still written for programmers. These are the sentences the rulings
    catalogues translate (the ``<game>_rulings`` domains of :mod:`tablegames.table.i18n`)."""
    rule = _OPTION.split(_TARGET.split(split_decision(text)[0], maxsplit=1)[0], maxsplit=1)[0]
    flat = " ".join(rule.replace("`", "").split())
    # an aside naming a field ("… (pending_skips …)"), not a call's arguments: a call
    # stays whole, so the sentence holding it is dropped below as written for programmers
    flat = re.sub(r"\s+\((?:[^()]*\s)?[\w.]+_[\w.]+[^()]*\)", "", flat)
    sentences = re.split(r"(?<=[.!?])\s+", flat)
    return " ".join(x for x in sentences if not _CODE.search(x)).strip()


def beyond_players(text: str) -> str:
    """What :func:`for_players` leaves out of a ruling's words that is still the ruling's:
    the house options told after the rule (``Option: ...``) and the decision, as the page
    words them (``""`` when it has neither). ``tablegames rulings`` in another language
    prints these in English, for the programmer, after the rule a player reads.

    >>> from tablegames.common.rulings import beyond_players
    >>> beyond_players("Fold to pass. Option: fold_back=True takes it back. Decision: the cups are data.")
    'Option: fold_back=True takes it back.\\n\\nDecision: the cups are data.'
    >>> beyond_players("Fold to pass.")
    ''
    """
    rule, decision = split_decision(text)
    rule = _TARGET.split(rule, maxsplit=1)[0]
    found = _OPTION.search(rule)
    option = rule[found.start():].strip() if found is not None else ""
    return "\n\n".join(x for x in (option, decision) if x)


def player_texts(ruling: Ruling) -> tuple[str, ...]:
    """What a player is shown of ``ruling`` (its title, its rule and its example at the
    table, each :func:`for_players`), the texts its catalogues translate; an empty one
    (a ruling without an example) is left out."""
    texts = (ruling.title, for_players(ruling.text),
             for_players(ruling.example) if ruling.example else "")
    return tuple(x for x in texts if x)

