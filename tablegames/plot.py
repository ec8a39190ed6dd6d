"""Pictures of simulation results: loss rates per seat and per bot, and game lengths.

``tablegames simulate ... --plot results.svg`` (or ``tablegames.simulate(...,
plot="results.png")``) draws the run's summary; :func:`plot` also draws the rows of a
``--out results.jsonl`` file, one JSON row per game::

    {"seed": 7, "players": 4, "bots": ["club", "club", "random", "club"], "length": 112,
     "outcome": {"winners": [2], "losers": [0, 3], "scores": [10, 7, 4, 10]}}

One figure (SVG, PNG or PDF by the file's suffix) shows:

* the **loss rate of each seat** with its 95% interval: a seat that loses more often than
  the others while every seat is the same bot is a first-player (dis)advantage, or a bug;
* the **loss rate of each bot** over every seat it played, with its interval: which bot
  plays better, and whether the difference is more than luck;
* the **distribution of game lengths** (actions per game), with the mean.

The intervals are Wilson score intervals (:mod:`tablegames.stats`), which stay inside
0..1 and are honest for rates near 0 or 1 and for a few hundred games, where the normal
approximation is not. matplotlib is the ``[plot]`` extra; only this module needs it, and
only when drawing.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

import attrs

from tablegames.common.errors import ArgumentRefused, TablegamesError, quoted
from tablegames.common.paths import cannot_write, file_to_write, make_folder
from tablegames.common.registry import GAMES
from tablegames.stats import Rate, wilson

__all__ = ["FORMATS", "Bar", "Results", "Summarized", "check_target", "loser_label", "plot",
           "read_rows", "summarize", "wilson"]

#: File suffixes :func:`plot` writes, and matplotlib's name for each format.
FORMATS = {".svg": "svg", ".png": "png", ".pdf": "pdf"}
@attrs.frozen
class Bar:
    """One bar of the figure: a label and its loss rate (with its Wilson interval)."""

    label: str
    rate: Rate

    @property
    def losses(self) -> int:
        return self.rate.count

    @property
    def games(self) -> int:
        return self.rate.trials

    @property
    def interval(self) -> tuple[float, float]:
        return self.rate.interval


@attrs.frozen
class Results:
    """What the figure shows (useful without matplotlib too).

    ``lengths`` counts games per length (actions), so a summary of any number of games
    is small.
    """

    game: str
    games: int
    seats: list[Bar]
    bots: list[Bar]
    lengths: dict[int, int]
    title: str = ""
    loser_label: str = "lost"

    @property
    def mean_length(self) -> float:
        total = sum(self.lengths.values())
        return sum(k * v for k, v in self.lengths.items()) / total if total else 0.0

    @classmethod
    def from_summary(cls, summary: Summarized) -> Results:
        """The figure of a :class:`~tablegames.SimulationSummary` (``simulate --plot``):
        ``summary.results()``."""
        return summary.results()


def _seat_list(value: Any, row: int, what: str) -> list[int]:
    if not isinstance(value, list) or not all(
            isinstance(s, int) and not isinstance(s, bool) for s in value):
        raise TablegamesError(f"row {row}: outcome.{what} must be a list of seats")
    return value


def loser_label(game: str) -> str:
    """What a game's losers are called in a summary: Dallah's outcome names the one
    biggest loser of each game, the other games' outcomes their losers."""
    return "biggest loser" if game == "dallah" else "lost"


def summarize(rows: Iterable[Mapping[str, Any]]) -> Results:
    """Loss rates per seat and per bot, and the lengths, from simulation rows.

    ``players`` may be a count or the list of names; ``bots`` one name for every seat or a
    list, one per seat (a row without ``bots`` counts as bot ``"?"``). The rows of a run
    give the figure its summary gives (:meth:`~tablegames.SimulationSummary.results`):
    bots in the order they first sit, a seat labelled with its bot when the run had
    several kinds and the seat always the same one, and the registered game's title.
    """
    seat_losses: list[int] = []
    seat_games: list[int] = []
    bot_losses: dict[str, int] = {}
    bot_games: dict[str, int] = {}
    lengths: dict[int, int] = {}
    seat_bots: list[set[str]] = []
    game = ""
    for i, row in enumerate(rows):
        if not isinstance(row, Mapping):
            raise TablegamesError(f"row {i}: not a JSON object")
        players = row.get("players")
        n = len(players) if isinstance(players, list) else players
        if not isinstance(n, int) or isinstance(n, bool) or not 1 <= n <= 64:
            raise TablegamesError(f"row {i}: 'players' must be a count or a list of names")
        outcome = row.get("outcome")
        if not isinstance(outcome, Mapping):
            raise TablegamesError(f"row {i}: no 'outcome' with winners and losers")
        losers = set(_seat_list(outcome.get("losers", []), i, "losers"))
        if not losers <= set(range(n)):
            raise TablegamesError(f"row {i}: a loser is not one of the {n} seats")
        bots = row.get("bots", "?")
        names = [str(bots)] * n if not isinstance(bots, list) else [str(b) for b in bots]
        if len(names) != n:
            raise TablegamesError(f"row {i}: {len(names)} bots for {n} seats")
        length = row.get("length")
        if not isinstance(length, int) or isinstance(length, bool) or length < 0:
            raise TablegamesError(f"row {i}: 'length' must be the number of actions")
        game = game or str(row.get("game", ""))
        while len(seat_games) < n:
            seat_games.append(0)
            seat_losses.append(0)
            seat_bots.append(set())
        for s in range(n):
            seat_games[s] += 1
            seat_bots[s].add(names[s])
            bot_games[names[s]] = bot_games.get(names[s], 0) + 1
            if s in losers:
                seat_losses[s] += 1
                bot_losses[names[s]] = bot_losses.get(names[s], 0) + 1
        lengths[length] = lengths.get(length, 0) + 1
    if not lengths:
        raise TablegamesError("no games to plot")
    labels = [f"P{s} {next(iter(b))}" if len(bot_games) > 1 and len(b) == 1 else f"P{s}"
              for s, b in enumerate(seat_bots)]
    info = GAMES.get(game)
    return Results(
        game=game, games=sum(lengths.values()),
        seats=[Bar(labels[s], Rate(seat_losses[s], seat_games[s])) for s in range(len(seat_games))],
        bots=[Bar(b, Rate(bot_losses.get(b, 0), g)) for b, g in bot_games.items()],
        lengths=dict(sorted(lengths.items())),
        title=info.title if info is not None else "",
        loser_label=loser_label(game),
    )


