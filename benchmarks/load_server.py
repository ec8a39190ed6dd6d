"""Load test of the room server: many rooms of simulated phones playing random legal actions.

    python benchmarks/load_server.py --rooms 50 --phones 4 --seconds 30 [--rate A] [--json]
    python benchmarks/load_server.py --db postgresql://... --processes 2 --kill-one --json

It starts ``--processes`` real server processes (``tablegames serve``, the command a user
runs) on loopback ports, all on one store: a fresh SQLite file by default (one process
only), or the PostgreSQL database ``--db`` names. It opens ``--rooms`` tables round-robin
over the games and connects ``--phones`` websockets to each, each phone to one of the
processes in turn, so the processes must follow each other's commits. Every phone that
is to act picks one of its legal actions at random and sends it with the version it saw
(``--taps eager``, the default, picks among Phase 10's lay-downs and hits first when it
has any, as a person does: uniformly random phones seldom complete a phase, so their
Phase 10 games run to 4,000-10,000 actions, an eager table's to 1,500-4,000; ``--taps
random`` picks uniformly among all);
``--rate`` caps the actions offered per second across all rooms (none: as fast as the
server answers). An action's latency is the time from sending it to receiving the update
that includes it. A table whose game ends starts a new room until ``--seconds`` have
passed; then the games in play are finished (up to ``--finish`` more seconds).

**What shares the machine.** The phones run in this script's own process, apart from the
server processes, on the same machine: each phone parses every message it gets and
applies each patch with the server's reference (:func:`~tablegames.server.page.apply_patch`),
as ``app.js`` does, so the client needs CPU of its own (``client_cpu_ms_per_action``).
An action's latency is measured in the client, so a busy client adds to it: the output
gives the client's event-loop lag (``client_lag_p99_ms``: how late a 10 ms timer fires)
and the machine's load average, to tell the two apart. ``actions_per_s``, ``p50_ms`` and
``p99_ms`` count the actions sent in the first ``--seconds`` (the offered load);
the games then finished are counted in ``finish_*``.

``--kill-one`` kills the first process with SIGKILL halfway through; its phones reconnect
to the others, as they would through a load balancer. At the end the store is read:
``lost`` counts actions a phone saw acknowledged that the store does not hold at that
version, ``doubled`` the stored actions of a seat beyond the taps its phone sent.
``server_cpu_ms_per_action`` is the server processes' CPU time (user + system, from
``/proc``) from the moment each answers (its start-up, the imports, is not counted) to
the end, over the accepted actions: it includes creating and joining the rooms and every
phone's hello. ``server_user_ms_per_action`` and ``server_system_ms_per_action`` are its
two parts: the interpreter's own work, and the kernel's (the sockets, the store's writes).

``--breakdown`` also says where the servers' CPU went, per committed action
(``breakdown_per_action``: thread CPU of ``Hub._commit`` and, inside it, of the store's
write and the broadcast, of the websockets' receiving and sending, and of each garbage
collector generation, with calls per action), timed by
``benchmarks/breakdown/sitecustomize.py`` in the server processes; the library carries
no timing code. The timing itself costs a few percent.

Prints one JSON object with ``--json``: ``actions_per_s``, ``p50_ms``, ``p99_ms``,
``server_cpu_ms_per_action``, ``lost``, ``doubled`` and the details.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
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
ROOT = Path(__file__).resolve().parents[1]
TICK = os.sysconf("SC_CLK_TCK")
if str(ROOT) not in sys.path:  # the phones read patches with the server's own reference
    sys.path.insert(0, str(ROOT))


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def post(url: str, data: dict[str, Any]) -> dict[str, Any]:
    req = urllib.request.Request(url, data=json.dumps(data).encode(),
                                 headers={"content-type": "application/json"})
    with LOCAL.open(req, timeout=30) as r:
        return json.loads(r.read())  # type: ignore[no-any-return]


def cpu_times(pid: int) -> tuple[float, float]:
    """User and system CPU time of a process so far, in seconds (``/proc/PID/stat``).

    The two are told apart because they answer different questions: system time is the
    kernel's (the sockets' sends and receives, the store's writes), user time is the
    process's own code, here the interpreter running the server.
    """
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return int(fields[11]) / TICK, int(fields[12]) / TICK


#: The folder whose ``sitecustomize`` times a server's parts (``--breakdown``).
BREAKDOWN = Path(__file__).resolve().parent / "breakdown"


def breakdown_of(servers: list[Process]) -> dict[str, Any]:
    """The servers' thread-CPU per committed action by part (``--breakdown``), in ms."""
    totals: dict[str, float] = {}
    for server in servers:
        if server.breakdown is not None and server.breakdown.exists():
            for key, value in json.loads(server.breakdown.read_text()).items():
                totals[key] = totals.get(key, 0) + value
    commits = totals.get("commit#", 0)
    if not commits:
        return {}
    out: dict[str, Any] = {"commits": int(commits)}
    for key in sorted(totals):
        if not key.endswith("#") and key != "process":
            out[key + "_ms"] = round(1000 * totals[key] / commits, 3)
            out[key + "_calls"] = round(totals.get(key + "#", 0) / commits, 2)
    return out


