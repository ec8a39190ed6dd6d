"""One game at the terminal: who is human, who is a bot, turns, interrupts, the hot seat.

A :class:`Session` plays a game to its end. Humans are asked through their own view
(``state.view(seat)``: its ``legal`` moves and ``prompt``); bots choose with the game's
bots. Three things make it a game a person can play rather than a debugger:

* **Interrupts.** A seat may have moves when it is not its turn (Toepen's knock, a
  Shithead cut-in where the rules allow it): ``state.legal_actions(seat)`` is then not
  empty. Before each bot move, a human with such moves is given a chance: with
  ``pace > 0`` the bot waits that many seconds, and a move typed meanwhile is played
  first; with ``pace == 0`` the human is asked (Enter lets the bot go on).
* **The hot seat** (``table=True``): every seat is a person at one screen. Before a seat
  with a hidden hand is shown, the screen is cleared and the next person is asked to take
  it, so nobody sees the hand of the player before. Dallah hides nothing, so its table
  simply types every seat's moves and reports of what fell.
* **Clean ends.** ``q``, end of input and Ctrl-C all stop the game with status 0.
"""

from __future__ import annotations

import json
import select
import time
from collections import deque
from collections.abc import Mapping, Sequence
from typing import Any, TextIO

import attrs
from rich.console import Console

from tablegames.bots.handle import Handle
from tablegames.common.errors import TablegamesError
from tablegames.common.protocol import GameInfo
from tablegames.table.i18n import check_lang
from tablegames.tui.choices import QUIT, Menu, Reading, choices, read
from tablegames.tui.screen import Screen
from tablegames.tui.words import Line, Narrator

HELP = ("Type the number of a move, or the move itself without your seat: 'play Th' "
        "(or 'play 10h', 'play 10♥'), 'knock'. Words narrow a long list: 'lay R7'. "
        "q quits.")
_TIMEOUT = object()
#: "What happened" shows at least this many lines, and at most the last ``SHOWN_MAX``.
SHOWN_MIN, SHOWN_MAX = 6, 18


class Quit(Exception):
    """The person asked to stop (``q``, end of input)."""


@attrs.frozen
class Options:
    """How to play: the game, who sits where, who is human, the pace, the language."""

    game: str
    players: int | Sequence[str] = 4
    seat: int = 0
    seed: int = 0
    rules: Any = None
    opponent: str | None = None
    table: bool = False
    lang: str = "en"
    pace: float = 1.0
    debug: bool = False


def make_bot(info: GameInfo, name: str, seed: int) -> Any:
    """A bot for one seat: ``tablegames.bots.make`` when present, else the game's own bots."""
    try:
        import importlib

        bots = importlib.import_module("tablegames.bots")
        make = getattr(bots, "make", None)
    except ImportError:
        make = None
    if make is not None:
        return make(name, info.name, seed=seed)
    factory = info.bots.get(name)
    if factory is None:
        raise TablegamesError(f"{info.name} has no bot {name!r}; known: {', '.join(info.bots)}")
    return factory(seed)


