"""Every refusal of Toepen, and the one predicate per verb that chooses it.

The table is the constants below, each a :class:`~tablegames.common.refusals.Refusal`
row: the code an :class:`~tablegames.common.errors.IllegalAction` carries, the ruling it
enforces, the message template and whether it is raised as
:class:`~tablegames.common.errors.OutOfTurn`. A predicate (:func:`knock_refusal`,
:func:`play_refusal`, :func:`decision_refusal`) returns the row's plain answer for the
rule that stops an action, or ``None``, on the line that tests that rule, so ``grep
TOE-55`` lands on the knock limit itself. The legal list and ``apply`` ask the same
predicates, so they cannot disagree; only the refusal ``apply`` raises is put into words,
with the values :func:`words` gives, the legal list builds none.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from tablegames.common.actions import Action
from tablegames.common.refusals import Phrase, Refusal, Refused, phrases, table
from tablegames.toepen import actions as A
from tablegames.toepen.stages import CHALLENGE, EXCHANGE, OVER, PLAY, POVERTY, RESPOND, STAGES

if TYPE_CHECKING:
    from tablegames.toepen.state import State

_DECISION_TURN = "it is {to_act}'s decision, not {player}'s"
_WRONG_PHASE = "'{verb}' is not possible now: {stage}"

# -- whose turn: each asking stage asks one seat at a time, by its ruling ----------------
EXCHANGE_TURN = Refusal("out_of_turn", "TOE-03", _DECISION_TURN, out_of_turn=True)
CHALLENGE_TURN = Refusal("out_of_turn", "TOE-04", _DECISION_TURN, out_of_turn=True)
ANSWER_TURN = Refusal("out_of_turn", "TOE-22", _DECISION_TURN, out_of_turn=True)
POVERTY_TURN = Refusal("out_of_turn", "TOE-31", _DECISION_TURN, out_of_turn=True)
PLAY_TURN = Refusal("out_of_turn", "TOE-12", "it is {to_act}'s turn to play", out_of_turn=True)
# -- a decision or card in a stage that does not take it: each stage's own ruling ------
NOT_NOW_EXCHANGE = Refusal("wrong_phase", "TOE-56", _WRONG_PHASE)
NOT_NOW_CHALLENGE = Refusal("wrong_phase", "TOE-04", _WRONG_PHASE)
NOT_NOW_POVERTY = Refusal("wrong_phase", "TOE-31", _WRONG_PHASE)
NOT_NOW_ANSWER = Refusal("wrong_phase", "TOE-22", _WRONG_PHASE)
# -- playing a card ----------------------------------------------------------------------
NOT_IN_HAND = Refusal("not_in_hand", "TOE-10", "that card is not in your hand")
MUST_FOLLOW_SUIT = Refusal("must_follow_suit", "TOE-11", "you must follow suit")
# -- knocking ----------------------------------------------------------------------------
KNOCK_PENDING = Refusal("knock_pending", "TOE-22",
                        "{knocker}'s knock is still being answered; knock again once everyone "
                        "has stayed or folded")
KNOCK_NOT_NOW = Refusal("knock_not_now", "TOE-50",
                        "knocking starts once every hand is settled and play has begun")
NOT_IN_ROUND = Refusal("not_in_round", "TOE-51", "you are not in this round any more")
OUT_OF_GAME = Refusal("out_of_game", "TOE-23", "you are out of the game")
KNOCK_TWICE = Refusal("knock_twice", "TOE-50",
                      "you knocked last; someone else must knock before you again")
KNOCK_LIMIT = Refusal("knock_limit", "TOE-55",  # TOE-55: the general form of TOE-24
                      "you have lost {lives} life, so you may not raise the stake to {raised}",
                      plural="you have lost {lives} of your lives, so you may not raise the "
                             "stake to {raised}", count_field="lives")
MAX_STAKE = Refusal("max_stake", "TOE-21", "the stake may not exceed {max_stake} (house rule)")
KNOCK_ON_TURN = Refusal("knock_on_turn", "TOE-21", "knocking only on your own turn (house rule)",
                        out_of_turn=True)
# -- folding -----------------------------------------------------------------------------
FOLD_OWN_KNOCK = Refusal("fold_own_knock", "TOE-51", "you may not fold on your own knock")
POVERTY_NO_FOLD = Refusal("poverty_no_fold", "TOE-31",
                          "a player in poverty may not fold (house rule)")

#: Every row, by name (``tests/common/test_refusals.py`` holds it to the rulings, as
#: every game's).
TABLE: dict[str, Refusal] = table(globals())

#: The words :func:`words` fills in that are no name or number: what the table is busy
#: with (``{stage}``, one per :data:`~tablegames.toepen.stages.STAGES`, in the words a
#: player uses, not the engine's stage names) and "nobody" for a turn or knock of no
#: seat, translated with the templates (the ``toepen_refusals`` catalogue).
STAGE_WORDS: tuple[Phrase, ...] = (
    Phrase("everyone is still keeping or throwing in their hand"),  # exchange
    Phrase("an exchange may still be challenged"),  # challenge
    Phrase("the others are still choosing to stay in for 2 or fold for 1"),  # poverty
    Phrase("cards are being played"),  # play
    Phrase("a knock is still being answered"),  # respond
    Phrase("the game is over"),  # over
)
assert len(STAGE_WORDS) == len(STAGES)
NOBODY = Phrase("nobody")
#: Every phrase, by name (with :data:`TABLE`, the ids of the ``toepen_refusals`` catalogue).
PHRASES: dict[str, Phrase] = phrases(globals())

#: A decision or card in a stage that does not take it: each stage's own ruling.
_WRONG_STAGE: dict[int, Refusal] = {
    EXCHANGE: NOT_NOW_EXCHANGE,  # TOE-56: the exchanges come first, before any card
    CHALLENGE: NOT_NOW_CHALLENGE,  # TOE-04: an exchange waits for its challenge
    POVERTY: NOT_NOW_POVERTY,  # TOE-31: poverty choices before any card is played
    RESPOND: NOT_NOW_ANSWER,  # TOE-22: a knock is answered before play goes on
}
#: A decision while cards are played (there is nothing to decide then): the ruling that
#: says when that decision is taken, not TOE-10 (how a trick is played), which forbids
#: none of them.
_DECISION_NOT_IN_PLAY: dict[type[Action], Refusal] = {
    A.Keep: NOT_NOW_EXCHANGE, A.Exchange: NOT_NOW_EXCHANGE,  # TOE-56: before any card
    A.Accept: NOT_NOW_CHALLENGE, A.Challenge: NOT_NOW_CHALLENGE,  # TOE-04: after an exchange
    A.Stay: NOT_NOW_ANSWER, A.Fold: NOT_NOW_ANSWER,  # TOE-22: in answer to a knock
}
#: Another seat's decision: each asking stage asks one seat at a time, by its ruling.
_ASKED_IN_TURN: dict[int, Refusal] = {
    EXCHANGE: EXCHANGE_TURN,  # TOE-03: each asked once, in turn from the dealer's left
    CHALLENGE: CHALLENGE_TURN,  # TOE-04: in turn from the exchanger's left
    POVERTY: POVERTY_TURN,  # TOE-31: in turn from the poverty player's left
    RESPOND: ANSWER_TURN,  # TOE-22: in turn from the knocker's left
}
#: The decisions each asking stage takes (plays and knocks are apart).
DECISIONS: dict[int, tuple[type[Action], ...]] = {
    EXCHANGE: (A.Keep, A.Exchange), CHALLENGE: (A.Accept, A.Challenge),
    POVERTY: (A.Stay, A.Fold), RESPOND: (A.Stay, A.Fold), PLAY: (), OVER: (),
}


def _left(state: State, seat: int) -> Refused | None:
    """Why ``seat`` takes no part now whatever it asks, or ``None``: a seat out of the
    game is never asked again, a seat that folded nothing more this round. Said before
    whose turn it is, which would suggest the seat's turn will come."""
    if state.out[seat]:
        return OUT_OF_GAME.at()  # TOE-23: out of the game at the limit
    if not state.playing[seat] and state.stage != OVER:
        return NOT_IN_ROUND.at()  # TOE-51: a folded seat takes no further part
    return None


