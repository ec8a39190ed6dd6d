"""Any run, any damage: determinism, refusals and statistics of simulate, the arena and plots.

Properties the simulation side promises (``tablegames.simulation``, ``tablegames.runner``,
``tablegames.bots.matches``, ``tablegames.stats``, ``tablegames.plot``):

* the same seed gives the same rows, files and summaries, whatever the workers, the resume
  points and ``PYTHONHASHSEED``; a bot given the same seed answers the same;
* bad input (arguments, a damaged results file, a bad plot path) is a short
  ``TablegamesError`` raised before any game, and a refused call leaves an existing results
  file byte-identical;
* the counts and intervals of a summary are those of the recorded games.
"""

from __future__ import annotations

import contextlib
import io
import json
import math
import os
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

import tablegames
from tablegames import TablegamesError, arena, bots, simulate
from tablegames.bots.registry import names as bot_names
from tablegames.cli import main
from tablegames.common.rng import Rng
from tablegames.simulation import game_seed
from tablegames.stats import Rate, wilson

SETTINGS = settings(max_examples=20, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])

#: Small mixed lineups (a search bot with a tiny budget where it is cheap) per game.
LINEUPS: dict[str, list[str]] = {
    "toepen": ["club", "random", "ismcts"],
    "shithead": ["smart", "random", "ismcts"],
    "phase10": ["smart", "eager", "random"],
    "dallah": ["model", "random", "ismcts"],
}
GAMES = 5
SEEDS = {"toepen": 11, "shithead": "any-run", "phase10": 7, "dallah": 2**64 + 3}
#: Summary fields that measure this call, not the run.
TIMING = ("seconds", "games_per_second", "played", "out", "plot")
#: The longest refusal message we accept (a caller's long value is quoted, not echoed).
MAX_MESSAGE = 600


def kwargs_for(game: str) -> dict[str, Any]:
    lineup = LINEUPS[game]
    return {"games": GAMES, "seed": SEEDS[game],
            **({"budget": 2} if "ismcts" in lineup else {})}


def run_of(game: str, **extra: Any) -> tablegames.SimulationSummary:
    return simulate(game, LINEUPS[game], **{**kwargs_for(game), "workers": 1, **extra})


def plain(summary: Any) -> dict[str, Any]:
    d: dict[str, Any] = summary.to_dict()
    for key in TIMING:
        d.pop(key, None)
    return d


@pytest.fixture(scope="module")
def refs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[bytes, dict[str, Any]]]:
    """For each game, an uninterrupted one-process run: its file and its summary."""
    out = {}
    folder = tmp_path_factory.mktemp("any-run")
    for game in LINEUPS:
        path = folder / f"{game}.jsonl"
        s = run_of(game, out=path)
        out[game] = (path.read_bytes(), plain(s))
    return out


def lines_of(data: bytes) -> list[bytes]:
    return data.splitlines(keepends=True)


# -- determinism -----------------------------------------------------------------------------


@pytest.mark.parametrize("game", sorted(LINEUPS))
def test_two_worker_processes_write_the_reference_file(refs: Any, game: str, tmp_path: Path) -> None:
    """workers=2 (process pool) gives the same file and summary as one process."""
    path = tmp_path / "two.jsonl"
    s = simulate(game, LINEUPS[game], **{**kwargs_for(game), "workers": 2, "out": path})
    assert path.read_bytes() == refs[game][0]
    assert plain(s) == refs[game][1]


@SETTINGS
@given(game=st.sampled_from(sorted(LINEUPS)), k=st.integers(0, GAMES), tear=st.integers(0, 10_000))
def test_a_run_cut_after_any_game_resumes_to_the_same_bytes(refs: Any, game: str, k: int,
                                                             tear: int) -> None:
    """A file holding the first ``k`` rows (and maybe a torn piece of the next) resumes to
    the uninterrupted file, byte for byte, and to the same summary."""
    data, summary = refs[game]
    lines = lines_of(data)
    cut = b"".join(lines[:k])
    if k < GAMES and tear:
        cut += lines[k][: tear % len(lines[k])]
    with tempfile.TemporaryDirectory() as d:
        path = Path(d) / "cut.jsonl"
        path.write_bytes(cut)
        seen: list[int] = []
        s = run_of(game, out=path, resume=True, progress=seen.append)
        assert path.read_bytes() == data
        assert plain(s) == summary
        assert seen[0] == k and seen[-1] == GAMES and s.played == GAMES - k


