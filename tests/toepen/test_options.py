"""The house rules of issue 10 that change a ruling: take-back, withdrawn cards, a second
exchange. Each scenario names the ruling the option changes."""

from __future__ import annotations

import json

import pytest

from tablegames import GAMES, RulesError, toepen
from tablegames.cli import parse_rules
from tablegames.common.errors import StateError
from tablegames.common.position import PositionError
from tablegames.common.rules import rules_from_dict, rules_to_dict
from tablegames.server.rooms import ClientError, playable_rules
from tablegames.testing import apply_all, assert_refused, check_game

from .helpers import CLUBS, SPADES, SPLIT, game

ruling = pytest.mark.ruling

DIAMONDS = ["Td", "9d", "8d", "7d"]
FACES_D = ["Jd", "Qd", "Kd", "Ad"]
DIRTY_H = ["Jh", "Qh", "Kh", "Ah"]


def same_table(a: toepen.State, b: toepen.State) -> None:
    """Every seat's view (but the version) and legal actions agree."""
    for seat in (None, *range(a.n)):
        va, vb = a.view(seat), b.view(seat)
        va.pop("version")
        vb.pop("version")
        assert va == vb
    for seat in range(a.n):
        assert a.legal_actions(seat) == b.legal_actions(seat)


def round_trip(s: toepen.State) -> toepen.State:
    again = toepen.from_position(s.to_position())
    same_table(s, again)
    assert again.to_position() == s.to_position()
    return again


# -- bluff_takes_back (TOE-04) -------------------------------------------------------------
@ruling("TOE-04")
def test_a_caught_bluffer_takes_back_their_own_cards() -> None:
    deck = [*SPLIT, *FACES_D]
    s = game(deck, exchanges=True, rules={"bluff_takes_back": True})
    events = apply_all(s, "0:exchange", "1:challenge")
    assert s.lives == (1, 0, 0)
    assert s.view(0)["hand"] == ["7h", "8h", "9h", "Th"]  # the hand thrown in, back again
    assert [e.for_seat(2) for e in events if e.kind == "take_back"] == [
        {"kind": "take_back", "seat": 0, "cards": ["7h", "8h", "9h", "Th"]}]
    # the drawn cards lie aside face down: seat 0 knows them, nobody else does
    assert s.view(0)["set_aside"] == [FACES_D, None, None]
    assert s.view(1)["set_aside"] == [None, None, None]
    assert s.view(None)["stock"] == 32 - 12 - 4
    # everybody saw the hand turned up, and it shrinks as it is played
    for seat in (None, 1, 2):
        assert s.view(seat)["shown"] == [["7h", "8h", "9h", "Th"], None, None]
        assert s.view(seat)["thrown"] == [None, None, None]
    apply_all(s, "1:keep", "2:keep", "0:play Th")
    assert s.view(2)["shown"][0] == ["7h", "8h", "9h"]
    # a world keeps the known hand and redeals only the set-aside cards
    worlds = [s.sample_world(2, k) for k in range(20)]
    assert all(w.hands[0] == s.hands[0] for w in worlds)
    assert any(w.set_aside[0] != s.set_aside[0] for w in worlds)
    assert all(s.sample_world(0, k).set_aside[0] == s.set_aside[0] for k in range(5))
    round_trip(s)


@ruling("TOE-04", "TOE-40")
def test_a_hand_taken_back_is_announced_again() -> None:
    # three tens and a seven: a bluff, and a hand that must whistle (TOE-40)
    s = game(["Th", "Tc", "Td", "7s", *SPADES[:3], "Jc", *CLUBS[1:], "Qc", *FACES_D],
             exchanges=True, rules={"bluff_takes_back": True})
    assert s.view(0)["announcements"][0]["reason"] == "three tens"
    events = apply_all(s, "0:exchange", "1:challenge")  # draws the diamonds: nothing to say
    back = [i for i, e in enumerate(events) if e.kind == "take_back"]
    said = [(i, e.for_seat(0)) for i, e in enumerate(events) if e.kind == "announcement"]
    assert back and [(i > back[0], e["reason"]) for i, e in said] == [(True, "three tens")]
    assert said[0][1]["seat"] == 0 and said[0][1]["must"] is True


