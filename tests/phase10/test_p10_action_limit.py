"""The move limit of a Phase 10 hand (P10-61, ``Rules.action_limit``): a hand that runs
that many actions ends as the next turn begins, as a dead hand (P10-59); older engines'
saves and records play under the largest limit; and a hand at the largest limit still
writes a position and a save their readers read (measured on the worst case, built
cheaply with a small limit)."""

from __future__ import annotations

import json
from typing import Any

import attrs
import pytest

import tablegames
from tablegames import GAMES, phase10
from tablegames.common.errors import RulesError, StateError
from tablegames.common.position import MAX_TEXT as POSITION_MAX
from tablegames.common.saves import _text_hash
from tablegames.common.serialization import MAX_TEXT as SAVE_MAX
from tablegames.phase10 import DEFAULT_ACTION_LIMIT, MAX_ACTION_LIMIT
from tablegames.simulation import make_bots

ruling = pytest.mark.ruling

INFO = GAMES["phase10"]


def draw_and_discard(state: phase10.State) -> None:
    """One turn that never lays: draw from the pile, discard the highest card held that
    was not taken (each such card is a ``+`` and a ``-`` word in the hand's log, the
    position text's largest per-turn growth)."""
    seat = state.to_act
    assert seat is not None
    state.apply(f"{seat}:draw")
    discards = [a for a in state.legal_actions() if str(a).startswith(f"{seat}:discard")]
    state.apply(discards[-1])


@ruling("P10-61")
def test_a_hand_at_the_move_limit_ends_dead_as_the_next_turn_begins() -> None:
    state = phase10.new_game(players=3, seed=4, rules={"action_limit": 50})
    seen: list[Any] = []
    while state.round == 0:
        assert len(state.history) < 100, "the move limit of 50 did not stop the hand"
        before = state.plays
        seen += state.apply(next(iter(state.legal_actions())) if state.stage == 0
                            else state.legal_actions()[-1])
        assert state.round > 0 or state.plays == before + 1  # every action counts
    over = [e for e in seen if e.kind == "round_over"]
    assert len(over) == 1
    data = over[0].for_seat(None)
    assert data["limit_hit"] is True and data["out"] is None  # P10-61: nobody out
    # P10-59's dead hand: everyone scores the cards they hold
    assert data["added"] == [phase10.hand_points(" ".join(h)) for h in data["hands"]]
    assert state.results[0]["limit_hit"] is True
    assert state.plays == 0  # counted afresh in the new hand
    assert state.view(None)["last_round"]["limit_hit"] is True
    text = state.to_json()
    assert phase10.State.from_json(text, verify=True).to_json() == text
    assert tablegames.replay(state.record()).to_json() == text


@ruling("P10-61")
def test_the_turn_under_way_is_played_out_and_a_normal_hand_says_no_limit() -> None:
    state = phase10.new_game(players=2, seed=2, rules={"action_limit": 51})
    while state.plays < 50:
        draw_and_discard(state)
    assert state.round == 0 and state.plays == 50 and state.stage == 0  # 50 < 51: play on
    draw_and_discard(state)  # 52 actions: the hand ends as the next turn begins
    assert state.round == 1 and state.results[0]["limit_hit"] is True
    short = phase10.new_game(players=2, seed=1, rules="short")
    bots = make_bots(INFO, "smart", 2, 1)
    while short.round == 0:
        short.apply(bots[short.to_act].choose(short))
    assert short.results[0]["limit_hit"] is False and short.results[0]["out"] is not None


@ruling("P10-61")
def test_the_limit_is_a_checked_house_rule() -> None:
    assert phase10.Rules().action_limit == DEFAULT_ACTION_LIMIT == 10_000
    for bad in (49, MAX_ACTION_LIMIT + 1, True, 100.0, "100"):
        with pytest.raises(RulesError):
            phase10.Rules(action_limit=bad)  # type: ignore[arg-type]
    assert phase10.Rules(action_limit=MAX_ACTION_LIMIT).action_limit == 20_000
    # the cap of a game: room for its hands at the limit, and at most 2,500,000
    small = {"phases": ["set3"], "action_limit": 100}
    state = phase10.new_game(players=2, seed=1, rules=small)
    assert INFO.max_actions(state) == 13 * 2 * 400  # the measured allowance is more
    state = phase10.new_game(players=2, seed=1, rules={**small, "action_limit": 20_000})
    assert INFO.max_actions(state) == 13 * (20_000 + 10 + 4)  # 13 hands at the limit
    whole = phase10.new_game(players=6, seed=1, rules={"phases": ["set5+set5+set5+set2"] * 30,
                                                       "hand_size": 16})
    assert INFO.max_actions(whole) == 2_500_000  # the most any game is allowed


