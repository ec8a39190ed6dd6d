"""Every event kind and optional key that random play almost never reaches, reached by a
short stacked scenario and held to everything a common event is held to.

Random play (the conformance kit's own games) checks each event it meets against the
game's declaration; ``tests/common/test_event_keys.py`` checks by a source scan that
every declared kind is emitted somewhere. A survey of seeded random games under every
variant found these never or seldom reached: Toepen's ``exchange`` with ``again`` (only
with ``Rules.second_exchange``), Phase 10's ``cover`` and ``tiebreak`` (and the
``tiebreak`` flag of ``deal`` and ``round_over``; a hand stopped by the move limit,
``round_over`` with ``limit_hit`` true), Shithead's ``unready``,
``swap_closed``, a ``play`` with ``cut_in`` and a round stopped by the action limit
(``limit_hit`` true), Dallah's ``fell`` with ``guessed``. Each scenario here reaches one
and :func:`held_to_the_kit` checks, for that event: the kit finds nothing wrong with it;
each seat and the spectator see its secret keys exactly when in its audience; its line
is drawn for every seat that learns of it, in every language the game has, with no
placeholder left and no English where the language has a translation, and no line for a
seat outside its audience names a secret value (a drawn card); and the saved
game (``to_json``/``from_json``) and its record (``record``/``replay``) tell the same
events.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest

import tablegames
from tablegames import dallah, phase10, shithead
from tablegames.common.actions import Event
from tablegames.common.state import BaseState
from tablegames.server.page import context, describe_events, words_of
from tablegames.table import describe
from tablegames.table.catalogues import ids_in
from tablegames.table.i18n import COMMON, catalogue, langs_of
from tablegames.testing import apply_all, event_problems
from tests.shithead.helpers import game as shithead_game
from tests.shithead.helpers import seat as shithead_seat
from tests.toepen.helpers import CLUBS, SPADES
from tests.toepen.helpers import game as toepen_game

ruling = pytest.mark.ruling


def untranslated(sentence: Any, game: str, lang: str) -> list[str]:
    """The message ids of ``sentence`` (its arguments' too) that ``lang`` has no words for
    in the game's catalogue nor the shared one: told in English (none for English)."""
    if lang == "en":
        return []
    own = getattr(catalogue(lang, game), "_catalog", {})
    shared = getattr(catalogue(lang, COMMON), "_catalog", {})
    out = []
    for text, plural in ids_in(sentence):
        key: Any = text if plural is None else (text, 0)
        if not (own.get(key) or shared.get(key)):
            out.append(text)
    return out


def lines(state: BaseState, event: Event, seat: int | None, silent: bool = False) -> dict[str, str]:
    """The event's line for ``seat`` in each of the game's languages (checked as made);
    ``silent``: the presenter says nothing of it, by design, in any language."""
    game = state.GAME
    shown = event.for_seat(seat)
    out = {}
    for lang in langs_of(game):
        view = state.view(seat)
        assert untranslated(describe(shown, view), game, lang) == [], (event.kind, seat, lang)
        drawn = describe_events([shown], context(state, seat, lang))
        assert len(drawn) == (0 if silent else 1), (event.kind, seat, lang)
        if silent:
            continue
        text = drawn[0]["text"]
        assert text and "{" not in text and "}" not in text, (event.kind, seat, lang, text)
        out[lang] = text
    assert len(set(out.values())) == len(out), out  # no language told in another's words
    return out


def held_to_the_kit(state: BaseState, event: Event,
                    silent: bool = False) -> dict[int | None, dict[str, str]]:
    """Check ``event`` (just emitted by ``state``) as this module's docstring says; return
    its lines by seat and language, for the scenario to assert what they say (``silent``:
    an event the presenter leaves to another's line, by design)."""
    cls, n = type(state), state.n
    spec = cls.EVENT_KEYS[event.kind]
    assert event_problems(cls, event, n) == []
    # its secret values (cards: "Td"), and in each language the names they are drawn by
    insider = event.for_seat(min(event.audience)) if event.audience else {}
    secrets = [w for k in sorted(spec.secret) if k in insider for w in words_in(insider[k])]
    face = tablegames.GAMES[state.GAME].presenter.face
    secret_words = {lang: {*secrets, *(bare(words_of(state.GAME, lang).text(face(w)["name"]))
                                       for w in secrets if face is not None)}
                    for lang in langs_of(state.GAME)}
    told: dict[int | None, dict[str, str]] = {}
    for seat in (None, *range(n)):
        inside = seat is not None and seat in event.audience
        assert event.visible_to(seat) == (inside or not spec.private), (event.kind, seat)
        if not event.visible_to(seat):
            continue
        shown = event.for_seat(seat)
        assert bool(spec.secret & set(shown)) == (inside and bool(spec.secret)), (event.kind, seat)
        assert shown in state.log(seat), (event.kind, seat)
        told[seat] = lines(state, event, seat, silent)
        if not inside:  # no language's line names a secret to a seat outside the audience
            leaked = [(lang, w) for lang, text in told[seat].items()
                      for w in secret_words[lang] if w in bare(text)]
            assert leaked == [], (event.kind, seat, leaked)
    saved = cls.from_json(state.to_json())
    replayed = tablegames.replay(state.record())
    assert replayed.to_json() == state.to_json()
    for seat in (None, *range(n)):
        assert saved.log(seat) == replayed.log(seat) == state.log(seat), seat
    return told


def words_in(value: Any) -> list[str]:
    """The strings of two characters or more in ``value`` (nested lists and dicts too)."""
    if isinstance(value, str):
        return [value] if len(value) >= 2 else []
    if isinstance(value, dict):
        value = list(value.values())
    if isinstance(value, list):
        return [w for item in value for w in words_in(item)]
    return []


def bare(text: str) -> str:
    """``text`` without the bidi isolates a right-to-left language wraps names in."""
    return text.translate(dict.fromkeys(map(ord, "\u2066\u2067\u2068\u2069")))


def one(events: Sequence[Event], kind: str) -> Event:
    """The single event of ``kind`` among ``events``."""
    found = [e for e in events if e.kind == kind]
    assert len(found) == 1, [e.kind for e in events]
    return found[0]


# -- Toepen ---------------------------------------------------------------------------------
DIAMONDS = ["Td", "9d", "8d", "7d"]
FACES_D = ["Jd", "Qd", "Kd", "Ad"]
DIRTY_H = ["Jh", "Qh", "Kh", "Ah"]


@ruling("TOE-03")
def test_toepen_a_second_exchange_says_again_and_shows_the_cards_to_the_exchanger_only() -> None:
    s = toepen_game([*DIRTY_H, *SPADES, *CLUBS, *DIAMONDS, *FACES_D], exchanges=True,
                    rules={"second_exchange": True})
    first = one(apply_all(s, "0:exchange"), "exchange")
    assert "again" not in first.for_seat(0)  # absent in the first round
    apply_all(s, "1:accept", "2:accept", "1:keep", "2:keep")
    event = one(s.apply("0:exchange"), "exchange")  # TOE-03: the second round
    assert event.for_seat(0) == {"kind": "exchange", "seat": 0, "stock": 12, "again": True,
                                 "cards": FACES_D}
    assert event.for_seat(1) == event.for_seat(None) == {"kind": "exchange", "seat": 0,
                                                         "stock": 12, "again": True}
    told = held_to_the_kit(s, event)  # no line outside the audience names a drawn card
    assert told[0]["en"] == "You threw in your new cards again and drew J♦, Q♦, K♦, A♦."
    assert told[1]["en"] == "P0 threw in their new cards again for four more."
    assert all("J♦" not in text for seat in (None, 1, 2) for text in told[seat].values())


# -- Phase 10 -------------------------------------------------------------------------------
JUNK1 = "R1 B2 G4 Y5 R6 B8 G9 Y10 R11 B12"
JUNK2 = "Y3 G5 B6 R8 Y9 G10 Y11 R12 B1 G2"
PHASE1 = "R3 B3 G3 R7 B7 W Y1 Y2 G11 G12"


def phase10_deck(*hands: str, discard: str, stock: str) -> list[str]:
    """Hands dealt from the dealer's left (seat 0 first), the card turned up, the stock."""
    return [c for h in hands for c in h.split()] + [discard, *stock.split()]


@ruling("P10-25")
def test_phase10_a_skip_turned_up_is_covered_under_the_twist() -> None:
    s = phase10.new_game(players=3, seed=1, rules="twist",
                         deck=phase10_deck(PHASE1, JUNK1, JUNK2, discard="S", stock="Y6 R2"))
    event = one(s._setup_events(), "cover")  # P10-25: the Skip is covered before play
    assert event.for_seat(None) == {"kind": "cover", "card": "Y6"}
    told = held_to_the_kit(s, event)
    assert {seat: t["en"] for seat, t in told.items()} == dict.fromkeys(
        (None, 0, 1, 2), "The Skip turned up is covered with yellow 6.")
    assert told[0]["da"] == "Det vendte Spring-kort dækkes med gul 6."


def tied_for_the_win() -> tuple[phase10.State, list[Event]]:
    """Seats 0 and 1 both lay phase 10 in one hand with 15 points each (seat 2 on phase
    1): the events of the hand's last action."""
    s = phase10.new_game(players=3, seed=1, phases=[10, 10, 1], scores=[0, 15, 0], deck=phase10_deck(
        "R3 B3 G3 Y3 R3 R7 B7 G7 G11 G12", "R9 B9 G9 Y9 R9 R5 B5 G5 W W",
        "R1 B2 G4 Y5 R6 B8 Y10 R11 B12 Y12", discard="B11", stock="Y1 Y2"))
    apply_all(s, "0:draw", "0:lay set3=R3,R3,B3,G3,Y3 set7=R7,B7,G7", "0:discard G12", "1:draw",
              "1:lay set9=R9,R9,B9,G9,Y9 set5=R5,B5,G5", "1:hit W>1.0", "1:hit W>1.1")
    return s, s.apply("1:discard Y2")


@ruling("P10-53")
def test_phase10_tied_finishers_are_told_of_their_tie_break_hand() -> None:
    s, events = tied_for_the_win()
    assert [e.kind for e in events][:5] == ["discard", "round_over", "tiebreak", "shuffle", "deal"]
    assert one(events, "round_over").for_seat(None)["tiebreak"] is False
    event = one(events, "tiebreak")  # P10-53: 15 points each, a tie-break hand
    assert event.for_seat(None) == {"kind": "tiebreak", "seats": [0, 1]}
    told = held_to_the_kit(s, event)
    assert told[None]["en"] == "P0 and P1 are tied: they play a tie-break hand."
    assert told[0]["en"] == "You and P1 are tied: you play a tie-break hand."
    assert told[2]["en"] == told[None]["en"]
    deal = one(events, "deal")
    assert deal.for_seat(None)["tiebreak"] is True and deal.for_seat(None)["phases"] == [10, 10, None]
    held_to_the_kit(s, deal)


@ruling("P10-53")
def test_phase10_the_tie_break_hands_end_is_flagged_and_decides_the_game() -> None:
    s, _ = tied_for_the_win()
    rng = random.Random(5)
    while True:  # the tie-break hand, played at random by seats 0 and 1 until one goes out
        assert s.to_act in (0, 1)
        events = s.apply(rng.choice(s.legal_actions()))
        if any(e.kind == "round_over" for e in events):
            break
    event = one(events, "round_over")
    shown = event.for_seat(None)
    assert shown["tiebreak"] is True and shown["out"] in (0, 1) and s.is_over
    assert s.outcome().winners == {shown["out"]}
    held_to_the_kit(s, event)


@ruling("P10-61")
def test_phase10_a_hand_stopped_at_the_move_limit_says_so() -> None:
    s = phase10.new_game(players=2, seed=1, rules={"action_limit": 50})
    events: list[Event] = []
    while s.round == 0:
        assert len(s.history) < 100, "the move limit of 50 did not stop the hand"
        seat = s.to_act
        events += s.apply(f"{seat}:draw")
        events += s.apply([a for a in s.legal_actions() if "discard" in str(a)][-1])
    over = one(events, "round_over")
    assert over.for_seat(None)["limit_hit"] is True and over.for_seat(None)["out"] is None
    told = held_to_the_kit(s, over)
    assert {seat: t["en"] for seat, t in told.items()} == dict.fromkeys(
        (None, 0, 1), "Hand 1 is stopped at the move limit: nobody went out, everyone scores "
                      "their cards.")
    assert told[0]["da"] == "Hånd 1 er stoppet ved trækgrænsen: ingen gik ud, og alle tæller deres kort."
    # "went out" as the rest of the Arabic catalogue says it (أنهى أوراقه), not لم ينتهِ أحد
    assert told[0]["ar"] == ("توقفت اليد \u20681\u2069 عند حد الحركات: لم يُنهِ أحد أوراقه، "
                             "ويحسب كل لاعب بطاقاته.")


# -- Shithead -------------------------------------------------------------------------------
SWAP = (shithead_seat("6c 6d 6h", "4c 9d Qh", "Ac 2d Kh"),
        shithead_seat("7c 7d 7h", "8c 8d 8h", "2c 3d 5h"),
        shithead_seat("5c 5d 5s", "Jc Jd Jh", "3c 4s 9s"))


@ruling("SHD-03")
def test_shithead_a_ready_seat_that_takes_it_back_is_told_to_the_table() -> None:
    s = shithead_game(*SWAP, rules={"swap_mode": "simultaneous"}, swap=True)
    apply_all(s, "2:ready")
    event = one(s.apply("2:unready"), "unready")  # SHD-03: it may swap again
    assert event.for_seat(None) == {"kind": "unready", "seat": 2}
    told = held_to_the_kit(s, event)
    assert (told[2]["en"], told[0]["en"]) == ("You swap again.", "P2 swaps again.")


@ruling("SHD-03", "SHD-01")
def test_shithead_the_action_limit_closes_the_simultaneous_swap() -> None:
    s = shithead_game(*SWAP[:2], rules={"swap_mode": "simultaneous", "action_limit": 50}, swap=True)
    for _ in range(24):
        apply_all(s, "1:ready", "1:unready")
    apply_all(s, "1:ready")
    events = s.apply("1:unready")  # the 50th swap action: the swap closes (SHD-03, SHD-01)
    event = one(events, "swap_closed")
    assert event.for_seat(None) == {"kind": "swap_closed", "actions": 50}
    assert [e.kind for e in events] == ["unready", "swap_closed", "start"]
    told = held_to_the_kit(s, event)
    assert told[None]["en"] == "Swapping is over."


CUT = (shithead_seat("9c 9d 9h", "4c 4d 4h", "6c 6d Jh"),
       shithead_seat("7c 7d 7h", "8h 8s Js", "4s 6s 6h"),
       shithead_seat("5c 5d 5h", "Qc Qh Qs", "3h 8d Jd"))


@ruling("SHD-25")
def test_shithead_a_cut_in_is_told_as_one() -> None:
    s = shithead_game(*CUT, rules={"cut_in": True})
    apply_all(s, "2:play 3h", "1:play 6s", "0:play 6c,6d")
    events = s.apply("1:play 6h")  # SHD-25: seat 1 completes the four 6s out of turn
    event = one(events, "play")
    assert event.for_seat(None) == {"kind": "play", "seat": 1, "cards": ["6♥"], "from": "hand",
                                    "cut_in": True}
    told = held_to_the_kit(s, event)
    assert told[1]["en"] == "You cut in with 6♥."
    assert told[0]["en"] == told[None]["en"] == "P1 cut in with 6♥."
    # the option's word (الدخول خارج الدور), which the prompt before it now says too
    assert told[1]["ar"].startswith("دخلت خارج دورك بـ")
    normal = one(apply_all(shithead_game(*CUT, rules={"cut_in": True}), "2:play 3h"), "play")
    assert "cut_in" not in normal.for_seat(None)  # absent otherwise


def stopped(rounds: int) -> tuple[shithead.State, list[Event]]:
    """Four players at a move limit of 50 (the least): random play sheds no pack in 50
    moves, so the first round is stopped; the events of its last move."""
    s = shithead.new_game(players=4, seed=3, rules={"action_limit": 50, "swap": False,
                                                    "rounds": rounds})
    rng = random.Random(3)
    while True:
        events = s.apply(rng.choice(s.legal_actions()))
        if any(e.kind == "round_over" for e in events):
            return s, events


@ruling("SHD-01")
def test_shithead_a_game_stopped_by_the_action_limit_says_so() -> None:
    s, events = stopped(rounds=1)
    over, end = one(events, "round_over"), one(events, "game_over")
    assert over.for_seat(None)["limit_hit"] is True and end.for_seat(None)["limit_hit"] is True
    assert s.is_over and s.plays == 50 and s.outcome().to_dict()["limit_hit"] is True
    held_to_the_kit(s, over, silent=True)  # a single round: its end is told by game_over
    loser = end.for_seat(None)["loser"]
    told = held_to_the_kit(s, end)
    assert told[loser]["en"] == ("Game over at the move limit: you hold the most cards and are "
                                 "the shithead.")
    assert told[None]["en"] == (f"Game over at the move limit: P{loser} holds the most cards "
                                "and is the shithead.")


@ruling("SHD-01")
def test_shithead_a_round_of_a_match_stopped_by_the_action_limit_says_so() -> None:
    s, events = stopped(rounds=2)
    over = one(events, "round_over")
    assert over.for_seat(None)["limit_hit"] is True and not s.is_over
    loser = over.for_seat(None)["loser"]
    told = held_to_the_kit(s, over)
    assert told[loser]["en"] == ("Round 1 is stopped at the move limit: you hold the most cards "
                                 "and are the shithead.")
    assert told[None]["en"] == (f"Round 1 is stopped at the move limit: P{loser} holds the most "
                                "cards and is the shithead.")


# -- Dallah ---------------------------------------------------------------------------------
@ruling("DAL-10")
def test_dallah_a_fall_whose_zone_nobody_named_is_flagged_guessed() -> None:
    s = dallah.new_game(players=3, seed=1, actions=["place"], placements=["neck"], rolls=["tall"],
                        pot={"lid": ["wide", "tiny"], "base": ["classic"]})
    apply_all(s, "0:draw", "0:roll")
    event = one(s.apply("0:fell wide"), "fell")  # DAL-10: the shape named, not its zone
    assert event.for_seat(None) == {"kind": "fell", "seat": 0, "collector": 0, "zone": "lid",
                                    "cup": "wide", "guessed": True}
    told = held_to_the_kit(s, event)
    assert told[1]["en"] == ("The Wide cup is taken from the Lid (the report named no zone): "
                             "P0 collected it.")
    assert told[0]["en"] == ("The Wide cup is taken from the Lid (the report named no zone): "
                             "you collected it.")
    # a zone is منطقة everywhere else in the Arabic catalogue (it said موضعًا here)
    assert "(لم يذكر البلاغ منطقة)" in told[0]["ar"] and told[0]["ar"].endswith("جمعته أنت.")
    named = one(apply_all(s, "0:fell lid:tiny"), "fell")
    assert "guessed" not in named.for_seat(None)  # absent otherwise
    told = held_to_the_kit(s, named)
    assert told[1]["en"] == "The Tiny cup fell from the Lid: P0 collected it."
