"""State fields declared once: the core builds ``copy``, the JSON dump and the strict load.

A game states each field of its state with its kind, once, as an annotation::

    class State(BaseState):
        stage: Annotated[int, enum(STAGES)]
        hands: Annotated[list[list[int]], per_seat(cards(32))]
        stock: Annotated[list[int], cards(32)]
        turn: Annotated[int, seat()]
        knocker: Annotated[int, seat(none=-1)]
        trick: Annotated[list[tuple[int, int]], listof(tuple_of(seat(), card(32)))]

From these the core compiles, once per class, a ``copy`` function (a copy of the
instance dict with one line per mutable field: lists of ints are ``.copy()``'d, tuples
and strings are shared), a ``_dump`` that writes each field under its own name, the
canonical JSON text of that dump written directly (tables for small numbers and flags,
no encoder walking the tree: a save costs a few microseconds), and a ``_load`` that
reads each field strictly (exact types, seats in range, cards in the pack, per-seat
lists of the right length) with inline checks, turning every defect into a
:class:`~tablegames.common.errors.StateError` naming the path. This is the OpenSpiel
habit of generic clone and serialize over declared state, without ``deepcopy``'s cost,
and it means a new field cannot be forgotten in one of five places.

A field whose values the game must also check (a Phase 10 group's shape) is declared
``checked(kind, check)`` rather than ``custom``, so it keeps the compiled paths; a field
worked out from others (a table of the rules) is ``derived()``.

Fields that are caches and not part of the state are declared ``transient``.

Three more things come from the declarations (see :mod:`tablegames.common.declared`):

* **Position text.** Each persisted field gets its lines, under the field's own name, in
  declaration order, each value in its kind's text form (a card by the name the class's
  ``CARD_TEXT`` gives it, ``yes``/``no``, ``-`` for nobody...), read back by the same kind
  as a save (same limits). Fields no kind can say are the class's ``POSITION_OWN``, each
  with its own writer and reader.
* **Card conservation.** ``CONSERVE = Conserve("hands", "stock", "trick")`` on the class
  says every card of the pack lies exactly once across those fields (the cards are the
  values declared with ``card()``/``cards()``; one ``Conserve`` per deck where a game has
  several); the core checks it after a load and after ``from_position``.
* **Seats in play.** ``seat(among="playing")`` says the seat is one whose flag is set in
  the per-seat field ``playing``; the core checks it after a load and after
  ``from_position``.

So ``_check_loaded`` keeps only the rules a person would state in a sentence.

This module is the one a game imports; the kinds live in :mod:`tablegames.common.kinds`
(scalars) and :mod:`tablegames.common.containers`, the compiler in
:mod:`tablegames.common.compiler`.
"""


from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Annotated, Any, TypeVar

from tablegames.common.compiler import Spec, spec_of
from tablegames.common.containers import (
    _Checked,
    _Custom,
    _Derived,
    _FrozenJson,
    _JsonValue,
    _List,
    _Mapping,
    _Optional,
    _Transient,
    _Tuple,
    _TupleSeq,
)
from tablegames.common.declared import Conserve, Own
from tablegames.common.kinds import (
    MISS,
    CardText,
    Ctx,
    Kind,
    RulesText,
    TextCtx,
    WordText,
    _Count,
    _Enum,
    _Flag,
    _Seat,
    _Text,
)
from tablegames.common.serialization import Reader

_T = TypeVar("_T")

__all__ = [
    "MISS",
    "Annotated",
    "CardText",
    "Conserve",
    "Ctx",
    "Kind",
    "Own",
    "RulesText",
    "Spec",
    "TextCtx",
    "WordText",
    "card",
    "cards",
    "checked",
    "count",
    "custom",
    "derived",
    "enum",
    "flag",
    "flags",
    "frozen_json",
    "ints",
    "json_value",
    "listof",
    "mapping",
    "named",
    "optional",
    "per_seat",
    "per_seat_tuple",
    "put",
    "seat",
    "seats",
    "spec_of",
    "text",
    "transient",
    "tuple_of",
    "tuple_seq",
]


