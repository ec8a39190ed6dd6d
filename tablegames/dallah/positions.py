"""Dallah position text: the whole table as lines a person can read and edit.

The core writes the header (``game``, ``player N``, ``rules``, ``rng``, ``stage``); these
are Dallah's lines, in the order a person looks at a table (see the notation guide)::

    active: 0                     whose turn it is
    turn: 3                       the turn's number, from 1
    shared: classic=5 tall=4 ...  cups left in the shared pile, by shape
    pot_lid: tall wide            the cups on each zone, in placement order (- for none)
    full_zones: lid               zones reported as having no usable space
    piles: 0 2 1                  cups in each personal pile
    retired: 0
    held 1: ma_ysir               each seat's protection cards (- for none)
    stock: place tap ...          the Action deck, top first, or "shuffled"
    discard: kheth ...            the Action discard pile, top first
    placement_stock: lid neck ... the Placement deck, top first, or "shuffled"
    placement_discard: -
    rolls: -                      stacked die faces still to come
    card: place                   the Action card in play (- between cards)
    ...                           the bookkeeping of the card in play, then of the turn

Cups, zones and cards are written by their card-set ids. Every field a view or a legal
list depends on is a line, so a position read back shows every phone exactly what the
state it was written from shows; an impossible position (a card twice, cups that do not
add up) is refused by the checks a loaded save goes through.

Most lines come from the field declarations in :mod:`tablegames.dallah.state`, like the
other games' (a count, a seat or ``-``, ``yes``/``no``, a list as words, a deck top
first, ``held N`` one line per seat, a ``shuffled`` deck dealt from ``rng``): the card
set's ids are the names :data:`CARD_TEXT` gives the kinds ``named("shape")``,
``card(names="zone")`` and ``card()`` for the state's rules. This module holds the rest:

* :data:`OWN`: what no kind can say: the cups left by shape (``shared: classic=5 ...``),
  the cups on each zone (``pot_lid: tall wide``, one line per zone of the card set), the
  full zones by id, the effects of a protection window (``0>1:2+redirected``) and the
  turn before (``last_turn: 0 place 0 1 no -``);
* :data:`TURN_TEXT` (a turn's number, from 1 as in the state, with its own error),
  :data:`COMMENTS` and :data:`KEYS` (the field ``report_kind`` is the line ``report``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import partial
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from tablegames.common.errors import quoted
from tablegames.common.fields import CardText, Own, RulesText, WordText
from tablegames.common.numbers import is_number
from tablegames.common.position import PositionReader, PositionWriter, read_seat
from tablegames.dallah.stages import BLOCKED, REDIRECTED, SWAP
from tablegames.dallah.table import table_for

if TYPE_CHECKING:
    from tablegames.dallah.state import State


def _card_texts(rules: Any) -> Mapping[str, CardText]:
    return table_for(rules.cards).texts


#: Shapes, zones and cards by the ids of the card set in the state's rules.
CARD_TEXT = RulesText(_card_texts)


def _turn_of(word: str) -> int:
    """A turn's number, from 1 to the state's bound."""
    if not (word.isascii() and word.isdigit()) or not 1 <= int(word[:25]) <= 1_000_001:
        raise ValueError(f"expected a turn's number from 1 to 1000001, found {quoted(word)}")
    return int(word)


#: The turn's number as people count it, from 1 (as the state counts it since engine 4).
TURN_TEXT = WordText(write=str, read=_turn_of)


def _number(word: str) -> int:
    if not is_number(word, 7):
        raise ValueError(f"{quoted(word)} is not a count")
    return int(word)


def _look(text: CardText) -> Callable[[str], int]:
    """A word's code by ``text`` (``ValueError`` naming what it should have been)."""
    def look(word: str) -> int:
        try:
            return text.parse(word)
        except ValueError:
            raise ValueError(f"{quoted(word)} is not a {text.what}") from None
    return look


# -- shared: the cups left in the shared pile, by shape -----------------------------------
def _write_shared(state: State, w: PositionWriter) -> None:
    sid = state.t.shape_ids
    w.items("shared", [f"{sid[s]}={k}" for s, k in enumerate(state.shared)])


def _read_shared(state: State, r: PositionReader) -> None:
    t = table_for(state.rules.cards)
    shape = _look(t.texts["shape"])
    counts: dict[int, int] = {}
    for word in r.words("shared"):
        name, eq, k = word.partition("=")
        try:
            s = shape(name)
            if not eq or s in counts:
                raise ValueError(f"{quoted(word)}: write each shape once, as shape=count")
            counts[s] = _number(k)
        except ValueError as exc:
            raise r.fail("shared", str(exc)) from None
    if len(counts) != t.nshapes:
        raise r.fail("shared", f"give all {t.nshapes} shapes, as shape=count")
    state.shared = tuple(counts[s] for s in range(t.nshapes))


