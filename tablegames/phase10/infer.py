"""What the others' play this hand says about their hidden cards: a likelihood for the
search's sampled worlds (``SearchHints.belief``).

:func:`~tablegames.phase10.worlds.sample_world` deals the cards a seat cannot see
uniformly: every hand consistent with the hard facts is as likely as any other. A person
reads more into the others' play. An opponent who discarded a 7, or drew from the stock
rather than take a 7 from the discard pile, while it still builds a phase with a set,
probably holds few other 7s (it would have kept, or taken, a card that goes with them);
for a colour phase the same goes for the card's colour. Cards it *took* from the discard
pile are already kept in its hand as public knowledge (``known_cards``).

:func:`belief` turns that into a log-likelihood over sampled worlds, which the search
uses for sampling-importance-resampling (SIR; Rubin 1987, "The calculation of posterior
distributions by data augmentation: comment", JASA 82:543-546): it deals a pool of
uniform worlds and keeps one with probability proportional to its likelihood (see
:mod:`tablegames.bots.ismcts`). Every world it keeps is one the engine dealt, so it keeps
every hard constraint by construction; only the odds between worlds change.

The model. For each other seat ``o``, each *signal* is a card that ``o``, not yet down
this hand, discarded, or declined (drew from the stock while taking the top discard was
allowed and that card lay on top); Wilds and Skips say nothing about a phase and are
left out. ``o``'s current phase (public) decides what a signal is evidence against:
same-number cards if the phase has a set, same-colour cards if it has a colour group
(a run alone: nothing, since a run player discards the spare copy of a number it holds).
A world's log-likelihood is ``-STRENGTH`` times the number of (signal, card of ``o``'s
hand that matches it) pairs, summed over the others: each matching card makes the
observed play about ``e`` times less likely, the odds a smart player (who keeps the
cards its phase needs, :class:`~tablegames.phase10.bots.SmartBot`) would give it.
The cards in ``o``'s hand that everyone knows count in every world alike, so they change
no odds.

Only this hand's play counts (a new hand is a new deal), and only what ``seat`` saw:
the public action history (draws, takes and discards name no hidden card) and the
public state. The hand's actions are the last ``plays`` of the history (P10-61: the
state counts each action of the hand once, from 0 at the deal), so finding them costs
the same at step 10 and at step 5,000 (the search asks once a decision, and a world of
a ``lay_when_able`` game once a world: ``_hand_start``). Where the history does not
hold the whole hand (a game set up from a position within the hand, a lean search
world), or the replay of the hand does not land on the public state, :func:`signals`
reports none, and the search samples uniformly, as before.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from tablegames.phase10 import actions as A
from tablegames.phase10.cards import COLOUR, NUMBER, PACK, SKIP, WILD
from tablegames.phase10.rules import COLOUR_GROUP, SET

if TYPE_CHECKING:
    from tablegames.phase10.state import State

#: How much less likely one matching card makes the observed play (log-odds per pair).
STRENGTH = 1.0

#: One signal: (seat, card) — the seat discarded or declined that card this hand.
Signal = tuple[int, int]


def _hand_start(state: State) -> int | None:
    """Where the current hand's actions begin in ``state.history`` (at a game's end, its
    last hand's), or ``None`` when the history does not hold them all.

    Read from the count of the hand's actions, not by a replay of the whole history (a
    search asks for every decision, and a long game has thousands of steps): every
    accepted action of a hand (draw, take, lay, hit, discard; the one that ends the hand
    too, before the next deal sets the count to 0) counts once, and ``apply`` appends
    each to the history. The count cannot be trusted to lie within the history, and the
    answer is ``None``, where the history began within the hand: a game set up from a
    position (its history starts there, its count does not) and a lean search world (it
    keeps no history to read). A position at a hand's deal (count 0) is read exactly.
    Two states count their hand from their load although it began before: a world
    loaded from a save of engine 4 or before (``State._upgraded``) and a hand-written
    position that leaves the count out (it defaults to 0). The start found is then the
    load, within the hand, so what is read from it is true if partial (and
    :func:`signals`, whose replay from a deal then misses the draw pile's size, reads
    nothing)."""
    if state.lean:  # a lean world keeps only the number of its actions
        return None
    start = len(state.history) - state.plays  # P10-61: each action of the hand counts once
    return start if start >= 0 else None


def signals(state: State, seat: int) -> list[Signal]:
    """The cards each other seat discarded or declined this hand while not yet down
    (Wilds and Skips left out), in order; ``[]`` when the history cannot be read (see
    the module docstring). Reads only the public history and public state."""
    start = _hand_start(state)
    if start is None:
        return []
    n_play = sum(1 for p in state.playing if p)
    # the cards turned up at the deal: one, or under first_skip="twist" the Skips turned
    # up first and the card that covered them, P10-25 (a hand not recorded: one)
    turned = len(state.sources[0]) if state.sources else 1
    stock = PACK.size - state.rules.hand_size * n_play - turned
    # the discard pile; None: the card turned up last at the deal (on any Skips it covered)
    pile: list[int | None] = [SKIP] * (turned - 1) + [None]
    down = [False] * state.n
    # (seat, card); card None: the card turned up at the deal, named once the replay
    # knows it (it is still at the bottom of the pile) or dropped (it was taken)
    found: list[tuple[int, int | None]] = []
    history = state.history
    for i in range(start, len(history)):
        a = history[i]
        s = a.seat
        kind = type(a)
        if kind is A.Draw:
            if s != seat and not down[s] and pile and pile[-1] not in (WILD, SKIP):
                found.append((s, pile[-1]))
            if stock == 0:  # the draw pile is rebuilt from all but the top discard
                stock = len(pile) - 1
                pile = pile[-1:]
            stock -= 1
        elif kind is A.Take:
            if not pile:
                return []
            pile.pop()
        elif kind is A.Lay:
            down[s] = True
        elif isinstance(a, A.Discard):
            card = a.card
            if s != seat and not down[s] and card not in (WILD, SKIP):
                found.append((s, card))
            pile.append(card)
    # the replay must land on the public state, or it misread the hand
    if stock != len(state.stock) or len(pile) != len(state.discard):
        return []
    if any(p is not None and p != c for p, c in zip(pile, state.discard, strict=True)):
        return []
    # the turned-up card, where it still lies (a rebuild can leave it alone on the pile)
    first = next((c for p, c in zip(pile, state.discard, strict=True) if p is None), None)
    if first in (WILD, SKIP):
        first = None
    named: list[Signal] = []
    for s, c in found:
        name = c if c is not None else first
        if name is not None:
            named.append((s, name))
    return named


def penalties(state: State, seat: int, strength: float = STRENGTH,
              ) -> dict[int, list[float]]:
    """Per other seat with any signal, the log-likelihood cost of each card face in its
    hand (``-cost`` per card held): ``strength`` per signal the face matches."""
    reqs = state.rules.phase_reqs
    out: dict[int, list[float]] = {}
    for s, card in signals(state, seat):
        phase = state.phases[s]
        if phase < 0:
            continue
        kinds = {kind for kind, _ in reqs[phase]}
        cost = out.setdefault(s, [0.0] * len(NUMBER))
        for f in range(len(NUMBER)):
            if f in (WILD, SKIP):
                continue
            if (SET in kinds and NUMBER[f] == NUMBER[card]) or (
                    COLOUR_GROUP in kinds and COLOUR[f] == COLOUR[card]):
                cost[f] += strength
    return out


def belief(state: Any, seat: int) -> Callable[[Any], float] | None:
    """The log-likelihood of a sampled world given the others' play this hand (see the
    module docstring), or ``None`` when their play says nothing (uniform worlds then).

    ``state`` is any state ``seat`` may see (the search passes its handle's world); the
    function returned reads only the other seats' hands of the worlds it is given.
    """
    costs = penalties(state, seat)
    if not costs:
        return None
    table: list[tuple[int, Sequence[float]]] = sorted(costs.items())

    def loglik(world: Any) -> float:
        total = 0.0
        hands = world.hands
        for s, cost in table:
            for c in hands[s]:
                total -= cost[c]
        return total

    return loglik
