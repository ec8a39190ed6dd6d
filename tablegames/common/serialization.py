"""Canonical JSON and a strict reader for loading it back.

``dumps`` writes the one canonical form (sorted keys, no spaces, ASCII-safe) so equal
states give byte-identical text on every machine. :class:`Reader` walks loaded JSON and
turns every missing key, wrong type or out-of-range number into a :class:`StateError`
that names the path (``$.state.hands[2]``), because an app that loads a truncated or
tampered save must get a clear error, never a ``KeyError`` deep inside a game.
"""

from __future__ import annotations

import builtins
import json
from collections.abc import Iterator
from itertools import accumulate
from json.encoder import c_make_encoder, encode_basestring_ascii  # type: ignore[attr-defined]
from math import isfinite
from typing import Any

from tablegames.common.errors import StateError, quoted

#: Version of the saved-state envelope. Bump it when the envelope changes shape.
FORMAT_VERSION = 4


def _not_json(value: Any) -> Any:
    raise TypeError(f"Object of type {type(value).__name__} is not JSON serializable")


#: ``json``'s C encoder, made once with the canonical settings: ``json.dumps`` builds a
#: new encoder on every call, which costs more than encoding a small value.
_ENCODE = None if c_make_encoder is None else c_make_encoder(
    None, _not_json, encode_basestring_ascii, None, ":", ",", True, False, False)


def dumps(data: Any) -> str:
    """Canonical JSON text (sorted keys, no spaces, ASCII only, no NaN)."""
    if _ENCODE is None:
        return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=True,
                          allow_nan=False)
    if type(data) is str:  # the C encoder returns a string itself, not pieces, for one
        return encode_basestring_ascii(data)
    return "".join(_ENCODE(data, 0))


#: The largest save :func:`loads` reads. The longest real games save to a few hundred
#: kilobytes; anything far larger is refused before it is parsed.
MAX_TEXT = 8 * 1024 * 1024
#: The deepest nesting a save may have (real saves nest fewer than 10 levels).
MAX_DEPTH = 40
#: The most objects, lists and object keys a save may hold, counted on its text before
#: it is parsed (:func:`few_nodes`). Real saves hold a few hundred; each costs Python 70
#: to 150 bytes once parsed, up to 26 times the three characters of ``{},``, so 8 MB of
#: them parsed to 220 MB before any reader looked at a field (found by helper-148).
MAX_NODES = 100_000


class _Unreadable(StateError):
    """A problem the decoder's hooks find, said without its subject: :func:`loads` names
    what was read (a save, a position's line) before it."""


def _no_constant(name: str) -> Any:
    raise _Unreadable(f"holds {name}, which is not a number JSON allows")


def _finite(text: str) -> float:
    """A JSON number with a fraction or exponent, as a float: one too large for a float
    (``1e309``) would read as infinity, which no save may hold (``dumps`` refuses it, so
    such a state could never be saved again). The text is not quoted: it may be long."""
    value = float(text)
    if not isfinite(value):
        raise _Unreadable("holds a number too large for a float")
    return value


