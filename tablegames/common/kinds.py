"""Field kinds, the scalar half: what one declared value may be, and how it is written.

A kind says four things about a value of its field, each as Python source the compiler
(:mod:`tablegames.common.compiler`) pastes into one function per state class:

* ``copy_src``: how ``copy`` copies it (immutable kinds are shared);
* ``json_src``/``dump_src``: its save text / JSON form;
* ``fast_src`` and ``load``: how a save's value is read strictly (the inline check of the
  common case, and the path-aware reader that names a defect);
* ``ok_src``: whether an in-memory value still fits the declaration (``to_json`` refuses
  to write a save that would not load).

Each kind also has a text form for position text (:meth:`Kind.text`, :meth:`Kind.read_text`):
what a person writes, not the save's JSON. A card is its name (through the
:class:`CardText` the game declares once on its state class as ``CARD_TEXT``; a game whose
names come from its rules, as Dallah's card set, declares a :class:`RulesText` that gives
them for the state's rules, one :class:`CardText` per kind of named code), a flag is
``yes``/``no``, "nobody" is ``-``, a number is its digits, a list is its items' words
separated by spaces (``-`` when empty), a tuple's parts are joined by ``:``
(``2:Jd``). Text read back is turned into the save's JSON form and read by the same
``load`` as a save (same limits, same checks), so a position is as strict as a save. The
options that shape a field's lines (one line per seat, piles top first, a set of seats)
are set by the constructors in :mod:`tablegames.common.containers`. A kind also names
the cards it holds (:meth:`Kind.cards_in`) for a declared card conservation. The container
kinds are in :mod:`tablegames.common.containers`; games import all of them from
:mod:`tablegames.common.fields`.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any

from tablegames.common.errors import StateError, quoted
from tablegames.common.position import read_seat
from tablegames.common.serialization import POSITION_LINE, Reader, dumps, loads


class Ctx:
    """What loading a field may depend on: the number of seats."""

    __slots__ = ("n",)

    def __init__(self, n: int) -> None:
        self.n = n


class CardText:
    """How a game's cards read in position text, declared once on the state class
    (``CARD_TEXT = CardText(names=NAMES, parse=card_of)``): every card kind of the class
    writes and reads its codes through it.

    ``names`` maps a code to its name (a sequence or a function); ``parse`` reads a name
    back (raising ``ValueError``, which :class:`NotationError` is, for a word that is no
    card); ``order`` (optional) is the order a person fans a hand in, used for the card
    lists declared ``sort=True`` (they are kept sorted by code in the state). ``what``
    says what a word should have been, in the error for one that is not (``'x' is not a
    card``).
    """

    __slots__ = ("name", "order", "parse", "what")

    def __init__(self, names: Sequence[str] | Callable[[int], str], parse: Callable[[str], int],
                 order: Callable[[Sequence[int]], Sequence[int]] | None = None,
                 what: str = "card") -> None:
        self.name: Callable[[int], str] = (
            names if callable(names) else names.__getitem__)
        self.parse = parse
        self.order = order
        self.what = what

    @classmethod
    def of_ids(cls, ids: Sequence[str], what: str) -> CardText:
        """The names of codes that are indexes into ``ids`` (a card set's shape ids...),
        read back by looking the word up."""
        index = {name: code for code, name in enumerate(ids)}

        def parse(word: str) -> int:
            code = index.get(word)
            if code is None:
                raise ValueError(f"{quoted(word)} is not a {what}")
            return code

        return cls(names=tuple(ids), parse=parse, what=what)


class RulesText:
    """Card names that depend on the rules (``CARD_TEXT = RulesText(names_of)``): Dallah's
    shapes, zones and cards are those of the card set in its rules, which the codec of a
    kind cannot see. ``names(rules)`` gives the :class:`CardText` of each kind of named
    code (``"card"``, and the ``names=`` a :func:`~tablegames.common.fields.card` or
    :func:`~tablegames.common.fields.named` declaration gives), resolved from the state's
    rules each time a position is written or read."""

    __slots__ = ("names",)

    def __init__(self, names: Callable[[Any], Mapping[str, CardText]]) -> None:
        self.names = names


def names_for(declared: CardText | RulesText | None, rules: Any) -> Mapping[str, CardText]:
    """The card names of a class's ``CARD_TEXT`` under ``rules``, by kind of code."""
    if declared is None:
        return {}
    if isinstance(declared, RulesText):
        return declared.names(rules)
    return {"card": declared}


class WordText:
    """A number's own words in position text (Shithead's ``bars`` write ranks): ``write``
    gives the word of a value, ``read`` the value of a word (raising ``ValueError``)."""

    __slots__ = ("read", "write")

    def __init__(self, write: Callable[[int], str], read: Callable[[str], int]) -> None:
        self.write = write
        self.read = read


class TextCtx(Ctx):
    """What the text form of a field depends on: the seats and the game's card names
    (by kind of named code, see :func:`names_for`), resolved from the state's rules."""

    __slots__ = ("names",)

    def __init__(self, n: int, names: Mapping[str, CardText]) -> None:
        super().__init__(n)
        self.names = names


class Kind:
    """How one field is copied, written and read. Subclasses are the field kinds.

    ``immutable`` kinds are shared by ``copy``; the others say how to copy themselves as
    Python source (``copy_src``), so the compiled ``copy`` has no per-field call.
    """

    immutable = True
    #: Whether the dumped form is the value itself (no conversion needed).
    identity_dump = True
    persisted = True
    #: Whether a value is written as one word (numbers, seats, cards, flags, names, and
    #: tuples of these); lists of such values are their words. Others are JSON.
    has_word = False
    #: What a word of this kind is, for error messages (``seat:card``).
    what = "value"
    # -- the options that shape a field's lines (set by the constructors) --
    #: One line per seat, ``"<line> <seat>"`` (a per-seat kind's singular name).
    line: str | None = None
    #: A list written top card first (a pile), kept bottom first in the state.
    top_first = False
    #: A list kept sorted by code: read in any order (written in ``CardText.order``).
    sort = False
    #: A per-seat flag list written as the seats that have it (``folded: 0 2``).
    seat_set = False
    #: Lines of an empty value (or ``None``) are left out, and read back as empty.
    sparse = False

    def __repr__(self) -> str:
        """``Kind``, for every kind: a declaration's type hint then prints as
        ``Annotated[int, Kind]``, the same on every run (no memory address) and, in the API
        reference, a link to this class. The subclasses are private; what a field holds
        is said by its declaration and its docstring."""
        return "Kind"

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
        not fit its kind raises (``KeyError``, ``TypeError``...), which ``to_json`` turns
        into a :class:`StateError` naming the field (see :meth:`ok_src`).
        """
        ns["_dumps"] = dumps
        return f"_dumps({self.dump_src(x, ns, depth)})"

    def ok_src(self, x: str, ns: dict[str, Any], depth: int) -> str:
        """Python source of a condition: the in-memory value ``x`` fits the declaration.

        ``to_json`` tests it before writing a field, so a state that broke its own
        declaration raises a :class:`StateError` naming the field instead of writing a
        save that would not load. The default accepts anything (JSON kinds and custom
        codecs: their writer raises on what it cannot write). ``n`` is the seat count.
        """
        return "True"

    def dump_value(self, v: Any) -> Any:
        """The JSON form of one value (what a save holds for it)."""
        return v

    def word(self, v: Any, tc: TextCtx) -> str:
        """The value as one word (kinds with ``has_word``)."""
        raise TypeError(f"{type(self).__name__} has no word form")

    def word_json(self, word: str, tc: TextCtx) -> Any:
        """The save (JSON) form of a word; ``ValueError`` saying what was expected."""
        raise TypeError(f"{type(self).__name__} has no word form")

    def text(self, v: Any, tc: TextCtx) -> str:
        """The value as one line of position text: its word, or compact JSON (``-`` for
        ``None``) for the kinds a person has no shorter way to write."""
        if self.has_word:
            return self.word(v, tc)
        return "-" if v is None else dumps(self.dump_value(v))

    def text_json(self, line: str, tc: TextCtx) -> Any:
        """The save (JSON) form of a line written by :meth:`text` (``ValueError``)."""
        if self.has_word:
            return self.word_json(line, tc)
        if line == "-":
            return None
        try:
            return loads(line, max_text=100_000, what=POSITION_LINE)
        except StateError as exc:
            raise ValueError(f"expected JSON here ({exc})") from None

    def read_text(self, line: str, tc: TextCtx, path: str) -> Any:
        """Read a line written by :meth:`text`, as strictly as a save's value: the line
        becomes the value's save form, read by :meth:`load` (``StateError`` naming
        ``path``, the line's key)."""
        try:
            value = self.text_json(line, tc)
        except ValueError as exc:
            raise StateError(f"{path}: {exc}") from None
        return self.load(Reader(value, path), tc)

    def cards_in(self, v: Any, deck: str) -> Iterator[int]:
        """The codes of ``deck``'s cards the value holds (see ``Conserve``): the values
        declared ``card(names=deck)``; none for most kinds."""
        return iter(())

    def _name(self, ns: dict[str, Any]) -> str:
        key = f"_k{len(ns)}"
        ns[key] = self
        return key

    def saved_as(self) -> str:
        """The form a save holds a value of this kind in, in a few words (``seat, or -1
        for nobody``): the saves guide's table of every game's fields
        (:func:`tablegames.common.savedfields.saved_as`). Each kind says its own, beside
        its reader; plain JSON (``frozen_json``, ``json_value``) is this default."""
        return "JSON value"


# -- scalars -------------------------------------------------------------------------
MISS: Any = object()


class _Count(Kind):
    #: The kind of named code the value is (``"card"``, Dallah's ``"shape"``...): its
    #: words are the names ``CARD_TEXT`` gives that kind; ``None``: a plain number.
    names: str | None = None
    #: The value that means "no card" (written ``-``, never counted), or ``None``.
    none: int | None = None

    def __init__(self, lo: int | None, hi: int | None, pack: int | None = None) -> None:
        self.lo, self.hi = lo, hi
        #: The size of the pack when the value is a card code (``card()``), else ``None``.
        self.pack = pack
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

    def ok_src(self, x: str, ns: dict[str, Any], depth: int) -> str:
        return f"(type({x}) is int and {self._lo} <= {x} <= {self._hi})"

    def cards_in(self, v: Any, deck: str) -> Iterator[int]:
        if self.pack is None or self.names != deck or v == self.none:
            return iter(())
        return iter((v,))

    def saved_as(self) -> str:
        """A number, or a code of a named kind (a card, Dallah's shapes and zones)."""
        if self.names is not None:
            text = f"{self.names} code 0..{self.hi}"
            return text if self.none is None else f"{text}, or {self.none} for none"
        if self.lo is None and self.hi is None:
            return "integer"
        if self.hi is None:
            return f"integer from {self.lo}"
        if self.lo is None:
            return f"integer up to {self.hi}"
        return f"integer {self.lo}..{self.hi}"

    has_word = True
    #: The words of a number that has its own (see :class:`WordText`), else digits.
    words: WordText | None = None

    @property
    def what(self) -> str:  # type: ignore[override]
        return self.names or "number"

    def word(self, v: Any, tc: TextCtx) -> str:
        if v == self.none and self.none is not None:
            return "-"
        text = None if self.names is None else tc.names.get(self.names)
        if text is not None:
            return text.name(v)
        if self.words is not None:
            return self.words.write(v)
        return str(v)

    def word_json(self, word: str, tc: TextCtx) -> Any:
        if word == "-" and self.none is not None:
            return self.none
        text = None if self.names is None else tc.names.get(self.names)
        if text is not None:
            try:
                return text.parse(word)
            except ValueError:  # NotationError too; its message may quote the whole word
                raise ValueError(f"{quoted(word)} is not a {text.what}") from None
        if self.words is not None:
            return self.words.read(word)
        return _whole(word)


def _whole(word: str) -> int:
    """A whole number as a person writes it: ASCII digits, an optional minus."""
    if not _NUMBER.fullmatch(word):
        raise ValueError(f"expected a whole number, found {quoted(word)}")
    return int(word)


_NUMBER = re.compile(r"-?[0-9]{1,25}")


class _Seat(Kind):
    def __init__(self, none: int | str | None, among: str | None = None,
                 stages: Sequence[str] | None = None, ruling: str | None = None) -> None:
        self.none = none
        #: The per-seat flag field the seat must be set in (a seat in play), the stages
        #: (names) in which that holds (``None``: in every stage) and the ruling it keeps.
        #: See :func:`tablegames.common.declared.check_in_play`.
        self.among = among
        self.stages = None if stages is None else tuple(stages)
        self.ruling = ruling

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

    def ok_src(self, x: str, ns: dict[str, Any], depth: int) -> str:
        return self.fast_src(x, ns, depth)[0]  # a seat is the same in memory and saved

    def saved_as(self) -> str:
        if self.none is None:
            return "seat, or null for nobody"
        return f"seat, or {self.none} for nobody" if type(self.none) is int else "seat"

    has_word = True
    what = "seat"

    def word(self, v: Any, tc: TextCtx) -> str:
        return "-" if v is None or (v == self.none and type(self.none) is int) else str(v)

    def word_json(self, word: str, tc: TextCtx) -> Any:
        if word == "-":
            if self.none is None or type(self.none) is int:
                return self.none
            raise ValueError("expected a seat here, found '-' (this line always names one)")
        return read_seat(word, tc.n)


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

    def ok_src(self, x: str, ns: dict[str, Any], depth: int) -> str:
        return f"(type({x}) is bool)"

    def saved_as(self) -> str:
        return "true or false"

    has_word = True
    what = "yes/no"

    def word(self, v: Any, tc: TextCtx) -> str:
        return "yes" if v else "no"

    def word_json(self, word: str, tc: TextCtx) -> Any:
        if word not in ("yes", "no"):
            raise ValueError(f"expected yes or no, found {quoted(word)}")
        return word == "yes"


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
            raise r.fail(f"unknown value {quoted(v)}")
        return v

    def ok_src(self, x: str, ns: dict[str, Any], depth: int) -> str:
        return self.fast_src(x, ns, depth)[0]

    def text(self, v: Any, tc: TextCtx) -> str:
        return str(v)  # the line is the text (it has no word form: it may hold spaces)

    def text_json(self, line: str, tc: TextCtx) -> Any:
        return line

    def saved_as(self) -> str:
        if self.choices is not None:
            return "one of " + ", ".join(f'"{c}"' for c in sorted(self.choices))
        return f"string of at most {self.max_len} characters"


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
            raise r.fail(f"unknown value {quoted(v)} (one of {', '.join(self.names)})")
        return i

    def ok_src(self, x: str, ns: dict[str, Any], depth: int) -> str:
        return f"(type({x}) is int and 0 <= {x} < {len(self.names)})"

    def dump_value(self, v: Any) -> Any:
        return self.names[v]

    def saved_as(self) -> str:
        return "one of " + ", ".join(f'"{name}"' for name in self.names)

    has_word = True
    what = "name"

    def word(self, v: Any, tc: TextCtx) -> str:
        return str(self.names[v])  # a bare name reads best (``stage: play``)

    def word_json(self, word: str, tc: TextCtx) -> Any:
        return word  # ``load`` names the choices



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

