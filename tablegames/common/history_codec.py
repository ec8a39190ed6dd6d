"""The history codec: a save's ``history`` value written and read.

A long game repeats a few hundred notations thousands of times, so a save lists each
distinct notation once (``actions``, in order of first use) and ``order`` spells the steps
with ``width`` base-64 digits each (:func:`encode_history`, :func:`decode_history`).

A state keeps the encoding of its own history as last saved in ``_hcode`` (a
:class:`HistoryCode`): a server saves after every action, and re-encoding thousands of
steps each time would cost more than the rest of the save. It is per state, never shared
through module state: a copy shares it read-only and forks it before extending. Nothing
here is remembered between states or loads.
"""

from __future__ import annotations

import array
import json
import operator
import sys
from collections.abc import Sequence
from typing import Any

from tablegames.common.actions import Action
from tablegames.common.history import History
from tablegames.common.serialization import Reader, dumps

_ONLY_STR = frozenset({str})
_SLOT1 = list(range(64))
_SLOT2 = [(i >> 6) * 256 + (i & 63) for i in range(4096)]
_HISTORY_KEYS = frozenset({"actions", "order", "width"})

#: The 64 characters of a history's ``order`` string (each names an entry of ``actions``).
_DIGITS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-_"
_PAIRS = [a + b for a in _DIGITS for b in _DIGITS]
#: ``bytes.translate`` table: a value below 64 to its digit's byte.
_DIGIT_OF = bytes(_DIGITS, "ascii") + bytes(192)
#: ``bytes.translate`` table: a digit's byte to its value, every other byte to 255.
_VALUE = bytes(_DIGITS.find(chr(b)) if chr(b) in _DIGITS else 255 for b in range(256))
#: Two digit values read as one native 16-bit number (``memoryview.cast("H")``) to the
#: code they spell, so a width-2 order decodes without a Python step per action.
_U16: list[int] = [-1] * 65536
for _hi in range(64):
    for _lo in range(64):
        _U16[int.from_bytes(bytes((_hi, _lo)), sys.byteorder)] = _hi * 64 + _lo
del _hi, _lo
_json_str = json.encoder.encode_basestring_ascii  # what ``dumps`` writes for a string


def _width(distinct: int) -> int:
    """Base-64 digits per step for a history of ``distinct`` different actions."""
    return 1 if distinct <= 64 else 2 if distinct <= 4096 else 3


def _spell(codes: Sequence[int], width: int) -> str:
    """The ``order`` text of ``codes`` (through bytes: one C loop per step)."""
    if width == 1:
        return bytes(codes).translate(_DIGIT_OF).decode("ascii")
    if width == 2:
        slots = array.array("H", map(_SLOT2.__getitem__, codes))  # first * 256 + second
        if sys.byteorder == "little":
            slots.byteswap()
        return slots.tobytes().translate(_DIGIT_OF).decode("ascii")
    return "".join([_PAIRS[i >> 6] + _DIGITS[i & 63] for i in codes])


