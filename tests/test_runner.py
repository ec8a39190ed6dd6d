"""tablegames.runner: results in seed order, identical for any worker count; clear refusals."""

from __future__ import annotations

import functools
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import tablegames
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


def refused_move(kind: str, seed: int) -> None:
    """A task that ends in the library's refusal: another seat's move, or a stale one."""
    import tablegames

    state = tablegames.new_game("toepen", players=3, seed=seed)
    if kind == "out_of_turn":
        state.apply("1:keep")
    state.apply("0:keep", expect=9)


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


@pytest.mark.parametrize("kind", ["out_of_turn", "stale"])
def test_a_refusal_in_a_worker_is_the_refusal_one_process_raises(kind: str) -> None:
    """An error the library raises in a task comes back from a worker as it was raised:
    an OutOfTurn said its "[out_of_turn; ruling TOE-03]" twice, and a StaleState (whose
    fields are keywords) broke the pool (found by helper-114)."""
    errors = []
    for workers in (1, 2):
        with pytest.raises(tablegames.IllegalAction) as caught:
            list(run(functools.partial(refused_move, kind), [1, 2], workers=workers))
        errors.append(caught.value)
    one, two = errors
    assert type(one) is type(two) and str(one) == str(two), (one, two)
    assert vars(one) == vars(two)
    assert str(two).count("[") == 1


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


class _RayThatTimesOut:
    """Stands in for Ray on a machine too busy for Ray's own start-up deadline."""

    def __init__(self) -> None:
        self.calls: list[str | None] = []

    def is_initialized(self) -> bool:
        return False

    def init(self, address: str | None = None, **_: object) -> None:
        self.calls.append(address)
        raise Exception("The current node timed out during startup. This could happen because "
                        "some of the raylet failed to startup or the GCS has become overloaded.\n"
                        "(a long Ray traceback follows)")


