"""How many bytes a phone is sent: the first page and the patches, per game.

    python benchmarks/message_sizes.py [--games 5] [--phones 4] [--bot NAME] [--json]

For each game, plays ``--games`` seeded games of ``--phones`` seats through the room
server's own broadcast (``Hub._commit``, an in-memory SQLite, no network), each seat
played by the game's own bot (as a table of people plays: a random player's Phase 10
game seldom ends, and its Shithead hands grow to the whole pack; ``--bot random`` for
that), and measures each message as its
socket would send it (UTF-8 bytes of the JSON text): the whole page a phone is sent when
it says hello at the start of the game (``first``, the largest of all seats), every
patch each phone is sent (median, 90th percentile and largest) and what one phone is
sent over a whole game (mean). Shithead's swap stage (the page offers every swap of one
to three face-up cards for as many hand cards: 19 for three distinct pairs of three) is
also given apart: the first page while a seat swaps and the bytes a phone is sent during
the swap. The figures are those of the app guide's "How much it carries".
"""

from __future__ import annotations

import argparse
import json
import statistics
from typing import Any

GAMES = ("toepen", "phase10", "shithead", "dallah")


def size(message: Any) -> int:
    from tablegames.server.page import dumps

    text = message if isinstance(message, str) else dumps(message)
    return len(text.encode())


def drain(conn: Any) -> list[int]:
    out = []
    while not conn.queue.empty():
        m = conn.queue.get_nowait()
        if m is not None:
            out.append(size(m))
    return out


def run(game: str, games: int, phones: int, bot: str | None = None,
        seed: int = 1) -> dict[str, Any]:
    import tablegames
    from tablegames.bots import make, next_action
    from tablegames.bots.harness import bot_seed
    from tablegames.server.rooms import Conn, Hub
    from tablegames.server.store import Store

    hub = Hub(Store(":memory:"), bot_delay=0)
    name = bot or tablegames.GAMES[game].default_bot
    first: list[int] = []
    patches: list[int] = []
    per_game: list[int] = []
    swap_bytes: list[int] = []
    for g in range(games):
        code, _ = hub.create({"game": game, "players": phones, "name": "P0", "seed": seed + g})
        for i in range(1, phones):
            hub.join(code, f"P{i}")
        room = hub.room(code)
        # seeded as the room seeds its bots: bot_seed, never the room's seed
        bots = [make(name, game, seed=bot_seed(seed + g, i)) for i in range(phones)]
        conns = [Conn(i) for i in range(phones)]
        for c in conns:
            hub.attach(room, c)
            drain(c)
            hub._send_page(room, c, since=None)  # the hello
            first.append(max(drain(c)))
        sent = [0] * phones
        swapping = [0] * phones
        while not room.state.is_over:
            state = room.state
            stage = state.view(None).get("stage")
            turn = next_action(state, bots)
            assert turn is not None
            hub._commit(room, turn[0], [str(turn[1])], state.version)
            for i, c in enumerate(conns):
                got = drain(c)
                patches.extend(got)
                sent[i] += sum(got)
                if stage == "swap":
                    swapping[i] += sum(got)
        per_game.extend(s + f for s, f in zip(sent, first[-phones:], strict=True))
        if game == "shithead":
            swap_bytes.extend(swapping)
    hub.store.close()
    patches.sort()
    out = {"first_page_max": max(first), "first_page_median": int(statistics.median(first)),
           "patch_median": int(statistics.median(patches)),
           "patch_p90": patches[int(len(patches) * 0.9)], "patch_max": patches[-1],
           "bytes_per_phone_per_game": int(statistics.mean(per_game))}
    if swap_bytes:
        out["swap_stage_bytes_per_phone"] = int(statistics.mean(swap_bytes))
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=5)
    ap.add_argument("--phones", type=int, default=4)
    ap.add_argument("--bot", default=None, help="every seat's bot (default: the game's own)")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    out = {g: run(g, args.games, args.phones, args.bot) for g in GAMES}
    if args.json:
        print(json.dumps(out, indent=1))
        return
    for g, r in out.items():
        print(f"{g:<9} first page {r['first_page_median']:6} B (largest {r['first_page_max']}), "
              f"patch {r['patch_median']} B median, {r['patch_p90']} B 90th, {r['patch_max']} B largest, "
              f"{r['bytes_per_phone_per_game'] / 1000:.0f} KB per phone per game"
              + (f", {r['swap_stage_bytes_per_phone']} B in the swap"
                 if "swap_stage_bytes_per_phone" in r else ""))


if __name__ == "__main__":
    main()
