"""The server's short cuts give exactly what the plain path gives.

A broadcast presents the public table once (the spectator's whole model) and only the
private part of each seat's model (``present(view, public=False)``); these tests hold
each short cut against the plain path over seeded random games of every game. (That the
patches a phone applies give the page a fresh build gives is ``test_deltas``.)
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import tablegames
from tablegames.server.store import Store
from tablegames.table import present

GAME_NAMES = ("toepen", "phase10", "shithead", "dallah")


@pytest.mark.parametrize("game", GAME_NAMES)
def test_the_private_part_of_a_model_is_the_whole_model_without_the_public_part(
        game: str) -> None:
    for seed in range(3):
        state = tablegames.new_game(game, players=4 if game != "dallah" else 3, seed=seed)
        rng = random.Random(seed)
        for _ in range(120):
            if state.is_over:
                break
            for seat in [*range(len(state.players)), None]:
                view = state.view(seat)
                whole = present(view)
                private = present(view, public=False)
                assert private == {**whole, "seats": [], "centre": [], "facts": []}
                assert whole["seats"] and whole["centre"]
            state.apply(rng.choice(state.legal_actions()))


def test_a_presenter_without_parts_gives_the_same_private_part(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A game whose presenter does not take ``public=False`` (a fifth game) still has a
    private part: its whole model with the public part emptied."""
    import attrs

    import tablegames.table as table_module

    real = table_module.presenter_of("toepen")
    calls: list[dict[str, object]] = []

    def whole_only(view: object, **kwargs: object) -> dict[str, object]:
        calls.append(kwargs)
        return real.table(view)

    plain = attrs.evolve(real, table=whole_only, parts=False)
    monkeypatch.setattr(table_module, "presenter_of", lambda game: plain)
    view = tablegames.new_game("toepen", players=3, seed=4).view(1)
    private = present(view, public=False)
    assert calls == [{}]  # never asked for a part it does not know
    assert private == {**real.table(view), "seats": [], "centre": [], "facts": []}


@pytest.mark.parametrize("game", GAME_NAMES)
def test_messages_are_encoded_exactly_as_json_writes_them(
        game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """orjson writes every page and patch of a random game byte for byte as ``json.dumps``
    (compact, UTF-8 text) does; without orjson, ``json`` writes them."""
    import json

    from tablegames.server import page as pages

    def plain(value: object) -> str:
        return json.dumps(value, ensure_ascii=False, separators=(",", ":"))

    state = tablegames.new_game(game, players=3, seed=11)
    rng = random.Random(11)
    old = None
    for _ in range(80):
        if state.is_over:
            break
        for lang in ("en", "ar", "nl"):
            page = pages.build(state, 0, lang)
            assert pages.dumps(page) == plain(page)
            if old is not None:
                ops = pages.diff(old, page)
                assert pages.encode_patch(1, 2, ops, []) == plain(
                    {"type": "patch", "from": 1, "to": 2, "patch": ops, "events": []})
                assert pages.encode_patch_parts(1, 2, (pages.encode_ops(ops[:3]), "",
                                                       pages.encode_ops(ops[3:])), []) \
                    == pages.encode_patch(1, 2, ops, [])
            old = page
        state.apply(rng.choice(state.legal_actions()))
    odd = {"big": 1 << 70, "text": "\u2028 \x1f é ✓ \"q\" \\", 3: True}
    assert pages.dumps(odd) == plain(odd)
    monkeypatch.setattr(pages, "orjson", None)
    assert pages.dumps(odd) == plain(odd)


def _started(tmp_path: Path, code: str = "ABCDEFG") -> Store:
    store = Store(tmp_path / "rooms.sqlite")
    store.create(code, "toepen", {"seed": 1}, [{"name": "Amal"}], "secret-token-1")
    store.start(code, [{"name": "Amal"}], [{"name": "Amal"}], '{"v":0}')
    return store


def test_an_action_is_one_row_and_the_room_row_waits_for_the_next_snapshot(
        tmp_path: Path) -> None:
    """No write of the room row per action: the log's last row is the room's version,
    the primary key refuses a version twice, a snapshot writes the row with its action."""
    from tablegames.server.store import StoreError

    store = _started(tmp_path)
    before = store.db.execute("SELECT * FROM rooms").fetchall()
    store.record("ABCDEFG", 0, [(0, "0:keep")], None, False)
    store.record("ABCDEFG", 1, [(0, "0:a"), (0, "0:b")], None, False)  # a batch: one insert
    assert store.db.execute("SELECT * FROM rooms").fetchall() == before
    row = store.room("ABCDEFG")
    assert row is not None and (row.seq, row.snap_seq, row.state) == (3, 0, '{"v":0}')
    with pytest.raises(StoreError):
        store.record("ABCDEFG", 2, [(0, "0:again"), (0, "0:more")], None, False)  # 3 is taken
    assert [s for s, _, _ in store.actions("ABCDEFG")] == [1, 2, 3]
    with pytest.raises(StoreError):  # a snapshot with a stale action: neither is written
        store.record("ABCDEFG", 2, [(0, "0:again")], '{"v":"bad"}', True)
    row = store.room("ABCDEFG")
    assert row is not None and (row.seq, row.state, row.over) == (3, '{"v":0}', False)
    store.record("ABCDEFG", 3, [(0, "0:last")], '{"v":4}', True)
    row = store.room("ABCDEFG")
    assert row is not None and (row.seq, row.snap_seq, row.state, row.over) == (4, 4, '{"v":4}', True)
    store.close()


def test_a_game_whose_log_moved_recently_is_not_idle(tmp_path: Path) -> None:
    """The room row is written only at snapshots: idleness reads the log's times too."""
    import time

    store = _started(tmp_path)
    store.record("ABCDEFG", 0, [(0, "0:keep")], None, False)
    long_ago = time.time() - 10 * 86_400
    store.db.execute("UPDATE rooms SET updated = ?", (long_ago,))
    assert store.expire(3600, 3600) == 0 and store.prune(older_than=86_400) == 0
    assert store.open_rooms() == 1
    store.db.execute("UPDATE actions SET at = ?", (long_ago,))
    assert store.expire(3600, 3600) == 1 and store.open_rooms() == 0
    assert store.prune(older_than=86_400) == 1 and store.room("ABCDEFG") is None
    store.close()


def test_the_wal_is_copied_into_the_file_by_the_stores_own_thread(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Commits on the server's loop never checkpoint (no disk sync there); the store's
    thread does, so the file itself soon holds the actions."""
    import threading

    from tablegames.server import store as stores

    monkeypatch.setattr(stores, "CHECKPOINT_EVERY", 0.01)
    store = _started(tmp_path)
    assert store.db.execute("PRAGMA wal_autocheckpoint").fetchone()[0] == 0
    thread = store._checkpoints
    assert thread is not None and thread.is_alive()
    for i in range(20):
        store.record("ABCDEFG", i, [(0, f"0:marker-{i}")], None, False)
    main = tmp_path / "rooms.sqlite"
    for _ in range(1000):  # until the thread has run (each wait is one checkpoint period)
        if b"0:marker-19" in main.read_bytes():
            break
        threading.Event().wait(0.01)
    assert b"0:marker-19" in main.read_bytes()
    store.close()
    assert not thread.is_alive()
