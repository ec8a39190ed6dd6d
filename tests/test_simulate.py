"""tablegames.simulate: identical result files whatever the workers, resumable, honest summaries."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import attrs
import pytest

import tablegames
from tablegames import SetupError, StateError, bots, simulate
from tablegames import simulation as simulate_module
from tablegames.cli import main
from tablegames.simulation import game_seed


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
    assert set(first) == {"game", "index", "seed", "players", "bots", "params", "length", "measures",
                          "outcome", "scores", "run"}
    assert first["game"] == "toepen" and first["players"] == 4 and first["bots"] == ["club"] * 4
    assert first["params"] == {}
    # the row is the game the harness plays (bots made by tablegames.bots.make, asked about
    # interrupts): replaying its seed with the same bots gives the same game
    for row in got[:5]:
        state = bots.play_game("toepen", ["club"] * 4, row["seed"])
        assert row["length"] == len(state.history) and row["scores"] == list(state.outcome().scores)
        assert row["outcome"]["losers"] == sorted(state.outcome().losers)
        knocks = sum(type(a).__name__ == "Knock" for a in state.history)
        assert row["measures"]["knocks"] == knocks and set(row["measures"]) == {"rounds", "knocks", "folds"}
        # a deal is a round in the measures and the outcome alike (both said hands)
        assert row["measures"]["rounds"] == row["outcome"]["rounds"] == state.round + 1
        assert "hands" not in row["outcome"]


def test_simulated_bots_interrupt(reference: Path) -> None:
    """The bots are asked out of turn: Toepen's club bot knocks out of turn (TOE-21) in a
    simulated game, which the old turn-only loop never let it do."""
    row = rows(reference)[0]
    state = bots.play_game("toepen", ["club"] * 4, row["seed"])
    replay = tablegames.new_game("toepen", players=4, seed=row["seed"])
    out_of_turn = []
    for action in state.history:
        if action.seat != replay.to_act:
            out_of_turn.append(type(action).__name__)
        replay.apply(action)
    assert out_of_turn and set(out_of_turn) == {"Knock"} and replay.to_json() == state.to_json()


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
    from tablegames.simulation import _Plan, _play_row
    from tablegames.toepen import Rules

    ok = _Plan("toepen", 4, ("club",) * 4, Rules(), 5, "r", tablegames.toepen.State.ENGINE, __version__)
    assert _play_row(ok, 0)["seed"] == game_seed(5, 0)
    # as on a Ray node with another install: the row would not be reproducible elsewhere
    for newer in (attrs.evolve(ok, engine=ok.engine + 1), attrs.evolve(ok, version="0.0.1")):
        with pytest.raises(SetupError, match="install the same version on every machine"):
            _play_row(newer, 0)


def test_search_bots_with_a_budget_give_the_same_file_whatever_the_workers(tmp_path: Path) -> None:
    lineup = ["ismcts", "club", "random"]
    one, two = tmp_path / "one.jsonl", tmp_path / "two.jsonl"
    a = simulate("toepen", lineup, games=4, seed=3, budget=4, workers=1, out=one)
    b = simulate("toepen", lineup, games=4, seed=3, budget=4, workers=2, out=two)
    assert one.read_bytes() == two.read_bytes()
    assert a.to_dict()["per_bot"] == b.to_dict()["per_bot"]
    got = rows(one)
    assert all(r["params"] == {"ismcts": {"budget": 4}} and r["bots"] == lineup for r in got)
    assert a.params == {"ismcts": {"budget": 4}} and "ismcts budget=4" in a.report()
    # the budget is part of the run: a resume with another budget is another run
    with pytest.raises(StateError, match="another run"):
        simulate("toepen", lineup, games=6, seed=3, budget=5, workers=1, out=one, resume=True)
    # and the games are the harness's: the same seed and bots give the same game
    state = bots.play_game("toepen", lineup, got[1]["seed"], params={"ismcts": {"budget": 4}})
    assert got[1]["length"] == len(state.history)


def test_the_row_format_is_part_of_the_run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A file of an old row format (2: bots asked only on their turn; 3: Toepen's and
    Phase 10's deals counted as ``hands``; 4: bots seeded ``"{seed}/{seat}"``, so other
    games) cannot be resumed."""
    path = tmp_path / "old.jsonl"
    monkeypatch.setattr(simulate_module, "ROW_FORMAT", 3)  # rows that said hands for rounds
    simulate("toepen", games=3, players=4, seed=11, workers=1, out=path)
    monkeypatch.undo()
    assert simulate_module.ROW_FORMAT == 5
    with pytest.raises(StateError, match="another run"):
        simulate("toepen", games=5, players=4, seed=11, workers=1, out=path, resume=True)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"bots": "club", "budget": 10}, "no bot in the lineup takes a budget"),
        ({"bots": "ismcts", "budget": 0}, "budget must be in 1.."),
        ({"bots": "ismcts", "budget": True}, "budget must be an int"),
        ({"params": {"smart": {"x": 1}}}, "not in the lineup"),
        ({"bots": "ismcts", "params": {"ismcts": {"depth": 3}}}, "no parameter 'depth'"),
        ({"bots": "ismcts", "params": {"ismcts": {"budget": 2.5}}}, "budget"),
        ({"params": [1]}, "params must map"),
        ({"plot": "x.gif"}, r"must end in \.svg, \.png or \.pdf"),
    ],
)
def test_bad_bot_settings_are_refused_before_any_game(kwargs: dict[str, Any], message: str,
                                                      tmp_path: Path) -> None:
    played: list[int] = []
    with pytest.raises(tablegames.TablegamesError, match=message):
        simulate("toepen", **{"games": 5, "players": 3, "workers": 1, "out": tmp_path / "r.jsonl",
                              "progress": played.append, **kwargs})
    assert not played and not (tmp_path / "r.jsonl").exists()


