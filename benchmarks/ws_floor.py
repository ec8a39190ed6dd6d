"""The floor under the room server's CPU per action: the same sockets with no game at all.

    python benchmarks/ws_floor.py [--rooms 50] [--phones 4] [--seconds 30] [--rate 200]
                                  [--frame-bytes 1500] [--json]

``benchmarks/load_server.py`` measures ``server_cpu_ms_per_action`` of ``tablegames
serve``: the engine, the store, the pages and the websockets together. This script
measures what the websockets alone cost on the same machine, so that figure can be read:
it starts a bare relay server (Starlette and uvicorn with the very settings ``tablegames
serve`` uses, :data:`tablegames.server.app.UVICORN_HTTP` and
:data:`~tablegames.server.app.UVICORN_WS`; the same per-phone queue and
writer task as the room server) that does no game work. Its rooms are groups of
``--phones`` websockets; the phones take turns, one action at a time per room, offered
at ``--rate`` actions per second across all rooms (the load script's limiter), and for
every message a phone sends the relay parses its JSON and pushes one frame of
``--frame-bytes`` (a room server patch is about 1.5 KB on average, 1.2 KB median) to
every phone of the room, the sender included, as the room server's broadcast does. Each
phone parses every frame it gets. An action's latency is from sending it to receiving
its frame.

``server_cpu_ms_per_action`` is the relay process's CPU time (user + system, from
``/proc``, after it answers its first request; ``server_user_ms_per_action`` and
``server_system_ms_per_action`` are the two parts) over the actions: receiving one frame,
parsing it and writing one frame to each phone. Nothing of the game, the store or the
page is in it, so the room server can never use less; the difference between the two
figures is what the game's own work costs. The phones run in this script's process on
the same machine, as in the load script, but they do much less (no patch to apply), so
the relay's sockets are, if anything, cheaper here than in a real run.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from load_server import Limiter, cpu_times, free_port  # noqa: E402  (this folder's script)

LOCAL = urllib.request.build_opener(urllib.request.ProxyHandler({}))


def serve(port: int, frame_bytes: int) -> None:
    """The relay: every message a phone sends is answered with one frame to each phone."""
    import uvicorn
    from starlette.applications import Starlette
    from starlette.responses import PlainTextResponse
    from starlette.routing import Route, WebSocketRoute
    from starlette.websockets import WebSocket, WebSocketDisconnect

    from tablegames.server.app import UVICORN_HTTP, UVICORN_WS

    pad = max(0, frame_bytes - len('{"type":"patch","pad":""}'))
    frame = json.dumps({"type": "patch", "pad": "x" * pad})
    rooms: dict[str, list[asyncio.Queue[str | None]]] = {}

    async def write(ws: WebSocket, queue: asyncio.Queue[str | None]) -> None:
        while (message := await queue.get()) is not None:
            await ws.send_text(message)

    async def socket(ws: WebSocket) -> None:
        await ws.accept()
        queue: asyncio.Queue[str | None] = asyncio.Queue(256)
        room = rooms.setdefault(ws.path_params["room"], [])
        room.append(queue)
        writer = asyncio.get_running_loop().create_task(write(ws, queue))
        try:
            while True:
                message = await ws.receive()
                if message["type"] == "websocket.disconnect":
                    break
                json.loads(message["text"])
                for q in room:
                    q.put_nowait(frame)
                await asyncio.sleep(0)  # as the room server: let the writers send first
        except WebSocketDisconnect:
            pass
        finally:
            room.remove(queue)
            queue.put_nowait(None)
            await writer

    async def ready(request: Any) -> PlainTextResponse:
        return PlainTextResponse("ok")

    app = Starlette(routes=[Route("/ready", ready), WebSocketRoute("/ws/{room}", socket)])
    uvicorn.run(app, host="127.0.0.1", port=port, log_level="error", **UVICORN_HTTP,
                **UVICORN_WS)


async def play(url: str, args: argparse.Namespace, pid: int) -> dict[str, Any]:
    import websockets

    start_cpu = cpu_times(pid)
    latencies: list[float] = []
    limiter = Limiter(args.rate)
    deadline = time.monotonic() + args.seconds

    async def room(index: int) -> None:
        await asyncio.sleep(0.02 * index)  # no handshake storm, as the load script
        phones = [await websockets.connect(f"{url}/ws/r{index}", max_size=None)
                  for _ in range(args.phones)]
        turn = 0

        async def listen(ws: Any, mine: asyncio.Queue[float]) -> None:
            async for text in ws:
                json.loads(text)
                mine.put_nowait(time.monotonic())

        inboxes: list[asyncio.Queue[float]] = [asyncio.Queue() for _ in phones]
        readers = [asyncio.get_running_loop().create_task(listen(ws, box))
                   for ws, box in zip(phones, inboxes, strict=True)]
        while time.monotonic() < deadline:
            await limiter.wait()
            actor = turn % len(phones)
            turn += 1
            sent = time.monotonic()
            await phones[actor].send(json.dumps({"type": "act", "action": "x", "expect": turn}))
            for box in inboxes:  # every phone hears the action before the next is sent
                got = await box.get()
                if box is inboxes[actor]:
                    latencies.append(got - sent)
        for ws in phones:
            await ws.close()
        for r in readers:
            r.cancel()

    await asyncio.gather(*(room(i) for i in range(args.rooms)))
    now = cpu_times(pid)
    user, system = now[0] - start_cpu[0], now[1] - start_cpu[1]
    cpu = user + system
    latencies.sort()
    n = len(latencies)
    return {
        "rooms": args.rooms, "phones": args.phones, "seconds": args.seconds,
        "rate_offered": args.rate, "frame_bytes": args.frame_bytes, "actions": n,
        "actions_per_s": round(n / args.seconds, 1),
        "p50_ms": round(1000 * statistics.median(latencies), 2) if n else None,
        "p99_ms": round(1000 * latencies[min(n - 1, int(n * 0.99))], 2) if n else None,
        "server_cpu_ms_per_action": round(1000 * cpu / n, 3) if n else None,
        "server_user_ms_per_action": round(1000 * user / n, 3) if n else None,
        "server_system_ms_per_action": round(1000 * system / n, 3) if n else None,
        "load_average": [round(x, 2) for x in os.getloadavg()],
    }


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--rooms", type=int, default=50)
    p.add_argument("--phones", type=int, default=4)
    p.add_argument("--seconds", type=float, default=30.0)
    p.add_argument("--rate", type=float, default=200.0)
    p.add_argument("--frame-bytes", type=int, default=1500)
    p.add_argument("--json", action="store_true")
    p.add_argument("--serve", type=int, help=argparse.SUPPRESS)  # the relay process itself
    args = p.parse_args()
    if args.serve:
        serve(args.serve, args.frame_bytes)
        return
    port = free_port()
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.Popen([sys.executable, __file__, "--serve", str(port),
                             "--frame-bytes", str(args.frame_bytes)], env=env, cwd=ROOT)
    try:
        for _ in range(300):
            try:
                with LOCAL.open(f"http://127.0.0.1:{port}/ready", timeout=1):
                    break
            except OSError:
                time.sleep(0.1)
        else:
            raise SystemExit("the relay did not start")
        summary = asyncio.run(play(f"ws://127.0.0.1:{port}", args, proc.pid))
    finally:
        proc.terminate()
        proc.wait(10)
    if args.json:
        print(json.dumps(summary, indent=1))
    else:
        print(f"relay, {args.rooms} rooms x {args.phones} phones, {args.frame_bytes} B frames: "
              f"{summary['actions_per_s']} actions/s, p50 {summary['p50_ms']} ms, "
              f"p99 {summary['p99_ms']} ms, server CPU {summary['server_cpu_ms_per_action']} "
              f"ms/action (load {summary['load_average']})")


if __name__ == "__main__":
    main()