class Stop(Exception):
    pass


@SETTINGS
@given(game=st.sampled_from(sorted(LINEUPS)), stops=st.lists(st.integers(1, GAMES - 1), max_size=3))
def test_a_run_interrupted_any_number_of_times_equals_one_run(refs: Any, game: str,
                                                             stops: list[int]) -> None:
    """Interrupted by the caller (an exception from ``progress``) after any games, any
    number of times, and resumed each time: the same file and summary."""
    data, summary = refs[game]
    with tempfile.TemporaryDirectory() as d:
        path = Path(d) / "stop.jsonl"
        first = True
        for at in sorted(set(stops)):
            def stop(done: int, at: int = at) -> None:
                if done >= at:
                    raise Stop

            with contextlib.suppress(Stop):
                run_of(game, out=path, resume=not first, progress=stop)
            first = False
            assert data.startswith(path.read_bytes())
        s = run_of(game, out=path, resume=not first)
        assert path.read_bytes() == data and plain(s) == summary


HASH_SCRIPT = r"""
import hashlib, json, os, sys, tempfile
from tablegames import arena, simulate
out = {}
with tempfile.TemporaryDirectory() as d:
    for game, lineup in json.loads(sys.argv[1]).items():
        p = os.path.join(d, game + ".jsonl")
        s = simulate(game, lineup, games=2, seed="hash-" + game, workers=1, out=p,
                     **({"budget": 2} if "ismcts" in lineup else {}))
        dd = s.to_dict()
        for k in ("seconds", "games_per_second", "played", "out", "plot"):
            dd.pop(k)
        out[game] = [dd, hashlib.sha256(open(p, "rb").read()).hexdigest()]
a = arena("shithead", ["smart", "random", "ismcts"], games=3, seed=9, workers=1, budget=2)
out["arena"] = [[r.seed, r.seats, r.losers, r.winners, r.scores, r.actions, r.calls] for r in a.records]
out["arena_bots"] = {n: [s.losses, s.wins, s.seats, s.score_sum, s.score_squares, s.decisions, s.rating]
                     for n, s in a.bots.items()}
print(json.dumps(out, sort_keys=True))
"""


