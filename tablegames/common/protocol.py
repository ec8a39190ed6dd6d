"""The game protocol as types: what apps, bots and the conformance kit rely on.

``GameState`` is a :class:`typing.Protocol`, so a user's own game conforms by shape, not
by inheritance (our games inherit :class:`~tablegames.common.state.BaseState` to share
code, but nothing requires it). ``GameInfo`` is the registry entry: how to make, load and
read a game, its player range, its bots and its variants.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol, Self, runtime_checkable

import attrs

from tablegames.common.actions import Action, Event
from tablegames.common.outcome import Outcome


@runtime_checkable
class GameState(Protocol):
    """One whole game: every decision, its legality, views, JSON and sampling."""

    players: tuple[str, ...]
    history: list[Action]

    @property
    def to_act(self) -> int | None: ...
    @property
    def is_over(self) -> bool: ...
    def legal_actions(self, seat: int | None = None) -> list[Action]: ...
    def apply(self, action: Action | str) -> list[Event]: ...
    def outcome(self) -> Outcome: ...
    def view(self, seat: int | None) -> dict[str, Any]: ...
    def copy(self) -> Self: ...
    def to_json(self) -> str: ...
    def sample_world(self, seat: int, rng: Any = None) -> Self: ...
    def record(self) -> dict[str, Any]: ...


@runtime_checkable
class Bot(Protocol):
    """Chooses an action for the seat to act. Bots own their randomness."""

    def choose(self, state: Any) -> Action: ...


@attrs.frozen
class GameInfo:
    """A registry entry (see :data:`tablegames.GAMES`)."""

    name: str
    title: str
    new_game: Callable[..., Any]
    from_json: Callable[[str], Any]
    parse_action: Callable[[str], Action]
    rules_class: type[Any]
    min_players: int
    max_players: int
    bots: Mapping[str, Callable[[int], Bot]]
    variants: Mapping[str, Any]
    #: An upper bound on the number of actions in one game (the kit checks games end).
    max_actions: Callable[[Any], int]
    #: The bot ``tablegames simulate`` uses unless told otherwise.
    default_bot: str = "random"
    #: Keyword arguments for ``new_game`` used by simulations.
    simulate_kwargs: Callable[[Sequence[str]], dict[str, Any]] = attrs.field(
        default=lambda _players: {}
    )
    #: The game's state class (for positions and anything generic over the class).
    state_class: type[Any] | None = None
    #: The prefix of the game's ruling IDs (``"TOE"`` for ``TOE-51``).
    ruling_prefix: str = ""
    #: What ``simulate`` counts in each game besides its actions, in the game's own words:
    #: a label and the kind of public event counted (``{"knocks": "knock"}``), read from
    #: the game's log (:meth:`~tablegames.common.state.BaseState.log`).
    measures: Mapping[str, str] = attrs.field(factory=dict)
    #: The game's :class:`tablegames.table.Presenter`: its view drawn as the table model.
    presenter: Any = None
