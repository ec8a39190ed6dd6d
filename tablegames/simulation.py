"""Playing many whole games with bots: ``tablegames.simulate`` and ``tablegames simulate``.

A simulation is a balance study or a bot benchmark, so it must be reproducible to the
byte and cheap to extend:

* **Seeds.** Game ``i`` of a run with seed ``S`` is dealt with
  :func:`~tablegames.common.rng.game_seed` ``(S, i)``, the ``i``-th output of SplitMix64
  started at ``S``. Every game is a pure function of
  ``(S, i)``, so the worker count, the backend and how often the run was interrupted
  cannot change a result. (Seeds ``S, S+1, ...`` would make the runs with seeds 0 and 1
  share all but one game; a study comparing two runs needs them independent.)
* **One JSON line per game, in game order**, written as results arrive, so a file is
  always a prefix of the finished run (plus, after a crash, at most one cut-off line).
  ``resume=True`` checks every row against the run it claims to belong to (the ``run``
  fingerprint covers game, engine version, players, bots, rules and seed), drops a
  cut-off last line, and plays only the missing games: the result is byte-identical to an
  uninterrupted run.
* **Bots through** :func:`tablegames.bots.make` **and the harness**
  (:func:`tablegames.bots.play_game`): every bot answers through a seat-restricted
  handle and is asked about interrupts (Toepen's knock out of turn, Shithead's cut-in),
  so a simulation plays the same game as the arena and as a table of people, and
  ``ismcts`` with a ``budget`` works here too. In Dallah the table's physical reports
  (which cups fell) come from the game's table model, not from a seat's bot.
* **Summaries with intervals** (:mod:`tablegames.stats`): a rate without an error bar
  invites reading noise as imbalance. Length is told in each game's own words too
  (``GameInfo.measures``: Toepen's rounds, knocks and folds, Shithead's pick-ups and burns),
  and the summary fits a 120-column terminal.

>>> import tablegames
>>> s = tablegames.simulate("toepen", games=20, players=3, seed=1, workers=1)
>>> s.games, len(s.loss_rates())
(20, 3)
"""

from __future__ import annotations

import hashlib
import io
import json
import os
import textwrap
import time
from collections.abc import Callable, Mapping, Sequence
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

import attrs

from tablegames.common.errors import (
    ArgumentRefused,
    BotFailed,
    ResumeRefused,
    SetupError,
    StateError,
    TablegamesError,
    WorkerRefused,
    quoted,
)
from tablegames.common.errors import RowRefused as RowRefused  # documented there; also here
from tablegames.common.numbers import whole_number
from tablegames.common.paths import cannot_write, file_to_write, make_folder
from tablegames.common.protocol import Bot, GameInfo
from tablegames.common.rng import game_seed as game_seed  # documented here: a run's seeds
from tablegames.common.rng import seed_to_int
from tablegames.common.rules import rules_hash
from tablegames.common.setups import check_run_seed
from tablegames.common.version import __version__
from tablegames.stats import ENGLISH_WORDS, EnglishWords, Rate

if TYPE_CHECKING:
    from tablegames.plot import Results

#: Bumped if the row format changes, so a resume never mixes two formats in one file.
#: 2: bots are made by :func:`tablegames.bots.make` and play through the harness (asked
#: about interrupts, seeded per game and seat), and a row carries the ``game`` and the
#: bots' ``params``. 3: a row carries the game's own ``measures`` (``GameInfo.measures``).
#: 4: Toepen's and Phase 10's deals are ``rounds`` in the measures and the outcome (were
#: ``hands``, the word for a player's cards), so a file of rows that say ``hands`` is
#: another run's and is not resumed into rows that say ``rounds``. 5: each bot is seeded
#: :func:`~tablegames.bots.harness.bot_seed` of the game's seed and its seat (was
#: ``"{seed}/{seat}"``, from which a bot could read the deal), so its games are others
#: and a file of format 4 is not resumed into them.
ROW_FORMAT = 5
#: Summary lines, the rows and the explanation under them, are folded to fit this many
#: columns (a terminal wraps longer ones; 100 fits the narrowest window people keep).
WIDTH = 100
#: The most games one simulation may be asked for (the file of 10**9 games is ~200 GB).
MAX_GAMES = 10**9
#: A results line longer than this is not one of ours (and must not be read into memory).
MAX_LINE = 4 * 1024 * 1024

