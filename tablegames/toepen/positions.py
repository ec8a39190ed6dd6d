"""Toepen's position text: what the declarations cannot say by themselves.

Most lines come from the field declarations in :mod:`tablegames.toepen.state` (each
named as the state field and the view key it sets: ``round``, ``playing: 0 1 2``,
``folded: -``, ``hand 0: 8c Jd Td Kh``, ``stock`` top first or ``shuffled``...). This
module holds the rest, declared on the state class:

* :data:`OWN`: the finished tricks (``trick 0: 2 0:8c 1:Tc 2:Jc``, the winner first), the
  voids (``voids: 1:ch``, seat and the suits it has shown it lacks) and the house rules'
  per-seat fields whose absence depends on the rules (the second exchange, the set-aside
  cards);
* :data:`DEFAULTS`: what a hand-written position may leave out: the defaults are those
  of a round in play with nobody out (see the notation guide).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from tablegames.common.declared import Own, read_elsewhere
from tablegames.common.fields import CardText
from tablegames.common.position import PositionReader, PositionWriter, read_seat
from tablegames.toepen.cards import NAMES, PACK, card_names
from tablegames.toepen.checks import fold_costs, opening_stake

if TYPE_CHECKING:
    from tablegames.toepen.state import State

SUITS = "cdhs"  # suit letters in code order (cards.py: c >> 3)

#: Toepen's cards in position text: ``8c``, ``Td``.
CARD_TEXT = CardText(names=NAMES, parse=PACK.code)


def _write_tricks(state: State, w: PositionWriter) -> None:
    for i, (_, played, winner) in enumerate(state.tricks):
        w.items(f"trick {i}", [winner, *(f"{p}:{NAMES[c]}" for p, c in played)])


def _read_tricks(state: State, r: PositionReader) -> None:
    seat_of = partial(read_seat, players=state.n)
    tricks: list[tuple[int, tuple[tuple[int, int], ...], int]] = []
    while r.has(f"trick {len(tricks)}"):
        key = f"trick {len(tricks)}"
        words = r.words(key)
        if len(words) < 2:
            raise r.fail(key, "expected the winner and the cards played")
        try:
            winner, cards_ = seat_of(words[0]), tuple(_played(x, seat_of) for x in words[1:])
        except ValueError as exc:
            raise r.fail(key, str(exc)) from None
        tricks.append((cards_[0][0], cards_, winner))
    state.tricks = tuple(tricks)


def _played(word: str, seat_of: Any) -> tuple[int, int]:
    who, colon, name = word.partition(":")
    if not colon:
        raise ValueError(f"{word[:40]!r} is not seat:card")
    return seat_of(who), PACK.code(name)


def _write_voids(state: State, w: PositionWriter) -> None:
    w.items("voids", [f"{s}:{''.join(SUITS[u] for u in range(4) if m >> u & 1)}"
                      for s, m in enumerate(state.void_masks()) if m])


def _read_voids(state: State, r: PositionReader) -> None:
    """The voids are kept only under ``fold_withdraws`` (a withdrawn card hides them);
    without it the tricks tell them, and a ``voids`` line must say the same."""
    derived = state._voids_from_tricks()
    masks = list(derived)
    if r.has("voids"):
        masks = [0] * state.n
        for s, m in r.parse("voids", _void_entry(partial(read_seat, players=state.n))):
            masks[s] |= m
    state.void = tuple(masks) if state.rules.fold_withdraws else None
    if state.void is None and masks != derived:
        raise r.fail("voids", "these are not the suits the tricks show")


def _void_entry(seat_of: Any) -> Any:
    """A reader for one ``voids`` word, ``"1:ch"``: the seat and its suit mask."""
    def read(word: str) -> tuple[int, int]:
        who, colon, suits = word.partition(":")
        if not colon or not suits or any(u not in SUITS for u in suits):
            raise ValueError(f"{word[:40]!r} is not seat:suits (suits from {SUITS})")
        mask = 0
        for u in suits:
            mask |= 1 << SUITS.index(u)
        return seat_of(who), mask
    return read


def _write_again_seen(state: State, w: PositionWriter) -> None:
    if any(state.again_seen()):
        w.items("revealed_again", [s for s, f in enumerate(state.again_seen()) if f])


def _write_again(state: State, w: PositionWriter) -> None:
    for s, cs in enumerate(state.again()):
        if cs:
            w.items(f"thrown_again {s}", card_names(cs))


def _read_again(state: State, r: PositionReader) -> None:
    """The second exchange's fields exist under ``second_exchange`` (or where a line
    gives them: the rules' check then refuses them)."""
    n = state.n
    again = tuple([tuple(sorted(r.parse(f"thrown_again {s}", PACK.code, ())))
                   for s in range(n)])
    marked = set(r.parse("revealed_again", partial(read_seat, players=n), ()))
    seen = tuple([s in marked for s in range(n)])
    twice = state.rules.second_exchange or any(again) or any(seen)
    state.thrown_again = again if twice else None
    state.revealed_again = seen if twice else None


