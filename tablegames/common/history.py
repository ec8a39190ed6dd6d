"""The actions a state has applied: read like a list, shared by copies, grown only by ``apply``.

A search copies a state thousands of times a second, and a long Phase 10 game has
thousands of steps: copying the history as a list was most of what ``copy`` cost. A
:class:`History` keeps its steps in three parts, two of them immutable:

* ``base``, one tuple (what a loaded save or a replay starts from),
* ``chunks``, a tuple of tuples of exactly :data:`CHUNK` steps each (sealed as play goes on),
* ``tail``, a list of fewer than :data:`CHUNK` steps, the only part that changes.

``copy`` shares ``base`` and ``chunks`` and copies the short tail, so it costs the same
at step 5 and at step 5,000; ``append`` seals the tail into a chunk when it fills
(``chunks + (tail,)`` once per :data:`CHUNK` steps: a few pointers per step however long
the game). Reading is a list's: ``len``, indexing, slicing (fresh lists), iteration and
equality with a list. There is no way to edit it in place from outside the state, so a
caller cannot desynchronise a state from its own history (and the remembered encoding
of :class:`~tablegames.common.history_codec.HistoryCode` cannot go stale).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from itertools import chain
from typing import Any, SupportsIndex, overload

from tablegames.common.actions import Action

#: Steps per sealed chunk: copying a tail of at most this many is the whole per-copy cost.
CHUNK = 32

_new = object.__new__


class History(Sequence[Action]):
    """The applied actions in order (see the module docstring)."""

    __slots__ = ("_base", "_chunks", "_sealed", "_tail")

    def __init__(self, steps: Iterable[Action] = ()) -> None:
        self._base: tuple[Action, ...] = tuple(steps)
        self._chunks: tuple[tuple[Action, ...], ...] = ()
        self._sealed = len(self._base)
        self._tail: list[Action] = []

    def copy(self) -> History:
        """A history with the same steps that grows on its own (the sealed parts are
        shared: they never change)."""
        h: History = _new(History)
        h._base = self._base
        h._chunks = self._chunks
        h._sealed = self._sealed
        h._tail = self._tail.copy()
        return h

    def _append(self, action: Action) -> None:
        """Add one step (only the state's ``apply`` adds steps)."""
        tail = self._tail
        tail.append(action)
        if len(tail) == CHUNK:
            self._seal()

    def _seal(self) -> None:
        """Turn the full tail into a sealed chunk."""
        self._chunks += (tuple(self._tail),)
        self._sealed += CHUNK
        self._tail = []

    def __len__(self) -> int:
        return self._sealed + len(self._tail)

    def _at(self, i: int) -> Action:
        base = self._base
        if i < len(base):
            return base[i]
        i -= len(base)
        chunks = self._chunks
        q = i // CHUNK
        return chunks[q][i % CHUNK] if q < len(chunks) else self._tail[i - len(chunks) * CHUNK]

    @overload
    def __getitem__(self, i: SupportsIndex) -> Action: ...

    @overload
    def __getitem__(self, i: slice) -> list[Action]: ...

    def __getitem__(self, i: SupportsIndex | slice) -> Action | list[Action]:
        if isinstance(i, slice):
            start, stop, step = i.indices(len(self))
            if step == 1 and start >= stop:
                return []
            if step == 1 and start >= len(self._base):
                # the recent steps (a reconnecting phone, the next save): only the chunks
                # they are in are read
                first = (start - len(self._base)) // CHUNK
                skip = len(self._base) + first * CHUNK
                recent = list(chain.from_iterable(self._chunks[first:]))
                recent += self._tail
                return recent[start - skip:stop - skip]
            return self.tolist()[i]
        k = i.__index__()
        n = len(self)
        if k < 0:
            k += n
        if not 0 <= k < n:
            raise IndexError("history index out of range")
        return self._at(k)

    def __iter__(self) -> Iterator[Action]:
        return chain(self._base, chain.from_iterable(self._chunks), self._tail)

    def __reversed__(self) -> Iterator[Action]:
        return reversed(self.tolist())

    def tolist(self) -> list[Action]:
        """The steps as a new list."""
        out = list(self._base)
        out.extend(chain.from_iterable(self._chunks))
        out += self._tail
        return out

    def __eq__(self, other: object) -> bool:
        if isinstance(other, History):
            return len(self) == len(other) and self.tolist() == other.tolist()
        if isinstance(other, list | tuple):
            return len(self) == len(other) and self.tolist() == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # equal to lists, and they are unhashable

    def __repr__(self) -> str:
        return f"History({self.tolist()!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (History, (self.tolist(),))