def read_rows(path: str | Path) -> list[dict[str, Any]]:
    """The rows of a JSONL file (one JSON object per line; blank lines skipped)."""
    rows = []
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            if line.strip():
                try:
                    rows.append(json.loads(line))
                except ValueError:
                    raise TablegamesError(f"{path}:{number}: not a JSON row") from None
    return rows


def check_target(path: str | os.PathLike[str]) -> Path:
    """The file :func:`plot` would write, refused now if it cannot be drawn.

    A known suffix (``.svg``, ``.png``, ``.pdf``), matplotlib installed, and not a
    directory: ``simulate --plot`` checks this before the first game is played.
    """
    out = file_to_write(path, "the plot file")
    if FORMATS.get(out.suffix.lower()) is None:
        raise ArgumentRefused(f"--plot {quoted(out.name, 100)}: the file must end in .svg, "
                              ".png or .pdf", argument="plot", code="suffix", value=path,
                              choices=FORMATS)
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise ArgumentRefused("plotting needs matplotlib: pip install 'tablegames[plot]'",
                              argument="plot", code="matplotlib", value=path) from None
    return out


@runtime_checkable
class Summarized(Protocol):
    """What gives its own figure: a :class:`~tablegames.SimulationSummary`, which sits
    above this module (it calls :func:`plot`), so this module names only the method."""

    def results(self) -> Results: ...


def plot(source: Summarized | Results | Iterable[Mapping[str, Any]] | str | Path,
         path: str | os.PathLike[str]) -> Path:
    """Draw a simulation to ``path`` (.svg, .png or .pdf); returns the path written.

    ``source`` is a :class:`~tablegames.SimulationSummary`, :class:`Results`, the rows of
    a run, or a JSONL file of them. Bad rows, an unknown suffix and a missing matplotlib are a
    :class:`~tablegames.TablegamesError`; nothing is written then.
    """
    out = check_target(path)
    if isinstance(source, Results):
        results = source
    elif isinstance(source, Summarized):
        results = source.results()
    else:
        results = summarize(read_rows(source) if isinstance(source, str | Path) else source)
    import matplotlib
    from matplotlib.figure import Figure

    fmt = FORMATS[out.suffix.lower()]
    # A Figure without pyplot: no global state, no display, safe in a server or a test.
    with matplotlib.rc_context({"svg.fonttype": "none", "svg.hashsalt": "tablegames"}):
        fig = Figure(figsize=(11, 3.8), layout="constrained")
        seats_ax, bots_ax, lengths_ax = fig.subplots(1, 3, width_ratios=[
            max(2, len(results.seats)), max(2, len(results.bots)), 4])
        what = "biggest loser" if results.loser_label != "lost" else "lost"
        _rates(seats_ax, results.seats, "Loss rate per seat", "#3b7dd8", what)
        _rates(bots_ax, results.bots, "Loss rate per bot", "#d8843b", what)
        sizes = list(results.lengths)
        lengths_ax.hist(sizes, weights=list(results.lengths.values()),
                        bins=min(30, max(5, len(sizes))), color="#5a9e6f", edgecolor="white")
        lengths_ax.axvline(results.mean_length, color="black", linestyle="--", linewidth=1)
        lengths_ax.set_title("Game length")
        lengths_ax.set_xlabel(f"actions per game (mean {results.mean_length:.1f})")
        lengths_ax.set_ylabel("games")
        lengths_ax.yaxis.get_major_locator().set_params(integer=True)
        name = results.title or results.game.title() or "Simulation"
        fig.suptitle(f"{name}: {results.games} games (bars: 95% intervals)")
        make_folder(out, "the plot file")
        try:
            fig.savefig(out, format=fmt, metadata={"Date": None} if fmt == "svg" else None)
        except OSError as exc:
            raise cannot_write("the plot file", out, exc) from None
    return out


def _rates(ax: Any, rates: list[Bar], title: str, colour: str, what: str) -> None:
    labels = [r.label for r in rates]
    values = [r.rate.rate for r in rates]
    low = [r.rate.rate - r.interval[0] for r in rates]
    high = [r.interval[1] - r.rate.rate for r in rates]
    ax.bar(labels, values, yerr=[low, high], capsize=4, color=colour, alpha=0.85)
    for x, r in enumerate(rates):
        ax.annotate(f"{r.rate.rate:.0%}", (x, r.interval[1]), ha="center", va="bottom",
                    fontsize=8, xytext=(0, 2), textcoords="offset points")
    ax.set_ylim(0, 1.05)
    ax.set_title(title)
    ax.set_ylabel("share of games " + ("as biggest loser" if what != "lost" else "lost"))
