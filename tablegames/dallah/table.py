"""Integer tables precomputed from a card set, so the engine never looks up strings.

Inside a state, shapes, zones and cards are small integers (indexes into the card set's
lists, Action cards first and protection cards after them). A :class:`Table` holds the
lookups and the full decks; it is built once per card set and shared by every state and
copy that uses it.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from types import MappingProxyType
from typing import TypeVar

from tablegames.common.kinds import CardText
from tablegames.dallah.cardset import PILE_KINDS, ActionCard, CardSet, ProtectionCard

#: Kinds that act on cups already on the Dallah, redrawn when it is empty (DAL-22, DAL-27).
NEEDS_POT = frozenset({"naql", "rotate", "tap", "blow"})


K = TypeVar("K")
V = TypeVar("V")


def _frozen(d: dict[K, V]) -> Mapping[K, V]:
    """A read-only view of ``d``: a table is shared by every game of its card set."""
    return MappingProxyType(d)


class Table:
    """Lookups and full decks for one card set, all read-only (tuples, frozensets and
    read-only mappings): one table is shared by every state of its card set, process-wide,
    so an edit through ``state.t`` would change every later game."""

    __slots__ = (
        "_sealed",
        "action_deck",
        "card_codes",
        "card_counts",
        "card_ids",
        "card_index",
        "carded_zones",
        "cards",
        "is_pile",
        "kind",
        "names",
        "nshapes",
        "nzones",
        "placing_share",
        "protection",
        "protection_codes",
        "shape_codes",
        "shape_cups",
        "shape_ids",
        "shape_index",
        "sorted_action_deck",
        "sorted_zone_deck",
        "specs",
        "texts",
        "total_cups",
        "zone_counts",
        "zone_deck",
        "zone_ids",
        "zone_index",
    )

    def __init__(self, cards: CardSet) -> None:
        self.cards = cards
        self.shape_ids = tuple(s.id for s in cards.shapes)
        self.shape_index = _frozen({s: i for i, s in enumerate(self.shape_ids)})
        self.zone_ids = tuple(z.id for z in cards.zones)
        self.zone_index = _frozen({z: i for i, z in enumerate(self.zone_ids)})
        self.nshapes = len(self.shape_ids)
        self.nzones = len(self.zone_ids)
        self.carded_zones = tuple(i for i, z in enumerate(cards.zones) if z.cards)
        specs: tuple[ActionCard | ProtectionCard, ...] = (*cards.actions, *cards.protection)
        self.specs = specs
        self.card_ids = tuple(c.id for c in specs)
        self.card_index = _frozen({c: i for i, c in enumerate(self.card_ids)})
        self.kind = tuple(c.kind for c in specs)
        self.protection = tuple(isinstance(c, ProtectionCard) for c in specs)
        self.is_pile = tuple(c.kind in PILE_KINDS and not isinstance(c, ProtectionCard)
                             for c in specs)
        #: The share of the action deck (protection set aside) that takes a cup from the
        #: shared pile: placing cards and stunts (DAL-20, DAL-27), not Naql, which moves a
        #: cup, nor pile actions. What a swap's fresh card does on average (the bot's
        #: ``MIN_FRESH_PLACING``).
        actions = [c for c in specs if not isinstance(c, ProtectionCard)]
        total = sum(c.count for c in actions)
        placing = sum(c.count for c in actions if c.kind not in PILE_KINDS and c.kind != "naql")
        self.placing_share = placing / total if total else 0.0
        self.action_deck = tuple(i for i, c in enumerate(specs) for _ in range(c.count))
        self.zone_deck = tuple(i for i, z in enumerate(cards.zones) for _ in range(z.cards))
        #: Copies of each card code and each zone in the full decks (for dealing worlds).
        self.card_counts = tuple(c.count for c in specs)
        self.zone_counts = tuple(z.cards for z in cards.zones)
        #: For checking a loaded save at C speed (``frozenset.issuperset``, one list
        #: comparison): the codes of each kind, the protection cards, each shape's cups,
        #: and the full decks in sorted order.
        self.shape_codes = frozenset(range(self.nshapes))
        self.card_codes = frozenset(range(len(specs)))
        self.protection_codes = frozenset(i for i, p in enumerate(self.protection) if p)
        self.shape_cups = tuple(s.cups for s in cards.shapes)
        self.total_cups = sum(self.shape_cups)
        self.sorted_action_deck = tuple(sorted(self.action_deck))
        self.sorted_zone_deck = tuple(sorted(self.zone_deck))
        #: Display names per language (every view and prompt shows them).
        self.names = _frozen({lang: _frozen({group: _frozen(ids) for group, ids
                                             in cards.names(lang).items()})
                              for lang in ("en", "ar")})
        #: How position text names shapes, zones and cards: by their ids in this card set
        #: (the state's ``CARD_TEXT`` resolves the kinds ``named("shape")``,
        #: ``card(names="zone")`` and ``card()`` through it).
        self.texts = _frozen({
            "shape": CardText.of_ids(self.shape_ids, "shape of this card set"),
            "zone": CardText.of_ids(self.zone_ids, "zone of this card set"),
            "card": CardText.of_ids(self.card_ids, "card of this card set"),
        })
        self._sealed = True

    def __setattr__(self, name: str, value: object) -> None:
        if getattr(self, "_sealed", False):
            raise AttributeError(f"a card set's table is shared by every game: {name} "
                                 "cannot be set")
        object.__setattr__(self, name, value)

    def __copy__(self) -> Table:
        return self  # read-only and shared: a copy of a state shares it

    def __deepcopy__(self, memo: dict[int, object]) -> Table:
        return self  # (copy.deepcopy of a state: its read-only views cannot be copied)


@lru_cache(maxsize=64)
def table_for(cards: CardSet) -> Table:
    """The (shared, cached) table of a card set."""
    return Table(cards)
