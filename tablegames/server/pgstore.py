"""Rooms in PostgreSQL, shared by any number of server processes (``--db postgresql://...``).

The same tables and statements as the SQLite :class:`~tablegames.server.store.Store`
(the event log: setup, appended actions, a snapshot every ``SNAPSHOT_EVERY`` actions),
through psycopg 3, the maintained PostgreSQL driver for Python. What several processes
need beyond one:

- **Every write is serialised per room by the database.** An action is stored only if
  the room's ``seq`` is still the one the process applied it to, and a seat only if the
  lobby's seats are still the ones it saw, so two processes can never store two actions
  at one version or hand one seat to two people; the loser of a race rebuilds the room
  at the raced version and applies the winner's actions (``Hub._resync``), and its
  phone is told its tap was stale.
- **Every process hears every commit**: each write sends ``NOTIFY tablegames_rooms``
  with the room's code and new version inside its transaction (PostgreSQL delivers it
  only once committed); each process ``LISTEN``\\ s on a connection of its own, on a
  thread, and the hub applies the new actions from the log to the rooms it holds and
  pushes the events to its own phones.
- **One process runs a room's bots**: the one holding the room's session advisory lock
  (keyed by the room code itself, :func:`lock_key`, so no two rooms share one).
  The lock dies with its connection, so when a process is killed another one (whose
  phones reconnected there) takes the room's bots over within a second (``Hub.tend``).
- **The bounds of a room and of the service hold across processes**: a room is stored
  with the network that created it, and a creation counts the open rooms (all, and its
  network's) and writes its own in one transaction that holds the creation lock
  (:data:`CREATION_LOCK`), so ``max_rooms`` and ``rooms_per_network`` are the
  database's counts. A room's spectator screens are rows of ``screens``, one a socket,
  named by the process that holds it (:attr:`PgStore.process`, its query connection's
  ``application_name``): a row whose process has no session left (it was killed) is
  not counted and is deleted at the room's next screen, so a dead process gives its
  places back as soon as PostgreSQL has ended its session, with no lease to renew.
- **Who is online is the room's**: a player's socket is a row of ``presence`` (process,
  room, seat), written when it connects and deleted when it leaves, each with a
  ``NOTIFY`` (``presence <process>``) on which every other process holding the room
  reads the seats held elsewhere again (``Hub.notice``). A dead process's rows are
  deleted by any living process's tending (:meth:`PgStore.reap`, the same
  ``pg_stat_activity`` check as the screens'), whose ``NOTIFY`` tells the rest.
"""

from __future__ import annotations

import contextlib
import itertools
import logging
import secrets
import threading
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from tablegames.server.store import (
    _SCHEMA,
    NETWORK_COLUMN,
    NETWORK_INDEX,
    PRESENCE,
    UNREADABLE_COLUMN,
    Store,
    StoreError,
)

log = logging.getLogger("tablegames.server")

CHANNEL = "tablegames_rooms"
#: The transaction lock every room creation takes (beside the schema's, 7261).
CREATION_LOCK = 7262
#: The spectator screens open now, one row a socket, by process (see the module).
_SCREENS = """
CREATE TABLE IF NOT EXISTS screens (
    process TEXT NOT NULL,
    ticket BIGINT NOT NULL,
    code TEXT NOT NULL,
    PRIMARY KEY (process, ticket)
);
CREATE INDEX IF NOT EXISTS screens_code ON screens (code)
"""
#: The players' sockets open now, one row a socket, by process: who is online, for every
#: process holding the room (see the module).
_PRESENCE = """
CREATE TABLE IF NOT EXISTS presence (
    process TEXT NOT NULL,
    ticket BIGINT NOT NULL,
    code TEXT NOT NULL,
    seat INTEGER NOT NULL,
    PRIMARY KEY (process, ticket)
);
CREATE INDEX IF NOT EXISTS presence_code ON presence (code)
"""


def _gone(table: str) -> str:
    """The rows of ``table`` whose process has no session left (it was killed)."""
    return ("NOT EXISTS (SELECT 1 FROM pg_stat_activity a "
            f"WHERE a.application_name = {table}.process)")


#: The screens of processes that have no session left (killed): not counted, deleted.
_GONE = _gone("screens")


