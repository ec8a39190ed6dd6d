"""The arena benchmark: is ISMCTS better than random play everywhere, and than the heuristics?

    python benchmarks/arena.py                      # every match below, then the report
    python benchmarks/arena.py toepen-club          # one match (each is a few minutes)
    python benchmarks/arena.py --report             # rewrite RESULTS-arena.md only
    python benchmarks/arena.py --rollouts           # measure the lean path, then the report

Each match is a ``tablegames.arena`` run (seat-rotated, every bot in every seat equally
often, shared deals). Results are kept in ``benchmarks/arena-results.json`` (one entry per
match: the date, the machine's CPU, the load average before and after, the workers, the
commit, how long it took, the command that plays the same games, and the arena's JSON),
so the matches can be run one at a time, each run replacing that match's entry, and
``benchmarks/RESULTS-arena.md`` is written from all of them: a summary table (one row per
match, the one the README shows) and each match's table per bot. On a shared machine run
them one at a time with ``--workers 1``. The verdicts
compare 95% Wilson intervals of the loss rates: "significantly less" means the two
intervals do not overlap. Nothing here is a test: numbers depend on the machine and its
load (ms per decision) but the games themselves are seeded and replay exactly at the
commit each match names (a later change to a bot's play gives other games).
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

#: name -> the arena to run; ``versus`` is the bot the first of the lineup is compared with.
MATCHES: dict[str, dict[str, Any]] = {
    "toepen-random": {"game": "toepen", "bots": ["ismcts", "random", "random", "random"],
                      "games": 80, "budget": 60, "versus": "random"},
    # 400 games since the search asks all of its budget whether to knock out of turn
    # (helper-178; its first 200 games are dealt as the 200 before were)
    "toepen-club": {"game": "toepen", "bots": ["ismcts", "club"], "games": 400, "budget": 60,
                    "versus": "club"},
    "shithead-random": {"game": "shithead", "bots": ["ismcts", "random", "random", "random"],
                        "games": 40, "budget": 40, "versus": "random"},
    "shithead-smart": {"game": "shithead", "bots": ["ismcts", "smart"], "games": 200, "budget": 100,
                       "versus": "smart"},
    "dallah-random": {"game": "dallah", "bots": ["ismcts", "random", "random", "random"],
                      "games": 320, "budget": 150, "versus": "random"},
    "phase10-random": {"game": "phase10", "bots": ["ismcts", "random"], "games": 16, "budget": 12,
                       "versus": "random"},
    # against the heuristic bots of Dallah and Phase 10 (issue 26 asks ISMCTS to beat them)
    "dallah-model": {"game": "dallah", "bots": ["ismcts", "model", "model", "model"],
                     "games": 480, "budget": 120, "versus": "model"},
    "phase10-smart": {"game": "phase10", "bots": ["ismcts", "smart"], "games": 8, "budget": 30,
                      "versus": "smart"},
    "phase10-eager": {"game": "phase10", "bots": ["ismcts", "eager"], "games": 12, "budget": 12,
                      "versus": "eager"},
    # issue 26's second try. Dallah: the same match three times as long (its first 480
    # games replay the 480 above exactly), which left the intervals overlapping by half a
    # point. Phase 10: the paired root's test of confidence (1.5 standard errors before
    # leaving the smart bot's move), the same budget as phase10-smart, more games.
    "dallah-model-1440": {"game": "dallah", "bots": ["ismcts", "model", "model", "model"],
                          "games": 1440, "budget": 120, "versus": "model"},
    "phase10-smart-confident": {"game": "phase10", "bots": ["ismcts", "smart"], "games": 60,
                                "budget": 30, "versus": "smart"},
    # issue 26's third try. Phase 10's search plays worlds weighted by what the opponent's
    # discards and declines this hand revealed (belief_pool 8), the same budget and deals.
    "phase10-smart-belief": {"game": "phase10", "bots": ["ismcts", "smart"], "games": 200,
                             "budget": 30, "versus": "smart"},
    # Dallah: the search no longer swaps a placing card before its
    # roll (the swap stays open until the first cup is let go), which halves its time per
    # decision, spent here on twice the budget.
    "dallah-model-240": {"game": "dallah", "bots": ["ismcts", "model", "model", "model"],
                         "games": 960, "budget": 240, "versus": "model"},
    # and its fourth: the same search at twice that budget again, on 1,440 games (the
    # 960 above left it ahead, 24.1 % against 28.1 %, the intervals overlapping by 0.4
    # points)
    "dallah-model-480": {"game": "dallah", "bots": ["ismcts", "model", "model", "model"],
                         "games": 1440, "budget": 480, "versus": "model"},
    # for scale: the heuristic bots against random play on the same deals as ISMCTS's
    # matches above (seconds each, no search)
    "toepen-club-random": {"game": "toepen", "bots": ["club", "random", "random", "random"],
                           "games": 80, "budget": None, "versus": "random"},
    "shithead-smart-random": {"game": "shithead", "bots": ["smart", "random", "random", "random"],
                              "games": 40, "budget": None, "versus": "random"},
    "dallah-model-random": {"game": "dallah", "bots": ["model", "random", "random", "random"],
                            "games": 400, "budget": None, "versus": "random"},
    "phase10-smart-random": {"game": "phase10", "bots": ["smart", "random"], "games": 16,
                             "budget": None, "versus": "random"},
}


def subject(spec: dict[str, Any]) -> str:
    """The bot a match is about: the first of its lineup (ISMCTS, or a heuristic for scale)."""
    name: str = spec["bots"][0]
    return name

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
    budget = f" --budget {spec['budget']}" if spec.get("budget") is not None else ""
    return (f"tablegames arena {spec['game']} --bots {','.join(spec['bots'])} "
            f"--games {spec['games']} --seed {seed}{budget}")


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


def run_rollouts(worlds: int, rounds: int) -> dict[str, Any]:
    """ISMCTS rollouts per CPU-second on the checked and the lean path, every game
    (``benchmarks/profile_playouts.py --rollouts``: the same worlds, alternating rounds)."""
    sys.path.insert(0, str(HERE))
    from profile_playouts import GAMES_4P, rollouts_per_cpu_second, steps_per_cpu_second

    load_before = [round(x, 1) for x in os.getloadavg()]
    start = time.perf_counter()
    games = {}
    for name in GAMES_4P:
        checked, lean, n = rollouts_per_cpu_second(name, 4, worlds, 1, rounds)
        s_checked, s_lean = steps_per_cpu_second(name, 4, worlds, 1, rounds)
        games[name] = {"checked": round(checked, 1), "lean": round(lean, 1), "rollouts": n,
                       "steps_checked": round(s_checked), "steps_lean": round(s_lean)}
    return {
        "players": 4, "worlds": worlds, "rounds": rounds, "games": games,
        "seconds": round(time.perf_counter() - start, 1),
        "date": time.strftime("%Y-%m-%d %H:%M"), "python": platform.python_version(),
        "machine": _machine(), "commit": _commit(), "load": load_before,
        "load_after": [round(x, 1) for x in os.getloadavg()],
        "command": f"python benchmarks/profile_playouts.py --rollouts --worlds {worlds} "
                   f"--rounds {rounds}",
    }


def rollouts_section(entry: dict[str, Any]) -> list[str]:
    """The lean path's section: rollouts per CPU-second before and after."""
    lines = [
        "## Rollouts per CPU-second: the checked path and the lean path", "",
        "What one ISMCTS iteration costs after its world is sampled: a rollout by the game's",
        "rollout policy to the search's cut-off, from the same sampled worlds, on the checked",
        "path (`apply`: events, history, re-validation; what the search used before) and on the",
        "lean path (`make_lean` + `apply_trusted`, the default now; Shithead's verbs check",
        "inline, so only its events and history are skipped). CPU time (`time.process_time`),",
        "the two paths timed in alternating rounds so that the machine's load hits both alike.",
        "The last columns time only the applied steps (the same random action sequences from",
        "the same worlds, `apply` against `apply_trusted`): what the lean path saves. A",
        "rollout's time goes mostly to the rollout policy and `legal_actions`, which the lean",
        "path leaves as they are, so its gain per rollout is the smaller figure.",
        "", f"`{entry['command']}`", "",
        f"{entry['players']} players, {entry['worlds']} worlds × {entry['rounds']} rounds per "
        f"path, {entry['seconds']:.0f} s, {entry['date']}, on {entry['machine']} (load average "
        f"{entry['load'][0]} before, {entry['load_after'][0]} after); Python "
        f"{entry['python']}, commit {entry['commit']}.", "",
        "| game | rollouts/CPU-s, checked | lean | speed-up | steps/CPU-s, checked | lean "
        "| speed-up |",
        "|---|---|---|---|---|---|---|",
    ]
    for name, g in entry["games"].items():
        steps = (f"{g['steps_checked']:,} | {g['steps_lean']:,} | "
                 f"{g['steps_lean'] / g['steps_checked']:.2f}×" if "steps_lean" in g else "– | – | –")
        lines.append(f"| {name} | {g['checked']:.0f} | {g['lean']:.0f} | "
                     f"{g['lean'] / g['checked']:.2f}× | {steps} |")
    return [*lines, ""]


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def _ms(x: float) -> str:
    return f"{x:.1f}" if x >= 1 else f"{x:.3f}"


