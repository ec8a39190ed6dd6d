"""Rules configs: attrs classes turned into dicts, hashes and named variants.

Every game's ``Rules`` is a frozen attrs class whose fields are the house rules, each
with the standard default and a validator. This module keeps the machinery in one place:
``rules_to_dict``/``rules_from_dict`` (cattrs does the structuring, so nested configs such
as a Dallah card set come back typed and a wrong type is refused, not silently kept) and
``rules_hash``, which is stored in every saved game so a record made under other rules is
recognised instead of replayed wrongly.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Container, Iterable, Iterator, Mapping
from itertools import islice
from types import MappingProxyType
from typing import Any, TypeVar

import attrs
import cattrs
from cattrs.errors import (
    AttributeValidationNote,
    ClassValidationError,
    ForbiddenExtraKeysError,
    IterableValidationNote,
)

from tablegames.common.errors import RulesError, quoted, quoted_names

R = TypeVar("R")

_converter = cattrs.Converter(forbid_extra_keys=True)


def _strict_int(value: Any, _type: Any) -> int:
    if type(value) is not int:  # not a bool, nor an IntEnum (see ``int_in``)
        raise TypeError(f"expected an integer, got {quoted(value)}")
    return value


def _strict_float(value: Any, _type: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise TypeError(f"expected a number, got {quoted(value)}")
    if value != value or value in (float("inf"), float("-inf")):
        raise TypeError(f"expected a finite number, got {quoted(value)}")
    return float(value)


def _strict_str(value: Any, _type: Any) -> str:
    if not isinstance(value, str):
        raise TypeError(f"expected a string, got {quoted(value)}")
    return value


def _strict_bool(value: Any, _type: Any) -> bool:
    if not isinstance(value, bool):
        raise TypeError(f"expected true or false, got {quoted(value)}")
    return value


# cattrs would coerce ("4" -> 4, 1 -> True); a config from a file must say what it means.
_converter.register_structure_hook(int, _strict_int)
_converter.register_structure_hook(float, _strict_float)
_converter.register_structure_hook(str, _strict_str)
_converter.register_structure_hook(bool, _strict_bool)


def converter() -> cattrs.Converter:
    """The strict converter used for every rules config (games may register hooks on it)."""
    return _converter


def rules_json(rules: Any) -> str:
    """The rules as canonical JSON text (a state keeps its own, see ``saves.setup_text``)."""
    return json.dumps(_plain(rules), sort_keys=True, separators=(",", ":"))


def rules_to_dict(rules: Any) -> dict[str, Any]:
    """The rules as a JSON-ready dict (tuples become lists)."""
    return _plain(rules)


def _plain(rules: Any) -> dict[str, Any]:
    data = _converter.unstructure(rules)
    if not isinstance(data, dict):
        raise RulesError(f"{quoted(rules)} is not a rules config", code="not_rules",
                         value=rules)
    return json.loads(json.dumps(data))  # type: ignore[no-any-return]


#: The most items a list option may hold (a Phase 10 list has at most 30 phases, a
#: Shithead effects table a row per value): a longer list is refused before structuring.
MAX_ITEMS = 1000
#: The longest refusal a bad structure gives (a log line, a phone's message).
MAX_MESSAGE = 500


def rules_from_dict(cls: type[R], data: object) -> R:
    """Structure ``data`` into ``cls``; any problem becomes a :class:`RulesError`."""
    if isinstance(data, cls):
        return data
    if not isinstance(data, Mapping):
        raise RulesError(
            f"rules must be a mapping of option names to values, not {type(data).__name__}",
            code="not_rules", value=data)
    for field in attrs.fields(cls):  # type: ignore[arg-type]
        value = data.get(field.name)
        if value is None or not str(field.type).startswith(("tuple[", "list[")):
            continue
        # a list option given as anything else (text would be structured letter by letter,
        # a dict key by key) or as a huge list: refused before structuring, whose cost and
        # error grow with every item
        if not isinstance(value, list | tuple):
            raise RulesError(f"{field.name}: expected a list, not {quoted(value)}",
                             code="type", option=field.name, value=value, expected="list")
        if len(value) > MAX_ITEMS:
            raise RulesError(f"{field.name}: at most {MAX_ITEMS} items, not {len(value)}",
                             code="too_long", option=field.name, value=value,
                             most=MAX_ITEMS)
    try:
        return _converter.structure(dict(data), cls)
    except RulesError:
        raise
    except ForbiddenExtraKeysError as exc:
        raise RulesError(
            f"unknown {cls.__name__} option(s): {quoted_names(exc.extra_fields)}",
            code="unknown", options=_names(exc.extra_fields)) from None
    except ClassValidationError as exc:
        raise _refusal(cls, data, f"bad {cls.__name__}: {_flatten(exc)}", exc) from None
    except (TypeError, ValueError, KeyError) as exc:
        raise RulesError(f"bad {cls.__name__}: {exc}", code="not_rules", value=data) from None


#: The most faults one refusal lists (``RulesError.faults``), as :func:`_flatten` tells
#: at most five problems of a group.
MAX_FAULTS = 5


def _refusal(cls: type[Any], data: Mapping[Any, Any], message: str,
             exc: ClassValidationError) -> RulesError:
    """The one :class:`RulesError` for cattrs' nested errors ``exc`` (told as
    ``message``, the library's sentence): the code and facts of its one fault, or
    ``"several"`` with each fault (at most :data:`MAX_FAULTS`) as a refusal of its own,
    so a front end tells every option at fault without reading the sentence."""
    fields = attrs.fields_dict(cls)
    faults = [_fault(fields, data, path, leaf) for path, leaf in _leaves(exc)]
    if len(faults) == 1:
        return _retold(message, faults[0])
    named = dict.fromkeys(name for fault in faults for name in fault.options)
    return RulesError(message, code="several", faults=faults, options=named)


def _retold(message: str, fault: RulesError) -> RulesError:
    """``fault``'s code and fields under another sentence."""
    return RulesError(message, **_fields(fault))


