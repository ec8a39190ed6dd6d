"""What the others' knocks and stays this hand say about their hidden cards: a likelihood
for the search's sampled worlds (``SearchHints.belief``).

:func:`~tablegames.toepen.worlds.sample_world` deals the cards a seat cannot see
uniformly, except for the hard fact that a seat which did not follow a suit holds none
of it (TOE-11). A person reads more into a knock. Only the last trick counts, so a
player knocks (TOE-21) when its best card is likely to win it, and stays after a knock
(TOE-22) when its chance is good enough for the raised stake; a world in which the
knocker holds nothing that could win the last trick explains its knock badly. Dealt
uniformly, such worlds are most of them, and a search that plans against them knocks
back and stays on hopeless cards.

The model (:class:`Reading`; the search uses ``CLUB_READING`` of
:mod:`tablegames.toepen.bots`) reads the knocks and stays of this hand the way the club bot
(:class:`~tablegames.toepen.bots.ClubBot`) makes them: it knocks when its chance to win
the last trick reaches ``KNOCK_AT`` (raised by ``KNOCK_STEP`` per knock already made),
and stays when ``(1 - 0.9 * chance) * stake < stake_before`` (its chance judged 0.1 lower
when losing the hand would put it at the limit). In a sampled world the
chance of a seat ``o`` is the club bot's own estimate from ``o``'s sampled cards and
what ``o`` has seen (:meth:`ClubBot.win_chance`), taken now: ``o`` keeps its best card
for the last trick, so its chance then is about its chance now. Each knock or stay of
``o`` this hand adds ``log sigmoid((chance - bar) / SOFTNESS)`` to the world's
log-likelihood: worlds in which ``o``'s cards clear the bar it acted on keep their
weight, worlds far below it lose it (by ``e`` per ``SOFTNESS`` of chance short). The
search then resamples its worlds by that weight (sampling-importance-resampling, see
:mod:`tablegames.bots.ismcts`), so every world it plays is still one the engine dealt.

Only this hand's knocks and stays count, and only what ``seat`` saw (the public action
history and the public state). Folded seats are left out: their cards no longer play.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import attrs

from tablegames.toepen import actions as A

if TYPE_CHECKING:
    from tablegames.toepen.state import State

#: How soft a knock's or stay's bar is, in chance to win the last trick: a world in
#: which the seat's chance falls this much short of the bar is about ``e`` times less
#: likely to have brought that knock or stay.
SOFTNESS = 0.1

#: One signal: (seat, bar) — the seat knocked or stayed this hand, so its chance to win
#: the last trick was at least about ``bar``.
Signal = tuple[int, float]


@attrs.frozen
class Reading:
    """How a seat's knocks and stays are read: its chance to win the last trick and the
    bars it knocks and stays at. :mod:`tablegames.toepen.bots` makes the club bot's
    (``CLUB_READING``); it is kept there so that this module imports no bot."""

    #: ``chance(state, seat)``: the seat's chance to win the last trick, from what it sees.
    chance: Callable[[Any, int], float]
    #: The chance needed to knock, and how much each knock of the hand so far raises it.
    knock_at: float
    knock_step: float
    #: How much a knock by someone else lowers the answering seat's chance.
    discount: float
    #: How much lower a seat judges its chance when losing would put it at the limit.
    near_limit: float

    def signals(self, state: State, seat: int) -> list[Signal]:
        """The knocks and stays of the other seats still in this hand, with their bars.

        The history does not mark where a hand began, but the state counts this hand's
        knocks (``knocks``): they are the last that many knocks of the history, and this
        hand's stays are the stays after the first of them (a stay only answers a knock,
        TOE-22). A game set up from a position within the hand holds only the knocks
        since: those before count toward the bars (the stake was already raised), and
        the walk stops at the history's start. A lean search world keeps no history to
        read: none.
        """
        if not state.knocks or state.lean:
            return []
        base = state.stake - state.knocks  # the opening stake: 1, or 2 in poverty (TOE-31)
        mine: list[tuple[int, bool]] = []  # (seat, knocked), newest first
        history = state.history
        left = state.knocks
        for i in range(len(history) - 1, -1, -1):
            action = history[i]
            kind = type(action)
            if kind is A.Knock:
                mine.append((action.seat, True))
                left -= 1
                if not left:
                    break
            elif kind is A.Stay:
                mine.append((action.seat, False))
        out: list[Signal] = []
        knocks = left  # this hand's knocks before the history began (a position): TOE-21
        for s, knocked in reversed(mine):
            if knocked:
                if s != seat and state.playing[s]:
                    out.append((s, min(0.95, self.knock_at + self.knock_step * knocks)))
                knocks += 1
            elif s != seat and state.playing[s]:
                stake = base + knocks
                # a stay when (1 - discount * chance) * stake < stake before, solved for chance
                near = self.near_limit if state.lives[s] + stake >= state.rules.limit else 0.0
                out.append((s, (1.0 - max(1, stake - 1) / stake + near) / self.discount))
        return out

    def belief(self, state: State, seat: int) -> Callable[[Any], float] | None:
        """The log-likelihood of a sampled world given this hand's knocks and stays by the
        others (``None`` when there were none: every world is as likely)."""
        found = self.signals(state, seat)
        if not found:
            return None
        chance = self.chance

        def loglik(world: Any) -> float:
            total = 0.0
            for s, bar in found:
                x = (chance(world, s) - bar) / SOFTNESS
                # log sigmoid(x), written so that neither branch overflows
                total += -math.log1p(math.exp(-x)) if x >= 0 else x - math.log1p(math.exp(x))
            return total

        return loglik
