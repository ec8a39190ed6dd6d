"""Shithead house rules as data: ``shithead.Rules`` and its per-value effects table.

The source (SHD-20 … SHD-28) names nine special cards but not which values carry them, so
the value → effect mapping is **data**, one :class:`Effect` per special value, as
willbw/shead's per-rank rules table writes it. A row says four things:

* ``does`` — what the card does when it lands: ``"plain"`` (nothing), ``"reset"``
  (SHD-20: the pile counts 0), ``"skip"`` (SHD-22), ``"reverse"`` (SHD-23), ``"burn"``
  (SHD-24), ``"transparent"`` (SHD-26: the pile is read through it), ``"under_over"``
  (SHD-27) or ``"give"`` (SHD-28);
* ``on`` — what it may be played on: ``"ge"`` on a pile it matches or beats (the normal
  rule, SHD-05, and "placed on a lower number" of SHD-21/22/23), ``"any"`` on anything
  ("playable on any card", SHD-20/24/26/27) unless the pile's top card restricts it, or
  ``"lower"`` only on a pile it strictly beats (the sheet's strict reading of "placed only
  on a lower number", SHD-21: the ``"lower-only"`` variant's 5), even where the pile's top
  would allow an equal card;
* ``acts`` — when it does what it does: ``"always"`` (default) or ``"on_lower"``, only
  when laid on a pile it strictly beats (the sheet's strict "placed on a lower card" of
  SHD-22 and SHD-23; on an equal card it is a plain card). Only for skip and reverse;
* ``playable_on_me`` — the restriction the card puts on the next play while it is the
  pile's effective top card: the values that may then be played on it, *all* of them,
  the play-on-anything cards included (so a table can say that a 10 may not go on a 7),
  or ``"lower"``: this value or lower in the rank order, and the cards that go on
  anything. ``None`` (most rows) means the normal rule: anything of equal or higher
  rank, and the play-on-anything cards. The "5 or less" of SHD-21 is the row
  ``Effect(5, playable_on_me="lower")``; the classic "7 means 7 or lower" is
  ``Effect(7, playable_on_me="lower")``, and a house "9 = odd only" is
  ``Effect(9, playable_on_me=(3, 5, 7, 9))``;
* ``multiples`` — how a set of them combines: ``"each"`` (each card acts: two Skips skip
  two players, two Reverses turn play twice and so cancel, two Under-overs move two
  cards) or ``"once"`` (the set acts as one card). Only skip, reverse and under-over can
  act more than once; for the other effects ``"each"`` is refused.

Values are 1 to 13, the ace being 1 and the king 13, whatever ``Rules.aces`` says about
where the ace ranks. Values not listed are plain cards played on a pile they match or beat.
:meth:`~tablegames.shithead.effects.Table.can_play_on` is the one place that reads the
table to say whether a card may go on a pile.

**Why the default table looks as it does.** The rules file fixes three values: Reverse is
a 7 (with two players it "counts as 7", SHD-23), "5 or less" is a 5 (SHD-21) and
Transparent counts 9 as the first card of a pile (SHD-26), so it is the 9. The rest follow
the Shithead custom the Arabic game grew from and the power of each card: Zero-it is the 2
and Burn the 10 (as in every Shithead table), Skip the 8 (likewise), Take-it-bad-luck the
king (the strongest card: it must still reach the pile, and it hands the whole pile to an
opponent), and Under-over the 3, a weak low card that the effect makes worth holding.
Under-over, Zero-it, Burn and Transparent are "playable on any card" in the source; Skip,
Reverse and 5-or-less are "placed on a lower number", which we read as the normal ≥ rule
so that four equal cards laid by different players (SHD-25) stay possible. In a set,
every card whose effect can repeat acts once (two Skips skip two players, as the source
says; so two Reverses cancel and two Under-overs bring up two cards): one rule for all
three. The source counts the values 1 to 13 ("a 1, else a 2" starts, SHD-04), so the ace
is low by default; the ``"classic"`` variant is the common table with the ace high.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

import attrs

from tablegames.common.errors import RulesError, quoted
from tablegames.common.rules import (
    STANDARD,
    OptionText,
    converter,
    evolve_rules,
    int_in,
    is_bool,
    named_variants,
    one_of,
    optional_int_in,
    pick_variant,
    said,
    variant_texts,
)

Does = Literal["plain", "reset", "skip", "reverse", "burn", "transparent", "under_over", "give"]
On = Literal["ge", "any", "lower"]
Acts = Literal["always", "on_lower"]
#: Effects that the sheet says act only "placed on a lower card" (SHD-22, SHD-23).
ACT_ON_LOWER = frozenset({"skip", "reverse"})
Multiples = Literal["once", "each"]

EFFECTS = frozenset(
    {"plain", "reset", "skip", "reverse", "burn", "transparent", "under_over", "give"}
)
#: Effects for which "each card acts" means something.
REPEATABLE = frozenset({"skip", "reverse", "under_over"})
#: The old names of the two directions (the source's "to the right"), still read.
_DIRECTION_ALIASES = {"right": "counter-clockwise", "left": "clockwise",
                      "counterclockwise": "counter-clockwise"}


def _multiples_ok(inst: Effect, attr: attrs.Attribute[str], value: str) -> None:
    one_of({"once", "each"})(inst, attr, value)
    if value == "each" and inst.does not in REPEATABLE:
        raise RulesError(
            f"value {inst.value}: multiples='each' is only meaningful for skip, reverse "
            f"and under_over, not {inst.does!r}", code="clash", options=("multiples", "does"))


def _acts_ok(inst: Effect, attr: attrs.Attribute[str], value: str) -> None:
    one_of({"always", "on_lower"})(inst, attr, value)
    if value == "on_lower" and inst.does not in ACT_ON_LOWER:
        raise RulesError(
            f"value {inst.value}: acts='on_lower' is for skip and reverse (the cards the "
            f"source says act when placed on a lower card), not {inst.does!r}",
            code="clash", options=("acts", "does"))


def _to_values(value: object) -> Any:
    """A restriction given as a collection of values becomes a sorted tuple."""
    if isinstance(value, list | tuple | set | frozenset):
        items = list(value)
        if all(type(v) is int for v in items):
            return tuple(sorted(set(items)))
        return tuple(items)
    return value


#: Rows whose card never stays the pile's effective top (a burn clears the pile, a
#: take-it gives it away, a Zero-it makes it count 0): a restriction on them never applies.
_NEVER_ON_TOP = frozenset({"burn", "give", "reset"})


def _values_ok(inst: Effect, attr: Any, value: Any) -> None:
    if value is None:
        return
    if inst.does in _NEVER_ON_TOP:
        raise RulesError(
            f"value {inst.value}: a {inst.does} card never stays on top of the pile, so a "
            "playable_on_me restriction on it would never apply", code="clash",
            options=("playable_on_me", "does"))
    if value == "lower":
        return
    if not isinstance(value, tuple) or not value or not all(
        type(v) is int and 1 <= v <= 13 for v in value
    ):
        raise RulesError(
            f"value {inst.value}: playable_on_me is 'lower' or lists the values 1..13 that "
            f"may be played on it (at least one), not {quoted(value)}", code="value",
            option=attr.name, value=value)


@attrs.frozen(cache_hash=True)
class Effect:
    """One row of the effects table: what value ``value`` does (see the module docstring)."""

    value: int = attrs.field(validator=int_in(1, 13))
    does: Does = attrs.field(default="plain", validator=one_of(EFFECTS))
    on: On = attrs.field(default="ge", validator=one_of({"ge", "any", "lower"}))
    multiples: Multiples = attrs.field(default="once", validator=_multiples_ok)
    playable_on_me: tuple[int, ...] | Literal["lower"] | None = attrs.field(
        default=None, converter=_to_values, validator=_values_ok
    )
    acts: Acts = attrs.field(default="always", validator=_acts_ok, kw_only=True)


_ROW_KEYS = frozenset(a.name for a in attrs.fields(Effect))


def _structure_effect(value: object, _type: object) -> Effect:
    """Rows come from JSON as dicts; a rules dict built in Python may hold Effect objects.

    The row's own validators check every field exactly (an int is never a bool, a name
    is one of the known ones), so a dict row is simply passed to the constructor.
    """
    if isinstance(value, Effect):
        return value
    if not isinstance(value, Mapping):
        raise RulesError(f"an effects row is a mapping such as {{'value': 2, 'does': 'reset'}}, "
                         f"not {quoted(value)}", code="value", option="effects", value=value)
    unknown = sorted(map(str, set(value) - _ROW_KEYS))
    if unknown:
        raise RulesError(f"an effects row has no field {quoted(unknown[0])}", code="value",
                         option="effects", value=value)
    try:
        return Effect(**value)
    except TypeError as exc:
        raise RulesError(f"effects: {exc}", code="value", option="effects",
                         value=value) from None


def _unstructure_effect(effect: Effect) -> dict[str, Any]:
    """A row as a dict; ``acts`` only where it is not the default, so a table written
    before that field existed keeps its text, its rules hash and its position line."""
    row = {a.name: getattr(effect, a.name) for a in attrs.fields(Effect)}
    if row["acts"] == "always":
        del row["acts"]
    if isinstance(row["playable_on_me"], tuple):
        row["playable_on_me"] = list(row["playable_on_me"])
    return row


converter().register_structure_hook(Effect, _structure_effect)
converter().register_unstructure_hook(Effect, _unstructure_effect)

#: The default table's 5 (SHD-21) and the classic 7: the next card must be this value or
#: lower (in the rank order of ``Rules.aces``), or a card that goes on anything.
OR_LOWER = "lower"

#: The default table of this game (why: see the module docstring).
DEFAULT_EFFECTS: tuple[Effect, ...] = (
    Effect(2, "reset", "any"),
    Effect(3, "under_over", "any", "each"),
    Effect(5, "plain", "ge", playable_on_me=OR_LOWER),
    Effect(7, "reverse", "ge", "each"),
    Effect(8, "skip", "ge", "each"),
    Effect(9, "transparent", "any"),
    Effect(10, "burn", "any"),
    Effect(13, "give", "ge"),
)

#: The common Shithead table: 2 reset, 3 invisible, 7 means 7 or lower, 8 skip, 10 burn.
CLASSIC_EFFECTS: tuple[Effect, ...] = (
    Effect(2, "reset", "any"),
    Effect(3, "transparent", "any"),
    Effect(7, "plain", "ge", playable_on_me=OR_LOWER),
    Effect(8, "skip", "ge", "each"),
    Effect(10, "burn", "any"),
)


#: The sheet's strict reading of "placed on a lower number" (SHD-21/22/23): the 5 goes
#: only on a lower card, and the Skip and the Reverse act only when laid on a lower card.
LOWER_ONLY_EFFECTS: tuple[Effect, ...] = tuple(
    attrs.evolve(e, on="lower") if e.playable_on_me == OR_LOWER
    else attrs.evolve(e, acts="on_lower") if e.does in ACT_ON_LOWER else e
    for e in DEFAULT_EFFECTS
)


def _check_effects(_inst: object, _attr: object, value: object) -> None:
    if not isinstance(value, tuple) or not all(isinstance(e, Effect) for e in value):
        raise RulesError("effects must be a tuple of shithead.Effect rows", code="type",
                         option="effects", value=value, expected="list")
    seen: set[int] = set()
    for e in value:
        if e.value in seen:
            raise RulesError(f"effects: value {e.value} is listed twice", code="value",
                             option="effects", value=value)
        seen.add(e.value)


def _to_effects(value: object) -> object:
    """Accept a list of rows (or of dicts, as JSON gives them) and make it a tuple."""
    if isinstance(value, list | tuple):
        out = []
        for e in value:
            if isinstance(e, dict):
                e = _structure_effect(e, Effect)
            out.append(e)
        return tuple(sorted(out, key=lambda e: e.value if isinstance(e, Effect) else 0))
    return value


def _to_direction(value: object) -> object:
    return _DIRECTION_ALIASES.get(value, value) if isinstance(value, str) else value


@attrs.frozen(cache_hash=True)
class Rules:
    """Shithead options. Defaults are this game as our rulings page states it.

    * ``effects`` — the per-value effects table (SHD-20 … SHD-28), see :class:`Effect`.
    * ``aces`` — where the ace ranks: ``"low"`` (default: the source counts 1 to 13, and a
      1 starts, SHD-04) or ``"high"`` (2 … K, A: the common table, ``"classic"``).
    * ``decks`` — how many 52-card decks (SHD-02). The pack must hold the 9 cards each
      player is dealt, so ``decks`` decks seat at most 52 × ``decks`` ÷ 9 players, rounded
      down: 5 with one deck, 11 with two, 17 with three.
    * ``direction`` — ``"counter-clockwise"`` (default: the source's "to the right",
      SHD-04, with seats numbered clockwise) or ``"clockwise"`` ("right"/"left" are read
      as these).
    * ``swap`` — hold the swap between face-up cards and hand before play (SHD-03).
    * ``swap_mode`` — how the swap of SHD-03 is held: ``"turns"`` (default: seat by
      seat, one swap each, then ``done``) or ``"simultaneous"`` (every seat swaps as
      often as it likes and says ``ready``; a ready seat may take it back with
      ``unready``; play starts when all are ready). With ``swap=False`` there is no swap,
      so this option has no effect.
    * ``burn_run`` — how many equal values on top of the pile burn it (SHD-25: 4);
      ``None`` turns the rule off. Each deck holds four cards of a value, so a run of 5
      to 8 needs ``decks=2`` and one of 9 to 12 ``decks=3``; a longer run than the decks
      hold could never burn the pile and is refused (``RulesError``).
    * ``cut_in`` — a player who can complete the run of ``burn_run`` equal values on the
      pile may play those cards out of turn, burning the pile and playing on (SHD-25; off
      by default: the source does not have it). It needs ``burn_run``: with
      ``burn_run=None`` there is no run to complete, so the pair is refused
      (``RulesError``) rather than silently ignored.
    * ``skips`` — how Skips count round the table (SHD-22): ``"opponents"`` (default: k Skips pass
      over k opponents still in the round, counted modulo their number, so the skipper is
      never skipped and k a multiple of the opponents gives the skipper another turn) or
      ``"seats"`` (the turn moves 1 + k places among all seats in the round, the skipper
      counted: this engine's first reading, kept for tables that count that way).
    * ``scoring`` — ``outcome().scores`` of a round (SHD-01): ``"places"`` (default: 1 for the first
      out, 2 for the next, … the loser last) or ``"out"`` (0 for the loser, 1 for every
      other player: those who got out, and, in a round the action limit settles, those
      still holding cards, since the limit names only the loser). In a match,
      ``"places"`` gives the tally of lost rounds and ``"out"`` the number of rounds each
      player did not lose.
    * ``starter`` — who starts a round (SHD-04): ``"lowest"`` (default: the holder of
      the lowest card in hand, who shows it), ``"seat"`` (seat ``starter_seat`` starts
      every round) or ``"left_of_dealer"`` (the seat on the dealer's left, the next one
      clockwise: seat 0 deals the first round and the deal passes one seat clockwise each
      round, so seat 1 starts the first). Only the lowest card is shown.
    * ``starter_seat`` — the seat that starts with ``starter="seat"`` (SHD-04; default 0;
      it must be a seat of the game).
    * ``rounds`` — rounds in a match (SHD-01: "keep a loser tally across rounds"); the
      seats that lost the most rounds lose the match. 1 (default) is a single round.
    * ``action_limit`` — a house rule, not in the source: after this many actions of play
      the round stops and the player holding the most cards is the loser (SHD-01). Some
      positions cycle for ever, even under random play, so this is what makes "every game
      ends" a guarantee; the built-in bot's rounds take up to about 160 actions with the
      default table at two to five seats, and up to about 250 at seven or eight seats with
      two decks (measured in 2026-12). It counts each round afresh; a simultaneous swap
      also closes after this many actions. Every view says how many actions are left
      (``actions_left``), and the table shows it from 100 down.
    * ``lead_shown`` — with ``starter="lowest"``: the starter must lead with the card it
      showed (cards of the same value may go with it, SHD-07). ``False`` (default, our
      reading of SHD-04): it shows the card and may play anything. With another
      ``starter`` nobody shows a card, so ``lead_shown=True`` is refused (``RulesError``)
      rather than silently ignored. The state knows the
      round is at its opening by ``plays == 0``, so a save or position under this option
      with ``plays`` at 0 and cards already played is refused (``StateError``).
    * ``pickup`` — when the pile may be picked up (SHD-08): ``"forced"`` (default: only
      when nothing the player plays from fits) or ``"any"`` (the common house rule: a
      player may pick up a non-empty pile instead of playing from the hand or the
      face-up cards; with only face-down cards left, SHD-10 still asks for a blind card).
    """

    effects: tuple[Effect, ...] = attrs.field(
        default=DEFAULT_EFFECTS, converter=_to_effects, validator=_check_effects,
        metadata=said(
            "Special cards",
            "What each card value does when it is played: the table of special effects.",
        ))
    aces: Literal["low", "high"] = attrs.field(
        default="low", validator=one_of({"low", "high"}),
        metadata=said(
            "Aces",
            "Whether the ace is the lowest or the highest card.",
            low="Lowest",
            high="Highest",
        ))
    decks: int = attrs.field(
        default=1, validator=int_in(1, 3),
        metadata=said(
            "Decks",
            "How many decks are shuffled together: one seats up to 5 players, two up to 11, three up to 17.",
        ))
    # str, not a Literal: cattrs would refuse the old names ("right") before the converter
    # reads them
    direction: str = attrs.field(
        default="counter-clockwise", converter=_to_direction,
        validator=one_of({"counter-clockwise", "clockwise"}),
        metadata=said(
            "Direction of play",
            "Which way play passes round the table.",
            **{"counter-clockwise": "To the right (counter-clockwise)",
               "clockwise": "To the left (clockwise)"},
        ))
    swap: bool = attrs.field(
        default=True, validator=is_bool,
        metadata=said(
            "Swap before play",
            "Before play, players may swap cards between their hand and their face-up cards.",
        ))
    swap_mode: Literal["turns", "simultaneous"] = attrs.field(
        default="turns", validator=one_of({"turns", "simultaneous"}),
        metadata=said(
            "How to swap",
            "Whether players swap one after another or all at once.",
            turns="One after another, one swap each",
            simultaneous="Everyone at once, then ready",
        ))
    burn_run: int | None = attrs.field(
        default=4, validator=optional_int_in(2, 12),
        metadata=said(
            "Cards of a kind that burn",
            "How many equal cards on top of the pile burn it; leave it empty to turn this off.",
        ))
    cut_in: bool = attrs.field(
        default=False, validator=is_bool,
        metadata=said(
            "Cut in",
            "A player who can complete the cards that burn the pile may play them out of turn and play on.",
        ))
    skips: Literal["opponents", "seats"] = attrs.field(
        default="opponents", validator=one_of({"opponents", "seats"}),
        metadata=said(
            "Counting Skips",
            "How several Skips played together count round the table.",
            opponents="Each Skip passes over one opponent",
            seats="Each Skip moves the turn one seat, yours included",
        ))
    scoring: Literal["places", "out"] = attrs.field(
        default="places", validator=one_of({"places", "out"}),
        metadata=said(
            "Scores",
            "How each round is scored.",
            places="By the order players get out",
            out="One point for everyone but the loser",
        ))
    starter: Literal["lowest", "seat", "left_of_dealer"] = attrs.field(
        default="lowest", validator=one_of({"lowest", "seat", "left_of_dealer"}),
        metadata=said(
            "Who starts",
            "Who starts each round.",
            lowest="Whoever holds the lowest card",
            seat="The starting seat below",
            left_of_dealer="The player on the dealer's left",
        ))
    starter_seat: int = attrs.field(
        default=0, validator=int_in(0, 16),
        metadata=said(
            "Starting seat",
            "The seat that starts every round when a fixed seat starts (0 is the first seat).",
        ))
    rounds: int = attrs.field(
        default=1, validator=int_in(1, 100),
        metadata=said(
            "Rounds",
            "How many rounds make a match; whoever loses the most rounds loses the match.",
        ))
    action_limit: int = attrs.field(
        default=5000, validator=int_in(50, 1_000_000),
        metadata=said(
            "Move limit",
            "After this many moves in a round, the player holding the most cards loses it.",
        ))
    pickup: Literal["forced", "any"] = attrs.field(
        default="forced", validator=one_of({"forced", "any"}),
        metadata=said(
            "Picking up the pile",
            "When a player may pick up the pile.",
            forced="Only when nothing fits",
            any="Whenever they like, instead of playing",
        ))
    lead_shown: bool = attrs.field(
        default=False, validator=is_bool,
        metadata=said(
            "Lead the shown card",
            "The player who starts by showing their lowest card must play it first.",
        ))

    def __attrs_post_init__(self) -> None:
        # Each pair below would start a game that silently drops an option a host chose,
        # so it is refused here, naming both options, through every door (a dict, evolve,
        # the room form, --rules).
        # SHD-04: only the lowest card is shown, so a fixed or dealer's-left starter has no
        # shown card to lead
        if self.lead_shown and self.starter != "lowest":
            raise RulesError(
                f"lead_shown=True needs starter='lowest': the starter leads the card it "
                f"showed, and with starter={self.starter!r} nobody shows a card",
                code="clash", options=("lead_shown", "starter"))
        # SHD-25: a cut-in completes the run of equal values that burns the pile; with
        # burn_run=None no run burns it, so there is nothing to cut in with
        if self.cut_in and self.burn_run is None:
            raise RulesError(
                "cut_in=True needs burn_run: a cut-in completes the cards of a kind that "
                "burn the pile, and burn_run=None turns that rule off",
                code="clash", options=("cut_in", "burn_run"))
        # SHD-02, SHD-25: each deck holds four cards of a value, so a longer run can never
        # lie on the pile and the rule would never burn it
        if self.burn_run is not None and self.burn_run > 4 * self.decks:
            raise RulesError(
                f"burn_run={self.burn_run} needs decks={-(-self.burn_run // 4)} or more: "
                f"{self.decks} deck{'s hold' if self.decks > 1 else ' holds'} only "
                f"{4 * self.decks} cards of each value", code="clash",
                options=("burn_run", "decks"))

    @classmethod
    def variant(cls, name: str) -> Rules:
        """A named variant (see :data:`VARIANTS`)."""
        return pick_variant(VARIANTS, name, "shithead")

    def evolve(self, **changes: Any) -> Rules:
        """These rules with some options changed, every change checked as a rules dict is.

        >>> from tablegames.shithead import Rules
        >>> Rules.variant("classic").evolve(swap=False).swap
        False
        """
        return evolve_rules(self, **changes)

    def effect(self, value: int) -> Effect:
        """The row for ``value`` (a plain row if the table does not list it)."""
        for e in self.effects:
            if e.value == value:
                return e
        return Effect(value)


_CLASSIC = Rules(effects=CLASSIC_EFFECTS, aces="high")

#: Each named variant with the words a player reads where a table picks one.
_NAMED: Mapping[str, tuple[Rules, OptionText]] = {
    "standard": (Rules(), STANDARD),
    "classic": (_CLASSIC, OptionText(
        "Classic",
        "The common table: 2 zeroes the pile, 3 is transparent, after a 7 comes 7 or less, "
        "8 skips, 10 burns, and aces are high.")),
    "classic-strict-seven": (attrs.evolve(_CLASSIC, effects=tuple(
        Effect(7, "plain", "ge", playable_on_me=(2, 3, 4, 5, 6, 7)) if e.value == 7 else e
        for e in CLASSIC_EFFECTS)), OptionText(
        "Classic, strict seven",
        "As Classic, but only a 2 to 7 may follow a 7: not even a 10 goes on it.")),
    "classic-odd-nine": (attrs.evolve(_CLASSIC, effects=(
        *CLASSIC_EFFECTS, Effect(9, "plain", "ge", playable_on_me=(3, 5, 7, 9)))), OptionText(
        "Classic, odd nine", "As Classic, and after a 9 only a 3, 5, 7 or 9 may be played.")),
    "two-decks": (Rules(decks=2), OptionText(
        "Two decks", "Two decks shuffled together, for a bigger table of up to 11 players.")),
    "classic-two-decks": (attrs.evolve(_CLASSIC, decks=2), OptionText(
        "Classic, two decks", "The Classic table with two decks shuffled together, for up to "
                              "11 players.")),
    "clockwise": (Rules(direction="clockwise"), OptionText(
        "Clockwise", "Play passes to the left (clockwise) instead of to the right.")),
    "no-specials": (Rules(effects=()), OptionText(
        "No special cards",
        "Every card is a plain card that must match or beat the pile.")),
    "no-swap": (Rules(swap=False), OptionText(
        "No swapping", "Everyone plays the face-up cards they were dealt, with no swap before "
                       "play.")),
    "lower-only": (Rules(effects=LOWER_ONLY_EFFECTS), OptionText(
        "Lower only",
        "A 5 goes only on a lower card, and a 7 or 8 reverses or skips only when laid on a "
        "lower card.")),
    "match5": (Rules(rounds=5), OptionText(
        "Match of five",
        "Five rounds make a match; whoever loses the most rounds loses the match.")),
}
#: Named variants (read-only: the table is the whole process's).
VARIANTS: Mapping[str, Rules] = named_variants(_NAMED)
#: The words of each named variant (``GameInfo.variant_texts``).
VARIANT_TEXTS: Mapping[str, OptionText] = variant_texts(_NAMED)
