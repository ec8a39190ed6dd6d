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

A game adds what no declaration can say in ``_check_loaded`` (card conservation, queue
consistency); fields that are caches and not part of the state are declared
``transient``.
"""

from __future__ import annotations

import itertools
import json
import typing
from collections.abc import Callable, Sequence
from typing import Annotated, Any, TypeVar

from tablegames.common.actions import fresh
from tablegames.common.errors import StateError
from tablegames.common.rng import Rng
from tablegames.common.serialization import Reader, dumps, plain

__all__ = [
    "Annotated",
    "Kind",
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
    "text",
    "transient",
    "tuple_of",
    "tuple_seq",
]


_T = TypeVar("_T")


class Ctx:
    """What loading a field may depend on: the number of seats."""

    __slots__ = ("n",)

    def __init__(self, n: int) -> None:
        self.n = n


class Kind:
    """How one field is copied, written and read. Subclasses are the field kinds.

    ``immutable`` kinds are shared by ``copy``; the others say how to copy themselves as
    Python source (``copy_src``), so the compiled ``copy`` has no per-field call.
    """

    immutable = True
    #: Whether the dumped form is the value itself (no conversion needed).
    identity_dump = True
    persisted = True

    def copy_src(self, expr: str, ns: dict[str, Any], depth: int) -> str:
        """Python source of an expression that copies the value ``expr``."""
        return expr

    def dump_src(self, expr: str, ns: dict[str, Any], depth: int) -> str:
        """Python source of an expression that gives the JSON form of ``expr``."""
        return expr

    def load(self, r: Reader, ctx: Ctx) -> Any:
        """Read the value strictly (raise ``StateError`` through ``r.fail``)."""
        raise NotImplementedError

    def fast(self, v: Any, n: int) -> Any:
        """The value if it is exactly right (the common case, no reader), else ``MISS``."""
        return MISS

    def fast_src(self, v: str, ns: dict[str, Any], depth: int) -> tuple[str, str] | None:
        """Python source reading the loaded JSON value ``v`` (a name) with no reader.

        ``(condition, value)``: where the condition holds, the value expression is what
        :meth:`load` would return (where it does not, :meth:`load` runs and names the
        defect). ``None``: no inline form (the compiled loader calls :meth:`fast`). The
        condition may only accept what :meth:`load` accepts; ``n`` is the seat count.
        """
        return None

    def json_src(self, x: str, ns: dict[str, Any], depth: int) -> str:
        """Python source of the canonical JSON text of the value ``x`` (a name).

        The default encodes the dumped form with :func:`dumps`; the kinds below write
        their text directly, which is what makes ``to_json`` cheap. A value that does
        not fit its kind raises (``KeyError``, ``TypeError``...) and the whole state is
        then written through :func:`dumps` instead.
        """
        ns["_dumps"] = dumps
        return f"_dumps({self.dump_src(x, ns, depth)})"

    def _name(self, ns: dict[str, Any]) -> str:
        key = f"_k{len(ns)}"
        ns[key] = self
        return key


# -- scalars -------------------------------------------------------------------------
MISS: Any = object()


class _Count(Kind):
    def __init__(self, lo: int | None, hi: int | None) -> None:
        self.lo, self.hi = lo, hi
        self._lo = -(1 << 63) if lo is None else lo
        self._hi = 1 << 63 if hi is None else hi

    def fast(self, v: Any, n: int) -> Any:
        return v if type(v) is int and self._lo <= v <= self._hi else MISS

    def fast_src(self, v: str, ns: dict[str, Any], depth: int) -> tuple[str, str]:
        return f"(type({v}) is int and {self._lo} <= {v} <= {self._hi})", v

    def json_src(self, x: str, ns: dict[str, Any], depth: int) -> str:
        ns["_S"] = _SMALL
        return f"_S[{x}]"

    def load(self, r: Reader, ctx: Ctx) -> int:
        return r.int(self.lo, self.hi)


class _Seat(Kind):
    def __init__(self, none: int | str | None) -> None:
        self.none = none

    def fast(self, v: Any, n: int) -> Any:
        if type(v) is int and (0 <= v < n or (v == self.none and type(self.none) is int)):
            return v
        return MISS

    def fast_src(self, v: str, ns: dict[str, Any], depth: int) -> tuple[str, str]:
        seat = f"(type({v}) is int and 0 <= {v} < n)"
        if self.none is None:
            return f"({v} is None or {seat})", v
        if type(self.none) is int:
            return f"(type({v}) is int and (0 <= {v} < n or {v} == {self.none}))", v
        return seat, v

    def json_src(self, x: str, ns: dict[str, Any], depth: int) -> str:
        ns["_S"] = _SMALL
        if self.none is None:
            return f"('null' if {x} is None else _S[{x}])"
        return f"_S[{x}]"  # a seat (or -1) below 1,000: the table (the number is checked)

    def load(self, r: Reader, ctx: Ctx) -> int | None:
        if self.none is None and r.value is None:
            return None
        if type(self.none) is int and type(r.value) is int and r.value == self.none:
            return self.none
        return r.int(0, ctx.n - 1)


class _Flag(Kind):
    def fast(self, v: Any, n: int) -> Any:
        return v if type(v) is bool else MISS

    def fast_src(self, v: str, ns: dict[str, Any], depth: int) -> tuple[str, str]:
        return f"(type({v}) is bool)", v

    def json_src(self, x: str, ns: dict[str, Any], depth: int) -> str:
        ns["_B"] = _BOOL
        return f"_B[{x}]"

    def load(self, r: Reader, ctx: Ctx) -> bool:
        return r.bool()


class _Text(Kind):
    def __init__(self, max_len: int, choices: Sequence[str] | None) -> None:
        self.max_len = max_len
        self.choices = None if choices is None else frozenset(choices)

    def fast_src(self, v: str, ns: dict[str, Any], depth: int) -> tuple[str, str]:
        cond = f"(type({v}) is str and len({v}) <= {self.max_len}"
        if self.choices is not None:
            cond += f" and {v} in {self._name(ns)}.choices"
        return cond + ")", v

    def json_src(self, x: str, ns: dict[str, Any], depth: int) -> str:
        ns["_jstr"] = _json_str
        return f"_jstr({x})"

    def load(self, r: Reader, ctx: Ctx) -> str:
        v = r.str()
        if len(v) > self.max_len:
            raise r.fail(f"text longer than {self.max_len} characters")
        if self.choices is not None and v not in self.choices:
            raise r.fail(f"unknown value {v!r}")
        return v


class _Enum(Kind):
    """An int held in memory, written as its name (``"play"``) so saves stay readable."""

    identity_dump = False

    def __init__(self, names: Sequence[str]) -> None:
        self.names = tuple(names)
        self.index = {name: i for i, name in enumerate(self.names)}
        self.texts = tuple(_json_str(name) for name in self.names)

    def dump_src(self, expr: str, ns: dict[str, Any], depth: int) -> str:
        return f"{self._name(ns)}.names[{expr}]"

    def fast(self, v: Any, n: int) -> Any:
        i = self.index.get(v) if type(v) is str else None
        return MISS if i is None else i

    def fast_src(self, v: str, ns: dict[str, Any], depth: int) -> tuple[str, str]:
        k = self._name(ns)
        return f"(type({v}) is str and {v} in {k}.index)", f"{k}.index[{v}]"

    def json_src(self, x: str, ns: dict[str, Any], depth: int) -> str:
        return f"{self._name(ns)}.texts[{x}]"

    def load(self, r: Reader, ctx: Ctx) -> int:
        v = r.str()
        i = self.index.get(v)
        if i is None:
            raise r.fail(f"unknown value {v!r} (one of {', '.join(self.names)})")
        return i


# -- containers ----------------------------------------------------------------------
class _List(Kind):
    immutable = False

    def __init__(self, inner: Kind, length: str | int | None, max_len: int) -> None:
        self.inner = inner
        self.length = length  # "seats", an exact int, or None
        self.max_len = max_len
        self.identity_dump = inner.identity_dump

    def copy_src(self, expr: str, ns: dict[str, Any], depth: int) -> str:
        if self.inner.immutable:
            return f"{expr}.copy()"
        v = f"_v{depth}"
        inner = self.inner.copy_src(v, ns, depth + 1)
        if inner == f"{v}.copy()" and type(self.inner) is _List:  # lists of lists: one C loop
            ns["_lcopy"] = list.copy
            return f"list(map(_lcopy, {expr}))"
        return f"[{inner} for {v} in {expr}]"

    def dump_src(self, expr: str, ns: dict[str, Any], depth: int) -> str:
        if self.inner.identity_dump:
            return expr
        v = f"_v{depth}"
        return f"[{self.inner.dump_src(v, ns, depth + 1)} for {v} in {expr}]"

    def fast_src(self, v: str, ns: dict[str, Any], depth: int) -> tuple[str, str]:
        cond = f"(type({v}) is list and {_len_src(v, self.length, self.max_len)}"
        flat = _flat_check(self.inner, v, ns)
        if flat is not None:
            return f"{cond} and {flat})", v
        rows = _rows_check(self.inner, v, ns)
        if rows is not None:
            return f"{cond} and {rows})", (
                f"list(map(tuple, {v}))" if type(self.inner) is _TupleSeq else v)
        x = f"_x{depth}"
        inner = self.inner.fast_src(x, ns, depth + 1)
        if inner is None:
            inner = _call_fast(self.inner, x, ns)
        icond, ival = inner
        cond += f" and all([{icond} for {x} in {v}]))"
        return cond, (v if ival == x else f"[{ival} for {x} in {v}]")

    def json_src(self, x: str, ns: dict[str, Any], depth: int) -> str:
        return _seq_json(self.inner, x, ns, depth)

    def fast(self, v: Any, n: int) -> Any:
        if type(v) is not list:
            return MISS
        want = n if self.length == "seats" else self.length
        if (want is not None and len(v) != want) or len(v) > self.max_len:
            return MISS
        inner = self.inner
        if type(inner) is _Count:
            lo, hi = inner._lo, inner._hi
            return v if all(type(x) is int and lo <= x <= hi for x in v) else MISS
        fast = inner.fast
        out = [fast(x, n) for x in v]
        return MISS if any(x is MISS for x in out) else out

    def load(self, r: Reader, ctx: Ctx) -> list[Any]:
        raw = r.value
        if type(raw) is not list:
            raise r.fail(f"expected a list, found {type(raw).__name__}")
        want = ctx.n if self.length == "seats" else self.length
        if want is not None and len(raw) != want:
            raise r.fail(f"expected {want} entries, found {len(raw)}")
        if len(raw) > self.max_len:
            raise r.fail(f"more than {self.max_len} entries")
        inner = self.inner
        if type(inner) is _Count:
            return r.ints(inner.lo, inner.hi)
        return [inner.load(item, ctx) for item in r.items()]


class _Tuple(Kind):
    """A fixed-length tuple of immutable parts, written as a list."""

    identity_dump = False

    def __init__(self, parts: Sequence[Kind]) -> None:
        for p in parts:
            if not p.immutable:
                raise TypeError("tuple_of() takes immutable parts only")
        self.parts = tuple(parts)

    def dump_src(self, expr: str, ns: dict[str, Any], depth: int) -> str:
        if all(p.identity_dump for p in self.parts):
            return f"list({expr})"
        return f"{self._name(ns)}.dump({expr})"

    def dump(self, value: tuple[Any, ...]) -> list[Any]:
        """The JSON form (a list) of one tuple."""
        return [_dumper(p)(x) for p, x in zip(self.parts, value, strict=True)]

    def fast_src(self, v: str, ns: dict[str, Any], depth: int) -> tuple[str, str]:
        conds = [f"type({v}) is list", f"len({v}) == {len(self.parts)}"]
        vals = []
        for i, p in enumerate(self.parts):
            got = p.fast_src(f"{v}[{i}]", ns, depth + 1)
            if got is None:
                got = _call_fast(p, f"{v}[{i}]", ns)
            conds.append(got[0])
            vals.append(got[1])
        return f"({' and '.join(conds)})", f"({', '.join(vals)},)"

    def json_src(self, x: str, ns: dict[str, Any], depth: int) -> str:
        parts = [p.json_src(f"{x}[{i}]", ns, depth) for i, p in enumerate(self.parts)]
        return "('[' + " + " + ',' + ".join(parts) + " + ']')"

    def fast(self, v: Any, n: int) -> Any:
        parts = self.parts
        if type(v) is not list or len(v) != len(parts):
            return MISS
        out = tuple(p.fast(x, n) for p, x in zip(parts, v, strict=True))
        return MISS if any(x is MISS for x in out) else out

    def load(self, r: Reader, ctx: Ctx) -> tuple[Any, ...]:
        items = r.list(len(self.parts))
        return tuple(p.load(x, ctx) for p, x in zip(self.parts, items, strict=True))


class _Optional(Kind):
    def __init__(self, inner: Kind) -> None:
        self.inner = inner
        self.immutable = inner.immutable
        self.identity_dump = inner.identity_dump

    def copy_src(self, expr: str, ns: dict[str, Any], depth: int) -> str:
        if self.inner.immutable:
            return expr
        return f"(None if {expr} is None else {self.inner.copy_src(expr, ns, depth)})"

    def dump_src(self, expr: str, ns: dict[str, Any], depth: int) -> str:
        if self.inner.identity_dump:
            return expr
        return f"(None if {expr} is None else {self.inner.dump_src(expr, ns, depth)})"

    def fast(self, v: Any, n: int) -> Any:
        return None if v is None else self.inner.fast(v, n)

    def fast_src(self, v: str, ns: dict[str, Any], depth: int) -> tuple[str, str] | None:
        inner = self.inner.fast_src(v, ns, depth)
        if inner is None:
            return None
        cond, val = inner
        return f"({v} is None or {cond})", (v if val == v else f"(None if {v} is None else {val})")

    def json_src(self, x: str, ns: dict[str, Any], depth: int) -> str:
        return f"('null' if {x} is None else {self.inner.json_src(x, ns, depth)})"

    def load(self, r: Reader, ctx: Ctx) -> Any:
        return None if r.value is None else self.inner.load(r, ctx)


class _Mapping(Kind):
    """A dict with string keys (optionally from a fixed set) and values of one kind."""

    immutable = False

    def __init__(self, value: Kind, keys: Sequence[str] | None, max_len: int) -> None:
        self.value = value
        self.keys = None if keys is None else frozenset(keys)
        self.max_len = max_len
        self.identity_dump = value.identity_dump

    def copy_src(self, expr: str, ns: dict[str, Any], depth: int) -> str:
        if self.value.immutable:
            return f"{expr}.copy()"
        v = f"_v{depth}"
        return f"{{_k: {self.value.copy_src(v, ns, depth + 1)} for _k, {v} in {expr}.items()}}"

    def dump_src(self, expr: str, ns: dict[str, Any], depth: int) -> str:
        if self.value.identity_dump:
            return expr
        v = f"_v{depth}"
        return f"{{_k: {self.value.dump_src(v, ns, depth + 1)} for _k, {v} in {expr}.items()}}"

    def load(self, r: Reader, ctx: Ctx) -> dict[str, Any]:
        keys = r.keys()
        if len(keys) > self.max_len:
            raise r.fail(f"more than {self.max_len} entries")
        if self.keys is not None:
            bad = sorted(set(keys) - self.keys)
            if bad:
                raise r.fail(f"unknown key {bad[0]!r}")
        return {k: self.value.load(r[k], ctx) for k in keys}


class _FrozenJson(Kind):
    """Plain JSON that the game replaces but never edits in place: shared by ``copy``."""

    def __init__(self, max_depth: int) -> None:
        self.max_depth = max_depth

    def load(self, r: Reader, ctx: Ctx) -> Any:
        return plain(r.value, r.path)

    def fast_src(self, v: str, ns: dict[str, Any], depth: int) -> tuple[str, str]:
        # What the loader reads was parsed by ``loads``, which refuses NaN and Infinity,
        # so it is plain JSON already (``load`` checks values from anywhere else).
        return "True", v

    def json_src(self, x: str, ns: dict[str, Any], depth: int) -> str:
        ns["_frozen"] = _frozen_text
        return f"_frozen({x})"


class _JsonValue(_FrozenJson):
    """Plain JSON that the game edits in place: deep-copied by ``copy``."""

    immutable = False

    def json_src(self, x: str, ns: dict[str, Any], depth: int) -> str:
        ns["_dumps"] = dumps
        return f"_dumps({x})"  # edited in place: never remembered

    def copy_src(self, expr: str, ns: dict[str, Any], depth: int) -> str:
        ns["_fresh"] = fresh
        return f"_fresh({expr})"


class _Custom(Kind):
    immutable = False
    identity_dump = False

    def __init__(
        self, copy: Callable[[Any], Any] | None, dump: Callable[[Any], Any],
        load: Callable[[Reader, int], Any],
    ) -> None:
        self._copy = copy
        self._dump = dump
        self._load = load
        self.immutable = copy is None

    def copy_src(self, expr: str, ns: dict[str, Any], depth: int) -> str:
        if self._copy is None:
            return expr
        return f"{self._name(ns)}._copy({expr})"

    def dump_src(self, expr: str, ns: dict[str, Any], depth: int) -> str:
        return f"{self._name(ns)}._dump({expr})"

    def load(self, r: Reader, ctx: Ctx) -> Any:
        return self._load(r, ctx.n)


class _Transient(Kind):
    """Not part of the state (a cache): rebuilt empty by ``copy`` and ``_load``."""

    persisted = False
    immutable = False

    def __init__(self, factory: Callable[[], Any]) -> None:
        self.factory = factory

    def copy_src(self, expr: str, ns: dict[str, Any], depth: int) -> str:
        return f"{self._name(ns)}.factory()"


class _Checked(Kind):
    """A declared kind whose values the game also checks (a Phase 10 group's shape)."""

    def __init__(self, inner: Kind, check: Callable[[Any, int], str | None]) -> None:
        self.inner = inner
        self.check = check
        self.immutable = inner.immutable
        self.identity_dump = inner.identity_dump

    def copy_src(self, expr: str, ns: dict[str, Any], depth: int) -> str:
        return self.inner.copy_src(expr, ns, depth)

    def dump_src(self, expr: str, ns: dict[str, Any], depth: int) -> str:
        return self.inner.dump_src(expr, ns, depth)

    def json_src(self, x: str, ns: dict[str, Any], depth: int) -> str:
        return self.inner.json_src(x, ns, depth)

    def fast(self, v: Any, n: int) -> Any:
        got = self.inner.fast(v, n)
        return got if got is MISS or self.check(got, n) is None else MISS

    def fast_src(self, v: str, ns: dict[str, Any], depth: int) -> tuple[str, str] | None:
        inner = self.inner.fast_src(v, ns, depth)
        if inner is None:
            return None
        cond, val = inner
        k = self._name(ns)
        if depth == 1 and val != v:  # a field's own value: built once, then checked
            t = f"_c{len(ns)}"
            return f"({cond} and {k}.check(({t} := {val}), n) is None)", t
        return f"({cond} and {k}.check({val}, n) is None)", val

    def load(self, r: Reader, ctx: Ctx) -> Any:
        value = self.inner.load(r, ctx)
        fault = self.check(value, ctx.n)
        if fault is not None:
            raise r.fail(fault)
        return value


class _Derived(Kind):
    """See :func:`derived`."""

    persisted = False

    @staticmethod
    def factory() -> None:
        return None


def _dumper(kind: Kind) -> Callable[[Any], Any]:
    """A compiled function giving ``kind``'s JSON form of a value (made once per kind)."""
    fn: Callable[[Any], Any] | None = kind.__dict__.get("_dumpfn")
    if fn is None:
        ns: dict[str, Any] = {}
        src = kind.dump_src("x", ns, 1)
        fn = eval(f"lambda x: {src}", ns)
        kind._dumpfn = fn  # type: ignore[attr-defined]
    assert fn is not None
    return fn


class _TupleSeq(Kind):
    """A tuple of any length whose items are immutable (a finished trick), saved as a list."""

    identity_dump = False

    def __init__(self, inner: Kind, max_len: int, length: str | None = None) -> None:
        if not inner.immutable:
            raise TypeError("tuple_seq() takes an immutable kind")
        self.inner = inner
        self.max_len = max_len
        self.length = length  # "seats": exactly one value per seat (per_seat_tuple)

    def dump_src(self, expr: str, ns: dict[str, Any], depth: int) -> str:
        v = f"_v{depth}"
        return f"[{self.inner.dump_src(v, ns, depth + 1)} for {v} in {expr}]"

    def fast_src(self, v: str, ns: dict[str, Any], depth: int) -> tuple[str, str]:
        cond = f"type({v}) is list and {_len_src(v, self.length, self.max_len)}"
        flat = _flat_check(self.inner, v, ns)
        if flat is not None:
            return f"({cond} and {flat})", f"tuple({v})"
        rows = _rows_check(self.inner, v, ns)
        if rows is not None:
            return f"({cond} and {rows})", f"tuple(map(tuple, {v}))"
        x = f"_x{depth}"
        inner = self.inner.fast_src(x, ns, depth + 1)
        if inner is None:
            inner = _call_fast(self.inner, x, ns)
        icond, ival = inner
        cond = f"({cond} and all([{icond} for {x} in {v}]))"
        return cond, (f"tuple({v})" if ival == x else f"tuple([{ival} for {x} in {v}])")

    def json_src(self, x: str, ns: dict[str, Any], depth: int) -> str:
        if type(self.inner) in (_Seat, _Flag):  # few short values: remembered by content
            return _seq_json(self.inner, x, ns, depth)
        # a tuple never changes, so its text is remembered by identity: a save writes
        # again only the tuples play replaced since the last one
        memo = _IdMemo(eval(f"lambda _y: {_seq_json(self.inner, '_y', ns, depth)}", ns))
        m, h = f"_t{len(ns)}", f"_h{len(ns)}"
        ns[m] = memo
        return f"({h}[1] if ({h} := {m}.get(id({x}))) is not None and {h}[0] is {x} else {m}.miss({x}))"

    def fast(self, v: Any, n: int) -> Any:
        if type(v) is not list or len(v) > self.max_len:
            return MISS
        if self.length == "seats" and len(v) != n:
            return MISS
        fast = self.inner.fast
        out = tuple(fast(x, n) for x in v)
        return MISS if any(x is MISS for x in out) else out

    def load(self, r: Reader, ctx: Ctx) -> tuple[Any, ...]:
        if type(r.value) is not list or len(r.value) > self.max_len:
            raise r.fail(f"expected a list of at most {self.max_len} entries")
        if self.length == "seats" and len(r.value) != ctx.n:
            raise r.fail(f"expected {ctx.n} entries, found {len(r.value)}")
        return tuple(self.inner.load(x, ctx) for x in r.items())


# -- the compiled text: helpers ----------------------------------------------------------
#: The JSON text of every number a seat, a card code or a small count can be.
_SMALL_LO, _SMALL_HI = -1, 1_023


class _IntText(dict[int, str]):
    """The text of an int: looked up for small ones, written (not kept) for others."""

    def __missing__(self, key: int) -> str:
        return format(key, "d")  # a float or None raises: the state is written by dumps


_SMALL = _IntText({i: str(i) for i in range(_SMALL_LO, _SMALL_HI + 1)})
_BOOL = {False: "false", True: "true"}
_json_str = json.encoder.encode_basestring_ascii  # what ``dumps`` writes for a string


def _len_src(v: str, length: str | int | None, max_len: int) -> str:
    """The length condition of a list ``v``: one value per seat, an exact length, or at
    most ``max_len`` (what the kind's ``load`` requires)."""
    if length == "seats":
        return f"len({v}) == n"
    return f"len({v}) <= {max_len}" if length is None else f"len({v}) == {length}"


def _rows_check(row: Kind, v: str, ns: dict[str, Any]) -> str | None:
    """The check of a list ``v`` of rows of flat values (each seat's cards) in a few C
    calls over all the rows at once, where a comprehension would run Python per row:
    every row a list no longer than allowed, then every value of every row (flattened
    once) checked as :func:`_flat_check` checks one list; ``None`` for other rows."""
    if type(row) not in (_List, _TupleSeq) or getattr(row, "length", None) is not None:
        return None
    flat_name = f"_fl{len(ns)}"
    flat = _flat_check(row.inner, flat_name, ns)  # type: ignore[attr-defined]
    if flat is None:
        return None
    ns["_TL"], ns["_chainf"] = _ONLY_LIST, itertools.chain.from_iterable
    return (f"_TL.issuperset(map(type, {v})) and (not {v} or max(map(len, {v})) <= "
            f"{row.max_len}) and (({flat_name} := list(_chainf({v}))) is not None and {flat})")  # type: ignore[attr-defined]


def _flat_check(inner: Kind, v: str, ns: dict[str, Any]) -> str | None:
    """A C-speed check that every item of the list ``v`` is an exact ``inner`` value
    (``int`` or ``bool`` by type, so a ``bool`` is never taken for an ``int``; the range
    by a set of the allowed numbers, or ``min``/``max``), or ``None`` for other kinds."""
    ns["_TI"], ns["_TB"] = _ONLY_INT, _ONLY_BOOL
    t = type(inner)
    if t is _Flag:
        return f"_TB.issuperset(map(type, {v}))"
    if t is _Count:
        assert isinstance(inner, _Count)
        lo, hi = inner._lo, inner._hi
        if hi - lo <= 4_096:
            name = f"_r{len(ns)}"
            ns[name] = frozenset(range(lo, hi + 1))
            return f"_TI.issuperset(map(type, {v})) and {name}.issuperset({v})"
        return f"_TI.issuperset(map(type, {v})) and (not {v} or ({lo} <= min({v}) and max({v}) <= {hi}))"
    if t is _Seat:
        assert isinstance(inner, _Seat)
        if inner.none is None:
            return None
        lo = inner.none if type(inner.none) is int and inner.none < 0 else 0
        if type(inner.none) is int and inner.none >= 0:
            return None  # an unusual 'nobody' value: the item-by-item check
        return f"_TI.issuperset(map(type, {v})) and (not {v} or ({lo} <= min({v}) and max({v}) < n))"
    return None


_ONLY_INT = frozenset({int})
_ONLY_LIST = frozenset({list})
_ONLY_BOOL = frozenset({bool})


def _call_fast(kind: Kind, x: str, ns: dict[str, Any]) -> tuple[str, str]:
    """``fast_src`` for a kind with none of its own: call its :meth:`Kind.fast` (twice:
    once to check, once for the value, since the check runs over a whole list first)."""
    ns["_MISS"] = MISS
    k = kind._name(ns)
    return f"({k}.fast({x}, n) is not _MISS)", f"{k}.fast({x}, n)"


#: Text of frozen JSON values by identity: ``id -> (value, text)`` (holding the value
#: keeps its id from being reused). A frozen value is replaced, never edited, so a
#: finished hand's result is written once however often the game is saved.
_FROZEN: dict[int, tuple[Any, str]] = {}


def _frozen_text(v: Any) -> str:
    if type(v) is not dict and type(v) is not list:
        return dumps(v)
    hit = _FROZEN.get(id(v))
    if hit is not None and hit[0] is v:
        return hit[1]
    text = dumps(v)
    if len(_FROZEN) >= 4_096:
        _FROZEN.clear()
    _FROZEN[id(v)] = (v, text)
    return text


class _IdMemo(dict[int, tuple[Any, str]]):
    """JSON text of tuples by identity: ``id -> (value, text)``, at most ``LIMIT``.

    Holding the value keeps its id from being reused while the entry lives; emptied
    when full, so no state can make it grow without bound. The compiled ``json`` reads
    it inline (``get`` and an identity check) and calls :meth:`miss` only for a tuple
    it has not written before.
    """

    LIMIT = 2_048

    def __init__(self, make: Callable[[Any], str]) -> None:
        super().__init__()
        self.make = make

    def miss(self, value: Any) -> str:
        text: str = self.make(value)
        if type(value) is tuple:  # only what cannot change is remembered (a list could)
            if len(self) >= self.LIMIT:
                self.clear()
            self[id(value)] = (value, text)
        return text


class _Memo(dict[tuple[Any, ...], str]):
    """JSON text of short tuples of seats or flags, remembered (at most ``LIMIT``).

    A four-seat game has 16 flag patterns and a few dozen seat orders, so saving writes
    the same few texts again and again; a miss writes the text through ``table`` and
    keeps it (an unknown value raises ``KeyError``, and the state is then written by
    :func:`dumps`). Emptied when full, so no state can make it grow without bound.
    """

    LIMIT = 4_096

    def __init__(self, table: dict[Any, str]) -> None:
        super().__init__()
        self.get_text = table.__getitem__

    def __missing__(self, key: tuple[Any, ...]) -> str:
        text = "[" + ",".join(map(self.get_text, key)) + "]"
        if len(key) <= 16:
            if len(self) >= self.LIMIT:
                self.clear()
            self[key] = text
        return text


def _seq_json(inner: Kind, x: str, ns: dict[str, Any], depth: int) -> str:
    """JSON text of a list (or tuple) of ``inner`` values: ``map`` over a table where one
    exists (numbers, flags, names), else one expression per item."""
    t = type(inner)
    fn: Any = None
    if t is _Count:
        fn = _SMALL.__getitem__
    elif t is _Seat or t is _Flag:
        assert isinstance(inner, _Seat | _Flag)
        if t is _Seat and inner.none is None:  # type: ignore[union-attr]
            fn = None
        else:  # few combinations (seat orders, per-seat flags): a table that fills itself
            memo = _Memo(_BOOL if t is _Flag else _SMALL)
            name = f"_m{len(ns)}"
            ns[name] = memo
            return f"{name}[tuple({x})]"
    elif t is _Text:
        fn = _json_str
    elif t is _Enum:
        assert isinstance(inner, _Enum)
        fn = inner.texts.__getitem__
    if fn is not None:
        name = f"_f{len(ns)}"
        ns[name] = fn
        return f"('[' + ','.join(map({name}, {x})) + ']')"
    v = f"_x{depth}"
    if type(inner) is _List or (type(inner) is _TupleSeq and type(inner.inner) not in (_Seat, _Flag)):
        assert isinstance(inner, _List | _TupleSeq)
        row = _seq_json(inner.inner, v, ns, depth + 1) if type(inner.inner) is not _List else ""
        if row.startswith("('[' + ','.join(map(") and row.endswith(")) + ']')"):
            # rows of numbers: '[[' + '],['.join(rows) + ']]' spares two copies a row
            body = row[len("('[' + "):-len(" + ']')")]
            return f"(('[[' + '],['.join([{body} for {v} in {x}]) + ']]') if {x} else '[]')"
    return f"('[' + ','.join([{inner.json_src(v, ns, depth + 1)} for {v} in {x}]) + ']')"


# -- the public constructors -----------------------------------------------------------
def count(lo: int | None = 0, hi: int | None = 1_000_000) -> Kind:
    """An exact ``int`` (never a ``bool``) in ``lo..hi``."""
    return _Count(lo, hi)


def seat(none: int | str | None = "never") -> Kind:
    """A seat of this game; ``none=-1`` (or ``None``) also allows that 'nobody' value."""
    return _Seat(none)


def card(size: int) -> Kind:
    """A card code of a pack of ``size`` cards."""
    return _Count(0, size - 1)


def flag() -> Kind:
    """A ``bool``."""
    return _Flag()


def text(max_len: int = 200, choices: Sequence[str] | None = None) -> Kind:
    """A string (optionally one of ``choices``)."""
    return _Text(max_len, choices)


def enum(names: Sequence[str]) -> Kind:
    """An index into ``names``, saved as the name."""
    return _Enum(names)


def listof(inner: Kind, length: int | None = None, max_len: int = 100_000) -> Kind:
    """A list of ``inner`` values."""
    return _List(inner, length, max_len)


def per_seat(inner: Kind) -> Kind:
    """A list with one ``inner`` value per seat."""
    return _List(inner, "seats", 1_000)


def per_seat_tuple(inner: Kind) -> Kind:
    """One immutable ``inner`` value per seat, as a tuple. ``copy`` shares it, so every
    change replaces the whole tuple (:func:`put`); for four to eight seats that costs
    less than the list copies every ``copy`` would otherwise make, and a search copies
    far more often than it plays. Saved as a list, exactly like :func:`per_seat`."""
    return _TupleSeq(inner, 1_000, "seats")


def put(values: tuple[_T, ...], i: int, value: _T) -> tuple[_T, ...]:
    """``values`` with item ``i`` replaced: the edit of a tuple field ``copy`` shares."""
    out = list(values)  # cheaper than splicing slices for a handful of seats
    out[i] = value
    return tuple(out)


def cards(size: int, max_len: int = 10_000) -> Kind:
    """A list of card codes of a ``size``-card pack."""
    return _List(_Count(0, size - 1), None, max_len)


def ints(lo: int | None = 0, hi: int | None = 1_000_000, max_len: int = 100_000) -> Kind:
    """A list of bounded ints."""
    return _List(_Count(lo, hi), None, max_len)


def seats(max_len: int = 1_000) -> Kind:
    """A list of seats (a queue, an order)."""
    return _List(_Seat("never"), None, max_len)


def flags() -> Kind:
    """One ``bool`` per seat."""
    return _List(_Flag(), "seats", 1_000)


def tuple_of(*parts: Kind) -> Kind:
    """A tuple of immutable parts (saved as a list)."""
    return _Tuple(parts)


def tuple_seq(inner: Kind, max_len: int = 10_000) -> Kind:
    """A tuple of any length of immutable ``inner`` values (saved as a list)."""
    return _TupleSeq(inner, max_len)


def optional(inner: Kind) -> Kind:
    """``None`` or an ``inner`` value."""
    return _Optional(inner)


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


# -- compiling ---------------------------------------------------------------------
class Spec:
    """The compiled field machinery of one state class.

    Four functions are generated from the declarations, each with one line per field and
    no per-field dispatch: ``copy``, ``dump`` (the JSON-ready dict), ``json`` (the
    canonical JSON text of that dict, written directly: byte for byte what
    :func:`~tablegames.common.serialization.dumps` of ``dump`` gives, at a fraction of
    the cost) and ``read`` (the strict load's fast path: each field checked inline,
    only a field that fails the check goes through the path-aware :class:`Reader`).
    """

    __slots__ = ("copy", "dump", "fields", "json", "json_direct", "keys", "persisted", "read")

    def __init__(
        self, cls: type, common: Sequence[tuple[str, str | None]],
        names: dict[str, Any] | None = None,
    ) -> None:
        hints = typing.get_type_hints(cls, include_extras=True)
        fields: list[tuple[str, Kind]] = []
        for name, hint in hints.items():
            if typing.get_origin(hint) is Annotated:
                kinds = [m for m in hint.__metadata__ if isinstance(m, Kind)]
                if kinds:
                    fields.append((name, kinds[0]))
        self.fields = tuple(fields)
        self.persisted = tuple((n, k) for n, k in fields if k.persisted)
        self.keys = frozenset(name for name, _ in self.persisted)
        ns: dict[str, Any] = {"_new": object.__new__, "_cls": cls, "_MISS": MISS,
                              "_slow": _slow, "_dumps": dumps, "_Rng": Rng}
        lines = ["def copy(self):", "    o = _new(type(self))", "    d = self.__dict__.copy()"]
        ns.update(names or {})
        for name, src in [*common, *((n, k.copy_src("self." + n, ns, 0)) for n, k in fields)]:
            if src is None:
                lines.append(f"    d.pop({name!r}, None)")
            elif src.startswith("!"):  # statements of the caller's own ("!a; b")
                lines += [f"    {part.strip()}" for part in src[1:].split(";")]
            elif src != f"self.{name}":  # shared values came with the dict
                lines.append(f"    d[{name!r}] = {src}")
        lines += ["    o.__dict__ = d", "    return o"]
        ns["_lcopy"] = list.copy
        parts = [f"{name!r}: {kind.dump_src('self.' + name, ns, 0)}" for name, kind in self.persisted]
        lines += ["def dump(self):", "    return {" + ", ".join(parts) + "}"]
        lines += self._json_lines(ns)
        lines += self._read_lines(ns)
        exec("\n".join(lines), ns)
        self.copy: Callable[[Any], Any] = ns["copy"]
        self.dump: Callable[[Any], dict[str, Any]] = ns["dump"]
        self.json: Callable[[Any], str] = ns["json"]
        #: ``json`` without the fallback (tests check that real states never need it).
        self.json_direct: Callable[[Any], str] = ns["json_direct"]
        self.read: Callable[[Any, dict[str, Any], int, str], None] = ns["read"]

    def _json_lines(self, ns: dict[str, Any]) -> list[str]:
        """``json(self)``: the text of ``dump(self)``, keys in sorted order as ``dumps``
        writes them; a value that does not fit its kind falls back to ``dumps``.

        A field whose text is remembered by identity (a tuple, see :class:`_IdMemo`) is
        also remembered on the state itself, in ``_jtext`` (value, text, value, text...):
        a server saves a state again after each action, with most of its tuples those
        it saved last time, and one list beside the state's fields costs far fewer
        cache misses than a look-up in every field's shared memo. Only tuples are kept
        there too, and a copy starts without it (``copy`` drops it), so no two states
        share one.
        """
        lines = ["def json_direct(self):", "    _d = self.__dict__"]
        order = sorted(self.persisted, key=lambda f: f[0])
        srcs = [kind.json_src(f"_a{i}", ns, 1) for i, (_, kind) in enumerate(order)]
        kept = [i for i, src in enumerate(srcs) if ".miss(" in src]
        if kept:
            lines += ["    _c = _d.get('_jtext')",
                      "    if _c is None:",
                      f"        _c = _d['_jtext'] = [_MISS] * {2 * len(kept)}"]
        slot = {i: 2 * k for k, i in enumerate(kept)}
        for i, (name, _) in enumerate(order):
            # each value read once into a local: a remembered text names it three times
            lines.append(f"    _a{i} = _d[{name!r}]")
            if i in slot:
                k = slot[i]
                lines += [f"    if _c[{k}] is _a{i}:",
                          f"        _j{i} = _c[{k + 1}]",
                          "    else:",
                          f"        _j{i} = {srcs[i]}",
                          f"        if type(_a{i}) is tuple:",
                          f"            _c[{k}] = _a{i}",
                          f"            _c[{k + 1}] = _j{i}"]
            else:
                lines.append(f"    _j{i} = {srcs[i]}")
        # one f-string of locals: a single allocation (a chain of ``+`` copies it all
        # again for every field); field names are identifiers, so they need no escaping
        body = ",".join(f"{_json_str(name)}:{{_j{i}}}" for i, (name, _) in enumerate(order))
        lines.append(f"    return f'{{{{{body}}}}}'")
        lines += ["def json(self):", "    try:", "        return json_direct(self)",
                  "    except (KeyError, IndexError, TypeError, ValueError, AttributeError):",
                  "        return _dumps(dump(self))"]
        return lines

    def _read_lines(self, ns: dict[str, Any]) -> list[str]:
        """``read(o, d, n, path)``: every field of ``o`` from the dict ``d`` (its keys
        already checked), each on its inline fast path or through :func:`_slow`."""
        lines = ["def read(o, d, n, path):"]
        for name, kind in self.fields:
            k = kind._name(ns)
            if not kind.persisted:
                lines.append(f"    o.{name} = {k}.factory()")
                continue
            lines.append(f"    v = d[{name!r}]")
            got = kind.fast_src("v", ns, 1)
            if got is None:
                lines += [f"    x = {k}.fast(v, n)",
                          f"    o.{name} = {k}.load(_slow(v, path, {name!r}), _ctx(n)) "
                          f"if x is _MISS else x"]
                continue
            cond, val = got
            lines += [f"    if {cond}:", f"        o.{name} = {val}", "    else:",
                      f"        o.{name} = {k}.load(_slow(v, path, {name!r}), _ctx(n))"]
        ns["_ctx"] = Ctx
        if len(lines) == 1:
            lines.append("    pass")
        return lines

    def load(self, obj: Any, r: Reader) -> None:
        """Read every persisted field of ``obj`` from ``r``; reset transient ones.

        Each value is first tried on its compiled fast path (exact types, no reader);
        only a value that fails it goes through the path-aware reader, which names the
        defect.
        """
        d = r.value
        if type(d) is not dict:
            raise r.fail(f"expected an object, found {type(d).__name__}")
        if d.keys() != self.keys:
            extra = sorted(set(d) - self.keys)
            if extra:
                raise StateError(f"{r.path}: unknown key {extra[0]!r}")
            missing = next(name for name, _ in self.persisted if name not in d)
            raise StateError(f"{r.path}: missing key {missing!r}")
        self.read(obj, d, obj.n, r.path)


def _slow(value: Any, path: str, name: str) -> Reader:
    """The reader of a field that failed its fast path (it will name the defect)."""
    return Reader(value, f"{path}.{name}")


def spec_of(
    cls: type, common: Sequence[tuple[str, str | None]], names: dict[str, Any] | None = None,
) -> Spec:
    """The :class:`Spec` of ``cls``, compiled on first use (annotations resolve late);
    ``names`` are what the ``common`` copy sources refer to."""
    spec = cls.__dict__.get("_fields_spec")
    if spec is None:
        spec = Spec(cls, common, names)
        cls._fields_spec = spec  # type: ignore[attr-defined]
    assert isinstance(spec, Spec)
    return spec