def knock_refusal(state: State, seat: int) -> Refused | None:
    """Why ``seat`` may not knock now, or ``None`` (TOE-21/22/23/50/51/55, house rules)."""
    left = _left(state, seat)
    if left is not None:
        return left
    stage = state.stage
    if stage == RESPOND:
        return KNOCK_PENDING.at()  # TOE-22: one knock at a time
    if stage != PLAY:
        return KNOCK_NOT_NOW.at()  # TOE-50: once every hand is settled and play is on
    rules = state.rules
    if state.last_knocker == seat and not rules.double_knock:
        return KNOCK_TWICE.at()  # TOE-50: not twice in a row
    raised = state.stake + 1
    if raised > rules.limit - state.lives[seat]:
        return KNOCK_LIMIT.at()  # TOE-55: no raise past the limit
    if rules.max_stake is not None and raised > rules.max_stake:
        return MAX_STAKE.at()  # TOE-21: house rule max_stake
    if rules.knock_only_on_turn and seat != state.active:
        return KNOCK_ON_TURN.at()  # TOE-21: house rule knock_only_on_turn
    return None


def playable(state: State, seat: int) -> Sequence[int]:
    """The cards ``seat`` may play now: the legal list's plays, and what
    :func:`play_refusal` allows (it asks this first, so the two cannot disagree)."""
    if state.stage != PLAY or seat != state.active:
        return ()
    hand = state.hands[seat]
    trick = state.trick
    if trick:
        led = trick[0][1] >> 3
        follow = [c for c in hand if c >> 3 == led]
        if follow:  # TOE-11: follow suit if you can
            return follow
    return hand


