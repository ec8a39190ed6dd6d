"""The arena: seat rotation, pooled statistics checked by hand, determinism, the CLI."""

from __future__ import annotations

import io
import json
import math

import pytest

import tablegames
from tablegames.bots.matches import GameRecord, summarise
from tablegames.cli import main
from tablegames.common.errors import SetupError
from tablegames.stats import wilson


def _record(seats: tuple[str, ...], losers: tuple[int, ...], winners: tuple[int, ...],
            scores: tuple[int, ...]) -> GameRecord:
    n = len(seats)
    return GameRecord(seed=0, seats=seats, losers=losers, winners=winners, scores=scores,
                      actions=10, calls=(2,) * n, seconds=(0.5,) * n)


def test_statistics_on_a_hand_computed_case() -> None:
    # Four 3-seat games; "r" holds two seats in each, so its seats are pooled.
    records = [
        _record(("a", "r", "r"), losers=(1,), winners=(0,), scores=(0, 10, 4)),
        _record(("r", "a", "r"), losers=(1,), winners=(2,), scores=(2, 10, 0)),
        _record(("r", "r", "a"), losers=(0, 1), winners=(2,), scores=(10, 10, 1)),
        _record(("a", "r", "r"), losers=(2,), winners=(0,), scores=(0, 3, 10)),
    ]
    stats = summarise(records)
    a, r = stats["a"], stats["r"]
    assert (a.games, a.seats, a.losses, a.wins) == (4, 4, 1, 3)
    assert (r.games, r.seats, r.losses, r.wins) == (4, 8, 4, 1)
    assert a.loss_rate == 0.25 and r.loss_rate == 0.5
    assert a.ci95 == wilson(1, 4) and r.ci95 == wilson(4, 8)
    # Wilson by hand for 1 of 4: centre (p + z²/2n)/(1 + z²/n), half-width as usual
    z = 1.959963984540054
    p, n = 0.25, 4
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    assert a.ci95 == pytest.approx((centre - half, centre + half))
    assert a.mean_score == pytest.approx((0 + 10 + 1 + 0) / 4)
    scores = [0, 10, 1, 0]
    sd = math.sqrt(sum((x - 2.75) ** 2 for x in scores) / 3)
    assert a.score_ci95 == pytest.approx((2.75 - z * sd / 2, 2.75 + z * sd / 2))
    assert r.decisions == 16 and a.ms_per_decision == pytest.approx(250.0)
    d = a.to_dict()
    assert d["seats"] == 4 and d["loss_rate"] == 0.25 and d["win_rate"] == 0.75
    assert d["ci95"] == [round(x, 4) for x in wilson(1, 4)]
    # three seats: OpenSkill ranks the bot that wins more above the one that loses more
    assert a.rating is not None and r.rating is not None and a.rating[0] > r.rating[0]


def test_no_win_rate_where_the_game_has_no_winners() -> None:
    stats = summarise([_record(("a", "b"), losers=(0,), winners=(), scores=(3, 1))])
    assert "win_rate" not in stats["a"].to_dict()
    assert stats["a"].rating is None  # two seats: a rating would only restate the rates


def test_every_bot_sits_in_every_seat_equally_often_on_shared_deals() -> None:
    result = tablegames.arena("toepen", ["club", "random", "random"], games=6, seed=2, workers=1)
    assert result.games == 6
    seats = {name: [0, 0, 0] for name in ("club", "random")}
    for rec in result.records:
        for s, name in enumerate(rec.seats):
            seats[name][s] += 1
    assert seats == {"club": [2, 2, 2], "random": [4, 4, 4]}
    deals = [rec.seed for rec in result.records]
    assert deals[0] == deals[1] == deals[2] != deals[3] == deals[4] == deals[5]
    assert result.bots["random"].seats == 12 and result.bots["club"].games == 6


def test_a_short_lineup_is_repeated_to_fill_the_seats() -> None:
    result = tablegames.arena("shithead", ["smart", "random"], games=4, players=4, workers=1)
    assert result.lineup == ("smart", "random", "smart", "random")


def test_the_arena_is_the_same_with_any_number_of_workers() -> None:
    kwargs = {"games": 4, "seed": 5, "budget": 5}
    one = tablegames.arena("toepen", ["ismcts", "club"], workers=1, **kwargs)  # type: ignore[arg-type]
    two = tablegames.arena("toepen", ["ismcts", "club"], workers=2, **kwargs)  # type: ignore[arg-type]
    strip = [(r.seed, r.seats, r.losers, r.winners, r.scores, r.actions) for r in one.records]
    assert strip == [(r.seed, r.seats, r.losers, r.winners, r.scores, r.actions) for r in two.records]