def _pg(sql: str) -> str:
    """A statement written for SQLite (``?`` placeholders) as psycopg spells it."""
    return sql.replace("?", "%s")


class PgStore(Store):
    """The rooms in a PostgreSQL database (see the module docstring).

    Both connections come back after a database restart or a dropped connection: the
    query connection is opened again on its next use (a statement on its own, a read or
    a lock, runs once more on the new one; a write's transaction that had not begun
    does too), and the ``LISTEN`` thread reconnects and then calls ``reconnected``, so
    the hub reads again every room it holds (a commit sent while it was deaf is not
    lost). The advisory locks die with the old session, so this process forgets it held
    them.
    """

    shared = True

    def __init__(self, url: str) -> None:
        self.path = url
        self._lock_fd = None
        self._url = url
        self._owned: set[str] = set()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        #: Transactions open on the query connection (no reconnecting inside one).
        self._depth = 0
        #: This process's name on its query connection (``application_name``): the
        #: screens it holds are counted while a session of that name is alive.
        self.process = f"tablegames-{secrets.token_hex(8)}"
        self._tickets = itertools.count(1)
        #: Screens closed while the database could not be written: deleted next time.
        self._undropped: list[int] = []
        #: Players' sockets closed while it could not be written (code, ticket): likewise.
        self._unleft: list[tuple[str, int]] = []
        self.pg = self._connect()
        with self._transaction():
            # one creator at a time when several processes start together
            self._q("SELECT pg_advisory_xact_lock(7261)")
            for statement in _SCHEMA.replace("REAL", "DOUBLE PRECISION").split(";"):
                if statement.strip():
                    self._q(statement)
            # a database of an older server: its rooms get the verdict column
            self._q(f"ALTER TABLE rooms ADD COLUMN IF NOT EXISTS {UNREADABLE_COLUMN}")
            # ... and the network column (its rooms count for no network)
            self._q(f"ALTER TABLE rooms ADD COLUMN IF NOT EXISTS {NETWORK_COLUMN}")
            self._q(NETWORK_INDEX)
            for statement in (*_SCREENS.split(";"), *_PRESENCE.split(";")):
                self._q(statement)

    def _connect(self) -> Any:
        import psycopg

        try:
            return psycopg.connect(self._url, autocommit=True, connect_timeout=10,
                                   application_name=self.process)
        except psycopg.Error as exc:
            raise StoreError(f"cannot connect to PostgreSQL: {exc}") from None

    def _live(self) -> Any:
        """The query connection, opened again if it was lost (the database restarted,
        the connection was cut); :class:`StoreError` while the database is unreachable."""
        if self.pg.closed or self.pg.broken:
            self._owned.clear()  # session advisory locks die with their session
            with contextlib.suppress(Exception):
                self.pg.close()
            self.pg = self._connect()
            log.warning("reconnected to PostgreSQL")
        return self.pg

    def close(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(5)
        self.pg.close()

    def _q(self, sql: str, params: Sequence[Any] = ()) -> Any:
        import psycopg

        for attempt in (0, 1):
            conn = self.pg if self._depth else self._live()
            try:
                return conn.execute(_pg(sql), params)
            except psycopg.Error as exc:
                # outside a transaction this store runs only reads and lock calls (its
                # writes are transactions), so a statement the lost connection failed
                # runs once more on a new one
                if attempt == 0 and not self._depth and conn.broken:
                    continue
                raise StoreError(str(exc)) from None
        raise AssertionError("unreachable")  # pragma: no cover

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

        stack = contextlib.ExitStack()
        for attempt in (0, 1):
            conn = self._live()
            try:
                stack.enter_context(conn.transaction())
                break
            except psycopg.Error as exc:
                if attempt == 0 and conn.broken:  # its BEGIN failed: nothing ran, retry
                    continue
                raise StoreError(str(exc)) from None
        self._depth += 1
        try:
            with stack:
                yield
        except psycopg.Error as exc:
            raise StoreError(str(exc)) from None
        finally:
            self._depth -= 1

    def _notify(self, code: str, what: str) -> None:
        self._q("SELECT pg_notify(?, ?)", (CHANNEL, f"{code} {what}"))

    def listen(self, callback: Callable[[str, str], None],
               reconnected: Callable[[], None] | None = None) -> None:
        """Hear every commit (other processes' and this one's) on a thread of its own;
        when the connection is lost, connect again (every half second at first, then
        less often, up to every 5 s) and call ``reconnected`` once listening again."""
        import psycopg

        first = psycopg.connect(self._url, autocommit=True)
        first.execute(f"LISTEN {CHANNEL}")

        def run() -> None:
            conn: Any = first
            wait = 0.5
            while not self._stop.is_set():
                try:
                    if conn is None:
                        conn = psycopg.connect(self._url, autocommit=True, connect_timeout=10)
                        conn.execute(f"LISTEN {CHANNEL}")
                        log.warning("listening to PostgreSQL again")
                        wait = 0.5
                        if reconnected is not None:
                            reconnected()
                    for note in conn.notifies(timeout=0.5):
                        code, _, what = note.payload.partition(" ")
                        callback(code, what)
                except psycopg.Error as exc:
                    if self._stop.is_set():
                        break
                    log.warning("the PostgreSQL notification connection failed (%s); "
                                "connecting again", str(exc).strip())
                    if conn is not None:
                        with contextlib.suppress(Exception):
                            conn.close()
                        conn = None
                    self._stop.wait(wait)
                    wait = min(wait * 2, 5.0)
            if conn is not None:
                conn.close()

        self._thread = threading.Thread(target=run, name="tablegames-listen", daemon=True)
        self._thread.start()

    def _one_creator(self) -> None:
        self._q("SELECT pg_advisory_xact_lock(?)", (CREATION_LOCK,))

    def take_screen(self, code: str, cap: int) -> int | None:
        """Count a screen of ``code`` across every process (see the module): the room's
        screens of dead processes are deleted, the live ones counted and this one's row
        written in one transaction holding the room's screen lock (:func:`lock_key`
        ``"S"``), so two processes never both take a room's last place."""
        self._drop_undropped()
        with self._transaction():
            self._q("SELECT pg_advisory_xact_lock(?)", (lock_key(code, "S"),))
            self._q(f"DELETE FROM screens WHERE code = ? AND {_GONE}", (code,))
            row = self._q("SELECT count(*) FROM screens WHERE code = ?", (code,)).fetchone()
            if row[0] >= cap:
                return None
            ticket = next(self._tickets)
            self._q("INSERT INTO screens (process, ticket, code) VALUES (?, ?, ?)",
                    (self.process, ticket, code))
        return ticket

    def drop_screen(self, ticket: int) -> None:
        """Give a screen's place back; while the database cannot be written it is kept
        and given back at the next screen taken or closed (never counted for good)."""
        self._undropped.append(ticket)
        self._drop_undropped()

    def _drop_undropped(self) -> None:
        if not self._undropped:
            return
        try:
            self._q("DELETE FROM screens WHERE process = ? AND ticket = ANY(?)",
                    (self.process, list(self._undropped)))
        except StoreError:
            log.warning("could not give back %d screens' places; trying again later",
                        len(self._undropped))
            return
        self._undropped.clear()

    # -- who is online ------------------------------------------------------------------
    def take_seat(self, code: str, seat: int) -> tuple[int, frozenset[int]]:
        """Write this socket's row and tell the others (``NOTIFY``, sent when it
        commits), and read the seats other living processes hold, in one transaction."""
        self._leave_unleft()
        ticket = next(self._tickets)
        with self._transaction():
            self._q("INSERT INTO presence (process, ticket, code, seat) VALUES (?, ?, ?, ?)",
                    (self.process, ticket, code, seat))
            self._notify(code, f"{PRESENCE} {self.process}")
            elsewhere = self.seats_elsewhere(code)
        return ticket, elsewhere

    def drop_seat(self, code: str, ticket: int) -> None:
        """Delete the socket's row and tell the others; while the database cannot be
        written it is kept and deleted at the next seat taken or left, or the next tick
        (:meth:`reap`)."""
        self._unleft.append((code, ticket))
        self._leave_unleft()

    def _leave_unleft(self) -> None:
        if not self._unleft:
            return
        try:
            with self._transaction():
                self._q("DELETE FROM presence WHERE process = ? AND ticket = ANY(?)",
                        (self.process, [t for _, t in self._unleft]))
                for code in sorted({c for c, _ in self._unleft}):
                    self._notify(code, f"{PRESENCE} {self.process}")
        except StoreError:
            log.warning("could not say that %d sockets left; trying again later",
                        len(self._unleft))
            return
        self._unleft.clear()

    def seats_elsewhere(self, code: str) -> frozenset[int]:
        rows = self._q("SELECT DISTINCT seat FROM presence WHERE code = ? AND process <> ? "
                       f"AND NOT {_gone('presence')}", (code, self.process)).fetchall()
        return frozenset(int(r[0]) for r in rows)

    def reap(self) -> None:
        """Delete the rows of processes that have no session left and tell every process
        holding their rooms (``presence -``): one statement a tick (``Hub.tend``), which
        finds nothing to delete almost always. Any process may do it for all."""
        self._leave_unleft()
        with self._transaction():
            rows = self._q(f"DELETE FROM presence WHERE {_gone('presence')} "
                           "RETURNING code").fetchall()
            for code in sorted({r[0] for r in rows}):
                self._notify(code, f"{PRESENCE} -")

    def rejoin(self, held: Sequence[tuple[str, int, int]]) -> None:
        with self._transaction():
            self._many("INSERT INTO presence (process, ticket, code, seat) VALUES (?, ?, ?, ?) "
                       "ON CONFLICT DO NOTHING",
                       [(self.process, ticket, code, seat) for code, seat, ticket in held])
            for code in sorted({c for c, _, _ in held}):
                self._notify(code, f"{PRESENCE} {self.process}")

    def expire(self, lobby_idle: float, game_idle: float) -> int:
        """Close idle rooms (:meth:`Store.expire`), and delete the screens of every
        process that has no session left (a room nobody watches again keeps none)."""
        closed = super().expire(lobby_idle, game_idle)
        self._q(f"DELETE FROM screens WHERE {_GONE}")
        return closed

    def owns(self, code: str) -> bool:
        if code in self._owned and not (self.pg.closed or self.pg.broken):
            return True
        row = self._q("SELECT pg_try_advisory_lock(?)", (lock_key(code),)).fetchone()
        if row is not None and row[0]:
            self._owned.add(code)
            return True
        return False

    def disown(self, code: str) -> None:
        if code in self._owned:
            self._owned.discard(code)
            with contextlib.suppress(StoreError):
                self._q("SELECT pg_advisory_unlock(?)", (lock_key(code),))


def lock_key(code: str, kind: str = "T") -> int:
    """The advisory lock of a room's bots: the code's own bytes as a 64-bit key (``kind``
    ``"S"``: the lock of its screens' count, :meth:`PgStore.take_screen`, another key).

    A room code is 7 ASCII letters and digits, 56 bits: written after the byte ``T``
    it is a positive ``bigint`` that no other code has (``hashtext`` is 32 bits, and two
    codes sharing a hash shared one lock: one room's bots never moved). The lock stays a
    session advisory lock because it dies with its process's connection, so another
    process takes the bots of a killed one over at once; a lease column would need
    renewing and a timeout. The leading ``T`` keeps the keys away from small ones such as
    the schema lock (7261).
    """
    raw = code.encode("ascii")
    if len(raw) > 7:
        raise StoreError(f"a room code has at most 7 characters: {code!r}")
    return int.from_bytes(kind.encode("ascii") + raw.rjust(7, b"\0"), "big")


def without_password(db: str) -> str:
    """``db`` as it may be printed or logged: a ``postgresql://`` URL without its
    password (after the user name, or as a ``password=`` parameter) or the passphrase of
    its client key (``sslpassword=``); a file path as is."""
    if not db.startswith(("postgresql://", "postgres://")):
        return db
    from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

    parts = urlsplit(db)
    netloc = parts.netloc
    if "@" in netloc:
        user, _, host = netloc.rpartition("@")
        netloc = user.partition(":")[0] + "@" + host
    query = urlencode([(k, v) for k, v in parse_qsl(parts.query, keep_blank_values=True)
                       if k not in ("password", "sslpassword")])
    return urlunsplit((parts.scheme, netloc, parts.path, query, parts.fragment))


def open_store(db: str) -> Store:
    """The store ``--db`` names: a ``postgresql://`` URL, or a SQLite file's path."""
    if db.startswith(("postgresql://", "postgres://")):
        return PgStore(db)
    return Store(db)
