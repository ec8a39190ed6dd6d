"""A save loads to the same state wherever and whenever it is loaded: cold in a fresh
process, after other loads in this one (in any order), and from eight threads at once.
Equal means the same ``to_json`` and the same view for the spectator and every seat."""

from __future__ import annotations

import hashlib
import json
import random
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import tablegames
from tablegames.common.registry import game_info

GAMES = ("toepen", "phase10", "shithead", "dallah")
ROOT = Path(tablegames.__file__).parent.parent


def saves() -> list[str]:
    """Saves of many random games of all four games (every few steps, and the end)."""
    out = []
    for game in GAMES:
        info = game_info(game)
        for seed in range(4):
            players = 2 + seed if game != "phase10" else 2 + seed % 3
            s = info.new_game(players=min(players, 4), seed=seed)
            pick = random.Random(seed)
            for step in range(400):
                if s.is_over:
                    break
                if step % 9 == 0:
                    out.append(s.to_json())
                legal = s.legal_actions()
                s.apply(legal[pick.randrange(len(legal))])
            out.append(s.to_json())
    return out


#: What a subprocess runs: load each text (stdin: a JSON list) in order, print digests.
DIGESTS = """
import hashlib, json, sys
import tablegames

def digest(text):
    s = tablegames.load(text)
    views = [s.view(None)] + [s.view(i) for i in range(s.n)]
    return hashlib.sha256((s.to_json() + json.dumps(views, sort_keys=True)).encode()).hexdigest()

print(json.dumps([digest(t) for t in json.loads(sys.stdin.read())]))
"""


def digest(text: str) -> str:
    s = tablegames.load(text)
    assert s.to_json() == text
    views = [s.view(None)] + [s.view(i) for i in range(s.n)]
    return hashlib.sha256((s.to_json() + json.dumps(views, sort_keys=True)).encode()).hexdigest()


def in_fresh_process(texts: list[str]) -> list[str]:
    done = subprocess.run([sys.executable, "-c", DIGESTS], input=json.dumps(texts),
                          capture_output=True, text=True, check=True, cwd=ROOT,
                          env={"PYTHONPATH": str(ROOT), "PATH": ""})
    got: list[str] = json.loads(done.stdout)
    return got


def test_every_save_loads_the_same_cold_after_other_loads_and_in_threads() -> None:
    texts = saves()
    assert len(texts) > 150 and {json.loads(t)["game"] for t in texts} == set(GAMES)
    here = [digest(t) for t in texts]
    # again after all the others, in the reverse order
    assert [digest(t) for t in reversed(texts)][::-1] == here
    # eight threads at once, each text loaded by whichever thread takes it
    with ThreadPoolExecutor(8) as pool:
        assert list(pool.map(digest, texts * 2)) == here * 2
    # cold: a fresh process whose first load is each game's last save, then all of
    # them in a shuffled order
    order = list(range(len(texts)))
    random.Random(5).shuffle(order)
    firsts = [max(i for i, t in enumerate(texts) if json.loads(t)["game"] == g) for g in GAMES]
    for first in firsts:
        assert in_fresh_process([texts[first]]) == [here[first]]
    assert in_fresh_process([texts[i] for i in order]) == [here[i] for i in order]
