"""The last refusals of a run the ``tablegames`` command used to check again by hand to say
them in its language (session 57, helper-199): ``--out`` and ``--resume`` that do not
agree with the disk (:class:`~tablegames.common.errors.ResumeRefused`), a ``--bots`` list
that is not one bot per seat (:class:`~tablegames.common.errors.ArgumentRefused`,
``per_seat``) and a worker of another tablegames version
(:class:`~tablegames.common.errors.WorkerRefused`). The library raises each with a code
and fields, its English unchanged; the command tells them from those fields, in English
word for word as the library says them and in Arabic, with exit status 2, before any
game is played or any file is made."""

from __future__ import annotations

import copy
import io
import pickle
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs
import pytest

import tablegames
from tablegames import common, runner, simulation
from tablegames.common import errors
from tablegames.common.errors import (
    ArgumentRefused,
    ResumeRefused,
    RowRefused,
    SetupError,
    WorkerRefused,
)
from tablegames.simulation import simulate
from tests.cli_lines import said as _said

ARABIC = re.compile("[\u0600-\u06ff]")


@pytest.fixture()
def nothing_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    """No run may start: the refusal must come before any work."""
    def started(*args: Any, **kwargs: Any) -> None:
        raise AssertionError("a run started")

    monkeypatch.setattr(runner, "run", started)


def _results(tmp_path: Path) -> Path:
    """A results file that is there already (its rows need not be read: refused first)."""
    path = tmp_path / "r.jsonl"
    path.write_bytes(b"not read\n")
    return path


# -- --out and --resume ------------------------------------------------------------------

def test_resume_without_out_has_its_code(nothing_runs: None) -> None:
    with pytest.raises(ResumeRefused) as refused:
        simulate("toepen", games=2, resume=True)
    assert (refused.value.code, refused.value.path) == ("no_out", None)
    assert str(refused.value) == "resume=True needs out=, the results file to continue"


def test_a_results_file_that_is_no_regular_file_has_its_code(nothing_runs: None) -> None:
    with pytest.raises(ResumeRefused) as refused:
        simulate("toepen", games=2, out="/dev/null", resume=True)
    assert (refused.value.code, refused.value.path) == ("not_regular", "/dev/null")
    assert str(refused.value) == (
        "the results file '/dev/null' is not a regular file (a device, a pipe or a socket): "
        "--resume reads the file back and cuts a torn last line, so name a file")


def test_a_results_file_already_there_has_its_code_and_is_left_alone(
        tmp_path: Path, nothing_runs: None) -> None:
    path = _results(tmp_path)
    with pytest.raises(ResumeRefused) as refused:
        simulate("toepen", games=2, out=path)
    assert (refused.value.code, refused.value.path) == ("exists", str(path))
    assert str(refused.value) == (f"{str(path)!r} already exists; pass resume=True (--resume) "
                                  "to continue it, or remove it to start again")
    assert isinstance(refused.value, SetupError)  # ``except SetupError`` still catches it
    assert path.read_bytes() == b"not read\n"


def test_the_command_no_longer_checks_out_and_resume_itself() -> None:
    """The command keeps only what the library cannot do: say that a resume of a file
    that is not there starts the run."""
    from tablegames import cli

    assert not hasattr(cli, "_resume_check")


#: (arguments but the file, the English line as the library words it with ``{path}``,
#: words of the Arabic line)
RESUME_LINES = [
    (["--resume"], "resume=True needs out=, the results file to continue",
     "الخيار --resume يحتاج إلى --out"),
    (["--out", "/dev/null", "--resume"],
     "the results file '/dev/null' is not a regular file (a device, a pipe or a socket): "
     "--resume reads the file back and cuts a torn last line, so name a file",
     "ليس ملفًا عاديًا"),
    (["--out", "{path}"], "'{path}' already exists; pass resume=True (--resume) to continue "
     "it, or remove it to start again", "موجود من قبل"),
]


@pytest.mark.parametrize(("args", "english", "arabic"), RESUME_LINES,
                         ids=["no_out", "not_regular", "exists"])
