"""What the field declarations give beyond ``copy`` and saves: position lines, card
conservation and the seats that must be in play.

**Position text from the declarations.** :func:`write_fields` writes the lines of the
persisted fields in declaration order, each in its kind's text form
(:meth:`~tablegames.common.kinds.Kind.text`: a card by its name through the class's
``CARD_TEXT``, ``yes``/``no``, ``-`` for nobody, a list as words, a pile top first, a
per-seat field as one line per seat under its singular name, ``hand 0: 8c Jd``).
:func:`read_fields` reads every line back through the same kind as a save, so a
position is checked as strictly as a save: same types, same limits, seats in range.
``stage`` is on the core's own line. What shapes the text beyond the kinds is declared
on the state class:

* ``CARD_TEXT``: the names of the cards (a :class:`~tablegames.common.kinds.CardText`),
  or of several kinds of named codes that come from the rules (a
  :class:`~tablegames.common.kinds.RulesText`: Dallah's shapes, zones and cards are those
  of the card set in the state's rules, resolved each time a position is written or read);
* ``POSITION_OWN``: fields no kind can say (Toepen's tricks, Dallah's zones), each an
  :class:`Own` whose ``write`` puts its lines at the field's place and whose ``read``
  sets it;
* ``POSITION_KEYS``: fields whose line has another name than the field (Dallah's
  ``report_kind`` is ``report``, a name its state gives a method);
* ``POSITION_DEFAULTS``: fields a hand-written position may leave out, with the value
  (set before the own fields are read) or a function of the state giving it (applied in
  the mapping's order after every given line and the own fields are read; a per-seat
  field's seats whose lines are left out take the default's values for those seats);
* ``POSITION_DERIVED``: fields never written, worked out from the others (last);
* ``POSITION_SEATWISE``: groups of per-seat fields written seat by seat;
* ``POSITION_COMMENTS``: ``#`` lines written before a field's lines.

**Card conservation.** A class declares ``CONSERVE = Conserve("hands", "stock",
"trick")``: every card of the pack lies exactly as often as the pack holds it across
those fields (once, in a pack of distinct cards; a game whose pack has copies, or
depends on its rules, gives its codes with ``codes=``). The cards of a field are its
values declared with ``card()``/``cards()`` (wherever they sit: a list of hands, a tuple
``(seat, card)`` in a trick), so the declaration names fields only. A game with several
decks declares a tuple, one ``Conserve(..., deck=...)`` per deck, each counting the
cards declared ``card(names=deck)`` (Dallah's Action and Placement cards). The core
checks it after every load and every ``from_position``, before the game's own
``_check_loaded``. ``shuffled=`` names the field a position may write as ``shuffled``:
every card the others do not hold, in an order drawn from the position's ``rng``.

**Seats in play.** A seat declared ``seat(among="playing")`` must be one whose flag is
set in the per-seat field ``playing`` (in the stages named by ``stages=``, or always):
:func:`check_in_play` refuses a load or a position whose turn (or queue, or winner)
names a seat out of play, with a :class:`StateError` naming the field.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable, Collection, Iterator, Mapping, Sequence
from typing import Any

from tablegames.common.errors import StateError
from tablegames.common.kinds import CardText, Kind, RulesText, TextCtx, _Seat, names_for
from tablegames.common.position import CORE_LINES, PositionError, PositionReader, PositionWriter
from tablegames.common.serialization import Reader


class Conserve:
    """Every card of the pack lies exactly as often as the pack holds it across ``fields``
    (see the module docstring).

    ``pack`` is the number of cards (codes ``0..pack-1``); by default, the size the
    fields' ``card()``/``cards()`` kinds declare. ``codes`` (a function of the state)
    gives the codes instead, each as often as the pack holds it: a pack with copies of a
    card, or one that depends on the rules. ``deck`` is the kind of card counted (the
    ``names`` of its ``card()`` declarations: ``"card"``, or one deck of a game with
    several), ``what`` names its cards in the error. ``shuffled`` names the field a
    position may write as ``shuffled`` (the draw pile); ``ruling`` is cited by the
    error.
    """

    __slots__ = ("codes", "deck", "fields", "pack", "ruling", "shuffled", "what")

    def __init__(self, *fields: str, pack: int | None = None, shuffled: str | None = None,
                 ruling: str | None = None, deck: str = "card",
                 codes: Callable[[Any], Collection[int]] | None = None,
                 what: str = "cards") -> None:
        if not fields or not all(type(f) is str for f in fields):
            raise TypeError("Conserve() names one or more fields")
        if shuffled is not None and shuffled not in fields:
            raise TypeError(f"Conserve(shuffled={shuffled!r}) names a field it does not count")
        self.fields = fields
        self.pack = pack
        self.shuffled = shuffled
        self.ruling = ruling
        self.deck = deck
        self.codes = codes
        self.what = what

    def size(self, kinds: Mapping[str, Kind]) -> int:
        """The pack size: given, or the one the named fields' card kinds declare."""
        if self.pack is not None:
            return self.pack
        sizes = {s for name in self.fields
                 for s in _pack_sizes(self._kind(kinds, name), self.deck)}
        if len(sizes) != 1:
            raise TypeError(f"Conserve{self.fields}: the fields declare card packs {sorted(sizes)}"
                            " (declare their cards with card()/cards(), or pass pack=)")
        return sizes.pop()

    def pack_of(self, state: Any, kinds: Mapping[str, Kind]) -> Collection[int]:
        """The codes of the pack, each as often as it holds it: ``codes(state)``, or
        every code below :meth:`size`."""
        return range(self.size(kinds)) if self.codes is None else self.codes(state)

    def check(self, state: Any, kinds: Mapping[str, Kind]) -> None:
        """Raise :class:`StateError` unless each card of the pack lies in the fields as
        often as the pack holds it (a card too often, a card missing, a card not of
        this pack)."""
        pack = self.pack_of(state, kinds)
        deck = self.deck
        every = list(itertools.chain.from_iterable(
            self._kind(kinds, name).cards_in(getattr(state, name), deck)
            for name in self.fields))
        if len(every) == len(pack) and sorted(every) == sorted(pack):
            return  # the common case, in a few C calls; else name the first fault
        want = Counter(pack)
        held: Counter[int] = Counter()
        where: dict[int, str] = {}
        for name in self.fields:
            for code in self._kind(kinds, name).cards_in(getattr(state, name), deck):
                held[code] += 1
                if held[code] > max(1, want[code]):
                    card = self._card(state, code)
                    if want[code] > 1:
                        raise self._fail(f"{card} lies more often than the pack's "
                                         f"{want[code]} copies (in {name!r})")
                    raise self._fail(f"{card} lies twice (in {where[code]!r} and {name!r})")
                where.setdefault(code, name)
        if held != want:
            stray = sorted(held.keys() - want.keys())
            if stray:
                raise self._fail(f"{self._card(state, stray[0])} is not in this game's pack "
                                 f"(in {where[stray[0]]!r})")
            lost = sorted((want - held).keys())
            copies = "" if want[lost[0]] == 1 else " (a copy of it)"
            raise self._fail(f"{self._card(state, lost[0])}{copies} is missing (in none of "
                             f"{', '.join(self.fields)})")

    def rest(self, state: Any, kinds: Mapping[str, Kind]) -> list[int]:
        """The cards of the pack the fields other than ``shuffled`` do not hold, in code
        order (``ValueError`` if they hold more of a card than the pack has)."""
        left = Counter(self.pack_of(state, kinds))
        for name in self.fields:
            if name != self.shuffled:
                left.subtract(self._kind(kinds, name).cards_in(getattr(state, name), self.deck))
        if any(k < 0 for k in left.values()):
            raise ValueError("more cards are placed than the pack holds (a card lies in the "
                             "other lines more often than the pack has it)")
        return sorted(left.elements())

    def _card(self, state: Any, code: int) -> str:
        """A card as a fault names it: by the name position text gives it (``card
        ma_ysir``, ``card Kc``), as the person who wrote the line wrote it; by its code
        only when it has no name (a code of no card)."""
        declared = getattr(type(state), "CARD_TEXT", None)
        if declared is not None:
            try:
                text = names_for(declared, getattr(state, "rules", None)).get(self.deck)
                if text is not None:
                    return f"card {text.name(code)}"
            except (AttributeError, IndexError, KeyError, ValueError, TypeError):
                pass
        return f"card {code}"

    def _fail(self, message: str) -> StateError:
        message = f"the {self.what} do not add up to the pack: {message}"
        return StateError(f"{message} ({self.ruling})" if self.ruling else message)

    def _kind(self, kinds: Mapping[str, Kind], name: str) -> Kind:
        kind = kinds.get(name)
        if kind is None:
            raise TypeError(f"Conserve names {name!r}, which is not a declared field")
        return kind


