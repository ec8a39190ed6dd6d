"""One shape for every game's refusals: a table of rows, and the answer a predicate gives.

Each game keeps one table, its ``refusals`` module: one named constant per
:class:`Refusal` row, carrying the stable code an app branches on (``"knock_limit"``),
the ruling the row enforces (``"TOE-55"``), the message template and whether the row says
"not your turn" (raised as :class:`~tablegames.common.errors.OutOfTurn`). Each verb has one
predicate that returns a :class:`Refused` answer (the row, and the values its template
quotes) on the line that tests the rule, or ``None``; ``legal_actions`` and ``apply`` ask
the same predicates, so they cannot disagree, and ``grep TOE-55`` in the game's package
lands on that line.

A legal list asks the predicates at every step and only looks for ``None``, so an answer
costs as little as possible: a row refused with nothing to quote answers with its
:attr:`Refusal.plain`, made once with the row, and no template is written into words
until ``apply`` really raises (:meth:`Refused.error`).

>>> from tablegames.common.refusals import Refusal
>>> LIMIT = Refusal("knock_limit", "TOE-55", "you may not raise the stake to {raised}")
>>> answer = LIMIT.at(raised=4)
>>> answer.code, answer.ruling, answer.message
('knock_limit', 'TOE-55', 'you may not raise the stake to 4')
>>> error = answer.error(2)
>>> type(error).__name__, error.seat, str(error)
('IllegalAction', 2, 'you may not raise the stake to 4 [knock_limit; ruling TOE-55]')
>>> TURN = Refusal("out_of_turn", "TOE-12", "it is {to_act}'s turn", out_of_turn=True)
>>> type(TURN.at().error(1, {"to_act": "Ana"})).__name__
'OutOfTurn'

The error carries the row's English template and the values it was filled with, so a
front end can tell it in the table's language (the game's ``<game>_refusals`` catalogue,
:func:`tablegames.table.refusal_text`). A value that is English words the engine chose
(a stage, "nobody") rather than a name, a number or the player's own notation is a
:class:`Phrase`, itself an id of that catalogue, so no English word is left inside a
translated sentence:

>>> from tablegames.common.refusals import Phrase
>>> error.template, error.values
('you may not raise the stake to {raised}', {'raised': 4})
>>> STAGE = Refusal("wrong_phase", "TOE-10", "the hand is in its {stage} phase")
>>> said = STAGE.at(stage=Phrase("exchange")).error(0)
>>> said.message, type(said.values["stage"]).__name__
('the hand is in its exchange phase', 'Phrase')

A template that holds a count has a plural form as well, as a counted message of the table
model has (:func:`tablegames.table.model.plural`): one single message could not agree with
its number in any language ("{count} face-down card(s)"), and Arabic has six forms. The
row names the value that counts (``count_field``); English picks its form by that number, and a
catalogue gives the form its language's rule picks:

>>> BLIND = Refusal("no_such_card", "SHD-10", "you have {count} face-down card, numbered 0",
...                 plural="you have {count} face-down cards, numbered from 0",
...                 count_field="count")
>>> BLIND.at(count=1).message, BLIND.at(count=3).message
('you have 1 face-down card, numbered 0', 'you have 3 face-down cards, numbered from 0')
>>> error = BLIND.at(count=3).error(0)
>>> error.template, error.plural, error.count_field
('you have {count} face-down card, numbered 0', 'you have {count} face-down cards, numbered from 0', 'count')
"""

from __future__ import annotations

import re
import string
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, NamedTuple

from tablegames.common.errors import IllegalAction, OutOfTurn

#: The values of an answer that quotes nothing (read-only: every plain answer shares it).
_NOTHING: Mapping[str, object] = MappingProxyType({})

#: What a refusal code looks like: a lower-case word, parts joined by ``_``.
_CODE = re.compile(r"[a-z]+(?:_[a-z]+)*")
#: Texts in other languages of a phrase told nowhere else (read-only, shared).
_UNTOLD: Mapping[str, str] = MappingProxyType({})


