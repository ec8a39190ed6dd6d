"""Issue 10 in Shithead: card notation, rank order, restrictions as rows, cutting in, the
simultaneous swap, skip counting, variants with overrides, scoring, direction names and
prompts that offer only what is legal."""

from __future__ import annotations

import json

import pytest

from tablegames import GAMES, NotationError, RulesError, shithead
from tablegames.cli import parse_rules
from tablegames.common.fields import put
from tablegames.common.registry import new_game as registry_new_game
from tablegames.common.rng import Rng
from tablegames.common.rules import rules_from_dict, rules_to_dict
from tablegames.server.rooms import ClientError, playable_rules
from tablegames.testing import apply_all, assert_refused, check_game

from .helpers import game, names, seat

ruling = pytest.mark.ruling


# -- notation -------------------------------------------------------------------------
@pytest.mark.parametrize(("text", "canonical"), [
    ("0:play As", "0:play As"), ("0:play a♠", "0:play As"), ("0:play 1s", "0:play As"),
    ("0:play A♤", "0:play As"), ("0:play Kh,Kd", "0:play Kd,Kh"), ("0:play 13h", "0:play Kh"),
    ("0:play Td", "0:play 10d"), ("0:play 10D", "0:play 10d"), ("0:play Jc,qc", "0:play Jc,Qc"),
    ("2:swap 5h,6d/9c,10s", "2:swap 5h,6d/9c,10s"), ("0:play K♥,K♦", "0:play Kd,Kh"),
    ("2:swap 5♥,6♦/9♣,10♠", "2:swap 5h,6d/9c,10s"), ("0:play 10♦", "0:play 10d"),
])
def test_cards_are_read_in_ascii_or_symbols_and_written_in_ascii(
    text: str, canonical: str,
) -> None:
    action = shithead.parse_action(text)
    assert str(action) == canonical and shithead.parse_action(canonical) == action


@pytest.mark.parametrize("text", ["0:play 14s", "0:play 0s", "0:play A", "0:play ♠", "0:play 1x",
                                  "0:play 10s♠", "0:play 1O♠"])
def test_junk_cards_are_notation_errors(text: str) -> None:
    with pytest.raises(NotationError):
        shithead.parse_action(text)


def test_views_events_and_prompts_print_cards_as_people_read_them() -> None:
    s = game(seat("6c 6d 6h", "4c 4d 4h", "Ac 10s Qh"), seat("7c 7d 7h", "8c 8h 8s", "2d 6s Kd"))
    v = s.view(0)
    assert v["hand"] == ["A♣", "10♠", "Q♥"] and v["face_up"][1] == ["8♣", "8♥", "8♠"]
    assert v["legal"] == ["0:play Ac", "0:play 10s", "0:play Qh"]
    events = s.apply("0:play Qh")
    assert events[0].for_seat(None)["cards"] == ["Q♥"]
    assert "Q or higher" in s.view(1)["prompt"]


# -- rank order -----------------------------------------------------------------------
def test_aces_high_puts_the_ace_above_the_king_and_sorts_it_last() -> None:
    deal = (seat("6c 6d 6h", "4c 4d 4h", "As 5s Qh"), seat("7c 7d 7h", "8c 8h 8s", "3d 6s Ad"))
    low, high = game(*deal), game(*deal, rules={"aces": "high"})
    assert low.starter == 0 and high.starter == 1  # A low starts; with A high the 3 does
    assert high.view(0)["hand"] == ["5♠", "Q♥", "A♠"]  # a person's order: the ace last
    apply_all(high, "1:play 3d", "0:play Qh")
    assert names(high) == ["1:play Ad"] and high.view(None)["pile_value"] == 12
    high.apply("1:play Ad")
    assert high.view(None)["pile_value"] == 14 and names(high) == ["0:play As"]


