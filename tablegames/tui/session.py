"""One game at the terminal: who is human, who is a bot, turns, interrupts, the hot seat.

A :class:`Session` plays a game to its end. Humans are asked through their own view
(``state.view(seat)``: its ``legal`` moves and ``prompt``); bots choose with the game's
bots. Three things make it a game a person can play rather than a debugger:

* **Interrupts.** A seat may have moves when it is not its turn (Toepen's knock, a
  Shithead cut-in where the rules allow it): ``state.legal_actions(seat)`` is then not
  empty. At a real terminal keys are read one by one (:mod:`tablegames.tui.keys`): a
  move without arguments is played by the single key of its first letter (``k``
  knocks), at the prompt and while the bots move, when nothing a person may type begins
  with that letter (no other move, no card: with a king in hand ``Kh`` is the king, and
  ``kn`` Enter knocks; see :func:`hotkeys`). Lines typed while the bots move are kept,
  line by line, for the prompts that follow; before each bot move
  the screen shows the table for ``pace`` seconds (``0``: not at all, and nobody is asked
  for Enter) and a key pressed meanwhile is played first. When the input is not a
  terminal (a script, a pipe) lines are read instead, and the human is asked between bot
  moves (Enter lets the bot go on).
* **Pauses that tell.** When a hand (a round) ends, the screen stops on its result until
  a key is pressed; at game over the final table and the result stay on screen, and
  "Play again? (y/n)" starts a new game with the next seed.
* **Help.** ``?`` shows the rulings that bear on the prompt, in the rulings page's plain
  words (:mod:`tablegames.tui.helpscreen`).
* **The hot seat** (``table=True``): every seat is a person at one screen. Before a seat
  with a hidden hand is shown, the screen is cleared and the next person is asked to take
  it, so nobody sees the hand of the player before. Dallah hides nothing, so its table
  simply types every seat's moves and reports of what fell.
* **Who reports what fell** (Dallah, ``reports``). The engine never decides what
  falls: a person at the table reports it. A bot cannot place a cup, so on a bot's turn
  somebody else must say what fell:

  - ``"bots"`` (the default): the game's own fall model reports for each bot, as if the
    bot's player said what fell (the game's table model, ``hints_for(game).table``: the
    :class:`~tablegames.dallah.fallmodel.FallModel` that ``simulate`` and the arena
    use), whatever the bot (a random opponent does not report random falls); the
    person reports their own turns (and may report a late fall of their own turn while
    the bots play).
  - ``"table"``: the person reports every turn: with a real Dallah on the table, they
    place each bot's cup themselves and type what fell for that bot (the bot still makes
    its own decisions: swaps, targets, protection). ``--reports table``.
  - ``"model"``: the fall model reports every turn, the person's too: no Dallah at
    hand. On their own turn the person still decides (the swap; Enter lets the cup go
    and the model says what fell), and is never asked about late falls.

  The default keeps a game against bots going without a Dallah at hand for the bots'
  turns while the person plays their own turns as at a real table; ``table`` is for a
  person with the real object and the bots' turns, ``model`` for one with no Dallah.
* **Clean ends.** ``q`` and end of input stop the game with status 0 (at a real
  terminal Ctrl-D is a key: it stops the game on an empty line and at every wait for a
  key); Ctrl-C stops it too, with the status of every interrupted command (130, as
  ``tablegames`` documents it), so that a script running games one after another can tell an interruption from
  a game played out. The terminal is restored either way.
"""

from __future__ import annotations

import functools
import re
import select
import time
import unicodedata
from collections import deque
from collections.abc import Callable, Mapping, Sequence
from typing import Any, TextIO

import attrs
from rich.console import Console
from rich.text import Text

from tablegames.bots.harness import ask_bot, bot_seed, check_time_limit, hash_seed
from tablegames.bots.registry import FactoryFailed, hints_for
from tablegames.bots.registry import names as bot_names
from tablegames.common.actions import Event
from tablegames.common.errors import (
    INTERRUPTED,
    ArgumentRefused,
    IllegalAction,
    NotationError,
    SetupError,
    TablegamesError,
    quoted,
)
from tablegames.common.numbers import whole_number
from tablegames.common.protocol import GameInfo
from tablegames.common.registry import game_info
from tablegames.common.rounds import ROUND_OVER, RoundEnd, round_end
from tablegames.common.setups import check_seconds, check_seed, normalize_players
from tablegames.table import present, refusal_text
from tablegames.table.i18n import check_lang, typed_text
from tablegames.tui.choices import CUT, QUIT, Choice, Menu, Reading, choices, read, readable
from tablegames.tui.helpscreen import card_glossary, help_text
from tablegames.tui.keys import ENTER, ERASE, Keyboard
from tablegames.tui.screen import Screen
from tablegames.tui.words import GLUE, Line, Narrator, unglued

_TIMEOUT = object()
#: The event that ends a round (a deal) without ending the game, in every game that has
#: rounds: the screen pauses on it.
ROUND_ENDS = frozenset({ROUND_OVER})
#: Events the terminal shows elsewhere than in "What happened": the game's end is the end
#: screen's sentence (under the table, with the standings), and the cards dealt to the
#: seat are its hand, drawn under the table ("Your cards: ..." in the log right above
#: "Your hand: ..." said it twice; found by helper-106).
UNTOLD = frozenset({"game_over", "cards"})
#: Keys that never play a move by themselves (help, quit).
RESERVED = frozenset("?q")
#: Who reports what fell (see the module docstring): the fall model for the bots, the
#: person for everyone, or the fall model for everyone.
REPORTERS = ("bots", "table", "model")


@attrs.frozen
class Hot:
    """A move played by a single key."""

    move: str


def hotkeys(options: Sequence[Choice], game: str = "",
            typed: Sequence[str] = (),
            labels: Mapping[str, str] | None = None) -> dict[str, str]:
    """The single keys that play a move at once.

    The rule: a key plays a move by itself only when nothing a person may type could
    begin with it. It is the first letter of the word the screen shows for a move
    without arguments (``labels``, by notation: Dutch "Meegaan" is ``m``, "Passen"
    ``p``; found by helper-106, whose Dutch screen showed "[s] Meegaan" after the
    English verb), or of the verb when there is no label (``knock``, ``fold``), and no
    other move has a word that begins with that letter in either case: not a verb, not
    a word of its label, not a card (``Kh``, ``K♥``, ``10h``), not a target (Dallah's
    ``spout``), nor a card of ``typed`` (the hand, whose cards the person may start
    typing while the bots move). So ``k`` knocks while the hand holds no king, and
    ``Kh`` always types the king of hearts; the screen shows the keys that are hot as
    ``[k]``. Digits and ``?``/``q`` are never hot keys.
    """
    shown = labels or {}

    def words(texts: Sequence[str]) -> set[str]:
        found: set[str] = set()
        for text in texts:
            for variant in {text, readable(game, text)} if game else {text}:
                found |= {x for x in re.split(r"[^\w♣♦♥♠]+", variant.lower()) if x}
        return found

    # what may be typed for each move (its notation, and its label when it has one),
    # and each card of the hand
    texts_of = [[c.short, shown[c.notation]] if c.notation in shown else [c.short]
                for c in options] + [[t] for t in typed]
    starts: dict[str, int] = {}
    for texts in texts_of:
        for k in {x[0] for x in words(texts)}:  # each move counts once for a letter
            starts[k] = starts.get(k, 0) + 1
    keys: dict[str, str] = {}
    for c in options:
        k = hot_word(c, shown)[:1]
        if c.verb and not c.args and k.isalpha() and k not in RESERVED \
                and starts.get(k, 0) == 1:
            keys[k] = c.notation
    return keys