def _rate(value: float, ci: list[float]) -> str:
    return f"{_pct(value)} ({_pct(ci[0])}–{_pct(ci[1])})"


def standing(entry: dict[str, Any]) -> tuple[str, str]:
    """``(word, sentence)``: how the match's subject stands against its other bot.

    "Significantly" means the two 95% Wilson intervals of the loss rates do not overlap
    (a conservative test: overlapping intervals can still hide a real difference).
    """
    bots = entry["result"]["bots"]
    versus = entry["versus"]
    who = "ISMCTS" if subject(entry) == "ismcts" else subject(entry)
    me, other = bots[subject(entry)], bots[versus]
    (lo, hi), (olo, ohi) = me["ci95"], other["ci95"]
    mine, theirs = _rate(me["loss_rate"], me["ci95"]), _rate(other["loss_rate"], other["ci95"])
    if hi < olo:
        return "beats", (f"**{who} loses significantly less often than {versus}**: {mine} against "
                         f"{theirs}; the intervals do not overlap.")
    if ohi < lo:
        return "loses to", (f"**{who} loses significantly more often than {versus}**: {mine} "
                            f"against {theirs}; the intervals do not overlap.")
    better = "less" if me["loss_rate"] < other["loss_rate"] else "more"
    return "matches", (f"**{who} matches {versus}**: it loses {better} often ({mine} against "
                       f"{theirs}) but the intervals overlap, so these {entry['result']['games']} "
                       f"games cannot tell the two apart.")


