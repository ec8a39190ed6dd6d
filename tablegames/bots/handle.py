"""The seat-restricted handle: everything a bot may know, and no way to the real state.

A bot is handed a :class:`Handle`, never the game state. The handle is built from the
real state once, and then holds only

* plain public facts: the game's name and rules, the players, the seat it speaks for,
  the seat to act, the state's version;
* that seat's own view (``state.view(seat)``, fresh JSON) and its legal actions now;
* a **world**: ``state.sample_world(seat, ...)`` dealt once with a fixed generator.

No attribute refers to the real state or to anything of it that the seat may not see
(the world's event buffers, which a game might share with the real state, are
emptied). The world is the trick
that makes :meth:`Handle.sample_world` possible without one: a world is, by the
protocol's promise, a function of what ``seat`` has seen and of the generator only, and
``seat`` cannot tell it from the real game, so worlds sampled *from the world* are
exactly the worlds the seat could have sampled from the real state. A bot that reads
the hidden cards of the world it holds reads cards dealt at random.

Building a handle costs one ``sample_world`` (tens of microseconds); the search needs
the world anyway, and the harness builds a handle only for a seat that has a question
to answer. :attr:`Handle.view` is the world's view of the seat, built when first read:
the protocol promises (and the conformance kit checks) that a world shows its seat
exactly the real view, and most bots never read it, so building it for every question
was a fifth of a simulated game's time.
"""

from __future__ import annotations

import copy
from typing import Any, Final, final

from tablegames.common.actions import Action
from tablegames.common.errors import SetupError
from tablegames.common.rng import Rng

#: The generator seed of every handle's world (any fixed value: the world's hidden cards
#: are random anyway; fixed, so a handle is a function of what its seat has seen).
WORLD_SEED: Final = 0x7AB1E5


@final
class Handle:
    """What ``seat`` may know now (see the module docstring). Read-only by convention.

    ``asking`` is ``"turn"`` (the bot must return one of :meth:`legal_actions`) or
    ``"interrupt"`` (it may return one, or ``None`` to let play go on).
    """

    __slots__ = ("_legal", "_view", "_world", "asking", "game", "players", "rules", "seat",
                 "to_act", "version")

    game: str
    seat: int
    players: tuple[str, ...]
    rules: Any
    to_act: int | None
    version: int
    asking: str

    def __init__(self, state: Any, seat: int, legal: list[Action] | None = None,
                 asking: str = "turn") -> None:
        if asking not in ("turn", "interrupt"):
            raise SetupError(f"asking must be 'turn' or 'interrupt', not {asking!r}")
        if type(seat) is not int or not 0 <= seat < len(state.players):
            raise SetupError(f"no seat {seat!r} in this game")
        self.game = state.GAME
        self.seat = seat
        self.players = tuple(state.players)
        self.rules = state.rules
        self.to_act = state.to_act
        self.version = state.version
        self.asking = asking
        self._view: dict[str, Any] | None = None
        self._legal = tuple(state.legal_actions(seat) if legal is None else legal)
        world = state.sample_world(seat, Rng(WORLD_SEED))
        # Belt and braces: the core's event buffers are not part of a world (a world has no
        # log), and a game copying them by reference would hand the real deal's secret
        # events to the bot.
        world._setup_log = []
        world._events = []
        self._world = world

    @property
    def view(self) -> dict[str, Any]:
        """This seat's view (``state.view(seat)``): plain JSON, the caller's to keep."""
        if self._view is None:
            self._view = self._world.view(self.seat)
        return copy.deepcopy(self._view)

    def legal_actions(self) -> list[Action]:
        """The actions this seat may take now (for an interrupt: its interrupts)."""
        return list(self._legal)

    def sample_world(self, rng: Any) -> Any:
        """A full state consistent with everything this seat has seen, dealt from ``rng``.

        Every card the seat cannot see is redealt; the result is the bot's to play out,
        copy or throw away.
        """
        return self._world.sample_world(self.seat, rng)

    def world(self) -> Any:
        """A copy of this handle's own world: for a policy that reads only what the seat
        may see (its hand, the table), any world will do, and this one costs a copy."""
        return self._world.copy()

    def __repr__(self) -> str:
        return (f"<Handle {self.game} seat {self.seat} asked {self.asking} at version "
                f"{self.version}>")
