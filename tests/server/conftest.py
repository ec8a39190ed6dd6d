"""Fixtures for the server tests: a real server process and a real PostgreSQL (the
browser, Debian's Chromium, is ``tests/conftest.py``'s ``browser``).

Both are stopped by their fixtures whatever the test did (pytest runs a fixture's
teardown after a failure too), so no test leaves a process behind.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.server.helpers import Phones, Postgres, Server


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with Server(tmp_path_factory.mktemp("server") / "rooms.sqlite") as srv:
        yield srv


@pytest.fixture(scope="module")
def postgres() -> Iterator[Postgres]:
    """A real PostgreSQL server for the module's tests, stopped afterwards."""
    with Postgres() as pg:
        yield pg


@pytest.fixture(scope="module")
def phones(server: Server, browser: Any) -> Iterator[list[Phones]]:
    """Every test's phones (:func:`~tests.server.helpers.new_phones`) go in this list;
    all are closed at the end of the module."""
    made: list[Phones] = []
    yield made
    for p in made:
        p.close()
