"""Events as sentences for the terminal, from the game's presenter and catalogue.

A :class:`Narrator` tells one seat what happened: each redacted event becomes the
presenter's sentence (:func:`tablegames.table.describe`) in the session's language, so the
terminal says exactly what the server's log and every other front end says ("You were
skipped.", "P1 picked up the pile (1 card).").
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from tablegames.table import describe
from tablegames.table.i18n import Words, lang_for, words_for

#: A line of the log, as text.
Line = str


def plain(line: Line | Sequence[str]) -> str:
    """A line as plain text."""
    return line if isinstance(line, str) else "".join(line)


class Narrator:
    """Turns the events ``me`` was shown into lines in ``lang``."""

    def __init__(self, game: str, names: Sequence[str], me: int | None,
                 labels: Mapping[str, Any] | None = None, lang: str = "en") -> None:
        self.game = game
        self.names = list(names)
        self.me = me
        self.words = words_for(lang_for(game, lang), game)

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
