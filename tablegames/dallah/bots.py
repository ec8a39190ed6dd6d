"""The "model" bot: sensible decisions, and reports drawn from the fall model.

Decisions, by rules of thumb for a game where cups are bad:

* give cups to the biggest other pile (a loser stays the loser), preferring players who
  hold no protection; swap piles with the smallest other pile; in a Malek Shoghl tie, give
  from your own pile when it is among the biggest;
* break every remaining tie at random with the bot's own seeded generator, never by seat
  number (that once made the low seats everyone's victim, see ``fallmodel``);
* protect against every effect that would add cups to your pile: redirect a gift to the
  biggest eligible pile and a swap to the smallest if you can, else block;
* Naql moves a cup from the busiest zone to the emptiest; Shareek picks the next player;
* swap an action whose fall chance is above ``swap_above`` (DAL-27): 0.3, measured in
  the arena (4 players, 400 games each against three random bots with the table model
  reporting): at 0.5 the bot hardly ever swapped and lost as often as random (27.5%),
  at 0.3 it lost 22% (random 28.5%); 0.15 was no better.

Reports of the physical world come from :class:`~tablegames.dallah.fallmodel.FallModel`:
the bot samples a whole report once and then plays it out one action at a time.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tablegames.common.actions import Action
from tablegames.common.rng import Rng
from tablegames.dallah import actions as A
from tablegames.dallah import stages as S
from tablegames.dallah.fallmodel import FallModel

#: The actions that report what happened at the table (see :meth:`TableModel.is_report`).
_REPORTS = (A.Settled, A.Fell, A.Falls, A.Collapse, A.NoSpace, A.Timeout)


class ModelBot:
    """Plays Dallah sensibly and reports what the fall model says fell (seeded)."""

    def __init__(self, seed: int | str = 0, model: FallModel | None = None,
                 swap_above: float = 0.3) -> None:
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
        swap = self.interrupt(state, state.to_act)
        if swap is not None:
            return swap
        plan = self.model.sample(state, self.rng)
        action = plan.pop(0)
        self._plan = plan
        self._plan_at = (id(state), key[1] + 1)
        return action

    def interrupt(self, state: Any, seat: int) -> Action | None:
        """Before the table reports an attempt: swap the card if it is too likely to make
        cups fall (DAL-27); a seat that is not to act never has anything to say."""
        if seat != state.to_act or state.stage != S.REPORT or state.falls:
            return None
        swap = A.simple(A.Swap, seat)
        if swap in state.legal_actions() and self.model.fall_chance(state) > self.swap_above:
            return swap
        return None

    # -- decisions --------------------------------------------------------------------
    def _best(self, options: Sequence[Action], key: Any) -> Action:
        """The option with the highest ``key``; ties broken at random (seeded).

        Breaking ties by seat number would make low seats the usual victims of every
        "give to the biggest pile" or "swap with the smallest" choice (at the start every
        pile is 0, so everything ties) and skew the Biggest Loser figures towards them.
        """
        pool = list(options)
        self.rng.shuffle(pool)
        return max(pool, key=key)

    def _protect(self, state: Any, legal: list[Action], seat: int) -> Action:
        redirects = [a for a in legal if isinstance(a, A.Redirect)]
        if redirects:
            # a gift goes to the biggest pile; a swap to the smallest, who takes the source's
            # big pile (sending a swap to a big pile would shrink that pile instead)
            sign = -1 if state._my_effect(seat)[2] == S.SWAP else 1
            return self._best(redirects,
                              lambda a: -10**9 if a.to is None else sign * state.piles[a.to])
        block = A.simple(A.Block, seat)
        if block in legal:
            return block
        return A.simple(A.Allow, seat)

    def _target(self, state: Any, legal: list[Action], seat: int) -> Action:
        targets = [a for a in legal if isinstance(a, A.Target)]
        spec = state.spec
        if spec.kind == "shareek":
            return targets[0]
        def unprotected(s: int) -> int:
            return 0 if state.held[s] else 1
        sign = 1 if spec.kind == "give" else -1
        return self._best(targets, lambda a: (unprotected(a.target),
                                              sign * state.piles[a.target]))

    def _pair(self, state: Any, legal: list[Action], seat: int) -> Action:
        pairs = [a for a in legal if isinstance(a, A.Pair)]
        mine = [a for a in pairs if a.source == seat]
        pool = mine or [a for a in pairs if a.recipient != seat] or pairs
        return self._best(pool, lambda a: 0)

    def _move(self, state: Any, legal: list[Action]) -> Action:
        moves = [a for a in legal if isinstance(a, A.Move)]
        t = state.t
        load = {t.zone_ids[z]: len(c) for z, c in enumerate(state.pot)}
        return self._best(moves, lambda a: load[a.zone] - load[a.to])


class TableModel:
    """The people at the table, as the fall model: it reports what fell (a ``Table``).

    Reports are not a player's decision, so the harness of :mod:`tablegames.bots` asks
    this model for every one when bots play without a real table, and the search plays
    the same model inside its worlds. The seat to act is first asked (as an interrupt)
    whether to swap the card; then the model samples the whole report once and gives it
    one action at a time.
    """

    def __init__(self, seed: int | str = 0, model: FallModel | None = None) -> None:
        self.rng = Rng(seed)
        self.model = model or FallModel()
        self._plan: list[Action] = []
        self._state: Any = None
        self._version = -1

    def reports(self, state: Any) -> bool:
        """A report stage is the table's."""
        return bool(state.stage == S.REPORT)

    def own_options(self, state: Any) -> list[Action]:
        """The swap, while the attempt has not started to fall."""
        swap = A.simple(A.Swap, state.to_act)
        return [swap] if swap in state.legal_actions() else []

    def is_report(self, action: Action) -> bool:
        """What the table reports, never a seat's choice: settled, falls, a collapse,
        no space, time out (outside the report stage, the late falls of DAL-23)."""
        return isinstance(action, _REPORTS)

    def report(self, state: Any) -> Action:
        """The next action of the sampled report."""
        if (self._plan and self._state is state and self._version == state.version
                and self._plan[0] in state.legal_actions()):
            action = self._plan.pop(0)
        else:
            plan = self.model.sample(state, self.rng)
            action = plan.pop(0)
            self._plan, self._state = plan, state
        self._version = state.version + 1
        return action


from tablegames.bots.hints import SearchHints  # noqa: E402
from tablegames.bots.registry import register_hints  # noqa: E402

register_hints("dallah", SearchHints(rollout=ModelBot, table=TableModel))
