"""Notation, views, hidden information, sampled worlds and saved states."""

from __future__ import annotations

import json

import pytest

from tablegames import IllegalAction, NotationError, SetupError, StateError, shithead
from tablegames.common.errors import SeatError
from tablegames.common.rng import Rng
from tablegames.testing import apply_all

from .helpers import all_cards, game, names, seat

ruling = pytest.mark.ruling


@pytest.mark.parametrize("text", [
    "3:swap 5h/9c", "3:swap 5h,6d/9c,10s", "3:done", "1:play 7c,7d", "1:play Ks",
    "2:blind 0", "0:pickup", "0:give 2",
])
def test_notation_round_trips(text: str) -> None:
    action = shithead.parse_action(text)
    again = shithead.parse_action(str(action))
    assert str(action) == text and again == action and hash(again) == hash(action)
    # one-card plays and pick-ups come from the seats' tables made at import
    assert (again is action) == (text in ("1:play Ks", "0:pickup"))


def test_notation_reads_aliases_and_any_order() -> None:
    assert str(shithead.parse_action("1:play Td,10c")) == "1:play 10c,10d"
    assert str(shithead.parse_action("0:play Ks,Qh,Jd,As")) == "0:play As,Jd,Qh,Ks"
    assert str(shithead.parse_action("0:PLAY 7C")) == "0:play 7c"


@pytest.mark.parametrize("text", [
    "1:play", "1:play 7c,", "1:play 14c", "1:play 7x", "3:swap 5h", "3:swap /9c", "2:blind",
    "2:blind x", "0:give", "0:pickup now", "0:done 1", "0:fly", "play 7♣", 7,
])
def test_bad_notation_is_a_notation_error(text: object) -> None:
    with pytest.raises(NotationError):
        shithead.parse_action(text)  # type: ignore[arg-type]


def test_view_shows_what_a_seat_may_see_and_nothing_else() -> None:
    s = game(seat("Q♣ Q♥ Q♠", "4♣ 4♦ 4♥", "A♣ 5♣ J♣"), seat("7♣ 7♦ 7♥", "8♣ 8♥ 8♠", "2♦ 9♦ Q♦"),
             stock=["6♣"])
    v = s.view(0)
    assert v["hand"] == ["A♣", "5♣", "J♣"] and v["face_down"] == [3, 3]
    assert v["face_up"] == [["4♣", "4♦", "4♥"], ["8♣", "8♥", "8♠"]]
    assert v["legal"] == names(s) and v["prompt"].startswith("Play cards of one value")
    text = json.dumps(s.view(1))
    for hidden in ("Q♣", "Q♥", "Q♠", "7♣", "5♣", "J♣", "6♣"):
        assert f'"{hidden}"' not in text  # face-down values, seat 0's hand, the draw pile
    public = s.view(None)
    assert "hand" not in public and "legal" not in public
    assert {"pile", "pile_value", "restriction", "stock", "direction", "finished"} <= set(public)


def test_face_down_cards_are_hidden_even_from_their_owner() -> None:
    a = game(seat("Q♣ Q♥ Q♠", "4♣ 4♦ 4♥", "A♣ 5♣ J♣"), seat("7♣ 7♦ 7♥", "8♣ 8♥ 8♠", "2♦ 9♦ Q♦"))
    b = game(seat("6♣ 6♥ 6♠", "4♣ 4♦ 4♥", "A♣ 5♣ J♣"), seat("7♣ 7♦ 7♥", "8♣ 8♥ 8♠", "2♦ 9♦ Q♦"))
    assert a.view(0) == b.view(0) and a.view(1) == b.view(1) and a.view(None) == b.view(None)


@ruling("SHD-08")
def test_sampled_worlds_keep_every_card_the_seat_has_seen() -> None:
    s = game(seat("6♣ 6♦ 6♥", "4♣ 4♦ 4♥", "A♣ 4♠ J♥"), seat("7♣ 7♦ 7♥", "8♣ 8♥ 8♠", "A♦ 6♠ Q♦"),
             stock=["J♣", "3♣", "3♦", "5♦", "5♥"])
    apply_all(s, "0:play Ac", "1:play Qd", "0:pickup")
    assert s.view(1)["known_cards"][0] == ["A♣", "Q♦"]  # into seat 0's hand in sight of all
    seen = set(s.known_cards[0])
    seen_down = set()
    for i in range(30):
        w = s.sample_world(1, Rng(i))
        assert w.view(1) == s.view(1) and w.view(None) == s.view(None)
        assert w.hands[1] == s.hands[1] and w.face_up == s.face_up and w.pile == s.pile
        assert seen <= set(w.hands[0]) and len(w.hands[0]) == len(s.hands[0])
        assert all_cards(w) == all_cards(s)
        seen_down.add(tuple(w.face_down[1]))  # seat 1's own face-down cards are unknown to it
    assert len(seen_down) > 1


