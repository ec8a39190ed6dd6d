"""The house bots' rankings, and how the search prunes and biases its tree with them."""

from __future__ import annotations

import attrs
import pytest

from tablegames.bots.handle import Handle
from tablegames.bots.hints import SearchHints
from tablegames.bots.ismcts import ISMCTS
from tablegames.bots.registry import hints_for
from tablegames.common.errors import SetupError
from tablegames.phase10.bots import SmartBot
from tablegames.toepen import ClubBot
from tablegames.toepen import actions as T

from .helpers import position


def test_the_phase10_ranking_puts_the_smart_bots_own_choice_first_and_keeps_every_action() -> None:
    seen = set()
    for seed in range(40):
        state = position("phase10", 2 + seed % 3, seed, 5 + 7 * (seed % 9))
        legal = state.legal_actions()
        ranked = SmartBot().ranked(state, state.to_act, legal)
        assert sorted(map(str, ranked)) == sorted(map(str, legal))
        assert ranked[0] == SmartBot(seed).choose(state)
        seen.add(type(ranked[0]).__name__)
    assert {"Draw", "Discard"} <= seen


def test_the_search_keeps_only_the_breadth_best_ranked_actions_of_a_turn() -> None:
    for seed in range(30):
        state = position("phase10", 2, seed, 3)
        if len(state.legal_actions()) > 4:
            break
    legal = state.legal_actions()
    assert len(legal) > 4
    handle = Handle(state, state.to_act)
    best = SmartBot().ranked(state, state.to_act, legal)
    narrow = ISMCTS("phase10", 1, 12, breadth=2, bias=0.0)
    narrow.choose(handle)
    assert narrow.last is not None
    assert set(narrow.last.stats) == {str(a) for a in best[:2]}
    wide = ISMCTS("phase10", 1, 40, breadth=0, bias=0.0)
    wide.choose(handle)
    assert wide.last is not None and len(wide.last.stats) > 2


def test_a_tiny_budget_with_the_bias_plays_the_house_bots_move() -> None:
    """One iteration of the tree expands only the preferred move, so that is the answer."""
    for seed in range(12):
        state = position("phase10", 2, seed, 2 + seed)
        if len(state.legal_actions()) < 2:
            continue
        bot = ISMCTS("phase10", seed, 1, paired=False)
        assert bot.choose(Handle(state, state.to_act)) == SmartBot(seed).choose(state)


@pytest.mark.ruling("TOE-21", "TOE-22")
def test_toepens_search_leans_toward_the_club_bots_answer() -> None:
    """Toepen ranks nothing, so its ``bias`` leans toward the rollout policy's own answer:
    one iteration expands only that, so it is the search's answer (a card, a knock, a
    stay or fold), as the club bot's judgement is at a budget too small to overrule it."""
    asked = set()
    for seed in range(40):
        for steps in (12, 18, 24, 30):
            state = position("toepen", 3, seed, steps)
            seat = state.to_act
            legal = state.legal_actions()
            if len(legal) < 2 or T.ACCEPT[seat] in legal:  # a challenge is the bot's dice
                continue
            answer = ISMCTS("toepen", seed, 1).choose(Handle(state, seat))
            assert answer == ClubBot(seed).choose(state)
            asked.add(type(answer))
    assert {T.Play, T.Knock, T.Stay, T.Fold} <= asked


