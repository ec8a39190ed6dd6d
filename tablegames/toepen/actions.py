"""Toepen actions and their notation.

==================  ==========================================================
``2:play Th``       seat 2 plays the ten of hearts (TOE-10/11)
``2:knock``         seat 2 knocks, raising the stake by one (TOE-21)
``1:fold``          seat 1 folds in answer to a knock or to poverty (TOE-22/31)
``1:stay``          seat 1 stays in
``3:exchange``      seat 3 throws in its hand face down for a fresh four (TOE-03)
``3:keep``          seat 3 keeps its hand
``0:challenge``     seat 0 challenges the last exchange (TOE-04)
``0:accept``        seat 0 lets it pass
==================  ==========================================================

Action objects are interned: the engine hands out the same object for the same action,
which saves allocations in playouts; equality is by value all the same.
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from tablegames.common.actions import Action, ActionBuilder, no_args, parse_with
from tablegames.common.errors import NotationError
from tablegames.toepen.cards import NAMES, PACK


@attrs.frozen
class Play(Action):
    """Play one card to the current trick."""

    card: int
    verb: ClassVar[str] = "play"

    def arg_text(self) -> str:
        return NAMES[self.card]


@attrs.frozen
class Knock(Action):
    """Raise the hand's value by one (*toep*)."""

    verb: ClassVar[str] = "knock"


@attrs.frozen
class Fold(Action):
    """Give up the hand, paying the stake as it stood before the knock."""

    verb: ClassVar[str] = "fold"


@attrs.frozen
class Stay(Action):
    """Stay in after a knock (or play for 2 in poverty)."""

    verb: ClassVar[str] = "stay"


@attrs.frozen
class Exchange(Action):
    """Throw the hand in face down and draw four new cards (dirty hand, or a bluff)."""

    verb: ClassVar[str] = "exchange"


@attrs.frozen
class Keep(Action):
    """Keep the dealt hand."""

    verb: ClassVar[str] = "keep"


@attrs.frozen
class Challenge(Action):
    """Turn the last exchanged hand face up to catch a bluff."""

    verb: ClassVar[str] = "challenge"


@attrs.frozen
class Accept(Action):
    """Let the last exchange pass unchallenged."""

    verb: ClassVar[str] = "accept"


MAX_SEATS = 8
PLAYS = [[Play(s, c) for c in range(32)] for s in range(MAX_SEATS)]
KNOCK = [Knock(s) for s in range(MAX_SEATS)]
FOLD = [Fold(s) for s in range(MAX_SEATS)]
STAY = [Stay(s) for s in range(MAX_SEATS)]
EXCHANGE = [Exchange(s) for s in range(MAX_SEATS)]
KEEP = [Keep(s) for s in range(MAX_SEATS)]
CHALLENGE = [Challenge(s) for s in range(MAX_SEATS)]
ACCEPT = [Accept(s) for s in range(MAX_SEATS)]



def _play(seat: int, args: str) -> Action:
    if not args:
        raise NotationError("'play' needs a card, for example '0:play Th'")
    return play(seat, PACK.code(args))


_VERBS: dict[str, ActionBuilder] = {
    "play": _play,
    "knock": no_args(lambda s: KNOCK[s] if s < MAX_SEATS else Knock(s)),
    "fold": no_args(lambda s: FOLD[s] if s < MAX_SEATS else Fold(s)),
    "stay": no_args(lambda s: STAY[s] if s < MAX_SEATS else Stay(s)),
    "exchange": no_args(lambda s: EXCHANGE[s] if s < MAX_SEATS else Exchange(s)),
    "keep": no_args(lambda s: KEEP[s] if s < MAX_SEATS else Keep(s)),
    "challenge": no_args(lambda s: CHALLENGE[s] if s < MAX_SEATS else Challenge(s)),
    "accept": no_args(lambda s: ACCEPT[s] if s < MAX_SEATS else Accept(s)),
}


def parse_action(text: str) -> Action:
    """Read Toepen action notation (see the module docstring)."""
    return parse_with(text, _VERBS, "toepen")


def play(seat: int, card: int) -> Play:
    """The (interned) action of ``seat`` playing ``card``."""
    # a negative seat or card would index the table from its end (another seat's card)
    return PLAYS[seat][card] if 0 <= seat < MAX_SEATS and 0 <= card < 32 else Play(seat, card)
