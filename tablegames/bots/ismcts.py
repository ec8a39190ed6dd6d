"""Single-observer information-set Monte Carlo tree search (``"ismcts"``).

The algorithm is SO-ISMCTS of Cowling, Powley and Whitehouse, "Information Set Monte
Carlo Tree Search", IEEE Transactions on Computational Intelligence and AI in Games
4(2):120-143, 2012 (doi:10.1109/TCIAIG.2012.2200894). The tree belongs to one observer,
the seat asking; its nodes are that seat's information sets, reached by sequences of
public actions. Each iteration

1. **determinizes**: deals one world consistent with all the seat has seen
   (``handle.sample_world(rng)``; every card the seat cannot see, and the future order
   of the stock, is redealt),
2. **selects** down the tree among only the actions legal *in that world* (another
   seat's options depend on its hidden cards), by UCB1 with *availability counts*: an
   action's exploration term uses how often it was available, not how often its parent
   was visited (the paper's answer to the subset-armed bandit),
3. **expands** one untried action legal in the world,
4. **rolls out** to the end of the game, or (with a game's ``value``) to the end of the
   current hand, with the game's rollout policy for every seat,
5. **backs up** each seat's reward into the edges that seat chose.

The action is the most visited one at the root.

Rewards. A finished game gives each seat 1 if it is not among ``outcome().losers`` and
0 if it is: the arena's headline measure is the loss rate, and "not losing" is defined
in every game (Dallah has only a loser). A cut rollout gives the game's estimate of the
same quantity (:attr:`SearchHints.value <tablegames.bots.hints.SearchHints.value>`).

The order of questions is the harness's (:mod:`tablegames.bots.turns`): other seats'
interrupts are tree nodes of their own, with "pass" as one answer, so the search
expects opponents to knock out of turn; a game's physical-world reports (Dallah) are
the table model's, followed in the tree but never chosen.

Large branching (Phase 10's lay-downs) is kept workable by the game's ``candidates``
filter and, if a game asks for it, progressive widening. A game that ranks a turn's
actions by its house bot (``SearchHints.ranked``) lets the search keep only the first
``breadth`` of them (pruning by the heuristic: Phase 10 searches three discards, not
eleven) and bias its choice toward the house bot's own move (``bias``): a progressive
bias ``bias / (n + 1)`` added to that move's UCB score, tried first at expansion, and
first among equals when the visits are counted. With a small budget the search then
plays the heuristic's move unless its rollouts show another to be better.

The paired root. Where a game's luck swamps the difference between two sensible
moves (Phase 10's draws, Dallah's falls), ``paired`` compares the root's options on
the same sampled worlds with the same luck instead of growing a tree (Monte Carlo
policy improvement over the rollout policy), and ``confidence`` makes it leave the
house bot's move only for an option whose per-world lead over it is that many standard
errors above nothing: the best of a few noisy means is otherwise often the worse move.

Weighted worlds. A game whose hints give a ``belief`` (the likelihood of a world given
what the others' play showed the seat: Phase 10's discards and declines) has each
world the search plays chosen from ``belief_pool`` uniformly dealt ones in proportion
to that likelihood (sampling-importance-resampling): the search then plans against
hands the others' play made likely, such as an opponent who threw away its 7s holding
few of them, and can see the value of denying it what it needs. A pool of 1 (every
other game) samples uniformly and draws nothing extra from the generator.

The lean path. Every world the search samples is made lean
(:meth:`~tablegames.common.state.BaseState.make_lean`) and played with
``apply_trusted``: the engine's own legal actions, applied without events, history or
re-validation; the games played are identical (the same seed finds the same action with
``lean=False``), only cheaper.

Budgets. ``budget`` (or its alias ``iterations``) is iterations per decision and makes
the bot fully reproducible: the same seed and position give the same action on any
machine. ``seconds`` searches for a wall-clock time instead (stronger on a fast
machine, not reproducible). A question whether to interrupt gets ``interrupt_share``
of the budget (a Toepen seat is asked before almost every card).
"""

from __future__ import annotations

import math
import time
from typing import Any

import attrs

from tablegames.bots.base import decision_rng
from tablegames.bots.handle import Handle
from tablegames.bots.hints import SearchHints, _info, hints_for
from tablegames.bots.turns import NATURE, OWN, POLL, TURN, Decision, advance, next_decision
from tablegames.common.actions import Action
from tablegames.common.bots import RandomBot as RandomPolicy
from tablegames.common.errors import SetupError, quoted
from tablegames.common.protocol import GameInfo
from tablegames.common.registry import GAMES
from tablegames.common.rng import Rng
from tablegames.common.setups import plain_number

