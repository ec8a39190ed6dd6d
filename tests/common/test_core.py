"""The shared core: rng, packs, piles, seating, rules configs, registry, replay, errors."""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import tablegames
from tablegames.common import piles, seating
from tablegames.common.actions import Event
from tablegames.common.cards import Pack, suited_pack
from tablegames.common.errors import NotationError, RulesError, SetupError, StateError
from tablegames.common.rng import Rng, as_rng, seed_to_int
from tablegames.common.rules import int_in, rules_from_dict, rules_hash, rules_to_dict
from tablegames.toepen.cards import PACK as TOEPEN_PACK

BELOW_42 = [3, 1, 8, 4, 0, 2, 5, 8]


def test_rng_sequence_is_fixed_forever() -> None:
    # SplitMix64 reference outputs. Changing them breaks every saved game and replay.
    r = Rng(0)
    assert [r.next64() for _ in range(3)] == [
        0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F]
    r = Rng(42)
    assert [r.below(10) for _ in range(8)] == BELOW_42


def test_rng_below_and_shuffle_are_deterministic_and_in_range() -> None:
    a, b = Rng("room-7"), Rng("room-7")
    xs = list(range(50))
    ys = list(range(50))
    a.shuffle(xs)
    b.shuffle(ys)
    assert xs == ys and sorted(xs) == list(range(50)) and xs != list(range(50))
    assert all(0 <= a.below(7) < 7 for _ in range(1000))
    assert 0.0 <= a.random() < 1.0
    with pytest.raises(ValueError):
        a.below(0)


def test_rng_copy_fork_and_seeds() -> None:
    r = Rng(5)
    twin = r.copy()
    assert r.next64() == twin.next64()
    child = r.fork()
    assert child.state != r.state
    assert seed_to_int("abc") == seed_to_int("abc") != seed_to_int("abd")
    assert isinstance(as_rng(random.Random(3)), Rng)
    assert as_rng(7).state == Rng(7).state
    with pytest.raises(SetupError):
        seed_to_int(True)


@given(st.integers(min_value=0, max_value=2**64 - 1),
       st.lists(st.integers(), max_size=1_100))
def test_shuffle_draws_below_for_each_place_from_the_end(seed: int, items: list[int]) -> None:
    """``shuffle`` writes ``below`` out in its loop; it must draw exactly what the plain
    Fisher-Yates over ``below`` draws (every save and replay depends on it), also past
    the table of small limits, and leave the generator where that one leaves it."""
    a, b = Rng(seed), Rng(seed)
    xs, ys = list(items), list(items)
    a.shuffle(xs)
    for i in range(len(ys) - 1, 0, -1):
        j = b.below(i + 1)
        ys[i], ys[j] = ys[j], ys[i]
    assert xs == ys and a.state == b.state


def _state_before_output(z: int) -> int:
    """The SplitMix64 state whose next output is ``z`` (its mixing steps undone)."""
    mask = 2**64 - 1
    z ^= (z >> 31) ^ (z >> 62)
    z = z * pow(0x94D049BB133111EB, -1, 2**64) & mask
    z ^= (z >> 27) ^ (z >> 54)
    z = z * pow(0xBF58476D1CE4E5B9, -1, 2**64) & mask
    z ^= (z >> 30) ^ (z >> 60)
    return (z - 0x9E3779B97F4A7C15) & mask


@pytest.mark.parametrize(("size", "at", "out"), [
    (5, 0, 2**64 - 1),   # the first draw (below(5)) refused
    (9, 6, 2**64 - 1),   # the seventh (below(3)) refused
    (9, 6, 2**64 - 2),   # just under below(3)'s limit: taken (made one below() at a time)
    (40, 39, 2**64 - 1),  # the last place's draw (below(2): 2**64 % 2 == 0, taken)
])
def test_shuffle_draws_what_below_draws_when_a_draw_is_refused(size: int, at: int, out: int) -> None:
    """Rejection sampling refuses a draw with a chance below ``n / 2**64``, never met by
    chance: states are built whose draw number ``at`` is ``out``, to check ``shuffle``
    against one ``below`` per place there too."""
    r0 = Rng(0)
    r0.state = (_state_before_output(out) - at * 0x9E3779B97F4A7C15) & (2**64 - 1)
    check = r0.copy()
    for _ in range(at):
        check.next64()
    assert check.next64() == out
    a, b = r0.copy(), r0.copy()
    xs, ys = list(range(size)), list(range(size))
    a.shuffle(xs)
    for i in range(size - 1, 0, -1):
        j = b.below(i + 1)
        ys[i], ys[j] = ys[j], ys[i]
    assert xs == ys and a.state == b.state


