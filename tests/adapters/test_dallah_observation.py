"""Dallah's observation layouts: version 2 (the default) holds no slot that stays constant,
version 1 (``observation_version=1``) gives exactly the vectors it gave before helper-179.

Version 1 was sized over every card kind for the protection cards a seat holds, though
only protection cards are ever held (DAL-40): 20 numbers per seat that were always zero,
60 of 221 at three players. Version 2 leaves those out, and the other slots no reachable
state fills (see ``tablegames.adapters.dallah._fields``).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import tablegames
from tablegames.adapters import Session, adapter, make_codec
from tablegames.adapters.dallah import DallahObserver
from tablegames.adapters.gymnasium import env as gym_env
from tablegames.adapters.openspiel import load_game
from tablegames.adapters.pettingzoo import env as pz_env
from tablegames.common.rng import Rng
from tests.adapters.helpers import check_observation, observer_for, playout, session_for

GOLDEN = json.loads((Path(__file__).parent / "data" / "dallah_observation_v1.json")
                    .read_text(encoding="utf-8"))

#: The sizes of each layout at 2..6 players under the shipped card set (22 card kinds,
#: 2 of them protection, one a retire card; 6 shapes, one without cups; 5 zones).
SIZES = {1: {2: 189, 3: 221, 4: 253, 5: 285, 6: 317},
         2: {2: 138, 3: 150, 4: 162, 5: 174, 6: 186}}


def _observer(players: int, rules: Any = None, **options: Any) -> DallahObserver:
    observer = adapter("dallah").observer(make_codec("dallah", players, rules, **options))
    assert isinstance(observer, DallahObserver)
    return observer


def _encode_all(session: Session, observer: DallahObserver, seat: int) -> np.ndarray[Any, Any]:
    mine = session.actor == seat
    return observer.encode(session.state.view(seat), session.prefix if mine else (),
                           session.polling if mine else False)


@pytest.mark.parametrize("case", GOLDEN["cases"], ids=lambda c: f"{c['players']}p")
def test_version_1_gives_the_vectors_it_gave_before(case: dict[str, Any]) -> None:
    """Golden vectors recorded on main before the change, replayed through version 1."""
    session = session_for("dallah", case["players"], case["rules"], seed=case["seed"],
                          observation_version=1, **case["options"])
    observer = observer_for(session)
    assert observer.size == case["size"] == SIZES[1][case["players"]]
    rows = iter(case["observations"])
    checked = 0
    for i, s in enumerate(playout(session, case["seed"], 120)):
        if i % 20 != 7:
            continue
        for seat in range(case["players"]):
            row = next(rows)
            assert (row["step"], row["seat"]) == (i, seat)
            want = np.zeros(observer.size, np.float32)
            for j, value in row["nonzero"]:
                want[j] = value
            assert np.array_equal(_encode_all(s, observer, seat), want)
            checked += 1
    assert checked == len(case["observations"])


@pytest.mark.parametrize("players", range(2, 7))
def test_every_slot_of_version_2_changes_in_some_reachable_state(players: int) -> None:
    """Seeded random games (the agents report the falls, interrupts on, so a polled seat
    is seen too) until every slot has taken two values; the final observations count."""
    codec = make_codec("dallah", players, table="players", interrupts=True)
    observer = adapter("dallah").observer(codec)
    lo = np.full(observer.size, np.inf, np.float32)
    hi = np.zeros(observer.size, np.float32)
    for seed in range(60):
        state = tablegames.new_game("dallah", players=players, seed=seed)
        session = Session(codec, state, Rng(f"table:{seed}"))
        rng = Rng(seed)
        while not state.is_over:
            for seat in range(players):
                obs = _encode_all(session, observer, seat)
                np.minimum(lo, obs, out=lo)
                np.maximum(hi, obs, out=hi)
            ids = session.legal_ids()
            session.choose(ids[rng.below(len(ids))])
        for seat in range(players):
            obs = observer.encode(state.view(seat))
            np.minimum(lo, obs, out=lo)
            np.maximum(hi, obs, out=hi)
        if (lo < hi).all():
            break
    constant = [observer.slots[i] for i in np.flatnonzero(lo >= hi)]
    assert constant == []


@pytest.mark.parametrize("players", [2, 3, 5])
def test_version_2_is_version_1_without_its_dead_slots(players: int) -> None:
    """The upgrade of a version-1 vector is the version-2 vector of the same view, and
    every slot version 2 leaves out was zero."""
    old, new = _observer(players, observation_version=1), _observer(players)
    kept = set(new.slots)
    dropped = [i for i, key in enumerate(old.slots) if key not in kept]
    assert len(dropped) == SIZES[1][players] - SIZES[2][players]
    checked = 0
    for seed in range(3):
        session = session_for("dallah", players, None, seed=seed)
        for s in playout(session, seed, 400):
            for seat in range(players):
                v1, v2 = _encode_all(s, old, seat), _encode_all(s, new, seat)
                assert not v1[dropped].any()
                assert np.array_equal(new.from_version_1(v1), v2)
                checked += 1
    assert checked > 300
    assert np.array_equal(old.from_version_1(v1), v1)


@pytest.mark.ruling("DAL-03", "DAL-38", "DAL-40")
def test_the_dropped_slots_are_the_ones_no_state_fills() -> None:
    """What version 2 leaves out at three players: 20 held-card slots per seat (only the
    2 protection cards are held), the 2 protection cards and Yalla Bye as the card in
    play, and the Heavyweight (no cups) wherever cups are counted."""
    old, new = _observer(3, observation_version=1), _observer(3)
    kept = set(new.slots)
    dropped = [key for key in old.slots if key not in kept]
    held = [key for key in dropped if key[0] == "seat"]
    assert len(held) == 60 and {key[2][0] for key in held} == {"held"}
    assert {key[2][1] for key in held} == {c.id for c in tablegames.GAMES["dallah"]
                                           .new_game(3).rules.cards.actions}
    rest = sorted(key for key in dropped if key[0] != "seat")
    assert rest == sorted([("card", "ma_ysir"), ("card", "ana_mali_dakhal"),
                           ("card", "yalla_bye"), ("cup", "heavyweight"),
                           ("in_hand", "heavyweight"), ("shared", "heavyweight"),
                           *(("pot", z, "heavyweight")
                             for z in ("lid", "neck", "handle", "spout", "base"))])


def test_a_card_set_whose_every_shape_has_cups_keeps_them_all() -> None:
    """The layout follows the card set: give the Heavyweight cups and it has its slots."""
    cards = tablegames.GAMES["dallah"].new_game(2).rules.cards.to_dict()
    for shape in cards["shapes"]:
        shape["cups"] = 3
    observer = _observer(2, {"cards": cards})
    assert ("cup", "heavyweight") in observer.slots
    assert observer.size == SIZES[2][2] + 1 + 1 + 1 + 5  # cup, in_hand, shared, pot
    assert _observer(2, {"cards": cards}, observation_version=1).size == SIZES[1][2]


@pytest.mark.ruling("DAL-04")
def test_a_card_without_copies_has_no_slot() -> None:
    """A card kind printed with no copies is never drawn (DAL-04): version 2 gives it no
    slot in play, held or discarded; version 1 keeps its slots."""
    cards = tablegames.GAMES["dallah"].new_game(2).rules.cards.to_dict()
    next(c for c in cards["actions"] if c["id"] == "tap")["count"] = 0
    cards["protection"][0]["count"] = 0  # ma_ysir
    observer = _observer(2, {"cards": cards})
    ids = {key[1] for key in observer.slots if key[0] in ("card", "discard")}
    ids |= {key[2][1] for key in observer.slots if key[0] == "seat" and key[2][0] == "held"}
    assert "tap" not in ids and "ma_ysir" not in ids and "ana_mali_dakhal" in ids
    assert observer.size == SIZES[2][2] - 1 - 2 - 2  # card, held per seat, discards
    assert _observer(2, {"cards": cards}, observation_version=1).size == SIZES[1][2]


@pytest.mark.parametrize("version", [1, 2])
def test_a_world_of_the_seat_gives_the_same_observation(version: int) -> None:
    """Nothing hidden from a seat (the order of both draw piles) reaches its observation:
    a world redealt for the seat looks the same to it, in either layout."""
    rng = Rng(7)
    checked = 0
    for players in (2, 4):
        for seed in range(2):
            session = session_for("dallah", players, None, seed=seed,
                                  observation_version=version)
            observer = observer_for(session)
            for i, s in enumerate(playout(session, seed, 200)):
                if i % 5:
                    continue
                for seat in range(players):
                    obs = _encode_all(s, observer, seat)
                    check_observation(obs, observer.size)
                    world = s.state.sample_world(seat, rng)
                    mine = s.actor == seat
                    assert np.array_equal(obs, observer.encode(
                        world.view(seat), s.prefix if mine else (), s.polling if mine else False))
                    checked += 1
    assert checked > 50


@pytest.mark.parametrize("players", range(2, 7))
def test_observation_and_mask_shapes_in_every_environment(players: int) -> None:
    codec = make_codec("dallah", players, interrupts=True)  # every environment's default
    assert codec.PASS >= 0
    for version in (1, 2):
        size = SIZES[version][players]
        options = {} if version == 2 else {"observation_version": 1}
        pz = pz_env("dallah", players, **options)
        pz.reset(seed=players)
        assert pz.observation_space(pz.agent_selection)["observation"].shape == (size,)
        obs = pz.observe(pz.agent_selection)
        assert obs["observation"].shape == (size,)
        assert obs["action_mask"].shape == (codec.num_distinct_actions,)
        gym = gym_env("dallah", ["random"] * (players - 1), **options)
        first, _ = gym.reset(seed=players)
        assert gym.observation_space.shape == first.shape == (size,)
        assert gym.action_masks().shape == (codec.num_distinct_actions,)
        spiel = load_game("dallah", players=players, **options)
        assert spiel.observation_tensor_size() == size
        assert spiel.num_distinct_actions() == codec.num_distinct_actions


def test_openspiel_pickles_keep_the_layout() -> None:
    """A pickled OpenSpiel state carries its adapter options: version 1 stays version 1."""
    import pickle

    spiel = load_game("dallah", players=3, observation_version=1, chance="engine")
    state = spiel.new_initial_state()
    again = pickle.loads(pickle.dumps(state))
    assert len(again.observation_tensor(0)) == SIZES[1][3]
    assert again.observation_tensor(0) == state.observation_tensor(0)


@pytest.mark.parametrize("bad", [0, 3, True, "2", 2.0, None])
def test_a_bad_observation_version_is_refused(bad: Any) -> None:
    with pytest.raises(tablegames.SetupError, match="observation_version"):
        make_codec("dallah", 2, observation_version=bad)
    with pytest.raises(tablegames.SetupError, match="observation_version"):
        pz_env("dallah", 2, observation_version=bad)
    with pytest.raises(tablegames.SetupError, match="observation_version"):
        load_game("dallah", players=2, observation_version=bad)


def test_a_bad_version_1_vector_is_refused() -> None:
    observer = _observer(3)
    for bad in (np.zeros(220, np.float32), np.zeros(221, np.float64),
                np.zeros((221, 1), np.float32), [0.0] * 221, None):
        with pytest.raises(tablegames.SetupError, match="221 float32 numbers"):
            observer.from_version_1(bad)