def conserved(declared: Conserve | Sequence[Conserve] | None) -> tuple[Conserve, ...]:
    """A class's ``CONSERVE`` as a tuple (one :class:`Conserve` per deck)."""
    if declared is None:
        return ()
    return (declared,) if isinstance(declared, Conserve) else tuple(declared)


class InPlay:
    """One declared "seat in play" rule (a ``seat(among=...)`` field), ready to check."""

    __slots__ = ("among", "field", "many", "none", "ruling", "stages")

    def __init__(self, field: str, kind: _Seat, many: bool, stages: Sequence[str]) -> None:
        assert kind.among is not None
        self.field, self.among, self.many, self.ruling = field, kind.among, many, kind.ruling
        self.none = kind.none if type(kind.none) is int else None
        if kind.stages is None:
            self.stages: frozenset[int] | None = None
        else:
            unknown = [x for x in kind.stages if x not in stages]
            if unknown:
                raise TypeError(f"seat(stages=...) of {field!r} names no stage {unknown[0]!r}")
            self.stages = frozenset(stages.index(x) for x in kind.stages)


def in_play_checks(fields: Sequence[tuple[str, Kind]], stages: Sequence[str],
                   ) -> tuple[InPlay, ...]:
    """The "seat in play" rules of a class's fields: a seat declared ``among=``, alone
    or as the items of a list or tuple of seats."""
    out = []
    for name, kind in fields:
        inner = getattr(kind, "inner", None)
        if isinstance(kind, _Seat) and kind.among is not None:
            out.append(InPlay(name, kind, False, stages))
        elif isinstance(inner, _Seat) and inner.among is not None:
            out.append(InPlay(name, inner, True, stages))
    return tuple(out)