def test_shuffle_of_a_deck_is_fixed_forever() -> None:
    # recorded from the plain Fisher-Yates over ``below``: changing it breaks every save
    r = Rng(42)
    deck = list(range(32))
    r.shuffle(deck)
    assert deck[:8] == [2, 22, 7, 3, 10, 17, 9, 20] and r.state == 2934021998537672373
    r = Rng(7)
    deck = list(range(1500))
    r.shuffle(deck)
    assert sum(i * v for i, v in enumerate(deck)) % 1000003 == 707262
    assert r.state == 7986501910429732606


@given(st.integers(min_value=1, max_value=500), st.integers(min_value=0, max_value=2**64 - 1))
def test_below_is_in_range(n: int, seed: int) -> None:
    assert 0 <= Rng(seed).below(n) < n


def test_pack_notation_and_stacking() -> None:
    pack = TOEPEN_PACK
    assert pack.code("Th") == pack.code("10h") == pack.code("th")
    with pytest.raises(NotationError):
        pack.code("1h")
    deck = pack.stacked_deck(["Th", "9c"], Rng(1))
    assert deck[:2] == [pack.code("Th"), pack.code("9c")] and sorted(deck) == list(range(32))
    with pytest.raises(SetupError):
        pack.stacked_deck(["Th", "Th"], Rng(1))
    with pytest.raises(SetupError):
        pack.stacked_deck(["Zz"], Rng(1))
    double = suited_pack("double", ["1", "2"], copies=2)
    assert double.size == 16 and double.full_deck()[:2] == [0, 0]
    with pytest.raises(SetupError):
        Pack("bad", (double.faces[0], double.faces[0]), (1, 1), (0, 0))


def test_piles_draw_deal_and_reshuffle() -> None:
    stock = piles.as_stock([1, 2, 3, 4, 5])
    assert piles.draw(stock, 2) == [1, 2] and stock == [5, 4, 3]
    hands = piles.deal(stock, [0, 1], 1)
    assert hands == {0: [3], 1: [4]} and stock == [5]
    assert piles.draw(stock, 9) == [5] and stock == []
    discard = [7, 8, 9]
    assert piles.reshuffle_discards(stock, discard, Rng(1)) == 2
    assert discard == [9] and sorted(stock) == [7, 8]
    assert piles.reshuffle_discards(stock, [9], Rng(1)) == 0


def test_seating_takes_the_old_name_active_with_a_warning() -> None:
    """``active=`` was ``playing=``'s name in 0.1 (a game's ``active`` is the seat to
    act): old callers get the same seats and a DeprecationWarning; both names at once is
    a mistake."""
    playing = [True, False, True, True]
    with pytest.warns(DeprecationWarning, match="playing="):
        assert seating.next_seat(0, 4, active=playing) == 2
    with pytest.warns(DeprecationWarning, match="playing="):
        assert list(seating.seats_from(2, 4, active=playing)) == [2, 3, 0]
    with pytest.raises(TypeError, match="playing= only"):
        seating.next_seat(0, 4, playing=playing, active=playing)
    # seats_from says so when called, not when its first seat is read (helper-114)
    with pytest.raises(TypeError, match="playing= only"):
        seating.seats_from(0, 4, playing=playing, active=playing)
    with pytest.warns(DeprecationWarning, match="playing="):
        seating.seats_from(2, 4, active=playing)


@pytest.mark.parametrize("call", [
    lambda: seating.next_seat(1, 4, direction=0, playing=[True, False, True, True]),
    lambda: seating.next_seat(0, 4, playing=[True]),
    lambda: seating.next_seat(0, 0),
    lambda: seating.seats_from(0, 4, direction=2),
    lambda: seating.seats_from(0, 3, playing=[True, True, True, True]),
], ids=["direction 0 (looped forever)", "too few flags (IndexError)",
        "no seats (ZeroDivisionError)", "direction 2", "too many flags"])
def test_a_table_no_turn_can_go_round_is_a_value_error(call: Any) -> None:
    """A direction other than 1 or -1, a flag list of the wrong length or an empty table
    is a caller's bug, said as a ValueError at once (found by helper-114)."""
    with pytest.raises(ValueError, match="no table to go round"):
        call()


