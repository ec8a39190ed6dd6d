"""A blocked hand (our decision on P10-51): nobody can ever go out, so the hand ends.

Under house phase lists a hand can reach a point where every seat has laid its phase (or
cannot make it from the cards off the table) and no card off the table fits any laid
group: each turn's draw and discard then leave every hand as it was, for ever.
``Rules.blocked_hand`` says how such a hand ends: ``"dead"`` (the default, as P10-59's dead
hand) or ``"lowest"`` (the seat holding the fewest points is credited as if out).
"""

from __future__ import annotations

import json

import pytest
from p10_scenarios import game, play

from tablegames import phase10
from tablegames.common.errors import RulesError
from tablegames.common.rng import Rng
from tablegames.phase10 import Rules, new_game

RED = " ".join(f"R{n}" for n in range(1, 13))
BLUE = " ".join(f"B{n}" for n in range(1, 13))
GREEN = " ".join(f"G{n}" for n in range(1, 13))
LAY_RED = "lay run1-12=" + RED.replace(" ", ",")
LAY_BLUE = "lay run1-12=" + BLUE.replace(" ", ",")


def runs(blocked_hand: str = "dead", **setup: object) -> phase10.State:
    """Two seats each lay a full run 1-12 (which takes no card, not even a Wild) and keep
    one card: seat 0 Y5 (5 points), seat 1 G11 (10 points). Seat 1's discard is the last
    action before seat 0's turn would begin."""
    rules = Rules(phases=("run12", "run12"), hand_size=13, blocked_hand=blocked_hand)  # type: ignore[arg-type]
    state = game(RED + " Y5", BLUE + " Y6", discard="G2", stock="G1 G11", rules=rules, **setup)
    play(state, "0:draw", f"0:{LAY_RED}", "0:discard G1", "1:draw", f"1:{LAY_BLUE}")
    return state


@pytest.mark.ruling("P10-51", "P10-59", "P10-52")
def test_a_blocked_hand_ends_dead_by_default_and_everyone_scores_their_cards() -> None:
    state = runs()
    events = state.apply("1:discard Y6")
    assert [e.kind for e in events][:2] == ["discard", "round_over"]
    last = state.view(None)["last_round"]
    assert last["out"] is None and last["hands"] == [["Y5"], ["G11"]]
    assert last["added"] == [5, 10] and state.scores == (5, 10)
    assert state.round == 1 and not state.is_over  # the next hand is dealt
    assert state.made == (1, 1)  # both laid phase 1: both go on to phase 2
    assert Rules().blocked_hand == "dead"


@pytest.mark.ruling("P10-51", "P10-52")
def test_blocked_hand_lowest_credits_the_seat_holding_fewest_points() -> None:
    state = runs("lowest")
    state.apply("1:discard Y6")
    last = state.view(None)["last_round"]
    assert last["out"] is None  # nobody went out: seat 0 is only credited as if out
    assert last["added"] == [0, 10]
    credited = game(RED + " Y5", BLUE + " Y6", discard="G2", stock="G1 G11",
                    rules=Rules(phases=("run12", "run12"), hand_size=13,
                                blocked_hand="lowest", scoring="winner"))
    play(credited, "0:draw", f"0:{LAY_RED}", "0:discard G1", "1:draw", f"1:{LAY_BLUE}",
         "1:discard Y6")
    assert credited.view(None)["last_round"]["added"] == [10, 0]  # takes seat 1's G11


@pytest.mark.ruling("P10-51")
def test_blocked_hand_lowest_ends_dead_on_a_tie_for_fewest() -> None:
    rules = Rules(phases=("run12", "run12"), hand_size=13, blocked_hand="lowest")
    state = game(RED + " Y5", BLUE + " Y6", discard="G2", stock="G1 R5", rules=rules)
    play(state, "0:draw", f"0:{LAY_RED}", "0:discard G1", "1:draw", f"1:{LAY_BLUE}",
         "1:discard Y6")
    last = state.view(None)["last_round"]
    assert last["hands"] == [["Y5"], ["R5"]] and last["added"] == [5, 5]