class Process:
    """One ``tablegames serve`` process."""

    def __init__(self, db: str, log: Path, breakdown: Path | None = None) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        env = dict(os.environ, PYTHONPATH=str(ROOT))
        self.breakdown = breakdown
        if breakdown is not None:  # see benchmarks/breakdown/sitecustomize.py
            env.update(PYTHONPATH=f"{ROOT}{os.pathsep}{BREAKDOWN}",
                       TABLEGAMES_BREAKDOWN=str(breakdown))
        with open(log, "ab") as out:
            self.proc = subprocess.Popen(
                [sys.executable, "-m", "tablegames", "serve", "--db", db, "--port",
                 str(self.port), "--bot-delay", "0", "--unmetered", "--log-level", "error"],
                cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT)
        self.cpu = self.started_cpu = (0.0, 0.0)  # (user, system) seconds
        self.alive = True

    def wait_ready(self, log: Path) -> None:
        for _ in range(600):
            if self.proc.poll() is not None:
                raise SystemExit("a server process exited: " + log.read_text()[-1500:])
            try:
                with LOCAL.open(self.url + "/api/games", timeout=1):
                    self.started_cpu = cpu_times(self.proc.pid)  # imports, not the load
                    return
            except OSError:
                time.sleep(0.1)
        raise SystemExit("a server process did not start: " + log.read_text()[-1500:])

    def sample(self) -> None:
        if self.alive and self.proc.poll() is None:
            self.cpu = cpu_times(self.proc.pid)

    def kill(self) -> None:
        self.sample()
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(10)
        self.alive = False

    def stop(self) -> None:
        self.sample()
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
        self.alive = False


class Limiter:
    """Actions offered per second across all rooms (``None``: no cap)."""

    def __init__(self, rate: float | None) -> None:
        self.rate, self.next = rate, time.monotonic()

    async def wait(self) -> None:
        if self.rate is None:
            return
        now = time.monotonic()
        self.next = max(self.next, now) + 1.0 / self.rate
        delay = self.next - 1.0 / self.rate - now
        if delay > 0:
            await asyncio.sleep(delay)


class Stats:
    def __init__(self) -> None:
        #: ``(sent at, latency)`` of every acknowledged action (``time.monotonic``).
        self.acks: list[tuple[float, float]] = []
        #: How late a 10 ms timer of the client's event loop fired, each time.
        self.lags: list[float] = []
        self.by_game: dict[str, int] = {}
        self.errors: dict[str, int] = {}
        self.reconnects = 0
        self.rooms: list[tuple[str, str, list[Phone]]] = []
        self.finished: set[str] = set()


def decide(message: dict[str, Any], page: dict[str, Any] | None
           ) -> tuple[dict[str, Any] | None, tuple[int, int | None, list[str], bool] | None]:
    """What a phone reads from a message: ``(page, (version, seat to act, legal actions,
    over))`` (the one place that knows the page's shape). ``page`` is the page the phone
    holds; an ``update`` replaces it, a ``patch`` from its version changes it (the server's
    reference :func:`~tablegames.server.page.apply_patch`, as ``app.js`` does). The read is
    ``None`` for other messages, and the page ``None`` when a patch does not start from
    the page held (the phone then asks for the whole page)."""
    from tablegames.server.page import PatchError, apply_patch

    kind = message.get("type")
    if kind == "patch":
        if page is None or page["version"] != message["from"]:
            return None, None
        try:
            page = apply_patch(page, message["patch"], in_place=True)
        except PatchError:
            return None, None
    elif kind == "update":
        page = message["page"]
    else:
        return page, None
    assert page is not None
    return page, (page["version"], page["to_act"], [a["n"] for a in page["actions"]],
                  page["result"] is not None)


