"""The app guide's "Under your own server" sample, run as the page prints it (helper-169).

The sample (``create_app`` run by uvicorn with ``UVICORN_HTTP`` and ``UVICORN_WS``) was
run by no test. Here it is read from the page and run in a process of its own, with its
address, port and file moved to the test's (each replaced text must be on the page, so
the page cannot drift from what runs): it serves rooms, and a request head past 16 KB is
the JSON refusal, which only ``UVICORN_HTTP`` gives.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.server.helpers import Server
from tests.server.test_server_doors import refused
from tests.server.test_server_last_doors import exchange

ROOT = Path(__file__).resolve().parents[2]


def guide_sample() -> str:
    """The Python block under "Under your own server" in ``docs/guides/app.md``."""
    text = (ROOT / "docs" / "guides" / "app.md").read_text(encoding="utf-8")
    section = text.split("### Under your own server\n", 1)[1]
    return section.split("```python\n", 1)[1].split("```", 1)[0]


class GuideSample(Server):
    """The page's sample as the server process, on this test's port and file."""

    def command(self) -> list[str]:
        code = guide_sample()
        for old, new in [('"rooms.sqlite"', repr(str(self.db))),
                         ('host="0.0.0.0"', 'host="127.0.0.1"'),
                         ("port=8000", f"port={self.port}")]:
            assert code.count(old) == 1, f"the app guide's sample no longer says {old}"
            code = code.replace(old, new)
        return [sys.executable, "-c", code]


@pytest.fixture(scope="module")
def sample(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with GuideSample(tmp_path_factory.mktemp("sample") / "rooms.sqlite") as srv:
        yield srv


def test_the_app_guides_own_server_sample_serves_rooms_with_the_bounds(sample: Server) -> None:
    assert "uvicorn.run(app" in guide_sample()
    room = sample.create(game="toepen", players=2, name="Amal")
    assert sample.join(room["code"], "Bo")["token"]
    long_head = b"GET / HTTP/1.1\r\nHost: x\r\nX-Long: " + b"a" * 32_768
    assert refused(exchange(sample, long_head)) == (400, "bad_message")
    assert Path(sample.db).exists()
