"""A room whose stored game today's engine refuses to rebuild is refused for good.

A store written by an older development commit can hold a room whose stored actions no
longer replay (a Dallah room of 7f45a56 or 4112dab: DAL-14 ``cup_not_on_pot``). Such a
room was refused ``busy`` on every request, each one replaying it and logging it again,
and its phones were closed with 1013 ("try again later") and reconnected for ever. It is
refused ``room_unreadable`` (HTTP 410, a socket closed with 4410, on which the page
stops), remembered for the process and logged once; a store that cannot be read stays
``busy`` (1013).

The broken room is made with today's store API and a real SQLite file whose action list
is then edited to hold a move the engine refuses (Toepen's ``fold`` while the hands are
still being kept: TOE-56).
"""

from __future__ import annotations

import logging
import shutil
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs
import pytest
from websockets.exceptions import ConnectionClosed

from tablegames.server.rooms import ClientError, Hub
from tablegames.server.store import Store, StoreError
from tablegames.server.words import error_text
from tests.server.helpers import Phones, Postgres, Server, Socket, until, until_true


@attrs.frozen
class Broken:
    """A store file holding one Toepen room whose action 2 the engine refuses, and one
    good room beside it; the broken room's seat tokens and the cards dealt to it."""

    path: Path
    code: str
    tokens: tuple[str, ...]
    cards: frozenset[str]
    good: str
    good_tokens: tuple[str, ...]


def _room(hub: Hub, seed: int) -> tuple[str, tuple[str, ...]]:
    """A started two-seat Toepen room three taps in; its code and seat tokens."""
    code, host = hub.create({"game": "toepen", "players": 2, "name": "Amal", "seed": seed})
    tokens = (host, hub.join(code, "Bo"))
    room = hub.room(code)
    for _ in range(3):
        state = room.state
        hub._commit(room, state.to_act, [str(state.legal_actions()[0])], state.version)
    return code, tokens


def make_broken(folder: Path) -> Broken:
    """The store of :class:`Broken`, written by today's hub, its action 2 edited to
    ``1:fold`` (refused: everyone is still keeping or throwing in their hand, TOE-56)."""
    path = folder / "rooms.sqlite"
    hub = Hub(Store(path), bot_delay=0)
    try:
        code, tokens = _room(hub, 3)
        state = hub.room(code).state
        cards = frozenset(c for seat in (0, 1) for c in state.view(seat)["hand"])
        good, good_tokens = _room(hub, 4)
    finally:
        hub.store.close()
    db = sqlite3.connect(path)
    with db:
        assert db.execute("UPDATE actions SET action = '1:fold' WHERE code = ? AND seq = 2",
                          (code,)).rowcount == 1
    db.close()
    return Broken(path, code, tokens, cards, good, good_tokens)


@pytest.fixture
def broken(tmp_path: Path) -> Broken:
    return make_broken(tmp_path)


@pytest.fixture
def hub(broken: Broken) -> Iterator[Hub]:
    """Today's hub, a fresh process, on the broken store."""
    made = Hub(Store(broken.path), bot_delay=0)
    yield made
    made.store.close()


def refused(call: Any, *args: Any) -> str:
    with pytest.raises(ClientError) as caught:
        call(*args)
    return caught.value.code


def _counting(hub: Hub) -> list[str]:
    """Every read of the hub's store from now on, by name."""
    reads: list[str] = []
    for name in ("room", "actions", "token"):
        real = getattr(hub.store, name)

        def counted(*args: Any, _real: Any = real, _name: str = name, **kw: Any) -> Any:
            reads.append(_name)
            return _real(*args, **kw)

        setattr(hub.store, name, counted)
    return reads