def test_sampled_world_keeps_own_hand_and_redeals_the_rest() -> None:
    s = shithead.new_game(players=4, seed=5)
    w = s.sample_world(2, 9)
    assert w.hands[2] == s.hands[2] and w.to_act == s.to_act
    assert all_cards(w) == all_cards(s)
    assert [w.hands[i] for i in (0, 1, 3)] != [s.hands[i] for i in (0, 1, 3)]


def test_json_round_trip_and_tampering() -> None:
    s = shithead.new_game(players=3, seed=11)
    for _ in range(40):
        s.apply(s.legal_actions()[-1])
    text = s.to_json()
    assert shithead.State.from_json(text).to_json() == text
    data = json.loads(text)
    data["state"]["pile"].append(0)
    with pytest.raises(StateError, match="add up"):
        shithead.State.from_json(json.dumps(data))
    data = json.loads(text)
    data["state"]["known_cards"][0] = [51, 51, 51, 51, 51]
    with pytest.raises(StateError):
        shithead.State.from_json(json.dumps(data))
    data = json.loads(text)
    data["state"]["direction"] = 0
    with pytest.raises(StateError):
        shithead.State.from_json(json.dumps(data))
    data = json.loads(text)
    del data["state"]["burnt"]
    with pytest.raises(StateError):
        shithead.State.from_json(json.dumps(data))
    with pytest.raises(StateError):
        shithead.State.from_json(text[:-20])


def test_same_seed_same_game_and_setup_is_replayed() -> None:
    a = shithead.new_game(players=3, seed="room-7", stock=5)
    b = shithead.new_game(players=3, seed="room-7", stock=5)
    assert a.to_json() == b.to_json() and a.view(None)["aside"] == 52 - 27 - 5
    for _ in range(30):
        act = a.legal_actions()[0]
        a.apply(act)
        b.apply(str(act))
    assert a.to_json() == b.to_json()
    assert a.log(0)[0]["kind"] == "deal" and "cards" in a.log(0)[1]
    assert "cards" not in a.log(1)[1]  # seat 0's dealt hand is its secret


def test_bad_setups_are_refused() -> None:
    with pytest.raises(SetupError):
        shithead.new_game(players=1)
    with pytest.raises(SetupError):
        shithead.new_game(players=2, stock=-1)
    with pytest.raises(SetupError):
        shithead.new_game(players=2, deck=["A♣", "A♣"])


def test_legal_actions_of_something_that_is_not_the_seat_to_act_are_empty() -> None:
    s = shithead.new_game(players=2, seed=3, rules={"swap": False})
    assert s.to_act == 1
    assert s.legal_actions(1) and s.legal_actions(0) == []
    for junk in (True, 1.0, -1, 2, "1"):  # a seat is an exact int of this game
        with pytest.raises(SeatError):
            s.legal_actions(junk)  # type: ignore[arg-type]


@pytest.mark.parametrize("action", [
    shithead.Play(0, ("7♣",)),  # type: ignore[arg-type]
    shithead.Play(0, [24]),  # type: ignore[arg-type]
    shithead.Play(0, ()),
    shithead.Play(0, (99,)),
    shithead.Play(0, (True,)),  # type: ignore[arg-type]
    shithead.Play(0, (-1,)),
    shithead.Play("0", (0,)),  # type: ignore[arg-type]
    shithead.Play(5, (0,)),
    shithead.Play(True, (0,)),
    shithead.Blind(0, "1"),  # type: ignore[arg-type]
    shithead.Give(0, "1"),  # type: ignore[arg-type]
    shithead.Swap(0, (1,), "x"),  # type: ignore[arg-type]
    shithead.Pickup(-1),
])
def test_actions_with_fields_of_the_wrong_kind_are_refused_cleanly(action: object) -> None:
    s = game(seat("6♣ 6♦ 6♥", "4♣ 4♦ 4♥", "A♣ 4♠ J♥"), seat("7♣ 7♦ 7♥", "8♣ 8♥ 8♠", "A♦ 6♠ Q♦"))
    before = s.to_json()
    with pytest.raises(IllegalAction):
        s.apply(action)  # type: ignore[arg-type]
    assert s.to_json() == before and s.history == []
