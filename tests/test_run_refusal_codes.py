"""The library's refusals of a run's arguments and of a Ray cluster carry a stable code
and fields (:class:`~tablegames.common.errors.ArgumentRefused`,
:class:`~tablegames.runner.RayRefused`), their English unchanged; the ``tablegames``
command says them in Arabic from those fields, with exit status 2, before anything runs
(helper-191: the command no longer repeats the library's checks to say them)."""

from __future__ import annotations

import errno
import re
import socket
import sys
import threading
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from tablegames import runner
from tablegames.bots.matches import arena
from tablegames.common.errors import ArgumentRefused, SetupError, TablegamesError
from tablegames.plot import check_target
from tablegames.runner import RayRefused
from tablegames.simulation import MAX_GAMES, simulate
from tests.cli_lines import said as _said

MOST_WORKERS = runner.MAX_PROCESSES_PER_CORE * runner.cpu_count()


@pytest.fixture()
def nothing_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    """No run may start: the refusal must come before any work."""
    def started(*args: Any, **kwargs: Any) -> None:
        raise AssertionError("a run started")

    monkeypatch.setattr(runner, "run", started)


@pytest.fixture()
def http_port() -> Iterator[int]:
    """A port where a web server answers (Ray's dashboard, say): a status line."""
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen()
    port: int = server.getsockname()[1]

    def answer() -> None:
        try:
            conn, _ = server.accept()
        except OSError:
            return
        with conn:
            conn.sendall(b"HTTP/1.1 400 Bad Request\r\n\r\n")

    thread = threading.Thread(target=answer, daemon=True)
    thread.start()
    yield port
    server.close()
    thread.join(5)


#: (the call, its argument, code and fields, its English as before helper-191)
ARGUMENT_CASES: list[tuple[Callable[[], object], str, str, dict[str, object], str]] = [
    (lambda: simulate("toepen", games=0), "games", "too_few",
     {"value": 0, "least": 1, "most": MAX_GAMES},
     "games must be at least 1 (got 0): a simulation needs a game to play"),
    (lambda: simulate("toepen", games=MAX_GAMES + 1), "games", "too_many",
     {"value": MAX_GAMES + 1, "most": MAX_GAMES},
     "games must be at most 1,000,000,000, got 1000000001"),
    (lambda: simulate("toepen", games="3"), "games", "type", {"value": "3"},  # type: ignore[arg-type]
     "games must be an int, not str"),
    (lambda: arena("toepen", ["club", "club"], games=0, keep_records=False), "games", "range",
     {"value": 0, "least": 1, "most": 10_000_000}, "games must be in 1..10,000,000, not 0"),
    (lambda: arena("toepen", ["club", "club"], games=3), "games", "multiple",
     {"value": 3, "seats": 2},
     "games must be a multiple of the 2 seats so that every bot sits in every seat equally "
     "often (try 2 or 4)"),
    (lambda: simulate("toepen", games=2, workers=0), "workers", "range",
     {"value": 0, "least": 1, "most": MOST_WORKERS}, f"workers must be 1..{MOST_WORKERS}, got 0"),
    (lambda: simulate("toepen", games=2, workers=True), "workers", "type", {"value": True},
     "workers must be an int, not bool"),
    (lambda: simulate("toepen", games=2, budget=0), "budget", "range",
     {"value": 0, "least": 1, "most": 1_000_000},
     "budget must be in 1..1,000,000 iterations per decision, not 0"),
    (lambda: simulate("toepen", ["club", "random"], games=2, budget=5), "budget", "unused",
     {"value": 5, "bots": ("club", "random")},
     "no bot in the lineup takes a budget (club, random); ismcts does"),
    (lambda: simulate("toepen", games=2, backend="dask"), "backend", "choice",
     {"value": "dask", "choices": ("process", "ray")},
     "backend must be one of 'process', 'ray', got 'dask'"),
    (lambda: simulate("toepen", games=2, address="auto"), "address", "backend",
     {"value": "auto"}, "address is only used with backend='ray'"),
    (lambda: simulate("toepen", games=2, backend="ray", address="foo"), "address", "no_port",
     {"value": "foo"}, "address 'foo' has no port: give 'auto'"),
    (lambda: simulate("toepen", games=2, backend="ray", address="x" * 301), "address", "long",
     {"most": 300}, "address is at most 300 characters, not 301"),
    (lambda: check_target("x.txt"), "plot", "suffix",
     {"value": "x.txt", "choices": (".svg", ".png", ".pdf")},
     "--plot 'x.txt': the file must end in .svg, .png or .pdf"),
]


@pytest.mark.parametrize(("call", "argument", "code", "fields", "english"), ARGUMENT_CASES,
                         ids=[f"{a}-{c}" for _, a, c, _, _ in ARGUMENT_CASES])