def test_a_room_whose_stored_actions_do_not_replay_is_refused_for_good(
        broken: Broken, hub: Hub, caplog: pytest.LogCaptureFixture) -> None:
    """By its code (any case), by each seat link and by a join: ``room_unreadable``,
    never ``busy``. The verdict is remembered: asked again, the store is not read (no
    replay), and the log names the room and the cause once, without a seat token or a
    card of the hands."""
    with caplog.at_level(logging.INFO, logger="tablegames.server"):
        assert refused(hub.room, broken.code) == "room_unreadable"
        reads = _counting(hub)
        for _ in range(3):
            assert refused(hub.room, broken.code) == "room_unreadable"
            assert refused(hub.room, broken.code.lower()) == "room_unreadable"
            assert refused(hub.join, broken.code, "Cy") == "room_unreadable"
        assert reads == []  # told from memory: no replay, no read
        for token in broken.tokens:
            assert refused(hub.by_token, token) == "room_unreadable"
        assert reads == ["token", "token"]  # the link's seat, then the verdict
        assert hub.room(broken.good).state.version == 3  # the room beside it opens
    lines = [r for r in caplog.records if broken.code in r.getMessage()]
    assert len(lines) == 1, [r.getMessage() for r in lines]
    assert lines[0].levelno == logging.ERROR
    lines = [lines[0].getMessage()]
    assert "wrong_phase, TOE-56" in lines[0] and "version 2" in lines[0]
    text = caplog.text
    assert not any(token in text for token in broken.tokens)
    words = set(text.replace("(", " ").replace(")", " ").replace(",", " ").split())
    assert not broken.cards & words, broken.cards & words
    assert broken.code not in hub.rooms


def test_the_verdicts_are_bounded_as_the_rooms_are(broken: Broken) -> None:
    """A hub keeps at most ``max_cached`` verdicts, the longest unasked leaving first: a
    forgotten one is found again on its next request from the room's row alone, where
    the hub that judged it kept it (``Store.condemn``): one read, no replay."""
    db = sqlite3.connect(broken.path)
    with db:  # the room beside it broken too
        db.execute("UPDATE actions SET action = '1:fold' WHERE code = ? AND seq = 2",
                   (broken.good,))
    db.close()
    hub = Hub(Store(broken.path), bot_delay=0, max_cached=1)
    try:
        reads = _counting(hub)
        for code in (broken.code, broken.good):
            assert refused(hub.room, code) == "room_unreadable"
            assert list(hub.unreadable) == [code]
            assert reads.count("actions") >= 1  # judged: a replay
            reads.clear()
        assert refused(hub.room, broken.code) == "room_unreadable"
        assert list(hub.unreadable) == [broken.code]
        assert reads == ["room"]  # forgotten here, refused from its stored verdict
        reads.clear()
        assert refused(hub.room, broken.code) == "room_unreadable"
        assert reads == []
    finally:
        hub.store.close()


def test_a_store_that_cannot_be_read_stays_busy(broken: Broken, hub: Hub) -> None:
    """The store failing while a room loads (the database unreachable, a file SQLite
    cannot read) is ``busy``, and nothing is remembered: the room opens once the store
    answers again. A SQLite error on a read was a raw ``sqlite3`` error (a server fault)."""
    real = hub.store.actions

    def down(*args: Any, **kw: Any) -> Any:
        raise StoreError("the database is unreachable")

    hub.store.actions = down  # type: ignore[method-assign]
    assert refused(hub.room, broken.good) == "busy"
    assert refused(hub.room, broken.code) == "busy"  # not judged while unreadable
    hub.store.actions = real  # type: ignore[method-assign]
    assert not hub.unreadable
    assert hub.room(broken.good).state.version == 3
    assert refused(hub.room, broken.code) == "room_unreadable"

    other = Hub(Store(broken.path, read_only=True), bot_delay=0)
    other.store.db.close()  # every read now fails in SQLite itself
    assert refused(other.room, broken.good) == "busy"
    assert refused(other.by_token, broken.good_tokens[0]) == "busy"


def test_a_room_that_changed_while_it_was_read_is_busy_not_unreadable(
        broken: Broken, hub: Hub) -> None:
    """Where several processes write, a Play again between a load's two reads (the row,
    then the actions) mixes two games, which do not replay: the verdict stands only if
    the room reads the same again; else ``busy``, and the next request judges anew."""
    real = hub.store.room
    calls: list[int] = []

    def moving(code: str) -> Any:
        row = real(code)
        calls.append(1)
        if len(calls) == 2:  # the second read: another process changed it meanwhile
            return attrs.evolve(row, config=dict(row.config, round=2))
        return row

    hub.store.room = moving  # type: ignore[method-assign]
    assert refused(hub.room, broken.code) == "busy"
    assert not hub.unreadable
    assert refused(hub.room, broken.code) == "room_unreadable"


