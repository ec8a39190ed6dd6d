"""Events as sentences for the terminal, from the game's presenter and catalogue.

A :class:`Narrator` tells one seat what happened: each redacted event becomes the
presenter's sentence (:func:`tablegames.table.describe`) in the session's language, so the
terminal says exactly what the server's log and every other front end says ("You were
skipped.", "P1 picked up the pile (1 card).").
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tablegames.table import describe
from tablegames.table.i18n import lang_for, words_for

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
