"""Every refusal of Phase 10 in one table: its code, the ruling it enforces, its words.

The table is the constants below, each a :class:`~tablegames.common.refusals.Refusal`
row. The engine's predicates (``State._draw_fault``, ``_take_fault``, ``_lay_fault``,
``_hit_fault``, ``_discard_fault``, :meth:`~tablegames.phase10.state.State.hit_refusal`),
the lay-down and hit checks of :mod:`tablegames.phase10.check` and the group checks of
:mod:`tablegames.phase10.groups` return a row's answer (``ROW.at(values)``, a
:class:`~tablegames.common.refusals.Refused`) on the line that tests the rule, which
names its ruling ID in a comment, so ``grep P10-50 tablegames/phase10`` finds both this
table and the deciding line. One code can enforce different rulings in different verbs
(``not_in_hand`` is P10-42 for a lay-down, P10-50 for a hit, P10-31 for a discard), so
each row has a name of its own. A value the caller chose (a card, a seat, a group) is put
in with :func:`shown` or :func:`~tablegames.common.errors.quoted` before it gets here, so
a message is never longer than a sentence; it is written into words only when asked
(``.message``, ``.error(seat)``).
"""

from __future__ import annotations

from tablegames.common.errors import quoted
from tablegames.common.refusals import Phrase, Refusal, Refused, phrases, table
from tablegames.phase10.rules import KIND_WORDS, parse_phase

#: What Phase 10's checks (:func:`~tablegames.phase10.check.check_hit`, ...) have always
#: called their answer: the core's :class:`~tablegames.common.refusals.Refused`, with its
#: ``code``, ``ruling`` and ``message``; ``error(seat)`` is the exception ``apply`` raises.
Fault = Refused

# -- the turn (P10-31: draw or take, then play, then discard)
OUT_OF_TURN = Refusal("out_of_turn", "P10-31", "it is {player}'s turn", out_of_turn=True)
ALREADY_DREW = Refusal("already_drew", "P10-31", "you have already drawn this turn; play or discard")
DRAW_FIRST = Refusal("draw_first", "P10-31", "first draw a card or take the top discard")
BAD_ACTION = Refusal("bad_action", "P10-01",
                     "{action}: cards, seats and groups are given by whole numbers")
# -- laying (P10-40 under Rules.lay_when_able)
MUST_LAY = Refusal("must_lay", "P10-40",
                   "you can lay down your phase: lay it before you discard")
# -- drawing
DRAW_EMPTY = Refusal("draw_empty", "P10-59", "the draw pile is empty and cannot be rebuilt")
TAKE_EMPTY = Refusal("take_empty", "P10-31", "the discard pile is empty")
TAKE_SKIP = Refusal("take_skip", "P10-23", "a Skip may never be taken from the discard pile")
# -- the shape of one group
NOT_CARDS = Refusal("not_a_group", "P10-01", "{group} is not made of Phase 10 cards")
SKIP_IN_PHASE = Refusal("skip_in_phase", "P10-22", "a Skip is never part of a phase")
OPEN_SET_NATURAL = Refusal("not_a_set", "P10-10",
                           "{group}: an open group holds only Wilds (a natural gives it its number)")
OPEN_COLOUR_NATURAL = Refusal("not_one_colour", "P10-17",
                              "{group}: an open group holds only Wilds (a natural gives it its colour)")
NO_NUMBER = Refusal("not_a_set", "P10-10", "there is no number {key}")
SET_MIXES = Refusal("not_a_set", "P10-10", "{group} mixes numbers: a set is one number")
RUN_WRAPS = Refusal("run_wraps", "P10-56", "{group}: runs use 1-12 and do not wrap")
RUN_ORDER = Refusal("not_a_run", "P10-11",
                    "{group}: a run lists consecutive numbers in order ({card} is not {number})")