def as_engine_4(text: str) -> str:
    """``text`` (a save by engine 6) as engine 4 wrote it: no ``action_limit`` in its
    rules (nor engine 6's ``limit_tiebreak``; hash of the text as saved), no ``plays``,
    no ``limit_hit`` (nor engine 6's ``credited``) on its sheet."""
    save = json.loads(text)
    save["engine"] = 4
    del save["rules"]["action_limit"], save["rules"]["limit_tiebreak"]
    save["rules_hash"] = _text_hash(save["rules"])
    del save["state"]["plays"]
    for res in save["state"]["results"]:
        del res["limit_hit"], res["credited"]
    return json.dumps(save)


@ruling("P10-61")
def test_an_engine_4_save_plays_under_the_largest_limit_and_counts_its_hand() -> None:
    fresh = phase10.new_game(players=3, seed=7)  # no hand near the limit
    bots = make_bots(INFO, "eager", 3, 7)
    while fresh.round < 2 or fresh.plays < 6:
        fresh.apply(bots[fresh.to_act].choose(fresh))
    text = as_engine_4(fresh.to_json())
    loaded = phase10.State.from_json(text)
    assert loaded.rules.action_limit == MAX_ACTION_LIMIT  # not the default
    assert loaded.plays == fresh.plays == 6 and len(loaded.results) == 2
    assert all(res["limit_hit"] is False for res in loaded.results)
    assert all(res["credited"] is None for res in loaded.results)  # engine 6's, unrecorded
    phase10.State.from_json(text, verify=True)
    again = loaded.to_json()  # saved as today's engine, it verifies as one
    assert json.loads(again)["engine"] == phase10.State.ENGINE
    assert phase10.State.from_json(again, verify=True).to_json() == again
    record = fresh.record()
    record["engine"] = 4
    del record["rules"]["action_limit"], record["rules"]["limit_tiebreak"]
    assert tablegames.replay(record).rules.action_limit == MAX_ACTION_LIMIT


def test_an_engine_4_save_holding_engine_5_fields_is_refused() -> None:
    state = phase10.new_game(players=2, seed=1)
    draw_and_discard(state)
    save = json.loads(as_engine_4(state.to_json()))
    save["state"]["plays"] = 2
    with pytest.raises(StateError, match="plays"):
        phase10.State.from_json(json.dumps(save))


@ruling("P10-61")
def test_an_engine_4_save_or_record_naming_the_limit_is_refused() -> None:
    # no engine before 5 wrote action_limit or limit_hit: a save claiming engine 4 with a
    # smaller limit would replay hands its engine never stopped (helper-176)
    state = phase10.new_game(players=2, seed=1, rules={"action_limit": 60})
    draw_and_discard(state)
    save = json.loads(as_engine_4(state.to_json()))
    save["rules"]["action_limit"] = 60
    save["rules_hash"] = _text_hash(save["rules"])
    with pytest.raises(StateError, match=r"^\$\.rules: .*engine 4 holds action_limit"):
        phase10.State.from_json(json.dumps(save))
    record = state.record()
    record["engine"] = 4
    del record["rules"]["limit_tiebreak"]  # (engine 6's option would be refused first)
    with pytest.raises(StateError, match="engine 4 holds action_limit"):
        tablegames.replay(record)
    short = phase10.new_game(players=2, seed=1, rules="short")
    bots = make_bots(INFO, "smart", 2, 1)
    while short.round == 0:
        short.apply(bots[short.to_act].choose(short))
    for value in (False, True):  # not even the value engine 5 would have written
        save = json.loads(as_engine_4(short.to_json()))
        save["state"]["results"][0]["limit_hit"] = value
        with pytest.raises(StateError, match="engine 4 holds limit_hit"):
            phase10.State.from_json(json.dumps(save))
    phase10.State.from_json(as_engine_4(short.to_json()), verify=True)  # as written: loads


def test_an_engine_4_save_whose_history_reaches_elsewhere_says_so() -> None:
    # the replay that counts the hand ends at another stage: the save contradicts its
    # history, which is no hand running past the limit (the message said so before)
    state = phase10.new_game(players=2, seed=1)
    draw_and_discard(state)
    state.apply(f"{state.to_act}:draw")
    save = json.loads(as_engine_4(state.to_json()))
    shorter = phase10.new_game(players=2, seed=1)
    draw_and_discard(shorter)
    save["history"] = json.loads(shorter.to_json())["history"]
    with pytest.raises(StateError, match="contradicts its own history") as info:
        phase10.State.from_json(json.dumps(save))
    assert "ran past" not in str(info.value) and "stage draw" in str(info.value)


