"""The late-fall window of DAL-23, checked against its own statement of the ruling.

A seeded random playout (every seat's legal list, late reports picked often) follows an
oracle written from the ruling alone: the phone that reported the turn's last
``settled`` may report a late fall (each cup on the Dallah, or a collapse) until the next
player's first action, and nobody else, and never after. Every legal action of every
seat must be accepted, a late report that is not offered must be refused, and a save or
position of every state must reload with the same legal lists. Then scenarios for the
defect the check found: a save or position could keep the window open after the next
player had drawn, after a pile action, or for a seat that did not report ``settled``.
"""

from __future__ import annotations

from typing import Any

import pytest

from tablegames import PositionError, StateError, TablegamesError, dallah
from tablegames.common.rng import Rng
from tablegames.dallah import stages as S
from tests.dallah.helpers import game, play, refused, team_heavy_cards

_LATE = ("fell", "collapse")


def _expected(s: dallah.State, window: int | None, seat: int) -> set[str]:
    """The late reports the ruling allows ``seat`` now."""
    if window != seat or s.stage != S.DRAW:
        return set()
    t = s.t
    out = {f"{seat}:fell {t.zone_ids[z]}:{t.shape_ids[c]}" for z, cups in enumerate(s.pot)
           for c in set(cups)}
    return out | {f"{seat}:collapse"} if out else out


def _legal(s: dallah.State) -> list[list[str]]:
    return [[str(a) for a in s.legal_actions(seat)] for seat in range(s.n)]


def _playout(seed: int, players: int, rules: dallah.Rules) -> int:
    """Play one game at random; return how many late reports were made."""
    s = dallah.new_game(players, seed=seed, rules=rules,
                        held=[["ma_ysir"], ["ana_mali_dakhal"]] + [[]] * (players - 2))
    rng = Rng(f"late-{seed}-{players}")
    window: int | None = None
    lates = steps = 0
    while not s.is_over:
        pool: list[Any] = []
        for seat in range(s.n):
            legal = s.legal_actions(seat)
            offered = {str(a) for a in legal if s.stage == S.DRAW and a.verb in _LATE}
            assert offered == _expected(s, window, seat), (seed, steps, seat)
            if seat != s.to_act:
                assert all(a.verb in _LATE for a in legal)
            for a in legal:  # every legal action is accepted
                s.copy().apply(a)
            if s.stage == S.DRAW and s.pot_total() and not offered:
                z = next(z for z, cups in enumerate(s.pot) if cups)
                with pytest.raises(TablegamesError):
                    s.copy().apply(f"{seat}:fell {s.t.zone_ids[z]}:{s.t.shape_ids[s.pot[z][0]]}")
            pool.extend(legal)
        if steps % 6 == 0:
            for back in (dallah.State.from_json(s.to_json()), dallah.from_position(s.to_position())):
                assert _legal(back) == _legal(s)
        late = [a for a in pool if s.stage == S.DRAW and a.verb in _LATE]
        moving = [a for a in pool if a.verb in ("settled", "draw", "roll")]
        r = rng.below(100)
        a = (late[rng.below(len(late))] if late and r < 30 else
             moving[rng.below(len(moving))] if moving and r < 80 else pool[rng.below(len(pool))])
        is_late = s.stage == S.DRAW and a.verb in _LATE
        kinds = {e.kind for e in s.apply(a)}
        lates += is_late
        if not is_late:
            opens = a.verb == "settled" and "turn" in kinds and rules.late_falls
            window = a.seat if opens else None
        steps += 1
    return lates


@pytest.mark.ruling("DAL-23")
@pytest.mark.parametrize(("players", "team_heavy", "options"), [
    (2, True, {}),
    (3, False, {"full_zone": "cup_leaves", "swaps_per_turn": 3}),
    (4, True, {"late_falls": False}),
    (7, False, {"swaps_per_turn": 0}),
])
def test_late_reports_are_offered_exactly_while_the_ruling_allows(
        players: int, team_heavy: bool, options: dict[str, Any]) -> None:
    rules = dallah.Rules(cards=team_heavy_cards() if team_heavy else dallah.DEFAULT_CARDS,
                         **options)
    lates = sum(_playout(seed, players, rules) for seed in range(4))
    assert (lates > 5) == rules.late_falls