def _shaped(kind: Kind, *, line: str | None = None, top_first: bool = False,
            sort: bool = False, seat_set: bool = False, sparse: bool = False) -> Kind:
    """``kind`` with the options that shape its position lines (see :class:`Kind`)."""
    if line is not None:
        if getattr(kind, "length", None) != "seats":
            raise TypeError("line= names the lines of a per-seat field")
        kind.line = line
    if seat_set and not (getattr(kind, "length", None) == "seats"
                         and type(getattr(kind, "inner", None)) is _Flag):
        raise TypeError("seat_set= writes a per-seat flag list as the seats that have it")
    kind.top_first, kind.sort, kind.seat_set, kind.sparse = top_first, sort, seat_set, sparse
    return kind


# -- the public constructors -----------------------------------------------------------
# The keyword options shape a field's position lines (see :class:`Kind`): ``line`` (one
# line per seat under that singular name), ``top_first`` (a pile), ``sort`` (a hand kept
# sorted: read in any order), ``seat_set`` (a per-seat flag list as the seats that have
# it), ``sparse`` (an empty value's line is left out). They change nothing in saves.
def count(lo: int | None = 0, hi: int | None = 1_000_000, *, words: WordText | None = None,
          sparse: bool = False) -> Kind:
    """An exact ``int`` (never a ``bool``) in ``lo..hi``; ``words`` writes it in
    position text as a word of its own (see :class:`~tablegames.common.kinds.WordText`);
    ``sparse`` leaves its line out while it is 0 (the class declares the default)."""
    kind = _Count(lo, hi)
    kind.words = words
    return _shaped(kind, sparse=sparse)


def seat(none: int | str | None = "never", *, among: str | None = None,
         stages: Sequence[str] | None = None, ruling: str | None = None) -> Kind:
    """A seat of this game; ``none=-1`` (or ``None``) also allows that 'nobody' value
    (written ``-`` in position text).

    ``among`` names a per-seat flag field the seat must be set in (``among="playing"``:
    the seat is one in play), in the ``stages`` named (every stage if ``None``); the
    core checks it after every load and ``from_position``, with a :class:`StateError`
    naming the field and citing ``ruling`` (see
    :func:`~tablegames.common.declared.check_in_play`). Inside a list of seats, it
    holds for each seat of the list; "nobody" is never checked.
    """
    if among is None and (stages is not None or ruling is not None):
        raise TypeError("seat(stages=, ruling=) say when and why a seat is among= a field")
    return _Seat(none, among, stages, ruling)


def card(size: int, *, names: str = "card", none: int | None = None) -> Kind:
    """A card code of a pack of ``size`` cards (counted by a declared card conservation,
    named in position text by the class's ``CARD_TEXT``).

    A game with several decks names each (``names="zone"``: Dallah's Placement cards):
    its codes are named by that part of ``CARD_TEXT`` (see
    :class:`~tablegames.common.kinds.RulesText`) and counted by the ``Conserve`` of
    that deck. ``none`` is a value that means "no card" (written ``-``, never counted):
    the kind then allows it below the codes (``none=-1``).
    """
    return _named(names, size, none, pack=True)


def named(names: str, size: int, *, none: int | None = None) -> Kind:
    """A code below ``size`` that position text writes by its name, from the part
    ``names`` of the class's ``CARD_TEXT`` (Dallah's cup shapes): a :func:`card` that no
    card conservation counts."""
    return _named(names, size, none, pack=False)


def _named(names: str, size: int, none: int | None, *, pack: bool) -> Kind:
    if none is not None and none >= 0:
        raise TypeError("none= is a value below the codes (-1)")
    kind = _Count(0 if none is None else none, size - 1, size if pack else None)
    kind.names, kind.none = names, none
    return kind


def flag() -> Kind:
    """A ``bool`` (``yes``/``no`` in position text)."""
    return _Flag()


def text(max_len: int = 200, choices: Sequence[str] | None = None) -> Kind:
    """A string (optionally one of ``choices``)."""
    return _Text(max_len, choices)


def enum(names: Sequence[str]) -> Kind:
    """An index into ``names``, saved as the name."""
    return _Enum(names)


def listof(inner: Kind, length: int | None = None, max_len: int = 100_000, *,
           top_first: bool = False, sort: bool = False, sparse: bool = False) -> Kind:
    """A list of ``inner`` values."""
    return _shaped(_List(inner, length, max_len), top_first=top_first, sort=sort, sparse=sparse)


