"""Rooms on disk: one SQLite file in WAL mode, one transaction per accepted action.

A room row holds its configuration, its seats, the full saved state (``to_json()``) and
``seq``, the state's version (``-1`` while the room is a lobby). Every accepted action
is written as one transaction that both appends the action to ``actions`` (primary key
``(code, seq)``) and replaces the saved state, guarded by the previous ``seq``: the
state on disk and its sequence number can never disagree, an action can never be
stored twice, and a server killed at any moment restarts exactly at the last commit.

Seat tokens are stored only as SHA-256 digests, so the file does not hold the links
that let a phone act for a seat. ``synchronous=NORMAL`` with WAL keeps every commit
across a crash of the server process (what "kill it at any moment" means); only a
power cut can lose the last commits, never corrupt the file.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import sqlite3
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import attrs

_SCHEMA = """
CREATE TABLE IF NOT EXISTS rooms (
    code TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    config TEXT NOT NULL,
    seats TEXT NOT NULL,
    seq INTEGER NOT NULL,
    state TEXT,
    over INTEGER NOT NULL DEFAULT 0,
    created REAL NOT NULL,
    updated REAL NOT NULL
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


class StoreError(Exception):
    """The database refused a write (a lost race on ``seq``, a full disk...)."""


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
    state: str | None
    over: bool


class Store:
    """The SQLite file (one connection, used from the server's event loop thread)."""

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        self.db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=NORMAL")
        self.db.execute("PRAGMA busy_timeout=5000")
        self.db.executescript(_SCHEMA)

    def close(self) -> None:
        self.db.close()

    # -- reading ----------------------------------------------------------------------
    def room(self, code: str) -> RoomRow | None:
        row = self.db.execute(
            "SELECT code, game, config, seats, seq, state, over FROM rooms WHERE code = ?",
            (code,)).fetchone()
        if row is None:
            return None
        return RoomRow(row[0], row[1], json.loads(row[2]), json.loads(row[3]), row[4], row[5],
                       bool(row[6]))

    def token(self, token: str) -> tuple[str, int] | None:
        """The room and seat a token opens (``None``: no such token)."""
        row = self.db.execute("SELECT code, seat FROM tokens WHERE digest = ?",
                              (digest(token),)).fetchone()
        return None if row is None else (row[0], row[1])

    def open_rooms(self) -> int:
        return int(self.db.execute("SELECT count(*) FROM rooms WHERE over = 0").fetchone()[0])

    def actions(self, code: str) -> list[tuple[int, int, str]]:
        """The stored actions of a room: ``(seq, seat, notation)`` in order."""
        return [(r[0], r[1], r[2]) for r in self.db.execute(
            "SELECT seq, seat, action FROM actions WHERE code = ? ORDER BY seq", (code,))]

    # -- writing ----------------------------------------------------------------------
    @contextlib.contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        """One write transaction: committed whole, or rolled back and a :class:`StoreError`."""
        try:
            self.db.execute("BEGIN IMMEDIATE")
            yield self.db
            self.db.execute("COMMIT")
        except sqlite3.Error as exc:
            self._rollback()
            raise StoreError(str(exc)) from None
        except StoreError:
            self._rollback()
            raise

    @staticmethod
    def _one(cur: sqlite3.Cursor, why: str) -> None:
        if cur.rowcount != 1:
            raise StoreError(why)

    def create(self, code: str, game: str, config: dict[str, Any], seats: list[dict[str, Any]],
               host_token: str) -> None:
        now = time.time()
        with self._transaction() as db:
            db.execute(
                "INSERT INTO rooms (code, game, config, seats, seq, state, over, created, updated)"
                " VALUES (?, ?, ?, ?, -1, NULL, 0, ?, ?)",
                (code, game, json.dumps(config), json.dumps(seats), now, now))
            db.execute("INSERT INTO tokens (digest, code, seat) VALUES (?, ?, 0)",
                       (digest(host_token), code))

    def join(self, code: str, seats: list[dict[str, Any]], seat: int, token: str) -> None:
        """Give ``seat`` to the holder of ``token`` (only while the room is a lobby)."""
        with self._transaction() as db:
            self._one(db.execute("UPDATE rooms SET seats = ?, updated = ? WHERE code = ? AND seq = -1",
                                 (json.dumps(seats), time.time(), code)),
                      "the room is no longer open")
            db.execute("INSERT INTO tokens (digest, code, seat) VALUES (?, ?, ?)",
                       (digest(token), code, seat))

    def start(self, code: str, seats: list[dict[str, Any]], state: str) -> None:
        """The lobby becomes a game: its seats are final and the state is at version 0."""
        with self._transaction() as db:
            self._one(db.execute("UPDATE rooms SET seats = ?, seq = 0, state = ?, updated = ? "
                                 "WHERE code = ? AND seq = -1",
                                 (json.dumps(seats), state, time.time(), code)),
                      "the room has already started")

    def record(self, code: str, before: int, actions: Sequence[tuple[int, str]], state: str,
               over: bool) -> None:
        """Store accepted ``actions`` (``(seat, notation)``, applied from version ``before``)
        and the resulting state, in one transaction guarded by ``before``."""
        now = time.time()
        rows = [(code, before + 1 + i, seat, text, now) for i, (seat, text) in enumerate(actions)]
        with self._transaction() as db:
            self._one(db.execute("UPDATE rooms SET seq = ?, state = ?, over = ?, updated = ? "
                                 "WHERE code = ? AND seq = ?",
                                 (before + len(actions), state, int(over), now, code, before)),
                      "the room moved on: not written")
            db.executemany(
                "INSERT INTO actions (code, seq, seat, action, at) VALUES (?, ?, ?, ?, ?)", rows)

    def prune(self, older_than: float) -> int:
        """Forget rooms untouched for ``older_than`` seconds (finished or abandoned)."""
        cutoff = time.time() - older_than
        with self._transaction() as db:
            codes = [(r[0],) for r in db.execute("SELECT code FROM rooms WHERE updated < ?",
                                                 (cutoff,))]
            for table in ("rooms", "actions", "tokens"):
                db.executemany(f"DELETE FROM {table} WHERE code = ?", codes)
        return len(codes)

    def _rollback(self) -> None:
        if self.db.in_transaction:
            self.db.execute("ROLLBACK")