#: What an eager phone taps first when it may: laying down and hitting (Phase 10's verbs).
EAGER_VERBS = frozenset({"lay", "hit"})


def tap_among(legal: list[str], taps: str) -> list[str]:
    """The actions a phone chooses from (see ``--taps``): all of them, or for an eager
    phone the lay-downs and hits among them when there are any."""
    if taps == "eager":
        eager = [a for a in legal if a.split(":", 1)[-1].split(" ", 1)[0] in EAGER_VERBS]
        return eager or legal
    return legal


class Phone:
    """A seat's phone: taps when its seat is to act, reconnects when its server goes."""

    def __init__(self, servers: list[Process], first: int, token: str, seat: int, game: str,
                 rng: random.Random, taps: str = "eager") -> None:
        self.servers, self.at, self.token, self.seat = servers, first, token, seat
        self.game, self.rng, self.taps = game, rng, taps
        self.sent = 0
        self.acked: list[tuple[int, str]] = []
        self.over = False
        self.page: dict[str, Any] | None = None

    async def play(self, stats: Stats, limiter: Limiter, hard: float) -> None:
        from websockets.asyncio.client import connect

        while not self.over and time.monotonic() < hard:
            server = self.servers[self.at % len(self.servers)]
            if not server.alive:
                self.at += 1
                continue
            url = server.url.replace("http", "ws", 1) + f"/ws/p/{self.token}"
            try:
                async with connect(url, proxy=None, max_size=1 << 22, open_timeout=60) as ws:
                    await self._session(ws, stats, limiter, hard)
            except Exception as exc:  # a closed, refused or timed-out connection
                if self.over or time.monotonic() >= hard:  # done, or the run is over
                    return
                stats.reconnects += 1
                stats.errors[type(exc).__name__] = stats.errors.get(type(exc).__name__, 0) + 1
                self.at += 1
                await asyncio.sleep(0.2)

    async def _session(self, ws: Any, stats: Stats, limiter: Limiter, hard: float) -> None:
        self.page = None
        await ws.send(json.dumps({"type": "hello"}))
        pending: dict[int, tuple[float, str]] = {}
        while time.monotonic() < hard:
            left = max(0.1, hard - time.monotonic())
            try:
                raw = await asyncio.wait_for(ws.recv(), timeout=min(left, RETAP) if pending else left)
            except TimeoutError:
                if not pending or time.monotonic() >= hard:
                    raise
                # no answer to a tap: a socket over its message rate (20 a second) has its
                # messages dropped, with one warning a second, and a table with one room
                # left taps faster than that. Ask for the table again and tap anew, as a
                # person taps again (a tap that did land makes the new one stale: never two)
                pending.clear()
                await ws.send(json.dumps({"type": "hello"}))
                continue
            message = json.loads(raw)
            if message.get("type") == "error":
                code = message.get("code", "?")
                stats.errors[code] = stats.errors.get(code, 0) + 1
                if code != "slow_down":  # a dropped tap is tapped again below
                    pending.clear()
                continue
            self.page, read = decide(message, self.page)
            if self.page is None:  # a patch from another page: ask for the whole page
                await ws.send(json.dumps({"type": "hello"}))
                continue
            if read is None:
                continue
            version, to_act, legal, over = read
            now = time.monotonic()
            for v in [v for v in pending if v < version]:
                sent_at, action = pending.pop(v)
                stats.acks.append((sent_at, now - sent_at))
                stats.by_game[self.game] = stats.by_game.get(self.game, 0) + 1
                self.acked.append((v + 1, action))
            if over:
                self.over = True
                return
            if to_act == self.seat and legal and version not in pending:
                await limiter.wait()
                action = self.rng.choice(tap_among(legal, self.taps))
                pending[version] = (time.monotonic(), action)
                self.sent += 1
                await ws.send(json.dumps({"type": "act", "actions": [action], "expect": version}))


#: Seconds a phone waits for the answer to its tap before it asks for the table again.
RETAP = 2.0