# -- the zones: the cups on each, and the full ones -----------------------------------------
def _write_pot(state: State, w: PositionWriter) -> None:
    sid, zid = state.t.shape_ids, state.t.zone_ids
    for z, cups in enumerate(state.pot):
        w.items(f"pot_{zid[z]}", [sid[s] for s in cups])


def _read_pot(state: State, r: PositionReader) -> None:
    t = table_for(state.rules.cards)
    shape = _look(t.texts["shape"])
    state.pot = tuple(tuple(r.parse(f"pot_{zone}", shape)) for zone in t.zone_ids)


def _write_full(state: State, w: PositionWriter) -> None:
    t = state.t
    w.items("full_zones", [t.zone_ids[z] for z in range(t.nzones) if state.full_zones[z]])


def _read_full(state: State, r: PositionReader) -> None:
    t = table_for(state.rules.cards)
    full = set(r.parse("full_zones", _look(t.texts["zone"])))
    state.full_zones = tuple(z in full for z in range(t.nzones))


# -- the protection window's effects ----------------------------------------------------------
def _write_effects(state: State, w: PositionWriter) -> None:
    w.items("effects", [_effect_text(e) for e in state.effects])


def _effect_text(e: tuple[int, ...]) -> str:
    src, dst, k, flags = e
    text = f"{src}>{dst}:{'pile' if k == SWAP else k}"
    if flags & REDIRECTED:
        text += "+redirected"
    if flags & BLOCKED:
        text += "+blocked"
    return text


def _read_effects(state: State, r: PositionReader) -> None:
    state.effects = tuple(r.parse("effects", partial(_effect, n=state.n)))


def _effect(word: str, n: int) -> tuple[int, ...]:
    """``0>1:2``, ``1>2:pile+redirected``: source, recipient, cups, flags."""
    head, _, rest = word.partition(":")
    src, gt, dst = head.partition(">")
    parts = rest.split("+")
    flags = 0
    for flag in parts[1:]:
        if flag == "redirected":
            flags |= REDIRECTED
        elif flag == "blocked":
            flags |= BLOCKED
        else:
            raise ValueError(f"{quoted(word)}: unknown flag {quoted(flag)}")
    ok = gt and src.isascii() and src.isdigit() and dst.isascii() and dst.isdigit()
    k_text = parts[0]
    if not ok or not (k_text == "pile" or (k_text.isascii() and k_text.isdigit()
                                           and len(k_text) < 7)):
        raise ValueError(f"{quoted(word)} is not source>recipient:cups")
    s, d = int(src[:4]), int(dst[:4])
    if s >= n or d >= n:
        raise ValueError(f"{quoted(word)} names no seat of this game")
    return (s, d, SWAP if k_text == "pile" else int(k_text), flags)


# -- the turn before ----------------------------------------------------------------------------
_COLLAPSED = ("no", "yes", "late")


def _write_last(state: State, w: PositionWriter) -> None:
    last = state.last_turn
    w.items("last_turn", [] if not last else [
        last[0], state.t.card_ids[last[1]], "-" if last[2] < 0 else last[2], last[3],
        _COLLAPSED[last[4]], "-" if last[5] < 0 else last[5]])


def _read_last(state: State, r: PositionReader) -> None:
    words = r.words("last_turn")
    if not words:
        state.last_turn = ()
        return
    if len(words) != 6 or words[4] not in _COLLAPSED:
        raise r.fail("last_turn", "expected seat, card, collector (or -), collected, "
                                  "collapsed (yes, no, or late), late reporter (or -)")
    seat = partial(read_seat, players=state.n)
    card = _look(table_for(state.rules.cards).texts["card"])
    try:
        state.last_turn = (seat(words[0]), card(words[1]),
                           -1 if words[2] == "-" else seat(words[2]), _number(words[3]),
                           _COLLAPSED.index(words[4]),
                           -1 if words[5] == "-" else seat(words[5]))
    except ValueError as exc:
        raise r.fail("last_turn", str(exc)) from None


#: The lines Dallah writes itself, at the place of their field (``State.POSITION_OWN``).
OWN = MappingProxyType({
    "shared": Own(_write_shared, _read_shared),
    "pot": Own(_write_pot, _read_pot),
    "full_zones": Own(_write_full, _read_full),
    "effects": Own(_write_effects, _read_effects),
    "last_turn": Own(_write_last, _read_last),
})

#: Comment lines before a field's lines.
COMMENTS = MappingProxyType({
    "pot": ("the Dallah: cups on each zone, in placement order",),
    "stock": ("the decks, top first",),
    "card": ("the Action card in play and its cups",),
    "effects": ("protection: effects are source>recipient:cups (pile for a swap)",),
    "last_turn": ("the turn before: seat card collector collected collapsed(no/yes/late) "
                  "late_reporter",),
})

#: The field ``report_kind`` is the line ``report`` (as in the views): the state's
#: ``report`` is the method that applies a whole report.
KEYS = MappingProxyType({"report_kind": "report"})
