"""A bad card set is refused clearly and cheaply, however it is bad.

Deep, long, huge or oddly keyed data (a hand-written file, a tampered save, a room's
rules from a client) must come back as a ``RulesError`` with a short message naming the
field, without building what it asks for (the memory the refusal allocates is bounded,
``tests.bounded``): never a ``RecursionError``, a 150,000-character message or 400,000
cards built first. Each case is tried through
``CardSet.from_dict`` and through ``new_game(rules={"cards": ...})``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from tablegames import RulesError, dallah
from tablegames.dallah.cardset import MAX_ACTIONS
from tests.bounded import MAX_BYTES, peak_of

#: A refusal's message is read by a person: at most this long.
MAX_MESSAGE = 600

WAYS: dict[str, Callable[[Any], object]] = {
    "from_dict": dallah.CardSet.from_dict,
    "new_game": lambda d: dallah.new_game(2, seed=0, rules={"cards": d}),
}


def default_data() -> dict[str, Any]:
    return dallah.DEFAULT_CARDS.to_dict()


def deep(depth: int, kind: str = "list") -> Any:
    value: Any = 1
    for _ in range(depth):
        value = [value] if kind == "list" else {"a": value}
    return value


def refusal(way: str, data: Any) -> str:
    """The message of the ``RulesError`` that refuses ``data``, checked short and cheap."""
    exc, peak = peak_of(lambda: WAYS[way](data))
    assert isinstance(exc, RulesError), repr(exc)
    message = str(exc)
    assert len(message) <= MAX_MESSAGE, f"{len(message)} characters: {message[:200]}"
    assert peak <= MAX_BYTES, f"{peak / 2**20:.0f} MB"
    return message


@pytest.mark.parametrize("way", sorted(WAYS))
@pytest.mark.parametrize("kind", ["list", "dict"])
@pytest.mark.parametrize(("group", "field"), [
    ("shapes", "id"), ("zones", "en"), ("actions", "cups"), ("protection", "kind")])
def test_a_value_nested_thousands_deep_is_refused_naming_its_field(
        way: str, kind: str, group: str, field: str) -> None:
    """Once a bare ``RecursionError`` from the JSON cache key."""
    data = default_data()
    data[group][0][field] = deep(5000, kind)
    message = refusal(way, data)
    assert f"{group}[0]" in message and f".{field}: " in message
    assert "nested too deep" in message


@pytest.mark.parametrize("way", sorted(WAYS))
def test_a_name_nested_thousands_deep_is_refused(way: str) -> None:
    data = default_data()
    data["name"] = deep(5000)
    assert "name: a list or table nested too deep" in refusal(way, data)


@pytest.mark.parametrize("way", sorted(WAYS))
@pytest.mark.parametrize("group", ["shapes", "zones", "actions", "protection"])
def test_a_long_id_is_cut_short_in_the_message(way: str, group: str) -> None:
    """A 50,000-character id was echoed whole, twice (in the place and in the refusal)."""
    data = default_data()
    data[group][0]["id"] = "z" * 50_000
    message = refusal(way, data)
    assert f"{group}[0] ('zzz" in message and "(50002 characters)" in message
    assert "id must be a lower-case word" in message


@pytest.mark.parametrize("way", sorted(WAYS))
def test_many_unknown_fields_are_named_five_at_most(way: str) -> None:
    """20,000 unknown fields once made a 148,915-character message."""
    data = default_data()
    data.update({f"k{i}": i for i in range(20_000)})
    message = refusal(way, data)
    assert "unknown card set field(s): k0, k1, k10, k100, k1000 and 19995 more" in message


@pytest.mark.parametrize("way", sorted(WAYS))
def test_a_long_unknown_field_is_cut_short(way: str) -> None:
    data = default_data()
    data["x" * 50_000] = 1
    message = refusal(way, data)
    assert "unknown card set field(s): 'xxx" in message and "(50002 characters)" in message


@pytest.mark.parametrize("way", sorted(WAYS))
@pytest.mark.parametrize("key", [1, None])
def test_a_field_json_cannot_sort_is_refused_before_a_huge_list(way: str, key: Any) -> None:
    """A key of another type than text (``{1: 2}`` beside ``"name"``) made the JSON cache
    key fail, which skipped every check: 400,000 cards were built before the refusal."""
    data = default_data()
    data[key] = 2
    data["actions"] = data["actions"][:1] * 400_000
    assert f"unknown card set field(s): {key}" in refusal(way, data)


@pytest.mark.parametrize("way", sorted(WAYS))
def test_a_card_with_keys_json_cannot_sort_still_meets_the_bounds(way: str) -> None:
    """Mixed keys inside one card once skipped the bound of 64 Action cards."""
    data = default_data()
    card = dict(data["actions"][0])
    card[1] = 2
    data["actions"] = [card] * 400_000
    assert f"actions: at most {MAX_ACTIONS} entries" in refusal(way, data)

