"""The one place that knows what each game calls the keys of its view.

The envelope (``game, players, seat, to_act, stage, version, result``; for a seat
``hand, legal, prompt``) is the same in every game; the rest is the game's own. Those keys
are being moved to one vocabulary (``stage`` not phase/step, ``stock`` for the cards left
to draw, ``round`` for the number of the deal, ...), so the pictures and the terminal UI
read every game key through :func:`get` and the table below: a rename is a change to one
line here, and while the rename is under way both spellings are read (newest first).

A key can carry an offset: Toepen's and Phase 10's ``hand_no`` count deals from 0 while
people (and the new ``round``) count them from 1.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs


@attrs.frozen
class Key:
    """One spelling of a view key; ``plus`` is added to an int value (0-based counts)."""

    name: str
    plus: int = 0


def _keys(*names: str | Key) -> tuple[Key, ...]:
    return tuple(Key(n) if isinstance(n, str) else n for n in names)


#: Canonical name -> the spellings to try, newest first; for every game.
COMMON: dict[str, tuple[Key, ...]] = {
    "stage": _keys("stage", "phase", "step"),
    "round": _keys("round", Key("hand_no", 1)),
    "stock": _keys("stock", "stock_size"),
    "hand_sizes": _keys("hand_sizes"),
    "scores": _keys("scores"),
    "dealer": _keys("dealer"),
}

#: Per game: canonical name -> spellings. Only keys the UI and the pictures read.
GAME_KEYS: dict[str, dict[str, tuple[Key, ...]]] = {
    "toepen": {
        "lives": _keys("lives"), "limit": _keys("limit"), "stake": _keys("stake"),
        "trick": _keys("trick"), "tricks": _keys("tricks"), "folded": _keys("folded"),
        "out": _keys("out"), "in_hand": _keys("in_hand"), "poverty": _keys("poverty"),
        "knocker": _keys("knocker", "last_knocker"), "thrown": _keys("thrown"),
        "announcements": _keys("announcements"), "leader": _keys("leader"),
    },
    "shithead": {
        "face_up": _keys("face_up"), "face_down": _keys("face_down"), "pile": _keys("pile"),
        "restriction": _keys("restriction", "top_effect"), "burnt": _keys("burnt"),
        "finished": _keys("finished"), "in_play": _keys("in_play"), "known": _keys("known"),
        "direction": _keys("direction"), "tally": _keys("tally"), "removed": _keys("removed"),
        # Shithead's round still counts from 0; drop the offset when it counts deals from 1.
        "round": _keys(Key("round", 1)),
    },
    "phase10": {
        "phases": _keys("phases"), "laid": _keys("laid"), "discard": _keys("discard"),
        "discard_top": _keys("discard_top"), "completed": _keys("completed"),
        "down": _keys("down"), "known": _keys("known_cards", "known"),
        "skips": _keys("pending_skips"), "playing": _keys("playing"),
    },
    "dallah": {
        "pot": _keys("pot"), "shared": _keys("shared"), "piles": _keys("piles"),
        "held": _keys("held"), "card": _keys("card"), "zone": _keys("zone"),
        "cup": _keys("cup"), "cups_in_hand": _keys("cups_in_hand", "in_hand"),
        "full_zones": _keys("full_zones"), "names": _keys("names"),
        "turn": _keys("active", "turn"),
        "retired": _keys("retired"), "effects": _keys("effects"), "decks": _keys("decks"),
        "stock": _keys("stock"), "placement_stock": _keys("placement_stock"),
        "round": _keys("turn", Key("turn_no", 1)), "report": _keys("report"),
    },
}

#: Options a game's ``view`` takes beyond the seat (Dallah's language).
VIEW_OPTIONS: dict[str, frozenset[str]] = {"dallah": frozenset({"lang"})}

_MISSING = object()


def get(view: Mapping[str, Any], name: str, default: Any = None) -> Any:
    """The value of canonical key ``name`` in ``view`` (``default`` if the game has none).

    >>> get({"game": "toepen", "hand_no": 0}, "round")
    1
    >>> get({"game": "toepen", "stage": "play", "phase": "old"}, "stage")
    'play'
    """
    game = view.get("game", "")
    spellings = GAME_KEYS.get(game, {}).get(name) or COMMON.get(name) or (Key(name),)
    for key in spellings:
        value = view.get(key.name, _MISSING)
        if value is _MISSING:
            continue
        if key.plus and isinstance(value, int) and not isinstance(value, bool):
            return value + key.plus
        return value
    return default


def seats(view: Mapping[str, Any]) -> list[str]:
    """The players' names, in seat order (the envelope's ``players``)."""
    return [str(p) for p in view.get("players", [])]