def test_seating() -> None:
    assert seating.left_of(3, 4) == 0 and seating.right_of(0, 4) == 3
    playing = [True, False, True, True]
    assert seating.next_seat(0, 4, playing=playing) == 2
    assert seating.next_seat(0, 4, direction=-1, playing=playing) == 3
    assert seating.next_seat(0, 4, playing=playing, steps=2) == 3
    assert list(seating.seats_from(2, 4, playing=playing)) == [2, 3, 0]
    assert list(seating.seats_from(2, 4, direction=-1, include_start=False)) == [1, 0, 3]
    with pytest.raises(ValueError, match="no seat is playing"):
        seating.next_seat(0, 2, playing=[False, False])
    assert seating.check_seat(1, 2) == 1
    with pytest.raises(ValueError):
        seating.check_seat(True, 2)


@attrs.frozen
class _Cfg:
    size: int = attrs.field(default=3, validator=int_in(1, 5))
    name: str = "x"


def test_rules_configs_round_trip_and_refuse_bad_values() -> None:
    cfg = rules_from_dict(_Cfg, {"size": 4})
    assert cfg == _Cfg(4) and rules_to_dict(cfg) == {"size": 4, "name": "x"}
    assert rules_hash(cfg) == rules_hash(_Cfg(4)) != rules_hash(_Cfg(5))
    for bad in ({"size": 9}, {"size": "4"}, {"size": True}, {"colour": 1}, [1], None):
        with pytest.raises(RulesError):
            rules_from_dict(_Cfg, bad)


def test_registry_and_new_game() -> None:
    assert "toepen" in tablegames.GAMES
    s = tablegames.new_game("toepen", players=["Ana", "Bo", "Cy"], seed=7)
    assert s.players == ("Ana", "Bo", "Cy")
    with pytest.raises(SetupError):
        tablegames.new_game("chess")
    for players in (1, 9, 0, ["A", "A"], ["A", ""], "abc", True):
        with pytest.raises(SetupError):
            tablegames.new_game("toepen", players=players)
    with pytest.raises(SetupError):
        tablegames.new_game("toepen", players=3, seed=1.5)
    with pytest.raises(RulesError):
        tablegames.new_game("toepen", players=3, rules={"limit": 1})
    with pytest.raises(RulesError):
        tablegames.new_game("toepen", players=3, rules="no-such-variant")


def test_replay_and_load_rebuild_identical_states() -> None:
    s = tablegames.new_game("toepen", players=4, seed=11, rules="elimination")
    bot = tablegames.GAMES["toepen"].bots["random"](3)
    for _ in range(60):
        s.apply(bot.choose(s))
    assert tablegames.replay(s.record()).to_json() == s.to_json()
    assert tablegames.load(s.to_json()).to_json() == s.to_json()
    assert tablegames.load(s.to_json().encode()).to_json() == s.to_json()
    with pytest.raises(StateError):
        tablegames.load('{"game": "chess"}')


def test_event_redaction() -> None:
    e = Event("draw", {"seat": 1}, {"card": "Th"}, frozenset({1}))
    assert e.for_seat(1) == {"kind": "draw", "seat": 1, "card": "Th"}
    assert e.for_seat(0) == e.for_seat(None) == {"kind": "draw", "seat": 1}
    private = Event("note", {"seat": 1}, {"x": 1}, frozenset({1}), public=False)
    assert Event.redact([e, private], 0) == [{"kind": "draw", "seat": 1}]
    assert len(Event.redact([e, private], 1)) == 2
    # issue 9, defect 6: there is no unredacted form to broadcast by mistake
    assert not hasattr(e, "to_dict") and not hasattr(e, "secret")


def test_illegal_action_is_a_value_error_with_code_ruling_and_doc_link() -> None:
    err = tablegames.IllegalAction("no", code="must_follow_suit", ruling="TOE-11")
    assert isinstance(err, ValueError)
    assert err.doc == "rulings/toepen.html#TOE-11"
    assert "TOE-11" in str(err) and "must_follow_suit" in str(err)
    assert tablegames.IllegalAction("x").doc is None


def test_to_json_splice_equals_canonical_dump_of_the_whole_state() -> None:
    import json

    from tablegames.common.serialization import dumps

    for name in tablegames.GAMES:
        s = tablegames.new_game(name, players=3, seed=2)
        s.apply(s.legal_actions()[0])
        text = s.to_json()
        assert dumps(json.loads(text)) == text
