"""Rules as data: options are validated, variants are named, house phase lists play."""

from __future__ import annotations

import json

import pytest
from p10_scenarios import game, legal, play, refused

from tablegames.common.errors import RulesError
from tablegames.common.rules import rules_from_dict, rules_to_dict
from tablegames.phase10 import GAME, VARIANTS, Rules, State, new_game, parse_phase
from tablegames.phase10.cards import PACK, SKIP
from tablegames.simulation import play_game


@pytest.mark.parametrize("options", [
    {"first_skip": "cover"}, {"naturals": "none"}, {"hit_same_turn": "no"},
    {"hand_size": 0}, {"hand_size": 17}, {"phases": []}, {"phases": ["set3+bogus"]},
    {"phases": ["run13"]}, {"phases": ["run1"]}, {"phases": ["run9"], "hand_size": 7},
    {"colour": 7}, {"phase_choice": True, "phases": ["set3+run4", "run4+set3"]},
    {"phases": ["set\u0663+set3"]},  # a digit of another script is not a size
])
def test_bad_options_are_rules_errors(options: dict[str, object]) -> None:
    with pytest.raises(RulesError):
        rules_from_dict(Rules, options)
    with pytest.raises(RulesError):
        new_game(players=3, rules=options)


def test_variants_round_trip_and_unknown_names_fail() -> None:
    for name, rules in VARIANTS.items():
        assert rules_from_dict(Rules, json.loads(json.dumps(rules_to_dict(rules)))) == rules
        assert Rules.variant(name) == rules
    with pytest.raises(RulesError):
        new_game(players=3, rules="ten-phase-blitz")


def test_phase_text_is_read_in_any_order() -> None:
    assert parse_phase("run4+set3") == parse_phase("set3 + run4") == ((0, 3), (1, 4))
    assert parse_phase("colour7") == ((2, 7),)


def test_a_house_phase_list_plays_to_the_end() -> None:
    rules = Rules(phases=("colour4", "run5+set2", "set3+set3+set3"), hand_size=12)
    for seed in range(4):
        state = play_game(GAME, 3, seed, "smart", rules=rules)
        assert max(state.completed) == 3
        assert len(state.history) < GAME.max_actions(state)


def dead_hand(rules: Rules | None = None) -> State:
    """Seat 0 to discard its Skip with nothing left to draw: every number card and seven
    Wilds are laid on four colour groups, the rest is in hand, the discard pile is empty
    (seat 0 took its last card, a Wild). Reachable: hits can grow colour groups that far."""
    rules = rules or Rules(phases=("colour1+colour1", "set3+set3"))
    state = new_game(players=2, seed=3, rules=rules)
    data = json.loads(state.to_json())
    w = PACK.code("W")

    def colour(k: int, wilds: int) -> list[object]:
        return [2, k, sorted(c for c in range(48) if c // 12 == k for _ in range(2)) + [w] * wilds]

    data["state"].update(
        stage="play", active=0, stock=[], discard=[], hands=[[w, SKIP], [SKIP] * 3],
        laid=[[colour(0, 4), colour(1, 0)], [colour(2, 3), colour(3, 0)]],
        down=[True, True], laid_phase=[0, 0], made=[1, 1], completed=[1, 1], phases=[0, 0],
        known_cards=[[w], []], drawn=[[], []], rebuilt=None,
        pending_skips=[False, False],
        sources=None, hand_log=[[], []])  # made up, not played: a hand without its record
    return State.from_json(json.dumps(data))


@pytest.mark.ruling("P10-59")
def test_a_hand_with_nothing_left_to_draw_ends_dead() -> None:
    """Draw pile empty and only a Skip on the discard pile: nobody out, all score."""
    state = dead_hand()
    state.apply("0:discard S>1")
    last = state.view(None)["last_round"]
    assert last["out"] is None
    assert last["added"] == [25, 45] and last["hands"] == [["W"], ["S", "S", "S"]]
    assert state.round == 1 and state.view(None)["stock"] > 0


@pytest.mark.ruling("P10-41", "P10-44")
def test_masters_style_any_open_phase_in_any_order() -> None:
    """House rule ``phase_choice``: any phase not yet made, each once."""
    hand = "R3 B3 G3 R5 B6 G7 Y8 Y1 G11 G12"  # phase 2's cards, while on phase 1
    fixed = game(hand, "R1 B2 G4 Y5 R6 B8 G9 Y10 R11 B12", discard="B11", stock="R10")
    fixed.apply("0:draw")
    refused(fixed, "0:lay set3=R3,B3,G3 run5-8=R5,B6,G7,Y8", "wrong_phase", "P10-41")
    state = game(hand, "R1 B2 G4 Y5 R6 B8 G9 Y10 R11 B12", discard="B11", stock="R10",
                 rules="masters")
    assert state.view(0)["phases"][0]["open"] == list(range(1, 11))
    state.apply("0:draw")
    assert "0:lay set3=R3,B3,G3 run5-8=R5,B6,G7,Y8" in legal(state)
    play(state, "0:lay set3=R3,B3,G3 run5-8=R5,B6,G7,Y8")
    assert state.made[0] == 0b10 and state.completed[0] == 1
    # P10-44: one phase a hand, so a seat that is down shows the phase it laid, nothing open
    assert state.view(None)["phases"][0] == {"phase": 2, "text": "set of 3 + run of 4",
                                             "open": []}
    from tablegames.phase10.present import present

    stats = json.dumps(present(state.view(1))["seats"][0]["stats"])
    assert "may also lay" not in stats and '"n": 2' in stats


@pytest.mark.ruling("P10-10")
def test_phase_texts_from_callers_are_parsed_per_rules_object() -> None:
    """A room server reads whatever phase lists its players write: nothing process-wide
    remembers them (each ``Rules`` keeps its own parsed phases, which are no field: not
    saved, not compared), and a phase text is at most 200 characters."""
    from tablegames.phase10 import rules as p10rules

    for i in range(300):
        spelling = "set3" + " " * (i % 150) + "+run" + str(4 + i % 5)
        rules = Rules(phases=(spelling, f"run{3 + i % 8}"), hand_size=16)
        assert rules.phase_reqs is rules.phase_reqs  # parsed once per rules object
        assert rules.phase_reqs == tuple(parse_phase(p) for p in rules.phases)
        assert p10rules.describe_phase(spelling) == p10rules.describe_reqs(
            rules.phase_reqs[0]) == f"set of 3 + run of {4 + i % 5}"
        assert rules == Rules(phases=(spelling, f"run{3 + i % 8}"), hand_size=16)
    assert not any(hasattr(f, "cache_info") for f in vars(p10rules).values())
    with pytest.raises(RulesError, match="at most 200 characters"):
        parse_phase("set3" + " " * 300)
    assert parse_phase("SET 3 + run 4") == parse_phase("set3+run4")
