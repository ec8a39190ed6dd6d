"""One seat's screen in the terminal, drawn from the table model with rich.

:class:`Screen` hands the seat's view to the game's presenter
(:func:`tablegames.table.present`) and draws the model generically: a title with the
facts, one row per seat (badges, stats, cards held as backs, laid groups), the middle of
the table, what happened, the hand, the prompt and the numbered moves (each with the
presenter's label). Every word comes from the catalogues in the session's language.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from rich import box
from rich.console import Console, Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from tablegames.render.faces import Face, from_model
from tablegames.table import present
from tablegames.table.i18n import Words, lang_for, words_for
from tablegames.tui.choices import Menu
from tablegames.tui.words import Line

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

    def draw(self, view: Mapping[str, Any], happened: Sequence[Line], menu: Menu | None,
             note: str = "", debug_events: Sequence[Mapping[str, Any]] = ()) -> None:
        """The whole screen for ``view``: table, recent events, hand, prompt, choices."""
        w = self.words
        model = present(view)
        self.clear()
        title = Text(w.text(model["title"]), style="bold")
        for f in model["facts"]:
            value = w.text(f["value"]) if f["value"] is not None else "–"
            title.append(f"   {w.text(f['label'])}: {value}", style="dim")
        self.console.print(Panel(self.table(model), title=title, title_align="left",
                                 box=box.ROUNDED))
        log = Text("\n").join(Text(x) for x in happened) if happened else \
            Text(w("(nothing yet)"), style="dim")
        self.console.print(Panel(log, title=w("What happened"), title_align="left",
                                 box=box.ROUNDED, border_style="dim"))
        if model["hand"]:
            hand = Text(w("Your hand") + ": ", style="bold")
            hand.append_text(cards_text([from_model(f, w) for f in model["hand"]]))
            self.console.print(hand)
        if model["result"]:
            self.console.print(Text(self.result_text(model), style="bold green"))
        elif model["prompt"] is not None:
            self.console.print(Text(w.text(model["prompt"]), style="bold cyan"))
        if menu is not None:
            self.print_menu(model, menu)
        if note:
            self.console.print(Text(note, style="yellow"))
        if self.debug:
            self.console.print(Text("view: " + json.dumps(view, ensure_ascii=False), style="dim"))
            for e in debug_events:
                self.console.print(Text("event: " + json.dumps(e, ensure_ascii=False),
                                        style="dim"))

    def table(self, model: Mapping[str, Any]) -> Group:
        """The seats and the middle of the table."""
        w = self.words
        seats = Table(box=box.SIMPLE, show_header=False, expand=True)
        seats.add_column(w("Player"))
        seats.add_column(w("Cards"))
        for s in model["seats"]:
            who = Text(s["name"], style="bold yellow" if s["turn"] else "bold")
            if s["you"]:
                who.append(" " + w("(you)"), style="dim")
            for b in s["badges"]:
                who.append(f" [{w.text(b)}]", style="cyan")
            for x in s["stats"]:
                who.append("\n" + w.text(x), style="dim")
            cards = Text("")
            if not s["you"]:
                cards.append_text(back(int(s["hidden"] or 0), w))
            for g in s["groups"]:
                cards.append("\n" + w.text(g["label"]) + ": ", style="dim")
                cards.append_text(cards_text([from_model(f, w) for f in g["cards"]]))
            seats.add_row(who, cards)
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
                line.append(", ".join(w.text(i) for i in a["items"]))
            parts.append(line)
        parts.append(seats)
        return Group(*parts)

    def print_menu(self, model: Mapping[str, Any], menu: Menu) -> None:
        w = self.words
        labels = {a["n"]: w.text(a["label"]) for a in model["actions"]}
        table = Table.grid(padding=(0, 3))
        cells = []
        for i, c in enumerate(menu.numbered, 1):
            cell = Text(f"{i:>2}) ", style="bold")
            cell.append(labels.get(c.notation, c.short))
            cells.append(cell)
        widest = max((cell.cell_len for cell in cells), default=0)
        fits = max(1, (self.console.width - 2) // (widest + 3))
        per_row = 1 if len(cells) <= 8 else min(3, fits)
        for _ in range(per_row):
            table.add_column()
        for r in range(0, len(cells), per_row):
            row = cells[r:r + per_row]
            table.add_row(*row, *[Text("")] * (per_row - len(row)))
        if cells:
            self.console.print(table)
        for verb, n in menu.grouped.items():
            self.console.print(Text(w.n("    {verb}: {n} way; type '{verb}' and a card or two to "
                                        "list them", "    {verb}: {n} ways; type '{verb}' and a "
                                        "card or two to list them", n, verb=verb), style="dim"))

    def result_text(self, model: Mapping[str, Any]) -> str:
        """The outcome in words: who won, who lost, the scores."""
        w = self.words
        r = model["result"]
        parts = [w.text(r["title"])]
        if r["winners"]:
            parts.append(f"{w.text(r['winners_label'])}: {', '.join(r['winners'])}")
        if r["losers"]:
            parts.append(f"{w.text(r['losers_label'])}: {', '.join(r['losers'])}")
        if r["scores"]:
            parts.append(f"{w.text(r['scores_label'])}: "
                         + ", ".join(f"{name} {w.text(v)}" for name, v in r["scores"]))
        return "; ".join(parts)

    def say(self, text: str, style: str = "") -> None:
        self.console.print(Text(text, style=style))
