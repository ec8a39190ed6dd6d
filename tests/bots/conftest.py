"""Fixtures of the bot tests."""

from __future__ import annotations

import pytest


@pytest.fixture
def own_registry(monkeypatch: pytest.MonkeyPatch) -> None:
    """The bots registered by a test are gone after it: the registry is the process's, and
    a test later in the same worker (the doctest of ``tablegames.bots`` lists Toepen's
    bots) must not meet them."""
    from tablegames.bots import registry

    for name in ("_EXTRA", "_ORIGIN", "_TEXTS"):
        kept = {game: dict(entries) for game, entries in getattr(registry, name).items()}
        monkeypatch.setattr(registry, name, kept)