def _edit(text: str, key: str, value: str) -> str:
    return "\n".join(f"{key}: {value}" if line.startswith(f"{key}:") else line
                     for line in text.splitlines())


def _after_a_settled_turn() -> dallah.State:
    s = game(actions=["place", "place"], placements=["neck", "lid"], rolls=["tall", "wide"])
    play(s, "0:draw", "0:roll", "0:settled")
    assert s.late == 0
    return s


@pytest.mark.ruling("DAL-23")
def test_the_draw_closes_the_window_in_the_saved_state_too() -> None:
    s = _after_a_settled_turn()
    play(s, "1:draw")
    # the window is closed in the state itself, not only while the stage is not draw
    assert s.last_turn[5] == -1 and "late_reporter" in s.to_position()
    assert s.to_position().splitlines()[-1].endswith(" -")
    play(s, "1:roll", "1:settled")
    assert s.late == 1 and s.legal_actions(0) == []
    refused(s, "0:fell neck:tall", "out_of_turn", "DAL-23")


@pytest.mark.ruling("DAL-23", "DAL-24")
@pytest.mark.parametrize(("last_turn", "active", "message"), [
    # seat 1 has drawn and played since: the next player's first action closed it
    ("0 place 0 0 no 0", "2", "not the previous seat's"),
    # seat 2 did not report seat 0's placement settled
    ("0 place 0 0 no 2", "1", "did not report that turn settled"),
    # seat 2 does not collect on seat 0's placement (DAL-24)
    ("0 place 2 0 no 0", "1", "did not collect"),
    # a pile action has no collector and nothing that can fall late
    ("0 kheth 0 0 no 0", "1", "did not collect"),
    ("0 kheth - 0 no 0", "1", "only after a turn that placed"),
])
def test_positions_with_a_window_the_ruling_no_longer_allows_are_refused(
        last_turn: str, active: str, message: str) -> None:
    text = _after_a_settled_turn().to_position()
    bad = _edit(_edit(_edit(text, "last_turn", last_turn), "active", active), "placer", active)
    with pytest.raises(PositionError, match=message):
        dallah.from_position(bad)


@pytest.mark.ruling("DAL-23")
def test_a_save_with_the_window_open_in_another_stage_is_refused() -> None:
    s = _after_a_settled_turn()
    play(s, "1:draw", "1:roll")
    raw = s.to_json()
    assert '"last_turn":[0,0,0,0,0,-1]' in raw.replace(" ", "")
    tampered = raw.replace('"last_turn":[0,0,0,0,0,-1]', '"last_turn":[0,0,0,0,0,0]')
    assert tampered != raw
    with pytest.raises(StateError, match="closes at the next player's first action"):
        dallah.State.from_json(tampered)


@pytest.mark.ruling("DAL-23", "DAL-24")
def test_team_cards_keep_their_late_reporter_through_positions() -> None:
    # Tag Team: the next player placed the second cup and reported settled
    s = game(actions=["tag_team", "place"], placements=["neck", "lid"], rolls=["tall", "wide"])
    play(s, "0:draw", "0:roll", "0:settled", "1:settled")
    back = dallah.from_position(s.to_position())
    assert back.late == 1 and _legal(back) == _legal(s)
    # Fazaa': the helper placed, collects and reports
    s = game(actions=["fazaa", "place"], placements=["neck"], rolls=["tall"])
    play(s, "0:draw", "1:roll", "1:settled")
    back = dallah.from_position(s.to_position())
    assert back.late == 1 and back.last_turn[2] == 1 and _legal(back) == _legal(s)
