"""The arena: seat-rotated matches between bots, and who is better, with error bars.

``arena("toepen", ["ismcts", "club", "random", "random"], games=400, seed=1)`` plays
``games`` games in blocks of one deal per rotation: the ``P`` bots of the lineup sit
down, and each block deals one seed ``P`` times with the lineup turned one seat further
each time, so every bot plays every seat equally often, on the same deals (duplicate
play: a lucky deal is shared by every bot). ``games`` must be a multiple of ``P``.

Per bot name (several seats under one name are pooled):

* ``games`` — games it took part in; ``seats`` — seat-games it played;
* ``loss_rate`` and ``ci95`` — the share of its seat-games in which it was among
  ``outcome().losers``, with the 95% Wilson interval;
* ``win_rate`` and ``win_ci95`` where the game has winners (Dallah has only a loser);
* ``mean_score`` and ``score_ci95`` — the mean of ``outcome().scores`` (the game's own
  measure: Toepen lives lost, Phase 10 points, Shithead places, Dallah cups held) with a
  normal 95% interval;
* ``decisions`` and ``ms_per_decision`` — questions answered and mean time per answer;
* ``rating`` — an OpenSkill (Plackett-Luce) rating, when more than two seats play (with
  two, a rating says no more than the win rate): each game ranks its seats winners,
  then the rest, then losers. Ratings depend on the order
  of games, which is the seed order, so they are reproducible too.

Seat-games of one game are not independent (one seat's loss is another's escape), so
read the intervals of a bot holding several seats as approximate. Games are run by
:func:`tablegames.runner.run`: the results are the same with any number of workers.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from functools import partial
from typing import Any

import attrs

from tablegames.bots.base import Bot
from tablegames.bots.harness import Clock, bot_seed, check_time_limit, hash_seed, play_game
from tablegames.bots.hints import _info
from tablegames.bots.registry import (
    FactoryFailed,
    check_budget,
    lineup_params,
    load,
    made,
    origins,
)
from tablegames.common.errors import ArgumentRefused, BotFailed, SetupError, quoted
from tablegames.common.numbers import whole_number
from tablegames.common.rng import game_seed
from tablegames.common.setups import check_flag, check_run_seed
from tablegames.stats import ENGLISH_WORDS, EnglishWords, wilson, z_score

#: Most games one arena call may be asked for.
MAX_GAMES = 10_000_000
#: Most games whose records an arena keeps (``keep_records=True``, the default): a record
#: stays in memory for the result (a few hundred bytes to a few KB a game), so a longer
#: arena is asked for with ``keep_records=False`` and is summarised game by game.
MAX_KEPT = 100_000
#: Most bots in one lineup (no game seats more).
MAX_LINEUP = 64


@attrs.frozen
class _Plan:
    """What a worker needs to play game ``g`` (picklable: names and plain values)."""

    game: str
    lineup: tuple[str, ...]
    params: tuple[tuple[str, tuple[tuple[str, Any], ...]], ...]
    rules: Any
    seed: int | str
    #: Modules that register the lineup's own bots, imported by each worker first.
    imports: tuple[str, ...] = ()
    #: Seconds a bot may take per decision (``None``: no limit).
    time_limit: float | None = None


@attrs.frozen
class GameRecord:
    """One game of an arena: who sat where and how it ended."""

    seed: int
    seats: tuple[str, ...]
    losers: tuple[int, ...]
    winners: tuple[int, ...]
    scores: tuple[int, ...]
    actions: int
    calls: tuple[int, ...]
    seconds: tuple[float, ...]


def _play(plan: _Plan, g: int) -> GameRecord:
    """Play game ``g`` of the plan (in a worker)."""
    p = len(plan.lineup)
    block, turn = divmod(g, p)
    seats = tuple(plan.lineup[(s + turn) % p] for s in range(p))
    params = {name: dict(kw) for name, kw in plan.params}
    load(plan.imports)
    info = _info(plan.game)
    seed = game_seed(plan.seed, block)
    # Each bot's seed is its seat's (bot_seed: nothing of the deal can be read from it),
    # then one per rotation (derived from the bot's seed, never from the game's): the
    # rotations of a lineup such as a,b,a,b that seat the same names deal the same cards,
    # and would otherwise play the same game twice.
    clock = Clock(p)
    try:
        bots: list[Bot] = []
        for s, name in enumerate(seats):
            try:
                bots.append(made(name, info, hash_seed(bot_seed(seed, s), f"rotation {turn}"),
                                 params.get(name, {})))
            except FactoryFailed as failed:  # a registered factory that raised: BotFailed
                raise failed.error(s, info.name, seed, seats, plan.rules) from failed.cause
        state = play_game(info, bots, seed, clock=clock, rules=plan.rules, bot_names=seats,
                          time_limit=plan.time_limit)
    except BotFailed as exc:  # which game of the arena
        raise exc.in_run(g, plan.seed) from exc.cause
    out = state.outcome()
    return GameRecord(
        seed=seed, seats=seats, losers=tuple(sorted(out.losers)), winners=tuple(sorted(out.winners)),
        scores=tuple(int(x) for x in out.scores), actions=len(state.history),
        calls=tuple(clock.calls), seconds=tuple(clock.seconds))


@attrs.frozen
class BotStats:
    """One bot's results in an arena (see the module docstring for each field)."""

    name: str
    games: int
    seats: int
    losses: int
    wins: int
    #: The sum of its seat-games' scores and of their squares: the mean and its interval
    #: come from these two exact integers, so an arena of any length keeps two numbers
    #: per bot, not every score.
    score_sum: int
    score_squares: int
    decisions: int
    seconds: float
    has_winners: bool
    rating: tuple[float, float] | None = None

    @property
    def loss_rate(self) -> float:
        return self.losses / self.seats if self.seats else 0.0

    @property
    def ci95(self) -> tuple[float, float]:
        return wilson(self.losses, self.seats)

    @property
    def win_rate(self) -> float:
        return self.wins / self.seats if self.seats else 0.0

    @property
    def win_ci95(self) -> tuple[float, float]:
        return wilson(self.wins, self.seats)

    @property
    def mean_score(self) -> float:
        return self.score_sum / self.seats if self.seats else 0.0

    @property
    def score_ci95(self) -> tuple[float, float]:
        n, total = self.seats, self.score_sum
        mean = self.mean_score
        if n < 2:
            return (mean, mean)
        # the sample variance from the two sums, in integers until the one division
        var = (n * self.score_squares - total * total) / (n * (n - 1))
        half = z_score(0.95) * math.sqrt(var / n)
        return (mean - half, mean + half)

    @property
    def ms_per_decision(self) -> float:
        return 1000 * self.seconds / self.decisions if self.decisions else 0.0

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready, rates and intervals rounded to 4 places."""
        def r(x: float) -> float:
            return round(x, 4)

        d: dict[str, Any] = {
            "games": self.games, "seats": self.seats, "losses": self.losses,
            "loss_rate": r(self.loss_rate), "ci95": [r(x) for x in self.ci95],
        }
        if self.has_winners:
            d.update(wins=self.wins, win_rate=r(self.win_rate),
                     win_ci95=[r(x) for x in self.win_ci95])
        d.update(mean_score=r(self.mean_score), score_ci95=[r(x) for x in self.score_ci95],
                 decisions=self.decisions, ms_per_decision=round(self.ms_per_decision, 3))
        if self.rating is not None:
            mu, sigma = self.rating
            d["rating"] = {"mu": r(mu), "sigma": r(sigma), "ordinal": r(mu - 3 * sigma)}
        return d


@attrs.frozen
class ArenaResult:
    """Everything an arena found (``to_dict()`` is ``tablegames arena --json``)."""

    game: str
    title: str
    players: int
    lineup: tuple[str, ...]
    seed: int | str
    budget: int | None
    #: Every game's record in seed order, or ``()`` when the arena was asked not to keep
    #: them (``keep_records=False``): the statistics never need them.
    records: tuple[GameRecord, ...]
    bots: dict[str, BotStats]

    @property
    def games(self) -> int:
        """Games played (every game seats ``players`` bots)."""
        return sum(s.seats for s in self.bots.values()) // self.players

    def to_dict(self) -> dict[str, Any]:
        return {"game": self.game, "games": self.games, "players": self.players,
                "lineup": list(self.lineup), "seed": self.seed, "budget": self.budget,
                "bots": {name: s.to_dict() for name, s in self.bots.items()}}

    def report(self, words: EnglishWords = ENGLISH_WORDS) -> str:
        """A table a person can read, and what the intervals mean, in ``words``' language
        (``tablegames arena --lang ar``; numbers and bot names as written in every one)."""
        w = words
        winners = any(s.has_winners for s in self.bots.values())
        lines = [w("{title}: {games} games, {players} players, lineup {lineup} (rotated), "
                   "seed {seed}", title=w.game_text(self.game, self.title), games=self.games,
                   players=self.players, lineup=",".join(self.lineup), seed=self.seed)
                 + (w(", budget {budget}", budget=self.budget) if self.budget is not None
                    else "")]
        bot, seats, lost, won = w("bot"), w("seats"), w("lost (95% CI)"), w("won (95% CI)")
        score, ms, rating = w("mean score (95% CI)"), w("ms/decision"), w("rating")
        head = f"  {bot:<12}{seats:>6}  {lost:<22}"
        if winners:
            head += f"{won:<22}"
        head += f"{score:<24}{ms:>12}"
        rated = any(s.rating is not None for s in self.bots.values())
        if rated:
            head += f"{rating:>16}"
        lines.append(head)
        for s in self.bots.values():
            lo, hi = s.ci95
            row = f"  {s.name:<12}{s.seats:>6}  {_pct(s.loss_rate, lo, hi):<22}"
            if winners:
                row += f"{_pct(s.win_rate, *s.win_ci95):<22}"
            a, b = s.score_ci95
            row += f"{f'{s.mean_score:.2f} ({a:.2f}–{b:.2f})':<24}{s.ms_per_decision:>12.2f}"
            if rated and s.rating is not None:
                mu, sigma = s.rating
                row += f"{f'{mu:.1f} ± {sigma:.1f}':>16}"
            lines.append(row)
        if self.players > 2 and not rated:
            lines.append("  " + w('(ratings need OpenSkill: pip install "tablegames[arena]")'))
        lines.append("  " + w("Rates are shares of each bot's seat-games; the ranges are 95% "
                              "Wilson intervals. Two bots whose ranges do not overlap differ "
                              "beyond chance."))
        return "\n".join(lines) + "\n"


def _pct(rate: float, lo: float, hi: float) -> str:
    return f"{100 * rate:.1f}% ({100 * lo:.1f}–{100 * hi:.1f}%)"


def _check_int(what: str, value: object, lo: int, hi: int) -> int:
    """``value`` as the plain int of ``lo..hi`` (any whole number: a numpy one too)."""
    number = whole_number(value)
    if number is None:
        raise ArgumentRefused(f"{what} must be an int, not {type(value).__name__}",
                              argument=what, code="type", value=value)
    value = number
    if not lo <= value <= hi:
        raise ArgumentRefused(f"{what} must be in {lo}..{hi:,}, not {quoted(value)}",
                              argument=what, code="range", value=value, least=lo, most=hi)
    return value


def arena(
    game: str, bots: Sequence[str], games: int, seed: int | str = 0, *,
    budget: int | None = None, players: int | None = None, workers: int | None = None,
    params: dict[str, dict[str, Any]] | None = None, rules: Any = None,
    backend: str = "process", address: str | None = None,
    progress: Callable[[int], None] | None = None, keep_records: bool = True,
    time_limit: float | None = None,
) -> ArenaResult:
    """Play a seat-rotated arena and return its statistics (see the module docstring).

    ``bots`` names the lineup, one name per seat; with ``players`` larger than the
    lineup it is repeated to fill the seats (``["ismcts", "random"]`` at 4 players is
    ismcts, random, ismcts, random). ``budget`` is given to every bot that takes one
    (``ismcts``: iterations per decision); ``params`` gives any bot its own keywords.
    The statistics are summed game by game as the games end; ``keep_records`` also keeps
    every game's :class:`GameRecord` in the result (at most :data:`MAX_KEPT` games; with
    ``keep_records=False`` the result's ``records`` is empty and any number of games up to
    :data:`MAX_GAMES` takes the memory of one). Everything is checked before the first
    game is played. ``time_limit`` is the most seconds a bot may take for one decision
    (``None``, the default: no limit); a bot past it stops the arena with a
    ``BotFailed`` of code ``"timed_out"`` (:func:`tablegames.bots.play_game`).

    >>> r = arena("toepen", ["club", "random"], games=4, seed=1, workers=1)
    >>> r.games, r.bots["club"].seats, r.bots["random"].seats
    (4, 4, 4)
    """
    from tablegames.runner import check_address, check_backend, check_workers, run

    info = _info(game)
    if isinstance(bots, str) or not isinstance(bots, Sequence) or not bots:
        raise SetupError("bots must be a non-empty list of bot names")
    if len(bots) > MAX_LINEUP:
        raise SetupError(f"a lineup has at most {MAX_LINEUP} bots")
    names = [b.strip() if isinstance(b, str) else b for b in bots]
    if players is None:
        players = len(names)
    seats = whole_number(players)  # a numpy count is the int it holds; never a bool
    if seats is None:
        raise ArgumentRefused(f"players must be an int, not {type(players).__name__}",
                              argument="players", code="type", value=players)
    players = seats
    # the game's own seats first, refused as every other door refuses a count (its code
    # "seats", its words); the lineup's bound only matters to a game seating more
    players = _check_int("players", info.check_players(players), 1, MAX_LINEUP)
    if len(names) > players:
        raise ArgumentRefused(f"{len(names)} bots for {players} seats: give at most one bot "
                              "per seat", argument="bots", code="too_many", value=bots,
                              seats=players,
                              bots=(b if isinstance(b, str) else quoted(b) for b in names))
    lineup = tuple(names[s % len(names)] for s in range(players))
    games = _check_int("games", games, 1, MAX_GAMES)
    check_flag("keep_records", keep_records)
    if keep_records and games > MAX_KEPT:
        raise SetupError(f"an arena keeps the records of at most {MAX_KEPT:,} games, not "
                         f"{games:,}: pass keep_records=False for a longer one (its "
                         "statistics are the same)")
    if games % players:
        lower, upper = games - games % players, games + players - games % players
        hint = f"{lower} or {upper}" if lower else str(upper)
        raise ArgumentRefused(f"games must be a multiple of the {players} seats so that every "
                              f"bot sits in every seat equally often (try {hint})",
                              argument="games", code="multiple", value=games, seats=players)
    seed = check_run_seed(seed)  # a numpy seed is the int it holds (to_dict is JSON)
    check_backend(backend)
    check_workers(workers, backend)
    check_address(address, backend)
    budget = check_budget(budget)  # a numpy integer is the int it holds (to_dict is JSON)
    time_limit = check_time_limit(time_limit)
    per_bot = lineup_params(info, lineup, budget, params)
    rules_obj = info.fit_rules(players, rules)  # the game's set-up for the size, or as named
    info.new_game(players=players, seed=0, rules=rules_obj)  # refuses an impossible table
    plan = _Plan(info.name, lineup,
                 tuple((n, tuple(sorted(kw.items()))) for n, kw in sorted(per_bot.items())),
                 rules_obj, seed, origins(info, lineup), time_limit)
    tally, kept = Tally(), []
    for record in run(partial(_play, plan), range(games), workers=workers, backend=backend,
                      address=address, progress=progress):
        tally.add(record)
        if keep_records:
            kept.append(record)
    return ArenaResult(info.name, info.title, players, lineup, seed, budget, tuple(kept),
                       tally.stats())


def summarise(records: Iterable[GameRecord]) -> dict[str, BotStats]:
    """Pool the records by bot name (in order of first appearance)."""
    tally = Tally()
    for r in records:
        tally.add(r)
    return tally.stats()


@attrs.define
class _Sums:
    """One bot name's counts so far (see :class:`BotStats`)."""

    games: int = 0
    seats: int = 0
    losses: int = 0
    wins: int = 0
    score_sum: int = 0
    score_squares: int = 0
    decisions: int = 0
    seconds: float = 0.0