# -- skips ------------------------------------------------------------------------------
@ruling("SHD-22")
@pytest.mark.parametrize(("players", "skips", "opponents", "seats"), [
    (2, 1, 0, 0), (2, 2, 0, 1), (2, 3, 0, 0),
    (3, 1, 1, 1), (3, 2, 0, 0), (3, 3, 1, 2),
    (4, 1, 2, 2), (4, 2, 1, 1), (4, 3, 0, 0),
])
def test_skips_count_opponents_modulo_their_number_or_seats(
    players: int, skips: int, opponents: int, seats: int,
) -> None:
    eights = " ".join(["8c", "8d", "8h"][:skips])
    rest = " ".join(["Ac", "Ad", "Ah"][skips:])
    deal = [seat("9c 9d 9h", "4c 4d 4h", f"{eights} {rest}".strip()),
            seat("7c 7d 7h", "Js Qs Ks", "5h 5s 6d"), seat("6c 6h 6s", "Qc Qd Qh", "Jc Jd Jh"),
            seat("5c 5d 2h", "Kc Kd Kh", "10c 10d 10h")][:players]
    play = f"0:play {','.join(['8c', '8d', '8h'][:skips])}"
    for mode, expected in (("opponents", opponents), ("seats", seats)):
        s = game(*deal, rules={"skips": mode})
        s.active = 0  # the 8s are played first
        s.apply(play)
        assert s.to_act == expected, (mode, players, skips)


# -- cutting in -------------------------------------------------------------------------
CUT = (seat("9c 9d 9h", "4c 4d 4h", "6c 6d Jh"), seat("7c 7d 7h", "8h 8s Js", "4s 6s 6h"),
       seat("5c 5d 5h", "Qc Qh Qs", "3h 8d Jd"))


@ruling("SHD-25")
def test_cutting_in_completes_four_of_a_kind_out_of_turn() -> None:
    s = game(*CUT, rules={"cut_in": True})
    apply_all(s, "2:play 3h", "1:play 6s")
    assert s.legal_actions(1) == [] and s.legal_actions(2) == []
    s.apply("0:play 6c,6d")
    assert s.to_act == 2 and names(s) == ["2:play 8d", "2:play Jd"]
    assert [str(a) for a in s.legal_actions(1)] == ["1:play 6h"]
    assert "cut in" in s.view(1)["prompt"] and "cut in" not in s.view(2)["prompt"]
    assert_refused(s, "1:play 4s", code="out_of_turn", ruling="SHD-25")
    events = s.apply("1:play 6h")
    assert events[0].for_seat(None)["cut_in"] is True
    assert [e.kind for e in events] == ["play", "burn"] and s.to_act == 1 and s.pile == ()
    off = game(*CUT)
    apply_all(off, "2:play 3h", "1:play 6s", "0:play 6c,6d")
    assert off.legal_actions(1) == []
    assert_refused(off, "1:play 6h", code="out_of_turn", ruling="SHD-04")


@ruling("SHD-25", "SHD-09", "SHD-10")
def test_cutting_in_plays_from_where_the_seat_plays_and_never_blind() -> None:
    s = game(seat("9c 9d 9h", "4c 4d 4h", "6c 6d Jh"), seat("6h 7d 7h", "6s 8s Js", "2c 3c 3d"),
             seat("5c 5d 5h", "Qc Qh Qs", "3h 8d Jd"), rules={"cut_in": True, "burn_run": 3})
    s.aside += s.hands[1]  # seat 1 has played its hand: it plays from its face-up cards
    s.hands, s.bars, s.known_cards = (put(s.hands, 1, ()), put(s.bars, 1, ()), put(s.known_cards, 1, ()))
    s.active = 0
    s.apply("0:play 6c,6d")  # two 6s: a third completes a run of three
    assert [str(a) for a in s.legal_actions(1)] == ["1:play 6s"]  # face-up, not the blind 6♥
    s.apply("1:play 6s")
    assert s.to_act == 1 and len(s.burnt) == 3 and s.face_up[1] == (31, 43)


def test_cut_in_conformance() -> None:
    report = check_game("shithead", players=4, seeds=range(4), full_every=23,
                        interrupt_rate=0.5, new_game_kwargs={"rules": {"cut_in": True}})
    assert report.games == 4 and report.interrupts > 0