def check_declared(state: Any, fields: Sequence[tuple[str, Kind]],
                   in_play: Sequence[InPlay]) -> None:
    """The invariants a class declares (its ``CONSERVE``, the lists declared
    ``sort=True``, the seats declared ``among=``), checked after every load and
    ``from_position``: ``StateError``."""
    if state.CONSERVE is not None:
        kinds = dict(fields)
        for conserve in conserved(state.CONSERVE):
            conserve.check(state, kinds)
    for name, kind in fields:
        if _holds_sorted(kind):
            check_code_order(kind, getattr(state, name), f"$.state.{name}")
    if in_play:
        check_in_play(state, in_play)


def _holds_sorted(kind: Kind) -> bool:
    """Whether ``kind`` is, or holds, a list declared ``sort=True`` (read from the
    declaration only, so a field with none costs no walk over its values)."""
    inner = getattr(kind, "inner", None)
    return kind.sort or (isinstance(inner, Kind) and _holds_sorted(inner))


def check_code_order(kind: Kind, value: Any, where: str) -> None:
    """Raise :class:`StateError` naming the list if one declared ``sort=True`` inside
    ``value`` is not in code order. The engines keep such a list sorted and a position
    reads it back sorted, so an unsorted one in a save is no state play makes, and its
    position text would not read back to the same text (found in Toepen's hands and
    Shithead's cards set aside by helper-202; one check here for every game, not one
    per game)."""
    if value is None:
        return
    if kind.sort:
        if any(a > b for a, b in itertools.pairwise(value)):
            raise StateError(f"{where}: the cards are not in code order")
        return
    inner = getattr(kind, "inner", None)
    if not isinstance(inner, Kind):
        return
    if hasattr(kind, "length"):  # a list or tuple of items (per seat, ...)
        for i, item in enumerate(value):
            check_code_order(inner, item, f"{where}[{i}]")
    else:  # optional(...): the value itself, when there is one
        check_code_order(inner, value, where)


def check_in_play(state: Any, checks: Sequence[InPlay]) -> None:
    """Raise :class:`StateError` naming the field if a seat declared ``among=`` is not
    set in that per-seat flag field (in the stages it holds in): a turn, a queue or a
    winner on a seat that is out of play."""
    for c in checks:
        if c.stages is not None and state.stage not in c.stages:
            continue
        flags = getattr(state, c.among)
        value = getattr(state, c.field)
        for seat in (value if c.many else (value,)):
            if seat != c.none and not flags[seat]:
                why = f"; {c.ruling}" if c.ruling else ""
                raise StateError(f"$.state.{c.field}: seat {seat} is not in play "
                                 f"({c.among}[{seat}] is false{why})")


def _pack_sizes(kind: Kind, deck: str) -> Iterator[int]:
    """The pack sizes of ``deck``'s card kinds inside ``kind`` (it has no other way to
    say them)."""
    pack = getattr(kind, "pack", None)
    if type(pack) is int and getattr(kind, "names", None) == deck:
        yield pack
    for attr in ("inner", "value"):
        inner = getattr(kind, attr, None)
        if isinstance(inner, Kind):
            yield from _pack_sizes(inner, deck)
    for part in getattr(kind, "parts", ()):
        yield from _pack_sizes(part, deck)