class Tally:
    """An arena's statistics, one game's record at a time, in seed order.

    Keeps counts and sums per bot name and the running ratings, never the records, so
    an arena of ten million games takes as little memory as one of ten: the arena adds
    each record as its worker returns it (:func:`summarise` is the same over a list).
    """

    def __init__(self) -> None:
        self.sums: dict[str, _Sums] = {}
        self.has_winners = False
        self.rater: _Rater | None = None
        self.seats: int | None = None

    def add(self, r: GameRecord) -> None:
        if self.seats is None:  # with two seats a rating says no more than the win rate
            self.seats = len(r.seats)
            self.rater = _Rater.made() if self.seats > 2 else None
        self.has_winners = self.has_winners or bool(r.winners)
        for name in dict.fromkeys(r.seats):
            self.sums.setdefault(name, _Sums()).games += 1
        for s, name in enumerate(r.seats):
            o = self.sums[name]
            o.seats += 1
            o.losses += s in r.losers
            o.wins += s in r.winners
            o.score_sum += r.scores[s]
            o.score_squares += r.scores[s] ** 2
            o.decisions += r.calls[s]
            o.seconds += r.seconds[s]
        if self.rater is not None:
            self.rater.add(r)

    def stats(self) -> dict[str, BotStats]:
        ratings = self.rater.current if self.rater is not None else {}
        return {n: BotStats(n, o.games, o.seats, o.losses, o.wins, o.score_sum,
                            o.score_squares, o.decisions, o.seconds, self.has_winners,
                            ratings.get(n))
                for n, o in self.sums.items()}