def _stored(path: Path, code: str) -> tuple[int, str | None]:
    """A room's ``over`` and ``unreadable`` columns as the file holds them."""
    db = sqlite3.connect(path)
    try:
        return db.execute("SELECT over, unreadable FROM rooms WHERE code = ?", (code,)).fetchone()
    finally:
        db.close()


def test_a_condemned_room_is_closed_in_the_store_for_every_process(
        broken: Broken, caplog: pytest.LogCaptureFixture) -> None:
    """Found unreadable, the room stops counting as open at once (it held a place under
    ``--max-rooms`` and its network's bound for 24 hours, until the idle schedule), and
    its verdict is kept in its row: the next server process on the file refuses it from
    that row, with no replay and no error logged again; the room beside it is untouched."""
    hub = Hub(Store(broken.path), bot_delay=0, max_rooms=2)
    try:
        assert hub.store.open_rooms() == 2
        with pytest.raises(ClientError) as full:  # both places taken
            hub.create({"game": "toepen", "players": 2, "name": "Cy"})
        assert full.value.code == "busy"
        assert refused(hub.room, broken.code) == "room_unreadable"
        assert hub.store.open_rooms() == 1
        assert hub.still_open([broken.code, broken.good]) == [broken.good]
        hub.create({"game": "toepen", "players": 2, "name": "Cy"})  # its place is free
    finally:
        hub.store.close()
    assert _stored(broken.path, broken.code) == (
        1, "the action stored at version 2: wrong_phase, TOE-56")
    assert _stored(broken.path, broken.good) == (0, None)
    later = Hub(Store(broken.path), bot_delay=0)
    caplog.clear()
    try:
        reads = _counting(later)
        with caplog.at_level(logging.INFO, logger="tablegames.server"):
            for token in broken.tokens:
                assert refused(later.by_token, token) == "room_unreadable"
            assert refused(later.room, broken.code) == "room_unreadable"
        assert reads == ["token", "room", "token"]  # its row, once; then from memory
        lines = [r for r in caplog.records if broken.code in r.getMessage()]
        assert [r.levelno for r in lines] == [logging.INFO], [r.getMessage() for r in lines]
        assert later.room(broken.good).state.version == 3
    finally:
        later.store.close()


def test_a_game_not_installed_is_closed_but_not_condemned(broken: Broken) -> None:
    """A room of a game this server does not have stops counting as open, but no verdict
    is kept: the cause is the server's, not the room's, and once the game is installed
    (here: its name put back) the room opens again and plays on."""
    db = sqlite3.connect(broken.path)
    with db:
        db.execute("UPDATE rooms SET game = 'gone' WHERE code = ?", (broken.good,))
    db.close()
    hub = Hub(Store(broken.path), bot_delay=0)
    try:
        assert refused(hub.room, broken.good) == "room_unreadable"
        assert hub.store.open_rooms() == 1
    finally:
        hub.store.close()
    assert _stored(broken.path, broken.good) == (1, None)
    db = sqlite3.connect(broken.path)
    with db:
        db.execute("UPDATE rooms SET game = 'toepen' WHERE code = ?", (broken.good,))
    db.close()
    hub = Hub(Store(broken.path), bot_delay=0)
    try:
        room = hub.room(broken.good)
        state = room.state
        hub._commit(room, state.to_act, [str(state.legal_actions()[0])], state.version)
        assert hub.room(broken.good).state.version == 4
    finally:
        hub.store.close()


def _edit(path: Path, *statements: tuple[str, tuple[Any, ...]]) -> None:
    db = sqlite3.connect(path)
    with db:
        for sql, args in statements:
            db.execute(sql, args)
    db.close()


