"""The house Phase 10 bot does not hoard cards that can no longer make a group.

Found by the house-rules property (``tests/test_any_rules.py``): five smart bots on the
list ``SET5, COLOUR4`` with 13-card hands (seed 84) played 32,000 actions of one hand.
Four seats were down on sets of 8, 2, 2 and 6 with every Wild laid; the fifth held the
other four 8s, which could never become a set of 5, and kept them as its best start, so
nobody could hit an 8 and nobody went out.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

from p10_scenarios import game

from tablegames import GAMES, phase10
from tablegames.common.rules import rules_from_dict
from tablegames.phase10.bots import SmartBot, live_cards, progress
from tablegames.phase10.cards import NAMES, PACK, counts_of
from tablegames.phase10.rules import SET
from tablegames.simulation import make_bots

SEAT_1 = "R8 R8 B8 Y8 B5 B5 G5 R1 B2 G3 Y4 R6"


def _dead_eights() -> phase10.State:
    """Seat 0 is down with a set of four 8s and all eight Wilds; seat 1, to draw, holds
    the other four 8s, three 5s and five odd cards, so its 8s make no set of 5 any more
    while its 5s still can (five more are off the table)."""
    table = "R12 G12 B8 G8 G8 Y8 W W W W W W W W R2 " + SEAT_1
    left = Counter({NAMES[f]: PACK.counts[f] for f in range(len(NAMES))})
    left.subtract(Counter(table.split()))
    rules = json.dumps({"phases": ["set5", "set5"], "hand_size": 12}, separators=(",", ":"))
    lines = ["tablegames position 1", "game: phase10", "player 0: P0", "player 1: P1",
             f"rules: {rules}", "rng: 1", "stage: draw", "active: 1",
             "made 0: 1", "hand 0: R12 G12", "laid 0: 1 set8=B8,G8,G8,Y8,W,W,W,W,W,W,W,W",
             "made 1: 1", f"hand 1: {SEAT_1}", "discard: R2",
             "stock: " + " ".join(sorted(left.elements()))]
    return phase10.State.from_position("\n".join(lines) + "\n")



def smart_game(options: dict[str, Any], players: int, seed: int,
               most: int = 5000) -> tuple[Any, int]:
    """A game of ``players`` smart bots under the house ``options``, played until it ends
    or ``most`` actions; with the most rebuilds of the draw pile any one hand had."""
    info = GAMES["phase10"]
    state = info.new_game(players=players, seed=seed,
                          rules=rules_from_dict(info.rules_class, options))
    bots = make_bots(info, "smart", players, seed)
    rebuilds = 0
    while not state.is_over and len(state.history) < most:
        state.apply(bots[state.to_act].choose(state))
        rebuilds = max(rebuilds, len(state.sources or ()) - 1)
    return state, rebuilds

def test_a_group_the_cards_off_the_table_cannot_complete_counts_for_nothing() -> None:
    state = _dead_eights()
    counts = counts_of(state.hands[1])
    phase = ((SET, 5),)
    assert progress(counts, phase) == 4  # four 8s, counted without the table
    live = live_cards(state)
    assert live is not None and live[0][8] == 4 and live[2] == 0  # 4 eights, no Wild off
    assert progress(counts, phase, live) == 3  # the three 5s are the best live start
    fresh = game("R1 R2 R3 R4 R5 R6 R7 R8 R9 R10", "B1 B2 B3 B4 B5 B6 B7 B8 B9 B10",
                 discard="G1")
    assert live_cards(fresh) is None  # nothing laid: every group is still possible


def test_the_smart_bot_lets_dead_cards_go_and_keeps_live_ones() -> None:
    state = _dead_eights()
    mine, theirs = SmartBot(0), SmartBot(1)
    discarded: list[str] = []
    for _ in range(40):
        if len(discarded) == 6 or state.round > 0:
            break
        seat = state.to_act
        action = (mine if seat == 1 else theirs).choose(state)
        state.apply(action)
        if seat == 1 and str(action).startswith("1:discard"):
            discarded.append(str(action).split()[-1])
    assert len(discarded) == 6
    assert [c for c in discarded if c.endswith("8") and c != "R12"], discarded  # an 8 goes
    assert not [c for c in discarded if c in ("B5", "G5")], discarded  # the live 5s stay


def test_the_game_that_hoarded_dead_eights_now_ends() -> None:
    state, _ = smart_game({"best_total": "highest", "phases": ["SET5", "COLOUR4"],
                           "hand_size": 13}, 5, 84)
    assert state.is_over, "five smart bots did not finish the game in 5,000 actions"


def test_a_hand_where_every_seat_keeps_what_another_needs_now_ends() -> None:
    """Six smart bots, ``SET5`` alone, 15-card hands, seed 26 (found by the house-rules
    property in CI): two seats short of their set each kept the cards the other needed,
    the four seats down kept their cheap cards, and the draw pile brought only 10s, 12s
    and Skips round and round: one hand ran past 31,000 actions. After
    ``STALL_REBUILDS`` rebuilds in a hand the bots let kept cards go in random order."""
    from tablegames.phase10.bots import STALL_REBUILDS

    state, most = smart_game({"first_skip": "twist", "phases": ["SET5"], "hand_size": 15},
                             6, 26)
    assert state.is_over, "six smart bots did not finish the game in 5,000 actions"
    assert most >= STALL_REBUILDS  # it did stall, and the bots broke it


def test_a_blocked_tie_break_hand_is_won_by_the_fewest_points() -> None:
    """P10-51 (decision) with P10-53: a house list of one ``set1`` phase with 14-card
    hands lets all five seats lay at once, every hand blocks, and under
    ``blocked_hand="dead"`` the tie-break hand ended dead, decided nothing and was
    replayed for ever (found by a house-rules stress run: 26,000 actions). A blocked
    tie-break hand now credits the contender holding the fewest points."""
    from tablegames.phase10.cards import POINTS

    state, _ = smart_game({"naturals": "phase", "blocked_hand": "dead", "scoring": "winner",
                           "phases": ["set1"], "hand_size": 14}, 5, 86)
    assert state.is_over and state.results[-1]["tiebreak"]
    assert state.results[-1]["out"] is None  # nobody went out: the hand was blocked
    held = {s: sum(POINTS[c] for c in state.last_hands[s])
            for s in range(5) if state.playing[s]}
    assert state.winner == min(held, key=held.__getitem__)
    assert sorted(held.values()).count(held[state.winner]) == 1