def blocked_tiebreak(blocked_hand: str, scores: list[int]) -> phase10.State:
    """A tie-break hand (P10-53) where both seats have laid a full run and hold one card:
    seat 1 (to act) holds G11, seat 0 holds Y5."""
    rules = Rules(phases=("run12",), hand_size=13, blocked_hand=blocked_hand)  # type: ignore[arg-type]
    state = game(RED + " Y5", BLUE + " Y6", discard="G2", stock="G1 G11", rules=rules,
                 scores=scores)
    play(state, "0:draw", f"0:{LAY_RED}", "0:discard G1", "1:draw", f"1:{LAY_BLUE}",
         "1:discard Y6")
    assert state.tiebreak and state.scores == (10, 10) and state.active == 1
    data = json.loads(state.to_json())
    s = data["state"]
    code = phase10.PACK.code
    reds, blues = list(range(12)), list(range(12, 24))
    assert [code(c) for c in RED.split()] == reds and [code(c) for c in BLUE.split()] == blues
    s["laid"] = [[[1, 1, reds]], [[1, 1, blues]]]
    s["down"], s["laid_phase"] = [True, True], s["phases"]
    s["hands"] = [[code("Y5")], [code("G11")]]
    rest = sorted(phase10.PACK.full_deck())
    for c in (*reds, *blues, code("Y5"), code("G11"), code("G2")):
        rest.remove(c)
    rest.remove(code("Y12"))
    s["stock"], s["discard"] = [*rest, code("Y12")], [code("G2")]  # drawn from the end
    s["known_cards"], s["drawn"], s["rebuilt"], s["stage"] = [[], []], [[], []], None, "draw"
    # hands made up, not played: a hand without its record (as a position without it)
    s["sources"], s["hand_log"] = None, [[], []]
    return phase10.State.from_json(json.dumps(data))


@pytest.mark.ruling("P10-51", "P10-53")
def test_a_blocked_tie_break_hand_is_won_by_the_credited_seat_under_lowest() -> None:
    state = blocked_tiebreak("lowest", [10, 0])
    play(state, "1:draw", "1:discard G11")  # seat 1 keeps Y12 (10), seat 0 holds Y5 (5)
    assert state.is_over and state.outcome().winners == {0}


@pytest.mark.ruling("P10-51", "P10-53", "P10-59")
def test_a_blocked_tie_break_hand_is_won_by_the_fewest_points_under_dead_too() -> None:
    """A tie-break hand scores nothing, so ending it dead decided nothing and its replay
    could block again for ever: under ``blocked_hand="dead"`` too, the contender holding
    the fewest points wins it (it used to end dead and the tie-break went on)."""
    state = blocked_tiebreak("dead", [5, 0])
    events = state.apply("1:draw") + state.apply("1:discard G11")  # Y12 (10) vs Y5 (5)
    kinds = [e.kind for e in events]
    assert "tiebreak" not in kinds and kinds[-1] == "game_over"
    assert state.is_over and state.outcome().winners == {0}


@pytest.mark.ruling("P10-51", "P10-41")
def test_a_seat_yet_to_lay_keeps_the_hand_going_while_its_phase_can_be_made() -> None:
    """Seats 0 and 1 are down with full runs; seat 2 is still on phase 1 (a full run it
    can still make from the cards off the table): the hand goes on to seat 2's turn."""
    rules = Rules(phases=("run12", "set16"), hand_size=15)
    state = game(RED + " Y5 Y7 Y9", BLUE + " Y6 Y8 Y10", GREEN + " Y1 Y2 Y3",
                 discard="G2", stock="W W W", rules=rules)
    play(state, "0:draw", f"0:{LAY_RED}", "0:discard W", "1:draw", f"1:{LAY_BLUE}")
    state.apply("1:discard W")
    assert state.to_act == 2 and state.round == 0


@pytest.mark.ruling("P10-51", "P10-41")
def test_a_seat_whose_phase_cannot_be_made_from_the_cards_off_the_table_blocks() -> None:
    """Seat 2 must make a set of 16 (eight of one number and all eight Wilds), but two
    runs 1-12 on the table leave six of each number: it never can."""
    rules = Rules(phases=("run12", "set16"), hand_size=15)
    state = game(RED + " Y5 Y7 Y9", BLUE + " Y6 Y8 Y10", GREEN + " Y1 Y2 Y3",
                 discard="G2", stock="W W W", rules=rules, phases=[1, 1, 2])
    play(state, "0:draw", f"0:{LAY_RED}", "0:discard W", "1:draw", f"1:{LAY_BLUE}")
    events = state.apply("1:discard W")
    assert "round_over" in [e.kind for e in events] and state.round == 1
    assert state.view(None)["last_round"]["out"] is None


