"""Words that count: several skips at once, a title shared by several players, and the
phone page's counted buttons, in every language (found by an earlier terminal review:
"P1 skipped P0, P0.", "The shithead: Ana, Bo", "Start now: bots take 1 empty seats")."""

from __future__ import annotations

from typing import Any

import pytest

import tablegames
from tablegames.table import describe, present
from tablegames.table.i18n import words_for
from tests.shithead.helpers import game, seat


def said(state: Any, events: list[Any], lang: str, seat_no: int | None = None) -> list[str]:
    """The events as ``seat_no`` is told them (a spectator by default: every seat named)."""
    view = state.view(seat_no)
    w = words_for(lang, str(view["game"]))
    out = [describe(e.for_seat(seat_no), view) for e in events]
    return [w.text(m) for m in out if m is not None]


@pytest.mark.ruling("SHD-22")
@pytest.mark.parametrize("eights, players, words, next_seat, count", [
    # three 8s at two players: the only opponent once, and the skipper goes again
    ("8♣ 8♦ 8♥", 2, "P0 skipped P1 and plays again.", 0, "opponents"),
    # two 8s at three players: both opponents, then the skipper again
    ("8♣ 8♦", 3, "P0 skipped P2 and P1 and plays again.", 0, "opponents"),
    # three 8s at three players: counted modulo the two opponents, one is skipped
    ("8♣ 8♦ 8♥", 3, "P0 skipped P2.", 1, "opponents"),
    ("8♣", 3, "P0 skipped P2.", 1, "opponents"),
    # Rules.skips="seats" (the turn moves 1 + k places, the skipper counted): three 8s at
    # three players land on P2 after passing P2, P1 and P0, so only P1 misses a turn
    ("8♣ 8♦ 8♥", 3, "P0 skipped P1.", 2, "seats"),
    ("8♣ 8♦", 3, "P0 skipped P2 and P1 and plays again.", 0, "seats"),
    # two 8s at two players: P1, P0, P1: the turn comes round to P1 as without them
    ("8♣ 8♦", 2, "P0's skips come back round: nobody misses a turn.", 1, "seats"),
])
def test_several_skips_name_each_player_once(eights: str, players: int, words: str,
                                             next_seat: int, count: str) -> None:
    filler = ["3♣", "3♦"][:3 - len(eights.split())]  # the lowest hand: seat 0 starts
    hands = [seat("9♣ 9♦ 9♥", "4♣ 4♦ 4♥", " ".join([*eights.split(), *filler])),
             seat("7♣ 7♦ 7♥", "5♥ 5♠ 2♦", "10♠ J♠ Q♠"),
             seat("6♣ 6♥ 6♠", "Q♣ Q♦ Q♥", "J♣ J♦ J♥")][:players]
    state = game(*hands, rules={"skips": count})
    cards = ",".join(c.replace("♣", "c").replace("♦", "d").replace("♥", "h")
                     for c in eights.split())
    events = state.apply(f"0:play {cards}")
    assert said(state, events, "en")[-1] == words
    assert state.to_act == next_seat
    arabic = said(state, events, "ar")[-1]
    assert arabic.count("P1") <= 1 and arabic.count("P2") <= 1, arabic
    if "again" in words:
        assert arabic.endswith("ويلعب مرة أخرى.")


@pytest.mark.ruling("SHD-22")
@pytest.mark.parametrize("count", ["opponents", "seats"])
def test_a_skip_event_names_who_lost_a_turn_under_either_count(count: str) -> None:
    """Seeded random rounds of 2 to 5 players: after a play with a Skip (and nothing
    after it that moves the turn), the seat to act is the skipper exactly when the event
    says ``again``, and never one the event says was skipped; every seat named is in."""
    from tablegames import shithead
    from tablegames.common.rng import Rng

    checked = 0
    for seed in range(60):
        players = 2 + seed % 4
        state = shithead.new_game(players=players, seed=seed,
                                  rules={"skips": count, "swap": False})
        rng = Rng(seed)
        while not state.is_over and state.version < 600:
            events = state.apply(rng.choice(state.legal_actions()))
            skips = [e for e in events if e.kind == "skip"]
            kinds = [e.kind for e in events]
            if not skips or state.to_act is None or kinds[-1] != "skip":
                continue
            e = skips[-1].for_seat(None)
            assert (state.to_act == e["seat"]) is e["again"], (seed, e)
            assert state.to_act not in e["skipped"] and e["seat"] not in e["skipped"]
            assert all(state.playing[s] for s in e["skipped"])
            checked += 1
    assert checked > 50


def shithead_match_end(tally: list[int]) -> dict[str, Any]:
    state = tablegames.new_game("shithead", players=3, seed=1, rules={"rounds": 3})
    most = max(tally)
    losers = [i for i, t in enumerate(tally) if t == most]
    return {**state.view(0), "to_act": None, "tally": tally, "rounds": 3,
            "result": {"losers": losers, "winners": []}}


