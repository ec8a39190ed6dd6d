"""The moves a person may type: numbered choices, notation without the seat, filters.

Notation carries the seat (``"0:play Th"``) because a server must know who sent a move;
a person at their own screen should not have to type it. :func:`read` accepts, in order:

* a number from the list on screen (``3``);
* a move without the seat (``play Th``, ``play 10♥``, ``knock``), or with one;
* the arguments alone when only one move has them (``Th``);
* words that only one move contains, such as the start of a move (``kn``, ``play T``),
  which play that move;
* otherwise words that narrow the list (``lay R7`` shows the lay-downs holding R7), which
  is how Phase 10's hundreds of lay-downs stay usable.

Suit symbols typed or pasted from the screen (``♥``) are read as the notation's letters.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

import attrs

from tablegames.common.registry import GAMES
from tablegames.render.faces import face
from tablegames.table.i18n import Words, words_for

#: At most this many choices are listed at once; longer lists are grouped by verb.
MAX_SHOWN = 30
#: A verb with more options than this is shown as one line ("lay: 312 ways").
MAX_PER_VERB = 12
_SYMBOLS = str.maketrans({"♣": "c", "♦": "d", "♥": "h", "♠": "s"})
#: Verbs whose argument is a seat number (shown with the player's name).
SEAT_VERBS = frozenset({"give", "target", "redirect", "pair"})


@attrs.frozen
class Choice:
    """One legal move: its full notation and what a person types (without the seat)."""

    notation: str
    seat: int

    @property
    def short(self) -> str:
        return self.notation.split(":", 1)[1] if ":" in self.notation else self.notation

    @property
    def verb(self) -> str:
        return self.short.split(" ", 1)[0]

    @property
    def args(self) -> str:
        parts = self.short.split(" ", 1)
        return parts[1] if len(parts) > 1 else ""


def choices(notations: Sequence[str], seat: int) -> list[Choice]:
    return [Choice(n, seat) for n in notations]


def size(c: Choice) -> int:
    """How many cards (or things) a move names: ``swap 4h,7c/9d,Qh`` names four."""
    return len(re.split(r"[,/]", c.args)) if c.args else 0


@attrs.frozen
class Menu:
    """What is on screen: numbered choices, the verbs shown only as a count, and
    ``more``: the moves of a verb left out of the list because they name more cards than
    its smallest moves (by verb, how many)."""

    numbered: list[Choice]
    grouped: dict[str, int]
    more: dict[str, int] = attrs.field(factory=dict)

    @classmethod
    def of(cls, options: Sequence[Choice]) -> Menu:
        """The menu of ``options``. A verb with more than :data:`MAX_PER_VERB` moves of
        different sizes lists only its smallest ones, and says how many more there are:
        Shithead's swap listed every combination of one to three cards ("Swap 4♥, 7♣
        (face up) for 3♦, 4♠", nineteen in all) and cut the list and the seats off an
        80x24 window (found by helper-106); its one-card swaps are listed, and a swap of
        more cards is typed (``swap 4h,7c/9d,Qh``) or listed by typing ``swap`` and a card.
        Then a list longer than :data:`MAX_SHOWN` shows its long verbs as a count."""
        by_verb: dict[str, list[Choice]] = {}
        for c in options:
            by_verb.setdefault(c.verb, []).append(c)
        more: dict[str, int] = {}
        for verb, items in by_verb.items():
            sizes = {size(c) for c in items}
            if len(items) > MAX_PER_VERB and len(sizes) > 1:
                by_verb[verb] = [c for c in items if size(c) == min(sizes)]
                more[verb] = len(items) - len(by_verb[verb])
        left = {c for verb in more for c in by_verb[verb]}  # a verb's smallest moves
        kept = [c for c in options if c.verb not in more or c in left]
        if len(kept) <= MAX_SHOWN:
            return cls(kept, {}, more)
        numbered: list[Choice] = []
        grouped: dict[str, int] = {}
        for verb, items in by_verb.items():
            if len(items) + more.get(verb, 0) <= MAX_PER_VERB:
                numbered.extend(items)
            else:
                grouped[verb] = len(items) + more.pop(verb, 0)
        return cls(numbered, grouped, more)


@attrs.frozen
class Reading:
    """What a typed line means: ``move`` (notation to apply), ``menu`` (a narrower list
    to show), ``quit``, ``help`` or ``error`` (with one line of ``message``)."""

    kind: str
    move: str = ""
    menu: Menu | None = None
    message: str = ""


QUIT = frozenset({"q", "quit", "exit", "bye"})
#: What ends a line cut short because it was too long (the session's ``LINE_MOST``): a
#: cut line is never read as a shorter move than was typed ("1" and a page of spaces is
#: no "1"); a cut run of digits is still a number out of the list's range.
CUT = "…"


def normalize(text: str) -> str:
    """Spaces collapsed, suit symbols as letters, the verb in lower case."""
    words = text.translate(_SYMBOLS).split()
    if words:
        words[0] = words[0].lower()
    return " ".join(words)


def readable(game: str, text: str) -> str:
    """``text`` with each card written as people read it, in letters: ``12c`` -> ``Qc``.

    What a person copies from the screen (``Q♣``) or says aloud is matched against this,
    as well as against the notation itself.
    """
    out, token = [], ""
    for ch in text + "\0":
        if ch.isalnum() or ch in "♣♦♥♠":
            token += ch
            continue
        if token:
            f = face(game, token)
            out.append(f.text.translate(_SYMBOLS) if f is not None else token)
            token = ""
        if ch != "\0":
            out.append(ch)
    return "".join(out)


def read(text: str, options: Sequence[Choice], menu: Menu, seat: int, game: str = "",
         other_seats: Sequence[int] = (), w: Words | None = None,
         labels: Mapping[str, str] | None = None) -> Reading:
    """Interpret one typed line against the legal ``options`` of ``seat``.

    ``other_seats`` are seats whose moves may be typed with their prefix (``2:knock`` at a
    shared screen: another person knocking out of turn). ``w`` says the messages in the
    session's language (the ``tablegames`` catalogue; English without it). ``labels``
    are the moves' words as the screen shows them (by notation, in that language): what
    is typed or copied from the screen ("kassér grøn 2") is matched against them too, as
    the tip under a cut list promises.
    """
    if w is None:
        w = words_for("en")
    raw = text.strip()
    if not raw:
        return Reading("error", message=w("Type the number of a move, or the move itself."))
    if raw.lower() in QUIT:
        return Reading("quit")
    if raw.lower() in ("?", "h", "help"):
        return Reading("help")
    digits = raw[:-1] if raw.endswith(CUT) else raw  # a cut line of digits: a number
    if digits.isdecimal():  # digits of any script (an Arabic keyboard types ١٢); not ``²``,
        # which ``str.isdigit`` takes and ``int`` refuses; no menu has a million entries
        n = int(digits) if len(raw) <= 6 else 0
        if 1 <= n <= len(menu.numbered):
            return Reading("move", move=menu.numbered[n - 1].notation)
        if not menu.numbered:
            return Reading("error", message=w("There is no numbered choice right now."))
        return Reading("error", message=w("Choose a number from 1 to {n}.",
                                          n=len(menu.numbered)))
    line = normalize(raw)
    prefix, _, rest = line.partition(":")
    typed = prefix.strip()
    if rest and typed.isdecimal():
        who = int(typed) if len(typed) <= 3 else -1
        if who != seat and who not in other_seats:
            return Reading("error", message=w("You play seat {seat}, not seat {other}.",
                                              seat=seat, other=typed[:6]))
        return Reading("move", move=f"{who}:{normalize(rest)}")
    wanted = line.lower()

    def keys(text: str) -> tuple[str, str]:
        return text.lower(), readable(game, text).lower()

    shown = {n: normalize(t).lower() for n, t in (labels or {}).items()}

    def every_key(c: Choice) -> tuple[str, ...]:
        label = shown.get(c.notation)
        return (*keys(c.short), label) if label else keys(c.short)

    exact = [c for c in options if wanted in every_key(c)]
    if exact:
        return Reading("move", move=exact[0].notation)
    by_args = [c for c in options if c.args and wanted in keys(c.args)]
    if len(by_args) == 1:
        return Reading("move", move=by_args[0].notation)
    words = wanted.split()
    narrowed = [c for c in options
                if all(any(w in k for k in every_key(c)) for w in words)]
    if len(narrowed) == 1:  # a unique prefix (or part) of one move plays it: "kn", "Th"
        return Reading("move", move=narrowed[0].notation)
    if narrowed:
        more = len(narrowed) > MAX_SHOWN
        return Reading("menu", menu=Menu(narrowed[:MAX_SHOWN], {}), message=(
            w.n("{n} move matches; the first {shown} are listed, type more to narrow.",
                "{n} moves match; the first {shown} are listed, type more to narrow.",
                len(narrowed), shown=MAX_SHOWN) if more else
            w.n("{n} move matches.", "{n} moves match.", len(narrowed))))
    # Not one of the choices: let the engine say why (its refusal is one clear line).
    # The start of one of the game's verbs is that verb, as it is for a legal move: "kn"
    # after a knock is refused with the knock's ruling (TOE-50), not as "no move".
    verb, space, rest = line.partition(" ")
    return Reading("move", move=f"{seat}:{verb_of(game, verb)}{space}{rest}")


def verb_of(game: str, typed: str) -> str:
    """The verb of ``game``'s notation that ``typed`` begins (``kn`` -> ``knock``), when
    exactly one does and ``typed`` is not a verb itself; else ``typed`` unchanged.

    The verbs are those of the game's action classes (``ACTION_TYPES``), legal now or not,
    so a word typed for a move the rules refuse reaches the engine whole and its refusal
    names the ruling, as the whole word does.
    """
    info = GAMES.get(game)
    cls = info.state_class if info is not None else None
    if cls is None or not typed:
        return typed
    verbs = {str(t.verb) for t in cls.ACTION_TYPES if getattr(t, "verb", None)}
    if typed.lower() in verbs:
        return typed
    hits = [v for v in verbs if v.startswith(typed.lower())]
    return hits[0] if len(hits) == 1 else typed


