"""Events as sentences for the terminal, from the game's presenter and catalogue.

A :class:`Narrator` tells one seat what happened: each redacted event becomes the
presenter's sentence (:func:`tablegames.table.describe`) in the session's language, so the
terminal says exactly what the server's log and every other front end says ("You were
skipped.", "P1 picked up the pile (1 card).").
"""

from __future__ import annotations

import gettext
import re
from collections.abc import Mapping, Sequence
from typing import Any

from tablegames.table import describe
from tablegames.table.i18n import Words, lang_for, words_for
from tablegames.table.model import is_msg

#: A line of the log, as text.
Line = str

#: What stands between the words of a name ("blue 11", "run 9-12") in the terminal's
#: text: a character the drawing (rich) never breaks a line at, so a name never wraps
#: inside; :class:`tablegames.tui.screen.Screen` turns it back into a space on its way
#: to the terminal. A private-use character, one cell wide: a no-break space would not
#: do, since rich breaks lines at every Unicode space.
GLUE = "\ue000"
#: A name longer than this many characters may wrap like a sentence (it could take a
#: whole line of a narrow window by itself).
NAME_MOST = 32


def unglued(text: str) -> str:
    """``text`` as a person reads and types it: its names' glue back to spaces."""
    return text.replace(GLUE, " ")


class GluedWords(Words):
    """The terminal's words: each *name* inside a sentence keeps its words together.

    A name is an argument that is a message with no words of its own given to it: no
    argument, or numbers only (a card "blue {n}", a group "run {low}-{high}", "three
    {number}s", "{n} cards"). Its spaces become :data:`GLUE`, so a line of the log, a
    move's label or the prompt wraps between cards, never inside one ("Your cards: ...
    green" / "4, ..." split a card at 60 columns; found by helper-106). A sentence
    passed as an argument, or anything naming a player, still wraps at its spaces."""

    @property
    def refusals(self) -> gettext.NullTranslations:
        """The refusals of the table's shared :class:`Words` (read once per process)."""
        return words_for(self.lang, self.domain).refusals

    def _text(self, m: Any, isolate: bool) -> str:
        if is_msg(m) and m["args"]:
            m = {**m, "args": {k: self._glued(v) for k, v in m["args"].items()}}
        return super()._text(m, isolate)

    def _glued(self, value: Any) -> Any:
        if isinstance(value, list):
            return [self._glued(v) for v in value]
        if is_msg(value) and all(type(a) is int for a in value["args"].values()):
            said = self._text(value, False)
            return said.replace(" ", GLUE) if len(said) <= NAME_MOST else said
        return value


def glued_words(lang: str, game: str) -> GluedWords:
    """The terminal's :class:`GluedWords` of ``game`` in ``lang`` (English when the game
    has no catalogue in ``lang``)."""
    return GluedWords(lang_for(game, lang), game)


def plain(line: Line | Sequence[str]) -> str:
    """A line as plain text."""
    return line if isinstance(line, str) else "".join(line)


class Narrator:
    """Turns the events ``me`` was shown into lines in ``lang``."""

    def __init__(self, game: str, names: Sequence[str], me: int | None,
                 labels: Mapping[str, Any] | None = None, lang: str = "en",
                 glue: bool = False) -> None:
        """``glue``: names keep their words together (:class:`GluedWords`), for lines a
        terminal screen wraps."""
        self.game = game
        self.names = list(names)
        self.me = me
        self.words = glued_words(lang, game) if glue else words_for(lang_for(game, lang), game)

    def say(self, event: Mapping[str, Any], view: Mapping[str, Any] | None = None) -> Line | None:
        """The sentence for one redacted event (``None``: nothing to tell this seat)."""
        seen = view if view is not None else {"game": self.game, "players": self.names,
                                              "seat": self.me}
        sentence = describe(event, seen)
        return None if sentence is None else self.words.text(sentence)


def grouped_line(w: Words, game: str, verb: str, n: int,
                 actions: Sequence[Mapping[str, Any]]) -> str:
    """The menu's line for a verb with too many moves to list ("lay: 62 ways"): how to
    list them, with an example from those very moves (``actions``, the table model's:
    Phase 10 "lay R3", Dallah "move neck"), so that the hint describes this game's
    moves (it said "a card or two" for Dallah's cups and zones; found by helper-106).
    The verb and the example are the notation's words, typed as written in every
    language (the translations say so); counted in the language's own forms."""
    example = verb
    for a in actions:
        short = str(a.get("n", "")).split(":", 1)[-1]
        if short.split(" ", 1)[0] != verb or " " not in short:
            continue
        token = short.split(" ", 2)[1]
        token = token.split("=", 1)[-1]
        example = f"{verb} {re.split(r'[,:>]', token)[0]}"
        break
    return w.n("    {verb}: {n} way; type '{verb}' and a word of the move, such as "
               "'{example}', to list them",
               "    {verb}: {n} ways; type '{verb}' and a word of the move, such as "
               "'{example}', to list them", n, verb=verb, example=example)