def test_nothing_depends_on_pythonhashseed() -> None:
    """Summaries, results files and arena records are the same under two hash seeds."""
    got = []
    for hash_seed in ("0", "31337"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        done = subprocess.run([sys.executable, "-c", HASH_SCRIPT, json.dumps(LINEUPS)], env=env,
                              capture_output=True, text=True, timeout=120, check=False)
        assert done.returncode == 0, done.stderr[-2000:]
        got.append(json.loads(done.stdout))
    assert got[0] == got[1]


@SETTINGS
@given(game=st.sampled_from(sorted(LINEUPS)), data=st.data(),
       seed=st.one_of(st.integers(-2**70, 2**70), st.text(max_size=30)))
def test_bots_with_the_same_seed_choose_the_same_actions(game: str, data: st.DataObject,
                                                         seed: int | str) -> None:
    """Two games played with freshly made bots of the same seeds are the same game, and a
    fresh bot asked again on the same question gives the same answer."""
    from tablegames.bots import make
    from tablegames.bots.handle import Handle

    known = [n for n in bot_names(game) if not (game == "phase10" and n == "ismcts")]
    lineup = data.draw(st.lists(st.sampled_from(known), min_size=2, max_size=3), label="lineup")
    params = {"ismcts": {"budget": 2}} if "ismcts" in lineup else None
    deal = game_seed(seed, 0)
    one = bots.play_game(game, lineup, deal, params=params)
    two = bots.play_game(game, lineup, deal, params=params)
    assert [str(a) for a in one.history] == [str(a) for a in two.history]
    assert one.to_json() == two.to_json()
    # replay to a point and ask two fresh bots of one seed on the same handle
    cut = data.draw(st.integers(0, max(0, len(one.history) - 1)), label="cut")
    replay = tablegames.new_game(game, players=len(lineup), seed=deal)
    for action in one.history[:cut]:
        replay.apply(action)
    seat = replay.to_act
    if seat is None or replay.is_over:
        return
    name = data.draw(st.sampled_from(known), label="asked")
    kw = {"budget": 2} if name == "ismcts" else {}
    answers = [str(make(name, game, seed=seed if isinstance(seed, str) else seed % 2**64, **kw)
                    .choose(Handle(replay, seat))) for _ in range(2)]
    assert answers[0] == answers[1]


def test_the_same_arena_twice_gives_the_same_records_and_ratings() -> None:
    kw: dict[str, Any] = {"games": 6, "seed": "arena-any", "workers": 1, "budget": 2}
    a = arena("toepen", ["ismcts", "club", "random"], **kw)
    b = arena("toepen", ["ismcts", "club", "random"], **kw)

    def strip(r: Any) -> list[Any]:
        return [(g.seed, g.seats, g.losers, g.winners, g.scores, g.actions, g.calls) for g in r.records]

    assert strip(a) == strip(b)
    for name in a.bots:
        x, y = a.bots[name].to_dict(), b.bots[name].to_dict()
        x.pop("ms_per_decision")
        y.pop("ms_per_decision")
        assert x == y


@SETTINGS
@given(seed=st.one_of(st.integers(-2**80, 2**80), st.text(max_size=20)), n=st.integers(1, 40))
def test_game_seeds_are_the_splitmix64_stream_of_the_run_seed(seed: int | str, n: int) -> None:
    """Game ``i`` of run ``S`` is the ``i``-th output of SplitMix64 started at ``S`` (the
    module's promise), so runs of different lengths share their first games."""
    rng = Rng(seed)
    stream = [rng.next64() for _ in range(n)]
    assert [game_seed(seed, i) for i in range(n)] == stream
    assert len(set(stream)) == n


# -- bad results files --------------------------------------------------------------------------

NAN = float("nan")


def _damage(row: dict[str, Any], where: str, value: Any) -> dict[str, Any]:
    row = json.loads(json.dumps(row))
    if where == "-":
        row.pop(value)
        return row
    target = row
    *parents, last = where.split(".")
    for p in parents:
        target = target[p]
    target[last] = value
    return row


#: (where, bad value) of one row: none of these is a row the run writes.
DAMAGES: list[tuple[str, Any]] = [
    ("length", NAN), ("length", float("inf")), ("length", -1), ("length", "80"), ("length", None),
    ("length", True), ("length", 1.5),
    ("measures.hands", NAN), ("measures.hands", -3), ("measures.hands", "x"), ("measures", []),
    ("outcome.losers", [9]), ("outcome.losers", [-1]), ("outcome.losers", [0, 0, 0]),
    ("outcome.losers", "0"), ("outcome.losers", [True]), ("outcome.winners", [NAN]),
    ("outcome", None), ("scores", [NAN, 1, 2]),
    ("index", True), ("index", 1.0),
    ("players", 99), ("game", "dallah"), ("bots", ["random"]),
    ("-", "length"), ("-", "outcome"),
]


@pytest.mark.parametrize(("where", "value"), DAMAGES, ids=[f"{w}={v!r}" for w, v in DAMAGES])
def test_a_damaged_row_is_refused_and_the_file_left_as_it_was(refs: Any, where: str, value: Any,
                                                              tmp_path: Path) -> None:
    """A row whose run, index and seed are right but whose values no run writes (NaN, a
    seat that is not at the table, a length that is not a count, ...) refuses the resume:
    kept, it would put NaN or impossible counts in the summary, or raise a bare
    KeyError/TypeError/IndexError, and the resumed file would not be the run's."""
    data = refs["toepen"][0]
    lines = lines_of(data)
    row = _damage(json.loads(lines[1]), where, value)
    content = lines[0] + (json.dumps(row, separators=(",", ":")) + "\n").encode() + lines[2][:7]
    path = tmp_path / "damaged.jsonl"
    path.write_bytes(content)
    seen: list[int] = []
    with pytest.raises(TablegamesError) as err:
        run_of("toepen", out=path, resume=True, progress=seen.append)
    assert "line 2" in str(err.value) and len(str(err.value)) < MAX_MESSAGE
    assert path.read_bytes() == content and not seen


@settings(SETTINGS, phases=[Phase.explicit, Phase.reuse, Phase.generate])  # a failure is clear unshrunk
@given(game=st.sampled_from(sorted(LINEUPS)), data=st.data())
def test_any_damaged_file_is_refused_unchanged_or_resumes_to_the_reference(
        refs: Any, game: str, data: st.DataObject) -> None:
    """Whatever damage a file has, resume either refuses it with the library's error and
    leaves it byte-identical, or ends with exactly the uninterrupted file and summary."""
    ref, summary = refs[game]
    lines = lines_of(ref)
    other = lines_of(refs[data.draw(st.sampled_from(sorted(set(LINEUPS) - {game})), label="other")][0])
    k = data.draw(st.integers(1, GAMES), label="k")
    j = data.draw(st.integers(0, k - 1), label="damaged line")
    kind = data.draw(st.sampled_from(["value", "duplicate", "foreign", "swap", "blank", "huge",
                                      "truncate-middle"]), label="kind")
    body = list(lines[:k])
    if kind == "value":
        where, value = data.draw(st.sampled_from(DAMAGES), label="damage")
        body[j] = (json.dumps(_damage(json.loads(body[j]), where, value), separators=(",", ":"))
                   + "\n").encode()
    elif kind == "duplicate":
        body.insert(j, body[j])
    elif kind == "foreign":
        body[j] = other[j]
    elif kind == "swap" and k >= 2:
        body[0], body[k - 1] = body[k - 1], body[0]
    elif kind == "blank":
        body.insert(j, b"\n")
    elif kind == "huge":
        body.insert(j, b"[" + b"1," * (3 * 1024 * 1024) + b"1]\n")
    elif kind == "truncate-middle":
        body[j] = body[j][: len(body[j]) // 2] + b"\n"
    content = b"".join(body)
    with tempfile.TemporaryDirectory() as d:
        path = Path(d) / "any.jsonl"
        path.write_bytes(content)
        try:
            s = run_of(game, out=path, resume=True)
        except TablegamesError as exc:
            assert len(str(exc)) < MAX_MESSAGE
            assert path.read_bytes() == content
        else:
            assert path.read_bytes() == ref and plain(s) == summary


def test_a_fifty_megabyte_line_is_refused_without_reading_it_whole(refs: Any, tmp_path: Path) -> None:
    data = refs["toepen"][0]
    path = tmp_path / "big.jsonl"
    content = lines_of(data)[0] + b"x" * (50 * 1024 * 1024) + b"\n"
    path.write_bytes(content)
    with pytest.raises(tablegames.StateError, match="line 2 is longer than any results row"):
        run_of("toepen", out=path, resume=True)
    assert path.stat().st_size == len(content)


def test_a_results_path_that_is_a_directory_is_refused(tmp_path: Path) -> None:
    (tmp_path / "d.jsonl").mkdir()
    for resume in (False, True):
        with pytest.raises(tablegames.SetupError, match="is not a file"):
            run_of("toepen", out=tmp_path / "d.jsonl", resume=resume)
    assert list((tmp_path / "d.jsonl").iterdir()) == []


# -- bad arguments -------------------------------------------------------------------------------

HUGE = 10**5000

BAD_SIMULATE: list[tuple[str, dict[str, Any]]] = [
    ("games huge", {"games": HUGE}), ("games -huge", {"games": -HUGE}),
    ("players huge", {"players": HUGE}), ("workers huge", {"workers": HUGE}),
    ("budget huge", {"bots": "ismcts", "budget": HUGE}),
    ("params huge", {"budget": None, "params": {"ismcts": {"budget": HUGE}}}),
    ("params c huge", {"params": {"ismcts": {"c": HUGE}}}),
    ("games nan", {"games": NAN}), ("games float", {"games": 5.0}), ("games str", {"games": "5"}),
    ("players bool", {"players": False}), ("players float", {"players": 3.0}),
    ("workers bool", {"workers": True}),
    ("workers nan", {"workers": NAN}), ("budget nan", {"budget": NAN}),
    ("params nan", {"params": {"ismcts": {"c": NAN}}}),
    ("params inf seconds", {"budget": None, "params": {"ismcts": {"seconds": float("inf")}}}),
    ("params not JSON", {"params": {"ismcts": {"rollout_depth": object()}}}),
    ("seed nan", {"seed": NAN}), ("seed bool", {"seed": True}), ("seed bytes", {"seed": b"x"}),
    ("seed list", {"seed": [1]}), ("seed long", {"seed": "s" * 5000}),
    ("unknown bot", {"bots": "genius"}), ("unknown bot in list", {"bots": ["club", "genius", "club"]}),
    ("bot not a str", {"bots": ["club", 7, "club"]}), ("lineup too long", {"bots": ["club"] * 9}),
    ("lineup far too long", {"bots": ["club"] * 100_000}),
    ("long bot name", {"bots": "q" * 100_000}),
    ("long bot name in list", {"bots": ["q" * 100_000, "club", "club"]}),
    ("long params name", {"params": {"q" * 100_000: {}}}),
    ("long params keyword", {"params": {"ismcts": {"q" * 100_000: 1}}}),
    ("long rollout name", {"params": {"ismcts": {"rollout": "q" * 100_000}}}),
    ("long backend", {"backend": "q" * 100_000}), ("long resume", {"resume": "q" * 100_000}),
    ("address without ray", {"address": "ray://nowhere:1"}),
    ("progress not callable", {"progress": 5}),
    ("out int", {"out": 5}), ("out bytes", {"out": b"x.jsonl"}),
]


@pytest.mark.parametrize("change", [c for _, c in BAD_SIMULATE], ids=[i for i, _ in BAD_SIMULATE])
def test_bad_simulate_arguments_are_short_clear_errors_that_change_no_file(
        refs: Any, change: dict[str, Any], tmp_path: Path) -> None:
    """Each refusal is the library's own short error, raised before any game, and the
    results file named (a run with a torn last line) is left byte-identical."""
    data = refs["toepen"][0]
    torn = data[: len(data) - 5]
    path = tmp_path / "keep.jsonl"
    path.write_bytes(torn)
    played: list[int] = []
    # the reference run's own settings, so that nothing but the change is wrong
    kwargs: dict[str, Any] = {"bots": LINEUPS["toepen"], **kwargs_for("toepen"), "workers": 1,
                              "out": path, "resume": True, "progress": played.append, **change}
    with pytest.raises(TablegamesError) as err:
        simulate("toepen", **kwargs)
    assert len(str(err.value)) < MAX_MESSAGE
    assert path.read_bytes() == torn and not played


BAD_ARENA: list[tuple[str, list[str], dict[str, Any]]] = [
    ("games huge", ["club", "random"], {"games": HUGE}),
    ("players huge", ["club", "random"], {"players": HUGE}),
    ("workers huge", ["club", "random"], {"workers": HUGE}),
    ("budget huge", ["ismcts", "random"], {"budget": HUGE}),
    ("params huge", ["ismcts", "random"], {"params": {"ismcts": {"budget": HUGE}}}),
    ("games nan", ["club", "random"], {"games": NAN}), ("games bool", ["club", "random"], {"games": True}),
    ("seed nan", ["club", "random"], {"seed": NAN}),
    ("unknown bot", ["club", "genius"], {}), ("lineup too long", ["club"] * 65, {}),
    ("lineup longer than the table", ["club"] * 9, {}),
    ("long bot name", ["q" * 100_000, "club"], {}),
    ("empty lineup", [], {}),
]


@pytest.mark.parametrize(("lineup", "change"), [(b, c) for _, b, c in BAD_ARENA],
                         ids=[i for i, _, _ in BAD_ARENA])
def test_bad_arena_arguments_are_short_clear_errors(lineup: list[str], change: dict[str, Any]) -> None:
    played: list[int] = []
    kwargs: dict[str, Any] = {"games": 2, "workers": 1, "progress": played.append, **change}
    with pytest.raises(TablegamesError) as err:
        arena("toepen", lineup, **kwargs)
    assert len(str(err.value)) < MAX_MESSAGE and not played


@pytest.mark.parametrize("seed", ["s" * 300, 2**255, -(2**255) + 1], ids=["str300", "int255", "neg255"])
def test_the_arena_takes_the_seeds_simulate_takes(seed: int | str) -> None:
    """simulate takes a seed string of up to 1000 characters and an int of up to 256 bits;
    the arena's deals are seeded the same way (``game_seed``), so it must take them too,
    not fail in its first game with "a bot's seed string is at most 256 characters"."""
    simulate("toepen", "club", games=1, players=2, seed=seed, workers=1)
    r = arena("toepen", ["club", "random"], games=2, seed=seed, workers=1)
    assert r.games == 2


@pytest.mark.parametrize("seed", [2**256, -(2**256), 10**300, HUGE, "s" * 1001],
                         ids=["2**256", "-2**256", "1e300", "huge", "str1001"])
def test_a_seed_beyond_what_a_run_takes_is_refused_by_both(seed: int | str) -> None:
    """Beyond 256 bits (as ``new_game`` takes) or 1000 characters a seed adds nothing to the
    games drawn from it: both refuse it with a short error, before any game."""
    for call in (lambda: simulate("toepen", "club", games=1, players=2, seed=seed, workers=1),
                 lambda: arena("toepen", ["club", "random"], games=2, seed=seed, workers=1)):
        with pytest.raises(tablegames.SetupError, match="seed") as err:
            call()
        assert len(str(err.value)) < MAX_MESSAGE


@SETTINGS
@given(name=st.sampled_from(["games", "players", "workers", "budget"]),
       value=st.one_of(st.booleans(), st.floats(), st.text(max_size=5), st.none(),
                       st.integers(-10**6, 0), st.integers(10**9 + 1, 10**40),
                       st.builds(lambda k: 10**k, st.integers(4300, 6000)),
                       st.lists(st.integers(), max_size=2), st.just(HUGE)))
def test_any_bad_count_is_refused_before_any_game(refs: Any, name: str, value: Any) -> None:
    if value is None and name != "games":
        value = -1  # None is the default there: every core, the table's size, no budget
    data = refs["toepen"][0]
    with tempfile.TemporaryDirectory() as d:
        path = Path(d) / "keep.jsonl"
        path.write_bytes(data[:-3])
        played: list[int] = []
        kwargs: dict[str, Any] = {"bots": LINEUPS["toepen"], **kwargs_for("toepen"), "workers": 1,
                                  "out": path, "resume": True, "progress": played.append,
                                  name: value}
        with pytest.raises(TablegamesError) as err:
            simulate("toepen", **kwargs)
        assert len(str(err.value)) < MAX_MESSAGE
        assert path.read_bytes() == data[:-3] and not played


# -- statistics -----------------------------------------------------------------------------------


@SETTINGS
@given(n=st.integers(0, 10**12), data=st.data(),
       confidence=st.floats(0.5, 0.9999, allow_nan=False))
def test_wilson_intervals_lie_in_0_1_and_contain_the_rate(n: int, data: st.DataObject,
                                                          confidence: float) -> None:
    s = data.draw(st.integers(0, n), label="successes")
    low, high = wilson(s, n, confidence)
    r = Rate(s, n, confidence)
    assert 0.0 <= low <= high <= 1.0
    assert low <= r.rate <= high and r.contains(r.rate)
    d = r.to_dict()
    assert 0 <= d["low"] <= d["rate"] <= d["high"] <= 1


@pytest.mark.parametrize("confidence", [[0.95], {"x": 1}, NAN, 1.0, 0, "0.95", True, float("inf"),
                                        0.9999999999999999], ids=repr)
def test_a_bad_confidence_is_the_librarys_error(confidence: Any) -> None:
    with pytest.raises(TablegamesError, match="confidence"):
        Rate(3, 10, confidence)
    with pytest.raises(TablegamesError, match="confidence"):
        wilson(3, 10, confidence)


@pytest.mark.parametrize(("s", "n", "confidence"), [
    (18246795053261718, 18246795053261719, 0.95),
    (11337310340486136, 11337310340486137, 0.999999),
    (1, 2**62, 0.95),
    (2**62 - 1, 2**62, 0.95),
])
def test_wilson_contains_the_rate_beyond_float_precision(s: int, n: int, confidence: float) -> None:
    """stats.py: "rounding must not put the interval outside [0, 1] or beside p" -- for any
    int counts the function accepts, including counts past 2**53."""
    low, high = wilson(s, n, confidence)
    p = Rate(s, n, confidence).rate
    assert 0.0 <= low <= p <= high <= 1.0


@pytest.mark.parametrize(("s", "n"), [(0, 10**400), (1, 10**400), (10**399, 10**400), (10**400, 10**400),
                                      (10**5001, 10**5000), (-HUGE, 1), (1, -HUGE)],
                         ids=["0/1e400", "1/1e400", "1e399/1e400", "all/1e400", "1e5001/1e5000",
                              "-huge/1", "1/-huge"])
def test_huge_counts_give_an_interval_or_the_librarys_error(s: int, n: int) -> None:
    """Counts beyond a float's range are an interval in [0, 1] or a short TablegamesError,
    not an OverflowError or a ValueError about printing an int."""
    try:
        low, high = wilson(s, n)
    except TablegamesError as exc:
        assert len(str(exc)) < MAX_MESSAGE
    else:
        assert 0.0 <= low <= high <= 1.0


@pytest.mark.parametrize("game", sorted(LINEUPS))
def test_summary_counts_are_the_recorded_games_replayed(refs: Any, game: str) -> None:
    """Every row is the game the harness plays from its seed and bots; the summary's
    per-seat and per-bot counts are those of the rows; every count adds up."""
    data, summary = refs[game]
    rows = [json.loads(line) for line in lines_of(data)]
    players = len(LINEUPS[game])
    losses, wins = [0] * players, [0] * players
    for row in rows:
        state = bots.play_game(game, row["bots"], row["seed"], params=row["params"])
        out = state.outcome()
        assert row["length"] == len(state.history)
        assert row["outcome"]["losers"] == sorted(out.losers)
        assert row["outcome"]["winners"] == sorted(out.winners)
        assert row["scores"] == list(out.scores)
        assert len(set(out.losers)) == len(out.losers) and set(out.losers) <= set(range(players))
        for s in out.losers:
            losses[s] += 1
        for s in out.winners:
            wins[s] += 1
    assert summary["games"] == len(rows) == GAMES
    assert summary["losers_per_seat"] == losses and summary["winners_per_seat"] == wins
    assert summary["actions"] == sum(r["length"] for r in rows)
    for r in summary["loss_rate_per_seat"] + summary["win_rate_per_seat"]:
        assert r["trials"] == GAMES and 0 <= r["low"] <= r["rate"] <= r["high"] <= 1
    per_bot = summary["per_bot"]
    assert sum(b["loss_rate"]["trials"] for b in per_bot.values()) == GAMES * players
    assert sum(b["loss_rate"]["count"] for b in per_bot.values()) == sum(losses)
    assert sum(b["win_rate"]["count"] for b in per_bot.values()) == sum(wins)
    for label, total in {k: v["total"] for k, v in summary["measures"].items()}.items():
        assert total == sum(r["measures"][label] for r in rows)
    # the plot's reading of the file counts the same
    from tablegames.plot import summarize

    seen = summarize(rows)
    assert [b.losses for b in seen.seats] == losses and seen.games == GAMES


def test_arena_counts_add_up_to_games_times_seats() -> None:
    r = arena("shithead", ["smart", "random", "random"], games=6, seed=4, workers=1)
    assert sum(s.seats for s in r.bots.values()) == r.games * r.players
    assert r.bots["smart"].seats == r.games and r.bots["random"].seats == 2 * r.games
    for name, s in r.bots.items():
        losses = sum(sum(1 for seat in g.losers if g.seats[seat] == name) for g in r.records)
        wins = sum(sum(1 for seat in g.winners if g.seats[seat] == name) for g in r.records)
        assert (s.losses, s.wins) == (losses, wins)
        lo, hi = s.ci95
        assert 0 <= lo <= s.loss_rate <= hi <= 1
        lo, hi = s.win_ci95
        assert 0 <= lo <= s.win_rate <= hi <= 1
        scores = [g.scores[seat] for g in r.records for seat in range(r.players)
                  if g.seats[seat] == name]
        assert s.games == r.games and len(scores) == s.seats
        assert (s.score_sum, s.score_squares) == (sum(scores), sum(x * x for x in scores))


# -- plots ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("game", "suffix"), [("toepen", ".svg"), ("shithead", ".png"),
                                              ("phase10", ".svg"), ("dallah", ".png")])