def _fields(error: RulesError) -> dict[str, Any]:
    """``error``'s fields, as its constructor takes them (not Python's ``__notes__``)."""
    return {k: v for k, v in vars(error).items() if not k.startswith("__")}


#: How deep cattrs' nested errors are walked: a group deeper is one problem,
#: "nested too deep" (no rules config nests so deep; a bound, not a recursion error).
MAX_NESTING = 20
#: The most problems of one group that are told (the rest as "and N more").
MAX_TOLD = 5


@attrs.frozen
class _Opens:
    """A step of :func:`_walk`: a group of problems begins."""


@attrs.frozen
class _Ends:
    """A step of :func:`_walk`: the group ends, ``more`` of its problems untold."""

    more: int


#: A step of :func:`_walk`: a problem and where it arose, or where a group begins or ends.
_Step = tuple[str, BaseException] | _Opens | _Ends


def _walk(exc: BaseException, path: str = "", depth: int = 0) -> Iterator[_Step]:
    """cattrs' nested errors ``exc`` as one walk, in order: each problem told with where
    it arose (``"phases[1]"``), the first :data:`MAX_TOLD` of a group, and a
    step where each group begins and ends. :func:`_leaves` takes the problems,
    :func:`_flatten` tells them group by group; lazy, so the faults stop walking at
    the last they list. A group deeper than :data:`MAX_NESTING` is one problem."""
    if not isinstance(exc, BaseExceptionGroup) or depth > MAX_NESTING:
        yield path, exc
        return
    yield _Opens()
    for inner in exc.exceptions[:MAX_TOLD]:
        yield from _walk(inner, _path(path, inner), depth + 1)
    yield _Ends(len(exc.exceptions) - MAX_TOLD)


def _leaves(exc: BaseException) -> list[tuple[str, BaseException]]:
    """The problems inside cattrs' nested ``exc``, each with where it arose (as
    :func:`_flatten` names it), the first :data:`MAX_FAULTS` of :func:`_walk`."""
    problems = (step for step in _walk(exc) if isinstance(step, tuple))
    return list(islice(problems, MAX_FAULTS))


