"""The field compiler: one ``copy``, ``dump``, ``json`` and ``read`` per state class,
generated from its declared fields (see :mod:`tablegames.common.fields`).

The generated source is registered with :mod:`linecache` under a readable name
(``<tablegames fields: toepen.state.State>``), so a traceback through it shows the line.
A value that breaks its declaration makes ``json`` raise a :class:`StateError` naming
the field: a save is written only when it will load.
"""

from __future__ import annotations

import inspect
import linecache
import sys
import typing
from collections.abc import Callable, Sequence
from typing import Annotated, Any

from tablegames.common.declared import in_play_checks
from tablegames.common.errors import StateError, quoted
from tablegames.common.kinds import MISS, Ctx, Kind, _json_str
from tablegames.common.rng import Rng
from tablegames.common.serialization import Reader, dumps


def declared_hints(cls: type) -> dict[str, Any]:
    """The class's annotations, evaluated, base classes first: what
    ``typing.get_type_hints(cls, include_extras=True)`` gives.

    Each class's annotation strings are evaluated as one tuple expression, one
    ``compile`` per class instead of one per annotation: a game declares 60-80 fields,
    and compiling each string apart was a large part of a fresh process's first load.
    """
    hints: dict[str, Any] = {}
    for base in reversed(cls.__mro__):
        ann = inspect.get_annotations(base)
        texts = [a for a in ann.values() if isinstance(a, str)]
        values = iter(())
        if texts:
            module = sys.modules[base.__module__].__dict__
            values = iter(eval("(" + ",\n".join(texts) + ",)", dict(module), dict(vars(base))))
        for name, a in ann.items():
            hints[name] = next(values) if isinstance(a, str) else a
    return hints


