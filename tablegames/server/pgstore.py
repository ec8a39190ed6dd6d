"""Rooms in PostgreSQL, shared by any number of server processes (``--db postgresql://...``).

The same tables and statements as the SQLite :class:`~tablegames.server.store.Store`
(the event log: setup, appended actions, a snapshot every ``SNAPSHOT_EVERY`` actions),
through psycopg 3, the maintained PostgreSQL driver for Python. What several processes
need beyond one:

- **Every write is serialised per room by the database.** An action is stored only if
  the room's ``seq`` is still the one the process applied it to, and a seat only if the
  lobby's seats are still the ones it saw, so two processes can never store two actions
  at one version or hand one seat to two people; the loser of a race reads the room
  again (``Hub.catch_up``) and its phone is told its tap was stale.
- **Every process hears every commit**: each write sends ``NOTIFY tablegames_rooms``
  with the room's code and new version inside its transaction (PostgreSQL delivers it
  only once committed); each process ``LISTEN``\\ s on a connection of its own, on a
  thread, and the hub applies the new actions from the log to the rooms it holds and
  pushes the events to its own phones.
- **One process runs a room's bots**: the one holding the room's session advisory lock.
  The lock dies with its connection, so when a process is killed another one (whose
  phones reconnected there) takes the room's bots over within a second (``Hub.tend``).
"""

from __future__ import annotations

import contextlib
import logging
import threading
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from tablegames.server.store import _SCHEMA, Store, StoreError

log = logging.getLogger("tablegames.server")

CHANNEL = "tablegames_rooms"


def _pg(sql: str) -> str:
    """A statement written for SQLite (``?`` placeholders) as psycopg spells it."""
    return sql.replace("?", "%s")


class PgStore(Store):
    """The rooms in a PostgreSQL database (see the module docstring)."""

    shared = True

    def __init__(self, url: str) -> None:
        import psycopg

        self.path = url
        self._lock_fd = None
        self._url = url
        self._owned: set[str] = set()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        try:
            self.pg = psycopg.connect(url, autocommit=True)
        except psycopg.Error as exc:
            raise StoreError(f"cannot connect to PostgreSQL: {exc}") from None
        with self.pg.transaction():
            # one creator at a time when several processes start together
            self.pg.execute("SELECT pg_advisory_xact_lock(7261)")
            for statement in _SCHEMA.replace("REAL", "DOUBLE PRECISION").split(";"):
                if statement.strip():
                    self.pg.execute(statement)

    def close(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(5)
        self.pg.close()

    def _q(self, sql: str, params: Sequence[Any] = ()) -> Any:
        import psycopg

        try:
            return self.pg.execute(_pg(sql), params)
        except psycopg.Error as exc:
            raise StoreError(str(exc)) from None

    def _many(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        import psycopg

        try:
            with self.pg.cursor() as cur:
                cur.executemany(_pg(sql), rows)
        except psycopg.Error as exc:
            raise StoreError(str(exc)) from None

    @contextlib.contextmanager
    def _transaction(self) -> Iterator[None]:
        import psycopg

        try:
            with self.pg.transaction():
                yield
        except psycopg.Error as exc:
            raise StoreError(str(exc)) from None

    def _notify(self, code: str, what: str) -> None:
        self._q("SELECT pg_notify(?, ?)", (CHANNEL, f"{code} {what}"))

    def listen(self, callback: Callable[[str, str], None]) -> None:
        """Hear every commit (other processes' and this one's) on a thread of its own."""
        import psycopg

        conn = psycopg.connect(self._url, autocommit=True)
        conn.execute(f"LISTEN {CHANNEL}")

        def run() -> None:
            try:
                while not self._stop.is_set():
                    for note in conn.notifies(timeout=0.5):
                        code, _, what = note.payload.partition(" ")
                        callback(code, what)
            except psycopg.Error:
                if not self._stop.is_set():
                    log.exception("the PostgreSQL notification connection failed")
            finally:
                conn.close()

        self._thread = threading.Thread(target=run, name="tablegames-listen", daemon=True)
        self._thread.start()

    def owns(self, code: str) -> bool:
        if code in self._owned:
            return True
        row = self._q("SELECT pg_try_advisory_lock(hashtext(?))", (code,)).fetchone()
        if row is not None and row[0]:
            self._owned.add(code)
            return True
        return False

    def disown(self, code: str) -> None:
        if code in self._owned:
            self._owned.discard(code)
            with contextlib.suppress(StoreError):
                self._q("SELECT pg_advisory_unlock(hashtext(?))", (code,))


def open_store(db: str) -> Store:
    """The store ``--db`` names: a ``postgresql://`` URL, or a SQLite file's path."""
    if db.startswith(("postgresql://", "postgres://")):
        return PgStore(db)
    return Store(db)
