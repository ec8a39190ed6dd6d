"""A player's own moves are told as theirs, in all four games.

Each game's presenter tells an event to one seat (``view["seat"]``). The seat that acted
reads its move in the second person ("You kept your hand."), a seat a move was made on
reads itself as "you" ("Bo skipped you."), and every other seat and a spectator read the
third-person sentence with the names.

The rule the property test checks over seeded random games of every game, with and
without every house rule on, is strict: **a sentence told to seat s never holds s's
name**. Whatever an event says about s (its act, an act on it, the cups it collected, the
round it won or the lives it pays, a list of winners or skipped seats it is among) names
it as "you", in a whole sentence of its own; and **a sentence told to a spectator never
says "you" or "your"** (it names everybody). The players' names are chosen so that no card,
cup, zone or word of a sentence contains one.
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

import tablegames
from tablegames.common.actions import Event
from tablegames.table import describe
from tablegames.table.catalogues import ALL_OPTIONS
from tablegames.table.i18n import words_for

NAMES = ["Zuleika", "Quirinus", "Xaviera", "Wendeline"]
GAMES = ["toepen", "phase10", "shithead", "dallah"]


def told(game: str, event: dict[str, Any], seat: int | None, lang: str = "en",
         players: int = 4) -> str | None:
    """``event`` as the presenter tells it to ``seat`` (``None``: a spectator) in ``lang``."""
    view = {"game": game, "players": NAMES[:players], "seat": seat}
    sentence = describe(event, view)
    return None if sentence is None else words_for(lang, game).text(sentence)


# -- each game: the actor, the one acted on, another seat, a spectator --------------------
@pytest.mark.parametrize("event, mine, other, lang, mine_there, other_there", [
    ({"kind": "keep", "seat": 0}, "You kept your hand.", "Zuleika kept their hand.",
     "nl", "Je houdt je kaarten.", "Zuleika houdt de kaarten."),
    ({"kind": "play", "seat": 0, "card": "7h", "trick": 0}, "You played 7♥.",
     "Zuleika played 7♥.", "nl", "Je speelde 7♥.", "Zuleika speelde 7♥."),
    ({"kind": "knock", "seat": 0, "stake": 3, "knocks": 2}, "You knocked: the stake is 3.",
     "Zuleika knocked: the stake is 3.", "ar", "قرعت: قيمة الجولة الآن 3.",
     "قرع Zuleika: قيمة الجولة الآن 3."),
    ({"kind": "trick", "winner": 0, "card": "Ah", "trick": 1, "next": 0},
     "You won the trick with A♥.", "Zuleika won the trick with A♥.", "nl",
     "Je won de slag met A♥.", "Zuleika won de slag met A♥."),
    ({"kind": "fold", "seat": 0, "lives_lost": 2}, "You folded and lose 2 lives.",
     "Zuleika folded and loses 2 lives.", "nl", "Je past en verliest 2 levens.",
     "Zuleika past en verliest 2 levens."),
    ({"kind": "round_over", "round": 0, "winner": 1, "stake": 2, "paid": {"0": 2, "2": 1},
      "folded": []},
     "Quirinus won round 1: you lose 2 lives, Xaviera loses 1 life.",
     "Quirinus won round 1: Zuleika loses 2 lives, Xaviera loses 1 life.", "nl",
     "Quirinus won potje 1: je verliest 2 levens, Xaviera verliest 1 leven.",
     "Quirinus won potje 1: Zuleika verliest 2 levens, Xaviera verliest 1 leven."),
])
def test_toepen_tells_a_seat_its_own_move(event: dict[str, Any], mine: str, other: str,
                                          lang: str, mine_there: str, other_there: str) -> None:
    assert told("toepen", event, 0) == mine
    assert told("toepen", event, 3) == told("toepen", event, None) == other
    assert told("toepen", event, 0, lang) == mine_there
    assert told("toepen", event, 3, lang) == told("toepen", event, None, lang) == other_there


def test_toepen_tells_both_seats_of_a_challenge_as_you() -> None:
    bluff = {"kind": "challenge", "seat": 1, "exchanger": 0, "thrown": ["7c"], "honest": False,
             "loser": 0, "lives_lost": 1}
    assert told("toepen", bluff, 1) == \
        "You challenged Zuleika: it was a bluff; Zuleika loses 1 life."
    assert told("toepen", bluff, 0) == "Quirinus challenged you: it was a bluff; you lose 1 life."
    assert told("toepen", bluff, 2) == told("toepen", bluff, None) == \
        "Quirinus challenged Zuleika: it was a bluff; Zuleika loses 1 life."
    honest = dict(bluff, honest=True, loser=1)
    assert told("toepen", honest, 1) == \
        "You challenged Zuleika: it was a dirty hand; you lose 1 life."
    assert told("toepen", honest, 0) == \
        "Quirinus challenged you: it was a dirty hand; Quirinus loses 1 life."
    assert told("toepen", honest, 0, "nl") == \
        "Quirinus controleerde je: het was echt vuile was; Quirinus verliest 1 leven."


@pytest.mark.parametrize("event, mine, other, target, lang, mine_there, other_there", [
    ({"kind": "take", "seat": 0, "card": "R3"}, "You took red 3 from the discard pile.",
     "Zuleika took red 3 from the discard pile.", None, "da",
     "Du tog rød 3 fra kasserbunken.", "Zuleika tog rød 3 fra kasserbunken."),
    ({"kind": "lay", "seat": 0, "phase": 2, "groups": [], "completed": 2},
     "You laid down phase 2.", "Zuleika laid down phase 2.", None, "da",
     "Du lagde fase 2 ned.", "Zuleika lagde fase 2 ned."),
    ({"kind": "hit", "seat": 0, "card": "W", "group": "1.0", "value": None},
     "You added Wild to a group.", "Zuleika added Wild to a group.", None, "ar",
     "أضفت جوكر إلى مجموعة.", "أضاف Zuleika جوكر إلى مجموعة."),
    ({"kind": "discard", "seat": 0, "card": "S", "skips": 1}, "You skipped Quirinus.",
     "Zuleika skipped Xaviera.", "Zuleika skipped you.", "da",
     "Du sprang Quirinus over.", "Zuleika sprang Xaviera over."),
])
def test_phase10_tells_a_seat_its_own_move(event: dict[str, Any], mine: str, other: str,
                                           target: str | None, lang: str, mine_there: str,
                                           other_there: str) -> None:
    assert told("phase10", event, 0) == mine
    if target is None:
        assert told("phase10", event, 2) == told("phase10", event, None) == other
        assert told("phase10", event, 2, lang) == other_there
    else:  # a Skip at seat 1: seat 1 reads it as done to it; seat 2 names both
        at_two = dict(event, skips=2)
        assert told("phase10", event, 1) == target
        assert told("phase10", at_two, 1) == told("phase10", at_two, None) == other
        assert told("phase10", at_two, 1, lang) == other_there
    assert told("phase10", event, 0, lang) == mine_there


@pytest.mark.parametrize("event, mine, other, lang, mine_there, other_there", [
    ({"kind": "pickup", "seat": 0, "cards": ["7h", "8h"]}, "You picked up the pile (2 cards).",
     "Zuleika picked up the pile (2 cards).", "ar", "أخذت الساحة (كرتان).",
     "أخذ Zuleika الساحة (كرتان)."),
    ({"kind": "play", "seat": 0, "cards": ["9♥"], "from": "hand"}, "You played 9♥.",
     "Zuleika played 9♥.", "ar", "لعبت 9♥.", "لعب Zuleika 9♥."),
    ({"kind": "round_over", "round": 0, "loser": 0, "order": [1, 2], "tally": [1, 0, 0]},
     "Round 1 is over: you are the shithead.", "Round 1 is over: Zuleika is the shithead.",
     "ar", "انتهت الجولة 1: أنت وجه النحس.",
     "انتهت الجولة 1: Zuleika هو وجه النحس."),
])
def test_shithead_tells_a_seat_its_own_move(event: dict[str, Any], mine: str, other: str,
                                            lang: str, mine_there: str, other_there: str) -> None:
    assert told("shithead", event, 0) == mine
    assert told("shithead", event, 2) == told("shithead", event, None) == other
    assert told("shithead", event, 0, lang) == mine_there
    assert told("shithead", event, 2, lang) == told("shithead", event, None, lang) == other_there


def test_shithead_tells_a_skipped_seat_and_a_given_pile_as_you() -> None:
    skip = {"kind": "skip", "seat": 0, "players": 2, "skipped": [1, 2], "again": False}
    assert told("shithead", skip, 0) == "You skipped Quirinus and Xaviera."
    assert told("shithead", skip, 1) == "Zuleika skipped you and Xaviera."
    assert told("shithead", skip, None) == "Zuleika skipped Quirinus and Xaviera."
    give = {"kind": "give", "seat": 0, "target": 1, "cards": ["7h"]}
    assert told("shithead", give, 0) == "You gave the pile to Quirinus."
    assert told("shithead", give, 1) == "Zuleika gave you the pile."
    assert told("shithead", give, 2) == "Zuleika gave the pile to Quirinus."


@pytest.mark.parametrize("event, mine, other, lang, mine_there, other_there", [
    ({"kind": "roll", "seat": 0, "cups": [], "requested": 0}, "You rolled: 0 cups.",
     "Zuleika rolled: 0 cups.", "ar", "رميت النرد: لا فناجين.",
     "رمى Zuleika النرد: لا فناجين."),
    ({"kind": "collapse", "seat": 1, "collector": 0, "cups": 5},
     "The Dallah collapsed: you collected 5 cups.",
     "The Dallah collapsed: Zuleika collected 5 cups.", "ar",
     "انهارت الدلة: من نصيبك 5 فناجين.", "انهارت الدلة: 5 فناجين من نصيب Zuleika."),
    # two cups: "فنجانان" stands as the subject, never as the object of "جمعت" (فنجانين)
    ({"kind": "collapse", "seat": 1, "collector": 0, "cups": 2},
     "The Dallah collapsed: you collected 2 cups.",
     "The Dallah collapsed: Zuleika collected 2 cups.", "ar",
     "انهارت الدلة: من نصيبك فنجانان.", "انهارت الدلة: فنجانان من نصيب Zuleika."),
    ({"kind": "retire", "seat": 0, "cups": 1},
     "You retire 1 cup.", "Zuleika retires 1 cup.", "ar",
     "استبعدت من كومتك: فنجان واحد.", "استبعد Zuleika من كومته: فنجان واحد."),
    ({"kind": "turn", "seat": 0, "turn": 4}, "Turn 4: your turn.", "Turn 4: Zuleika.", "ar",
     "الدور 4: دورك.", "الدور 4: Zuleika."),
])
def test_dallah_tells_a_seat_its_own_move(event: dict[str, Any], mine: str, other: str,
                                          lang: str, mine_there: str, other_there: str) -> None:
    assert told("dallah", event, 0) == mine
    assert told("dallah", event, 2) == told("dallah", event, None) == other
    assert told("dallah", event, 0, lang) == mine_there
    assert told("dallah", event, 2, lang) == told("dallah", event, None, lang) == other_there


def test_dallah_tells_the_chosen_seat_as_you() -> None:
    target = {"kind": "target", "seat": 0, "target": 1}
    assert told("dallah", target, 0) == "You chose Quirinus."
    assert told("dallah", target, 1) == "Zuleika chose you."
    assert told("dallah", target, 1, "ar") == "اختارك Zuleika."
    assert told("dallah", target, None) == "Zuleika chose Quirinus."


# -- the rule, over seeded random games ------------------------------------------------
YOU = re.compile(r"\byour?\b", re.IGNORECASE)


@pytest.mark.parametrize("game", GAMES)
def test_no_seat_is_told_its_own_name_and_a_spectator_is_never_you(game: str) -> None:
    seen = 0
    for seed in range(6):
        players = NAMES[:3 + seed % 2]
        rules = ALL_OPTIONS.get(game) if seed % 2 == 0 else None
        state = tablegames.new_game(game, players=players, seed=seed, rules=rules)
        rng = random.Random(seed)
        w = words_for("en", game)
        told_to = {seat: state.log(seat) for seat in [None, *range(len(players))]}
        for _ in range(400):
            for seat, events in told_to.items():
                view = state.view(seat)
                for e in events:
                    sentence = describe(e, view)
                    if sentence is None:
                        continue
                    text = w.text(sentence)
                    seen += 1
                    if seat is None:
                        assert not YOU.search(text), (game, seed, dict(e), text)
                    else:
                        assert players[seat] not in text, (game, seed, seat, dict(e), text)
            if state.is_over:
                break
            done = state.apply(rng.choice(state.legal_actions()))
            told_to = {seat: Event.redact(done, seat) for seat in told_to}
    assert seen > 1000


def test_a_one_round_shithead_game_says_its_end_once() -> None:
    """A single round's end is the game's: "Round 1 is over: you are the shithead." then
    "Game over: you are the shithead." said it twice, on the phone's log and the
    terminal's end screen (found by helper-112). In a match each round's end is told."""
    import tablegames

    state = tablegames.new_game("shithead", players=3, seed=2)
    rng = __import__("random").Random(2)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    view = state.view(0)
    assert view["rounds"] == 1
    event = {"kind": "round_over", "round": 0, "loser": 0, "order": [1, 2], "tally": [1, 0, 0]}
    assert describe(event, view) is None
    said = describe({"kind": "game_over", "loser": view["result"]["loser"]}, view)
    assert said is not None and "shithead" in words_for("en", "shithead").text(said)
    match = dict(view, rounds=3)
    assert words_for("en", "shithead").text(describe(event, match)) == \
        "Round 1 is over: you are the shithead."
