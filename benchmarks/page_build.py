"""CPU per action per phone of the room server's page build (what every broadcast does).

    python benchmarks/page_build.py [--actions 300] [--phones 4] [--json]
    python benchmarks/page_build.py --hub [--actions 300] [--phones 4] [--rooms 1]
                                    [--flush MB] [--json]

For each game, plays seeded random games and, after every action, builds what a
broadcast sends: the public table once, then each phone's page and its events, encoded
as JSON the way :meth:`tablegames.server.rooms.Hub._broadcast` encodes them. Measured
with ``time.process_time`` (CPU, not wall time) over the whole run and divided by
actions × phones, after one untimed page (what a running server has already loaded:
imports, message catalogues). The engine's own ``apply`` is timed apart and not counted.

Run it on two trees to compare (``PYTHONPATH=<tree> python benchmarks/page_build.py``):
only the public functions ``page.build_with_context``, ``page.table`` and
``page.describe_events`` are used, which both the old per-game drawers and the table
model provide, and the broadcast's encoding of each tree (see :data:`encode_update`).

``--hub`` measures what the server does now instead: each action through the room
server's own ``Hub._commit`` (apply, store in an in-memory SQLite, broadcast the patches
to ``--phones`` connected phones and encode them), with no network. That path builds no
whole page: it presents the public table once and each seat's private part, and draws,
diffs and encodes only what changed. ``--rooms 50 --flush 64`` plays 50 tables in turn
and reads 64 MB of other memory between actions: the cold caches of a loaded server,
where the phones' client, the kernel and the other rooms run between two actions (the
same ``Hub._commit`` then costs about twice its figure in a hot loop).
"""

from __future__ import annotations

import argparse
import json
import random
import time
from typing import Any

import tablegames
from tablegames.server import page as pages

GAMES = ("toepen", "phase10", "shithead", "dallah")
#: How a broadcast encodes a phone's message (the table model's server splices the public
#: table in, encoded once; the tree before it has neither function).
encode_public = getattr(pages, "encode_public", None)
encode_update = getattr(pages, "encode_update", None)


def run(game: str, actions: int, phones: int, seed: int = 1) -> dict[str, float]:
    build_cpu = 0.0
    done = 0
    state = tablegames.new_game(game, players=phones, seed=seed)
    rng = random.Random(seed)
    pages.build(state, 0, "en")  # warm up, untimed: imports and catalogues load once per process
    while done < actions:
        if state.is_over:
            seed += 1
            state = tablegames.new_game(game, players=phones, seed=seed)
        events = state.apply(rng.choice(state.legal_actions()))
        t0 = time.process_time()
        public = pages.table(state, "en")
        public_json = encode_public(public) if encode_public else None
        for seat in range(phones):
            page, ctx = pages.build_with_context(state, seat, "en", title=game, public=public)
            mine = [dict(e.for_seat(seat), version=e.version) for e in events if e.visible_to(seat)]
            lines = pages.describe_events(mine, ctx)
            if encode_update and public_json is not None:
                encode_update(page, lines, public_json)
            else:  # the tree before the table model encoded every page whole
                json.dumps({"type": "update", "page": page, "events": lines},
                           ensure_ascii=False, separators=(",", ":"))
        build_cpu += time.process_time() - t0
        done += 1
    return {"us_per_action_per_phone": build_cpu / (done * phones) * 1e6,
            "us_per_action": build_cpu / done * 1e6}


def run_hub(game: str, actions: int, phones: int, seed: int = 1, rooms: int = 1,
            flush_mb: int = 0) -> dict[str, float]:
    """CPU of ``Hub._commit`` per action (the engine's apply, the store and the broadcast).

    ``rooms`` tables play in turn, one action each, as a loaded server's do (each a new game
    of ``game`` when its game ends). ``flush_mb`` > 0 reads that many megabytes of other
    memory between actions, untimed, as the phones' client, the kernel and the other rooms
    do between two actions of a running server: the action then starts on cold caches.
    """
    from tablegames.server.rooms import Conn, Hub
    from tablegames.server.store import Store

    hub = Hub(Store(":memory:"), bot_delay=0)
    rng = random.Random(seed)
    junk = bytearray(flush_mb << 20)
    tables: list[tuple[Any, list[Any]]] = []

    def new_table() -> tuple[Any, list[Any]]:
        nonlocal seed
        code, _ = hub.create({"game": game, "players": phones, "name": "P0", "seed": seed})
        seed += 1
        for i in range(1, phones):
            hub.join(code, f"P{i}")
        room = hub.room(code)
        conns = [Conn(i) for i in range(phones)]
        for c in conns:
            hub.attach(room, c)
            hub._send_page(room, c, since=None)  # the hello: whole pages, untimed
        return room, conns

    tables = [new_table() for _ in range(rooms)]
    cpu, done = 0.0, 0
    while done < actions:
        k = done % rooms
        if tables[k][0].state.is_over:
            tables[k] = new_table()
        room, conns = tables[k]
        for c in conns:  # what the phones were sent (their sockets would send it)
            while not c.queue.empty():
                c.queue.get_nowait()
        if junk:
            sum(junk[::64])  # one read per cache line
        state = room.state
        action = str(rng.choice(state.legal_actions()))
        t0 = time.process_time()
        hub._commit(room, state.to_act, [action], state.version)
        cpu += time.process_time() - t0
        done += 1
    hub.store.close()
    return {"us_per_action_per_phone": cpu / (done * phones) * 1e6,
            "us_per_action": cpu / done * 1e6}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--actions", type=int, default=300)
    ap.add_argument("--phones", type=int, default=4)
    ap.add_argument("--hub", action="store_true",
                    help="the server's own broadcast path (Hub._commit), not whole pages")
    ap.add_argument("--rooms", type=int, default=1,
                    help="with --hub: tables playing in turn, one action each")
    ap.add_argument("--flush", type=int, default=0, metavar="MB",
                    help="with --hub: megabytes of other memory read between actions "
                         "(cold caches, as in a loaded server)")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    if args.hub:
        out = {g: run_hub(g, args.actions, args.phones, rooms=args.rooms, flush_mb=args.flush)
               for g in GAMES}
    else:
        out = {g: run(g, args.actions, args.phones) for g in GAMES}
    if args.json:
        print(json.dumps(out, indent=1))
        return
    for g, r in out.items():
        print(f"{g:<9} {r['us_per_action_per_phone']:8.0f} µs CPU per action per phone, "
              f"{r['us_per_action']:6.0f} µs per action")


if __name__ == "__main__":
    main()
