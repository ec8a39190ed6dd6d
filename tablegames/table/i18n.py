"""Words in the table's language: the gettext catalogues under ``tablegames/locale``.

Catalogues are ``locale/<lang>/LC_MESSAGES/<domain>.po``, kept with Babel (``pybabel
extract/update``, see ``docs/guides/views.md``). One domain per game (its prompts, labels,
event sentences) and ``tablegames`` for the words every front end shares (captions,
chrome, card names). A game is offered in a language when its domain has a catalogue
there: English and Arabic for every game, Dutch for Toepen, Danish for Phase 10. Each
game also has ``<game>_rulings`` (its rulings as a player reads them) and
``<game>_refusals`` (why a move is refused: :attr:`Words.refusals`) in the same languages.

Babel reads the ``.po`` text and hands it to the standard ``gettext`` (which evaluates the
catalogue's own plural rule, so Arabic's six forms work), so no compiled ``.mo`` file is
kept in the repository. Babel is only needed by the front ends (the ``i18n`` extra, in
``server`` and ``cli``), never by the engines: the model carries message ids, not text.
"""

from __future__ import annotations

import gettext
import io
from collections.abc import Callable, Mapping, Sequence
from functools import cached_property, lru_cache
from importlib import resources
from typing import Any

from tablegames.common.errors import TablegamesError, quoted
from tablegames.table.model import is_msg

#: The domain of the words shared by every front end.
COMMON = "tablegames"
#: Every language with a catalogue of the shared words.
LANGS = ("en", "ar", "nl", "da")


class LanguageError(TablegamesError):
    """A language code that has no catalogue."""


#: The most characters of what a person typed or sent that a sentence quotes back.
TYPED_LIMIT = 40


def typed_text(value: object, limit: int = TYPED_LIMIT) -> str:
    r"""What a person typed or sent, as a sentence of any language quotes it back: its
    text (``str`` of anything else) cut to ``limit`` characters with an ellipsis, each
    character that does not print shown as its escape, so a control or bidi character
    (``\u202e``) never acts on the sentence or the screen around it, and a pasted page
    is not said back whole.

    >>> from tablegames.table.i18n import typed_text
    >>> typed_text("0:dance")
    '0:dance'
    >>> typed_text("x" * 50)
    'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…'
    >>> print(typed_text("0:\u202eknock\n"))
    0:\u202eknock\n
    """
    text = value if isinstance(value, str) else str(value)
    if len(text) > limit:
        text = text[:limit] + "…"
    return "".join(ch if ch.isprintable() else ascii(ch)[1:-1] for ch in text)


def _po_path(lang: str, domain: str) -> Any:
    return resources.files("tablegames").joinpath("locale", lang, "LC_MESSAGES", f"{domain}.po")


def has_catalogue(lang: str, domain: str) -> bool:
    """Whether ``domain`` has a catalogue in ``lang``."""
    return lang in LANGS and _po_path(lang, domain).is_file()


@lru_cache(maxsize=64)
def langs_of(game: str) -> tuple[str, ...]:
    """The languages ``game`` is offered in (those with a catalogue of its domain)."""
    return tuple(lang for lang in LANGS if has_catalogue(lang, game))


def check_lang(lang: Any) -> str:
    """``lang`` if it has a catalogue of the shared words, else a :class:`LanguageError`."""
    if not isinstance(lang, str) or lang not in LANGS:
        raise LanguageError(f"no messages in language {quoted(lang)}; known: {', '.join(LANGS)}")
    return lang


def lang_for(game: str, lang: str) -> str:
    """The language a table of ``game`` is drawn in for a phone asking for ``lang``.

    A game without a catalogue in ``lang`` (Shithead in Danish) is drawn in English, so a
    sentence never mixes two languages.
    """
    return lang if lang in langs_of(game) else "en"


#: First strong isolate and pop directional isolate (Unicode's bidi algorithm, UAX #9):
#: text between them is laid out on its own, in its own direction, as one unit.
FSI, PDI = "\u2068", "\u2069"


