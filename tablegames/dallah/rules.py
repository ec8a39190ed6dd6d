"""Dallah house rules as data (``dallah.Rules``) and the named variants.

The card set is part of the rules (``Rules.cards``), so a saved game carries the deck it
was played with and its hash: a record made with one printed deck never replays under
another. The other options are decisions the sources leave open; the rulings page
explains each beside its ruling.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any, Literal

import attrs

from tablegames.common.rules import (
    STANDARD,
    OptionText,
    int_in,
    is_bool,
    named_variants,
    one_of,
    pick_variant,
    rules_from_dict,
    said,
    variant_texts,
)
from tablegames.dallah.cardset import DEFAULT_CARDS, CardSet


def _cardset(_inst: Any, attr: Any, value: Any) -> None:
    if not isinstance(value, CardSet):
        from tablegames.common.errors import RulesError, quoted

        raise RulesError(f"{attr.name} must be a CardSet, not {quoted(value)}", code="type",
                         option=attr.name, value=value, expected="card_set")


@attrs.frozen(cache_hash=True)
class Rules:
    """Dallah options. Defaults are the game as our rulings file states it.

    * ``cards`` — the card set: die faces and cups, zones, Action and protection cards
      (DAL-01, DAL-04); default: :data:`~tablegames.dallah.cardset.DEFAULT_CARDS`.
    * ``swaps_per_turn`` — how many times one turn may swap an action that cannot be
      done comfortably for another Action card (DAL-27). The sources give no number;
      one keeps every turn finite.
    * ``late_falls`` — whether a cup that falls just after ``settled`` was reported may
      still be reported, by the phone that reported ``settled``, until the next player
      draws; its cups go to the collector of the turn that just ended (DAL-23). ``False``:
      ``settled`` is final.
    * ``full_zone`` — how long a zone reported as having no usable space (DAL-21) counts
      as full: ``"next_cup"`` while the cup being placed finds another zone (the next
      cup's Placement card may name it again, and the placer judges again);
      ``"cup_leaves"`` until a cup leaves that zone (a fall, a collapse, a Naql move).
    """

    cards: CardSet = attrs.field(
        default=DEFAULT_CARDS, validator=_cardset,
        metadata=said(
            "Cards",
            "The deck of Action, Placement and Protection cards: the shipped set, or one "
            "written for the table.",
        ))
    swaps_per_turn: int = attrs.field(
        default=1, validator=int_in(0, 5),
        metadata=said(
            "Action card swaps",
            "How many times a turn may swap an awkward action for another Action card.",
        ))
    late_falls: bool = attrs.field(
        default=True, validator=is_bool,
        metadata=said(
            "Late falls",
            "A cup that falls just after the Dallah was reported settled may still be reported, until the "
            "next player draws.",
        ))
    full_zone: Literal["next_cup", "cup_leaves"] = attrs.field(
        default="next_cup", validator=one_of(("next_cup", "cup_leaves")),
        metadata=said(
            "Full zone",
            "How long a zone reported as having no space stays full.",
            next_cup="Until the cup finds another zone",
            cup_leaves="Until a cup leaves it",
        ))

    @classmethod
    def variant(cls, name: str) -> Rules:
        """A named variant (see :data:`VARIANTS`)."""
        return pick_variant(VARIANTS, name, "dallah")

    @classmethod
    def with_cards(cls, path: str | Path, **options: Any) -> Rules:
        """Rules with a card set loaded from a TOML or JSON file."""
        return rules_from_dict(cls, {"cards": CardSet.from_file(path).to_dict(), **options})


#: Each named variant with the words a player reads where a table picks one.
_NAMED: Mapping[str, tuple[Rules, OptionText]] = {
    "standard": (Rules(), STANDARD),
    "no-swaps": (Rules(swaps_per_turn=0), OptionText(
        "No swaps", "No turn may swap an awkward action for another Action card.")),
    "generous-swaps": (Rules(swaps_per_turn=3), OptionText(
        "Generous swaps",
        "A turn may swap an awkward action for another Action card up to three times.")),
}
#: Named variants (read-only: the table is the whole process's).
VARIANTS: Mapping[str, Rules] = named_variants(_NAMED)
#: The words of each named variant (``GameInfo.variant_texts``).
VARIANT_TEXTS: Mapping[str, OptionText] = variant_texts(_NAMED)
