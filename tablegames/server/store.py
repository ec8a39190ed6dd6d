"""Rooms on disk: an event log in one SQLite file in WAL mode, one small insert per action.

A room is its setup plus its actions. The room row holds its configuration, its seats,
``seq`` (``-1`` while the room is a lobby, then the version of its last snapshot) and a
*snapshot*: a full save (``to_json()``) taken at version ``snap_seq``. Every accepted
action is one row of ``actions`` (primary key ``(code, seq)``, ``seq`` the version the
action leads to), appended by one ``INSERT`` that is its own transaction: the primary
key is the guard, so an action can never be stored twice at one version (a second
writer at that version fails), and a server killed at any moment restarts exactly at the
last commit. A room's version is the last action's ``seq`` (:meth:`Store.room`). A full
save is written only every :data:`SNAPSHOT_EVERY` actions and when the game ends (the
caller decides, see ``Hub``), with the room row, in the same transaction as the action:
a room loads as its snapshot plus a replay of the actions after it, so the work of a
load is bounded whatever the game's length, and an action costs one small insert
instead of a full save.

SQLite serves one server process: :class:`Store` holds an exclusive lock for the
database file for its lifetime (on a small lock file named by the file's inode, see
``_lock``) and refuses a second process on the same file (by any path, a symbolic link
or a hard link beside it) with a clear message (two processes would each keep their own
rooms in memory and hand one seat to two people). Several processes share a PostgreSQL
database instead.

Seat tokens are stored only as SHA-256 digests, so the file does not hold the links
that let a phone act for a seat. ``synchronous=NORMAL`` with WAL keeps every commit
across a crash of the server process (what "kill it at any moment" means); only a
power cut can lose the last commits, never corrupt the file. The WAL is copied back
into the file (a *checkpoint*, which syncs the disk) by a thread of the store's own
every second, not inside a commit on the server's event loop, where it would hold up
every room for the length of a disk sync.
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import json
import logging
import os
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import attrs

from tablegames.common.errors import quoted

log = logging.getLogger("tablegames.server")

_SCHEMA = """
CREATE TABLE IF NOT EXISTS rooms (
    code TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    config TEXT NOT NULL,
    seats TEXT NOT NULL,
    seq INTEGER NOT NULL,
    state TEXT,
    snap_seq INTEGER NOT NULL DEFAULT 0,
    over INTEGER NOT NULL DEFAULT 0,
    created REAL NOT NULL,
    updated REAL NOT NULL,
    unreadable TEXT,
    network TEXT
);
CREATE TABLE IF NOT EXISTS actions (
    code TEXT NOT NULL,
    seq INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    action TEXT NOT NULL,
    at REAL NOT NULL,
    PRIMARY KEY (code, seq)
);
CREATE TABLE IF NOT EXISTS tokens (
    digest TEXT PRIMARY KEY,
    code TEXT NOT NULL,
    seat INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS rooms_open ON rooms (over, updated);
"""


#: The column that keeps why a room's stored game cannot be rebuilt (``Store.condemn``),
#: as a file of an older server is given it.
UNREADABLE_COLUMN = "unreadable TEXT"
#: The column that keeps the network a room was created from (``limits.network``), so
#: every process counts a network's open rooms from the store (``rooms_per_network``),
#: as a file of an older server is given it (its rooms count for no network).
NETWORK_COLUMN = "network TEXT"
#: A network's open rooms are counted by this index (one per creation).
NETWORK_INDEX = "CREATE INDEX IF NOT EXISTS rooms_network ON rooms (network, over)"
#: A full save is written after this many actions since the last one (and at the end):
#: a load replays at most this many actions after the snapshot.
SNAPSHOT_EVERY = 50
#: The notification a seat's coming or going sends (``"presence <process>"``): every
#: other process holding the room reads who is online again (``Hub.notice``).
PRESENCE = "presence"
#: Seconds between two checkpoints of the WAL (on the store's own thread).
CHECKPOINT_EVERY = 1.0


class StoreError(Exception):
    """The database refused a write (a lost race on ``seq``, a full disk...)."""


class StoreBusy(StoreError):
    """Another server process already uses this SQLite file."""


class RoomsFull(StoreError):
    """A room was not created: the store holds ``max_rooms`` open (``code`` ``busy``) or
    the creator's network its ``per_network`` (``too_many_rooms``); nothing was written."""

    def __init__(self, code: str) -> None:
        super().__init__(code)
        self.code = code


def digest(token: str) -> str:
    """What is stored for a seat token."""
    return hashlib.sha256(token.encode()).hexdigest()


@attrs.define
class RoomRow:
    """A room as stored."""

    code: str
    game: str
    config: dict[str, Any]
    seats: list[dict[str, Any]]
    seq: int
    #: The snapshot (a full save) and the version it was taken at.
    state: str | None
    over: bool
    snap_seq: int = 0
    #: Why the room's stored game cannot be rebuilt, when a server found so
    #: (:meth:`Store.condemn`): it is refused ``room_unreadable`` from this alone.
    unreadable: str | None = None


class Store:
    """The rooms in one SQLite file (one connection, used from the server's event loop).

    The SQL is written once here; :class:`~tablegames.server.pgstore.PgStore` runs the
    same statements on PostgreSQL (it overrides how a statement runs and how a
    transaction is made). ``shared`` says whether other server processes write the same
    rooms (then the hub follows their commits through :meth:`listen`).
    """

    shared = False
    #: This process's name to the other processes on the store (one process: none).
    process = ""
    #: What :meth:`room` reads as a room's verdict: the column, or ``NULL`` for a file
    #: of an older server opened read-only (which cannot add the column).
    _verdicts = "unreadable"

    def __init__(self, path: str | Path, *, read_only: bool = False) -> None:
        """Open (and create) the file for the one server process; ``read_only`` opens an
        existing file beside a running server, for inspection (no lock, no writes)."""
        self.path = str(path)
        self._lock_fd: int | None = None
        if read_only:
            uri = Path(self.path).resolve().as_uri() + "?mode=ro"
            self.db = sqlite3.connect(uri, uri=True, isolation_level=None, check_same_thread=False)
            with contextlib.suppress(sqlite3.Error):  # a file of an older server: no verdicts
                if "unreadable" not in {r[1] for r in self.db.execute("PRAGMA table_info(rooms)")}:
                    self._verdicts = "NULL"
            return
        if self.path != ":memory:":
            try:
                self._lock_fd = _lock(self.path)
            except OSError as exc:  # no such folder, a folder, no permission: the caller's
                raise StoreError(_cannot_open(self.path, exc.strerror or str(exc))) from None
        try:
            self.db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute("PRAGMA synchronous=NORMAL")
            self.db.execute("PRAGMA busy_timeout=5000")
            self.db.executescript(_SCHEMA)
            columns = {r[1] for r in self.db.execute("PRAGMA table_info(rooms)")}
            if "snap_seq" not in columns:  # a file written before the event log
                self.db.execute("ALTER TABLE rooms ADD COLUMN snap_seq INTEGER NOT NULL DEFAULT 0")
                self.db.execute("UPDATE rooms SET snap_seq = seq WHERE seq >= 0")
            if "unreadable" not in columns:  # a file written before the verdicts were kept
                self.db.execute(f"ALTER TABLE rooms ADD COLUMN {UNREADABLE_COLUMN}")
            if "network" not in columns:  # a file written before rooms knew their network
                self.db.execute(f"ALTER TABLE rooms ADD COLUMN {NETWORK_COLUMN}")
            self.db.execute(NETWORK_INDEX)
        except sqlite3.Error as exc:  # "file is not a database": a file of something else
            self._unlock()
            raise StoreError(_cannot_open(self.path, str(exc))) from None
        except BaseException:
            self._unlock()
            raise
        if self.path != ":memory:":
            self.db.execute("PRAGMA wal_autocheckpoint=0")  # the checkpoint thread does it
            self._stop_checkpoints = threading.Event()
            self._checkpoints = threading.Thread(target=self._checkpoint, daemon=True,
                                                 name="tablegames-checkpoint")
            self._checkpoints.start()

    _checkpoints: threading.Thread | None = None

    def _checkpoint(self) -> None:
        """Copy the WAL into the file every :data:`CHECKPOINT_EVERY` seconds, on a
        connection of this thread's own (``PASSIVE``: it never waits for the server's
        writes, nor they for it), until :meth:`close`."""
        db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        try:
            db.execute("PRAGMA busy_timeout=5000")
            while not self._stop_checkpoints.wait(CHECKPOINT_EVERY):
                try:
                    db.execute("PRAGMA wal_checkpoint(PASSIVE)")
                except sqlite3.Error:  # the next second tries again
                    log.warning("could not checkpoint %s", self.path, exc_info=True)
        finally:
            db.close()

    def close(self) -> None:
        if self._checkpoints is not None:
            self._stop_checkpoints.set()
            self._checkpoints.join(10)
            self._checkpoints = None
        self.db.close()
        self._unlock()

    def _unlock(self) -> None:
        if self._lock_fd is not None:
            os.close(self._lock_fd)  # closing the descriptor releases the lock
            self._lock_fd = None

    # -- how a statement runs (PgStore overrides these) -------------------------------
    def _q(self, sql: str, params: Sequence[Any] = ()) -> Any:
        """Run one statement (``?`` placeholders) and return its cursor; a
        :class:`StoreError` if SQLite cannot (the file locked past the busy timeout, a
        disk error), as every other failure of the store is one: the hub answers it
        ``busy`` and the phone tries again, where a raw ``sqlite3`` error was a server
        fault (an HTTP 500, a socket closed 1011)."""
        try:
            return self.db.execute(sql, params)
        except sqlite3.Error as exc:
            raise StoreError(str(exc)) from None

    def _many(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        try:
            self.db.executemany(sql, rows)
        except sqlite3.Error as exc:
            raise StoreError(str(exc)) from None

    @contextlib.contextmanager
    def _transaction(self) -> Iterator[None]:
        """One write transaction: committed whole, or rolled back and a :class:`StoreError`."""
        try:
            self.db.execute("BEGIN IMMEDIATE")
            yield
            self.db.execute("COMMIT")
        except sqlite3.Error as exc:
            self._rollback()
            raise StoreError(str(exc)) from None
        except StoreError:
            self._rollback()
            raise

    def _rollback(self) -> None:
        if self.db.in_transaction:
            self.db.execute("ROLLBACK")

    def _notify(self, code: str, what: str) -> None:
        """Tell the other server processes that ``code`` changed (inside the write's
        transaction, so they hear of it only once it is committed). One process: nothing."""

    def listen(self, callback: Callable[[str, str], None],
               reconnected: Callable[[], None] | None = None) -> None:
        """Call ``callback(code, what)`` for each change another process commits (on a
        thread of the store's own), and ``reconnected()`` when it listens again after a
        lost connection (commits sent meanwhile were not heard). One process has no
        others: nothing to hear."""

    def owns(self, code: str) -> bool:
        """Whether this process runs the room's bots (one process: always)."""
        return True

    def disown(self, code: str) -> None:
        """Let another process run the room's bots (the room left this one's memory)."""

    def take_screen(self, code: str, cap: int) -> int | None:
        """Count a spectator screen of ``code`` to every process on the store: its ticket
        (for :meth:`drop_screen`), or ``None`` when ``cap`` screens watch the room already.
        One process counts its screens in memory (``Hub.attach``): nothing to count here."""
        return 0

    def drop_screen(self, ticket: int) -> None:
        """Give back the place :meth:`take_screen` counted (one process: nothing)."""

    # -- who is online, across processes (a shared store) --------------------------------
    def take_seat(self, code: str, seat: int) -> tuple[int, frozenset[int]]:
        """Count a player's socket of ``seat`` online to every process on the store (the
        others are told, :data:`PRESENCE`): its ticket (for :meth:`drop_seat`) and the
        seats of ``code`` other processes hold. One process is never asked (``Hub``
        reads its own sockets): nothing to write."""
        return 0, frozenset()

    def drop_seat(self, code: str, ticket: int) -> None:
        """The socket :meth:`take_seat` counted has closed (the others are told)."""

    def seats_elsewhere(self, code: str) -> frozenset[int]:
        """The seats of ``code`` with a player's socket open on another, living process
        (one process: none)."""
        return frozenset()

    def reap(self) -> None:
        """Let go the seats of processes that have no session left (killed), telling
        every process that holds their rooms (one process: none)."""

    def rejoin(self, held: Sequence[tuple[str, int, int]]) -> None:
        """Write again the seats this process holds (``(code, seat, ticket)``), after its
        session was lost and another process may have let them go (one process: none)."""

    def _one_creator(self) -> None:
        """Inside a creation's transaction: no other process creates a room until it ends
        (SQLite's ``BEGIN IMMEDIATE`` already holds the one write lock)."""

    # -- reading ----------------------------------------------------------------------
    def room(self, code: str) -> RoomRow | None:
        """The room as stored; its ``seq`` is the version of its last stored action."""
        row = self._q(
            "SELECT code, game, config, seats, seq, state, over, snap_seq, "
            "(SELECT max(a.seq) FROM actions a WHERE a.code = rooms.code), "
            f"{self._verdicts} FROM rooms WHERE code = ?", (code,)).fetchone()
        if row is None:
            return None
        seq = row[4] if row[8] is None else max(row[4], row[8])
        return RoomRow(row[0], row[1], json.loads(row[2]), json.loads(row[3]), seq, row[5],
                       bool(row[6]), row[7], row[9])

    def token(self, token: str) -> tuple[str, int] | None:
        """The room and seat a token opens (``None``: no such token)."""
        row = self._q("SELECT code, seat FROM tokens WHERE digest = ?", (digest(token),)).fetchone()
        return None if row is None else (row[0], row[1])

    def open_rooms(self) -> int:
        return int(self._q("SELECT count(*) FROM rooms WHERE over = 0").fetchone()[0])

    def open_of(self, network: str) -> int:
        """The open rooms created from ``network`` (by any process on the store)."""
        return int(self._q("SELECT count(*) FROM rooms WHERE network = ? AND over = 0",
                           (network,)).fetchone()[0])

    def open_among(self, codes: Sequence[str]) -> list[str]:
        """The rooms of ``codes`` that are open now, in the order given (a room deleted or
        no longer counted as open is left out), asked 500 codes a statement, well within
        every database's bound on a statement's parameters."""
        found: set[str] = set()
        for at in range(0, len(codes), 500):
            part = codes[at:at + 500]
            found.update(r[0] for r in self._q(
                "SELECT code FROM rooms WHERE over = 0 AND code IN "
                f"({', '.join('?' * len(part))})", part).fetchall())
        return [code for code in codes if code in found]

    def actions(self, code: str, after: int = 0,
                upto: int | None = None) -> list[tuple[int, int, str]]:
        """The stored actions of a room after version ``after`` (and up to version
        ``upto``, when given): ``(seq, seat, notation)`` in order (``seq`` is the version
        the action leads to, from 1).

        A load reads the room (:meth:`room`, its version) and then its actions in a second
        statement; where other processes write (PostgreSQL, READ COMMITTED) one may commit
        in between, so a load asks for the actions ``upto`` the version it read: stored
        actions never change, so the two reads always agree."""
        bound, params = ("", (code, after)) if upto is None else (
            " AND seq <= ?", (code, after, upto))
        return [(r[0], r[1], r[2]) for r in self._q(
            f"SELECT seq, seat, action FROM actions WHERE code = ? AND seq > ?{bound} "
            "ORDER BY seq", params).fetchall()]

    # -- writing ----------------------------------------------------------------------
    def _one(self, cur: Any, why: str) -> None:
        if cur.rowcount != 1:
            raise StoreError(why)

    def create(self, code: str, game: str, config: dict[str, Any], seats: list[dict[str, Any]],
               host_token: str, *, network: str | None = None, per_network: int | None = None,
               max_rooms: int | None = None) -> None:
        """Store a new lobby, counted to ``network`` (the creator's, ``limits.network``).

        With ``per_network`` (``max_rooms``) the room is stored only while its network
        holds fewer open rooms (the store fewer in all), else :class:`RoomsFull`. Counted
        and written in one transaction that no other creation overlaps
        (:meth:`_one_creator`), so processes sharing the store never pass either bound
        together, and every process counts the same rooms."""
        now = time.time()
        with self._transaction():
            self._one_creator()
            if (network is not None and per_network is not None
                    and self.open_of(network) >= per_network):
                raise RoomsFull("too_many_rooms")
            if max_rooms is not None and self.open_rooms() >= max_rooms:
                raise RoomsFull("busy")
            self._q("INSERT INTO rooms (code, game, config, seats, seq, state, over, created, "
                    "updated, network) VALUES (?, ?, ?, ?, -1, NULL, 0, ?, ?, ?)",
                    (code, game, json.dumps(config), json.dumps(seats), now, now, network))
            self._q("INSERT INTO tokens (digest, code, seat) VALUES (?, ?, 0)",
                    (digest(host_token), code))

    def join(self, code: str, before: list[dict[str, Any]], seats: list[dict[str, Any]],
             seat: int, token: str) -> None:
        """Give ``seat`` to the holder of ``token`` (only while the room is a lobby whose
        seats are still ``before``: two servers can never hand one seat to two people)."""
        with self._transaction():
            self._one(self._q("UPDATE rooms SET seats = ?, updated = ? "
                              "WHERE code = ? AND seq = -1 AND seats = ?",
                              (json.dumps(seats), time.time(), code, json.dumps(before))),
                      "the lobby changed: not written")
            self._q("INSERT INTO tokens (digest, code, seat) VALUES (?, ?, ?)",
                    (digest(token), code, seat))
            self._notify(code, "lobby")

    def start(self, code: str, before: list[dict[str, Any]], seats: list[dict[str, Any]],
              state: str, config: dict[str, Any] | None = None) -> None:
        """The lobby becomes a game: its seats are final and the state is at version 0
        (``config``, when given, replaces the room's: why the game began, see
        ``Room.greeting``)."""
        with self._transaction():
            self._one(self._q("UPDATE rooms SET seats = ?, seq = 0, state = ?, snap_seq = 0, "
                              "updated = ?, config = coalesce(?, config) "
                              "WHERE code = ? AND seq = -1 AND seats = ?",
                              (json.dumps(seats), state, time.time(),
                               None if config is None else json.dumps(config), code,
                               json.dumps(before))),
                      "the room has already started or its lobby changed")
            self._notify(code, "lobby")

    def again(self, code: str, before: dict[str, Any], config: dict[str, Any], ended: int,
              state: str) -> None:
        """A finished game's room deals a new game (``config``: the same seats and house
        rules, a new seed and round) at version 0: the old game's actions go, the new
        game's snapshot comes, in one transaction. Written only while the room is still
        the finished game of ``before`` at version ``ended``, so two "Play again" presses
        (on one server process or several) deal one game, never two: the second is
        refused (a :class:`StoreError`)."""
        with self._transaction():
            self._one(self._q("UPDATE rooms SET config = ?, seq = 0, state = ?, snap_seq = 0, "
                              "over = 0, updated = ? WHERE code = ? AND seq = ? AND config = ?",
                              (json.dumps(config), state, time.time(), code, ended,
                               json.dumps(before))),
                      "the room is no longer that finished game: not written")
            self._q("DELETE FROM actions WHERE code = ?", (code,))
            self._notify(code, "again")

    def record(self, code: str, before: int, actions: Sequence[tuple[int, str]],
               snapshot: str | None, over: bool) -> None:
        """Append accepted ``actions`` (``(seat, notation)``, applied from version
        ``before``): one ``INSERT``, refused (a :class:`StoreError`) if any of their
        versions is already stored. ``snapshot``, when given, is the full save after them
        and replaces the room's snapshot in the same transaction; ``over`` is written
        with a snapshot (the game's end always brings one)."""
        now = time.time()
        after = before + len(actions)
        insert = ("INSERT INTO actions (code, seq, seat, action, at) VALUES "
                  + ", ".join(["(?, ?, ?, ?, ?)"] * len(actions)))
        params = [x for i, (seat, text) in enumerate(actions)
                  for x in (code, before + 1 + i, seat, text, now)]
        if snapshot is None and not self.shared:  # the one statement is its transaction
            self._q(insert, params)
            return
        with self._transaction():
            self._q(insert, params)
            if snapshot is not None:
                self._one(self._q("UPDATE rooms SET seq = ?, state = ?, snap_seq = ?, over = ?, "
                                  "updated = ? WHERE code = ? AND seq >= 0",
                                  (after, snapshot, after, int(over), now, code)),
                          "no such game: not written")
            self._notify(code, str(after))

    def condemn(self, row: RoomRow, cause: str | None) -> bool:
        """Close the room ``row`` holds, found unreadable: it stops counting as open
        (``over``), and ``cause``, when given, is kept as its verdict
        (:attr:`RoomRow.unreadable`), so every process reading the room refuses it from its row alone,
        with no replay. Written only while the room is still the game ``row`` read (its
        configuration and snapshot): a room another process dealt anew meanwhile is left
        alone. Whether it was written. Its ``updated`` is kept, so it is forgotten with
        the rooms untouched for as long (``prune``)."""
        with self._transaction():
            cur = self._q("UPDATE rooms SET over = 1, unreadable = coalesce(?, unreadable) "
                          "WHERE code = ? AND config = ? AND snap_seq = ?",
                          (cause, row.code, json.dumps(row.config), row.snap_seq))
            return bool(cur.rowcount == 1)

    def expire(self, lobby_idle: float, game_idle: float) -> int:
        """Close idle rooms: a lobby untouched for ``lobby_idle`` seconds is deleted (its
        links stop working), a game untouched for ``game_idle`` seconds (its row and its
        log) stops counting as open (its players can still come back to it: their play
        reopens it with its next snapshot)."""
        now = time.time()
        with self._transaction():
            codes = [(r[0],) for r in self._q("SELECT code FROM rooms WHERE seq = -1 AND updated < ?",
                                              (now - lobby_idle,)).fetchall()]
            for table in ("rooms", "tokens"):
                self._many(f"DELETE FROM {table} WHERE code = ?", codes)
            cur = self._q("UPDATE rooms SET over = 1 WHERE seq >= 0 AND over = 0 AND updated < ? "
                          "AND NOT EXISTS (SELECT 1 FROM actions a WHERE a.code = rooms.code "
                          "AND a.at >= ?)", (now - game_idle, now - game_idle))
        return len(codes) + max(int(cur.rowcount), 0)

    def prune(self, older_than: float) -> int:
        """Forget rooms untouched (row and log) for ``older_than`` seconds (finished or
        abandoned)."""
        cutoff = time.time() - older_than
        with self._transaction():
            codes = [(r[0],) for r in self._q(
                "SELECT code FROM rooms WHERE updated < ? AND NOT EXISTS (SELECT 1 FROM actions a "
                "WHERE a.code = rooms.code AND a.at >= ?)", (cutoff, cutoff)).fetchall()]
            for table in ("rooms", "actions", "tokens"):
                self._many(f"DELETE FROM {table} WHERE code = ?", codes)
        return len(codes)


def _cannot_open(path: str, why: str) -> str:
    """Why ``--db`` cannot be used, as one line (``tablegames serve`` exits 2 with it)."""
    return (f"cannot use {quoted(path, 200)} as the rooms file ({why}): give the path of a "
            "SQLite file, new or made by tablegames serve, in a folder that exists")


def _lock(path: str) -> int:
    """Take the database file's process lock or raise :class:`StoreBusy`.

    The lock is an ``flock`` on a small file beside the database, named by the database
    file's device and inode (``.tablegames-<dev>-<inode>.lock`` in the directory the file
    really is in), so it is the file's, whatever name reaches it: a symbolic link, or a
    hard link in the same directory, to a file in use is refused like its own path.
    Never on the database file itself: closing any descriptor of a file drops every POSIX
    lock the process holds on it, SQLite's own among them (a refused second store in the
    same process, closing its descriptor, would leave the first without its locks; found
    by helper-54). ``flock`` locks belong to the open file: the kernel drops them when the
    process ends, however it ends, so a killed server never leaves a stale lock behind.
    """
    real = os.path.realpath(path)
    try:
        st = os.stat(real)
    except FileNotFoundError:  # a new file: made empty here (SQLite reads it as empty)
        with contextlib.suppress(FileExistsError):
            os.close(os.open(real, os.O_RDWR | os.O_CREAT | os.O_EXCL, 0o600))
        st = os.stat(real)
    name = os.path.join(os.path.dirname(real), f".tablegames-{st.st_dev}-{st.st_ino}.lock")
    fd = os.open(name, os.O_RDWR | os.O_CREAT, 0o600)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        os.close(fd)
        named = path if real == os.path.abspath(path) else f"{path} (the file {real})"
        raise StoreBusy(
            f"another tablegames server is already using {named}: SQLite serves one server "
            "process. Stop the other one, give this one its own file, or run several "
            "processes on PostgreSQL (--db postgresql://...)") from None
    return fd