def words_for(lang: str, domain: str = COMMON, *, isolate: bool = False) -> Words:
    """The :class:`Words` of ``domain`` in ``lang`` (one per pair: they never change).

    ``isolate``: in a right-to-left language, each argument of a message is wrapped in
    bidi isolates (:attr:`Words.isolate`), for text a browser draws (the server's page,
    the SVG pictures). Terminals mostly do not understand them, so the default is off.
    """
    return _words_for(lang, domain, bool(isolate))


@lru_cache(maxsize=64)
def _words_for(lang: str, domain: str, isolate: bool) -> Words:
    return Words(lang, domain, isolate=isolate)


@lru_cache(maxsize=64)
def catalogue(lang: str, domain: str) -> gettext.NullTranslations:
    """The translations of ``domain`` in ``lang`` (empty when there is no catalogue).

    Read once per process (the catalogues are package data and never change while it
    runs), and shared: a caller that adds a fallback takes :func:`own_catalogue`.
    """
    return own_catalogue(lang, domain)


def own_catalogue(lang: str, domain: str) -> gettext.NullTranslations:
    """A new translations object of ``domain`` in ``lang``, the caller's own, so that it
    may :meth:`~gettext.NullTranslations.add_fallback` one (the ``tablegames`` command
    learns so which ids a language lacks, :class:`tablegames.cliwords.CliWords`). The
    ``.po`` file is compiled once per process; each object reads the compiled bytes."""
    compiled = _compiled(lang, domain)
    if compiled is None:
        return gettext.NullTranslations()
    return gettext.GNUTranslations(io.BytesIO(compiled))


