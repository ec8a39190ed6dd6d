"""Shared fixtures and the ``ruling`` marker.

``@pytest.mark.ruling("TOE-51")`` ties a test to the ruling it demonstrates; the meta
test in ``test_rulings_cited.py`` fails if any ruling in the rules files has no test.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

# CI (CI=true) runs the same examples every time, so a red build always reproduces;
# local runs explore new examples on each run.
settings.register_profile(
    "ci", max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow],
    derandomize=os.environ.get("CI") == "true",
)
settings.register_profile(
    "dev", max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
# a long hunt for rare cases before a release: HYPOTHESIS_PROFILE=deep python -m pytest ...
settings.register_profile(
    "deep", max_examples=1_000, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Debian's Chromium through Playwright, one per test module (the server's pages and
    the pictures are both tested in a real browser); closed whatever the tests did."""
    from playwright.sync_api import sync_playwright

    from tests.server.helpers import CHROMIUM, CHROMIUM_ARGS

    assert Path(CHROMIUM).exists(), "Debian's chromium is needed: apt-get install -y chromium"
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield b
        finally:
            b.close()


@pytest.fixture
def own_registry(monkeypatch: pytest.MonkeyPatch) -> None:
    """The bots registered by a test are gone after it: the registry is the process's, and
    a test later in the same worker (the doctest of ``tablegames.bots`` lists Toepen's
    bots; the server's creation form lists every bot) must not meet them. Shared by the
    bot and the server tests."""
    from tablegames.bots import registry

    for name in ("_EXTRA", "_ORIGIN", "_TEXTS"):
        kept = {game: dict(entries) for game, entries in getattr(registry, name).items()}
        monkeypatch.setattr(registry, name, kept)


@pytest.fixture
def closed_port() -> int:
    """A port of 127.0.0.1 where nothing listens: one the system just handed out, closed
    (a Ray address that nothing answers; shared by the Ray and refusal tests)."""
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
    return port