class HistoryCode:
    """The compact encoding of one history, extended as the history grows.

    Saving after every action (what a server does) would otherwise write out every step
    again: ``str()`` and a dict look-up per step, thousands of them in a Phase 10 game.
    A state keeps one of these in ``_hcode``; it belongs to one history object
    (``owner``, a :class:`~tablegames.common.history.History`) and covers its first
    ``k`` actions, so it is used only while ``state.history`` is still that object, at
    least ``k`` long, with the same action at ``k - 1`` (histories only grow: ``apply``
    appends). ``copy`` shares it with the copy and sets ``owner``
    to ``None``: from then on it covers a prefix of both histories and neither extends
    it in place (:meth:`fork`). Built from the actions alone, its text is exactly
    :func:`encode_history`'s, so saves stay byte-identical.
    """

    __slots__ = ("atext", "index", "k", "last", "names", "order", "owner", "text", "width")

    def __init__(self, owner: Sequence[Action]) -> None:
        self.owner: Sequence[Action] | None = owner
        self.k = 0
        self.last: Action | None = None
        #: The distinct notations in order of first use (replaced as it grows, never
        #: edited: a copy may share it).
        self.names: Sequence[str] = []
        #: Notation to code; ``None`` until needed (a loaded save fills it lazily).
        self.index: dict[str, int] | None = {}
        #: The JSON of ``names`` without brackets; ``None`` until needed.
        self.atext: str | None = ""
        self.order = ""
        self.width = 1
        self.text: str | None = None

    @classmethod
    def seeded(cls, owner: Sequence[Action], steps: Sequence[Action], names: Sequence[str],
               order: str, width: int, atext: str | None = None) -> HistoryCode:
        """The encoding a canonical save already spells (``names`` are ``str()`` of the
        steps; ``owner`` is the history made of ``steps``; ``atext``, if known, the JSON of
        ``names`` without brackets)."""
        c: HistoryCode = object.__new__(cls)  # every slot set here, once
        c.owner = owner
        c.k = len(steps)
        c.last = steps[-1] if steps else None
        c.names = names
        c.index = c.text = None
        c.atext = atext
        c.order = order
        c.width = width
        return c

    def fits(self, history: Sequence[Action]) -> bool:
        """Whether this encoding covers a prefix of ``history`` (see the class docstring)."""
        k = self.k
        return ((self.owner is history or self.owner is None) and k <= len(history)
                and (not k or history[k - 1] is self.last))

    def fork(self, owner: Sequence[Action]) -> HistoryCode:
        """A copy that ``owner`` may extend (this one is shared, so it stays as it is)."""
        c = HistoryCode(owner)
        c.k, c.last, c.order, c.width, c.text = self.k, self.last, self.order, self.width, self.text
        c.names = self.names
        c.index = None if self.index is None else dict(self.index)
        c.atext = self.atext
        return c

    def json(self, history: Sequence[Action]) -> str:
        """The JSON text of ``{"actions", "order", "width"}`` for ``history`` (which it fits)."""
        if len(history) != self.k:
            self._extend(history)
        text = self.text
        if text is None:
            if self.atext is None:
                self.atext = ",".join(map(_json_str, self.names))
            text = self.text = (f'{{"actions":[{self.atext}],"order":"{self.order}",'
                                f'"width":{self.width}}}')
        return text

    def _extend(self, history: Sequence[Action]) -> None:
        index = self.index
        if index is None:
            index = self.index = dict(zip(self.names, range(len(self.names)), strict=True))
        if self.atext is None:
            self.atext = ",".join(map(_json_str, self.names))
        names = self.names
        start = len(names)
        added = history[self.k:]
        # the notation each action remembers (``Action._text``), read in C; an action
        # not written yet (or a step that is not an ``Action``) goes through ``str``
        texts: list[str]
        try:
            texts = list(map(_TEXT_OF, added))
        except AttributeError:
            texts = []
        if len(texts) != len(added) or None in texts:
            texts = list(map(str, added))
        # new notations, numbered in order of first use
        fresh = [t for t in dict.fromkeys(texts) if t not in index] if index else list(
            dict.fromkeys(texts))
        if fresh:
            index.update(zip(fresh, range(start, start + len(fresh)), strict=True))
            names = self.names = [*names, *fresh]  # replaced, never extended: it may be shared
            new = dumps(fresh)[1:-1]  # one encoder call for all of them
            self.atext = f"{self.atext},{new}" if start else new
        codes = list(map(index.__getitem__, texts))
        width = _width(len(names))
        steps = codes
        if width != self.width:  # past 64 (or 4096) actions: spell everything again
            steps = _codes(self.order, self.width) + steps
            self.order = ""
            self.width = width
        self.order += _spell(steps, width)
        self.k = len(history)
        self.last = history[-1]
        self.text = None


_TEXT_OF = operator.attrgetter("_text")


def _share(code: HistoryCode | None) -> HistoryCode | None:
    """``copy``'s part: the copy and its original now share ``code``, which neither
    extends in place from then on (``owner`` ``None``: whoever saves more steps forks it).
    Both histories begin with the steps it covers, so a copy's first save is cheap too."""
    if code is not None:
        code.owner = None
    return code


def _digit_values(order: str) -> bytes | None:
    """Each character's value as a base-64 digit, or ``None`` if one is not a digit."""
    if not order.isascii():
        return None
    vals = order.encode("ascii").translate(_VALUE)
    return None if 255 in vals else vals


def _codes(order: str, width: int) -> list[int]:
    """The codes an ``order`` string spells (it was written by :func:`_spell`)."""
    return _codes_of(order.encode("ascii").translate(_VALUE), width)


def _codes_of(v: bytes, width: int) -> list[int]:
    """The codes that the digit values ``v`` spell, ``width`` digits each."""
    if width == 1:
        return list(v)
    if width == 2:
        return list(map(_U16.__getitem__, memoryview(v).cast("H")))
    return [(v[i] << 12) | (v[i + 1] << 6) | v[i + 2] for i in range(0, len(v), 3)]


