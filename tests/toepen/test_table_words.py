"""What a Toepen table says at the end, to a seat with a hand to announce, when a move
comes at the wrong moment, and who it shows leading (found by an audit of Toepen).

Before: a rubber everyone lost ended "Game over:  won." under a "Winner" label; two
winners read "P1, P2 won"; P0 was told "P0 has a hand to announce." of its own hand; a
decision at the wrong moment said "the hand is in its respond phase"; and a seat a
challenge put out kept the "leads" badge until play began.
"""

from __future__ import annotations

from typing import Any

import pytest

from tablegames import IllegalAction, toepen
from tablegames.table import describe, present
from tablegames.table.i18n import words_for

ruling = pytest.mark.ruling


def said(state: toepen.State, seat: int | None, lang: str = "en",
         kinds: tuple[str, ...] = ()) -> list[str]:
    """Every event sentence ``seat`` was told this game (of ``kinds``, if given)."""
    view = state.view(seat)
    w = words_for(lang, "toepen")
    told = [describe(e, view) for e in state.log(seat) if not kinds or e["kind"] in kinds]
    return [w.text(m) for m in told if m is not None]


def result_words(state: toepen.State, lang: str) -> dict[str, Any]:
    model = present(state.view(None))
    w = words_for(lang, "toepen")
    res = model["result"]
    return {"winners_label": w.text(res["winners_label"]), "winners": res["winners"]}


def everyone_at_the_limit() -> toepen.State:
    """The audit's rubber: Ann's caught bluff takes her to 10 (she plays the round out,
    ``out_at_once=False``), and the others pay the round to 10."""
    s = toepen.new_game(players=["Ann", "Bob", "Cy"], seed=1, lives=[9, 9, 9],
                        rules={"out_at_once": False, "poverty": False},
                        deck=["7h", "8h", "9h", "Th", "7c", "8c", "9c", "Tc", "7d", "8d",
                              "9d", "Td", "Js", "Qs", "Ks", "As"])
    for a in ["0:exchange", "1:challenge", "1:keep", "2:keep"]:
        s.apply(a)
    while not s.is_over:
        s.apply(s.legal_actions()[0])
    return s


@ruling("TOE-23")
def test_a_rubber_everyone_lost_says_nobody_won() -> None:
    s = everyone_at_the_limit()
    assert s.lives == (10, 10, 10) and s.winners == () and s.losers == (0, 1, 2)
    for lang, sentence in [
            ("en", "Game over: everyone reached the limit, so nobody won."),
            ("nl", "Spel afgelopen: iedereen heeft de grens bereikt, dus niemand heeft gewonnen."),
            ("ar", "انتهت اللعبة: بلغ الجميع الحد، فلم يفز أحد.")]:
        assert said(s, None, lang, ("game_over",)) == [sentence]
    # no winner is counted as none, not as one
    assert result_words(s, "en") == {"winners_label": "Winners", "winners": []}
    assert result_words(s, "nl")["winners_label"] == "Winnaars"


def two_winners() -> toepen.State:
    """A rubber ended by P0's caught bluff at the limit: P1 and P2 share the fewest lives."""
    s = toepen.new_game(players=3, seed=1, lives=[9, 0, 0], rules={"poverty": False},
                        deck=["7h", "8h", "9h", "Th", "7c", "8c", "9c", "Tc", "7d", "8d",
                              "9d", "Td", "Js", "Qs", "Ks", "As"])
    s.apply("0:exchange")
    s.apply("1:challenge")
    assert s.is_over and s.winners == (1, 2)
    return s


@ruling("TOE-23")
def test_winners_are_listed_as_a_sentence_lists_them() -> None:
    s = two_winners()
    assert said(s, None, "en", ("game_over",)) == ["Game over: P1 and P2 won."]
    assert said(s, None, "nl", ("game_over",)) == ["Spel afgelopen: P1 en P2 hebben gewonnen."]
    assert said(s, None, "ar", ("game_over",)) == ["انتهت اللعبة: فاز P1 وP2."]
    assert result_words(s, "en") == {"winners_label": "Winners", "winners": ["P1", "P2"]}
    # one winner: the Dutch verb agrees
    one = toepen.new_game(players=2, seed=1, lives=[9, 0], rules={"poverty": False},
                          deck=["7h", "8h", "9h", "Th", "7c", "8c", "9c", "Tc",
                                "Js", "Qs", "Ks", "As"])
    one.apply("0:exchange")
    one.apply("1:challenge")
    assert said(one, None, "nl", ("game_over",)) == ["Spel afgelopen: P1 heeft gewonnen."]
    assert said(one, None, "en", ("game_over",)) == ["Game over: P1 won."]
    assert result_words(one, "en")["winners_label"] == "Winner"


