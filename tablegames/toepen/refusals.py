"""Every refusal of Toepen, and the one predicate per verb that chooses it.

:data:`REFUSALS` is the game's table of refusals: each key is the pair (ruling, code) an
:class:`~tablegames.common.errors.IllegalAction` carries, each value the message template
and the error class. A predicate (:func:`knock_refusal`, :func:`play_refusal`,
:func:`decision_refusal`) returns the key of the rule that stops an action, or ``None``,
on the line that tests that rule, so ``grep TOE-55`` lands on the knock limit itself.
The legal list and ``apply`` ask the same predicates, so they cannot disagree; only the
refusal ``apply`` raises is put into words (:func:`refusal`), the legal list builds none.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from tablegames.common.actions import Action
from tablegames.common.errors import IllegalAction, OutOfTurn
from tablegames.toepen import actions as A
from tablegames.toepen.stages import CHALLENGE, EXCHANGE, OVER, PLAY, POVERTY, RESPOND, STAGES

if TYPE_CHECKING:
    from tablegames.toepen.state import State

#: A refusal: the ruling it enforces and its stable code (a key of :data:`REFUSALS`).
Refusal = tuple[str, str]

#: The game's refusals: (ruling, code) -> (message template, error class). The template's
#: fields are those :func:`_words` gives (only what the acting seat may know).
REFUSALS: dict[Refusal, tuple[str, type[IllegalAction]]] = {
    ("TOE-03", "out_of_turn"): ("it is {to_act}'s decision, not {player}'s", OutOfTurn),
    ("TOE-04", "out_of_turn"): ("it is {to_act}'s decision, not {player}'s", OutOfTurn),
    ("TOE-22", "out_of_turn"): ("it is {to_act}'s decision, not {player}'s", OutOfTurn),
    ("TOE-31", "out_of_turn"): ("it is {to_act}'s decision, not {player}'s", OutOfTurn),
    ("TOE-12", "out_of_turn"): ("it is {to_act}'s turn to play", OutOfTurn),
    ("TOE-56", "wrong_phase"): ("'{verb}' is not possible now: the hand is in its {stage} "
                                "phase", IllegalAction),
    ("TOE-04", "wrong_phase"): ("'{verb}' is not possible now: the hand is in its {stage} "
                                "phase", IllegalAction),
    ("TOE-31", "wrong_phase"): ("'{verb}' is not possible now: the hand is in its {stage} "
                                "phase", IllegalAction),
    ("TOE-22", "wrong_phase"): ("'{verb}' is not possible now: the hand is in its {stage} "
                                "phase", IllegalAction),
    ("TOE-10", "wrong_phase"): ("'{verb}' is not possible now: the hand is in its {stage} "
                                "phase", IllegalAction),
    ("TOE-10", "not_in_hand"): ("that card is not in your hand", IllegalAction),
    ("TOE-11", "must_follow_suit"): ("you must follow suit", IllegalAction),
    ("TOE-22", "knock_pending"): ("{knocker}'s knock is still being answered; knock again "
                                  "once everyone has stayed or folded", IllegalAction),
    ("TOE-50", "knock_not_now"): ("knocking starts once every hand is settled and play has "
                                  "begun", IllegalAction),
    ("TOE-51", "not_in_round"): ("you are not in this round any more", IllegalAction),
    ("TOE-50", "knock_twice"): ("you knocked last; someone else must knock before you again",
                                IllegalAction),
    ("TOE-55", "knock_limit"): ("with {lives} lives lost you may not raise the stake to "
                                "{raised}", IllegalAction),
    ("TOE-21", "max_stake"): ("the stake may not exceed {max_stake} (house rule)",
                              IllegalAction),
    ("TOE-21", "knock_on_turn"): ("knocking only on your own turn (house rule)", OutOfTurn),
    ("TOE-51", "fold_own_knock"): ("you may not fold on your own knock", IllegalAction),
    ("TOE-31", "poverty_no_fold"): ("a player in poverty may not fold (house rule)",
                                    IllegalAction),
}

#: A decision or card in a stage that does not take it: each stage's own ruling.
_WRONG_STAGE: dict[int, Refusal] = {
    EXCHANGE: ("TOE-56", "wrong_phase"),   # the exchanges come first, before any card
    CHALLENGE: ("TOE-04", "wrong_phase"),  # an exchange waits for its challenge
    POVERTY: ("TOE-31", "wrong_phase"),    # poverty choices before any card is played
    RESPOND: ("TOE-22", "wrong_phase"),    # a knock is answered before play goes on
    PLAY: ("TOE-10", "wrong_phase"),       # play: only cards and knocks
}
#: Another seat's decision: each asking stage asks one seat at a time, by its ruling.
_ASKED_IN_TURN: dict[int, Refusal] = {
    EXCHANGE: ("TOE-03", "out_of_turn"),   # each asked once, in turn from the dealer's left
    CHALLENGE: ("TOE-04", "out_of_turn"),  # in turn from the exchanger's left
    POVERTY: ("TOE-31", "out_of_turn"),    # in turn from the poverty player's left
    RESPOND: ("TOE-22", "out_of_turn"),    # in turn from the knocker's left
}
#: The decisions each asking stage takes (plays and knocks are apart).
DECISIONS: dict[int, tuple[type[Action], ...]] = {
    EXCHANGE: (A.Keep, A.Exchange), CHALLENGE: (A.Accept, A.Challenge),
    POVERTY: (A.Stay, A.Fold), RESPOND: (A.Stay, A.Fold), PLAY: (), OVER: (),
}


def knock_refusal(state: State, seat: int) -> Refusal | None:
    """Why ``seat`` may not knock now, or ``None`` (TOE-21/22/50/51/55, house rules)."""
    stage = state.stage
    if stage == RESPOND:
        return ("TOE-22", "knock_pending")
    if stage != PLAY:
        return ("TOE-50", "knock_not_now")  # once every hand is settled and play is on
    if not state.playing[seat]:
        return ("TOE-51", "not_in_round")
    rules = state.rules
    if state.last_knocker == seat and not rules.double_knock:
        return ("TOE-50", "knock_twice")
    raised = state.stake + 1
    if raised > rules.limit - state.lives[seat]:
        return ("TOE-55", "knock_limit")
    if rules.max_stake is not None and raised > rules.max_stake:
        return ("TOE-21", "max_stake")
    if rules.knock_only_on_turn and seat != state.turn:
        return ("TOE-21", "knock_on_turn")
    return None


def playable(state: State, seat: int) -> Sequence[int]:
    """The cards ``seat`` may play now: the legal list's plays, and what
    :func:`play_refusal` allows (it asks this first, so the two cannot disagree)."""
    if state.stage != PLAY or seat != state.turn:
        return ()
    hand = state.hands[seat]
    trick = state.trick
    if trick:
        led = trick[0][1] >> 3
        follow = [c for c in hand if c >> 3 == led]
        if follow:  # TOE-11: follow suit if you can
            return follow
    return hand


def play_refusal(state: State, seat: int, card: object) -> Refusal | None:
    """Why ``seat`` may not play ``card`` now, or ``None`` (TOE-10/11/12).

    A card :func:`playable` lists is allowed; any other is refused for the first rule
    it breaks, in the order below.
    """
    if type(card) is int and card in playable(state, seat):  # True == 1: a bool is no card
        return None
    stage = state.stage
    if stage != PLAY:
        return _WRONG_STAGE[stage]
    if seat != state.turn:
        return ("TOE-12", "out_of_turn")
    if type(card) is not int or card not in state.hands[seat]:
        return ("TOE-10", "not_in_hand")
    return ("TOE-11", "must_follow_suit")  # in the hand, but not a card of the led suit


def decisions(state: State, seat: int) -> tuple[type[Action], ...]:
    """The decisions ``seat`` may take now: the legal list's, and what
    :func:`decision_refusal` allows (it asks this first, so the two cannot disagree).
    Each asking stage asks one seat at a time, the first of its queue."""
    queue = state.queue
    return DECISIONS[state.stage] if queue and seat == queue[0] else ()


def decision_refusal(state: State, seat: int, kind: type[Action]) -> Refusal | None:
    """Why ``seat`` may not take the decision ``kind`` now, or ``None``.

    A decision :func:`decisions` lists is allowed; any other is refused for the first
    rule it breaks, in the order below.
    """
    if kind in decisions(state, seat):
        return None
    stage = state.stage
    if kind not in DECISIONS[stage]:
        return _WRONG_STAGE[stage]
    if stage == RESPOND and kind is A.Fold:
        if seat == state.knocker:
            return ("TOE-51", "fold_own_knock")
        if state.poverty[seat] and state.playing[seat] and not state.rules.poverty_may_fold:
            return ("TOE-31", "poverty_no_fold")
    return _ASKED_IN_TURN[stage]  # another seat's decision


def refusal(state: State, seat: int, key: Refusal, action: Action) -> IllegalAction:
    """The error ``apply`` raises for the refusal ``key`` of ``action`` by ``seat``."""
    template, error = REFUSALS[key]
    ruling, code = key
    return error(template.format(**_words(state, seat, action)), code=code, ruling=ruling,
                 seat=seat)


def _words(state: State, seat: int, action: Action) -> dict[str, object]:
    """What a refusal's template may say: nothing the acting seat cannot know."""
    players = state.players
    to_act = state.to_act
    return {
        "player": players[seat],
        "to_act": "nobody" if to_act is None else players[to_act],
        "knocker": players[state.knocker] if state.knocker >= 0 else "nobody",
        "lives": state.lives[seat],
        "raised": state.stake + 1,
        "max_stake": state.rules.max_stake,
        "verb": action.verb,
        "stage": STAGES[state.stage],
    }
