"""The one place where the server reads a game's own view keys.

A phone page is built from the view envelope every game shares (``stage``, ``hand``,
``legal``, ``prompt``, ``to_act``, ``result``, ``version``) plus a table drawn by a small
renderer per game. Those renderers never index a view directly: they ask
:func:`reader` for a *logical* key, and this table says which view key holds it. The
games are moving to one vocabulary (``stage`` not ``phase``/``step``, ``round`` for the
number of the deal, ``stock`` for the cards left to draw), so each entry lists the new
name first and the names a game used before: a view with either is read correctly, and
a later rename is a one-line change here.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

#: Logical keys every game may have, each with the view keys that can hold it (first wins).
COMMON: dict[str, tuple[str, ...]] = {
    "stage": ("stage", "phase", "step"),
    "round": ("round", "hand_no"),
    "stock": ("stock", "stock_size"),
    "hand_sizes": ("hand_sizes",),
    "scores": ("scores",),
    "dealer": ("dealer",),
    "result": ("result",),
    "version": ("version",),
    # display names of a game's named things, in the view's language (Dallah has them)
    "names": ("names",),
}

#: Each game's own keys (the renderers in :mod:`tablegames.server.tables` read these).
GAME: dict[str, dict[str, tuple[str, ...]]] = {
    "toepen": {
        "lives": ("lives",),
        "limit": ("limit",),
        "out": ("out",),
        "folded": ("folded",),
        "playing": ("playing", "in_hand"),
        "poverty": ("poverty",),
        "stake": ("stake",),
        "knocker": ("knocker",),
        "trick": ("trick",),
        "tricks": ("tricks",),
        "thrown": ("thrown",),
        "announcements": ("announcements",),
        "last_hand": ("last_hand", "last_round"),
    },
    "phase10": {
        "phases": ("phases",),
        "completed": ("completed",),
        "down": ("down",),
        "laid": ("laid",),
        "discard": ("discard",),
        "discard_top": ("discard_top",),
        "known": ("known_cards", "known"),
        "pending_skips": ("pending_skips",),
        "playing": ("playing",),
        "last_hand": ("last_hand", "last_round"),
    },
    "shithead": {
        "direction": ("direction",),
        "face_up": ("face_up",),
        "face_down": ("face_down",),
        "known": ("known",),
        "pile": ("pile",),
        "pile_value": ("pile_value",),
        "restriction": ("restriction",),
        "burnt": ("burnt",),
        "removed": ("removed",),
        "finished": ("finished",),
        "rounds": ("rounds",),
        "tally": ("tally",),
    },
    "dallah": {
        "report": ("report",),
        "card": ("card",),
        "cup": ("cup",),
        "zone": ("zone",),
        "placer": ("placer",),
        "collector": ("collector",),
        "falls": ("falls",),
        "timeouts": ("timeouts",),
        # the seat whose turn it is was "turn", its number "turn_no"; now "active" and "turn"
        "turn": ("active", "turn"),
        "turn_no": ("turn_no", "turn"),
        "pot": ("pot",),
        "full_zones": ("full_zones",),
        "shared": ("shared",),
        "shared_total": ("shared_total",),
        "piles": ("piles",),
        "retired": ("retired",),
        "held": ("held",),
        "actions_left": ("stock",),
        "swaps_left": ("swaps_left",),
    },
}


def lookup(game: str, key: str) -> tuple[str, ...]:
    """The view keys that may hold the logical ``key`` of ``game`` (``KeyError`` if unmapped)."""
    own = GAME.get(game, {})
    if key in own:
        return own[key]
    return COMMON[key]


def read(view: Mapping[str, Any], game: str, key: str, default: Any = None) -> Any:
    """The value of the logical ``key`` in ``view`` (``default`` when the view lacks it)."""
    for name in lookup(game, key):
        if name in view:
            return view[name]
    return default


def reader(view: Mapping[str, Any]) -> Callable[..., Any]:
    """``k = reader(view); k("lives", [])``: :func:`read` bound to one view and its game."""
    game = str(view.get("game", ""))

    def k(key: str, default: Any = None) -> Any:
        return read(view, game, key, default)

    return k
