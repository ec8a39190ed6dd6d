"""The room server under hostile review (helper-211, session 57): through a real
``tablegames serve`` process with the default limits where a client shows it, through
the ``Hub`` where only a refusal's words are asked.

* A look-up by room code (``/api/rooms/CODE``, the QR code) over its rate limit was
  refused ``slow_down`` in English whatever language the page asked in (``?lang=``, as
  the lobby page asks): every other refusal of those doors, and of joins and creation
  over theirs, is told in the asking page's language.
* A tap naming another seat was refused with the core's English sentence ("seat 1 may
  not act for seat 0") inside an Arabic, Dutch or Danish message.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import pytest

from tablegames.server.rooms import ClientError, Conn, error_message
from tablegames.server.words import error_text
from tests.server.helpers import Server, started_room

#: More look-ups than an address's burst allows (30, ``Limits.lookup_burst``).
FLOOD = 40


@pytest.fixture(scope="module")
def metered(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server with the default limits, as ``tablegames serve`` runs unless told."""
    with Server(tmp_path_factory.mktemp("metered211") / "rooms.sqlite", args=()) as srv:
        yield srv


def test_a_look_up_over_its_limit_is_refused_in_the_pages_language(metered: Server) -> None:
    code = metered.create(game="toepen", players=2, name="Amal")["code"]
    answers = [metered.request(f"/api/rooms/{code}")[0] for _ in range(FLOOD)]
    assert answers[0] == 200 and answers[-1] == 429  # the room exists: the limit refuses
    for lang in ("ar", "nl", "da"):
        for path in (f"/api/rooms/{code}?lang={lang}", f"/qr/{code}.svg?lang={lang}"):
            status, body = metered.request(path)
            assert status == 429, (path, body)
            assert body["code"] == "slow_down"
            assert body["message"] == error_text(lang, "slow_down")
            assert body["message"] != error_text("en", "slow_down")


@pytest.mark.parametrize(("game", "lang"), [("toepen", "nl"), ("toepen", "ar"),
                                            ("phase10", "da"), ("shithead", "ar")])
def test_a_tap_for_another_seat_is_refused_with_no_english_inside(
        tmp_path: Path, game: str, lang: str) -> None:
    """A seat's tap naming another seat (another's legal action, or a seat the game does
    not have) is refused by the core's ``not_your_seat`` or ``no_such_seat``, whose
    sentence has no template to translate: an Arabic, Dutch or Danish phone read "seat 1
    may not act for seat 0" inside its own language's message. It reads its code's
    message alone now, and nothing changes."""
    hub, room = started_room(tmp_path, game, 2, 5)
    try:
        state = room.state
        mover = next(s for s in range(2) if state.legal_actions(s))
        action = str(state.legal_actions(mover)[0])
        conn = Conn(1 - mover)
        conn.lang = lang
        hub.attach(room, conn)
        for tap in (action, "9" + action[action.index(":"):]):
            by = conn if tap == action else Conn(mover)
            by.lang = lang
            before = state.to_json()
            with pytest.raises(ClientError) as refused:
                asyncio.run(hub.handle(room, by, {"type": "act", "actions": [tap],
                                                  "expect": state.version}))
            told = error_message(refused.value, lang, state.version)
            assert refused.value.code in ("not_your_seat", "no_such_seat")
            assert told["detail"] == "", told
            assert told["message"] == error_text(lang, refused.value.code)
            assert told["message"] != error_text("en", refused.value.code)
            assert room.state.to_json() == before
            # English phones still read the engine's sentence
            assert error_message(refused.value, "en", state.version)["detail"]
    finally:
        hub.store.close()
