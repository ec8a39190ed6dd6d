"""The "model" bot: sensible decisions, and reports drawn from the fall model.

Decisions, by rules of thumb for a game where cups are bad:

* give cups to the biggest other pile (a loser stays the loser), preferring players who
  hold no protection; swap piles with the smallest other pile; in a Malek Shoghl tie, give
  from your own pile when it is among the biggest;
* protect against every effect that would add cups to your pile: redirect it to the
  biggest eligible pile if you can, else block;
* Naql moves a cup from the busiest zone to the emptiest; Shareek picks the next player;
* swap an action whose fall chance is above ``swap_above`` (DAL-27).

Reports of the physical world come from :class:`~tablegames.dallah.fallmodel.FallModel`:
the bot samples a whole report once and then plays it out one action at a time.
"""

from __future__ import annotations

from typing import Any

from tablegames.common.actions import Action
from tablegames.common.rng import Rng
from tablegames.dallah import actions as A
from tablegames.dallah import stages as S
from tablegames.dallah.fallmodel import FallModel


class ModelBot:
    """Plays Dallah sensibly and reports what the fall model says fell (seeded)."""

    def __init__(self, seed: int | str = 0, model: FallModel | None = None,
                 swap_above: float = 0.5) -> None:
        self.rng = Rng(seed)
        self.model = model or FallModel()
        self.swap_above = swap_above
        self._plan: list[Action] = []
        self._plan_at: tuple[int, int] = (-1, -1)

    def choose(self, state: Any) -> Action:
        """The action for the seat to act."""
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]  # type: ignore[no-any-return]
        stage = state.stage
        seat = state.to_act
        if stage == S.REPORT:
            return self._report(state, legal)
        swap = A.simple(A.Swap, seat)
        if stage == S.PROTECT:
            return self._protect(state, legal, seat)
        if stage == S.TARGET:
            return self._target(state, legal, seat)
        if stage == S.PAIR:
            return self._pair(state, legal, seat)
        if stage == S.MOVE:
            if swap in legal and self.model.fall_chance(state) > self.swap_above:
                return swap
            return self._move(state, legal)
        return legal[0]  # type: ignore[no-any-return]

    # -- reports ----------------------------------------------------------------------
    def _report(self, state: Any, legal: list[Action]) -> Action:
        key = (id(state), len(state.history))
        if self._plan and self._plan_at == key and self._plan[0] in legal:
            action = self._plan.pop(0)
            self._plan_at = (id(state), key[1] + 1)
            return action
        seat = state.to_act
        swap = A.simple(A.Swap, seat)
        if (swap in legal and not state.falls
                and self.model.fall_chance(state) > self.swap_above):
            return swap
        plan = self.model.sample(state, self.rng)
        action = plan.pop(0)
        self._plan = plan
        self._plan_at = (id(state), key[1] + 1)
        return action

    # -- decisions --------------------------------------------------------------------
    @staticmethod
    def _protect(state: Any, legal: list[Action], seat: int) -> Action:
        redirects = [a for a in legal if isinstance(a, A.Redirect)]
        if redirects:
            return max(redirects, key=lambda a: (-1 if a.to is None else state.piles[a.to],
                                                  -(a.to or 0)))
        block = A.simple(A.Block, seat)
        if block in legal:
            return block
        return A.simple(A.Allow, seat)

    @staticmethod
    def _target(state: Any, legal: list[Action], seat: int) -> Action:
        targets = [a for a in legal if isinstance(a, A.Target)]
        spec = state.spec
        if spec.kind == "shareek":
            return targets[0]
        def unprotected(s: int) -> int:
            return 0 if state.held[s] else 1
        if spec.kind == "give":
            return max(targets, key=lambda a: (unprotected(a.target), state.piles[a.target],
                                               -a.target))
        return max(targets, key=lambda a: (unprotected(a.target), -state.piles[a.target],
                                           -a.target))

    @staticmethod
    def _pair(state: Any, legal: list[Action], seat: int) -> Action:
        pairs = [a for a in legal if isinstance(a, A.Pair)]
        mine = [a for a in pairs if a.source == seat]
        pool = mine or [a for a in pairs if a.recipient != seat] or pairs
        return pool[0]

    @staticmethod
    def _move(state: Any, legal: list[Action]) -> Action:
        moves = [a for a in legal if isinstance(a, A.Move)]
        t = state.t
        load = {t.zone_ids[z]: len(c) for z, c in enumerate(state.pot)}
        return max(moves, key=lambda a: (load[a.zone] - load[a.to], -moves.index(a)))