def test_the_command_tells_the_resume_codes_in_english_and_arabic(
        args: list[str], english: str, arabic: str, tmp_path: Path,
        capsys: pytest.CaptureFixture[str], nothing_runs: None) -> None:
    path = _results(tmp_path)
    argv = ["simulate", "toepen", "--games", "2",
            *(a.format(path=path) for a in args)]
    code, err = _said(argv, capsys)
    assert (code, err) == (2, f"tablegames: {english.format(path=path)}\n")
    code, err = _said([*argv, "--lang", "ar"], capsys)
    assert code == 2 and arabic in err and ARABIC.search(err), err
    assert "already" not in err and "regular" not in err and "needs" not in err, err
    assert path.read_bytes() == b"not read\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["r.jsonl"]  # nothing made


def test_a_resume_of_a_file_not_there_still_says_it_starts(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "new.jsonl"
    argv = ["simulate", "toepen", "--games", "2", "--workers", "1", "--json",
            "--out", str(path), "--resume"]
    from tablegames.cli import main

    assert main(argv, out=io.StringIO()) == 0
    err = capsys.readouterr().err
    assert err == f"tablegames: nothing to resume in {str(path)!r}: starting the run\n"
    assert len(path.read_bytes().splitlines()) == 2


def test_a_row_of_another_run_is_still_told_in_arabic(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``RowRefused`` is told by ``told`` too now (it was caught in ``cmd_simulate``)."""
    from tablegames.cli import told
    from tablegames.cliwords import CliWords

    error = RowRefused("English", path="r.jsonl", line=3, other_run=True)
    words = CliWords("ar")
    assert told(error, words).startswith("'r.jsonl': السطر 3 ") and not words.missing
    assert told(error, CliWords("en")) == "English"


# -- a --bots list that is not one per seat ----------------------------------------------

def test_bots_not_one_per_seat_has_its_code_and_fields(nothing_runs: None) -> None:
    lineup = ["club", "club"]
    with pytest.raises(ArgumentRefused) as refused:
        simulate("toepen", lineup, games=2, players=3)
    error = refused.value
    assert (error.argument, error.code, error.seats, error.bots, error.value) == (
        "bots", "per_seat", 3, ("club", "club"), lineup)
    assert str(error) == "bots names one bot for every seat: need 3, got 2"


def test_bots_not_one_per_seat_in_arabic(capsys: pytest.CaptureFixture[str],
                                         nothing_runs: None) -> None:
    argv = ["simulate", "toepen", "--games", "2", "--bots", "club,club", "--players", "3"]
    code, err = _said(argv, capsys)
    assert (code, err) == (2, "tablegames: bots names one bot for every seat: need 3, got 2\n")
    code, err = _said([*argv, "--lang", "ar"], capsys)
    assert (code, err) == (2, "tablegames: يسمّي --bots لاعبًا آليًا لكل مقعد: عدد المقاعد 3 "
                              "وعدد اللاعبين الآليين 2\n")


# -- a worker of another version ---------------------------------------------------------

def _plan(**changes: Any) -> simulation._Plan:
    """The plan ``simulate`` hands its workers, changed as a caller of another install
    would have made it."""
    plan = simulation._Plan("toepen", 2, ("random", "random"), None, 7, "run", 1,
                            simulation.__version__)
    return attrs.evolve(plan, **changes)


def test_a_worker_of_another_version_has_its_code_and_fields() -> None:
    from tablegames.common.registry import game_info

    engine = type(game_info("toepen").new_game(players=2, seed=0)).ENGINE
    simulation._play_row(_plan(engine=engine), 0)  # the same install plays
    with pytest.raises(WorkerRefused) as refused:
        simulation._play_row(_plan(engine=engine, version="0.0.1"), 0)
    error = refused.value
    assert (error.code, error.game, error.version, error.engine, error.caller_version,
            error.caller_engine) == ("version", "toepen", simulation.__version__, engine,
                                     "0.0.1", engine)
    assert str(error) == (f"a worker runs tablegames {simulation.__version__} (toepen engine "
                          f"{engine}), the caller 0.0.1 (engine {engine}); install the same "
                          "version on every machine")
    again = pickle.loads(pickle.dumps(error))  # as a worker process sends it back
    assert type(again) is WorkerRefused and vars(again) == vars(error)


def test_a_worker_of_another_version_in_arabic(monkeypatch: pytest.MonkeyPatch,
                                               capsys: pytest.CaptureFixture[str],
                                               tmp_path: Path) -> None:
    """Every worker of this run is of "another install": the first game is refused, the
    command says so in its language, and the results file stays empty."""
    played = simulation._play_row

    def other_install(plan: simulation._Plan, index: int) -> dict[str, Any]:
        return played(attrs.evolve(plan, version="0.0.1"), index)

    monkeypatch.setattr(simulation, "_play_row", other_install)
    path = tmp_path / "r.jsonl"
    argv = ["simulate", "toepen", "--games", "2", "--workers", "1", "--out", str(path)]
    code, err = _said(argv, capsys)
    assert code == 2 and err.startswith("tablegames: a worker runs tablegames "), err
    assert re.search(r"the caller 0\.0\.1 \(engine \d+\); install the same version on "
                     "every machine\n$", err), err
    path.unlink()
    code, err = _said([*argv, "--lang", "ar"], capsys)
    assert code == 2 and "ثبّت الإصدار نفسه على كل جهاز" in err and "0.0.1" in err, err
    assert "worker" not in err and "install" not in err, err


def test_the_arabic_lines_of_these_codes_are_whole() -> None:
    from tablegames.cli import told
    from tablegames.cliwords import CliWords

    words = CliWords("ar")
    refusals: list[tablegames.TablegamesError] = [
        ResumeRefused("x", code="no_out"), ResumeRefused("x", code="not_regular", path="p"),
        ResumeRefused("x", code="exists", path="p"),
        RowRefused("x", path="p", line=1), RowRefused("x", path="p", line=1, other_run=True),
        WorkerRefused("x", code="version", game="toepen", version="2", engine=1,
                      caller_version="1", caller_engine=1),
        ArgumentRefused("x", argument="bots", code="per_seat", seats=3, bots=("a", "b"))]
    said = [told(e, words) for e in refusals]
    assert not words.missing, sorted(words.missing)
    assert all(ARABIC.search(s) and s != "x" for s in said), said
    # a code this command does not know yet is the library's sentence, not a crash
    assert told(ResumeRefused("the sentence", code="later"), words) == "the sentence"


# -- exported where the other errors are -----------------------------------------------

TYPED = ("ArgumentRefused", "FileRefused", "RayRefused", "ResumeRefused", "RowRefused",
         "WorkerRefused")


@pytest.mark.parametrize("name", TYPED)
def test_each_typed_refusal_is_exported_as_the_other_errors_are(name: str) -> None:
    cls = getattr(tablegames, name)
    assert getattr(common, name) is cls and name in tablegames.__all__
    assert name in common.__all__ and issubclass(cls, tablegames.TablegamesError)
    assert getattr(errors, name, cls) is cls  # FileRefused is common.paths'


def test_the_old_homes_still_name_the_same_classes() -> None:
    from tablegames.common.paths import FileRefused

    assert runner.RayRefused is tablegames.RayRefused
    assert simulation.RowRefused is tablegames.RowRefused
    assert FileRefused is tablegames.FileRefused


COPIES: dict[str, Callable[[], tablegames.TablegamesError]] = {
    "resume": lambda: ResumeRefused("m", code="exists", path="p"),
    "row": lambda: RowRefused("m", path="p", line=2, other_run=True),
    "ray": lambda: tablegames.RayRefused("m", code="unanswered", address="h:1", errno=111,
                                         reason="r", argument="address"),
    "file": lambda: tablegames.FileRefused("m", what="the results file", path="p",
                                           problem="os", errno=13, reason="r"),
    "argument": lambda: ArgumentRefused("m", argument="bots", code="per_seat", value=["a"],
                                        seats=2, bots=["a"]),
}


@pytest.mark.parametrize("name", sorted(COPIES))
@pytest.mark.parametrize("how", ["pickle", "deepcopy"])
def test_each_typed_refusal_comes_back_whole(name: str, how: str) -> None:
    error = COPIES[name]()
    back = (pickle.loads(pickle.dumps(error)) if how == "pickle" else copy.deepcopy(error))
    assert type(back) is type(error) and back is not error
    assert str(back) == str(error) and vars(back) == vars(error)
