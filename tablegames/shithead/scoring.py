"""The result of a Shithead round or match (SHD-01): who lost, who got out first, the
scores ``Rules.scoring`` asks for and the match tally."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tablegames.common.actions import fresh
from tablegames.common.errors import GameNotOver
from tablegames.common.outcome import Outcome
from tablegames.shithead.stages import OVER

if TYPE_CHECKING:
    from tablegames.shithead.state import State


def outcome_of(state: State) -> Outcome:
    """One round: the loser (SHD-01), the first out as winner; ``scores`` are places
    (or, with ``Rules.scoring="out"``, 1 for every seat that got out and 0 for the loser).

    A match (``Rules.rounds`` > 1): the seats with the most lost rounds lose, those
    with the fewest win, and ``scores`` is the tally of lost rounds (``"out"``: the
    rounds each seat got out of). When every seat lost as many rounds, the match is a
    draw: no winners and no losers (SHD-01 keeps a tally but names no match winner;
    the project's decision, on the rulings page), never every seat as both.
    """
    if state.stage != OVER:
        raise GameNotOver("the round is not over yet")
    n = state.n
    detail: dict[str, Any] = {
        "order": list(state.finished), "loser": state.loser, "limit_hit": state.limit_hit,
        "cards_left": [len(state.hands[s]) + len(state.face_up[s]) + len(state.face_down[s])
                       for s in range(n)],
        "tally": list(state.tally), "rounds_done": fresh(state.rounds_done),
    }
    out = state.rules.scoring == "out"
    if state.rules.rounds > 1:  # SHD-01: a match's tally decides
        most, fewest = max(state.tally), min(state.tally)
        played = len(state.rounds_done)
        drawn = most == fewest  # SHD-01 (decision): an even tally is a draw
        return Outcome(
            winners=frozenset() if drawn else frozenset(
                s for s in range(n) if state.tally[s] == fewest),
            losers=frozenset() if drawn else frozenset(
                s for s in range(n) if state.tally[s] == most),
            scores=tuple(played - t for t in state.tally) if out else tuple(state.tally),
            detail=detail,
        )
    if out:
        scores = tuple(int(s != state.loser) for s in range(n))
    else:
        places = [0] * n
        for i, s in enumerate(state.finished):
            places[s] = i + 1
        for s in range(n):
            if not places[s]:
                places[s] = n if s == state.loser else len(state.finished) + 1
        scores = tuple(places)
    return Outcome(
        winners=frozenset(state.finished[:1]), losers=frozenset((state.loser,)),
        scores=scores, detail=detail,
    )