def test_a_room_whose_snapshot_and_log_end_apart(broken: Broken) -> None:
    """No write of today's store leaves a room whose snapshot and actions end at
    different versions (each writes both in one transaction), but an edited file or a
    restored backup can hold one, and it was ``busy`` for ever. A room row ahead of a
    game that cannot reach it (its snapshot does not load, its log ends earlier) is
    ``room_unreadable``, kept (read while it changes, it is ``busy`` for that request
    alone); a snapshot later than the log that loads is the room's game (the snapshot
    plus the actions after it: none) and plays on."""
    hub = Hub(Store(broken.path), bot_delay=0)
    try:
        at3 = hub.room(broken.good).state.to_json()
    finally:
        hub.store.close()
    _edit(broken.path, ("UPDATE rooms SET seq = 5, snap_seq = 5, state = '{}' WHERE code = ?",
                        (broken.good,)))
    hub = Hub(Store(broken.path), bot_delay=0)
    try:
        real = hub.store.room
        calls: list[int] = []

        def moving(code: str) -> Any:
            row = real(code)
            calls.append(1)
            return attrs.evolve(row, seq=row.seq + 1) if len(calls) == 2 else row

        hub.store.room = moving  # type: ignore[method-assign]
        assert refused(hub.room, broken.good) == "busy"
        assert not hub.unreadable
        assert refused(hub.room, broken.good) == "room_unreadable"
        why = "its stored game rebuilds to version 3, its store says version 5"
        assert hub.unreadable[broken.good] == why
    finally:
        hub.store.close()
    assert _stored(broken.path, broken.good) == (1, why)

    # the snapshot at 3 and the log ending at 2
    _edit(broken.path,
          ("UPDATE rooms SET seq = 3, snap_seq = 3, state = ?, over = 0, unreadable = NULL "
           "WHERE code = ?", (at3, broken.good)),
          ("DELETE FROM actions WHERE code = ? AND seq = 3", (broken.good,)))
    hub = Hub(Store(broken.path), bot_delay=0)
    try:
        room = hub.room(broken.good)
        assert room.state.version == 3 and room.state.to_json() == at3
        hub._commit(room, room.state.to_act, [str(room.state.legal_actions()[0])], 3)
        assert room.state.version == 4
    finally:
        hub.store.close()


# -- a real server process -----------------------------------------------------------------
def _refusal(server: Server, path: str) -> tuple[str, str, int | None]:
    """The code and message a socket is refused with on opening, and its close code."""
    sock = Socket(server, path)
    try:
        told = sock.recv("error")
        with pytest.raises(ConnectionClosed):
            sock.recv(timeout=5)
        return told["code"], told["message"], sock.ws.close_code
    finally:
        sock.close()


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Server, Broken]]:
    """``tablegames serve`` on a copy of the broken store."""
    made = make_broken(tmp_path_factory.mktemp("made"))
    folder = tmp_path_factory.mktemp("served")
    shutil.copy(made.path, folder / "rooms.sqlite")
    with Server(folder / "rooms.sqlite") as server:
        yield server, attrs.evolve(made, path=folder / "rooms.sqlite")


def test_a_phone_is_told_the_room_cannot_be_continued_and_closed_for_good(
        served: tuple[Server, Broken]) -> None:
    """Its seat links and its screen: ``room_unreadable``, closed with 4410 (the page
    does not reconnect), never ``busy``/1013; its code's look-up, QR code and join
    answer 410 with the message in the asked language, not "no such room"; the
    server's log names the room once."""
    server, room = served
    said = error_text("en", "room_unreadable")
    for _ in range(2):
        for path in (f"/ws/p/{room.tokens[0]}", f"/ws/p/{room.tokens[1]}",
                     f"/ws/s/{room.code}"):
            assert _refusal(server, path) == ("room_unreadable", said, 4410)
    for lang in ("en", "nl", "da", "ar"):
        status, body = server.request(f"/api/rooms/{room.code}?lang={lang}")
        assert (status, body["code"], body["message"], body["detail"]) == (
            410, "room_unreadable", error_text(lang, "room_unreadable"), "")
    status, body = server.request(f"/qr/{room.code}.svg?lang=da")
    assert (status, body["code"], body["message"]) == (
        410, "room_unreadable", error_text("da", "room_unreadable"))
    status, body = server.request(f"/api/rooms/{room.code}/join?lang=ar", {"name": "Cy"})
    assert (status, body["code"], body["message"]) == (
        410, "room_unreadable", error_text("ar", "room_unreadable"))
    assert server.request("/api/rooms/ZZZZZZZ")[0] == 404  # no such room: still 404
    good = Socket(server, f"/ws/p/{room.good_tokens[0]}")
    good.send({"type": "hello"})
    assert good.recv("update")["page"]["version"] == 3  # the room beside it plays on
    good.close()
    log = server.log.read_text()
    assert sum(room.code in line for line in log.splitlines()) == 1, log[-3000:]
    assert "wrong_phase, TOE-56" in log
    assert not any(token in log for token in room.tokens)


