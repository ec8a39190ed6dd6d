"""A refusal of a move or a Play again names the message it answers (helper-236, session 60).

An ``error`` said nothing of which message it refused, so the phone's page ended any wait
at any error: the refusal of an earlier move (stale: another seat's move overtook it)
ended the wait of the move tapped after it, and a third tap went out at that version,
refused stale too. The refusal of an ``act`` or an ``again`` now says back, under
``answers``, the message's type, its ``expect`` or ``round`` and the phone's own number
for it (``ask``), as the phone sent them, and nothing else: never the room's or another
seat's. Over a real ``tablegames serve`` (the module's ``server``) and its sockets.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from tablegames.server.rooms import MAX_ASK, ClientError, answers_of, error_message
from tests.server.helpers import Server, Socket

#: Toepen to 2 penalty points, two people and no bot: nobody moves but the test.
SHORT = {"limit": 2}


@pytest.fixture
def table(server: Server) -> Iterator[tuple[str, list[Socket]]]:
    """A Toepen room of Amal and Bo, dealt, both phones holding the page at version 0."""
    room = server.create(game="toepen", players=2, name="Amal", bot="", seed=9, rules=SHORT)
    tokens = [room["token"], server.join(room["code"], "Bo")["token"]]
    phones = [Socket(server, f"/ws/p/{t}") for t in tokens]
    try:
        for p in phones:
            p.send({"type": "hello", "since": None})
            p.recv("update")
        yield room["code"], phones
    finally:
        for p in phones:
            p.close()


def refusal(phone: Socket, message: dict[str, Any]) -> dict[str, Any]:
    """Send ``message``; its refusal (the next error)."""
    phone.send(message)
    return phone.recv("error")


def turn(phones: list[Socket]) -> tuple[int, int, str]:
    """Who is to act, the version, and the first action that seat's page offers."""
    page = phones[0].page
    assert page is not None
    seat = page["to_act"]
    mine = phones[seat].page
    assert mine is not None and mine["version"] == page["version"]
    return seat, page["version"], mine["actions"][0]["n"]


def stored(server: Server, code: str) -> tuple[str, list[tuple[int, int, str]]]:
    """The room's game as stored: its JSON and its actions."""
    state, actions = server.saved(code)
    return state.to_json(), actions


def quiet(phone: Socket) -> None:
    """The phone was sent nothing but presence since: a ping's pong is the next message."""
    phone.send({"type": "ping"})
    assert phone.recv()["type"] == "pong"


def test_a_refused_move_names_its_expect_and_ask(server: Server,
                                                  table: tuple[str, list[Socket]]) -> None:
    """Out of turn (the engine's refusal, raised through the socket's handler) and stale
    (told by the room, with the table as it is): each says back the move's ``expect``
    and ``ask`` as sent; the room is as it was, and the other seat is told nothing."""
    code, phones = table
    seat, version, move = turn(phones)
    other = 1 - seat
    before = stored(server, code)
    their = phones[other].page
    assert their is not None
    out = refusal(phones[other], {"type": "act", "actions": [move.replace(f"{seat}:", f"{other}:", 1)],
                                  "expect": version, "ask": 7})
    assert out["code"] == "out_of_turn" and out["ruling"]
    assert out["answers"] == {"type": "act", "expect": version, "ask": 7}
    stale = refusal(phones[other], {"type": "act", "action": "whatever", "expect": version - 1,
                                    "ask": 8})
    assert stale["code"] == "stale" and stale["version"] == version
    assert stale["answers"] == {"type": "act", "expect": version - 1, "ask": 8}
    assert phones[other].recv("update")["page"]["version"] == version  # the table as it is
    assert stored(server, code) == before
    quiet(phones[seat])


def test_a_refused_play_again_names_its_round_and_ask(
        table: tuple[str, list[Socket]]) -> None:
    """Before the game is over (``not_over``) and for a round the room never had
    (``stale``): each says back the press's ``round`` and ``ask``."""
    _, phones = table
    early = refusal(phones[0], {"type": "again", "round": 1, "ask": 0})
    assert early["code"] == "not_over"
    assert early["answers"] == {"type": "again", "round": 1, "ask": 0}
    never = refusal(phones[1], {"type": "again", "round": 5, "ask": MAX_ASK})
    assert never["code"] == "stale"
    assert never["answers"] == {"type": "again", "round": 5, "ask": MAX_ASK}
    quiet(phones[0])


