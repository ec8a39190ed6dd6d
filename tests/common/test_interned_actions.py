"""Interned actions (Dallah's one object per action value, Shithead's kept group plays)
never let an earlier call decide what a later parse returns.

``True == 1`` and an ``int`` subclass (a numpy integer) hashes as its value, so an action
made with such a seat and kept in the process-wide table would be what every later
``"1:draw"`` parses to, and a correct ``apply`` would then be refused. Only keys of
exactly ``int``, ``str``, ``None`` and classes are kept.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

import tablegames
from tablegames.dallah import actions as dallah_actions
from tablegames.shithead import actions as shithead_actions


class Seat(int):
    """An ``int`` that is not one, as a numpy integer is."""


@pytest.fixture
def clean_tables() -> Iterator[None]:
    """Each test starts and ends with empty tables, whatever it put there."""
    tables = (dallah_actions._CACHE, dallah_actions._PARSED, shithead_actions._GROUPS)
    for t in tables:
        t.clear()
    yield
    for t in tables:
        t.clear()


@pytest.mark.parametrize("odd", [True, Seat(1)], ids=["bool", "int-subclass"])
def test_a_dallah_action_of_an_odd_seat_is_not_kept(clean_tables: None, odd: int) -> None:
    dallah_actions.simple(dallah_actions.Draw, odd)
    dallah_actions.target(0, odd)
    parsed = dallah_actions.parse_action("1:draw")
    assert type(parsed.seat) is int and parsed.seat == 1
    aimed = dallah_actions.target(0, 1)
    assert type(aimed.target) is int  # type: ignore[attr-defined]
    state = tablegames.new_game("dallah", players=3, seed=1)
    state.apply("0:draw")
    while state.to_act == 0:
        state.apply(state.legal_actions()[0])
    state.apply("1:draw")  # refused (no_such_seat) when the parse was poisoned
    assert {type(a.seat) for a in state.history} == {int}
    assert tablegames.load(state.to_json()).to_json() == state.to_json()


@pytest.mark.parametrize("odd", [True, Seat(1)], ids=["bool", "int-subclass"])
def test_a_shithead_action_of_an_odd_seat_or_card_is_not_kept(clean_tables: None,
                                                              odd: int) -> None:
    shithead_actions.play(odd, (5,))
    shithead_actions.play(1, (odd,))
    shithead_actions.done(odd)
    shithead_actions.group_plays(odd, (4, 5))
    shithead_actions.group_plays(1, (odd, 2))
    for made in (shithead_actions.play(1, (5,)), shithead_actions.play(1, (1,)),
                 shithead_actions.done(1), *shithead_actions.group_plays(1, (4, 5)),
                 *shithead_actions.group_plays(1, (1, 2))):
        assert type(made.seat) is int
        assert all(type(c) is int for c in getattr(made, "cards", ()))


def test_plain_actions_are_still_one_object(clean_tables: None) -> None:
    """What interning is for: the same value gives the same object (legal lists and
    parsed histories share them)."""
    assert dallah_actions.simple(dallah_actions.Draw, 1) is dallah_actions.parse_action("1:draw")
    assert shithead_actions.play(1, (5,)) is shithead_actions.play(1, (5,))
    assert shithead_actions.SINGLES[2][7] is shithead_actions.play(2, (7,))
    assert shithead_actions.group_plays(1, (4, 5)) is shithead_actions.group_plays(1, (4, 5))


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_dallah_interned_actions_play_as_the_plain_ones(clean_tables: None,
                                                        monkeypatch: pytest.MonkeyPatch,
                                                        seed: int) -> None:
    """The kept Dallah actions are the values the plain constructors make: a seeded
    random game gives the same legal lists and the same save with the table as without
    it (the table only saves making them again, ``actions._CACHE``)."""
    import random

    def play() -> tuple[list[list[str]], str]:
        rng = random.Random(seed)
        state = tablegames.new_game("dallah", players=4, seed=seed)
        lists: list[list[str]] = []
        while not state.is_over and len(lists) < 400:
            legal = state.legal_actions()
            lists.append([str(a) for a in legal])
            state.apply(rng.choice(legal))
        return lists, state.to_json()

    kept = play()
    assert dallah_actions._CACHE  # the table was used
    dallah_actions._CACHE.clear()
    monkeypatch.setattr(dallah_actions, "_intern", lambda key, make: make())
    assert play() == kept
    assert not dallah_actions._CACHE
