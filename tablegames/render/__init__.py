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

A picture is drawn **only** from the view it is given, so it can never show more than that
seat may see: its own hand face up, other hands face down, the spectator's (``view(None)``)
no hand at all. Every face-up card in the SVG is a ``<g class="card" data-card="Th">``;
face-down cards carry no name. Games the module does not know get a plain picture (seats,
hand sizes, the viewer's hand); a game can bring its own with :func:`register`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tablegames.render import svg as _svg
from tablegames.render.faces import Face, face
from tablegames.render.tables import DRAWERS, Drawer, generic
from tablegames.render.tables import faces_of as _faces_of
from tablegames.render.tables import say as _say

__all__ = ["Face", "face", "hand", "register", "svg"]


def register(game: str, drawer: Drawer) -> None:
    """Use ``drawer(canvas, view)`` for ``game``'s pictures (see :mod:`tablegames.render.tables`)."""
    DRAWERS[game] = drawer


def svg(view: Mapping[str, Any], *, title: str | None = None) -> str:
    """The table as an SVG document, from ``view`` (a seat's or the spectator's).

    ``title`` becomes the picture's accessible name (default: the game and the viewer).
    """
    if not isinstance(view, Mapping) or "game" not in view or "players" not in view:
        from tablegames.common.errors import TablegamesError

        raise TablegamesError("render.svg needs a view: state.view(seat) or state.view(None)")
    game = str(view["game"])
    seat = view.get("seat")
    who = _say(view, "the_spectator") if seat is None else str(view["players"][seat])
    canvas = _svg.Canvas(760, label=title or _say(view, "label", game=game, who=who),
                         rtl=view.get("lang") == "ar")
    DRAWERS.get(game, generic)(canvas, view)
    return canvas.to_string()


def hand(cards: Sequence[str], game: str, *, title: str | None = None) -> str:
    """The cards of a hand, face up, side by side, as an SVG document."""
    items = _faces_of(game, list(cards))
    width = max(60, int(_svg.CARD_W + (len(items) - 1) * (_svg.CARD_W + 6) + 20))
    canvas = _svg.Canvas(width, label=title or f"{game} hand: {' '.join(map(str, cards))}")
    _svg.row(canvas, None, items, 10, 10, width - 20)
    canvas.height = _svg.CARD_H + 20
    return canvas.to_string()