def test_a_message_without_ask_is_named_by_its_version_alone(
        table: tuple[str, list[Socket]]) -> None:
    """``ask`` is optional: an app that never sends one still reads which ``expect`` or
    ``round`` its refusal answers. A refusal that answers no move names none."""
    _, phones = table
    seat, version, move = turn(phones)
    other = 1 - seat
    told = refusal(phones[other], {"type": "act", "actions": [move], "expect": version})
    assert told["code"] == "not_your_seat"
    assert told["answers"] == {"type": "act", "expect": version}
    assert refusal(phones[0], {"type": "again", "round": 1})["answers"] == {"type": "again",
                                                                           "round": 1}
    for message in ({"type": "nonsense"}, {"type": "start"}, {"type": "act", "expect": "3",
                                                               "actions": [move]}):
        assert refusal(phones[0], message)["answers"] is None, message
    phones[0].send("not json")
    assert phones[0].recv("error")["answers"] is None


@pytest.mark.parametrize("ask", [True, False, "3", -1, 1.5, None, MAX_ASK + 1, [1], {"n": 1}])
def test_an_unreadable_ask_is_refused_and_changes_nothing(
        ask: Any, server: Server, table: tuple[str, list[Socket]]) -> None:
    """``ask`` is a whole number from 0 to 2^53 - 1 (``bool`` is not one): anything else is
    refused ``bad_message`` before the move is tried (the move itself was legal), and
    the refusal names the move by its ``expect`` alone."""
    code, phones = table
    seat, version, move = turn(phones)
    before = stored(server, code)
    told = refusal(phones[seat], {"type": "act", "actions": [move], "expect": version, "ask": ask})
    assert told["code"] == "bad_message"
    assert told["answers"] == {"type": "act", "expect": version}
    told = refusal(phones[seat], {"type": "again", "round": 1, "ask": ask})
    assert told["code"] == "bad_message" and told["answers"] == {"type": "again", "round": 1}
    assert stored(server, code) == before
    quiet(phones[1 - seat])


@pytest.mark.parametrize("value", [True, 1.0, MAX_ASK + 1, -MAX_ASK - 1, 10**400, "1", None])
def test_only_a_whole_number_javascript_reads_exactly_is_said_back(value: Any) -> None:
    """An ``expect`` or ``round`` that is not a whole number a page reads back exactly is
    not said back (its message answers no move), so a long number sent never makes a
    long refusal; the numbers at the edges are said back as they came."""
    for kind, field in (("act", "expect"), ("again", "round")):
        assert answers_of({"type": kind, field: value, "ask": 1}) is None
        for edge in (MAX_ASK, -MAX_ASK, 0):
            assert answers_of({"type": kind, field: edge}) == {"type": kind, field: edge}
    assert answers_of([{"type": "act", "expect": 1}]) is None
    assert answers_of({"type": "hello", "expect": 1, "round": 1, "ask": 1}) is None


def test_the_refusal_holds_only_what_the_phone_sent() -> None:
    """Whatever else the message carried (another seat's name, cards, any key) stays out of
    ``answers``; what is said back is a copy, and the error encodes as JSON."""
    sent = {"type": "act", "expect": 4, "ask": 2, "actions": ["1:play Ah"], "seat": 1,
            "hand": ["Kh", "Qs"], "by": "Bo"}
    answers = answers_of(sent)
    assert answers == {"type": "act", "expect": 4, "ask": 2}
    told = error_message(ClientError("stale"), "en", 5, answers)
    assert json.loads(json.dumps(told))["answers"] == {"type": "act", "expect": 4, "ask": 2}
    assert "Ah" not in json.dumps(told) and "Bo" not in json.dumps(told)
    assert error_message(ClientError("slow_down"), "en", None)["answers"] is None