@ruling("TOE-04")
def test_an_honest_exchanger_keeps_the_new_cards_even_with_take_back() -> None:
    s = game([*DIRTY_H, *SPADES, *CLUBS, *DIAMONDS], exchanges=True,
             rules={"bluff_takes_back": True})
    apply_all(s, "0:exchange", "1:challenge")
    assert s.lives == (0, 1, 0) and s.view(0)["hand"] == ["7d", "8d", "9d", "Td"]
    assert s.view(0)["set_aside"] == [None, None, None]
    assert s.view(1)["shown"] == [None, None, None]
    default = game([*SPLIT, *FACES_D], exchanges=True)  # the default: TOE-04 as written
    apply_all(default, "0:exchange", "1:challenge")
    assert default.view(0)["hand"] == FACES_D and default.view(0)["set_aside"][0] is None


# -- fold_withdraws (TOE-54) ---------------------------------------------------------------
FOUR = ["Ac", "Kh", "Qs", "Jd", "Tc", "8h", "9h", "Ts", "7c", "Th", "9d", "Kd",
        "8c", "Js", "Qd", "Ad"]


@ruling("TOE-54")
def test_a_folded_players_card_leaves_the_trick() -> None:
    moves = ("0:play Ac", "1:play Tc", "0:knock", "1:fold", "2:stay", "3:stay",
             "2:play 7c", "3:play 8c")
    default = game(FOUR, players=4)
    apply_all(default, *moves)
    # the default: seat 1's ten still takes the trick, the lead passes to its left
    assert default.view(None)["tricks"][0]["winner"] == 1 and default.to_act == 2
    s = game(FOUR, players=4, rules={"fold_withdraws": True})
    events = apply_all(s, *moves[:4])
    assert [e.data for e in events if e.kind == "withdraw"] == [{"seat": 1, "card": "Tc"}]
    v = s.view(None)
    assert v["trick"] == [{"seat": 0, "card": "Ac"}]
    assert v["withdrawn"] == [{"seat": 1, "card": "Tc"}] and v["hand_sizes"][1] == 3
    apply_all(s, *moves[4:])
    trick = s.view(None)["tricks"][0]
    assert trick["winner"] == 3 and s.to_act == 3  # the best card left wins and leads
    assert [c["seat"] for c in trick["cards"]] == [0, 2, 3]
    assert s.view(1)["withdrawn"] == [{"seat": 1, "card": "Tc"}]  # the round keeps it
    round_trip(s)


@ruling("TOE-54", "TOE-12")
def test_when_the_lead_card_leaves_the_next_seat_still_in_leads_afresh() -> None:
    s = game(FOUR, players=4, rules={"fold_withdraws": True})
    apply_all(s, "0:play Ac", "1:knock", "2:stay", "3:stay", "0:fold")
    v = s.view(None)
    assert v["trick"] == [] and s.to_act == 1 and v["leader"] == 1
    assert [str(a) for a in s.legal_actions() if isinstance(a, toepen.Play)] == [
        "1:play Tc", "1:play 8h", "1:play 9h", "1:play Ts"]  # no club to follow any more


@ruling("TOE-54", "TOE-11")
def test_the_first_card_left_sets_the_suit_and_voids_stay_known() -> None:
    deck = ["Ac", "Kh", "Qs", "Jd", "Th", "8h", "9h", "Ts", "7h", "9c", "9d", "Kd"]
    s = game(deck, rules={"fold_withdraws": True})
    apply_all(s, "0:play Ac", "1:play Th", "1:knock", "2:stay", "0:fold")
    assert s.view(None)["trick"] == [{"seat": 1, "card": "Th"}]
    assert s.voids() == [set(), {0}, set()]  # seat 1 showed it has no club
    assert_refused(s, "2:play 9c", code="must_follow_suit", ruling="TOE-11")  # hearts now
    for k in range(30):
        assert not any(c >> 3 == 0 for c in s.sample_world(2, k).hands[1])
    assert "voids: 1:c" in s.to_position()
    round_trip(s)
    s.apply("2:play 7h")
    assert s.view(None)["tricks"][0]["winner"] == 1


# -- second_exchange (TOE-03, TOE-04) ------------------------------------------------------
DEAL2 = [*DIRTY_H, *SPADES, *CLUBS, *DIAMONDS, *FACES_D]


