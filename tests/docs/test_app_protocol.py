"""The app guide's protocol section names exactly what the room server speaks.

An app that talks to ``tablegames serve`` without its page (a native app, a bot at a real
table) has only the guide: every message type a phone may send, every type the server
sends and every refusal code must be in it, and none it names may be missing from the
server. The names are read from the server's own code, so a new message or code without
its line in the guide fails here.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import babel  # noqa: F401  # the server's words come from the catalogues (the test extra has it)

ROOT = Path(__file__).resolve().parents[2]
GUIDE = ROOT / "docs" / "guides" / "app.md"
SERVER = ROOT / "tablegames" / "server"


def section() -> str:
    text = GUIDE.read_text("utf-8")
    start = text.index("### The protocol, message by message")
    return text[start:text.index("\n### ", start + 1)]


def table(after: str) -> dict[str, str]:
    """The rows of the first table after the text ``after`` (its header and rule left
    out): first cell -> the second (each name of a first cell that lists several names
    gets the row)."""
    lines = section().split(after, 1)[1].splitlines()
    rows: dict[str, str] = {}
    seen = 0
    for line in lines:
        if not line.startswith("|"):
            if seen:
                break
            continue
        seen += 1
        if seen <= 2:
            continue
        cells = [c.strip() for c in line.strip("|").split("|")]
        for name in re.findall(r"`(\w+)`", cells[0]):
            rows[name] = cells[1]
    return rows


def sent_by_phones() -> set[str]:
    return set(re.findall(r'kind == "(\w+)"', (SERVER / "rooms.py").read_text("utf-8")))


def sent_by_server() -> set[str]:
    found: set[str] = set()
    for name in ("rooms.py", "page.py"):
        found |= set(re.findall(r'"type": "(\w+)"', (SERVER / name).read_text("utf-8")))
        found |= set(re.findall(r'\{"type":"(\w+)"', (SERVER / name).read_text("utf-8")))
    return found


def refusal_codes() -> set[str]:
    from tablegames.server.words import ERRORS

    raised: set[str] = set()
    for path in SERVER.glob("*.py"):
        raised |= set(re.findall(r'ClientError\("(\w+)"', path.read_text("utf-8")))
    assert raised <= set(ERRORS), f"codes raised without words: {raised - set(ERRORS)}"
    return set(ERRORS)


def test_every_message_a_phone_may_send_is_documented() -> None:
    documented = table("What the phone sends")
    assert {"hello", "act", "again", "lang", "start", "ping"} <= sent_by_phones()
    assert set(documented) == sent_by_phones()


def test_every_message_the_server_sends_is_documented() -> None:
    documented = table("What the server sends")
    assert {"update", "patch", "error", "lobby"} <= sent_by_server()
    assert set(documented) == sent_by_server()


def test_every_refusal_code_is_documented() -> None:
    documented = set(table("or one of the server's own"))
    assert {"stale", "not_over", "name_too_long"} <= documented
    assert documented == refusal_codes()


def test_the_documented_fields_are_the_messages_fields() -> None:
    from tablegames.server.page import encode_full, encode_patch
    from tablegames.server.rooms import ClientError, error_message

    documented = table("What the server sends")

    def fields(name: str) -> set[str]:
        return set(re.findall(r"`(\w+)`", documented[name].split(" (")[0]))

    def keys(message: dict[str, object] | str) -> set[str]:
        data = json.loads(message) if isinstance(message, str) else message
        return set(data) - {"type"}

    assert fields("error") == keys(error_message(ClientError("stale"), "en", 3))
    assert fields("patch") == keys(encode_patch(2, 3, [], []))
    assert fields("update") == keys(encode_full({}, []))


def test_the_lobby_notice_and_presence_fields_are_the_guides(tmp_path: Path) -> None:
    """helper-165: the guide describes ``lobby``, ``notice`` and ``presence`` with their
    fields, but only ``update``, ``patch`` and ``error`` were held to it. Each is made
    here as a phone receives it, by the room server's own hub (a lobby, a phone joining,
    the last seat taken), and its keys compared with the guide's row: a field added to
    or dropped from a message without the guide fails here."""
    import asyncio

    from tablegames.server.rooms import Conn, Hub
    from tablegames.server.store import Store

    documented = table("What the server sends")

    def fields(name: str) -> set[str]:
        # the cell's fields, before the words on their values (``each `name` and `bot```)
        cell = re.sub(r"\([^)]*\)", "", documented[name])
        return set(re.findall(r"`(\w+)`", cell))

    def heard(conn: Conn) -> dict[str, dict[str, object]]:
        out: dict[str, dict[str, object]] = {}
        while not conn.queue.empty():
            text = conn.queue.get_nowait()
            assert text is not None
            message = json.loads(text)
            out[message["type"]] = message
        return out

    def keys(message: dict[str, object]) -> set[str]:
        return set(message) - {"type"}

    hub = Hub(Store(tmp_path / "rooms.sqlite"), bot_delay=0)
    try:
        code, _ = hub.create({"game": "toepen", "players": 3, "name": "Amal", "bot": "",
                              "seed": 1})
        room = hub.room(code)
        host = Conn(0)
        hub.attach(room, host)  # a phone connects: everyone is told who is online
        asyncio.run(hub.handle(room, host, {"type": "hello", "lang": "en"}))
        before = heard(host)
        assert fields("presence") == keys(before["presence"])
        assert fields("lobby") == keys(before["lobby"])
        seats = before["lobby"]["seats"]
        each = re.search(r"`seats` \(([^)]*)\)", documented["lobby"])
        assert each is not None and isinstance(seats, list)
        assert {key for seat in seats for key in seat} == set(re.findall(r"`(\w+)`", each[1]))
        hub.join(code, "Bo")
        hub.join(code, "Cy")  # the last seat: the game starts by itself
        assert room.started
        heard(host)
        asyncio.run(hub.handle(room, host, {"type": "hello", "lang": "en"}))
        notice = heard(host)["notice"]
        assert fields("notice") == keys(notice) and notice["key"] == "all_here"
    finally:
        hub.store.close()


def test_the_games_list_names_every_field_it_has() -> None:
    from tablegames.server.app import games_catalogue

    http = section().split("**HTTP.**", 1)[1].split("**A socket.**", 1)[0]
    named = set(re.findall(r"`(\w+)`", http))
    games = games_catalogue("en")
    fields = {key for game in games for key in game}
    fields |= {key for game in games for option in game["options"] for key in option}
    assert fields <= named, sorted(fields - named)


def page_paragraph() -> str:
    """The guide's paragraph that names the keys of a page ("A page holds ...")."""
    text = GUIDE.read_text("utf-8")
    start = text.index("A page holds the table model")
    return text[start:text.index("`events` are lines", start)]


def test_every_key_of_a_page_is_named_and_every_named_key_is_made() -> None:
    """helper-165: the paragraph listed the page's keys ending in "...", and nine of them
    (``dir``, ``game``, ``lang``, ``players``, ``seat``, ``stage``, ``title``, ``to_act``,
    ``yours``) were named nowhere in the guide an app without the page's code reads."""
    import tablegames
    from tablegames.server.page import build

    # the room adds these to the page it keeps (rooms.py, ``_page``)
    made = {"code", "online", "bots", "round"}
    for game in sorted(tablegames.GAMES):
        state = tablegames.new_game(game, players=3, seed=1)
        for seat in (0, None):
            made |= set(build(state, seat, "ar"))
    named = set(re.findall(r"`(\w+)`", page_paragraph()))
    # the values the paragraph quotes (a direction, a shared screen's seat), not keys
    named -= {"ltr", "rtl", "null"}
    assert made == named, (sorted(made - named), sorted(named - made))
