"""The heuristic bots: Toepen's club bot counts cards and knocks out of turn (TOE-21)."""

from __future__ import annotations

import pytest

import tablegames
from tablegames import bots
from tablegames.bots.handle import Handle
from tablegames.toepen import ClubBot
from tablegames.toepen import actions as T

from .helpers import position


def _positions(players: int, count: int) -> list[tablegames.GameState]:
    out = []
    for seed in range(count):
        for steps in (12, 18, 24, 30):
            out.append(position("toepen", players, seed, steps))
    return out


@pytest.mark.ruling("TOE-21")
def test_club_knocks_out_of_turn_with_a_sure_win_and_never_with_a_weak_hand() -> None:
    sure = weak = 0
    for state in _positions(4, 40):
        for seat in range(4):
            if seat == state.to_act or not state.legal_actions(seat):
                continue
            chance = ClubBot.win_chance(state, seat)
            answer = ClubBot(1).interrupt(state, seat)
            if chance >= 0.999:
                sure += 1
                assert answer == T.KNOCK[seat]
            elif chance < 0.3:
                weak += 1
                assert answer is None
    assert sure and weak  # both cases were met


@pytest.mark.ruling("TOE-21")
def test_club_bots_knock_out_of_turn_in_real_games() -> None:
    knocks = 0
    for seed in range(6):
        final = bots.play_game("toepen", ["club", "club", "club"], seed=seed)
        for i, action in enumerate(final.history):
            if isinstance(action, T.Knock):
                replay = tablegames.replay({**final.record(), "actions": [str(a) for a in final.history[:i]]})
                knocks += replay.to_act != action.seat
    assert knocks > 0


def test_win_chance_at_the_last_trick() -> None:
    # at the last trick, once cards lie on the table: a card off the led suit or below
    # the best on the table never wins; the best card with nobody left to play always does
    checked = 0
    for state in _positions(3, 60):
        if state.trick_no != 3 or not state.trick:
            continue
        led = state.trick[0][1] >> 3
        played = dict(state.trick)
        for seat in range(3):
            if not state.playing[seat]:
                continue
            card = played.get(seat) if seat in played else state.hands[seat][0]
            best = max((c & 7 for s, c in state.trick if c >> 3 == led and s != seat), default=-1)
            chance = ClubBot.win_chance(state, seat)
            if card >> 3 != led or card & 7 < best:
                assert chance == 0.0
            elif all(s in played or not state.playing[s] for s in range(3) if s != seat):
                assert chance == 1.0
            assert 0.0 <= chance <= 1.0
            checked += 1
    assert checked


def test_club_stays_in_with_the_best_card_and_folds_a_hopeless_hand() -> None:
    stayed = folded = 0
    # four players: the club bot knocks seldom at the last trick now that it judges who
    # leads it (helper-170), and its three-player games of these seeds meet a knock with
    # a sure card or a hopeless one no more
    for state in _positions(4, 60):
        seat = state.to_act
        legal = state.legal_actions()
        if T.STAY[seat] not in legal:
            continue
        answer = bots.make("club", "toepen", seed=1).choose(Handle(state, seat))
        chance = ClubBot.win_chance(state, seat)
        if chance >= 0.9:
            assert answer == T.STAY[seat]
            stayed += 1
        elif chance == 0.0:
            assert answer == T.FOLD[seat]
            folded += 1
    assert stayed and folded  # both cases were met
