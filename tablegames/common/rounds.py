"""The table as a round ended, before the next deal.

Every engine ends a round (a Toepen round, a Phase 10 hand, a Shithead round of a match)
and deals the next one inside the move that ends it, so the state after that move already
shows the new deal: the last trick, the groups laid and the hands held are gone. A table
that pauses between rounds (the terminal game, an app's "round over" screen) wants the
round as it ended, scored, and the next deal only after the pause.

:func:`round_end` gives that table without a second path through the engines: it
carries the move out on a copy of the state from before it and stops the copy at the
moment the engine records the round's end. This rests on the engines' contract for
``_apply`` (:meth:`tablegames.common.state.BaseState._apply`): events are recorded as the
move goes, and ``round_over`` is recorded after the round is scored and before anything of
the next deal, so the copy stopped there holds the round as scored. A game without rounds
(Dallah) never records ``round_over``, and a move that ends no round gives ``None``.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import attrs

from tablegames.common.actions import Event
from tablegames.common.errors import StateError

#: The event with which an engine records the end of a round.
ROUND_OVER = "round_over"


class _Ended(Exception):
    """Raised inside the copy's move the moment it records the end of a round."""


class _UpToRoundEnd(list[Event]):
    """A move's event list that stops the move as soon as the round's end is recorded."""

    def append(self, event: Event) -> None:
        super().append(event)
        if event.kind == ROUND_OVER:
            raise _Ended

    def extend(self, events: Iterable[Event]) -> None:
        for e in events:
            self.append(e)

    def __iadd__(self, events: Iterable[Event]) -> _UpToRoundEnd:  # type: ignore[override,misc]
        self.extend(events)
        return self


@attrs.frozen
class RoundEnd:
    """A round as it ended: :meth:`view` draws it for a seat, ``events`` are the move's
    events up to and including ``round_over`` (each seat reads its own with
    ``e.for_seat(seat)``, as with :meth:`~tablegames.common.state.BaseState.apply`)."""

    _state: Any = attrs.field(repr=False)
    events: tuple[Event, ...]

    def view(self, seat: int | None) -> dict[str, Any]:
        """``seat``'s view of the round as it ended (fresh JSON, what ``seat`` may see, as
        every view): nobody is to act and no move is legal (the next deal has not been
        dealt), ``result`` is ``None`` (a game the move ends has its result on the state
        after it), and ``last_round`` is left out, since the round shown is that round."""
        view: dict[str, Any] = self._state.view(seat)
        view.pop("last_round", None)
        return view


def round_end(before: Any, action: Any) -> RoundEnd | None:
    """The round that ``action`` ends, as it ended (``None``: it ends none).

    ``before`` is the state before the move (``state.copy()`` taken just before
    ``apply``, or any state) and is never changed; ``action`` is anything ``apply`` takes
    for it (notation, with or without the seat, or an action object). The move is checked
    as ``apply`` checks it: an action ``before`` refuses raises the same error. An
    outside-mode state (its chance fed by the caller) is a :class:`StateError`.

    >>> import tablegames
    >>> state = tablegames.new_game("toepen", players=2, seed=3)
    >>> round_end(state, state.legal_actions()[0]) is None  # the first move ends no round
    True
    """
    if before.outside:  # its deal takes outcomes from a feed this copy does not have
        raise StateError("round_end takes a state that deals for itself, not an "
                         "outside-mode one (see tablegames.common.chance)")
    state = before.copy()
    action = state._vet(action, None, None)
    state._events = _UpToRoundEnd()
    try:
        state._apply(action)
    except _Ended:
        events = tuple(state._events)
        state.__class__ = _paused(type(state))
        return RoundEnd(state, events)
    return None


def _paused(cls: type) -> type:
    """``cls`` stopped between rounds: nobody is to act, no move is legal, nothing is
    asked, and the game is not over. The copy stopped at ``round_over`` is in the middle
    of the ending move (a Toepen round ended by folds has no one left to ask, so its
    ``to_act`` had no answer): its view is drawn as a pause, not as a turn. Made for the
    copy alone; the caller's state keeps its class."""
    return type(f"{cls.__name__}AtRoundEnd", (cls,), {
        "__doc__": _paused.__doc__,
        "to_act": property(lambda self: None),
        "is_over": property(lambda self: False),
        "legal_actions": lambda self, seat=None: [],
        "_prompt": lambda self, seat: "",
    })