async def table(servers: list[Process], index: int, phones: int, games: tuple[str, ...],
                stats: Stats, limiter: Limiter, deadline: float, hard: float,
                taps: str = "eager") -> None:
    """One table: a room after another until the deadline; the last game is finished."""
    rng = random.Random(index)
    loop = asyncio.get_running_loop()
    await asyncio.sleep(0.03 * index)  # open the tables gradually: no handshake storm
    rounds = 0
    while time.monotonic() < deadline:
        game = games[(index + rounds) % len(games)]
        alive = [s for s in servers if s.alive]
        host = alive[(index + rounds) % len(alive)]
        rounds += 1
        room = await loop.run_in_executor(None, post, host.url + "/api/rooms", {
            "game": game, "players": phones, "name": "P0", "bot": "",
            "seed": rng.randrange(1 << 30)})
        tokens = [room["token"]]
        for i in range(1, phones):
            joined = await loop.run_in_executor(
                None, post, host.url + f"/api/rooms/{room['code']}/join", {"name": f"P{i}"})
            tokens.append(joined["token"])
        seats = [Phone(servers, index + s, t, s, game, random.Random(rng.random()), taps)
                 for s, t in enumerate(tokens)]
        stats.rooms.append((room["code"], game, seats))
        await asyncio.gather(*(p.play(stats, limiter, hard) for p in seats))
        if any(p.over for p in seats):
            stats.finished.add(room["code"])


async def run(servers: list[Process], args: argparse.Namespace, stats: Stats) -> float:
    start = time.monotonic()
    deadline, hard = start + args.seconds, start + args.seconds + args.finish
    limiter = Limiter(args.rate)

    async def lag() -> None:  # the client's own event loop: how late does a timer fire?
        loop = asyncio.get_running_loop()
        while time.monotonic() < hard:
            at = loop.time()
            await asyncio.sleep(0.01)
            stats.lags.append(loop.time() - at - 0.01)

    watch = asyncio.get_running_loop().create_task(lag())
    work = asyncio.gather(*(table(servers, i, args.phones, args.games, stats, limiter,
                                  deadline, hard, args.taps) for i in range(args.rooms)))
    if args.kill_one:
        async def killer() -> None:
            await asyncio.sleep(args.seconds / 2)
            servers[0].kill()
        await asyncio.gather(work, killer())
    else:
        await work
    watch.cancel()
    return start


