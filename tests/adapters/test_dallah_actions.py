"""Dallah's action ids: version 2 (the default) has no id that is never legal, version 1
(``action_version=1``) numbers them as before helper-183.

Version 1 gave every shape of the card set a ``fell`` id per zone and a Naql ``move`` id
per pair of zones, the Heavyweight too, though it has no cups and is rerolled (DAL-03):
25 ids no state offers under the shipped card set. Version 2 numbers only the shapes with
cups, so every later id moves down by 5 (a fall) or 25 (after the falls and moves).
"""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

import tablegames
from tablegames.adapters import CodecError, Session, make_codec
from tablegames.adapters.dallah import DallahCodec
from tablegames.adapters.gymnasium import env as gym_env
from tablegames.adapters.openspiel import load_game
from tablegames.adapters.pettingzoo import env as pz_env
from tablegames.common.rng import Rng

#: Version 1 at 2..6 players, table "model" and "players", polled (as every environment):
#: how many ids and a digest of their labels in order, recorded on main at 8251fab.
GOLDEN_V1 = {
    (2, "model"): (167, "7c6c9bf4a4fec31d"), (2, "players"): (166, "125a50ecd5f3d35e"),
    (3, "model"): (173, "a1314e47931157ea"), (3, "players"): (172, "cb86cd15b8572ae5"),
    (4, "model"): (181, "23fe27f289c886d7"), (4, "players"): (180, "039a29a599f10354"),
    (5, "model"): (191, "c26137c24158f698"), (5, "players"): (190, "ef6db56c6092d490"),
    (6, "model"): (203, "dc78c8d5a3821ecb"), (6, "players"): (202, "274bac810acdc26d"),
}

OLD = json.loads((Path(__file__).parent / "data" / "dallah_pickles_0bd0016.json")
                 .read_text(encoding="utf-8"))


def _codec(players: int, rules: Any = None, **options: Any) -> DallahCodec:
    codec = make_codec("dallah", players, rules, **options)
    assert isinstance(codec, DallahCodec)
    return codec


def _labels(codec: DallahCodec) -> list[str]:
    return [codec.label(i) for i in range(codec.num_distinct_actions)]


def _digest(codec: DallahCodec) -> str:
    return hashlib.sha256("\n".join(_labels(codec)).encode()).hexdigest()[:16]


def _cards(**cups: int) -> dict[str, Any]:
    """The shipped card set with some shapes' cups changed."""
    cards: dict[str, Any] = tablegames.GAMES["dallah"].new_game(2).rules.cards.to_dict()
    for shape in cards["shapes"]:
        shape["cups"] = cups.get(shape["id"], shape["cups"])
    return cards


@pytest.mark.parametrize(("players", "table"), sorted(GOLDEN_V1))
def test_version_1_numbers_the_ids_as_before(players: int, table: str) -> None:
    codec = _codec(players, table=table, interrupts=True, action_version=1)
    assert (codec.num_distinct_actions, _digest(codec)) == GOLDEN_V1[(players, table)]
    assert codec.label(15) == "fell lid:heavyweight"
    assert codec.label(159) == "move base:heavyweight spout"


def test_version_1_is_what_0bd0016_numbered() -> None:
    """The labels the code of 0bd0016 gave every id (kept with its pickles)."""
    codec = _codec(3, table="players", interrupts=True, action_version=1)
    assert _labels(codec) == OLD["codec"]["labels"]


@pytest.mark.ruling("DAL-03")
@pytest.mark.parametrize("players", range(2, 7))
def test_version_2_is_version_1_without_the_cupless_shapes(players: int) -> None:
    """The same labels in the same order, less every fall and Naql move of the
    Heavyweight: 5 falls and 20 moves under the shipped card set."""
    for table in ("model", "players"):
        old = _codec(players, table=table, interrupts=True, action_version=1)
        new = _codec(players, table=table, interrupts=True)
        assert new.action_version == 2 and new.settings["action_version"] == 2
        assert _labels(new) == [label for label in _labels(old)
                                if "heavyweight" not in label]
        assert new.num_distinct_actions == old.num_distinct_actions - 25


@pytest.mark.ruling("DAL-03")
def test_the_ids_follow_the_card_set_shapes() -> None:
    """A Heavyweight given cups gets its ids back; a second shape without cups loses its
    own (5 zones: 5 falls and 20 moves each)."""
    every = _codec(2, {"cards": _cards(heavyweight=3)})
    assert every.num_distinct_actions == _codec(2, action_version=1).num_distinct_actions
    assert "fell lid:heavyweight" in _labels(every)
    two = _codec(2, {"cards": _cards(tiny=0)})
    assert two.num_distinct_actions == _codec(2).num_distinct_actions - 25
    assert not [label for label in _labels(two) if "tiny" in label]
    assert _codec(2, {"cards": _cards(tiny=0)}, action_version=1).num_distinct_actions == \
        _codec(2, action_version=1).num_distinct_actions


