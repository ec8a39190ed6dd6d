"""``benchmarks/ws_floor.py``, the bare relay the README's server CPU is read against, runs
on a clean checkout: every action reaches every phone of its room, and it reports the
figures the README quotes. (What they come to is a benchmark's business, never a test's.)"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_relay_answers_every_action_and_reports_its_cpu() -> None:
    out = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "ws_floor.py"), "--rooms", "3", "--phones",
         "2", "--seconds", "1.5", "--rate", "40", "--frame-bytes", "900", "--json"],
        capture_output=True, text=True, timeout=120, cwd=ROOT, check=True)
    summary = json.loads(out.stdout)
    assert summary["rooms"] == 3 and summary["phones"] == 2 and summary["frame_bytes"] == 900
    # the rooms open 20 ms apart, then each sends one action at a time at 40/s in all
    assert 20 <= summary["actions"] <= 70
    assert summary["p50_ms"] is not None and summary["p99_ms"] >= summary["p50_ms"]
    assert summary["server_cpu_ms_per_action"] > 0
    # its two parts, the interpreter's and the kernel's, add up to it (each rounded)
    parts = summary["server_user_ms_per_action"] + summary["server_system_ms_per_action"]
    assert abs(parts - summary["server_cpu_ms_per_action"]) <= 0.002
    assert set(summary) >= {"actions_per_s", "load_average", "rate_offered", "seconds"}
