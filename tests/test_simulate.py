"""tablegames.simulate: identical result files whatever the workers, resumable, honest summaries."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import attrs
import pytest

import tablegames
from tablegames import SetupError, StateError, simulate
from tablegames.cli import main
from tablegames.common.simulate import game_seed


def rows(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text().splitlines()]


@pytest.fixture(scope="module")
def reference(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An uninterrupted one-process run: what every other way of running must reproduce."""
    path = tmp_path_factory.mktemp("ref") / "toepen.jsonl"
    simulate("toepen", games=30, players=4, seed=11, workers=1, out=path)
    return path


def test_rows_are_real_games_in_seed_order(reference: Path) -> None:
    got = rows(reference)
    assert [r["index"] for r in got] == list(range(30))
    assert [r["seed"] for r in got] == [game_seed(11, i) for i in range(30)]
    first = got[0]
    assert set(first) == {"index", "seed", "players", "bots", "length", "outcome", "scores", "run"}
    assert first["players"] == 4 and first["bots"] == ["club"] * 4
    # the row is the game: replaying its seed with the same bots gives the same outcome
    from tablegames.common.simulate import play_game

    state = play_game(tablegames.GAMES["toepen"], 4, first["seed"], "club")
    assert first["length"] == len(state.history) and first["scores"] == list(state.outcome().scores)
    assert first["outcome"]["losers"] == sorted(state.outcome().losers)


def test_two_workers_write_the_same_file(reference: Path, tmp_path: Path) -> None:
    path = tmp_path / "two.jsonl"
    simulate("toepen", games=30, players=4, seed=11, workers=2, out=path)
    assert path.read_bytes() == reference.read_bytes()


class Stop(Exception):
    pass


def test_an_interrupted_run_resumes_to_the_same_file(reference: Path, tmp_path: Path) -> None:
    path = tmp_path / "cut.jsonl"

    def interrupt(done: int) -> None:
        if done >= 8:
            raise Stop

    with pytest.raises(Stop):
        simulate("toepen", games=30, players=4, seed=11, workers=1, out=path, progress=interrupt)
    assert 8 <= len(rows(path)) < 30
    seen: list[int] = []
    summary = simulate("toepen", games=30, players=4, seed=11, workers=2, out=path, resume=True,
                       progress=seen.append)
    assert path.read_bytes() == reference.read_bytes()
    assert seen[0] >= 8 and seen[-1] == 30 and summary.games == 30 and summary.played == 30 - seen[0]
    # resuming a finished run plays nothing and changes nothing
    again = simulate("toepen", games=30, players=4, seed=11, out=path, resume=True)
    assert again.played == 0 and again.to_dict()["losers_per_seat"] == summary.to_dict()["losers_per_seat"]
    assert path.read_bytes() == reference.read_bytes()


def test_a_torn_last_line_is_played_again(reference: Path, tmp_path: Path) -> None:
    data = reference.read_bytes()
    lines = data.splitlines(keepends=True)
    path = tmp_path / "torn.jsonl"
    path.write_bytes(b"".join(lines[:17]) + lines[17][: len(lines[17]) // 2])
    simulate("toepen", games=30, players=4, seed=11, workers=1, out=path, resume=True)
    assert path.read_bytes() == data


def test_a_longer_run_extends_a_shorter_one(reference: Path, tmp_path: Path) -> None:
    path = tmp_path / "short.jsonl"
    simulate("toepen", games=10, players=4, seed=11, workers=1, out=path)
    simulate("toepen", games=30, players=4, seed=11, workers=1, out=path, resume=True)
    assert path.read_bytes() == reference.read_bytes()


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"seed": 12}, "another run"),
        ({"bots": "random"}, "another run"),
        ({"players": 3}, "another run"),
        ({"rules": "limit15"}, "another run"),
        ({"games": 20}, "more than the 20 games"),
    ],
)
def test_resume_refuses_a_file_of_another_run_and_leaves_it(
    reference: Path, tmp_path: Path, change: dict[str, Any], message: str
) -> None:
    path = tmp_path / "other.jsonl"
    data = reference.read_bytes()
    path.write_bytes(data)
    kwargs: dict[str, Any] = {"games": 30, "players": 4, "seed": 11, "workers": 1, **change}
    with pytest.raises(StateError, match=message):
        simulate("toepen", out=path, resume=True, **kwargs)
    assert path.read_bytes() == data


def test_resume_refuses_an_edited_or_foreign_file(reference: Path, tmp_path: Path) -> None:
    lines = reference.read_bytes().splitlines(keepends=True)
    path = tmp_path / "edited.jsonl"
    swapped = [*lines[:3], lines[4], lines[3], *lines[5:]]
    path.write_bytes(b"".join(swapped))
    with pytest.raises(StateError, match="line 4 is not game 3"):
        simulate("toepen", games=30, players=4, seed=11, out=path, resume=True)
    path.write_bytes(b"hello\n")
    with pytest.raises(StateError, match="line 1 is not JSON"):
        simulate("toepen", games=30, players=4, seed=11, out=path, resume=True)
    assert path.read_bytes() == b"hello\n"