class Spec:
    """The compiled field machinery of one state class.

    Four functions are generated from the declarations, each with one line per field and
    no per-field dispatch: ``copy``, ``dump`` (the JSON-ready dict), ``json`` (the
    canonical JSON text of that dict, written directly: byte for byte what
    :func:`~tablegames.common.serialization.dumps` of ``dump`` gives, at a fraction of
    the cost) and ``read`` (the strict load's fast path: each field checked inline,
    only a field that fails the check goes through the path-aware :class:`Reader`).
    """

    __slots__ = ("_ns", "_parts", "copy", "dump", "fields", "filename", "in_play", "json",
                 "keys", "persisted", "read", "source")

    copy: Callable[[Any], Any]
    dump: Callable[[Any], dict[str, Any]]
    json: Callable[[Any], str]
    read: Callable[[Any, dict[str, Any], int, str], None]

    def __init__(
        self, cls: type, common: Sequence[tuple[str, str | None]],
        names: dict[str, Any] | None = None,
    ) -> None:
        hints = declared_hints(cls)
        fields: list[tuple[str, Kind]] = []
        for name, hint in hints.items():
            if typing.get_origin(hint) is Annotated:
                kinds = [m for m in hint.__metadata__ if isinstance(m, Kind)]
                if kinds:
                    fields.append((name, kinds[0]))
        self.fields = tuple(fields)
        self.persisted = tuple((n, k) for n, k in fields if k.persisted)
        self.keys = frozenset(name for name, _ in self.persisted)
        #: The seats declared ``among=`` (see :func:`~tablegames.common.declared.check_in_play`).
        self.in_play = in_play_checks(self.fields, getattr(cls, "STAGES", ()))
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
        source = "\n".join(lines) + "\n"
        # a readable file name, registered so tracebacks and debuggers show the source
        filename = f"<tablegames fields: {cls.__module__}.{cls.__qualname__}>"
        linecache.cache[filename] = (len(source), None, source.splitlines(True), filename)
        #: The generated source and the name it is registered under.
        self.source, self.filename = source, filename
        self._ns = ns
        self._parts: dict[str, tuple[int, str]] = {}
        starts = [i for i, line in enumerate(lines) if line.startswith("def ")]
        for a, b in zip(starts, [*starts[1:], len(lines)], strict=True):
            name = lines[a][4:lines[a].index("(")]
            self._parts[name] = (a, "\n".join(lines[a:b]) + "\n")

    def __getattr__(self, name: str) -> Any:
        """Compile one generated function on its first use (``copy``, ``dump``,
        ``json``, ``read``): a fresh process that only loads compiles only ``read``.

        ``json`` alone is about 60 % of the source, and compiling all four at once was
        most of the one-off cost of a first load. Each part is compiled under the
        registered file name, shifted to its own line numbers, so a traceback points
        at the right line of :attr:`source`. Two threads racing here compile the same
        text twice and store equal functions: harmless.
        """
        if name.startswith("_") or name not in self._parts:
            raise AttributeError(name)
        first, text = self._parts[name]
        exec(compile("\n" * first + text, self.filename, "exec"), self._ns)
        fn = self._ns[name]
        setattr(self, name, fn)
        return fn

    def _json_lines(self, ns: dict[str, Any]) -> list[str]:
        """``json(self)``: the text of ``dump(self)``, keys in sorted order as ``dumps``
        writes them. Each field is first tested against its declaration (``ok_src``)
        and its writer may raise too: either way :func:`_broken` raises a
        :class:`StateError` naming the field, so no save is written that would not load.
        """
        lines = ["def json(self):", "    _d = self.__dict__", "    n = len(_d['players'])"]
        order = sorted(self.persisted, key=lambda f: f[0])
        for i, (name, kind) in enumerate(order):
            k = kind._name(ns)
            lines += [f"    _a{i} = _d[{name!r}]",
                      f"    if not {kind.ok_src(f'_a{i}', ns, 1)}:",
                      f"        raise _broken(self, {name!r}, {k}, _a{i}, None)",
                      "    try:",
                      f"        _j{i} = {kind.json_src(f'_a{i}', ns, 1)}",
                      f"    except {_WRITE_ERRORS} as exc:",
                      f"        raise _broken(self, {name!r}, {k}, _a{i}, exc) from None"]
        # one f-string of locals: a single allocation (a chain of ``+`` copies it all
        # again for every field); field names are identifiers, so they need no escaping
        body = ",".join(f"{_json_str(name)}:{{_j{i}}}" for i, (name, _) in enumerate(order))
        lines.append(f"    return f'{{{{{body}}}}}'")
        ns["_broken"] = _broken
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
                raise StateError(f"{r.path}: unknown key {quoted(extra[0])}")
            missing = next(name for name, _ in self.persisted if name not in d)
            raise StateError(f"{r.path}: missing key {missing!r}")
        self.read(obj, d, obj.n, r.path)


#: What a field's writer raises on a value its kind cannot write.
_WRITE_ERRORS = "(KeyError, IndexError, TypeError, ValueError, AttributeError, RecursionError)"


def _broken(state: Any, name: str, kind: Kind, value: Any, exc: BaseException | None,
            ) -> StateError:
    """The error of a field whose value breaks its declaration (``to_json`` raises it)."""
    why = "" if exc is None else f" ({type(exc).__name__})"
    return StateError(
        f"cannot save this {getattr(state, 'GAME', type(state).__name__)} state: field "
        f"{name!r} holds {quoted(value)}, which its declaration "
        f"({type(kind).__name__.lstrip('_').lower()}) does not allow{why}")


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


def on_first_call(
    cls: type, attr: str, part: str, spec: Callable[[type], Spec],
) -> Callable[..., Any]:
    """A stand-in for the compiled ``part`` of ``cls``'s fields, put on the class as
    ``attr``: its first call compiles the function (``spec(cls)`` gives the class's
    :class:`Spec`), puts it on the class in its own place (so every later call is the
    compiled function with nothing in between) and calls it. A fresh process that only
    loads a save never compiles ``copy`` or ``json``.
    """
    def compile_then_call(self: Any, *args: Any) -> Any:
        fn = getattr(spec(cls), part)
        setattr(cls, attr, fn)
        return fn(self, *args)

    compile_then_call.__name__ = compile_then_call.__qualname__ = attr
    return compile_then_call
