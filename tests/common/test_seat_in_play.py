""""Seat in play" as a declaration (issue 21, item 2): a seat declared
``seat(among="playing")`` must be one whose flag is set in that per-seat field, in the
stages it names; the core checks it after every load and ``from_position`` with one
message, so no game writes that check by hand."""

from __future__ import annotations

import json
import random
from types import SimpleNamespace
from typing import Any

import pytest

import tablegames
from tablegames.common.declared import check_in_play, in_play_checks
from tablegames.common.errors import StateError
from tablegames.common.fields import seat, tuple_seq
from tablegames.common.position import PositionError
from tablegames.common.state import _spec

#: Each game that declares its seat to act in play: the flag field, the stages it
#: holds in, and the ruling it cites.
DECLARED = {
    "toepen": ("playing", ("play",), "TOE-51"),
    "phase10": ("playing", ("draw", "play"), "P10-53"),
    "shithead": ("playing", ("play", "give"), "SHD-01"),
}


def _state_in(game: str, stages: tuple[str, ...]) -> Any:
    """A state of a seeded random game in one of ``stages``, a few moves in."""
    for seed in range(20):
        s = tablegames.new_game(game, players=4, seed=seed)
        pick = random.Random(seed)
        for step in range(400):
            if s.is_over:
                break
            if step > 6 and s.STAGES[s.stage] in stages:
                return s
            legal = [a for seat_ in range(s.n) for a in s.legal_actions(seat_)]
            s.apply(legal[pick.randrange(len(legal))])
    raise AssertionError(f"no {game} state in {stages}")


@pytest.mark.ruling("TOE-51", "P10-53", "SHD-01")
@pytest.mark.parametrize("game", sorted(DECLARED))
def test_a_save_with_the_turn_on_a_seat_out_of_play_is_refused(game: str) -> None:
    """The seat to act taken out of play in the save: the load names the field, the
    seat and the ruling, the same words in every game; the state saved is unchanged."""
    among, stages, ruling = DECLARED[game]
    s = _state_in(game, stages)
    before = s.to_json()
    data = json.loads(before)
    flags = data["state"][among]
    flags[data["state"]["active"]] = False
    with pytest.raises(StateError, match=(
            rf"^\$\.state\.active: seat {s.active} is not in play "
            rf"\({among}\[{s.active}\] is false; {ruling}\)$")):
        type(s).from_json(json.dumps(data))
    assert s.to_json() == before
    assert type(s).from_json(before).to_json() == before  # the untouched save loads


@pytest.mark.parametrize("game", sorted(DECLARED))
def test_a_position_with_the_turn_on_a_seat_out_of_play_is_refused(game: str) -> None:
    """The position of a table whose seat to act is out of play is refused as the save
    is (Shithead's position says a seat is out of play by listing it as finished)."""
    among, stages, _ruling = DECLARED[game]
    s = _state_in(game, stages)
    flags = list(getattr(s, among))
    flags[s.active] = False
    setattr(s, among, tuple(flags))
    if game == "shithead":
        s.finished = (*s.finished, s.active)
    with pytest.raises(PositionError, match=rf"^impossible position: active: seat "
                                            rf"{s.active} is not in play"):
        type(s).from_position(s.to_position())


def test_which_games_declare_it() -> None:
    """Dallah has no per-seat "in play" flag (every seat plays to the end): nothing to
    declare. Toepen's queue is declared too (in the round, but in the exchange)."""
    for game in ("toepen", "phase10", "shithead", "dallah"):
        cls = type(tablegames.new_game(game, players=3, seed=0))
        declared = {c.field: (c.among, c.ruling) for c in _spec(cls).in_play}
        if game == "dallah":
            assert declared == {}
        else:
            assert declared["active"] == (DECLARED[game][0], DECLARED[game][2])
    toepen = type(tablegames.new_game("toepen", players=3, seed=0))
    assert {c.field for c in _spec(toepen).in_play} == {"active", "queue"}


def _fake(**fields: Any) -> Any:
    return SimpleNamespace(**fields)


STAGES = ("deal", "play", "over")
FIELDS = (
    ("active", seat(among="playing", stages=("play",))),
    ("queue", tuple_seq(seat(among="playing"))),
    ("winner", seat(none=-1, among="playing", ruling="X-01")),
    ("dealer", seat()),
)


def test_the_generic_check_by_stage_list_and_nobody() -> None:
    checks = in_play_checks(FIELDS, STAGES)
    assert [(c.field, c.many) for c in checks] == [("active", False), ("queue", True),
                                                   ("winner", False)]
    state = _fake(stage=1, playing=(True, False, True), active=0, queue=(2, 0), winner=-1,
                  dealer=1)
    check_in_play(state, checks)  # nobody (-1) and an undeclared dealer are not checked
    state.active = 1
    with pytest.raises(StateError, match=r"^\$\.state\.active: seat 1 is not in play "
                                         r"\(playing\[1\] is false\)$"):
        check_in_play(state, checks)
    state.stage = 0  # the seat to act is declared for the play stage only
    check_in_play(state, checks)
    state.queue = (0, 1)
    with pytest.raises(StateError, match=r"queue: seat 1 is not in play"):
        check_in_play(state, checks)
    state.queue, state.winner = (), 1
    with pytest.raises(StateError, match=r"winner: seat 1 is not in play \(playing\[1\] "
                                         r"is false; X-01\)"):
        check_in_play(state, checks)


def test_a_declaration_naming_no_stage_is_refused() -> None:
    with pytest.raises(TypeError, match="names no stage 'pley'"):
        in_play_checks((("active", seat(among="playing", stages=("pley",))),), STAGES)
    with pytest.raises(TypeError, match="among="):
        seat(stages=("play",))