def _fault(fields: Mapping[str, Any], data: Mapping[Any, Any], path: str,
           leaf: BaseException) -> RulesError:
    """One fault of a rules dict, typed: ``leaf`` arose at ``path`` ("" for the rules
    as a whole, ``"limit"``, ``"phases[1]"``).

    A fault inside an option (a phase of a list, a row of a table) is the option's
    ``"value"``; a ``RulesError`` of the option itself (its validator's, a check of
    options together) keeps its own code; a value cattrs refused before the option's
    validator ran (``limit="x"``, a choice not of a ``Literal``) is told by that
    validator, the one place that judges the option: its ``RulesError`` gives the code
    and the facts (the bounds, the choices)."""
    option = path.split("[")[0].split(".")[0] or None
    nested = option is not None and path != option
    if isinstance(leaf, RulesError) and leaf.code != "invalid" and (
            not nested or leaf.code == "card_set"):
        if leaf.option is None and option is not None:  # raised where the name is unknown
            given = data.get(option) if leaf.value is None else leaf.value
            return RulesError(str(leaf), **{**_fields(leaf), "option": option,
                                            "options": (option,), "value": given})
        return leaf
    if isinstance(leaf, ForbiddenExtraKeysError) and option is None:
        return RulesError(_said(leaf), code="unknown", options=_names(leaf.extra_fields))
    if isinstance(leaf, RulesError) and option is None:
        return leaf  # a check of the rules as a whole, as raised
    if option is None or option not in fields:
        return RulesError(_said(leaf), code="not_rules", value=data)
    value = data.get(option)
    if not nested:
        check = fields[option].validator
        try:
            if check is not None:
                check(None, fields[option], value)
        except RulesError as told:
            if told.code != "invalid":
                return told
        except Exception:  # a check made for a structured value: the value's own fault
            pass
    return RulesError(_said(leaf), code="value", option=option, value=value, where=path)


def _said(leaf: BaseException) -> str:
    """``leaf``'s own sentence, as :func:`_flatten` tells it (cattrs' sentence of unknown
    keys joins them as text, and a key may be a number or ``None``)."""
    return _problem("", leaf) if isinstance(leaf, ForbiddenExtraKeysError) else f"{leaf}"[:300]


def _names(keys: Iterable[object]) -> list[str]:
    """Unknown option names, sorted, as a refusal's ``options``: a key that is no text
    (a number, ``None``, a tuple) as :func:`~tablegames.common.errors.quoted` shows it."""
    return sorted(k if type(k) is str else quoted(k) for k in keys)


def _flatten(exc: BaseException) -> str:
    """cattrs' nested errors as one short line naming where each problem is
    (``phases[1]: expected a string, got 1``), told from :func:`_walk`: at most five
    problems of a group, then "and N more"; each problem cut short, and each group's
    line kept under :data:`MAX_MESSAGE` characters."""
    told: list[list[str]] = [[]]  # the lines of each group begun, the innermost last
    for step in _walk(exc):
        if isinstance(step, _Opens):
            told.append([])
        elif isinstance(step, _Ends):
            tail = f"; and {step.more} more" if step.more > 0 else ""
            line = "; ".join(told.pop())[:MAX_MESSAGE - len(tail)] + tail
            told[-1].append(line)
        else:
            told[-1].append(_problem(*step))
    return told[0][0]


def _problem(path: str, leaf: BaseException) -> str:
    """One problem of :func:`_walk` as :func:`_flatten` tells it, where it arose first."""
    where = f"{path}: " if path else ""
    if isinstance(leaf, ForbiddenExtraKeysError):
        return f"{where}unknown option(s): {quoted_names(leaf.extra_fields)}"
    if isinstance(leaf, BaseExceptionGroup):  # deeper than MAX_NESTING
        return f"{path or 'a value'}: nested too deep"
    return f"{where}{leaf}"[:len(where) + 300]


def _path(path: str, exc: BaseException) -> str:
    """``path`` extended by where cattrs' note on ``exc`` says it arose."""
    for note in getattr(exc, "__notes__", None) or ():
        if isinstance(note, AttributeValidationNote):
            return f"{path}.{note.name}" if path else note.name
        if isinstance(note, IterableValidationNote):
            return f"{path}[{note.index}]"
    return path


