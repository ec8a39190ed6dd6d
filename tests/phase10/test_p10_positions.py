"""Positions (issue 10): any Phase 10 situation written as text a person can read and
edit, read back to the same views and legal actions; junk is refused naming the line."""

from __future__ import annotations

from typing import Any

import pytest

import tablegames
from tablegames.common.bots import RandomBot
from tablegames.common.position import PositionError
from tablegames.phase10 import Rules, SmartBot, State, from_position, new_game


def _views(state: State) -> list[dict[str, Any]]:
    """Every seat's view and the spectator's, without the version (a position starts at 0)."""
    out = []
    for seat in [None, *range(state.n)]:
        v = state.view(seat)
        v.pop("version")
        out.append(v)
    return out


def played(players: int, seed: int, steps: int, smart: bool, rules: str | Rules = "standard",
           ) -> State:
    state = new_game(players=players, seed=seed, rules=rules)
    bots = [(SmartBot if smart else RandomBot)(seed + s) for s in range(players)]
    while not state.is_over and len(state.history) < steps:
        state.apply(bots[state.to_act].choose(state))  # type: ignore[index]
    return state


#: Every option away from its default at once (phase_choice needs distinct phases).
ALL_OPTIONS = Rules(first_skip="twist", naturals="phase", hit_same_turn=False, phase_choice=True,
                    skip_target="next", scoring="winner", wild_groups="open",
                    best_total="lowest", blocked_hand="lowest", lay_when_able=True,
                    discard_taken=False, limit_tiebreak="dead", hand_size=9,
                    phases=("set3+set3", "set3+run4", "run7", "colour7", "set5+set2"))

CASES: list[tuple[int, int, int, bool, str | Rules]] = [
    (2, 1, 25, True, "standard"), (3, 2, 140, True, "standard"), (4, 3, 300, False, "standard"),
    (6, 4, 90, True, "standard"), (3, 5, 200, True, "masters"), (4, 6, 160, True, "open-wilds"),
    (2, 7, 2500, False, "short"), (3, 8, 10_000, True, "standard"), (5, 9, 120, True, "twist"),
    (3, 10, 170, True, "skip-next"), (4, 11, 230, True, "winner-scores"),
    (2, 12, 60, True, "hit-next-turn"), (3, 13, 120, True, ALL_OPTIONS),
    (4, 14, 700, False, ALL_OPTIONS), (2, 15, 10_000, True, ALL_OPTIONS),
]


@pytest.mark.parametrize(("players", "seed", "steps", "smart", "rules"), CASES)
def test_positions_round_trip_views_and_legal_actions(
    players: int, seed: int, steps: int, smart: bool, rules: str | Rules,
) -> None:
    state = played(players, seed, steps, smart, rules)
    text = state.to_position()
    again = from_position(text)
    assert _views(again) == _views(state)
    for seat in range(players):
        assert [str(a) for a in again.legal_actions(seat)] == [str(a) for a in state.legal_actions(seat)]
    assert again.to_position() == text
    assert tablegames.from_position("phase10", text).to_json() == again.to_json()
    # a position-made game saves, replays and plays on like the original
    assert State.from_json(again.to_json(), verify=True).to_json() == again.to_json()
    assert tablegames.replay(again.record()).to_json() == again.to_json()
    if not state.is_over:
        world = again.sample_world(0, 1)
        assert world.view(0) == again.view(0)
        bots = [SmartBot(s) for s in range(players)]
        for _ in range(30):  # the same actions (reshuffles included) play out the same
            if state.is_over:
                break
            a = bots[state.to_act].choose(state)  # type: ignore[index]
            state.apply(a)
            again.apply(a)
        assert _views(again) == _views(state)


def test_a_position_reads_as_the_table_looks() -> None:
    deck = "R3 B3 G3 R7 B7 W Y1 Y2 G11 G12 R1 B2 G4 Y5 R6 B8 G9 Y10 R11 B12 Y4 Y12"
    state = new_game(players=2, seed=1, deck=deck.split(" "))
    state.apply("0:draw")
    state.apply("0:lay set3=R3,B3,G3 set7=R7,B7,W")
    text = state.to_position()
    assert "hand 0: Y1 Y2 G11 G12 Y12\n" in text
    assert "laid 0: 1 set3=R3,B3,G3 set7=R7,B7,W\n" in text
    assert "discard: Y4\n" in text and "made 0: 1\n" in text and "stage: play\n" in text


