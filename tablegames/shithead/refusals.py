"""Every refusal Shithead gives, in one table, and the one predicate per verb that decides it.

The table is the constants below, each a :class:`~tablegames.common.refusals.Refusal`
row: the reason code an app branches on, the ruling the refusal enforces (its section on
the rulings page) and the words, with ``{name}`` fields filled in from the values the
predicate quotes. Each verb has one predicate (:func:`play_refusal`, :func:`pickup_refusal`,
...) that returns the refusal (a :class:`~tablegames.common.refusals.Refused` answer), or
``None``, on the line that tests the rule, so ``grep SHD-21`` lands there; what may go on
the pile is read from the effects table (:meth:`~tablegames.shithead.effects.Table.refusal`),
never from words. ``legal_actions`` and ``apply`` ask the same predicates, so an action
is listed exactly when it is not refused, and no message is written while listing.

Some codes appear more than once: the same reason under two rulings (``out_of_turn`` in
the swap is SHD-03, in play SHD-04), or told in other words (``not_in_hand`` of a swap
and of a play). Each row is one thing a player can be told.
"""

from __future__ import annotations

from itertools import pairwise
from typing import TYPE_CHECKING

from tablegames.common.refusals import Phrase, Refusal, Refused, phrases, table
from tablegames.shithead.cards import FACES, NAMES, RANK_TEXT, VALUE
from tablegames.shithead.multisets import contains
from tablegames.shithead.stages import GIVING, MAX_CARDS, PLAY, SWAP

if TYPE_CHECKING:
    from tablegames.shithead.state import State

# -- an action at a stage that does not take it: the ruling of the verb refused, which
# -- says when it is made (a swap is SHD-03 whether the round is at play or at a give) ---
_WRONG_STAGE = "{what} is not possible now: the round is at {stage}"
NOT_NOW_SWAP = Refusal("wrong_phase", "SHD-03", _WRONG_STAGE)  # swap, done, ready, unready
NOT_NOW_PLAY = Refusal("wrong_phase", "SHD-05", _WRONG_STAGE)
NOT_NOW_PICKUP = Refusal("wrong_phase", "SHD-08", _WRONG_STAGE)
NOT_NOW_BLIND = Refusal("wrong_phase", "SHD-10", _WRONG_STAGE)
NOT_NOW_GIVE = Refusal("wrong_phase", "SHD-28", _WRONG_STAGE)
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
SWAP_ORDER = Refusal("card_order", "SHD-03", "name the cards in the order the game lists them")
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
PLAY_ORDER = Refusal("card_order", "SHD-05", "name the cards in the order the game lists them")
MIXED_VALUES = Refusal("mixed_values", "SHD-07", "only cards of one value may be played together")
HAND_FIRST = Refusal("hand_first", "SHD-09", "face-up cards are played only once the hand is empty")
NOT_IN_HAND = Refusal("not_in_hand", "SHD-05", "those cards are not in your hand")
NOT_FACE_UP = Refusal("not_face_up", "SHD-09", "those are not among your face-up cards")
PLAY_BLIND = Refusal("play_blind", "SHD-10", "only face-down cards are left: play one blind")
# -- what may go on the pile (the effects table decides; see ``effects.Table.refusal``) ---
OVER_CAP = Refusal("over_cap", "SHD-21", "the next card must be {words}")
RESTRICTED = Refusal("restricted", "SHD-21", "the next card must be {words}")
# "your {rank}", not "a {rank}": no article reads right before every rank ("a A", "a 8")
NOT_LOWER = Refusal("not_lower", "SHD-21",
                    "your {rank} goes only on a lower card, not on the pile's {top}")
NOT_LOWER_SKIP = Refusal("not_lower", "SHD-22", NOT_LOWER.template)
NOT_LOWER_REVERSE = Refusal("not_lower", "SHD-23", NOT_LOWER.template)
NOT_LOWER_PLAIN = Refusal("not_lower", "SHD-05", NOT_LOWER.template)
TOO_LOW = Refusal("too_low", "SHD-05", "your {rank} does not reach the pile's {top}")
TOO_LOW_CAP = Refusal("too_low", "SHD-21", TOO_LOW.template)
TOO_LOW_SKIP = Refusal("too_low", "SHD-22", TOO_LOW.template)
TOO_LOW_REVERSE = Refusal("too_low", "SHD-23", TOO_LOW.template)
# -- picking up, blind cards, the taker ---------------------------------------------------
MUST_PLAY = Refusal("must_play", "SHD-08", "you can play a card, so you may not pick up")
EMPTY_PILE = Refusal("empty_pile", "SHD-08", "the pile is empty: there is nothing to pick up")
LEAD_SHOWN = Refusal("lead_shown", "SHD-04", "the round opens with the card you showed, {card}")
NOT_BLIND_YET = Refusal("not_blind_yet", "SHD-10",
                        "face-down cards come only after the hand and face-up cards")
