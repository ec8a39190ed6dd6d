"""The "model" bot: decisions that weigh expected cups, and reports from the fall model.

In Dallah the table decides what falls, so a bot's real decisions are few: whether to
swap the card, whom a pile card hits, whether and how to protect, and where Naql moves a
cup. This bot prices each one in *cups*, from the same
:class:`~tablegames.dallah.fallmodel.FallModel` that reports for the table, and in *danger*:
how far its own pile stands above the biggest other pile (one Biggest Loser loses, so
only the margin to the top matters, never the pile alone).

* **Swap** (DAL-27): an attempt costs ``p · E[cups | fall]`` to whoever collects it: the
  fall chance of the zone the Placement card named (or the busiest zone, for a stunt or a
  Naql move) times the cups a fall takes (the cup, the others on that zone with the
  model's ``spread``, all of the Dallah with ``collapse_share``), plus the later cups of
  the card. A fresh card costs the average of the cards still in the public stock
  (placements over the zones' cards; pile cards by what they would do to the bot's own
  pile now, often a gain). The bot swaps when the card in hand costs more, and never
  when somebody else collects the attempt. It waits for the Placement card before
  deciding (the swap stays open until the first cup is let go), so it never swaps blind.
  It never swaps a card that takes a cup twice in a turn, nor in a deck where fewer than
  a quarter of the cards take one (``MIN_FRESH_PLACING``): there the swap skips the cup
  instead of trading it, and a table of such bots never ends.
  The old rule, a fixed fall chance (``swap_above``), is kept as an option. Measured
  against three random bots (arena, seed 77, 2000 games, table model reporting): the
  old rules lost 23.3% (21.5–25.2%), these 19.1% (17.4–20.9%), never swapping 30.7%;
  the swap is most of the gain (with the old targets or the old always-protect rule
  the bot lost 18.5% and 19.6%, within the noise of 19.1%).
* **Targets** (DAL-30..38): every choice is valued by the danger it leaves, with a
  target's protection priced in (a target holding Ma Ysir or Ana Mali Dakhal answers
  a card against it, so the effect is likely cancelled or sent on): gifts go to the
  biggest other pile, a pile swap goes to the smallest pile only where it lowers the
  bot's own pile, Malek Shoghl gives from its own pile when it may.
* **Protection** (DAL-41..44) is kept for a loss that matters: the bot lets a one-cup
  effect pass while it stays clear of the top and cups are still to come, and otherwise
  plays the card that leaves the least danger (a redirect sends a gift to the biggest
  eligible pile).
* **Naql** (DAL-22) moves the cup that leaves the lowest expected loss for its own
  report: off the busiest zone onto the emptiest.
* Every tie is broken at random with the bot's own seeded generator, never by seat
  number (that once made the low seats everyone's victim, see ``fallmodel``).

Everything the bot reads is public (piles, the Dallah, held protection cards, discards,
the stock's size and so its make-up), so it decides the same on a sampled world as on
the real state. Each decision is a few dozen arithmetic steps (it is also the search's
rollout policy).

**The search's value** (:func:`not_losing`): the search's rollouts play
``ROLLOUT_TURNS`` turns with this bot and then value the piles (a softmax of the piles
whose temperature falls as the cups run out), instead of playing to the end: the
falls are luck, so one rollout to the end says little, and the search gets several
times more iterations for the same time (ISMCTS at budget 60 against three of these
bots, seed 2026, 160 games: 25.6% (19.5–32.9%) lost with 4 turns, in 53 s; 34.4%
(27.5–42.0%) playing to the end of the game, in 391 s; 2 turns lost 32.5%. Against
three random bots, 240 games: 21.3% (16.6–26.9%) in 118 s with 4 turns, 19.2%
(14.7–24.6%) in 534 s to the end: within the noise, at a quarter of the time).

Reports of the physical world come from :class:`~tablegames.dallah.fallmodel.FallModel`:
the bot samples a whole report once and then plays it out one action at a time.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

from tablegames.common.actions import Action
from tablegames.common.bots import RandomBot as CommonRandomBot
from tablegames.common.rng import Rng
from tablegames.dallah import actions as A
from tablegames.dallah import piles
from tablegames.dallah import stages as S
from tablegames.dallah.cardset import ActionCard
from tablegames.dallah.fallmodel import FallModel
from tablegames.dallah.table import NEEDS_POT

#: Kinds whose attempt is a placement at a zone named by a Placement card.
_PLACING = ("place", "timed", "tag_team", "shareek", "fazaa")
#: The chance a target holding protection answers a card against it (cancels or sends
#: the effect on): bots and people alike nearly always do when it matters.
_ANSWERED = 0.8
#: The least share of the action deck's cards that take a cup (``Table.placing_share``) for
#: the bot to swap a card that takes one (DAL-27): a swap should trade a placement for an
#: easier one, not skip it. In a deck where most cards take no cup the fresh card seldom
#: does, the cup waits in the shared pile, and a table of bots that always swap never
#: empties it (a house set of one Place card among pile actions never ended). For the
#: same reason the bot swaps such a card once a turn at most, whatever
#: ``swaps_per_turn`` allows (with five swaps a turn it swapped until a pile card came).
#: So every card that takes a cup places one at least about a quarter of the times it is
#: drawn. The default deck (17 of 29) is far above the share and the default rules allow
#: one swap a turn, so play under them is unchanged.
MIN_FRESH_PLACING = 0.25
#: Turns a search rollout plays before the piles are valued (:func:`not_losing`).
ROLLOUT_TURNS = 4


def danger(piles: Sequence[int], seat: int) -> int:
    """How far ``seat``'s pile stands above the biggest other pile (lower is safer)."""
    return piles[seat] - max(p for s, p in enumerate(piles) if s != seat)