@ruling("TOE-40")
def test_a_seat_is_told_what_its_hand_announces() -> None:
    s = toepen.new_game(players=3, seed=1, deck=["Th", "Tc", "Td", "7s", "Ts", "9s", "8s",
                                                 "Jc", "9c", "8c", "7c", "Qc"])
    assert said(s, 0, "en", ("announcement",)) == ["You must whistle (three tens)"]
    assert said(s, 0, "nl", ("announcement",)) != said(s, 0, "en", ("announcement",))
    assert said(s, 1, "en", ("announcement",)) == []  # a seat's hand is its own
    # the event as another seat or a spectator would read it, had a front end told them
    # (none does): it says nothing, not "P0 has a hand to announce." (helper-152)
    for seat in (None, 1):
        assert describe({"kind": "announcement", "seat": 0}, s.view(seat)) is None


@ruling("TOE-22")
@pytest.mark.parametrize("moves, action, words", [
    ([], "1:stay", "'stay' is not possible now: cards are being played"),
    (["0:knock"], "0:play 7d", "'play' is not possible now: a knock is still being answered"),
])
def test_a_move_at_the_wrong_moment_says_what_the_table_is_doing(
        moves: list[str], action: str, words: str) -> None:
    s = toepen.new_game(players=3, seed=1, rules={"exchanges": False})
    for move in moves:
        s.apply(move)
    with pytest.raises(IllegalAction) as info:
        s.apply(action)
    assert info.value.message == words
    assert "phase" not in info.value.message
    # a stay with no knock to answer, or a card while one is answered: both TOE-22
    assert info.value.ruling == "TOE-22"


@ruling("TOE-23", "TOE-12")
def test_a_seat_put_out_by_a_challenge_does_not_lead() -> None:
    # the TOE-23 example: P0's caught bluff puts P0 out of an elimination game at once
    s = toepen.new_game(players=3, seed=1, lives=[9, 0, 0],
                        rules={"poverty": False, "ending": "elimination"},
                        deck=["Th", "9h", "8h", "7h", "Ts", "9s", "8s", "7s",
                              "Tc", "9c", "8c", "7c", "Jd", "Qd", "Kd", "Ad"])
    s.apply("0:exchange")
    s.apply("1:challenge")
    for seat in (None, 0, 1, 2):
        view = s.view(seat)
        assert view["out"][0] and view["leader"] == 1
        badges = {i: [b["msg"] for b in row["badges"]]
                  for i, row in enumerate(present(view)["seats"])}
        assert "leads" not in badges[0] and "leads" in badges[1]
    s.apply("1:keep")
    s.apply("2:keep")
    assert s.view(None)["stage"] == "play" and s.view(None)["leader"] == 1 == s.to_act


@ruling("TOE-22", "TOE-21")
def test_the_seat_asked_after_a_knock_is_told_what_folding_costs() -> None:
    """The table's question says both prices, as the engine's prompt does: a fold costs
    the stake before the knock (helper-119's pass: the picture said "stay in at stake 2,
    or fold?", leaving out the 1 the caption and the engine name)."""
    s = toepen.new_game(players=3, seed=1)
    for move in ("0:keep", "1:keep", "2:keep", "0:knock"):
        s.apply(move)
    view = s.view(1)
    question = present(view)["prompt"]
    assert view["prompt"].endswith("P0 knocked: stay in for 2, or fold for 1?")
    assert words_for("en", "toepen").text(question) == "P0 knocked: stay in for 2, or fold for 1?"
    assert words_for("nl", "toepen").text(question) == "P0 toepte: meegaan voor 2, of passen voor 1?"
    arabic = words_for("ar", "toepen").text(question)
    assert "2" in arabic and "1" in arabic and "تنسحب" in arabic
    s.apply("1:stay")
    s.apply("2:stay")
    s.apply(s.legal_actions()[0])  # P0 leads
    s.apply("1:knock")  # the stake goes to 3: folding now costs 2
    assert words_for("en", "toepen").text(present(s.view(2))["prompt"]) == (
        "P1 knocked: stay in for 3, or fold for 2?")
