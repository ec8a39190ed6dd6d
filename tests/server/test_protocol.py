"""The server's protocol spoken directly: junk, foreign and stale taps, links, bots, catch-up.

These talk to a real ``tablegames serve`` process over real websockets and HTTP, without
a browser, so they can send what no page would: malformed JSON, huge frames, another
seat's actions, versions from the past.
"""

from __future__ import annotations

import json
import re
import socket
import threading
from typing import Any

import pytest

import tablegames
from tests.server.helpers import Server, Socket

NAMES = ["Amal", "Bo", "Cy"]


def full_room(server: Server, game: str = "toepen", **spec: Any) -> tuple[str, list[str]]:
    """A started 3-seat room with no bots; returns its code and the seat tokens."""
    room = server.create(game=game, players=3, name=NAMES[0], bot="", **spec)
    tokens = [room["token"]] + [server.join(room["code"], n)["token"] for n in NAMES[1:]]
    return room["code"], tokens


def stored(server: Server, code: str) -> tuple[int, str]:
    """The room's version and game as the file holds them (its snapshot plus its log)."""
    state, _ = server.saved(code)
    return state.version, state.to_json()


def test_junk_from_the_network_is_refused_clearly_and_changes_nothing(server: Server) -> None:
    code, tokens = full_room(server, seed=4)
    phone = Socket(server, f"/ws/p/{tokens[0]}")
    try:
        phone.send({"type": "hello", "since": None})
        page = phone.recv("update")["page"]
        assert page["version"] == 0 and page["seat"] == 0
        before = stored(server, code)
        state = tablegames.load(before[1])
        others = {c for s in (1, 2) for c in state.view(s)["hand"]}
        junk: list[tuple[Any, str]] = [
            ("not json", "bad_message"),
            ("[1, 2]", "bad_message"),
            ("[" * 3000 + "]" * 3000, "too_big"),
            ("[" * 2000 + "]" * 2000, "bad_message"),
            (b"\x00\x01binary", "bad_message"),
            ("x" * 5000, "too_big"),
            ({"type": 5}, "bad_message"),
            ({"type": "dance"}, "bad_message"),
            ({"type": "act", "action": "0:keep"}, "bad_message"),
            ({"type": "act", "action": "0:keep", "expect": True}, "bad_message"),
            ({"type": "act", "action": "0:keep", "expect": "0"}, "bad_message"),
            ({"type": "act", "action": 7, "expect": 0}, "bad_message"),
            ({"type": "act", "actions": [], "expect": 0}, "bad_message"),
            ({"type": "act", "actions": ["0:keep"] * 41, "expect": 0}, "bad_message"),
            ({"type": "act", "action": "0:" + "k" * 600, "expect": 0}, "bad_message"),
            ({"type": "act", "action": "1:keep", "expect": 0}, "not_your_seat"),
            ({"type": "act", "action": "1:play " + sorted(others)[0], "expect": 0}, "not_your_seat"),
            ({"type": "act", "action": "0:dance", "expect": 0}, "bad_action"),
            ({"type": "act", "action": "9:keep", "expect": 0}, "no_such_seat"),
            ({"type": "act", "action": "0:knock", "expect": 0}, "knock_not_now"),
            # a batch whose first tap is refused: its legal second tap is not judged
            ({"type": "act", "actions": ["0:knock", "0:keep"], "expect": 0}, "knock_not_now"),
            ({"type": "start"}, "started"),
        ]
        for message, code_wanted in junk:
            phone.send(message)
            answer = phone.recv("error")
            assert answer["code"] == code_wanted, (message, answer)
            assert answer["message"]
            text = json.dumps(answer)
            assert not any(f'"{c}"' in text or f" {c}" in text for c in others), answer
        assert stored(server, code) == before  # nothing changed
        answer = phone.act("0:keep", 0)  # and the room still plays
        assert answer["type"] == "update" and answer["page"]["version"] == 1
        assert stored(server, code)[0] == 1
    finally:
        phone.close()


