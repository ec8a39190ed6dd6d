"""Load test of the room server: many rooms of simulated phones playing random legal actions.

    python benchmarks/load_server.py --rooms 50 --phones 4 --seconds 30

It starts the server app (the same ``create_app`` that ``tablegames serve`` runs, under
uvicorn) in a child process on a free loopback port with a fresh SQLite file, opens
``rooms`` rooms round-robin over the games, and connects ``phones`` websockets to each.
Every phone that is to act picks one of its legal buttons at random and sends it with
the version it saw; the latency of an action is the time from sending it to receiving
the page that includes it. A room whose game ends is replaced by a new one. Everything
stays on 127.0.0.1, and the run stops by itself after ``--seconds`` or ``--max-actions``
(and a hard deadline), then stops the server.

Prints actions/s and p50/p99 latency (``--json`` for a machine-readable summary). The
server's creation limit per address is raised for the run (one client opens every
room); the per-connection message limit is the real one.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

GAMES = ("toepen", "shithead", "dallah", "phase10")
LOCAL = urllib.request.build_opener(urllib.request.ProxyHandler({}))

SERVER = """
import sys, uvicorn
from tablegames.server.app import create_app
from tablegames.server.limits import Limits
app = create_app(sys.argv[1], bot_delay=0, limits=Limits.unmetered())
uvicorn.run(app, host="127.0.0.1", port=int(sys.argv[2]), log_level="error", ws_max_size=65536,
            ws_per_message_deflate=False)
"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def post(url: str, data: dict[str, Any]) -> dict[str, Any]:
    req = urllib.request.Request(url, data=json.dumps(data).encode(),
                                 headers={"content-type": "application/json"})
    with LOCAL.open(req, timeout=10) as r:
        return json.loads(r.read())  # type: ignore[no-any-return]


class Stats:
    def __init__(self, max_actions: int) -> None:
        self.latencies: list[float] = []
        self.by_game: dict[str, int] = {}
        self.errors: dict[str, int] = {}
        self.games_done = 0
        self.rooms = 0
        self.max_actions = max_actions

    @property
    def full(self) -> bool:
        return len(self.latencies) >= self.max_actions


async def phone(url: str, token: str, seat: int, game: str, rng: random.Random,
                stats: Stats, deadline: float) -> bool:
    """One simulated phone; returns True when its game ended."""
    from websockets.asyncio.client import connect

    sent_at: dict[int, float] = {}
    async with connect(url.replace("http", "ws", 1) + f"/ws/p/{token}", proxy=None,
                       max_size=1 << 22) as ws:
        await ws.send(json.dumps({"type": "hello"}))
        while time.monotonic() < deadline and not stats.full:
            try:
                raw = await asyncio.wait_for(ws.recv(), timeout=max(0.1, deadline - time.monotonic()))
            except TimeoutError:
                return False
            m = json.loads(raw)
            if m["type"] == "error":
                stats.errors[m["code"]] = stats.errors.get(m["code"], 0) + 1
                sent_at.clear()
                continue
            if m["type"] != "update":
                continue
            page = m["page"]
            now = time.monotonic()
            for v in [v for v in sent_at if v < page["version"]]:
                stats.latencies.append(now - sent_at.pop(v))
                stats.by_game[game] = stats.by_game.get(game, 0) + 1
            if page["result"] is not None:
                return True
            if page["to_act"] == seat and page["actions"] and page["version"] not in sent_at:
                choice = rng.choice(page["actions"])["n"]
                sent_at[page["version"]] = time.monotonic()
                await ws.send(json.dumps({"type": "act", "actions": [choice],
                                          "expect": page["version"]}))
    return False


async def table(url: str, index: int, phones: int, stats: Stats, deadline: float) -> None:
    """One table: a room after another until time is up."""
    rng = random.Random(index)
    loop = asyncio.get_running_loop()
    rounds = 0
    while time.monotonic() < deadline and not stats.full:
        game = GAMES[(index + rounds) % len(GAMES)]
        rounds += 1
        room = await loop.run_in_executor(None, post, url + "/api/rooms", {
            "game": game, "players": phones, "name": "P0", "bot": "", "seed": rng.randrange(1 << 30)})
        tokens = [room["token"]]
        for i in range(1, phones):
            joined = await loop.run_in_executor(None, post, url + f"/api/rooms/{room['code']}/join",
                                                {"name": f"P{i}"})
            tokens.append(joined["token"])
        stats.rooms += 1
        done = await asyncio.gather(*(phone(url, t, s, game, random.Random(rng.random()), stats,
                                            deadline) for s, t in enumerate(tokens)))
        if any(done):
            stats.games_done += 1


async def run(url: str, rooms: int, phones: int, seconds: float, stats: Stats) -> float:
    deadline = time.monotonic() + seconds
    start = time.perf_counter()
    await asyncio.wait_for(
        asyncio.gather(*(table(url, i, phones, stats, deadline) for i in range(rooms))),
        timeout=seconds + 60)
    return time.perf_counter() - start


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--rooms", type=int, default=50)
    p.add_argument("--phones", type=int, default=4)
    p.add_argument("--seconds", type=float, default=30.0)
    p.add_argument("--max-actions", type=int, default=500_000)
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    if not (1 <= args.rooms <= 500 and 2 <= args.phones <= 8 and 0 < args.seconds <= 600):
        p.error("rooms 1..500, phones 2..8, seconds up to 600")
    root = Path(__file__).resolve().parents[1]
    with tempfile.TemporaryDirectory() as tmp:
        port = free_port()
        url = f"http://127.0.0.1:{port}"
        env = dict(os.environ, PYTHONPATH=str(root))
        server = subprocess.Popen([sys.executable, "-c", SERVER, str(Path(tmp) / "load.sqlite"),
                                   str(port)], cwd=root, env=env)
        try:
            for _ in range(300):
                try:
                    with LOCAL.open(url + "/api/games", timeout=1):
                        break
                except OSError:
                    time.sleep(0.1)
            stats = Stats(args.max_actions)
            elapsed = asyncio.run(run(url, args.rooms, args.phones, args.seconds, stats))
        finally:
            server.terminate()
            try:
                server.wait(10)
            except subprocess.TimeoutExpired:
                server.kill()
    lat = sorted(stats.latencies)
    n = len(lat)
    summary = {
        "rooms": args.rooms, "phones_per_room": args.phones, "seconds": round(elapsed, 2),
        "actions": n, "actions_per_s": round(n / elapsed, 1),
        "p50_ms": round(1000 * statistics.median(lat), 2) if n else None,
        "p99_ms": round(1000 * lat[min(n - 1, int(n * 0.99))], 2) if n else None,
        "by_game": stats.by_game, "games_finished": stats.games_done,
        "rooms_opened": stats.rooms, "errors": stats.errors,
    }
    if args.json:
        print(json.dumps(summary, indent=2))
    else:
        print(f"{args.rooms} rooms x {args.phones} phones for {elapsed:.1f} s: {n:,} actions, "
              f"{summary['actions_per_s']:,} actions/s, latency p50 {summary['p50_ms']} ms, "
              f"p99 {summary['p99_ms']} ms")
        print(f"  actions per game: {stats.by_game}; games finished {stats.games_done}, "
              f"rooms opened {stats.rooms}; errors {stats.errors or 'none'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
