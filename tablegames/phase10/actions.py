"""Phase 10 actions and their notation.

=============================================  ===============================================
``2:draw``                                     take the top card of the draw pile (P10-31)
``2:take``                                     take the top card of the discard pile (P10-31)
``2:lay set3=R3,B3,W set9=G9,Y9,Y9``           lay the phase, group by group (P10-40)
``2:hit R7>1.0``                               put R7 on seat 1's first group (P10-50)
``2:hit W=9>1.1``                              a Wild on a run names the number it stands for
``2:discard G12``                              discard and end the turn (P10-31)
``2:discard S>3``                              discard a Skip, skipping seat 3 (P10-20)
``2:discard S``                                a Skip without a target (below)
=============================================  ===============================================

``discard S`` names no seat. Under ``Rules(skip_target="next")`` it is how every Skip is
written, and it skips the next player (P10-20). Under the default ``"choose"`` it is the
Skip against nobody of P10-24, offered only when every other seat is already waiting out
a skip, and play from a deal never gets there: the seat just before the one to act has
either just played or just been passed over, so it can always be skipped. Only a position
written by hand (``State.from_position``) reaches it.

Groups on the table are named ``SEAT.INDEX``: the laying seat and the group's place in
that seat's lay-down (0-based, in the lay-down's canonical order). A Wild hit on a set or
a colour group needs no value: it stands for the set's number or the group's colour.

A turn is several actions (draw, then any lay-down and hits, then the discard), so each
list of legal actions stays short; the extra cards a lay-down may carry (P10-43) are hits
onto the new groups in the same turn. ``draw``, ``take`` and the discards are interned
(one object per seat and card); lay-downs are memoised with the hand's lay-down list and
hits are built on demand. Every action writes its notation once and keeps it.
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from tablegames.common.actions import Action, ActionBuilder, no_args, parse_with
from tablegames.common.errors import NotationError, quoted
from tablegames.phase10.cards import NAMES, SKIP, WILD, card_of
from tablegames.phase10.groups import Group, is_number, parse_group


@attrs.frozen
class Draw(Action):
    """Take the top card of the draw pile."""

    verb: ClassVar[str] = "draw"


@attrs.frozen
class Take(Action):
    """Take the top card of the discard pile (never a Skip, P10-23)."""

    verb: ClassVar[str] = "take"


@attrs.frozen
class Lay(Action):
    """Lay the current phase: one group per requirement, in canonical order."""

    groups: tuple[Group, ...]
    verb: ClassVar[str] = "lay"

    def arg_text(self) -> str:
        return " ".join(str(g) for g in self.groups)


@attrs.frozen
class Hit(Action):
    """Put one card onto a laid group; ``value`` is the number a Wild takes in a run."""

    card: int
    owner: int
    group: int
    value: int = 0
    verb: ClassVar[str] = "hit"

    def arg_text(self) -> str:
        wild = f"={self.value}" if self.value else ""
        return f"{NAMES[self.card]}{wild}>{self.owner}.{self.group}"


@attrs.frozen
class Discard(Action):
    """Discard a card, ending the turn; a Skip names the seat it skips (``target``)."""

    card: int
    target: int = -1
    verb: ClassVar[str] = "discard"

    def arg_text(self) -> str:
        return NAMES[self.card] + (f">{self.target}" if self.target >= 0 else "")


def lay(seat: int, groups: tuple[Group, ...]) -> Lay:
    """A lay-down with its groups put into canonical order."""
    return Lay(seat, tuple(sorted(groups, key=lambda g: g.sort_key)))


def _lay(seat: int, args: str) -> Action:
    parts = args.split()
    if not parts:
        raise NotationError("'lay' needs its groups, for example '0:lay set3=R3,B3,W set9=G9,Y9,W'")
    return lay(seat, tuple(parse_group(p) for p in parts))


def _seat_index(text: str) -> tuple[int, int]:
    owner, dot, index = text.partition(".")
    if not (is_number(owner) and dot and is_number(index)):
        raise NotationError(f"{quoted(text)} is not a group on the table (write SEAT.INDEX, e.g. 1.0)")
    return int(owner), int(index)


def _hit(seat: int, args: str) -> Action:
    card_text, arrow, where = args.partition(">")
    if not arrow:
        raise NotationError("'hit' is written CARD>SEAT.INDEX, for example '0:hit R7>1.0'")
    name, eq, value_text = card_text.partition("=")
    card = card_of(name)
    value = 0
    if eq:
        if card != WILD or not is_number(value_text) or not 1 <= int(value_text) <= 12:
            raise NotationError("only a Wild names a value (1-12), as in 'W=9>1.0'")
        value = int(value_text)
    owner, index = _seat_index(where)
    return Hit(seat, card, owner, index, value)


def _discard(seat: int, args: str) -> Action:
    name, arrow, target = args.partition(">")
    if not name:
        raise NotationError("'discard' needs a card, for example '0:discard R7' or '0:discard S>2'")
    card = card_of(name)
    if arrow:
        if not is_number(target):
            raise NotationError(f"{quoted(target)} is not a seat")
        return Discard(seat, card, int(target))
    return discard(seat, card)


MAX_SEATS = 6
DRAW = [Draw(s) for s in range(MAX_SEATS)]
TAKE = [Take(s) for s in range(MAX_SEATS)]
DISCARDS = [[Discard(s, c) for c in range(50)] for s in range(MAX_SEATS)]
SKIPS = [[Discard(s, SKIP, t) for t in range(MAX_SEATS)] for s in range(MAX_SEATS)]


_VERBS: dict[str, ActionBuilder] = {
    "draw": no_args(lambda s: DRAW[s] if s < MAX_SEATS else Draw(s)),
    "take": no_args(lambda s: TAKE[s] if s < MAX_SEATS else Take(s)),
    "lay": _lay,
    "hit": _hit,
    "discard": _discard,
}


def parse_action(text: str) -> Action:
    """Read Phase 10 action notation (see the module docstring).

    Loading a save parses its whole history; the core keeps those parses
    (``BaseState.from_json``), so no memo is needed here.
    """
    return parse_with(text, _VERBS, "phase10")


def discard(seat: int, card: int) -> Discard:
    """The (interned) plain discard of ``card`` by ``seat``."""
    return DISCARDS[seat][card] if 0 <= seat < MAX_SEATS and 0 <= card < 50 else Discard(seat, card)


def skip(seat: int, target: int) -> Discard:
    """The (interned) discard of a Skip by ``seat`` against ``target``."""
    if 0 <= seat < MAX_SEATS and 0 <= target < MAX_SEATS:
        return SKIPS[seat][target]
    return Discard(seat, SKIP, target)