def test_a_tiny_run_is_drawn(game: str, suffix: str, tmp_path: Path) -> None:
    target = tmp_path / "deep" / "folder" / f"{game}{suffix}"
    s = simulate(game, [*LINEUPS[game][:2], "random"], games=1, seed=1, workers=1, plot=target)
    assert s.plot == str(target) and target.is_file()
    data = target.read_bytes()
    if suffix == ".png":
        assert data[:8] == b"\x89PNG\r\n\x1a\n"
    else:
        ET.fromstring(data)  # well-formed XML
        assert b"1 games" in data or b"1 game" in data


def _bad_plot_targets(tmp: Path) -> dict[str, Any]:
    (tmp / "a-file").write_text("x")
    (tmp / "dir.svg").mkdir()
    return {
        "parent is a file": tmp / "a-file" / "x.svg",
        "nul byte": str(tmp / "a\0b.svg"),
        "name too long": tmp / ("y" * 300 + ".svg"),
        "a directory": tmp / "dir.svg",
        "bad suffix": tmp / "x.gif",
        "no suffix": tmp / "x",
        "not a path": 5,
        "under /proc": "/proc/no-such-dir/x.svg",
    }


@pytest.mark.parametrize("case", ["parent is a file", "nul byte", "name too long", "a directory",
                                  "bad suffix", "no suffix", "not a path", "under /proc"])
