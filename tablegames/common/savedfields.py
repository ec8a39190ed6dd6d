"""The fields of a game's save and the form each is saved in, in a few words (``seat,
or -1 for nobody``, ``per seat: list of card code 0..31 (in code order)``).

A save is a documented, stable format, so an app or a tool that reads one must know
each field's form without the engine's code: the saves guide's table of every game's
fields (``{saved-fields}``) lists :func:`declared_fields` with :func:`saved_as` of each
kind beside the field's meaning (the ``#:`` lines above its declaration). The words
follow the kinds of :mod:`tablegames.common.kinds` and
:mod:`tablegames.common.containers` one by one, so a new kind without its words here
reads as a plain "JSON value" until it gets them.
"""

from __future__ import annotations

from tablegames.common.containers import (
    _Checked,
    _Custom,
    _Derived,
    _List,
    _Mapping,
    _Optional,
    _Transient,
    _Tuple,
    _TupleSeq,
)
from tablegames.common.errors import TablegamesError
from tablegames.common.kinds import Kind, _Count, _Enum, _Flag, _Seat, _Text
from tablegames.common.state import BaseState, _spec


def declared_fields(state_class: type[BaseState]) -> tuple[tuple[str, Kind], ...]:
    """Every field ``state_class`` declares and its kind, in declaration order (the
    order of the position lines). The saved ones (``kind.persisted``) are exactly the
    keys of a save's ``state`` object; the others are worked out again on load
    (``derived``) or are caches (``transient``)."""
    if not (isinstance(state_class, type) and issubclass(state_class, BaseState)):
        raise TablegamesError("declared_fields() takes a game's State class, not "
                              f"{state_class!r:.60}")
    return _spec(state_class).fields


def saved_as(kind: Kind) -> str:
    """The form a save holds a value of ``kind`` in (see the module docstring); anything
    but a declared kind (:func:`declared_fields` gives them) is refused."""
    if not isinstance(kind, Kind):
        raise TablegamesError(f"saved_as() takes a declared field's kind, not a "
                              f"{type(kind).__name__}")
    if isinstance(kind, _Count):
        return _count(kind)
    if isinstance(kind, _Seat):
        if kind.none is None:
            return "seat, or null for nobody"
        return f"seat, or {kind.none} for nobody" if type(kind.none) is int else "seat"
    if isinstance(kind, _Flag):
        return "true or false"
    if isinstance(kind, _Enum):
        return "one of " + ", ".join(f'"{name}"' for name in kind.names)
    if isinstance(kind, _Text):
        if kind.choices is not None:
            return "one of " + ", ".join(f'"{c}"' for c in sorted(kind.choices))
        return f"string of at most {kind.max_len} characters"
    if isinstance(kind, _List | _TupleSeq):
        return _sequence(kind)
    if isinstance(kind, _Tuple):
        return "[" + ", ".join(saved_as(part) for part in kind.parts) + "]"
    if isinstance(kind, _Optional):
        return f"null, or {saved_as(kind.inner)}"
    if isinstance(kind, _Checked):
        return saved_as(kind.inner)
    if isinstance(kind, _Mapping):
        keys = "" if kind.keys is None else " (keys " + ", ".join(sorted(kind.keys)) + ")"
        return f"object{keys} of {saved_as(kind.value)}"
    if isinstance(kind, _Derived):
        return "not saved (worked out again on load)"
    if isinstance(kind, _Transient):
        return "not saved (a cache)"
    if isinstance(kind, _Custom):
        return "JSON value in the game's own form"
    return "JSON value"  # plain JSON (``frozen_json``, ``json_value``)


def _count(kind: _Count) -> str:
    """A number, or a code of a named kind (a card, Dallah's shapes and zones)."""
    if kind.names is not None:
        text = f"{kind.names} code 0..{kind.hi}"
        return text if kind.none is None else f"{text}, or {kind.none} for none"
    if kind.lo is None and kind.hi is None:
        return "integer"
    if kind.hi is None:
        return f"integer from {kind.lo}"
    if kind.lo is None:
        return f"integer up to {kind.hi}"
    return f"integer {kind.lo}..{kind.hi}"


def _sequence(kind: _List | _TupleSeq) -> str:
    """``per seat: ...`` (one item per seat), ``list of N × ...`` (exactly N) or ``list
    of ...``; a pile says its top is the last item (its position line is written top
    first, the save keeps it bottom first), a sorted group that it is in code order."""
    inner = saved_as(kind.inner)
    if kind.length == "seats":
        text = f"per seat: {inner}"
    elif kind.length is not None:
        text = f"list of {kind.length} × {inner}"
    else:
        text = f"list of {inner}"
    if kind.top_first:
        return text + " (bottom first: the top is the last)"
    return text + " (in code order)" if kind.sort else text


__all__ = ["declared_fields", "saved_as"]
