"""Drawing one view on a terminal with rich: the table, what happened, the hand, the choices.

Everything here reads a view through the envelope (``players, seat, to_act, stage, hand,
legal, prompt, result``) and the game keys through :mod:`tablegames.render.keys`; nothing
reads the state, so the screen can show no more than the seat's view. Player names and
card-set names are shown as :class:`rich.text.Text`, never as markup, so a player called
``[bold]`` is printed as typed.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from rich import box
from rich.console import Console, Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from tablegames.render.faces import Face, face
from tablegames.render.keys import get, seats
from tablegames.tui.choices import Menu, describe
from tablegames.tui.words import Line, plain

#: Chip style of each face colour (French suits on white; Phase 10 colours as colours).
CHIP = {
    "red": "bold red3 on grey93", "black": "bold black on grey93",
    "p10-red": "bold white on red3", "p10-blue": "bold white on blue3",
    "p10-green": "bold white on green4", "p10-yellow": "bold black on yellow3",
    "wild": "bold white on magenta", "skip": "bold white on grey35",
}
BACK = "bold white on navy_blue"
TITLES = {"toepen": "Toepen", "shithead": "Shithead", "phase10": "Phase 10", "dallah": "Dallah"}
#: The screen's own words, per language (Dallah is played in Arabic too).
LABELS: dict[str, dict[str, str]] = {
    "en": {"happened": "What happened", "hand": "Your hand", "moves": "Your moves",
           "none": "(nothing yet)", "you": "you", "type": "Type a number or a move; "
           "q quits, ? explains.", "over": "Game over", "pot": "On the Dallah",
           "shared": "Shared pile", "player": "player", "turn": "turn", "retired": "retired",
           "pile": "pile", "protection": "protection", "cup": "cup", "zone": "zone",
           "full": "full"},
    "ar": {"happened": "ما حدث", "hand": "بطاقاتك", "moves": "حركاتك", "none": "(لا شيء بعد)",
           "you": "أنت", "type": "اكتب رقماً أو حركة؛ q للخروج، ? للشرح.", "over": "انتهت اللعبة",
           "pot": "على الدلة", "shared": "المجموعة المشتركة", "player": "اللاعب",
           "turn": "الدور", "retired": "خارج اللعبة", "pile": "المجموعة", "protection": "الحماية",
           "cup": "الفنجان", "zone": "المنطقة", "full": "ممتلئة"},
}


#: Whether cards may be told apart by colour alone; :class:`Screen` clears it for a
#: console without colours, where a red seven must read ``R7``.
COLOURS = {"on": True}


def chip(f: Face) -> Text:
    """One card as a coloured chip: `` 10♥ `` in red on white, `` 7 `` white on red."""
    key = f.colour if f.suit or f.colour in ("wild", "skip") else f"p10-{f.colour}"
    label = f.label if key.startswith("p10-") and COLOURS["on"] else f.text
    return Text(f" {label} ", style=CHIP.get(key, "bold"))


def back(count: int) -> Text:
    """``count`` face-down cards, as a number (a row of backs says no more than that)."""
    if count <= 0:
        return Text("—", style="dim")
    return Text(f" {count} ", style=BACK)


def line_text(line: Sequence[Any]) -> Text:
    """A sentence of pieces (text and faces) as rich text."""
    out = Text()
    for piece in line:
        if isinstance(piece, Face):
            out.append_text(chip(piece))
        else:
            out.append(str(piece))
    return out


def cards_text(game: str, cards: Sequence[Any] | None, sep: str = " ") -> Text:
    """Cards of a view as chips (words that are not cards of the game as plain text)."""
    out = Text()
    for i, c in enumerate(cards or ()):
        if i:
            out.append(sep)
        f = face(game, str(c))
        out.append_text(chip(f) if f is not None else Text(str(c)))
    return out


def _l(value: Any) -> list[Any]:
    return list(value) if isinstance(value, list | tuple) else []


def _i(value: Any, default: int = 0) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else default


def _at(values: list[Any], s: int, default: Any = None) -> Any:
    return values[s] if s < len(values) else default


# --------------------------------------------------------------------------- the table
def seat_table(view: Mapping[str, Any], columns: Sequence[str],
               cells: Sequence[Sequence[RenderableType]], lang: str) -> Table:
    """One row per seat: the seat to act marked ▶, the viewer marked."""
    table = Table(box=box.SIMPLE_HEAD, expand=False, pad_edge=False, show_edge=False)
    table.add_column(" ", width=1)
    table.add_column(LABELS[lang]["player"], no_wrap=True)
    for col in columns:
        table.add_column(col)
    names, me, to_act = seats(view), view.get("seat"), view.get("to_act")
    for s, row in enumerate(cells):
        name = Text(names[s], style="bold" if s == me else "")
        if s == me:
            name.append(f" ({LABELS[lang]['you']})", style="cyan")
        table.add_row(Text("▶", style="bold yellow") if s == to_act else Text(""), name, *row)
    return table


def hand_cell(view: Mapping[str, Any], s: int, known: Sequence[Any] = ()) -> Text:
    """A seat's hand: the viewer's cards, or a count (and any cards the view says are known)."""
    game = str(view.get("game"))
    if s == view.get("seat") and "hand" in view:
        return cards_text(game, view["hand"])
    size = _i(_at(_l(get(view, "hand_sizes")), s, 0))
    out = Text()
    if known:
        out.append_text(cards_text(game, known))
        out.append(" + ")
        size -= len(known)
    out.append_text(back(size))
    return out


def toepen(view: Mapping[str, Any], lang: str) -> tuple[Text, RenderableType]:
    names = seats(view)
    facts = Text(f"hand {get(view, 'round', 1)}   stake {get(view, 'stake', 1)}   "
                 f"limit {get(view, 'limit', '?')}   stock {get(view, 'stock', 0)}")
    middle = Text("Trick: ", style="bold")
    trick = _l(get(view, "trick"))
    if not trick:
        middle.append("(no card yet)", style="dim")
    for i, play in enumerate(trick):
        middle.append(("   " if i else "") + names[_i(play.get("seat"))] + " ")
        middle.append_text(cards_text("toepen", [play.get("card")]))
    for i, t in enumerate(_l(get(view, "tricks"))):
        middle.append(f"\n  trick {i + 1}: ", style="dim")
        middle.append_text(cards_text("toepen", [p.get("card") for p in _l(t.get("cards"))]))
        middle.append(f"  won by {names[_i(t.get('winner'))]}", style="dim")
    lives, folded, out = (_l(get(view, k)) for k in ("lives", "folded", "out"))
    poor, thrown = _l(get(view, "poverty")), _l(get(view, "thrown"))
    rows = []
    for s in range(len(names)):
        status = [w for w, on in (("folded", folded), ("out", out), ("poverty", poor))
                  if _at(on, s)]
        if get(view, "knocker") == s:
            status.append("knocked")
        shown = _at(thrown, s)
        extra = cards_text("toepen", shown) if isinstance(shown, list) else Text("")
        rows.append([Text(str(_i(_at(lives, s, 0)))), hand_cell(view, s),
                     Text(", ".join(status)), extra])
    table = seat_table(view, ["lives lost", "cards", "", "thrown in"], rows, lang)
    return facts, Group(middle, Text(""), table)


def shithead(view: Mapping[str, Any], lang: str) -> tuple[Text, RenderableType]:
    names = seats(view)
    pile = _l(get(view, "pile"))
    facts = Text(f"round {get(view, 'round', 1)}   play goes {get(view, 'direction', '')}   "
                 f"stock {get(view, 'stock', 0)}   burnt {len(_l(get(view, 'burnt')))}")
    middle = Text(f"Pile ({len(pile)}): ", style="bold")
    if pile:
        if len(pile) > 5:
            middle.append("… ")
        middle.append_text(cards_text("shithead", pile[-5:]))
    else:
        middle.append("empty", style="dim")
    restriction = get(view, "restriction")
    if restriction:
        middle.append(f"   next card: {restriction}")
    up, down, known = (_l(get(view, k)) for k in ("face_up", "face_down", "known"))
    finished = _l(get(view, "finished"))
    rows = []
    for s in range(len(names)):
        rows.append([hand_cell(view, s, _l(_at(known, s, []))),
                     cards_text("shithead", _l(_at(up, s, []))),
                     back(_i(_at(down, s, 0))),
                     Text(f"out #{finished.index(s) + 1}" if s in finished else "")])
    table = seat_table(view, ["hand", "face up", "face down", ""], rows, lang)
    return facts, Group(middle, Text(""), table)


def phase10(view: Mapping[str, Any], lang: str) -> tuple[Text, RenderableType]:
    names = seats(view)
    discard = _l(get(view, "discard"))
    facts = Text(f"hand {get(view, 'round', 1)}   stock {get(view, 'stock', 0)}")
    middle = Text("Discard pile: ", style="bold")
    middle.append_text(cards_text("phase10", discard[-1:]) if discard else Text("empty"))
    middle.append(f"  ({len(discard)} cards)", style="dim")
    phases, laid, scores = (_l(get(view, k)) for k in ("phases", "laid", "scores"))
    known = _l(get(view, "known"))
    rows = []
    for s in range(len(names)):
        phase = _at(phases, s) if isinstance(_at(phases, s), dict) else {}
        groups = Text()
        for i, g in enumerate(_l(_at(laid, s, []))):
            if i:
                groups.append("  ")
            groups.append_text(cards_text("phase10", _l(g.get("cards")), sep=""))
        rows.append([Text(f"{phase.get('phase', '?')}: {phase.get('text', '')}"),
                     Text(str(_i(_at(scores, s, 0)))),
                     hand_cell(view, s, _l(_at(known, s, []))), groups])
    table = seat_table(view, ["phase", "score", "cards", "laid down"], rows, lang)
    return facts, Group(middle, Text(""), table)


def dallah(view: Mapping[str, Any], lang: str) -> tuple[Text, RenderableType]:
    names = seats(view)
    labels = get(view, "names") or {}
    shapes, zones, cards = (labels.get(k, {}) for k in ("shapes", "zones", "cards"))
    words = LABELS[lang]
    facts = Text(f"{words['turn']} {get(view, 'round', 1)}   "
                 f"{words['retired']} {_i(get(view, 'retired'))}")
    pot = get(view, "pot") or {}
    full = set(_l(get(view, "full_zones")))
    middle = Text(words["pot"] + ": ", style="bold")
    for i, (zone, cups) in enumerate(pot.items()):
        middle.append(("   " if i else "") + str(zones.get(zone, zone)) + " ", style="bold")
        middle.append(", ".join(str(shapes.get(c, c)) for c in cups) or "—",
                      style="yellow" if cups else "dim")
        if zone in full:
            middle.append(f" ({words['full']})", style="red")
    card = get(view, "card")
    if isinstance(card, dict) and card.get("id"):
        middle.append("\n▶ ")
        middle.append(f" {cards.get(card['id'], card['id'])} ", style="bold black on wheat1")
        cup, zone = get(view, "cup"), get(view, "zone")
        if cup:
            middle.append(f"  {words['cup']}: {shapes.get(cup, cup)}")
        if zone:
            middle.append(f"  {words['zone']}: {zones.get(zone, zone)}")
    shared = get(view, "shared") or {}
    middle.append(f"\n{words['shared']}: ", style="bold")
    middle.append("  ".join(f"{shapes.get(k, k)} {_i(n)}" for k, n in shared.items()))
    piles, held = _l(get(view, "piles")), _l(get(view, "held"))
    rows = []
    for s in range(len(names)):
        held_text = Text()
        for i, ident in enumerate(_l(_at(held, s, []))):
            held_text.append(("  " if i else "") + f" {cards.get(ident, ident)} ",
                             style="bold white on dark_cyan")
        rows.append([Text(str(_i(_at(piles, s, 0)))), held_text])
    table = seat_table(view, [words["pile"], words["protection"]], rows, lang)
    return facts, Group(middle, Text(""), table)


def generic(view: Mapping[str, Any], lang: str) -> tuple[Text, RenderableType]:
    rows = [[hand_cell(view, s)] for s in range(len(seats(view)))]
    return Text(str(get(view, "stage", ""))), seat_table(view, ["cards"], rows, lang)


LAYOUTS = {"toepen": toepen, "shithead": shithead, "phase10": phase10, "dallah": dallah}


# --------------------------------------------------------------------------- the screen
class Screen:
    """Draws a seat's screen on ``console``; ``debug`` adds the raw view and events."""

    def __init__(self, console: Console, game: str, *, lang: str = "en",
                 debug: bool = False) -> None:
        self.console = console
        self.game = game
        self.lang = lang if lang in LABELS else "en"
        self.debug = debug
        COLOURS["on"] = console.color_system is not None

    def clear(self) -> None:
        if self.console.is_terminal:
            self.console.clear()

    def draw(self, view: Mapping[str, Any], happened: Sequence[Line], menu: Menu | None,
             note: str = "", debug_events: Sequence[Mapping[str, Any]] = ()) -> None:
        """The whole screen for ``view``: table, recent events, hand, prompt, choices."""
        words = LABELS[self.lang]
        self.clear()
        facts, table = LAYOUTS.get(self.game, generic)(view, self.lang)
        name = "الدلة" if self.game == "dallah" and self.lang == "ar" else \
            TITLES.get(self.game, self.game)
        title = Text(name, style="bold")
        title.append("   ")
        title.append_text(facts)
        self.console.print(Panel(table, title=title, title_align="left", box=box.ROUNDED))
        log = Text("\n").join(line_text(x) for x in happened) if happened else \
            Text(words["none"], style="dim")
        self.console.print(Panel(log, title=words["happened"], title_align="left",
                                 box=box.ROUNDED, style="", border_style="dim"))
        if view.get("hand"):
            hand = Text(words["hand"] + ": ", style="bold")
            hand.append_text(cards_text(self.game, view["hand"]))
            self.console.print(hand)
        result = view.get("result")
        if result:
            self.console.print(Text(self.result_text(view), style="bold green"))
        elif view.get("prompt"):
            self.console.print(Text(str(view["prompt"]), style="bold cyan"))
        if menu is not None:
            self.print_menu(view, menu)
        if note:
            self.console.print(Text(note, style="yellow"))
        if self.debug:
            self.console.print(Text("view: " + json.dumps(view, ensure_ascii=False), style="dim"))
            for e in debug_events:
                self.console.print(Text("event: " + json.dumps(e, ensure_ascii=False),
                                        style="dim"))

    def print_menu(self, view: Mapping[str, Any], menu: Menu) -> None:
        names = seats(view)
        labels = get(view, "names") if self.game == "dallah" else None
        table = Table.grid(padding=(0, 3))
        cells = []
        for i, c in enumerate(menu.numbered, 1):
            cell = Text(f"{i:>2}) ", style="bold")
            cell.append_text(line_text(describe(self.game, c, names, labels)))
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
            self.console.print(Text(f"    {verb}: {n} ways; type '{verb}' and a card or two to "
                                    "list them", style="dim"))

    def result_text(self, view: Mapping[str, Any]) -> str:
        """The outcome in words: who won, who lost, the scores."""
        result = view.get("result") or {}
        names = seats(view)
        me = view.get("seat")

        def who(s: Any) -> str:
            s = _i(s, -1)
            return "you" if s == me else names[s] if 0 <= s < len(names) else "?"

        parts = [LABELS[self.lang]["over"]]
        winners, losers = _l(result.get("winners")), _l(result.get("losers"))
        if winners:
            parts.append("won: " + ", ".join(who(s) for s in winners))
        if losers:
            parts.append("lost: " + ", ".join(who(s) for s in losers))
        scores = _l(result.get("scores"))
        if scores:
            parts.append("scores: " + ", ".join(f"{names[s]} {v}" for s, v in enumerate(scores)
                                               if s < len(names)))
        return "; ".join(parts)

    def say(self, text: str, style: str = "") -> None:
        self.console.print(Text(text, style=style))

    def plain(self, line: Line) -> str:
        return plain(line)
