"""Every refusal of Phase 10 in one table: its code, the ruling it enforces, its words.

The engine, the lay-down and hit checks of :mod:`tablegames.phase10.check` and the group
checks of :mod:`tablegames.phase10.groups` all build their refusals here with
:func:`refuse`, by the entry's name; the line that tests a rule names its ruling ID in a
comment, so ``grep P10-50 tablegames/phase10`` finds both this table and the deciding
line. One code can enforce different rulings in different verbs (``not_in_hand`` is
P10-42 for a lay-down, P10-50 for a hit, P10-31 for a discard), so entries are keyed by
a name of their own. Templates are filled with :meth:`str.format`; a value the caller
chose (a card, a seat, a group) is put in with :func:`~tablegames.common.errors.quoted`
before it gets here, so a message is never longer than a sentence.
"""

from __future__ import annotations

from typing import Any

import attrs

from tablegames.common.errors import IllegalAction, quoted


@attrs.frozen
class Fault:
    """Why something is not allowed: the refusal ``code``, the ``ruling`` and a sentence."""

    code: str
    ruling: str
    message: str

    def error(self, seat: int | None = None,
              kind: type[IllegalAction] = IllegalAction) -> IllegalAction:
        """The :class:`~tablegames.IllegalAction` (or ``kind``, a subclass such as
        ``OutOfTurn``) the engine raises for this fault."""
        return kind(self.message, code=self.code, ruling=self.ruling, seat=seat)


#: name -> (code, ruling, message template).
REFUSALS: dict[str, tuple[str, str, str]] = {
    # -- the turn (P10-31: draw or take, then play, then discard)
    "out_of_turn": ("out_of_turn", "P10-31", "it is {player}'s turn"),
    "already_drew": ("already_drew", "P10-31", "you have already drawn this turn; play or discard"),
    "draw_first": ("draw_first", "P10-31", "first draw a card or take the top discard"),
    "bad_action": ("bad_action", "P10-01",
                   "{action}: cards, seats and groups are given by whole numbers"),
    # -- drawing
    "draw_empty": ("draw_empty", "P10-59", "the draw pile is empty and cannot be rebuilt"),
    "take_empty": ("take_empty", "P10-31", "the discard pile is empty"),
    "take_skip": ("take_skip", "P10-23", "a Skip may never be taken from the discard pile"),
    # -- the shape of one group
    "not_cards": ("not_a_group", "P10-01", "{group} is not made of Phase 10 cards"),
    "skip_in_phase": ("skip_in_phase", "P10-22", "a Skip is never part of a phase"),
    "open_set_natural": ("not_a_set", "P10-10",
                         "{group}: an open group holds only Wilds (a natural gives it its number)"),
    "open_colour_natural": ("not_one_colour", "P10-17",
                            "{group}: an open group holds only Wilds (a natural gives it its colour)"),
    "no_number": ("not_a_set", "P10-10", "there is no number {key}"),
    "set_mixes": ("not_a_set", "P10-10", "{group} mixes numbers: a set is one number"),
    "run_wraps": ("run_wraps", "P10-56", "{group}: runs use 1-12 and do not wrap"),
    "run_order": ("not_a_run", "P10-11",
                  "{group}: a run lists consecutive numbers in order ({card} is not {number})"),
    "no_colour": ("not_one_colour", "P10-17", "there is no colour {key}"),
    "colour_mixes": ("not_one_colour", "P10-17", "{group} mixes colours"),
    "unknown_kind": ("not_a_group", "P10-40", "unknown group kind {kind}"),
    # -- the house rules on Wilds in a group
    "group_no_natural": ("no_natural", "P10-54", "{group} needs at least one natural card"),
    "wild_group_open": ("open_wild_group", "P10-54",
                        "an all-Wild group is laid open and takes its {word} from the first "
                        "natural hit onto it: write {prefix}?=..."),
    "wild_group_named": ("open_wild_group", "P10-54",
                         "{group}: an all-Wild group names the number or colour it stands for "
                         "(open groups are the house rule wild_groups='open')"),
    # -- laying a phase
    "lay_not_groups": ("not_a_group", "P10-40", "a lay-down is one or more groups"),
    "group_wrong_kind": ("wrong_phase", "P10-41", "{group} is a {kind}, not a {want}"),
    "group_too_small": ("incomplete_phase", "P10-42", "{group} has fewer than {size} cards"),
    "wrong_phase": ("wrong_phase", "P10-41", "your phase is {name}"),
    "phase_at_once": ("incomplete_phase", "P10-42", "the whole phase must be laid at once: {name}"),
    "phase_short": ("incomplete_phase", "P10-42", "the whole phase must be laid: {name}"),
    "lay_exact": ("lay_exact", "P10-43",
                  "lay each group at its size ({name}); add extra cards by hitting"),
    "phase_no_natural": ("no_natural", "P10-54", "the phase needs at least one natural card"),
    "lay_not_in_hand": ("not_in_hand", "P10-42", "you do not hold those cards"),
    "already_down": ("already_down", "P10-44", "you have already laid a phase this hand"),
    # -- hitting
    "not_down": ("not_down", "P10-50", "you may hit only once your own phase is down"),
    "hit_next_turn": ("hit_next_turn", "P10-50",
                      "house rule: you may hit others' groups only from the turn after laying down"),
    "no_such_group": ("no_such_group", "P10-50", "there is no group {owner}.{group} on the table"),
    "hit_not_in_hand": ("not_in_hand", "P10-50", "that card is not in your hand"),
    "no_swap": ("no_swap", "P10-47",
                "a Wild stands for the {number} in {where} and stays there: "
                "cards already laid are never swapped"),
    "already_in_run": ("already_in_run", "P10-11",
                       "{where} already has a {number}: a run holds each number once"),
    "not_next_to_run": ("not_next_to_run", "P10-56",
                        "{card} is next to neither end of {where} ({lo}-{hi}; runs stay within 1-12)"),
    "run_full": ("run_full", "P10-56", "{where} runs from 1 to 12: there is no free end"),
    "wrong_number": ("wrong_number", "P10-10", "{card} is not a {key}: {where} is a set of {key}s"),
    "wrong_colour": ("wrong_colour", "P10-17", "{card} is not the colour of {where}"),
    "wild_value": ("wild_value", "P10-54",
                   "a Wild on a run names the free number at either end it stands for "
                   "({ends}); other hits name no number"),
    # -- discarding and Skips
    "discard_not_in_hand": ("not_in_hand", "P10-31", "that card is not in your hand"),
    "wild_not_skip": ("wild_not_skip", "P10-26", "a Wild cannot be used as a Skip"),
    "not_a_skip": ("not_a_skip", "P10-20", "only a Skip names a player"),
    "skip_is_next": ("skip_is_next", "P10-20",
                     "house rule: a Skip always skips the next player; write 'discard S'"),
    "skip_needs_target": ("skip_needs_target", "P10-20",
                          "name the player your Skip skips ('discard S>SEAT')"),
    "skip_self": ("skip_self", "P10-20", "a Skip makes another player lose a turn"),
    "already_skipped": ("already_skipped", "P10-24", "{player} is already waiting out a skip"),
    "no_such_target": ("no_such_target", "P10-20", "seat {target} cannot be skipped"),
}


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


def refuse(entry: str, /, **values: Any) -> Fault:
    """The refusal ``entry`` of :data:`REFUSALS`, its template filled with ``values``."""
    code, ruling, template = REFUSALS[entry]
    return Fault(code, ruling, template.format(**values))


__all__ = ["REFUSALS", "Fault", "refuse", "shown"]
