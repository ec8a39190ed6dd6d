"""What the engines share process-wide is read-only: an edit through one game raises
instead of changing every later game.

Dallah's card-set table (``state.t``, one per card set) and the base class's empty
declarations are each one object for the whole process; a caller or a game that edited
one would change what every other game does.
"""

from __future__ import annotations

from typing import Any

import pytest

import tablegames
from tablegames.common.state import BaseState
from tablegames.shithead.loading import deck_codes, full_deck


def dallah_table() -> Any:
    return tablegames.new_game("dallah", players=3, seed=1).t


@pytest.mark.parametrize("name", ["action_deck", "zone_deck", "sorted_action_deck",
                                  "sorted_zone_deck"])
def test_dallah_decks_are_tuples(name: str) -> None:
    deck = getattr(dallah_table(), name)
    assert type(deck) is tuple and deck


@pytest.mark.parametrize("name", ["shape_index", "zone_index", "card_index", "names", "texts"])
def test_dallah_lookups_refuse_edits(name: str) -> None:
    table = dallah_table()
    lookup = getattr(table, name)
    key = next(iter(lookup))
    with pytest.raises(TypeError):
        lookup[key] = lookup[key]
    if name == "names":
        with pytest.raises(TypeError):
            lookup["en"]["cards"]["x"] = "y"


def test_a_dallah_game_after_an_attempted_edit_is_the_same_game() -> None:
    before = tablegames.new_game("dallah", players=3, seed=4)
    with pytest.raises((TypeError, AttributeError)):
        before.t.action_deck.append(0)
    after = tablegames.new_game("dallah", players=3, seed=4)
    assert after.t is before.t and after.to_json() == before.to_json()


def test_a_dallah_table_refuses_new_values_and_is_shared_by_deep_copies() -> None:
    """``state.t`` is read-only as a whole: no attribute may be set (every later game
    would see it), and ``copy.deepcopy`` of a state shares it, as ``copy()`` does (its
    read-only views cannot be copied; found by helper-54)."""
    import copy

    state = tablegames.new_game("dallah", players=3, seed=2)
    state.apply("0:draw")
    with pytest.raises(AttributeError):
        state.t.placing_share = 0.0
    twin = copy.deepcopy(state)
    assert twin.t is state.t and twin.to_json() == state.to_json()


def test_toepen_plays_of_negative_seats_or_cards_are_not_another_seats() -> None:
    """The interned play table is indexed by seat and card: a negative index would give
    another seat's action (``play(-1, 3)`` was seat 7's; found by helper-54)."""
    from tablegames.toepen.actions import play

    assert play(-1, 3).seat == -1 and play(0, -1).card == -1  # type: ignore[attr-defined]
    assert play(-1, 3) is not play(7, 3)


def test_shithead_full_deck_is_a_tuple_of_the_rules_decks() -> None:
    state = tablegames.new_game("shithead", players=3, seed=1)
    assert type(full_deck(1)) is tuple and full_deck(1) == deck_codes(state)
    assert full_deck(1) == tuple(range(52))
    assert len(full_deck(2)) == 104 and full_deck(2)[:2] == (0, 0)


@pytest.mark.parametrize("name", ["RENAMED", "POSITION_OWN", "POSITION_DEFAULTS",
                                  "POSITION_DERIVED", "POSITION_COMMENTS", "POSITION_KEYS"])
def test_the_base_declarations_refuse_edits(name: str) -> None:
    with pytest.raises(TypeError):
        getattr(BaseState, name)["x"] = "y"
