"""The conformance kit on Dallah: 2 to 8 players, the model bot and random play."""

from __future__ import annotations

import pytest

from tablegames.testing import check_game


@pytest.mark.parametrize("players", range(2, 9))
def test_conformance_model_bot(players: int) -> None:
    # 10 whole games per table size (30 took a sixth of the engines' share of the suite,
    # 15 still the largest file of the suite at its time limit); the model bot also plays
    # the kit on any card set and rules in test_any_rules and on both swap variants below
    report = check_game("dallah", players=players, seeds=range(300, 310), bot="model",
                        full_every=6)
    assert report.games == 10
    assert report.probes > 0 and report.worlds > 0


@pytest.mark.parametrize("players", [2, 4, 8])
def test_conformance_random(players: int) -> None:
    report = check_game("dallah", players=players, seeds=range(15), full_every=8)
    assert report.games == 15


@pytest.mark.parametrize("variant", ["no-swaps", "generous-swaps"])
def test_conformance_variants(variant: str) -> None:
    check_game("dallah", players=4, seeds=range(10), bot="model", full_every=4,
               new_game_kwargs={"rules": variant})