@ruling("TOE-03")
def test_a_second_exchange_round_for_those_with_replacement_cards() -> None:
    s = game(DEAL2, exchanges=True, rules={"second_exchange": True})
    events = apply_all(s, "0:exchange", "1:accept", "2:accept", "1:keep", "2:keep")
    assert [e.data for e in events if e.kind == "second_exchange"] == [{"seats": [0]}]
    v = s.view(0)
    assert v["stage"] == "exchange" and v["exchange_round"] == 2 and s.to_act == 0
    assert v["prompt"] == ("Second exchange: keep your new cards, or throw them in again "
                           "for four more?")
    assert v["legal"] == ["0:keep", "0:exchange"]
    s.apply("0:exchange")
    assert s.view(0)["hand"] == FACES_D
    assert s.view(0)["thrown_again"][0] == ["7d", "8d", "9d", "Td"]
    assert s.view(1)["thrown_again"][0] is None  # face down
    assert s.view(1)["prompt"] == "Challenge P0's second exchange, or accept it?"
    round_trip(s)
    apply_all(s, "1:challenge")  # the replacement hand was no dirty hand: a bluff
    assert s.lives == (1, 0, 0) and s.view(2)["thrown_again"][0] == ["7d", "8d", "9d", "Td"]
    assert s.view(2)["thrown"][0] is None  # the first exchange was never challenged
    assert s.view(None)["stage"] == "play" and s.view(None)["exchange_round"] == 2
    assert s.view(0)["hand"] == FACES_D


@ruling("TOE-03", "TOE-04")
def test_who_is_asked_in_the_second_round() -> None:
    nobody = game(DEAL2, exchanges=True, rules={"second_exchange": True})
    apply_all(nobody, "0:keep", "1:keep", "2:keep")  # nobody exchanged: no second round
    assert nobody.view(None)["stage"] == "play"
    once = game(DEAL2, exchanges=True)  # the default: one round only
    apply_all(once, "0:exchange", "1:accept", "2:accept", "1:keep", "2:keep")
    assert once.view(None)["stage"] == "play"
    # a caught bluffer who took back their own cards holds no replacement cards
    both = {"second_exchange": True, "bluff_takes_back": True}
    s = game([*SPLIT, *FACES_D, *DIAMONDS], exchanges=True, rules=both)
    apply_all(s, "0:exchange", "1:challenge", "1:keep", "2:keep")
    assert s.view(None)["stage"] == "play"
    # a bluff caught in the second round takes back the first replacement cards
    s = game(DEAL2, exchanges=True, rules=both)
    apply_all(s, "0:exchange", "1:accept", "2:accept", "1:keep", "2:keep",
              "0:exchange", "1:accept", "2:challenge")
    assert s.lives == (1, 0, 0) and s.view(0)["hand"] == ["7d", "8d", "9d", "Td"]
    assert s.view(0)["set_aside"][0] == FACES_D
    assert s.view(1)["shown"][0] == ["7d", "8d", "9d", "Td"]
    assert s.view(1)["thrown"][0] is None  # the first thrown hand stays face down
    round_trip(s)


@ruling("TOE-03")
@pytest.mark.parametrize(("option", "value", "said"), [
    ("second_exchange", True, "second_exchange=True"),
    ("second_exchange", "all", 'second_exchange="all"'),
    ("bluff_takes_back", True, "bluff_takes_back=True"),
])
def test_an_option_of_the_exchange_without_the_exchange_is_refused(
        option: str, value: object, said: str) -> None:
    """``exchanges=False`` turns the dirty-hand exchange off (TOE-03), so a second round
    of it, or a caught bluffer taking back the cards, can never happen: the game started
    and silently dropped the option. Refused, naming both options, whichever way the
    rules come (the room form and ``--rules`` read them as a dict does)."""
    pair = {"exchanges": False, option: value}
    for call in (lambda: toepen.Rules(**pair),  # type: ignore[arg-type]
                 lambda: rules_from_dict(toepen.Rules, pair),
                 lambda: toepen.new_game(3, seed=1, rules=pair),
                 lambda: parse_rules(GAMES["toepen"], [f"{k}={json.dumps(v)}"
                                                       for k, v in pair.items()])):
        with pytest.raises(RulesError) as refused:
            call()
        assert f"{said} needs exchanges=True" in str(refused.value)
    with pytest.raises(ClientError) as form:
        playable_rules(GAMES["toepen"], 3, rules_to_dict(toepen.Rules()) | pair, pair)
    assert form.value.code == "bad_rules" and said in form.value.detail
    # with the exchange, or with the option off, the rules stand
    assert getattr(toepen.Rules(**{option: value}), option) == value  # type: ignore[arg-type]
    assert toepen.Rules(exchanges=False, **{option: False}).exchanges is False  # type: ignore[arg-type]


# -- saves, positions and the kit with the options on --------------------------------------
def test_saves_of_the_older_engine_still_load() -> None:
    s = game(["Ac", "Kh", "Qs", "Jd", "Th", "8h", "9h", "Ts", "7h", "9c", "9d", "Kd"])
    apply_all(s, "0:play Ac", "1:play Th")
    import json

    data = json.loads(s.to_json())
    for key in ("void", "exchange_round", "thrown_again", "revealed_again", "set_aside",
                "withdrawn"):
        del data["state"][key]
    data["engine"] = 2
    data["state"]["turn"] = data["state"].pop("active")  # engine 2's name for the seat
    old = toepen.State.from_json(json.dumps(data))
    assert old.voids() == [set(), {0}, set()]
    same_table(s, old)