NO_COLOUR = Refusal("not_one_colour", "P10-17", "there is no colour {key}")
COLOUR_MIXES = Refusal("not_one_colour", "P10-17", "{group} mixes colours")
UNKNOWN_KIND = Refusal("not_a_group", "P10-40", "unknown group kind {kind}")
# -- the house rules on Wilds in a group
GROUP_NO_NATURAL = Refusal("no_natural", "P10-54", "{group} needs at least one natural card")
WILD_GROUP_OPEN = Refusal("open_wild_group", "P10-54",
                          "an all-Wild group is laid open and takes its {word} from the first natural "
                          "hit onto it: write {prefix}?=...")
WILD_GROUP_NAMED = Refusal("open_wild_group", "P10-54",
                           "{group}: an all-Wild group names the number or colour it stands for (open "
                           "groups are the house rule wild_groups='open')")
# -- laying a phase
LAY_NOT_GROUPS = Refusal("not_a_group", "P10-40", "a lay-down is one or more groups")
LAY_ORDER = Refusal("lay_order", "P10-40",
                    "write the lay-down in the order the game writes it: {lay}")
GROUP_WRONG_KIND = Refusal("wrong_phase", "P10-41", "{group} is a {kind}, not a {want}")
GROUP_TOO_SMALL = Refusal("incomplete_phase", "P10-42", "{group} has fewer than {size} card",
                          plural="{group} has fewer than {size} cards", count_field="size")
WRONG_PHASE = Refusal("wrong_phase", "P10-41", "your phase is {name}")
PHASE_AT_ONCE = Refusal("incomplete_phase", "P10-42", "the whole phase must be laid at once: {name}")
PHASE_SHORT = Refusal("incomplete_phase", "P10-42", "the whole phase must be laid: {name}")
LAY_EXACT = Refusal("lay_exact", "P10-43",
                    "lay each group at its size ({name}); add extra cards by hitting")
PHASE_NO_NATURAL = Refusal("no_natural", "P10-54", "the phase needs at least one natural card")
LAY_NOT_IN_HAND = Refusal("not_in_hand", "P10-42", "you do not hold those cards")
ALREADY_DOWN = Refusal("already_down", "P10-44", "you have already laid a phase this hand")
# -- hitting
NOT_DOWN = Refusal("not_down", "P10-50", "you may hit only once your own phase is down")
HIT_NEXT_TURN = Refusal("hit_next_turn", "P10-50",
                        "house rule: you may hit others' groups only from the turn after laying down")
NO_SUCH_GROUP = Refusal("no_such_group", "P10-50", "there is no group {owner}.{group} on the table")
HIT_NOT_IN_HAND = Refusal("not_in_hand", "P10-50", "that card is not in your hand")
NO_SWAP = Refusal("no_swap", "P10-47",
                  "a Wild stands for the {number} in {where} and stays there: cards already laid are "
                  "never swapped")
# no "a {number}" in the words: "a 8", "a 11" do not read (found by helper-77 in Shithead)
ALREADY_IN_RUN = Refusal("already_in_run", "P10-11",
                         "{where} already has its {number}: a run holds each number once")
NOT_NEXT_TO_RUN = Refusal("not_next_to_run", "P10-11",
                          "{card} is next to neither end of {where} ({lo}-{hi})")
RUN_WOULD_WRAP = Refusal("not_next_to_run", "P10-56",
                         "{card} would go on {where} ({lo}-{hi}) only by wrapping round: runs "
                         "stay within 1-12")
RUN_FULL = Refusal("run_full", "P10-56", "{where} runs from 1 to 12: there is no free end")
WRONG_NUMBER = Refusal("wrong_number", "P10-10",
                       "{card} does not fit {where}: a set of {key}s takes only {key}s and Wilds")
WRONG_COLOUR = Refusal("wrong_colour", "P10-17", "{card} is not the colour of {where}")
WILD_VALUE = Refusal("wild_value", "P10-54",
                     "a Wild on a run names the free number at either end it stands for ({ends}); "
                     "other hits name no number")
# -- discarding and Skips
DISCARD_NOT_IN_HAND = Refusal("not_in_hand", "P10-31", "that card is not in your hand")
TAKEN_BACK = Refusal("discard_taken", "P10-60",
                     "house rule: you took {card} from the discard pile this turn; discard "
                     "another card")
