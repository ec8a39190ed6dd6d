"""Shithead's position text: what the field declarations cannot say by themselves.

Every line comes from the declarations in :mod:`tablegames.shithead.state` (the match,
the turn, each seat's cards and what the table knows of its hand, then the piles top
card first; the line names are the state's field names: ``face_up``, ``bars``,
``swapping``...). This module holds their words and the defaults of what a hand-written
position may leave out (see the notation guide):

* cards are written in action notation (ASCII: ``10h``, ``Qs``), since positions are
  edited by hand;
* ``direction`` is ``clockwise`` or ``counter-clockwise``;
* ``bars N`` lists, oldest first, what each unseen hand card cannot be: ranks for
  every suit of a value, cards for some suits of one (``2,3c,3d,9``; ``none``: it may
  be anything).
"""

from __future__ import annotations

from types import MappingProxyType
from typing import TYPE_CHECKING

from tablegames.common.fields import CardText, WordText
from tablegames.common.seating import CLOCKWISE, COUNTERCLOCKWISE
from tablegames.shithead.cards import ASCII, RANK_TEXT, code_of
from tablegames.shithead.stages import SWAP

if TYPE_CHECKING:
    from tablegames.shithead.state import State

#: Shithead's cards in position text: action notation, ASCII.
CARD_TEXT = CardText(names=ASCII, parse=code_of)

_DIRECTIONS = {COUNTERCLOCKWISE: "counter-clockwise", CLOCKWISE: "clockwise"}


def _direction(word: str) -> int:
    for value, name in _DIRECTIONS.items():
        if word == name:
            return value
    raise ValueError(f"expected one of counter-clockwise, clockwise, found {word[:40]!r}")


#: ``direction: clockwise`` (the state keeps +1 or -1).
DIRECTION_TEXT = WordText(write=lambda v: _DIRECTIONS.get(v, str(v)), read=_direction)


def _bar_text(mask: int) -> str:
    """The cards an unseen hand card cannot be: a rank where it bars every suit of it, a
    card where it bars only some (the start's suit bar, SHD-04); ``none``: it may be
    anything."""
    if not mask:
        return "none"
    words = []
    for v in range(1, 14):
        group = mask >> (v - 1) * 4 & 0b1111
        if group == 0b1111:
            words.append(RANK_TEXT[v])
        elif group:
            first = (v - 1) * 4
            words += [ASCII[first + i] for i in range(4) if group >> i & 1]
    return ",".join(words)


_RANK_OF = {text: v for v, text in enumerate(RANK_TEXT) if text}


def _bar_mask(word: str) -> int:
    """A bar's mask from its words: ranks (every suit of each) and cards, as written by
    :func:`_bar_text`; a position written before engine 7 names ranks only."""
    if word == "none":
        return 0
    mask = 0
    for part in word.split(","):
        v = _RANK_OF.get(part.upper())
        if v is not None:
            mask |= 0b1111 << (v - 1) * 4
            continue
        try:
            mask |= 1 << code_of(part)
        except ValueError:
            raise ValueError(f"{part[:40]!r} is not a rank (A, 2 … 10, J, Q, K) "
                             f"or a card (3c)") from None
    return mask


#: A bar on an unseen hand card, as ranks and cards.
BAR_TEXT = WordText(write=_bar_text, read=_bar_mask)

#: Comment lines before a field's lines.
COMMENTS = MappingProxyType({
    "hands": ("each seat: hand; the hand cards all have seen go in; the values each unseen",
              "hand card cannot be, oldest first; face-up; face-down in position order"),
    "pile": ("piles, top card first",),
})

#: Each seat's lines, seat by seat.
SEATWISE = (("hands", "known_cards", "bars", "face_up", "face_down"),)


def _free_bars(state: State) -> tuple[tuple[int, ...], ...]:
    """No bar on any unseen hand card (a seat's unseen cards: hand less known cards)."""
    return tuple([(0,) * max(0, len(h) - len(k))
                  for h, k in zip(state.hands, state.known_cards, strict=True)])


#: What a hand-written position may leave out, applied in this order once the lines
#: given are read (a seat's ``known_cards`` and ``bars`` lines each on their own).
DEFAULTS = MappingProxyType({
    "round": 0,
    "tally": lambda s: (0,) * s.n,
    "rounds_done": (),
    "starter": lambda s: s.active if s.stage != SWAP else -1,
    "swapping": (),
    "finished": (),
    "plays": 0,
    "loser": -1,
    "limit_hit": False,
    "known_cards": lambda s: ((),) * s.n,
    "bars": _free_bars,
    "aside": (),
    "burnt": (),
    "removed": (),
})

#: Never written: a seat is in play until it has finished.
DERIVED = MappingProxyType({
    "playing": lambda s: tuple([x not in s.finished for x in range(s.n)]),
})