def hot_word(choice: Choice, labels: Mapping[str, str] | None = None) -> str:
    """The word whose first letter is ``choice``'s hot key, in lower case: the first word
    of its label on screen, else its verb (see :func:`hotkeys`)."""
    label = (labels or {}).get(choice.notation, "")
    first = re.split(r"[^\w]+", label.strip().lower(), maxsplit=1)[0] if label.strip() else ""
    return first or choice.verb.lower()


#: The longest pause between two keys of a word typed through after its hot key acted
#: ("draw" typed whole after "d" drew): a key after a longer pause is a new key, so Dallah's
#: "d" (Draw) then, on the next menu, "r" (Roll) rolls, where the "r" was taken for the
#: rest of "draw" (found by helper-112). Typing runs at 0.1-0.3 s a key; reading a new
#: menu before the next key takes longer.
TYPED_THROUGH = 0.5

#: "What happened" shows at least this many lines; the last ``SHOWN_MAX`` are kept, so
#: that a long run of bot moves is all there to be read (a page at a time) at the next
#: prompt.
SHOWN_MIN, SHOWN_MAX = 6, 2000
#: Ctrl-D: at a real terminal (keys one by one) it is a key, not the end of input; on an
#: empty line and at every wait for a key it stops the game, as the end of input does.
EOF_KEY = "\x04"

#: The longest line read as a move, in characters: the longest move of any game, as its
#: notation or as the screen words it (a Phase 10 lay-down copied from a Danish or Arabic
#: screen), is far shorter. A longer line (a pasted page, a stream with no line breaks)
#: keeps this many characters and ends in "…" (:data:`~tablegames.tui.choices.CUT`);
#: the rest is dropped, never read into memory whole, so nothing typed or piped in
#: allocates without bound (found by helper-235: a million keys pasted at the prompt
#: took seconds and were all echoed, and a pipe with no line break was read whole).
LINE_MOST = 500
#: The most characters typed ahead while the bots move (every line together); keys past
#: it are dropped.
TYPEAHEAD_MOST = 4 * LINE_MOST


def hand_as_ended(before: Any, notation: str) -> RoundEnd | None:
    """The hand that ``notation`` (already accepted on the real state) ended, as it ended
    (:func:`tablegames.common.rounds.round_end`), for the pause at a hand's end; ``None``
    when anything unexpected happens on the copy (the pause then draws the next deal's
    table without its cards and moves): the copy is a picture only, it never stops the
    game."""
    try:
        return round_end(before, notation)
    except Exception:  # see the docstring
        return None


def paused_view(ended: RoundEnd | None, seat: int | None) -> dict[str, Any] | None:
    """``seat``'s view of a hand as it ended (:func:`hand_as_ended`), as the pause draws
    it: nobody to act, no moves, no "Last round" (the hand shown is that round); ``None``:
    no such view."""
    if ended is None:
        return None
    try:
        return ended.view(seat)
    except Exception:  # see hand_as_ended
        return None


def typed_char(key: str) -> str:
    """What ``key`` types on the line: the key itself when it prints, a space for a
    space of another kind (a no-break or ideographic space pasted from a page), else
    nothing. A key that prints nothing (an escape sequence, a control: Ctrl-A, the
    8-bit CSI U+009B; a format character: a bidi override U+202E, a zero-width space)
    is never typed into a move, which holds none, nor echoed: written raw to the
    terminal it acts on the screen (a terminal takes U+009B for the start of a command,
    U+202E turns the rest of the line around; found by helper-235)."""
    if len(key) != 1:
        return ""
    if key.isprintable():
        return key
    return " " if unicodedata.category(key) == "Zs" else ""


def glued(move: str) -> str:
    """A move given as an example to type, kept whole on the screen (its spaces as
    :data:`~tablegames.tui.words.GLUE`): the rulings' first line at 45 columns ended
    "(such as 'swap" and the next began "3c/3d')" (found by helper-214)."""
    return move.replace(" ", GLUE)


class Quit(Exception):
    """The person asked to stop (``q``, end of input)."""


def _plain(value: Any) -> Any:
    """A whole number as the plain ``int`` it holds (a numpy seat or seed, as the rest of
    the library reads them: :func:`~tablegames.common.numbers.whole_number`); anything
    else as given, for :class:`Options`' checks to refuse by name."""
    number = whole_number(value)
    return value if number is None else number


@attrs.frozen
class Options:
    """How to play: the game, who sits where, who is human, the pace, the language."""

    game: str
    players: int | Sequence[str] = attrs.field(default=4, converter=_plain)
    seat: int = attrs.field(default=0, converter=_plain)
    seed: int = attrs.field(default=0, converter=_plain)
    rules: Any = None
    opponent: str | None = None
    table: bool = False
    lang: str = "en"
    pace: float = 1.0
    debug: bool = False
    reports: str = "bots"
    #: Seconds a bot may take per move (``None``: no limit), checked as
    #: ``bots.play_game(time_limit=)`` checks it; a bot past it stops the game.
    time_limit: float | None = attrs.field(default=None, converter=check_time_limit)

    def __attrs_post_init__(self) -> None:
        """Every field checked at construction, as ``tablegames play`` checks its flags
        (each message names the field and its flag): the Python API took
        ``pace=float("nan")`` or ``True`` and failed, or froze, only in the middle of a
        game. Ranges come from the same definitions as the command line's
        (:func:`~tablegames.common.setups.check_seconds` for ``pace``); a ``bool`` is
        not a count, a seat or a seed."""
        info = game_info(self.game) if isinstance(self.game, str) else None
        if info is None:
            raise SetupError(f"game must be a game's name, not {quoted(self.game)}")
        names = normalize_players(self.players, info.min_players, info.max_players, info.name)
        if type(self.seat) is not int or not 0 <= self.seat < len(names):  # no bool, float
            raise ArgumentRefused(f"seat must be a seat of this game, 0..{len(names) - 1} "
                                  f"(--seat), not {quoted(self.seat)}", argument="seat",
                                  code="range", value=self.seat, least=0,
                                  most=len(names) - 1, game=info.name)
        if type(self.seed) is not int:  # a bool or a float is no seed number
            raise SetupError(f"seed must be an int (--seed), not {quoted(self.seed)}")
        check_seed(self.seed)
        info.fit_rules(self.players, self.rules)  # RulesError or SetupError, as named
        if self.opponent is not None and self.opponent not in bot_names(info):
            raise ArgumentRefused(f"opponent must be None or one of "
                                  f"{', '.join(bot_names(info))} (--opponent), not "
                                  f"{quoted(self.opponent)}", argument="opponent",
                                  code="choice", value=self.opponent,
                                  choices=bot_names(info), game=info.name)
        for flag in ("table", "debug"):
            if not isinstance(getattr(self, flag), bool):
                raise SetupError(f"{flag} must be True or False (--{flag}), not "
                                 f"{quoted(getattr(self, flag))}")
        check_lang(self.lang)
        check_seconds("pace (--pace)", self.pace)
        if not isinstance(self.reports, str) or self.reports not in REPORTERS:
            raise SetupError(f"reports must be one of {', '.join(REPORTERS)} (--reports), "
                             f"not {quoted(self.reports)}")