def _refused_through_every_door(pair: dict[str, object], valid: dict[str, object],
                                *words: str) -> None:
    """``pair`` of options is a ``RulesError`` naming ``words`` from the constructor, a
    rules dict, ``evolve`` of the ``valid`` rules, a new game, the fitting of a bigger
    table, ``--rules`` and the room form (``bad_rules``), as ``lead_shown`` without the
    lowest starter is."""
    calls = [lambda: shithead.Rules(**pair),  # type: ignore[arg-type]
             lambda: rules_from_dict(shithead.Rules, pair),
             lambda: shithead.Rules(**valid).evolve(**pair),  # type: ignore[arg-type]
             lambda: shithead.new_game(3, seed=1, rules=pair),
             lambda: GAMES["shithead"].fit_rules(8, pair),
             lambda: parse_rules(GAMES["shithead"], [f"{k}={json.dumps(v)}"
                                                     for k, v in pair.items()])]
    for call in calls:
        with pytest.raises(RulesError) as refused:
            call()
        assert all(w in str(refused.value) for w in words), str(refused.value)
    with pytest.raises(ClientError) as form:
        playable_rules(GAMES["shithead"], 3, rules_to_dict(shithead.Rules()) | pair, pair)
    assert form.value.code == "bad_rules" and words[0] in form.value.detail


@ruling("SHD-25")
def test_cutting_in_with_no_run_that_burns_is_refused() -> None:
    """A cut-in completes the run of ``burn_run`` equal values (SHD-25); with
    ``burn_run=None`` no run burns the pile, so ``cut_in=True`` did nothing at all: the
    game started and no seat could ever cut in. The pair is refused, naming both."""
    _refused_through_every_door({"cut_in": True, "burn_run": None}, {"cut_in": True},
                                "cut_in=True needs burn_run", "burn_run=None")
    assert shithead.Rules(cut_in=True, burn_run=2).cut_in
    assert shithead.Rules(cut_in=False, burn_run=None).burn_run is None


@ruling("SHD-25", "SHD-02")
@pytest.mark.parametrize(("run", "decks", "needed"), [(5, 1, 2), (8, 1, 2), (12, 1, 3),
                                                      (9, 2, 3), (12, 2, 3)])
def test_a_run_that_burns_longer_than_the_decks_hold_is_refused(
        run: int, decks: int, needed: int) -> None:
    """Each deck holds four cards of a value (SHD-02), so ``burn_run=5`` with one deck
    could never burn the pile: it was accepted and the four-of-a-kind rule was silently
    off for the whole game. Refused, saying how many decks the run needs."""
    _refused_through_every_door({"burn_run": run, "decks": decks},
                                {"burn_run": run, "decks": 3},
                                f"burn_run={run} needs decks={needed} or more",
                                f"{4 * decks} cards of each value")


@ruling("SHD-25", "SHD-02")
def test_a_run_that_burns_up_to_what_the_decks_hold_plays() -> None:
    for run, decks in ((4, 1), (5, 2), (8, 2), (9, 3), (12, 3)):
        assert shithead.Rules(burn_run=run, decks=decks).burn_run == run
    # two decks: five of a kind laid by two seats burns the pile, the fifth plays again
    s = shithead.new_game(players=2, seed=1, rules={"burn_run": 5, "decks": 2, "swap": False},
                          deck=["4c", "4d", "4h", "4s", "Qs", "Ks", "6c", "6d", "6h",
                                "5c", "5d", "5h", "5s", "Qh", "Kh", "6c", "6d", "6s",
                                "Jc", "Jd", "Jh"], stock=3)
    apply_all(s, "0:play 6c,6d,6h")
    events = s.apply("1:play 6c,6d")
    assert [e.kind for e in events][:2] == ["play", "burn"] and s.pile == () and s.to_act == 1