@pytest.mark.ruling("SHD-01")
@pytest.mark.parametrize("lang, one, two", [
    ("en", "The shithead: P1", "The shitheads: P0, P1"),
    ("ar", "وجه النحس: P1", "وجها النحس: P0، P1"),
])
def test_a_shared_shithead_title_is_plural(lang: str, one: str, two: str) -> None:
    w = words_for(lang, "shithead")
    assert labelled(present(shithead_match_end([0, 2, 1])), w, "losers") == one
    assert labelled(present(shithead_match_end([1, 1, 0])), w, "losers") == two


def labelled(model: dict[str, Any], w: Any, which: str) -> str:
    """A result's label and its names as a front end that lists them draws them (the
    room server's end panel; the terminal's end screen says them in its sentence)."""
    r = model["result"]
    return f"{w.text(r[which + '_label'])}: {w.comma.join(r[which])}"


@pytest.mark.ruling("SHD-01")
def test_the_match_line_says_a_tie_for_the_most_rounds_lost() -> None:
    view = {**shithead_match_end([1, 1, 0]), "seat": 2}  # P2 is not in the tie
    event = {"kind": "game_over", "tally": [1, 1, 0], "loser": 1}
    assert words_for("en", "shithead").text(describe(event, view)) == \
        "The match is over: P0 and P1 tie for the most rounds lost."
    assert words_for("ar", "shithead").text(describe(event, view)) == \
        "انتهت المباراة: P0 وP1 تعادلا في أكثر الجولات خسارة."
    one = {"kind": "game_over", "tally": [0, 2, 0], "loser": 1}
    assert words_for("ar", "shithead").text(describe(one, view)) == \
        "انتهت المباراة: P1 خسر أكثر الجولات."
    # a seat in the tie reads itself as "you", beside the other
    assert words_for("en", "shithead").text(describe(event, {**view, "seat": 0})) == \
        "The match is over: you and P1 tie for the most rounds lost."


@pytest.mark.ruling("DAL-51")
def test_the_biggest_losers_share_the_title() -> None:
    state = tablegames.new_game("dallah", players=3, seed=1)
    view = {**state.view(0), "to_act": None,
            "result": {"losers": [0, 2], "scores": [3, 1, 3]}}
    for lang, label in (("en", "Biggest Losers: P0, P2"), ("ar", "أكبر الخاسرين: P0، P2")):
        assert labelled(present(view), words_for(lang, "dallah"), "losers") == label
    event = {"kind": "game_over", "losers": [0, 2]}
    other = {**view, "seat": 1}  # P1 is not among them
    assert words_for("en", "dallah").text(describe(event, other)) == \
        "Game over: P0 and P2 share the title of Biggest Loser."
    assert words_for("ar", "dallah").text(describe(event, other)) == \
        "انتهت اللعبة: P0 وP2 يتقاسمان لقب أكبر خسران."
    # one of them reads itself as "you", beside the other
    assert words_for("en", "dallah").text(describe(event, view)) == \
        "Game over: you and P2 share the title of Biggest Loser."
    assert words_for("ar", "dallah").text(describe(event, view)) == \
        "انتهت اللعبة: أنت وP2 تتقاسمان لقب أكبر خسران."


@pytest.mark.parametrize("game_name, lang, label", [
    ("toepen", "en", "Winner: "), ("toepen", "nl", "Winnaar: "), ("toepen", "ar", "الفائز: "),
    ("phase10", "da", "Vinder: "),
])
def test_one_winner_is_a_winner(game_name: str, lang: str, label: str) -> None:
    state = tablegames.new_game(game_name, players=3, seed=1)
    view = {**state.view(0), "to_act": None, "result": {"winners": [1], "losers": [0, 2]}}
    assert labelled(present(view), words_for(lang, game_name), "winners").startswith(label)


def test_a_full_placement_zone_is_named_not_its_id() -> None:
    """DAL-21: the Placement card of a full zone is drawn again; "spout is drawn again."
    named the zone by its id, in English on every table."""
    state = tablegames.new_game("dallah", players=3, seed=1)
    event = {"kind": "redrawn", "card": "spout", "reason": "zone_full"}
    view = state.view(0)
    assert words_for("en", "dallah").text(describe(event, view)) == \
        "The Spout is full: another Placement card is drawn."
    assert words_for("ar", "dallah").text(describe(event, view)) == \
        "امتلأت الخشم: تُسحب بطاقة مكان أخرى."


