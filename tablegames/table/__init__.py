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

from tablegames.common.errors import IllegalAction, TablegamesError, quoted
from tablegames.common.refusals import Phrase, fields_of
from tablegames.table.i18n import FSI, PDI, Words
from tablegames.table.model import Msg, Table, plain_copy

__all__ = ["Presenter", "PresenterError", "describe", "present", "presenter_of",
           "refusal_text"]


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


def refusal_text(error: TablegamesError, w: Words, *, tagged: bool = False) -> str:
    """Why the engine refused a move, in ``w``'s language: what a front end shows a player.

    A refusal from a game's table carries its English ``template`` and ``values``
    (:class:`~tablegames.common.errors.IllegalAction`); the template is looked up in the
    game's ``<game>_refusals`` catalogue (:attr:`Words.refusals
    <tablegames.table.i18n.Words.refusals>`) and filled with the values, each
    :class:`~tablegames.common.refusals.Phrase` among them translated the same way (names,
    numbers, cards and the player's notation stay as they are), each value wrapped in
    bidi isolates where ``w`` isolates (a browser's right-to-left text), as every table
    word is. The sentence is translated whole or not at all: a template or any of its
    phrases not translated yet (a reworded template, a new phrase) gives the English
    ``message``, never a sentence with English words inside. An error without a template
    (the game is over, a stale version, notation that does not read) is its English.

    ``tagged`` adds what ``str(error)`` adds to the message (``" [knock_limit; ruling
    TOE-55]"``): the code and ruling, the same in every language.

    >>> import tablegames
    >>> from tablegames.table import refusal_text
    >>> from tablegames.table.i18n import words_for
    >>> state = tablegames.new_game("toepen", players=3, seed=4)
    >>> try:
    ...     state.apply("1:keep")
    ... except tablegames.IllegalAction as e:
    ...     error = e
    >>> refusal_text(error, words_for("en", "toepen"))
    "it is P0's decision, not P1's"
    >>> refusal_text(error, words_for("en", "toepen"), tagged=True) == str(error)
    True
    """
    if not isinstance(error, IllegalAction):
        return str(error)
    told = None if error.template is None else _told(
        w, error.template, error.values, w.isolate, error.plural, error.count_field)
    sentence = error.message if told is None else told
    if tagged:
        whole = str(error)
        sentence += whole[len(error.message):] if whole.startswith(error.message) else ""
    return sentence


def _told(w: Words, template: str, values: Mapping[str, object], isolate: bool,
          plural: str | None = None, count_field: str | None = None) -> str | None:
    """``template`` translated and filled with ``values`` (phrases translated too), or
    ``None`` when any part of it has no translation in ``w``'s language.

    A counted template (``plural`` given) is told in the form the catalogue's plural rule
    picks for the value named ``count_field`` (Arabic's "كرتان" for 2, "3 كروت", "11 كرتاً"),
    so its words agree with the number as the table model's counted messages do."""
    book: Mapping[Any, str] = getattr(w.refusals, "_catalog", {})
    if plural is None:
        said = book.get(template)
    else:
        n = values.get(count_field or "")
        # a form left empty is as good as no translation: the English sentence, whole
        said = (w.refusals.ngettext(template, plural, n)
                if type(n) is int and book.get((template, 0)) else None)
        if said in (template, plural):  # gettext's fallback for a form it does not hold
            said = None
    if not said:
        return None
    args: dict[str, object] = {}
    # only what the sentence says: a value it does not name is not asked to be translated
    for key in fields_of(template + (plural or "")):
        if key not in values:
            return None
        value = values[key]
        if isinstance(value, Phrase):
            phrase = _phrase(w, value)
            if phrase is None:
                return None
            value = phrase
        args[key] = FSI + format(value) + PDI if isolate and format(value) else value
    try:
        return said.format_map(args)
    except (KeyError, IndexError, ValueError, AttributeError):  # a translation's bad field
        return None


def _phrase(w: Words, phrase: Phrase) -> str | None:
    """One phrase in ``w``'s language (its own arguments are not isolated, as a message
    inside a message is not), or ``None`` when it has no translation there."""
    if phrase.told:
        return phrase.told.get(w.lang)
    if phrase.parts:
        parts = [_phrase(w, p) for p in phrase.parts]
        return None if None in parts else phrase.joiner.join(p or "" for p in parts)
    return _told(w, phrase.template, phrase.values, False, phrase.plural,
                 phrase.count_field if phrase.plural is not None else None)
