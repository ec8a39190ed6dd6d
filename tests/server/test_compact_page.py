"""The compact page (format 2): each card face sent once, in the page's ``faces``.

Every card elsewhere on the page is its face's key; a Phase 10 lay-down's ``groups`` are
indexes into its own ``cards``. The table holds exactly the faces the page shows (no card
the seat has not seen), and :func:`tablegames.server.page.expand` gives the page of
format 1, which a socket that asks for it is sent, with patches of that page.
"""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import tablegames
from tablegames.common.errors import TablegamesError
from tablegames.server.page import (
    FORMAT,
    FormatError,
    build,
    dumps,
    expand,
    face_key,
    table,
    words_of,
)
from tablegames.server.page import face as draw_face
from tablegames.server.rooms import ClientError, Conn, Hub, Room
from tablegames.table import present
from tests.server.helpers import started_room
from tests.server.test_deltas import Phone, _text

GAME_NAMES = ("toepen", "phase10", "shithead", "dallah")
FACE_KEYS = {"code", "kind", "rank", "suit", "colour", "mark", "name"}


def _named(page: dict[str, Any]) -> Iterator[str]:
    """Every card key the page's own parts use (the hand, the buttons, the panel, the
    groups of its own row only it sees)."""
    yield from page["hand"]
    for b in page["actions"]:
        yield from b["cards"]
        yield from b.get("for", [])
    for a in (*page["panel"], *page["own"]):
        yield from a["cards"]


def _on_the_table(table: dict[str, Any]) -> Iterator[str]:
    """Every card key the public table uses (the seats' groups, the centre)."""
    for s in table["seats"]:
        for g in s["groups"]:
            yield from g["cards"]
    for a in table["centre"]:
        yield from a["cards"]


def _faces_in(value: Any) -> int:
    """How many drawn faces ``value`` holds (dicts with exactly a face's keys)."""
    if isinstance(value, dict):
        return (set(value) == FACE_KEYS) + sum(_faces_in(v) for v in value.values())
    if isinstance(value, list):
        return sum(_faces_in(v) for v in value)
    return 0