def not_losing(state: Any) -> list[float]:
    """Each seat's estimated chance of not being the Biggest Loser, from the piles.

    A seat's chance of ending with the biggest pile is taken as a softmax of the piles
    whose temperature shrinks as the shared pile empties (the cups still to fall can
    reorder piles that are close now, but not at the end). Used as the search's value.
    """
    if state.is_over:
        losers = set(state.outcome().losers)
        return [0.0 if s in losers else 1.0 for s in range(len(state.piles))]
    temp = 0.5 + 0.35 * math.sqrt(state.shared_total() + state.pot_total())
    piles = state.piles
    top = max(piles)
    weights = [math.exp((p - top) / temp) for p in piles]
    total = sum(weights)
    return [1.0 - w / total for w in weights]


class ModelBot:
    """Plays Dallah by expected cups and reports what the fall model says fell (seeded).

    ``swap_above``: ``None`` (the default) swaps by expected cups (see the module doc);
    a number restores the old rule, swapping when the fall chance is above it (1.0:
    never swap).
    """

    def __init__(self, seed: int | str = 0, model: FallModel | None = None,
                 swap_above: float | None = None) -> None:
        self.rng = Rng(seed)
        self.model = model or FallModel()
        self.swap_above = swap_above
        self._plan: list[Action] = []
        self._plan_at: tuple[int | str, int, int] = (-1, -1, -1)

    def choose(self, state: Any) -> Action:
        """The action for the seat to act."""
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]  # type: ignore[no-any-return]
        stage = state.stage
        seat = state.to_act
        if stage == S.REPORT:
            return self._report(state, legal)
        if stage == S.PROTECT:
            return self._protect(state, legal, seat)
        if stage == S.TARGET:
            if state.spec.kind == "shareek" and self._should_swap(state, seat, legal):
                return A.simple(A.Swap, seat)
            return self._target(state, legal, seat)
        if stage == S.PAIR:
            return self._pair(state, legal, seat)
        if stage == S.MOVE:
            move = self._move(state, legal)
            if self._should_swap(state, seat, legal, move):
                return A.simple(A.Swap, seat)
            return move
        # draw, or roll: a placing card is judged once its Placement card is drawn
        for a in legal:
            if type(a) is not A.Swap:
                return a  # type: ignore[no-any-return]
        return legal[0]  # type: ignore[no-any-return]

    # -- reports ----------------------------------------------------------------------
    def _report(self, state: Any, legal: list[Action]) -> Action:
        # The plan goes on at the next version of the same turn of the same game (or
        # search world: each has its own seed), whatever object asks: through a seat
        # handle each question comes on a new copy of the game, so keying on the object
        # (its id) made the bot's play depend on memory reuse.
        key = (state.seed, state.turn, state.version)
        if self._plan and self._plan_at == key and self._plan[0] in legal:
            action = self._plan.pop(0)
            self._plan_at = (state.seed, state.turn, state.version + 1)
            return action
        swap = self.interrupt(state, state.to_act)
        if swap is not None:
            return swap
        plan = self.model.sample(state, self.rng)
        action = plan.pop(0)
        self._plan = plan
        self._plan_at = (state.seed, state.turn, state.version + 1)
        return action

    def interrupt(self, state: Any, seat: int) -> Action | None:
        """Before the table reports an attempt: swap the card if it costs more cups than
        a fresh one (DAL-27); a seat that is not to act never has anything to say."""
        if seat != state.to_act or state.stage != S.REPORT or state.falls:
            return None
        legal = state.legal_actions()
        if self._should_swap(state, seat, legal):
            return A.simple(A.Swap, seat)
        return None

    # -- the price of a card, in cups -------------------------------------------------
    def _attempt(self, kind: str, total: int, load: int, placing: bool) -> float:
        """Expected cups an attempt makes fall: ``p · E[cups | fall]`` (see FallModel)."""
        m = self.model
        p = min(m.max_chance, (m.base + m.per_cup * total + m.per_zone_cup * load)
                * m.factor(kind))
        if placing:  # the cup itself, then the zone's others with spread
            single, everything = 1 + m.spread * load, total + 1
        elif load:   # a stunt or move: a cup of the busiest zone, its others with spread
            single, everything = 1 + m.spread * (load - 1), total
        else:
            return 0.0
        return p * (m.collapse_share * everything + (1 - m.collapse_share) * single)

    def _blind(self, state: Any, kind: str, total: int) -> float:
        """Expected cups of placing one cup at a zone not drawn yet (by the zone cards)."""
        t = state.t
        weights: tuple[int, ...] = t.zone_counts
        cost = 0.0
        for z, w in enumerate(weights):
            if w:
                cost += w * self._attempt(kind, total, len(state.pot[z]), True)
        return cost / float(max(1, sum(weights)))

    def _cups(self, state: Any, kind: str, cups: int, first: float) -> float:
        """A card's cost given its first attempt's ``first``: each later cup is placed
        only if nothing fell before it (a fall ends the card, DAL-26)."""
        total = state.pot_total() + 1
        cost, carry = first, 1.0
        for _ in range(cups - 1):
            carry *= max(0.0, 1.0 - first)
            cost += carry * self._blind(state, kind, total)
            total += 1
        return cost

    def _placing_cost(self, state: Any, spec: ActionCard, zone: int = -1,
                      cups: int = -1) -> float:
        """What a placing, stunt or Naql card costs its collector from now: ``zone`` the
        drawn Placement card's zone (-1: not drawn yet), ``cups`` the cups still to
        place (-1: as many as the card takes from the shared pile)."""
        kind = spec.kind
        total = state.pot_total()
        if cups < 0:
            cups = min(spec.cups, state.shared_total())
        if kind in _PLACING:
            if zone >= 0:
                first = self._attempt(kind, total, len(state.pot[zone]), True)
            else:
                first = self._blind(state, kind, total)
            return self._cups(state, kind, cups, first)
        busiest = max((len(z) for z in state.pot), default=0)
        first = self._attempt(kind, total, busiest, False)
        if kind == "naql":
            return first
        return first + self._blind(state, "place", total) * cups

    def _pile_gain(self, state: Any, spec: ActionCard, me: int) -> float:
        """Cups a pile card drawn by ``me`` would add to ``me``'s pile now (< 0: a gain)."""
        piles = state.piles
        n = len(piles)
        mine = piles[me]
        kind = spec.kind
        if kind == "give":
            k = (mine // 2 if spec.portion == "half" else mine if spec.portion == "all"
                 else min(spec.amount, mine))
            return -float(k)
        if kind == "retire":
            return -float(min(spec.amount, mine))
        if kind == "swap":
            if spec.target == "choose":
                return float(min(0, min(p for s, p in enumerate(piles) if s != me) - mine))
            side = (me + 1) % n if spec.target == "next" else (me - 1) % n
            return float(piles[side] - mine)
        if kind == "even_out":
            hi, lo = max(piles), min(piles)
            if hi == lo:
                return 0.0
            if mine == hi:
                return -float(min(spec.amount, mine))
            if mine == lo and piles.count(lo) == 1:
                return float(spec.amount)
            return 0.0
        # pass: one cup leaves every non-empty pile for the neighbour
        giver = (me - 1) % n if spec.target == "next" else (me + 1) % n
        return (1.0 if piles[giver] else 0.0) - (1.0 if mine else 0.0)

    def _fresh(self, state: Any, me: int) -> float:
        """Expected cost to ``me`` of the card a swap would draw for the turn's player.

        Averaged over the stock's public make-up (the whole deck when it is empty and
        would be reshuffled); protection cards are set aside by the draw, and cards that
        need cups on the Dallah are redrawn when it is empty (DAL-22, DAL-27).
        """
        t = state.t
        counts = [0] * len(t.specs)
        for c in state.stock or t.action_deck:
            counts[c] += 1
        empty = not state.pot_total()
        active = state.active
        cost = 0.0
        n = 0
        for code, k in enumerate(counts):
            if not k or t.protection[code]:
                continue
            spec = t.specs[code]
            kind = spec.kind
            if empty and kind in NEEDS_POT:
                continue
            n += k
            if active != me:
                continue  # the new card is the turn player's: nothing falls on me
            if t.is_pile[code]:
                cost += k * self._pile_gain(state, spec, me)
            elif kind != "fazaa":  # Fazaa': the next player places and collects
                cost += k * self._placing_cost(state, spec)
        return cost / n if n else 0.0

    def _should_swap(self, state: Any, seat: int, legal: list[Action],
                     move: Action | None = None) -> bool:
        """Whether to swap the card now (only when ``swap`` is legal)."""
        if A.simple(A.Swap, seat) not in legal:
            return False
        if state.spec.kind != "naql" and (
            state.swaps or state.t.placing_share < MIN_FRESH_PLACING
        ):  # a second swap, or a fresh card that seldom places, would skip the cup
            return False
        if self.swap_above is not None:
            return self.model.fall_chance(state) > self.swap_above
        spec = state.spec
        if spec.kind == "naql":
            if move is None:
                return False
            keep = self._move_cost(state, move)  # type: ignore[arg-type]
        else:
            collector = state.collector if state.stage == S.REPORT else (
                (state.active + 1) % state.n if spec.kind == "fazaa" else state.active)
            if collector != seat:
                return False  # somebody else collects what falls
            if state.stage == S.REPORT and state.report_kind == S.R_PLACE:
                keep = self._placing_cost(state, spec, state.zone, len(state.cups_in_hand))
            else:
                keep = self._placing_cost(state, spec)
        return keep > self._fresh(state, seat)

    # -- decisions --------------------------------------------------------------------
    def _best(self, options: Sequence[Action], key: Callable[[Any], Any]) -> Action:
        """The option with the highest ``key``; ties broken at random (seeded).

        Breaking ties by seat number would make low seats the usual victims of every
        "give to the biggest pile" or "swap with the smallest" choice (at the start every
        pile is 0, so everything ties) and skew the Biggest Loser figures towards them.
        """
        pool = list(options)
        self.rng.shuffle(pool)
        return max(pool, key=key)

    @staticmethod
    def _after(piles: Sequence[int], effects: Sequence[Sequence[int]]) -> list[int]:
        """The piles once ``effects`` (``[source, recipient, cups, flags]``) happen."""
        out = list(piles)
        delta = [0] * len(out)
        for src, dst, k, flags in effects:
            if flags & S.BLOCKED:
                continue
            if k == S.SWAP:
                out[src], out[dst] = out[dst], out[src]
            else:
                delta[src] -= k
                delta[dst] += k
        return [p + d for p, d in zip(out, delta, strict=True)]

    def _answered(self, state: Any, effect: list[int], me: int) -> float:
        """Expected danger to ``me`` of an effect whose recipient may protect itself: a
        block cancels it, a redirect sends it to the biggest eligible pile (a gift) or
        the smallest (a swap); either with chance :data:`_ANSWERED`."""
        piles = state.piles
        src, dst, k = effect[0], effect[1], effect[2]
        happens = danger(self._after(piles, [effect]), me)
        held = state.held[dst] if dst != me else []
        if not held:
            return float(happens)
        kinds = {state.t.kind[c] for c in held}
        if "block" in kinds:
            other = float(danger(piles, me))
        else:
            eligible = [s for s in range(len(piles)) if s not in (src, dst)]
            if not eligible:
                other = float(danger(piles, me))
            else:
                pick = (min if k == S.SWAP else max)(eligible, key=lambda s: piles[s])
                other = float(danger(self._after(piles, [[src, pick, k, 0]]), me))
        return _ANSWERED * other + (1 - _ANSWERED) * happens

    def _target(self, state: Any, legal: list[Action], seat: int) -> Action:
        targets = [a for a in legal if isinstance(a, A.Target)]
        spec = state.spec
        if spec.kind == "shareek":
            return self._best(targets, lambda a: 0)  # the partner's hands are alike here
        piles = state.piles

        def effect(who: int) -> list[int]:
            if spec.kind == "give":
                return [seat, who, state.amount, 0]
            if piles[seat] >= piles[who]:
                return [seat, who, S.SWAP, 0]
            return [who, seat, S.SWAP, 0]

        def safety(a: Any) -> float:
            e = effect(a.target)
            if e[2] == S.SWAP and piles[seat] == piles[a.target]:
                return -float(danger(piles, seat))  # equal piles: nothing happens
            return -self._answered(state, e, seat)

        return self._best(targets, safety)

    def _pair(self, state: Any, legal: list[Action], seat: int) -> Action:
        pairs = [a for a in legal if isinstance(a, A.Pair)]
        piles = state.piles
        spec = state.spec
        amount = spec.amount if isinstance(spec, ActionCard) else 0

        def safety(a: Any) -> float:
            e = [a.source, a.recipient, min(amount, piles[a.source]), 0]
            return -self._answered(state, e, seat)

        return self._best(pairs, safety)

    def _protect(self, state: Any, legal: list[Action], seat: int) -> Action:
        """Protect against a loss that matters; keep the card for one otherwise.

        Every option is valued by the danger it leaves, with every other effect of the
        card happening as well (Pass It moves all piles at once). The card is played
        when it lowers the danger by two cups of margin or more, when allowing would put
        the bot at or above the top, or near the end (a card kept to the end is wasted);
        a one-cup effect that leaves it clear of the top is let through.
        """
        effects = state.effects
        mine = piles.my_effect(state, seat)
        sizes = state.piles
        swap = mine is not None and mine[2] == S.SWAP

        def result(a: Action) -> int:
            kind = type(a)
            if kind is A.Allow or mine is None:
                return danger(self._after(sizes, effects), seat)
            changed = []
            for e in effects:
                if e is mine:
                    if kind is A.Redirect and a.to is not None:  # type: ignore[attr-defined]
                        e = [e[0], a.to, e[2], e[3]]  # type: ignore[attr-defined]
                    else:
                        e = [e[0], e[1], e[2], e[3] | S.BLOCKED]
                changed.append(e)
            return danger(self._after(sizes, changed), seat)

        allow = A.simple(A.Allow, seat)
        plays = [a for a in legal if a != allow]
        if not plays:
            return allow

        def tiebreak(a: Any) -> int:
            to = getattr(a, "to", None)
            if to is None:
                return 0
            # equal danger: a swap to the smallest pile, a gift to the biggest
            size: int = sizes[to]
            return -size if swap else size

        best = self._best(plays, lambda a: (-result(a), tiebreak(a)))
        allowed = result(allow)
        if allowed - result(best) >= 2 or allowed >= 0 or state.shared_total() <= 3:
            return best
        return allow

    def _move_cost(self, state: Any, move: A.Move) -> float:
        """Expected cups the Naql report costs after ``move``: the busiest zone decides."""
        t = state.t
        z, d = t.zone_index[move.zone], t.zone_index[move.to]
        busiest = 0
        for i, cups in enumerate(state.pot):
            load = len(cups) - (i == z) + (i == d)
            busiest = max(busiest, load)
        return self._attempt("naql", state.pot_total(), busiest, False)

    def _move(self, state: Any, legal: list[Action]) -> Action:
        moves = [a for a in legal if isinstance(a, A.Move)]
        t = state.t
        load = {t.zone_ids[z]: len(c) for z, c in enumerate(state.pot)}
        return self._best(moves, lambda a: (-self._move_cost(state, a),
                                            load[a.zone] - load[a.to]))


