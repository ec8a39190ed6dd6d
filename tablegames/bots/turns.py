"""Who decides next: the one order of questions the harness and the search both follow.

A game state names one seat to act, but two kinds of question sit around that turn:

* **interrupts** — a seat that is not to act may have actions of its own right now
  (Toepen's knock out of turn, TOE-21; Shithead's cut-in where that option is on):
  ``state.legal_actions(seat)`` lists them. Before every turn the seats that have any
  are asked, one at a time, clockwise from the seat after the one to act; the first
  that takes one acts, and the questions start again on the new state.
* **the table** — in a game with a physical world (Dallah) some decisions are not a
  player's at all but a report of what happened (which cups fell). A game's
  :class:`~tablegames.bots.hints.Table` makes those reports; the seat to act is first
  asked, like an interrupt, whether it takes one of its own options (swap the card)
  before the table reports. Reports offered outside the table's stage (Dallah's late
  falls, DAL-23) are left out of every seat's options: a bot cannot know that a cup
  fell after "settled", only the table can.

Clockwise from the seat after the one to act, rather than from seat 0, so that no seat
number always gets the first word. :func:`next_decision` walks this order one question
at a time (the search keeps a tree node per question); :func:`advance` plays one whole
step with callbacks (the harness asks bots through seat-restricted handles, rollouts ask
policies directly), so both follow exactly the same order.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs

from tablegames.common.actions import Action

#: Kinds of question.
TURN, POLL, OWN, NATURE = range(4)
KINDS = ("turn", "poll", "own", "nature")


@attrs.frozen(slots=True)
class Decision:
    """One question: ``seat`` answers it with one of ``options``.

    For ``POLL`` and ``OWN`` passing (taking none of the options) is also an answer;
    ``NATURE`` is the table's report (``options`` is empty: the table decides).
    ``cursor`` is where the question stands in the order, for :func:`next_decision`.
    """

    seat: int
    kind: int
    options: list[Action]
    cursor: int


def next_decision(state: Any, cursor: int, table: Any | None,
                  turn_options: bool = True) -> Decision | None:
    """The first question at or after ``cursor`` (0 = a fresh step); ``None`` once over.

    Cursors ``0 .. n-2`` are the polls of the other seats in clockwise order from the
    seat after the one to act, ``n-1`` the seat to act (its turn, or its own options
    before the table reports) and ``n`` the table's report. With ``turn_options=False``
    a turn's options are left empty (a rollout policy lists them itself, and listing
    them twice was a third of a rollout's time).
    """
    actor = state.to_act
    if actor is None:
        return None
    n = len(state.players)
    for k in range(cursor, n - 1):
        seat = (actor + 1 + k) % n
        options = _players_options(state.legal_actions(seat), table)
        if options:
            return Decision(seat, POLL, options, k)
    if table is not None and table.reports(state):
        if cursor <= n - 1:
            own = table.own_options(state)
            if own:
                return Decision(actor, OWN, own, n - 1)
        return Decision(actor, NATURE, [], n)
    options = _players_options(state.legal_actions(), table) if turn_options else []
    return Decision(actor, TURN, options, n - 1)


def _players_options(options: list[Action], table: Any | None) -> list[Action]:
    """``options`` less the table's reports (a seat cannot know a late fall happened)."""
    if table is None or not options:
        return options
    return [a for a in options if not table.is_report(a)]


def advance(
    state: Any,
    turn: Callable[[Any, int, list[Action]], Action | None],
    interrupt: Callable[[Any, int, list[Action]], Action | None],
    table: Any | None,
    cursor: int = 0,
    turn_options: bool = True,
) -> tuple[int, Action | None]:
    """Find and return the next action in the order above (the caller applies it).

    ``turn(state, seat, options)`` answers a turn (``None``: nobody answers for this
    seat, a person must); ``interrupt(state, seat, options)`` answers a poll or an
    own-options question with an action or ``None`` (pass). Questions start at
    ``cursor`` (0: a fresh step); ``turn_options=False`` passes ``turn`` no options.
    Returns ``(seat, action)``; the state is not changed.
    """
    while True:
        d = next_decision(state, cursor, table, turn_options)
        if d is None:
            raise ValueError("the game is over")
        if d.kind == TURN:
            return d.seat, turn(state, d.seat, d.options)
        if d.kind == NATURE:
            return d.seat, table.report(state)  # type: ignore[union-attr]
        answer = interrupt(state, d.seat, d.options)
        if answer is not None:
            return d.seat, answer
        cursor = d.cursor + 1
