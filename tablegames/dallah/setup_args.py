"""Checking the scenario setup of ``new_game`` (stacked decks, cups already placed).

These values come from users and from saved records, so every one is checked and a bad
one is a :class:`~tablegames.common.errors.SetupError` naming what is wrong.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tablegames.common.errors import SetupError, quoted
from tablegames.common.numbers import whole_number

#: Longest list a scenario may give (decks have at most a few hundred cards).
MAX_ITEMS = 1_000


def plain_setup(value: object, what: str) -> Any:
    """A setup value as plain JSON (lists, dicts), bounded, for the setup record.

    ``new_game`` keeps its scenario keywords in the record, which must replay and save
    as JSON, so tuples and other sequences become lists and mappings dicts; a string where
    a list belongs, or a list longer than :data:`MAX_ITEMS`, is refused here, before
    anything is built from it. The value was already found no deeper than a save may
    nest (``new_game`` asks :func:`~tablegames.common.setups.shallow_setup` first), so
    this recursion ends. A list's items that are neither lists nor mappings are kept as
    they are: the key's own check (:func:`counts`, :func:`strings`) refuses a wrong one
    and says what belongs there ("piles must be a list of non-negative counts"), where
    this one could only name a type ("piles[0] must be a list, not float").
    """
    if value is None or isinstance(value, bool | int):
        return value
    if isinstance(value, str):
        raise SetupError(f"{what} must be a list, not a string")
    if isinstance(value, Mapping):
        if len(value) > MAX_ITEMS:
            raise SetupError(f"{what}: more than {MAX_ITEMS} entries")
        return {str(k): plain_setup(v, f"{what}[{k}]") for k, v in value.items()}
    if isinstance(value, Sequence):
        if len(value) > MAX_ITEMS:
            raise SetupError(f"{what}: more than {MAX_ITEMS} entries")
        return [plain_setup(v, f"{what}[{i}]") if _nested(v) else v
                for i, v in enumerate(value)]
    raise SetupError(f"{what} must be a list, not {type(value).__name__}")


def _nested(value: object) -> bool:
    """Whether a setup list's item is itself a list or a mapping (a string is an id)."""
    return isinstance(value, Mapping | Sequence) and not isinstance(value, str | bytes)


def seat_arg(value: object, n: int, what: str) -> int:
    seat = whole_number(value)  # a numpy seat is the int it holds, and stored so
    if seat is None or not 0 <= seat < n:
        raise SetupError(f"{what} must be a seat in 0..{n - 1}, not "
                         f"{quoted(value if seat is None else seat)}")
    return seat


def strings(value: object, what: str) -> list[str]:
    """``value`` as a list of ids, or a ``SetupError`` naming ``what``."""
    if isinstance(value, str) or not isinstance(value, list | tuple) or not all(
            isinstance(x, str) for x in value):
        raise SetupError(f"{what} must be a list of ids")
    if len(value) > MAX_ITEMS:
        raise SetupError(f"{what}: more than {MAX_ITEMS} ids")
    return list(value)


def counts(value: object, what: str) -> list[int]:
    """``value`` as a list of non-negative counts, or a ``SetupError`` naming ``what``."""
    if isinstance(value, str) or not isinstance(value, list | tuple) or len(value) > MAX_ITEMS \
            or not all(type(x) is int and 0 <= x <= 100_000 for x in value):
        raise SetupError(f"{what} must be a list of non-negative counts")
    return list(value)


def mapping(value: object, what: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise SetupError(f"{what} must map zone ids to lists of shape ids")
    return value


def code_of(index: Mapping[str, int], ident: str, what: str) -> int:
    code = index.get(ident)
    if code is None:
        raise SetupError(f"unknown {what} {quoted(ident)} (known: {', '.join(index)})")
    return code


def take(pool: list[int], code: int, what: str, ident: str) -> None:
    try:
        pool.remove(code)
    except ValueError:
        raise SetupError(f"{what}: the card set has no more {quoted(ident)} cards") from None


def action_stack(extra: Mapping[str, Any], deck: Sequence[str] | None) -> list[str]:
    stacked = extra.get("actions")
    if stacked is not None and deck is not None:
        raise SetupError("stack the Action deck with actions= or deck=, not both")
    return strings(stacked if stacked is not None else (deck or []), "actions")
