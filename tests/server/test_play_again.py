"""Play again, the words around a table that begins, and names too long, over the real
server: a ``tablegames serve`` process, websockets and HTTP, no browser.

A finished game's room deals a new game to the same seats and house rules (a new seed,
the same code) when any seated phone presses Play again; it is stored like any game (a
killed server goes on with it), and two presses at once deal one game, not two. A full
room with no bots that starts by itself tells every phone why; a name too long is
refused with its own ``code``, never cut.
"""

from __future__ import annotations

import threading
import unicodedata
from pathlib import Path
from typing import Any

import pytest

from tablegames.server.chrome import UI
from tablegames.server.store import Store
from tests.server.helpers import Server, Socket

#: Toepen to 2 penalty points: a whole game is a dozen taps.
SHORT = {"limit": 2}


def two_seats(server: Server, seed: int = 9) -> tuple[str, list[str]]:
    room = server.create(game="toepen", players=2, name="Amal", bot="", seed=seed, rules=SHORT)
    return room["code"], [room["token"], server.join(room["code"], "Bo")["token"]]


def phones_of(server: Server, tokens: list[str]) -> list[Socket]:
    phones = [Socket(server, f"/ws/p/{t}") for t in tokens]
    for p in phones:
        p.send({"type": "hello", "since": None})
        p.recv("update")
    return phones


def play_out(phones: list[Socket]) -> int:
    """Tap the last offered action on the phone whose turn it is until the game is over;
    every phone holds the final page. Returns the final version."""
    for _ in range(200):
        page = phones[0].page
        assert page is not None
        if page["result"] is not None:
            return int(page["version"])
        seat = page["to_act"]
        mine = phones[seat].page
        assert mine is not None and mine["version"] == page["version"]
        answer = phones[seat].act(mine["actions"][-1]["n"], page["version"])
        assert answer["type"] == "update", answer
        for i, p in enumerate(phones):
            if i != seat:
                while p.page is None or p.page["version"] < answer["page"]["version"]:
                    p.recv("update")
    raise AssertionError("the game did not end")


def test_any_seat_plays_again_same_seats_and_rules_new_seed_stored(tmp_path: Path) -> None:
    server = Server(tmp_path / "rooms.sqlite").start()
    try:
        code, tokens = two_seats(server)
        first, _ = server.saved(code)
        phones = phones_of(server, tokens)
        screen = Socket(server, f"/ws/s/{code}")
        screen.send({"type": "hello", "since": None})
        screen.recv("update")
        final = play_out(phones)
        assert phones[0].page is not None and phones[0].page["round"] == 1
        # before the end nobody may; a screen never may; a bad round is not understood
        screen.send({"type": "again", "round": 1})
        assert screen.recv("error")["code"] == "not_your_seat"
        phones[0].send({"type": "again", "round": "1"})
        assert phones[0].recv("error")["code"] == "bad_message"

        phones[1].send({"type": "again", "round": 1})  # Bo, not the host, presses it
        for p in (*phones, screen):
            notice = p.recv("notice")
            assert notice["key"] == "again_dealt" and notice["name"] == "Bo"
            page = p.recv("update")["page"]
            assert (page["version"], page["round"], page["result"]) == (0, 2, None)
            assert page["code"] == code
        again, actions = server.saved(code)
        assert actions == [] and again.version == 0
        assert again.players == first.players and again.rules == first.rules
        assert again.record()["seed"] != first.record()["seed"]
        page = phones[0].page
        assert again.view(0)["hand"] == [page["faces"][k]["code"] for k in page["hand"]]
        assert final > 0

        # the new game is played and stored like the first: a killed server goes on with it
        page = phones[0].page
        seat = page["to_act"]
        move = phones[seat].page["actions"][0]["n"]
        assert phones[seat].act(move, 0)["type"] == "update"
        for p in (*phones, screen):
            p.close()
        server.kill()
        server.start()
        phones = phones_of(server, tokens)
        page = phones[0].page
        assert (page["version"], page["round"], page["result"]) == (1, 2, None)
        seat = page["to_act"]
        assert phones[seat].act(phones[seat].page["actions"][0]["n"], 1)["type"] == "update"
        state, actions = server.saved(code)
        assert state.version == 2 and [a[2] for a in actions][:1] == [move]
        # a press during the new game: not over yet, nothing dealt
        phones[0].send({"type": "again", "round": 2})
        assert phones[0].recv("error")["code"] == "not_over"
        assert server.saved(code)[0].version == 2
        for p in phones:
            p.close()
    finally:
        server.stop()


def test_two_presses_at_once_deal_one_game(server: Server) -> None:
    code, tokens = two_seats(server, seed=12)
    phones = phones_of(server, tokens)
    play_out(phones)
    gate = threading.Barrier(2)

    def press(p: Socket) -> None:
        gate.wait()
        p.send({"type": "again", "round": 1})

    threads = [threading.Thread(target=press, args=(p,)) for p in phones]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    heard: list[dict[str, Any]] = []
    for p in phones:  # everything each phone is sent until the room is quiet
        try:
            while True:
                heard.append(p.recv(timeout=1.5))
        except TimeoutError:
            pass
    # whichever press came second is shown the new game, with no refusal: it got what
    # it asked for, and the greeting says who dealt it (a red "someone else was first"
    # over that line read as if something had gone wrong)
    assert [m["code"] for m in heard if m["type"] == "error"] == []
    pages = [m["page"] for m in heard if m["type"] == "update"]
    assert len(pages) >= 2 and {(pg["round"], pg["version"]) for pg in pages} == {(2, 0)}
    assert {m["key"] for m in heard if m["type"] == "notice"} == {"again_dealt"}
    store = Store(server.db, read_only=True)
    try:
        row = store.room(code)
        assert row is not None and row.config["round"] == 2
    finally:
        store.close()
    state, actions = server.saved(code)
    assert state.version == 0 and actions == []
    status, body = server.request(f"/api/rooms/{code}")
    assert status == 200 and body["started"]
    for p in phones:
        p.close()