# -- the simultaneous swap ----------------------------------------------------------------
@ruling("SHD-03")
def test_the_simultaneous_swap_runs_until_every_seat_is_ready() -> None:
    s = game(seat("6c 6d 6h", "4c 9d Qh", "Ac 2d Kh"), seat("7c 7d 7h", "8c 8d 8h", "2c 3d 5h"),
             seat("5c 5d 5s", "Jc Jd Jh", "3c 4s 9s"), rules={"swap_mode": "simultaneous"},
             swap=True)
    assert s.to_act == 0 and names(s)[0] == "0:ready" and len(names(s)) == 20
    assert str(s.legal_actions(2)[0]) == "2:ready"  # another seat's swap is an interrupt
    apply_all(s, "2:swap Jc/3c", "2:swap Jd/4s", "2:ready")
    assert [str(a) for a in s.legal_actions(2)] == ["2:unready"]
    assert s.view(None)["swapping"] == [0, 1]
    assert "unready" in s.view(2)["prompt"] and "ready" in s.view(0)["prompt"]
    assert_refused(s, "2:swap Jh/9s", code="ready", ruling="SHD-03")
    assert_refused(s, "2:ready", code="already_ready", ruling="SHD-03")
    assert_refused(s, "0:unready", code="not_ready", ruling="SHD-03")
    assert_refused(s, "0:done", code="swap_mode", ruling="SHD-03")
    apply_all(s, "0:ready", "2:unready", "2:swap 3c/Jc")
    assert s.to_act == 1 and s.view(None)["swapping"] == [1, 2]
    apply_all(s, "1:ready", "2:ready")
    assert s.view(None)["stage"] == "play" and s.face_up[2] == tuple(shithead.code_of(c) for c in
                                                          ("4♠", "J♣", "J♥"))
    turns = game(seat("6c 6d 6h", "4c 9d Qh", "Ac 2d Kh"), seat("7c 7d 7h", "8c 8d 8h", "2c 3d 5h"),
                 swap=True)
    assert_refused(turns, "0:ready", code="swap_mode", ruling="SHD-03")


@ruling("SHD-03", "SHD-01")
def test_the_simultaneous_swap_closes_at_the_action_limit() -> None:
    s = game(seat("6c 6d 6h", "4c 9d Qh", "Ac 2d Kh"), seat("7c 7d 7h", "8c 8d 8h", "2c 3d 5h"),
             rules={"swap_mode": "simultaneous", "action_limit": 50}, swap=True)
    for _ in range(25):
        if s.view(None)["stage"] != "swap":
            break
        apply_all(s, "1:ready", "1:unready")
    assert s.view(None)["stage"] == "play" and s.plays == 0 and not s.is_over


def test_simultaneous_swap_conformance() -> None:
    report = check_game("shithead", players=3, seeds=range(3), full_every=31,
                        interrupt_rate=0.2, new_game_kwargs={"rules": {"swap_mode": "simultaneous"}})
    assert report.games == 3 and report.interrupts > 0


# -- rules: variants with overrides, directions, scoring ---------------------------------
def test_a_variant_with_overrides() -> None:
    classic = shithead.Rules.variant("classic")
    s = shithead.new_game(players=3, rules=("classic", {"swap": False, "cut_in": True}))
    assert s.rules == classic.evolve(swap=False, cut_in=True) != classic
    assert s.rules.aces == "high" and not s.rules.swap and s.view(None)["stage"] == "play"
    via_registry = registry_new_game("shithead", players=3, rules=("classic", {"swap": False}))
    assert via_registry.rules == classic.evolve(swap=False)
    assert shithead.State.from_json(s.to_json()).rules == s.rules
    for bad in (("classic",), ("nope", {}), ("classic", {"swap": 1}), ("classic", {"x": 1}),
                ("classic", "swap")):
        with pytest.raises(RulesError):
            shithead.new_game(players=3, rules=bad)  # type: ignore[arg-type]
    with pytest.raises(RulesError):
        classic.evolve(decks=9)


def test_directions_are_named_clockwise_and_counter_clockwise() -> None:
    assert shithead.Rules(direction="right") == shithead.Rules()
    assert shithead.Rules(direction="left") == shithead.Rules(direction="clockwise")
    # a dict (a save's rules, --rules, the server's form) reads the old names too: the field
    # stays typed str, as cattrs refuses a Literal's other names before the converter runs
    left = shithead.new_game(players=3, rules={"direction": "left", "swap": False})
    assert left.rules.direction == "clockwise"
    s = shithead.new_game(players=3, rules={"direction": "clockwise", "swap": False})
    assert s.view(None)["direction"] == "clockwise" and s.rules.direction == "clockwise"
    with pytest.raises(RulesError):
        shithead.Rules(direction="up")


