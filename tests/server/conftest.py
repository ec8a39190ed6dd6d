"""Fixtures for the server tests: a real server process and Debian's Chromium.

Both are stopped by their fixtures whatever the test did (pytest runs a fixture's
teardown after a failure too), so no test leaves a process behind.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.server.helpers import CHROMIUM, CHROMIUM_ARGS, Postgres, Server


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    srv = Server(tmp_path_factory.mktemp("server") / "rooms.sqlite").start()
    try:
        yield srv
    finally:
        srv.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    assert Path(CHROMIUM).exists(), "Debian's chromium is needed: apt-get install -y chromium"
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield b
        finally:
            b.close()


@pytest.fixture(scope="module")
def postgres() -> Iterator[Postgres]:
    """A real PostgreSQL server for the module's tests, stopped afterwards."""
    pg = Postgres()
    try:
        yield pg.start()
    finally:
        pg.stop()