def english_form(singular: str, plural: str | None, n: object) -> str:
    """The English form of a counted template: ``singular`` for exactly 1, else ``plural``
    (``singular`` when there is no plural form, or the count is no whole number)."""
    if plural is None or type(n) is not int or n == 1:
        return singular
    return plural


class Phrase(str):
    """English words the engine fills into a refusal's template where it chose the words
    itself: a stage (``"exchange"``), ``"nobody"``, a kind of group, an action
    (``"picking up"``). Names, numbers, cards and the player's own notation stay plain
    values; a phrase is translated, so no English word is left inside a translated
    sentence.

    A phrase is the ``str`` of its English (so a message, ``str(error)`` and an
    equality test read exactly as before) that also remembers how to be said again:

    * ``Phrase(template, **values)``: ``template`` (a constant of the game's refusals
      module, so an id of its ``<game>_refusals`` catalogue: :func:`phrases` collects
      them) filled with ``values``, which may be phrases themselves (:meth:`at` fills a
      constant);
    * :meth:`joined`: phrases joined by punctuation that is no word (``" + "``);
    * :meth:`in_languages`: a text the game already tells in each of its languages by
      other means (Dallah's prompts);
    * :meth:`counted`: a template that holds a count (``"set of {n}"``), with its plural
      form, so each language says it in the form its number takes (Arabic's six).

    >>> from tablegames.common.refusals import Phrase
    >>> stage = Phrase("exchange")
    >>> stage == "exchange", stage.template
    (True, 'exchange')
    >>> part = Phrase("set of {n}").at(n=3)
    >>> part, part.template, dict(part.values)
    ('set of 3', 'set of {n}', {'n': 3})
    >>> Phrase.joined(" + ", [part, Phrase("run of {n}").at(n=4)])
    'set of 3 + run of 4'
    >>> cards = Phrase.counted("{n} card", "{n} cards")
    >>> cards.at(n=1), cards.at(n=3), cards.at(n=3).plural
    ('1 card', '3 cards', '{n} cards')
    """

    template: str
    values: Mapping[str, object]
    parts: tuple[Phrase, ...]
    joiner: str
    told: Mapping[str, str]
    #: The plural form of a counted template (:meth:`counted`), else ``None``.
    plural: str | None
    #: The name of the value whose number picks the form of a counted template.
    count_field: str

    def __new__(cls, template: str, /, **values: object) -> Phrase:
        return cls._made(template.format_map(values) if values else template, template,
                         values, (), "", _UNTOLD)

    @classmethod
    def _made(cls, text: str, template: str, values: Mapping[str, object],
              parts: tuple[Phrase, ...], joiner: str, told: Mapping[str, str],
              plural: str | None = None, count_field: str = "n") -> Phrase:
        self = str.__new__(cls, text)
        # a phrase is a value: read-only, like the str it is
        for name, value in (("template", template), ("joiner", joiner), ("parts", parts),
                            ("values", MappingProxyType(dict(values)) if values else _NOTHING),
                            ("told", MappingProxyType(dict(told)) if told else _UNTOLD),
                            ("plural", plural), ("count_field", count_field)):
            object.__setattr__(self, name, value)
        return self

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a Phrase is read-only: cannot set {name!r}")

    def __reduce__(self) -> tuple[Any, ...]:  # copy and pickle (a mapping proxy cannot)
        return (_phrase, (str(self), self.template, dict(self.values), self.parts,
                          self.joiner, dict(self.told), self.plural, self.count_field))

    def at(self, **values: object) -> Phrase:
        """This phrase's template filled with ``values`` (``"set of {n}"`` -> ``"set of 3"``);
        a counted one in the English form its count takes."""
        if self.plural is None:
            return Phrase(self.template, **values)
        said = english_form(self.template, self.plural, values.get(self.count_field))
        return Phrase._made(said.format_map(values), self.template, values, (), "", _UNTOLD,
                            self.plural, self.count_field)

    @classmethod
    def counted(cls, singular: str, plural: str, /, count_field: str = "n") -> Phrase:
        """A template that holds a count (the value named ``count_field``), with its ``plural``
        form: one catalogue entry with a form for each number a language tells apart
        (Arabic's one, two, few, many; "1 card", "3 cards"), filled by :meth:`at`."""
        return cls._made(singular, singular, _NOTHING, (), "", _UNTOLD, plural, count_field)

    @classmethod
    def joined(cls, joiner: str, parts: Iterable[Phrase]) -> Phrase:
        """``parts`` joined by ``joiner``, punctuation that needs no translation."""
        parts = tuple(parts)
        return cls._made(joiner.join(parts), "", _NOTHING, parts, joiner, _UNTOLD)

    @classmethod
    def in_languages(cls, texts: Mapping[str, str]) -> Phrase:
        """A text the game tells in each of its languages itself (``texts`` by language
        code, English under ``"en"``): said in a language it has, else in English."""
        return cls._made(texts["en"], texts["en"], _NOTHING, (), "", texts)