class Session:
    """A game at the terminal (see the module docstring)."""

    def __init__(self, info: GameInfo, options: Options, out: TextIO, inp: TextIO) -> None:
        self.info = info
        self.options = options
        self.inp = inp
        self.console = Console(file=out, highlight=False, emoji=False, soft_wrap=False)
        self.out = out
        check_lang(options.lang)  # a game without that catalogue is drawn in English
        players: Any = options.players
        names = list(players) if not isinstance(players, int) else None
        self.state = info.new_game(
            players=players, seed=options.seed, rules=options.rules,
            **info.simulate_kwargs(names or [f"P{i}" for i in range(players)]))
        n = len(self.state.players)
        if not 0 <= options.seat < n:
            raise TablegamesError(f"--seat must be a seat of this game, 0..{n - 1}")
        self.humans = set(range(n)) if options.table else {options.seat}
        kind = options.opponent or info.default_bot
        self.bots = {s: make_bot(info, kind, options.seed * 1009 + s)
                     for s in range(n) if s not in self.humans}
        self.screen = Screen(self.console, info.name, lang=options.lang, debug=options.debug)
        self.names = list(self.state.players)
        self.narrators = {s: Narrator(info.name, self.names, s, lang=options.lang)
                          for s in self.humans}
        self.happened: dict[int, deque[Line]] = {s: deque(maxlen=SHOWN_MAX) for s in self.humans}
        #: Lines told to each seat, and how many it had been told before its last move:
        #: its screen shows everything since that move (at least ``SHOWN_MIN`` lines).
        self.told = dict.fromkeys(self.humans, 0)
        self.mark = dict.fromkeys(self.humans, 0)
        self.debug_events: dict[int, list[dict[str, Any]]] = {s: [] for s in self.humans}
        for s in self.humans:
            self._tell(s, self.state.log(s))
        self.on_screen: int | None = None
        self._last_error = ""

    # ----------------------------------------------------------------- reading the game
    def view(self, seat: int | None) -> dict[str, Any]:
        return self.state.view(seat)  # type: ignore[no-any-return]

    def _tell(self, seat: int, events: Sequence[Mapping[str, Any]]) -> None:
        narrator = self.narrators[seat]
        view = self.view(seat)
        for e in events:
            line = narrator.say(e, view)
            if line:
                self.happened[seat].append(line)
                self.told[seat] += 1
        if self.options.debug:
            self.debug_events[seat] = [dict(e) for e in events]

    def _apply(self, notation: str, by: int) -> None:
        if by in self.humans:
            self.mark[by] = self.told[by]
        events = self.state.apply(notation, by=by, expect=self.state.version)
        for s in self.humans:
            self._tell(s, [e.for_seat(s) for e in events])

    # ----------------------------------------------------------------- input
    def _readline(self, prompt: str, timeout: float | None = None) -> Any:
        """A typed line; ``_TIMEOUT`` if ``timeout`` passed first. End of input quits."""
        self.console.print(prompt, end="", markup=False)
        self.out.flush()
        if timeout is not None:
            try:
                ready, _, _ = select.select([self.inp], [], [], timeout)
            except (OSError, ValueError, TypeError):  # not a terminal or pipe: no waiting
                return _TIMEOUT
            if not ready:
                self.console.print()
                return _TIMEOUT
        line = self.inp.readline()
        if not line:
            raise Quit
        return line.rstrip("\n")

    # ----------------------------------------------------------------- playing
    def run(self) -> int:
        """Play to the end (or until the person quits); the exit status."""
        try:
            while not self.state.is_over:
                seat = self.state.to_act
                if seat in self.humans:
                    self.decide(seat)
                else:
                    self.offer_interrupts(seat)
                    if self.state.is_over or self.state.to_act != seat:
                        continue
                    self._apply(str(self.bots[seat].choose(Handle(self.state, seat))), seat)
                    if self.options.pace > 0 and not self.options.table:
                        self.draw(self.options.seat, None, f"{self.names[seat]} has played.")
                        if not self._window_next():
                            time.sleep(self.options.pace)
            self.finish()
        except (Quit, KeyboardInterrupt, EOFError):
            self.console.print()
            self.console.print("Game stopped. Goodbye.", markup=False)
        return 0

    def recent(self, seat: int) -> list[Line]:
        """What to show under "What happened": everything since the seat's last move."""
        lines = list(self.happened[seat])
        fresh = max(SHOWN_MIN, self.told[seat] - self.mark[seat])
        return lines[-fresh:]

    def _window_next(self) -> bool:
        """Whether the next bot move opens an interrupt window (which is the pause then)."""
        nxt = self.state.to_act
        return (nxt is not None and nxt not in self.humans
                and bool(self.state.legal_actions(self.options.seat)))

    def draw(self, seat: int, menu: Menu | None, note: str = "") -> None:
        self.screen.draw(self.view(seat), self.recent(seat), menu, note,
                         self.debug_events[seat])
        self.on_screen = seat

    def hand_over(self, seat: int) -> None:
        """At a shared screen, hide the last hand before the next person looks."""
        if not self.options.table or self.on_screen == seat or self._hand_is_public(seat):
            return
        self.screen.clear()
        self.console.print()
        self.console.print(f"Pass the screen to {self.names[seat]}.", markup=False,
                           style="bold")
        answer = self._readline(f"{self.names[seat]}, press Enter when only you can see "
                                "the screen (q stops). ")
        if str(answer).strip().lower() in QUIT:
            raise Quit
        self.on_screen = None

    def _hand_is_public(self, seat: int) -> bool:
        """Whether every card ``seat`` holds lies face up anyway (Dallah's protection cards):
        then the screen need not be passed."""
        hand = [str(c) for c in self.view(seat).get("hand") or []]
        public = json.dumps(self.view(None), ensure_ascii=False)
        return all(json.dumps(c, ensure_ascii=False) in public for c in hand)

    def decide(self, seat: int) -> None:
        """Ask a human seat for its move until one is accepted."""
        self.hand_over(seat)
        view = self.view(seat)
        options = choices(view.get("legal", []), seat)
        menu = Menu.of(options)
        note = ""
        # At a shared screen another person may make an out-of-turn move ("2:knock").
        others = [s for s in self.humans if s != seat and self.state.legal_actions(s)]
        while True:
            self.draw(seat, menu, note)
            line = self._readline(f"{self.names[seat]}> ")
            reading = read(line, options, menu, seat, self.info.name, others)
            if self._handle(reading, seat) is not None:
                return
            if reading.kind == "menu" and reading.menu is not None:
                menu, note = reading.menu, reading.message
            elif reading.kind == "help":
                note = HELP
            else:
                note = self._last_error or reading.message

    def _handle(self, reading: Reading, seat: int) -> bool | None:
        """Apply a move reading; True if a move was played, None otherwise."""
        self._last_error = ""
        if reading.kind == "quit":
            raise Quit
        if reading.kind != "move":
            return None
        who = int(reading.move.split(":", 1)[0])
        try:
            self._apply(reading.move, who)
        except TablegamesError as exc:
            self._last_error = f"Not played: {exc}"
            return None
        return True

    def offer_interrupts(self, bot_seat: int) -> None:
        """Before a bot moves, let a human with out-of-turn moves make one."""
        me = self.options.seat
        if self.options.table or not self.state.legal_actions(me):
            return
        view = self.view(me)
        options = choices(view.get("legal", []), me)
        if not options:
            return
        menu = Menu.of(options)
        wait = self.options.pace
        note = ""
        while True:
            hint = (f"{self.names[bot_seat]} is about to play. You may: "
                    + ", ".join(c.short for c in options[:4])
                    + (f" (type it within {wait:g} s)" if wait > 0 else " (or press Enter)"))
            self.draw(me, menu, note or hint)
            line = self._readline(f"{self.names[me]}> ", timeout=wait if wait > 0 else None)
            if line is _TIMEOUT or not str(line).strip():
                return
            reading = read(line, options, menu, me, self.info.name)
            if self._handle(reading, me):
                return
            if reading.kind == "menu" and reading.menu is not None:
                menu, note = reading.menu, reading.message
            else:
                note = self._last_error or (HELP if reading.kind == "help" else reading.message)
            wait = 0  # the person is typing: wait for them now

    def finish(self) -> None:
        """The final screen: the outcome, with every seat's cards the game made public."""
        seat = self.options.seat if not self.options.table else None
        if seat is None:
            self.screen.clear()
            last = max(self.humans)
            self.screen.draw(self.view(None), self.recent(last), None)
        else:
            self.draw(seat, None)
