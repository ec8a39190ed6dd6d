"""Pictures of the table as SVG, drawn from a view (as ``chess.svg`` draws a board).

>>> import tablegames
>>> from tablegames import render
>>> state = tablegames.new_game("toepen", players=3, seed=7)
>>> picture = render.svg(state.view(0))          # what seat 0 sees
>>> picture.startswith("<svg")
True
>>> picture.count('class="card"')                # seat 0's four cards, face up
4
>>> hand = render.hand(state.view(0)["hand"], "toepen")
>>> hand.count('class="card"')
4

A picture is drawn **only** from the view it is given (through the game's presenter and
the table model, :mod:`tablegames.table`), so it can never show more than that seat may
see: its own hand face up, other hands face down, the spectator's (``view(None)``) no
hand at all. Every face-up card in the SVG is a ``<g class="card" data-card="Th">``;
face-down cards carry no name. ``lang`` draws every word from that language's catalogue
(a game without one is drawn in English). Any game with a presenter gets its picture.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tablegames.common.errors import TablegamesError, quoted
from tablegames.common.registry import game_info
from tablegames.render import drawing
from tablegames.render.faces import Face, face, faces
from tablegames.render.tables import WIDTH, draw
from tablegames.table import check_view, guarded, shared_model
from tablegames.table.i18n import check_lang, lang_for, words_for
from tablegames.table.model import printable

__all__ = ["Face", "face", "hand", "svg"]


def svg(view: Mapping[str, Any], *, title: str | None = None, lang: str = "en") -> str:
    """The table as an SVG document, from ``view`` (a seat's or the spectator's).

    ``title`` becomes the picture's accessible name (default: the game and the viewer).
    A view that cannot be drawn raises :class:`~tablegames.table.PresenterError` (see
    :func:`tablegames.table.present`).
    """
    game = check_view(view, "render.svg")
    _check_title(title)
    # a browser draws the picture: names and cards are bidi-isolated in Arabic sentences
    w = words_for(lang_for(game, check_lang(lang)), game, isolate=True)

    def picture(v: Mapping[str, Any]) -> str:
        model = shared_model(v)
        seat = v.get("seat")
        who = w("the spectator") if seat is None else printable(v["players"][seat])
        canvas = drawing.Canvas(WIDTH, label=title or w("{game}: the table as {who} sees it",
                                                     game=w.text(model["title"]), who=who),
                             rtl=w.direction == "rtl")
        draw(canvas, model, w)
        return canvas.to_string()

    # a view the presenter cannot read, or a model it made from an edited view that holds
    # what no drawer expects: a PresenterError, naming the key where it can be found
    return guarded(view, picture)


def hand(cards: Sequence[str], game: str, *, title: str | None = None, lang: str = "en") -> str:
    """The cards of a hand, face up, side by side, as an SVG document (words of
    ``cards`` that are not cards of ``game`` are left out, as a view's hand holds only
    cards).

    ``cards`` is a list of notations (a string is refused: ``"Th"`` would be read as the
    words ``T`` and ``h``), ``game`` a registered game, ``lang`` a language with a
    catalogue and ``title`` a string or ``None``, as :func:`svg` checks them; each was
    taken before and drew an empty or English hand, or failed deep in the drawing.
    """
    if isinstance(cards, str) or not isinstance(cards, Sequence) or not all(
            isinstance(c, str) for c in cards):
        raise TablegamesError(f"render.hand needs a list of card notations, not {quoted(cards)}")
    if not isinstance(game, str):
        raise TablegamesError(f"render.hand needs a game's name, not {quoted(game)}")
    game_info(game)  # an unknown game is named as such
    check_lang(lang)
    _check_title(title)
    items: list[Face | None] = list(faces(game, list(cards), lang))
    width = max(60, int(drawing.CARD_W + (len(items) - 1) * (drawing.CARD_W + 6) + 20))
    canvas = drawing.Canvas(width, label=title or " ".join(f.name for f in items if f is not None))
    drawing.row(canvas, None, items, 10, 10, width - 20)
    canvas.height = drawing.CARD_H + 20
    return canvas.to_string()


def _check_title(title: object) -> None:
    """A picture's accessible name is a string (``None``: the default one)."""
    if title is not None and not isinstance(title, str):
        raise TablegamesError(f"title must be a string or None, not {quoted(title)}")
