"""What a seed is (found by helper-60, s38 S1): ``Rng``, ``as_rng`` and ``sample_world(rng=)``
take an int, a numpy integer (as the int it holds), a str or bytes; anything else is a
``SetupError``, never ``bytes(value)``, which built ``n`` zero bytes for a numpy ``n``
(a terabyte for ``10**12``) and read lists and arrays as bytes."""

from __future__ import annotations

import tracemalloc

import numpy as np
import pytest

import tablegames
from tablegames.common.errors import SetupError
from tablegames.common.rng import Rng, as_rng, seed_to_int

GAMES = ("toepen", "phase10", "shithead", "dallah")


def test_the_seeds_that_were_always_accepted_map_as_before() -> None:
    """Every save and replay depends on these (values from the engine before the change)."""
    pinned = {0: 0x0, 7: 0x7, -1: 0xFFFFFFFFFFFFFFFF, 2**70 + 5: 0x5,
              "room-7": 0x337A58A297F53BFF, "": 0xE3B0C44298FC1C14,
              b"abc": 0xBA7816BF8F01CFEA, "ä": 0x33E6D73FEE82904C}
    for seed, value in pinned.items():
        assert seed_to_int(seed) == value
        assert Rng(seed).state == value


@pytest.mark.parametrize("number", [np.int64(7), np.int32(7), np.uint8(7), np.int64(-1),
                                    np.uint64(2**64 - 1), np.int64(10**12)])
def test_a_numpy_integer_is_the_seed_it_holds(number: object) -> None:
    tracemalloc.start()
    try:
        got = Rng(number).state  # type: ignore[arg-type]
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert got == seed_to_int(int(number))  # type: ignore[call-overload]
    assert peak < 100_000
    assert as_rng(number).state == got  # type: ignore[arg-type]


@pytest.mark.parametrize("game", GAMES)
def test_sample_world_draws_the_same_world_from_a_numpy_seed(game: str) -> None:
    state = tablegames.new_game(game, players=3, seed=1)
    assert (state.sample_world(0, rng=np.int64(10**12)).to_json()
            == state.sample_world(0, rng=10**12).to_json())
    assert (state.sample_world(0, rng=np.int64(7)).to_json()
            == state.sample_world(0, rng=7).to_json())


class _Index:
    def __index__(self) -> int:
        return 10**12


@pytest.mark.parametrize("seed", [bytearray(b"ab"), memoryview(b"ab"), [1, 2], (1,),
                                  np.array([1, 2]), np.array(3), _Index(), 1.0, True,
                                  np.bool_(True), np.float64(2.0), None, "\ud800"])
def test_anything_else_is_refused_with_a_setup_error(seed: object) -> None:
    if seed is not None:
        with pytest.raises(SetupError, match="seed"):
            Rng(seed)  # type: ignore[arg-type]
        with pytest.raises(SetupError, match="seed"):
            seed_to_int(seed)  # type: ignore[arg-type]
    state = tablegames.new_game("toepen", players=3, seed=1)
    before = state.to_json()
    if seed is None:  # ``None`` is "any world" for as_rng: it is only no seed
        state.sample_world(0, rng=seed)
        return
    with pytest.raises(SetupError, match="rng must be"):
        state.sample_world(0, rng=seed)
    with pytest.raises(SetupError, match="rng must be"):
        as_rng(seed)  # type: ignore[arg-type]
    assert state.to_json() == before
