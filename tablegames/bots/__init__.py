"""Bots for every game, behind one seat-restricted interface, and the arena.

Make a bot by name and seed, and ask it through a :class:`Handle` (never the state):

>>> import tablegames
>>> from tablegames import bots
>>> state = tablegames.new_game("toepen", players=3, seed=7)
>>> bot = bots.make("ismcts", "toepen", seed=1, budget=50)
>>> seat = state.to_act
>>> action = bot.choose(bots.Handle(state, seat))
>>> action in state.legal_actions()
True
>>> bots.names("toepen")
('random', 'ismcts', 'club')

* ``make(name, game, seed=0, **params)`` — ``"random"``, ``"ismcts"`` (``budget=`` or
  ``iterations=`` per decision, or ``seconds=``) and the game's own bots.
* ``Handle(state, seat)`` — what ``seat`` may know: ``view``, ``legal_actions()``,
  ``version``, ``players``, ``rules``, ``sample_world(rng)``; nothing that reaches the state.
* ``bot.choose(handle)`` on the seat's turn; ``bot.interrupt(handle)`` when the seat may
  act out of turn (Toepen's knock), returning an action or ``None``.
* ``next_action(state, bots)`` — one step of the harness (``None`` in ``bots`` for a
  person); ``play_game(game, bots, seed)`` — a whole game; ``arena(...)`` — matches
  with statistics (also ``tablegames arena``).
* ``as_policy(name, game)`` — a ``GameInfo.bots`` factory for callers that hand bots the
  state (``tablegames simulate --bots ismcts,club``): it asks the bot through a handle.
"""

from tablegames.bots.base import Bot, PolicyBot, RandomBot, SeatedPolicy, decision_rng
from tablegames.bots.handle import Handle
from tablegames.bots.harness import Clock, next_action, play_game
from tablegames.bots.hints import Policy, SearchHints, Table, hints_for, register_hints
from tablegames.bots.matches import ArenaResult, BotStats, arena
from tablegames.bots.registry import as_policy, make, names, register

__all__ = [
    "ArenaResult",
    "Bot",
    "BotStats",
    "Clock",
    "Handle",
    "Policy",
    "PolicyBot",
    "RandomBot",
    "SearchHints",
    "SeatedPolicy",
    "Table",
    "arena",
    "as_policy",
    "decision_rng",
    "hints_for",
    "make",
    "names",
    "next_action",
    "play_game",
    "register",
    "register_hints",
]

