"""The lean path of search: a sampled world that plays on without events, history or checks.

A search plays thousands of steps in worlds nobody sees: it needs neither the events
(what a phone is told), nor the history (what a save replays), nor ``apply``'s checks of
an action the engine itself just listed as legal. ``state.make_lean()`` turns a sampled
world (never a real game: :class:`StateError`) into such a world: its history keeps only
the count of actions (so ``version`` still rises, and what reads it, such as Shithead's
search horizon and Dallah's table model, still works), its events are dropped, and it
plays on with ``state.apply_trusted(action)``, which dispatches straight to the game's
handlers (``_apply_trusted``; Shithead's verbs check inline, so there only the events
and history are saved). The caller promises the action is legal for its seat now;
given that, the game reaches exactly the state ``apply`` reaches (tested over seeded
random playouts of every game). A lean world, and every copy of it, refuses ``view``,
``to_json``, ``to_position``, ``record``, ``log`` and reading or pickling its history
with a :class:`StateError`: it cannot be saved or shown by mistake.
"""

from __future__ import annotations

from typing import Any, NoReturn

from tablegames.common.actions import Action
from tablegames.common.errors import StateError
from tablegames.common.history import History

LEAN_REFUSAL = ("a lean search world has no {what}: it keeps no history or events "
                 "(make_lean is for a search's private worlds; use the real state)")


class LeanHistory(History):
    """A lean world's history: only how many actions were applied, so ``version`` (and
    what reads it, such as Shithead's search horizon and Dallah's table model) keeps
    counting, while no action is stored. Reading the steps is refused."""

    __slots__ = ()

    def __init__(self, applied: int) -> None:
        super().__init__()
        self._sealed = applied

    def copy(self) -> History:
        return LeanHistory(self._sealed)

    def __getitem__(self, i: Any) -> Any:
        raise StateError(LEAN_REFUSAL.format(what="history"))

    def __iter__(self) -> Any:
        raise StateError(LEAN_REFUSAL.format(what="history"))

    def tolist(self) -> list[Action]:
        raise StateError(LEAN_REFUSAL.format(what="history"))

    def __reduce__(self) -> tuple[Any, ...]:
        raise StateError(LEAN_REFUSAL.format(what="history"))


def refuse_lean(what: str) -> NoReturn:
    """Refuse to save, show or replay a lean world (``what``: the refused output)."""
    raise StateError(LEAN_REFUSAL.format(what=what))