class RandomBot(CommonRandomBot):
    """Dallah's random player: any decision at random, and a report only where one is due.

    The shared random policy takes any legal action, and in Dallah some legal actions
    are reports of the physical world made outside the report stage: a late fall after
    ``settled`` (DAL-23), a cup that fell before the roll. Where a table reports (the
    fall model: the harness, the search's worlds, the RL adapters' ``table="model"``)
    those are the table's alone, and the table model never makes one, so the shared
    policy claimed falls that table never has: several times as often as it drew
    (each cup on the Dallah is one ``fell``, the draw is one action), refused by the
    OpenSpiel adapter and followed by the search's ``rollout="random"``.

    So this player reports only at the report stage, where a report is due and it
    stands for the people at the table (no table model: the conformance kit, the RL
    adapters' ``table="players"``), choosing uniformly among the reports, as careless
    people might. Outside it, a report is left to the table (DAL-23: only the table
    knows that something fell late; a random *player* invents no fall). Asked before the
    table reports (``interrupt``, the seat's own options), it swaps the card (DAL-27)
    or lets the table report, each with the same chance; it never interrupts otherwise.
    """

    def choose(self, state: Any) -> Action:
        """A uniformly random legal action, less the reports outside the report stage."""
        actions = state.legal_actions()
        if state.stage != S.REPORT:
            decisions = [a for a in actions if not isinstance(a, A.TABLE_REPORTS)]
            actions = decisions or actions  # DAL-23: a late fall is the table's to say
        return actions[self.rng.below(len(actions))]  # type: ignore[no-any-return]

    def interrupt(self, state: Any, seat: int) -> Action | None:
        """Before the table reports: swap (DAL-27) or let it report, uniformly."""
        if seat != state.to_act or state.stage != S.REPORT:
            return None  # a late fall is the table's (DAL-23): no poll of its own
        own = [a for a in state.legal_actions(seat) if not isinstance(a, A.TABLE_REPORTS)]
        k = self.rng.below(len(own) + 1)
        return None if k == len(own) else own[k]


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
        return isinstance(action, A.TABLE_REPORTS)

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


