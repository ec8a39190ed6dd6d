"""The conformance kit on Toepen: 2 to 8 players, random and club bots, many seeds."""

from __future__ import annotations

import pytest

from tablegames.testing import check_game


@pytest.mark.parametrize("players", range(2, 9))
def test_conformance_random(players: int) -> None:
    # 20 whole games per table size (30 were the largest file's share of the suite, which
    # is at its time limit); random play at any size also runs the kit on any house rules
    # in test_any_rules, and tests/toepen/test_properties.py plays seeded random games
    report = check_game("toepen", players=players, seeds=range(100, 120), full_every=4)
    assert report.games == 20
    assert report.probes > 0 and report.worlds > 0


@pytest.mark.parametrize("players", [3, 4, 6])
def test_conformance_club_bot(players: int) -> None:
    report = check_game("toepen", players=players, seeds=range(15), bot="club", full_every=4)
    assert report.games == 15


@pytest.mark.parametrize("variant", ["elimination", "double-knock", "knock-on-turn",
                                     "lenient-dirty-hand", "jack-doubles", "no-poverty"])
def test_conformance_variants(variant: str) -> None:
    check_game("toepen", players=4, seeds=range(8), full_every=3,
               new_game_kwargs={"rules": variant})