def test_the_summary_explains_loss_and_win_percentages() -> None:
    s = simulate("shithead", ["smart", "random", "random"], games=12, seed=4, workers=1)
    text = " ".join(s.report().split())  # the explanation is wrapped at 100 columns
    assert "share of the 12 games in which the seat lost" in text
    assert "'won' the share in which it was among the winners" in text
    assert "need not add up to 100%" in text and "pool every seat it held" in text
    for seat, rate in enumerate(s.win_rates()):
        assert f"P{seat} {rate}" in text
    # Dallah has no winners: the summary speaks of the biggest loser only
    d = " ".join(simulate("dallah", games=8, players=3, seed=4, workers=1).report().split())
    assert "games in which the seat was the biggest loser. The range" in d and "won" not in d


def test_cli_plays_search_bots_and_draws_the_summary(tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    svg = tmp_path / "plots" / "results.svg"
    code, text = run_cli("simulate", "toepen", "--bots", "ismcts,club,random", "--budget", "3",
                         "--games", "3", "--workers", "1", "--plot", str(svg))
    assert code == 0 and "bot ismcts" in text and "ismcts budget=3" in text and str(svg) in text
    import xml.etree.ElementTree as ET

    texts = " ".join(t.text or "" for t in ET.parse(svg).getroot().iter("{http://www.w3.org/2000/svg}text"))
    assert "Loss rate per bot" in texts and "ismcts" in texts and "Toepen: 3 games" in texts
    code, _ = run_cli("simulate", "toepen", "--games", "3", "--plot", str(tmp_path / "r.bmp"))
    assert code == 2 and "must end in .svg, .png or .pdf" in capsys.readouterr().err
    assert not (tmp_path / "r.bmp").exists()
    code, _ = run_cli("simulate", "toepen", "--games", "3", "--bots", "club", "--budget", "5")
    assert code == 2 and "no bot in the lineup takes a budget" in capsys.readouterr().err
    code, text = run_cli("simulate", "toepen", "--games", "2", "--workers", "1", "--bots",
                         "ismcts,random", "--budget", "2", "--json")
    summary = json.loads(text)
    assert code == 0 and summary["players"] == 2 and summary["params"] == {"ismcts": {"budget": 2}}


def test_out_creates_missing_folders_and_refuses_a_file_in_the_way(tmp_path: Path) -> None:
    """Issue 23 item 4: ``--out DIR/x.jsonl`` into a folder that does not exist creates it
    (as ``--plot`` does); a file where a folder must be is a clear error, no traceback."""
    deep = tmp_path / "runs" / "today" / "x.jsonl"
    out = io.StringIO()
    assert main(["simulate", "toepen", "--games", "2", "--workers", "1", "--out", str(deep)], out=out) == 0
    assert len(rows(deep)) == 2 and str(deep) in out.getvalue()
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    with pytest.raises(SetupError, match="is not a folder"):
        simulate("toepen", games=1, workers=1, out=blocker / "x.jsonl")
    assert blocker.read_text() == "not a folder"


def test_out_into_a_file_in_the_way_is_one_line_on_the_command_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    code = main(["simulate", "toepen", "--games", "1", "--out", str(blocker / "x.jsonl")], out=io.StringIO())
    err = capsys.readouterr().err
    assert code == 2 and err.startswith("tablegames: cannot write") and "Traceback" not in err
    assert err.count("\n") == 1


@pytest.mark.parametrize("game", ["toepen", "phase10", "shithead", "dallah"])
def test_every_player_count_the_game_allows_simulates(game: str) -> None:
    """Issue 23 item 7: each count from the game's minimum to its maximum plays (Shithead's
    16 and 17 seats take three decks, SHD-02), one game each with the game's own bot."""
    info = tablegames.GAMES[game]
    for n in range(info.min_players, info.max_players + 1):
        summary = simulate(game, games=1, players=n, workers=1, seed=n)
        assert summary.games == 1 and len(summary.losses) == n and sum(summary.losses) >= 1


def test_shithead_with_sixteen_and_seventeen_players_on_the_command_line() -> None:
    for n in ("16", "17"):
        out = io.StringIO()
        assert main(["simulate", "shithead", "--players", n, "--games", "2", "--workers", "1",
                     "--json"], out=out) == 0
        assert json.loads(out.getvalue())["players"] == int(n)


@pytest.mark.parametrize(("game", "labels"), [
    ("toepen", ["rounds", "knocks", "folds"]), ("phase10", ["rounds", "phases made", "hits"]),
    ("shithead", ["pick-ups", "burns"]),
    ("dallah", ["turns", "cups placed", "cups fallen", "collapses"]),
])
def test_summaries_give_each_games_own_measures(game: str, labels: list[str]) -> None:
    """Issue 25 item 13: length is not only engine actions; each game counts what its
    players would, from its public log."""
    rules = "short" if game == "phase10" else None
    summary = simulate(game, games=3, seed=4, workers=1, rules=rules)
    assert list(summary.measures) == labels and sum(summary.measures.values()) > 0
    info = tablegames.GAMES[game]
    # a row's measures are the counts of those events in the game's own log
    state = bots.play_game(game, [info.default_bot] * summary.players, game_seed(4, 0),
                           rules=rules or info.simulate_kwargs(["P0"] * summary.players).get("rules"))
    kinds = [e["kind"] for e in state.log(None)]
    assert simulate_module.measure(info, state) == {k: kinds.count(v) for k, v in info.measures.items()}
    text = summary.report()
    per_game = text[text.index("per game (mean)"):text.index("lost (per seat)" if game != "dallah"
                                                             else "biggest loser (per seat)")]
    assert all(f" {label}" in per_game for label in labels) and "actions (min" in per_game
    data = summary.to_dict()["measures"]
    assert {k: v["total"] for k, v in data.items()} == summary.measures


def test_rates_stay_readable_when_small() -> None:
    """"0 games/s" for a slow search bot said nothing: small rates keep two digits."""
    summary = simulate("toepen", games=2, seed=1, workers=1)
    summary.seconds, summary.played = 5.0, 2
    line = next(li for li in summary.report().splitlines() if li.lstrip().startswith("time"))
    assert "0.4 games/s" in line
    summary.seconds = 0.5
    assert "4.0 games/s" in summary.report()
    assert simulate_module.per_second(0.0) == "0" and simulate_module.per_second(1234.4) == "1,234"


def test_no_summary_line_is_wider_than_100_columns() -> None:
    """Seventeen seats and a mixed lineup: every line folds at 100 columns, seats kept whole;
    so do four seats of Phase 10, whose 'won' row ran to 119 columns under the explanation
    folded at 100 (found by helper-88)."""
    lineup = ["smart", "random"] * 8 + ["random"]
    summary = simulate("shithead", lineup, games=2, seed=2, workers=1)
    lines = summary.report().splitlines()
    assert max(len(line) for line in lines) <= 100
    p10 = simulate("phase10", games=3, players=4, seed=0, workers=1, rules="short").report()
    assert max(len(line) for line in p10.splitlines()) <= 100
    assert any(line.strip().startswith("won (per seat)") for line in p10.splitlines())
    text = summary.report()
    assert all(f"P{s} " in text for s in range(17)) and "P16:" in text


def test_a_seat_advantage_is_claimed_only_when_it_survives_the_number_of_seats() -> None:
    """With four seats, one 95% range or more misses the average by chance alone in about
    a fifth of runs, so a range that misses only at 95% is told as a hint for more games;
    an advantage is claimed only where the range at 1 - 0.05/4 misses it too (seed 2: P2's
    95% range misses the average, its 98.75% range does not; seed 1: P0's misses both).
    The summary used to say "so seat order matters with this bot" of both."""
    def meaning(seed: int) -> str:
        s = simulate("phase10", games=20, seed=seed, workers=1, players=4, rules="short")
        return " ".join(s.report().split())
    hint = meaning(2)
    assert "P2 lies outside it, but with 4 seats one range or more misses the average by " \
           "chance alone in about 19% of runs" in hint
    assert "without showing it: more games would tell." in hint
    assert "so seat order matters" not in hint
    sure = meaning(1)
    assert ("P0 lies outside it, even at 98.8% (a range allowing for 4 seats compared at once), "
            "so seat order matters with this bot.") in sure