def play_refusal(state: State, seat: int, card: object) -> Refused | None:
    """Why ``seat`` may not play ``card`` now, or ``None`` (TOE-10/11/12).

    A card :func:`playable` lists is allowed; any other is refused for the first rule
    it breaks, in the order below.
    """
    if type(card) is int and card in playable(state, seat):  # True == 1: a bool is no card
        return None
    left = _left(state, seat)
    if left is not None:
        return left
    stage = state.stage
    if stage != PLAY:
        return _WRONG_STAGE[stage].at()
    if seat != state.active:
        return PLAY_TURN.at()  # TOE-12: in turn from the leader
    if type(card) is not int or card not in state.hands[seat]:
        return NOT_IN_HAND.at()  # TOE-10: a card from your hand
    return MUST_FOLLOW_SUIT.at()  # TOE-11: in the hand, but not of the led suit


def decisions(state: State, seat: int) -> tuple[type[Action], ...]:
    """The decisions ``seat`` may take now: the legal list's, and what
    :func:`decision_refusal` allows (it asks this first, so the two cannot disagree).
    Each asking stage asks one seat at a time, the first of its queue."""
    queue = state.queue
    return DECISIONS[state.stage] if queue and seat == queue[0] else ()


def decision_refusal(state: State, seat: int, kind: type[Action]) -> Refused | None:
    """Why ``seat`` may not take the decision ``kind`` now, or ``None``.

    A decision :func:`decisions` lists is allowed; any other is refused for the first
    rule it breaks, in the order below.
    """
    if kind in decisions(state, seat):
        return None
    left = _left(state, seat)
    if left is not None:
        return left
    stage = state.stage
    if kind not in DECISIONS[stage]:
        if stage == PLAY:
            return _DECISION_NOT_IN_PLAY[kind].at()  # TOE-56, TOE-04 or TOE-22: by the verb
        return _WRONG_STAGE[stage].at()  # TOE-56, TOE-04, TOE-31 or TOE-22: by the stage
    if stage == RESPOND and kind is A.Fold:
        if seat == state.knocker:
            return FOLD_OWN_KNOCK.at()  # TOE-51: the knocker stays in
        if state.poverty[seat] and state.playing[seat] and not state.rules.poverty_may_fold:
            return POVERTY_NO_FOLD.at()  # TOE-31: house rule poverty_may_fold
    return _ASKED_IN_TURN[stage].at()  # another seat's decision


def words(state: State, seat: int, action: Action) -> dict[str, object]:
    """What a refusal's template may say, filled in when ``apply`` raises (``refused.error(seat,
    words(...))``): nothing the acting seat cannot know."""
    players = state.players
    to_act = state.to_act
    return {
        "player": players[seat],
        "to_act": NOBODY if to_act is None else players[to_act],
        "knocker": players[state.knocker] if state.knocker >= 0 else NOBODY,
        "lives": state.lives[seat],
        "raised": state.stake + 1,
        "max_stake": state.rules.max_stake,
        "verb": action.verb,  # the player's own notation ('knock'): not translated
        "stage": STAGE_WORDS[state.stage],
    }