def test_a_bad_plot_path_is_refused_before_any_game(case: str, tmp_path: Path) -> None:
    target = _bad_plot_targets(tmp_path)[case]
    out = tmp_path / "run.jsonl"
    played: list[int] = []
    with pytest.raises(TablegamesError) as err:
        simulate("toepen", games=2, players=3, workers=1, out=out, plot=target, progress=played.append)
    assert len(str(err.value)) < MAX_MESSAGE
    assert not played and not out.exists()


@pytest.mark.parametrize("case", ["parent is a file", "name too long", "under /proc"])
def test_a_bad_plot_path_on_the_command_line_is_one_line_without_traceback(
        case: str, tmp_path: Path) -> None:
    target = str(_bad_plot_targets(tmp_path)[case])
    err = io.StringIO()
    try:
        with contextlib.redirect_stderr(err):
            code = main(["simulate", "toepen", "--games", "2", "--workers", "1", "--plot", target],
                        out=io.StringIO())
    except Exception as exc:  # a traceback for the user
        pytest.fail(f"tablegames simulate --plot {case!r} raised {type(exc).__name__}: {exc}")
    said = err.getvalue()
    assert code == 2 and "Traceback" not in said and said.count("\n") <= 2


@pytest.mark.parametrize("target", ["nul", "long"])
def test_a_bad_results_path_is_refused_before_any_game(target: str, tmp_path: Path) -> None:
    out: Any = str(tmp_path / "a\0b.jsonl") if target == "nul" else tmp_path / ("y" * 300 + ".jsonl")
    played: list[int] = []
    with pytest.raises(TablegamesError) as err:
        simulate("toepen", games=2, players=3, workers=1, out=out, progress=played.append)
    assert len(str(err.value)) < MAX_MESSAGE and not played