class _Rater:
    """OpenSkill Plackett-Luce ratings, game by game in seed order.

    Every seat is rated as its own team with its bot's current rating; a bot holding
    several seats of one game moves by the mean of its seats' updates. Needs the
    ``openskill`` package (``pip install "tablegames[arena]"``); without it there are
    no ratings (the report says how to get them).
    """

    def __init__(self, model: Any) -> None:
        self.model = model
        self.current: dict[str, tuple[float, float]] = {}

    @classmethod
    def made(cls) -> _Rater | None:
        try:
            from openskill.models import PlackettLuce
        except ImportError:  # an optional extra: the rest of the arena does not need it
            return None
        return cls(PlackettLuce())

    def add(self, r: GameRecord) -> None:
        model, current = self.model, self.current
        for n in r.seats:  # a bot's first game starts from the model's prior
            current.setdefault(n, (model.mu, model.sigma))
        ranks = [0.0 if s in r.winners else (2.0 if s in r.losers else 1.0)
                 for s in range(len(r.seats))]
        if len(set(ranks)) == 1:
            return  # nobody did better than anybody: no information
        teams = [[model.rating(mu=current[n][0], sigma=current[n][1])] for n in r.seats]
        rated = model.rate(teams, ranks=ranks)
        moved: dict[str, list[tuple[float, float]]] = {}
        for name, team in zip(r.seats, rated, strict=True):
            moved.setdefault(name, []).append((team[0].mu, team[0].sigma))
        for name, new in moved.items():
            current[name] = (sum(m for m, _ in new) / len(new), sum(s for _, s in new) / len(new))