def test_a_shuffled_stock_deals_every_card_left() -> None:
    text = new_game(players=3, seed=2).to_position()
    lines = [ln for ln in text.splitlines() if not ln.startswith("stock:")] + ["stock: shuffled"]
    state = from_position("\n".join(lines))
    assert len(state.stock) == 108 - 31 and sorted(state.stock) == sorted(new_game(players=3, seed=2).stock)
    assert from_position("\n".join(lines)).to_json() == state.to_json()


BASE = new_game(players=2, seed=3).to_position()


def _edit(old: str, new: str) -> tuple[str, int]:
    """BASE with one line changed, and that line's number."""
    lines = BASE.splitlines()
    no = next(i for i, ln in enumerate(lines) if ln.startswith(old))
    lines[no] = lines[no].replace(old, new, 1)
    return "\n".join(lines) + "\n", no + 1


def _added(line: str) -> tuple[str, int]:
    return BASE + line + "\n", len(BASE.splitlines()) + 1


@pytest.mark.parametrize(("case"), [
    ("not a position", 1),
    _edit("game: phase10", "game: toepen"),
    _added("colour: red"),
    _edit("round: 0", "round: zero"),
    _edit("active: 0", "active: 7"),
    _edit("tiebreak: no", "tiebreak: maybe"),
    _edit("scores: 0 0", "scores: 0"),
    _edit("made 0: -", "made 0: 11"),
    _edit("discard: ", "discard: X9 "),
    _edit("stage: draw", "stage: dance"),
    _edit("hand 1: ", "hand 1: Q7 "),
    _added("result 0: {oops"),
    _added("laid 0: 1"),
], ids=lambda c: repr(c[0][-40:]))
def test_junk_positions_are_refused_naming_the_line(case: tuple[str, int]) -> None:
    text, line = case
    with pytest.raises(PositionError) as info:
        from_position(text)
    assert info.value.line == line, info.value
    assert str(info.value).startswith(f"line {line}: ")


@pytest.mark.parametrize("edit", [
    ("hand 0: ", "hand 0: W W W W W W W W W "),        # more Wilds than the pack has
    ("hand 1: ", "hand 1: R1 "),                        # eleven cards outside a turn
    ("made 0: -", "made 0: 2"),                         # phase 2 made but not phase 1
    ("pending_skips: -", "pending_skips: 0"),                 # a skip waiting on the seat to act
    ("winner: -", "winner: 1"),                         # a winner while play goes on
])
def test_impossible_positions_are_refused(edit: tuple[str, str]) -> None:
    text, _ = _edit(*edit)
    with pytest.raises(PositionError) as info:
        from_position(text)
    assert "impossible position" in str(info.value)


def test_a_position_may_start_from_any_scores_and_phases() -> None:
    text, _ = _edit("scores: 0 0", "scores: 40 5")
    text = text.replace("made 1: -", "made 1: 1 2 3")
    state = from_position(text)
    assert state.scores == (40, 5) and state.view(None)["phases"][1]["phase"] == 4


def test_positions_written_before_the_declared_lines_still_load() -> None:
    """Position texts written by the code before its lines came from the field
    declarations (``data/positions_v4.json``, many random games) still load, to the
    very same fields, and are written back byte for byte (the lines no kind can say are
    ``POSITION_OWN``, the rest come from the declarations), but for the score sheet's
    ``completed``, which engine 2 calls ``phase_laid`` (see ``test_p10_engine2_words.py``)."""
    import json
    from pathlib import Path

    from tablegames import phase10 as game
    from tablegames.common.serialization import dumps
    from tests.phase10.old_sheets import today_fields, today_position

    cases = json.loads((Path(__file__).parent / "data" / "positions_v4.json").read_text())
    assert len(cases) > 25
    assert sum('"completed":' in case["position"] for case in cases) > 5

    def fields(state: State) -> str:
        """The fields such a position sets: all but the hand's record, which it lacks
        (engine 2's ``sources`` and ``hand_log``: ``None`` and empty)."""
        dump = state._dump()
        assert dump.pop("sources") is None and not any(dump.pop("hand_log"))
        return dumps(dump)

    for case in cases:
        expected = today_fields(case["fields"])
        state = game.from_position(case["position"])
        assert fields(state) == expected
        # the same lines, byte for byte (a sheet's completed is now phase_laid)
        assert state.to_position() == today_position(case["position"])
        again = game.from_position(state.to_position())
        assert fields(again) == expected