def make_bots(info: GameInfo, bot: str | Sequence[str], n: int, seed: int) -> list[Bot]:
    """One state-level bot per seat (``GameInfo.bots``); ``bot`` names one kind for all
    seats or one per seat. For the conformance kit and quick tests that hand a bot the
    state: :func:`simulate` plays through :mod:`tablegames.bots` instead. Each is seeded
    :func:`~tablegames.bots.harness.bot_seed` of ``seed`` and its seat, as every path
    that makes a bot seeds it."""
    from tablegames.bots.harness import bot_seed

    kinds = [bot] * n if isinstance(bot, str) else list(bot)
    if len(kinds) != n:
        raise SetupError(f"need {n} bot names, got {len(kinds)}")
    bots = []
    for seat, kind in enumerate(kinds):
        factory = info.bots.get(kind) if isinstance(kind, str) else None
        if factory is None:
            raise SetupError(f"{info.name} has no bot {quoted(kind)}; known: {', '.join(info.bots)}")
        bots.append(factory(bot_seed(seed, seat)))
    return bots


def play_game(
    info: GameInfo, players: int | Sequence[str], seed: int, bot: str | Sequence[str] = "random",
    **kwargs: Any,
) -> Any:
    """Play one seeded game to the end with state-level bots (:func:`make_bots`, asked
    only on their turn); returns the final state. A quick loop for tests of one game's
    rules; :func:`simulate` and the arena use :func:`tablegames.bots.play_game`."""
    state = info.new_game(players=players, seed=seed, **kwargs)
    bots = make_bots(info, bot, len(state.players), seed)
    limit = info.max_actions(state)
    steps = 0
    while not state.is_over:
        state.apply(bots[state.to_act].choose(state))
        steps += 1
        if steps > limit:
            raise RuntimeError(f"{info.name} seed {seed}: game did not end in {limit} actions")
    return state


@attrs.frozen
class _Plan:
    """Everything a worker needs to play game ``i`` (picklable: names, not objects)."""

    game: str
    players: int
    bots: tuple[str, ...]
    rules: Any
    seed: int
    run: str
    engine: int
    version: str
    params: tuple[tuple[str, tuple[tuple[str, Any], ...]], ...] = ()
    #: Modules that register the lineup's own bots, imported by each worker first.
    imports: tuple[str, ...] = ()
    #: Seconds a bot may take per decision (``None``: no limit); not part of the run's
    #: identity: a game that ends is the same whatever the limit.
    time_limit: float | None = None

    def bot_params(self) -> dict[str, dict[str, Any]]:
        """``{bot name: keywords}``, as :func:`tablegames.bots.play_game` takes them."""
        return {name: dict(kw) for name, kw in self.params}


def _play_row(plan: _Plan, index: int) -> dict[str, Any]:
    """Play game ``index`` of the plan; its results row (runs in a worker)."""
    from tablegames.bots.harness import play_game as play_seated
    from tablegames.bots.registry import load
    from tablegames.common.registry import game_info

    load(plan.imports)
    info = game_info(plan.game)
    seed = game_seed(plan.seed, index)
    params = plan.bot_params()
    try:
        state = play_seated(info, list(plan.bots), seed, params=params, rules=plan.rules,
                            time_limit=plan.time_limit)
    except BotFailed as exc:  # which game of the run
        raise exc.in_run(index, plan.seed) from exc.cause
    engine = getattr(type(state), "ENGINE", 1)
    if (engine, __version__) != (plan.engine, plan.version):
        # A Ray node with another install would write rows no other run reproduces.
        raise WorkerRefused(f"a worker runs tablegames {__version__} ({plan.game} engine "
                            f"{engine}), the caller {plan.version} (engine {plan.engine}); "
                            "install the same version on every machine", code="version",
                            game=plan.game, version=__version__, engine=engine,
                            caller_version=plan.version, caller_engine=plan.engine)
    outcome = state.outcome().to_dict()
    scores = outcome.pop("scores")
    return {"game": plan.game, "index": index, "seed": seed, "players": plan.players,
            "bots": list(plan.bots),
            "params": params, "length": len(state.history), "measures": measure(info, state),
            "outcome": outcome, "scores": scores, "run": plan.run}


def measure(info: GameInfo, state: Any) -> dict[str, int]:
    """The game's own measures of one finished game (``GameInfo.measures``): how many
    public events of each named kind its log holds (Toepen's knocks, Shithead's burns).

    The log is the game replayed from its record, a few percent of what the bots' play
    cost; a game that declares no measures is not replayed.
    """
    if not info.measures:
        return {}
    counts: dict[str, int] = {}
    for event in state.log(None):
        kind = event.get("kind")
        counts[kind] = counts.get(kind, 0) + 1
    return {label: counts.get(kind, 0) for label, kind in info.measures.items()}


