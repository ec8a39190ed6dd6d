"""The ``tablegames`` command (also ``python -m tablegames``).

* ``tablegames simulate GAME --games N --players P --seed S [--bot B] [--json]`` plays
  seeded games with bots and prints a summary (games, mean length, losers and winners per
  seat, time, games/s), with a progress bar on long runs when ``rich`` is installed.
* ``tablegames play GAME [--players P] [--seat S]`` lets a person play one seat in the
  terminal against bots, showing only what that seat may see.
* ``tablegames rulings GAME [ID]`` prints a ruling (or the list) from the rulings page.
* ``tablegames games`` lists the games.
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
from tablegames.common.simulate import make_bots, simulate


def _progress(total: int, enabled: bool) -> tuple[Callable[[int], None] | None, Callable[[], None]]:
    """A progress callback (rich if available and useful) and a function to close it."""
    if not enabled or total < 200:
        return None, lambda: None
    try:
        from rich.progress import Progress
    except ImportError:  # rich is an optional extra; plain output still works
        return None, lambda: None
    bar = Progress(transient=True)
    task = bar.add_task("playing", total=total)
    bar.start()

    def update(done: int) -> None:
        bar.update(task, completed=done)

    return update, bar.stop


def cmd_simulate(args: argparse.Namespace, out: TextIO) -> int:
    info = game_info(args.game)
    bot = args.bot or info.default_bot
    update, close = _progress(args.games, not args.json and out.isatty())
    try:
        summary = simulate(info, args.games, args.players, args.seed, bot, progress=update)
    finally:
        close()
    data = summary.to_dict()
    if args.json:
        out.write(json.dumps(data, indent=2) + "\n")
        return 0
    lengths = summary.lengths
    seats = range(args.players)
    out.write(f"{info.title}: {summary.games} games, {args.players} players, bot '{bot}', "
              f"seeds {args.seed}..{args.seed + args.games - 1}\n")
    out.write(f"  {'mean length':<24} {summary.mean_length:.1f} actions "
              f"(min {min(lengths)}, max {max(lengths)})\n")
    label = "biggest losers" if info.name == "dallah" else "losers"
    def per_seat(counts: list[int]) -> str:
        return "  ".join(f"P{s}:{counts[s]}" for s in seats)

    out.write(f"  {label + ' per seat':<24} {per_seat(summary.losers)}\n")
    if any(summary.winners):
        out.write(f"  {'winners per seat':<24} {per_seat(summary.winners)}\n")
    rate = summary.actions / summary.seconds if summary.seconds else 0.0
    out.write(f"  {'time':<24} {summary.seconds:.2f} s, {summary.games_per_second:,.0f} games/s, "
              f"{rate:,.0f} actions/s\n")
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


def cmd_serve(args: argparse.Namespace, out: TextIO) -> int:
    """``tablegames serve``: the reference room server (needs the ``server`` extra)."""
    try:
        import uvicorn

        from tablegames.server.app import create_app
    except ImportError:
        out.write('tablegames serve needs the server extra: pip install "tablegames[server]"\n')
        return 2
    app = create_app(args.db, bot_delay=args.bot_delay)
    out.write(f"tablegames: rooms on http://{args.host}:{args.port}/ (stored in {args.db})\n")
    out.flush()
    uvicorn.run(app, host=args.host, port=args.port, log_level=args.log_level,
                ws_max_size=65_536, ws_ping_interval=20.0, ws_ping_timeout=20.0,
                ws_per_message_deflate=False)
    return 0


def _add_serve(sub: Any) -> None:
    sv = sub.add_parser("serve", help="run the room server: one phone per player at a real table")
    sv.add_argument("--host", default="127.0.0.1",
                    help="address to listen on (0.0.0.0: every phone on the network)")
    sv.add_argument("--port", type=int, default=8000)
    sv.add_argument("--db", default="rooms.sqlite", help="SQLite file the rooms are kept in")
    sv.add_argument("--bot-delay", type=float, default=0.7,
                    help="seconds a bot waits before it moves (0 for tests)")
    sv.add_argument("--log-level", default="warning",
                    choices=["critical", "error", "warning", "info", "debug"])


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="tablegames", description=__doc__.splitlines()[0] if __doc__ else None)
    sub = p.add_subparsers(dest="command", required=True)
    s = sub.add_parser("simulate", help="play seeded games with bots and summarise them")
    s.add_argument("game")
    s.add_argument("--games", type=int, default=100)
    s.add_argument("--players", type=int, default=4)
    s.add_argument("--seed", type=int, default=0)
    s.add_argument("--bot", default=None, help="bot kind (default: the game's built-in bot)")
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
    _add_serve(sub)
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
        if args.command == "serve":
            return cmd_serve(args, out)
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
