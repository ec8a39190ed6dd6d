"""How a card reads to a person: ``"Th"`` is the ten of hearts, ``10♥``, in red.

Views and notation write cards for programs (``"Th"``, ``"12c"``, ``"R7"``); a person at
the table reads ``10♥``, ``Q♣`` and a red seven. Both the terminal UI and the SVG pictures
need that reading, so it lives here once: :func:`face` turns a game's card notation into a
:class:`Face` (label, suit symbol, colour), and returns ``None`` for a word that is not a
card of that game, which is how the UI knows which words of an action to draw as cards.

The reading is by pattern, not by importing the game's pack, so a game that renames its
notation to what people read (``"A♠"``, ``"10♦"``) is read just the same.
"""

from __future__ import annotations

import re
from functools import lru_cache

import attrs

#: Suit letters and symbols (either may appear in notation) -> (symbol, colour, name).
SUITS: dict[str, tuple[str, str, str]] = {
    "c": ("♣", "black", "clubs"), "♣": ("♣", "black", "clubs"),
    "d": ("♦", "red", "diamonds"), "♦": ("♦", "red", "diamonds"),
    "h": ("♥", "red", "hearts"), "♥": ("♥", "red", "hearts"),
    "s": ("♠", "black", "spades"), "♠": ("♠", "black", "spades"),
}
#: Rank spellings -> what is printed on the card. Shithead numbers its values 1..13.
RANKS: dict[str, str] = {
    "a": "A", "1": "A", "14": "A", "k": "K", "13": "K", "q": "Q", "12": "Q",
    "j": "J", "11": "J", "t": "10", "10": "10",
    **{str(n): str(n) for n in range(2, 10)},
}
_FRENCH = re.compile(r"^(10|1[1-4]?|[2-9]|[akqjt])([cdhs♣♦♥♠])$", re.IGNORECASE)
#: Phase 10 colour letters -> colour names.
P10_COLOURS: dict[str, str] = {"R": "red", "B": "blue", "G": "green", "Y": "yellow"}
_P10 = re.compile(r"^([RBGY])(1[0-2]|[1-9])$", re.IGNORECASE)
#: Games whose cards are the French-suited pack (by notation pattern).
FRENCH_GAMES = frozenset({"toepen", "shithead"})


@attrs.frozen
class Face:
    """A card as a person reads it.

    * ``notation`` — the card as the game writes it (``"Th"``), kept so a picture can say
      which card it drew (the leak tests read it back);
    * ``label`` — what is printed in the corner: ``"10"``, ``"Q"``, ``"7"``, ``"Wild"``;
    * ``suit`` — the suit symbol (``"♥"``), ``""`` for a suitless card;
    * ``colour`` — ``"red"``/``"black"`` for French suits; ``"red"``, ``"blue"``,
      ``"green"``, ``"yellow"``, ``"wild"`` or ``"skip"`` for Phase 10;
    * ``name`` — in words, for a screen reader or a caption: ``"10 of hearts"``.
    """

    notation: str
    label: str
    suit: str
    colour: str
    name: str

    @property
    def text(self) -> str:
        """The short reading: ``10♥``, ``A♠``, ``R7`` for a red seven, ``Wild``."""
        if self.suit:
            return f"{self.label}{self.suit}"
        if self.colour in P10_COLOURS.values():
            return f"{self.colour[0].upper()}{self.label}"
        return self.label


@lru_cache(maxsize=4096)
def face(game: str, notation: str) -> Face | None:
    """The :class:`Face` of ``notation`` in ``game``; ``None`` if it is not one of its cards.

    >>> face("toepen", "Th").text, face("shithead", "12c").text, face("shithead", "A♠").text
    ('10♥', 'Q♣', 'A♠')
    >>> face("phase10", "R7").colour, face("phase10", "W").label
    ('red', 'Wild')
    >>> face("toepen", "knock") is None
    True
    """
    if game in FRENCH_GAMES:
        return _french(notation)
    if game == "phase10":
        return _phase10(notation)
    return None


def _french(notation: str) -> Face | None:
    match = _FRENCH.match(notation.strip())
    if match is None:
        return None
    rank = RANKS[match.group(1).lower()]
    symbol, colour, suit_name = SUITS[match.group(2).lower()]
    words = {"A": "ace", "K": "king", "Q": "queen", "J": "jack"}.get(rank, rank)
    return Face(notation, rank, symbol, colour, f"{words} of {suit_name}")


def _phase10(notation: str) -> Face | None:
    text = notation.strip().upper()
    if text in ("W", "WILD"):
        return Face(notation, "Wild", "", "wild", "Wild")
    if text in ("S", "SKIP"):
        return Face(notation, "Skip", "", "skip", "Skip")
    match = _P10.match(text)
    if match is None:
        return None
    colour = P10_COLOURS[match.group(1)]
    return Face(notation, match.group(2), "", colour, f"{colour} {match.group(2)}")


def faces(game: str, notations: list[str] | tuple[str, ...]) -> list[Face]:
    """The faces of the words of ``notations`` that are cards of ``game`` (others dropped)."""
    out = []
    for n in notations:
        f = face(game, n)
        if f is not None:
            out.append(f)
    return out
