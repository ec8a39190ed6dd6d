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

Two more things come from the declarations (see :mod:`tablegames.common.declared`):

* **Position text.** A game that does not write ``_position``/``_from_position`` itself
  gets one line per persisted field, under the field's own name, in declaration order,
  its value the field's save form on one line (an enum's bare name), read back by the
  same kind as a save (same limits). Fields no kind can say well are listed in the class's
  ``POSITION_OWN`` and written by the hooks ``_position_own``/``_from_position_own``.
* **Card conservation.** ``CONSERVE = Conserve("hands", "stock", "trick")`` on the class
  says every card of the pack lies exactly once across those fields (the cards are the
  values declared with ``card()``/``cards()``); the core checks it after a load and after
  ``from_position``, so ``_check_loaded`` keeps only the rules a person would state in a
  sentence.

This module is the one a game imports; the kinds live in :mod:`tablegames.common.kinds`
(scalars) and :mod:`tablegames.common.containers`, the compiler in
:mod:`tablegames.common.compiler`.
"""


from __future__ import annotations

from typing import Annotated

from tablegames.common.compiler import Spec, spec_of
from tablegames.common.containers import (
    card,
    cards,
    checked,
    count,
    custom,
    derived,
    enum,
    flag,
    flags,
    frozen_json,
    ints,
    json_value,
    listof,
    mapping,
    optional,
    per_seat,
    per_seat_tuple,
    put,
    seat,
    seats,
    text,
    transient,
    tuple_of,
    tuple_seq,
)
from tablegames.common.declared import Conserve
from tablegames.common.kinds import MISS, Ctx, Kind

__all__ = [
    "MISS",
    "Annotated",
    "Conserve",
    "Ctx",
    "Kind",
    "Spec",
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

