"""Work done once per test run, whatever the number of xdist workers.

Under xdist every worker runs its own session, so a session fixture runs once per
worker: an expensive build that no test changes (a Sphinx site is read, never written)
was made by both workers of a two-core run, each on a core the other needed.
"""

from __future__ import annotations

import fcntl
import json
import os
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest


def built_once(tmp_path_factory: pytest.TempPathFactory, name: str,
               build: Callable[[Path], None]) -> Path:
    """A directory ``build`` fills once per run, for a session fixture whose tests only
    read it.

    Under xdist the first worker to ask builds it in the run's directory (the parent of
    every worker's temporary directory, new for each run) under a file lock; the others
    wait on the lock and read the same files. A build that fails leaves no mark of being
    done, so the next worker to ask builds again and fails the same way: every test that
    needs it reports the failure. Without xdist it is the session's own directory."""
    if os.environ.get("PYTEST_XDIST_WORKER") is None:
        path = tmp_path_factory.mktemp(name)
        build(path)
        return path
    shared = tmp_path_factory.getbasetemp().parent
    path, done = shared / name, shared / f"{name}.done"
    with open(shared / f"{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file is closed
        if not done.exists():
            shutil.rmtree(path, ignore_errors=True)  # what a failed build left
            path.mkdir()
            build(path)
            done.touch()
    return path


def used_ids_once(tmp_path_factory: pytest.TempPathFactory, game: str) -> set[tuple[str, str | None]]:
    """``tablegames.table.catalogues.used_ids(game)``, worked out once per run: it plays
    the catalogue's sample games and presents every view of them (seconds for Phase 10),
    and both the catalogue tests (``tests/render``) and the form's words
    (``tests/server``) ask it of every game."""
    from tablegames.table.catalogues import used_ids

    def build(path: Path) -> None:
        ids = sorted(used_ids(game), key=json.dumps)
        (path / "ids.json").write_text(json.dumps(ids), encoding="utf-8")

    folder = built_once(tmp_path_factory, f"used-ids-{game}", build)
    return {(text, plural) for text, plural in
            json.loads((folder / "ids.json").read_text(encoding="utf-8"))}