#: Key of "pass" (take no interrupt, let the table report) among a node's children.
PASS = ""
#: Most iterations one decision may use (each adds at most a few tree nodes).
MAX_ITERATIONS = 1_000_000
#: Longest search time one decision may use.
MAX_SECONDS = 3600.0
#: Longest rollout, in actions (a safety net: games end or are cut well before).
MAX_ROLLOUT = 20_000
DEFAULT_BUDGET = 200
#: Most worlds ``belief_pool`` may deal for each world played.
MAX_POOL = 1000


class _Node:
    """An edge of the tree and the node below it: who chose it, and its statistics.

    ``children`` are the answers chosen at this node; ``reports`` the table's reports
    followed from it. They are kept apart because one node can be a decision in one
    world and a report in another (what a Dallah draw leads to depends on the hidden
    deck), and a report is never chosen by UCB, so it has no statistics.
    """

    __slots__ = ("avail", "children", "n", "reports", "seat", "w")

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.n = 0
        self.w = 0.0
        self.avail = 0
        self.children: dict[str, _Node] = {}
        self.reports: dict[str, _Node] = {}


class _Seated:
    """A rollout policy that plays one seat by one policy and the others by another
    (``opponent_rollout``: a different model of the opponents than of oneself)."""

    __slots__ = ("mine", "others", "seat")

    def __init__(self, seat: int, mine: Any, others: Any) -> None:
        self.seat = seat
        self.mine = mine
        self.others = others

    def choose(self, state: Any) -> Action:
        policy = self.mine if state.to_act == self.seat else self.others
        action: Action = policy.choose(state)
        return action

    def interrupt(self, state: Any, seat: int) -> Action | None:
        ask = getattr(self.mine if seat == self.seat else self.others, "interrupt", None)
        answer: Action | None = None if ask is None else ask(state, seat)
        return answer


@attrs.frozen
class SearchInfo:
    """What the last search did: iterations, time and, per root option, visits and mean."""

    iterations: int
    seconds: float
    stats: dict[str, tuple[int, float]]


def _plain(x: float) -> str:
    """A bound as a person writes it: ``1,000,000``, ``0.5`` (``:g`` wrote ``1e+06``)."""
    return f"{int(x):,}" if float(x).is_integer() else f"{x:g}"


def _number(name: str, value: object, lo: float, hi: float, integer: bool) -> float:
    """``value`` checked to lie in ``[lo, hi]`` (a whole number if ``integer``).

    A numpy number counts as the Python number it holds (a budget from a sweep over
    ``numpy.arange`` was refused as "not a whole number ... not np.int64(50)", and
    ``seconds=numpy.float32(0.5)`` too); a bool is never a number.
    """
    number = plain_number(value)
    ok = type(number) is int or (not integer and type(number) is float)
    if not ok or not lo <= number <= hi:  # type: ignore[operator]  # NaN fails both
        kind = "a whole number" if integer else "a number"
        raise SetupError(f"{name} must be {kind} from {_plain(lo)} to {_plain(hi)}, "
                         f"not {quoted(value)}")
    return float(number)  # type: ignore[arg-type]


