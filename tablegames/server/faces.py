"""Card notation turned into something a phone can draw: rank, suit symbol and colour.

The engines write cards as short notation (``"Kh"``, ``"10h"``, ``"R7"``, ``"W"``). A
person reads a card by its face, so every card the server sends is a *face*: the
notation (``code``, what an action names) plus what to draw. Both French-suited games
are read the same way (letters or numbers for ranks, letters or symbols for suits), so
a change of notation such as ``"12s"`` becoming ``"Q♠"`` needs nothing here.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

_SUITS = {"c": "♣", "d": "♦", "h": "♥", "s": "♠", "♣": "♣", "♦": "♦", "♥": "♥", "♠": "♠"}
_RED = {"♦", "♥"}
_RANKS = {"1": "A", "11": "J", "12": "Q", "13": "K", "14": "A", "T": "10"}
_FRENCH = re.compile(r"^(10|1[1-4]|[1-9]|[AKQJT])([cdhs♣♦♥♠])$")
_PHASE10 = re.compile(r"^([RBGY])(1[0-2]|[1-9])$")
_P10_COLOURS = {"R": "red", "B": "blue", "G": "green", "Y": "yellow"}
#: How each game writes its cards.
STYLE = {"toepen": "french", "shithead": "french", "phase10": "phase10", "dallah": "named"}


_FACES: dict[tuple[str, str], dict[str, Any]] = {}


def face(game: str, code: str, names: Mapping[str, str] | None = None) -> dict[str, Any]:
    """What to draw for the card ``code`` of ``game`` (``names``: display names of named cards).

    Faces of the card games are remembered (a page holds dozens, a broadcast several
    pages); the same dict is handed out again, so callers must not edit it.
    """
    style = STYLE.get(game, "french")
    if style == "named":
        return {"code": code, "kind": "named", "rank": (names or {}).get(code, code),
                "suit": "", "colour": "gold"}
    hit = _FACES.get((game, code))
    if hit is None:
        hit = _read(style, code)
        if len(code) <= 8:  # only real notation is kept: the table stays small
            if len(_FACES) > 4096:
                _FACES.clear()
            _FACES[(game, code)] = hit
    return hit


def _read(style: str, code: str) -> dict[str, Any]:
    if style == "phase10":
        if code == "W":
            return {"code": code, "kind": "phase10", "rank": "W", "suit": "Wild", "colour": "wild"}
        if code == "S":
            return {"code": code, "kind": "phase10", "rank": "S", "suit": "Skip", "colour": "skip"}
        m = _PHASE10.match(code)
        if m:
            return {"code": code, "kind": "phase10", "rank": m.group(2), "suit": "",
                    "colour": _P10_COLOURS[m.group(1)]}
    m = _FRENCH.match(code)
    if m:
        rank = _RANKS.get(m.group(1), m.group(1))
        suit = _SUITS[m.group(2)]
        return {"code": code, "kind": "french", "rank": rank, "suit": suit,
                "colour": "red" if suit in _RED else "black"}
    return {"code": code, "kind": "text", "rank": code, "suit": "", "colour": "plain"}


def faces(game: str, codes: Any, names: Mapping[str, str] | None = None) -> list[dict[str, Any]]:
    """Faces of a list of card codes (anything else gives an empty list)."""
    if not isinstance(codes, list):
        return []
    return [face(game, str(c), names) for c in codes]


def short(game: str, code: str) -> str:
    """A card in one short string for sentences: ``"K♥"``, ``"10♠"``, ``"red 7"``, ``"Wild"``."""
    f = face(game, code)
    if f["kind"] == "french":
        return f"{f['rank']}{f['suit']}"
    if f["kind"] == "phase10":
        return f["suit"] if f["suit"] else f"{f['colour']} {f['rank']}"
    return code