def test_an_existing_file_is_not_overwritten(reference: Path) -> None:
    before = reference.read_bytes()
    with pytest.raises(SetupError, match="already exists"):
        simulate("toepen", games=30, players=4, seed=11, out=reference)
    assert reference.read_bytes() == before


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"games": 0}, "at least 1"),
        ({"games": -5}, "at least 1"),
        ({"games": True}, "not bool"),
        ({"games": 10**12}, "at most"),
        ({"players": 1}, "2 to 8 players"),
        ({"players": True}, "not bool"),
        ({"bots": "genius"}, "no bot 'genius'"),
        ({"bots": ["club", "random"]}, "need 4, got 2"),
        ({"bots": 3}, "a bot name or a list"),
        ({"seed": 1.5}, "seed must be"),
        ({"workers": 0}, "workers must be"),
        ({"backend": "mpi"}, "backend must be one of"),
        ({"rules": "no-such-variant"}, "unknown toepen variant"),
        ({"rules": {"limit": "ten"}}, "bad Rules"),
        ({"resume": True}, "needs out="),
        ({"resume": 1}, "True or False"),
    ],
)
def test_bad_arguments_are_clear_errors(kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises(tablegames.TablegamesError, match=message):
        simulate("toepen", **{"games": 5, "players": 4, "workers": 1, **kwargs})


def test_the_summary_counts_the_rows_and_states_intervals(tmp_path: Path) -> None:
    path = tmp_path / "mixed.jsonl"
    s = simulate("dallah", ["model", "random", "random"], games=24, seed="room-7", workers=1, out=path)
    got = rows(path)
    for seat in range(3):
        losses = sum(seat in r["outcome"]["losers"] for r in got)
        rate = s.loss_rates()[seat]
        assert (rate.count, rate.trials) == (losses, 24) and rate.low <= rate.rate <= rate.high
    model, random_ = s.bot_rates()["model"][0], s.bot_rates()["random"][0]
    assert model.trials == 24 and random_.trials == 48
    assert random_.count == s.losses[1] + s.losses[2]
    assert s.mean_length == sum(r["length"] for r in got) / 24
    text = s.report()
    assert "biggest loser (per seat)" in text and "bot model" in text and "95% interval" in text
    assert str(s.loss_rates()[0]) in text
    assert s.to_dict()["per_bot"]["random"]["loss_rate"]["trials"] == 48


def run_cli(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    return main(list(argv), out=out), out.getvalue()


def test_cli_writes_resumes_and_explains(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "cli.jsonl"
    code, text = run_cli("simulate", "shithead", "--games", "6", "--seed", "2", "--workers", "1",
                         "--bots", "smart,random,random,random", "--out", str(path))
    assert code == 0 and "bot smart" in text and "95% interval" in text and len(rows(path)) == 6
    full = path.read_bytes()
    path.write_bytes(b"".join(full.splitlines(keepends=True)[:2]))
    code, text = run_cli("simulate", "shithead", "--games", "6", "--seed", "2", "--workers", "2",
                         "--bots", "smart,random,random,random", "--out", str(path), "--resume", "--json")
    assert code == 0 and json.loads(text)["played"] == 4 and path.read_bytes() == full
    code, _ = run_cli("simulate", "toepen", "--games", "0")
    assert code == 2 and "games must be at least 1" in capsys.readouterr().err
    code, text = run_cli("simulate", "toepen", "--games", "3", "--workers", "1", "--rules", "limit=15",
                         "--json")
    assert code == 0 and json.loads(text)["rules"] == "limit15"
    code, _ = run_cli("simulate", "toepen", "--games", "3", "--rules", "limit=ten")
    assert code == 2 and "limit" in capsys.readouterr().err


def test_a_worker_with_another_engine_is_refused() -> None:
    from tablegames import __version__
    from tablegames.common.simulate import _Plan, _play_row
    from tablegames.toepen import Rules

    ok = _Plan("toepen", 4, ("club",) * 4, Rules(), 5, "r", tablegames.toepen.State.ENGINE, __version__)
    assert _play_row(ok, 0)["seed"] == game_seed(5, 0)
    # as on a Ray node with another install: the row would not be reproducible elsewhere
    for newer in (attrs.evolve(ok, engine=ok.engine + 1), attrs.evolve(ok, version="0.0.1")):
        with pytest.raises(SetupError, match="install the same version on every machine"):
            _play_row(newer, 0)