WILD_NOT_SKIP = Refusal("wild_not_skip", "P10-26", "a Wild cannot be used as a Skip")
NOT_A_SKIP = Refusal("not_a_skip", "P10-20", "only a Skip names a player")
SKIP_IS_NEXT = Refusal("skip_is_next", "P10-20",
                       "house rule: a Skip always skips the next player; write 'discard S'")
SKIP_NEEDS_TARGET = Refusal("skip_needs_target", "P10-20",
                            "name the player your Skip skips ('discard S>SEAT')")
SKIP_SELF = Refusal("skip_self", "P10-20", "a Skip makes another player lose a turn")
ALREADY_SKIPPED = Refusal("already_skipped", "P10-24", "{player} is already waiting out a skip")
NO_SUCH_TARGET = Refusal("no_such_target", "P10-20", "seat {target} cannot be skipped")

#: Every row, by name (``tests/common/test_refusals.py`` holds it to the rulings, as
#: every game's).
TABLE: dict[str, Refusal] = table(globals())

# -- the words the checks fill in that are no card, group, seat or number (each an id of
# -- the phase10_refusals catalogue with the templates, so no English word is left inside
# -- a translated sentence)
#: A kind of group (``{kind}``, ``{want}``), by the kind's index in ``KIND_WORDS``.
KINDS: tuple[Phrase, ...] = tuple(Phrase(word) for word in KIND_WORDS)
#: What an all-Wild group takes from its first natural (``{word}``): a set its number,
#: a colour group its colour.
NUMBER_WORD = Phrase("number")
COLOUR_WORD = Phrase("colour")
#: One part of a phase (``"set of 3"``), by the kind's index: the parts of ``{name}``.
#: Counted, as the table model's own ``"set of {n}"``: English says it one way for every
#: number, Arabic agrees the cards with it ("بطاقتان", "3 بطاقات", "11 بطاقةً").
PARTS: tuple[Phrase, ...] = tuple(Phrase.counted(word + " of {n}", word + " of {n}")
                                  for word in KIND_WORDS)
#: A phase of the rules' list, by its number (``{name}``: ``"phase 2: set of 3 + run of 4"``).
NUMBERED_PHASE = Phrase("phase {number}: {parts}")
#: The free numbers a Wild may name on a run (``{ends}``): two ends, or none.
TWO_ENDS = Phrase("{low} or {high}")
NONE_HERE = Phrase("none here")
#: A group a hit is checked against without its place on the table (``{where}``).
THAT_GROUP = Phrase("that group")
#: Every phrase, by name (with :data:`TABLE`, the ids of the ``phase10_refusals`` catalogue).
PHRASES: dict[str, Phrase] = phrases(globals())


def phase_named(text: str, number: int | None = None) -> Phrase:
    """A phase in words for a refusal (``{name}``): ``"set of 3 + run of 4"``, and
    ``"phase 2: ..."`` with its ``number`` in the rules' list; the same words as
    :func:`~tablegames.phase10.rules.describe_phase`, each part a phrase."""
    parts = Phrase.joined(" + ", (PARTS[kind].at(n=n) for kind, n in parse_phase(text)))
    return parts if number is None else NUMBERED_PHASE.at(number=number, parts=parts)


def shown(value: object, *, as_repr: bool = False, limit: int = 120) -> str:
    """``str(value)`` (or ``repr``) for a message, cut to a quoted prefix when it is long.

    A short group such as ``run1-12=R1,...`` reads best whole; a caller's 5,000-digit
    number must not come back whole (see :func:`~tablegames.common.errors.quoted`).
    """
    try:
        text = repr(value) if as_repr else str(value)
    except ValueError:  # holds an int too long to write out at all
        return f"a {type(value).__name__} too long to show"
    return text if len(text) <= limit else quoted(text)


__all__ = ["PHRASES", "TABLE", "Fault", "phase_named", "shown"]