# counted: "card(s)" agreed with its number in no language (Arabic has six forms)
NO_SUCH_CARD = Refusal("no_such_card", "SHD-10", "you have {count} face-down card, numbered 0",
                       plural="you have {count} face-down cards, numbered from 0", count_field="count")
BAD_TARGET = Refusal("bad_target", "SHD-28", "name another player still in the round")

#: Every row, by its name in this module (``tests/common/test_refusals.py`` holds it to
#: the rulings, as every game's).
TABLE: dict[str, Refusal] = table(globals())

# -- the words the predicates fill in that are no name, card or number (each an id of the
# -- shithead_refusals catalogue with the templates, so no English word is left inside a
# -- translated sentence)
#: What a wrong-stage or other-swap refusal says the player tried (``{what}``), and the
#: swap's other word (``{other}``).
A_SWAP = Phrase("a swap")
SAY_DONE = Phrase("'done'")
SAY_READY = Phrase("'ready'")
SAY_UNREADY = Phrase("'unready'")
PLAYING = Phrase("playing a card")
PICKING_UP = Phrase("picking up")
A_BLIND_CARD = Phrase("a blind card")
NAMING_TAKER = Phrase("naming who takes the pile")
#: The stage the round is at, in the words of a refusal at the wrong stage (``{stage}``).
AT_SWAP = Phrase("the swap before play")
AT_PLAY = Phrase("play")
AT_GIVING = Phrase("choosing who takes the pile")
#: What a restricting top allows (``{words}``, made once per rules by
#: :class:`~tablegames.shithead.effects.Table`; ``{ranks}`` is card ranks).
OR_LESS = Phrase("{rank} or less")
OR_LESS_BUT = Phrase("{rank} or less, not {ranks}")
ONLY = Phrase("only {ranks}")
#: Every phrase, by name (with :data:`TABLE`, the ids of the ``shithead_refusals`` catalogue).
PHRASES: dict[str, Phrase] = phrases(globals())

_STAGE_WORDS = {SWAP: AT_SWAP, PLAY: AT_PLAY, GIVING: AT_GIVING}


def is_cards(cards: object) -> bool:
    """Whether an action's ``cards`` are a tuple of one or more card codes."""
    return (type(cards) is tuple and 0 < len(cards) <= MAX_CARDS
            and all(type(c) is int and 0 <= c < FACES for c in cards))


def in_order(cards: tuple[int, ...]) -> bool:
    """Whether ``cards`` are in code order, the one order the notation writes and reads
    (``play 5h,5d`` is read as ``5d,5h``). An action built in Python with its cards in
    another order was taken as it came (found by helper-122): its cards went onto the
    pile in that order, but its notation, written in the history and the record, reads
    back sorted, so the game's own save replayed to another pile and ``verify=True``
    refused it."""
    return all(a <= b for a, b in pairwise(cards))


# -- one predicate per verb ----------------------------------------------------------
def stage_refusal(state: State, stage: int, what: Phrase, row: Refusal) -> Refused | None:
    """``what`` is refused unless the round is at ``stage``: ``row`` is the verb's refusal,
    under the ruling that says when the verb is made (SHD-03, 05, 08, 10 or 28), whatever
    stage the round is at (found by helper-77: a swap during play cited SHD-05)."""
    if state.stage == stage:
        return None
    return row.at(what=what, stage=_STAGE_WORDS[state.stage])


def turn_refusal(state: State, seat: int, late: Refusal) -> Refused | None:
    """``seat`` is refused unless it is to act: a seat out of the round (SHD-01), else
    ``late``, the verb's out-of-turn row."""
    to_act = state.to_act
    if seat == to_act:
        return None
    if not state.playing[seat]:
        return FINISHED.at(name=state.players[seat])  # SHD-01: out of the round
    return late.at(name=state.players[to_act or 0])  # SHD-03/04/28: another's turn


