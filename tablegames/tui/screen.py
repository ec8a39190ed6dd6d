"""One seat's screen in the terminal, drawn from the table model with rich.

:class:`Screen` hands the seat's view to the game's presenter
(:func:`tablegames.table.present`) and draws the model generically: a title with the
facts, one row per seat (badges, stats, cards held as backs, laid groups), the middle of
the table, what happened, the hand, the prompt and the numbered moves (each with the
presenter's label). Every word comes from the catalogues in the session's language.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Mapping, Sequence
from typing import Any

from rich import box
from rich.console import Console, ConsoleOptions, Group, RenderResult
from rich.measure import Measurement
from rich.panel import Panel
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from tablegames.render.faces import Face, from_model
from tablegames.render.text import result_text
from tablegames.table import present
from tablegames.table.i18n import Words, lang_for, words_for
from tablegames.tui.choices import Menu
from tablegames.tui.words import Line

#: "What happened" keeps at least this many lines (its rule and two events) when the
#: seats' rows can give way for it.
LOG_MIN = 3

#: Chip style of each face colour (French suits on white; colour cards as colours).
CHIP = {
    "red": "bold red3 on grey93", "black": "bold black on grey93",
    "c-red": "bold white on red3", "c-blue": "bold white on blue3",
    "c-green": "bold white on green4", "c-yellow": "bold black on yellow3",
    "wild": "bold white on magenta", "skip": "bold white on grey35", "gold": "bold yellow",
}
BACK = "bold white on navy_blue"


def chip(f: Face) -> Text:
    """A card as a coloured chip; a card with a mark (a colour name) says it in words."""
    if f.mark:
        return Text(f" {f.name} ", style=CHIP.get("c-" + f.colour, CHIP["black"]))
    if f.suit:
        return Text(f" {f.label}{f.suit} ", style=CHIP.get(f.colour, CHIP["black"]))
    return Text(f" {f.label or f.name} ", style=CHIP.get(f.colour, CHIP["black"]))


def back(count: int, words: Words) -> Text:
    """``count`` cards held, as backs and in words ("(1 card)")."""
    if count <= 0:
        return Text("")
    t = Text("▒" * min(count, 12), style=BACK)
    t.append(" " + words.n("({n} card)", "({n} cards)", count), style="dim")
    return t


def cards_text(faces: Sequence[Face]) -> Text:
    return Text(" ").join(chip(f) for f in faces)


class Chips:
    """Cards in a row after a label, wrapped between cards, never inside one: a card's
    words ("grøn 10", "red 11") stay together whatever the width rich gives the row."""

    def __init__(self, label: Text, chips: Sequence[Text]) -> None:
        self.label = label
        self.chips = list(chips)

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        widest = max([c.cell_len for c in self.chips] + [self.label.cell_len])
        total = self.label.cell_len + sum(c.cell_len for c in self.chips) + max(
            0, len(self.chips) - 1)
        return Measurement(min(widest, options.max_width), min(total, options.max_width))

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        width = options.max_width
        line = self.label.copy()
        fresh = True
        for c in self.chips:
            if not fresh and line.cell_len + 1 + c.cell_len > width:
                yield line
                line, fresh = Text("  "), True
            if not fresh:
                line.append(" ")
            line.append_text(c)
            fresh = False
        yield line



def cut_at_entry(moves: Sequence[str], keep: int) -> int:
    """How many of the menu's ``moves`` lines to show when only ``keep`` fit: never cut
    inside an entry (a long label wraps onto more lines; shown in part, its first line
    could read like the entry above it; found by helper-55)."""
    while 0 < keep < len(moves) and not starts_entry(moves[keep]):
        keep -= 1
    return keep


def starts_entry(line: str) -> bool:
    """Whether a menu line begins an entry: a numbered move (`` 7) ``, ``12) ``) or an
    indented verb counted as one line (``    lay: 312 ways``); a wrapped label goes on at
    the line's start."""
    plain = _STYLE.sub("", line)  # a terminal's lines carry their colours
    head = plain.lstrip().split(")", 1)[0]
    return (")" in plain and head.isdecimal() and len(head) <= 3) or plain.startswith("    ")


#: A terminal's colour and style codes (``ESC [ ... m``).
_STYLE = re.compile(r"\x1b\[[0-9;]*m")

