"""The arena benchmark: is ISMCTS better than random play everywhere, and than the heuristics?

    python benchmarks/arena.py                      # every match below, then the report
    python benchmarks/arena.py toepen-club          # one match (each is a few minutes)
    python benchmarks/arena.py --report             # rewrite RESULTS-arena.md only

Each match is a ``tablegames.arena`` run (seat-rotated, every bot in every seat equally
often, shared deals). Results are kept in ``benchmarks/arena-results.json`` (one entry per
match, with the date, the machine and how long it took) so the matches can be run one at
a time, and ``benchmarks/RESULTS-arena.md`` is written from all of them. The verdicts
compare 95% Wilson intervals of the loss rates: "significantly less" means the two
intervals do not overlap. Nothing here is a test: numbers depend on the machine and its
load (ms per decision) but the games themselves are seeded and replay exactly.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).parent
STORE = HERE / "arena-results.json"
REPORT = HERE / "RESULTS-arena.md"
#: The seed of every match (deals and bots).
SEED = 2026

#: name -> the arena to run; ``versus`` is the bot ISMCTS is compared with; ``shows`` says
#: whether the match is one the issue asks for or is there for information.
MATCHES: dict[str, dict[str, Any]] = {
    "toepen-random": {"game": "toepen", "bots": ["ismcts", "random", "random", "random"],
                      "games": 80, "budget": 60, "versus": "random"},
    "toepen-club": {"game": "toepen", "bots": ["ismcts", "club"], "games": 200, "budget": 60,
                    "versus": "club"},
    "shithead-random": {"game": "shithead", "bots": ["ismcts", "random", "random", "random"],
                        "games": 40, "budget": 40, "versus": "random"},
    "shithead-smart": {"game": "shithead", "bots": ["ismcts", "smart"], "games": 400, "budget": 100,
                       "versus": "smart"},
    "dallah-random": {"game": "dallah", "bots": ["ismcts", "random", "random", "random"],
                      "games": 120, "budget": 30, "versus": "random"},
    "phase10-random": {"game": "phase10", "bots": ["ismcts", "random"], "games": 16, "budget": 12,
                       "versus": "random"},
    # for information: the issue asks only that ISMCTS beat random play in these games
    "dallah-model": {"game": "dallah", "bots": ["ismcts", "model", "model", "model"],
                     "games": 120, "budget": 30, "versus": "model"},
    "phase10-smart": {"game": "phase10", "bots": ["ismcts", "smart"], "games": 40, "budget": 12,
                      "versus": "smart"},
    "phase10-eager": {"game": "phase10", "bots": ["ismcts", "eager"], "games": 24, "budget": 12,
                      "versus": "eager"},
}

def _machine() -> str:
    """The CPU model and core count, as a reader comparing times needs them."""
    model = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:  # not Linux: platform's answer will do
        pass
    return f"{model}, {os.cpu_count()} cores, {platform.system()}"


def _commit() -> str:
    """The commit the match ran on (the heuristic bots change between commits)."""
    try:
        out = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=HERE, capture_output=True,
                             text=True, check=True, timeout=10)
    except (OSError, subprocess.SubprocessError):
        return "unknown"
    return out.stdout.strip()


def command(spec: dict[str, Any], seed: int = SEED) -> str:
    """The ``tablegames arena`` command that plays the same games as the match."""
    return (f"tablegames arena {spec['game']} --bots {','.join(spec['bots'])} "
            f"--games {spec['games']} --seed {seed} --budget {spec['budget']}")


def run_match(name: str, workers: int | None) -> dict[str, Any]:
    import tablegames

    spec = MATCHES[name]
    load_before = [round(x, 1) for x in os.getloadavg()]
    start = time.perf_counter()
    result = tablegames.arena(spec["game"], spec["bots"], games=spec["games"], seed=SEED,
                              budget=spec["budget"], workers=workers)
    seconds = time.perf_counter() - start
    return {
        "match": name, **spec, "seed": SEED, "seconds": round(seconds, 1), "workers": workers,
        "date": time.strftime("%Y-%m-%d %H:%M"), "python": platform.python_version(),
        "machine": _machine(), "cores": os.cpu_count(), "commit": _commit(),
        "tablegames": tablegames.__version__,
        "load": load_before, "load_after": [round(x, 1) for x in os.getloadavg()],
        "command": command(spec), "result": result.to_dict(),
    }


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def _verdict(entry: dict[str, Any]) -> str:
    bots = entry["result"]["bots"]
    me, other = bots["ismcts"], bots[entry["versus"]]
    (lo, hi), (olo, ohi) = me["ci95"], other["ci95"]
    if hi < olo:
        return (f"**ISMCTS loses significantly less often than {entry['versus']}**: "
                f"{_pct(me['loss_rate'])} ({_pct(lo)}–{_pct(hi)}) against "
                f"{_pct(other['loss_rate'])} ({_pct(olo)}–{_pct(ohi)}); the intervals do not overlap.")
    if ohi < lo:
        return (f"**ISMCTS loses significantly more often than {entry['versus']}** "
                f"({_pct(me['loss_rate'])} against {_pct(other['loss_rate'])}).")
    better = "less" if me["loss_rate"] < other["loss_rate"] else "more"
    return (f"**ISMCTS matches {entry['versus']}**: it loses {better} often "
            f"({_pct(me['loss_rate'])} against {_pct(other['loss_rate'])}) but the intervals "
            f"overlap, so these games cannot tell them apart.")


def render(store: dict[str, Any]) -> str:
    lines = [
        "# Arena results: ISMCTS against random play and the heuristic bots",
        "",
        "Written by `python benchmarks/arena.py` (see its docstring). Every match is a",
        "`tablegames arena` run: seat-rotated (every bot plays every seat equally often, on",
        "the same deals), seed 2026, the budget in ISMCTS iterations per decision (a question",
        "whether to interrupt gets a quarter of it). *Loss rate* is the share of a bot's",
        "seat-games in which it was among `outcome().losers`; the ranges are 95% Wilson",
        "intervals. *ms/decision* is wall-clock time per question answered, on the machine",
        "and load stated (a shared 2-core machine: the load average was often far above 2,",
        "so the times are upper bounds). The games replay exactly from the seed.",
        "",
    ]
    for name in MATCHES:
        entry = store.get(name)
        if entry is None:
            continue
        r = entry["result"]
        lines += [f"## {name}: {r['game']}, {r['players']} players, ISMCTS budget {entry['budget']}",
                  "", f"`{entry['command']}` — {r['games']} games in {entry['seconds']:.0f} s on "
                  f"{entry['cores']} cores (load {entry['load'][0]}), {entry['date']}, "
                  f"Python {entry['python']}.", ""]
        winners = any("win_rate" in b for b in r["bots"].values())
        head = "| bot | seats | loss rate (95% CI) |"
        rule = "|---|---|---|"
        if winners:
            head += " win rate (95% CI) |"
            rule += "---|"
        head += " mean score (95% CI) | ms/decision |"
        rule += "---|---|"
        lines += [head, rule]
        for bot, b in r["bots"].items():
            row = (f"| {bot} | {b['seats']} | {_pct(b['loss_rate'])} "
                   f"({_pct(b['ci95'][0])}–{_pct(b['ci95'][1])}) |")
            if winners:
                row += (f" {_pct(b['win_rate'])} ({_pct(b['win_ci95'][0])}–"
                        f"{_pct(b['win_ci95'][1])}) |")
            lo, hi = b["score_ci95"]
            row += f" {b['mean_score']:.2f} ({lo:.2f}–{hi:.2f}) | {b['ms_per_decision']:.1f} |"
            lines.append(row)
        lines += ["", _verdict(entry), ""]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    p.add_argument("matches", nargs="*", help=f"matches to run (default all): {', '.join(MATCHES)}")
    p.add_argument("--workers", type=int, default=None, help="processes (default: every core)")
    p.add_argument("--report", action="store_true", help="only rewrite the report")
    args = p.parse_args(argv)
    unknown = [m for m in args.matches if m not in MATCHES]
    if unknown:
        sys.stderr.write(f"unknown match {unknown[0]!r}; known: {', '.join(MATCHES)}\n")
        return 2
    store: dict[str, Any] = json.loads(STORE.read_text()) if STORE.exists() else {}
    if not args.report:
        for name in args.matches or list(MATCHES):
            entry = run_match(name, args.workers)
            store[name] = entry
            STORE.write_text(json.dumps(store, indent=1, sort_keys=True) + "\n")
            print(f"{name}: {entry['seconds']:.0f} s. {_verdict(entry)}", flush=True)
    REPORT.write_text(render(store) + "\n")
    print(f"wrote {REPORT}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
