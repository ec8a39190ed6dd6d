"""Built-in Phase 10 bots.

:class:`SmartBot` plays like a careful club player:

* **draw** — takes the top discard only when it improves the hand's progress toward the
  current phase (or, once the phase is down, when it can be hit at once);
* **lay** — lays the phase as soon as it can, choosing the lay-down that spends the
  fewest Wilds (Wilds fit anywhere later, so they are the best cards to keep for hitting);
* **hit** — once down, hits every card it can, naturals before Wilds;
* **discard** — a Skip first, aimed at the opponent nearest to winning; otherwise the card
  whose loss costs least progress, the highest-scoring among equals (P10-52), never a Wild
  while another card will do.

Progress is a quick estimate, not a search: for each requirement the best partial group
(most naturals of one number, most distinct numbers in a run window, most cards of one
colour), combined over the phase's requirements with a small beam, plus the Wilds that
fill the gaps. A group the cards off the table can no longer complete counts for nothing:
once four 8s are laid and every Wild is down, the other four 8s make no set of 5, so
the bot lets them go (someone down may hit them) instead of keeping them for ever.

A hand can still stall with every seat playing sensibly: two seats short of their phase
each keep the cards the other needs, and the seats already down keep their cheap cards
while the draw pile brings only cards nobody can use, so the same cards go round and the
pile is rebuilt again and again (six players, ``SET5`` alone, 15-card hands: seed 26 ran
31,000 actions of one hand). Once the draw pile has been rebuilt :data:`STALL_REBUILDS`
times in one hand, the bot discards its plain cards in random order (from its seeded
generator, so play stays deterministic), as a person breaks a deadlock by letting a kept
card go: someone can then take it, lay or hit, and the hand ends.

:class:`EagerRandomBot` ("eager") is uniform over the legal actions except that it lays
down and hits whenever it can: random playouts that still make progress, for search
bots that want cheap rollouts. Plain uniform play (the shared ``RandomBot``, registered as
"random") finishes games too, since a hand that can lay its phase usually offers many
lay-downs among a dozen discards; it just takes several times as many actions.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tablegames.common.actions import Action
from tablegames.common.rng import Rng
from tablegames.phase10 import actions as A
from tablegames.phase10.cards import (
    FACES_OF_COLOUR,
    FACES_OF_NUMBER,
    POINTS,
    SKIP,
    WILD,
    counts_of,
    off_table,
)
from tablegames.phase10.layouts import Tally, most_naturals, tally
from tablegames.phase10.rules import RUN, SET, Phase
from tablegames.phase10.stages import DRAW
from tablegames.phase10.state import State, hit_values

_BEAM = 3
#: Rebuilds of the draw pile in one hand after which the bot lets its kept cards go in
#: random order (see the module docstring). Ordinary hands at six seats with 15 cards
#: each rebuild a few times; a hand that stalls rebuilds every few turns for ever.
STALL_REBUILDS = 8


def live_cards(state: State) -> Tally | None:
    """The :data:`Tally` of the cards off the table (the pack less every laid group):
    all that any hand, the stock and the discard pile can still hold this hand, so a
    public fact. ``None`` while nothing is laid, when every group is still possible."""
    if True not in state.down:
        return None
    return tally(off_table(state.laid))


def _live(kind: int, size: int, key: int, live: Tally) -> bool:
    """Whether the cards off the table (``live``) can still complete a group of
    ``kind`` and ``size`` on ``key`` (a number, a colour, or a run's lowest number),
    Wilds included."""
    by_number, by_colour, wilds, _ = live
    if kind == SET:
        return by_number[key] + wilds >= size
    if kind == RUN:
        return sum(1 for n in range(key, key + size) if not by_number[n]) <= wilds
    return by_colour[key] + wilds >= size


def _partials(kind: int, size: int, counts: Sequence[int],
              live: Tally | None = None) -> list[tuple[int, list[int]]]:
    """The best few partial groups for one requirement: (useful cards, faces used).

    Candidates are ranked by useful cards, ties in table order (number, run start or
    colour); only the ``_BEAM`` best get their card lists built, since the bot asks this
    for every card it might discard and building every candidate's list dominated. With
    ``live`` given, groups the cards off the table cannot complete are left out.
    """
    if kind == RUN:
        held = [-1] * 13
        for n in range(1, 13):
            for f in FACES_OF_NUMBER[n]:
                if counts[f]:
                    held[n] = f
                    break
        ranked = []
        got = sum(1 for n in range(1, size) if held[n] >= 0)
        for start in range(1, 14 - size):
            got += held[start + size - 1] >= 0  # slide the window one number up
            if got and (live is None or _live(RUN, size, start, live)):
                ranked.append((-got, start))
            got -= held[start] >= 0
        ranked.sort()
        return [(-neg, [f for f in held[start:start + size] if f >= 0])
                for neg, start in ranked[:_BEAM]]
    table = FACES_OF_NUMBER if kind == SET else FACES_OF_COLOUR
    ranked = []
    for key in range(1, 13) if kind == SET else range(4):
        total = 0
        for f in table[key]:
            total += counts[f]
        if total and (live is None or _live(kind, size, key, live)):
            ranked.append((-min(total, size), key))
    ranked.sort()
    out = []
    for neg, key in ranked[:_BEAM]:
        used: list[int] = []
        for f in table[key]:
            if counts[f]:
                used.extend([f] * counts[f])
                if len(used) >= size:
                    break
        out.append((-neg, used[:size]))
    return out


def progress(counts: Sequence[int], phase: Phase, live: Tally | None = None) -> int:
    """Cards of the hand that count toward ``phase`` (Wilds included, capped by its size).

    A beam search over the requirements in order, each taking one of its ``_BEAM`` best
    partial groups from the cards the earlier ones left. The last requirement only needs
    its best count (Wilds are never used by a partial group, so they add the same to
    every branch), which spares building its candidates on every branch. ``live`` (see
    :func:`live_cards`) leaves out groups the cards off the table cannot complete.
    """
    total = sum(size for _, size in phase)
    wilds = counts[WILD]
    last = len(phase) - 1
    best = 0

    def walk(i: int, work: list[int], useful: int) -> None:
        nonlocal best
        kind, size = phase[i]
        if i == last:
            if live is None:
                most = most_naturals(kind, size, work)
            else:
                found = _partials(kind, size, work, live)
                most = found[0][0] if found else 0
            best = max(best, min(total, useful + most + wilds))
            return
        options = _partials(kind, size, work, live)
        if not options:
            walk(i + 1, work, useful)
            return
        for got, used in options:
            for f in used:
                work[f] -= 1
            walk(i + 1, work, useful + got)
            for f in used:
                work[f] += 1

    walk(0, list(counts), 0)
    return best


class SmartBot:
    """A sensible Phase 10 player (see the module docstring); deterministic given its seed."""

    def __init__(self, seed: int | str = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, state: Any) -> Action:
        """The action for the seat to act."""
        seat = state.to_act
        legal = state.legal_actions()
        if state.step == DRAW:
            return self._draw(state, seat, legal)
        lays = [a for a in legal if isinstance(a, A.Lay)]
        if lays:
            return min(lays, key=lambda a: (
                sum(c == WILD for g in a.groups for c in g.cards),
                -sum(POINTS[c] for g in a.groups for c in g.cards),
            ))
        hits = [a for a in legal if isinstance(a, A.Hit)]
        if hits:
            naturals = [h for h in hits if h.card != WILD]
            return (naturals or hits)[0]
        return self._discard(state, seat, legal)

    def ranked(self, state: Any, seat: int, actions: list[Action]) -> list[Action]:
        """``actions`` (``seat``'s turn) in this bot's order of preference, its own
        choice first: lay-downs by fewest Wilds, hits naturals first, then discards (a
        Skip at the likeliest winner first, then the cards whose loss costs least
        progress, Wilds last). The search prunes and biases its tree with it."""
        if state.step == DRAW:
            first = self._draw(state, seat, actions)
            return [first, *(a for a in actions if a != first)]
        lays: list[Action] = sorted((a for a in actions if isinstance(a, A.Lay)),
                                    key=_lay_key)  # type: ignore[arg-type]
        hits = [a for a in actions if isinstance(a, A.Hit)]
        hits = [h for h in hits if h.card != WILD] + [h for h in hits if h.card == WILD]
        return [*lays, *hits, *self._discard_order(state, seat, actions)]

    def _draw(self, state: State, seat: int, legal: list[Action]) -> Action:
        take = A.TAKE[seat] if A.TAKE[seat] in legal else None
        draw = A.DRAW[seat] if A.DRAW[seat] in legal else None
        if take is None or draw is None:
            return take or draw or legal[0]
        top = state.discard[-1]
        if state.down[seat]:
            fits = any(hit_values(g, top) for row in state.laid for g in row)
            return take if fits else draw
        if top == WILD:
            return take
        counts = counts_of(state.hands[seat])
        live = live_cards(state)
        phase = self._focus(state, seat, counts, live)
        now = progress(counts, phase, live)
        counts[top] += 1
        return take if progress(counts, phase, live) > now else draw

    def _discard(self, state: State, seat: int, legal: list[Action]) -> Action:
        return self._discard_order(state, seat, legal)[0]

    def _discard_order(self, state: State, seat: int, legal: Sequence[Action]) -> list[Action]:
        """The discards among ``legal``, best first (``sorted`` is stable, so the first
        is ``max``'s pick: the first best in the legal order)."""
        discards = [a for a in legal if isinstance(a, A.Discard)]
        skips = [a for a in discards if a.card == SKIP]
        plain = [a for a in discards if a.card not in (WILD, SKIP)]
        if skips:
            aimed = sorted(skips, key=lambda a: self._threat(state, a.target), reverse=True)
            first: list[Action] = list(aimed)
            rest = [a for a in discards if a.card != SKIP]
            return [*first, *self._discard_order(state, seat, rest)] if rest else first
        if not plain:
            plain, wilds = discards, []
        else:
            wilds = [a for a in discards if a.card in (WILD, SKIP)]
        hand = state.hands[seat]
        if _stalled(state):  # break the deadlock: any kept card may go (Wilds still last)
            plain = list(plain)
            self.rng.shuffle(plain)
            return [*plain, *wilds]
        if state.down[seat]:
            table = [g for row in state.laid for g in row]

            def dead(card: int) -> tuple[int, int]:
                fits = any(hit_values(g, card) for g in table)
                return (0 if fits else 1, POINTS[card])

            return [*sorted(plain, key=lambda a: dead(a.card), reverse=True), *wilds]
        counts = counts_of(hand)
        live = live_cards(state)
        phase = self._focus(state, seat, counts, live)

        def keep_score(card: int) -> tuple[int, int, int]:
            counts[card] -= 1
            score = progress(counts, phase, live)
            counts[card] += 1
            return (score, POINTS[card], -card)

        return [*sorted(plain, key=lambda a: keep_score(a.card), reverse=True), *wilds]

    @staticmethod
    def _focus(state: State, seat: int, counts: list[int], live: Tally | None) -> Phase:
        """The phase to build toward: the current one, or with a choice of phases the one
        the hand is furthest along (by share of its cards held), the first among equals."""
        reqs: tuple[Phase, ...] = state.rules.phase_reqs
        options = state.open_phases(seat)
        if len(options) == 1:
            return reqs[options[0]]
        return max((reqs[i] for i in options),
                   key=lambda p: progress(counts, p, live) / sum(n for _, n in p))

    @staticmethod
    def _threat(state: State, target: int) -> tuple[int, int, int, int]:
        """How close ``target`` is to winning: phases done, phase down, few cards, score."""
        return (state.completed[target], int(state.down[target]), -len(state.hands[target]),
                -state.scores[target])


def _stalled(state: State) -> bool:
    """Whether this hand's draw pile has been rebuilt :data:`STALL_REBUILDS` times (the
    hand's record counts them; a hand begun before engine 2 kept none and never stalls
    by this count)."""
    return state.sources is not None and len(state.sources) > STALL_REBUILDS


class EagerRandomBot:
    """Uniform over legal actions, except that it lays down and hits whenever it can."""

    def __init__(self, seed: int | str = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, state: Any) -> Action:
        """A random legal action, lay-downs and hits first."""
        legal = state.legal_actions()
        for kind in (A.Lay, A.Hit):
            some = [a for a in legal if isinstance(a, kind)]
            if some:
                return some[self.rng.below(len(some))]
        return legal[self.rng.below(len(legal))]  # type: ignore[no-any-return]


#: Lay-downs the search considers at once (they differ only in which cards go down).
_LAY_CANDIDATES = 3
#: How much one phase ahead outweighs points, and how sure a lead is (see ``_value``).
_POINTS_PER_PHASE = 500
_TEMPERATURE = 0.6


def _lay_key(a: A.Lay) -> tuple[int, int]:
    """SmartBot's order of lay-downs: fewest Wilds spent, then most points shed."""
    return (sum(c == WILD for g in a.groups for c in g.cards),
            -sum(POINTS[c] for g in a.groups for c in g.cards))


def _candidates(state: State, seat: int, actions: list[Action]) -> list[Action]:
    """Every action but lay-downs, and the few best lay-downs by the smart bot's order.

    A hand that can lay its phase often can lay it dozens of ways (which Wild goes where,
    which of two equal cards); searching each is wasted, and the smart bot's order of
    them is sound, so the search compares a handful against holding back.
    """
    lays = [a for a in actions if isinstance(a, A.Lay)]
    if len(lays) <= _LAY_CANDIDATES:
        return actions
    keep = set(map(str, sorted(lays, key=_lay_key)[:_LAY_CANDIDATES]))
    return [a for a in actions if not isinstance(a, A.Lay) or str(a) in keep]


def _value(state: State) -> list[float]:
    """Each seat's rough chance of winning (= not losing) from phases done and points.

    The game is won by completing the last phase first, the score breaking ties (the
    lowest, unless the rules make the highest win, as ``Rules(scoring="winner")`` does):
    a softmax over phases completed (a phase laid down this hand counts half) less
    points in phases' worth (plus, when points are good), with a temperature that makes
    a two-phase lead nearly sure.
    """
    import math

    sign = 1.0 if state.rules.highest_wins else -1.0
    strength = [state.completed[s] + (0.5 if state.down[s] else 0.0)
                + sign * state.scores[s] / _POINTS_PER_PHASE for s in range(state.n)]
    top = max(strength)
    weights = [math.exp((x - top) / _TEMPERATURE) for x in strength]
    total = sum(weights)
    return [w / total for w in weights]


from tablegames.bots.hints import SearchHints  # noqa: E402
from tablegames.bots.registry import register_hints  # noqa: E402
from tablegames.phase10.infer import belief  # noqa: E402


def _ranked(state: State, seat: int, actions: list[Action]) -> list[Action]:
    """The smart bot's order of a turn's actions (see :meth:`SmartBot.ranked`)."""
    return SmartBot().ranked(state, seat, actions)


#: The search keeps the smart bot's best few actions of a turn (the draw's two, three
#: lay-downs, three hits or three discards of about eleven), leans toward its first and
#: compares them on shared worlds (``paired``): a hand's luck is most of its result, and
#: only the same deals and draws for every option let a few dozen rollouts tell two
#: sensible discards apart. Against the smart bot, seed 2026, seat-rotated, 4 games each
#: (too few to rank them, enough to choose): the tree with no ranking lost 4 of 4 at
#: budget 40, with the bias 4 of 4; the paired root at budget 60 won 2 of 4.
#:
#: The paired root leaves the smart bot's move only for an option ahead of it by 1.5
#: standard errors on the shared worlds (``confidence``). Without that test the search
#: left it in a quarter of its decisions, and searches of 200 rollouts per option (seed
#: 2026 positions of smart-bot games) confirmed only 14 of those 32 departures; against
#: the smart bot, budget 30, seed 2026, seat-rotated, the same 10 deals: 8 lost without
#: the test, 5 with it. (A value fitted to the smart bot's games, weighing points about
#: five times as much, lost 7 of the same 10 with the test, so the value stays.)
_BREADTH = 3
#: Worlds dealt per world searched, one kept by how likely the others' discards and
#: declines this hand make it (:mod:`tablegames.phase10.infer`). Against the smart bot,
#: budget 30, seed 2026, seat-rotated: on the same 40 deals the search lost 20 with
#: uniform worlds and 14 with a pool of 8; over 200 games with a pool of 8 it lost 42.0%
#: (95% interval 35.4%-48.9%), the first Phase 10 match in which it beats the smart bot
#: (uniform worlds, 60 games: 48.3%, 36.2%-60.7%). A world costs about 0.3 ms instead
#: of 0.04 (a few per cent of a decision, whose rollouts cost about 2 ms each).
#: Modelling the opponent by the ``eager`` bot in the rollouts instead
#: (``opponent_rollout="eager"``, the same pool) lost 20 of the same 40 deals: cheaper
#: (32 ms a decision against 46), not stronger, so every seat rolls out as the smart bot.
_BELIEF_POOL = 8
_BIAS = 0.5
_CONFIDENCE = 1.5

register_hints("phase10", SearchHints(
    rollout=SmartBot, value=_value, horizon=lambda s: s.round, rollout_depth=1,
    candidates=_candidates, ranked=_ranked, breadth=_BREADTH, bias=_BIAS, paired=True,
    confidence=_CONFIDENCE, belief=belief, belief_pool=_BELIEF_POOL))