def _phrase(text: str, template: str, values: Mapping[str, object],
            parts: tuple[Phrase, ...], joiner: str, told: Mapping[str, str],
            plural: str | None = None, count_field: str = "n") -> Phrase:
    return Phrase._made(text, template, values, parts, joiner, told, plural, count_field)


def phrases(names: Mapping[str, object]) -> dict[str, Phrase]:
    """Every :class:`Phrase` among ``names`` (a refusals module's ``globals()``), by its
    constant's name (``STAGE_WORDS[3]`` for one in a tuple or dict), in the order
    written: with the table's templates, the ids of the game's ``<game>_refusals``
    catalogue (``refusal_ids`` in ``tablegames.table.catalogues``, the catalogues' generator)."""
    found: dict[str, Phrase] = {}
    for name, value in names.items():
        if isinstance(value, Phrase):
            found[name] = value
        elif isinstance(value, tuple | list):
            found.update((f"{name}[{i}]", v) for i, v in enumerate(value)
                         if isinstance(v, Phrase))
        elif isinstance(value, dict):
            found.update((f"{name}[{k!r}]", v) for k, v in value.items()
                         if isinstance(v, Phrase))
    return found


@dataclass(frozen=True, slots=True)
class Refusal:
    """One row of a game's table of refusals.

    ``code`` is the stable reason an app branches on (several rows may share one: the
    same reason under two rulings, or told in other words); ``ruling`` the ID of the
    ruling the row enforces; ``template`` the message, with ``str.format`` fields filled
    from the answer's values; ``out_of_turn`` whether the action is right but the moment
    is not (raised as :class:`~tablegames.common.errors.OutOfTurn`).

    A template that holds a count has its ``plural`` form too, and ``count_field``
    names the value that counts: English says the template for exactly 1 and the plural otherwise,
    a catalogue the form its language's rule picks for that number (a single message
    "{count} card(s)" agrees with its number in no language).
    """

    code: str
    ruling: str
    template: str
    out_of_turn: bool = False
    plural: str | None = None
    count_field: str = "n"
    #: The answer of a predicate refusing with this row and nothing to quote, made once
    #: with the row, so a legal list that asks a predicate at every step builds nothing.
    plain: Refused = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "plain", Refused(self, _NOTHING))

    def at(self, **values: object) -> Refused:
        """This row as a predicate's answer, with the values its template quotes
        (:attr:`plain` when there are none)."""
        return Refused(self, values) if values else self.plain

    def said(self, values: Mapping[str, object]) -> str:
        """The English template for ``values``: the plural form when the count is not 1."""
        return english_form(self.template, self.plural, values.get(self.count_field))