class ISMCTS:
    """SO-ISMCTS over the protocol (see the module docstring).

    ``budget``/``iterations``: iterations per decision (default 200); ``seconds``: time
    per decision instead. ``c``: the UCB exploration constant (rewards are in [0, 1]).
    ``rollout``: ``"auto"`` (the game's rollout policy, else random), ``"random"``, or
    the name of one of the game's bots. ``rollout_depth``: how far the game's horizon
    (hands, or actions) may move in a rollout before it is cut and valued (games with a
    ``value`` only; ``None``: the game's default, 0: play to the end).
    ``opponent_rollout``: the policy of every other seat in rollouts (``None``: the
    same as ``rollout``). ``breadth``, ``bias``, ``paired``, ``confidence``,
    ``belief_pool`` (worlds dealt per world played, one kept by the game's ``belief``;
    1: uniform worlds) and ``interrupt_share`` default to the game's hints (see the
    module docstring).
    """

    name = "ismcts"

    def __init__(
        self, game: str | GameInfo, seed: int | str = 0, budget: int | None = None, *,
        iterations: int | None = None, seconds: float | None = None, c: float = 0.7,
        rollout: str = "auto", rollout_depth: int | None = None,
        interrupt_share: float | None = None, bias: float | None = None, lean: bool = True,
        breadth: int | None = None, paired: bool | None = None, confidence: float | None = None,
        belief_pool: int | None = None, opponent_rollout: str | None = None,
    ) -> None:
        self.info = _info(game)
        self.seed = seed
        given = [b for b in (budget, iterations, seconds) if b is not None]
        if len(given) > 1:
            raise SetupError("give one budget: budget (= iterations) or seconds")
        if seconds is not None:
            self.seconds: float | None = _number("seconds", seconds, 1e-4, MAX_SECONDS, False)
            self.iterations = MAX_ITERATIONS
        else:
            count = budget if budget is not None else iterations
            self.iterations = int(_number("budget", DEFAULT_BUDGET if count is None else count,
                                          1, MAX_ITERATIONS, True))
            self.seconds = None
        self.c = _number("c", c, 0.0, 100.0, False)
        self.hints: SearchHints = hints_for(self.info)
        if interrupt_share is None:
            interrupt_share = self.hints.interrupt_share
        self.interrupt_share = _number("interrupt_share", interrupt_share, 0.0, 1.0, False)
        self.bias = _number("bias", self.hints.bias if bias is None else bias, 0.0, 100.0, False)
        self.breadth = int(_number("breadth", self.hints.breadth if breadth is None else breadth,
                                   0, 1_000_000, True))
        # the game's own bots by name (its registry entry may list "random" too, which the
        # message named twice: "one of auto, random, random, club")
        policies = [b for b in self.info.bots if b not in ("ismcts", "auto", "random")]
        if not isinstance(rollout, str) or not (rollout in ("auto", "random") or rollout in policies):
            known = ", ".join(["auto", "random", *policies])
            raise SetupError(f"rollout must be one of {known}, not {quoted(rollout)}")
        self.rollout = rollout
        if opponent_rollout is not None and (
                not isinstance(opponent_rollout, str)
                or not (opponent_rollout in ("auto", "random") or opponent_rollout in policies)):
            known = ", ".join(["auto", "random", *policies])
            raise SetupError(f"opponent_rollout must be None or one of {known}, "
                             f"not {quoted(opponent_rollout)}")
        self.opponent_rollout = opponent_rollout
        if rollout_depth is None:
            rollout_depth = self.hints.rollout_depth
        self.rollout_depth = int(_number("rollout_depth", rollout_depth, 0, 1000, True))
        for flag, value in (("lean", lean), ("paired", paired)):
            if type(value) is not bool and not (flag == "paired" and value is None):
                raise SetupError(f"{flag} must be True or False, not {type(value).__name__}")
        self.lean = lean
        self.paired: bool = self.hints.paired if paired is None else bool(paired)
        self.confidence = _number("confidence", self.hints.confidence if confidence is None
                                  else confidence, 0.0, 100.0, False)
        pool = self.hints.belief_pool if belief_pool is None else belief_pool
        self.belief_pool = int(_number("belief_pool", pool, 1, MAX_POOL, True))
        self.last: SearchInfo | None = None

    # -- pickling ----------------------------------------------------------------------
    def __getstate__(self) -> dict[str, Any]:
        """The bot's settings, its game by name: the game's registry entry and search
        hints hold the game's functions and read-only tables, which pickle cannot take,
        so a Gymnasium environment playing against the house's search bot could not be
        sent to a worker process (found in session 60). They are looked up again by name
        when the bot is unpickled, as a worker process registers the game on import; a
        game that is not the one registered under its name cannot go by name and is
        refused."""
        if GAMES.get(self.info.name) is not self.info:
            raise TypeError(f"an ISMCTS bot of a game that is not registered as "
                            f"{self.info.name!r} cannot be pickled (it goes by name)")
        state = dict(self.__dict__)
        state["info"] = self.info.name
        del state["hints"]
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self.info = _info(state["info"])
        self.hints = hints_for(self.info)

    # -- the bot interface -----------------------------------------------------------
    def choose(self, handle: Handle) -> Action:
        """Search the seat's turn and return the most visited action."""
        legal = handle.legal_actions()
        if len(legal) == 1:  # a forced move: no search chose it (found by helper-47)
            self.last = None
            return legal[0]
        n = len(handle.players)
        if self.hints.table is not None:
            # Asked for a report of the physical world (a caller that does not let the
            # table report): what fell is not the bot's to choose, so the table model
            # answers, after the seat's own options (the swap) have been searched.
            world = handle.world()
            table = self.hints.table(decision_rng(self.seed, handle).next64())
            if table.reports(world):
                own = [a for a in table.own_options(world) if a in legal]
                if own:
                    taken = self._search(handle, Decision(handle.seat, OWN, own, n - 1),
                                         self.interrupt_share)
                    if taken is not None:
                        return taken
                self.last = None  # the answer is the table's report, which no search chose
                return table.report(world)
        answer = self._search(handle, Decision(handle.seat, TURN, legal, n - 1), 1.0)
        assert answer is not None
        return answer

    def interrupt(self, handle: Handle) -> Action | None:
        """Search whether to take an interrupt (or own option) now; ``None`` to pass."""
        legal = handle.legal_actions()
        n = len(handle.players)
        if handle.seat == handle.to_act:
            root = Decision(handle.seat, OWN, legal, n - 1)
        else:
            cursor = (handle.seat - (handle.to_act or 0) - 1) % n
            root = Decision(handle.seat, POLL, legal, cursor)
        return self._search(handle, root, self.interrupt_share)

    # -- the search ------------------------------------------------------------------
    def _policy(self, rng: Rng, seat: int | None = None) -> Any:
        """The rollout policy; with ``opponent_rollout`` and the searching ``seat``
        given, one that plays ``seat`` by ``rollout`` and every other seat by
        ``opponent_rollout`` (a second policy, seeded from ``rng`` after the first)."""
        own = self._named_policy(self.rollout, rng.next64())
        if self.opponent_rollout is None or seat is None:
            return own
        return _Seated(seat, own, self._named_policy(self.opponent_rollout, rng.next64()))

    def _named_policy(self, name: str, seed: int) -> Any:
        if name == "auto" and self.hints.rollout:
            return self.hints.rollout(seed)
        if name in ("auto", "random"):
            # the game's own random policy where it has one: Dallah's leaves the table's
            # reports to the table, as the table model the rollouts play with expects
            # (the shared one claimed late falls, DAL-23, which that table never makes)
            return self.info.bots.get("random", RandomPolicy)(seed)
        return self.info.bots[name](seed)

    def _search(self, handle: Handle, root_dec: Decision, share: float) -> Action | None:
        rng = decision_rng(self.seed, handle)
        hints = self.hints
        policy = self._policy(rng, handle.seat)
        table = hints.table(rng.next64()) if hints.table is not None else None
        if root_dec.kind == TURN:
            options = self._narrow(handle.world(), handle.seat, root_dec.options)
            if len(options) == 1:  # the game's candidates leave one: nothing to compare
                self.last = SearchInfo(0, 0.0, {})
                return options[0]
            root_dec = attrs.evolve(root_dec, options=options)
        iterations = max(1, int(self.iterations * share))
        limit = None if self.seconds is None else max(1e-4, self.seconds * share)
        # the others' play, read once per search from what this seat has seen
        loglik = None
        if self.belief_pool > 1 and hints.belief is not None:
            loglik = hints.belief(handle.world(), handle.seat)
        if self.paired:
            return self._paired(handle, root_dec, rng, iterations, limit, loglik)
        root = _Node(handle.seat)
        start = time.perf_counter()
        done = 0
        while done < iterations:
            world = self._sample(handle, rng, loglik)
            self._iterate(world, root, root_dec, rng, policy, table)
            done += 1
            if limit is not None and time.perf_counter() - start >= limit:
                break
        seconds = time.perf_counter() - start
        keys = [str(a) for a in root_dec.options]
        if root_dec.kind != TURN:
            keys.append(PASS)
        stats = {k: (root.children[k].n, root.children[k].w / root.children[k].n)
                 for k in keys if k in root.children}
        self.last = SearchInfo(done, seconds, stats)
        best = max(range(len(keys)), key=lambda i: (stats.get(keys[i], (0, 0.0)), -i))
        return None if keys[best] == PASS else root_dec.options[best]

    def _sample(self, handle: Handle, rng: Rng, loglik: Any = None) -> Any:
        """One determinization for the seat, made lean when the search plays lean.

        With ``loglik`` (the game's ``belief``: a world's log-likelihood given the others'
        play) and a ``belief_pool`` of ``k``, ``k`` worlds are dealt and one is kept with
        probability proportional to its likelihood (sampling-importance-resampling): as
        ``k`` grows the kept worlds approach the posterior given that play, and each is a
        world the engine dealt, so every hard constraint holds. Only the generator
        decides, so the same seed keeps the same world.
        """
        if loglik is None:
            world = handle.sample_world(rng)
        else:
            pool = [handle.sample_world(rng) for _ in range(self.belief_pool)]
            logs = [loglik(w) for w in pool]
            top = max(logs)
            weights = [math.exp(x - top) for x in logs]
            pick = rng.random() * sum(weights)
            i = 0
            while i < len(pool) - 1 and pick >= weights[i]:
                pick -= weights[i]
                i += 1
            world = pool[i]
        if self.lean:
            world.make_lean()
        return world

    def _iterate(self, world: Any, root: _Node, dec: Decision | None, rng: Rng, policy: Any,
                 table: Any) -> None:
        hints = self.hints
        horizon = hints.horizon
        start_mark = horizon(world) if horizon is not None else 0
        c = self.c
        bias = self.bias
        ranked = hints.ranked
        node = root
        root.n += 1
        path: list[_Node] = []
        cursor = 0
        first = True
        apply = world.apply_trusted if self.lean else world.apply
        while dec is not None:
            if dec.kind == NATURE:
                action = table.report(world)
                key = str(action)
                child = node.reports.get(key)
                if child is None:
                    child = node.reports[key] = _Node(dec.seat)
                apply(action)
                node = child
                cursor = 0
                dec = next_decision(world, 0, table)
                continue
            options = dec.options
            if not first and dec.kind == TURN:
                options = self._narrow(world, dec.seat, options)
            first = False
            keys = [str(a) for a in options]
            if dec.kind != TURN:
                keys.append(PASS)
            children = node.children
            untried = [i for i, k in enumerate(keys) if k not in children]
            expand = bool(untried)
            if expand and hints.widening is not None and len(untried) < len(keys):
                k_w, alpha = hints.widening
                expand = len(children) < math.ceil(k_w * (node.n + 1) ** alpha)
            pref = None
            if bias:
                pref = (str(options[0]) if dec.kind == TURN and ranked is not None
                        else self._preference(world, dec, policy))
            if expand:
                i = untried[rng.below(len(untried))]
                if pref is not None and pref not in children and pref in keys:
                    i = keys.index(pref)
                chosen = children[keys[i]] = _Node(dec.seat)
                for k in keys:
                    if k in children:
                        children[k].avail += 1
            else:
                best_score = -1.0
                i = -1
                for j, k in enumerate(keys):
                    child = children.get(k)
                    if child is None:
                        continue
                    child.avail += 1
                    score = child.w / child.n + c * math.sqrt(math.log(child.avail) / child.n)
                    if k == pref:
                        score += bias / (child.n + 1)
                    if score > best_score:
                        best_score, i = score, j
                chosen = children[keys[i]]
            path.append(chosen)
            node = chosen
            if i < len(options):
                apply(options[i])
                cursor = 0
            else:
                cursor = dec.cursor + 1
            if expand:
                break
            dec = next_decision(world, cursor, table)
        rewards = self._rollout(world, cursor, policy, table, start_mark)
        for edge in path:
            edge.n += 1
            edge.w += rewards[edge.seat]

    def _paired(self, handle: Handle, dec: Decision, rng: Rng, iterations: int,
                limit: float | None, loglik: Any = None) -> Action | None:
        """The root's options compared on the same worlds (common random numbers).

        Each sampled world is played once after every option (and after passing, for a
        question that may be passed), each time with a policy and table seeded alike, so
        the options differ only by themselves: the luck of the deal and of the falls,
        which swamps the difference between two sensible moves in Phase 10 and Dallah,
        is shared. This is Monte Carlo policy improvement (Tesauro and Galperin, "On-line
        Policy Improvement using Monte-Carlo Search", NIPS 1996) over the rollout policy,
        on ISMCTS's determinized worlds; ``budget`` counts rollouts, split evenly over the
        options. The best mean wins; among equal means the house bot's move (the first
        ranked, or the rollout policy's own answer), then the listed order.
        """
        hints = self.hints
        horizon = hints.horizon
        keys = [str(a) for a in dec.options]
        if dec.kind != TURN:
            keys.append(PASS)
        pref = keys[0] if dec.kind == TURN and hints.ranked is not None else None
        if pref is None:
            pref = self._preference(handle.world(), dec, self._policy(Rng(0)))
        per = max(1, iterations // len(keys))
        totals = [0.0] * len(keys)
        # per option, the sum of squares of its per-world lead over the house bot's move
        # (for ``confidence``); the house bot's own index, if it is among the options
        home = keys.index(pref) if pref in keys else -1
        squares = [0.0] * len(keys)
        rewards = [0.0] * len(keys)
        start = time.perf_counter()
        done = 0
        while done < per:
            world = self._sample(handle, rng, loglik)
            seed = rng.next64()
            mark = horizon(world) if horizon is not None else 0
            for i in range(len(keys)):
                w = world.copy() if i < len(keys) - 1 else world
                luck = Rng(seed)
                policy = self._policy(luck, dec.seat)
                table = hints.table(luck.next64()) if hints.table is not None else None
                if i < len(dec.options):
                    (w.apply_trusted if self.lean else w.apply)(dec.options[i])
                    cursor = 0
                else:
                    cursor = dec.cursor + 1
                rewards[i] = self._rollout(w, cursor, policy, table, mark)[dec.seat]
                totals[i] += rewards[i]
            if home >= 0:
                for i in range(len(keys)):
                    squares[i] += (rewards[i] - rewards[home]) ** 2
            done += 1
            if limit is not None and time.perf_counter() - start >= limit:
                break
        seconds = time.perf_counter() - start
        stats = {k: (done, totals[i] / done) for i, k in enumerate(keys)}
        self.last = SearchInfo(done * len(keys), seconds, stats)
        candidates = list(range(len(keys)))
        if self.confidence and home >= 0:
            candidates = [i for i in candidates
                          if i == home or self._sure(totals[i] - totals[home], squares[i], done)]
        best = max(candidates, key=lambda i: (totals[i], keys[i] == pref, -i))
        return None if keys[best] == PASS else dec.options[best]

    def _sure(self, lead: float, squares: float, n: int) -> bool:
        """Whether an option's summed lead over the house bot's move, over ``n`` shared
        worlds, is ``confidence`` standard errors above nothing (a one-sided paired test
        on the per-world differences, whose sum of squares is ``squares``).

        Without it the paired root plays whichever option's few rollouts came out best,
        and among options that differ by a percent or two (most of Phase 10's discards)
        that is the luck of the rollouts: a move the house bot rightly ranked lower wins
        a third of the time. With it, the search leaves the house bot's move only on
        evidence, so at worst it plays as the house bot does.
        """
        if lead <= 0:
            return False
        if n < 2:
            return False
        mean = lead / n
        var = max(0.0, (squares - n * mean * mean) / (n - 1))
        return mean > self.confidence * math.sqrt(var / n)

    def _narrow(self, world: Any, seat: int, options: list[Action]) -> list[Action]:
        """A turn's options as the search sees them: the game's candidates, in the house
        bot's order (when the game ranks them and a breadth or bias asks for it), the
        first ``breadth`` of them."""
        hints = self.hints
        if hints.candidates is not None:
            options = hints.candidates(world, seat, options)
        if hints.ranked is not None and (self.breadth or self.bias) and len(options) > 1:
            options = hints.ranked(world, seat, options)
            if self.breadth:
                options = options[:self.breadth]
        return options

    @staticmethod
    def _preference(world: Any, dec: Decision, policy: Any) -> str:
        """The rollout policy's own answer to this question (for the progressive bias)."""
        if dec.kind == TURN:
            return str(policy.choose(world))
        ask = getattr(policy, "interrupt", None)
        answer = None if ask is None else ask(world, dec.seat)
        return PASS if answer is None else str(answer)

    def _rollout(self, world: Any, cursor: int, policy: Any, table: Any, start_mark: int,
                 ) -> list[float]:
        hints = self.hints
        horizon = hints.horizon if hints.value is not None and self.rollout_depth else None
        stop = start_mark + self.rollout_depth
        choose = policy.choose
        ask = getattr(policy, "interrupt", None)

        def turn(st: Any, seat: int, options: list[Action]) -> Action:
            action: Action = choose(st)
            return action

        def interrupt(st: Any, seat: int, options: list[Action]) -> Action | None:
            return None if ask is None else ask(st, seat)

        apply = world.apply_trusted if self.lean else world.apply
        steps = 0
        while not world.is_over:
            if horizon is not None and horizon(world) >= stop:
                break
            if steps >= MAX_ROLLOUT:
                break
            _, action = advance(world, turn, interrupt, table, cursor, turn_options=False)
            apply(action)
            cursor = 0
            steps += 1
        if world.is_over:
            losers = world.outcome().losers
            return [0.0 if s in losers else 1.0 for s in range(len(world.players))]
        if hints.value is not None:
            return list(hints.value(world))
        return [0.5] * len(world.players)
