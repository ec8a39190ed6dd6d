"""The ``tablegames`` command's own words in the user's language: its help, argparse's
usage errors and the refusals the command itself says.

**One rule picks the language:** ``--lang LANG`` anywhere on the command line
(``tablegames --lang ar simulate ...`` or ``tablegames simulate ... --lang ar``); without
it, English. The environment (``LANG``, ``LC_ALL``) is not read, so that what a script
gets back, and what it greps for, does not change with the machine it runs on; and
``play --lang`` has always chosen the terminal game's language this way. Every command
takes ``en`` and ``ar``, the languages all its help is written in; ``play`` and
``rulings`` also take ``nl`` and ``da`` (Toepen's and Phase 10's languages, as before),
and their help and refusals are written in them too. The language is read from the
command line before argparse parses it (:func:`lang_of`), so a usage error is told in
the language asked for even when the line cannot be parsed.

The words are the ``cli`` catalogue (``tablegames/locale/<lang>/LC_MESSAGES/cli.po``,
kept by :mod:`tablegames.table.catalogues`). argparse's own messages ("unrecognized
arguments", "invalid choice", "usage:") are ids of the same catalogue
(:data:`ARGPARSE_IDS`): argparse asks ``gettext``/``ngettext`` for each of them by the
names it imported into its module, which is the hook the Python documentation's
argparse how-to ("How to translate the argparse output") describes; :func:`argparse_words`
points those names at the catalogue while one command line is parsed and puts them back
after. Subclassing ``ArgumentParser.error`` would only see the message once argparse has
written it in English, and the help's headings are not reachable from a subclass at all.
Those names are argparse's module globals, so the swap is shared by every thread of the
process: :func:`argparse_words` holds one lock while a line is parsed, in every language,
so that two threads parsing at once (an app that runs :func:`tablegames.cli.main` from
several threads) take turns and neither reads the other's words. Parsing a line takes
well under a millisecond; the command itself runs outside the lock.
Reading the catalogue needs Babel (the ``cli`` extra); without it every word is English.
"""

from __future__ import annotations

import argparse
import gettext
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from tablegames.stats import EnglishWords

#: The catalogue domain of the command's own words.
DOMAIN = "cli"
#: The languages ``play --lang`` takes (a game's own languages).
LANGS = ("en", "ar", "nl", "da")
#: The languages every other command's ``--lang`` takes (and the top-level one's).
COMMAND_LANGS = ("en", "ar")
#: The commands whose ``--lang`` takes every language of :data:`LANGS`: those that show a
#: game's own words (the terminal game; a game's rulings), in the game's languages.
GAME_LANG_COMMANDS = frozenset({"play", "rulings"})
#: The commands with another long option that ``--l`` begins too (``serve --log-level``):
#: argparse refuses ``--l`` there as ambiguous, so :func:`lang_of` reads ``--la`` and
#: longer; everywhere else argparse takes ``--l`` for ``--lang``, and so does ``lang_of``
#: (tests/test_cli_lang.py checks this set against the parser).
L_AMBIGUOUS = frozenset({"serve"})


def N_(text: str) -> str:  # the name the catalogue keeper extracts
    """Mark ``text`` as a message of the catalogue without translating it here."""
    return text


def Np_(singular: str, plural: str) -> tuple[str, str]:
    """Mark a counted message (its singular and plural ids)."""
    return singular, plural


