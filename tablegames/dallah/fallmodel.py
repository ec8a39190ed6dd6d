"""A probabilistic stand-in for the people's hands: **a model, not a measurement**.

The engine never decides what falls; the table reports it. To play whole games without a
table (tests, bots, balance studies, ``tablegames simulate dallah``) something must
report instead, and :class:`FallModel` does: a seeded, stochastic guess at what a player
of ordinary skill would report. Its numbers are invented to be plausible and are a config
(change them to study a clumsier or steadier table); nothing in the rules depends on them.

The chance that an attempt makes cups fall is

    p = (base + per_cup · cups on the Dallah + per_zone_cup · cups on the target zone)
        · factor[card kind]

capped at ``max_chance``. The factor is higher for tap, rotate, blow, the five-second
card and Naql. Given a fall, the whole Dallah collapses with ``collapse_share``;
otherwise the cup being placed (or a cup of the busiest zone, for a stunt) falls and every
other cup on that zone follows with ``spread``. On the five-second card an attempt with no
fall runs out of time with ``timeout``. A zone holding ``zone_capacity`` cups has no
usable space.

**Seats and the Biggest Loser.** The figures of ``tablegames simulate dallah`` are level
across seats (4 players, 4000 games: 1076, 1108, 1106, 1067). The game ending mid-round
when the shared pile empties (DAL-50) gives the seats before the last player one turn
more, but that real turn-order effect is too small to see at these sizes (see the DAL-50
ruling). An early-seat skew once measured (291, 293, 270, 236 per 1000 games) came from
the model bot breaking decision ties by seat number, not from this model, the collector
or the turn order; the bot now breaks ties at random with its own seeded generator.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any

import attrs

from tablegames.common.actions import Action
from tablegames.common.rng import Rng
from tablegames.common.rules import int_in
from tablegames.dallah import actions as A
from tablegames.dallah import stages as S

if TYPE_CHECKING:
    from tablegames.dallah.state import State


def _prob(_inst: Any, attr: Any, value: Any) -> None:
    from tablegames.common.errors import RulesError, quoted

    if isinstance(value, bool) or not isinstance(value, int | float) or not 0 <= value <= 1:
        raise RulesError(f"{attr.name} must be a probability in 0..1, not {quoted(value)}",
                         code="range", option=attr.name, value=value, least=0, most=1)


def _factor(_inst: Any, attr: Any, value: Any) -> None:
    from tablegames.common.errors import RulesError, quoted

    if isinstance(value, bool) or not isinstance(value, int | float) or not 0 <= value <= 20:
        raise RulesError(f"{attr.name} must be a factor in 0..20, not {quoted(value)}",
                         code="range", option=attr.name, value=value, least=0, most=20)


@attrs.frozen
class FallModel:
    """Parameters of the fall model (see the module docstring for the formula)."""

    base: float = attrs.field(default=0.03, validator=_prob)
    per_cup: float = attrs.field(default=0.012, validator=_prob)
    per_zone_cup: float = attrs.field(default=0.05, validator=_prob)
    max_chance: float = attrs.field(default=0.9, validator=_prob)
    collapse_share: float = attrs.field(default=0.1, validator=_prob)
    spread: float = attrs.field(default=0.3, validator=_prob)
    timeout: float = attrs.field(default=0.25, validator=_prob)
    zone_capacity: int = attrs.field(default=6, validator=int_in(1, 100))
    tap: float = attrs.field(default=2.5, validator=_factor)
    rotate: float = attrs.field(default=2.0, validator=_factor)
    blow: float = attrs.field(default=1.5, validator=_factor)
    timed: float = attrs.field(default=1.5, validator=_factor)
    naql: float = attrs.field(default=1.5, validator=_factor)

    def factor(self, kind: str) -> float:
        """How much harder than a plain placement a card kind is."""
        return float(getattr(self, kind, 1.0)) if kind in (
            "tap", "rotate", "blow", "timed", "naql") else 1.0

    def fall_chance(self, state: State) -> float:
        """The chance that the attempt being reported makes something fall."""
        spec = state.spec
        kind = spec.kind if spec is not None else "place"
        if state.report_kind == S.R_PLACE and state.zone >= 0:
            load = len(state.pot[state.zone])
        else:
            load = max((len(z) for z in state.pot), default=0)
        p = self.base + self.per_cup * state.pot_total() + self.per_zone_cup * load
        return min(self.max_chance, p * self.factor(kind))

    def sample(self, state: State, rng: Rng) -> list[Action]:
        """A whole report for the current attempt, as the actions to apply in order.

        Each question of :meth:`report` is answered by one draw of ``rng`` (yes when the
        draw is below its probability), so seeded games are the same as they always were.
        """
        questions = self.report(state)
        try:
            question = next(questions)
            while True:
                question = questions.send(rng.random() < question.p)
        except StopIteration as done:
            return done.value  # type: ignore[no-any-return]

    def report(self, state: State) -> Generator[Question, bool, list[Action]]:
        """The model as a tree of yes/no questions: it yields each :class:`Question` (with
        the chance that the answer is yes), is sent the answer, and returns the report.

        :meth:`sample` answers with a seeded draw; a caller that models chance itself
        (OpenSpiel's chance nodes, :mod:`tablegames.adapters.dallah`) asks its own. One
        tree for both, so the probabilities a chance node lists are the model's.
        """
        seat = state.to_act
        assert seat is not None and state.stage == S.REPORT
        t = state.t
        simple = A.simple
        if state.falls:
            return [simple(A.Settled, seat)]
        placing = state._placing()
        if placing and len(state.pot[state.zone]) >= self.zone_capacity and state._can_nospace():
            return [simple(A.NoSpace, seat)]
        if not (yield Question("fall", self.fall_chance(state))):
            if placing and state.t.kind[state.card] == "timed" and (
                    yield Question("timeout", self.timeout)):
                return [simple(A.Timeout, seat)]
            return [simple(A.Settled, seat)]
        if (yield Question("collapse", self.collapse_share)):
            # the cup being placed is let go and falls with the rest: a report names it,
            # and a collapse takes the cups on the Dallah (DAL-14, DAL-26)
            out = [A.fell(seat, t.zone_ids[state.zone], t.shape_ids[state.cups_in_hand[0]])
                   ] if placing else []
            if any(state.pot):
                out.append(simple(A.Collapse, seat))
            return [*out, simple(A.Settled, seat)]
        if placing:
            z, first = state.zone, state.cups_in_hand[0]
            others = list(state.pot[z])
        else:
            z = max(range(t.nzones), key=lambda i: (len(state.pot[i]), -i))
            if not state.pot[z]:
                return [simple(A.Settled, seat)]
            others = list(state.pot[z])
            first = others.pop()
        out = [A.fell(seat, t.zone_ids[z], t.shape_ids[first])]
        for s in reversed(others):
            if (yield Question("spread", self.spread)):
                out.append(A.fell(seat, t.zone_ids[z], t.shape_ids[s]))
        out.append(simple(A.Settled, seat))
        return out


@attrs.frozen
class Question:
    """One yes/no question of the fall model (:meth:`FallModel.report`): ``kind`` is
    ``"fall"`` (does anything fall?), ``"timeout"`` (does the five-second card run out,
    given nothing fell?), ``"collapse"`` (does the whole Dallah fall, given a fall?) or
    ``"spread"`` (does the next cup of the zone fall too?), and ``p`` the chance of yes."""

    kind: str
    p: float