def per_second(rate: float) -> str:
    """A rate as a person reads it: ``"1,234"``, ``"12.5"``, ``"0.38"``, ``"0"``; small
    rates keep two significant digits instead of rounding to ``"0"``.

    >>> [per_second(x) for x in (12345.6, 12.46, 1.04, 0.375, 0.0042, 0.0)]
    ['12,346', '12.5', '1.0', '0.38', '0.0042', '0']
    """
    if rate >= 100:
        return f"{rate:,.0f}"
    if rate >= 1:
        return f"{rate:.1f}"
    if rate > 0:
        return f"{rate:.2g}"
    return "0"


def _fold(head: str, parts: Sequence[str], sep: str = "   ", width: int = WIDTH) -> list[str]:
    """``head`` then ``parts`` on as few lines as fit ``width`` columns, later lines
    indented under the first part (17 seats' rates do not run off a 100-column terminal)."""
    indent = " " * len(head)
    lines: list[str] = []
    line = head
    for part in parts:
        if line not in (head, indent) and len(line) + len(sep) + len(part) > width:
            lines.append(line)
            line = indent
        line += (sep if line not in (head, indent) else "") + part
    lines.append(line)
    return lines


def _dump(row: dict[str, Any]) -> bytes:
    return (json.dumps(row, separators=(",", ":")) + "\n").encode()