@ruling("SHD-01")
def test_scores_as_one_for_out_and_zero_for_the_loser() -> None:
    for rounds in (1, 3):
        s = shithead.new_game(players=4, seed=3, rules={"scoring": "out", "rounds": rounds})
        rng = Rng(3)
        while not s.is_over:
            legal = s.legal_actions()
            s.apply(legal[rng.below(len(legal))])
        out = s.outcome()
        assert out.scores == tuple(rounds - t for t in s.tally)
        if rounds == 1:
            assert sorted(out.scores) == [0, 1, 1, 1] and out.scores[s.loser] == 0


@ruling("SHD-01")
def test_an_even_match_is_a_draw_and_an_uneven_one_is_not() -> None:
    """The source keeps a tally of lost rounds but names no match winner. Decision: the
    seats that lost most lose, those that lost fewest win, and when every seat lost as
    many rounds nobody wins or loses (a draw), never every seat as both."""
    from tablegames.adapters.base import returns
    from tablegames.table import describe, present
    from tablegames.table.model import joined

    seen = set()
    for seed in range(40):
        s = shithead.new_game(players=3, seed=seed, rules={"rounds": 3})
        rng = Rng(seed)
        while not s.is_over:
            legal = s.legal_actions()
            s.apply(legal[rng.below(len(legal))])
        out, tally = s.outcome(), list(s.tally)
        even = min(tally) == max(tally)
        seen.add(even)
        assert not out.winners & out.losers
        view = s.view(0)
        model = present(view)
        assert model["result"] is not None
        # told to a spectator, which names every seat (seat 0 reads itself as "you")
        said = [describe(e, s.view(None)) for e in s.log(None) if e["kind"] == "game_over"]
        mine = [describe(e, view) for e in s.log(0) if e["kind"] == "game_over"]
        if even:
            assert out.winners == out.losers == frozenset() and returns(out, 3) == [0.0] * 3
            assert view["prompt"] == "The match is over: a draw, every player lost as many rounds."
            assert model["result"]["title"]["msg"] == "A draw"
            assert said[0] is not None and said[0]["msg"].startswith("The match is over: a draw")
        else:
            assert out.losers == {i for i, t in enumerate(tally) if t == max(tally)}
            assert out.winners == {i for i, t in enumerate(tally) if t == min(tally)}
            assert model["result"]["title"]["msg"] == "Game over"
            losers = [s.players[i] for i in sorted(out.losers)]  # told as one list
            assert said[0] == {"msg": "The match is over: {who} lost the most rounds.",
                               "plural": "The match is over: {who} tie for the most rounds "
                                         "lost.", "n": len(losers),
                               "args": {"n": len(losers), "who": joined(losers)}}  # a tie
            assert mine[0] is not None and \
                mine[0]["msg"].startswith("The match is over: you") == (0 in out.losers)
    assert seen == {True, False}  # both cases were played


# -- prompts -----------------------------------------------------------------------------
@pytest.mark.parametrize("rules", [None, "classic", {"cut_in": True},
                                   {"swap_mode": "simultaneous"}])
def test_prompts_offer_only_what_is_legal(rules: object) -> None:
    for seed in range(6):
        s = shithead.new_game(players=3, seed=seed, rules=rules)
        rng = Rng(seed)
        while not s.is_over:
            for p in range(3):
                v = s.view(p)
                verbs = {a.split(":")[1].split(" ")[0] for a in v["legal"]}
                prompt = v["prompt"].lower()
                assert ("pick up" in prompt) == ("pickup" in verbs), (prompt, v["legal"])
                assert ("say done" in prompt) == ("done" in verbs)
                assert ("then say ready" in prompt) == ("ready" in verbs)
                assert ("unready" in prompt) == ("unready" in verbs)
                assert ("cut in" in prompt) == (p != s.to_act and "play" in verbs)
                if "play" in verbs and p == s.to_act:
                    assert prompt.startswith("play cards")
            legal = s.legal_actions()
            s.apply(legal[rng.below(len(legal))])