#: argparse's messages a user of ``tablegames`` can be shown (its help headings and its
#: usage errors), as argparse 3.11 to 3.13 words them; the catalogue holds each.
ARGPARSE_IDS: tuple[str, ...] = (
    N_("usage: "), N_("positional arguments"), N_("options"),
    N_("show this help message and exit"),
    N_("unrecognized arguments: %s"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("invalid %(type)s value: %(value)r"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("the following arguments are required: %s"),
    N_("expected one argument"), N_("expected at most one argument"),
    N_("expected at least one argument"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("ignored explicit argument %r"), N_("not allowed with argument %s"),
    N_("one of the arguments %s is required"),
    N_("unknown parser %(parser_name)r (choices: %(choices)s)"),
)
#: argparse's counted messages: (singular, plural).
ARGPARSE_PLURAL_IDS: tuple[tuple[str, str], ...] = (
    Np_("expected %s argument", "expected %s arguments"),
)


def lang_of(argv: Sequence[str]) -> str:
    """The language a command line asks for: the value of its last ``--lang`` (written
    ``--lang ar``, ``--lang=ar`` or as any prefix argparse accepts, ``--l ar``; ``--la``
    in a command of :data:`L_AMBIGUOUS`) when the
    command takes it (Dutch and Danish are ``play``'s and ``rulings``'), else English.
    Nothing after ``--`` is an option.

    >>> from tablegames.cliwords import lang_of
    >>> lang_of(["simulate", "toepen", "--lang", "ar"]), lang_of(["play", "--lang=nl"])
    ('ar', 'nl')
    >>> lang_of(["play", "--lang", "xx"]), lang_of(["simulate", "--lang", "nl"])
    ('en', 'en')
    """
    lang, command = "en", None
    args = list(argv)
    skip = False
    for i, token in enumerate(args):
        if token == "--":
            break
        if skip:
            skip = False
            continue
        name, eq, value = token.partition("=")
        # argparse takes every unambiguous prefix of an option, so this reads each one
        # it takes (``--l ar`` was argparse's Arabic and the command's English)
        shortest = 4 if command in L_AMBIGUOUS else 3
        if len(name) >= shortest and "--lang".startswith(name):
            if not eq:
                value, skip = (args[i + 1] if i + 1 < len(args) else ""), True
            lang = value if value in LANGS else "en"
        elif command is None and not token.startswith("-"):
            command = token
    return lang if lang in COMMAND_LANGS or command in GAME_LANG_COMMANDS else "en"


class _Misses(gettext.NullTranslations):
    """The fallback of one :class:`CliWords`' catalogue: ``gettext`` consults it only for
    an id the catalogue lacks (or holds untranslated), so each id it is asked for is
    one the language is missing, kept in ``missed`` (the :class:`CliWords`' own set);
    it answers with the English id, as a catalogue without it would."""

    def __init__(self, missed: set[str]) -> None:
        super().__init__()
        self.missed = missed

    def gettext(self, message: str) -> str:
        if message:
            self.missed.add(message)
        return message

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        self.missed.add(msgid1)
        return msgid1 if n == 1 else msgid2


class CliWords(EnglishWords):
    """The command's words in one language: ``w("text {name}", name=...)`` and
    ``w.n(singular, plural, n, ...)`` give the catalogue's sentence with its fields
    filled (``str.format``), or the English id where the catalogue has none; the reports
    of ``simulate`` and ``arena`` are told in them (:class:`tablegames.stats.EnglishWords`).

    ``missing`` gathers the ids asked for that the language lacks, for the test that
    each language's help and refusals are whole: the catalogue is this object's own
    (:func:`tablegames.table.i18n.own_catalogue`), with a fallback that records what it
    is asked for (:class:`_Misses`), gettext's public way to learn that an id is missing,
    even one whose translation is the English word itself.
    """

    def __init__(self, lang: str = "en") -> None:
        self.lang = lang if lang in LANGS else "en"
        self.missing: set[str] = set()
        self._cat: gettext.NullTranslations = gettext.NullTranslations()
        if self.lang != "en":
            try:
                from tablegames.table.i18n import own_catalogue

                self._cat = own_catalogue(self.lang, DOMAIN)
                self._cat.add_fallback(_Misses(self.missing))
            except ImportError:  # Babel is the cli extra; the command works without it
                self.lang = "en"
        # the Arabic comma and semicolon (U+060C, U+061B), as the table's words write them
        # (``tablegames.table.i18n.Words.comma``)
        self.comma = "\u060c " if self.lang == "ar" else ", "
        self.semicolon = "\u061b " if self.lang == "ar" else "; "

    def gettext(self, text: str) -> str:
        """``text`` in this language, unformatted (argparse's hook)."""
        if self.lang == "en" or not text:
            return text
        return self._cat.gettext(text)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        """The form of a counted message for ``n``, unformatted (argparse's hook)."""
        if self.lang == "en":
            return singular if n == 1 else plural
        return self._cat.ngettext(singular, plural, n)

    def __call__(self, message: str, /, **args: Any) -> str:
        said = self.gettext(message)
        return said.format(**args) if args else said

    def game_text(self, game: str, text: str) -> str:
        """``text``, a message of ``game``'s own catalogue (its title, a house rule's
        label), in this language: one word for one idea, the word the table and the room
        server's form show; English where the game has no catalogue in this language."""
        if self.lang == "en" or not text:
            return text
        from tablegames.table.i18n import lang_for, words_for

        return words_for(lang_for(game, self.lang), game).text({"msg": text, "args": {}})

    def n(self, singular: str, plural: str, n: int, /, **args: Any) -> str:
        """A counted sentence, its ``{n}`` filled with ``n``."""
        return self.ngettext(singular, plural, n).format(n=n, **args)


#: The English words (no catalogue is read).
ENGLISH = CliWords("en")


#: Held while argparse's module-wide words may be swapped (module docstring). Re-entrant,
#: so that a block may build a second parser (the site's help blocks do) inside the first.
_ARGPARSE_WORDS_LOCK = threading.RLock()


@contextmanager
def argparse_words(words: CliWords) -> Iterator[None]:
    """argparse's own messages in ``words``' language while the block runs (module
    docstring): its ``_`` and ``ngettext`` are pointed at the catalogue and put back
    afterwards, even when the block exits (``--help``, a usage error). The lock is held
    in English too, where nothing is swapped: an English parse in one thread while
    another thread's Arabic parse has the words swapped would otherwise speak Arabic."""
    with _ARGPARSE_WORDS_LOCK:
        if words.lang == "en":
            yield
            return
        module: Any = argparse
        saved = module._, module.ngettext
        module._, module.ngettext = words.gettext, words.ngettext
        try:
            yield
        finally:
            module._, module.ngettext = saved