def test_an_engine_4_hand_longer_than_the_largest_limit_is_refused() -> None:
    state = phase10.new_game(players=2, seed=3, rules={"action_limit": MAX_ACTION_LIMIT})
    rules = state.rules
    object.__setattr__(rules, "action_limit", 10**6)  # engine 4: no limit at all
    while state.plays <= MAX_ACTION_LIMIT + 10:
        draw_and_discard(state)
    object.__setattr__(rules, "action_limit", MAX_ACTION_LIMIT)
    with pytest.raises(StateError, match="ran past 20000 actions"):
        phase10.State.from_json(as_engine_4(state.to_json()))


def worst_hand(limit: int) -> phase10.State:
    """The hand whose position grows fastest per action: six seats of 16 cards, so the
    12 cards left are rebuilt into a draw pile every few draws (each rebuild writes its
    cards on ``sources`` and a ``/`` in every seat's log), and every turn a draw and a
    discard the table did not see taken, of a two-character card where it can. Played
    to just before the limit stops it."""
    rules = {"hand_size": 16, "phases": ["set5+set5+set5+set2"], "action_limit": limit}
    state = phase10.new_game(players=6, seed=5, rules=rules)
    while state.plays < limit - 2:
        draw_and_discard(state)
    assert state.round == 0 and state.rebuilt is not None
    return state


def test_a_hand_at_the_largest_limit_writes_a_position_its_reader_reads() -> None:
    short, long = worst_hand(200), worst_hand(1200)
    grow = (len(long.to_position()) - len(short.to_position())) / (long.plays - short.plays)
    assert grow <= 8  # the figure Rules.action_limit's docstring and P10-61 state
    # the score sheet of every hand max_actions allows, at its longest line (six seats)
    line = len('result 99: {"out":null,"added":[999,999,999,999,999,999],"tiebreak":true,'
               '"phase_laid":[30,30,30,30,30,30],"limit_hit":true}\n')
    hands = 3 * 30 + 10
    turn = 16 + 4  # the turn under way when the limit is reached is played out
    assert len(long.to_position()) + grow * (MAX_ACTION_LIMIT + turn) + hands * line < POSITION_MAX
    text = long.to_position()
    assert phase10.from_position(text).to_position() == text


def test_a_game_inside_max_actions_writes_a_save_its_reader_reads() -> None:
    # the largest game the rules allow: 30 phases, 16-card hands, the largest limit
    rules = phase10.Rules(phases=("set5+set5+set5+set2",) * 30, hand_size=16,
                          action_limit=MAX_ACTION_LIMIT)
    state = phase10.new_game(players=6, seed=5, rules=rules)
    most = INFO.max_actions(state)
    assert most == 2_500_000
    # a history spells each action in at most 3 base-64 digits (262,144 distinct texts,
    # far more than Phase 10's actions), and names each distinct action once; the state
    # holds the hand under way, whose record grows as its position does
    small = attrs.evolve(rules, action_limit=1200)
    long = phase10.new_game(players=6, seed=5, rules=small)
    while long.plays < 1198:
        draw_and_discard(long)
    save = json.loads(long.to_json())
    state_chars = len(json.dumps(save["state"])) / long.plays
    # each distinct action's text, once: a lay-down per seat and hand (at most 120
    # characters), and generously 5,000 other texts (draws, takes, discards, Skips at a
    # seat, hits: a card onto a seat's group, a Wild at its place) of at most 20
    hands = 3 * 30 + 10
    names = 6 * hands * 120 + 5_000 * 20
    bound = 3 * most + names + state_chars * (MAX_ACTION_LIMIT + 20) + 10_000
    assert bound < SAVE_MAX, (most, state_chars, bound)


def test_the_game_that_ran_759128_actions_now_ends_quickly() -> None:
    rules = {"best_total": "auto", "naturals": "phase", "phases": ["set5+ set5+ SET5"],
             "hand_size": 14, "action_limit": 300}
    state = phase10.new_game(players=6, seed=31, rules=rules)
    bots = make_bots(INFO, "eager", 6, 31)
    while not state.is_over and len(state.history) < 20_000:
        state.apply(bots[state.to_act].choose(state))
        if state.results and state.results[-1]["limit_hit"]:
            break
    assert state.results and state.results[0]["limit_hit"] is True  # stopped, not endless
    assert len(state.history) <= 300 + 18
