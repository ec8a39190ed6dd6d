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
from typing import Any, TypeVar

import attrs

from tablegames.common.errors import IllegalAction, TablegamesError, quoted
from tablegames.common.refusals import Phrase, fields_of
from tablegames.table.i18n import FSI, PDI, Words
from tablegames.table.model import Msg, Table, plain_copy

__all__ = ["Presenter", "PresenterError", "check_view", "describe", "guarded", "model_of",
           "present", "presenter_of", "refusal_text", "shared_model"]


class PresenterError(TablegamesError):
    """A view that cannot be drawn: no view at all, a game with no presenter, an envelope
    key holding the wrong kind of value (a ``seat`` that is no seat of the table), or a
    game key the presenter could not read (the Python error it raised is chained as
    ``__cause__``). An app that edits views, or draws a view another version of
    tablegames made, gets this one error to catch, never a bare ``TypeError``."""


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

    A view that cannot be drawn (an envelope key of the wrong kind, a game key the
    presenter cannot read: an edited view, or one of another version) raises
    :class:`PresenterError` (:func:`check_view`, :func:`guarded`), never a bare Python
    error.
    """
    check_view(view, "present")
    model = guarded(view, lambda v: shared_model(v, public=public))
    return model if shared else plain_copy(model)


def model_of(view: Mapping[str, Any], *, public: bool = True) -> Table:
    """The presenter's model of ``view``, unguarded: :func:`present`'s plain path, for a
    caller that checks and guards the view itself.

    Like :func:`present`'s, the model is the caller's to edit. It was not always: the
    cards' ``name`` and ``mark`` messages were the pack's own, which every model in the
    process shares, so a caller that edited one renamed that card in every later model
    and picture of the game (found by helper-125). A drawing that only reads the model
    takes :func:`shared_model` and skips the copy."""
    return plain_copy(shared_model(view, public=public))  # type: ignore[no-any-return]


def shared_model(view: Mapping[str, Any], *, public: bool = True) -> Table:
    """The presenter's model of ``view``, unguarded and uncopied: the cards' ``name`` and
    ``mark`` messages are the pack's own, shared by every model in the process. Only for
    a caller that never edits the model (the room server, whose page drawing diffs those
    messages by identity; the SVG and terminal pictures): anyone else takes
    :func:`model_of` or :func:`present`."""
    presenter = presenter_of(str(view["game"]))
    if public:
        return presenter.table(view)
    made = presenter.table(view, public=False) if presenter.parts else presenter.table(view)
    made["seats"], made["centre"], made["facts"] = [], [], []  # what it skipped
    return made


#: The envelope keys every view has (:meth:`tablegames.common.state.GameState.view`):
#: checked here, once, for every presenter, so a presenter may trust them.
ENVELOPE = ("game", "players", "seat", "to_act", "stage", "version", "hand", "legal")

T = TypeVar("T")


def check_view(view: object, doing: str) -> str:
    """The game of ``view``, once its envelope holds what every presenter relies on.

    ``doing`` names the call for the refusal of what is no view at all. Only the
    envelope is checked (``game`` and ``players`` must be there; ``seat``, ``to_act``,
    ``stage``, ``version``, ``hand`` and ``legal``, where present, must hold what a view
    gives them): these are what every presenter and every drawer reads as they are (a
    seat's name is ``players[seat]``), and a wrong one is cheap to name. A game's own keys
    are the presenter's, and what it cannot read is caught by :func:`guarded`.
    """
    if not isinstance(view, Mapping) or "game" not in view or "players" not in view:
        raise PresenterError(f"{doing} needs a view: state.view(seat) or state.view(None)")
    players = view["players"]
    if not isinstance(players, list) or not players or not all(
            isinstance(p, str) for p in players):
        raise _wrong("players", players, "a list of the players' names")
    seats = f"a seat of the table (0 to {len(players) - 1})"
    for key, what in (("seat", f"{seats} or None (the spectator)"),
                      ("to_act", f"{seats} or None (nobody: the game is over)")):
        value = view.get(key)
        if value is not None and (type(value) is not int or not 0 <= value < len(players)):
            raise _wrong(key, value, what)
    if "stage" in view and not isinstance(view["stage"], str):
        raise _wrong("stage", view["stage"], "the name of a stage (a string)")
    version = view.get("version", 0)
    if type(version) is not int or version < 0:
        raise _wrong("version", version, "the number of actions played (an int from 0)")
    for key in ("hand", "legal"):
        value = view.get(key, [])
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            what = "the cards held, in notation" if key == "hand" else \
                "the legal actions, in notation"
            raise _wrong(key, value, f"a list of strings ({what})")
    return str(view["game"])


def _wrong(key: str, value: object, what: str) -> PresenterError:
    return PresenterError(f"the view's {key!r} must be {what}, not {quoted(value)}")


def guarded(view: Mapping[str, Any], make: Callable[[Mapping[str, Any]], T]) -> T:
    """``make(view)`` (a model, or a drawing of one), any error it raises turned into a
    :class:`PresenterError` naming the game and, where it can be found, the view key at
    fault; the error raised is chained (``__cause__``).

    A view from the engine always draws (the tests play every game through every
    drawing), so an error here means an edited view or one of another version, and the
    app is owed the library's own error rather than a ``TypeError`` from deep in a
    presenter. The key is found by making the model again without each of the game's
    own keys in turn (a presenter draws a view that lacks any of them, as
    ``tests/render/test_view_keys.py`` checks): the one whose removal lets it draw is
    named. Only a failing view pays for that search, a few dozen presentations; when no
    single key is to blame (two are wrong) the message says what was raised.
    """
    try:
        return make(view)
    except PresenterError:
        raise
    except Exception as exc:  # the presenter's reading of a key it did not expect
        game = str(view.get("game"))
        key = _key_at_fault(view, make)
        where = f"its {key!r} holds" if key is not None else "it holds"
        raise PresenterError(
            f"the {game} view cannot be drawn: {where} a value this version of tablegames "
            f"cannot read ({type(exc).__name__}: {str(exc)[:120]}); was the view edited, or "
            "made by another version?") from exc


def _key_at_fault(view: Mapping[str, Any], make: Callable[[Mapping[str, Any]], Any]) -> str | None:
    """The one game key of ``view`` without which ``make`` succeeds (``None``: none)."""
    for key in view:
        if key in ENVELOPE:
            continue
        try:
            make({k: v for k, v in view.items() if k != key})
        except Exception:  # not this key: try the next
            continue
        return str(key)
    return None


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
