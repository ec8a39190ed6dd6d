"""Phase 10's hand logs and the draw pile before the first rebuild (P10-59).

Until the draw pile is first rebuilt, every card drawn came from it, so for each face the
draws and the copies still in the pile fit in the pack less the turned-up cards. A save
whose hand log drew a face of which every copy is still in the pile loaded (only the
draws alone were checked), and once another copy was drawn the game refused its own
next save (found by helper-205). After a rebuild the pile is the rebuilt one, which
holds cards drawn before it, so only the draws are bounded there.
"""

from __future__ import annotations

from collections import Counter

import pytest

from tablegames.common.rng import Rng
from tablegames.phase10 import State, new_game
from tablegames.phase10.cards import PACK
from tests.phase10.hand_logs import early, first_draws, hidden, refused, relabelled, turn

ruling = pytest.mark.ruling

REFUSED = r"the hand logs' draws before the first rebuild are not what that pile held \(P10-59\)"










@ruling("P10-59")
def test_a_log_drawing_a_face_whose_copies_are_all_in_the_pile_is_refused() -> None:
    state = early()
    stock = Counter(state.stock)
    first = state.sources[0] if state.sources else ()
    full = next(c for c in sorted(stock) if stock[c] == PACK.counts[c] and c not in first)
    text = relabelled(state, 1, full)
    refused(text, REFUSED)


@ruling("P10-59")
def test_a_log_drawing_a_face_with_a_copy_outside_the_pile_loads() -> None:
    """The check counts faces, no more: a draw of a face of which a copy could have been
    drawn, and which the drawer holds, is its secret (which draw brought which copy is
    not checked, see ``consistency._check_own_faces``), so the same tampering with such a
    face loads, and the game plays on and saves itself."""
    state = early()
    stock, got = Counter(state.stock), first_draws(state)
    first = state.sources[0] if state.sources else ()
    held = hidden(state, 1)
    # a face seat 1 holds, so its own hand does not refute the draw (helper-209's check)
    face = next(c for c in range(len(PACK.counts))
                if got[c] == 0 and c not in first and 0 < stock[c] < PACK.counts[c]
                and held[c])
    loaded = State.from_json(relabelled(state, 1, face))
    while face in loaded.stock:
        turn(loaded)
    assert loaded.rebuilt is None
    assert State.from_json(loaded.to_json()).to_json() == loaded.to_json()


@ruling("P10-59")
def test_a_game_saves_itself_at_every_step_through_its_first_rebuild() -> None:
    """Including after the rebuild, when cards drawn before it lie in the rebuilt pile
    (so the draws before it and the pile now exceed the pack: only the draws count)."""
    state = new_game(players=2, seed=0)
    while state.rebuilt is None:
        turn(state)
        assert State.from_json(state.to_json()).to_json() == state.to_json()
    for _ in range(3):
        turn(state)
        assert State.from_json(state.to_json()).to_json() == state.to_json()
    assert state.round == 0 and state.rebuilt is not None
    first = state.sources[0] if state.sources else ()
    got, stock = first_draws(state), Counter(state.stock)
    assert any(got[c] + stock[c] > PACK.counts[c] - first.count(c) for c in got)


@ruling("P10-59")
@pytest.mark.parametrize("rebuilt", [False, True])
def test_every_seats_worlds_save_and_load(rebuilt: bool) -> None:
    """A world keeps the check too: its other seats' draws are cards of their world hands
    or cards they played, never the world's pile."""
    state = early()
    if rebuilt:
        while state.rebuilt is None:
            turn(state)
        turn(state)
    for seat in range(2):
        for k in range(4):
            world = state.sample_world(seat, Rng(k))
            assert State.from_json(world.to_json()).to_json() == world.to_json()
