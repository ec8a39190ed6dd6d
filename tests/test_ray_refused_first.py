"""A Ray cluster's address is refused when the run is asked for, before anything of the
run happens: no results file or folder is made, no progress is reported, and the command
says no "starting the run" line before the refusal (helper-196: ``run`` checked the
address only once its results were first asked for, after :func:`simulate` had made the
results file and reported its start)."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest

from tablegames import runner
from tablegames.bots.matches import arena
from tablegames.cli import main
from tablegames.common.errors import ArgumentRefused
from tablegames.common.paths import FileRefused
from tablegames.runner import RayRefused
from tablegames.simulation import simulate


class _NoRay:
    """Ray, installed and not started: starting it is work a refusal must come before."""

    def is_initialized(self) -> bool:
        return False

    def init(self, *args: Any, **kwargs: Any) -> None:
        raise AssertionError("Ray was started")


@pytest.fixture()
def no_ray(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(runner, "_import_ray", _NoRay)
    monkeypatch.delenv("RAY_ADDRESS", raising=False)


def test_run_refuses_an_unanswered_address_when_called(no_ray: None, closed_port: int) -> None:
    with pytest.raises(RayRefused) as refused:
        runner.run(abs, range(3), backend="ray", address=f"127.0.0.1:{closed_port}")
    assert refused.value.code == "unanswered"


def test_simulate_makes_no_file_and_reports_nothing_before_a_ray_refusal(
        no_ray: None, closed_port: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "runs" / "run.jsonl"
    reports: list[int] = []
    with pytest.raises(RayRefused):
        simulate("toepen", games=2, out=str(out), backend="ray",
                 address=f"127.0.0.1:{closed_port}", progress=reports.append)
    assert reports == [] and not (tmp_path / "runs").exists()
    monkeypatch.setenv("RAY_ADDRESS", "host")  # the environment's address, no port
    with pytest.raises(ArgumentRefused) as refused:
        simulate("toepen", games=2, out=str(out), backend="ray", progress=reports.append)
    assert (refused.value.argument, refused.value.code) == ("RAY_ADDRESS", "no_port")
    assert reports == [] and not (tmp_path / "runs").exists()


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_resume_note_never_precedes_a_ray_refusal(
        no_ray: None, closed_port: int, tmp_path: Path, lang: str,
        capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "run.jsonl"
    code = main(["simulate", "toepen", "--games", "2", "--out", str(out), "--resume",
                 "--backend", "ray", "--address", f"127.0.0.1:{closed_port}", "--lang", lang],
                out=io.StringIO())
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1 and not out.exists()
    assert err.startswith({"en": "tablegames: nothing answers at the Ray address",
                           "ar": "tablegames: لا شيء يُجيب عند عنوان Ray"}[lang])


class _RayThatFails:
    """Ray, installed, reached and not starting: ``ray.init`` raises as Ray does when its
    local cluster misses its start-up deadline or a cluster does not take the client."""

    def __init__(self) -> None:
        self.calls: list[str | None] = []

    def is_initialized(self) -> bool:
        return False

    def init(self, address: str | None = None, **_: object) -> None:
        self.calls.append(address)
        raise RuntimeError("the raylet died")


@pytest.fixture()
def failing_ray(monkeypatch: pytest.MonkeyPatch) -> _RayThatFails:
    fake = _RayThatFails()
    monkeypatch.setattr(runner, "_import_ray", lambda: fake)
    monkeypatch.setattr(runner, "_unanswered", lambda host, port: None)  # Ray answers there
    monkeypatch.delenv("RAY_ADDRESS", raising=False)
    return fake


@pytest.mark.parametrize(("address", "code"), [(None, "no_start"), ("127.0.0.1:6379", "no_connect")])
def test_run_refuses_a_ray_that_does_not_start_when_called(
        failing_ray: _RayThatFails, address: str | None, code: str) -> None:
    with pytest.raises(RayRefused) as refused:
        runner.run(abs, range(3), backend="ray", address=address)  # no result asked for
    assert refused.value.code == code and failing_ray.calls == [address]


@pytest.mark.parametrize(("address", "code"), [(None, "no_start"), ("127.0.0.1:6379", "no_connect")])
def test_simulate_leaves_no_file_when_ray_does_not_start(
        failing_ray: _RayThatFails, tmp_path: Path, address: str | None, code: str) -> None:
    """Helper-198: ``ray.init`` failed at the first result, after the results file was
    made, so an empty file was left and the same call was then refused "already exists"."""
    out, plot = tmp_path / "runs" / "run.jsonl", tmp_path / "pics" / "run.svg"
    reports: list[int] = []
    for _ in range(2):  # the same call again: refused the same way, not "already exists"
        with pytest.raises(RayRefused) as refused:
            simulate("toepen", games=2, out=str(out), plot=str(plot), backend="ray",
                     address=address, progress=reports.append)
        assert refused.value.code == code
    assert reports == [] and sorted(tmp_path.iterdir()) == []
    out.parent.mkdir()
    out.write_bytes(b"")  # a file to resume is neither cut nor added to
    with pytest.raises(RayRefused):
        simulate("toepen", games=2, out=str(out), resume=True, backend="ray", address=address)
    assert out.read_bytes() == b"" and reports == []


class _RayThatStarts:
    """Ray that comes up (and is shut down): a refusal after it started must shut it down."""

    def __init__(self) -> None:
        self.up = False

    def is_initialized(self) -> bool:
        return self.up

    def init(self, address: str | None = None, **_: object) -> None:
        self.up = True

    def shutdown(self) -> None:
        self.up = False


def test_a_refused_file_after_ray_started_shuts_ray_down(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """The folder is made after Ray is up: when it cannot be (a file is in the way), the
    run is closed there and then, which shuts down the Ray it started."""
    fake = _RayThatStarts()
    monkeypatch.setattr(runner, "_import_ray", lambda: fake)
    monkeypatch.delenv("RAY_ADDRESS", raising=False)
    (tmp_path / "runs").write_text("a file, not a folder")
    monkeypatch.setattr("tablegames.simulation.file_to_write", lambda path, what: Path(path))
    with pytest.raises(FileRefused) as refused:
        simulate("toepen", games=2, out=str(tmp_path / "runs" / "run.jsonl"), backend="ray")
    assert refused.value.problem == "in_the_way" and not fake.up


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_the_command_leaves_no_file_when_ray_does_not_start(
        failing_ray: _RayThatFails, tmp_path: Path, lang: str,
        capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "run.jsonl"
    argv = ["simulate", "toepen", "--games", "2", "--backend", "ray", "--out", str(out),
            "--lang", lang]
    for _ in range(2):  # the same command again: the same refusal, not "already exists"
        code = main(argv, out=io.StringIO())
        err = capsys.readouterr().err
        assert code == 2 and err.count("\n") == 1 and not out.exists(), err
        assert err.startswith({"en": "tablegames: Ray did not start a local cluster",
                               "ar": "tablegames: لم يبدأ Ray عنقودًا محليًا"}[lang]), err
    assert sorted(tmp_path.iterdir()) == []


def test_the_arena_reports_nothing_before_ray_refuses(failing_ray: _RayThatFails) -> None:
    """The arena writes no file (and its command has no ``--backend``); its progress
    starts only once Ray is up."""
    reports: list[int] = []
    with pytest.raises(RayRefused) as refused:
        arena("toepen", ["club", "random"], games=2, backend="ray", progress=reports.append)
    assert refused.value.code == "no_start" and reports == []