def mode_refusal(state: State, mode: str, what: Phrase) -> Refused | None:
    """``what`` belongs to the swap ``mode`` (``Rules.swap_mode``, SHD-03)."""
    if state.rules.swap_mode == mode:
        return None
    other = SAY_READY if mode == "turns" else SAY_DONE
    return SWAP_MODE.at(what=what, other=other)  # SHD-03: the other swap


def swapper_refusal(state: State, seat: int) -> Refused | None:
    """Whether ``seat`` may swap now (SHD-03), whatever the cards."""
    if (found := stage_refusal(state, SWAP, A_SWAP, NOT_NOW_SWAP)) is not None:  # SHD-03
        return found
    if seat not in state.swapping:
        if state.rules.swap_mode == "simultaneous":
            return SAID_READY.at()  # SHD-03: ready seats swap no more
        return SWAPPED_ONCE.at()  # SHD-03: once only
    if state.rules.swap_mode == "turns":
        return turn_refusal(state, seat, OUT_OF_TURN_SWAP)  # SHD-03: swaps in turn
    return None


def swap_refusal(state: State, seat: int, up: object, hand: object) -> Refused | None:
    """Why ``seat`` may not swap face-up ``up`` for hand cards ``hand`` (SHD-03)."""
    if (found := swapper_refusal(state, seat)) is not None:
        return found
    if not (is_cards(up) and is_cards(hand)):
        return SWAP_CARDS.at()  # SHD-03: one or more card codes
    assert isinstance(up, tuple) and isinstance(hand, tuple)
    if not (in_order(up) and in_order(hand)):
        return SWAP_ORDER.at()  # SHD-03: the cards as the notation writes them
    if len(up) != len(hand):
        return SWAP_COUNT.at()  # SHD-03: card for card
    if not contains(state.face_up[seat], up):
        return SWAP_NOT_FACE_UP.at()  # SHD-03
    if not contains(state.hands[seat], hand):
        return SWAP_NOT_IN_HAND.at()  # SHD-03
    if set(up) & set(hand):
        return SWAP_SAME_CARD.at()  # SHD-03: a swap that changes nothing
    return None


def done_refusal(state: State, seat: int) -> Refused | None:
    """Why ``seat`` may not end its swap turn with ``done`` (SHD-03, swaps in turns)."""
    if (found := stage_refusal(state, SWAP, SAY_DONE, NOT_NOW_SWAP)) is not None:  # SHD-03
        return found
    if (found := mode_refusal(state, "turns", SAY_DONE)) is not None:
        return found
    if seat not in state.swapping:
        return HAD_SWAP.at()  # SHD-03: once only
    return turn_refusal(state, seat, OUT_OF_TURN_SWAP)  # SHD-03: swaps in turn


def ready_refusal(state: State, seat: int) -> Refused | None:
    """Why ``seat`` may not say ``ready`` (SHD-03, simultaneous swaps)."""
    if (found := stage_refusal(state, SWAP, SAY_READY, NOT_NOW_SWAP)) is not None:  # SHD-03
        return found
    if (found := mode_refusal(state, "simultaneous", SAY_READY)) is not None:
        return found
    if seat not in state.swapping:
        return ALREADY_READY.at()  # SHD-03
    return None


def unready_refusal(state: State, seat: int) -> Refused | None:
    """Why ``seat`` may not take back its ``ready`` (SHD-03, simultaneous swaps)."""
    if (found := stage_refusal(state, SWAP, SAY_UNREADY, NOT_NOW_SWAP)) is not None:  # SHD-03
        return found
    if (found := mode_refusal(state, "simultaneous", SAY_UNREADY)) is not None:
        return found
    if seat in state.swapping:
        return NOT_READY.at()  # SHD-03
    return None