def _one_value_per_key(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """An object whose keys are all different: JSON allows a key twice and Python keeps
    the last, so a save holding two values for one field would load whichever came last
    (an edit that hides a value behind another). Such text is refused."""
    out = dict(pairs)
    if len(out) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise _Unreadable(f"names the key {quoted(key)} twice in one object")
            seen.add(key)
    return out


#: One decoder for every load (``json.loads`` with an option builds a new one each call).
_DECODER = json.JSONDecoder(parse_float=_finite, parse_constant=_no_constant,
                            object_pairs_hook=_one_value_per_key)


#: What :func:`loads` calls a line of position text that holds JSON (the reader's error
#: names the line before it).
POSITION_LINE = "this line"

#: The byte-order mark (U+FEFF) some editors and shells write before UTF-8 text.
BOM = "\ufeff"


def loads(text: object, *, max_text: int = MAX_TEXT, what: str = "saved state") -> Any:
    """Parse JSON text, reporting any problem as :class:`StateError`.

    Refused: text over ``max_text`` characters, more than :data:`MAX_NODES` objects, lists
    and keys (counted before the parse, see :func:`few_nodes`), invalid UTF-8,
    ``NaN``/``Infinity`` and
    numbers too large for a float (``1e309``), integers too long to read, and nesting
    deeper than :data:`MAX_DEPTH`, so a caller's text cannot make the library allocate
    without bound or fail later on output.

    One byte-order mark (:data:`BOM`) before the JSON is skipped: Windows PowerShell's
    ``Out-File`` and ``Set-Content -Encoding UTF8`` and some editors write one before a
    file they save as UTF-8, and RFC 8259 (section 8.1) lets a reader ignore it; the JSON
    itself is unchanged, so the save loads as written and saves again without it. A
    second mark, or one anywhere else outside a string, is refused, said as a byte-order
    mark (it read "not valid JSON (truncated?)", found by helper-205).

    ``what`` names the text in every message: ``"saved state"`` for a save; position
    text's readers pass :data:`POSITION_LINE` for a line holding JSON, which is no save
    (a bad number in a position's rules line was said to be in a "saved state").
    """
    if isinstance(text, bytes | bytearray):
        if len(text) > max_text:
            raise StateError(f"{what} is larger than {max_text} bytes")
        try:
            text = text.decode()
        except UnicodeDecodeError:
            raise StateError(f"{what} is not UTF-8 text") from None
    if not isinstance(text, str):
        raise StateError(f"{what} must be JSON text, not {type(text).__name__}")
    if len(text) > max_text:
        raise StateError(f"{what} is larger than {max_text} characters")
    skipped = text.startswith(BOM)
    if skipped:
        text = text[1:]
    if not few_nodes(text):
        raise StateError(f"{what} holds more than {MAX_NODES} objects, lists and keys")
    try:
        value = _DECODER.decode(text)
    except json.JSONDecodeError as exc:
        if text[exc.pos:exc.pos + 1] == BOM:
            raise StateError(f"{what} holds a byte-order mark (U+FEFF) where JSON was "
                             f"expected, at character {exc.pos + 1 + skipped} (one is "
                             "allowed, as the very first character)") from None
        hint = " (truncated?)" if what == "saved state" else ""
        raise StateError(f"{what} is not valid JSON{hint}: {exc}") from None
    except RecursionError:
        raise StateError(f"{what} is nested too deeply") from None
    except _Unreadable as exc:
        raise StateError(f"{what} {exc}") from None
    except StateError:
        raise
    except ValueError as exc:  # an integer longer than Python converts
        raise StateError(f"{what} holds a number that cannot be read: {exc}") from None
    if not shallow_text(text):
        raise StateError(f"{what} is nested deeper than {MAX_DEPTH} levels")
    return value


#: ``bytes.translate`` deletes every byte but those that open an object or a list, end a
#: key (``:``) and the quote.
_NOT_NODE = bytes(b for b in range(256) if b not in b'[{:"')
#: How much of the marks :func:`few_nodes` splits at a time (its pieces are objects).
_CHUNK = 1 << 16


def few_nodes(text: str, limit: int = MAX_NODES) -> bool:
    """Whether JSON ``text`` holds at most ``limit`` objects, lists and keys: its ``[``,
    ``{`` and ``:`` outside strings, counted before it is parsed, since parsing is what
    costs (see :data:`MAX_NODES`).

    A text with at most ``limit`` of them anywhere passes at once (a save, and every
    position line). Otherwise the strings are taken out as :func:`shallow` does: escaped
    backslashes and quotes dropped, every byte but the marks and quotes deleted, adjacent
    quote pairs too; what lies between a pair of the quotes left is inside a string. The
    marks are split at the quotes a slice at a time, so the pieces (Python objects) of a
    text built to hold many cost no more than a slice's. Only valid JSON is counted
    exactly; other text is refused by the parse, if not here.
    """
    if text.count("[") + text.count("{") + text.count(":") <= limit:
        return True
    marks = _outline(text.encode("utf-8", "surrogatepass"), _NOT_NODE)
    nodes, inside = 0, 0
    for start in range(0, len(marks), _CHUNK):
        parts = marks[start:start + _CHUNK].split(b'"')
        nodes += sum(map(len, parts[inside::2]))  # a slice that starts in a string: from 1
        if nodes > limit:
            return False
        inside ^= 1 - len(parts) % 2  # an odd number of quotes (even parts) flips it
    return True


def _outline(data: bytes, others: bytes) -> bytes:
    """The marks of JSON ``data`` that survive deleting ``others`` (a ``bytes.translate``
    deletion table), and its quotes: escaped backslashes and quotes dropped first, then
    every other byte, then adjacent quote pairs (empty strings, and strings that held no
    mark), so what lies between two quotes left is inside a string. At C speed, for
    :func:`shallow` and :func:`few_nodes`, which then read the marks outside strings."""
    if b"\\" in data:
        data = data.replace(b"\\\\", b"").replace(b'\\"', b"")
    return data.translate(None, others).replace(b'""', b"")


def shallow_text(text: str, limit: int = MAX_DEPTH) -> bool:
    """:func:`shallow` of a ``str``: counted on the string first, encoded only when a
    text has enough brackets to need the full check."""
    if text.count("[") + text.count("{") <= limit + 1:
        return True
    return shallow(text.encode("utf-8", "surrogatepass"), limit)


#: ``bytes.translate`` deletes every byte but the brackets and the quote.
_NOT_STRUCTURE = bytes(b for b in range(256) if b not in b'[]{}"')
#: How each byte changes the nesting (``[`` and ``{`` open, ``]`` and ``}`` close).
_NESTING = [1 if b in b"[{" else -1 if b in b"]}" else 0 for b in range(256)]


def shallow(text: bytes, limit: int = MAX_DEPTH) -> bool:
    """Whether valid JSON ``text`` nests at most as deep as :func:`check_depth` allows.

    Done on the text, at C speed, rather than by walking the parsed tree (which cost
    more than the parse itself): a text with few brackets passes at once; otherwise
    escaped backslashes and quotes are dropped, then everything but brackets and quotes,
    then adjacent quote pairs (which keeps every bracket on its side of the quotes), and
    any string still holding a bracket. What is left is the nesting alone, and each pass
    that deletes every empty ``[]`` and ``{}`` peels at least one level and at most two:
    a save (a few levels) is empty after a few passes, so it is accepted without a step
    per bracket; only a text that is still not empty after ``(limit + 1) // 2`` passes
    gets the exact count (the running sum of the brackets).
    """
    if text.count(b"[") + text.count(b"{") <= limit + 1:
        return True
    brackets = _outline(text, _NOT_STRUCTURE)
    if b'"' in brackets:
        brackets = b"".join(brackets.split(b'"')[::2])
    left = brackets
    for _ in range((limit + 1) // 2):  # k passes peel at least k levels, at most 2k
        left = left.replace(b"[]", b"").replace(b"{}", b"")
        if not left:
            return True
    return max(accumulate(map(_NESTING.__getitem__, brackets), initial=0)) <= limit + 1


def check_depth(value: Any, limit: int = MAX_DEPTH) -> None:
    """Refuse plain JSON data nested deeper than ``limit`` (iteratively: no recursion)."""
    stack: list[tuple[Any, int]] = [(value, 0)]
    while stack:
        v, d = stack.pop()
        if d > limit:
            raise StateError(f"saved state is nested deeper than {limit} levels")
        if isinstance(v, dict):
            stack.extend((x, d + 1) for x in v.values() if isinstance(x, dict | list))
        elif isinstance(v, list):
            stack.extend((x, d + 1) for x in v if isinstance(x, dict | list))


def plain(value: Any, path: str = "$", depth: int = 0) -> Any:
    """Check that ``value`` is plain, finite JSON (for values a game keeps as they are)."""
    t = type(value)
    if value is None or t is bool or t is str or t is int:
        return value
    if t is float:
        if value != value or value in (float("inf"), float("-inf")):
            raise StateError(f"{path}: {quoted(value)} is not a finite number")
        return value
    if depth > MAX_DEPTH:
        raise StateError(f"{path}: nested too deeply")
    if t is list:
        return [plain(v, f"{path}[{i}]", depth + 1) for i, v in enumerate(value)]
    if t is dict:
        out = {}
        for k, v in value.items():
            if type(k) is not str:
                raise StateError(f"{path}: keys must be strings")
            out[k] = plain(v, f"{path}.{k}", depth + 1)
        return out
    raise StateError(f"{path}: {t.__name__} is not plain JSON")


class Reader:
    """Typed, path-aware access to a loaded JSON value."""

    __slots__ = ("path", "value")

    def __init__(self, value: Any, path: str = "$") -> None:
        self.value = value
        self.path = path

    def fail(self, what: str) -> StateError:
        """An error about this value (raise it)."""
        return StateError(f"{self.path}: {what}")

    def _dict(self) -> dict[str, Any]:
        if not isinstance(self.value, dict):
            raise self.fail(f"expected an object, found {type(self.value).__name__}")
        return self.value

    def __getitem__(self, key: str) -> Reader:
        d = self._dict()
        if key not in d:
            raise StateError(f"{self.path}: missing key {quoted(key)}")
        return Reader(d[key], f"{self.path}.{key}")

    def has(self, key: str) -> bool:
        """Whether this object has ``key``."""
        return key in self._dict()

    def keys(self) -> list[str]:
        """The keys of this object."""
        return list(self._dict())

    def items(self) -> Iterator[Reader]:
        """The elements of this list, as readers."""
        if not isinstance(self.value, list):
            raise self.fail(f"expected a list, found {type(self.value).__name__}")
        for i, v in enumerate(self.value):
            yield Reader(v, f"{self.path}[{i}]")

    def list(self, length: builtins.int | None = None) -> builtins.list[Reader]:
        """The elements of this list (optionally of an exact length)."""
        out = list(self.items())
        if length is not None and len(out) != length:
            raise self.fail(f"expected {length} entries, found {len(out)}")
        return out

    def int(self, lo: int | None = None, hi: int | None = None) -> int:
        """An int (not a bool), optionally bounded."""
        v = self.value
        if isinstance(v, bool) or not isinstance(v, int):
            raise self.fail(f"expected an integer, found {quoted(v)}")
        if (lo is not None and v < lo) or (hi is not None and v > hi):
            raise self.fail(f"{quoted(v)} is outside {lo}..{hi}")
        return v

    def opt_int(
        self, lo: builtins.int | None = None, hi: builtins.int | None = None
    ) -> builtins.int | None:
        """``None`` or a bounded int."""
        return None if self.value is None else self.int(lo, hi)

    def bool(self) -> bool:
        """A bool."""
        if not isinstance(self.value, bool):
            raise self.fail(f"expected true/false, found {quoted(self.value)}")
        return self.value

    def str(self) -> str:
        """A string."""
        if type(self.value) is not str:
            raise self.fail(f"expected a string, found {quoted(self.value)}")
        return self.value

    def ints(
        self, lo: builtins.int | None = None, hi: builtins.int | None = None
    ) -> builtins.list[builtins.int]:
        """A list of bounded ints."""
        v = self.value
        if isinstance(v, list) and all(
            type(x) is int and (lo is None or x >= lo) and (hi is None or x <= hi) for x in v
        ):
            return list(v)  # the common case, without a reader per element
        return [r.int(lo, hi) for r in self.items()]

    def bools(self) -> builtins.list[builtins.bool]:
        """A list of bools."""
        return [r.bool() for r in self.items()]

    def strs(self) -> builtins.list[builtins.str]:
        """A list of strings."""
        return [r.str() for r in self.items()]

    def raw(self) -> Any:
        """The value itself."""
        return self.value
