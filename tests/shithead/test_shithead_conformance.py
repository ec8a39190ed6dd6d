"""The conformance kit (leak check included) on Shithead: 2-5 players on one deck, more
on two, random and smart bots, both effects tables, many seeds."""

from __future__ import annotations

import pytest

from tablegames.shithead.rules import LOWER_ONLY_EFFECTS
from tablegames.testing import check_game


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_conformance_random(players: int) -> None:
    # the kit's deep checks (worlds, saves, positions, refusals) dominate: sparse enough
    # to keep Shithead's share of the suite small, dense enough to cover every stage
    report = check_game("shithead", players=players, seeds=range(100, 116), full_every=29)
    assert report.games == 16
    assert report.probes > 0 and report.worlds > 0


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_conformance_smart_bot(players: int) -> None:
    report = check_game("shithead", players=players, seeds=range(20), bot="smart", full_every=9)
    assert report.games == 20


@pytest.mark.parametrize(("players", "variant"), [(6, "two-decks"), (8, "classic-two-decks"),
                                                  (11, "two-decks")])
def test_conformance_two_decks(players: int, variant: str) -> None:
    report = check_game("shithead", players=players, seeds=range(6), bot="smart", full_every=9,
                        new_game_kwargs={"rules": variant})
    assert report.games == 6


@pytest.mark.parametrize("variant", ["classic", "clockwise", "no-specials", "no-swap"])
def test_conformance_variants_smart(variant: str) -> None:
    report = check_game("shithead", players=4, seeds=range(20), bot="smart", full_every=7,
                        new_game_kwargs={"rules": variant})
    assert report.games == 20


@pytest.mark.parametrize("variant", ["classic", "clockwise", "no-swap"])
def test_conformance_variants_random(variant: str) -> None:
    # random play without the standard table's many "play on anything" cards runs long
    # (see benchmarks/bench_shithead.py), so fewer seeds and sparser deep checks here
    report = check_game("shithead", players=3, seeds=range(5), full_every=61,
                        new_game_kwargs={"rules": variant})
    assert report.games == 5


def test_conformance_match_of_five_rounds() -> None:
    report = check_game("shithead", players=3, seeds=range(4), bot="smart", full_every=11,
                        new_game_kwargs={"rules": "match5"})
    assert report.games == 4 and report.max_length > 5 * 40


def test_conformance_short_stock() -> None:
    report = check_game("shithead", players=3, seeds=range(10), full_every=7,
                        new_game_kwargs={"stock": 4})
    assert report.games == 10


@pytest.mark.parametrize("rules", [
    "lower-only",
    {"starter": "seat", "starter_seat": 2},
    {"starter": "left_of_dealer", "rounds": 3},
])
def test_conformance_issue_23_options(rules: object) -> None:
    """The conformance kit with each house rule of issue 23 on (who starts, lower only)."""
    report = check_game("shithead", players=3, seeds=range(8), bot="smart", full_every=9,
                        new_game_kwargs={"rules": rules})
    assert report.games == 8


def test_conformance_all_issue_23_options_together() -> None:
    rules = {"effects": [{"value": e.value, "does": e.does, "on": e.on,
                          "multiples": e.multiples, "playable_on_me": e.playable_on_me,
                          "acts": e.acts} for e in LOWER_ONLY_EFFECTS],
             "starter": "left_of_dealer", "rounds": 2, "cut_in": True}
    report = check_game("shithead", players=4, seeds=range(4), full_every=13,
                        new_game_kwargs={"rules": rules})
    assert report.games == 4
