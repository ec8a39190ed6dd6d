"""The fall model (a stand-in for hands) and the model bot's decisions."""

from __future__ import annotations

import pytest

from tablegames import RulesError, dallah
from tablegames.common.rng import Rng
from tests.dallah.helpers import game, play


def placing(pot: dict[str, list[str]], card: str = "place", zone: str = "neck") -> dallah.State:
    s = game(actions=[card], placements=[zone], rolls=["tall"], pot=pot)
    play(s, "0:draw", "0:roll")
    return s


def test_fall_chance_grows_with_the_pot_and_the_zone_and_stunts() -> None:
    model = dallah.FallModel()
    empty = model.fall_chance(placing({}))
    busy = model.fall_chance(placing({"lid": ["wide", "tiny"]}))
    loaded = model.fall_chance(placing({"neck": ["wide", "tiny"]}))
    timed = model.fall_chance(placing({"neck": ["wide", "tiny"]}, card="five_seconds"))
    assert empty < busy < loaded < timed
    s = game(actions=["tap"], pot={"neck": ["wide", "tiny"]})
    play(s, "0:draw")
    assert model.fall_chance(s) > loaded
    crowded = placing({"neck": ["wide"] * 5 + ["tiny"] * 5}, card="five_seconds")
    assert model.fall_chance(crowded) == model.max_chance


def test_samples_are_seeded_and_include_collapses_and_timeouts() -> None:
    model = dallah.FallModel(base=0.5, collapse_share=0.3, timeout=0.5)
    seen: set[str] = set()
    for seed in range(200):
        s = placing({"neck": ["wide", "tiny"], "lid": ["classic"]}, card="five_seconds")
        report = model.sample(s, Rng(seed))
        assert report == model.sample(s, Rng(seed))
        for action in report:
            s.apply(action)
        seen.update(a.verb for a in report)
    assert {"collapse", "fell", "settled", "timeout"} <= seen


def test_a_full_zone_is_reported_as_no_space() -> None:
    s = placing({"neck": ["wide"] * 3 + ["tiny"] * 3})
    assert [str(a) for a in dallah.FallModel().sample(s, Rng(1))] == ["0:nospace"]


def test_model_parameters_are_validated() -> None:
    with pytest.raises(RulesError):
        dallah.FallModel(base=1.5)
    with pytest.raises(RulesError):
        dallah.FallModel(tap=-1)
    with pytest.raises(RulesError):
        dallah.FallModel(zone_capacity=0)


def test_model_bot_gives_to_the_biggest_pile_and_protects_itself() -> None:
    s = game(4, actions=["kheth"], piles=[2, 1, 5, 3])
    play(s, "0:draw")
    assert str(dallah.ModelBot(1).choose(s)) == "0:target 2"
    s = game(actions=["kheth"], piles=[2, 0, 4], held=[[], ["ana_mali_dakhal"], []])
    play(s, "0:draw", "0:target 1")
    assert str(dallah.ModelBot(1).choose(s)) == "1:redirect 2"
    s = game(actions=["surprise"], piles=[4, 1, 3])
    play(s, "0:draw")
    assert str(dallah.ModelBot(1).choose(s)) == "0:target 1"


def test_model_bot_naql_relieves_the_busiest_zone() -> None:
    s = game(actions=["naql"], pot={"neck": ["wide", "tiny", "tall"], "lid": ["classic"]})
    play(s, "0:draw")
    action = dallah.ModelBot(1, swap_above=1.0).choose(s)
    assert action.verb == "move" and action.zone == "neck"  # type: ignore[attr-defined]
    assert action.to not in ("neck", "lid")  # type: ignore[attr-defined]


def test_the_bot_breaks_ties_at_random_not_by_seat_number() -> None:
    """Seat-number tie-breaks made seat 0 everyone's target while piles were all equal,
    which skewed the Biggest Loser figures towards the low seats (see ``fallmodel``)."""
    chosen = set()
    for seed in range(24):
        s = game(4, actions=["kheth"], piles=[0, 0, 0, 1], first=3)
        play(s, "3:draw")
        action = dallah.ModelBot(seed).choose(s)
        assert action.seat == 3 and action.target in (0, 1, 2)
        chosen.add(action.target)
    assert chosen == {0, 1, 2}
    redirects = set()
    for seed in range(24):
        s = game(4, actions=["kheth"], piles=[2, 0, 0, 0], held=[[], ["ana_mali_dakhal"], [], []])
        play(s, "0:draw", "0:target 1")
        redirects.add(dallah.ModelBot(seed).choose(s).to)
    assert redirects == {2, 3}



def test_the_bot_redirects_a_swap_to_the_smallest_pile() -> None:
    """A swap is bad for the smaller pile: sending it to the biggest would help that pile."""
    for seed in range(5):
        s = game(4, actions=["surprise"], piles=[6, 0, 1, 3],
                 held=[[], ["ana_mali_dakhal"], [], []])
        play(s, "0:draw", "0:target 1")
        assert str(dallah.ModelBot(seed).choose(s)) == "1:redirect 2"