def play_refusal(state: State, seat: int, cards: object) -> Refused | None:
    """Why ``seat`` may not play ``cards`` now: the turn or a cut-in, the cards' form,
    where they come from, then what the effects table lets on the pile."""
    if state.stage != PLAY:
        return stage_refusal(state, PLAY, PLAYING, NOT_NOW_PLAY)  # SHD-05
    if seat != state.active and (found := cut_in_refusal(state, seat, cards)) is not None:
        return found
    if not (type(cards) is tuple and len(cards) == 1 and type(cards[0]) is int
            and 0 <= cards[0] < FACES):
        if not is_cards(cards):
            return PLAY_CARDS.at()  # SHD-05: one or more card codes
        assert isinstance(cards, tuple)
        if not in_order(cards):
            return PLAY_ORDER.at()  # SHD-05: the cards as the notation writes them
        v = VALUE[cards[0]]
        for c in cards:
            if VALUE[c] != v:
                return MIXED_VALUES.at()  # SHD-07: one value at a time
    assert isinstance(cards, tuple)
    hand = state.hands[seat]
    if hand:
        if not (cards[0] in hand if len(cards) == 1 else contains(hand, cards)):
            if contains(state.face_up[seat], cards):
                return HAND_FIRST.at()  # SHD-09: the hand first
            return NOT_IN_HAND.at()  # SHD-05
    elif state.face_up[seat]:
        if not contains(state.face_up[seat], cards):
            return NOT_FACE_UP.at()  # SHD-09
    else:
        return PLAY_BLIND.at()  # SHD-10: only blind cards left
    lead = state.lead_card()
    if lead is not None and lead not in cards:  # SHD-04 under lead_shown: lead the shown card
        return LEAD_SHOWN.at(card=NAMES[lead])
    return state.table.refusal(VALUE[cards[0]], state.top)  # SHD-05, SHD-21/22/23


def cut_in_refusal(state: State, seat: int, cards: object) -> Refused | None:
    """A play out of turn is refused unless it is a cut-in (``Rules.cut_in``)."""
    found = state._cut_in_need(seat) if state.rules.cut_in else None
    if found is None:
        return turn_refusal(state, seat, OUT_OF_TURN_PLAY)  # SHD-04: plays in turn
    v, need, mine = found
    if (
        type(cards) is tuple and len(cards) >= need
        and all(type(c) is int and 0 <= c < FACES and VALUE[c] == v for c in cards)
        and contains(mine, cards)
    ):
        return None
    return CUT_IN_ONLY.at(rank=RANK_TEXT[v])  # SHD-25: only the four's last cards


def pickup_refusal(state: State, seat: int) -> Refused | None:
    """Why ``seat`` may not pick up the pile: only when nothing it plays from fits (SHD-08)."""
    if (found := stage_refusal(state, PLAY, PICKING_UP, NOT_NOW_PICKUP)) is not None:  # SHD-08
        return found
    if (found := turn_refusal(state, seat, OUT_OF_TURN_PLAY)) is not None:  # SHD-04
        return found
    src = state.hands[seat] or state.face_up[seat]
    if not src:
        return PLAY_BLIND.at()  # SHD-10
    if state.rules.pickup == "any":  # SHD-08 under pickup="any": instead of playing
        return None if state.pile else EMPTY_PILE.at()
    fits, top = state.table.can_play_on, state.top
    if any(fits(VALUE[c], top) for c in src):
        return MUST_PLAY.at()  # SHD-08: pick up only when nothing fits
    return None


def blind_refusal(state: State, seat: int, index: object) -> Refused | None:
    """Why ``seat`` may not play its face-down card ``index`` blind (SHD-10)."""
    if (found := stage_refusal(state, PLAY, A_BLIND_CARD, NOT_NOW_BLIND)) is not None:  # SHD-10
        return found
    if (found := turn_refusal(state, seat, OUT_OF_TURN_PLAY)) is not None:  # SHD-04
        return found
    if state.hands[seat] or state.face_up[seat]:
        return NOT_BLIND_YET.at()  # SHD-10: hand and face-up cards first
    down = state.face_down[seat]
    if type(index) is not int or not 0 <= index < len(down):
        return NO_SUCH_CARD.at(count=len(down))  # SHD-10
    return None


def give_refusal(state: State, seat: int, target: object) -> Refused | None:
    """Why ``seat`` may not give the pile to ``target`` (SHD-28)."""
    if (found := stage_refusal(state, GIVING, NAMING_TAKER,
                               NOT_NOW_GIVE)) is not None:  # SHD-28
        return found
    if (found := turn_refusal(state, seat, OUT_OF_TURN_GIVE)) is not None:  # SHD-28
        return found
    if type(target) is not int or target not in state._targets(seat):
        return BAD_TARGET.at()  # SHD-28: another player still in the round
    return None
