"""One seat's screen in the terminal game, drawn from the table model with rich.

:class:`Screen` is the seat's table as :class:`tablegames.render.console.ConsoleTable`
draws it (the frame with the facts, one row per seat, the middle of the table, the hand,
the prompt) with what a game being played adds around it: what happened, the numbered
moves (each with the presenter's label), the fit to the window's height and the help
pages. Every word comes from the catalogues in the session's language.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from rich.console import Console
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

# the table's drawing is the picture's (render), one floor down; its names stay here too
from tablegames.render.console import (
    BACK,
    CHIP,
    Chips,
    ConsoleTable,
    back,
    cards_text,
    chip,
)
from tablegames.table import present
from tablegames.table.model import N_
from tablegames.tui.choices import Menu
from tablegames.tui.words import (
    GLUE,
    NAME_MOST,
    Line,
    glued_words,
    grouped_line,
    unglued,
)

__all__ = ["BACK", "CHIP", "LOG_MIN", "MIN_COLS", "MORE", "PAGE_MIN", "TERSE", "Chips", "Screen",
           "back", "cards_text", "chip", "cut_at_entry", "starts_entry"]

#: "What happened" keeps at least this many lines (its rule and two events) when the
#: seats' rows can give way for it.
LOG_MIN = 3
#: The narrowest window the game is drawn in: narrower, a card row of four cards and the
#: frame's facts no longer fit, and the screen says the window is too small.
MIN_COLS = 40
#: The fewest lines of text a page of rulings or of "What happened" shows.
PAGE_MIN = 3
#: The line under a list of moves cut short: there are more, and typing the start of a
#: move narrows the list to them. One line at :data:`MIN_COLS` in every language ("… more:
#: type the start of a move to narrow the list" took two, and Phase 10, Shithead and
#: Dallah needed 40x13 for their first screen; found by helper-218).
MORE = N_("… more: type a move's start to filter")
#: The prompt of a window too short for the game's own (the last resort before "too
#: small"): one line at :data:`MIN_COLS` in every language. The moves listed under it
#: say what may be played; Phase 10's prompt to lay a phase took three lines in Arabic
#: at 40 columns, and with an eleven-card hand a 40x12 window was too small (found by
#: helper-222).
TERSE = N_("Choose a move: type its number.")


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


def _glued(unit: Text) -> Text:
    """``unit`` with the spaces between its words as :data:`~tablegames.tui.words.GLUE`
    (its styles kept: one cell for one), so rich never breaks a line inside it. The
    spaces at its ends (a chip's padding) stay spaces: a line cut after a chip knows it
    ends in one, and "…" follows with no second ("green 10  …"; found by helper-227)."""
    glued = unit.copy()
    plain = unit.plain
    inner = plain.strip(" ")
    lead = len(plain) - len(plain.lstrip(" "))
    glued.plain = plain[:lead] + inner.replace(" ", GLUE) + plain[lead + len(inner):]
    return glued


#: A terminal's colour and style codes (``ESC [ ... m``).
_STYLE = re.compile(r"\x1b\[[0-9;]*m")


class Screen(ConsoleTable):
    """Draws a seat's screen on ``console``; ``debug`` adds the raw view and events."""

    def __init__(self, console: Console, game: str, *, lang: str = "en",
                 debug: bool = False) -> None:
        super().__init__(console, game, lang=lang)
        #: names keep their words together on the screen (see GluedWords)
        self.words = glued_words(self.lang, game)
        self.debug = debug
        #: Whether the last screen drawn (:meth:`draw`, :meth:`page`) was the window's
        #: "too small" screen (:meth:`too_small`) rather than the game.
        self.small = False

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
        """``renderables`` as the terminal lines they take (styled, without newlines), a
        name's glue turned back into spaces once the lines are wrapped."""
        with self.console.capture() as cap:
            for r in renderables:
                self.console.print(r)
        return unglued(cap.get()).splitlines()

    def draw(self, view: Mapping[str, Any], happened: Sequence[Line], menu: Menu | None,
             note: str = "", debug_events: Sequence[Mapping[str, Any]] = (),
             hot: Mapping[str, str] | None = None,
             labels_from: Mapping[str, Any] | None = None,
             prompt: str | None = None, unseen: int = 0, shrink: int = 0,
             opening: bool = False) -> int:
        """The whole screen for ``view``: table, recent events, hand, prompt, choices.

        On a real terminal the screen fits its height (one line is left for typing). What
        a person must see to move comes first and is never cut while anything else can
        give way: the header, the middle of the table, the hand, the prompt and the moves.
        The seats' rows give way first, in steps, each step measured (:meth:`tables`):
        every seat on one line (its stats beside its name), then each seat's name, cards
        held and stats on one line, then only the seats that matter most (the viewer,
        the seats the prompt or the moves name, the seat to act, then the nearest) with
        a line saying how many are not shown. "What happened" gets what is left, at
        least :data:`LOG_MIN` lines when the seats can make room for it. Only when even
        the smallest table leaves too little room is the list of moves cut ("type the
        start of a move"). ``hot`` maps single keys to the moves they play.
        ``labels_from`` is the view whose moves the menu lists, when they are another
        seat's (a person reporting what fell on a bot's turn): their labels come from
        it. ``prompt`` replaces the presenter's prompt (the session knows better: a
        person reporting for a bot, the fall model reporting).

        ``unseen``: how many of the last lines of ``happened`` the person has not seen
        yet. The table gives them room first, drawn as large as lets them all fit, down
        to the seats that matter (:meth:`pressing`): a page of its own interrupted
        almost every turn at 60x20 and often at 80x24 (found by helper-106), so only
        news that fits beside no smaller table is paged. Lines are shown whole, newest
        last;
        the number of the last lines of ``happened`` on screen is returned, so the
        session can show the rest first ("What happened" a page at a time) rather than
        let a move go unseen.

        ``shrink``: the last resorts, tried in turn only when the screen would otherwise
        be too small (a 40x12 window; found by helper-222): 1, the two smallest tables
        too (every seat folded onto the frame's bottom edge, :meth:`tables`); 2, the
        game's own prompt replaced by :data:`TERSE` as well (a prompt the session gives,
        ``prompt``, is never replaced); 3, the hand compact too (chips without their
        padding, equal cards once with their count: a hand of forty cards, helper-230;
        see :meth:`~tablegames.render.console.ConsoleTable.hand_lines`). The hand is
        never cut: a hand that does not fit even so makes the window too small, and
        that screen says so. Before them a larger table with the moves side
        by side or cut is drawn, as it was.

        ``opening``: the game's first screen for this seat. Nothing has happened yet
        that the table does not show (the deal, the dealer, the hand), so in the last
        resorts "What happened" keeps no lines of its own and gets what the table
        leaves: the three-line table, with the middle (Phase 10's discard pile, the
        card one may take), is drawn rather than the bare edges beside a line of news
        (found by helper-227). So it is when nothing happened at all. On a later screen
        the last moves keep their :data:`LOG_MIN` lines: what the others just did is
        worth more than one line of the middle, which the moves and the prompt name.
        """
        w = self.words
        model = present(view)
        height = self.fitting()
        self.small = False
        head = self.lines(*self.under(model, prompt, compact=shrink >= 3))
        labelled = present(labels_from) if labels_from is not None else model
        moves = self.menu_lines(labelled, menu, hot or {}) if menu is not None else []
        dense = (self.menu_lines(labelled, menu, hot or {}, dense=True)
                 if menu is not None and height is not None else [])
        tail = self.lines(Text(note, style="bold")) if note else []
        debug: list[str] = []
        if self.debug:
            debug = self.lines(Text("view: " + json.dumps(view, ensure_ascii=False)),
                               *[Text("event: " + json.dumps(e, ensure_ascii=False))
                                 for e in debug_events])
        rule = self.lines(Rule(w("What happened"), align="left", style="dim"))
        entries = [self.lines(Text(x)) for x in happened]
        nothing = [] if entries else self.lines(Text(w("(nothing yet)")))
        shown = len(entries)
        if height is None:
            top = self.lines(self.frame(model))
            log = rule + [ln for e in entries for ln in e] + nothing
        else:
            fixed = len(head) + len(tail) + len(debug) + 1  # 1: the typing line
            fresh = entries[len(entries) - min(unseen, len(entries)):] if unseen else []
            wanted = 1 + sum(len(e) for e in fresh)  # the rule and the lines not yet seen
            reserve = LOG_MIN  # the lines "What happened" keeps when the table can give way
            if shrink and (opening or not entries):  # nothing happened yet: the table wins
                reserve = wanted = 0
            top = []
            # the moves one a line, then side by side when the window is too short for
            # them, the news and a table (a short menu went one a line, and at 60x20
            # four moves sent three lines of news to a page)
            layouts = [moves, *([dense] if 0 < len(dense) < len(moves) else [])]
            for shape in layouts:
                if wanted > reserve:  # the seats' rows give way to them, step by step
                    for drawn in self.tables(model, few=self.pressing(model),
                                             room=height - fixed - len(shape) - wanted,
                                             least=shrink > 0):
                        if len(drawn) <= height - fixed - len(shape) - wanted:
                            top = drawn
                            break
                else:
                    drawn = self.fit(model, height - fixed - len(shape) - reserve,
                                     least=shrink > 0)
                    if len(drawn) <= height - fixed - len(shape) - reserve:
                        top = drawn
                if top:
                    moves = shape
                    break
            else:
                moves = layouts[-1]  # nothing fits: the shortest leaves the most room
            top = top or self.fit(model, height - fixed - len(moves) - reserve,
                                  least=shrink > 0)
            room = height - fixed - len(top)
            if len(moves) > room:
                more = self.more_lines()
                keep = cut_at_entry(moves, max(0, room - len(more)))
                moves = moves[:keep] + more if keep else []
                room -= len(moves) if keep else room + 1  # not even one move fits
            else:
                room -= len(moves)
            terse = (shrink == 1 and prompt is None and menu is not None
                     and model["prompt"] is not None)  # the game's prompt may give way
            if room < 0 and self.console.width >= MIN_COLS and (
                    shrink == 0 or terse or (shrink in (1, 2) and model["hand"])):
                return self.draw(view, happened, menu, note, debug_events, hot,
                                 labels_from, self.words(TERSE) if terse else prompt,
                                 unseen, shrink=shrink + 1 if shrink != 1 or terse else 3,
                                 opening=opening)
            if self.console.width < MIN_COLS or room < 0:
                # what a person needs to move does not fit (the list of moves cut to its
                # first line with no word of the rest, the frame's title and the prompt
                # pushed off the top; found by helper-214): the window is too small
                self.too_small(self.least(model, prompt, labelled, menu, hot or {}, note,
                                          len(debug)), height, self.hand_too_big(model, height))
                return 0
            log, shown = [], 0
            if room >= 2:  # whole lines of the story, the newest last
                for e in reversed(entries):
                    if len(log) + len(e) > room - 1:
                        break
                    log[:0] = e
                    shown += 1
                if not log and entries:  # one line longer than the room: its end
                    log = entries[-1][-(room - 1):]
                log = rule + (log or nothing[:room - 1])
        self.clear()
        self.console.file.write("\n".join([*top, *log, *head, *moves, *tail, *debug]) + "\n")
        self.console.file.flush()
        return shown

    def more_lines(self) -> list[str]:
        """:data:`MORE` in the screen's language, as the lines it takes."""
        return self.lines(Text(self.words(MORE)))

    def least(self, model: Mapping[str, Any], prompt: str | None,
              labelled: Mapping[str, Any], menu: Menu | None, hot: Mapping[str, str],
              note: str, debug: int) -> tuple[int, int]:
        """The smallest window that shows this screen (columns, lines): at least
        :data:`MIN_COLS` wide, and at that width (or the window's, when wider) the lines
        of the smallest table, the hand and the prompt, the note, the first move and the
        line saying there are more (every move when that takes fewer lines), and the
        line for typing."""
        width, height = self.console.size
        cols = max(width, MIN_COLS)
        self.console.size = (cols, height)
        if prompt is None and menu is not None and model["prompt"] is not None:
            prompt = self.words(TERSE)  # the last resort (see :meth:`draw`)
        try:
            rows = (len(self.lines(*self.under(model, prompt, compact=True))) + debug + 1
                    + (len(self.lines(Text(note, style="bold"))) if note else 0)
                    + len(self.fit(model, 0)))
            if menu is not None:
                moves = self.menu_lines(labelled, menu, hot)
                dense = self.menu_lines(labelled, menu, hot, dense=True)
                more = self.more_lines()
                first = next((i for i in range(1, len(moves)) if starts_entry(moves[i])),
                             len(moves))  # the first move's lines
                rows += min(len(moves), len(dense) or len(moves), first + len(more))
        finally:
            self.console.size = (width, height)
        return cols, rows

    def notice(self, texts: Sequence[Text], prompt: str = "") -> None:
        """A screen of a few lines with nothing of the game on it (the shared screen's
        "Pass the screen to P1."), the line for typing (``prompt``) under it. It is
        drawn whole when the window holds it as it holds the game (at least
        :data:`MIN_COLS` wide, every line and the prompt's), else it is the window's
        "too small" screen (:attr:`small`), as a page of the game is: what it says is
        then read whole once the window is larger."""
        height = self.fitting()
        self.small = False
        lines = self.lines(*texts)
        asked = len(self.lines(Text(prompt))) if prompt else 1
        if height is not None and (self.console.width < MIN_COLS
                                   or len(lines) + asked > height):
            width = self.console.width
            self.console.size = (max(width, MIN_COLS), height)
            try:
                need = (self.console.width, len(self.lines(*texts))
                        + (len(self.lines(Text(prompt))) if prompt else 1))
            finally:
                self.console.size = (width, height)
            self.too_small(need, height)
            return
        self.show(lines)

    def hand_too_big(self, model: Mapping[str, Any], height: int) -> int:
        """How many cards the viewer holds when the hand is why the window is too small
        (its compact lines, with the bare table's two edges, one line of prompt, one
        move and the line for typing, take more than ``height``), else 0: the too small
        screen then says so (helper-230)."""
        if not model["hand"] or self.console.width < MIN_COLS:
            return 0
        hand = len(self.lines(*self.hand_lines(model, compact=True)))
        return len(model["hand"]) if hand + 5 > height else 0

    def too_small(self, need: tuple[int, int], height: int, hand: int = 0) -> None:
        """The screen of a window too small for the game: its size, the size the game
        needs here (:meth:`least`), and that the game goes on once the window is larger
        (it is drawn again at every resize) or stops with ``q``; ``hand``: the count of
        cards held, when the hand is why (:meth:`hand_too_big`: "Your hand (70 cards)
        does not fit."), said first. What fits of it is drawn, from its first line."""
        self.clear()
        lines = self.too_small_lines(need, height)
        if hand:
            # the count in the game's own word for cards (Shithead's Arabic كروت)
            cards = self.words.n("({n} card)", "({n} cards)", hand)
            said = self.lines(Text(self.words("Your hand {cards} does not fit.",
                                              cards=cards)))
            lines = (lines[:1] + said + lines[1:])[:max(1, height - 1)]
        self.console.file.write("\n".join(lines) + "\n")
        self.console.file.flush()
        self.small = True

    def too_small_lines(self, need: tuple[int, int], height: int) -> list[str]:
        """:meth:`too_small`'s lines, as many as the window's ``height`` holds."""
        w = self.words
        lines = self.lines(
            Text(w("The window is too small."), style="bold"),
            Text(w("It is {cols}×{rows}; this screen needs {need_cols}×{need_rows} "
                   "(columns × lines). Make the window larger and the game goes on; q "
                   "stops it.", cols=self.console.width, rows=height, need_cols=need[0],
                   need_rows=need[1])))
        return lines[:max(1, height - 1)]

    def area_units(self, a: Mapping[str, Any]) -> tuple[Text, list[Text]]:
        """An area's label and what lies there (the picture's units), each unit kept
        whole: the label and its first unit share a line when they fit, and when they
        do not, rich broke the line inside the unit (Dallah's Arabic shared pile at 40
        columns: "الكلاسيكي ×" on one line, "5،" on the next; found by helper-214). A
        unit wider than a name may (:data:`~tablegames.tui.words.NAME_MOST`) still wraps."""
        label, units = super().area_units(a)
        return label, [_glued(u) if u.cell_len <= NAME_MOST else u for u in units]

    def fit(self, model: Mapping[str, Any], room: int, *, least: bool = True) -> list[str]:
        """The table's lines, drawn as large as ``room`` lines allow (the first of
        :meth:`tables` that fits), down to one seat (the viewer's own row, with its
        face-up cards), or with ``least`` down to the frame's two edges."""
        drawn: list[str] = []
        for drawn in self.tables(model, room=room, least=least):
            if len(drawn) <= room:
                break
        return drawn

    def tables(self, model: Mapping[str, Any], few: int = 1,
               room: int | None = None, least: bool = True) -> Iterator[list[str]]:
        """The table's drawings from the largest to the smallest: in full, each seat on
        one line with its stats beside its name (``compact``), each seat's name and
        stats on one line with its cards in one flow (``tight``), then fewer seats, down
        to ``few``, with a line saying how many are not shown, and last the facts inside
        the frame on one line ("…" for the rest, ``brief``), then, with ``least``, every
        seat folded onto the frame's bottom edge with one line of the middle, and last
        the two edges alone (``bare``; see
        :meth:`~tablegames.render.console.ConsoleTable.frame`). The seats kept are the
        most pressing (:meth:`order`): the viewer, the seats the prompt or the moves name
        (the exchange to challenge, the groups one may hit), the seat to act, then the
        nearest after the viewer.

        ``room``: the lines the table may take, when known. A drawing of ``k`` seats,
        each on a line of its own at least between the frame's two edges, cannot fit
        fewer than ``k + 2``, so it is not drawn (at 40x12, Shithead for seventeen drew
        twenty tables that could not fit, a second a screen)."""
        order = self.order(model)

        def may_fit(k: int) -> bool:
            return room is None or k + 2 <= room

        if may_fit(len(order)):
            yield self.lines(self.frame(model))
            yield self.lines(self.frame(model, compact=True))
            yield self.lines(self.frame(model, tight=True))
        for k in range(len(order) - 1, max(1, few) - 1, -1):
            if may_fit(k):
                yield self.lines(self.frame(model, tight=True, only=frozenset(order[:k])))
        kept = frozenset(order[:max(1, few)]) if len(order) > max(1, few) else None
        yield self.lines(self.frame(model, tight=True, only=kept, brief=True))
        if least:
            yield self.lines(self.frame(model, least=order))
            yield self.lines(self.frame(model, least=order, bare=True))

    def order(self, model: Mapping[str, Any]) -> list[int]:
        """The seats, the most pressing first (see :meth:`tables`): a question about a
        seat hidden for want of room ("Challenge the exchange of P2?" with P2 left out,
        found by helper-106) cannot be answered."""
        seats = model["seats"]
        named = self.named(model)
        return sorted(range(len(seats)), key=lambda i: (
            not seats[i]["you"], seats[i]["name"] not in named, not seats[i]["turn"],
            self._distance(seats, i)))

    def pressing(self, model: Mapping[str, Any]) -> int:
        """How many seats stay on the table while what happened takes room: the viewer,
        the seats the prompt or the moves name and the seat to act (:meth:`order`)."""
        named = self.named(model)
        return sum(1 for s in model["seats"] if s["you"] or s["turn"] or s["name"] in named)

    @staticmethod
    def named(model: Mapping[str, Any]) -> set[str]:
        """The players' names that the prompt or a move's label gives as an argument, and
        at the end those the result's sentence names (the end table left out the winner's
        row while the sentence below it named them; found by helper-112)."""
        names = {s["name"] for s in model["seats"]}
        found: set[str] = set()

        def walk(m: Any) -> None:
            if isinstance(m, str):
                if m in names:
                    found.add(m)
            elif isinstance(m, list):
                for x in m:
                    walk(x)
            elif isinstance(m, Mapping) and "args" in m:
                for x in m["args"].values():
                    walk(x)

        walk(model.get("prompt"))
        for a in model.get("actions") or []:
            walk(a.get("label"))
        result = model.get("result")
        if result:  # the players the end's sentence names ("P3 won."): their rows stay too
            walk(result.get("said"))
        return found

    @staticmethod
    def _distance(seats: Sequence[Mapping[str, Any]], i: int) -> int:
        """How many seats after the viewer (or the first seat) seat ``i`` sits."""
        me = next((j for j, s in enumerate(seats) if s["you"]), 0)
        return (i - me) % max(1, len(seats))

    def page(self, title: str, paragraphs: Sequence[str | Sequence[str]],
             footer: str) -> list[list[str]]:
        """``paragraphs`` cut into screens of the terminal's height (one screen when it is
        no terminal), each starting with ``title`` and ending with ``footer``.

        A paragraph given as a sequence of strings is one block (a ruling and its example
        at the table): a screen ends between blocks, never inside one that fits on the
        next screen; only a block longer than a whole screen is cut, and it starts on a
        screen of its own (found by a newcomer: a page ended in the middle of TOE-11's
        example, and the next began with the following ruling's last words)."""
        return [lines for _, lines in self.paged(title, paragraphs, footer)]

    def paged(self, title: str, paragraphs: Sequence[str | Sequence[str]],
              footer: str) -> list[tuple[int, list[str]]]:
        """:meth:`page`'s screens, each with the index of the first paragraph it shows,
        so that a window resized on a page is shown the same place at its new size.
        A window too narrow (:data:`MIN_COLS`) or too short for :data:`PAGE_MIN` lines
        of text between the title and the footer gets one screen: :meth:`too_small`'s
        (:attr:`small`)."""
        height = self.fitting()
        self.small = False
        blocks = [[ln for p in ([b] if isinstance(b, str) else b) for ln in self.lines(Text(p))]
                  for b in paragraphs]
        head = self.lines(Text(title, style="bold"))
        foot = self.lines(Text(footer))
        if height is None:
            return [(0, head + [ln for b in blocks for ln in b] + foot)]
        room = height - 1 - len(head) - len(foot)
        if self.console.width < MIN_COLS or room < PAGE_MIN:
            width = self.console.width
            self.console.size = (max(width, MIN_COLS), height)  # the title and footer there
            try:
                need = (self.console.width, 1 + PAGE_MIN + len(self.lines(Text(title)))
                        + len(self.lines(Text(footer))))
            finally:
                self.console.size = (width, height)
            self.small = True
            return [(0, self.too_small_lines(need, height))]
        screens: list[tuple[int, list[str]]] = [(0, [])]
        for i, block in enumerate(blocks):
            if screens[-1][1] and len(screens[-1][1]) + len(block) > room:
                screens.append((i, []))  # the block starts the next screen
            for ln in block:
                if len(screens[-1][1]) == room:  # only a block longer than a screen
                    screens.append((i, []))
                screens[-1][1].append(ln)
        return [(i, head + body + foot) for i, body in screens]

    def show(self, lines: Sequence[str]) -> None:
        """One screen of lines made by :meth:`page`."""
        self.clear()
        self.console.file.write("\n".join(lines) + "\n")
        self.console.file.flush()

    def menu_lines(self, model: Mapping[str, Any], menu: Menu,
                   hot: Mapping[str, str], *, dense: bool = False) -> list[str]:
        """The numbered moves (a move played by a single key shows it: ``[k]``), in up to
        three columns when there are many (``dense``: even when there are few, for a
        window too short for them one a line), then the verbs shown only as a count, then
        how many moves of more cards each verb has besides those listed (:class:`Menu`)."""
        w = self.words
        labels = {a["n"]: w.text(a["label"]) for a in model["actions"]}
        keys = {n: k for k, n in hot.items()}
        cells = []
        for i, c in enumerate(menu.numbered, 1):
            cell = Text(f"{i:>2}) ", style="bold")
            if c.notation in keys:
                cell.append(f"[{keys[c.notation]}] ", style="bold")
            cell.append(labels.get(c.notation, c.short))
            cells.append(cell)
        out: list[str] = []
        for run in self._runs(cells, dense):
            widest = max(cell.cell_len for cell in run)
            fits = max(1, (self.console.width - 2) // (widest + 3))
            per_row = 1 if len(cells) <= 4 and not dense else min(3, fits, len(run))
            table = Table.grid(padding=(0, 3))
            for _ in range(per_row):
                table.add_column()
            for r in range(0, len(run), per_row):
                row = run[r:r + per_row]
                table.add_row(*row, *[Text("")] * (per_row - len(row)))
            out += self.lines(table)
        for verb, n in menu.grouped.items():
            out += self.lines(Text(grouped_line(w, self.game, verb, n, model["actions"])))
        for verb, n in menu.more.items():
            out += self.lines(Text(w.n("    {verb}: {n} more way with more cards; type "
                                       "'{verb}' and a card to list it", "    {verb}: {n} "
                                       "more ways with more cards; type '{verb}' and a card "
                                       "to list them", n, verb=verb)))
        return out

    def _runs(self, cells: Sequence[Text], dense: bool) -> list[list[Text]]:
        """The moves in runs laid out together, in order: a move too wide to share a line
        alone, the moves between such in columns of their own width. Phase 10's two
        "Lay down: ..." moves, wrapping at 60 columns, kept every "Discard ..." after
        them one a line, and a 60x20 window cut the list and paged one line of news."""
        if len(cells) <= 4 and not dense:
            return [list(cells)] if cells else []
        half = (self.console.width - 2 - 3) // 2  # wider: it cannot share a line
        runs: list[list[Text]] = []
        alone = True  # the last run is a wide move's
        for cell in cells:
            wide = cell.cell_len > half
            if wide or alone:
                runs.append([cell])
            else:
                runs[-1].append(cell)
            alone = wide
        return runs

    def print_menu(self, model: Mapping[str, Any], menu: Menu) -> None:
        """The moves, printed (see :meth:`menu_lines`)."""
        for line in self.menu_lines(model, menu, {}):
            self.console.file.write(line + "\n")

    def say(self, text: str, style: str = "") -> None:
        self.console.file.write("\n".join(self.lines(Text(text, style=style))) + "\n")
