"""A list's line of position text and back (``folded: 0 2``, ``pile: 7h 7s Qd``): what
the list kinds of :mod:`tablegames.common.containers` write and read, item by item with
their kinds' words (:meth:`~tablegames.common.kinds.Kind.word`), apart from the
containers' compiled copy, dump and check code."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tablegames.common.errors import StateError
from tablegames.common.kinds import TextCtx
from tablegames.common.position import read_seat
from tablegames.common.serialization import POSITION_LINE, dumps, loads

if TYPE_CHECKING:
    from tablegames.common.containers import _Seq


def seq_line(kind: _Seq, v: Any, tc: TextCtx) -> str:
    """A list's line of position text: the seats that have a flag (``seat_set``), or
    its items' words (a pile top first, a sorted hand in the game's order), or JSON
    for items with no word; ``-`` when there is nothing to write."""
    inner = kind.inner
    if kind.seat_set:
        words = [str(s) for s, f in enumerate(v) if f]
    elif inner.has_word:
        items = list(v)
        if kind.top_first:
            items.reverse()
        names = getattr(inner, "names", None)
        text = None if names is None else tc.names.get(names)
        if kind.sort and text is not None and text.order is not None:
            items = list(text.order(items))
        words = [inner.word(x, tc) for x in items]
    else:
        return dumps(kind.dump_value(v)) if v else "-"
    return " ".join(words) if words else "-"


def seq_from_line(kind: _Seq, line: str, tc: TextCtx) -> Any:
    """The save form of a line :func:`seq_line` wrote (``ValueError`` naming a bad
    word); the kind's ``load`` then checks it as it checks a save."""
    inner = kind.inner
    words = [] if line == "-" else line.split()
    if kind.seat_set:
        marked = set()
        for word in words:
            seat = read_seat(word, tc.n)
            if seat in marked:  # a typo for another seat, most likely: never merged
                raise ValueError(f"seat {seat} is written twice")
            marked.add(seat)
        return [s in marked for s in range(tc.n)]
    if inner.has_word:
        items = [inner.word_json(word, tc) for word in words]
    elif line == "-":
        items = []
    else:
        try:
            items = loads(line, max_text=100_000, what=POSITION_LINE)
        except StateError as exc:
            raise ValueError(f"expected a JSON list here ({exc})") from None
        if type(items) is not list:
            raise ValueError("expected a JSON list here")
    if kind.top_first:
        items.reverse()
    if kind.sort and all(type(x) is int for x in items):
        items.sort()
    return items
