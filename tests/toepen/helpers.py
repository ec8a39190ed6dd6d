"""Scenario helpers for Toepen tests: stacked decks, seat 0 leads by default."""

from __future__ import annotations

from typing import Any

from tablegames import toepen
from tests.upgrades import active_line, with_json_lines


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


def round_named(last: Any) -> Any:
    """A ``last_round`` as engine 4 names it: the deal's number is ``round`` (engine 3
    and before said ``hand``; for data written by the older engines)."""
    if not isinstance(last, dict):
        return last
    return {("round" if k == "hand" else k): v for k, v in last.items()}


def today_view(view: dict[str, Any]) -> dict[str, Any]:
    """A view an older version gave, as today's gives it: ``last_round`` says ``round``
    (:func:`round_named`) and a finished game's ``result`` counts ``rounds`` (it said
    ``hands`` before the deal was a round in every game's result)."""
    out = dict(view, last_round=round_named(view["last_round"]))
    result = view.get("result")
    if isinstance(result, dict):
        out["result"] = {("rounds" if k == "hands" else k): v for k, v in result.items()}
    return out


def today_position(text: str) -> str:
    """An older engine's position text as today's writes it: the ``last_round`` line
    says ``round`` (engine 4; keys sorted, as every JSON line is) and the seat to play
    is ``active`` (engine 5)."""
    return active_line(with_json_lines(text, "last_round: {", round_named))
