"""A phone shows what only its seat sees in its own row (found by helper-152).

The room server draws every seat's row from the public table (the spectator's view,
drawn once for all phones), so a Toepen seat's thrown-in hand (TOE-03) and the cards a
caught bluffer set aside (``bluff_takes_back``, TOE-04), which the terminal and the
pictures draw in that seat's row from its own table model, never reached its phone. The
page's ``own`` now carries the groups of the seat's row that the public row lacks, from
the same table model (``model["own"]``). Each test drives a room through the ``Hub``
(phones patched message after message, as ``app.js`` is, and compared with a fresh page)
and checks that no other seat's phone, nor the shared screen, is sent those cards.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tablegames.server.page import expand, words_of
from tablegames.server.rooms import Hub, Room
from tablegames.server.store import Store
from tests.server.test_deltas import Phone

ruling = pytest.mark.ruling


def _room(tmp_path: Path, rules: dict[str, Any]) -> tuple[Hub, Room, list[Phone]]:
    """A Toepen room for three people, seed 1 (seat 0 judges first whether to throw in),
    with a phone per seat and the shared screen in English and Arabic, one in format 1."""
    hub = Hub(Store(tmp_path / "rooms.sqlite"), bot_delay=0)
    code, _ = hub.create({"game": "toepen", "players": 3, "name": "Amal", "seed": 1,
                          "rules": {"limit": 3, **rules}})
    for i in (1, 2):
        hub.join(code, f"Player {i}")
    room = hub.room(code)
    phones = [Phone(hub, room, seat, lang) for lang in ("en", "ar") for seat in (0, 1, 2, None)]
    phones.append(Phone(hub, room, 0, "en", format=1))
    for p in phones:
        hub._send_page(room, p.conn, since=None)
    return hub, room, phones


def _play(hub: Hub, room: Room, phones: list[Phone], *verbs: str) -> None:
    """The seat to act does each verb in turn; every phone holds the page a hello gives."""
    for verb in verbs:
        state = room.state
        move = next(str(a) for a in state.legal_actions() if str(a).endswith(":" + verb))
        hub._commit(room, state.to_act, [move], state.version)
        for p in phones:
            p.read()
            assert json.dumps(p.page, sort_keys=True) == json.dumps(p.fresh(), sort_keys=True)


def _codes(value: Any) -> set[str]:
    """Every card code a page names anywhere (its faces, both tables, any part)."""
    if isinstance(value, dict):
        here = {value["code"]} if isinstance(value.get("code"), str) else set()
        return here.union(*(_codes(v) for v in value.values()))
    if isinstance(value, list):
        return set().union(*(_codes(v) for v in value))
    return set()


def _said(label: str, phone: Phone) -> str:
    """A group's label as the phone's language draws it."""
    return words_of("toepen", phone.conn.lang).text({"msg": label, "args": {}})


def _own(phone: Phone) -> list[tuple[str, list[str]]]:
    """The phone's ``own`` groups as (label, card codes), in either format."""
    page = phone.page
    assert page is not None
    drawn = expand(page) if page.get("format") == 2 else page
    return [(g["label"], [c["code"] for c in g["cards"]]) for g in drawn["own"]]


@ruling("TOE-03")
def test_a_phone_shows_its_own_thrown_in_hand_and_no_other_phone_does(tmp_path: Path) -> None:
    hub, room, phones = _room(tmp_path, {})
    _play(hub, room, phones, "exchange", "accept", "accept", "keep", "keep")
    thrown = room.state.view(0)["thrown"][0]
    assert len(thrown) == 4 and room.state.view(None)["thrown"][0] is None  # not revealed
    for p in phones:
        if p.conn.seat == 0:
            assert _own(p) == [(_said("Thrown in", p), thrown)]
        else:  # another seat's phone or the shared screen: none of those cards, anywhere
            assert _own(p) == []
            assert not _codes(p.page) & set(thrown), (p.conn.seat, p.conn.lang)
    # the row is drawn once: the public row still lacks it, the page adds it
    page = phones[0].page
    assert page is not None and page["table"]["seats"][0]["groups"] == []
    hub.store.close()


@ruling("TOE-04")
def test_a_revealed_hand_is_the_public_rows_and_not_drawn_twice(tmp_path: Path) -> None:
    """A challenge turns the thrown-in hand up for all: the public row shows it, so the
    page's ``own`` is empty on every phone."""
    hub, room, phones = _room(tmp_path, {})
    _play(hub, room, phones, "exchange", "challenge")
    public = room.state.view(None)["thrown"][0]
    assert public is not None and len(public) == 4
    for p in phones:
        assert _own(p) == []
    page = phones[0].page
    assert page is not None and len(page["table"]["seats"][0]["groups"]) == 1
    hub.store.close()


@ruling("TOE-04")
def test_a_caught_bluffer_sees_the_cards_set_aside_and_nobody_else_does(tmp_path: Path) -> None:
    hub, room, phones = _room(tmp_path, {"bluff_takes_back": True})
    _play(hub, room, phones, "exchange", "challenge")
    aside = room.state.view(0)["set_aside"][0]
    shown = room.state.view(None)["shown"][0]
    assert len(aside) == 4 and len(shown) == 4  # a bluff: the hand back, face up for all
    for p in phones:
        if p.conn.seat == 0:
            assert _own(p) == [(_said("Set aside", p), aside)]
        else:
            assert _own(p) == []
            assert not _codes(p.page) & set(aside), (p.conn.seat, p.conn.lang)
    hub.store.close()
