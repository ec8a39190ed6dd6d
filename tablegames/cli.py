"""The ``tablegames`` command (also ``python -m tablegames``).

* ``tablegames simulate GAME --games N --players P --seed S [--workers W] [--out F.jsonl
  [--resume]] [--backend ray [--address A]] [--bot B | --bots B1,B2,..] [--rules R] [--json]``
  plays seeded games with bots on every core and prints a summary (loss and win rates per
  seat and per bot with 95% intervals, mean length, time), with a progress bar on long runs.
* ``tablegames play GAME [--players P] [--seat S]`` lets a person play one seat in the
  terminal against bots, showing only what that seat may see.
* ``tablegames rulings GAME [ID]`` prints a ruling (or the list) from the rulings page.
* ``tablegames games`` lists the games.
* ``tablegames arena GAME --bots ismcts,club,random,random [--games N] [--seed S]
  [--budget B] [--players P] [--workers W] [--rules R] [--json]`` plays seat-rotated
  matches and prints each bot's loss and win rates with 95% intervals, mean score, time
  per decision and (more than two bots) an OpenSkill rating.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from typing import Any, TextIO

from tablegames.common.errors import TablegamesError
from tablegames.common.protocol import GameInfo
from tablegames.common.registry import GAMES, game_info
from tablegames.common.rulings import load_rulings
from tablegames.common.simulate import make_bots


def _progress(total: int, enabled: bool) -> tuple[Callable[[int], None] | None, Callable[[], None]]:
    """A progress bar on stderr (rich) for long runs, and a function to close it.

    On stderr so that ``tablegames simulate ... --json > summary.json`` stays clean.
    """
    if not enabled or total < 200:
        return None, lambda: None
    try:
        from rich.console import Console
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn
    except ImportError:  # rich is an optional extra; plain output still works
        return None, lambda: None
    bar = Progress("playing", BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                   console=Console(file=sys.stderr), transient=True)
    task = bar.add_task("playing", total=total)
    bar.start()

    def update(done: int) -> None:
        bar.update(task, completed=done)

    return update, bar.stop


def _seed_arg(text: str) -> int | str:
    """``--seed 7`` is the int 7; any other text (a room name, a date) is a string seed."""
    try:
        return int(text)
    except ValueError:
        return text


def _rules_arg(text: str) -> Any:
    """``--rules`` is a variant name or a JSON object of options."""
    if text.lstrip().startswith("{"):
        try:
            return json.loads(text)
        except ValueError as exc:
            raise TablegamesError(f"--rules is not valid JSON: {exc}") from None
    return text


def cmd_simulate(args: argparse.Namespace, out: TextIO) -> int:
    from tablegames.common.simulate import simulate

    info = game_info(args.game)
    bots: str | list[str] | None = None
    if args.bot is not None:
        bots = args.bot.split(",") if "," in args.bot else args.bot
    update, close = _progress(args.games, sys.stderr.isatty())
    try:
        summary = simulate(
            info, bots, games=args.games, seed=args.seed, workers=args.workers, players=args.players,
            rules=_rules_arg(args.rules) if args.rules is not None else None, out=args.out,
            resume=args.resume, backend=args.backend, address=args.address, progress=update,
        )
    finally:
        close()
    if args.json:
        out.write(json.dumps(summary.to_dict(), indent=2) + "\n")
    else:
        out.write(summary.report())
    return 0


def _render_view(view: dict[str, Any], out: TextIO) -> None:
    skip = {"legal", "prompt", "hand", "players", "game", "seat"}
    for key, value in view.items():
        if key in skip or value in (None, [], {}):
            continue
        out.write(f"  {key:<14} {json.dumps(value, ensure_ascii=False)}\n")
    if "hand" in view:
        out.write(f"  {'YOUR HAND':<14} {' '.join(map(str, view['hand']))}\n")


def cmd_play(args: argparse.Namespace, out: TextIO, inp: TextIO) -> int:
    info = game_info(args.game)
    state = info.new_game(players=args.players, seed=args.seed, **info.simulate_kwargs(
        [f"P{i}" for i in range(args.players)]))
    me = args.seat
    if not 0 <= me < len(state.players):
        out.write(f"seat must be in 0..{len(state.players) - 1}\n")
        return 2
    bots = make_bots(info, args.bot or info.default_bot, len(state.players), args.seed)
    out.write(f"{info.title}: you are seat {me} ({state.players[me]}). "
              "Type a number or an action's notation; 'q' quits.\n")
    while not state.is_over:
        seat = state.to_act
        if seat != me:
            action = bots[seat].choose(state)
            events = state.apply(action)
            _show_events(events, me, out)
            continue
        view = state.view(me)
        out.write("\n" + view.get("prompt", "Your move.") + "\n")
        _render_view(view, out)
        legal = state.legal_actions()
        for i, a in enumerate(legal):
            out.write(f"  [{i}] {a}\n")
        out.write("> ")
        out.flush()
        line = inp.readline()
        if not line or line.strip().lower() in {"q", "quit", "exit"}:
            out.write("\nbye\n")
            return 0
        text = line.strip()
        try:
            action = legal[int(text)] if text.isdigit() and int(text) < len(legal) else text
            _show_events(state.apply(action), me, out)
        except TablegamesError as exc:
            out.write(f"  !! {exc}\n")
    out.write("\nGame over: " + json.dumps(state.outcome().to_dict()) + "\n")
    return 0


def _show_events(events: Sequence[Any], seat: int, out: TextIO) -> None:
    for d in type(events[0]).redact(list(events), seat) if events else []:
        kind = d.pop("kind")
        out.write(f"  · {kind} {json.dumps(d, ensure_ascii=False)}\n")


def cmd_rulings(args: argparse.Namespace, out: TextIO) -> int:
    rulings = load_rulings(args.game)
    if args.id is None:
        for r in rulings:
            out.write(f"{r.id}  {r.title}\n")
        return 0
    wanted = args.id.upper()
    for r in rulings:
        if r.id == wanted:
            out.write(f"{r.id}: {r.title}\n\n{r.text}\n")
            if r.example:
                out.write(f"\nExample:\n{r.example}\n")
            out.write(f"\nSee {r.anchor}\n")
            return 0
    out.write(f"no ruling {args.id} in {args.game}\n")
    return 1


def cmd_games(out: TextIO) -> int:
    for name in GAMES:
        info: GameInfo = GAMES[name]
        out.write(f"{name:<10} {info.title} ({info.min_players}-{info.max_players} players; "
                  f"bots: {', '.join(info.bots)})\n")
    return 0


def _arena_parser(sub: Any) -> None:
    a = sub.add_parser("arena", help="seat-rotated bot matches with win/loss rates and intervals")
    a.add_argument("game")
    a.add_argument("--bots", required=True,
                   help="the lineup, one bot per seat: ismcts,club,random,random")
    a.add_argument("--games", type=int, default=None,
                   help="games, a multiple of the seats (default: 25 per seat)")
    a.add_argument("--seed", type=_seed_arg, default=0, help="arena seed (deals and bots)")
    a.add_argument("--budget", type=int, default=None,
                   help="search budget for the bots that take one (ismcts: iterations per decision)")
    a.add_argument("--players", type=int, default=None, help="seats (default: one per bot)")
    a.add_argument("--workers", type=int, default=None, help="processes (default: every core)")
    a.add_argument("--rules", default=None, help="a variant name or a JSON object of house rules")
    a.add_argument("--json", action="store_true", help="print the results as one JSON object")


def cmd_arena(args: argparse.Namespace, out: TextIO) -> int:
    """``tablegames arena``: everything is checked before the first game, then played with a
    progress bar on stderr (every game counts: a search bot's game takes seconds)."""
    from tablegames.bots.matches import arena

    lineup = [b.strip() for b in args.bots.split(",")]
    players = args.players if args.players is not None else len(lineup)
    games = args.games if args.games is not None else 25 * max(1, players)
    bar: Any = None
    update: Callable[[int], None] | None = None
    if sys.stderr.isatty() and not args.json:
        try:
            from rich.console import Console
            from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn
        except ImportError:  # rich is an optional extra; the arena runs without a bar
            pass
        else:
            bar = Progress("arena", BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                           console=Console(file=sys.stderr), transient=True)
            task = bar.add_task("arena", total=games)

            def update(done: int) -> None:
                bar.update(task, completed=done)
    try:
        if bar is not None:
            bar.start()
        result = arena(args.game, lineup, games, args.seed, budget=args.budget,
                       players=args.players, workers=args.workers,
                       rules=_rules_arg(args.rules) if args.rules is not None else None,
                       progress=update)
    finally:
        if bar is not None:
            bar.stop()
    if args.json:
        out.write(json.dumps(result.to_dict()) + "\n")
    else:
        out.write(result.report())
    return 0


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="tablegames", description=__doc__.splitlines()[0] if __doc__ else None)
    sub = p.add_subparsers(dest="command", required=True)
    s = sub.add_parser("simulate", help="play seeded games with bots and summarise them")
    s.add_argument("game")
    s.add_argument("--games", type=int, default=100, help="number of games (default 100)")
    s.add_argument("--players", type=int, default=4)
    s.add_argument("--seed", type=_seed_arg, default=0, help="run seed; game i gets its own seed from it")
    s.add_argument("--workers", type=int, default=None, help="processes (default: every core; 1: this one)")
    s.add_argument("--out", default=None, help="write one JSON line per game to this file")
    s.add_argument("--resume", action="store_true", help="continue an interrupted --out file")
    s.add_argument("--backend", choices=["process", "ray"], default="process")
    s.add_argument("--address", default=None, help="Ray cluster address (with --backend ray)")
    s.add_argument("--bot", "--bots", dest="bot", default=None,
                   help="bot for every seat, or one per seat: smart,random,random,random")
    s.add_argument("--rules", default=None, help="a variant name or a JSON object of house rules")
    s.add_argument("--json", action="store_true", help="print the summary as JSON")
    pl = sub.add_parser("play", help="play one seat in the terminal against bots")
    pl.add_argument("game")
    pl.add_argument("--players", type=int, default=4)
    pl.add_argument("--seat", type=int, default=0)
    pl.add_argument("--seed", type=int, default=0)
    pl.add_argument("--bot", default=None)
    r = sub.add_parser("rulings", help="print a ruling's text and decision")
    r.add_argument("game")
    r.add_argument("id", nargs="?")
    sub.add_parser("games", help="list the games")
    _arena_parser(sub)
    return p


def main(argv: Sequence[str] | None = None, out: TextIO | None = None,
         inp: TextIO | None = None) -> int:
    """Entry point; returns the exit status."""
    out = out or sys.stdout
    args = build_parser().parse_args(argv)
    try:
        if args.command == "simulate":
            return cmd_simulate(args, out)
        if args.command == "play":
            return cmd_play(args, out, inp or sys.stdin)
        if args.command == "rulings":
            return cmd_rulings(args, out)
        if args.command == "arena":
            return cmd_arena(args, out)
        return cmd_games(out)
    except TablegamesError as exc:
        sys.stderr.write(f"tablegames: {exc}\n")
        return 2
    except BrokenPipeError:  # `tablegames rulings toepen | head`: the reader left early
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