def test_a_full_room_tells_every_phone_why_its_game_started(server: Server) -> None:
    room = server.create(game="toepen", players=3, name="Amal", bot="", seed=3)
    host = Socket(server, f"/ws/p/{room['token']}")
    host.send({"type": "hello", "since": None})
    assert host.recv("lobby")["seats"][1]["name"] is None
    server.join(room["code"], "Bo")
    assert [s["name"] for s in host.recv("lobby")["seats"]] == ["Amal", "Bo", None]
    cy = server.join(room["code"], "Cy")  # the last seat: the game starts by itself
    notice = host.recv("notice")
    assert notice == {"type": "notice", "key": "all_here", "name": "Cy"}
    assert host.recv("update")["page"]["version"] == 0
    # the phone that took the seat opens the table afterwards: it is told the same
    last = Socket(server, f"/ws/p/{cy['token']}")
    last.send({"type": "hello", "since": None})
    assert last.recv("notice")["key"] == "all_here"
    assert "{name}" in UI["all_here"] and "{name}" in UI["again_dealt"]
    host.close()
    last.close()


@pytest.mark.parametrize(("lang", "key", "text"), [
    # one phone taps the button: the singular imperative, as the terminal's "Play again?"
    ("ar", "play_again", "العب مرة أخرى"),
    # "potje" is this catalogue's round; the button deals a whole new game
    ("nl", "play_again", "Nog een keer"),
    ("nl", "again_dealt", "{name} heeft een nieuw spel gedeeld: dezelfde spelers, dezelfde huisregels."),
    ("nl", "all_here", "{name} heeft de laatste plaats ingenomen: iedereen is er, het spel begint."),
    # Danish deals cards ("give kort"): a game is not given
    ("da", "again_dealt", "{name} har givet kort til et nyt spil: samme spillere, samme husregler."),
])
def test_the_phone_words_for_a_new_game_read_as_the_table_talks(lang: str, key: str,
                                                                text: str) -> None:
    from tablegames.server.chrome import ui_words

    assert ui_words(lang)[key] == text


def test_a_long_name_is_refused_as_a_rule_in_danish() -> None:
    """The refusal states the table's rule ("may have at most"), not a fact about names."""
    from tablegames.table.i18n import words_for

    said = words_for("da").text({"msg": "A name has at most 24 characters: choose a shorter one.",
                                 "args": {}})
    assert said == "Et navn må højst have 24 tegn: vælg et kortere."


@pytest.mark.parametrize(("name", "code"), [
    ("A" * 25, "name_too_long"),
    ("Bartholomew Alexander Fitzgerald", "name_too_long"),
    ("😀" * 25, "name_too_long"),
    ("", "bad_name"),
])
def test_a_name_too_long_is_refused_with_its_own_code_never_cut(server: Server, name: str,
                                                                  code: str) -> None:
    room = server.create(game="toepen", players=3, name="Amal", bot="", seed=1)
    status, body = server.request(f"/api/rooms/{room['code']}/join?lang=nl", {"name": name})
    assert status == 400 and body["code"] == code
    if code == "name_too_long":
        assert body["message"] == "Een naam mag hooguit 24 tekens hebben: kies een kortere."
    status, body = server.request(f"/api/rooms/{room['code']}")
    assert body["seats"] == ["Amal", None, None]  # nobody sits under a cut name


@pytest.mark.parametrize("name", [
    "👨\u200d👩\u200d👧",  # one family emoji: the zero-width joiners make it one
    "می\u200cروم",  # Persian writes a zero-width non-joiner inside words
])
def test_a_name_may_hold_the_joiners_emoji_and_scripts_need(server: Server, name: str) -> None:
    """Found by helper-104: every format character was refused as a control character,
    the joiner of emoji sequences and Persian's non-joiner too."""
    room = server.create(game="toepen", players=3, name="Amal", bot="", seed=1)
    status, body = server.request(f"/api/rooms/{room['code']}/join", {"name": name})
    assert status == 200, body
    assert server.request(f"/api/rooms/{room['code']}")[1]["seats"][1] == name


@pytest.mark.parametrize("name", ["Bo\u202eoB", "Bo\u2066x", "Bo\x00", "Bo\ue000"])
def test_a_name_with_a_bidi_override_or_control_is_still_refused(server: Server,
                                                                 name: str) -> None:
    room = server.create(game="toepen", players=3, name="Amal", bot="", seed=1)
    status, body = server.request(f"/api/rooms/{room['code']}/join", {"name": name})
    assert status == 400 and body["code"] == "bad_name"


@pytest.mark.parametrize("name", [
    "😀" * 24,  # 48 UTF-16 units: a person counts 24
    "Zoë" + "e\u0301" * 21,  # combining accents: NFC makes each é one character
])
def test_a_name_of_24_characters_as_a_person_counts_them_is_taken_whole(server: Server,
                                                                        name: str) -> None:
    room = server.create(game="toepen", players=3, name="Amal", bot="", seed=1)
    status, body = server.request(f"/api/rooms/{room['code']}/join", {"name": name})
    assert status == 200, body
    status, body = server.request(f"/api/rooms/{room['code']}")
    assert body["seats"][1] == unicodedata.normalize("NFC", name)
    assert len(body["seats"][1]) == 24