def per_seat(inner: Kind, *, line: str | None = None, sparse: bool = False,
             seat_set: bool = False) -> Kind:
    """A list with one ``inner`` value per seat."""
    return _shaped(_List(inner, "seats", 1_000), line=line, sparse=sparse, seat_set=seat_set)


def per_seat_tuple(inner: Kind, *, line: str | None = None, sparse: bool = False,
                   seat_set: bool = False) -> Kind:
    """One immutable ``inner`` value per seat, as a tuple. ``copy`` shares it, so every
    change replaces the whole tuple (:func:`put`); for four to eight seats that costs
    less than the list copies every ``copy`` would otherwise make, and a search copies
    far more often than it plays. Saved as a list, exactly like :func:`per_seat`."""
    return _shaped(_TupleSeq(inner, 1_000, "seats"), line=line, sparse=sparse,
                   seat_set=seat_set)


def put(values: tuple[_T, ...], i: int, value: _T) -> tuple[_T, ...]:
    """``values`` with item ``i`` replaced: the edit of a tuple field ``copy`` shares."""
    out = list(values)  # cheaper than splicing slices for a handful of seats
    out[i] = value
    return tuple(out)


def cards(size: int, max_len: int = 10_000, *, top_first: bool = False, sort: bool = False,
          sparse: bool = False) -> Kind:
    """A list of card codes of a ``size``-card pack."""
    return _shaped(_List(card(size), None, max_len), top_first=top_first,
                   sort=sort, sparse=sparse)


def ints(lo: int | None = 0, hi: int | None = 1_000_000, max_len: int = 100_000) -> Kind:
    """A list of bounded ints."""
    return _List(_Count(lo, hi), None, max_len)


def seats(max_len: int = 1_000, *, sparse: bool = False) -> Kind:
    """A list of seats (a queue, an order)."""
    return _shaped(_List(_Seat("never"), None, max_len), sparse=sparse)


def flags(*, seat_set: bool = False) -> Kind:
    """One ``bool`` per seat."""
    return _shaped(_List(_Flag(), "seats", 1_000), seat_set=seat_set)


def tuple_of(*parts: Kind) -> Kind:
    """A tuple of immutable parts (saved as a list; ``2:Jd`` in position text)."""
    return _Tuple(parts)


def tuple_seq(inner: Kind, max_len: int = 10_000, *, top_first: bool = False,
              sort: bool = False, sparse: bool = False) -> Kind:
    """A tuple of any length of immutable ``inner`` values (saved as a list)."""
    return _shaped(_TupleSeq(inner, max_len), top_first=top_first, sort=sort, sparse=sparse)


def optional(inner: Kind, *, sparse: bool = False) -> Kind:
    """``None`` or an ``inner`` value (``-`` in position text, or no line if ``sparse``)."""
    return _shaped(_Optional(inner), sparse=sparse)


def mapping(value: Kind, keys: Sequence[str] | None = None, max_len: int = 1_000) -> Kind:
    """A dict of string keys to ``value`` values."""
    return _Mapping(value, keys, max_len)


def frozen_json(max_depth: int = 12) -> Kind:
    """Plain JSON replaced as a whole, never edited in place (``copy`` shares it)."""
    return _FrozenJson(max_depth)


def json_value(max_depth: int = 12) -> Kind:
    """Plain JSON edited in place (``copy`` deep-copies it)."""
    return _JsonValue(max_depth)


def custom(
    *, dump: Callable[[Any], Any], load: Callable[[Reader, int], Any],
    copy: Callable[[Any], Any] | None = None,
) -> Kind:
    """A field with its own codec: ``load(reader, seats)``; ``copy=None`` means immutable."""
    return _Custom(copy, dump, load)


def checked(inner: Kind, check: Callable[[Any, int], str | None]) -> Kind:
    """``inner`` values that ``check(value, seats)`` also accepts: it returns why a value
    is wrong, or ``None``. Declared like this (rather than as :func:`custom`) the field
    keeps the compiled fast paths, and ``check`` runs on the value as loaded."""
    return _Checked(inner, check)


def derived() -> Kind:
    """A field worked out from the rules or from other fields: not saved, shared by
    ``copy`` (it is never edited in place), ``None`` after loading until the game's
    ``_check_loaded`` sets it again."""
    return _Derived()


def transient(factory: Callable[[], Any]) -> Kind:
    """A cache that is not state: empty after ``copy`` and after loading."""
    return _Transient(factory)

