"""Shithead house rules as data: ``shithead.Rules`` and its per-value effects table.

The source (SHD-20 … SHD-28) names nine special cards but not which values carry them, so
the value → effect mapping is **data**, one :class:`Effect` per special value, in the
spirit of willbw/shead's per-rank rules table. An effect says three things:

* ``does`` — what the card does when it lands: ``"plain"`` (nothing), ``"reset"``
  (SHD-20: the pile counts 0), ``"five_or_less"`` (SHD-21: the next card must be 5 or
  less), ``"play_lower"`` (classic 7: the next card must be this value or less),
  ``"skip"`` (SHD-22), ``"reverse"`` (SHD-23), ``"burn"`` (SHD-24), ``"transparent"``
  (SHD-26), ``"under_over"`` (SHD-27) or ``"give"`` (SHD-28);
* ``on`` — what it may be played on: ``"ge"`` on a pile it matches or beats (the normal
  rule, SHD-05, and "placed on a lower number" of SHD-21/22/23), or ``"any"`` on anything,
  ignoring the pile's value and any restriction ("playable on any card", SHD-20/24/26/27);
* ``multiples`` — how a set of them combines: ``"each"`` (each card acts: two Skips skip
  two players, two Reverses turn play twice and so cancel, two Under-overs move two
  cards) or ``"once"`` (the set acts as one card). Only skip, reverse and under-over can
  act more than once; for the other effects ``"each"`` is refused.

Values not listed are plain cards played on a pile they match or beat.

**Why the default table looks as it does.** The rules file fixes three values: Reverse is
a 7 (with two players it "counts as 7", SHD-23), "5 or less" is a 5 (SHD-21) and
Transparent counts 9 as the first card of a pile (SHD-26), so it is the 9. The rest follow
the Shithead custom the Arabic game grew from and the power of each card: Zero-it is the 2
and Burn the 10 (as in every Shithead table), Skip the 8 (likewise), Take-it-bad-luck the
13 (the strongest card: it must still reach the pile, and it hands the whole pile to an
opponent), and
Under-over the 3, a weak low card that the effect makes worth holding. Under-over,
Zero-it, Burn and Transparent are "playable on any card" in the source; Skip, Reverse and
5-or-less are "placed on a lower number", which we read as the normal ≥ rule so that
four equal cards laid by different players (SHD-25) stay possible. In a set, every card
whose effect can repeat acts once (two Skips skip two players, as the source says; so two
Reverses cancel and two Under-overs bring up two cards): one rule for all three.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal

import attrs
from cattrs.gen import make_dict_structure_fn

from tablegames.common.errors import RulesError
from tablegames.common.rules import (
    converter,
    int_in,
    is_bool,
    one_of,
    optional_int_in,
    pick_variant,
)

Does = Literal[
    "plain", "reset", "five_or_less", "play_lower", "skip", "reverse", "burn",
    "transparent", "under_over", "give",
]
On = Literal["ge", "any"]
Multiples = Literal["once", "each"]
Direction = Literal["right", "left"]

EFFECTS = frozenset(
    {"plain", "reset", "five_or_less", "play_lower", "skip", "reverse", "burn",
     "transparent", "under_over", "give"}
)
#: Effects for which "each card acts" means something.
REPEATABLE = frozenset({"skip", "reverse", "under_over"})


def _multiples_ok(inst: Effect, attr: attrs.Attribute[str], value: str) -> None:
    one_of({"once", "each"})(inst, attr, value)
    if value == "each" and inst.does not in REPEATABLE:
        raise RulesError(
            f"value {inst.value}: multiples='each' is only meaningful for skip, reverse "
            f"and under_over, not {inst.does!r}"
        )


@attrs.frozen
class Effect:
    """One row of the effects table: what value ``value`` does (see the module docstring)."""

    value: int = attrs.field(validator=int_in(1, 13))
    does: Does = attrs.field(default="plain", validator=one_of(EFFECTS))
    on: On = attrs.field(default="ge", validator=one_of({"ge", "any"}))
    multiples: Multiples = attrs.field(default="once", validator=_multiples_ok)


_structure_row = make_dict_structure_fn(Effect, converter(), _cattrs_forbid_extra_keys=True)


def _structure_effect(value: object, _type: object) -> Effect:
    """Rows come from JSON as dicts; a rules dict built in Python may hold Effect objects."""
    if isinstance(value, Effect):
        return value
    if not isinstance(value, Mapping):
        raise RulesError(f"an effects row is a mapping such as {{'value': 2, 'does': 'reset'}}, "
                         f"not {value!r}")
    return _structure_row(value, Effect)


converter().register_structure_hook(Effect, _structure_effect)

#: The default table of this game (why: see the module docstring).
DEFAULT_EFFECTS: tuple[Effect, ...] = (
    Effect(2, "reset", "any"),
    Effect(3, "under_over", "any", "each"),
    Effect(5, "five_or_less", "ge"),
    Effect(7, "reverse", "ge", "each"),
    Effect(8, "skip", "ge", "each"),
    Effect(9, "transparent", "any"),
    Effect(10, "burn", "any"),
    Effect(13, "give", "ge"),
)

#: The common Shithead table: 2 reset, 3 transparent, 7 play lower, 8 skip, 10 burn.
CLASSIC_EFFECTS: tuple[Effect, ...] = (
    Effect(2, "reset", "any"),
    Effect(3, "transparent", "any"),
    Effect(7, "play_lower", "ge"),
    Effect(8, "skip", "ge", "each"),
    Effect(10, "burn", "any"),
)


def _check_effects(_inst: object, _attr: object, value: object) -> None:
    if not isinstance(value, tuple) or not all(isinstance(e, Effect) for e in value):
        raise RulesError("effects must be a tuple of shithead.Effect rows")
    seen: set[int] = set()
    for e in value:
        if e.value in seen:
            raise RulesError(f"effects: value {e.value} is listed twice")
        seen.add(e.value)


def _to_effects(value: object) -> object:
    """Accept a list of rows (or of dicts, as JSON gives them) and make it a tuple."""
    if isinstance(value, list | tuple):
        out = []
        for e in value:
            if isinstance(e, dict):
                try:
                    e = Effect(**e)
                except TypeError as exc:
                    raise RulesError(f"effects: {exc}") from None
            out.append(e)
        return tuple(sorted(out, key=lambda e: e.value if isinstance(e, Effect) else 0))
    return value


@attrs.frozen
class Rules:
    """Shithead options. Defaults are this game as our rulings page states it.

    * ``effects`` — the per-value effects table (SHD-20 … SHD-28), see :class:`Effect`.
    * ``decks`` — how many 52-card decks (SHD-02); the deal of 9 cards each allows up to
      5 players per deck.
    * ``direction`` — ``"right"`` (the source, SHD-04: counter-clockwise with seats
      numbered clockwise) or ``"left"``.
    * ``swap`` — hold the one swap between face-up cards and hand before play (SHD-03).
    * ``burn_run`` — how many equal values on top of the pile burn it (SHD-25: 4);
      ``None`` turns the rule off.
    * ``rounds`` — rounds in a match (SHD-01: "keep a loser tally across rounds"); the
      seats that lost the most rounds lose the match. 1 (default) is a single round.
    * ``action_limit`` — a house rule, not in the source: after this many actions of play
      the round stops and the player holding the most cards is the loser (SHD-01). Some
      positions cycle for ever, even under random play, so this is what makes "every game
      ends" a guarantee; the built-in bot's rounds stay under 200 actions. It counts each
      round afresh.
    """

    effects: tuple[Effect, ...] = attrs.field(
        default=DEFAULT_EFFECTS, converter=_to_effects, validator=_check_effects
    )
    decks: int = attrs.field(default=1, validator=int_in(1, 3))
    direction: Direction = attrs.field(default="right", validator=one_of({"right", "left"}))
    swap: bool = attrs.field(default=True, validator=is_bool)
    burn_run: int | None = attrs.field(default=4, validator=optional_int_in(2, 12))
    rounds: int = attrs.field(default=1, validator=int_in(1, 100))
    action_limit: int = attrs.field(default=5000, validator=int_in(50, 1_000_000))

    @classmethod
    def variant(cls, name: str) -> Rules:
        """A named variant (see :data:`VARIANTS`)."""
        return pick_variant(VARIANTS, name, "shithead")

    def effect(self, value: int) -> Effect:
        """The row for ``value`` (a plain row if the table does not list it)."""
        for e in self.effects:
            if e.value == value:
                return e
        return Effect(value)


#: Named variants.
VARIANTS: dict[str, Rules] = {
    "standard": Rules(),
    "classic": Rules(effects=CLASSIC_EFFECTS),
    "two-decks": Rules(decks=2),
    "classic-two-decks": Rules(effects=CLASSIC_EFFECTS, decks=2),
    "left": Rules(direction="left"),
    "no-specials": Rules(effects=()),
    "no-swap": Rules(swap=False),
    "match5": Rules(rounds=5),
}