@pytest.mark.ruling("P10-51", "P10-50")
def test_a_hand_is_not_blocked_while_a_card_off_the_table_fits_a_group() -> None:
    """A run 2-12 still takes a 1 or a Wild: the hand goes on."""
    rules = Rules(phases=("run11", "run11"), hand_size=13)
    state = game(RED + " Y5", BLUE + " Y6", discard="G2", stock="G3 G11", rules=rules)
    play(state, "0:draw", "0:lay run2-12=" + ",".join(RED.split()[1:]), "0:discard G3",
         "1:draw", "1:lay run2-12=" + ",".join(BLUE.split()[1:]), "1:discard G11")
    assert state.round == 0 and state.to_act == 0


def test_blocked_hand_is_a_checked_option() -> None:
    with pytest.raises(RulesError, match="blocked_hand"):
        Rules(blocked_hand="never")  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="blocked_hand"):
        new_game(players=2, seed=1, rules={"blocked_hand": True})


@pytest.mark.ruling("P10-51")
def test_the_blocked_test_reads_only_what_the_table_sees() -> None:
    """Every world a seat may sample agrees with the real state on whether the hand is
    blocked, over hands played by the house bot under lists that block often."""
    for seed in range(6):
        state = new_game(players=3, seed=seed, rules={"phases": ["run3"], "hand_size": 14})
        bots = [phase10.SmartBot(seed * 10 + s) for s in range(3)]
        rng = Rng(seed)
        for _ in range(400):
            if state.is_over:
                break
            seat = state.to_act
            assert seat is not None
            for viewer in range(3):
                world = state.sample_world(viewer, rng)
                assert world._blocked() == state._blocked()
            state.apply(bots[seat].choose(state))
        assert state.results, "no hand ended in 400 actions"


def _stuck_on_shared_cards() -> str:
    """Five players; four are down with eight full runs 1-12 (every Wild on the table),
    and seat 1 must still lay ``set2+run3`` from the eight naturals off the table: a pair
    and a run that each fit those counts, but only by sharing a 3 (R3 B3 Y4 Y5, and no
    third 3). No card off the table fits a run of twelve."""
    off = ["R3", "B3", "Y4", "Y5", "R12", "G1", "G7", "G9"]
    left = {f"{c}{n}": 2 for c in "RBGY" for n in range(1, 13)}
    for face in off:
        left[face] -= 1
    runs = []
    for _ in range(8):
        body = []
        for n in range(1, 13):
            face = next((f"{c}{n}" for c in "RBGY" if left[f"{c}{n}"] > 0), None)
            if face is None:
                body.append("W")
            else:
                left[face] -= 1
                body.append(face)
        runs.append("run1-12=" + ",".join(body))
    rules = json.dumps({"phases": ["run2+run2", "set2+run3"], "hand_size": 5},
                       separators=(",", ":"))
    lines = ["tablegames position 1", "game: phase10",
             *(f"player {i}: P{i}" for i in range(5)), f"rules: {rules}", "rng: 1",
             "stage: draw", "active: 1",
             "made 0: 1", "hand 0: R12", f"laid 0: 1 {runs[0]} {runs[1]}",
             "made 1: 1", "hand 1: R3 B3 Y4 Y5 G7",
             "made 2: 1", "hand 2: G1", f"laid 2: 1 {runs[2]} {runs[3]}",
             "made 3: 1", "hand 3: S", f"laid 3: 1 {runs[4]} {runs[5]}",
             "made 4: 1", "hand 4: S", f"laid 4: 1 {runs[6]} {runs[7]}",
             "discard: G9 S", "stock: S"]
    return "\n".join(lines) + "\n"


def test_a_phase_whose_groups_would_share_cards_is_known_impossible() -> None:
    """The counts alone said seat 1 might still lay (each group fits them), and the hand
    went on for ever (200,000 random actions, found by a reviewer); the exact search
    says no lay-down exists, so the hand is blocked as the next turn begins (P10-51)."""
    state = phase10.State.from_position(_stuck_on_shared_cards())
    assert state.round == 0 and not state.down[1]
    rng = Rng(3)
    for _ in range(4):  # seat 1's turn: draw and discard, then the next turn begins
        if state.round > 0 or state.is_over:
            break
        moves = state.legal_actions()
        state.apply(rng.choice(moves))
    assert state.round > 0 or state.is_over


