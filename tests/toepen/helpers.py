"""Scenario helpers for Toepen tests: stacked decks, seat 0 leads by default."""

from __future__ import annotations

from typing import Any

from tablegames import toepen


def game(deck: list[str], players: int = 3, exchanges: bool = False, **kwargs: Any) -> toepen.State:
    """A stacked game. ``deck``: 4 cards per seat from the dealer's left, then the stock."""
    rules = dict(kwargs.pop("rules", {}))
    rules.setdefault("exchanges", exchanges)
    return toepen.new_game(players=players, seed=1, deck=deck, rules=rules, **kwargs)


# Three hands that can never follow each other: whoever leads wins every trick.
HEARTS = ["Th", "9h", "8h", "7h"]
SPADES = ["Ts", "9s", "8s", "7s"]
CLUBS = ["Tc", "9c", "8c", "7c"]
SPLIT = HEARTS + SPADES + CLUBS
