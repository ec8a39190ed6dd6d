"""A seat's own hand log against its hand, face by face, before the first rebuild (P10-59).

Before the draw pile is first rebuilt, every card a seat holds that the table did not see
it take was dealt to it or drawn by it, and every card it played that it had not taken
was one of those. So, reading its log backwards from its hand now, its draws of a face
after any point are at most the copies of that face it holds hidden now plus the copies
it played after that point. A save whose log drew a face the seat neither holds nor
played loaded (only counts and the draws of all seats together were checked), and the
seat's own worlds, which keep its log and deal that face's copies anew, were mostly
refused on reload (27 of 30 in helper-208's probe; found by helper-208).
"""

from __future__ import annotations

from collections import Counter

import pytest

from tablegames.common.errors import StateError
from tablegames.common.rng import Rng
from tablegames.phase10 import State, new_game
from tablegames.phase10.cards import PACK, PLAYED, log_codes
from tests.phase10.hand_logs import early, hidden, refused, relabelled, with_log

ruling = pytest.mark.ruling

REFUSED = (r"\$\.state: seat 1: its hand log draws a card it neither holds nor played "
           r"after \(P10-59\)")












@ruling("P10-59")
def test_a_log_drawing_a_face_the_seat_neither_holds_nor_played_is_refused() -> None:
    """helper-208's example: the face has a copy in the draw pile and one in seat 0's
    hidden hand, so the draws of all seats with the pile fit the pack; only seat 1's own
    hand tells the draw is false."""
    state = early()
    log = log_codes(state.hand_log[1])
    played = {c - PLAYED for c in log if c >= PLAYED}
    drawn = {c for s in range(2) for c in log_codes(state.hand_log[s]) if c < PLAYED}
    stock, first = Counter(state.stock), state.sources[0] if state.sources else ()
    face = next(c for c in range(len(PACK.counts))
                if PACK.counts[c] == 2 and stock[c] == 1 and hidden(state, 0)[c] == 1
                and c not in state.hands[1] and c not in played and c not in drawn
                and c not in first)
    text = relabelled(state, 1, face)
    refused(text, REFUSED)


@ruling("P10-59")
def test_a_log_playing_a_card_before_the_draw_that_brought_it_is_refused() -> None:
    """Order counts, not only totals: the same log with a discard of a drawn card moved
    before its draw keeps every count, and no hand could play that card then."""
    state = early(12)
    log = list(log_codes(state.hand_log[1]))
    held = hidden(state, 1)
    i, j = next((i, j) for i, code in enumerate(log) if code < PLAYED
                for j in range(i + 1, len(log)) if log[j] == PLAYED + code
                and held[code] == 0 and log.count(code) == 1 and log.count(PLAYED + code) == 1)
    moved = [*log[:i], log[j], *log[i:j], *log[j + 1:]]
    with pytest.raises(StateError, match=REFUSED):
        State.from_json(with_log(state, 1, moved))


@ruling("P10-59")
def test_a_log_drawing_a_face_the_seat_was_dealt_loads_and_its_worlds_load() -> None:
    """Which draw brought which copy is the seat's secret: a draw said to bring a face the
    seat still holds (dealt to it, in the real game) is a history no one can refute, so it
    loads, and every world of each seat saves and loads back."""
    state = early()
    log = log_codes(state.hand_log[1])
    i = next(i for i, code in enumerate(log) if code < PLAYED)
    drawn = Counter(c for s in range(2) for c in log_codes(state.hand_log[s]) if c < PLAYED)
    stock, first = Counter(state.stock), state.sources[0] if state.sources else ()
    face = next(c for c in sorted(hidden(state, 1)) if c != log[i] and c not in log
                and drawn[c] + 1 + stock[c] <= PACK.counts[c] - first.count(c))
    loaded = State.from_json(relabelled(state, 1, face))
    assert State.from_json(loaded.to_json()).to_json() == loaded.to_json()
    for seat in range(2):
        for k in range(10):
            world = loaded.sample_world(seat, Rng(k))
            assert State.from_json(world.to_json()).to_json() == world.to_json()


@pytest.mark.parametrize(("players", "lay"), [(2, False), (3, True), (4, False), (5, True)])
def test_real_saves_and_their_worlds_load_at_every_step(players: int, lay: bool) -> None:
    """No save an engine wrote is refused, nor any world of one (every seat's, every
    step of a hand's first stretch; a bigger probe, 2-6 seats and several seeds, ran
    uncommitted)."""
    state = new_game(players=players, seed=players,
                     rules={"lay_when_able": True} if lay else None)
    for step in range(12):
        state.apply(state.legal_actions()[step % len(state.legal_actions())])
        text = state.to_json()
        assert State.from_json(text).to_json() == text
        world = state.sample_world(step % players, Rng(step))
        assert State.from_json(world.to_json()).to_json() == world.to_json()
