"""Phase 10's open all-Wild groups (P10-54 with ``Rules(wild_groups="open")``, the
``open-wilds`` variant) through the adapters: a lay-down holding ``set?=W,W,W`` is spelled
with its own key letter, and a laid open group is observed (no number yet) until the first
natural card hit onto it gives it its number.

Before, the codec had no letter for an open group, so every adapter failed with a
``CodecError`` as soon as a seat could lay one (PettingZoo's ``api_test`` found it), and
the observer raised a ``TypeError`` for an open group on the table."""

from __future__ import annotations

import numpy as np
import pytest

import tablegames
from tablegames.adapters import Session, adapter, make_codec
from tablegames.common.rng import Rng

#: Seat 0 holds three Wilds and three sevens; it draws Y10 (seat 1's cards, the discard
#: Y9 and the stock follow).
DECK = ["W", "W", "W", "R7", "B7", "G7", "G11", "G12", "R1", "B2",
        "R1", "B1", "G1", "Y1", "R2", "B3", "G4", "Y5", "R6", "B8", "Y9", "Y10", "R11"]
OPEN_LAY = "0:lay set?=W,W,W set7=R7,B7,G7"


def _drawn(players: int = 2) -> Session:
    state = tablegames.new_game("phase10", players=players, seed=1, rules="open-wilds",
                                deck=DECK[:10 * players] + DECK[20:])
    state.apply("0:draw")
    return Session(make_codec("phase10", players, "open-wilds"), state)


def _choose_spelled(session: Session, notation: str) -> None:
    """Choose every letter of an action's spelling the session does not take itself."""
    ids = session.codec.spell(session.state.parse_action(notation))
    version = session.state.version
    while session.state.version == version:
        ident = ids[len(session.prefix)]
        assert ident in session.options(), session.codec.label(ident)
        session.choose(ident)


def test_an_open_group_has_its_own_key_letter_and_round_trips() -> None:
    session = _drawn()
    codec = session.codec
    lay = session.state.parse_action(OPEN_LAY)
    assert lay in session.state.legal_actions()
    ids = codec.spell(lay)
    assert codec.label(ids[1]).startswith("lay: open group")
    assert codec.decode(ids, session.state, seat=0) == lay
    for action in session.state.legal_actions():  # every legal action round-trips
        assert codec.decode(codec.spell(action), session.state, seat=0) == action
    assert ids[1] == codec.OPEN
    # the letter exists only under the house rule: other rules keep their ids
    assert make_codec("phase10", 2).num_distinct_actions == codec.num_distinct_actions - 1
    assert make_codec("phase10", 2).OPEN == -1


def test_a_spelled_open_group_is_observed_by_its_chooser_without_a_key() -> None:
    session = _drawn()
    codec = session.codec
    observer = adapter("phase10").observer(codec)
    ids = codec.spell(session.state.parse_action(OPEN_LAY))
    session.choose(ids[0])  # the shape; the open key is a real choice
    assert codec.OPEN in session.options()
    session.choose(codec.OPEN)
    obs = observer.encode(session.state.view(0), session.prefix)
    start = observer.o_laying + 1 + observer.S
    assert not obs[start:start + 12].any()  # no number or colour: the group is open


def test_a_laid_open_group_is_observed_until_a_natural_gives_it_its_number() -> None:
    session = _drawn()
    observer = adapter("phase10").observer(session.codec)
    _choose_spelled(session, OPEN_LAY)
    state = session.state
    assert state.view(None)["laid"][0][0]["number"] is None

    def first_group(seat: int | None) -> np.ndarray:
        """Seat 0's first laid group as ``seat`` observes it: kind (3), key (12), ..."""
        at = observer.o_groups + observer._at[seat or 0][0] * observer.codec.G * 77
        return observer.encode(state.view(seat))[at:at + 77]

    for seat in (0, 1, None):
        group = first_group(seat)
        assert group[:3].tolist() == [1.0, 0.0, 0.0]  # a set ...
        assert not group[3:15].any()  # ... with no number yet
        assert group[15 + 48] == 3 / 8  # three of the eight Wilds
    _choose_spelled(session, "0:hit R1>0.0")  # P10-54: the first natural decides
    assert state.view(None)["laid"][0][0]["number"] == 1
    for seat in (0, 1, None):
        assert first_group(seat)[3:15].tolist() == [1.0] + [0.0] * 11


@pytest.mark.parametrize("players", [2, 3])
def test_a_game_goes_on_with_an_open_group_on_the_table(players: int) -> None:
    """Random play after the open lay-down: every decision's ids are offered and taken
    and every seat's observation encodes, through the hits that close the group."""
    session = _drawn(players)
    _choose_spelled(session, OPEN_LAY)
    rng = Rng(players)
    observer = adapter("phase10").observer(session.codec)
    numbers = set()
    for _ in range(300):
        if session.state.is_over:
            break
        for seat in range(players):
            observer.encode(session.state.view(seat))
        laid = session.state.view(None)["laid"][0]
        if laid:  # (until the hand ends)
            numbers.add(laid[0]["number"])
        ids = sorted(session.options())
        session.choose(ids[rng.below(len(ids))])
    assert None in numbers and len(numbers) > 1  # the group was open, then given a number
