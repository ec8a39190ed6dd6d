"""The room server under hostile review (helper-211, session 57), through a real
``tablegames serve`` process with the default limits.

* A look-up by room code (``/api/rooms/CODE``, the QR code) over its rate limit was
  refused ``slow_down`` in English whatever language the page asked in (``?lang=``, as
  the lobby page asks): every other refusal of those doors, and of joins and creation
  over theirs, is told in the asking page's language.
"""

from __future__ import annotations

from collections.abc import Iterator
import pytest

from tablegames.server.words import error_text
from tests.server.helpers import Server

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
