"""After a rebuild, worlds of a seat whose own hand log does not explain its hand face by
face (P10-59).

A seat's hidden hand plus the cards it played, less the cards it drew, is the hand it
was dealt, face by face; in a real game no face of it is negative. After the draw pile
has been rebuilt the load checks only the counts of each seat's log (the draws of all
seats together face by face), because a world dealt past the labelling budget
(``worlds._draws_unlabelled``) gives the other seats draws their hands and plays need not
explain. So a save with seat 1's pre-rebuild draw relabelled to a face it neither holds
nor played loads, and it cannot be refused: it is such a world of seat 0. Its seat 1's
worlds counted that seat's dealt hand as holding minus one of that face, gave the others
one copy too many of it to draw from the pack, and were refused on reload ("the hand
logs' draws before the first rebuild are not what that pile held"); found by helper-208
and helper-209 (5 of 13 faces in a 2-seat probe), and the same for 393 of 400 worlds of
other seats of worlds past the budget (helper-210). Such a seat's worlds are now dealt
as for a hand not recorded, as past the budget, and load.
"""

from __future__ import annotations

import json
from collections import Counter

import pytest

from tablegames.common.bots import RandomBot
from tablegames.common.errors import StateError
from tablegames.common.rng import Rng
from tablegames.phase10 import State, new_game, worlds
from tablegames.phase10.cards import N_FACES, PLAYED, REBUILT, log_chunks, log_codes

ruling = pytest.mark.ruling


def dealt(state: State, seat: int) -> list[int]:
    """Per face, the hand ``seat``'s log says it was dealt: its hidden hand, plus its
    plays, less its draws."""
    held = Counter(state.hands[seat])
    held.subtract(state.known_cards[seat])
    out = [held[c] for c in range(N_FACES)]
    for code in log_codes(state.hand_log[seat]):
        if PLAYED <= code < REBUILT:
            out[code - PLAYED] += 1
        elif code < PLAYED:
            out[code] -= 1
    return out


def rebuilt_game() -> State:
    """Two seats drawing and discarding their highest card, two turns past the first
    rebuild of the draw pile."""
    state = new_game(players=2, seed=0)
    turns = 0
    while state.rebuilt is None or turns < 2:
        turns += state.rebuilt is not None
        seat = state.to_act
        assert seat is not None
        state.apply(f"{seat}:draw")
        state.apply([a for a in state.legal_actions()
                     if str(a).startswith(f"{seat}:discard")][-1])
    assert state.sources is not None and len(state.sources) == 2 and state.round == 0
    return state


def tampered(state: State) -> State:
    """``state``'s save, seat 1's first draw (before the rebuild) relabelled to the first
    face the save still loads with and that leaves seat 1's dealt hand a negative
    count of that face."""
    log = list(log_codes(state.hand_log[1]))
    i = next(i for i, code in enumerate(log) if code < PLAYED)
    for face in range(N_FACES):
        if face == log[i]:
            continue
        data = json.loads(state.to_json())
        data["state"]["hand_log"][1] = [list(c) for c in log_chunks([*log[:i], face,
                                                                     *log[i + 1:]])]
        try:
            out = State.from_json(json.dumps(data))
        except StateError:
            continue
        if min(dealt(out, 1)) < 0:
            return out
    raise AssertionError("no relabelled draw loads")


@ruling("P10-59")
def test_real_logs_explain_their_hands_face_by_face() -> None:
    state = rebuilt_game()
    assert all(min(dealt(state, s)) >= 0 for s in range(2))


@ruling("P10-59")
def test_a_seat_whose_log_does_not_explain_its_hand_gets_worlds_that_load() -> None:
    save = tampered(rebuilt_game())
    for k in range(4):
        world = save.sample_world(1, Rng(k))
        assert State.from_json(world.to_json()).to_json() == world.to_json()
        assert world.hand_log[1] == save.hand_log[1]
        assert world.view(1) == save.view(1)


@ruling("P10-59")
def test_such_worlds_are_dealt_as_for_a_hand_not_recorded(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Not labelled (the log cannot be labelled face by face): the world past the budget."""
    save = tampered(rebuilt_game())
    got = [save.sample_world(1, Rng(k)).to_json() for k in range(2)]
    monkeypatch.setattr(worlds, "REPAIR_TRIES", 0)
    monkeypatch.setattr(worlds, "SEARCH_NODES", 0)
    assert got == [save.sample_world(1, Rng(k)).to_json() for k in range(2)]
    # seat 0's log explains its hand: its worlds were labelled, so differ from these
    monkeypatch.undo()
    labelled = save.sample_world(0, Rng(0)).to_json()
    monkeypatch.setattr(worlds, "REPAIR_TRIES", 0)
    monkeypatch.setattr(worlds, "SEARCH_NODES", 0)
    assert save.sample_world(0, Rng(0)).to_json() != labelled


@ruling("P10-59")
def test_worlds_of_a_world_past_the_budget_load_for_every_seat(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A world past the budget gives the other seats logs their hands need not explain;
    their worlds of it, labelled as usual, were refused on reload."""
    state = new_game(players=3, seed=4)
    bots = [RandomBot(28 + s) for s in range(3)]
    while state.rebuilt is None or len(state.stock) > len(state.rebuilt) - 6:
        state.apply(bots[state.to_act].choose(state))  # type: ignore[index]
    monkeypatch.setattr(worlds, "REPAIR_TRIES", 0)
    monkeypatch.setattr(worlds, "SEARCH_NODES", 0)
    world = State.from_json(state.sample_world(0, Rng(0)).to_json())
    monkeypatch.undo()
    assert any(min(dealt(world, s)) < 0 for s in (1, 2))
    for s in (1, 2):
        for k in range(2):
            again = world.sample_world(s, Rng(k))
            assert State.from_json(again.to_json()).to_json() == again.to_json()