class Own:
    """The lines of a field no kind can say (``POSITION_OWN``): ``write(state, w)`` puts
    them at the field's place in the text (``write(state, w, seat)``, one seat's line, for
    a field in a ``POSITION_SEATWISE`` group; ``None``: the field has no line of its own,
    another field's lines say it), ``read(state, r)`` sets the field."""

    __slots__ = ("read", "write")

    def __init__(self, write: Callable[..., None] | None,
                 read: Callable[[Any, PositionReader], None]) -> None:
        self.write = write
        self.read = read


class Layout:
    """How a class's position lines are shaped beyond its kinds (the ``POSITION_*``
    class attributes, gathered once per class by the core)."""

    __slots__ = ("cards", "comments", "conserve", "defaults", "derived", "keys", "own",
                 "seatwise")

    def __init__(self, cls: Any) -> None:
        self.cards: CardText | RulesText | None = cls.CARD_TEXT
        self.own: Mapping[str, Own] = cls.POSITION_OWN
        self.defaults: Mapping[str, Any] = cls.POSITION_DEFAULTS
        self.derived: Mapping[str, Callable[[Any], Any]] = cls.POSITION_DERIVED
        self.comments: Mapping[str, Sequence[str]] = cls.POSITION_COMMENTS
        self.seatwise: dict[str, tuple[str, ...]] = {
            group[0]: tuple(group) for group in cls.POSITION_SEATWISE}
        self.conserve = conserved(cls.CONSERVE)
        self.keys: Mapping[str, str] = cls.POSITION_KEYS

    def text_ctx(self, state: Any) -> TextCtx:
        """The text context of ``state``: its seats, and the card names of its rules."""
        return TextCtx(state.n, names_for(self.cards, state.rules))


def old_line_names(cls: Any, fields: tuple[tuple[str, Kind], ...]) -> dict[str, str]:
    """Each old name of a field's line (old -> today's line name, a per-seat line's
    without its seat): the field's old save keys, renamed with a format (``RENAMED``) or
    by an engine of the game (``ENGINE_RENAMED``), so that a position written before a
    rename still reads. An old name that is today the name of a line (Shithead's
    ``active``, its seats in play before format 4, is now the seat to act) reads as
    today's line, and a field that is not declared (an old key upgraded by other means)
    has no line to read as."""
    kinds = dict(fields)
    keys: Mapping[str, str] = cls.POSITION_KEYS
    today = {keys.get(name, kind.line or name) for name, kind in fields} | set(CORE_LINES)
    renamed = dict(cls.RENAMED)
    for _, names in sorted(cls.ENGINE_RENAMED.items()):
        renamed = {old: names.get(new, new) for old, new in renamed.items()}
        renamed.update(names)
    out: dict[str, str] = {}
    for old, new in renamed.items():
        kind = kinds.get(new)
        if kind is not None and kind.persisted and old not in today:
            out[old] = keys.get(new, kind.line or new)
    return out


def read_elsewhere(state: Any, r: PositionReader) -> None:
    """The ``read`` of an own field another field's ``read`` sets (one reader sets both,
    as one depends on the other)."""


def write_fields(state: Any, fields: tuple[tuple[str, Kind], ...], w: PositionWriter,
                 layout: Layout) -> None:
    """The lines of the persisted fields but ``stage``, in declaration order (see the
    module docstring)."""
    tc = layout.text_ctx(state)
    kinds = dict(fields)
    grouped = {name for group in layout.seatwise.values() for name in group}
    for name, kind in fields:
        if not kind.persisted or name == "stage" or (name in grouped
                                                     and name not in layout.seatwise):
            continue
        for comment in layout.comments.get(name, ()):
            w.comment(comment)
        own = layout.own.get(name)
        if own is not None:
            if own.write is not None:
                own.write(state, w)
        elif name in layout.seatwise:
            group = layout.seatwise[name]
            for s in range(state.n):
                for member in group:
                    mine = layout.own.get(member)
                    if mine is None:
                        _put_seat(state, member, kinds[member], s, w, tc)
                    elif mine.write is not None:
                        mine.write(state, w, s)  # an own field's lines, seat by seat
        elif kind.line is not None:
            for s in range(state.n):
                _put_seat(state, name, kind, s, w, tc)
        elif name not in layout.derived:
            value = getattr(state, name)
            if not (kind.sparse and not value):
                w.put(layout.keys.get(name, name), kind.text(value, tc))