def test_only_saves_of_the_older_engines_get_the_new_fields() -> None:
    """The fields engine 3 added are filled in for saves of engines 1 and 2 only: a save
    that says it is by engine 3 or later and lacks them, or an engine-2 save holding some
    of them, is refused (the upgrade is by engine number, in ``upgrade_engine``)."""
    import json

    s = game(["Ac", "Kh", "Qs", "Jd", "Th", "8h", "9h", "Ts", "7h", "9c", "9d", "Kd"])
    apply_all(s, "0:play Ac", "1:play Th")
    data = json.loads(s.to_json())
    new = ("void", "exchange_round", "thrown_again", "revealed_again", "set_aside",
           "withdrawn")
    today = {k: v for k, v in data["state"].items() if k not in new}
    # engines 1-4 name the seat to play ``turn``
    without = {("turn" if k == "active" else k): v for k, v in today.items()}
    for engine, state in ((3, without), (toepen.State.ENGINE, today)):
        with pytest.raises(StateError, match="void"):
            toepen.State.from_json(json.dumps({**data, "engine": engine, "state": state}))
    some = {**without, "withdrawn": None}  # some but not all of them: no engine wrote that
    with pytest.raises(StateError, match="void"):
        toepen.State.from_json(json.dumps({**data, "engine": 2, "state": some}))
    toepen.State.from_json(json.dumps({**data, "engine": 2, "state": without}))


def test_positions_with_the_new_lines_are_checked() -> None:
    s = game(FOUR, players=4, rules={"fold_withdraws": True})
    apply_all(s, "0:play Ac", "1:play Tc", "0:knock", "1:fold", "2:stay", "3:stay")
    text = s.to_position()
    with pytest.raises(PositionError, match="voids"):
        toepen.from_position(text.replace("voids: -", "voids: 1:x"))
    with pytest.raises(PositionError, match="did not follow"):  # void, yet holds a club
        toepen.from_position(text.replace("voids: -", "voids: 2:c"))
    with pytest.raises(PositionError, match="withdrawn"):  # under rules that keep the card
        toepen.from_position(text.replace('"fold_withdraws":true', '"fold_withdraws":false'))
    with pytest.raises(PositionError, match="withdrawn"):  # only a folded seat's card
        toepen.from_position(text.replace("folded: 1", "folded: -").replace(
            "playing: 0 2 3", "playing: 0 1 2 3"))


OPTIONS = {"bluff_takes_back": True, "fold_withdraws": True, "second_exchange": True}


@pytest.mark.parametrize("players", [3, 5])
def test_conformance_with_the_new_options(players: int) -> None:
    report = check_game("toepen", players=players, seeds=range(12), full_every=3,
                        new_game_kwargs={"rules": OPTIONS})
    assert report.games == 12
    with_poverty_rule_off = {"poverty": False, "poverty_may_fold": False, "limit": 4}
    check_game("toepen", players=4, seeds=range(6), full_every=3,
               new_game_kwargs={"rules": with_poverty_rule_off})


def test_the_options_do_happen_in_random_play() -> None:
    seen: set[str] = set()
    for seed in range(40):
        s = toepen.new_game(players=4, seed=seed, rules=OPTIONS)
        while not s.is_over and s.version < 60:
            legal = s.legal_actions()
            for e in s.apply(legal[(seed * 7 + s.version) % len(legal)]):
                seen.add(e.kind)
    assert {"take_back", "withdraw", "second_exchange"} <= seen


def test_junk_position_text_is_refused_naming_the_line() -> None:
    s = game(FOUR, players=4)
    apply_all(s, "0:play Ac", "1:play Tc")
    text = s.to_position()
    assert toepen.from_position(text).to_position() == text
    for bad, words in (
        (text.replace("hand 2: ", "hand 2: Zz "), "hand 2"),
        (text.replace("active: 2", "active: 9"), "active"),
        (text + "colour: red\n", "colour"),
        (text.replace("trick: 0:Ac 1:Tc", "trick: 0-Ac"), "trick"),
        ("\n".join(line for line in text.splitlines() if not line.startswith("hand 1")),
         "hand 1"),
    ):
        with pytest.raises(PositionError, match=words):
            toepen.from_position(bad)
    with pytest.raises(PositionError, match="leader"):  # the trick's first card leads it
        toepen.from_position(text.replace("leader: 0", "leader: 1"))