def rules_hash(rules: Any) -> str:
    """A short stable fingerprint of a rules config (first 16 hex digits of SHA-256)."""
    text = json.dumps(_plain(rules), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


@attrs.frozen
class IntIn:
    """attrs validator: an exact ``int`` in ``lo..hi`` (``hi=None``: no upper bound;
    ``optional``: ``None`` too). Made by :func:`int_in` and :func:`optional_int_in`.

    Not a bool, and no other ``int`` subclass (an ``IntEnum``) either: a Dallah card set
    copies its numbers into the state raw, and a state field holds exact ints, so such a
    value dealt a game that could never be saved. A validator is an object, not a
    closure, so that a front end can read the bounds from the field and tell a refusal
    in its own words (the ``tablegames`` command in Arabic).
    """

    lo: int
    hi: int | None = None
    optional: bool = False

    def fault(self, value: Any) -> str | None:
        """What is wrong with ``value``: ``"type"`` (not an exact int), ``"range"`` (out
        of ``lo..hi``) or ``None`` (nothing). The one test of the field: the validator
        raises on it, and a front end words its own refusal from it."""
        if value is None and self.optional:
            return None
        if type(value) is not int:
            return "type"
        if value < self.lo or (self.hi is not None and value > self.hi):
            return "range"
        return None

    def __call__(self, _inst: Any, attr: Any, value: Any) -> None:
        fault = self.fault(value)
        if fault == "type":
            raise RulesError(f"{attr.name} must be an int, not {quoted(value)}", code="type",
                             option=attr.name, value=value, expected="int")
        if fault == "range":
            top = "" if self.hi is None else f"..{self.hi}"
            raise RulesError(f"{attr.name} must be in {self.lo}{top}, not {quoted(value)}",
                             code="range", option=attr.name, value=value, least=self.lo,
                             most=self.hi)


def int_in(lo: int, hi: int | None = None) -> IntIn:
    """attrs validator: an exact ``int`` in ``lo..hi`` (:class:`IntIn`)."""
    return IntIn(lo, hi)


def optional_int_in(lo: int, hi: int | None = None) -> IntIn:
    """attrs validator: ``None`` or an int in range."""
    return IntIn(lo, hi, optional=True)


@attrs.frozen(eq=False)  # its choices may be a set: compared and hashed as itself
class OneOf:
    """attrs validator: the value is one of ``choices`` (an object, as :class:`IntIn` is,
    so that a front end can name the choices in its own words)."""

    choices: Container[Any]

    def fault(self, value: Any) -> str | None:
        """``"choice"`` when ``value`` is not one of the choices, else ``None`` (the one
        test, as :meth:`IntIn.fault`)."""
        try:
            known = value in self.choices
        except TypeError:  # a list or a dict cannot be in a set of names
            known = False
        return None if known else "choice"

    def __call__(self, _inst: Any, attr: Any, value: Any) -> None:
        if self.fault(value):
            choices = sorted(self.choices)  # type: ignore[call-overload]
            raise RulesError(f"{attr.name} must be one of {choices}, not {quoted(value)}",
                             code="choice", option=attr.name, value=value,
                             choices=map(str, choices))


def one_of(choices: Container[Any]) -> OneOf:
    """attrs validator: the value is one of ``choices`` (:class:`OneOf`)."""
    return OneOf(choices)


def is_bool(_inst: Any, attr: Any, value: Any) -> None:
    """attrs validator: a real bool (so ``"no"`` is not taken as true)."""
    if not isinstance(value, bool):
        raise RulesError(f"{attr.name} must be true or false, not {quoted(value)}",
                         code="bool", option=attr.name, value=value)


def coerce_rules(cls: type[R], rules: object) -> R:
    """What every ``new_game`` accepts as ``rules``: a ``cls`` instance, a dict of options,
    a variant name (``cls.variant(name)``), a variant with overrides
    (``("classic", {"swap": False})``) or ``None`` for the standard rules.

    Overrides go through the same strict structuring as a dict, so a misspelt option or
    a wrong type is refused, never silently kept.
    """
    if rules is None:
        return cls()
    if isinstance(rules, cls):
        return rules
    if isinstance(rules, str):
        return cls.variant(rules)  # type: ignore[attr-defined, no-any-return]
    if isinstance(rules, tuple | list) and len(rules) == 2 and isinstance(rules[0], str | cls):
        base, overrides = rules
        if not isinstance(overrides, Mapping):
            raise RulesError("a variant's overrides are a dict of options", code="not_rules",
                             value=overrides)
        start = coerce_rules(cls, base)
        return rules_from_dict(cls, {**rules_to_dict(start), **overrides})
    if not isinstance(rules, Mapping):
        raise RulesError(
            f"rules are a Rules object, a dict of options, a variant name or "
            f"(variant, overrides), not {type(rules).__name__}", code="not_rules", value=rules)
    return rules_from_dict(cls, rules)


def evolve_rules(rules: R, **overrides: Any) -> R:
    """A copy of ``rules`` with some options changed, checked like any rules dict."""
    return rules_from_dict(type(rules), {**rules_to_dict(rules), **overrides})


def pick_variant(variants: Mapping[str, R], name: str, game: str) -> R:
    """The named variant, or a :class:`RulesError` listing the known names."""
    try:
        return variants[name]
    except KeyError:
        raise RulesError(
            f"unknown {game} variant {quoted(name)}; known: {', '.join(sorted(variants))}",
            code="variant", variant=name, game=game, choices=sorted(variants)) from None


@attrs.frozen
class OptionText:
    """What a player reads about one house rule where a table chooses its rules (the room
    server's creation form): a short ``label``, one sentence of ``help`` in table words,
    and a few words for each value of a choice (``choices``: value -> words). A named
    variant (:func:`named_variants`) and a bot (``GameInfo.bot_texts``,
    :func:`tablegames.bots.register`) are told in the same two parts, without choices:
    what changes at the table, how well and how fast the bot plays.

    The texts are English and are the ids of the game's message catalogue, so a front end
    says them in the table's language (``python -m tablegames.table.catalogues`` reads
    them from the ``Rules`` class itself). They sit on the field they describe (its
    ``metadata``, see :func:`said`), so an option and its words cannot drift apart; the
    ``Rules`` docstring stays the reference for programmers, with its rulings and edge
    cases, which is too long and too technical to put before a player.
    """

    label: str
    help: str
    choices: Mapping[str, str] = attrs.field(factory=dict, eq=False)


def said(label: str, help: str, **choices: str) -> dict[str, OptionText]:
    """A house rule's words for players, as an ``attrs.field`` ``metadata``:
    ``attrs.field(default=..., metadata=said("Lives", "A player who ...", ...))``."""
    return {"text": OptionText(label, help, choices)}


#: The words of every game's ``"standard"`` variant: the rules as the game gives them.
STANDARD = OptionText("Standard", "The game as its rule sheet gives it, with no house rules.")


def named_variants(table: Mapping[str, tuple[R, OptionText]]) -> Mapping[str, R]:
    """A game's named variants, read-only, from its table of ``name: (rules, words)``.

    A game writes each variant once, its rules beside the :class:`OptionText` a player
    reads where a table picks one (the label and the sentence of what changes at the
    table), so a variant cannot be added without its words; :func:`variant_texts` reads
    the words from the same table (``GameInfo.variant_texts``).
    """
    return MappingProxyType({name: rules for name, (rules, _) in table.items()})


def variant_texts(table: Mapping[str, tuple[Any, OptionText]]) -> Mapping[str, OptionText]:
    """The words of each named variant in a game's table of ``name: (rules, words)``
    (see :func:`named_variants`), read-only."""
    return MappingProxyType({name: text for name, (_, text) in table.items()})


def option_text(field: Any) -> OptionText | None:
    """The :class:`OptionText` of a ``Rules`` field (an ``attrs.Attribute``), ``None`` for
    one without (a game from elsewhere may not give its options words)."""
    text = field.metadata.get("text")
    return text if isinstance(text, OptionText) else None
