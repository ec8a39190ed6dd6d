"""Dallah actions and their notation: decisions, and reports of what happened at the table.

=============================  ==========================================================
``0:draw``                     draw the turn's Action card (DAL-20, DAL-40)
``0:roll``                     roll the die for the card's cup(s) and draw the Placement
                               card for the first one (DAL-01, DAL-03, DAL-20)
``0:settled``                  report: the cup is released (or the stunt done) and the
                               Dallah has settled; ends the report (DAL-12, DAL-23)
``0:fell neck:tall``           report: one Tall cup fell from the Neck (DAL-10)
``0:fell 2 tall neck:wide``    report several cups at once, after a crash: two Tall cups
                               from wherever they were, a Wide cup from the Neck (DAL-10)
``0:collapse``                 report: the whole Dallah fell, every cup on it (DAL-14)
``1:placed``                   report: the later cup of a card still in hand when
                               something fell had been let go and stands (DAL-12, DAL-26)
``0:nospace``                  report: the zone has no usable space (DAL-21)
``0:swap``                     swap the action for another Action card (DAL-27)
``0:timeout``                  report: the five seconds ran out, nothing fell (DAL-28)
``0:move neck:tall lid``       Naql: move a Tall cup from the Neck to the Lid (DAL-22)
``0:target 2``                 choose seat 2 (a pile action's target, a Shareek partner)
``0:pair 1 3``                 Malek Shoghl among ties: from seat 1's pile to seat 3's
``2:allow``                    do not protect against this card (DAL-41)
``2:block``                    play the block card, Ma Ysir (DAL-42)
``2:redirect 3``               play the redirect card, Ana Mali Dakhal, towards seat 3;
                               bare ``redirect`` cancels when nobody is eligible (DAL-43)
``0:penalty``                  add a shared cup as a timeout penalty: never legal (DAL-28)
=============================  ==========================================================

Zones and shapes are written by their card-set ids (short lower-case words), so the
notation reads without the state; ``apply`` checks them against the card set. ``fell``,
``fell ...`` with several cups and ``collapse`` are also the *late* reports of DAL-23:
the seat that reported ``settled`` may still send them until the next player draws.
Seat numbers are ASCII digits. Actions are interned by value.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from typing import ClassVar

import attrs

from tablegames.common.actions import Action, ActionBuilder, no_args, parse_with
from tablegames.common.errors import NotationError, quoted

#: What a zone or shape id looks like (the card set refuses any other, see ``cardset``).
ID = re.compile(r"[a-z][a-z0-9_]{0,31}")
#: Most cups one ``fell`` report may name (a collapse reports any number).
MAX_FALLS = 64
#: A fallen cup nobody could name (``fell 3``: three cups, which ones unknown).
UNKNOWN = "?"


@attrs.frozen
class DallahAction(Action):
    """Base of the Dallah actions (the core remembers each action's notation)."""


@attrs.frozen
class Draw(DallahAction):
    """Draw the turn's Action card."""

    verb: ClassVar[str] = "draw"


@attrs.frozen
class Roll(DallahAction):
    """Roll the die for the card's cups and draw the first Placement card."""

    verb: ClassVar[str] = "roll"


@attrs.frozen
class Settled(DallahAction):
    """Report that the Dallah has settled (after any falls already reported)."""

    verb: ClassVar[str] = "settled"


@attrs.frozen
class Fell(DallahAction):
    """Report that one cup of ``shape`` fell from ``zone``."""

    zone: str
    shape: str
    verb: ClassVar[str] = "fell"

    def arg_text(self) -> str:
        return f"{self.zone}:{self.shape}"


@attrs.frozen
class Falls(DallahAction):
    """Report several fallen cups at once: each ``"zone:shape"``, ``"shape"`` when nobody
    saw which zone it fell from (after a crash), or ``"?"`` for a cup nobody could name.
    Kept sorted; written with counts, unnamed cups as a count at the end
    (``fell 2 tall neck:wide 3``)."""

    cups: tuple[str, ...]
    verb: ClassVar[str] = "fell"

    def arg_text(self) -> str:
        counted = sorted(Counter(self.cups).items())
        words = [c if k == 1 else f"{k} {c}" for c, k in counted if c != UNKNOWN]
        unknown = self.cups.count(UNKNOWN)
        return " ".join([*words, str(unknown)] if unknown else words)


@attrs.frozen
class Collapse(DallahAction):
    """Report that the whole Dallah fell: every cup on it."""

    verb: ClassVar[str] = "collapse"


@attrs.frozen
class Placed(DallahAction):
    """Report that the cup in hand, a later cup of the card, had been let go on its zone
    before something fell and stands there (DAL-12): it was tried, so it stays."""

    verb: ClassVar[str] = "placed"


@attrs.frozen
class NoSpace(DallahAction):
    """Report that the Placement card's zone has no usable space."""

    verb: ClassVar[str] = "nospace"


@attrs.frozen
class Swap(DallahAction):
    """Swap an action that cannot comfortably be done for another Action card."""

    verb: ClassVar[str] = "swap"


@attrs.frozen
class Timeout(DallahAction):
    """Report that the countdown ran out without a fall."""

    verb: ClassVar[str] = "timeout"


@attrs.frozen
class Penalty(DallahAction):
    """Add an unfallen shared cup to a pile as a timeout penalty (always refused)."""

    verb: ClassVar[str] = "penalty"


@attrs.frozen
class Move(DallahAction):
    """Naql: move one cup of ``shape`` from ``zone`` to ``to``."""

    zone: str
    shape: str
    to: str
    verb: ClassVar[str] = "move"

    def arg_text(self) -> str:
        return f"{self.zone}:{self.shape} {self.to}"


@attrs.frozen
class Target(DallahAction):
    """Choose a seat: a pile action's target or a Shareek partner."""

    target: int
    verb: ClassVar[str] = "target"

    def arg_text(self) -> str:
        return str(self.target)


@attrs.frozen
class Pair(DallahAction):
    """Malek Shoghl with ties: cups go from ``source``'s pile to ``recipient``'s."""

    source: int
    recipient: int
    verb: ClassVar[str] = "pair"

    def arg_text(self) -> str:
        return f"{self.source} {self.recipient}"


@attrs.frozen
class Allow(DallahAction):
    """Let the effect against you happen."""

    verb: ClassVar[str] = "allow"


@attrs.frozen
class Block(DallahAction):
    """Play the held block card (Ma Ysir)."""

    verb: ClassVar[str] = "block"


@attrs.frozen
class Redirect(DallahAction):
    """Play the held redirect card (Ana Mali Dakhal) towards ``to`` (``None``: cancel)."""

    to: int | None = None
    verb: ClassVar[str] = "redirect"

    def arg_text(self) -> str:
        return "" if self.to is None else str(self.to)


#: The actions that report what happened at the table, never a player's choice (outside
#: the report stage: the late falls of DAL-23). Bots and the RL adapter leave them to the
#: table model.
TABLE_REPORTS: tuple[type[Action], ...] = (Settled, Fell, Falls, Collapse, NoSpace, Timeout,
                                           Placed)

#: One object per action value (:func:`_intern`): a legal list of a report or a placement
#: holds one action per cup and zone, made afresh at every step without it. Weighed in
#: 2026-12 (session 51) against the plain constructors: random 4-player playouts made
#: 80,000-87,000 steps per CPU-second with it, 63,000-67,000 without; a save's load the
#: same within noise. Bounded and guarded in :func:`_intern`; the actions are frozen
#: values, equal and hashed by value, so an interned one is the one the plain call gives.
_CACHE: dict[tuple[object, ...], Action] = {}


def _keyable(part: object) -> bool:
    """A part of an interned action's key: a class, ``None``, a ``str``, or an ``int``
    seat or number below 64, each of exactly that type (see ``_intern``)."""
    kind = part.__class__
    if kind is int:
        return 0 <= part < 64  # type: ignore[operator]
    return kind is str or part is None or isinstance(part, type)


def _intern(key: tuple[object, ...], make: Callable[[], Action]) -> Action:
    """One object per action value, so legal lists and parsed histories share them.

    Only plausible actions are kept (seat numbers below 64; ids are at most 32
    characters by their syntax), and the table is emptied when it fills: what a caller
    sends cannot make it grow without bound. Only keys made of exactly ``int``, ``str``,
    ``None`` and classes are kept: ``True == 1`` and a numpy integer hashes as its int,
    so a ``True`` seat kept here would be what every later ``"1:draw"`` parses to.
    """
    a = _CACHE.get(key)
    if a is None:
        a = make()
        if all(_keyable(k) for k in key):
            if len(_CACHE) > 50_000:
                _CACHE.clear()
            _CACHE[key] = a
    return a


def simple(cls: type[Action], seat: int) -> Action:
    """The interned argument-less action ``cls`` of ``seat`` (the commonest lookup)."""
    a = _CACHE.get((cls, seat))
    return a if a is not None else _intern((cls, seat), lambda: cls(seat))


def fell(seat: int, zone: str, shape: str) -> Action:
    """The interned ``fell`` report (a report's legal list holds one per cup: looked up
    before any closure is made, like :func:`simple`)."""
    key = (Fell, seat, zone, shape)
    a = _CACHE.get(key)
    return a if a is not None else _intern(key, lambda: Fell(seat, zone, shape))


def move(seat: int, zone: str, shape: str, to: str) -> Action:
    """The interned Naql move (looked up first, as :func:`fell`)."""
    key = (Move, seat, zone, shape, to)
    a = _CACHE.get(key)
    return a if a is not None else _intern(key, lambda: Move(seat, zone, shape, to))


def target(seat: int, who: int) -> Action:
    """The interned target choice (looked up first, as :func:`fell`)."""
    key = (Target, seat, who)
    a = _CACHE.get(key)
    return a if a is not None else _intern(key, lambda: Target(seat, who))


def pair(seat: int, source: int, recipient: int) -> Action:
    """The interned Malek Shoghl pair."""
    return _intern((Pair, seat, source, recipient), lambda: Pair(seat, source, recipient))


def redirect(seat: int, to: int | None) -> Action:
    """The interned redirect."""
    return _intern((Redirect, seat, to), lambda: Redirect(seat, to))


def _seat_arg(text: str, what: str) -> int:
    if not (text.isascii() and text.isdigit()):
        raise NotationError(f"{what} must be a seat number, not {quoted(text)}")
    return int(text)


def _id(text: str, what: str) -> str:
    # ASCII only before the case changes: the Kelvin sign lowers to "k" (helper-148)
    word = text.lower() if text.isascii() else text
    if not ID.fullmatch(word):
        raise NotationError(f"{quoted(text)} is not a {what} id (a short lower-case word)")
    return word


def _cup(text: str) -> tuple[str, str]:
    zone, colon, shape = text.partition(":")
    if not colon or not zone or not shape:
        raise NotationError(
            f"a cup is written ZONE:SHAPE (for example neck:tall), not {quoted(text)}")
    return _id(zone, "zone"), _id(shape, "shape")


def _fell(seat: int, args: str) -> Action:
    """One cup (``neck:tall``), or several: ``tall``, ``neck:tall``, each maybe counted;
    a count at the end is that many cups nobody could name (``fell 3``)."""
    parts = args.split()
    if not parts:
        raise NotationError("'fell' names the cups that fell, for example '0:fell neck:tall' "
                            "or '0:fell 2 tall neck:wide'")
    if len(parts) == 1 and ":" in parts[0]:
        return fell(seat, *_cup(parts[0]))
    cups: list[str] = []
    times = 0
    for part in parts:
        if part.isascii() and part.isdigit():
            if times:
                raise NotationError("'fell': a count stands before one cup ('2 tall')")
            times = int(part[:4])
            if not 1 <= times <= MAX_FALLS:
                raise NotationError(f"'fell': a count is 1 to {MAX_FALLS}")
            continue
        cup = ":".join(_cup(part)) if ":" in part else _id(part, "shape")
        cups.extend([cup] * (times or 1))
        times = 0
        if len(cups) > MAX_FALLS:
            raise NotationError(f"'fell' names at most {MAX_FALLS} cups (report a collapse, "
                                "or several reports)")
    cups.extend([UNKNOWN] * times)
    if len(cups) > MAX_FALLS:
        raise NotationError(f"'fell' names at most {MAX_FALLS} cups (report a collapse, "
                            "or several reports)")
    if len(cups) == 1 and ":" in cups[0]:
        zone, _, shape = cups[0].partition(":")
        return fell(seat, zone, shape)
    return Falls(seat, tuple(sorted(cups)))


def _move(seat: int, args: str) -> Action:
    parts = args.split()
    if len(parts) != 2:
        raise NotationError("'move' names a cup and a zone, for example '0:move neck:tall lid'")
    zone, shape = _cup(parts[0])
    return move(seat, zone, shape, _id(parts[1], "zone"))


def _target(seat: int, args: str) -> Action:
    return target(seat, _seat_arg(args, "a target"))


def _pair(seat: int, args: str) -> Action:
    parts = args.split()
    if len(parts) != 2:
        raise NotationError("'pair' names two seats, for example '0:pair 1 3'")
    return pair(seat, _seat_arg(parts[0], "the source"), _seat_arg(parts[1], "the recipient"))


def _redirect(seat: int, args: str) -> Action:
    return redirect(seat, None if not args else _seat_arg(args, "the new target"))


def _plain(cls: type[Action]) -> ActionBuilder:
    return no_args(lambda s: simple(cls, s))


_VERBS: dict[str, ActionBuilder] = {
    "draw": _plain(Draw),
    "roll": _plain(Roll),
    "settled": _plain(Settled),
    "fell": _fell,
    "collapse": _plain(Collapse),
    "nospace": _plain(NoSpace),
    "placed": _plain(Placed),
    "swap": _plain(Swap),
    "timeout": _plain(Timeout),
    "penalty": _plain(Penalty),
    "move": _move,
    "target": _target,
    "pair": _pair,
    "allow": _plain(Allow),
    "block": _plain(Block),
    "redirect": _redirect,
}


_PARSED: dict[str, Action] = {}
#: Longest notation read at all (the core's limit; the longest real action is ~40).
MAX_TEXT = 512


#: Every action class of the game (the core refuses any other as foreign).
ACTION_TYPES = frozenset({Draw, Roll, Settled, Fell, Falls, Collapse, NoSpace, Swap, Timeout,
                          Penalty, Move, Target, Pair, Allow, Block, Redirect, Placed})


def parse_action(text: str) -> Action:
    """Read Dallah action notation (see the module docstring).

    Loading a save parses its whole history, so parsed notation is remembered, but only
    in its canonical spelling (``str(action) == text``): a caller padding or re-casing
    texts cannot make the cache hold anything but the few hundred real actions, and
    text longer than :data:`MAX_TEXT` is refused before it is read.
    """
    hit = _PARSED.get(text) if type(text) is str else None
    if hit is None:
        if type(text) is str and len(text) > MAX_TEXT:
            raise NotationError(f"an action is at most {MAX_TEXT} characters")
        hit = parse_with(text, _VERBS, "dallah")
        if type(hit) is not Falls and str(hit) == text:
            if len(_PARSED) > 20_000:
                _PARSED.clear()
            _PARSED[text] = hit
    return hit