def test_a_stale_tap_is_refused_and_the_phone_gets_the_table_as_it_is(server: Server) -> None:
    code, tokens = full_room(server, seed=2)
    phones = [Socket(server, f"/ws/p/{t}") for t in tokens]
    try:
        for p in phones:
            p.send({"type": "hello"})
            p.recv("update")
        for v, seat in enumerate(range(3)):  # everyone keeps: seat 0 is to play
            assert phones[seat].act(f"{seat}:keep", v)["type"] == "update"
        # seats 1 and 2 may both knock out of turn at version 3: send both at once
        barrier = threading.Barrier(2)
        answers: dict[int, list[dict[str, Any]]] = {}

        def knock(seat: int) -> None:
            barrier.wait()
            phones[seat].send({"type": "act", "action": f"{seat}:knock", "expect": 3})
            got = []
            while True:  # everything this phone hears until the table is quiet again
                try:
                    got.append(phones[seat].recv(timeout=1.0))
                except TimeoutError:
                    break
            answers[seat] = got

        threads = [threading.Thread(target=knock, args=(s,)) for s in (1, 2)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(20)
        errors = {s: [m for m in got if m["type"] == "error"] for s, got in answers.items()}
        assert sorted(len(e) for e in errors.values()) == [0, 1], answers
        loser = next(s for s, e in errors.items() if e)
        assert errors[loser][0]["code"] == "stale" and errors[loser][0]["message"]
        last = [m for m in answers[loser] if m["type"] == "update"][-1]
        assert last["page"]["version"] == 4  # then the table as it is now
        assert stored(server, code)[0] == 4  # one knock stored, not two
    finally:
        for p in phones:
            p.close()


def test_a_link_opens_its_own_seat_only_and_a_screen_sees_no_hand(server: Server) -> None:
    code, tokens = full_room(server, game="shithead", seed=3)
    bad = Socket(server, "/ws/p/not-a-real-token-at-all")
    try:
        assert bad.recv("error")["code"] == "no_seat"
    finally:
        bad.close()
    screen = Socket(server, f"/ws/s/{code}")
    phone = Socket(server, f"/ws/p/{tokens[1]}")
    try:
        screen.send({"type": "hello"})
        page = screen.recv("update")["page"]
        assert page["seat"] is None and page["hand"] == [] and page["actions"] == []
        screen.send({"type": "act", "action": "0:done", "expect": 0})
        assert screen.recv("error")["code"] == "not_your_seat"
        phone.send({"type": "hello"})
        mine = phone.recv("update")["page"]
        state = tablegames.load(stored(server, code)[1])
        assert [mine["faces"][k]["code"] for k in mine["hand"]] == state.view(1)["hand"]
        text = json.dumps(mine)
        for seat in (0, 2):
            for card in state.view(seat)["hand"]:  # neither its face nor its key
                assert f'"{card}"' not in text and f'"{card} ' not in text
        status, _ = server.request("/api/rooms/ZZZZZZZ")
        assert status == 404
    finally:
        screen.close()
        phone.close()


@pytest.mark.parametrize("spec, code", [
    ({"game": "chess", "players": 2, "name": "A"}, "bad_game"),
    ({"game": "toepen", "players": True, "name": "A"}, "bad_players"),
    ({"game": "toepen", "players": 99, "name": "A"}, "bad_players"),
    ({"game": "toepen", "players": 3, "name": "A", "rules": {"limt": 3}}, "bad_rules"),
    ({"game": "toepen", "players": 3, "name": "A", "rules": {"limit": 1}}, "bad_rules"),
    ({"game": "toepen", "players": 3, "name": "A", "rules": "all"}, "bad_rules"),
    ({"game": "toepen", "players": 3, "name": "A", "variant": "nope"}, "bad_rules"),
    ({"game": "toepen", "players": 3, "name": "A", "bot": "deep-blue"}, "bad_bot"),
    ({"game": "toepen", "players": 3, "name": "A", "seed": [1]}, "bad_seed"),
    ({"game": "toepen", "players": 3, "name": "A", "seed": "x" * 65}, "bad_seed"),
    ({"game": "toepen", "players": 3, "name": "A", "seed": 1 << 300}, "bad_seed"),
    ({"game": "toepen", "players": 3, "name": ""}, "bad_name"),
    ({"game": "toepen", "players": 3, "name": "A\x07"}, "bad_name"),
    ({"game": "toepen", "players": 3, "name": "A" * 25}, "name_too_long"),
    ({"game": "phase10", "players": 3, "name": "A", "rules": {"phases": ["wheel7"]}}, "bad_rules"),
])
def test_a_bad_room_is_refused_with_its_reason(server: Server, spec: dict[str, Any],
                                               code: str) -> None:
    status, body = server.request("/api/rooms", spec)
    assert status == 400 and body["error"] == code and body["message"]


def test_http_and_socket_refusals_name_their_reason_with_the_same_key(server: Server) -> None:
    """An HTTP refusal's reason is under ``code``, as a socket's is (it was only under
    ``error``); ``error`` stays, holding the same code, for the apps that read it."""
    room = server.create(game="toepen", players=3, name="Amal", bot="")
    refusals = [
        (server.request("/api/rooms", {"game": "chess", "players": 3, "name": "A"}),
         400, "bad_game"),
        (server.request(f"/api/rooms/{room['code']}/join", {"name": "amal"}), 400, "name_taken"),
        (server.request("/api/rooms/QQQQQQQ/join", {"name": "Dan"}), 404, "no_room"),
        (server.request("/api/rooms/QQQQQQQ"), 404, "no_room"),
        (server.request("/qr/QQQQQQQ.svg"), 404, "no_room"),
        (server.request("/api/rooms?lang=ar", raw=b"{not json"), 400, "bad_message"),
    ]
    for (status, body), want_status, code in refusals:
        assert status == want_status and body["code"] == code and body["error"] == code, body
        assert body["message"]
    phone = Socket(server, "/ws/s/QQQQQQQ")
    try:
        said = phone.recv("error")
    finally:
        phone.ws.close()
    assert said["code"] == "no_room" and "error" not in said
    assert said["message"] == server.request("/api/rooms/QQQQQQQ")[1]["message"]


def test_http_input_is_bounded_and_pages_are_locked_down(server: Server) -> None:
    status, body = server.request("/api/rooms", raw=b"{" + b" " * 20_000 + b"}")
    assert status == 400 and body["error"] == "too_big"
    status, body = server.request("/api/rooms", raw=b"{not json")
    assert status == 400 and body["error"] == "bad_message"
    status, body = server.request("/api/rooms", raw=b"[1]")
    assert status == 400 and body["error"] == "bad_message"
    # a client that hangs up before sending the body it announced is no error of the server's
    with socket.create_connection(("127.0.0.1", server.port)) as hangs_up:
        hangs_up.sendall(b"POST /api/rooms HTTP/1.1\r\nHost: t\r\nContent-Type: application/json"
                         b"\r\nContent-Length: 500\r\n\r\n{\"game\"")
    for length in (b"\xb2", b"9" * 5_000, b"-1"):  # the header itself is junk: refused
        with socket.create_connection(("127.0.0.1", server.port)) as junk:
            junk.sendall(b"POST /api/rooms HTTP/1.1\r\nHost: t\r\nContent-Length: " + length
                         + b"\r\n\r\n{}")
            junk.settimeout(10)
            assert junk.recv(64).startswith(b"HTTP/1.1 400"), length[:8]
    room = server.create(game="dallah", players=3, name="Amal", bot="")
    status, body = server.request(f"/api/rooms/{room['code']}/join", {"name": "amal"})
    assert status == 400 and body["error"] == "name_taken"
    server.join(room["code"], "Bo")
    server.join(room["code"], "Cy")  # the last seat: the game starts
    status, body = server.request(f"/api/rooms/{room['code']}/join", {"name": "Dan"})
    assert status == 400 and body["error"] == "started"
    status, body = server.request("/api/rooms/QQQQQQQ/join", {"name": "Dan"})
    assert status == 404 and body["error"] == "no_room"
    status, svg = server.request(f"/qr/{room['code']}.svg")
    assert status == 200 and b"<svg" in svg
    from tests.server.helpers import _LOCAL

    with _LOCAL.open(server.url + "/", timeout=10) as r:
        assert "script-src 'self'" in r.headers["content-security-policy"]
        assert r.headers["referrer-policy"] == "no-referrer"
    assert "Traceback" not in server.log.read_text(errors="replace")


def test_a_flood_of_messages_is_slowed_down_not_served(server: Server) -> None:
    _code, tokens = full_room(server)
    phone = Socket(server, f"/ws/p/{tokens[0]}")
    try:
        for _ in range(120):
            phone.send({"type": "ping"})
        answers = []
        while True:
            try:
                answers.append(phone.recv(timeout=1.0)["type"])
            except TimeoutError:
                break
        assert answers.count("error") == 1  # one warning, not one per message
        assert 20 <= answers.count("pong") < 120
        phone.send({"type": "ping"})  # the connection is still there
        assert phone.recv()["type"] == "pong"
    finally:
        phone.close()


def play_against_bots(server: Server, seed: int) -> str:
    """Toepen to 3 points: one phone taps its first button, two random bots play."""
    room = server.create(game="toepen", players=3, name="Amal", bot="random", seed=seed,
                         rules={"limit": 3})
    phone = Socket(server, f"/ws/p/{room['token']}")
    try:
        phone.send({"type": "hello"})
        assert phone.recv("lobby")["host"] is True
        phone.send({"type": "start"})
        for _ in range(200):
            page = phone.recv("update")["page"]
            if page["result"] is not None:
                break
            if page["to_act"] == 0 and page["actions"]:
                phone.send({"type": "act", "actions": [page["actions"][0]["n"]],
                            "expect": page["version"]})
        else:
            raise AssertionError("the game did not end")
        seq, saved = stored(server, room["code"])
        assert seq == page["version"]
        return saved
    finally:
        phone.close()


def test_bots_fill_empty_seats_and_decide_from_the_room_seed(server: Server) -> None:
    first = play_against_bots(server, seed=8)
    assert json.loads(first)["setup"]["players"] == ["Amal", "Bot 2", "Bot 3"]
    assert play_against_bots(server, seed=8) == first  # same seed, same taps: same game


def test_bots_are_named_in_the_language_of_the_phone_that_starts(server: Server) -> None:
    """A bot's name is made once, when the creator presses Start, in that phone's
    language, and stored as a player's name: every phone and the save show the same name
    (found by an earlier review: "Bot 2" on an Arabic table)."""
    room = server.create(game="toepen", players=3, name="Amal", bot="random", seed=4)
    phone = Socket(server, f"/ws/p/{room['token']}")
    try:
        phone.send({"type": "hello", "lang": "ar"})
        assert phone.recv("lobby")["host"] is True
        phone.send({"type": "start"})
        page = phone.recv("update")["page"]
        names = ["Amal", "لاعب آلي 2", "لاعب آلي 3"]
        assert page["players"] == names
        assert [s["name"] for s in page["table"]["seats"]] == names
        phone.send({"type": "lang", "lang": "en"})  # a name is not translated again
        again = phone.recv("update")["page"]
        assert again["lang"] == "en" and again["players"] == names
        _seq, saved = stored(server, room["code"])
        assert json.loads(saved)["setup"]["players"] == names
    finally:
        phone.close()


def test_a_language_change_sends_what_happened_again_in_the_new_language(
        server: Server) -> None:
    """A phone that switched to Arabic mid-game kept "What happened" in English: the
    page came with no events. Now the seat's recent lines come again, in the new
    language, marked to replace the phone's list (``replace``)."""
    code, tokens = full_room(server, seed=9)
    phone = Socket(server, f"/ws/p/{tokens[0]}")
    try:
        phone.send({"type": "hello", "lang": "en"})
        phone.recv("update")
        for version in range(3):  # every seat keeps its hand: three lines of events
            state = tablegames.load(stored(server, code)[1])
            seat = state.to_act
            mover = phone if seat == 0 else Socket(server, f"/ws/p/{tokens[seat]}")
            try:
                assert mover.act(str(state.legal_actions()[0]), version)["type"] in (
                    "update", "patch")
            finally:
                if mover is not phone:
                    mover.close()
        while True:  # the patches of the others' taps
            try:
                phone.recv(timeout=0.5)
            except TimeoutError:
                break
        phone.send({"type": "lang", "lang": "ar"})
        update = phone.recv("update")
        assert update["page"]["lang"] == "ar" and update.get("replace") is True
        lines = [e["text"] for e in update["events"]]
        assert len(lines) >= 3, lines
        assert all(re.search("[\u0600-\u06ff]", line) for line in lines), lines
    finally:
        phone.close()


def test_a_phone_that_was_away_catches_up_from_the_event_sequence(server: Server) -> None:
    code, tokens = full_room(server, game="phase10", seed=5)
    phones = [Socket(server, f"/ws/p/{t}") for t in tokens]
    try:
        for p in phones:
            p.send({"type": "hello"})
            p.recv("update")
        phones[2].close()
        version = 0
        while version < 6:
            state = tablegames.load(stored(server, code)[1])
            seat = state.to_act
            if seat == 2:
                break
            assert phones[seat].act(str(state.legal_actions()[0]), version)["type"] == "update"
            version += 1
        assert version > 0
        back = Socket(server, f"/ws/p/{tokens[2]}")
        try:
            back.send({"type": "hello", "since": 0})
            update = back.recv("update")
            assert update["page"]["version"] == version
            seen = [e["v"] for e in update["events"]]
            assert seen == sorted(seen) and all(0 < v <= version for v in seen)
            assert {v for v in seen} == set(range(1, version + 1))  # every action it missed
        finally:
            back.close()
    finally:
        for p in phones[:2]:
            p.close()


def test_a_socket_is_closed_for_good_only_for_a_room_or_seat_that_does_not_exist(
        server: Server) -> None:
    """4404 tells a phone to stop reconnecting (``app.js``): only ``no_room``/``no_seat``
    close with it. A transient refusal (here the room's screens are all taken) closes with
    1013, "try again later", on which the phone reconnects (found by helper-44)."""
    from websockets.exceptions import ConnectionClosed

    from tablegames.server.rooms import MAX_SPECTATORS

    def refused(path: str) -> tuple[str, int | None]:
        sock = Socket(server, path)  # refused on opening, before any hello
        try:
            code = sock.recv("error")["code"]
            with pytest.raises(ConnectionClosed):
                sock.recv(timeout=5)
            return code, sock.ws.close_code
        finally:
            sock.close()

    code, _ = full_room(server)
    assert refused("/ws/p/not-a-real-token-at-all") == ("no_seat", 4404)
    assert refused("/ws/s/ZZZZZZZ") == ("no_room", 4404)
    screens = [Socket(server, f"/ws/s/{code}") for _ in range(MAX_SPECTATORS)]
    try:
        for s in screens:
            s.send({"type": "hello"})
            s.recv("update")
        assert refused(f"/ws/s/{code}") == ("room_full", 1013)
    finally:
        for s in screens:
            s.close()


def test_the_details_of_a_bad_form_and_an_unreadable_tap_are_in_the_phones_language(
        server: Server) -> None:
    """Over real HTTP and a real socket: an Arabic page's refused bot and seed, and an
    Arabic phone's tap the game cannot read, are told why in Arabic (they were told in
    English to English phones only: an Arabic one read no reason at all)."""
    status, body = server.request("/api/rooms?lang=ar", {"game": "toepen", "players": 3,
                                                         "name": "A", "bot": "deep-blue"})
    assert status == 400 and body["code"] == "bad_bot"
    assert body["detail"].startswith("ليس في ") and "'deep-blue'" in body["detail"]
    status, body = server.request("/api/rooms?lang=nl", {"game": "toepen", "players": 3,
                                                         "name": "A", "seed": [1]})
    assert status == 400 and body["code"] == "bad_seed"
    assert body["detail"] == "Deze seed is geen geheel getal en ook geen tekst."
    _code, tokens = full_room(server, seed=4)
    phone = Socket(server, f"/ws/p/{tokens[0]}")
    try:
        phone.send({"type": "hello", "lang": "ar"})
        phone.recv("update")
        phone.send({"type": "act", "action": "0:dance", "expect": 0})
        answer = phone.recv("error")
        assert answer["code"] == "bad_action"
        assert answer["detail"].startswith("لم تُكتب \u2068'0:dance'\u2069")
        assert not re.search("[a-z]{3,}", answer["detail"].replace("dance", ""))
    finally:
        phone.close()