def _table(r: dict[str, Any]) -> list[str]:
    """The per-bot table of one match."""
    bots = r["bots"]
    winners = any("win_rate" in b for b in bots.values())
    rated = any("rating" in b for b in bots.values())
    head = ["bot", "games", "seats", "loss rate (95% CI)"]
    if winners:
        head.append("win rate (95% CI)")
    head += ["mean score (95% CI)", "ms/decision"]
    if rated:
        head.append("rating μ ± σ (ordinal)")
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for name, b in bots.items():
        row = [name, str(b["games"]), str(b["seats"]), _rate(b["loss_rate"], b["ci95"])]
        if winners:
            row.append(_rate(b["win_rate"], b["win_ci95"]))
        lo, hi = b["score_ci95"]
        row += [f"{b['mean_score']:.2f} ({lo:.2f}–{hi:.2f})", _ms(b["ms_per_decision"])]
        if rated:
            g = b.get("rating")
            row.append(f"{g['mu']:.1f} ± {g['sigma']:.1f} ({g['ordinal']:.1f})" if g else "–")
        lines.append("| " + " | ".join(row) + " |")
    return lines


def summary_table(store: dict[str, Any]) -> list[str]:
    """One row per match: the table the README shows."""
    lines = ["| game | bot | against | budget | its loss rate (95% CI) | opponent's "
             "loss rate (95% CI) | games | ms/decision | standing |",
             "|---|---|---|---|---|---|---|---|---|"]
    for name in MATCHES:
        entry = store.get(name)
        if entry is None:
            continue
        r = entry["result"]
        me, other = r["bots"][subject(entry)], r["bots"][entry["versus"]]
        others = len([b for b in entry["bots"] if b != subject(entry)])
        versus = f"{entry['versus']} ×{others}" if others > 1 else entry["versus"]
        word, _ = standing(entry)
        budget = "–" if entry.get("budget") is None else str(entry["budget"])
        lines.append(f"| {r['game']} | {subject(entry)} | {versus} | {budget} | "
                     f"{_rate(me['loss_rate'], me['ci95'])} | "
                     f"{_rate(other['loss_rate'], other['ci95'])} | {r['games']} | "
                     f"{_ms(me['ms_per_decision'])} | {word} |")
    return lines


