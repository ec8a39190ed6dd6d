"""Fixed-size numeric observations: a game's view of one seat, as a float32 vector.

Each game's observer reads ``state.view(seat)`` (through the game's :class:`ViewKeys`
mapping) and nothing else, so an observation can never show more than the view does.
Every number lies in ``[0, 1]``: flags and one-hot entries are 0 or 1, counts are divided
by their largest possible value, and open-ended quantities (scores) by a documented
scale and clipped at 1. Seats are *relative* to the observer: per-seat blocks start with
the observer and go on clockwise, so the same block always means "me", "my left-hand
neighbour", and so on.

The part of a spelled decision already chosen (the prefix) is shown only to the seat
choosing it: it is that seat's private intention until the action is applied.
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from array import array
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import numpy as np

from tablegames.adapters.base import Codec, Layout, Session, ViewKeys


class Buffer:
    """One observation being written: a plain ``array("f")``, wrapped by numpy at the end.

    Writing single elements of a Python ``array`` costs a fraction of what numpy element
    or fancy-index assignment costs, and ``numpy.frombuffer`` then wraps the finished
    buffer without copying it. Fills write ``buf.a[i] = ...`` directly in their loops.
    """

    __slots__ = ("a",)

    def __init__(self, zeros: array[float]) -> None:
        self.a = array("f", zeros)

    def one(self, i: int) -> None:
        """Entry ``i`` is 1."""
        self.a[i] = 1.0

    def set(self, i: int, value: float) -> None:
        """Entry ``i`` is ``value``, clipped at 1 (every value written is non-negative)."""
        self.a[i] = value if value < 1.0 else 1.0

    def counts(self, start: int, codes: Iterable[int], scale: float) -> None:
        """Entries ``start + code`` count how often each code occurs, divided by ``scale``."""
        seen: dict[int, int] = {}
        for c in codes:
            seen[c] = seen.get(c, 0) + 1
        a = self.a
        for c, k in seen.items():
            a[start + c] = k / scale  # one division: exactly 1.0 at the most copies

    def array(self) -> np.ndarray[Any, np.dtype[np.float32]]:
        """The observation vector (it owns this buffer; the buffer is not used again)."""
        return np.frombuffer(self.a, np.float32)


class Observer(ABC):
    """Encodes views of one game (one player count and rules) as vectors of ``size`` numbers."""

    #: The game's view-key mapping (set by each game's observer class).
    KEYS: ViewKeys
    #: Logical names that some views lack (``hand`` in a spectator's view, for example).
    OPTIONAL: frozenset[str] = frozenset()

    def __init__(self, codec: Codec) -> None:
        self.codec = codec
        self.n = codec.n
        self.rules = codec.rules
        self.layout = Layout()
        self._declare(self.layout)
        self.size = self.layout.size
        #: Resolved keys, per pattern of which optional keys a view has (a spectator's
        #: view has no ``hand``; a seat's has one).
        self._keys: dict[tuple[bool, ...], Any] = {}
        self._optional = tuple(k for name in self.OPTIONAL for k in self.KEYS.names[name])
        self._zeros = array("f", bytes(4 * self.size))
        #: ``_at[me][s]``: seat ``s`` counted from ``me`` (0 = me, 1 = next clockwise).
        self._at = [[(s - me) % self.n for s in range(self.n)] for me in range(self.n)]

    def __getstate__(self) -> dict[str, Any]:
        """An observer pickles as its codec: its layout follows from the codec (players,
        rules and the game's options), so it is laid out again when unpickled."""
        return {"codec": self.codec}

    def __setstate__(self, state: dict[str, Any]) -> None:
        """Lay the observer out again for its codec. An observer pickled with every
        attribute (before helper-183) holds its codec too, and that codec keeps the
        options it was made with (:meth:`Codec.__setstate__`), so a Dallah observer of
        before observation version 2 still writes version-1 vectors."""
        fresh = type(self)(state["codec"])
        self.__dict__.update(fresh.__dict__)

    @abstractmethod
    def _declare(self, layout: Layout) -> None:
        """Add the fields, in order, remembering their offsets."""

    @abstractmethod
    def _fill(self, view: Mapping[str, Any], k: Any, me: int, prefix: tuple[int, ...],
              polled: bool, buf: Buffer) -> None:
        """Write the non-zero entries of the observation of seat ``me``."""

    def encode(self, view: Mapping[str, Any], prefix: tuple[int, ...] = (),
               polled: bool = False) -> np.ndarray[Any, np.dtype[np.float32]]:
        """The observation of the seat whose view this is.

        ``prefix`` is what that seat has chosen so far of a spelled decision (pass it
        only for the seat choosing); ``polled`` says the seat is being asked whether to
        interrupt rather than to take its turn.
        """
        pattern = tuple(key in view for key in self._optional)
        k = self._keys.get(pattern)
        if k is None:
            k = self._keys[pattern] = self.KEYS.resolve(view, self.OPTIONAL)
        seat = view.get("seat")
        me = seat if isinstance(seat, int) else 0
        buf = Buffer(self._zeros)
        self._fill(view, k, me, prefix, polled, buf)
        return buf.array()

    def describe(self) -> str:
        """This observer's layout as a table (offsets depend on players and rules)."""
        return self.layout.describe()

    def rel(self, me: int, seat: int) -> int:
        """Seat ``seat`` counted from ``me`` (0 = me, 1 = next clockwise)."""
        return (seat - me) % self.n


def legal_mask(session: Session, mine: bool, size: int) -> np.ndarray[Any, Any]:
    """An int8 vector over the action ids, 1 where the id is legal for the seat to act.

    Shared by the Gymnasium and PettingZoo environments. ``mine`` says whether the
    seat asking is the one to act: any other seat gets all zeros. Written in a Python
    array and wrapped, which is cheaper than numpy fancy indexing for a few ids.
    """
    mask = array("b", bytes(size))
    if mine:
        for i in session.options():
            mask[i] = 1
    return np.frombuffer(mask, np.int8)


def render_public(session: Session | None, mode: str | None) -> str | None:
    """The public view of the table as ``key: json`` lines: returned for ``"ansi"``,
    printed for ``"human"``, nothing without a mode or a game (both environments'
    ``render``)."""
    if mode is None or session is None:
        return None
    public = session.state.view(None)
    text = "\n".join(f"{key}: {json.dumps(value)}" for key, value in public.items())
    if mode == "ansi":
        return text
    print(text)
    return None


def index_of(names: Sequence[str]) -> dict[str, int]:
    """Name to position (card notation to code, stage name to index)."""
    return {name: i for i, name in enumerate(names)}