def test_bad_arena_arguments_are_refused_before_any_game() -> None:
    with pytest.raises(SetupError, match="no bot 'genius'"):
        tablegames.arena("toepen", ["genius", "random"], games=2)
    with pytest.raises(SetupError, match="budget must be in"):
        tablegames.arena("toepen", ["ismcts", "random"], games=2, budget=0)
    with pytest.raises(SetupError, match="no bot in the lineup takes a budget"):
        tablegames.arena("toepen", ["club", "random"], games=2, budget=10)
    with pytest.raises(SetupError, match="toepen is for 2 to 8 players, not 9"):
        tablegames.arena("toepen", ["club"], games=9, players=9)
    with pytest.raises(SetupError, match="multiple of the 3 seats"):
        tablegames.arena("toepen", ["club", "random", "random"], games=10)
    with pytest.raises(SetupError, match="at most one bot per seat"):
        tablegames.arena("toepen", ["club", "random", "random"], games=2, players=2)
    with pytest.raises(SetupError, match="players must be an int"):
        tablegames.arena("toepen", ["club"], games=2, players=True)  # type: ignore[arg-type]


def _cli(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    return main(["arena", *argv], out=out), out.getvalue()


def test_cli_prints_the_json_object(capsys: pytest.CaptureFixture[str]) -> None:
    code, text = _cli("shithead", "--bots", "smart,random", "--games", "4", "--seed", "3",
                      "--workers", "1", "--json")
    assert code == 0
    data = json.loads(text)
    assert data["game"] == "shithead" and data["games"] == 4
    assert set(data["bots"]) == {"smart", "random"}
    smart = data["bots"]["smart"]
    assert smart["seats"] == 4 and 0 <= smart["loss_rate"] <= 1
    lo, hi = smart["ci95"]
    assert lo <= smart["loss_rate"] <= hi
    code, text = _cli("shithead", "--bots", "smart,random", "--games", "4", "--workers", "1")
    assert code == 0 and "lost (95% CI)" in text and "smart" in text


def _exact(value: object, kind: type) -> bool:
    """``type(value) is kind``: a bool is not an int, an int is not a float here."""
    return type(value) is kind


def test_the_json_object_has_the_issue_schema(capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 11: one object ``{"game": ..., "games": N, "bots": {"<name>": {"seats": k,
    "loss_rate": x, "ci95": [lo, hi], ...}}}``, seats of one name pooled, a rating when
    more than two seats play; the other keys only add to it."""
    code, text = _cli("toepen", "--bots", "club,random,random", "--games", "6", "--seed", "4",
                      "--workers", "1", "--json")
    assert code == 0 and text.count("\n") == 1  # one object on one line
    data = json.loads(text)
    assert {"game", "games", "bots"} <= set(data)
    assert data["game"] == "toepen" and _exact(data["games"], int) and data["games"] == 6
    assert list(data["bots"]) == ["club", "random"]  # the two random seats pooled under one name
    for name, seats in (("club", 6), ("random", 12)):
        b = data["bots"][name]
        assert _exact(b["seats"], int) and b["seats"] == seats
        assert _exact(b["loss_rate"], float) and 0.0 <= b["loss_rate"] <= 1.0
        assert b["loss_rate"] == round(b["losses"] / seats, 4)
        ci = b["ci95"]
        assert _exact(ci, list) and len(ci) == 2 and all(_exact(x, float) for x in ci)
        assert ci == [round(x, 4) for x in wilson(b["losses"], seats)]
        assert ci[0] <= b["loss_rate"] <= ci[1]
        assert b["win_rate"] == round(b["wins"] / seats, 4) and len(b["win_ci95"]) == 2
        assert _exact(b["mean_score"], float) and _exact(b["ms_per_decision"], float)
        assert set(b["rating"]) == {"mu", "sigma", "ordinal"}  # three seats: rated
    assert data["bots"]["club"]["games"] == data["bots"]["random"]["games"] == 6
    # a game without winners (Dallah: one biggest loser) has no win rate
    code, text = _cli("dallah", "--bots", "model,random", "--games", "2", "--workers", "1", "--json")
    dallah = json.loads(text)
    assert code == 0 and all("win_rate" not in b for b in dallah["bots"].values())
    assert all("rating" not in b for b in dallah["bots"].values())  # two seats: no rating


@pytest.mark.parametrize(("argv", "message"), [
    (("toepen", "--bots", "club,genius", "--games", "2"), "toepen has no bot 'genius'"),
    (("toepen", "--bots", "ismcts,club", "--games", "2", "--budget", "0"), "budget must be in 1.."),
    (("toepen", "--bots", "ismcts,club", "--games", "2", "--budget", "-3"), "budget must be in 1.."),
    (("toepen", "--bots", "club", "--players", "12"), "toepen is for 2 to 8 players, not 12"),
    (("phase10", "--bots", "smart", "--players", "1"), "phase10 is for 2 to 6 players, not 1"),
    (("toepen", "--bots", "club,random", "--games", "3"), "multiple of the 2 seats"),
    (("chess", "--bots", "random"), "unknown game 'chess'"),
])
def test_cli_errors_are_one_clear_line(argv: tuple[str, ...], message: str,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    code, text = _cli(*argv)
    err = capsys.readouterr().err
    assert code == 2 and text == ""
    assert err.startswith("tablegames: ") and message in err and err.count("\n") == 1


def test_a_budget_reaches_every_bot_that_takes_one(monkeypatch: pytest.MonkeyPatch) -> None:
    """``--budget`` means the same in simulate and the arena: every bot of the lineup whose
    factory names a budget gets it (a registered one too), the others are made as they are."""
    from tablegames.bots import RandomBot, registry

    made: list[int] = []

    def patient(info: object, seed: int | str, budget: int = 1) -> RandomBot:
        made.append(budget)
        return RandomBot(seed)

    monkeypatch.setitem(registry._EXTRA, "toepen", {"patient": patient})
    assert registry.takes_budget("patient", "toepen") and registry.takes_budget("ismcts", "toepen")
    assert not registry.takes_budget("club", "toepen")
    got = registry.lineup_params("toepen", ["patient", "club", "ismcts", "club"], budget=7)
    assert got == {"ismcts": {"budget": 7}, "patient": {"budget": 7}} and made == [7]
    summary = tablegames.simulate("toepen", ["patient", "club"], games=2, budget=3, workers=1)
    assert summary.params == {"patient": {"budget": 3}} and made[-1] == 3


def test_an_arena_that_keeps_no_records_finds_the_same_statistics() -> None:
    def counted(result: tablegames.ArenaResult) -> dict[str, object]:
        out = result.to_dict()
        for stats in out["bots"].values():
            del stats["ms_per_decision"]  # the clock's, not the games'
        return out

    kept = tablegames.arena("toepen", ["club", "random", "random"], games=12, seed=3, workers=1)
    lean = tablegames.arena("toepen", ["club", "random", "random"], games=12, seed=3, workers=1,
                            keep_records=False)
    assert len(kept.records) == 12 and lean.records == ()
    assert lean.games == kept.games == 12
    assert counted(lean) == counted(kept)
    assert summarise(kept.records) == kept.bots


def test_records_are_kept_for_at_most_max_kept_games() -> None:
    from tablegames.bots.matches import MAX_KEPT

    games = (MAX_KEPT // 2 + 1) * 2  # a multiple of the two seats, just over the limit
    with pytest.raises(SetupError, match="keep_records=False"):
        tablegames.arena("toepen", ["club", "random"], games=games, seed=1, workers=1)
    for flag in (1, "no", None):
        with pytest.raises(SetupError, match="keep_records must be True or False"):
            tablegames.arena("toepen", ["club", "random"], games=2, seed=1, workers=1,
                             keep_records=flag)  # type: ignore[arg-type]


def test_a_long_arena_without_records_holds_no_more_memory_than_a_short_one() -> None:
    """The memory held after game 16 and after game 96 of one arena is the same: the
    statistics are sums, not lists (each game's record and scores were kept until the
    result, some hundreds of bytes a game)."""
    import gc
    import tracemalloc

    held: dict[int, int] = {}

    def progress(done: int) -> None:
        if done in (16, 96):
            gc.collect()  # garbage waiting for the collector is not held
            held[done] = tracemalloc.get_traced_memory()[0]

    tablegames.arena("toepen", ["random", "random"], games=2, seed=2, workers=1)  # imports
    tracemalloc.start()
    try:
        tablegames.arena("toepen", ["random", "random"], games=96, seed=2, workers=1,
                         keep_records=False, progress=progress)
    finally:
        tracemalloc.stop()
    assert held[96] - held[16] < 15_000, held  # 80 records kept: about 40 KB