def test_a_ray_that_does_not_start_is_told_plainly(monkeypatch: pytest.MonkeyPatch,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 23 item 8: what happened, how to give it more time, how to use ``--address``."""
    import io

    from tablegames import runner
    from tablegames.cli import main

    fake = _RayThatTimesOut()
    monkeypatch.setattr(runner, "_import_ray", lambda: fake)
    monkeypatch.setattr(runner, "_unanswered", lambda host, port: None)  # 'head' answers
    monkeypatch.delenv("RAY_ADDRESS", raising=False)
    with pytest.raises(SetupError) as caught:
        list(run(abs, [1, 2], backend="ray"))
    text = str(caught.value)
    assert text.startswith("Ray did not start a local cluster (Ray said: 'The current node timed out")
    assert "--address auto" in text and "ray start --head" in text and "RAY_gcs_server" in text
    assert "traceback" not in text  # only the first line of what Ray said
    with pytest.raises(SetupError, match=r"could not connect to the cluster at 'ray://head:10001'"):
        list(run(abs, [1], backend="ray", address="ray://head:10001"))
    assert fake.calls == [None, "ray://head:10001"]

    code = main(["simulate", "toepen", "--games", "2", "--backend", "ray", "--address", "auto"],
                out=io.StringIO())
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1 and "could not connect to the cluster at 'auto'" in err


class _RayThatLogsFirst:
    """Stands in for Ray's client: it logs at INFO and warns before it answers, as
    ``ray.init(address="ray://...")`` does (``Passing the following kwargs to ray.init()
    on the server: log_to_driver``; ``Ray Client connection timed out``)."""

    def __init__(self, fails: bool) -> None:
        self.fails = fails

    def is_initialized(self) -> bool:
        return False

    def init(self, address: str | None = None, **_: object) -> None:
        import logging
        import warnings

        logging.getLogger("ray.client_builder").info(
            "Passing the following kwargs to ray.init() on the server: log_to_driver")
        warnings.warn("Ray Client connection timed out.", UserWarning, stacklevel=1)
        if self.fails:
            raise ConnectionError("ray client connection timeout")


def test_a_ray_that_cannot_connect_shows_only_the_refusal(monkeypatch: pytest.MonkeyPatch) -> None:
    """Helper-135: an unreachable ``--address`` printed Ray's INFO line and its warning
    before the refusal. A failed start now drops them; a start that succeeds hands them
    on to Ray's handler and to ``warnings`` as they were, so a normal run is unchanged."""
    import io
    import logging
    import warnings

    from tablegames import runner

    monkeypatch.setattr(runner, "_unanswered", lambda host, port: None)  # 'x' answers
    ray_log = logging.getLogger("ray")
    shown = io.StringIO()
    ray_handler = logging.StreamHandler(shown)  # Ray's own (PlainRayHandler on stderr)
    monkeypatch.setattr(ray_log, "handlers", [ray_handler])
    monkeypatch.setattr(ray_log, "propagate", False)
    monkeypatch.setattr(ray_log, "level", logging.INFO)

    with warnings.catch_warnings(record=True) as warned:
        warnings.simplefilter("always")
        with pytest.raises(SetupError, match=r"could not connect to the cluster at 'ray://x:1' "
                                             r"\(Ray said: 'ray client connection timeout'\)"):
            runner._start_ray(_RayThatLogsFirst(fails=True), "ray://x:1")
    assert shown.getvalue() == "" and warned == []
    assert ray_log.handlers == [ray_handler] and ray_log.propagate is False  # as they were

    with warnings.catch_warnings(record=True) as warned:
        warnings.simplefilter("always")
        runner._start_ray(_RayThatLogsFirst(fails=False), "ray://x:1")
    assert shown.getvalue() == "Passing the following kwargs to ray.init() on the server: log_to_driver\n"
    assert [str(w.message) for w in warned] == ["Ray Client connection timed out."]
    assert ray_log.handlers == [ray_handler]


def test_chunks_ramp_up_so_the_first_result_comes_after_one_seed() -> None:
    """Issue 25 item 13: each worker's first chunk is one seed, then two, doubling up to the
    chunk size, so a progress bar moves after one game of a slow game, not a whole chunk."""
    from tablegames.runner import _chunks

    sizes = [len(c) for c in _chunks(range(100), 8, 2)]
    assert sizes[:8] == [1, 1, 2, 2, 4, 4, 8, 8] and set(sizes[8:-1]) == {8} and sum(sizes) == 100
    assert [s for c in _chunks(range(100), 8, 2) for s in c] == list(range(100))
    assert [len(c) for c in _chunks(range(3), 64, 4)] == [1, 1, 1]
    assert [len(c) for c in _chunks(range(5), 1, 2)] == [1] * 5
    assert [len(c) for c in _chunks(range(20), 8)] == [8, 8, 4]  # a size the caller chose: no ramp


def test_preload_must_name_modules() -> None:
    with pytest.raises(SetupError, match="preload"):
        run(abs, [1, 2], workers=2, preload="tablegames")


def test_a_script_that_starts_a_run_at_its_top_level_is_told_to_guard_it(tmp_path: Any) -> None:
    """Worker processes import the user's script again (multiprocessing's forkserver and
    spawn do), so ``simulate(..., workers=2)`` at a script's top level starts again in
    each worker. Both the worker and the run say why and what to do (the main guard or
    ``workers=1``) instead of multiprocessing's bootstrapping error and a bare
    ``BrokenProcessPool``; the same script with the guard plays its games."""
    body = ('import tablegames\n'
            'summary = tablegames.simulate("toepen", games=4, seed=1, players=3, workers=2)\n'
            'print("games", summary.games)\n')
    bare = tmp_path / "bare.py"
    bare.write_text(body)
    env = {**os.environ, "PYTHONPATH": str(Path(tablegames.__file__).parent.parent)}
    out = subprocess.run([sys.executable, str(bare)], capture_output=True, text=True,
                         env=env, timeout=120, cwd=tmp_path)
    assert out.returncode != 0 and "games 4" not in out.stdout
    assert "SetupError: this run was started while a worker imported the script" in out.stderr
    assert "BrokenProcessPool: a worker process ended before it finished its first games" in out.stderr
    assert 'if __name__ == "__main__":' in out.stderr and "workers=1" in out.stderr
    guarded = tmp_path / "guarded.py"
    guarded.write_text('if __name__ == "__main__":\n'
                       + "".join("    " + line + "\n" for line in body.splitlines()))
    ok = subprocess.run([sys.executable, str(guarded)], capture_output=True, text=True,
                        env=env, timeout=120, cwd=tmp_path)
    assert ok.returncode == 0, ok.stderr
    assert ok.stdout.strip() == "games 4"


def test_a_pool_broken_while_the_first_chunks_are_handed_out_says_what_to_do(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A worker that ends at once (a script re-run at its top level) may break the pool
    before the run has handed out its first chunks: ``submit`` raises then, not the
    chunk's result. On a loaded CI machine that gave the pool's bare "A child process
    terminated abruptly" instead of what to do; both places now say it."""
    from concurrent.futures.process import BrokenProcessPool

    import tablegames.runner as runner_module

    class BrokenAtOnce(runner_module.ProcessPoolExecutor):
        def submit(self, *args: Any, **kwargs: Any) -> Any:
            raise BrokenProcessPool("A child process terminated abruptly, the process pool "
                                    "is not usable anymore")

    monkeypatch.setattr(runner_module, "ProcessPoolExecutor", BrokenAtOnce)
    with pytest.raises(BrokenProcessPool, match=r"before it finished its first games.*main"):
        list(runner_module.run(abs, range(8), workers=2))
