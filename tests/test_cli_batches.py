"""The main job as a researcher runs it: big batches of ``tablegames simulate`` that get
killed, resumed and summarised, and the command line's refusals.

The kill test uses a real process, killed with SIGKILL as a batch scheduler or the OOM
killer does it; everything else calls :func:`tablegames.cli.main` in this process,
with small runs.
"""

from __future__ import annotations

import contextlib
import io
import json
import math
import os
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import tablegames
from tablegames import simulate
from tablegames.cli import main
from tablegames.simulation import MAX_GAMES

ROOT = Path(tablegames.__file__).parent.parent


def cli(*argv: str) -> tuple[int, str, str]:
    """Run the command; its exit status, standard output and standard error."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stderr(err):
        try:
            code = main(list(argv), out=out, inp=io.StringIO(""))
        except SystemExit as stop:  # argparse's own refusals
            code = stop.code if isinstance(stop.code, int) else 2
    return code, out.getvalue(), err.getvalue()


def test_a_killed_run_leaves_no_workers_behind_and_resumes_to_the_same_file(tmp_path: Path) -> None:
    """SIGKILL gives the run no chance to stop its workers. They used to wait for their
    next chunk for ever (with the fork server and the resource tracker), holding memory
    and the run's output pipes, so a script reading the killed run's output never got
    its end. Now every process of the run ends with it: reading its output to the end
    returns. Resuming the file then gives what one uninterrupted process writes."""
    path = tmp_path / "killed.jsonl"
    command = [sys.executable, "-m", "tablegames", "simulate", "toepen", "--seed", "3",
               "--players", "3", "--workers", "2", "--out", str(path)]
    run = subprocess.Popen([*command, "--games", "100000"], cwd=ROOT, start_new_session=True,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        for _ in range(600):  # until the workers have written rows (at most a minute)
            if path.exists() and path.stat().st_size:
                break
            with contextlib.suppress(subprocess.TimeoutExpired):
                run.wait(timeout=0.1)
            assert run.returncode is None, run.stderr.read()  # type: ignore[union-attr]
        os.kill(run.pid, signal.SIGKILL)
        try:
            run.communicate(timeout=60)  # the pipes close when the last worker has ended
        except subprocess.TimeoutExpired:
            pytest.fail("the workers of a killed run kept running")
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(run.pid, signal.SIGKILL)  # whatever is left, if the test failed
        run.wait()
    held = path.read_bytes().count(b"\n")
    assert held >= 1
    games = held + 5
    code, _, err = cli(*command[3:], "--games", str(games), "--resume")
    assert code == 0, err
    one = tmp_path / "one.jsonl"
    simulate("toepen", games=games, players=3, seed=3, workers=1, out=one)
    assert path.read_bytes() == one.read_bytes()


@pytest.mark.parametrize("other", [
    ("shithead", "--players", "4"),  # another game
    ("toepen", "--players", "4", "--seed", "8"),
    ("toepen", "--players", "4", "--bots", "random"),
    ("toepen", "--players", "4", "--rules", "jack-doubles"),
])
def test_resuming_with_other_settings_is_refused_in_one_line(tmp_path: Path,
                                                             other: tuple[str, ...]) -> None:
    path = tmp_path / "run.jsonl"
    simulate("toepen", games=3, players=4, seed=7, workers=1, out=path)
    before = path.read_bytes()
    code, out, err = cli("simulate", *other, "--games", "6", "--workers", "1", "--out", str(path),
                         "--resume")
    assert (code, out) == (2, "") and path.read_bytes() == before
    assert err.count("\n") == 1 and "belongs to another run" in err and "Traceback" not in err


def _wilson(k: int, n: int) -> tuple[float, float]:
    """The 95% Wilson score interval, written out again from its formula (not the
    library's :func:`tablegames.stats.wilson`): the summary is checked against it."""
    z = 1.959963984540054  # the 97.5% quantile of the standard normal distribution
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z / (1 + z * z / n) * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return (0.0 if k == 0 else centre - half, 1.0 if k == n else centre + half)


@pytest.mark.parametrize(("game", "options"), [
    ("toepen", ("--bots", "random,club,club,random,club")),
    ("shithead", ("--players", "3", "--rules", "match5")),
    ("dallah", ("--bots", "model,random,random")),
])
def test_the_summary_numbers_are_those_of_the_json_lines(tmp_path: Path, game: str,
                                                         options: tuple[str, ...]) -> None:
    """Counts, rates and 95% intervals per seat and per bot, in the JSON summary and in
    the text a person reads, recomputed from the rows of ``--out``."""
    path = tmp_path / "rows.jsonl"
    argv = ("simulate", game, "--games", "23", "--seed", "5", "--workers", "1", *options)
    code, text, err = cli(*argv, "--out", str(path))
    assert code == 0, err
    code, js, err = cli(*argv, "--json")
    assert code == 0, err
    summary = json.loads(js)
    rows = [json.loads(line) for line in path.read_text().splitlines()]
    n, bots = len(rows), rows[0]["bots"]
    assert summary["games"] == n == 23 and summary["bots"] == bots
    assert summary["actions"] == sum(r["length"] for r in rows)
    for key, field in (("losers", "loss_rate_per_seat"), ("winners", "win_rate_per_seat")):
        for seat in range(len(bots)):
            k = sum(seat in r["outcome"][key] for r in rows)
            low, high = _wilson(k, n)
            got = summary[field][seat]
            assert (got["count"], got["trials"]) == (k, n)
            assert got["rate"] == pytest.approx(k / n, abs=1e-4)
            assert (got["low"], got["high"]) == pytest.approx((low, high), abs=1e-4)
            if key == "losers":
                assert f"P{seat} {100 * k / n:.1f}% ({100 * low:.1f}–{100 * high:.1f}%)" in text
    for bot in set(bots):
        seats = {s for s, b in enumerate(bots) if b == bot}
        k = sum(len(seats & set(r["outcome"]["losers"])) for r in rows)
        got = summary["per_bot"][bot]["loss_rate"]
        assert (got["count"], got["trials"]) == (k, n * len(seats))
        assert (got["low"], got["high"]) == pytest.approx(_wilson(k, n * len(seats)), abs=1e-4)
    average = sum(len(r["outcome"]["losers"]) for r in rows) / (n * len(bots))
    assert f"about the average, {100 * average:.1f}%" in text


@pytest.mark.parametrize(("argv", "message"), [
    (("simulate", "chess"), "unknown game 'chess'"),
    (("simulate", "toepen", "--games", "0"), "at least 1"),
    (("simulate", "toepen", "--games", "-4"), "at least 1"),
    (("simulate", "toepen", "--games", "1e3"), "invalid int value: '1e3'"),
    (("simulate", "toepen", "--games", "True"), "invalid int value: 'True'"),
    (("simulate", "toepen", "--games", "9" * 30), "at most 1,000,000,000"),
    (("simulate", "toepen", "--players", "9"), "2 to 8 players, not 9"),
    (("simulate", "toepen", "--players", "True"), "invalid int value: 'True'"),
    (("simulate", "toepen", "--workers", "0"), "workers must be"),
    (("simulate", "toepen", "--bots", "genius"), "no bot 'genius'"),
    (("simulate", "toepen", "--rules", "nonsense"), "unknown toepen variant 'nonsense'"),
    (("simulate", "toepen", "--rules", "limit=ten"), "limit"),
    (("arena", "toepen", "--bots", "club,random", "--games", "3"), "multiple of the 2 seats"),
    (("arena", "toepen", "--bots", "club,genius", "--games", "2"), "no bot 'genius'"),
    (("play", "toepen", "--names", ""), "non-empty"),  # was: played with P0..P3
    (("play", "toepen", "--names", "Ana,Ana"), "distinct"),
    (("play", "toepen", "--names", "Ana,B\x07o"), "control character"),
    (("rulings", "toepen", "TOE-999"), "no ruling 'TOE-999'"),
    (("games", "chess"), "unknown game 'chess'"),
])
def test_bad_input_is_one_line_and_writes_nothing(tmp_path: Path, argv: tuple[str, ...],
                                                  message: str) -> None:
    path = tmp_path / "never.jsonl"
    extra: tuple[str, ...] = {"play": ("--pace", "0"), "simulate": ("--out", str(path))}.get(
        argv[0], ())
    if argv[0] in ("simulate", "arena") and "--workers" not in argv:  # the last one counts
        extra += ("--workers", "1")
    code, out, err = cli(*argv, *extra)
    assert code == 2 and out == ""  # every caller mistake, an unknown ruling too
    lines = err.splitlines()
    assert message in lines[-1] and lines[-1].startswith("tablegames") and "Traceback" not in err
    assert not path.exists()


def test_an_unwritable_results_file_is_refused_before_any_game(tmp_path: Path) -> None:
    in_the_way = tmp_path / "a-file"
    in_the_way.write_text("not a folder")
    code, out, err = cli("simulate", "toepen", "--games", "5", "--workers", "1",
                         "--out", str(in_the_way / "results.jsonl"))
    assert (code, out) == (2, "") and err.count("\n") == 1 and "a-file" in err


@pytest.mark.parametrize("resume", [(), ("--resume",)])
def test_a_results_file_that_is_not_a_file_is_refused(tmp_path: Path, resume: tuple[str, ...]) -> None:
    """``--out /dev/null`` was "already exists; remove it", and a named pipe with
    ``--resume`` was read until some writer came: a results file is read back and cut."""
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    for target in (os.devnull, str(pipe)):
        code, out, err = cli("simulate", "toepen", "--games", "2", "--workers", "1",
                             "--out", target, *resume)
        assert (code, out) == (2, "") and err.count("\n") == 1 and "not a regular file" in err


def test_the_biggest_run_streams_instead_of_allocating(tmp_path: Path) -> None:
    """A billion games are accepted and played as a stream: the first ones arrive (and
    are written) long before anything the size of the run could be built."""
    path = tmp_path / "big.jsonl"

    class Enough(Exception):
        pass

    def stop(done: int) -> None:
        if done >= 3:
            raise Enough

    with pytest.raises(Enough):
        simulate("toepen", games=MAX_GAMES, players=2, seed=1, workers=2, out=path, progress=stop)
    assert path.read_bytes().count(b"\n") >= 3


def test_spaces_around_bot_names_are_read_as_the_arena_reads_them() -> None:
    code, text, err = cli("simulate", "toepen", "--games", "2", "--workers", "1", "--json",
                          "--bots", "club, random")
    assert code == 0, err
    assert json.loads(text)["bots"] == ["club", "random"]


def test_any_number_of_workers_gives_the_same_summary(tmp_path: Path) -> None:
    """The summary (all but the time taken) and the rows are the same whatever the
    workers, for a variant of each game with its own bots."""
    def run(workers: str, game: str, *options: str) -> tuple[dict[str, Any], bytes]:
        path = tmp_path / f"{game}-{workers}.jsonl"
        code, text, err = cli("simulate", game, "--games", "6", "--seed", "x", "--workers",
                              workers, "--out", str(path), "--json", *options)
        assert code == 0, err
        summary = json.loads(text)
        for key in ("seconds", "games_per_second", "out"):
            summary.pop(key)
        return summary, path.read_bytes()

    for game, *options in (("phase10", "--rules", "short", "--bots", "smart,eager"),
                           ("dallah", "--rules", "no-swaps", "--players", "3")):
        assert run("1", game, *options) == run("2", game, *options)


#: Results files of older row formats, the first three rows of ``tablegames simulate
#: toepen --games 6 --players 3 --seed 9 --workers 1 --out FILE`` as release 0.1.0
#: (commit 756a96b, row format 1) and commit 988811b (row format 4) wrote them.
OLD_RESULTS = Path(__file__).parent / "data"


@pytest.mark.parametrize("name", ["results_row_format_1.jsonl", "results_row_format_4.jsonl"])
def test_resuming_a_results_file_of_an_older_row_format_says_so(tmp_path: Path, name: str) -> None:
    """The same command on a file an older version wrote is refused in one line that says
    an older format is not resumed and what to do, and the file is left as it was (it
    said "resume it with its own settings", which no settings can do)."""
    path = tmp_path / name
    path.write_bytes((OLD_RESULTS / name).read_bytes())
    code, out, err = cli("simulate", "toepen", "--games", "6", "--players", "3", "--seed", "9",
                         "--workers", "1", "--out", str(path), "--resume")
    assert (code, out) == (2, "") and path.read_bytes() == (OLD_RESULTS / name).read_bytes()
    assert err.count("\n") == 1 and "Traceback" not in err
    assert "older row format" in err and "new --out file" in err
