"""Field kinds, the container half (lists, tuples, mappings, JSON, custom codecs); the
public constructors a game declares its fields with are in :mod:`tablegames.common.fields`."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator, Sequence
from typing import Any, TypeVar

from tablegames.common.actions import freeze, fresh, frozen_text
from tablegames.common.errors import quoted
from tablegames.common.kinds import (
    _BOOL,
    _SMALL,
    MISS,
    Ctx,
    Kind,
    TextCtx,
    _Count,
    _Enum,
    _Flag,
    _json_str,
    _Seat,
    _Text,
)
from tablegames.common.seqtext import seq_from_line, seq_line
from tablegames.common.serialization import Reader, dumps, plain

_T = TypeVar("_T")


class _Seq(Kind):
    """What a list and a tuple of items share: the declaration check, the dump, the cards
    held and the position text are the same item by item; only the container's type
    (``SEQ_TYPE``) and the copy and fast paths differ."""

    SEQ_TYPE = "list"
    inner: Kind
    length: str | int | None
    max_len: int

    def ok_src(self, x: str, ns: dict[str, Any], depth: int) -> str:
        return _seq_ok(self.inner, x, ns, depth, self.SEQ_TYPE, self.length, self.max_len)

    def dump_value(self, v: Any) -> Any:
        return [self.inner.dump_value(x) for x in v]

    def cards_in(self, v: Any, deck: str) -> Iterator[int]:
        return _cards_in_seq(self.inner, v, deck)

    def text(self, v: Any, tc: TextCtx) -> str:
        return seq_line(self, v, tc)

    def text_json(self, line: str, tc: TextCtx) -> Any:
        return seq_from_line(self, line, tc)

    def saved_as(self) -> str:
        """``per seat: ...`` (one item per seat), ``list of N × ...`` (exactly N) or
        ``list of ...``; a pile says its top is the last item (its position line is
        written top first, the save keeps it bottom first), a sorted group that it is in
        code order."""
        inner = self.inner.saved_as()
        if self.length == "seats":
            text = f"per seat: {inner}"
        elif self.length is not None:
            text = f"list of {self.length} × {inner}"
        else:
            text = f"list of {inner}"
        if self.top_first:
            return text + " (bottom first: the top is the last)"
        return text + " (in code order)" if self.sort else text


class _List(_Seq):
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

    def saved_as(self) -> str:
        return "[" + ", ".join(part.saved_as() for part in self.parts) + "]"

    def dump_src(self, expr: str, ns: dict[str, Any], depth: int) -> str:
        if all(p.identity_dump for p in self.parts):
            return f"list({expr})"
        return f"{self._name(ns)}.dump({expr})"

    def dump(self, value: tuple[Any, ...]) -> list[Any]:
        """The JSON form (a list) of one tuple."""
        return [p.dump_value(x) for p, x in zip(self.parts, value, strict=True)]

    def dump_value(self, v: Any) -> Any:
        return self.dump(v)

    def ok_src(self, x: str, ns: dict[str, Any], depth: int) -> str:
        parts = [p.ok_src(f"{x}[{i}]", ns, depth + 1) for i, p in enumerate(self.parts)]
        return f"(type({x}) is tuple and len({x}) == {len(self.parts)} and {' and '.join(parts)})"

    def cards_in(self, v: Any, deck: str) -> Iterator[int]:
        return itertools.chain.from_iterable(
            p.cards_in(x, deck) for p, x in zip(self.parts, v, strict=True))

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

    @property
    def has_word(self) -> bool:  # type: ignore[override]
        return all(p.has_word for p in self.parts)

    @property
    def what(self) -> str:  # type: ignore[override]
        return ":".join(p.what for p in self.parts)

    def word(self, v: Any, tc: TextCtx) -> str:
        return ":".join(p.word(x, tc) for p, x in zip(self.parts, v, strict=True))

    def word_json(self, word: str, tc: TextCtx) -> Any:
        bits = word.split(":", len(self.parts) - 1)
        if len(bits) != len(self.parts):
            raise ValueError(f"expected {self.what}, found {quoted(word)}")
        return [p.word_json(b, tc) for p, b in zip(self.parts, bits, strict=True)]

    def load(self, r: Reader, ctx: Ctx) -> tuple[Any, ...]:
        items = r.list(len(self.parts))
        return tuple(p.load(x, ctx) for p, x in zip(self.parts, items, strict=True))


class _Optional(Kind):
    def __init__(self, inner: Kind) -> None:
        self.inner = inner
        self.immutable = inner.immutable
        self.identity_dump = inner.identity_dump

    def saved_as(self) -> str:
        return f"null, or {self.inner.saved_as()}"

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

    def ok_src(self, x: str, ns: dict[str, Any], depth: int) -> str:
        return f"({x} is None or {self.inner.ok_src(x, ns, depth)})"

    def dump_value(self, v: Any) -> Any:
        return None if v is None else self.inner.dump_value(v)

    def cards_in(self, v: Any, deck: str) -> Iterator[int]:
        return iter(()) if v is None else self.inner.cards_in(v, deck)

    def load(self, r: Reader, ctx: Ctx) -> Any:
        return None if r.value is None else self.inner.load(r, ctx)

    def text(self, v: Any, tc: TextCtx) -> str:
        return "-" if v is None else self.inner.text(v, tc)

    def text_json(self, line: str, tc: TextCtx) -> Any:
        return None if line == "-" else self.inner.text_json(line, tc)


class _Mapping(Kind):
    """A dict with string keys (optionally from a fixed set) and values of one kind."""

    immutable = False

    def __init__(self, value: Kind, keys: Sequence[str] | None, max_len: int) -> None:
        self.value = value
        self.keys = None if keys is None else frozenset(keys)
        self.max_len = max_len
        self.identity_dump = value.identity_dump

    def saved_as(self) -> str:
        keys = "" if self.keys is None else " (keys " + ", ".join(sorted(self.keys)) + ")"
        return f"object{keys} of {self.value.saved_as()}"

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

    def ok_src(self, x: str, ns: dict[str, Any], depth: int) -> str:
        k, v = f"_mk{depth}", f"_mv{depth}"
        key = f"type({k}) is str"
        if self.keys is not None:
            key += f" and {k} in {self._name(ns)}.keys"
        inner = self.value.ok_src(v, ns, depth + 1)
        return (f"(type({x}) is dict and len({x}) <= {self.max_len} and "
                f"all([{key} and {inner} for {k}, {v} in {x}.items()]))")

    def dump_value(self, v: Any) -> Any:
        return {k: self.value.dump_value(x) for k, x in v.items()}

    def cards_in(self, v: Any, deck: str) -> Iterator[int]:
        return itertools.chain.from_iterable(self.value.cards_in(x, deck) for x in v.values())

    def load(self, r: Reader, ctx: Ctx) -> dict[str, Any]:
        keys = r.keys()
        if len(keys) > self.max_len:
            raise r.fail(f"more than {self.max_len} entries")
        if self.keys is not None:
            bad = sorted(set(keys) - self.keys)
            if bad:
                raise r.fail(f"unknown key {quoted(bad[0])}")
        return {k: self.value.load(r[k], ctx) for k in keys}


class _Json(Kind):
    """Plain JSON, loaded and written as it is (the two kinds below say how it is copied)."""

    def __init__(self, max_depth: int) -> None:
        self.max_depth = max_depth

    def load(self, r: Reader, ctx: Ctx) -> Any:
        return plain(r.value, r.path)

    def fast_src(self, v: str, ns: dict[str, Any], depth: int) -> tuple[str, str]:
        # What the loader reads was parsed by ``loads``, which refuses NaN and Infinity
        # (also spelt as a number too large for a float, ``1e309``),
        # so it is plain JSON already (``load`` checks values from anywhere else).
        return "True", v

    def json_src(self, x: str, ns: dict[str, Any], depth: int) -> str:
        ns["_dumps"] = dumps
        return f"_dumps({x})"


class _FrozenJson(_Json):
    """Plain JSON that the game replaces but never edits in place: shared by ``copy``,
    and held frozen (:func:`~tablegames.common.actions.freeze`: dicts that refuse
    changes, tuples for lists) so that sharing cannot let a copy edit the original. The
    game freezes what it assigns; a load freezes what it reads."""

    def load(self, r: Reader, ctx: Ctx) -> Any:
        return freeze(super().load(r, ctx))

    def fast_src(self, v: str, ns: dict[str, Any], depth: int) -> tuple[str, str]:
        ns["_freeze"] = freeze
        return "True", f"_freeze({v})"

    def dump_value(self, v: Any) -> Any:
        return fresh(v)  # the JSON form: plain dicts and lists again

    def json_src(self, x: str, ns: dict[str, Any], depth: int) -> str:
        ns["_frozen_text"] = frozen_text  # written once per value, kept on it
        return f"_frozen_text({x})"


class _JsonValue(_Json):
    """Plain JSON that the game edits in place: deep-copied by ``copy`` (and its text
    written afresh every time)."""

    immutable = False

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

    def saved_as(self) -> str:
        return "JSON value in the game's own form"

    def copy_src(self, expr: str, ns: dict[str, Any], depth: int) -> str:
        if self._copy is None:
            return expr
        return f"{self._name(ns)}._copy({expr})"

    def dump_src(self, expr: str, ns: dict[str, Any], depth: int) -> str:
        return f"{self._name(ns)}._dump({expr})"

    def dump_value(self, v: Any) -> Any:
        return self._dump(v)

    def load(self, r: Reader, ctx: Ctx) -> Any:
        return self._load(r, ctx.n)


class _Transient(Kind):
    """Not part of the state (a cache): rebuilt empty by ``copy`` and ``_load``."""

    persisted = False
    immutable = False

    def __init__(self, factory: Callable[[], Any]) -> None:
        self.factory = factory

    def saved_as(self) -> str:
        return "not saved (a cache)"

    def copy_src(self, expr: str, ns: dict[str, Any], depth: int) -> str:
        return f"{self._name(ns)}.factory()"


class _Checked(Kind):
    """A declared kind whose values the game also checks (a Phase 10 group's shape)."""

    def __init__(self, inner: Kind, check: Callable[[Any, int], str | None]) -> None:
        self.inner = inner
        self.check = check
        self.has_word, self.what = inner.has_word, inner.what
        self.immutable = inner.immutable
        self.identity_dump = inner.identity_dump

    def saved_as(self) -> str:
        return self.inner.saved_as()

    def copy_src(self, expr: str, ns: dict[str, Any], depth: int) -> str:
        return self.inner.copy_src(expr, ns, depth)

    def dump_src(self, expr: str, ns: dict[str, Any], depth: int) -> str:
        return self.inner.dump_src(expr, ns, depth)

    def json_src(self, x: str, ns: dict[str, Any], depth: int) -> str:
        return self.inner.json_src(x, ns, depth)

    def ok_src(self, x: str, ns: dict[str, Any], depth: int) -> str:
        return f"({self.inner.ok_src(x, ns, depth)} and {self._name(ns)}.check({x}, n) is None)"

    def dump_value(self, v: Any) -> Any:
        return self.inner.dump_value(v)

    def cards_in(self, v: Any, deck: str) -> Iterator[int]:
        return self.inner.cards_in(v, deck)

    def text(self, v: Any, tc: TextCtx) -> str:
        return self.inner.text(v, tc)

    def text_json(self, line: str, tc: TextCtx) -> Any:
        return self.inner.text_json(line, tc)

    def word(self, v: Any, tc: TextCtx) -> str:
        return self.inner.word(v, tc)

    def word_json(self, word: str, tc: TextCtx) -> Any:
        return self.inner.word_json(word, tc)

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

    def saved_as(self) -> str:
        return "not saved (worked out again on load)"


class _TupleSeq(_Seq):
    """A tuple of any length whose items are immutable (a finished trick), saved as a list."""

    SEQ_TYPE = "tuple"
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
        return _seq_json(self.inner, x, ns, depth)

    def fast(self, v: Any, n: int) -> Any:
        if type(v) is not list or len(v) > self.max_len:
            return MISS
        if self.length == "seats" and len(v) != n:
            return MISS
        fast = self.inner.fast
        out = tuple(fast(x, n) for x in v)
        return MISS if any(x is MISS for x in out) else out

    def load(self, r: Reader, ctx: Ctx) -> tuple[Any, ...]:
        if type(r.value) is not list:
            raise r.fail(f"expected a list, found {type(r.value).__name__}")
        if len(r.value) > self.max_len:
            raise r.fail(f"more than {self.max_len} entries")
        if self.length == "seats" and len(r.value) != ctx.n:
            raise r.fail(f"expected {ctx.n} entries, found {len(r.value)}")
        return tuple(self.inner.load(x, ctx) for x in r.items())



def _cards_in_seq(inner: Kind, v: Any, deck: str) -> Iterator[int]:
    """The cards of ``deck`` in a list of ``inner`` values: the list itself where its
    items are such cards, the rows chained where they are lists of them (no call per
    card; a kind with a "no card" value is read item by item)."""
    if type(inner) is _Count and inner.none is None:
        return iter(v) if _of_deck(inner, deck) else iter(())
    row = getattr(inner, "inner", None)
    if type(inner) in (_List, _TupleSeq) and type(row) is _Count and row.none is None:
        return itertools.chain.from_iterable(v) if _of_deck(row, deck) else iter(())
    return itertools.chain.from_iterable(inner.cards_in(x, deck) for x in v)


def _of_deck(kind: Kind, deck: str) -> bool:
    """Whether the values of ``kind`` (a ``_Count``) are cards of ``deck``."""
    return getattr(kind, "pack", None) is not None and getattr(kind, "names", None) == deck


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


def _seq_ok(inner: Kind, x: str, ns: dict[str, Any], depth: int, typ: str,
            length: str | int | None, max_len: int) -> str:
    """The in-memory check of a list or tuple ``x`` of ``inner`` values: its type, its
    length, then its items (in a few C calls where :func:`_flat_check` has a form)."""
    cond = f"type({x}) is {typ} and {_len_src(x, length, max_len)}"
    flat = _flat_check(inner, x, ns)
    if flat is None:
        y = f"_o{depth}"
        flat = f"all([{inner.ok_src(y, ns, depth + 1)} for {y} in {x}])"
    return f"({cond} and {flat})"


def _call_fast(kind: Kind, x: str, ns: dict[str, Any]) -> tuple[str, str]:
    """``fast_src`` for a kind with none of its own: call its :meth:`Kind.fast` (twice:
    once to check, once for the value, since the check runs over a whole list first)."""
    ns["_MISS"] = MISS
    k = kind._name(ns)
    return f"({k}.fast({x}, n) is not _MISS)", f"{k}.fast({x}, n)"


def _seq_json(inner: Kind, x: str, ns: dict[str, Any], depth: int) -> str:
    """JSON text of a list (or tuple) of ``inner`` values: ``map`` over a table where one
    exists (numbers, flags, names), else one expression per item."""
    t = type(inner)
    fn: Any = None
    if t is _Count:
        fn = _SMALL.__getitem__
    elif t is _Flag:
        fn = _BOOL.__getitem__
    elif t is _Seat:
        assert isinstance(inner, _Seat)
        fn = None if inner.none is None else _SMALL.__getitem__
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
