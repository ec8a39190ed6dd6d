"""tablegames.runner: results in seed order, identical for any worker count; clear refusals."""

from __future__ import annotations

import functools
from collections.abc import Iterator

import pytest

from tablegames import SetupError
from tablegames.runner import check_workers, cpu_count, run


def play_toepen(seed: int) -> str:
    """A real game per seed: its final save (byte identity is what the runner promises)."""
    import tablegames

    state = tablegames.new_game("toepen", players=4, seed=seed)
    while not state.is_over:
        legal = state.legal_actions()
        state.apply(legal[(seed + state.version) % len(legal)])
    return str(state.to_json())


def fails_on(bad: int, seed: int) -> int:
    if seed == bad:
        raise ArithmeticError(f"seed {seed} is bad")
    return seed


def test_one_and_two_workers_give_the_same_results_in_seed_order() -> None:
    seeds = [9, 3, 7, 1, 12, 5, 8]
    one = list(run(play_toepen, seeds, workers=1))
    assert one == [play_toepen(s) for s in seeds]
    assert len(set(one)) == len(seeds)  # different seeds really are different games
    assert list(run(play_toepen, seeds, workers=2)) == one
    assert list(run(play_toepen, seeds, workers=2, chunksize=1)) == one  # order kept, not timing


def test_a_lazy_stream_of_seeds_is_read_in_windows_and_progress_counts_results() -> None:
    seen: list[int] = []

    def seeds() -> Iterator[int]:
        yield from range(300)

    out = list(run(abs, seeds(), workers=2, progress=seen.append, chunksize=7))
    assert out == list(range(300))
    assert seen == sorted(seen) and seen[-1] == 300 and len(seen) == len(range(0, 300, 7))
    local: list[int] = []
    assert list(run(abs, [-1, -2], workers=1, progress=local.append)) == [1, 2]
    assert local == [1, 2]


def test_a_failing_task_raises_in_the_caller() -> None:
    with pytest.raises(ArithmeticError, match="seed 40 is bad"):
        list(run(functools.partial(fails_on, 40), range(100), workers=2))
    with pytest.raises(ArithmeticError, match="seed 2 is bad"):
        list(run(functools.partial(fails_on, 2), range(5), workers=1))


def test_an_early_stop_returns_the_first_results() -> None:
    it = run(abs, range(10_000), workers=2)
    assert [next(it) for _ in range(3)] == [0, 1, 2]
    it.close()  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"workers": 0}, "workers must be"),
        ({"workers": -2}, "workers must be"),
        ({"workers": True}, "not bool"),
        ({"workers": 2.0}, "not float"),
        ({"workers": "2"}, "not str"),
        ({"workers": 10**9}, "workers must be"),
        ({"backend": "threads"}, "backend must be one of"),
        ({"backend": None}, "backend must be one of"),
        ({"address": "ray://x:1"}, "only used with backend='ray'"),
        ({"chunksize": 0}, "chunksize must be"),
        ({"progress": 3}, "progress must be a callable"),
    ],
)
def test_bad_arguments_are_refused_before_any_work(kwargs: dict[str, object], message: str) -> None:
    calls: list[int] = []
    with pytest.raises(SetupError, match=message):
        run(calls.append, [1, 2, 3], **kwargs)  # type: ignore[arg-type]
    assert calls == []


def test_none_means_every_core() -> None:
    assert check_workers(None) is None
    assert cpu_count() >= 1
    assert check_workers(cpu_count()) == cpu_count()


def test_ray_missing_is_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    monkeypatch.setitem(sys.modules, "ray", None)  # import ray now fails as if not installed
    with pytest.raises(SetupError, match=r"tablegames\[ray\]"):
        run(abs, [1], backend="ray")