def render(store: dict[str, Any]) -> str:
    entries = [store[n] for n in MATCHES if n in store]
    dates = sorted(e["date"] for e in entries)
    lines = [
        "# Arena results: ISMCTS against random play and the heuristic bots",
        "",
        "Written by `python benchmarks/arena.py` (see its docstring) from",
        "`benchmarks/arena-results.json`; every number below is from the runs recorded there"
        + (f", made {dates[0]} to {dates[-1]}." if dates else "."),
        "",
        "Every match is a `tablegames arena` run: seat-rotated (every bot plays every seat",
        f"equally often, on the same deals), seed {SEED}, the ISMCTS budget in iterations per",
        "decision (a question whether to interrupt gets a quarter of it, or all of it in Toepen",
        "since helper-178: the toepen matches at commit d156fc6 and later; in Phase 10 and",
        "Dallah, whose search compares the root's options on shared worlds by default, rollouts",
        "per decision, and Dallah's swap question gets all of it). Each match ran at the commit it",
        "names: the Phase 10 and Dallah matches against random play are from before the",
        "paired root; only phase10-smart-confident and phase10-smart-belief have its test of",
        "confidence (Phase 10's search leaves the smart bot's move only for an option 1.5",
        "standard errors ahead of it on the shared worlds), and only phase10-smart-belief its",
        "worlds weighted by what the opponent's discards and declines this hand revealed",
        "(`belief_pool` 8; before it, the opponent's hidden cards were dealt uniformly).",
        "*Loss rate* is the",
        "share of a bot's seat-games in which it was among `outcome().losers` (in Dallah: the",
        "biggest loser); *win rate* the share among the winners (Dallah has none); the ranges are",
        "95% Wilson intervals. *Mean score* is the game's own measure (Toepen lives lost, Shithead",
        "places, Phase 10 penalty points, Dallah cups held: lower is better in each) with a normal",
        "95% interval. *ms/decision* is wall-clock time per question answered on the machine and",
        "load stated: a 2-core machine shared with other work, so the times are upper bounds. A",
        "rating (OpenSkill Plackett-Luce) is given when more than two seats play. *Beats* means",
        "the loss-rate intervals do not overlap; *matches* that they overlap, so the games played",
        "cannot tell the two bots apart. In a two-seat match the two loss rates add up to 100%",
        "(one seat loses each game), so ISMCTS beats its opponent exactly when its interval",
        "lies below 50%. The last matches put each game's heuristic bot against random play",
        "on the same deals as ISMCTS's, for scale. The games replay exactly from the seed on any",
        "machine at the commit each match names (its command is given); a later commit that",
        "changes how a bot plays gives other games from the same seed.",
        "",
        "## Summary",
        "",
        *summary_table(store),
        "",
    ]
    if "rollouts" in store:
        lines += rollouts_section(store["rollouts"])
    for name in MATCHES:
        entry = store.get(name)
        if entry is None:
            continue
        r = entry["result"]
        load = f"load average {entry['load'][0]} before"
        if "load_after" in entry:
            load += f", {entry['load_after'][0]} after"
        workers = entry.get("workers")
        lines += [
            f"## {name}: {r['game']}, {r['players']} players"
            + (f", ISMCTS budget {entry['budget']}" if entry.get("budget") is not None else ""), "",
            f"`{entry['command']}`", "",
            f"{r['games']} games in {entry['seconds']:.0f} s with "
            + (f"{workers} worker{'s' if workers != 1 else ''}" if workers else "every core")
            + f", {entry['date']}, on {entry.get('machine', str(entry['cores']) + ' cores')} "
            f"({load}); Python {entry['python']}, tablegames "
            f"{entry.get('tablegames', '?')} at commit {entry.get('commit', '?')}.", "",
            *_table(r), "", standing(entry)[1], "",
        ]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    p.add_argument("matches", nargs="*", help=f"matches to run (default all): {', '.join(MATCHES)}")
    p.add_argument("--workers", type=int, default=None, help="processes (default: every core)")
    p.add_argument("--report", action="store_true", help="only rewrite the report")
    p.add_argument("--rollouts", action="store_true",
                   help="measure rollouts per CPU-second, checked and lean, then the report")
    p.add_argument("--worlds", type=int, default=40, help="worlds per round (--rollouts)")
    p.add_argument("--rounds", type=int, default=6, help="alternating rounds (--rollouts)")
    args = p.parse_args(argv)
    unknown = [m for m in args.matches if m not in MATCHES]
    if unknown:
        sys.stderr.write(f"unknown match {unknown[0]!r}; known: {', '.join(MATCHES)}\n")
        return 2
    store: dict[str, Any] = json.loads(STORE.read_text()) if STORE.exists() else {}
    if args.rollouts:
        measured = run_rollouts(args.worlds, args.rounds)
        store = json.loads(STORE.read_text()) if STORE.exists() else {}
        store["rollouts"] = measured
        STORE.write_text(json.dumps(store, indent=1, sort_keys=True) + "\n")
    elif not args.report:
        for name in args.matches or list(MATCHES):
            entry = run_match(name, args.workers)
            # read again before writing: another match may have finished meanwhile
            store = json.loads(STORE.read_text()) if STORE.exists() else {}
            store[name] = entry
            STORE.write_text(json.dumps(store, indent=1, sort_keys=True) + "\n")
            print(f"{name}: {entry['seconds']:.0f} s. {standing(entry)[1]}", flush=True)
    REPORT.write_text(render(store) + "\n")
    print(f"wrote {REPORT}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
