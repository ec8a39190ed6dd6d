"""The house's card faces: how a card of the table model is drawn and read, in one place.

The server's page, the SVG pictures and the terminal all draw cards from the model's
faces (:mod:`tablegames.table.model`), which the game's presenter makes from its own pack;
this module turns one into a :class:`Face` in the table's language: the corner label,
the suit symbol, the colour, the mark written on the card (a Phase 10 card's colour
name, so no one needs to tell red from green) and the name in words.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import attrs

from tablegames.table import PresenterError, presenter_of
from tablegames.table.i18n import Words, lang_for, words_for


@attrs.frozen
class Face:
    """A card as a person reads it.

    * ``notation`` — the card as the game writes it (``"Th"``): what an action names and
      what a picture's ``data-card`` says (the leak tests read it back);
    * ``label`` — what is printed in the corner: ``"10"``, ``"Q"``, ``"7"``, ``"Wild"``;
    * ``suit`` — the suit symbol (``"♥"``), ``""`` for a suitless card;
    * ``colour`` — the drawing colour (``"red"``, ``"black"``, ``"blue"``, ``"green"``,
      ``"yellow"``, ``"wild"``, ``"skip"``, ``"gold"``);
    * ``mark`` — words written on the card besides the label (``"red"``), or ``""``;
    * ``name`` — the card in a sentence: ``"10♥"``, ``"red 7"``.
    """

    notation: str
    label: str
    suit: str
    colour: str
    name: str
    mark: str = ""

    @property
    def text(self) -> str:
        """The short reading for a line of text: the name."""
        return self.name


def from_model(f: Mapping[str, Any], w: Words) -> Face:
    """The :class:`Face` of a model face, in ``w``'s language."""
    mark = w.text(f["mark"]) if f.get("mark") else ""
    label = str(f.get("rank") or "")
    if f.get("special") or not label:
        label, mark = mark or label, ""
    return Face(str(f["code"]), label, str(f.get("suit") or ""), str(f.get("colour") or "black"),
                w.text(f["name"]), mark)


def face(game: str, notation: str, lang: str = "en") -> Face | None:
    """The :class:`Face` of ``notation`` in ``game`` (``None``: not a card of its pack).

    >>> face("toepen", "Th").name, face("phase10", "R7").mark, face("phase10", "W").label
    ('10♥', 'red', 'Wild')
    >>> face("phase10", "G3", "da").name
    'grøn 3'
    >>> face("toepen", "knock") is None
    True
    """
    try:
        made = presenter_of(game).face
    except PresenterError:
        return None
    if made is None:
        return None
    f = made(notation)
    if f["name"].get("msg") == "{card}":  # the presenter's face of something not in its pack
        return None
    return from_model(f, words_for(lang_for(game, lang), game))


def faces(game: str, notations: Sequence[str], lang: str = "en") -> list[Face]:
    """The faces of the words of ``notations`` that are cards of ``game`` (others dropped)."""
    out = []
    for n in notations:
        f = face(game, n, lang)
        if f is not None:
            out.append(f)
    return out