@lru_cache(maxsize=64)
def _compiled(lang: str, domain: str) -> bytes | None:
    """``domain``'s catalogue in ``lang`` as ``.mo`` bytes (an empty translation left out,
    so it reads as missing), or ``None`` when there is none."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    path = _po_path(lang, domain)
    if not (lang in LANGS and path.is_file()):
        return None
    with path.open("rb") as f:
        cat = read_po(f, locale=lang, domain=domain)
    buf = io.BytesIO()
    write_mo(buf, cat, use_fuzzy=False)
    return buf.getvalue()


def ruling_words(game: str, lang: str) -> Callable[[str], str]:
    """What a player reads of ``game``'s rulings, in ``lang``: a function from a text
    :func:`~tablegames.common.rulings.player_texts` gives (a ruling's title, its rule or
    its example as a player reads them) to the ``<game>_rulings`` catalogue's
    translation of it.

    A text the catalogue lacks (a ruling reworded since it was translated), and every
    text of a game with no rulings catalogue in ``lang``, is given back as it is, in
    English: the caller tells a text left in English by its being unchanged. The one
    reading of the rulings' translations, so the terminal game's help screen and
    ``tablegames rulings`` can never say a ruling two ways.
    """
    found = catalogue(lang, f"{game}_rulings") if lang != "en" else None

    def said(text: str) -> str:  # gettext("") would be the catalogue's header
        return found.gettext(text) if found is not None and text else text

    return said


@lru_cache(maxsize=16)
def direction(lang: str) -> str:
    """``"rtl"`` for a language written right to left (Arabic), else ``"ltr"`` (from CLDR)."""
    from babel import Locale

    return "rtl" if Locale.parse(lang).character_order == "right-to-left" else "ltr"


class Words:
    """The words of one table: a language and the game's domain (then the shared one)."""

    def __init__(self, lang: str, domain: str = COMMON, *, isolate: bool = False) -> None:
        self.lang = check_lang(lang)
        self.domain = domain
        self._game = catalogue(self.lang, domain)
        self._common = catalogue(self.lang, COMMON)
        self.direction = direction(self.lang)
        #: Whether each argument of a message (a name, a card, a number: the outermost
        #: message's arguments only, not those of a message inside one) is wrapped in
        #: U+2068 … U+2069, so that a Latin name ending in punctuation or a card ``9♥``
        #: keeps its own order inside a right-to-left sentence. Only in a right-to-left
        #: language, and only for text a browser draws (terminals mostly show isolates
        #: as gaps or boxes).
        self.isolate = bool(isolate) and self.direction == "rtl"
        #: Between the items of a list, and between the parts of a line: the language's
        #: comma and semicolon (U+060C and U+061B in Arabic, as the phone's own lists use).
        self.comma = "\u060c " if self.lang == "ar" else ", "
        self.semicolon = "\u061b " if self.lang == "ar" else "; "
        #: Texts of argument-free messages and front ends' derived pieces (card faces), by
        #: key: the same few hundred are asked for on every page. Bounded.
        self.memo: dict[Any, Any] = {}

    @cached_property
    def refusals(self) -> gettext.NullTranslations:
        """Why a move is refused, in this language: the game's ``<domain>_refusals``
        catalogue (its refusal templates and phrases, told by
        :func:`tablegames.table.refusal_text`). Read at the first refusal told, not with
        the table's words: a picture or a page that never tells one never reads it."""
        return catalogue(self.lang, f"{self.domain}_refusals")

    def remember(self, key: Any, value: Any) -> Any:
        """Keep ``value`` under ``key`` in :attr:`memo` (emptied when it grows past 4096)."""
        if len(self.memo) > 4096:
            self.memo.clear()
        self.memo[key] = value
        return value

    def _lookup(self, text: str, plural_text: str | None, n: int) -> str:
        """The game's translation, else the shared one, else the English id itself (an
        empty id is empty: gettext keeps the catalogue's header under ``""``)."""
        if not text:
            return ""
        for cat in (self._game, self._common):
            known: Mapping[Any, str] = getattr(cat, "_catalog", {})
            if plural_text is None and text in known:
                return cat.gettext(text)
            if plural_text is not None and (text, 0) in known:
                return cat.ngettext(text, plural_text, n)
        if plural_text is None:
            return text
        return text if n == 1 else plural_text

    def text(self, m: Any) -> str:
        """``m`` (a ``Msg``, a string, a number, a list of them) as text in this language."""
        return self._text(m, self.isolate)

    def _text(self, m: Any, isolate: bool) -> str:
        if is_msg(m):
            if not m["args"]:
                hit = self.memo.get(m["msg"])
                if hit is None:
                    template = self._lookup(m["msg"], None, 1)
                    hit = _fill(template, {})
                    self.remember(m["msg"], hit)
                return hit
            args = {k: self._text(v, False) for k, v in m["args"].items()}
            if isolate:
                args = {k: FSI + v + PDI if v else v for k, v in args.items()}
            n = m.get("n")
            template = self._lookup(m["msg"], m.get("plural"), n if type(n) is int else 1)
            try:
                return template.format(**args)
            except (KeyError, IndexError, ValueError):
                return _fill(str(m["msg"]), args)
        if isinstance(m, list):
            return self.comma.join(self._text(x, isolate) for x in m)
        if m is None:
            return ""
        return str(m)

    def __call__(self, text: str, **args: Any) -> str:
        """A message of the front end's own (its chrome), formatted."""
        return self.text({"msg": text, "args": args})

    def n(self, singular: str, plural_text: str, n: int, **args: Any) -> str:
        """A counted message of the front end's own."""
        return self.text({"msg": singular, "plural": plural_text, "n": n, "args": {"n": n, **args}})


class _Keep(dict[str, str]):
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def _fill(template: str, args: Mapping[str, str]) -> str:
    """``template`` with the ``args`` it names, any other field left as written for the
    page to fill, and the template as it is when it is no format at all (a name from a
    home-made Dallah card set, used as its own message id, may hold a lone brace)."""
    try:
        return template.format(**args)
    except (KeyError, IndexError, ValueError):
        pass
    try:
        return template.format_map(_Keep(args))
    except (KeyError, IndexError, ValueError, AttributeError):
        return template


def localize(model: Any, words: Words) -> Any:
    """A copy of ``model`` with every ``Msg`` turned into text in ``words``'s language."""
    if is_msg(model):
        return words.text(model)
    if isinstance(model, Mapping):
        return {k: localize(v, words) for k, v in model.items()}
    if isinstance(model, Sequence) and not isinstance(model, str):
        return [localize(v, words) for v in model]
    return model
