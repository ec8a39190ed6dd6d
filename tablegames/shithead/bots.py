"""A Shithead bot that plays by the rules of thumb of a seasoned player.

* **Swap**: put the three strongest cards face up (cards playable on anything first, then
  high ranks), so the hand keeps the low cards to shed early and the face-up cards can
  still beat a high pile late in the round.
* **Play**: shed the lowest ordinary rank that fits, the whole set of it at once; keep the
  "play on anything" specials (zero-it, burn, transparent, under-over) and Take-it-bad-luck
  for when nothing else fits, then spend the cheapest of them, one card at a time. A big
  pile is worth giving away, so Take-it is played early when the pile is large.
* **Take it, bad luck**: give the pile to the opponent closest to going out.
* **Blind**: any face-down card is as good as another; take the first.
* **Cut in** (``Rules.cut_in``: completing four of a kind out of turn) whenever it may:
  the pile burns and the seat plays on.
* Now and then (``explore``, 5%) it makes a random legal play instead: without it, bots
  that all follow the same rules can pass a pile round the table for ever.

"Low" and "high" are the rules' rank order (``Rules.aces``: with the ace high, as in the
``classic`` variant, the ace is the strongest plain card and is kept, not shed first), read
from the compiled table's ``rank``, never from the card's value (on which the ace is 1).

It reads only what its seat may see (its own hand, the table, public counts).
"""

from __future__ import annotations

from typing import Any

from tablegames.common.actions import Action
from tablegames.common.rng import Rng
from tablegames.shithead import actions as A
from tablegames.shithead.cards import VALUE
from tablegames.shithead.effects import BURN, CLEAR, GIVE, RESET, UNDER, Table

#: Cost of spending a special (higher = keep longer), by effect code.
_SPECIAL_COST = {UNDER: 100, CLEAR: 101, RESET: 102, BURN: 103, GIVE: 104}
#: A pile at least this big is worth giving away with Take-it-bad-luck.
BIG_PILE = 6


def card_strength(table: Table, code: int) -> int:
    """How much a card is worth keeping (face-up or in hand for later)."""
    v = VALUE[code]
    kind = table.kind[v]
    if kind in _SPECIAL_COST:
        return _SPECIAL_COST[kind]
    return table.rank[v] + (50 if table.any_pile[v] else 0)


class SmartBot:
    """Rules-of-thumb Shithead player (seeded; its choices are deterministic)."""

    def __init__(self, seed: int | str = 0, explore: float = 0.05) -> None:
        self.rng = Rng(seed)
        self.explore = explore

    def choose(self, state: Any) -> Action:
        """The action for the seat to act."""
        legal: list[Action] = state.legal_actions()
        first = legal[0]
        seat = first.seat
        if isinstance(first, A.Done):
            return self._swap(state, seat, legal)
        if isinstance(first, A.Give):
            return self._target(state, seat, legal)
        if len(legal) == 1:
            return first
        if isinstance(first, A.Blind):
            return first
        if self.rng.random() < self.explore:
            # now and then an off-beat play: deterministic players can chase each
            # other round a pile for ever (low cards under a five-or-less); this breaks it
            return legal[self.rng.below(len(legal))]
        plays: list[Action] = [a for a in legal if isinstance(a, A.Play)]
        # a pick-up by choice (pickup="any") is never this bot's play while a card fits
        return self._play(state, plays) if plays else first

    @staticmethod
    def _swap(state: Any, seat: int, legal: list[Action]) -> Action:
        table = state.table
        up, hand = state.face_up[seat], state.hands[seat]
        both = sorted(up + hand, key=lambda c: (card_strength(table, c), c), reverse=True)
        best = sorted(both[: len(up)])
        if best == up:
            return legal[0]
        rest = list(best)
        give_up = []
        for c in up:
            if c in rest:
                rest.remove(c)
            else:
                give_up.append(c)
        for a in legal[1:]:
            if isinstance(a, A.Swap) and list(a.up) == sorted(give_up) and list(a.hand) == rest:
                return a
        return legal[0]

    @staticmethod
    def _target(state: Any, seat: int, legal: list[Action]) -> Action:
        def cards_left(s: int) -> int:
            return len(state.hands[s]) + len(state.face_up[s]) + len(state.face_down[s])

        return min(legal, key=lambda a: (cards_left(a.target), a.target))  # type: ignore[attr-defined]

    @staticmethod
    def _play(state: Any, legal: list[Action]) -> Action:
        table = state.table
        rank = table.rank
        big = len(state.pile) >= BIG_PILE

        def cost(a: Action) -> tuple[int, int]:
            cards = a.cards  # type: ignore[attr-defined]
            v = VALUE[cards[0]]
            kind = table.kind[v]
            if kind == GIVE and big:
                return (-1, -len(cards))
            if kind in _SPECIAL_COST:
                return (_SPECIAL_COST[kind], len(cards))
            if table.any_pile[v]:
                return (50 + rank[v], len(cards))
            return (rank[v], -len(cards))

        return min(legal, key=cost)

    def interrupt(self, state: Any, seat: int) -> Action | None:
        """Cut in whenever the rules offer it (``Rules.cut_in``): completing the run burns
        the pile, sheds the cards and gives the seat the next play, so it always pays;
        with a choice, shed the most cards."""
        plays = [a for a in state.legal_actions(seat) if isinstance(a, A.Play)]
        if not plays:
            return None
        return max(plays, key=lambda a: len(a.cards))


#: Temperatures of the value's softmaxes: cards held (a round) and lost rounds (a match).
_CARDS_TEMPERATURE = 4.0
_MATCH_TEMPERATURE = 0.7
#: Actions a search rollout plays before it is cut and valued.
ROLLOUT_ACTIONS = 24


def _value(state: Any) -> list[float]:
    """Each seat's rough chance of not losing, from the cards every seat still holds.

    The loser is the last seat holding cards, so the more cards (hand, face up, face down)
    a seat holds the likelier it loses: a softmax over the counts of the seats still in
    the round (a seat that is out cannot lose it). In a match of rounds the expected tally
    of lost rounds goes through a second softmax: the seats with the most lose the match.
    """
    import math

    n = state.n
    out = set(state.finished)
    held = [len(state.hands[s]) + len(state.face_up[s]) + len(state.face_down[s]) for s in range(n)]
    weights = [0.0 if s in out else math.exp(held[s] / _CARDS_TEMPERATURE) for s in range(n)]
    total = sum(weights) or 1.0
    lose_round = [w / total for w in weights]
    if state.rules.rounds <= 1:
        return [1.0 - p for p in lose_round]
    expected = [state.tally[s] + lose_round[s] for s in range(n)]
    top = max(expected)
    match = [math.exp((e - top) / _MATCH_TEMPERATURE) for e in expected]
    total = sum(match)
    return [1.0 - m / total for m in match]


from tablegames.bots.hints import SearchHints  # noqa: E402
from tablegames.bots.registry import register_hints  # noqa: E402

register_hints("shithead", SearchHints(
    rollout=SmartBot, value=_value, horizon=lambda s: s.version, rollout_depth=ROLLOUT_ACTIONS))
