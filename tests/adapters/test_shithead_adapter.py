"""Shithead's adapter: ids per rules config, the interrupts (cut-in, the simultaneous
swap's ready/unready) through polls, and the observation's direction and restrictions."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from tablegames import shithead
from tablegames.adapters import CodecError, Session, make_codec
from tablegames.adapters.base import PASS
from tablegames.common.rules import rules_to_dict
from tests.adapters.helpers import observer_for
from tests.shithead.helpers import game, seat


def _classic(**changes: Any) -> dict[str, Any]:
    return {**rules_to_dict(shithead.Rules.variant("classic")), "swap": False, **changes}


def test_ids_are_fixed_by_players_and_rules() -> None:
    turns = make_codec("shithead", 3)
    together = make_codec("shithead", 3, {"swap_mode": "simultaneous"}, interrupts=True)
    assert turns.num_distinct_actions == 164 and turns.UNREADY == -1  # type: ignore[attr-defined]
    assert turns.label(0) == "done" and turns.label(163) == "give to seat +2"
    assert together.num_distinct_actions == 166
    assert [together.label(i) for i in (0, 164, 165)] == ["ready", "unready", "pass"]
    assert together.UNREADY == 164 and together.PASS == 165  # type: ignore[attr-defined]
    # the ids every config shares keep their meaning
    assert [turns.label(i) for i in range(1, 164)] == [together.label(i) for i in range(1, 164)]
    assert together.decode(0, None, seat=1) == shithead.parse_action("1:ready")
    assert together.decode(164, None, seat=1) == shithead.parse_action("1:unready")
    assert turns.decode(0, None, seat=1) == shithead.parse_action("1:done")
    with pytest.raises(CodecError):
        turns.spell(shithead.parse_action("1:unready"))  # no such action in a swap by turns
    with pytest.raises(CodecError):
        turns.spell(shithead.parse_action("1:ready"))
    with pytest.raises(CodecError):
        together.spell(shithead.parse_action("1:done"))


def _cut_in_table() -> Session:
    # seat 0 leads two 4s; seat 1 holds the other two, seat 2 is to act next
    rules = _classic(cut_in=True)
    s = game(seat("9♣ 9♦ 9♥", "5♣ 5♦ 5♥", "4♣ 4♦ 9♠"), seat("J♣ J♦ J♥", "Q♣ Q♦ Q♥", "4♥ 4♠ K♣"),
             seat("K♦ K♥ K♠", "6♦ 6♥ 6♠", "6♣ J♠ Q♠"), rules=rules, stock=["5♠"])
    s.apply("0:play 4c,4d")
    return Session(make_codec("shithead", 3, rules, interrupts=True), s)


def test_a_polled_seat_may_cut_in() -> None:
    session = _cut_in_table()
    codec = session.codec
    assert session.state.to_act == 2
    # seat 0 is asked first, though it has nothing to cut in with: who is asked is public
    assert session.polling and session.actor == 0
    assert session.options() == {codec.PASS: PASS}
    session.choose(codec.PASS)
    assert session.polling and session.actor == 1
    opts = session.options()
    first = codec.spell(shithead.parse_action("1:play 4h,4s"))[0]
    assert opts == {first: None, codec.PASS: PASS}
    events = session.choose(first)  # the rest of the spelling has no alternative
    assert session.state.history[-1] == shithead.parse_action("1:play 4h,4s")
    assert any(e.for_seat(None).get("cut_in") for e in events)
    assert session.state.to_act == 1 and not session.polling  # the pile burnt: seat 1 again


def test_a_polled_seat_may_pass_the_cut_in() -> None:
    session = _cut_in_table()
    session.choose(session.codec.PASS)  # seat 0
    session.choose(session.codec.PASS)  # seat 1, who holds the cut-in
    assert session.actor == 2 and not session.polling
    assert session.state.version == 1


def test_without_polls_nobody_cuts_in() -> None:
    session = _cut_in_table()
    quiet = Session(make_codec("shithead", 3, session.codec.rules), session.state)
    assert quiet.actor == 2 and not quiet.polling
    assert all(c is not PASS for c in quiet.options().values())


def test_the_simultaneous_swap_polls_ready_and_unready() -> None:
    rules = {"swap_mode": "simultaneous"}
    state = shithead.new_game(players=3, seed=4, rules=rules)
    codec = make_codec("shithead", 3, rules, interrupts=True)
    session = Session(codec, state)
    assert state.to_act == 0 and session.actor == 1 and session.polling
    assert {0, codec.PASS} <= set(session.options())
    session.choose(0)  # seat 1 is ready out of turn
    assert state.history == [shithead.parse_action("1:ready")]
    assert session.actor == 1 and session.options() == {
        codec.UNREADY: shithead.parse_action("1:unready"), codec.PASS: PASS}  # type: ignore[attr-defined]
    session.choose(codec.UNREADY)  # type: ignore[attr-defined]
    assert state.history[-1] == shithead.parse_action("1:unready")
    assert state.view(None)["swapping"] == [0, 1, 2]
    observer = observer_for(session)
    seats = observer.layout.fields[2][1]
    assert observer.encode(state.view(1))[seats + 2 * 52 + 6] == 1.0  # still swapping
    for s in (1, 2, 0):
        while session.actor != s:
            session.choose(codec.PASS)
        session.choose(0)
    assert state.stage == 1 and state.view(None)["stage"] == "play"


def test_without_polls_the_seats_swap_one_after_another() -> None:
    rules = {"swap_mode": "simultaneous"}
    state = shithead.new_game(players=3, seed=4, rules=rules)
    session = Session(make_codec("shithead", 3, rules), state)
    for s in range(3):
        assert session.actor == s and 0 in session.options()
        session.choose(0)
    assert [str(a) for a in state.history] == ["0:ready", "1:ready", "2:ready"]


def _field(observer: Any, name: str) -> int:
    return next(start for n, start, _size, _doc in observer.layout.fields if n == name)


@pytest.mark.parametrize("direction", ["clockwise", "counter-clockwise"])
def test_observation_shows_the_direction_of_play(direction: str) -> None:
    rules = {"direction": direction, "swap": False}
    state = shithead.new_game(players=3, seed=2, rules=rules)
    observer = observer_for(Session(make_codec("shithead", 3, rules), state))
    obs = observer.encode(state.view(0))
    assert obs[_field(observer, "table") + 2] == (1.0 if direction == "clockwise" else 0.0)


@pytest.mark.parametrize(("top", "playable"), [
    ("9♥", ["3", "5", "7", "9"]),  # the house "9 = odd only": nothing else, not even a 10
    ("7♥", ["2", "3", "4", "5", "6", "7", "10"]),  # classic: seven or lower
    ("A♥", ["2", "3", "10", "A"]),  # ace high: only another ace, or the specials
])
def test_observation_shows_what_may_go_on_the_pile(top: str, playable: list[str]) -> None:
    rules = {**_classic(), "effects": [
        *rules_to_dict(shithead.Rules.variant("classic-odd-nine"))["effects"]]}
    s = game(seat("J♣ J♦ J♥", "Q♣ Q♦ Q♥", f"4♣ {top} K♠"), seat("6♣ 6♦ 6♥", "Q♠ K♣ K♦", "5♣ 8♦ J♠"),
             rules=rules, stock=["5♠"])
    s.apply(f"0:play {top}")
    view = s.view(1)
    observer = observer_for(Session(make_codec("shithead", 2, rules), s))
    obs = observer.encode(view)
    start = _field(observer, "playable")
    ranks = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
    assert sorted(view["playable"], key=ranks.index) == sorted(playable, key=ranks.index)
    assert [ranks[i] for i in np.flatnonzero(obs[start:start + 13])] == sorted(
        playable, key=ranks.index)
    table = _field(observer, "table")
    assert 0.0 < obs[table] <= 1.0
    assert obs[table + 1] == (0.0 if top == "A♥" else 1.0)  # a restriction in the row


def test_who_is_polled_for_a_cut_in_depends_on_public_facts_only() -> None:
    """Under ``cut_in`` the adapters' current player once told every agent which hidden
    hand held the cards to cut in: only seats with the cut-in were polled. Now every seat
    the pile is open to is asked (``pass`` alone if it holds none), so the poll is the
    same in every world any seat may believe."""
    import random

    from tablegames import shithead
    from tablegames.adapters.base import Session, make_codec

    codec = make_codec("shithead", 3, shithead.Rules(cut_in=True), interrupts=True)
    rng = random.Random(3)
    polls = asked_without = 0
    for seed in range(40):
        state = shithead.new_game(players=3, seed=seed, rules={"cut_in": True})
        while not state.is_over and len(state.history) < 300:
            session = Session(codec, state)
            if session.polling:
                polls += 1
                asked_without += not state.legal_actions(session.actor)
                for seat in range(3):
                    world = state.sample_world(seat, rng.getrandbits(32))
                    assert Session(codec, world).poll == session.poll, (seed, seat)
            state.apply(rng.choice(state.legal_actions()))
    assert polls > 50 and asked_without > 0  # seats without the cards were asked too
