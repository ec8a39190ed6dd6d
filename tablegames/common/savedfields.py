"""The fields of a game's save and the form each is saved in, in a few words (``seat,
or -1 for nobody``, ``per seat: list of card code 0..31 (in code order)``).

A save is a documented, stable format, so an app or a tool that reads one must know
each field's form without the engine's code: the saves guide's table of every game's
fields (``{saved-fields}``) lists :func:`declared_fields` with :func:`saved_as` of each
kind beside the field's meaning (the ``#:`` lines above its declaration). Each kind of
:mod:`tablegames.common.kinds` and :mod:`tablegames.common.containers` says its own
words (``Kind.saved_as``) beside the code that reads and writes it, so a new kind
without them reads as a plain "JSON value" until it gets them.
"""

from __future__ import annotations

from tablegames.common.errors import TablegamesError
from tablegames.common.kinds import Kind
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
    return kind.saved_as()


__all__ = ["declared_fields", "saved_as"]
