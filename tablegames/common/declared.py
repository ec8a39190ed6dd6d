"""What the field declarations give beyond ``copy`` and saves: position lines and card
conservation.

**Position text from the declarations.** :func:`write_fields` writes one line per
persisted field, under the field's own name, in declaration order; the value is the
kind's text form (:meth:`~tablegames.common.kinds.Kind.text`: the field's save form on one
line, an enum's bare name). :func:`read_fields` reads every line back through the same
kind as a save (:meth:`~tablegames.common.kinds.Kind.read_text`), so a position is checked
as strictly as a save: same types, same limits, seats in range. ``stage`` is on the
core's own line. A game lists the fields no kind can say well (or whose names are not
position keys) in ``POSITION_OWN`` and writes and reads those itself in the hooks
``_position_own`` and ``_from_position_own``.

**Card conservation.** A class declares ``CONSERVE = Conserve("hands", "stock",
"trick")``: every card of the pack lies exactly once across those fields. The cards of a
field are its values declared with ``card()``/``cards()`` (wherever they sit: a list of
hands, a tuple ``(seat, card)`` in a trick), so the declaration names fields only. The core
checks it after every load and every ``from_position``, before the game's own
``_check_loaded``.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator, Mapping
from typing import Any

from tablegames.common.errors import StateError
from tablegames.common.kinds import Ctx, Kind
from tablegames.common.position import PositionError, PositionReader, PositionWriter


class Conserve:
    """Every card of the pack lies exactly once across ``fields`` (see the module docstring).

    ``pack`` is the number of cards (codes ``0..pack-1``); by default, the size the
    fields' ``card()``/``cards()`` kinds declare. A game whose pack depends on its rules
    passes the codes it deals through ``BaseState._conserved_pack``.
    """

    __slots__ = ("fields", "pack")

    def __init__(self, *fields: str, pack: int | None = None) -> None:
        if not fields or not all(type(f) is str for f in fields):
            raise TypeError("Conserve() names one or more fields")
        self.fields = fields
        self.pack = pack

    def size(self, kinds: Mapping[str, Kind]) -> int:
        """The pack size: given, or the one the named fields' card kinds declare."""
        if self.pack is not None:
            return self.pack
        sizes = {s for name in self.fields for s in _pack_sizes(self._kind(kinds, name))}
        if len(sizes) != 1:
            raise TypeError(f"Conserve{self.fields}: the fields declare card packs {sorted(sizes)}"
                            " (declare their cards with card()/cards(), or pass pack=)")
        return sizes.pop()

    def check(self, state: Any, kinds: Mapping[str, Kind], pack: Collection[int]) -> None:
        """Raise :class:`StateError` unless each card of ``pack`` lies exactly once in
        the fields (a card twice, a card missing, a card not of this pack)."""
        where: dict[int, str] = {}
        for name in self.fields:
            for code in self._kind(kinds, name).cards_in(getattr(state, name)):
                if code in where:
                    raise StateError(f"card {code} lies twice (in {where[code]!r} and {name!r})")
                where[code] = name
        if len(where) != len(pack) or not where.keys() <= set(pack):
            stray = sorted(where.keys() - set(pack))
            if stray:
                raise StateError(f"card {stray[0]} is not in this game's pack "
                                 f"(in {where[stray[0]]!r})")
            lost = sorted(set(pack) - where.keys())
            raise StateError(f"card {lost[0]} is missing (in none of {', '.join(self.fields)})")

    def _kind(self, kinds: Mapping[str, Kind], name: str) -> Kind:
        kind = kinds.get(name)
        if kind is None:
            raise TypeError(f"Conserve names {name!r}, which is not a declared field")
        return kind


def _pack_sizes(kind: Kind) -> Iterator[int]:
    """The pack sizes of the card kinds inside ``kind`` (it has no other way to say them)."""
    pack = getattr(kind, "pack", None)
    if type(pack) is int:
        yield pack
    for attr in ("inner", "value"):
        inner = getattr(kind, attr, None)
        if isinstance(inner, Kind):
            yield from _pack_sizes(inner)
    for part in getattr(kind, "parts", ()):
        yield from _pack_sizes(part)


def write_fields(state: Any, fields: tuple[tuple[str, Kind], ...], w: PositionWriter,
                 skip: Collection[str]) -> None:
    """One position line per persisted field not in ``skip``, in declaration order."""
    for name, kind in fields:
        if kind.persisted and name not in skip:
            w.put(name, kind.text(getattr(state, name)))


def read_fields(state: Any, fields: tuple[tuple[str, Kind], ...], r: PositionReader,
                skip: Collection[str]) -> None:
    """Set every declared field not in ``skip`` from its line (those not saved from
    their factory), each read by its kind as a save's value is; an error names the line."""
    ctx = Ctx(state.n)
    for name, kind in fields:
        if not kind.persisted:
            setattr(state, name, kind.factory())  # type: ignore[attr-defined]
        elif name not in skip:
            line = r.str(name)
            try:
                value = kind.read_text(line, ctx, name)
            except StateError as exc:
                raise PositionError(str(exc), r.line_of(name)) from None
            setattr(state, name, value)
