"""A ruling as a person reads it in the terminal (``tablegames rulings GAME ID``).

The same order as the rulings site: the rule in plain words, the example "at the table"
with its picture, the decision, then the code, and a link to the ruling's page. The
words are the rulings page's own (:func:`tablegames.common.rulings.load_rulings` takes
the site's markup out); the picture is the site's picture (the same state, seen from the
same seat: :mod:`tablegames.render.examples`) drawn as cards in the terminal from the
table model, in colour with ``rich`` where it is installed, as the terminal game draws its
table (:meth:`tablegames.render.console.ConsoleTable.picture`, which the game's screen is
built on), and as plain characters (:mod:`tablegames.render.text`) where it is not or
``plain`` is asked for.
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Callable
from typing import Any, TextIO

from tablegames.common.rulings import (
    Ruling,
    beyond_players,
    for_players,
    ruling_link,
    split_decision,
)
from tablegames.render.examples import ruling_picture
from tablegames.render.text import table_lines
from tablegames.table import present
from tablegames.table.i18n import lang_for, ruling_words, words_for
from tablegames.table.model import printable


def has_rich() -> bool:
    """Whether ``rich`` (the ``cli`` extra) is installed."""
    try:
        import rich  # noqa: F401
    except ImportError:
        return False
    return True


def _english(message: str, /, **fields: Any) -> str:
    """The labels' words in English: the catalogue's id with its fields filled."""
    return message.format(**fields) if fields else message


def print_ruling(game: str, ruling: Ruling, out: TextIO, *, plain: bool = False,
                 width: int = 80, lang: str = "en",
                 w: Callable[..., str] = _english) -> None:
    """Print ``ruling`` of ``game`` on ``out`` (see the module docstring), in ``lang``.

    In English, the page's words whole. In another language the ruling is what a player
    reads of it (its title, rule and example, :func:`~tablegames.common.rulings.for_players`)
    in the game's rulings catalogue (:func:`~tablegames.table.i18n.ruling_words`, the
    terminal game's help screen's words; a text not translated yet stays English), the
    picture drawn in ``lang``, and what the page says for programmers (the house options
    and the decision, :func:`~tablegames.common.rulings.beyond_players`) in English under
    a label saying so; the picture's caption, written in English only, is left out. The
    ID, the code and the link stay as they are. ``w`` gives the labels (``At the
    table:``) in ``lang``: the ``tablegames`` command's own catalogue
    (:class:`tablegames.cliwords.CliWords`), which this floor does not import. A game
    without ``lang`` (Shithead in Dutch) is told in English, labels and all, so the caller
    gives English labels for it (:func:`~tablegames.table.i18n.lang_for`). No bidi marks:
    an Arabic line is laid out by the terminal, as in the terminal game."""
    lang = lang_for(game, lang)
    english = lang == "en"
    said = ruling_words(game, lang)
    rule, decision = split_decision(ruling.text)
    if not english:
        rule, decision = said(for_players(ruling.text)), beyond_players(ruling.text)
    out.write(w("{id}: {title}", id=ruling.id, title=said(ruling.title))
              + f"\n\n{_wrap(rule, width)}\n")
    if ruling.example:
        example = ruling.example if english else said(for_players(ruling.example))
        out.write("\n" + w("At the table:") + f"\n{_wrap(example, width)}\n")
    picture = ruling_picture(game, ruling.id)
    if picture is not None:
        state, seat, spec = picture
        view = state.view(seat)
        who = w("the spectator") if seat is None else printable(str(view["players"][seat]))
        caption = f": {spec.caption}" if spec.caption and english else ""
        out.write("\n" + _wrap(w("Picture, as {who} sees it", who=who) + caption, width) + "\n")
        if plain or not has_rich():
            words = words_for(lang, game)
            for line in table_lines(present(view), words):
                out.write(_fit(line, width) + "\n")
        else:
            _rich_picture(game, view, out, width, lang)
    if decision:
        label = "" if english else w("For programmers (in English):") + "\n"
        out.write(f"\n{label}{_wrap(decision, width)}\n")
    if ruling.code:
        out.write("\n" + w("In code:") + "\n" + textwrap.indent(ruling.code, "    ") + "\n")
    out.write("\n" + w("See {link}", link=ruling_link(game, ruling.id)) + "\n")


def _wrap(text: str, width: int) -> str:
    """Paragraphs refilled to ``width`` columns (a blank line between them); a list
    keeps its own lines."""
    out = []
    for p in re.split(r"\n\s*\n", text.strip()):
        if re.search(r"^\s*(?:[-*+]|\d+[.)])\s", p, re.MULTILINE):
            out.append(p.strip("\n"))  # a list keeps its lines
        elif p.strip():
            out.append(textwrap.fill(" ".join(p.split()), width))
    return "\n\n".join(out)


def _fit(line: str, width: int) -> str:
    """One line of a plain picture within ``width`` columns: a longer one (a Dallah header
    with its facts, a long hand) goes on over indented lines, broken only where the picture
    parts things (two spaces or more, or the space between two cards), never inside a
    card; a shorter one keeps its spacing, which lines the picture up."""
    if len(line) <= width:
        return line
    indent = (line[:len(line) - len(line.lstrip())] + "    ")[:width // 2]
    pieces = _PARTS.split(line.strip())  # part, separator, part, ...
    rows: list[str] = [pieces[0]]
    for sep, part in zip(pieces[1::2], pieces[2::2], strict=True):
        if len(rows[-1]) + len(sep) + len(part) > width:
            rows.append(indent + part)
        else:
            rows[-1] += sep + part
    # a part longer than a whole line (a long name) is the one place words are broken
    return "\n".join(piece for row in rows for piece in (
        textwrap.wrap(row, width, subsequent_indent=indent) if len(row) > width else [row]))


#: Where a plain picture's line may be broken: a run of spaces, or a space between cards.
_PARTS = re.compile(r"(\s{2,}|(?<=\])\s(?=\[))")


def _rich_picture(game: str, view: Any, out: TextIO, width: int, lang: str = "en") -> None:
    from rich.console import Console

    from tablegames.render.console import ConsoleTable

    terminal = out.isatty() if hasattr(out, "isatty") else False
    console = Console(file=out, width=width, highlight=False, emoji=False, soft_wrap=False,
                      force_terminal=terminal, no_color=not terminal)
    ConsoleTable(console, game, lang=lang).picture(view)
