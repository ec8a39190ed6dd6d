"""The Ray backend on a local Ray started (and always stopped) by the test.

One test function holds every Ray check: each xdist worker that ran a Ray test would
start its own Ray, and two of them on a 2-core machine only compete.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tablegames import runner, simulate
from tablegames.runner import run
from tests.test_runner import play_toepen


@pytest.fixture()
def local_ray(monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    monkeypatch.setenv("RAY_AUTH_MODE", "disabled")  # a local test needs no token
    import ray

    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        yield ray
    finally:
        ray.shutdown()


def test_ray_gives_the_same_results_and_files_as_one_process(local_ray: Any, tmp_path: Path) -> None:
    seeds = list(range(20, 45))
    expected = [play_toepen(s) for s in seeds]
    assert list(run(play_toepen, seeds, backend="ray")) == expected
    assert list(run(play_toepen, seeds, backend="ray", workers=3, chunksize=2)) == expected
    with pytest.raises(ZeroDivisionError):
        list(run(divmod_zero, [1, 2], backend="ray"))
    assert local_ray.is_initialized()  # the runner leaves a Ray it did not start running
    # a real Ray's cluster address answers the probe's gRPC opening (helper-146: the probe
    # refuses a port where something else answers)
    runner._check_reachable(local_ray.get_runtime_context().gcs_address)

    one, ray_file = tmp_path / "one.jsonl", tmp_path / "ray.jsonl"
    simulate("toepen", games=30, players=4, seed=11, workers=1, out=one)
    simulate("toepen", games=30, players=4, seed=11, backend="ray", out=ray_file)
    assert ray_file.read_bytes() == one.read_bytes()
    # a run cut short on one process finishes on Ray to the same file
    cut = b"".join(one.read_bytes().splitlines(keepends=True)[:9])
    ray_file.write_bytes(cut + b'{"index":9,"se')
    simulate("toepen", games=30, players=4, seed=11, backend="ray", workers=2, out=ray_file, resume=True)
    assert ray_file.read_bytes() == one.read_bytes()


def divmod_zero(seed: int) -> int:
    return seed // 0