def _put_seat(state: Any, name: str, kind: Kind, s: int, w: PositionWriter,
              tc: TextCtx) -> None:
    value = getattr(state, name)[s]
    if not (kind.sparse and not value):
        w.put(f"{kind.line} {s}", kind.inner.text(value, tc))  # type: ignore[attr-defined]


def read_fields(state: Any, fields: tuple[tuple[str, Kind], ...], r: PositionReader,
                layout: Layout) -> None:
    """Set every declared field from its lines, each read by its kind as a save's value
    is (an error names the line); then the own fields, the defaults of the lines left
    out, the derived fields, and the ``shuffled`` draw piles (see the module docstring).
    A line under a field's old name reads as the field's (:func:`old_line_names`)."""
    r.read_renamed(old_line_names(type(state), fields))
    tc = layout.text_ctx(state)
    shuffles = {c.shuffled: c for c in layout.conserve if c.shuffled is not None}
    missing: set[str] = set()
    partial: dict[str, list[Any]] = {}
    shuffle: list[tuple[Conserve, Kind]] = []
    for name, kind in fields:
        if not kind.persisted:
            setattr(state, name, kind.factory())  # type: ignore[attr-defined]
            continue
        if name == "stage" or name in layout.own or name in layout.derived:
            continue
        key = layout.keys.get(name, name)
        if name in shuffles and r.has(key) and r.values[key][1] == "shuffled":
            r.str(key)
            shuffle.append((shuffles[name], kind))
            continue
        if kind.line is not None:
            keys = [f"{kind.line} {s}" for s in range(state.n)]
            inner: Kind = kind.inner  # type: ignore[attr-defined]
            if name in layout.defaults and not all(map(r.has, keys)):
                # the seats whose line is left out take the default's value
                partial[name] = [None if not r.has(k) else _load(
                    inner, _line_json(inner, r, k, tc, False), k, r, k, tc)
                    for k in keys]
                missing.add(name)
                continue
            items = [_line_json(inner, r, k, tc, kind.sparse) for k in keys]
            for k, item in zip(keys, items, strict=True):
                _load(inner, item, k, r, k, tc)  # a defect names its seat's line
            value = _load(kind, items, name, r, keys[0], tc)
        elif r.has(key):
            value = _load(kind, _line_json(kind, r, key, tc, False), key, r, key, tc)
        elif name in layout.defaults:
            missing.add(name)
            continue
        elif kind.sparse:
            value = _load(kind, kind.text_json("-", tc), key, r, key, tc)
        else:
            r.str(key)  # raises: the line is missing
        setattr(state, name, value)
    for name, default in layout.defaults.items():
        if name in missing and not callable(default) and name not in partial:  # a value: first
            setattr(state, name, default)
            missing.discard(name)
    for name, kind in fields:
        own = layout.own.get(name)
        if own is not None:
            own.read(state, r)
            if hasattr(state, name):  # as strict as a save (a hook may set it later)
                _load(kind, kind.dump_value(getattr(state, name)), name, r, name, tc)
    for name, default in layout.defaults.items():
        if name in missing:
            value = default(state) if callable(default) else default
            given = partial.get(name)
            if given is not None:
                merged = [v if g is None else g for g, v in zip(given, value, strict=True)]
                value = tuple(merged) if type(value) is tuple else merged
            setattr(state, name, value)
    for name, derive in layout.derived.items():
        setattr(state, name, derive(state))
    kinds = dict(fields)
    for conserve, kind in shuffle:  # in declaration order, each deck drawing on the rng
        name = conserve.shuffled or ""
        key = layout.keys.get(name, name)
        try:
            rest = conserve.rest(state, kinds)
        except ValueError as exc:
            raise r.fail(key, str(exc)) from None
        state.rng.shuffle(rest)
        setattr(state, name, _load(kind, rest, key, r, key, tc))


def _line_json(kind: Kind, r: PositionReader, key: str, tc: TextCtx, sparse: bool) -> Any:
    """The save form of line ``key`` read by ``kind`` (a ``sparse`` line may be left out)."""
    line = r.str(key, "-" if sparse else None)
    try:
        return kind.text_json(line, tc)
    except ValueError as exc:
        raise r.fail(key, str(exc)) from None


def _load(kind: Kind, value: Any, path: str, r: PositionReader, key: str, tc: TextCtx) -> Any:
    """``value`` read by ``kind`` as a save's value is; an error names line ``key``."""
    try:
        return kind.load(Reader(value, path), tc)
    except StateError as exc:
        raise PositionError(str(exc), r.line_of(key)) from None
