"""A worker's error that cannot be pickled keeps the results before it (helper-223):
it was raised again for the pool to pickle, which failed ("cannot pickle
'_thread.lock' object"), and every finished result of its chunk was lost."""

from __future__ import annotations

import pytest

from tablegames import runner
from tests.bots.slow_bots import holds_at_3


def test_the_results_before_an_unpicklable_error_come_back_then_its_text() -> None:
    got: list[int] = []
    with pytest.raises(runner.WorkerError, match="Held: task 3's lock") as caught:
        for result in runner.run(holds_at_3, range(8), workers=2, chunksize=8):
            got.append(result)
    assert got == [0, 1, 2]
    assert "slow_bots.py" in str(caught.value.__cause__)  # the worker's traceback, as text


def test_in_one_process_it_is_raised_as_itself() -> None:
    from tests.bots.slow_bots import Held

    with pytest.raises(Held):
        list(runner.run(holds_at_3, range(8), workers=1))