def _write_aside(state: State, w: PositionWriter) -> None:
    for s, cs in enumerate(state.aside()):
        if cs:
            w.items(f"set_aside {s}", card_names(cs))


def _read_aside(state: State, r: PositionReader) -> None:
    aside = tuple([tuple(sorted(r.parse(f"set_aside {s}", PACK.code, ())))
                   for s in range(state.n)])
    state.set_aside = aside if state.rules.bluff_takes_back or any(aside) else None


#: The lines Toepen writes itself, at the place of their field.
OWN = MappingProxyType({
    "tricks": Own(_write_tricks, _read_tricks),
    "void": Own(_write_voids, _read_voids),
    "revealed_again": Own(_write_again_seen, _read_again),
    "thrown_again": Own(_write_again, read_elsewhere),  # read with revealed_again
    "set_aside": Own(_write_aside, _read_aside),
})

#: Comment lines before a field's lines.
COMMENTS = MappingProxyType({
    "tricks": ("finished tricks: the winner, then seat:card in the order played",),
})


def _nobody(state: State) -> tuple[bool, ...]:
    return (False,) * state.n


def _in_turn(state: State, also: Sequence[bool]) -> tuple[int, ...]:
    """The seats from the dealer's left, all the way round to the dealer, that are not
    out (nor ``also``): the order of the deal (TOE-02)."""
    seats = ((state.dealer + k) % state.n for k in range(1, state.n + 1))
    return tuple([s for s in seats if not state.out[s] and not also[s]])


#: What a hand-written position may leave out, applied in this order once the lines
#: given are read: a round in play with nobody out; the stake as the knocks and the
#: poverty make it, and a fold's cost as it is then (the load check holds a position's
#: stake lines to those, so a default may not break them).
DEFAULTS = MappingProxyType({
    "round": 0,
    "lives": lambda s: (0,) * s.n,
    "out": _nobody,
    "folded": _nobody,
    "poverty": _nobody,
    "exchanged": _nobody,
    "revealed": _nobody,
    "dealt": lambda s: _in_turn(s, _nobody(s)),
    "playing": lambda s: tuple([x in _in_turn(s, s.folded) for x in range(s.n)]),
    "stake": lambda s: opening_stake(s) + s.knocks,
    "stake_before": lambda s: s.stake - 1 if s.knocks else fold_costs(s)[0],
    "knocks": 0,
    "last_knocker": -1,
    "knocker": -1,
    "exchanger": -1,
    "queue": (),
    "exchange_queue": (),
    "trick": (),
    "trick_no": lambda s: min(3, len(s.tricks)),
    "leader": lambda s: s.trick[0][0] if s.trick else s.active,
    "withdrawn": lambda s: () if s.rules.fold_withdraws else None,
    "exchange_round": 0,
    "last_round": None,
})