def _round_trips(codec: DallahCodec, rules: Any, players: int, seed: int,
                 dead: set[int]) -> Counter[str]:
    """A random game (the agents report the falls): every legal action of every seat
    encodes to an id of its own below ``num_distinct_actions`` that decodes back to it,
    and none is in ``dead``. Returns how many actions of each verb were checked."""
    state = tablegames.new_game("dallah", players=players, seed=seed, rules=rules)
    session = Session(codec, state, Rng(f"table:{seed}"))
    rng = Rng(seed)
    checked: Counter[str] = Counter()
    while not state.is_over:
        for seat in range(players):
            legal = state.legal_actions(seat)
            ids = [codec.encode(action) for action in legal]
            assert len(set(ids)) == len(ids)
            for ident, action in zip(ids, legal, strict=True):
                assert 0 <= ident < codec.num_distinct_actions and ident not in dead
                assert codec.decode(ident, state, seat) == action
            checked.update(type(action).__name__ for action in legal)
        ids = session.legal_ids()
        session.choose(ids[rng.below(len(ids))])
    return checked


@pytest.mark.ruling("DAL-03")
@pytest.mark.parametrize("players", range(2, 7))
def test_every_legal_action_round_trips_in_both_versions(players: int) -> None:
    """Seeded random games at every table size: version 2's ids and version 1's (where
    the Heavyweight's ids are never offered) both round-trip every legal action."""
    checked: Counter[str] = Counter()
    for version in (2, 1):
        codec = _codec(players, table="players", interrupts=True, action_version=version)
        dead = {i for i, label in enumerate(_labels(codec)) if "heavyweight" in label}
        assert len(dead) == (25 if version == 1 else 0)
        for seed in range(2):
            checked += _round_trips(codec, None, players, seed, dead)
    assert checked["Fell"] > 100 and checked["Target"] and checked["Pair"]
    assert checked["Move"] or players < 4  # these seeds play a Naql card from 4 players


@pytest.mark.ruling("DAL-03")
@pytest.mark.parametrize("cups", [{"heavyweight": 2}, {"tiny": 0, "wide": 0}])
def test_every_legal_action_round_trips_with_a_custom_shape_list(cups: dict[str, int]) -> None:
    rules = {"cards": _cards(**cups)}
    codec = _codec(3, rules, table="players", interrupts=True)
    cupless = [shape for shape, count in cups.items() if count == 0]
    assert not [label for label in _labels(codec) if any(s in label for s in cupless)]
    assert _round_trips(codec, rules, 3, 4, set())["Fell"] > 20


@pytest.mark.parametrize("bad", [0, 3, True, "2", 2.0, None])
def test_a_bad_action_version_is_refused(bad: Any) -> None:
    with pytest.raises(tablegames.SetupError, match="action_version"):
        make_codec("dallah", 2, action_version=bad)
    with pytest.raises(tablegames.SetupError, match="action_version"):
        pz_env("dallah", 2, action_version=bad)
    with pytest.raises(tablegames.SetupError, match="action_version"):
        load_game("dallah", players=2, action_version=bad)


@pytest.mark.parametrize("version", [1, 2])
def test_every_environment_takes_the_action_version(version: int) -> None:
    """The mask, the action space and OpenSpiel's ids all follow the option."""
    size = _codec(3, interrupts=True, action_version=version).num_distinct_actions
    pz = pz_env("dallah", 3, action_version=version)
    pz.reset(seed=1)
    assert pz.action_space(pz.agent_selection).n == size
    assert pz.observe(pz.agent_selection)["action_mask"].shape == (size,)
    gym = gym_env("dallah", ["random"] * 2, action_version=version)
    gym.reset(seed=1)
    assert gym.action_space.n == size == gym.action_masks().shape[0]
    spiel = load_game("dallah", players=3, action_version=version)
    assert spiel.num_distinct_actions() == size
    assert spiel.get_parameters()["action_version"] == version


@pytest.mark.ruling("DAL-03")
@pytest.mark.parametrize(("players", "table"), [(2, "model"), (5, "players")])
def test_a_version_1_id_upgrades_to_the_id_of_the_same_action(players: int, table: str) -> None:
    old = _codec(players, table=table, interrupts=True, action_version=1)
    new = _codec(players, table=table, interrupts=True)
    upgraded = []
    for ident, label in enumerate(_labels(old)):
        if "heavyweight" in label:
            with pytest.raises(CodecError, match="DAL-03"):
                new.from_version_1(ident)
            continue
        upgraded.append(new.from_version_1(ident))
        assert new.label(upgraded[-1]) == label
    assert upgraded == list(range(new.num_distinct_actions))
    assert old.from_version_1(40) == 40  # a version-1 codec keeps its ids
    for bad in (-1, old.num_distinct_actions, True, "3", 2.0):
        with pytest.raises(CodecError, match="no version-1 action id"):
            new.from_version_1(bad)