def test_the_game_defaults_and_their_overrides() -> None:
    hints: SearchHints = hints_for("phase10")
    bot = ISMCTS("phase10", 1, 10)
    assert (bot.breadth, bot.bias) == (hints.breadth, hints.bias) and hints.breadth > 0
    assert (ISMCTS("phase10", 1, 10, breadth=0, bias=0).breadth, ISMCTS("shithead").bias) == (0, 0.0)
    assert ISMCTS("toepen").bias == hints_for("toepen").bias > 0  # the club bot's lean
    dallah = ISMCTS("dallah", 1, 10)
    assert (dallah.paired, dallah.interrupt_share) == (True, hints_for("dallah").interrupt_share)
    assert ISMCTS("toepen", 1, 10).interrupt_share == hints_for("toepen").interrupt_share == 1.0
    assert ISMCTS("shithead", 1, 10).interrupt_share == 0.25  # the default
    assert ISMCTS("dallah", 1, 10, interrupt_share=0.5, paired=False).paired is False
    for bad in ({"breadth": -1}, {"interrupt_share": 1.5}, {"paired": 1}, {"breadth": 1.5},
                {"breadth": True}, {"bias": -0.1}):
        with pytest.raises(SetupError):
            ISMCTS("phase10", 1, 10, **bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("game", ["phase10", "dallah", "toepen", "shithead"])
def test_the_paired_root_compares_every_option_on_the_same_worlds(game: str) -> None:
    searched = 0
    for seed in range(20):
        state = position(game, 3, seed, 4 + 3 * seed)
        if len(state.legal_actions()) < 2:
            continue
        handle = Handle(state, state.to_act)
        # the best mean wins (``confidence=0``; the test of its lead is tested below)
        bot = ISMCTS(game, seed, 24, paired=True, confidence=0.0)
        again = ISMCTS(game, seed, 24, paired=True, confidence=0.0)
        answer = bot.choose(handle)
        assert answer == again.choose(handle)
        info = bot.last
        if info is None:  # a report the table makes (Dallah), no search
            continue
        if info.iterations == 0:  # the game's candidates leave one option (Dallah's roll)
            assert info.stats == {} and len(bot._narrow(state, state.to_act,
                                                        state.legal_actions())) == 1
            continue
        assert info.stats == again.last.stats  # type: ignore[union-attr]
        counts = {n for n, _ in info.stats.values()}
        assert len(counts) == 1 and info.iterations == counts.pop() * len(info.stats)
        best = max(mean for _, mean in info.stats.values())
        assert info.stats[str(answer)][1] == best
        searched += 1
    assert searched >= 3


def test_paired_ties_go_to_the_house_bots_move() -> None:
    """Rollouts cut after the option itself and valued alike make every option tie, so
    the smart bot's own move must be chosen."""
    for seed in range(12):
        state = position("phase10", 2, seed, 2 + seed)
        if len(state.legal_actions()) < 2:
            continue
        bot = ISMCTS("phase10", seed, 30, paired=True, rollout_depth=1, rollout="random")
        bot.hints = attrs.evolve(bot.hints, value=lambda s: [0.5] * len(s.players),
                                 horizon=lambda s: s.version)
        assert bot.choose(Handle(state, state.to_act)) == SmartBot(seed).choose(state)


def test_confidence_leaves_the_house_bots_move_only_on_evidence() -> None:
    """The same rollouts (the same statistics) with and without ``confidence``: without
    it the best mean is played; with an unreachable one, always the house bot's move;
    and some position shows the two differ (the gate changes the answer)."""
    differed = 0
    for seed in range(24):
        state = position("phase10", 2, seed, 3 + 5 * seed)
        if len(state.legal_actions()) < 2:
            continue
        handle = Handle(state, state.to_act)
        free = ISMCTS("phase10", seed, 24, paired=True, confidence=0.0)
        sure = ISMCTS("phase10", seed, 24, paired=True, confidence=100.0)
        answer, kept = free.choose(handle), sure.choose(handle)
        assert free.last is not None and sure.last is not None
        assert free.last.stats == sure.last.stats
        assert free.last.stats[str(answer)][1] == max(m for _, m in free.last.stats.values())
        assert kept == SmartBot(seed).choose(state)
        differed += answer != kept
    assert differed >= 1


def test_confidence_is_a_paired_test_of_the_per_world_leads() -> None:
    """An option ahead by the same lead on every shared world is sure at any confidence;
    leads of 0.2, 0.1, 0.1, 0.3 (mean 0.175, standard error 0.048: 3.6 of them) at 3 but
    not at 4; one lucky world of four (mean 0.25, standard error 0.25) only below one
    standard error; an option behind or level never."""
    def sure(confidence: float, leads: list[float]) -> bool:
        bot = ISMCTS("phase10", 1, 10, confidence=confidence)
        return bot._sure(sum(leads), sum(x * x for x in leads), len(leads))

    assert sure(100.0, [0.1, 0.1, 0.1, 0.1])
    assert sure(3.0, [0.2, 0.1, 0.1, 0.3]) and not sure(4.0, [0.2, 0.1, 0.1, 0.3])
    assert sure(0.9, [1.0, 0.0, 0.0, 0.0]) and not sure(1.1, [1.0, 0.0, 0.0, 0.0])
    assert not sure(0.0, [-0.1, 0.0, 0.05, 0.0]) and not sure(1.0, [0.0] * 4)
    assert not sure(0.5, [0.4])  # one world says nothing about the spread


def test_confidence_defaults_to_the_games_hint_and_is_checked() -> None:
    assert ISMCTS("phase10", 1, 10).confidence == hints_for("phase10").confidence == 1.5
    assert ISMCTS("dallah", 1, 10).confidence == hints_for("dallah").confidence
    assert ISMCTS("phase10", 1, 10, confidence=0).confidence == 0.0
    for bad in (-0.5, True, "1", float("nan"), 101.0):
        with pytest.raises(SetupError, match="confidence"):
            ISMCTS("phase10", 1, 10, confidence=bad)  # type: ignore[arg-type]
