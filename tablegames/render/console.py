"""A seat's table drawn in colour on a terminal, from the table model with ``rich``.

:class:`ConsoleTable` hands the seat's view to the game's presenter
(:func:`tablegames.table.present`) and draws the model generically: a title with the
facts on its frame, one row per seat (badges, stats, cards held as backs, laid groups),
the middle of the table, the hand, then the result or the prompt. Every word comes from
the catalogues in the drawing's language.

It is the coloured sibling of :mod:`tablegames.render.text` (the same table as plain
characters): the terminal game (``tablegames.tui.screen.Screen``) draws its table
with it and adds what a game being played needs (the moves, what happened, fitting the
window), and a ruling's picture in the terminal (:mod:`tablegames.render.terminal`) is
drawn by it alone. It lives here, under the terminal game, so that a picture never
reaches up into the game being played. It needs ``rich`` (the ``cli`` extra), so only
what draws in colour imports it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich import box
from rich.console import Console, ConsoleOptions, Group, RenderResult
from rich.measure import Measurement
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from tablegames.render.faces import Face, from_model
from tablegames.render.text import MOST_BACKS, result_lines, result_text
from tablegames.table import check_view, guarded, shared_model
from tablegames.table.i18n import Words, lang_for, words_for
from tablegames.table.model import Np_, is_msg

#: Chip style of each face colour (French suits on the card's paper; colour cards as
#: colours), in the phone's colours (``style.css``): a card looks the same on the phone,
#: in a picture and here. Each chip names both its colours, never the terminal's own
#: (its theme decides those: ``white`` on ``red3`` read at 4.3:1 under a light theme's
#: palette, ``magenta`` is any colour and ``bold yellow`` on a white terminal 2.2:1), and
#: its words read at WCAG AA on it (4.5:1; a yellow card in ink, as on the phone), also
#: where rich draws each colour as the nearest of 256.
CHIP = {
    "red": "bold #c62828 on #fffdf8", "black": "bold #1d1b18 on #fffdf8",
    "c-red": "bold #ffffff on #c62828", "c-blue": "bold #ffffff on #1565c0",
    "c-green": "bold #ffffff on #2e7d32", "c-yellow": "bold #1d1b18 on #d4a200",
    "wild": "bold #ffffff on #6a1b9a", "skip": "bold #ffffff on #37474f",
    "gold": "bold #856515 on #fffdf8",
}
#: The most cells :meth:`ConsoleTable.hidden_line` takes, in every language and for every
#: count a table has: the frame's bottom edge at 40 columns holds that many.
HIDDEN_MOST = 34
#: The head's shorter words for a part of a stat, by the part's message id
#: (:meth:`ConsoleTable.own_head`): used only when the stat's own words leave the edge no
#: room for its first part whole. Phase 10's Arabic phase, "أنت: المرحلة 1: مجموعة من 3
#: بطاقات + …", is 38 cells on an edge of 34, and the cut between words kept "المرحلة 1:"
#: alone (found by helper-230); "مجموعة من 3 + …" keeps the first group and says that
#: more follow. English and Danish fit in their own words and never use these.
SHORT_PARTS: dict[str, tuple[str, str]] = {
    "set of {n}": Np_("set {n}", "set {n}"),
    "run of {n}": Np_("run {n}", "run {n}"),
    "{n} card of one colour": Np_("{n} one colour", "{n} one colour"),
}
#: Cards held face down (``▒``), as the pictures draw a back.
BACK = "#ffffff on #1f3f7a"
#: The seat to act: its name highlighted in the phone's light gold, in ink (the name
#: was yellow on the terminal's background, 2.2:1 on a white one), and marked ``▶``
#: too, as in the pictures and the plain text, so colour is not all that says it.
TURN = "bold #1d1b18 on #ffd778"
#: Every other word is written on the terminal's own background in the terminal's own
#: colour, at most bold: a terminal's background may be dark or light, so a colour of
#: its palette (yellow, cyan, green) reads on one and not the other, and ``dim`` is
#: drawn half way to the background (2.6 to 4.1:1 under rich's themes, light and dark).

#: A chip, a back and the seat to act where the terminal's colours are not the chips'
#: own (:func:`fixed_colours`): reverse video of the terminal's own colours. On a
#: terminal of 16 colours rich draws each of the colours above as the nearest of the
#: sixteen, and the theme decides what those are: under Night Owlish a blue card read
#: at 1.0:1, the gold at 1.2:1, a red suit at 1.7:1, and no pair of the sixteen
#: holding a colour reads at 4.5:1 under all of rich's themes (only black, white and the
#: terminal's own foreground and background do). The terminal's own foreground on its
#: background is what its theme is made to read (8.6:1 at worst under rich's themes),
#: so a chip reads whatever the theme; the card's colour is in its words, as it is
#: where there is no colour at all: the suit (``10♥``), the colour's name (``red 7``).
REVERSE = "bold reverse"
#: Backs, likewise, where the chips' colours are not drawn (the count is in words).
REVERSE_BACK = "reverse"


def fixed_colours(console: Console) -> bool:
    """Whether ``console`` draws the chips in their own colours (:data:`CHIP`): on a
    truecolor terminal and one of 256 colours, whose colours are fixed, not on one of 16
    (``TERM=xterm``, a legacy Windows console), whose colours are its theme's, nor where
    colour is turned off (``NO_COLOR``: rich would draw the chips as bare bold words)."""
    # rich names the colour system in words ("truecolor", "256", "standard", "windows")
    return not console.no_color and console.color_system in ("truecolor", "256")


def chip(f: Face, *, fixed: bool = True, pad: bool = True) -> Text:
    """A card as a chip: in its own colours (``fixed``) or in reverse video of the
    terminal's (see :data:`REVERSE`). Its words say the card without colour: the suit
    symbol, and a card with a mark (a colour name) says it in words. ``pad``: a space
    either side of the words, on the chip (a compact hand leaves them out)."""
    if f.mark:
        words, style = f.name, CHIP.get("c-" + f.colour, CHIP["black"])
    elif f.suit:
        words, style = f"{f.label}{f.suit}", CHIP.get(f.colour, CHIP["black"])
    else:
        words, style = f.label or f.name, CHIP.get(f.colour, CHIP["black"])
    return Text(f" {words} " if pad else words, style=style if fixed else REVERSE)


def back(count: int, words: Words, *, fixed: bool = True) -> Text:
    """``count`` cards held, as backs and in words ("(1 card)"); ``fixed``: as
    :func:`chip`."""
    if count <= 0:
        return Text("")
    t = Text()  # the count is written plainly after the backs, not on them
    t.append("▒" * min(count, 12), style=BACK if fixed else REVERSE_BACK)
    t.append(" " + words.n("({n} card)", "({n} cards)", count))
    return t


def cards_text(faces: Sequence[Face], *, fixed: bool = True) -> Text:
    return Text(" ").join(chip(f, fixed=fixed) for f in faces)


def cut_words(text: Text, width: int) -> Text:
    """``text`` in at most ``width`` cells: whole when it fits, else cut between words
    and "…" after the last whole word ("Phase 1: set of 3 + …"), so that a stat's
    number and first words stay and no word is cut in the middle; a first word wider
    than ``width`` alone is cut with "…"."""
    if text.cell_len <= width:
        return text
    cut = text.plain.rfind(" ", 0, width - 1)  # the last space "…" fits after
    while cut > 0 and text[:cut].cell_len + 2 > width:
        cut = text.plain.rfind(" ", 0, cut)
    if cut > 0:
        return text[:cut] + Text(" …")
    short = text.copy()
    short.truncate(max(1, width), overflow="ellipsis")
    return short


def first_part(m: Any) -> Any:
    """The first part of a stat (a message): the first message in its arguments, depth
    first, whose arguments are all numbers, the name a terminal keeps whole (Phase 10's
    "set of 3" in "Phase 1: set of 3 + set of 3"); the message itself when it is one
    (Toepen's "2 lives lost"); ``None`` when it has none."""
    if isinstance(m, list):
        return next((p for p in map(first_part, m) if p is not None), None)
    if not is_msg(m):
        return None
    if m["args"] and all(type(a) is int for a in m["args"].values()):
        return m
    return first_part(list(m["args"].values()))


def shorter(m: Any) -> Any:
    """``m`` with each part that has shorter words (:data:`SHORT_PARTS`) said in them,
    counted by the same number; a new message (``m`` is not changed)."""
    if isinstance(m, list):
        return [shorter(x) for x in m]
    if not is_msg(m):
        return m
    out = {**m, "args": {k: shorter(v) for k, v in m["args"].items()}}
    short = SHORT_PARTS.get(m["msg"])
    if short is not None:
        out["msg"] = short[0]
        if "plural" in m:
            out["plural"] = short[1]
    return out


def _bare(text: str) -> str:
    """``text`` without its spaces and private-use characters (a terminal's glue between
    a name's words): what two cuts of one line compare by."""
    return "".join(c for c in text if not c.isspace() and not 0xE000 <= ord(c) <= 0xF8FF)


class Chips:
    """Cards in a row after a label, wrapped between cards, never inside one: a card's
    words ("grøn 10", "red 11") stay together whatever the width rich gives the row."""

    def __init__(self, label: Text, chips: Sequence[Text], *, one_line: bool = False,
                 gaps: Sequence[int] = (), indent: str = "  ",
                 keep_first: bool = False) -> None:
        """``one_line``: only the chips that fit on the label's line are drawn, whole, and
        "…" says that more were left out (a seat's stats when the window is short).
        ``gaps``: the spaces before each chip when another precedes it on its line (1 when
        not given; none at a line's start): things of their own in one flow (the areas of
        a short window's table, the facts) stand further apart than the cards of one.
        ``indent``: what begins each line after the first (none for a flow of things of
        their own, which no label leads). ``keep_first`` (with ``one_line``): the first
        chip, when the line cannot hold it whole, is cut between words to what the line
        holds (:func:`cut_words`) rather than left out: the viewer's own phase in a
        short window's seat row ("P0 (you) ▶ · Phase 1: set of 3 + …")."""
        self.keep_first = keep_first
        self.label = label
        self.chips = list(chips)
        self.one_line = one_line
        self.gaps = list(gaps)
        self.indent = indent

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        widest = max([c.cell_len for c in self.chips] + [self.label.cell_len])
        if self.one_line:
            widest = self.label.cell_len + 2  # the label and "…" at least
        total = self.label.cell_len + sum(c.cell_len for c in self.chips) + sum(
            self.gaps[i] if i < len(self.gaps) else 1 for i in range(1, len(self.chips)))
        return Measurement(min(widest, options.max_width), min(total, options.max_width))

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        width = options.max_width
        line = self.label.copy()
        spaced = not self.label.plain or self.label.plain.endswith(" ")  # no space to add
        bare = not self.label.plain  # nothing on the line yet that could go first
        for i, c in enumerate(self.chips):
            gap = 0 if spaced else (self.gaps[i] if i < len(self.gaps) else 1)
            # a chip that does not fit after the label or a chip starts the next line
            # whole: after a label rich broke "Taken from the discard pile:  blue" / "11"
            # (found by helper-106)
            if (i == 0 and self.keep_first and self.one_line
                    and line.cell_len + gap + c.cell_len > width):
                # the first chip cut ends in "…", which says that more is left out too
                line.append(" " * gap)
                line.append_text(cut_words(c, max(1, width - line.cell_len)))
                break
            if not bare and line.cell_len + gap + c.cell_len > width:
                if self.one_line:  # a chip ends in a space of its own: one is enough
                    mark = "…" if line.plain.endswith(" ") else " …"
                    line.append(mark if line.cell_len + len(mark) <= width else "")
                    break
                yield line
                line, gap = Text(self.indent), 0
            line.append(" " * gap)
            line.append_text(c)
            spaced = bare = False
        yield line


class ConsoleTable:
    """Draws a seat's table on ``console`` in the words of ``lang`` (see the module
    docstring)."""

    def __init__(self, console: Console, game: str, *, lang: str = "en") -> None:
        self.console = console
        #: whether the chips are drawn in their own colours (see :func:`fixed_colours`)
        self.fixed = fixed_colours(console)
        self.game = game
        self.words = words_for(lang_for(game, lang), game)
        self.lang = self.words.lang

    def frame(self, model: Mapping[str, Any], *, compact: bool = False,
              only: frozenset[int] | None = None, tight: bool = False,
              brief: bool = False, least: Sequence[int] | None = None,
              bare: bool = False) -> Panel:
        """The table in its frame, the title and the facts on the frame's top edge.

        The facts that do not fit on the edge (a narrow window, Dallah's five counters)
        go inside the frame, wrapped between facts: no fact is cut in the middle (at 60
        columns "Direction:" ended a line and "clockwise" began the next). When seats
        are left out (``only``), the line saying how many goes on the frame's bottom
        edge if it fits there: a short window's line is worth more to what happened.
        ``brief`` (the smallest table, with ``tight``): the facts inside take one line,
        as many as fit whole and "…" for the rest, as a seat's stats do (Dallah's seven
        counters took four lines of a 60x20 window).

        ``least`` (the smallest table of all, the seats in the order they are wanted):
        three lines, four when facts do not fit on the top edge, whatever the game,
        the count of players or the language. The facts inside and the middle of the
        table take one line each, as many as fit whole and "…" for the rest, and every
        seat is folded onto the frame's bottom edge (:meth:`folded_seats`): Phase 10's
        laid groups and Dallah's seven places took up to twelve lines of a 40x12
        window, and its first screen said the window was too small (found by
        helper-222). ``bare`` (with ``least``, the very last resort): the two edges
        alone, the middle of the table left out too; the moves and the prompt say what
        may be played on it (Phase 10's hand of eleven cards took four lines, its first
        move two). A larger window shows the rest.

        A ``tight`` table whose row of your own cannot hold your first stat's first
        part (Phase 10's Arabic phase at 40 columns: "P0 (أنت) ▶ · المرحلة 1: …") is
        headed as the smallest are (:meth:`own_head`, "أنت: المرحلة 1: مجموعة من 3 +
        …"), and the row gives that stat's room to the others (helper-230)."""
        if least is not None:
            return self.least_frame(model, least, bare=bare)
        # the edge holds "╭─ " + title + " ─╮": what is wider goes inside, fact by fact
        width = max(10, self.console.width - 6)
        title, inside = self.title_and_facts(model, width)
        head = self.own_head(model, width) if tight and self.row_drops_first_part(
            model) else None
        if head is not None:
            title, inside = self.head_title(model, width, head)
        hidden = len(model["seats"]) - len(only) if only is not None else 0
        edge = self.hidden_line(hidden) if hidden else None
        if edge is not None and edge.cell_len > width:
            edge = None  # too long for the edge: a line inside the frame says it
        body = self.table(model, compact=compact, only=only, tight=tight,
                          facts=inside, hidden_inside=edge is None, brief=brief,
                          headed=head is not None)
        return Panel(body, title=title, title_align="left", subtitle=edge,
                     subtitle_align="left", box=box.ROUNDED)

    def title_and_facts(self, model: Mapping[str, Any], width: int,
                        head: Text | None = None) -> tuple[Text, list[Text]]:
        """The frame's title with the facts that fit after it on the top edge (``width``
        cells), and the facts that do not, in order, for inside the frame; ``head``: what
        stands first on the edge instead of the game's name (:meth:`own_head`)."""
        w = self.words
        title = Text()
        if head is not None:
            title.append_text(head)
        else:
            title.append(w.text(model["title"]), style="bold")
        inside: list[Text] = []
        for f in model["facts"]:
            value = w.text(f["value"]) if f["value"] is not None else "–"
            fact = f"{w.text(f['label'])}: {value}"
            if not inside and title.cell_len + 3 + Text(fact).cell_len <= width:
                title.append(f"   {fact}")
            else:
                inside.append(Text(fact))
        return title, inside

    def least_frame(self, model: Mapping[str, Any], order: Sequence[int], *,
                    bare: bool = False) -> Panel:
        """:meth:`frame` at its smallest (``least``): the title and the facts that fit
        on the top edge, one line of the other facts, one line of the middle of the
        table, and the seats on the bottom edge; ``bare``: the edges alone ("…" on the
        top edge when facts are left out)."""
        width = max(10, self.console.width - 6)
        title, inside = self.title_and_facts(model, width)
        head = self.own_head(model, width)
        if head is not None:
            title, inside = self.head_title(model, width, head)
        seats = self.folded_seats(model, order, width)
        if bare:
            # one "…" says facts are left out (Shithead's edge said "… …")
            if inside and title.cell_len + 2 <= width and not title.plain.endswith("…"):
                title.append(" …")
            return Panel(Text(""), title=title, title_align="left", subtitle=seats,
                         subtitle_align="left", box=box.ROUNDED, height=2)
        parts: list[Any] = []
        if inside:
            parts.append(Chips(Text(""), inside, gaps=[3] * len(inside), indent="",
                               one_line=True))
        middle: list[Text] = []
        gaps: list[int] = []
        # the areas with something in them first: Dallah's five empty places ("Lid: –")
        # left no room on the line for the shared pile of cups
        areas = [*model["centre"], *model.get("panel", [])]
        for a in sorted(areas, key=lambda a: not (a["cards"] or a.get("items")
                                                  or a.get("backs"))):
            label, units = self.area_units(a)
            if (label + units[0]).cell_len > width and a.get("count") is not None:
                # the count gives way to what lies there: Dallah's Arabic shared pile
                # showed "(25)" and no cup at 40 columns (found by helper-227)
                label, units = self.area_units({**a, "count": None})
            if (label + units[0]).cell_len <= width:  # the label with its first unit
                label, units = label + units[0], units[1:]
            else:  # the label alone, its units after it one space apart
                label.rstrip()
            middle += [label, *units]
            gaps += [3] + [1] * len(units)
        for unit in middle:  # one line: a unit wider than it ends in "…" (rich wraps it)
            unit.truncate(width, overflow="ellipsis")
        if middle:
            parts.append(Chips(Text(""), middle, gaps=gaps, indent="", one_line=True))
        return Panel(Group(*parts) if parts else Text(""), title=title, title_align="left",
                     subtitle=seats, subtitle_align="left", box=box.ROUNDED)

    def own_head(self, model: Mapping[str, Any], width: int) -> Text | None:
        """What the smallest tables put first on the top edge, where the game's name
        was: the viewer's own first stat (Phase 10's "Phase 1: set of 3 + set of 3",
        Toepen's lives lost, Shithead's cards face down, Dallah's cups), which the
        seats folded onto the bottom edge no longer show. At 40x12 nothing said which
        phase to lay once the one-line prompt replaced "Lay phase 1 (…)" (found by
        helper-227); the player knows the game they play. It says it is yours ("You:
        Phase 1: …", Danish "Du: Fase 1: …"): the other seats' stats are nowhere on
        screen, and a newcomer read the bare phase as the table's (found by helper-229).

        A stat wider than the edge is cut between words, "…" for the rest, so that its
        number and first part stay. When its own words leave no room for its first part
        whole (Phase 10's Arabic "مجموعة من 3 بطاقات", one glued name, after "أنت:
        المرحلة 1: "), the parts are said in their shorter words (:data:`SHORT_PARTS`):
        "أنت: المرحلة 1: مجموعة من 3 + …" (helper-230; the cut kept "المرحلة 1: …",
        no group at all). ``None`` (the game's name stays) when no seat is the viewer's
        or it has no stat."""
        you = next((s for s in model["seats"] if s["you"]), None)
        if you is None or not you["stats"]:
            return None
        stat = you["stats"][0]
        head = Text()
        for form in (stat, shorter(stat)):
            head = cut_words(Text(self.words("You: {stat}", stat=self.words.text(form)),
                                  style="bold"), width)
            if self.keeps_first_part(form, head):
                break
        return head

    def keeps_first_part(self, stat: Any, cut: Text) -> bool:
        """Whether ``cut`` (``stat`` as a line cut it) holds the stat's first part whole
        (:func:`first_part`: Phase 10's first group); a stat without parts is kept by
        any cut."""
        part = first_part(stat)
        return part is None or _bare(self.words.text(part)) in _bare(cut.plain)

    def head_title(self, model: Mapping[str, Any], width: int,
                   head: Text) -> tuple[Text, list[Text]]:
        """The top edge headed by ``head`` (:meth:`own_head`), and the facts for inside
        the frame as the game's name would leave them (:meth:`title_and_facts`): the
        facts the head leaves no room for on the edge give way to "…", so that the table
        keeps the lines it had (Phase 10's "Hand: 1")."""
        _, inside = self.title_and_facts(model, width)
        title, moved = self.title_and_facts(model, width, head)
        if len(moved) > len(inside) and not title.plain.endswith("…"):
            # set apart as a fact is, so that "…" is not read as more of the head
            gap = "   …" if title.cell_len + 4 <= width else " …"
            title.append(gap if title.cell_len + len(gap) <= width else "")
        return title, inside

    def row_drops_first_part(self, model: Mapping[str, Any]) -> bool:
        """Whether the viewer's row in a tight table (:meth:`table`) cuts its first
        stat before the stat's first part ends: at 40x16 to 40x24 Phase 10's Arabic
        row said "P0 (أنت) ▶ · المرحلة 1: …", the phase without a group (helper-230).
        The row is " " + the name, a space, then "· " and the stat, inside the frame's
        "│ " and " │"."""
        you = next((s for s in model["seats"] if s["you"]), None)
        if you is None or not you["stats"]:
            return False
        room = self.console.width - 4 - 1 - self.seat_name(you).cell_len - 1
        stat = you["stats"][0]
        row = cut_words(Text("· " + self.words.text(stat)), max(1, room))
        return not self.keeps_first_part(stat, row)

    def folded_seats(self, model: Mapping[str, Any], order: Sequence[int],
                     width: int) -> Text:
        """Every seat in one line of at most ``width`` cells, in ``order`` (the most
        wanted first), as many as fit whole and "…" for the rest: each seat's name,
        "(you)" for the viewer's, ``▶`` for the seat to act (whose turn it is) and the
        cards it holds hidden as one back and their count (``P1 ▒10``). Badges, stats
        and laid groups are left to a larger window."""
        seats = model["seats"]
        line = Text()
        for k, i in enumerate(order):
            s = seats[i]
            unit = self.seat_name(s)
            if not s["you"] and s["hidden"]:
                unit.append(" ")
                unit.append("▒", style=BACK if self.fixed else REVERSE_BACK)
                unit.append(str(int(s["hidden"])))
            sep = " · " if line.plain else ""
            rest = 0 if k == len(order) - 1 else 2  # room for " …" after it
            if line.cell_len + len(sep) + unit.cell_len + rest > width:
                line.append(" …" if line.plain else "…")
                break
            line.append(sep)
            line.append_text(unit)
        return line

    def seat_name(self, s: Mapping[str, Any]) -> Text:
        """A seat's name as every table draws it: bold, or marked when it is the seat to
        act (and ``▶`` after it: whose turn it is, without colour too), "(you)" after
        the viewer's own."""
        name = Text()
        name.append(s["name"], style=(TURN if self.fixed else REVERSE) if s["turn"] else "bold")
        if s["you"]:
            name.append(" " + self.words("(you)"))
        if s["turn"]:
            name.append(" ▶")
        return name

    def hidden_line(self, hidden: int) -> Text:
        """The line saying how many seats a short window leaves out, and that a larger
        window shows them. It is short enough for the frame's bottom edge at 40 columns
        (:data:`HIDDEN_MOST`) in every language: inside the frame it took two lines
        there, and a standard 40x12 window was too small for Toepen's first screen with
        three players ("… 2 more players (a bigger window shows them)"; found by
        helper-214)."""
        return Text(self.words.n("… {n} more player (enlarge to see)",
                                 "… {n} more players (enlarge to see)", hidden))

    def under(self, model: Mapping[str, Any], prompt: str | None = None, *,
              compact: bool = False) -> list[Text]:
        """What goes under the frame: the viewer's hand (:meth:`hand_lines`), then the
        result or the prompt."""
        w = self.words
        bottom = self.hand_lines(model, compact=compact)
        if model["result"]:  # the outcome in one sentence, then the standings
            said, *standings = result_lines(model, w)
            bottom.append(Text(said, style="bold"))
            bottom.extend(Text(line) for line in standings)
        elif prompt is not None or model["prompt"] is not None:
            said = prompt if prompt is not None else w.text(model["prompt"])
            bottom.append(Text(said, style="bold"))
        return bottom

    def hand_lines(self, model: Mapping[str, Any], *, compact: bool = False) -> list[Text]:
        """The viewer's hand, every card of it, wrapped between cards, never inside one
        ("red 11" stays on one line); none when the viewer holds no card.

        ``compact`` (a short window's last resort, helper-230): the chips lose the space
        either side of their words and equal cards are shown once with their count
        ("2♣×2", two decks; Phase 10's "red 7×2"), in the order they are held. A
        Shithead hand of forty cards, after a big pile was picked up, took eight lines
        at 40 columns and the window was too small; compact it takes four. The hand is
        never cut: it is what the player plays from (a larger window is asked for)."""
        w = self.words
        if not model["hand"]:
            return []
        counts: dict[str, int] = {}
        faces: dict[str, Face] = {}
        for f in model["hand"]:
            face = from_model(f, w)
            key = face.notation if compact else str(len(faces))
            counts[key] = counts.get(key, 0) + 1
            faces.setdefault(key, face)
        lines: list[Text] = []
        hand = Text(w("Your hand") + ": ", style="bold")
        fresh = True
        for key, face in faces.items():
            c = chip(face, fixed=self.fixed, pad=not compact)
            if counts[key] > 1:
                c.append(f"×{counts[key]}")
            if hand.cell_len + 1 + c.cell_len > self.console.width and not fresh:
                lines.append(hand)
                hand, fresh = Text("  "), True
            if not fresh:
                hand.append(" ")
            hand.append_text(c)
            fresh = False
        lines.append(hand)
        return lines

    def picture(self, view: Mapping[str, Any]) -> None:
        """The table of ``view`` as the game draws it (frame, hand, prompt), printed
        once with no moves and no log: a ruling's picture (``tablegames rulings``).

        A view that cannot be drawn raises :class:`~tablegames.table.PresenterError`
        (see :func:`tablegames.table.present`) before anything is printed: the picture
        is drawn whole first, so no half table is left on the terminal."""
        check_view(view, "ConsoleTable.picture")

        def drawn(v: Mapping[str, Any]) -> list[Any]:
            model = shared_model(v)
            parts: list[Any] = [self.frame(model), *self.under(model)]
            for part in parts:  # rich lays a part out only when printing: do it here
                list(self.console.render(part))
            return parts

        for part in guarded(view, drawn):
            self.console.print(part)

    def table(self, model: Mapping[str, Any], *, compact: bool = False,
              only: frozenset[int] | None = None, tight: bool = False,
              facts: Sequence[Text] = (), hidden_inside: bool = True,
              brief: bool = False, headed: bool = False) -> Group:
        """The facts that are not on the frame's edge (``facts``), the seats and the
        middle of the table. ``compact``: each seat on one line, its stats beside its
        name; ``only``: the indexes of the seats shown (a line says how many are left
        out, unless ``hidden_inside`` is false: the frame's edge says it); ``tight`` (a
        short window): the facts and the areas of the middle run on in one flow, each
        area's label with its first card, wrapped between them (Dallah's five places took
        five lines of a 60x20 window, Shithead's pile, stock and cards out of play three,
        and what happened went to a page of its own); ``brief``: the facts on one line
        (see :meth:`frame`); a seat's name, badges, cards held
        and stats take one line, as many stats as fit whole ("…" for the rest, which a
        larger window shows), and its groups run on under it in one flow, wrapped between
        cards, so that the seats give a short window's lines to what happened.
        ``headed`` (with ``tight``): the viewer's first stat is on the frame's top edge
        (see :meth:`frame`), not in its row."""
        w = self.words
        seats = Table(box=None if compact else box.SIMPLE, show_header=False, expand=True,
                      padding=(0, 1))
        seats.add_column(w("Player"))
        seats.add_column(w("Cards"))
        rows: list[Any] = []  # tight: the seats' lines, no columns
        hidden = 0
        for i, s in enumerate(model["seats"]):
            if only is not None and i not in only:
                hidden += 1
                continue
            # the name, each badge and each stat wrap between them, never inside one
            # (a narrow window broke "0 levens / kwijt"): the column is as wide as the
            # widest of them at least
            name = self.seat_name(s)
            badges = [Text(f"[{w.text(b)}]") for b in s["badges"]]
            stats = [Text(w.text(x)) for x in s["stats"][1 if s["you"] and headed else 0:]]
            held = back(int(s["hidden"] or 0), w, fixed=self.fixed) if not s["you"] and s["hidden"] else None
            # the viewer's own cards the table knows ("Known in hand", a ``held``
            # group) are not drawn on its row: the hand under the frame shows every
            # card, and after a big pick-up the row repeated it card for card and
            # pushed the other seats off a 40x30 window (found by helper-230; the
            # phone draws them, as a row it does not let be tapped). The others' rows
            # keep theirs: what the table knows of their hands is news to the viewer.
            groups = [Chips(Text(w.text(g["label"]) + ": "),
                            [chip(from_model(f, w), fixed=self.fixed) for f in g["cards"]])
                      for g in s["groups"] if not (s["you"] and g.get("held"))]
            if tight:  # "P1 [dealer] ▒▒▒ (3 cards) · 0 points …", then "  Face up: 2♠ 10♥"
                if s["you"] and stats:
                    # the viewer's first stat first, cut between words when the line
                    # cannot hold it: at 40x16 to 40x24 Phase 10's phase did not fit
                    # after "P0 (you) ▶" and no line of the screen said it (helper-229)
                    rows.append(Chips(Text(" ") + name, [
                        Text("· ") + stats[0], *badges,
                        *(Text("· ") + x for x in stats[1:])], one_line=True,
                        keep_first=True))
                else:
                    rows.append(Chips(Text(" ") + name, [
                        *badges, *([held] if held else []),
                        *(Text("· ") + x for x in stats)], one_line=True))
                # each group's label stays with its first card ("2. three 9s:" ended a
                # line, its cards on the next), groups stand two spaces apart, and the
                # flow's later lines start where its first does (they began one space
                # left of it)
                flow: list[Text] = []
                gaps: list[int] = []
                for g in groups:
                    label = g.label.copy()
                    label.rstrip()
                    first = [label + Text(" ") + g.chips[0]] if g.chips else [label]
                    flow += [*first, *g.chips[1:]]
                    gaps += [2] + [1] * (len(first) + len(g.chips[1:]) - 1)
                if flow:
                    rows.append(Chips(Text("   "), flow, gaps=gaps, indent="   "))
                continue
            who: Any
            if compact:
                who = Chips(name, [*badges, *(Text("· ") + x for x in stats)])
            else:
                who = Group(Chips(name, badges), *(Chips(x, []) for x in stats))
            cards: list[Any] = [*([held] if held else []), *groups]
            seats.add_row(who, Group(*cards) if cards else Text(""))
        areas = [*model["centre"], *model.get("panel", [])]
        parts: list[Any] = []
        if tight:
            if brief and facts:
                parts.append(Chips(Text(""), list(facts), gaps=[3] * len(facts), indent="",
                                   one_line=True))
                facts = ()
            middle: list[Text] = list(facts)
            gaps = [3] * len(facts)
            for a in areas:  # the label and its first card stay together
                label, units = self.area_units(a)
                middle += [label + units[0], *units[1:]]
                gaps += [3] + [1] * (len(units) - 1)
            if middle:
                parts.append(Chips(Text(""), middle, gaps=gaps, indent=""))
        else:
            if facts:
                parts.append(Chips(Text(""), list(facts), gaps=[3] * len(facts), indent=""))
            parts += [self.area(a) for a in areas]
        parts += rows if tight else [seats]
        if hidden and hidden_inside:
            parts.append(self.hidden_line(hidden))
        return Group(*parts)

    def area(self, a: Mapping[str, Any]) -> Chips:
        """One area of the middle of the table: its label and count, then what lies there
        (face-down cards as backs, each card with who played it, the named things),
        wrapped between them and never inside one: a narrow window kept "J♦ │ Cy"
        apart, the card on one line and its player on the next. An area with nothing
        in it says so with "–", as a fact without a value does, not with a bare colon."""
        label, units = self.area_units(a)
        return Chips(label, units)

    def area_units(self, a: Mapping[str, Any]) -> tuple[Text, list[Text]]:
        """An area's label ("Pile (8): ") and what lies there, one unit each (at least
        "–"), for :meth:`area` and a short window's flow (:meth:`table`)."""
        w = self.words
        label = Text()
        label.append(w.text(a["label"]), style="bold")
        if a.get("count") is not None:
            label.append(f" ({a['count']})")
        label.append(": ")
        units: list[Text] = []
        backs = min(int(a.get("backs") or 0), MOST_BACKS)
        if backs:
            units.append(Text("▒" * backs, style=BACK if self.fixed else REVERSE_BACK))
        owners = a.get("owners") or []
        for i, f in enumerate(a["cards"]):
            unit = Text()  # who played the card, written beside its chip, not on it
            unit.append_text(chip(from_model(f, w), fixed=self.fixed))
            if i < len(owners) and owners[i]:
                unit.append(f" {owners[i]} ")
            units.append(unit)
        items = [w.text(i) for i in a.get("items") or []]
        comma = w.comma.rstrip()
        units += [Text(x + (comma if k < len(items) - 1 else "")) for k, x in enumerate(items)]
        return label, units or [Text("–")]

    def result_text(self, model: Mapping[str, Any]) -> str:
        """The outcome in words: who won, who lost, the scores."""
        return result_text(model, self.words)