def make_bot(info: GameInfo, name: str, seed: int) -> Any:
    """A bot for one seat, made as every other path makes one for a seat
    (:func:`tablegames.bots.registry.made`: the game's own bots and any registered with
    ``tablegames.bots.register``); a name it does not know is refused there
    (``ArgumentRefused``), though :class:`Options` has already checked ``opponent``. A
    registered factory that raises or returns ``None`` is a
    :class:`~tablegames.bots.registry.FactoryFailed`, which :class:`Session` tells as the
    ``BotFailed`` of code ``"made"`` that ``arena`` and ``simulate`` give."""
    from tablegames.bots.registry import made

    return made(name, info, seed, {})


class Session:
    """A game at the terminal (see the module docstring)."""

    def __init__(self, info: GameInfo, options: Options, out: TextIO, inp: TextIO,
                 keys: Keyboard | None = None) -> None:
        self.info = info
        #: Single keys from a real terminal (``None``: lines are read).
        self.keys = keys if keys is not None and keys.live else None
        #: Whether the person asked for another game at the end screen.
        self.again = False
        self._pause = False
        #: At a hand's end, for each teller: the result in words, and "What happened"
        #: up to the end (the next deal is not shown under "The round is over").
        self._result: dict[int | None, list[str]] = {}
        self._held: dict[int | None, list[Line]] = {}
        #: ... the table as the hand ended (each teller's view; ``None``: not to be had,
        #: the table of the next deal is drawn without its hand and moves), and how many
        #: lines had been told to each teller when it ended.
        self._ended: dict[int | None, dict[str, Any] | None] = {}
        self._held_at: dict[int | None, int] = {}
        #: ... and with the result (the pause's prompt), which counts as seen after it.
        self._said_at: dict[int | None, int] = {}
        self._refused: str | None = None
        #: What a resize draws again: the last screen drawn (the game's, or the shared
        #: screen's "Pass the screen to ..."), at the window's new size.
        self._redraw: Callable[[], None] | None = None
        self._swallow = ""
        #: When the last key of a word being typed through came (``time.monotonic``).
        self._swallow_at = 0.0
        self._typeahead = ""
        self.options = options
        self.inp = inp
        self.console = Console(file=out, highlight=False, emoji=False, soft_wrap=False)
        self.out = out
        # Options checked every field when it was made (a game without the catalogue of
        # options.lang is drawn in English)
        players: Any = options.players
        names = list(players) if not isinstance(players, int) else None
        # The rules fitted to the table's size (Shithead deals from two decks to six
        # players, with or without --rules classic), every option typed kept as typed.
        setup = dict(info.simulate_kwargs(names or [f"P{i}" for i in range(players)]))
        setup["rules"] = info.fit_rules(names or players, options.rules)
        self.state = info.new_game(players=players, seed=options.seed, **setup)
        n = len(self.state.players)  # Options checked the seat against this count
        self.humans = set(range(n)) if options.table else {options.seat}
        kind = options.opponent or info.default_bot
        # each bot's seed a one-way hash of the deal's and its seat: a bot of a third
        # party (``--import``) is never handed what deals everyone's hands
        self.bots: dict[int, Any] = {}
        for seat in sorted(set(range(n)) - self.humans):
            try:
                self.bots[seat] = make_bot(info, kind, bot_seed(options.seed, seat))
            except FactoryFailed as failed:  # a bot of one's own (--import) that failed
                lineup = [kind if i not in self.humans else "person" for i in range(n)]
                raise failed.error(seat, info.name, options.seed, lineup,
                                   setup["rules"]) from failed.cause
        #: The game's model of the physical world (Dallah's falls), seeded from the
        #: game's seed: it reports what fell on the bots' turns (``None``: no such world).
        hints = hints_for(info)
        self.world = (hints.table(hash_seed(options.seed, "table"))
                      if hints.table is not None else None)
        self.screen = Screen(self.console, info.name, lang=options.lang, debug=options.debug)
        self.names = list(self.state.players)
        #: Who is told what happens: each human seat (its own log, its own cards in it)
        #: and, at a shared screen, the table itself (``None``: the spectator's log,
        #: public events only), which is all that is shown while the screen is passed.
        self.tellers: list[int | None] = [*sorted(self.humans),
                                          *([None] if options.table else [])]
        self.narrators = {s: Narrator(info.name, self.names, s, lang=options.lang, glue=True)
                          for s in self.tellers}
        self.happened: dict[int | None, deque[Line]] = {
            s: deque(maxlen=SHOWN_MAX) for s in self.tellers}
        #: Lines told to each seat, and how many it had been told before its last move:
        #: its screen shows everything since that move (at least ``SHOWN_MIN`` lines).
        self.told: dict[int | None, int] = dict.fromkeys(self.tellers, 0)
        self.mark: dict[int | None, int] = dict.fromkeys(self.tellers, 0)
        #: How many of those lines the person has seen: a screen that waits for them
        #: first shows, a page at a time, the lines its "What happened" has no room for.
        self.seen: dict[int | None, int] = dict.fromkeys(self.tellers, 0)
        self.debug_events: dict[int | None, list[dict[str, Any]]] = {
            s: [] for s in self.tellers}
        #: The last line told to each seat and how often in a row: a repeated line is
        #: shown once with its count, not as a stream.
        self._repeats: dict[int | None, tuple[str, int]] = dict.fromkeys(self.tellers,
                                                                          ("", 0))
        for s in self.tellers:
            self._tell(s, self.state.log(s))
        self.on_screen: int | None = None
        #: The tellers whose screen has been drawn: the first is the table, whatever of
        #: the deal its "What happened" has no room for (the hand shows the cards dealt).
        self._drawn: set[int | None] = set()
        self._last_error = ""
        self.w = self.screen.words

    # ----------------------------------------------------------------- reading the game
    def view(self, seat: int | None) -> dict[str, Any]:
        return self.state.view(seat)  # type: ignore[no-any-return]

    def labels(self, seat: int) -> dict[str, str]:
        """``seat``'s moves as its screen words them (by notation), for :func:`read`."""
        return {a["n"]: unglued(self.w.text(a["label"]))
                for a in present(self.view(seat))["actions"]}

    def _tell(self, seat: int | None, events: Sequence[Mapping[str, Any]]) -> None:
        narrator = self.narrators[seat]
        view = self.view(seat)
        for e in events:
            if e.get("kind") in UNTOLD:
                continue
            line = narrator.say(e, view)
            if not line:
                continue
            log = self.happened[seat]
            if log and self._repeats[seat][0] == line:  # "The die is rolled again." x5
                n = self._repeats[seat][1] + 1
                self._repeats[seat] = (line, n)
                log[-1] = f"{line} (×{n})"
                continue
            self._repeats[seat] = (line, 1)
            log.append(line)
            self.told[seat] += 1
        if self.options.debug:
            self.debug_events[seat] = [dict(e) for e in events]

    def _apply(self, notation: str, by: int) -> None:
        if by in self.humans:
            self.mark[by] = self.told[by]
        before = self.state.copy()  # for the table as a hand ends (a copy is cheap)
        events = self.state.apply(notation, by=by, expect=self.state.version)
        ends = [i for i, e in enumerate(events) if e.kind in ROUND_ENDS]
        # A hand's end splits the events: the pause shows the hand up to its end, and
        # the next deal only after the key that starts the next hand.
        hand_ended = bool(ends) and not self.state.is_over
        cut = ends[0] + 1 if hand_ended else len(events)
        self._tell_all(events[:cut])
        if hand_ended:
            self._pause = True
            ended = hand_as_ended(before, notation)
            for s in self.tellers:
                said = self.narrators[s].say(events[ends[0]].for_seat(s), self.view(s))
                self._result[s] = [said] if said else []
                # the result is the pause's prompt: "What happened" above it stops at
                # the move that ended the hand, and does not say it twice
                held = self.recent(s)
                dropped = bool(said and held and held[-1] == said)
                if dropped:
                    held.pop()
                self._held[s] = held
                self._held_at[s] = self.told[s] - dropped
                self._said_at[s] = self.told[s]
                self._ended[s] = paused_view(ended, s)
                self.mark[s] = self.told[s]  # the next hand's log starts here
        self._tell_all(events[cut:])

    def _tell_all(self, events: Sequence[Event]) -> None:
        """Tell every teller the events it may know of, as it may see them (the table:
        public ones). An event outside a seat's audience whose very existence gives
        something away (Toepen's reminder that a hand obliges a table custom, TOE-40) is
        not told to that seat at all: told in its public form, it said "P1 has a hand to
        announce." to every person (found by helper-149)."""
        if not events:
            return
        for s in self.tellers:
            self._tell(s, Event.redact(list(events), s))

    # ----------------------------------------------------------------- input
    def _readline(self, prompt: str, timeout: float | None = None,
                  hot: Mapping[str, str] | None = None) -> Any:
        """A typed line; ``_TIMEOUT`` if ``timeout`` passed first; a :class:`Hot` when a
        hot key was pressed at the start of the line; ``"?"`` at once for help. End of
        input quits."""
        if self.keys is not None:
            return self._keyline(prompt, timeout, hot or {})
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
        line = self.inp.readline(LINE_MOST + 1)
        if not line:
            raise Quit
        if len(line) > LINE_MOST and not line.endswith("\n"):  # a page: cut (LINE_MOST)
            rest = line
            while rest and not rest.endswith("\n"):  # the rest of it, a piece at a time
                rest = self.inp.readline(LINE_MOST)
            return line[:LINE_MOST] + CUT
        return line.rstrip("\n")

    @staticmethod
    def _typed_onto(line: str, key: str) -> str:
        """``line`` with the character ``key`` types (:func:`typed_char`) added, as long
        as the line holds fewer than :data:`LINE_MOST` characters; past them, the line
        ends in :data:`~tablegames.tui.choices.CUT` once and any more keys are dropped."""
        char = typed_char(key)
        if not char:
            return line
        if len(line) < LINE_MOST:
            return line + char
        return line if line.endswith(CUT) else line + CUT

    def _keyline(self, prompt: str, timeout: float | None, hot: Mapping[str, str]) -> Any:
        """:meth:`_readline` at a real terminal: keys one by one, echoed and editable."""
        assert self.keys is not None
        if "\n" in self._typeahead:  # a whole line typed while the bots moved
            line, self._typeahead = self._typeahead.split("\n", 1)
            if not self.screen.small:  # its turn now
                self.out.write(prompt + line + "\n")
                self.out.flush()
                return line
            # The window is too small for the prompt it answers: played now, it would be
            # played at a prompt nobody sees (found by helper-214). It waits on the
            # prompt line, unplayed, until the window shows the game: then Enter plays
            # it, or it is erased and another move typed.
            buffer = line
        else:
            buffer, self._typeahead = self._typeahead, ""
        self._ask(prompt + buffer)

        def redrawn() -> None:  # after a resize: the screen, then the line being typed
            self.redraw()
            self._ask(prompt + buffer)

        deadline = None if timeout is None else time.monotonic() + timeout
        while True:
            left = None if deadline is None else deadline - time.monotonic()
            if left is not None and left <= 0:
                return _TIMEOUT
            key = self._key(left, redrawn)
            if key is None:
                continue
            if self.screen.small:  # nothing to see: no key plays a move blind
                self._small_key(key)
                continue
            if self._swallowed(key):  # the rest of a word whose first key was a hot key
                continue
            if key in ENTER:
                self.out.write("\n")
                self.out.flush()
                return buffer
            if key in ERASE:
                if buffer:
                    buffer = buffer[:-1]
                    self.out.write("\b \b")
                    self.out.flush()
                continue
            if key == EOF_KEY and not buffer:  # Ctrl-D on an empty line
                raise Quit
            if not typed_char(key):  # prints nothing: not typed, never echoed
                continue
            if not buffer and key == "?":
                self._expect("\n")  # "?" and Enter, as a line: the Enter is no page key
                return "?"
            if not buffer and key.lower() in hot:
                move = hot[key.lower()]
                # "knock" (or "meegaan") typed in full plays once
                self._expect(self._hot_rest(move))
                return Hot(move)
            longer = self._typed_onto(buffer, key)
            if longer != buffer:
                self.out.write(longer[len(buffer):])
                self.out.flush()
            buffer = longer

    # ----------------------------------------------------------------- playing
    def run(self) -> int:
        """Play to the end (or until the person quits); the exit status: 0, or
        :data:`~tablegames.common.errors.INTERRUPTED` after Ctrl-C."""
        try:
            while not self.state.is_over:
                seat = self.state.to_act
                if seat in self.humans:
                    self.decide(seat)
                else:
                    if self.keys is not None:
                        self.watch(seat)
                    else:
                        self.offer_interrupts(seat)
                    if self.state.is_over or self.state.to_act != seat:
                        self.pause_if_hand_ended()
                        continue
                    action = self.bot_action(seat)
                    if action is None:
                        self.report_for(seat)
                    else:
                        self._apply(action, seat)
                    if self.keys is None and self.options.pace > 0 and not self.options.table:
                        self.draw(self.options.seat, None,
                                  self.w("{name} has played.", name=self.names[seat]))
                        if not self._window_next():
                            time.sleep(self.options.pace)
                self.pause_if_hand_ended()
            self.finish()
        except (Quit, EOFError):
            self.goodbye()
        except KeyboardInterrupt:  # Ctrl-C: interrupted, as every command reports it
            self.goodbye()
            return INTERRUPTED
        return 0

    def goodbye(self) -> None:
        """The last words when the person stops the game (``q``, end of input, Ctrl-C)."""
        self.console.print()
        self.console.print(self.w("Game stopped. Goodbye."), markup=False)

    def recent(self, seat: int | None) -> list[Line]:
        """What to show under "What happened": everything since the seat's last move."""
        lines = list(self.happened[seat])
        fresh = max(SHOWN_MIN, self.told[seat] - self.mark[seat])
        return lines[-fresh:]

    def _window_next(self) -> bool:
        """Whether the next bot move opens an interrupt window (which is the pause then)."""
        nxt = self.state.to_act
        return (nxt is not None and nxt not in self.humans
                and bool(self.state.legal_actions(self.options.seat)))

    def draw(self, seat: int | None, menu: Menu | None, note: str = "",
             hot: Mapping[str, str] | None = None, moves_of: int | None = None,
             happened: Sequence[Line] | None = None, prompt: str | None = None,
             waits: bool = False, view: Mapping[str, Any] | None = None,
             told: int | None = None, read: int | None = None,
             opening: bool | None = None) -> None:
        """``seat``'s screen (``None``: the table's, at a shared screen: the spectator's
        view and log); ``moves_of``: the seat whose moves the menu lists, when it is
        another (the menu's labels come from that seat's view); ``happened``: the log
        to show instead of the seat's recent lines (``told``: how many lines had been
        told when it ended); ``prompt``: the prompt to show instead of the presenter's;
        ``view``: the view to draw instead of the seat's view of now (the table as a hand
        ended); ``read``: how many lines told count as read once the screen is seen (the
        pause's result, read as its prompt, is not paged again as what happened).
        ``opening``: the game's first screen for ``seat`` (when not given: whether the
        seat's screen was never drawn), kept when the screen is drawn again at a
        resize; in a window too small for the rest, its table has the room before what
        happened (see :meth:`~tablegames.tui.screen.Screen.draw`).

        ``waits``: the screen waits for the person (a move, a key). Then every line told
        since they last saw "What happened" is seen before they answer: the lines the
        screen has no room for are shown first, a page at a time ("more"), and the screen
        after them; never before the game's first screen, which is the table (the deal's
        opening lines it has no room for are what the table itself shows: the dealer,
        the hand). A screen shown while the bots move does not wait; the lines it had
        no room for are shown at the next screen that waits. A window too small for the
        screen shows that it is (:meth:`~tablegames.tui.screen.Screen.too_small`):
        nothing counts as seen then, and at every resize the screen is drawn again,
        waiting as it did (it was drawn again as a screen that does not wait)."""
        if opening is None:
            opening = seat not in self._drawn
        was = opening
        self._redraw = lambda: self.draw(seat, menu, note, hot, moves_of, happened, prompt,
                                         waits, view, told, read, was)
        lines = self.recent(seat) if happened is None else list(happened)
        upto = self.told[seat] if told is None else told
        unseen = max(0, upto - self.seen[seat])

        def drawn() -> int:
            return self.screen.draw(
                self.view(seat) if view is None else view, lines, menu, note,
                self.debug_events[seat], hot,
                labels_from=self.view(moves_of) if moves_of is not None else None,
                prompt=prompt, unseen=unseen, opening=opening)

        first = upto - drawn()  # the first line on screen, counted as told
        if self.screen.small:  # nothing of the game is seen until the window is larger
            return
        new = seat not in self._drawn  # the game's first screen is the table
        self._drawn.add(seat)
        if first > self.seen[seat] and waits and self.keys is not None and not new:
            self.show_story(seat, self.seen[seat], first)
            first = upto - drawn()
        if first <= self.seen[seat] or waits:
            self.seen[seat] = max(self.seen[seat], upto)
        if read is not None:
            self.seen[seat] = max(self.seen[seat], read)
        self.on_screen = seat

    def show_story(self, seat: int | None, start: int, end: int) -> None:
        """The lines told to ``seat`` from ``start`` up to ``end`` (counted as told), a
        screen at a time: what "What happened" has no room for (a small window, a long
        run of bot moves) is read before the table, never skipped."""
        log = list(self.happened[seat])
        first = len(log) - (self.told[seat] - start)
        lines = log[max(0, first):len(log) - (self.told[seat] - end)]
        if not lines:
            return
        self.show_pages(self.w("What happened"), lines,
                        self.w("More of what happened: press any key."))

    def redraw(self, again: Callable[[], None] | None = None) -> None:
        """The last screen again (after a resize), at the terminal's new size (``again``:
        a screen of its own, such as a page of rulings). When a window too small for the
        game becomes large enough, the keys pressed meanwhile and not yet read are
        forgotten (:meth:`_forget_blind`): they were pressed blind."""
        blind = self.screen.small
        if again is not None:
            again()
        elif self._redraw is not None:
            self._redraw()
        if blind and not self.screen.small:
            self._forget_blind()

    def _key(self, timeout: float | None, redrawn: Callable[[], None]) -> str | None:
        """The next key from the terminal, or ``None`` when ``timeout`` passed or the
        window was resized: then the screen is drawn again (``redrawn``) first. A key
        typed before the resize was noticed, read with it, is handed out first and then
        the resize (:meth:`~tablegames.tui.keys.Keyboard.key`): the person typed it at
        the screen they saw, so it counts as typed there (the resize was acted on the
        moment the key came, and the key dropped: "1" Enter read with a resize sent an
        empty line; found by helper-218). A key typed while the window said it was too
        small is still never played (:meth:`_small_key`). End of input quits."""
        assert self.keys is not None
        try:
            key = self.keys.key(timeout)
        except EOFError:
            raise Quit from None
        if key is None and self.keys.resized:
            self.keys.resized = False
            redrawn()
        return key

    def _forget_blind(self) -> None:
        """Forget the keys pressed while the window said it was too small: nothing of the
        game was on screen, so a move typed then was typed blind and is not played (the
        session drops each key it reads then; these are the keys it had not read yet).
        A :class:`~tablegames.tui.keys.Keyboard` drops them unread."""
        discard = getattr(self.keys, "discard", None)
        if discard is not None:
            discard()
        self._swallow = ""

    def _ask(self, prompt: str) -> None:
        """Write ``prompt`` (the line for typing, what is typed on it so far) under the
        screen, unless the screen is the window's "too small" one: it asks for nothing
        then (only ``q`` is read), and its lines are all the window holds."""
        if not self.screen.small:
            self.out.write(prompt)
            self.out.flush()

    def wait_key(self, prompt: str, redraw: Callable[[], None] | None = None) -> str:
        """Wait for one key at a real terminal (redrawing on resize: ``redraw``, or the
        last screen of the game); a line otherwise. While the window is too small, only
        ``q`` does anything (it stops the game)."""
        if self.keys is None:
            return str(self._readline(prompt))
        self._ask(prompt)

        def redrawn() -> None:
            self.redraw(redraw)
            self._ask(prompt)

        while True:
            key = self._key(None, redrawn)
            if key is not None:
                if key == EOF_KEY:  # Ctrl-D stops at every wait, as at the prompt
                    raise Quit
                if self.screen.small:
                    self._small_key(key)
                    continue
                if self._swallowed(key):  # "?" then Enter: the rulings open at page 1
                    continue
                self.out.write("\n")
                return key

    @staticmethod
    def _small_key(key: str) -> None:
        """A key pressed while the window is too small for the game: ``q`` stops it, as
        that screen says, and so does Ctrl-D (:data:`EOF_KEY`); any other key does
        nothing (a person who sees no move plays none)."""
        if key.lower() == "q" or key == EOF_KEY:
            raise Quit

    def _hot_rest(self, move: str) -> str:
        """What may follow ``move``'s hot key as the rest of its word, for
        :meth:`_swallowed`: the label's word (:func:`hot_word`) and the verb, each with
        its Enter, as alternatives (``|``)."""
        seat = int(move.split(":", 1)[0])
        choice = Choice(move, seat)
        words = dict.fromkeys([hot_word(choice, self.labels(seat)), choice.verb.lower()])
        return "|".join(word[1:] + "\n" for word in words)

    def _expect(self, rest: str) -> None:
        """Take ``rest`` (alternatives joined by ``|``) as the keys that may follow, typed
        through, the key that just acted (:meth:`_swallowed`)."""
        self._swallow, self._swallow_at = rest, time.monotonic()

    def _swallowed(self, key: str) -> bool:
        """Whether ``key`` is the next key of a line whose first key already acted (a hot
        key's word typed in full, the Enter after "?"): then it is taken and does nothing
        more. Any other key ends that line, and counts as itself. A hot key's word may be
        typed as the screen shows it or as the notation's verb ("pick up" or "pickup",
        Dutch "meegaan"): each is followed until a key leaves it."""
        if not self._swallow:
            return False
        now = time.monotonic()
        if now - self._swallow_at > TYPED_THROUGH:  # a key after a pause is a new key
            self._swallow = ""
            return False
        alive = [rest[1:] for rest in self._swallow.split("|")
                 if rest and (key == rest[0] or (rest == "\n" and key in ENTER))]
        self._swallow, self._swallow_at = "|".join(r for r in alive if r), now
        return bool(alive)

    def _help(self, seat: int | None = None) -> str:
        """How to type a move, when lines are read (a script, a pipe), with examples
        taken from ``seat``'s legal moves of this moment: each game its own (Toepen's
        "play Th" was shown in Phase 10, Shithead and Dallah; found by helper-106), and
        always a move that may be typed now."""
        w = self.w
        examples, narrow = self._examples(seat)
        said = [w("Type the number of a move, or the move itself without your seat, such "
                  "as {moves}.", moves=w.comma.join(f"'{m}'" for m in examples))
                if examples else
                w("Type the number of a move, or the move itself without your seat.")]
        if narrow:
            said.append(w("A word narrows a long list: '{word}' lists those moves.",
                          word=narrow))
        said.append(w("q quits."))
        return " ".join(said)

    def _examples(self, seat: int | None) -> tuple[list[str], str]:
        """Moves to show as examples (a move with arguments, as typed without the seat,
        and one without), and a verb that several moves share (typed alone it lists
        them): all from ``seat``'s legal moves now (none when it has none)."""
        if seat is None:
            return [], ""
        options = choices(self.own_moves(seat, self.view(seat).get("legal", [])), seat)
        with_args = next((c.short for c in options if c.args), None)
        bare = next((c.short for c in options if not c.args), None)
        verbs = [c.verb for c in options]
        shared = next((v for v in dict.fromkeys(verbs) if verbs.count(v) > 1), "")
        return [m for m in (with_args, bare) if m], shared

    def _cards(self) -> Any:
        """The game's card set (Dallah's ``rules.cards``; ``None`` for a game without)."""
        return getattr(getattr(self.state, "rules", None), "cards", None)

    def show_help(self, seat: int) -> None:
        """The rulings that bear on the prompt, a screen at a time (see
        :mod:`tablegames.tui.helpscreen`)."""
        w = self.w
        examples, _ = self._examples(seat)
        typing = w("Type the number of a move or the start of the move (such as "
                   "'{move}'), then Enter.", move=glued(examples[0])) if examples else \
            w("Type the number of a move or the start of the move, then Enter.")
        paragraphs = [self._help(seat) if self.keys is None else typing + " " + w(
            "A key in [brackets] plays its move at once, also while the others play. A "
            "key is in brackets only when nothing else you may type starts with it (a "
            "card, another move): then type more of the move and Enter. Keys typed "
            "while the others play wait for your turn, line by line. q and Enter quits."),
            *help_text(self.info.name, self.view(seat), self._refused, w=w,
                       cards=self._cards())]
        blocks: list[list[str]] = []
        for p in paragraphs:  # a ruling's example ("  At the table: ...") stays with it
            if p.startswith("  ") and blocks:
                blocks[-1].append(p)
            else:
                blocks.append([p])
        self.show_pages(w("Rulings for this moment"), blocks,
                        w("Press any key to go on (Esc: back to the game)."), back=True)

    def show_pages(self, title: str, paragraphs: Sequence[str | Sequence[str]],
                   footer: str, back: bool = False) -> None:
        """``paragraphs`` a screen at a time (:meth:`~tablegames.tui.screen.Screen.paged`),
        a key turning the page (``back``: Escape or ``q`` goes back to the game at once).
        A window resized on a page shows that page again at its new size, from the same
        paragraph (the game's screen was drawn instead, under the page's wait; found by
        helper-214). When lines are read (no terminal) the last page does not wait."""
        pages = self.screen.paged(title, paragraphs, footer)
        index = 0
        at = 0  # the paragraph the page on screen starts with

        def show() -> None:
            nonlocal pages, index
            pages = self.screen.paged(title, paragraphs, footer)
            starts = [first for first, _ in pages]
            index = starts.index(max(first for first in starts if first <= at))
            self.screen.show(pages[index][1])

        while index < len(pages):
            at = pages[index][0]
            self.screen.show(pages[index][1])
            if self.keys is None and index == len(pages) - 1:
                return
            key = self.wait_key("", redraw=show)
            if back and (key.startswith("\x1b") or key.strip().lower() in QUIT):
                return  # Escape or q: back to the game at once
            index += 1

    def pause_if_hand_ended(self) -> None:
        """At the end of a hand, stop on its result until a key is pressed (at a real
        terminal; a script goes on). "What happened" ends with the hand: the next deal is
        told after the key. At a shared screen the pause is the table's (the spectator's
        view and log: nobody's cards), and the next seat is asked to take the screen."""
        if not self._pause:
            return
        self._pause = False
        seat = None if self.options.table else self.options.seat
        said = " ".join(self._result.get(seat, [])) or None
        ended = self._ended.get(seat)
        if ended is None:  # the table of the next deal, without its cards and moves
            ended = {**self.view(seat), "hand": [], "legal": []}
        # the result is read as the prompt: it is not paged again as "What happened",
        # once the pause is seen (a window too small for it showed nothing of the hand's
        # end, and marking it read there left the lines the pause had no room for unread
        # when the window was enlarged; found by helper-214)
        self.draw(seat, None, happened=self._held.get(seat), prompt=said, waits=True,
                  view=ended, told=self._held_at.get(seat), read=self._said_at.get(seat, 0))
        if self.options.table:
            self.on_screen = None
        if self.keys is not None:  # each game's own word: Phase 10 plays hands
            self.wait_key(self.w("Press any key for the next hand. ")
                          if self.info.name == "phase10" else
                          self.w("Press any key for the next round. "))

    def hand_over(self, seat: int) -> None:
        """At a shared screen, hide the last hand before the next person looks."""
        if not self.options.table or self.on_screen == seat or self._hand_is_public(seat):
            return
        name = self.names[seat]
        ask = self.w("{name}, press Enter when only you can see the screen (q stops). ",
                     name=name)
        passing = [Text(""), Text(self.w("Pass the screen to {name}.", name=name),
                                  style="bold")]
        # From here a resize draws this screen again, never the last seat's (it drew the
        # hand of the player before for the next one to see; found by helper-218), and a
        # window too small for it says so: Enter passes nothing until it is seen.
        self.on_screen = None
        self._redraw = lambda: self.screen.notice(passing, ask)
        self.screen.notice(passing, ask)
        answer = self._readline(ask)
        if str(answer).strip().lower() in QUIT:
            raise Quit

    def _hand_is_public(self, seat: int) -> bool:
        """Whether ``seat``'s screen shows nothing the table cannot see (Dallah's
        protection cards lie face up): then the screen need not be passed. The table
        models say so, the public one drawing no card of the seat as a back (``hidden``)
        and the seat's own drawing no card of the table otherwise than the public one
        (a Toepen seat's own thrown-in hand, TOE-03, is in its row only). A card name
        found anywhere in the public view was taken for proof, and is none: Phase 10
        holds two of every card, Shithead from two decks two of each, so a hand whose
        every card had a twin in the discard pile or a phase laid down was drawn for
        whoever sat at the screen, and so was the thrown-in hand of a Toepen seat that
        answers a knock with no card left (found by helper-149)."""
        public, mine = present(self.view(None)), present(self.view(seat))
        if public["seats"][seat].get("hidden"):
            return False
        return ([s["groups"] for s in mine["seats"]] == [s["groups"] for s in public["seats"]]
                and all(mine[k] == public[k] for k in ("centre", "facts", "panel")))

    def decide(self, seat: int) -> None:
        """Ask a human seat for its move until one is accepted."""
        self.hand_over(seat)
        view = self.view(seat)
        options = choices(self.own_moves(seat, view.get("legal", [])), seat)
        # reports="model": the model says what fell; the person keeps their decisions
        let_go = self.options.reports == "model" and self.world is not None and \
            self.world.reports(self.state)
        if let_go and not options:
            self._apply(str(self.world.report(self.state)), seat)  # type: ignore[union-attr]
            return
        menu = Menu.of(options)
        note = self._card_note(view)
        prompt = None
        if let_go:  # the model reports: the person is not asked what happened
            prompt = self.w("Enter lets the cup go: the fall model says what fell.")
            if options:
                prompt += " " + self.w("Or choose a move first:")
        hot = hotkeys(options, self.info.name, labels=self.labels(seat)) \
            if self.keys is not None else {}
        # At a shared screen another person may make an out-of-turn move ("2:knock").
        others = [s for s in self.humans if s != seat and self.state.legal_actions(s)]
        while True:
            self.draw(seat, menu, note, hot, prompt=prompt, waits=True)
            line = self._readline(f"{self.names[seat]}> ", hot=hot)
            if let_go and isinstance(line, str) and not line.strip():
                self._apply(str(self.world.report(self.state)), seat)  # type: ignore[union-attr]
                return
            if isinstance(line, Hot):
                reading = Reading("move", move=line.move)
            else:
                reading = read(line, options, menu, seat, self.info.name, others, self.w,
                               labels=self.labels(seat))
                if reading.kind == "help":
                    self.show_help(seat)
                    note = ""
                    continue
            if self._handle(reading, seat) is not None:
                return
            if reading.kind == "menu" and reading.menu is not None:
                menu, note = reading.menu, reading.message
            elif reading.kind == "help":
                note = self._help(seat)
            else:
                note = self._last_error or reading.message

    def _card_note(self, view: Mapping[str, Any]) -> str:
        """Dallah's card names are Arabic: the card in play is explained in a line under
        the prompt, unless the prompt already begins with the card and what it does
        ("Naql: move one cup ..."): then the line would say it a second time."""
        if self.info.name != "dallah" or not view.get("card"):
            return ""
        line = "\n".join(card_glossary(view, self._cards(), self.w)[:1])
        asked = present(view)["prompt"]
        said = self.w.text(asked) if asked is not None else ""
        if line and ":" in said and said.split(":", 1)[0] == line.split(":", 1)[0]:
            return ""
        return line

    def own_moves(self, seat: int, legal: Sequence[str]) -> list[str]:
        """The moves ``seat``'s person is offered: all its legal moves, less the reports
        of what fell when the fall model makes them (``reports="model"``)."""
        world = self.world
        if self.options.reports != "model" or world is None:
            return list(legal)
        reports = {str(a) for a in self.state.legal_actions(seat) if world.is_report(a)}
        return [n for n in legal if str(n) not in reports]

    def bot_action(self, seat: int) -> str | None:
        """The move of the bot to act, or ``None`` when the person reports for it.

        In a game with a physical world (Dallah) what fell is not a bot's decision: the
        bot is first asked whether it takes one of its own options (the swap, as the
        harness asks it), then the world model reports (``reports="bots"``), or the person
        does (``reports="table"``). Any bot gets the same reports: a random opponent
        does not report random falls.
        """
        bot = self.bots[seat]
        world = self.world
        # asked as the harness asks a bot: one that raises, answers with no legal move or
        # takes too long stops the game with BotFailed (the command says it, exit 1)
        kind = self.options.opponent or self.info.default_bot
        ask = functools.partial(ask_bot, self.state, bot, seat, name=kind,
                                seed=self.options.seed, time_limit=self.options.time_limit,
                                lineup=[kind if s in self.bots else "person"
                                        for s in range(len(self.names))])
        if world is None or not world.reports(self.state):
            return str(ask())
        own = world.own_options(self.state)
        if own and getattr(bot, "interrupt", None) is not None:
            answer = ask(options=own, asking="interrupt")
            if answer is not None:
                return str(answer)
        if self.options.reports == "table":
            return None
        return str(world.report(self.state))

    def report_for(self, bot: int) -> None:
        """The person reports what fell on ``bot``'s turn (one report move; the next is
        asked for the same way until the turn's report ends)."""
        me = self.options.seat
        assert self.world is not None
        legal = [str(a) for a in self.state.legal_actions(bot) if self.world.is_report(a)]
        options = choices(legal, bot)
        menu = Menu.of(options)
        hot = hotkeys(options, self.info.name, labels=self.labels(bot)) \
            if self.keys is not None else {}
        note = self.w("Report for {name}: put their cup on your Dallah and say what "
                      "happened.", name=self.names[bot])
        # the prompt is the bot's (what to place, what to report), not "Waiting for P2."
        asked = present(self.view(bot))["prompt"]
        prompt = self.w("For {name}: {prompt}", name=self.names[bot],
                        prompt=self.w.text(asked)) if asked is not None else None
        while True:
            self.draw(me, menu, note, hot, moves_of=bot, prompt=prompt, waits=True)
            line = self._readline(f"{self.names[me]} → {self.names[bot]}> ", hot=hot)
            if isinstance(line, Hot):
                reading = Reading("move", move=line.move)
            else:
                reading = read(line, options, menu, bot, self.info.name, w=self.w,
                               labels=self.labels(bot))
                if reading.kind == "help":
                    self.show_help(me)
                    continue
            if self._handle(reading, bot):
                return
            if reading.kind == "menu" and reading.menu is not None:
                menu, note = reading.menu, reading.message
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
            self._last_error = self.refusal(exc, reading.move, who)
            self._refused = exc.ruling if isinstance(exc, IllegalAction) else None
            return None
        self._refused = None
        return True

    def refusal(self, exc: TablegamesError, move: str, seat: int) -> str:
        """Why ``move`` was not played, as a player reads it (found by helper-106:
        "Not played: '0:x': unknown phase10 verb 'x' (known: ...)", "[knock_twice;
        ruling TOE-50]").

        The engine's reason in the table's language (the game's refusals catalogue),
        without its internal code; the ruling that decides it is named as the help
        screen names it, with the key that shows it (``?`` opens that ruling first). A
        line that reads as no move at all (a word no move begins with, a card that is
        no card) says what may be typed now: a number, a move as the list words it in the
        table's language, or the verbs of the seat's legal moves, the words of the
        notation (English in every language, which the sentence says: a Dutch screen
        listed "keep, exchange" as if they were the list's words, found by helper-112)."""
        if isinstance(exc, NotationError):
            typed = typed_text(move.split(":", 1)[-1])  # cut short, nothing unprintable
            verbs = list(dict.fromkeys(str(a).split(":", 1)[-1].split(" ", 1)[0]
                                       for a in self.state.legal_actions(seat)))
            if not verbs:
                return self.w("Not played: '{typed}' is no move, and you have none to "
                              "make now.", typed=typed)
            return self.w("Not played: '{typed}' is no move. Type a number from the "
                          "list, a move as the list words it, or the move's word in the "
                          "notation: {words}.", typed=typed, words=self.w.comma.join(verbs))
        reason = refusal_text(exc, self.w)
        ruling = exc.ruling if isinstance(exc, IllegalAction) else None
        if ruling:
            return self.w("Not played: {reason} (rule {ruling}; ? explains it)",
                          reason=reason, ruling=ruling)
        return self.w("Not played: {reason}", reason=reason)

    def offer_interrupts(self, bot_seat: int) -> None:
        """Before a bot moves, let a human with out-of-turn moves make one."""
        me = self.options.seat
        if self.options.table or not self.state.legal_actions(me):
            return
        view = self.view(me)
        options = choices(self.own_moves(me, view.get("legal", [])), me)
        if not options:
            return
        menu = Menu.of(options)
        wait = self.options.pace
        note = ""
        while True:
            shown = self.labels(me)  # the moves in the screen's words, which may be typed
            moves = self.screen.words.comma.join(shown.get(c.notation, c.short)
                                                 for c in options[:4])
            seconds = format(wait, "g")
            hint = (self.w("{name} is about to play. You may: {moves} (type it within "
                           "{seconds} s)", name=self.names[bot_seat], moves=moves,
                           seconds=seconds) if wait > 0 else
                    self.w("{name} is about to play. You may: {moves} (or press Enter)",
                           name=self.names[bot_seat], moves=moves))
            # the offer in place of the presenter's prompt ("Waiting for P1. You may
            # knock."), which it says again (found by helper-112)
            self.draw(me, menu, "", prompt=note or hint)
            line = self._readline(f"{self.names[me]}> ", timeout=wait if wait > 0 else None)
            if line is _TIMEOUT or not str(line).strip():
                return
            reading = read(line, options, menu, me, self.info.name, w=self.w,
                           labels=self.labels(me))
            if self._handle(reading, me):
                return
            if reading.kind == "menu" and reading.menu is not None:
                menu, note = reading.menu, reading.message
            else:
                note = self._last_error or (self._help(me) if reading.kind == "help"
                                            else reading.message)
            wait = 0  # the person is typing: wait for them now

    def watch(self, bot_seat: int) -> None:
        """At a real terminal, before a bot moves: show the table for ``pace`` seconds
        (not at all with ``pace == 0``) and play a hot key pressed meanwhile (``k``
        knocks) before the bot's move. Nobody is asked for Enter. Other keys are typed
        ahead, line by line: a line that names a move of this moment (``kn`` Enter, when
        a king in the hand keeps ``k`` from being a hot key) is played now; any other
        line (a number, a card) waits for the next prompt, in order."""
        assert self.keys is not None
        me = self.options.seat
        if self.options.table:
            return
        view = self.view(me)
        options = choices(self.own_moves(me, view.get("legal", [])), me)
        # a card of the hand typed early (the next move) never fires a key
        hand = [str(c.get("id")) if isinstance(c, Mapping) else str(c)
                for c in view.get("hand") or []]
        shown = self.labels(me)  # the moves in the screen's words, which may be typed
        hot = hotkeys(options, self.info.name, hand, shown)
        pace = self.options.pace
        if pace > 0 or options:
            comma = self.screen.words.comma
            keys = comma.join(f"{k} = {shown.get(n, Choice(n, me).short)}"
                              for k, n in hot.items())
            typed = comma.join(shown.get(c.notation, c.short) for c in options
                               if c.notation not in hot.values())
            note = self.w("{name} is about to play.", name=self.names[bot_seat])
            if keys:
                note += " " + self.w("Press {keys}.", keys=keys)
            if typed:
                note += " " + self.w("You may type {moves} and Enter.", moves=typed)
            self.draw(me, None, "", prompt=note)  # in place of the prompt, as above
        else:
            # Nothing is drawn for the bots at pace 0, but a resize draws the table as it
            # is now, with no moves: the person's last screen, drawn again, listed the
            # moves of their last turn under "Waiting for P1." (found by helper-218)
            self._redraw = lambda: self.draw(me, None, "")
        deadline = time.monotonic() + pace
        resized = False

        def redrawn() -> None:  # a resize looks for keys once more, even at pace 0
            nonlocal resized
            resized = True
            self.redraw()

        while True:
            left = deadline - time.monotonic()
            resized = False
            key = self._key(max(0.0, left), redrawn)
            if key is None:
                if left <= 0 and not resized:
                    return
                continue
            if self.screen.small:
                self._small_key(key)
                continue
            if self._swallowed(key):
                continue
            if key == EOF_KEY and not self._typeahead.rpartition("\n")[2]:
                raise Quit  # Ctrl-D with no line begun, as at the prompt
            if key == "?" and not self._typeahead:
                self._expect("\n")  # "?" and Enter, as a line: the Enter is no page key
                self.show_help(me)
                self.redraw()
            elif key.lower() in hot and not self._typeahead:
                move = hot[key.lower()]
                self._expect(self._hot_rest(move))
                if self._handle(Reading("move", move=move), me):
                    return
            elif key in ERASE:
                if self._typeahead and not self._typeahead.endswith("\n"):
                    self._typeahead = self._typeahead[:-1]
            elif key in ENTER:  # typed ahead, line by line: each for a prompt
                done, _, line = self._typeahead.rpartition("\n")
                if not line:
                    continue
                reading = read(line, options, Menu.of(options), me, self.info.name,
                               w=self.w, labels=self.labels(me))
                now = {c.notation for c in options}
                if not done and not line.strip().isdecimal() and reading.kind == "move" \
                        and reading.move in now:  # "kn": a move of this moment, played now
                    self._typeahead = ""
                    if self._handle(reading, me):
                        return
                    continue
                if len(self._typeahead) < TYPEAHEAD_MOST:
                    self._typeahead += "\n"  # a number or a move for the next prompt: kept
            elif len(self._typeahead) < TYPEAHEAD_MOST:
                # the start of the next move, typed early: kept (what prints of it)
                done, ends, line = self._typeahead.rpartition("\n")
                self._typeahead = done + ends + self._typed_onto(line, key)

    def finish(self) -> None:
        """The end screen: the final table with the result (every card the game made
        public), then "Play again? (y/n)", its keys in the session's language (``j/n`` in
        Dutch and Danish; ``y`` and ``n`` are always understood too)."""
        seat = self.options.seat if not self.options.table else None
        # the result says "Game over" once, with who won (the presenter's sentence)
        self.draw(seat, None, waits=True)
        yes, no = self.w("yes")[:1].lower(), self.w("no")[:1].lower()
        while True:
            try:
                answer = self.wait_key(self.w("Play again? ({yes}/{no}) ", yes=yes,
                                              no=no)).strip().lower()
            except Quit:
                return
            if answer[:1] in ("y", "n", yes, no) or answer in QUIT or \
                    (not answer and self.keys is None):
                self.again = answer[:1] in ("y", yes)
                return
            # any other key: the end screen again, with the keys to press (the question
            # alone was asked again on a new line each time, and the final table
            # scrolled off the window; found by helper-214)
            self.draw(seat, None, self.w("Press {yes} to play again or {no} to stop.",
                                         yes=yes, no=no))
