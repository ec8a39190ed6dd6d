"""The bot interface, the random bot, and the adapter that gives a game's policy a handle.

A **bot** answers two questions, each about a :class:`~tablegames.bots.handle.Handle`:

* ``choose(handle) -> Action`` — it is the seat's turn: one of ``handle.legal_actions()``;
* ``interrupt(handle) -> Action | None`` — the seat may act out of turn (or, in a game
  with a physical world, take an own option before the table reports): one of
  ``handle.legal_actions()``, or ``None`` to let play go on.

Bots are made by name and seed (:func:`tablegames.bots.make`) and draw every random
choice from a generator derived from their seed and the question (seat, version,
kind), so a bot's answer is a function of its seed and of what its seat knows: replaying
a game, reloading it on a server or asking a freshly made bot gives the same answer.
"""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable

from tablegames.bots.handle import Handle
from tablegames.common.actions import Action
from tablegames.common.errors import quoted
from tablegames.common.rng import Rng


@runtime_checkable
class Bot(Protocol):
    """A seat-restricted player (see the module docstring).

    A class of your own that names ``Bot`` as its base gets :meth:`interrupt` from here
    (never act out of turn), so a bot that only plays its turns writes ``choose`` alone;
    any other object with both methods is a bot too, without the base.
    """

    def choose(self, handle: Handle) -> Action:
        """The seat's action on its turn: one of ``handle.legal_actions()``."""
        ...

    def interrupt(self, handle: Handle) -> Action | None:
        """Whether to act out of turn now: ``None`` (the default: never), or one of
        ``handle.legal_actions()``. Every seat with an interrupt is asked before each
        turn (Toepen's knock), so a bot with nothing to say there still answers, and
        this answer is the one most bots want."""
        return None


def answer_problem(answer: object, options: list[Action]) -> str:
    """Why ``answer`` is no answer to a question whose legal answers are ``options``
    (``""``: it is one of them), in words that say what to return instead. A bot that
    returns the notation of a legal action (``"0:keep"``, which ``apply`` would take) is
    told that a bot returns the action object itself: "0:keep is not one of its legal
    actions" alone reads as a contradiction."""
    if isinstance(answer, Action) and answer in options:
        return ""
    if isinstance(answer, str) and any(answer == str(a) for a in options):
        return (f"the text {quoted(answer)}, the notation of a legal action: a bot returns "
                "the action object itself, one of handle.legal_actions()")
    shown = quoted(str(answer)) if isinstance(answer, Action) else quoted(answer)
    return f"{shown}, which is not one of its legal actions"


def decision_rng(seed: int | str, handle: Handle) -> Rng:
    """The generator for one question: a function of the bot's seed and the question only."""
    return Rng(f"{seed}|{handle.game}|{handle.seat}|{handle.version}|{handle.asking}")


class RandomBot:
    """Uniform over the legal actions; asked to interrupt, uniform over passing and each
    interrupt (so a random Toepen player knocks out of turn about half the times it may).
    """

    name = "random"

    def __init__(self, seed: int | str = 0) -> None:
        self.seed = seed

    def choose(self, handle: Handle) -> Action:
        """A uniformly random legal action."""
        legal = handle.legal_actions()
        return legal[decision_rng(self.seed, handle).below(len(legal))]

    def interrupt(self, handle: Handle) -> Action | None:
        """Pass, or one of the interrupts, each with the same chance."""
        legal = handle.legal_actions()
        k = decision_rng(self.seed, handle).below(len(legal) + 1)
        return None if k == len(legal) else legal[k]


class PolicyBot:
    """A game's own state-level bot (a *policy*), seen only through a world.

    The game's heuristic bots read the state they are given: the seat's own hand and the
    table. Given the handle's world instead of the real state they decide exactly as
    they would on the real state (a world differs only in cards the seat cannot see),
    and they cannot cheat, because the world's hidden cards are random. Before each
    question the policy's ``rng`` (if it has one) is replaced by the question's
    generator, so the answer depends only on the seed and what the seat knows.
    """

    def __init__(self, name: str, policy: Any, seed: int | str = 0) -> None:
        self.name = name
        self.policy = policy
        self.seed = seed

    def _world(self, handle: Handle) -> Any:
        if isinstance(getattr(self.policy, "rng", None), Rng):
            self.policy.rng = decision_rng(self.seed, handle)
        return handle.world()

    def choose(self, handle: Handle) -> Action:
        """The policy's choice on the handle's world."""
        legal = handle.legal_actions()
        if len(legal) == 1:
            return legal[0]
        return self.policy.choose(self._world(handle))  # type: ignore[no-any-return]

    def interrupt(self, handle: Handle) -> Action | None:
        """The policy's ``interrupt(state, seat)`` on the world; never, if it has none."""
        ask = getattr(self.policy, "interrupt", None)
        if ask is None:
            return None
        return ask(self._world(handle), handle.seat)  # type: ignore[no-any-return]


class SeatedPolicy:
    """A bot seen as a policy, for callers that hand bots the state (``GameInfo.bots``).

    ``tablegames simulate`` and the conformance kit call ``choose(state)``; this builds
    the seat's :class:`Handle` from the state and asks the bot through it, so a search
    bot listed in a game's registry entry still never sees the state itself.
    """

    def __init__(self, bot: Bot) -> None:
        self.bot = bot

    def choose(self, state: Any) -> Action:
        """The bot's answer for the seat to act."""
        return self.bot.choose(Handle(state, state.to_act))

    def interrupt(self, state: Any, seat: int) -> Action | None:
        """The bot's answer to an interrupt question for ``seat``."""
        options = state.legal_actions(seat)
        if not options:
            return None
        return self.bot.interrupt(Handle(state, seat, options, "interrupt"))