def test_the_library_refuses_an_argument_with_its_code_and_fields(
        call: Callable[[], object], argument: str, code: str, fields: dict[str, object],
        english: str) -> None:
    with pytest.raises(ArgumentRefused) as refused:
        call()
    error = refused.value
    assert isinstance(error, SetupError) and isinstance(error, TablegamesError)
    assert (error.argument, error.code) == (argument, code)
    assert {k: getattr(error, k) for k in fields} == fields
    assert str(error).startswith(english), str(error)


def test_plotting_without_matplotlib_has_its_code(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import matplotlib fails
    with pytest.raises(ArgumentRefused) as refused:
        check_target("x.svg")
    assert (refused.value.argument, refused.value.code) == ("plot", "matplotlib")
    assert str(refused.value) == "plotting needs matplotlib: pip install 'tablegames[plot]'"


def test_a_refusal_with_fields_survives_pickling() -> None:
    import pickle

    with pytest.raises(ArgumentRefused) as refused:
        arena("toepen", ["club", "club"], games=3)
    again = pickle.loads(pickle.dumps(refused.value))
    assert (type(again), str(again), again.code, again.seats) == (
        ArgumentRefused, str(refused.value), "multiple", 2)


@pytest.mark.parametrize("value", [(n for n in (1, 2)), lambda: 1, threading.Lock()],
                         ids=["generator", "lambda", "lock"])
def test_a_refusal_of_a_value_that_cannot_be_pickled_still_pickles(value: object) -> None:
    """Raised in a worker of a run (a task that starts a run of its own), the refusal
    must come back to the caller, not Python's "cannot pickle" (helper-196): its value
    is left out (``None``), its sentence, code and other fields kept."""
    import pickle

    with pytest.raises(ArgumentRefused) as refused:
        simulate("toepen", games=value)
    again = pickle.loads(pickle.dumps(refused.value))
    assert (type(again), str(again), again.argument, again.code, again.value) == (
        ArgumentRefused, str(refused.value), "games", "type", None)
    assert refused.value.value is value  # the raised error itself keeps it


# -- Ray ------------------------------------------------------------------------------

def test_nothing_answering_is_refused_with_the_systems_errno(
        closed_port: int, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("RAY_ADDRESS", raising=False)
    address = f"127.0.0.1:{closed_port}"
    with pytest.raises(RayRefused) as refused:
        runner._check_reachable(address)
    error = refused.value
    assert (error.code, error.address, error.argument) == ("unanswered", address, "address")
    assert error.errno == errno.ECONNREFUSED and error.reason and error.answer is None
    assert str(error).startswith(f"nothing answers at the Ray address '{address}' (")
    monkeypatch.setenv("RAY_ADDRESS", address)  # Ray reads it when no address is given
    with pytest.raises(RayRefused) as refused:
        runner._check_reachable(None)
    assert (refused.value.code, refused.value.argument) == ("unanswered", "RAY_ADDRESS")


def test_something_else_answering_is_refused_with_what_it_did(
        http_port: int, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("RAY_ADDRESS", raising=False)
    with pytest.raises(RayRefused) as refused:
        runner._check_reachable(f"127.0.0.1:{http_port}")
    error = refused.value
    assert (error.code, error.answer, error.errno, error.reason) == ("not_ray", "http", None, None)
    assert "something other than Ray answers" in str(error) and "an HTTP server" in str(error)


class _FailingRay:
    def is_initialized(self) -> bool:
        return False

    def init(self, address: str | None = None, **_: object) -> None:
        raise RuntimeError("the raylet died\nand more")


def test_ray_failing_to_come_up_is_refused_with_rays_own_words(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("RAY_ADDRESS", raising=False)
    monkeypatch.setattr(runner, "_check_reachable", lambda address: None)
    for address, code in ((None, "no_start"), ("ray://h:10001", "no_connect")):
        with pytest.raises(RayRefused) as refused:
            runner._start_ray(_FailingRay(), address)
        error = refused.value
        assert (error.code, error.address, error.said) == (code, address, "the raylet died")
        assert str(error).endswith(runner.RAY_HELP)
    monkeypatch.setitem(sys.modules, "ray", None)
    with pytest.raises(RayRefused) as missing:
        runner._import_ray()
    assert missing.value.code == "missing" and "needs Ray" in str(missing.value)


# -- the command says them in Arabic ---------------------------------------------------

#: (arguments, words the Arabic line holds)
ARABIC = [
    (["simulate", "toepen", "--games", "0"], "عدد الألعاب 1 على الأقل (لا 0)"),
    (["simulate", "toepen", "--games", "1000000001"], "عدد الألعاب 1,000,000,000 على الأكثر"),
    (["arena", "toepen", "--bots", "club,club", "--games", "0"], "عدد الألعاب من 1 إلى"),
    (["arena", "toepen", "--bots", "club,club", "--games", "3"], "2 أو 4"),
    (["simulate", "toepen", "--games", "2", "--workers", "0"], "عدد العمليات من 1 إلى"),
    (["simulate", "toepen", "--games", "2", "--budget", "0"], "الميزانية من 1 إلى 1,000,000"),
    (["simulate", "toepen", "--games", "2", "--budget", "5"], "لا لاعب آلي في التشكيلة"),
    (["simulate", "toepen", "--games", "2", "--address", "auto"], "لا يُستعمل --address"),
    (["simulate", "toepen", "--games", "2", "--backend", "ray", "--address", "foo"],
     "العنوان 'foo' بلا منفذ"),
    (["simulate", "toepen", "--games", "2", "--plot", "x.txt"], "يجب أن ينتهي اسم الملف"),
]


@pytest.mark.parametrize(("argv", "arabic"), ARABIC, ids=[" ".join(a) for a, _ in ARABIC])
def test_the_command_says_each_code_in_arabic_before_anything_runs(
        argv: list[str], arabic: str, capsys: pytest.CaptureFixture[str],
        nothing_runs: None) -> None:
    code, english = _said(argv, capsys)
    assert code == 2 and not re.search("[\u0600-\u06ff]", english), english
    code, err = _said([*argv, "--lang", "ar"], capsys)
    assert code == 2 and arabic in err, err


def test_plotting_without_matplotlib_is_said_in_arabic(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        nothing_runs: None) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    code, err = _said(["simulate", "toepen", "--games", "2", "--plot", "x.svg", "--lang", "ar"],
                      capsys)
    assert code == 2 and err == ("tablegames: الرسم يحتاج إلى matplotlib: pip install "
                                 "'tablegames[plot]'\n")


@pytest.fixture()
def no_ray_starts(monkeypatch: pytest.MonkeyPatch) -> None:
    """Ray stands in as a module that refuses to start: the probe must refuse first."""
    monkeypatch.setattr(runner, "_import_ray", lambda: _FailingRay())
    monkeypatch.delenv("RAY_ADDRESS", raising=False)


def test_a_ray_address_where_nothing_answers_in_arabic(
        closed_port: int, capsys: pytest.CaptureFixture[str], no_ray_starts: None) -> None:
    argv = ["simulate", "toepen", "--games", "2", "--backend", "ray", "--address",
            f"127.0.0.1:{closed_port}"]
    code, english = _said(argv, capsys)
    assert code == 2 and "nothing answers at the Ray address" in english, english
    code, err = _said([*argv, "--lang", "ar"], capsys)
    assert code == 2 and err.startswith("tablegames: لا شيء يُجيب عند عنوان Ray"), err
    assert "(رُفض الاتصال)" in err, err


def test_a_ray_address_where_a_web_server_answers_in_arabic(
        http_port: int, capsys: pytest.CaptureFixture[str], no_ray_starts: None) -> None:
    argv = ["simulate", "toepen", "--games", "2", "--backend", "ray", "--address",
            f"127.0.0.1:{http_port}", "--lang", "ar"]
    code, err = _said(argv, capsys)
    assert code == 2 and "شيء غير Ray يُجيب" in err and "خادم HTTP" in err, err


def test_ray_failing_to_start_in_arabic_keeps_rays_words(
        capsys: pytest.CaptureFixture[str], no_ray_starts: None) -> None:
    argv = ["simulate", "toepen", "--games", "2", "--backend", "ray", "--lang", "ar"]
    code, err = _said(argv, capsys)
    assert code == 2 and err.startswith("tablegames: لم يبدأ Ray عنقودًا محليًا"), err
    assert "'the raylet died'" in err and "RAY_gcs_server_port_wait_time_s=300" in err


def test_ray_missing_in_arabic(monkeypatch: pytest.MonkeyPatch,
                               capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)
    code, err = _said(["simulate", "toepen", "--games", "2", "--backend", "ray", "--lang", "ar"],
                      capsys)
    assert code == 2 and err.startswith("tablegames: التشغيل على Ray يحتاج إلى Ray"), err


def test_the_arabic_ray_lines_are_whole() -> None:
    """Every Ray refusal and reason the command tells is in the Arabic catalogue."""
    from tablegames.cli import NET_REASONS, NOT_RAY, _ray_refused
    from tablegames.cliwords import CliWords

    words = CliWords("ar")
    errors = [RayRefused("x", code="missing"), RayRefused("x", code="no_start", said="s"),
              RayRefused("x", code="no_connect", address="h:1", said="s")]
    errors += [RayRefused("x", code="unanswered", address="h:1", argument="RAY_ADDRESS",
                          errno=n, reason="r") for n in NET_REASONS]
    errors += [RayRefused("x", code="not_ray", address="h:1", argument="address", answer=a)
               for a in NOT_RAY]
    said = [_ray_refused(e, words) for e in errors]
    assert not words.missing, sorted(words.missing)
    assert all(re.search("[\u0600-\u06ff]", s) for s in said)
    assert words("arena") == "الحلبة"