def _turns(state: Any) -> int:
    """The search's horizon: turns played."""
    return int(state.turn)


def swap_when_seen(state: Any, seat: int, actions: list[Action]) -> list[Action]:
    """The search's options: no swap of a placing card before its roll (DAL-27).

    A placing card stays swappable until its first cup is let go, so the seat is asked
    again once the die has named the cup and the Placement card the zone, and can then
    judge the card by what it actually asks. Swapping before the roll gives up that
    information for nothing; the model bot never does, and a search that may do it
    swapped blind in two of every five rolls of a 30-game sample against three model
    bots, where a swap's value and a roll's are close enough for noise to decide.

    Nor a report of the table outside a report stage (a fall before the roll, DAL-23; a
    late fall): what fell is the table's to say, never a seat's choice to search.
    """
    if state.stage != S.REPORT and len(actions) > 1:
        kept = [a for a in actions if not isinstance(a, A.TABLE_REPORTS)]
        if kept:
            actions = kept
    if state.stage == S.ROLL and len(actions) > 1:
        kept = [a for a in actions if type(a) is not A.Swap]
        if kept:
            return kept
    return actions


#: The swap before an attempt (DAL-27) is most of a Dallah seat's gain (see the module
#: docstring), and it is asked once per attempt, not before every card: the search gives it
#: the whole budget, and asks it only once the roll and the Placement card are known
#: (``candidates``). The root's options are compared on shared worlds with shared falls
#: (``paired``): the falls are luck, and two options played on different falls say more
#: about the falls than about the options.
register_hints("dallah", SearchHints(rollout=ModelBot, table=TableModel, value=not_losing,
                                     horizon=_turns, rollout_depth=ROLLOUT_TURNS,
                                     paired=True, interrupt_share=1.0,
                                     candidates=swap_when_seen))