def test_plot_of_rows_refuses_non_finite_and_impossible_rows(refs: Any, tmp_path: Path) -> None:
    """``plot(rows)`` (and so ``--plot`` of a results file) checks what it counts."""
    from tablegames.plot import plot

    rows = [json.loads(line) for line in lines_of(refs["toepen"][0])]
    for where, value in [("length", NAN), ("length", -1), ("outcome.losers", [-1]),
                         ("outcome.losers", [3]), ("outcome", None)]:
        bad = [rows[0], _damage(rows[1], where, value)]
        target = tmp_path / "x.svg"
        with pytest.raises(TablegamesError):
            plot(bad, target)
        assert not target.exists()
    assert math.isfinite(rows[0]["length"])


def test_a_refused_row_names_its_file_escaped(tmp_path: Path) -> None:
    """A results path is the user's text: a row ``--resume`` refuses names its file
    quoted and escaped, as every other refusal of a file does, so a name holding an
    escape sequence or a line break cannot draw on the terminal or forge a second line
    (found by helper-187)."""
    path = tmp_path / "run\x1b[2J\nforged.jsonl"
    path.write_bytes(b'{"not": "a row"}\n')
    with pytest.raises(tablegames.StateError) as info:
        run_of("toepen", out=path, resume=True)
    said = str(info.value)
    assert "\x1b" not in said and "\n" not in said
    assert "line 1" in said and "\\x1b[2J\\nforged.jsonl" in said
    assert info.value.path == str(path)  # type: ignore[attr-defined]  # the field stays raw
    assert path.read_bytes() == b'{"not": "a row"}\n'
