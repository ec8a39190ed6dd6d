"""A Ray cluster's address is refused when the run is asked for, before anything of the
run happens: no results file or folder is made, no progress is reported, and the command
says no "starting the run" line before the refusal (helper-196: ``run`` checked the
address only once its results were first asked for, after :func:`simulate` had made the
results file and reported its start)."""

from __future__ import annotations

import io
import socket
from pathlib import Path
from typing import Any

import pytest

from tablegames import runner
from tablegames.cli import main
from tablegames.common.errors import ArgumentRefused
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


@pytest.fixture()
def closed_port() -> int:
    """A port of 127.0.0.1 where nothing listens."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
    return port


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