class Refused(NamedTuple):
    """A predicate's answer: the :class:`Refusal` row and the values its template quotes.

    The message is written only when asked for (:attr:`message`, :meth:`error`), never
    while a legal list asks the predicate. Values are what the refusing seat may know:
    a caller's bad value goes in already cut short by
    :func:`~tablegames.common.errors.quoted`.
    """

    refusal: Refusal
    values: Mapping[str, object]

    @property
    def code(self) -> str:
        """The row's stable code."""
        return self.refusal.code

    @property
    def ruling(self) -> str:
        """The ID of the ruling the row enforces."""
        return self.refusal.ruling

    @property
    def message(self) -> str:
        """The row's template in words (in the form its count takes), filled with the
        answer's values."""
        return self.refusal.said(self.values).format_map(self.values)

    def error(self, seat: int | None = None,
              words: Mapping[str, object] | None = None) -> IllegalAction:
        """The error ``apply`` raises for ``seat``: an
        :class:`~tablegames.common.errors.OutOfTurn` for an out-of-turn row, else an
        :class:`~tablegames.common.errors.IllegalAction`, carrying the row's code and
        ruling.

        ``words`` are values a game fills in only now, from the state, for every row
        alike (Toepen's names of who is to act, the stake, the stage): the predicate then
        answers with the plain row and the legal list never computes them.
        """
        row = self.refusal
        values = self.values
        if words is not None:
            values = {**values, **words} if values else words
        kind = OutOfTurn if row.out_of_turn else IllegalAction
        # the template (and its plural form) and the values it names go with the error
        # (in a dict of its own), so a front end can tell it in the table's language
        named = fields_of(row.template + (row.plural or ""))
        counted = row.plural is not None
        return kind(row.said(values).format_map(values), code=row.code, ruling=row.ruling,
                    seat=seat, template=row.template, plural=row.plural,
                    count_field=row.count_field if counted else None,
                    values={k: values[k] for k in named if k in values})


def fields_of(template: str) -> tuple[str, ...]:
    """The names of the ``{fields}`` ``template`` fills, in order, each once (parsed each
    time: it runs only when an error is raised or told, never in a legal list)."""
    names = (f.partition(".")[0].partition("[")[0]
             for _, f, _, _ in string.Formatter().parse(template) if f)
    return tuple(dict.fromkeys(names))


def _fields_or_none(template: str) -> tuple[str, ...]:
    """The fields of ``template``, none when it is not well formed (a stray brace)."""
    try:
        return fields_of(template)
    except ValueError:
        return ()


def enforce(answer: Refused | None, seat: int | None) -> None:
    """Raise ``answer``'s error for ``seat``; nothing when the predicate allowed the action
    (``answer`` is ``None``). The one line a verb's handler starts with."""
    if answer is not None:
        raise answer.error(seat)


def table(names: Mapping[str, object]) -> dict[str, Refusal]:
    """A game's table: every :class:`Refusal` among ``names`` (its refusals module's
    ``globals()``), by its constant's name, in the order written."""
    return {name: value for name, value in names.items() if isinstance(value, Refusal)}


def check_table(rows: Mapping[str, Refusal], rulings: Collection[str]) -> list[str]:
    """What is wrong with a game's table (an empty list: nothing), so one test holds every
    game's table to the same standard.

    Each row must cite one of ``rulings`` (the IDs of the game's rulings page), have a
    code that is a lower-case word (parts joined by ``_``) and a template that is a
    well-formed ``str.format`` string (and so its plural form, which names the value
    that counts); no row may be written twice (the same code, ruling,
    template and turn flag under two names: one thing a player can be told is one row).
    """
    problems: list[str] = []
    seen: dict[Refusal, str] = {}
    for name, row in rows.items():
        if row.ruling not in rulings:
            problems.append(f"{name}: {row.ruling!r} is not a ruling of the game")
        if not _CODE.fullmatch(row.code):
            problems.append(f"{name}: the code {row.code!r} is not a lower-case word")
        try:  # fields are filled by name: "{}" or "{0}" could never be
            fields = [f for _, f, _, _ in string.Formatter().parse(row.template)
                      if f is not None]
            well_formed = bool(row.template) and all(f and not f[0].isdigit() for f in fields)
        except ValueError:  # a stray brace
            well_formed = False
        if not well_formed:
            problems.append(f"{name}: the template {row.template!r} is not a message")
        if row.plural is not None and row.count_field not in _fields_or_none(row.plural):
            problems.append(f"{name}: the plural {row.plural!r} does not say {row.count_field!r}")
        twin = seen.setdefault(row, name)
        if twin != name:
            problems.append(f"{name}: the same row as {twin}")
    return problems


__all__ = ["Phrase", "Refusal", "Refused", "check_table", "enforce", "english_form",
           "fields_of", "phrases", "table"]