def history_json(h: Sequence[Action], c: HistoryCode | None) -> tuple[str, HistoryCode]:
    """The JSON text of the history ``h`` and the encoding to keep for it, extending
    ``c`` (the encoding of that state's last save, or ``None``) where it still fits."""
    if c is not None and c.text is not None and type(h) is History:
        # saved before and nothing applied since (what ``fits`` and ``json`` would find,
        # without their calls): the text as it was
        n = h._sealed + len(h._tail)
        if c.k == n and (c.owner is h or c.owner is None) and (
                not n or (h._tail[-1] if h._tail else h._at(n - 1)) is c.last):
            return c.text, c
    if c is None or not c.fits(h):
        c = HistoryCode(h)
    elif c.owner is not h and len(h) != c.k:
        c = c.fork(h)
    return c.json(h), c


def encode_history(history: Sequence[Action]) -> dict[str, Any]:
    """A history as its distinct actions and one character (or two, or three) per step.

    A long game repeats a few hundred notations thousands of times, so a save lists each
    once (``actions``, in order of first use) and ``order`` spells the sequence with
    ``width`` base-64 digits per action: a 6,000-step Phase 10 game saves its history in
    about 14 KB instead of 75 KB. ``to_json`` writes the same thing through a
    :class:`HistoryCode` kept with the state, so each save encodes only the new steps.
    """
    c = HistoryCode([])
    loaded: dict[str, Any] = json.loads(c.json(list(history)))
    return loaded


def decode_history(r: Reader) -> tuple[list[str], Sequence[int], int]:
    """The distinct notations, a slot per step and the width of an
    :func:`encode_history` value, strictly read (see :func:`history_steps`).

    Every step must name a listed action and the list must hold each action once, in
    order of first use (the only spelling :func:`encode_history` writes, in the fewest
    digits it would use, so the text a save holds is the text it would write again).
    The per-step work is done by ``bytes.translate``, ``array`` and ``dict.fromkeys``,
    not a Python loop: a long Phase 10 save has thousands of steps. A width-2 step is
    read as one 16-bit number, ``first * 256 + second`` (its *slot*), so no per-step
    arithmetic is needed either.
    """
    v = r.value
    if type(v) is not dict or v.keys() != _HISTORY_KEYS:
        raise r.fail("expected {actions, order, width}")
    actions, order, width = v["actions"], v["order"], v["width"]
    if type(actions) is not list or not _ONLY_STR.issuperset(map(type, actions)):
        raise r["actions"].fail("expected a list of strings")
    if type(order) is not str:
        order = r["order"].str()
    if type(width) is not int or not 1 <= width <= 3:
        width = r["width"].int(1, 3)
    k = len(actions)
    if width != _width(k):
        raise r["width"].fail(f"{k} actions are written {_width(k)} digits wide, not {width}")
    if len(order) % width:
        raise r["order"].fail(f"its length is not a multiple of {width}")
    vals = _digit_values(order)
    if vals is None:
        raise r["order"].fail("holds a character that is not a base-64 digit")
    slots: Sequence[int]
    if width == 1:
        slots, expect = vals, _SLOT1[:k]
    elif width == 2:
        wide = array.array("H")
        wide.frombytes(vals)
        if sys.byteorder == "little":
            wide.byteswap()
        slots = wide.tolist()  # the ints made once, for the check and for the steps
        expect = _SLOT2[:k]
    else:
        slots = [(vals[i] << 12) | (vals[i + 1] << 6) | vals[i + 2] for i in range(0, len(vals), 3)]
        expect = list(range(k))
    first = list(dict.fromkeys(slots))
    if first != expect or len(set(actions)) != k:
        if not set(first) <= set(expect):
            raise r["order"].fail("names an action that is not listed")
        raise r["actions"].fail("must list each action once, in order of first use")
    return actions, slots, width


def history_steps(acts: list[Action], slots: Sequence[int], width: int) -> tuple[Action, ...]:
    """The history that :func:`decode_history`'s slots spell, ``acts`` being its actions."""
    if width == 2:
        table: list[Action | None] = [None] * (((len(acts) - 1) >> 6) * 256 + 64)
        for h in range(0, len(acts), 64):  # code h + i is in slot (h >> 6) * 256 + i
            row = acts[h:h + 64]
            table[h * 4:h * 4 + len(row)] = row
        return tuple(map(table.__getitem__, slots))  # type: ignore[arg-type]
    return tuple(map(acts.__getitem__, slots))

