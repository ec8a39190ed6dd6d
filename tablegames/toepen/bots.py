"""A Toepen bot that plays by a club player's rules of thumb.

* Exchange a hand that really is dirty; never bluff. Challenge only a seat whose
  exchange is suspicious by the numbers: rarely, since an honest exchange costs the
  challenger a life.
* Keep the highest card for the last trick: lead and follow low in tricks 1-3, unless
  a card is needed to stay on lead.
* Knock when holding a card that is likely to win the last trick (a 10 or 9, or the best
  card still out in a suit it can lead), once per hand; stay in after a knock with such a
  card, fold a hopeless hand.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tablegames.common.actions import Action
from tablegames.common.rng import Rng
from tablegames.toepen import actions as A
from tablegames.toepen.cards import NINE, TEN, is_dirty

if TYPE_CHECKING:
    from tablegames.toepen.state import State


class ClubBot:
    """Rules-of-thumb Toepen player (seeded for its rare random choices)."""

    def __init__(self, seed: int | str = 0, challenge_rate: float = 0.05) -> None:
        self.rng = Rng(seed)
        self.challenge_rate = challenge_rate

    def choose(self, state: State) -> Action:
        """The action for the seat to act."""
        legal = state.legal_actions()
        seat = state.to_act
        assert seat is not None
        kinds = {type(a) for a in legal}
        hand = state.hands[seat]
        if A.Keep in kinds:
            return A.EXCHANGE[seat] if is_dirty(hand, state.rules.dirty_hand) else A.KEEP[seat]
        if A.Accept in kinds:
            return A.CHALLENGE[seat] if self.rng.random() < self.challenge_rate else A.ACCEPT[seat]
        strong = self._strength(state, seat)
        if A.Stay in kinds:
            return A.STAY[seat] if strong >= 0.5 else A.FOLD[seat]
        plays = [a for a in legal if isinstance(a, A.Play)]
        if A.Knock in kinds and strong >= 0.8 and state.knocks < 2:
            return A.KNOCK[seat]
        return self._pick_card(state, plays)

    @staticmethod
    def _strength(state: State, seat: int) -> float:
        """Rough chance of winning the last trick with this hand (0..1)."""
        hand = state.hands[seat]
        if not hand:
            return 0.0
        best = max(c & 7 for c in hand)
        if best == TEN:
            return 0.9
        if best == NINE:
            return 0.7 if len(hand) <= 2 else 0.6
        return 0.3 if best >= 5 else 0.1

    @staticmethod
    def _pick_card(state: State, plays: list[A.Play]) -> Action:
        if len(plays) == 1:
            return plays[0]
        cards = [p.card for p in plays]
        last_tricks = state.trick_no >= 2
        if not state.trick:
            # lead: lowest card early, highest card when the lead matters (trick 3 on)
            pick = max(cards, key=lambda c: c & 7) if last_tricks else min(cards, key=lambda c: c & 7)
        else:
            led = state.trick[0][1] >> 3
            top = max((c & 7 for _, c in state.trick if c >> 3 == led), default=-1)
            following = [c for c in cards if c >> 3 == led]
            if following and last_tricks:
                winners = [c for c in following if c & 7 > top]
                pick = min(winners, key=lambda c: c & 7) if winners else min(following, key=lambda c: c & 7)
            else:
                pick = min(cards, key=lambda c: c & 7)
        return next(p for p in plays if p.card == pick)


def _value(state: State) -> list[float]:
    """Each seat's rough chance of not losing the game, from the lives lost so far.

    The seat nearest the limit is the likeliest to reach it first: a softmax over the
    lives each seat has left (temperature of about one hand's loss). In a rubber one seat
    usually loses; in elimination all but one do, so there the value is the chance of
    being the last one standing.
    """
    import math

    limit = state.rules.limit
    n = state.n
    left = [max(0, limit - state.lives[s]) for s in range(n)]
    alive = [s for s in range(n) if not state.out[s]]
    if state.rules.ending == "rubber":
        weights = [math.exp(-left[s] / _TEMPERATURE) if s in alive else 0.0 for s in range(n)]
        total = sum(weights) or 1.0
        return [1.0 - w / total for w in weights]
    weights = [math.exp(left[s] / _TEMPERATURE) if s in alive else 0.0 for s in range(n)]
    total = sum(weights) or 1.0
    return [w / total for w in weights]


_TEMPERATURE = 1.5

from tablegames.bots.hints import SearchHints  # noqa: E402
from tablegames.bots.registry import register_hints  # noqa: E402

register_hints("toepen", SearchHints(
    rollout=ClubBot, value=_value, horizon=lambda s: s.hand_no, rollout_hands=1))
