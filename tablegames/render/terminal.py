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
from typing import Any, TextIO

from tablegames.common.rulings import Ruling, ruling_link
from tablegames.render.examples import ruling_picture
from tablegames.render.text import table_lines
from tablegames.table import present
from tablegames.table.i18n import lang_for, words_for
from tablegames.table.model import printable

#: Where a rule's paragraph runs on into its decision.
_DECISION = re.compile(r"(?:^|(?<=[.!?:;)]\s))Decisions?:", re.MULTILINE)


def split_decision(text: str) -> tuple[str, str]:
    """A ruling's words cut into the rule and the decision (``""`` when it has none).

    >>> from tablegames.render.terminal import split_decision
    >>> split_decision("Fallen cups go to you. Decision: the cups are data.\\n\\nMore.")
    ('Fallen cups go to you.', 'Decision: the cups are data.\\n\\nMore.')
    """
    m = _DECISION.search(text)
    if m is None:
        return text.strip(), ""
    return text[:m.start()].strip(), text[m.start():].strip()


def has_rich() -> bool:
    """Whether ``rich`` (the ``cli`` extra) is installed."""
    try:
        import rich  # noqa: F401
    except ImportError:
        return False
    return True


def print_ruling(game: str, ruling: Ruling, out: TextIO, *, plain: bool = False,
                 width: int = 80) -> None:
    """Print ``ruling`` of ``game`` on ``out`` (see the module docstring)."""
    rule, decision = split_decision(ruling.text)
    out.write(f"{ruling.id}: {ruling.title}\n\n{_wrap(rule, width)}\n")
    if ruling.example:
        out.write(f"\nAt the table:\n{_wrap(ruling.example, width)}\n")
    picture = ruling_picture(game, ruling.id)
    if picture is not None:
        state, seat, spec = picture
        view = state.view(seat)
        who = "the spectator" if seat is None else printable(str(view["players"][seat]))
        out.write("\n" + _wrap(f"Picture, as {who} sees it"
                               + (f": {spec.caption}" if spec.caption else ""), width) + "\n")
        if plain or not has_rich():
            words = words_for(lang_for(game, "en"), game)
            for line in table_lines(present(view), words):
                out.write(_fit(line, width) + "\n")
        else:
            _rich_picture(game, view, out, width)
    if decision:
        out.write(f"\n{_wrap(decision, width)}\n")
    if ruling.code:
        out.write("\nIn code:\n" + textwrap.indent(ruling.code, "    ") + "\n")
    out.write(f"\nSee {ruling_link(game, ruling.id)}\n")


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


def _rich_picture(game: str, view: Any, out: TextIO, width: int) -> None:
    from rich.console import Console

    from tablegames.render.console import ConsoleTable

    terminal = out.isatty() if hasattr(out, "isatty") else False
    console = Console(file=out, width=width, highlight=False, emoji=False, soft_wrap=False,
                      force_terminal=terminal, no_color=not terminal)
    ConsoleTable(console, game).picture(view)