class Screen:
    """Draws a seat's screen on ``console``; ``debug`` adds the raw view and events."""

    def __init__(self, console: Console, game: str, *, lang: str = "en",
                 debug: bool = False) -> None:
        self.console = console
        self.game = game
        self.words = words_for(lang_for(game, lang), game)
        self.lang = self.words.lang
        self.debug = debug

    def clear(self) -> None:
        if self.console.is_terminal:
            self.console.clear()

    def fitting(self) -> int | None:
        """The terminal's height when the screen must fit it (a real terminal), else
        ``None`` (a pipe or a test: everything is printed, nothing cut). The size is read
        afresh on every draw, so a resized window is drawn at its new size."""
        if not self.console.is_terminal:
            return None
        try:
            size = os.get_terminal_size(self.console.file.fileno())
        except (AttributeError, OSError, ValueError):
            return None
        self.console.size = (size.columns, size.lines)
        return size.lines

    def lines(self, *renderables: Any) -> list[str]:
        """``renderables`` as the terminal lines they take (styled, without newlines)."""
        with self.console.capture() as cap:
            for r in renderables:
                self.console.print(r)
        return cap.get().splitlines()

    def draw(self, view: Mapping[str, Any], happened: Sequence[Line], menu: Menu | None,
             note: str = "", debug_events: Sequence[Mapping[str, Any]] = (),
             hot: Mapping[str, str] | None = None,
             labels_from: Mapping[str, Any] | None = None,
             prompt: str | None = None) -> None:
        """The whole screen for ``view``: table, recent events, hand, prompt, choices.

        On a real terminal the screen fits its height (one line is left for typing). What
        a person must see to move comes first and is never cut while anything else can
        give way: the header, the middle of the table, the hand, the prompt and the moves.
        The seats' rows give way first, in steps, each step measured: every seat on one
        line (its stats beside its name), then only the seats that matter most (the
        viewer, the seat to act, then the nearest) with a line saying how many are not
        shown. "What happened" gets what is left, at least :data:`LOG_MIN` lines when the
        seats can make room for it. Only when even the smallest table leaves too little
        room is the list of moves cut ("type the start of a move"). ``hot`` maps single
        keys to the moves they play. ``labels_from`` is the view whose moves the menu
        lists, when they are another seat's (a person reporting what fell on a bot's
        turn): their labels come from it. ``prompt`` replaces the presenter's prompt (the
        session knows better: a person reporting for a bot, the fall model reporting).
        """
        w = self.words
        model = present(view)
        height = self.fitting()
        head = self.lines(*self.under(model, prompt))
        labelled = present(labels_from) if labels_from is not None else model
        moves = self.menu_lines(labelled, menu, hot or {}) if menu is not None else []
        tail = self.lines(Text(note, style="yellow")) if note else []
        debug: list[str] = []
        if self.debug:
            debug = self.lines(Text("view: " + json.dumps(view, ensure_ascii=False),
                                    style="dim"),
                               *[Text("event: " + json.dumps(e, ensure_ascii=False),
                                      style="dim") for e in debug_events])
        rule = self.lines(Rule(w("What happened"), align="left", style="dim"))
        log = [ln for x in happened for ln in self.lines(Text(x))] or \
            self.lines(Text(w("(nothing yet)"), style="dim"))
        if height is None:
            top = self.lines(self.frame(model))
            log = rule + log
        else:
            fixed = len(head) + len(tail) + len(debug) + 1  # 1: the typing line
            top = self.fit(model, height - fixed - len(moves) - LOG_MIN)
            room = height - fixed - len(top)
            if len(moves) > room:
                more = self.lines(Text(w("… more: type the start of a move to narrow the "
                                         "list"), style="dim"))
                keep = cut_at_entry(moves, max(0, room - len(more)))
                moves = moves[:keep] + more if keep else moves[:1]
            room -= len(moves)
            log = (rule + log[-(room - 1):]) if room >= 2 else []
        self.clear()
        self.console.file.write("\n".join([*top, *log, *head, *moves, *tail, *debug]) + "\n")
        self.console.file.flush()

    def fit(self, model: Mapping[str, Any], room: int) -> list[str]:
        """The table's lines, drawn as large as ``room`` lines allow: in full, else a
        line per seat, else the most seats that fit (the most pressing kept: the
        viewer, the seat to act, then the nearest after the viewer), down to one (the
        viewer's own row, with its face-up cards)."""
        full = self.lines(self.frame(model))
        if len(full) <= room:
            return full
        compact = self.lines(self.frame(model, compact=True))
        seats = model["seats"]
        if len(compact) <= room or len(seats) <= 1:
            return compact
        order = sorted(range(len(seats)), key=lambda i: (
            not seats[i]["you"], not seats[i]["turn"], self._distance(seats, i)))

        def drawn(k: int) -> list[str]:
            return self.lines(self.frame(model, compact=True, only=frozenset(order[:k])))

        low, high = 1, len(seats) - 1  # fewer seats, fewer lines: the most that fit
        best = drawn(low)
        while low < high:
            mid = (low + high + 1) // 2
            lines = drawn(mid)
            if len(lines) <= room:
                low, best = mid, lines
            else:
                high = mid - 1
        return best

    @staticmethod
    def _distance(seats: Sequence[Mapping[str, Any]], i: int) -> int:
        """How many seats after the viewer (or the first seat) seat ``i`` sits."""
        me = next((j for j, s in enumerate(seats) if s["you"]), 0)
        return (i - me) % max(1, len(seats))

    def frame(self, model: Mapping[str, Any], *, compact: bool = False,
              only: frozenset[int] | None = None) -> Panel:
        """The table in its frame, the title and the facts on the frame's top edge.

        The facts that do not fit on the edge (a narrow window, Dallah's five counters)
        go on the first line inside the frame, whole: no fact is cut in the middle."""
        w = self.words
        title = Text(w.text(model["title"]), style="bold")
        # the edge holds "╭─ " + title + " ─╮": what is wider goes inside, fact by fact
        width = max(10, self.console.width - 6)
        inside = Text("")
        for f in model["facts"]:
            value = w.text(f["value"]) if f["value"] is not None else "–"
            fact = f"{w.text(f['label'])}: {value}"
            if not inside and title.cell_len + 3 + Text(fact).cell_len <= width:
                title.append(f"   {fact}", style="dim")
            else:
                inside.append(("   " if inside else "") + fact, style="dim")
        body = self.table(model, compact=compact, only=only)
        if inside:
            body = Group(inside, body)
        return Panel(body, title=title, title_align="left", box=box.ROUNDED)

    def under(self, model: Mapping[str, Any], prompt: str | None = None) -> list[Text]:
        """What goes under the frame: the viewer's hand, then the result or the prompt."""
        w = self.words
        bottom: list[Text] = []
        if model["hand"]:
            # wrapped between cards, never inside one ("red 11" stays on one line)
            hand = Text(w("Your hand") + ": ", style="bold")
            fresh = True
            for f in model["hand"]:
                c = chip(from_model(f, w))
                if hand.cell_len + 1 + c.cell_len > self.console.width and not fresh:
                    bottom.append(hand)
                    hand, fresh = Text("  "), True
                if not fresh:
                    hand.append(" ")
                hand.append_text(c)
                fresh = False
            bottom.append(hand)
        if model["result"]:
            bottom.append(Text(self.result_text(model), style="bold green"))
        elif prompt is not None or model["prompt"] is not None:
            said = prompt if prompt is not None else w.text(model["prompt"])
            bottom.append(Text(said, style="bold cyan"))
        return bottom

    def picture(self, view: Mapping[str, Any]) -> None:
        """The table of ``view`` as the game draws it (frame, hand, prompt), printed
        once with no moves and no log: a ruling's picture (``tablegames rulings``)."""
        model = present(view)
        self.console.print(self.frame(model))
        for line in self.under(model):
            self.console.print(line)

    def page(self, title: str, paragraphs: Sequence[str], footer: str) -> list[list[str]]:
        """``paragraphs`` cut into screens of the terminal's height (one screen when it is
        no terminal), each starting with ``title`` and ending with ``footer``."""
        height = self.fitting()
        body = [ln for p in paragraphs for ln in self.lines(Text(p))]
        head = self.lines(Text(title, style="bold"))
        foot = self.lines(Text(footer, style="dim"))
        if height is None:
            return [head + body + foot]
        room = max(1, height - 1 - len(head) - len(foot))
        return [head + body[i:i + room] + foot for i in range(0, max(1, len(body)), room)]

    def show(self, lines: Sequence[str]) -> None:
        """One screen of lines made by :meth:`page`."""
        self.clear()
        self.console.file.write("\n".join(lines) + "\n")
        self.console.file.flush()

    def table(self, model: Mapping[str, Any], *, compact: bool = False,
              only: frozenset[int] | None = None) -> Group:
        """The seats and the middle of the table. ``compact``: each seat on one line, its
        stats beside its name; ``only``: the indexes of the seats shown (a line says how
        many are left out)."""
        w = self.words
        seats = Table(box=None if compact else box.SIMPLE, show_header=False, expand=True,
                      padding=(0, 1))
        seats.add_column(w("Player"))
        seats.add_column(w("Cards"))
        hidden = 0
        for i, s in enumerate(model["seats"]):
            if only is not None and i not in only:
                hidden += 1
                continue
            who = Text(s["name"], style="bold yellow" if s["turn"] else "bold")
            if s["you"]:
                who.append(" " + w("(you)"), style="dim")
            for b in s["badges"]:
                who.append(f" [{w.text(b)}]", style="cyan")
            for x in s["stats"]:
                who.append((" · " if compact else "\n") + w.text(x), style="dim")
            cards: list[Any] = []
            if not s["you"] and s["hidden"]:
                cards.append(back(int(s["hidden"] or 0), w))
            for g in s["groups"]:
                cards.append(Chips(Text(w.text(g["label"]) + ": ", style="dim"),
                                   [chip(from_model(f, w)) for f in g["cards"]]))
            seats.add_row(who, Group(*cards) if cards else Text(""))
        parts: list[Any] = []
        for a in [*model["centre"], *model.get("panel", [])]:
            line = Text(w.text(a["label"]), style="bold")
            if a.get("count") is not None:
                line.append(f" ({a['count']})", style="dim")
            line.append(": ")
            faces = [from_model(f, w) for f in a["cards"]]
            for i, f in enumerate(faces):
                line.append_text(chip(f))
                if i < len(a["owners"]) and a["owners"][i]:
                    line.append(f" {a['owners'][i]}  ", style="dim")
                else:
                    line.append(" ")
            if a["items"]:
                line.append(w.comma.join(w.text(i) for i in a["items"]))
            parts.append(line)
        parts.append(seats)
        if hidden:
            parts.append(Text(w.n("… {n} more player (a bigger window shows them)",
                                  "… {n} more players (a bigger window shows them)", hidden),
                              style="dim"))
        return Group(*parts)

    def menu_lines(self, model: Mapping[str, Any], menu: Menu,
                   hot: Mapping[str, str]) -> list[str]:
        """The numbered moves (a move played by a single key shows it: ``[k]``), in up to
        three columns when there are many, then the verbs shown only as a count."""
        w = self.words
        labels = {a["n"]: w.text(a["label"]) for a in model["actions"]}
        keys = {n: k for k, n in hot.items()}
        table = Table.grid(padding=(0, 3))
        cells = []
        for i, c in enumerate(menu.numbered, 1):
            cell = Text(f"{i:>2}) ", style="bold")
            if c.notation in keys:
                cell.append(f"[{keys[c.notation]}] ", style="bold magenta")
            cell.append(labels.get(c.notation, c.short))
            cells.append(cell)
        widest = max((cell.cell_len for cell in cells), default=0)
        fits = max(1, (self.console.width - 2) // (widest + 3))
        per_row = 1 if len(cells) <= 4 else min(3, fits)
        for _ in range(per_row):
            table.add_column()
        for r in range(0, len(cells), per_row):
            row = cells[r:r + per_row]
            table.add_row(*row, *[Text("")] * (per_row - len(row)))
        out = self.lines(table) if cells else []
        for verb, n in menu.grouped.items():
            out += self.lines(Text(w.n("    {verb}: {n} way; type '{verb}' and a card or two "
                                       "to list them", "    {verb}: {n} ways; type '{verb}' "
                                       "and a card or two to list them", n, verb=verb),
                                   style="dim"))
        return out

    def print_menu(self, model: Mapping[str, Any], menu: Menu) -> None:
        """The moves, printed (see :meth:`menu_lines`)."""
        for line in self.menu_lines(model, menu, {}):
            self.console.file.write(line + "\n")

    def result_text(self, model: Mapping[str, Any]) -> str:
        """The outcome in words: who won, who lost, the scores."""
        return result_text(model, self.words)

    def say(self, text: str, style: str = "") -> None:
        self.console.print(Text(text, style=style))
