"""Phase 10 house rules as data (``phase10.Rules``) and the named variants.

The phase list itself is data: each phase is written as requirements separated by ``+``,
each requirement a kind and a size: ``set3`` (three cards of one number), ``run4`` (four
consecutive numbers), ``colour7`` (seven cards of one colour). The standard ten phases
(P10-10 .. P10-19) are the default; a house list is just another tuple of strings, and
the validator refuses anything unplayable (an unknown kind, a run longer than 12, a phase
that needs more cards than a player can hold).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cached_property
from typing import Any, Literal

import attrs

from tablegames.common.errors import RulesError, quoted
from tablegames.common.numbers import is_number
from tablegames.common.rules import (
    STANDARD,
    OptionText,
    int_in,
    is_bool,
    named_variants,
    one_of,
    pick_variant,
    said,
    variant_texts,
)

SET, RUN, COLOUR_GROUP = 0, 1, 2
KIND_WORDS = ("set", "run", "colour")

#: A requirement: (kind, size); a phase is a tuple of requirements.
Requirement = tuple[int, int]
Phase = tuple[Requirement, ...]

STANDARD_PHASES: tuple[str, ...] = (
    "set3+set3",     # P10-10
    "set3+run4",     # P10-11
    "set4+run4",     # P10-12
    "run7",          # P10-13
    "run8",          # P10-14
    "run9",          # P10-15
    "set4+set4",     # P10-16
    "colour7",       # P10-17
    "set5+set2",     # P10-18
    "set5+set3",     # P10-19
)

FirstSkip = Literal["skip", "twist"]
Naturals = Literal["group", "phase"]
SkipTarget = Literal["choose", "next"]
Scoring = Literal["penalty", "winner"]
WildGroups = Literal["named", "open"]
BestTotal = Literal["auto", "lowest", "highest"]
BlockedHand = Literal["dead", "lowest"]
LimitTiebreak = Literal["lowest", "dead"]


#: ``Rules.action_limit``'s default (P10-61): three times the longest hand measured in
#: standard games (3,233 actions, random play at two players, of 1,500 games).
DEFAULT_ACTION_LIMIT = 10_000
#: The largest ``Rules.action_limit`` (P10-61), and the limit a save or record of engine
#: 4 or before plays under: a hand writes at most about 8 characters of position text per
#: action (``tests/phase10/test_p10_action_limit.py`` measures the worst case), so a
#: position stays under the reader's 200,000 characters.
MAX_ACTION_LIMIT = 20_000


#: The longest phase text read (a phase holds at most 17 cards, so at most 17 groups).
MAX_PHASE_TEXT = 200


# Caches here are bounded: phase texts come from callers (a room's house rules), and an
# unbounded cache would grow with every new spelling ("SET3", "set 3", ...) a server sees.
def parse_phase(text: str) -> Phase:
    """Requirements of a phase written as ``"set3+run4"`` (``RulesError`` if malformed).

    The result is in canonical order (sets, runs, colours; larger first), the order in
    which lay-downs list their groups, so a phase written ``"run4+set3"`` means the same.
    A value that is no text is refused first (a ``RulesError``).
    """
    return _parse_phase(_parse_phase_text(text))


def _parse_phase(text: str) -> Phase:
    """:func:`parse_phase` of a ``str``."""
    if len(text) > MAX_PHASE_TEXT:
        raise RulesError(f"phase {quoted(text)}: at most {MAX_PHASE_TEXT} characters",
                         code="value", option="phases", value=text)
    reqs: list[Requirement] = []
    for part in text.replace(" ", "").lower().split("+"):
        kind, size = _requirement(text, part)
        lo = 2 if kind == RUN else 1
        # the pack holds 8 of each number and 8 Wilds (P10-01): a set of 17 cannot be made
        if not lo <= size <= (12 if kind == RUN else 16 if kind == SET else 24):
            raise RulesError(f"phase {quoted(text)}: {quoted(part)} has an impossible size",
                             code="value", option="phases", value=text)
        reqs.append((kind, size))
    return tuple(sorted(reqs, key=lambda r: (r[0], -r[1])))


def _requirement(text: str, part: str) -> Requirement:
    for kind, word in enumerate(KIND_WORDS):
        digits = part[len(word):]
        if part.startswith(word) and is_number(digits, 3):
            return kind, int(digits)
    raise RulesError(f"phase {quoted(text)}: {quoted(part)} is not setN, runN or colourN",
                     code="value", option="phases", value=text)


def phase_size(text: str) -> int:
    """Cards needed to lay the phase."""
    return sum(size for _, size in parse_phase(text))


def describe_phase(text: str) -> str:
    """Words for a phase: ``"set of 3 + run of 4"`` (a ``RulesError`` for anything but a
    phase's text)."""
    return describe_reqs(parse_phase(text))


def _parse_phase_text(text: object) -> str:
    """``text`` when it is a ``str`` with something in it (else a ``RulesError``)."""
    if type(text) is not str or not text.strip():
        raise RulesError(f"a phase is written like 'set3+run4', not {quoted(text)}",
                         code="value", option="phases", value=text)
    return text


def describe_reqs(reqs: Phase) -> str:
    """Words for a parsed phase (``Rules.phase_reqs`` holds them: views ask on every
    view, so they describe what is parsed already)."""
    return " + ".join(f"{KIND_WORDS[k]} of {n}" for k, n in reqs)


def _check_phases(_inst: Any, attr: Any, value: Any) -> None:
    if not isinstance(value, tuple) or not value:
        raise RulesError(f"{attr.name} must be a non-empty list of phases", code="value",
                         option=attr.name, value=value)
    if len(value) > 30:
        raise RulesError(f"{attr.name}: at most 30 phases", code="too_long", option=attr.name,
                         value=value, most=30)
    for i, text in enumerate(value):
        if not isinstance(text, str):
            raise RulesError(f"{attr.name}: a phase is written like 'set3+run4', not "
                             f"{quoted(text)}", code="value", option=attr.name, value=value,
                             where=f"{attr.name}[{i}]")
        try:
            parse_phase(text)
        except RulesError as exc:  # the phase's own sentence, naming the option's value
            raise RulesError(str(exc), code="value", option=attr.name, value=value,
                             where=f"{attr.name}[{i}]") from None


def _phases(value: Any) -> Any:
    return tuple(value) if isinstance(value, list) else value


@attrs.frozen
class Rules:
    """Phase 10 options. Defaults are the standard game (see the Phase 10 rulings page).

    * ``phases`` — the phase list, in order (P10-10 .. P10-19, P10-41); the game ends
      after the hand in which someone completes the last one (P10-53).
    * ``hand_size`` — cards dealt to each player (P10-30). Every phase of ``phases`` must
      fit in a hand and the card drawn (``hand_size + 1`` cards), or nobody could ever
      lay it: a longer one is refused (``RulesError``) with the rules.
    * ``first_skip`` — a Skip turned up as the first discard: ``"skip"`` skips the first
      player (P10-25); ``"twist"`` covers it with the next card of the stock instead.
    * ``naturals`` — ``"group"``: every set, run and colour group holds a natural card
      (P10-54); ``"phase"``: the literal reading, one natural card in the whole phase.
    * ``hit_same_turn`` — hitting on the turn you lay your phase (P10-50); ``False`` is the
      house rule "hitting only from your next turn" (the extra cards of P10-43 onto your
      own new groups stay allowed, since they are part of laying the phase).
    * ``phase_choice`` — Masters style: each hand a player may lay any phase of the list
      not yet completed, in any order (P10-41 makes them in order). The phases must then
      differ, so a lay-down's groups say which phase it is. The game then ends after the
      hand in which someone has completed every phase of the list, not when someone lays
      the last one (P10-53); a tie-break hand is played on the last phase.
    * ``skip_target`` — ``"choose"``: the player discarding a Skip names whom it skips
      (P10-20, ``discard S>2``); ``"next"``: a Skip always skips the next player in turn,
      written ``discard S``.
    * ``scoring`` — ``"penalty"``: the players left holding cards score them and the lowest
      total wins (P10-52, P10-53); ``"winner"``: the player who goes out is credited with
      the points left in the others' hands, nobody else scores, and the highest total
      wins (among several who complete the last phase in one hand, the highest; still
      tied, the tie-break hand of P10-53).
    * ``wild_groups`` — ``"named"``: an all-Wild set or colour group says the number or
      colour it stands for when laid (``set5=W,W,W``); ``"open"``: it is laid open
      (``set?=W,W,W``, ``col?=W,W,W``) and takes its number or colour from the first
      natural card hit onto it (P10-54). Only with ``naturals="phase"``: under the
      default every group holds a natural, so no group is all Wilds.
    * ``best_total`` — the tie rule among players who complete the last phase in the
      same hand (P10-53): ``"lowest"`` or ``"highest"`` total wins; ``"auto"`` (the
      default) follows ``scoring``: lowest under ``"penalty"``, highest under ``"winner"``.
    * ``blocked_hand`` — a hand nobody can ever go out of (every seat in it has laid its
      phase, or provably cannot, and no card off the table fits any laid group: draw and
      discard would go on for ever; P10-51). ``"dead"`` (the default): it ends as the dead
      hand of P10-59, nobody out and everyone scoring their cards; ``"lowest"``: as a
      blocked game of dominoes, the one seat holding the fewest points is credited as if
      it had gone out (scores nothing, or takes the others' points under ``"winner"``
      scoring; wins a tie-break hand); a tie for fewest ends it dead. A blocked
      tie-break hand is always settled as under ``"lowest"``: a tie-break is won by
      going out, not on points, so a dead one would decide nothing and its replay could
      block again for ever.
    * ``lay_when_able`` — ``False`` (the default): laying down is never compulsory, a player
      may hold a finished phase back (P10-40 read as leave); ``True``: the strict reading
      of P10-40, a player who can make a phase they may lay this hand (their current one,
      or any open one under ``phase_choice``) from their hand must lay it before
      discarding. "Can" is what the engine's lay-down search finds (``lay_actions``).
    * ``discard_taken`` — ``True`` (the default): a player who took the top card of the
      discard pile may discard that same card in the same turn, as the published rules
      allow (P10-31); ``False``: the rummy house rule that forbids it (P10-60), a copy of
      the card held from before included, unless the hand holds nothing else. It stops
      two players passing one card back and forth for ever.
    * ``action_limit`` — a house rule, not in the published rules (P10-61): once a hand
      has run this many actions (draws, takes, lay-downs, hits and discards, counted
      afresh each hand), it ends at the start of the next turn as a dead hand (P10-59):
      nobody out, everyone scoring their cards; its ``round_over`` says ``limit_hit``.
      Some house lists make hands nobody can go out of for a very long time (a phase
      only one seat can make, the others drawing and discarding for ever), so this is
      what makes every hand end. The default changes no standard game: the longest hand
      of 1,500 measured games of the ten phases (100 seeds each of random play, the
      "eager" and the "smart" bot at 2-6 players) ran 3,233 actions (random play; the
      eager bot's longest 1,311, the smart bot's 193). A hand writes at most about 8
      characters of position text per action (its record for worlds, ``sources`` and
      ``hand_log``; 4.7 measured on the worst case), so the largest limit allowed, 20,000
      (``MAX_ACTION_LIMIT``), keeps every position under the position reader's 200,000
      characters. Saves and records of engine 4 and before had
      no such option and load with the largest limit. Every view says how many actions
      the hand has left (``actions_left``), and the table shows it from 100 down. A
      tie-break hand it stops is settled by ``limit_tiebreak``.
    * ``limit_tiebreak`` — a tie-break hand (P10-53) that ends with nobody out because
      ``action_limit`` stops it (P10-61) or nothing is left to draw (the draw pile cannot
      be rebuilt, P10-59), in the words of ``blocked_hand``: ``"lowest"`` (the default):
      the one tied seat holding the fewest points is credited as if it had gone out, and
      wins; a tie for fewest ends it dead and the tied seats play another. ``"dead"``:
      the literal P10-53, the hand decides nothing and the tied seats play another, as
      engine 5 did. A tie-break is won by going out, not on points, but a phase that
      near-random play seldom makes (``SET5`` with 12 cards) was stopped at the limit
      and replayed about 300 times in one measured game (5 seats, ``action_limit=114``),
      and nothing bounds the replays; a stopped hand says the seats cannot go out within
      the limit, so the one holding least is the nearest to it, as a blocked tie-break
      hand is settled. A tie-break hand with nothing left to draw is settled the same
      way, so that the three ways a tie-break hand ends with nobody out (blocked,
      stopped, nothing to draw) agree. Saves and records of engine 5 and before load
      with ``"dead"``, and replay both kinds of hand as their engine did.
    """

    phases: tuple[str, ...] = attrs.field(
        default=STANDARD_PHASES, converter=_phases, validator=_check_phases,
        metadata=said(
            "Phases",
            "The phases to lay, in order, separated by commas: set3 is three of a kind, run4 four in a row,"
            " colour7 seven of one colour.",
        ))
    hand_size: int = attrs.field(
        default=10, validator=int_in(1, 16),
        metadata=said(
            "Cards dealt",
            "How many cards each player is dealt.",
        ))
    first_skip: FirstSkip = attrs.field(
        default="skip", validator=one_of({"skip", "twist"}),
        metadata=said(
            "Skip turned up first",
            "What happens when the first card turned up is a Skip.",
            skip="The first player is skipped",
            twist="It is covered with the next card",
        ))
    naturals: Naturals = attrs.field(
        default="group", validator=one_of({"group", "phase"}),
        metadata=said(
            "Wilds need a real card",
            "Where laid cards need at least one card that is not a Wild.",
            group="In every group",
            phase="Once in the whole phase",
        ))
    hit_same_turn: bool = attrs.field(
        default=True, validator=is_bool,
        metadata=said(
            "Hit on the turn you lay",
            "Players may add cards to laid groups on the turn they lay their phase.",
        ))
    phase_choice: bool = attrs.field(
        default=False, validator=is_bool,
        metadata=said(
            "Phases in any order",
            "Each hand, a player may lay any phase of the list they have not completed yet.",
        ))
    skip_target: SkipTarget = attrs.field(
        default="choose", validator=one_of({"choose", "next"}),
        metadata=said(
            "Who a Skip skips",
            "Whom a discarded Skip skips.",
            choose="The player who discards it chooses",
            next="Always the next player",
        ))
    scoring: Scoring = attrs.field(
        default="penalty", validator=one_of({"penalty", "winner"}),
        metadata=said(
            "Scoring",
            "How points are counted and who wins.",
            penalty="Cards left in hand count against you; the lowest total wins",
            winner="Going out scores the others' cards; the highest total wins",
        ))
    wild_groups: WildGroups = attrs.field(
        default="named", validator=one_of({"named", "open"}),
        metadata=said(
            "Groups of only Wilds",
            "What a set or colour group made only of Wilds stands for, when a real card is needed only once "
            "in the whole phase.",
            named="Its number or colour is named when laid",
            open="The first real card added to it decides",
        ))
    best_total: BestTotal = attrs.field(
        default="auto", validator=one_of({"auto", "lowest", "highest"}),
        metadata=said(
            "Tie on the last phase",
            "Which total wins when several players finish the last phase in the same hand.",
            auto="As the scoring says",
            lowest="The lowest total",
            highest="The highest total",
        ))
    blocked_hand: BlockedHand = attrs.field(
        default="dead", validator=one_of({"dead", "lowest"}),
        metadata=said(
            "Blocked hand",
            "What happens when nobody can ever go out of a hand.",
            dead="It ends and everyone scores their cards",
            lowest="The player with the fewest points counts as out",
        ))
    lay_when_able: bool = attrs.field(
        default=False, validator=is_bool,
        metadata=said(
            "Lay when you can",
            "A player who can make their phase from their hand must lay it before discarding.",
        ))
    discard_taken: bool = attrs.field(
        default=True, validator=is_bool,
        metadata=said(
            "Discard the card you took",
            "A player who takes the top card of the discard pile may discard that same card in "
            "the same turn.",
        ))
    action_limit: int = attrs.field(
        default=DEFAULT_ACTION_LIMIT, validator=int_in(50, MAX_ACTION_LIMIT),
        metadata=said(
            "Move limit",
            "After this many moves in a hand, the hand ends with nobody out and everyone "
            "scores their cards.",
        ))
    limit_tiebreak: LimitTiebreak = attrs.field(
        default="lowest", validator=one_of({"lowest", "dead"}),
        metadata=said(
            "Tie-break with nobody out",
            "What happens when a tie-break hand ends with nobody out: stopped at the move "
            "limit, or with nothing left to draw.",
            lowest="The tied player with the fewest points wins",
            dead="Nobody wins it; the tied players play it again",
        ))

    def __attrs_post_init__(self) -> None:
        if self.wild_groups == "open" and self.naturals != "phase":
            raise RulesError(
                'wild_groups="open" needs naturals="phase": with a natural card in every '
                "group no group is all Wilds", code="clash", options=("wild_groups", "naturals"))
        if self.phase_choice and len(set(self.phase_reqs)) != len(self.phases):
            raise RulesError("with phase_choice every phase must differ from the others",
                             code="clash", options=("phase_choice", "phases"))
        for text in self.phases:
            if phase_size(text) > self.hand_size + 1:
                raise RulesError(
                    f"phase {quoted(text)} needs {phase_size(text)} cards but a player holds at "
                    f"most {self.hand_size + 1}", code="clash", options=("phases", "hand_size"))

    @property
    def highest_wins(self) -> bool:
        """Whether the highest total wins among those who complete the last phase."""
        if self.best_total == "auto":
            return self.scoring == "winner"
        return self.best_total == "highest"

    @cached_property
    def phase_reqs(self) -> tuple[Phase, ...]:
        """The phases as requirement tuples, parsed once per rules object: the engine asks
        on every enumeration of the play step, and parsing the ten standard phases costs
        about 20 µs against a step's 12 (measured in 2026-12, fix155). Kept on the rules
        (read-only, shared by a state and its copies), not process-wide: it is not a
        field, so it is neither saved nor compared."""
        return tuple(parse_phase(p) for p in self.phases)

    @classmethod
    def variant(cls, name: str) -> Rules:
        """A named variant (see :data:`VARIANTS`)."""
        return pick_variant(VARIANTS, name, "phase10")


#: Each named variant with the words a player reads where a table picks one.
_NAMED: Mapping[str, tuple[Rules, OptionText]] = {
    "standard": (Rules(), STANDARD),
    "twist": (Rules(first_skip="twist"), OptionText(
        "Twist",
        "A Skip turned up first is covered with the next card instead of skipping anyone.")),
    "natural-per-phase": (Rules(naturals="phase"), OptionText(
        "One real card per phase",
        "Laid cards need one card that is not a Wild in the whole phase, not in every group.")),
    "hit-next-turn": (Rules(hit_same_turn=False), OptionText(
        "Hit from the next turn",
        "Players may add cards to laid groups only from the turn after they lay their phase.")),
    "masters": (Rules(phase_choice=True), OptionText(
        "Masters",
        "Each hand, a player may lay any phase of the list they have not completed yet.")),
    "short": (Rules(phases=STANDARD_PHASES[:3]), OptionText(
        "Short game", "Only the first three phases, for a quick game.")),
    "skip-next": (Rules(skip_target="next"), OptionText(
        "Skip the next player", "A discarded Skip always skips the next player.")),
    "winner-scores": (Rules(scoring="winner"), OptionText(
        "Winner scores",
        "Going out scores the others' cards; the highest total wins.")),
    "open-wilds": (Rules(naturals="phase", wild_groups="open"), OptionText(
        "Open Wilds",
        "One real card per phase, and a group of only Wilds becomes what the first real card "
        "added to it is.")),
}
#: Named variants: the house rules the rulings name, plus a short house list of phases
#: (read-only: the table is the whole process's).
VARIANTS: Mapping[str, Rules] = named_variants(_NAMED)
#: The words of each named variant (``GameInfo.variant_texts``).
VARIANT_TEXTS: Mapping[str, OptionText] = variant_texts(_NAMED)