@pytest.mark.parametrize("lang, n, text", [
    ("en", 1, "Start now: a bot takes 1 empty seat"),
    ("en", 2, "Start now: bots take 2 empty seats"),
    ("ar", 1, "ابدأ الآن: يأخذ لاعب آلي المقعد الفارغ"),
    ("ar", 2, "ابدأ الآن: يأخذ لاعبان آليان المقعدين الفارغين"),
    ("ar", 3, "ابدأ الآن: يأخذ لاعبون آليون 3 مقاعد فارغة"),
    ("ar", 11, "ابدأ الآن: يأخذ لاعبون آليون 11 مقعداً فارغاً"),
    ("nl", 1, "Nu beginnen: een bot neemt 1 lege plaats"),
    ("da", 3, "Start nu: bots tager 3 tomme pladser"),
])
def test_the_page_counts_its_words_by_the_language(lang: str, n: int, text: str) -> None:
    """The page picks the form by the CLDR category of n (Intl.PluralRules); each form
    is the catalogue's for a count of that category."""
    from babel import Locale

    from tablegames.server.chrome import ui_counted

    form = ui_counted(lang)["start_bots"][Locale.parse(lang).plural_form(n)]
    assert form.replace("{n}", str(n)) == text


@pytest.mark.parametrize("game_name, event, seats, text", [
    ("toepen", {"kind": "game_over", "winners": [0, 1]}, 4,
     "انتهت اللعبة: أنت وP1 فزتما."),
    ("toepen", {"kind": "game_over", "winners": [0, 1, 2]}, 4,
     "انتهت اللعبة: أنت وP1 وP2 فزتم."),
    ("shithead", {"kind": "game_over", "tally": [1, 1, 0, 0], "loser": 1}, 4,
     "انتهت المباراة: أنت وP1 تعادلتما في أكثر الجولات خسارة."),
    ("shithead", {"kind": "game_over", "tally": [1, 1, 1, 0], "loser": 1}, 4,
     "انتهت المباراة: أنت وP1 وP2 تعادلتم في أكثر الجولات خسارة."),
    ("dallah", {"kind": "game_over", "losers": [0, 2]}, 3,
     "انتهت اللعبة: أنت وP2 تتقاسمان لقب أكبر خسران."),
    ("dallah", {"kind": "game_over", "losers": [0, 1, 2]}, 3,
     "انتهت اللعبة: أنت وP1 وP2 تتقاسمون لقب أكبر خسران."),
])
def test_you_and_the_others_take_a_dual_or_plural_verb_in_arabic(
        game_name: str, event: dict[str, Any], seats: int, text: str) -> None:
    """"You and P1" is two players and "you, P1 and P2" three: Arabic puts "أنت و…" first
    and gives the verb the dual (فزتما) or the plural (فزتم) of the second person, as the
    third-person lines already do (تعادلا، يتقاسمان); a singular "فزت أنت و…" read as if
    the player had won alone. The count is the number of others, so form 1 is the dual."""
    state = tablegames.new_game(game_name, players=seats, seed=1)
    view = {**state.view(0), "to_act": None, "tally": event.get("tally"), "rounds": 3}
    assert words_for("ar", game_name).text(describe(event, view)) == text


@pytest.mark.parametrize("game_name, event, seats, lang, text", [
    ("toepen", {"kind": "game_over", "winners": [0, 1, 2]}, 4, "en",
     "Game over: you, P1 and P2 won."),
    ("toepen", {"kind": "game_over", "winners": [0, 1, 2]}, 4, "nl",
     "Spel afgelopen: jij, P1 en P2 hebben gewonnen."),
    ("toepen", {"kind": "game_over", "winners": [1, 2]}, 4, "en", "Game over: P1 and P2 won."),
    ("toepen", {"kind": "second_exchange", "seats": [0, 1, 3]}, 4, "en",
     "Second exchange for you, P1 and P3."),
    ("toepen", {"kind": "second_exchange", "seats": [0, 1]}, 4, "en",
     "Second exchange for you and P1."),
    ("shithead", {"kind": "game_over", "tally": [1, 1, 1, 0], "loser": 1}, 4, "en",
     "The match is over: you, P1 and P2 tie for the most rounds lost."),
    ("dallah", {"kind": "game_over", "losers": [0, 1, 2]}, 3, "en",
     "Game over: you, P1 and P2 share the title of Biggest Loser."),
    ("dallah", {"kind": "game_over", "losers": [1, 2]}, 3, "en",
     "Game over: P1 and P2 share the title of Biggest Loser."),
    ("phase10", {"kind": "tiebreak", "seats": [0, 1, 2]}, 3, "en",
     "You, P1 and P2 are tied: you play a tie-break hand."),
    ("phase10", {"kind": "tiebreak", "seats": [0, 1, 2]}, 3, "da",
     "Du, P1 og P2 står lige: I spiller et omspil."),
])
def test_a_list_with_you_in_it_reads_as_one_list(
        game_name: str, event: dict[str, Any], seats: int, lang: str, text: str) -> None:
    """"you and P1 and P2 won" (a "you and {who}" sentence around a joined list) and "P1,
    P2 share" (a list said with the comma alone) read as slips: two others or more get a
    sentence of their own, "you, {names} and {last}", and a list without the viewer is
    said with the language's "and" (``joined``)."""
    state = tablegames.new_game(game_name, players=seats, seed=1)
    view = {**state.view(0), "to_act": None, "tally": event.get("tally"), "rounds": 3}
    assert words_for(lang, game_name).text(describe(event, view)) == text