@attrs.define
class SimulationSummary:
    """What a simulation found: counts per seat and per bot, lengths, and time taken.

    Built from the rows of the whole run, so a resumed run summarises every game, not
    only those played by the last call. ``played`` and ``seconds`` are this call's.
    """

    game: str
    title: str
    players: int
    bots: tuple[str, ...]
    seed: int | str
    rules: str
    run: str
    loser_label: str = "lost"
    out: str | None = None
    params: dict[str, dict[str, Any]] = attrs.Factory(dict)
    games: int = 0
    played: int = 0
    seconds: float = 0.0
    actions: int = 0
    min_length: int | None = None
    max_length: int | None = None
    losses: list[int] = attrs.Factory(list)
    wins: list[int] = attrs.Factory(list)
    #: Games per length (actions): the distribution ``--plot`` draws. A count per
    #: distinct length, so it stays small however many games are played.
    lengths: dict[int, int] = attrs.Factory(dict)
    #: The game's own measures (``GameInfo.measures``) summed over every game.
    measures: dict[str, int] = attrs.Factory(dict)
    plot: str | None = None

    def add(self, row: dict[str, Any]) -> None:
        """Count one results row."""
        length = row["length"]
        self.games += 1
        self.actions += length
        self.min_length = length if self.min_length is None else min(self.min_length, length)
        self.max_length = length if self.max_length is None else max(self.max_length, length)
        self.lengths[length] = self.lengths.get(length, 0) + 1
        for label, count in row.get("measures", {}).items():
            self.measures[label] = self.measures.get(label, 0) + count
        for s in row["outcome"]["losers"]:
            self.losses[s] += 1
        for s in row["outcome"]["winners"]:
            self.wins[s] += 1

    @property
    def mean_length(self) -> float:
        """Mean actions per game."""
        return self.actions / self.games if self.games else 0.0

    @property
    def games_per_second(self) -> float:
        """Games played by this call per wall-clock second."""
        return self.played / self.seconds if self.seconds else 0.0

    def mean_measures(self) -> dict[str, float]:
        """Each of the game's own measures per game (Toepen: rounds, knocks, folds)."""
        return {k: v / self.games for k, v in self.measures.items()} if self.games else {}

    def loss_rates(self) -> list[Rate]:
        """Per seat: the share of games that seat lost, with its 95% interval."""
        return [Rate(c, self.games) for c in self.losses]

    def win_rates(self) -> list[Rate]:
        """Per seat: the share of games that seat won, with its 95% interval."""
        return [Rate(c, self.games) for c in self.wins]

    def bot_rates(self) -> dict[str, tuple[Rate, Rate]]:
        """Per bot kind: (loss rate, win rate) over every seat-game it played.

        Seats of one game are not independent trials (one seat's loss is another's
        escape), so read these intervals as approximate when a bot holds several seats.
        """
        out: dict[str, tuple[Rate, Rate]] = {}
        for kind in dict.fromkeys(self.bots):
            seats = [s for s, b in enumerate(self.bots) if b == kind]
            trials = self.games * len(seats)
            out[kind] = (Rate(sum(self.losses[s] for s in seats), trials),
                         Rate(sum(self.wins[s] for s in seats), trials))
        return out

    def results(self) -> Results:
        """What :func:`tablegames.plot.plot` draws of this run: loss rates per seat and per
        bot with their intervals, and the game lengths (a ``TablegamesError`` with no games)."""
        from tablegames.plot import Bar, Results

        if not self.games:
            raise TablegamesError("no games to plot")
        bots = self.bot_rates()
        return Results(
            game=self.game, games=self.games,
            seats=[Bar(f"P{s} {b}" if len(bots) > 1 else f"P{s}", r)
                   for s, (b, r) in enumerate(zip(self.bots, self.loss_rates(), strict=True))],
            bots=[Bar(name, loss) for name, (loss, _) in bots.items()],
            lengths=dict(sorted(self.lengths.items())), title=self.title,
            loser_label=self.loser_label,
        )

    def mean_loss_rate(self) -> float:
        """The loss rate every seat would have if no seat were favoured."""
        return sum(self.losses) / (self.games * self.players) if self.games else 0.0

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready summary (``--json``)."""
        return {
            "game": self.game, "players": self.players, "bots": list(self.bots),
            "params": {k: dict(v) for k, v in self.params.items()}, "seed": self.seed,
            "rules": self.rules, "run": self.run, "games": self.games, "played": self.played,
            "actions": self.actions, "mean_length": round(self.mean_length, 2),
            "measures": {k: {"total": v, "mean": round(v / self.games, 3) if self.games else 0.0}
                         for k, v in self.measures.items()},
            "min_length": self.min_length, "max_length": self.max_length,
            "losers_per_seat": list(self.losses), "winners_per_seat": list(self.wins),
            "loss_rate_per_seat": [r.to_dict() for r in self.loss_rates()],
            "win_rate_per_seat": [r.to_dict() for r in self.win_rates()],
            "per_bot": {k: {"loss_rate": lo.to_dict(), "win_rate": wi.to_dict()}
                        for k, (lo, wi) in self.bot_rates().items()},
            "seconds": round(self.seconds, 3), "games_per_second": round(self.games_per_second, 4),
            "out": self.out, "plot": self.plot,
        }

    def report(self, words: EnglishWords = ENGLISH_WORDS) -> str:
        """The summary as text a person can read, ending with what the numbers mean, in
        ``words``' language (``tablegames simulate --lang ar``; numbers, seats ``P0``,
        bot names and files as written in every language)."""
        w = words
        seats = range(self.players)
        kinds = dict.fromkeys(self.bots)
        who = (w("bot {bot}", bot=f"'{self.bots[0]}'") if len(kinds) == 1 else
               w("bots {lineup}", lineup=w.join(f"P{s}={b}" for s, b in enumerate(self.bots))))
        tuned = w.semicolon.join(f"{k} " + w.join(f"{a}={v}" for a, v in kw.items())
                                 for k, kw in self.params.items())
        head = (w("{title}: {games} games, {players} players, {who}, seed {seed}",
                  title=w.game_text(self.game, self.title), games=self.games,
                  players=self.players, who=who, seed=self.seed)
                + (w(", rules {rules}", rules=self.rules) if self.rules != "standard" else "")
                + (f" ({tuned})" if tuned else ""))
        lines = textwrap.wrap(head, width=WIDTH, subsequent_indent="  ", break_on_hyphens=False)

        def row(label: str, parts: Sequence[str], sep: str = "   ") -> None:
            lines.extend(_fold(f"  {label:<26} ", parts, sep))

        per_game = [w("{mean} actions (min {least}, max {most})", mean=f"{self.mean_length:.1f}",
                      least=self.min_length, most=self.max_length)]
        per_game += [f"{mean:.1f} {w(label)}" for label, mean in self.mean_measures().items()]
        row(w("per game (mean)"), per_game, w.comma)
        loss = self.loss_rates()
        row(w("biggest loser (per seat)") if self.loser_label != "lost" else w("lost (per seat)"),
            [f"P{s} {loss[s]}" for s in seats])
        row(w("losers per seat"), [f"P{s}:{self.losses[s]}" for s in seats], "  ")
        if any(self.wins):
            win = self.win_rates()
            row(w("won (per seat)"), [f"P{s} {win[s]}" for s in seats])
        if len(kinds) > 1:
            for kind, (lo, wi) in self.bot_rates().items():
                row(w("bot {bot}", bot=kind), [w("lost {rate}", rate=lo)]
                    + ([w("won {rate}", rate=wi)] if any(self.wins) else []), w.comma)
        if self.played:
            rate = self.actions / self.games * self.played / self.seconds if self.seconds else 0.0
            row(w("time"), [w("{seconds} s for {played} games", seconds=f"{self.seconds:.2f}",
                              played=self.played),
                            w("{rate} games/s", rate=per_second(self.games_per_second)),
                            w("{rate} actions/s", rate=per_second(rate))], w.comma)
        if self.out:
            row(w("results"), [w("{file} (one JSON line per game)", file=self.out)])
        if self.plot:
            row(w("plot"), [w("{file} (loss rates per seat and per bot, game lengths)",
                              file=self.plot)])
        lines.append(self._meaning(w))
        return "\n".join(lines) + "\n"

    def _meaning(self, w: EnglishWords = ENGLISH_WORDS) -> str:
        """What the percentages mean, in words, and whether any seat stands out."""
        mean = self.mean_loss_rate()
        odd = [f"P{s}" for s, r in enumerate(self.loss_rates()) if not r.contains(mean)]
        text = (w("How to read this: each percentage is the share of the {games} games in "
                  "which the seat was the biggest loser", games=self.games)
                if self.loser_label != "lost" else
                w("How to read this: each percentage is the share of the {games} games in "
                  "which the seat lost (was among the game's losers)", games=self.games))
        if any(self.wins):
            text += w(", and 'won' the share in which it was among the winners; a game can "
                      "have several losers or winners, and a seat can be neither, so a seat's "
                      "two percentages need not add up to 100%")
        text += w(". The range after each is its 95% interval (Wilson): the true rates that "
                  "these games cannot rule out. If no seat were favoured, every seat's rate "
                  "would be about the average, {mean}%; ", mean=f"{100 * mean:.1f}")
        if not odd:
            text += w("every range includes it, so these games show no seat advantage (a "
                      "small one could still need more games to show).")
        else:
            text += self._odd_seats(odd, mean, w)
        if len(set(self.bots)) > 1:
            text += w(" A bot's rates pool every seat it held: the bot whose range lies wholly "
                      "below another's loses less often beyond chance.")
        return textwrap.fill(text, width=WIDTH)

    def _odd_seats(self, odd: list[str], mean: float, w: EnglishWords = ENGLISH_WORDS) -> str:
        """What the seats whose 95% range misses the average say, allowing for how many
        seats were compared: with ``n`` seats, one range or more misses the average by
        chance alone in about ``1 - 0.95**n`` of runs (a fifth at four seats), so only a
        seat whose range at ``1 - 0.05/n`` (Bonferroni) also misses it is called an
        advantage; the others are a hint for more games to settle."""
        n = self.players
        why = (w("seat order matters with this bot") if len(set(self.bots)) == 1
               else w("the seats differ, by their bots or their place at the table"))
        strict = 1 - 0.05 / n
        sure = [f"P{s}" for s, c in enumerate(self.losses)
                if not Rate(c, self.games, strict).contains(mean)]
        if sure:
            also = ("" if sure == odd else
                    w.n(" and {seats} lies outside it", " and {seats} lie outside it",
                        len(sure), seats=w.join(sure)))
            return w.n("{seats} lies outside it,{also} even at {strict}% (a range allowing "
                       "for {seated} seats compared at once), so {why}.",
                       "{seats} lie outside it,{also} even at {strict}% (a range allowing "
                       "for {seated} seats compared at once), so {why}.",
                       len(odd), seats=w.join(odd), also=also, strict=f"{100 * strict:.1f}",
                       seated=n, why=why)
        chance = 100 * (1 - 0.95 ** n)
        return w.n("{seats} lies outside it, but with {seated} seats one range or more misses "
                   "the average by chance alone in about {chance}% of runs, so this hints "
                   "that {why} without showing it: more games would tell.",
                   "{seats} lie outside it, but with {seated} seats one range or more misses "
                   "the average by chance alone in about {chance}% of runs, so this hints "
                   "that {why} without showing it: more games would tell.",
                   len(odd), seats=w.join(odd), chance=f"{chance:.0f}", seated=n, why=why)


def _check_games(games: object) -> int:
    """``games`` as a plain int (a numpy count too), at least 1, at most ``MAX_GAMES``."""
    number = whole_number(games)
    if number is None:
        raise ArgumentRefused(f"games must be an int, not {type(games).__name__}",
                              argument="games", code="type", value=games)
    games = number
    if games < 1:
        raise ArgumentRefused(f"games must be at least 1 (got {quoted(games)}): a simulation "
                              "needs a game to play", argument="games", code="too_few",
                              value=games, least=1, most=MAX_GAMES)
    if games > MAX_GAMES:
        raise ArgumentRefused(f"games must be at most {MAX_GAMES:,}, got {quoted(games)}",
                              argument="games", code="too_many", value=games, least=1,
                              most=MAX_GAMES)
    return games


def _bot_names(info: GameInfo, bots: object, n: int) -> tuple[str, ...]:
    """One bot name per seat, each one :func:`tablegames.bots.make` knows."""
    from tablegames.bots.registry import names as known_bots
    from tablegames.bots.registry import no_bot

    if bots is None:
        kinds: list[object] = [info.default_bot] * n
    elif isinstance(bots, str):
        kinds = [bots] * n
    elif isinstance(bots, Sequence):
        kinds = list(bots)
        if len(kinds) != n:
            raise ArgumentRefused(f"bots names one bot for every seat: need {n}, got {len(kinds)}",
                                  argument="bots", code="per_seat", value=bots, seats=n,
                                  bots=map(str, kinds))
    else:
        raise SetupError(f"bots must be a bot name or a list of names, not {type(bots).__name__}")
    known = known_bots(info)
    for kind in kinds:
        if not isinstance(kind, str) or kind not in known:
            raise no_bot(info, kind)  # the same words as make's, with fields
    return tuple(kinds)  # type: ignore[arg-type]


def _read_rows(path: Path, plan: _Plan, games: int,
               summary: SimulationSummary) -> tuple[int, int]:
    """Count the rows of an interrupted run into ``summary``.

    Returns how many games the file already holds and where its last whole row ends (a
    torn last line after it is cut off, by the caller, once every argument has passed).
    Anything that is not a row this same run writes (another run's, an edited one, a
    value no game gives, NaN) refuses the resume with a :class:`StateError` naming the
    line (:class:`RowRefused`), and the file is left as it was.
    """
    good_end = 0
    held = 0
    from tablegames.common.registry import game_info

    labels = set(game_info(plan.game).measures)
    params = json.loads(json.dumps(plan.bot_params()))
    shown = quoted(str(path), 200)  # a path is the user's text: escaped, cut
    with path.open("rb") as f:
        while True:
            line = f.readline(MAX_LINE + 1)
            if not line:
                break
            if not line.endswith(b"\n"):
                if len(line) > MAX_LINE:
                    raise RowRefused(f"{shown}: line {held + 1} is longer than any results row",
                                     path=str(path), line=held + 1)
                break  # cut off by an interruption: played again
            where = f"{shown}: line {held + 1}"
            try:
                row = json.loads(line, parse_constant=_no_constant)
            except ValueError:
                raise RowRefused(f"{where} is not JSON; it is not a results file of tablegames "
                                 "simulate", path=str(path), line=held + 1) from None
            index = held
            if not isinstance(row, dict) or row.get("run") != plan.run:
                raise RowRefused(
                    f"{where} belongs to another run: a different game, players, bots, rules, "
                    f"seed or engine, or an older row format (before {ROW_FORMAT}), which no "
                    "settings resume; resume it with the settings and version that wrote it, "
                    "or write the rest to a new --out file", path=str(path), line=held + 1,
                    other_run=True) from None
            if (type(row.get("index")) is not int or row["index"] != index
                    or row.get("seed") != game_seed(plan.seed, index)):
                raise RowRefused(f"{where} is not game {index} of this run; the file was edited",
                                 path=str(path), line=held + 1)
            if index >= games:
                raise RowRefused(f"{shown} already holds more than the {games} games asked for",
                                 path=str(path), line=held + 1)
            _check_row(row, plan, labels, params, where, str(path), held + 1)
            if _dump(row) != line:
                raise RowRefused(f"{where} is not written as this run writes its rows; the file "
                                 "was edited", path=str(path), line=held + 1)
            summary.add(row)
            held += 1
            good_end = f.tell()
    return held, good_end


#: The fields of a results row, as :func:`_play_row` writes them.
ROW_KEYS = ("game", "index", "seed", "players", "bots", "params", "length", "measures",
            "outcome", "scores", "run")


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number a results row holds")


def _is_count(value: object) -> bool:
    return type(value) is int and value >= 0


def _check_row(row: dict[str, Any], plan: _Plan, labels: set[str], params: Any,
               where: str, path: str, line: int) -> None:
    """Refuse a row whose values no game of ``plan`` gives (it would count wrongly)."""
    def edited(what: str) -> StateError:
        return RowRefused(f"{where}: {what}; the file was edited", path=path, line=line)

    if tuple(row) != ROW_KEYS:
        raise edited("its fields are not a results row's")
    if (row["game"], row["players"], row["bots"], row["params"]) != (
            plan.game, plan.players, list(plan.bots), params):
        raise edited("its game, players, bots or bot params are not this run's")
    if not _is_count(row["length"]):
        raise edited("its length is not a count of actions")
    measures = row["measures"]
    if not isinstance(measures, dict) or set(measures) != labels or not all(
            _is_count(v) for v in measures.values()):
        raise edited("its measures are not counts of this game's events")
    outcome, seats = row["outcome"], range(plan.players)
    if not isinstance(outcome, dict):
        raise edited("its outcome is not an outcome")
    for key in ("winners", "losers"):
        who = outcome.get(key)
        if not (isinstance(who, list) and all(type(s) is int and s in seats for s in who)
                and len(set(who)) == len(who)):
            raise edited(f"its {key} are not seats of this table")
    scores = row["scores"]
    if not (isinstance(scores, list) and len(scores) == plan.players and all(
            isinstance(x, int | float) and not isinstance(x, bool) for x in scores)):
        raise edited("its scores are not one number per seat")


def _preload(info: GameInfo) -> tuple[str, ...]:
    """What a worker needs for its first game, imported once before workers fork: this
    module (the task), the harness and bots, and the game's own module."""
    game = getattr(info.new_game, "__module__", None)
    return ("tablegames.simulation", "tablegames.bots.harness", *([game] if game else []))


