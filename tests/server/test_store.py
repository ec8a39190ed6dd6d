"""The room store as an event log: snapshot plus a bounded tail, one process per SQLite file."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from tablegames.server.rooms import Hub
from tablegames.server.store import SNAPSHOT_EVERY, Store, StoreBusy, StoreError


def _play(hub: Hub, code: str, steps: int, seed: int) -> None:
    """Random legal actions through the hub's own commit path (as a phone's tap is)."""
    rng = random.Random(seed)
    room = hub.room(code)
    for _ in range(steps):
        state = room.state
        if state.is_over:
            return
        seat = state.to_act
        action = rng.choice(state.legal_actions())
        hub._commit(room, seat, [str(action)], state.version)


@pytest.mark.parametrize("game", ["phase10", "toepen"])
def test_a_room_loads_as_its_snapshot_plus_the_actions_after_it(tmp_path: Path, game: str) -> None:
    """Each action appends one row; a full save is written only every SNAPSHOT_EVERY actions
    and at the end, and a room read back from the file is the same game, its load replaying
    at most SNAPSHOT_EVERY actions whatever the game's length."""
    path = tmp_path / "rooms.sqlite"
    store = Store(path)
    hub = Hub(store, bot_delay=0)
    code, _ = hub.create({"game": game, "players": 2, "seed": 5, "name": "Amal", "bot": "random"})
    hub.start(hub.room(code), 0)
    _play(hub, code, 3 * SNAPSHOT_EVERY + 7, seed=1)
    live = hub.room(code).state
    row = store.room(code)
    assert row is not None and row.seq == live.version
    assert row.seq - row.snap_seq <= SNAPSHOT_EVERY
    if not live.is_over:
        assert row.snap_seq < row.seq  # the tail is not in the snapshot
    assert len(store.actions(code, after=row.snap_seq)) == row.seq - row.snap_seq
    store.close()

    again = Hub(Store(path), bot_delay=0)
    loaded = again.room(code).state
    assert loaded.to_json() == live.to_json()
    assert again.room(code).snap_seq == row.snap_seq
    again.store.close()


def test_a_snapshot_that_does_not_load_is_rebuilt_from_the_whole_log(tmp_path: Path) -> None:
    path = tmp_path / "rooms.sqlite"
    store = Store(path)
    hub = Hub(store, bot_delay=0)
    code, _ = hub.create({"game": "toepen", "players": 3, "seed": 2, "name": "Bo", "bot": "random"})
    hub.start(hub.room(code), 0)
    _play(hub, code, SNAPSHOT_EVERY + 5, seed=2)
    live = hub.room(code).state.to_json()
    store.db.execute("UPDATE rooms SET state = ? WHERE code = ?", ('{"junk": 1}', code))
    store.close()
    again = Hub(Store(path), bot_delay=0)
    assert again.room(code).state.to_json() == live
    again.store.close()


