"""What a game may tell the generic bots: a rollout policy, a value, a table, a filter.

:mod:`tablegames.bots` speaks only the protocol, so a new game gets a random bot, the
search and the arena for free. A game can make the search much stronger by registering
:class:`SearchHints` (our four games do, in their ``bots.py``):

* ``rollout`` — a *policy* (see :class:`Policy`) that plays every seat of a sampled world
  in the search's rollouts; random rollouts are too weak in games where a careless
  move throws the hand away (Toepen's last trick, Phase 10's lay-downs).
* ``value``, ``horizon`` and ``rollout_depth`` — where playing to the end is too long
  (Phase 10 runs to ten phases over many hands), rollouts stop once ``horizon(state)``
  (a counter such as the hand number, or the number of actions) has risen by
  ``rollout_depth``, and ``value(state)`` estimates each seat's chance of not losing the
  game from the scores that decide it.
* ``table`` — for a game with a physical world (Dallah), the model that reports what
  happened at the table (see :class:`Table`); reports are never a bot's decision.
* ``candidates`` — a filter that keeps a workable subset of a large action list
  (Phase 10's many equivalent lay-downs), used inside the search only.
* ``ranked``, ``breadth`` and ``bias`` — the house bot's order of a turn's actions, best
  first: the search keeps only the first ``breadth`` of them at every turn of its tree
  (pruning by the heuristic), tries them in that order and biases its choice toward the
  first (progressive bias, ``bias / (visits + 1)``), so a small budget plays at least the
  house bot's move and spends its iterations on the few moves the heuristic rates.
* ``paired`` and ``confidence`` — the search's defaults for comparing the root's options
  on shared worlds, and for how sure it must be before it leaves the house bot's move
  there (see :mod:`tablegames.bots.ismcts`); ``interrupt_share`` the budget's share for
  a question whether to interrupt.
* ``belief`` and ``belief_pool`` — worlds weighted by what the others' play revealed:
  ``belief(state, seat)`` (``state`` one the seat may see) returns a log-likelihood of a
  sampled world given the others' observed play, or ``None`` when their play says
  nothing; the search then deals ``belief_pool`` worlds for each one it plays and keeps
  one with probability proportional to its likelihood (sampling-importance-resampling),
  so the worlds it plays lean toward what the others' play made likely while each stays
  a world the engine dealt (Phase 10: an opponent who discards or declines 7s while
  building a set is dealt fewer 7s). The default of the ISMCTS ``belief_pool`` option.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol, runtime_checkable

import attrs

from tablegames.common.actions import Action
from tablegames.common.errors import SetupError
from tablegames.common.protocol import GameInfo
from tablegames.common.registry import game_info


@runtime_checkable
class Policy(Protocol):
    """A state-level player: reads only what the seat to act may see, from any state.

    Policies are the game's own bots (``GameInfo.bots``): they take the state itself, so
    they are also what the search uses to play sampled worlds fast. Given a real state
    they *could* read hidden cards, which is why :func:`tablegames.bots.make` never hands
    them one: it wraps them so they only ever see a world (:class:`~.base.PolicyBot`).
    ``interrupt(state, seat)`` is optional: a policy without it never interrupts.
    """

    def choose(self, state: Any) -> Action: ...


@runtime_checkable
class Table(Protocol):
    """The physical world of a dexterity game, as a seeded model of what people report."""

    def reports(self, state: Any) -> bool:
        """Whether the decision now is a report of what happened (not a player's)."""
        ...

    def own_options(self, state: Any) -> list[Action]:
        """What the seat to act may still decide itself before the report (may be [])."""
        ...

    def report(self, state: Any) -> Action:
        """The report the table makes now (one action)."""
        ...

    def is_report(self, action: Action) -> bool:
        """Whether ``action`` reports what happened (a late fall offered beside a turn):
        such actions are left out of every seat's options, since only the table knows
        whether it happened."""
        ...


@attrs.frozen
class SearchHints:
    """A game's help for the generic bots (every field optional; see the module doc)."""

    #: ``rollout(seed) -> Policy`` used for every seat in rollouts (None: uniform random).
    rollout: Callable[[int], Any] | None = None
    #: Each seat's estimated chance of not losing, in [0, 1], from a state before the end.
    value: Callable[[Any], Sequence[float]] | None = None
    #: A counter that rises as the game goes on (hands dealt, or actions taken).
    horizon: Callable[[Any], int] | None = None
    #: How far ``horizon`` may rise in a rollout before it is cut and valued (with
    #: ``value`` set): 1 with a hand counter ends rollouts with the hand.
    rollout_depth: int = 1
    #: ``table(seed) -> Table`` for a game whose physical world reports actions.
    table: Callable[[int], Table] | None = None
    #: ``candidates(state, seat, actions) -> actions``: a workable subset, for the search.
    candidates: Callable[[Any, int, list[Action]], list[Action]] | None = None
    #: Progressive widening ``(k, alpha)``: a node visited n times may have
    #: ``ceil(k * n ** alpha)`` children. None: every action is tried.
    widening: tuple[float, float] | None = None
    #: ``ranked(state, seat, actions) -> actions``: the same actions, best first by the
    #: house bot (its own choice first). None: the search's order is the game's.
    ranked: Callable[[Any, int, list[Action]], list[Action]] | None = None
    #: How many of the ``ranked`` actions a turn of the search keeps (0: all); the
    #: default of the ISMCTS ``breadth`` option.
    breadth: int = 0
    #: The default of the ISMCTS ``bias`` option: the weight of the progressive bias
    #: toward the house bot's move (rewards are in [0, 1]; 0: none).
    bias: float = 0.0
    #: The default of the ISMCTS ``paired`` option: compare the root's options on the
    #: same sampled worlds with the same luck (common random numbers) instead of a tree.
    paired: bool = False
    #: The default of the ISMCTS ``confidence`` option (paired root only): how many
    #: standard errors an option's mean lead over the house bot's move, on the shared
    #: worlds, must reach before the search plays it instead (0: the best mean wins).
    confidence: float = 0.0
    #: The default of the ISMCTS ``interrupt_share`` option: the share of the budget a
    #: question whether to interrupt (or take an own option, Dallah's swap) gets. Small
    #: where such questions come before almost every card (Toepen's knock).
    interrupt_share: float = 0.25
    #: ``belief(state, seat) -> loglik | None``: a log-likelihood of a sampled world given
    #: what the other seats' play showed ``seat`` (None: worlds are equally likely).
    belief: Callable[[Any, int], Callable[[Any], float] | None] | None = None
    #: The default of the ISMCTS ``belief_pool`` option: worlds dealt for each world the
    #: search plays, one kept by its ``belief`` likelihood (1: uniform worlds).
    belief_pool: int = 1


#: Hints for games that register none: random rollouts to the end of the game.
DEFAULT_HINTS = SearchHints()

#: Each game's registered hints, by game name (a game's ``bots.py`` registers them). They
#: are kept here, with what they are, so the search reads them without the bots' names
#: (:mod:`~tablegames.bots.registry`, which makes the search by its name).
_HINTS: dict[str, SearchHints] = {}


def _info(game: str | GameInfo) -> GameInfo:
    """A game's registry entry, from its name or the entry itself."""
    if isinstance(game, GameInfo):
        return game
    if not isinstance(game, str):
        raise SetupError(f"game must be a game name or a GameInfo, not {type(game).__name__}")
    return game_info(game)


def register_hints(game: str, hints: SearchHints) -> None:
    """Tell the search how to play ``game`` well (a game's ``bots.py`` does this)."""
    if not isinstance(hints, SearchHints):
        raise SetupError("hints must be a tablegames.bots.SearchHints")
    _HINTS[game] = hints


def hints_for(game: str | GameInfo) -> SearchHints:
    """The game's registered :class:`SearchHints` (defaults where it registered none)."""
    info = _info(game)
    return _HINTS.get(info.name, DEFAULT_HINTS)