def simulate(
    game: str | GameInfo,
    bots: str | Sequence[str] | None = None,
    *,
    games: int = 100,
    seed: int | str = 0,
    workers: int | None = None,
    players: int | None = None,
    rules: Any = None,
    budget: int | None = None,
    params: Mapping[str, Mapping[str, Any]] | None = None,
    out: str | os.PathLike[str] | None = None,
    resume: bool = False,
    plot: str | os.PathLike[str] | None = None,
    backend: str = "process",
    address: str | None = None,
    progress: Callable[[int], None] | None = None,
    time_limit: float | None = None,
) -> SimulationSummary:
    """Play ``games`` seeded games with bots and summarise them.

    ``bots`` is one bot name for every seat or a list with one name per seat (default:
    the game's own ``default_bot``); ``players`` defaults to the length of a list of bots,
    else to 4 (or the nearest count the game allows); ``rules`` is a variant name, a dict
    of options or a ``Rules`` object. Bots are made by :func:`tablegames.bots.make`:
    ``budget`` goes to every bot that takes one (``ismcts``: iterations per decision) and
    ``params`` gives a bot name its own keywords (``{"ismcts": {"seconds": 0.05}}``;
    a time budget makes the games depend on the machine, so prefer iterations).
    ``workers=None`` uses every core (see :func:`tablegames.runner.run`), ``backend="ray"``
    a Ray cluster at ``address``. The rows, and so the summary and ``out`` file, are the
    same whatever the workers or backend. Worker processes import the calling script
    again: a script calls ``simulate`` under ``if __name__ == "__main__":`` (or passes
    ``workers=1``), else the run stops with a :class:`SetupError` that says so.

    ``out`` streams one JSON line per game in game order (``game, index, seed, players,
    bots, params, length, measures, outcome, scores, run``; ``measures`` counts the game's own
    events, ``GameInfo.measures``); an existing file is refused unless ``resume=True``,
    which plays only its missing games. Missing folders on its path are created (once every
    other argument has been checked), as ``plot`` does. ``progress(done)`` receives the number of games
    done so far (first called with the games a resumed file already held).

    ``plot`` draws the summary (every game of the run, resumed ones included) to an
    ``.svg``, ``.png`` or ``.pdf`` file with :func:`tablegames.plot.plot` once the games
    are played; a bad suffix or a missing matplotlib is refused before the first game.

    ``time_limit`` is the most seconds a bot may take for one decision (``None``, the
    default: no limit): a bot past it stops the run with a ``BotFailed`` of code
    ``"timed_out"`` (:func:`tablegames.bots.play_game`), the rows before its game kept.
    It is not part of the run's identity: ``resume`` may continue a run with another.
    """
    from tablegames.bots.harness import check_time_limit
    from tablegames.common.registry import game_info
    from tablegames.plot import check_target, loser_label
    from tablegames.runner import check_address, check_backend, check_workers, run

    info = game if isinstance(game, GameInfo) else game_info(game)
    # before anything else: a bad suffix is the likeliest slip
    plot_to = check_target(plot) if plot is not None else None
    games = _check_games(games)
    seed = check_run_seed(seed)
    check_backend(backend)
    check_workers(workers, backend)
    time_limit = check_time_limit(time_limit)
    if not isinstance(resume, bool):
        raise SetupError(f"resume must be True or False, not {quoted(resume)}")
    if players is None:  # one name per seat says how many seats; else four, or what the game allows
        given = not isinstance(bots, str) and isinstance(bots, Sequence)
        players = len(bots) if given else info.default_players()  # type: ignore[arg-type]
    seats = whole_number(players)  # a numpy count is the int it holds; never a bool
    if seats is None:
        raise SetupError(f"players must be an int, not {type(players).__name__}")
    players = info.check_players(seats)
    names = _bot_names(info, bots, players)
    from tablegames.bots.registry import lineup_params

    per_bot = lineup_params(info, names, budget, params)
    frozen = tuple((n, tuple(sorted(kw.items()))) for n, kw in per_bot.items())
    rules_obj = info.fit_rules(players, rules)  # the game's set-up for the size, or as named
    probe = info.new_game(players=players, seed=0, rules=rules_obj)  # refuses a bad table now
    engine = getattr(type(probe), "ENGINE", 1)
    base = seed_to_int(seed)
    try:
        fingerprint = json.dumps([ROW_FORMAT, info.name, engine, players, names, per_bot,
                                  rules_hash(rules_obj), base], sort_keys=True)
    except TypeError:
        raise SetupError("bot params must be JSON values (numbers, strings, true/false, null), "
                         "so that a results row can record them") from None
    run_id = hashlib.sha256(fingerprint.encode()).hexdigest()[:16]

    from tablegames.bots.registry import origins

    plan = _Plan(info.name, players, names, rules_obj, base, run_id, engine, __version__, frozen,
                 origins(info, names), time_limit)
    variant = next((k for k, v in info.variants.items() if v == rules_obj), None)
    summary = SimulationSummary(
        game=info.name, title=info.title, players=players, bots=names, seed=seed,
        rules=variant or rules_hash(rules_obj), run=run_id, params=per_bot,
        loser_label=loser_label(info.name),
        losses=[0] * players, wins=[0] * players,
    )

    if progress is not None and not callable(progress):
        raise SetupError("progress must be a callable taking the number of games done")
    check_address(address, backend)
    path = file_to_write(out, "the results file") if out is not None else None
    start, keep = 0, 0
    if path is None and resume:
        raise ResumeRefused("resume=True needs out=, the results file to continue",
                            code="no_out")
    if path is not None:
        summary.out = str(path)
        if path.exists() and not path.is_file():
            # /dev/stdout was "already exists; remove it", and a pipe with --resume was
            # read until a writer came: a results file is read back and cut, so a file
            raise ResumeRefused(f"the results file {quoted(str(path), 200)} is not a regular "
                                "file (a device, a pipe or a socket): --resume reads the file "
                                "back and cuts a torn last line, so name a file",
                                code="not_regular", path=str(path))
        if path.exists() and not resume:
            raise ResumeRefused(f"{quoted(str(path), 200)} already exists; pass resume=True "
                                "(--resume) to continue it, or remove it to start again",
                                code="exists", path=str(path))
        if resume and path.exists():
            start, keep = _read_rows(path, plan, games, summary)

    def counted(done: int) -> None:
        if progress is not None:
            progress(start + done)

    began = time.perf_counter()
    # asked for before any folder is made or progress reported: ``run`` refuses what it
    # finds wrong when called (a Ray address where no Ray answers, a Ray that does not
    # start or connect), so a refused run leaves no file behind
    rows = run(partial(_play_row, plan), range(start, games), workers=workers,
               backend=backend, address=address, progress=counted, preload=_preload(info))
    sink: io.BufferedWriter | None = None
    try:
        if path is not None:
            make_folder(path, "the results file")
        if plot_to is not None:
            make_folder(plot_to, "the plot file")
        if progress is not None:
            progress(start)
        if path is not None:
            try:
                if path.exists() and path.stat().st_size != keep:
                    with path.open("r+b") as f:  # a torn last line: the game is played again
                        f.truncate(keep)
                sink = path.open("ab")
            except OSError as exc:
                raise cannot_write("the results file", path, exc) from None
        for row in rows:
            if sink is not None:
                sink.write(_dump(row))
            summary.add(row)
            summary.played += 1
    finally:
        rows.close()  # a refusal above shuts down the Ray the run started (not a traceback's GC)
        if sink is not None:
            sink.close()
        summary.seconds = time.perf_counter() - began
    if plot is not None:
        from tablegames.plot import plot as draw

        summary.plot = str(draw(summary, plot))
    return summary
