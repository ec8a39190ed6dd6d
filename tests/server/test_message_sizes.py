"""``benchmarks/message_sizes.py``, whose figures the app guide's "How much it carries"
quotes, runs on a clean checkout and reports each game's figures consistently. (What
they come to is a benchmark's business, never a test's.)"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_message_sizes_of_every_game_are_reported() -> None:
    out = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "message_sizes.py"), "--games", "1",
         "--phones", "3", "--json"],
        capture_output=True, text=True, timeout=120, cwd=ROOT, check=True)
    sizes = json.loads(out.stdout)
    assert set(sizes) == {"toepen", "phase10", "shithead", "dallah"}
    for game, r in sizes.items():
        assert 0 < r["first_page_median"] <= r["first_page_max"], game
        assert 0 < r["patch_median"] <= r["patch_p90"] <= r["patch_max"], game
        assert r["bytes_per_phone_per_game"] > r["first_page_max"], game
    # only Shithead has a swap; the seat that swaps first is sent the largest first page
    assert [g for g, r in sizes.items() if "swap_stage_bytes_per_phone" in r] == ["shithead"]
    shithead = sizes["shithead"]
    assert shithead["first_page_max"] > shithead["first_page_median"]
    assert 0 < shithead["swap_stage_bytes_per_phone"] < shithead["bytes_per_phone_per_game"]
