"""The table model (:mod:`~tablegames.table.model`) and its words (:mod:`~tablegames.table.i18n`).

A game registers a :class:`Presenter` in its ``GameInfo`` (``presenter=``); the front ends
call :func:`present` with a view and :func:`describe` with an event, and draw what they
get back without knowing the game.

>>> import tablegames
>>> from tablegames.table import present
>>> state = tablegames.new_game("toepen", players=3, seed=7)
>>> model = present(state.view(0))
>>> [s["name"] for s in model["seats"]], len(model["hand"])
(['P0', 'P1', 'P2'], 4)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import attrs

from tablegames.common.errors import TablegamesError, quoted
from tablegames.table.model import Msg, Table, plain_copy

__all__ = ["Presenter", "PresenterError", "describe", "present", "presenter_of"]


class PresenterError(TablegamesError):
    """A view of a game that has no presenter, or no view at all."""


@attrs.frozen
class Presenter:
    """What a game gives the front ends: its catalogue domain, the model of a view,
    one sentence per event (``event(event, view)``: the redacted event and the view of the
    seat it is told to, taken just after it; ``None`` for an event that says nothing to
    this seat, such as another seat's private notice).

    A presenter with ``parts`` set also takes ``table(view, public=False)`` and may then
    skip the public part (``seats``, ``centre``, ``facts``; :func:`present` empties them),
    everything else as ``table(view)`` gives it: a server draws the public table once per
    action from the spectator's view and only each seat's private part from that seat's
    view, instead of every seat's whole model.
    """

    domain: str
    table: Callable[..., Table]
    event: Callable[[Mapping[str, Any], Mapping[str, Any]], Msg | None]
    #: The face of a card written in notation (games with a pack of their own).
    face: Callable[[str], dict[str, Any]] | None = None
    #: ``table`` takes ``public=False`` (see above); without it the whole model is made
    #: and its public part emptied: the same private part at the whole model's cost.
    parts: bool = False


def presenter_of(game: str) -> Presenter:
    """The presenter registered with ``game`` (a :class:`PresenterError` if it has none)."""
    from tablegames.common.registry import GAMES

    info = GAMES.get(game) if isinstance(game, str) else None
    found = getattr(info, "presenter", None)
    if not isinstance(found, Presenter):
        raise PresenterError(f"game {quoted(game)} has no presenter")
    return found


def present(view: Mapping[str, Any], *, public: bool = True, shared: bool = False) -> Table:
    """The table model of ``view`` (a seat's or the spectator's), by its game's presenter;
    with ``public=False``, without the public part (see :class:`Presenter`).

    The model is the caller's to edit: it shares nothing with any other model or with the
    packs' card faces. ``shared=True`` skips that copy for a caller that never edits a
    model (the room server, whose page drawing reuses and diffs the card faces' messages
    by identity on every action); its cards' ``name`` and ``mark`` are then the pack's own.
    """
    if not isinstance(view, Mapping) or "game" not in view or "players" not in view:
        raise PresenterError("present needs a view: state.view(seat) or state.view(None)")
    presenter = presenter_of(str(view["game"]))
    if public:
        model = presenter.table(view)
    else:
        model = presenter.table(view, public=False) if presenter.parts else presenter.table(view)
        model["seats"], model["centre"], model["facts"] = [], [], []  # what it skipped
    return model if shared else plain_copy(model)


def describe(event: Mapping[str, Any], view: Mapping[str, Any], *,
             shared: bool = False) -> Msg | None:
    """One sentence for a (redacted) event, told to the seat of ``view``; ``None``: nothing.
    Fresh unless ``shared=True`` (as :func:`present`: a card's name inside it is the pack's)."""
    sentence = presenter_of(str(view.get("game", ""))).event(event, view)
    return sentence if shared or sentence is None else plain_copy(sentence)
