"""Every refusal Shithead gives, in one table: code, ruling and message template.

The engine decides *whether* an action is refused in one predicate per verb
(``State._refuse_play``, ``_refuse_pickup``, ...: each returns the refusal, or ``None``), on
the line that tests the rule; it never builds an :class:`IllegalAction` itself. This table
says *what* the player is told: the reason code an app branches on, the ruling the
refusal enforces (its section on the rulings page) and the words, with ``{name}`` fields
filled in by the predicate. ``legal_actions`` and ``apply`` ask the same predicates, so an
action is listed exactly when it is not refused.

Some codes appear more than once: the same reason under two rulings (``out_of_turn`` in
the swap is SHD-03, in play SHD-04), or told in other words (``not_in_hand`` of a swap
and of a play). Each row is one thing a player can be told.
"""

from __future__ import annotations

from typing import Any

import attrs

from tablegames.common.errors import IllegalAction, OutOfTurn
from tablegames.shithead.cards import FACES
from tablegames.shithead.stages import MAX_CARDS


@attrs.frozen
class Refusal:
    """One row of the table: ``code``, ``ruling`` and the message ``template``."""

    code: str
    ruling: str
    template: str
    #: Raised as :class:`OutOfTurn` (the action is right, the moment is not).
    out_of_turn: bool = False

    def error(self, seat: int, **fields: Any) -> IllegalAction:
        """The exception to raise for ``seat``, the template filled with ``fields``."""
        kind = OutOfTurn if self.out_of_turn else IllegalAction
        return kind(self.template.format(**fields), code=self.code, ruling=self.ruling,
                    seat=seat)


#: A refusal the predicate found, with the fields its template needs.
Found = tuple[Refusal, dict[str, Any]]

# -- the stage of the round ---------------------------------------------------------------
WRONG_STAGE_SWAP = Refusal("wrong_phase", "SHD-03",
                           "{what} is not possible now: the round is at the swap before play")
WRONG_STAGE_PLAY = Refusal("wrong_phase", "SHD-05",
                           "{what} is not possible now: the round is at play")
WRONG_STAGE_GIVE = Refusal("wrong_phase", "SHD-28",
                           "{what} is not possible now: the round is at choosing who takes "
                           "the pile")
# -- whose turn ---------------------------------------------------------------------------
FINISHED = Refusal("finished", "SHD-01", "{name} has shed all cards and left the round",
                   out_of_turn=True)
OUT_OF_TURN_SWAP = Refusal("out_of_turn", "SHD-03", "it is {name}'s turn", out_of_turn=True)
OUT_OF_TURN_PLAY = Refusal("out_of_turn", "SHD-04", "it is {name}'s turn", out_of_turn=True)
OUT_OF_TURN_GIVE = Refusal("out_of_turn", "SHD-28", "it is {name}'s turn", out_of_turn=True)
CUT_IN_ONLY = Refusal("out_of_turn", "SHD-25",
                      "out of turn you may only complete the {rank}s on the pile",
                      out_of_turn=True)
# -- the swap (SHD-03) ---------------------------------------------------------------------
SWAP_MODE = Refusal("swap_mode", "SHD-03",
                    "{what} is not part of this table's swap: use {other}")
SAID_READY = Refusal("ready", "SHD-03", "you said ready: say 'unready' to swap again",
                     out_of_turn=True)
SWAPPED_ONCE = Refusal("already_swapped", "SHD-03", "each player swaps once only, before play",
                       out_of_turn=True)
HAD_SWAP = Refusal("already_swapped", "SHD-03", "you have already had your swap",
                   out_of_turn=True)
SWAP_CARDS = Refusal("bad_cards", "SHD-03", "name one or more cards")
SWAP_COUNT = Refusal("swap_count", "SHD-03",
                     "a swap exchanges as many face-up cards as hand cards")
SWAP_NOT_FACE_UP = Refusal("not_face_up", "SHD-03", "those are not all among your face-up cards")
SWAP_NOT_IN_HAND = Refusal("not_in_hand", "SHD-03", "those are not all in your hand")
SWAP_SAME_CARD = Refusal("swap_same_card", "SHD-03",
                         "swapping a card for the same card changes nothing")
ALREADY_READY = Refusal("already_ready", "SHD-03", "you have already said ready")
NOT_READY = Refusal("not_ready", "SHD-03", "you have not said ready")
# -- a play --------------------------------------------------------------------------------
PLAY_CARDS = Refusal("bad_cards", "SHD-05", "name one or more cards")
MIXED_VALUES = Refusal("mixed_values", "SHD-07", "only cards of one value may be played together")
HAND_FIRST = Refusal("hand_first", "SHD-09", "face-up cards are played only once the hand is empty")
NOT_IN_HAND = Refusal("not_in_hand", "SHD-05", "those cards are not in your hand")
NOT_FACE_UP = Refusal("not_face_up", "SHD-09", "those are not among your face-up cards")
PLAY_BLIND = Refusal("play_blind", "SHD-10", "only face-down cards are left: play one blind")
# -- what may go on the pile (the effects table decides; see ``effects.Table.refusal``) ---
OVER_CAP = Refusal("over_cap", "SHD-21", "the next card must be {words}")
RESTRICTED = Refusal("restricted", "SHD-21", "the next card must be {words}")
NOT_LOWER = Refusal("not_lower", "SHD-21", "a {rank} goes only on a lower card, not on a {top}")
TOO_LOW = Refusal("too_low", "SHD-05", "a {rank} does not reach the pile's {top}")
TOO_LOW_CAP = Refusal("too_low", "SHD-21", "a {rank} does not reach the pile's {top}")
TOO_LOW_SKIP = Refusal("too_low", "SHD-22", "a {rank} does not reach the pile's {top}")
TOO_LOW_REVERSE = Refusal("too_low", "SHD-23", "a {rank} does not reach the pile's {top}")
# -- picking up, blind cards, the taker ---------------------------------------------------
MUST_PLAY = Refusal("must_play", "SHD-08", "you can play a card, so you may not pick up")
NOT_BLIND_YET = Refusal("not_blind_yet", "SHD-10",
                        "face-down cards come only after the hand and face-up cards")
NO_SUCH_CARD = Refusal("no_such_card", "SHD-10",
                       "you have {count} face-down card(s), numbered from 0")
BAD_TARGET = Refusal("bad_target", "SHD-28", "name another player still in the round")

#: Every row, by its name in this module (the tests check each ruling exists).
TABLE: dict[str, Refusal] = {
    name: value for name, value in globals().items() if isinstance(value, Refusal)
}


def is_cards(cards: object) -> bool:
    """Whether an action's ``cards`` are a tuple of one or more card codes."""
    return (type(cards) is tuple and 0 < len(cards) <= MAX_CARDS
            and all(type(c) is int and 0 <= c < FACES for c in cards))