def _pages(game: str, seed: int, steps: int) -> Iterator[tuple[Any, int | None]]:
    state = tablegames.new_game(game, players=3, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        for seat in [*range(3), None]:
            yield state, seat
        state.apply(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("game", GAME_NAMES)
def test_each_face_is_sent_once_and_only_the_faces_the_page_shows(game: str) -> None:
    groups = 0
    for state, seat in _pages(game, 5, 60):
        lang = "ar" if state.version % 3 == 0 else "en"
        page = build(state, seat, lang)
        assert page["format"] == FORMAT == 2
        faces, public = page["faces"], page["table"]["faces"]
        # exactly the faces each part shows: no other seat's card rides along in a table
        assert set(faces) == set(_named(page)), (game, state.version, seat)
        assert set(public) == set(_on_the_table(page["table"])), (game, state.version, seat)
        # each drawn once in its table, nowhere else on the page
        assert _faces_in(page) == len(faces) + len(public)
        # a key is the face of what is drawn: the view's own cards, drawn in its words
        model = present(state.view(seat), shared=True)
        hand = [face_key(f) for f in model["hand"]] if seat is not None else []
        assert page["hand"] == hand
        w = words_of(game, lang)
        assert [faces[k] for k in hand] == [draw_face(f, w) for f in model["hand"]]
        # two keys never draw the same face (a key per face, a face per key)
        assert len({json.dumps(f, sort_keys=True) for f in faces.values()}) == len(faces)
        for b in page["actions"]:
            if "groups" in b:  # each card of a lay-down in exactly one group, by index
                groups += 1
                assert sorted(i for g in b["groups"] for i in g) == list(range(len(b["cards"])))
        old = build(state, seat, lang, format=1)
        assert old == expand(page) and "faces" not in old and "format" not in old
        assert _faces_in(old) >= len(faces) + len(public) - len(set(faces) & set(public))
    assert groups or game != "phase10"


def test_a_phase10_lay_down_page_is_a_quarter_of_its_old_size() -> None:
    """The page that offers 136 ways to lay a phase down (seeded random play): each
    button's cards once, as keys, its groups as indexes (it was 231 KB in format 1)."""
    state = tablegames.new_game("phase10", players=4, seed=8)
    rng = random.Random(8)
    while state.version < 111:
        state.apply(rng.choice(state.legal_actions()))
    page = build(state, state.to_act, "en")
    lays = [b for b in page["actions"] if "groups" in b]
    assert len(lays) == 136
    new, old = len(dumps(page).encode()), len(dumps(build(state, state.to_act, "en",
                                                        format=1)).encode())
    assert old > 200_000 and new * 3.5 < old, (new, old)
    assert all(type(i) is int for b in lays for g in b["groups"] for i in g)


@pytest.mark.parametrize("game", ["phase10", "shithead"])
def test_a_format_1_socket_gets_the_old_page_and_patches_that_rebuild_it(
        tmp_path: Path, game: str) -> None:
    """Format 1 and format 2 phones of the same seats in one room: each applies its own
    patches and holds exactly the page a fresh hello in its format gives."""
    hub, room = started_room(tmp_path, game, 3, 7)
    phones = [Phone(hub, room, seat, lang, format) for seat in [*range(3), None]
              for lang, format in (("en", 1), ("en", 2), ("ar", 1))]
    for p in phones:
        hub._send_page(room, p.conn, since=None)
    rng = random.Random(7)
    for _ in range(40):
        state = room.state
        if state.is_over:
            break
        hub._commit(room, state.to_act, [str(rng.choice(state.legal_actions()))], state.version)
        for p in phones:
            p.read()
            assert p.page is not None
            assert ("faces" in p.page) == (p.conn.format == 2)
            assert _text(p.page) == _text(p.fresh()), (p.conn.seat, p.conn.lang, p.conn.format)
    assert all(p.patches >= 10 and p.fulls == 1 for p in phones)
    hub.store.close()


def _said(hub: Hub, room: Room, conn: Conn, data: dict[str, Any]) -> list[Any]:
    asyncio.run(hub.handle(room, conn, data))
    out = []
    while not conn.queue.empty():
        out.append(json.loads(conn.queue.get_nowait() or "null"))
    return out


def test_hello_and_lang_choose_the_sockets_format(tmp_path: Path) -> None:
    hub, room = started_room(tmp_path, "toepen", 3, 2)
    conn = Conn(1)
    hub.attach(room, conn)
    conn.queue.get_nowait()  # presence
    page = _said(hub, room, conn, {"type": "hello", "format": 1})[-1]["page"]
    assert conn.format == 1 and "faces" not in page and isinstance(page["hand"][0], dict)
    page = _said(hub, room, conn, {"type": "lang", "lang": "nl"})[-1]["page"]
    assert conn.format == 1 and isinstance(page["hand"][0], dict)  # it keeps its format
    page = _said(hub, room, conn, {"type": "lang", "lang": "en", "format": 2})[-1]["page"]
    assert conn.format == 2 and page["format"] == 2 and isinstance(page["hand"][0], str)
    page = _said(hub, room, conn, {"type": "hello"})[-1]["page"]
    assert conn.format == 2 and page["faces"][page["hand"][0]]["code"] in room.state.view(1)["hand"]
    hub.store.close()


@pytest.mark.parametrize("bad", [True, False, 0, 3, "1", 1.0, None, [1], {"v": 1}])
@pytest.mark.parametrize("kind", ["hello", "lang"])
def test_a_format_that_is_not_1_or_2_is_refused_and_changes_nothing(
        tmp_path: Path, kind: str, bad: Any) -> None:
    hub, room = started_room(tmp_path, "toepen", 3, 2)
    conn = Conn(1, lang="en", format=1)
    hub.attach(room, conn)
    conn.queue.get_nowait()  # presence
    with pytest.raises(ClientError) as refused:
        _said(hub, room, conn, {"type": kind, "lang": "ar", "format": bad})
    assert refused.value.code == "bad_message"
    assert (conn.format, conn.lang, conn.version, conn.queue.empty()) == (1, "en", None, True)
    hub.store.close()


@pytest.mark.parametrize("bad", [True, 0, 3, "2", 2.0, None])
def test_build_and_table_refuse_a_format_that_is_not_1_or_2(bad: Any) -> None:
    state = tablegames.new_game("toepen", players=3, seed=1)
    before = state.to_json()
    for call in (lambda: build(state, 0, "en", format=bad),
                 lambda: table(state, "en", format=bad)):
        with pytest.raises(FormatError, match="1 or 2") as refused:
            call()
        assert isinstance(refused.value, TablegamesError) and isinstance(refused.value, ValueError)
    assert state.to_json() == before


def test_the_public_table_in_either_format() -> None:
    state = tablegames.new_game("shithead", players=3, seed=3)
    compact, old = table(state, "en"), table(state, "en", format=1)
    page = build(state, None, "en")
    assert compact == page["table"] and page["faces"] == {}  # a screen has no cards of its own
    assert set(compact["faces"]) == set(_on_the_table(compact)) != set()
    assert old == expand(page)["table"] == build(state, None, "en", format=1)["table"]