def test_the_page_says_so_in_its_language_and_stops_trying(
        served: tuple[Server, Broken], browser: Any) -> None:
    """A seat's page (Arabic) and a shared screen (Danish): the message stays on the page
    in its language, with the link to make a new room; no other socket is opened (after
    a 1013 it would reconnect within 0.4 s, each time refused again); a language switch
    says it again. The join page of its code says the same under the form."""
    server, room = served
    for lang, path in (("ar", f"/p/{room.tokens[1]}"), ("da", f"/s/{room.code}")):
        phones = Phones(browser, server, lang=lang)
        try:
            page = phones.open(path)
            until(page, "body[data-dead='1'][data-last-error='room_unreadable']")
            until(page, "#gone:not([hidden])")
            assert page.inner_text("#gone-why") == error_text(lang, "room_unreadable")
            assert page.get_attribute("#gone a", "href") == "/"
            assert page.get_attribute("body", "data-offline") == "0"
            page.wait_for_timeout(2000)  # five backoffs of a page that would reconnect
            assert len(phones.frames[0]) == 1  # one socket, one refusal: no other came
            page.select_option("#lang", "en")
            until_true(page, "(t) => document.getElementById('gone-why').textContent === t",
                       error_text("en", "room_unreadable"))
            assert not phones.errors
        finally:
            phones.close()
    phones = Phones(browser, server, lang="nl")
    try:
        page = phones.open(f"/j/{room.code}")
        until_true(page, "(t) => document.getElementById('join-info').textContent === t",
                   error_text("nl", "room_unreadable"))
    finally:
        phones.close()


# -- PostgreSQL ----------------------------------------------------------------------------
def test_on_postgresql_too_and_an_unreachable_database_stays_busy(
        postgres: Postgres, tmp_path: Path) -> None:
    """The same room on PostgreSQL: refused ``room_unreadable`` (4410) by a server
    process, which closes it in the database (a database of an older server gets the
    verdict column first): it no longer counts as open, and another process refuses it
    from its row, with no replay. While the database is down, a room not yet loaded is
    ``busy`` (1013), and opens once it is back."""
    from tablegames.server.pgstore import PgStore

    url = postgres.fresh_database("unreadable")
    maker = Hub(PgStore(url), bot_delay=0)
    try:
        code, tokens = _room(maker, 3)
        good, good_tokens = _room(maker, 4)
    finally:
        maker.store.close()
    import psycopg

    with psycopg.connect(url, autocommit=True) as conn:
        assert conn.execute("UPDATE actions SET action = '1:fold' WHERE code = %s AND seq = 2",
                            (code,)).rowcount == 1
        conn.execute("ALTER TABLE rooms DROP COLUMN unreadable")  # as an older server left it
    server = Server(url, log=tmp_path / "pg.log").start()
    try:
        said = error_text("en", "room_unreadable")
        assert _refusal(server, f"/ws/p/{tokens[1]}") == ("room_unreadable", said, 4410)
        assert server.request(f"/api/rooms/{code}")[0] == 410
        other = Hub(PgStore(url), bot_delay=0)
        try:
            assert other.store.open_rooms() == 1
            assert other.still_open([code, good]) == [good]
            reads = _counting(other)
            assert refused(other.room, code) == "room_unreadable"
            assert refused(other.by_token, tokens[0]) == "room_unreadable"
            assert reads == ["room", "token"]
        finally:
            other.store.close()
        postgres.halt()
        try:
            assert _refusal(server, f"/ws/s/{good}") == ("busy", error_text("en", "busy"), 1013)
            assert _refusal(server, f"/ws/s/{code}") == ("room_unreadable", said, 4410)
        finally:
            postgres.resume()
        sock = Socket(server, f"/ws/p/{good_tokens[0]}")
        sock.send({"type": "hello"})
        assert sock.recv("update")["page"]["version"] == 3
        sock.close()
        log = server.log.read_text()
        assert sum(code in line for line in log.splitlines()) == 1, log[-3000:]
    finally:
        server.stop()