def check_store(db: str, stats: Stats) -> tuple[int, int]:
    """``(lost, doubled)`` over every room the run opened (see the module docstring)."""
    sys.path.insert(0, str(ROOT))
    from tablegames.server.pgstore import PgStore
    from tablegames.server.store import Store

    store = PgStore(db) if db.startswith("postgres") else Store(db, read_only=True)
    lost = doubled = 0
    try:
        for code, _game, phones in stats.rooms:
            stored = {seq: (seat, action) for seq, seat, action in store.actions(code)}
            for phone in phones:
                lost += sum(stored.get(v) != (phone.seat, a) for v, a in phone.acked)
                mine = sum(1 for s, _ in stored.values() if s == phone.seat)
                doubled += max(0, mine - phone.sent)
    finally:
        store.close()
    return lost, doubled


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--rooms", type=int, default=50)
    p.add_argument("--phones", type=int, default=4)
    p.add_argument("--seconds", type=float, default=30.0)
    p.add_argument("--finish", type=float, default=120.0,
                   help="seconds more to finish the games in play after --seconds")
    p.add_argument("--rate", type=float, default=None,
                   help="actions offered per second across all rooms (default: no cap)")
    p.add_argument("--db", default=None,
                   help="a postgresql:// URL (default: a fresh SQLite file, one process)")
    p.add_argument("--processes", type=int, default=1)
    p.add_argument("--kill-one", action="store_true",
                   help="SIGKILL the first process halfway through")
    p.add_argument("--games", default=",".join(GAMES),
                   help="the games the tables play in turn (default: all four)")
    p.add_argument("--taps", choices=("eager", "random"), default="eager",
                   help="eager (default): Phase 10's lay-downs and hits first when a phone "
                        "has any; random: uniformly among all legal actions")
    p.add_argument("--breakdown", action="store_true",
                   help="also time the servers' parts per action (thread CPU of the commit, "
                        "its store and broadcast, the sockets, the garbage collector; "
                        "benchmarks/breakdown/sitecustomize.py)")
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    args.games = tuple(g for g in args.games.split(",") if g)
    if not args.games or not set(args.games) <= set(GAMES):
        p.error(f"--games: a comma-separated list of {', '.join(GAMES)}")
    if not (1 <= args.rooms <= 500 and 2 <= args.phones <= 8 and 0 < args.seconds <= 600):
        p.error("rooms 1..500, phones 2..8, seconds up to 600")
    if args.rate is not None and args.rate <= 0:
        p.error("--rate must be positive")
    if args.processes < 1 or (args.db is None and args.processes > 1):
        p.error("several processes need a PostgreSQL database (--db postgresql://...)")
    if args.kill_one and args.processes < 2:
        p.error("--kill-one needs --processes 2 or more")
    with tempfile.TemporaryDirectory() as tmp:
        db = args.db or str(Path(tmp) / "load.sqlite")
        logs = [Path(tmp) / f"server{i}.log" for i in range(args.processes)]
        servers = [Process(db, log, Path(tmp) / f"breakdown{i}.json" if args.breakdown else None)
                   for i, log in enumerate(logs)]
        try:
            for server, log in zip(servers, logs, strict=True):
                server.wait_ready(log)
            stats = Stats()
            client_cpu = time.process_time()
            start = asyncio.run(run(servers, args, stats))
            elapsed = time.monotonic() - start
            client_cpu = time.process_time() - client_cpu
            for server in servers:
                server.sample()
            if args.breakdown:
                time.sleep(2.5)  # the servers write their totals every two seconds
        finally:
            for server in servers:
                server.stop()
        parts = breakdown_of(servers)
        lost, doubled = check_store(db, stats)
    window = start + args.seconds
    lat = sorted(latency for sent, latency in stats.acks if sent < window)
    rest = sorted(latency for sent, latency in stats.acks if sent >= window)
    n, total = len(lat), len(stats.acks)
    user = sum(s.cpu[0] - s.started_cpu[0] for s in servers)
    system = sum(s.cpu[1] - s.started_cpu[1] for s in servers)
    cpu = user + system
    lags = sorted(stats.lags)
    unfinished = [code for code, _, _ in stats.rooms if code not in stats.finished]

    def pct(values: list[float], q: float) -> float | None:
        return round(1000 * values[min(len(values) - 1, int(len(values) * q))], 2) \
            if values else None

    summary = {
        "rooms": args.rooms, "phones_per_room": args.phones, "games": list(args.games),
        "taps": args.taps,
        "processes": args.processes,
        "store": "postgresql" if args.db else "sqlite", "killed_one": args.kill_one,
        "rate_offered": args.rate, "seconds": args.seconds, "actions": n,
        "actions_per_s": round(n / args.seconds, 1),
        "p50_ms": round(1000 * statistics.median(lat), 2) if n else None,
        "p99_ms": pct(lat, 0.99),
        "server_cpu_ms_per_action": round(1000 * cpu / total, 3) if total else None,
        "server_user_ms_per_action": round(1000 * user / total, 3) if total else None,
        "server_system_ms_per_action": round(1000 * system / total, 3) if total else None,
        "client_cpu_ms_per_action": round(1000 * client_cpu / total, 3) if total else None,
        "client_lag_p99_ms": pct(lags, 0.99),
        "finish_seconds": round(elapsed - args.seconds, 2), "finish_actions": len(rest),
        "finish_p99_ms": pct(rest, 0.99),
        "lost": lost, "doubled": doubled,
        "rooms_opened": len(stats.rooms), "rooms_unfinished": len(unfinished),
        "by_game": stats.by_game, "reconnects": stats.reconnects, "errors": stats.errors,
        "load_average": [round(x, 2) for x in os.getloadavg()],
        **({"breakdown_per_action": parts} if args.breakdown else {}),
        "client": "one process beside the servers on this machine: it parses every message "
                  "and applies every patch (see the docstring)",
    }
    if args.json:
        print(json.dumps(summary, indent=2))
    else:
        print(f"{args.rooms} rooms x {args.phones} phones on {args.processes} process(es) for "
              f"{args.seconds:.0f} s: {n:,} actions, {summary['actions_per_s']:,} actions/s, "
              f"latency p50 {summary['p50_ms']} ms, p99 {summary['p99_ms']} ms, server CPU "
              f"{summary['server_cpu_ms_per_action']} ms/action (client CPU "
              f"{summary['client_cpu_ms_per_action']} ms/action, its loop lag p99 "
              f"{summary['client_lag_p99_ms']} ms, load {summary['load_average']}); "
              f"lost {lost}, doubled {doubled}")
        print(f"  actions per game: {stats.by_game}; rooms opened {len(stats.rooms)}, "
              f"unfinished {len(unfinished)}; reconnects {stats.reconnects}; "
              f"errors {stats.errors or 'none'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