def test_a_second_server_process_on_one_sqlite_file_is_refused(tmp_path: Path) -> None:
    """Two processes on one file would each keep rooms in memory and give one seat to two
    people: the second is refused with a message that says what to do."""
    path = tmp_path / "rooms.sqlite"
    holder = subprocess.Popen(
        [sys.executable, "-c",
         "import sys, time; from tablegames.server.store import Store; s = Store(sys.argv[1]); "
         "print('open', flush=True); time.sleep(60)", str(path)],
        stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "open"
        with pytest.raises(StoreBusy, match="PostgreSQL"):
            Store(path)
    finally:
        holder.kill()
        holder.wait()
    Store(path).close()  # the lock died with its process: the file opens again


def test_an_old_file_without_snapshots_still_opens(tmp_path: Path) -> None:
    import sqlite3

    path = tmp_path / "old.sqlite"
    db = sqlite3.connect(path)
    db.executescript(
        "CREATE TABLE rooms (code TEXT PRIMARY KEY, game TEXT NOT NULL, config TEXT NOT NULL,"
        " seats TEXT NOT NULL, seq INTEGER NOT NULL, state TEXT, over INTEGER NOT NULL DEFAULT 0,"
        " created REAL NOT NULL, updated REAL NOT NULL);"
        "INSERT INTO rooms VALUES ('ABCDE', 'toepen', '{}', '[]', 4, '{}', 0, 0, 0);")
    db.commit()
    db.close()
    store = Store(path)
    row = store.room("ABCDE")
    assert row is not None and (row.seq, row.snap_seq) == (4, 4)
    store.close()


def test_a_reader_beside_the_server_needs_no_lock_and_cannot_write(tmp_path: Path) -> None:
    path = tmp_path / "rooms.sqlite"
    store = Store(path)
    store.create("ABCDE", "toepen", {"seed": 1}, [{"name": "Amal"}], "secret-token-1")
    reader = Store(path, read_only=True)
    try:
        row = reader.room("ABCDE")
        assert row is not None and row.seq == -1
        with pytest.raises(StoreError):  # StoreError: the file is read-only here
            reader.create("FGHJK", "toepen", {"seed": 1}, [{"name": "Bo"}], "secret-token-2")
    finally:
        reader.close()
        store.close()


def test_seat_tokens_never_reach_a_log_line() -> None:
    """Uvicorn logs request paths at info; a seat's link is a password, so its token is
    rewritten before any handler formats the record (with uvicorn's own formatters)."""
    import logging

    from uvicorn.logging import AccessFormatter, DefaultFormatter

    from tablegames.server.logs import RedactTokens

    token = "s3cret_Token-123456"
    access = logging.LogRecord("uvicorn.access", logging.INFO, __file__, 1,
                               '%s - "%s %s HTTP/%s" %d',
                               ("127.0.0.1:5000", "GET", f"/p/{token}", "1.1", 200), None)
    socket = logging.LogRecord("uvicorn.error", logging.INFO, __file__, 1,
                               '%s - "WebSocket %s" [accepted]',
                               ("127.0.0.1:5000", f"/ws/p/{token}?lang=ar"), None)
    for record, formatter in ((access, AccessFormatter()), (socket, DefaultFormatter())):
        assert RedactTokens().filter(record)
        line = formatter.format(record)
        assert token not in line and "/p/<token>" in line


def test_a_server_at_log_level_info_writes_no_token(tmp_path: Path) -> None:
    """The real server, logging every request: a seat page and a seat socket are opened,
    and the log names their paths without the token."""
    from tests.server.helpers import Server, Socket

    server = Server(tmp_path / "rooms.sqlite", args=("--log-level", "info")).start()
    try:
        room = server.create(game="toepen", players=2, name="Amal", bot="random")
        token = room["token"]
        server.request(f"/p/{token}")
        phone = Socket(server, f"/ws/p/{token}")
        try:
            phone.send({"type": "hello"})
            phone.recv()
        finally:
            phone.close()
    finally:
        server.stop()
    log = server.log.read_text()
    assert "/ws/p/<token>" in log and "/p/<token>" in log
    assert token not in log


def test_a_server_at_log_level_debug_writes_no_frame_text(tmp_path: Path) -> None:
    """At debug the websockets library logs every frame with the start and end of its
    text: a phone's page holds its hand, a tap the card it tried (found by helper-104:
    a refused "0:play Qd" and "Your cards: K♦, 8♦, …" were in the log). Frames are
    logged by kind and size only; tokens stay out as at info."""
    from tests.server.helpers import Server, Socket

    server = Server(tmp_path / "rooms.sqlite", args=("--log-level", "debug")).start()
    try:
        room = server.create(game="toepen", players=2, name="Amal", bot="random", seed=3)
        token = room["token"]
        phone = Socket(server, f"/ws/p/{token}")
        try:
            phone.send({"type": "hello"})
            phone.recv("lobby")
            phone.send({"type": "start"})
            page = phone.recv("update")["page"]
            faces = [page["faces"][k] for k in page["hand"]]
            hand = [c["rank"] + c["suit"] for c in faces]
            phone.send({"type": "act", "action": "0:play " + faces[0]["code"],
                        "expect": page["version"]})
            phone.recv("error")
        finally:
            phone.close()
    finally:
        server.stop()
    log = server.log.read_text()
    assert "TEXT [" in log  # the frames are logged, by kind and size
    assert '"type"' not in log and "play" not in log
    assert not [card for card in hand if card in log]
    assert token not in log


@pytest.mark.parametrize("link", ["symlink", "hard link"])
def test_a_second_server_through_a_link_to_the_file_is_refused(tmp_path: Path,
                                                               link: str) -> None:
    """The lock is the file's, whatever name reaches it: a second server started on a
    symbolic or hard link to a file in use is refused (before, it served the same file
    beside the first, its phones never seeing the other's taps; found by helper-44)."""
    path = tmp_path / "rooms.sqlite"
    other = tmp_path / "link.sqlite"
    first = Store(path)
    try:
        if link == "symlink":
            other.symlink_to(path)
        else:
            os.link(path, other)
        with pytest.raises(StoreBusy, match="PostgreSQL"):
            Store(other)
    finally:
        first.close()
    Store(other).close()  # the first one gone, the file opens again by that name


#: In another process: whether a write lock on SQLite's SHARED byte range of the file
#: would conflict, i.e. whether some process holds SQLite's SHARED lock there.
SHARED_PROBE = r"""
import fcntl, os, struct, sys
fd = os.open(sys.argv[1], os.O_RDWR)
asked = struct.pack("hhqqi", fcntl.F_WRLCK, 0, 0x40000002, 510, 0)
kind = struct.unpack("hhqqi", fcntl.fcntl(fd, fcntl.F_GETLK, asked))[0]
print("held" if kind != fcntl.F_UNLCK else "free")
"""


def test_a_refused_second_store_leaves_the_first_its_sqlite_locks(tmp_path: Path) -> None:
    """A second store on a file in use in the same process (a notebook cell run again, a
    test) is refused, and the first keeps SQLite's own locks on the file: closing any
    descriptor of a file drops every POSIX lock the process holds on it, so the process
    lock never opens the database file itself (found by helper-54: a connection of
    another process then believed itself the last, checkpointed and deleted the WAL
    under the running server, whose later writes were lost)."""
    path = tmp_path / "rooms.sqlite"

    def shared() -> str:
        return subprocess.run([sys.executable, "-c", SHARED_PROBE, str(path)],
                              capture_output=True, text=True, check=True).stdout.strip()

    first = Store(path)
    try:
        first.db.execute("CREATE TABLE t (x)")
        first.db.execute("INSERT INTO t VALUES (1)")
        assert shared() == "held"
        with pytest.raises(StoreBusy):
            Store(path)
        reader = Store(path, read_only=True)
        reader.close()
        assert shared() == "held"
        subprocess.run([sys.executable, "-c", "import sqlite3, sys; c = sqlite3.connect("
                        "sys.argv[1]); c.execute('SELECT count(*) FROM t'); c.close()",
                        str(path)], check=True)
        assert (tmp_path / "rooms.sqlite-wal").exists()  # nobody took the WAL away
        first.db.execute("INSERT INTO t VALUES (2)")
    finally:
        first.close()
    again = Store(path, read_only=True)
    try:
        assert again.db.execute("SELECT x FROM t ORDER BY x").fetchall() == [(1,), (2,)]
    finally:
        again.close()