@pytest.mark.ruling("P10-51", "P10-50")
def test_a_hand_whose_every_wild_is_laid_blocks_once_nothing_else_fits() -> None:
    """Sets take any Wild, so while one is off the table a hit is left; once all eight are
    laid (four in each set of 12) and no natural 7 or 8 is left either, nobody can go out:
    the hand ends (dead, everyone scores what they hold) and, both seats having laid the
    last phase, a tie-break hand follows (P10-53)."""
    sets = "R7 R7 B7 B7 G7 G7 Y7 Y7 W W W W R1 R8 R8 B8 B8 G8 G8 Y8 Y8 W W W W B1 G1"
    deck = f"{sets} R2 R3 R4".split()
    state = new_game(2, seed=1, rules=Rules(phases=("set12",), hand_size=13), deck=deck)
    play(state, "0:draw", "0:lay set7=R7,R7,B7,B7,G7,G7,Y7,Y7,W,W,W,W", "0:discard R2",
         "1:draw", "1:lay set8=R8,R8,B8,B8,G8,G8,Y8,Y8,W,W,W,W")
    events = state.apply("1:discard R3")
    assert [e.kind for e in events][:3] == ["discard", "round_over", "tiebreak"]
    assert state.view(None)["last_round"]["added"] == [5, 5]


@pytest.mark.ruling("P10-53", "P10-25")
def test_the_tie_break_and_a_covered_skip_are_told_in_words() -> None:
    """Every Phase 10 event has a sentence of its own (the catch-all "who: what" read
    ": tiebreak" and ": cover"): the tied seats read "you" and the others by name."""
    from tablegames.table import describe
    from tablegames.table.i18n import words_for

    sets = "R7 R7 B7 B7 G7 G7 Y7 Y7 W W W W R1 R8 R8 B8 B8 G8 G8 Y8 Y8 W W W W B1 G1"
    state = new_game(2, seed=1, rules=Rules(phases=("set12",), hand_size=13),
                     deck=f"{sets} R2 R3 R4".split())
    play(state, "0:draw", "0:lay set7=R7,R7,B7,B7,G7,G7,Y7,Y7,W,W,W,W", "0:discard R2",
         "1:draw", "1:lay set8=R8,R8,B8,B8,G8,G8,Y8,Y8,W,W,W,W")
    tie = next(e for e in state.apply("1:discard R3") if e.kind == "tiebreak")
    told = {seat: words_for("en", "phase10").text(describe(tie.for_seat(seat),
                                                           state.view(seat)))
            for seat in (0, 1, None)}
    assert told == {0: "You and P1 are tied: you play a tie-break hand.",
                    1: "You and P0 are tied: you play a tie-break hand.",
                    None: "P0 and P1 are tied: they play a tie-break hand."}
    da = words_for("da", "phase10").text(describe(tie.for_seat(None), state.view(None)))
    assert da == "P0 og P1 står lige: de spiller et omspil."
    # Arabic: the tie may be two players or more, and the sentence has no count, so
    # neither line leans on a plural verb (a dual "متعادلان" would be needed for two)
    ar = {seat: words_for("ar", "phase10").text(describe(tie.for_seat(seat), state.view(seat)))
          for seat in (0, None)}
    assert ar == {0: "تعادلت مع P1: تلعب يداً لكسر التعادل.",
                  None: "تعادل P0 وP1: تُلعب يد لكسر التعادل."}

    hands = "R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 B1 B2 B3 B4 B5 B6 B7 B8 B9 B10"
    twist = new_game(2, seed=1, rules="twist", deck=f"{hands} S G5".split())
    cover = next(e for e in twist.log(0) if e["kind"] == "cover")
    said = words_for("en", "phase10").text(describe(cover, twist.view(0)))
    assert said == "The Skip turned up is covered with green 5."
    said = words_for("da", "phase10").text(describe(cover, twist.view(0)))
    assert said == "Det vendte Spring-kort dækkes med grøn 5."
