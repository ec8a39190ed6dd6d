"""``benchmarks/load_server.py``, the command the README's server figures come from, runs
on a clean checkout: a small load on one real server process with a fresh SQLite file
loses and doubles nothing, and its report carries every figure the README quotes, with
``--breakdown`` the server's own parts.
(What the figures come to is a benchmark's business, never a test's.)"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_a_small_load_loses_nothing_and_reports_its_figures() -> None:
    # --seconds 6: the window counts from the start, before the rooms are opened and their
    # phones seated; on a loaded machine (CI beside other work, load average 10 or more)
    # that took more than 2 s, so no tap fell in a 2 s window and the run had no figures
    out = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "load_server.py"), "--rooms", "4",
         "--phones", "2", "--seconds", "6", "--rate", "30", "--finish", "2", "--breakdown", "--json"],
        capture_output=True, text=True, timeout=240, cwd=ROOT, check=True)
    summary = json.loads(out.stdout)
    assert summary["rooms"] == 4 and summary["phones_per_room"] == 2
    assert summary["store"] == "sqlite" and summary["processes"] == 1
    assert summary["actions"] > 0
    assert set(summary["errors"]) <= {"stale"}  # a tap crossing another is told, not an error
    assert summary["lost"] == 0 and summary["doubled"] == 0
    assert summary["p99_ms"] >= summary["p50_ms"] > 0
    cpu = summary["server_cpu_ms_per_action"]
    parts = summary["server_user_ms_per_action"] + summary["server_system_ms_per_action"]
    assert cpu > 0 and abs(parts - cpu) <= 0.002  # the interpreter's and the kernel's
    assert {"client_cpu_ms_per_action", "load_average", "by_game"} <= set(summary)
    # --breakdown: the server's own parts per committed action, timed inside the process
    parts_of = summary["breakdown_per_action"]
    assert parts_of["commits"] >= summary["actions"] + summary["finish_actions"]
    assert parts_of["commit_calls"] == 1.0 and parts_of["socket.send_calls"] >= 2
    assert 0 < parts_of["commit.store_ms"] + parts_of["commit.broadcast_ms"] \
        <= parts_of["commit_ms"]
    acks = summary["actions"] + summary["finish_actions"]  # the commits are part of the CPU
    assert parts_of["commit_ms"] * parts_of["commits"] <= cpu * acks + 0.001 * parts_of["commits"]


def test_a_phone_whose_tap_the_flood_limit_dropped_taps_again() -> None:
    """One room offered 1,000 actions a second: its phones tap faster than a socket's
    message rate (20 a second), so the server drops taps (with one warning a second). The
    script's phone waited for ever for the answer to a dropped tap, and the room stalled
    unfinished (one PostgreSQL run of the README's command left a room so after 600 s);
    it now asks for the table again and taps anew, and the game finishes."""
    out = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "load_server.py"), "--rooms", "1",
         "--phones", "2", "--seconds", "3", "--rate", "1000", "--finish", "60",
         "--games", "toepen", "--json"],
        capture_output=True, text=True, timeout=240, cwd=ROOT, check=True)
    summary = json.loads(out.stdout)
    assert set(summary["errors"]) <= {"stale", "slow_down"}  # slow_down: taps were dropped
    assert summary["rooms_unfinished"] == 0
    assert summary["lost"] == 0 and summary["doubled"] == 0
