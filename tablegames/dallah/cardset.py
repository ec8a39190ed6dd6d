"""The Dallah card set as data: die faces, cups, placement zones and action cards.

Our rule sheets do not print the deck list, the cup counts or the amounts on the pile
cards (see the rulings page), so none of that is code. A :class:`CardSet` is a validated,
immutable config that a user can write for their own printed deck in TOML or JSON and
load with :meth:`CardSet.from_file`; the default set (``default_cards.toml``, shipped in
the package) follows the "reasonable default" of our rulings file, and each of its
assumptions is written beside it in that file.

A card set is part of :class:`~tablegames.dallah.rules.Rules`, so it is hashed into every
saved game: a record made with one printed deck is never replayed with another.

Card *kinds* are the mechanics the engine knows; a card names its kind and parameters:

* ``place`` — roll and place ``cups`` cups; 2 is the two-cup card (DAL-20, DAL-26).
* ``timed`` — place ``cups`` cups within ``seconds``: the five-second card (DAL-28).
* ``naql`` — move a cup on the Dallah to a different zone, then place ``cups`` cups
  (0 by default: the move is the placement) (DAL-22).
* ``rotate``, ``tap``, ``blow`` — do the stunt to the Dallah, then place ``cups`` cups
  (DAL-27).
* ``tag_team`` — you place a cup, then the next player places one; you collect (DAL-24).
* ``shareek`` — you choose a partner; you place one cup, they place one; you collect
  (DAL-24).
* ``fazaa`` — the next player places the cup(s) and collects (DAL-24).
* ``give`` — give ``amount`` (or ``portion`` half/all) of your pile to the ``target``
  (DAL-31 to DAL-34).
* ``swap`` — swap piles with the ``target`` (DAL-34, DAL-36).
* ``retire`` — retire ``amount`` cups of your pile: Yalla Bye (DAL-38).
* ``even_out`` — ``amount`` cups go from the biggest pile to the smallest (DAL-35).
* ``pass`` — everyone passes one cup to the ``target`` side: Pass It / Reverse (DAL-37).

Targets: ``"next"`` is the next player clockwise (on your left), ``"previous"`` the
player on your right, ``"choose"`` a player you pick (never yourself, DAL-36), ``"self"``
your own pile (only for ``retire``). Protection cards have kind ``block`` (Ma Ysir) or
``redirect`` (Ana Mali Dakhal).
"""

from __future__ import annotations

import hashlib
import json
import re
import tomllib
from collections import Counter
from collections.abc import Mapping
from importlib import resources
from pathlib import Path, PurePath
from typing import Any, Literal

import attrs
from cattrs.gen import make_dict_structure_fn, make_dict_unstructure_fn

from tablegames.common.errors import QUOTE_LIMIT, RulesError, StateError, quoted, quoted_names
from tablegames.common.rules import (
    converter,
    int_in,
    is_bool,
    one_of,
    rules_from_dict,
)
from tablegames.common.serialization import loads
from tablegames.common.setups import shows, unprintable

PLACING_KINDS = ("place", "timed", "tag_team", "shareek", "fazaa")
STUNT_KINDS = ("rotate", "tap", "blow")
PILE_KINDS = ("give", "swap", "retire", "even_out", "pass")
KINDS = (*PLACING_KINDS, "naql", *STUNT_KINDS, *PILE_KINDS)
PROTECTION_KINDS = ("block", "redirect")
TARGETS = ("next", "previous", "choose", "self")
PORTIONS = ("fixed", "half", "all")

Kind = Literal[
    "place", "timed", "tag_team", "shareek", "fazaa", "naql", "rotate", "tap", "blow",
    "give", "swap", "retire", "even_out", "pass",
]
Target = Literal["next", "previous", "choose", "self"]
Portion = Literal["fixed", "half", "all"]
ProtectionKind = Literal["block", "redirect"]

#: An id, matched whole (``fullmatch``): ``$`` also matched before a final line break, so
#: ``"tall\n"`` passed and dealt a game whose notation and saves did not read back.
_ID = re.compile(r"[a-z][a-z0-9_]{0,31}")

#: Largest card set the engine accepts: die faces, zones, distinct Action cards and
#: distinct protection cards. Saves are read against these bounds before the card set is
#: known, and a file cannot make loading or validation cost more than they allow.
MAX_SHAPES, MAX_ZONES, MAX_ACTIONS, MAX_PROTECTION = 12, 12, 64, 8
#: Card codes run over the Action cards, then the protection cards.
MAX_CARD_CODES = MAX_ACTIONS + MAX_PROTECTION
#: Longest display name or card set name.
MAX_TEXT = 80
#: Largest card set file or text read, in bytes (the largest set the bounds above allow,
#: every name at its longest, is under 100 KB): a larger one is refused having read no
#: more than this, so a path to a device that never ends (``/dev/zero``) costs nothing.
MAX_FILE = 1_000_000


def _ident(_inst: Any, attr: Any, value: Any) -> None:
    """Ids appear in action notation (``fell neck:tall``): short lower-case words."""
    if not isinstance(value, str) or not _ID.fullmatch(value):
        raise RulesError(
            f"{attr.name} must be a lower-case word of letters, digits and '_' "
            f"(starting with a letter), not {quoted(value)}",
            code="card_set",
        )


def _text(_inst: Any, attr: Any, value: Any) -> None:
    """A display name is read by the players (pictures, the terminal, phones, logs), so it
    is printable as a player name is (:func:`~tablegames.common.setups.unprintable`, the
    same check): a line break, a control character or a lone surrogate broke the line it
    was drawn in, or every message to a phone, and a direction control turned the text
    after it around (found by helper-152). Any script and its punctuation pass. It must
    show something, as a player name must (:func:`~tablegames.common.setups.shows`): a
    name of zero-width characters, a Hangul filler or a lone accent drew an empty label
    (found by helper-232)."""
    if not isinstance(value, str) or not value.strip() or len(value) > MAX_TEXT:
        raise RulesError(f"{attr.name} must be a non-empty text of at most {MAX_TEXT} "
                         f"characters, not {quoted(value)}", code="card_set")
    if why := unprintable(value):
        raise RulesError(f"{attr.name} {why}: {quoted(value)}", code="card_set")
    if not shows(value):
        raise RulesError(f"{attr.name} must show a letter, digit, punctuation mark or symbol, "
                         f"not {quoted(value)}", code="card_set")


@attrs.frozen(cache_hash=True)
class Shape:
    """A die face: the cup shape it names and how many such cups the shared pile holds.

    A face with ``cups = 0`` (the Heavyweight, DAL-03) is always rerolled.
    """

    id: str = attrs.field(validator=_ident)
    en: str = attrs.field(validator=_text)
    ar: str = attrs.field(validator=_text)
    cups: int = attrs.field(validator=int_in(0, 200))


@attrs.frozen(cache_hash=True)
class Zone:
    """A placement zone of the Dallah and how many Placement cards name it."""

    id: str = attrs.field(validator=_ident)
    en: str = attrs.field(validator=_text)
    ar: str = attrs.field(validator=_text)
    cards: int = attrs.field(validator=int_in(0, 50))


@attrs.frozen(cache_hash=True)
class ActionCard:
    """One printed Action card: its kind, how many copies, and its parameters.

    Parameters a kind does not use are ignored (and keep their defaults in a file).
    ``you_lose`` records the printed "you lose" wording, which this ruleset reads as
    "collect the fallen cups and keep playing" (DAL-13).
    """

    id: str = attrs.field(validator=_ident)
    en: str = attrs.field(validator=_text)
    ar: str = attrs.field(validator=_text)
    kind: Kind = attrs.field(validator=one_of(KINDS))
    count: int = attrs.field(default=1, validator=int_in(0, 50))
    cups: int = attrs.field(default=1, validator=int_in(0, 3))
    amount: int = attrs.field(default=1, validator=int_in(0, 200))
    portion: Portion = attrs.field(default="fixed", validator=one_of(PORTIONS))
    target: Target = attrs.field(default="choose", validator=one_of(TARGETS))
    seconds: int = attrs.field(default=5, validator=int_in(1, 60))
    you_lose: bool = attrs.field(default=False, validator=is_bool)  # DAL-13: shown, never acted on

    @property
    def is_pile(self) -> bool:
        """Pile actions replace the placement (DAL-30)."""
        return self.kind in PILE_KINDS


@attrs.frozen(cache_hash=True)
class ProtectionCard:
    """A protection card shuffled into the Action deck (DAL-04, DAL-40..46)."""

    id: str = attrs.field(validator=_ident)
    en: str = attrs.field(validator=_text)
    ar: str = attrs.field(validator=_text)
    kind: ProtectionKind = attrs.field(validator=one_of(PROTECTION_KINDS))
    count: int = attrs.field(default=1, validator=int_in(0, 10))


@attrs.frozen(cache_hash=True)
class CardSet:
    """A whole Dallah card set; construction refuses a set that cannot be played."""

    name: str = attrs.field(validator=_text)
    shapes: tuple[Shape, ...] = attrs.field(converter=tuple)
    zones: tuple[Zone, ...] = attrs.field(converter=tuple)
    actions: tuple[ActionCard, ...] = attrs.field(converter=tuple)
    protection: tuple[ProtectionCard, ...] = attrs.field(converter=tuple, factory=tuple)

    def __attrs_post_init__(self) -> None:
        groups: tuple[tuple[str, tuple[Any, ...]], ...] = (
            ("shapes", self.shapes), ("zones", self.zones),
            ("cards", (*self.actions, *self.protection)))
        if len(self.actions) > MAX_ACTIONS or len(self.protection) > MAX_PROTECTION:
            raise RulesError(f"a card set has at most {MAX_ACTIONS} Action cards and "
                             f"{MAX_PROTECTION} protection cards (each with a count)", code="card_set")
        for group, items in groups:
            counted = Counter(x.id for x in items)
            dup = sorted(i for i, k in counted.items() if k > 1)
            if dup:
                raise RulesError(f"card set {quoted(self.name)}: duplicate {group} id(s) {dup}",
                                 code="card_set")
        if not 1 <= len(self.shapes) <= MAX_SHAPES:
            raise RulesError(f"shapes: the die needs 1 to {MAX_SHAPES} faces (DAL-01)", code="card_set")
        if not any(s.cups for s in self.shapes):
            raise RulesError("shapes: the shared pile has no cups: no face of the die names a cup",
                             code="card_set")
        if not 1 <= len(self.zones) <= MAX_ZONES or not any(z.cards for z in self.zones):
            raise RulesError("zones: the Placement deck names no zone (DAL-04)", code="card_set")
        if not any(a.count for a in self.actions):
            raise RulesError("actions: the Action deck is empty (DAL-04)", code="card_set")
        if not any(a.count and a.cups and a.kind in PLACING_KINDS for a in self.actions):
            raise RulesError(
                "actions: no Action card places a cup on any Dallah (place, timed, tag_team, "
                "shareek or fazaa with cups >= 1): the shared pile would never empty",
                code="card_set",
            )
        for i, a in enumerate(self.actions):
            where = f"actions[{i}] ({a.id})"
            if a.kind in PLACING_KINDS and a.cups == 0:
                raise RulesError(f"{where}.cups: a {a.kind} card must place at least one cup",
                                 code="card_set")
            if a.kind == "naql" and a.count and len(self.zones) < 2:
                raise RulesError(f"{where}.kind: Naql needs two zones to move between (DAL-22)",
                                 code="card_set")
            if a.kind in ("give", "swap") and a.target == "self":
                raise RulesError(f"{where}.target: a {a.kind} card cannot target your own pile",
                                 code="card_set")
            if a.kind == "pass" and a.target not in ("next", "previous"):
                raise RulesError(f"{where}.target: a pass card passes to 'next' or 'previous'",
                                 code="card_set")

    # -- tables ------------------------------------------------------------------------
    def shape(self, ident: str) -> Shape:
        """The die face with this id (``RulesError`` if none)."""
        shape: Shape = _find(self.shapes, ident, "shape")
        return shape

    def zone(self, ident: str) -> Zone:
        """The zone with this id."""
        zone: Zone = _find(self.zones, ident, "zone")
        return zone

    def card(self, ident: str) -> ActionCard | ProtectionCard:
        """The Action or protection card with this id."""
        card: ActionCard | ProtectionCard = _find((*self.actions, *self.protection), ident, "card")
        return card

    @property
    def total_cups(self) -> int:
        """Cups in the shared pile at the start."""
        return sum(s.cups for s in self.shapes)

    def names(self, lang: str = "en") -> dict[str, dict[str, str]]:
        """Display names by id, in English (``"en"``) or Arabic (``"ar"``)."""
        if lang not in ("en", "ar"):
            raise ValueError(f"names are available in 'en' and 'ar', not {quoted(lang)}")
        def pick(x: Any) -> str:
            return str(getattr(x, lang))
        return {
            "shapes": {s.id: pick(s) for s in self.shapes},
            "zones": {z.id: pick(z) for z in self.zones},
            "cards": {c.id: pick(c) for c in self.actions}
            | {c.id: pick(c) for c in self.protection},
        }

    # -- files -------------------------------------------------------------------------
    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> CardSet:
        """Build a card set from plain data (what a TOML or JSON file holds).

        The outline is checked first (see :func:`_check_outline`): ``rules_from_dict``
        bounds every list at 1,000 items, and a set with an unknown field and a long list
        is to be refused for the field, which is what the user got wrong.
        """
        if not isinstance(data, CardSet):
            _check_outline(data)
        return rules_from_dict(cls, data)

    @classmethod
    def from_file(cls, path: str | Path) -> CardSet:
        """Load a card set from a ``.toml`` or ``.json`` file (anything else is an error)."""
        if not isinstance(path, str | PurePath):
            raise RulesError(f"a card set file is a path, not {type(path).__name__}", code="card_set")
        p = Path(path)
        try:
            with p.open("rb") as file:
                raw = file.read(MAX_FILE + 1)  # never the whole of a file that never ends
        except (OSError, ValueError) as exc:  # ValueError: a path holding a NUL
            raise RulesError(f"cannot read card set {quoted(str(p))}: {exc}", code="card_set") from None
        return cls.from_dict(_parse(raw, p.suffix.lower(), str(p)))

    @classmethod
    def from_text(cls, text: str, fmt: str = "toml") -> CardSet:
        """Load a card set from TOML or JSON text (``fmt``: ``"toml"`` or ``"json"``)."""
        if not isinstance(text, str):
            raise RulesError(f"a card set text is a str, not {type(text).__name__}", code="card_set")
        if not isinstance(fmt, str):
            raise RulesError(f"a card set's format is 'toml' or 'json', not {quoted(fmt)}", code="card_set")
        if len(text) > MAX_FILE:  # before it is encoded: up to four bytes a character
            raise RulesError(f"a card set text is at most {MAX_FILE} characters", code="card_set")
        raw = text.encode("utf-8", "surrogatepass")  # a lone surrogate: refused as not UTF-8
        return cls.from_dict(_parse(raw, "." + fmt.lower().lstrip("."), fmt))

    def to_dict(self) -> dict[str, Any]:
        """Plain data, every card written out (writes back as JSON, TOML or ``from_dict``).

        Inside a ``Rules`` config the shipped default set is written as its reference
        instead (see :data:`DEFAULT_REF`).
        """
        data: dict[str, Any] = json.loads(json.dumps(_FULL(self)))
        return data


def _find(items: Any, ident: str, what: str) -> Any:
    for x in items:
        if x.id == ident:
            return x
    raise RulesError(f"no {what} {quoted(ident)} in this card set", code="card_set")


def _parse(raw: bytes, suffix: str, where: str) -> Any:
    """The data of a card set file's bytes, read as ``suffix`` says. JSON is read as a
    save is (:func:`~tablegames.common.serialization.loads`: no NaN, no key twice, no
    deep nesting); TOML's reader recurses, so a table or list nested thousands deep is
    its ``RecursionError``, and a number too long to convert its ``ValueError``: each is
    refused here as what it is, text that is no card set."""
    if suffix not in (".toml", ".json"):
        raise RulesError(f"card set {quoted(where)}: use a .toml or .json file", code="card_set")
    if len(raw) > MAX_FILE:
        raise RulesError(f"card set {quoted(where)} is larger than {MAX_FILE} bytes", code="card_set")
    bad = f"card set {quoted(where)} is not valid {suffix[1:].upper()}"
    try:
        text = raw.decode()
        if suffix == ".json":
            return loads(text)
        return tomllib.loads(text)
    except StateError as exc:
        raise RulesError(f"{bad}: {str(exc).removeprefix('saved state ')}", code="card_set") from None
    except RecursionError:
        raise RulesError(f"{bad}: nested too deeply", code="card_set") from None
    except ValueError as exc:  # TOMLDecodeError, UnicodeDecodeError, a 5,000-digit number
        raise RulesError(f"{bad}: {str(exc)[:200]}", code="card_set") from None


_GROUPS: dict[str, type[Any]] = {
    "shapes": Shape, "zones": Zone, "actions": ActionCard, "protection": ProtectionCard}
_MAX_ITEMS = {"shapes": MAX_SHAPES, "zones": MAX_ZONES, "actions": MAX_ACTIONS,
              "protection": MAX_PROTECTION}


#: Fields whose value is one of a few words: checked first for a message that lists them.
_KNOWN: dict[str, dict[str, tuple[str, ...]]] = {
    "actions": {"kind": KINDS, "target": TARGETS, "portion": PORTIONS},
    "protection": {"kind": PROTECTION_KINDS},
}


#: Deepest nesting of lists and tables a value in a card set may have, and the most of
#: them it may hold. No field takes a list or a table at all, so these only keep a wrong
#: value cheap to refuse: a list 5,000 deep would raise ``RecursionError`` in the JSON
#: cache key and in ``repr``, and a list of lists sharing their items can unfold into
#: billions of them.
_MAX_DEPTH, _MAX_NODES = 20, 100_000
_TOO_DEEP = "a list or table nested too deep or too big (a field holds a single value)"
#: The types of the values a card holds (anything else is looked at more closely).
_PLAIN = frozenset({str, int, bool, float, type(None)})


def _too_deep(value: Any) -> bool:
    """Whether ``value`` nests lists or tables more than :data:`_MAX_DEPTH` deep, or holds
    more than :data:`_MAX_NODES` values (a list that contains itself is both).

    The walk goes level by level, never recursively, so it cannot itself overflow the stack
    and a value 5,000 deep costs :data:`_MAX_DEPTH` steps.
    """
    level, seen = [value], 0
    for _ in range(_MAX_DEPTH + 1):
        below: list[Any] = []
        for v in level:
            if isinstance(v, Mapping):
                v = v.values()
            elif not isinstance(v, list | tuple):
                continue
            seen += len(v)
            if seen > _MAX_NODES:
                return True
            below.extend(v)
        if not below:
            return False
        level = below
    return True


def _name(key: Any) -> str:
    """A field name as a message shows it: a short text as it is, anything else quoted
    (cut short, and safe for a key nested too deep to ``repr``)."""
    return key if isinstance(key, str) and len(key) <= QUOTE_LIMIT else quoted(key)


def _where(group: str, i: int, item: Mapping[Any, Any]) -> str:
    """Where an item is, for a message: ``actions[11] (mabrook)``; a long id is cut short."""
    where = f"{group}[{i}]"
    ident = item.get("id")
    if isinstance(ident, str):
        where += f" ({ident if len(ident) <= QUOTE_LIMIT else quoted(ident)})"
    return where


def _check_outline(data: Any) -> None:
    """Refuse a card set whose shape is wrong, cheaply and before anything is built.

    This is everything that can be told without structuring a card: a table with known
    fields, a name, each group a list within its bound (:data:`MAX_ACTIONS`, ...) of
    tables, and no value nested too deep (see :func:`_too_deep`). It runs before the
    cache key is made, since ``json.dumps`` overflows on a deep value and cannot sort
    keys of mixed types (which once skipped these bounds and built 400,000 cards); and
    :meth:`CardSet.from_dict` runs it before ``rules_from_dict``, so an unknown field is
    named as such rather than through a list that is too long.
    """
    if not isinstance(data, Mapping):
        raise RulesError(f"a card set is a table (name, shapes, zones, actions, protection), "
                         f"not {type(data).__name__}", code="card_set")
    extra = [k for k in data if k != "name" and k not in _GROUPS]
    if extra:
        raise RulesError(f"unknown card set field(s): {quoted_names(extra, _name)}", code="card_set")
    if "name" not in data:
        raise RulesError("name: the card set has no name", code="card_set")
    if _too_deep(data["name"]):
        raise RulesError(f"name: {_TOO_DEEP}", code="card_set")
    for group, item_cls in _GROUPS.items():
        if group not in data:
            if group == "protection":
                continue
            raise RulesError(f"{group}: the card set has no {group} list", code="card_set")
        items = data[group]
        if isinstance(items, str | Mapping) or not isinstance(items, list | tuple):
            raise RulesError(f"{group}: expected a list of tables, not {type(items).__name__}",
                             code="card_set")
        if len(items) > _MAX_ITEMS[group]:
            raise RulesError(f"{group}: at most {_MAX_ITEMS[group]} entries", code="card_set")
        for i, item in enumerate(items):
            if not isinstance(item, dict | Mapping):  # a dict first: told apart at once
                if isinstance(item, item_cls):
                    continue
                raise RulesError(f"{group}[{i}]: expected a table, not {quoted(item)}", code="card_set")
            if _PLAIN.issuperset(map(type, item.values())):
                continue  # what a card holds, told apart at once: every load pays for this
            for field, value in item.items():
                if _too_deep(value):
                    raise RulesError(f"{_where(group, i, item)}.{_name(field)}: {_TOO_DEEP}", code="card_set")


def _check_items(data: Mapping[str, Any]) -> None:
    """Refuse a malformed card (its outline checked) naming it: ``actions[11] (mabrook): ...``.

    Structuring the whole set at once reports only the attribute ("amount must be in
    0..200"), which leaves a user with a 30-card file guessing which card is wrong; so each
    item is structured on its own first, under its position and id.
    """
    for group, item_cls in _GROUPS.items():
        for i, item in enumerate(data.get(group, ())):
            if isinstance(item, item_cls):
                continue
            where = _where(group, i, item)
            missing = [f.name for f in attrs.fields(item_cls)
                       if f.default is attrs.NOTHING and f.name not in item]
            if missing:
                raise RulesError(f"{where}: missing {', '.join(missing)}", code="card_set")
            known = _KNOWN.get(group, {})
            for field, values in known.items():
                if field in item and item[field] not in values:
                    raise RulesError(f"{where}.{field}: unknown {field} {quoted(item[field])} "
                                     f"(known: {', '.join(values)})", code="card_set")
            try:
                rules_from_dict(item_cls, item)
            except RulesError as exc:
                text = str(exc).removeprefix(f"bad {item_cls.__name__}: ")
                raise RulesError(f"{where}: {text}", code="card_set") from None


def _install_structure_cache() -> None:
    """Remember structured card sets by their canonical JSON.

    Every loaded save structures its rules, and a card set is dozens of validated attrs
    objects; the same few sets come back again and again (bots and the conformance kit
    load states constantly), so the result is kept. A set is frozen, so sharing is safe.

    Equal sets are also made *one object* (the same set written with or without its
    defaults has two JSON forms): every dict keyed by rules or by a card set (the table
    cache, the rules-hash cache) then finds it by identity instead of comparing dozens of
    cards field by field, which was a sixth of the cost of loading a save.
    """
    conv = converter()
    build = make_dict_structure_fn(CardSet, conv)
    seen: dict[str, CardSet] = {}
    canonical: dict[CardSet, CardSet] = {}

    def structure(data: Any, cls: type[CardSet]) -> CardSet:
        if isinstance(data, CardSet):
            return data
        if isinstance(data, str):
            if data == DEFAULT_REF:
                return DEFAULT_CARDS
            raise RulesError(f"cards: {quoted(data)} names no card set this version ships (the "
                             f"default is {quoted(DEFAULT_REF)}); give a card set as a table",
                             code="card_set")
        _check_outline(data)
        try:
            key = json.dumps(data, sort_keys=True, separators=(",", ":"))
        except (TypeError, ValueError):  # keys of mixed types, an int too long to write
            _check_items(data)
            return build(data, cls)
        hit = seen.get(key)
        if hit is None:
            _check_items(data)
            built = build(data, cls)
            if len(seen) > 64:
                seen.clear()
                canonical.clear()
            hit = seen[key] = canonical.setdefault(built, built)
        return hit

    conv.register_structure_hook(CardSet, structure)


_install_structure_cache()


def _load_default() -> CardSet:
    raw = resources.files("tablegames.dallah").joinpath("default_cards.toml").read_bytes()
    return CardSet.from_dict(_parse(raw, ".toml", "default_cards.toml"))


#: Every card of a set as plain data (no reference to the default; see ``to_dict``).
_FULL = make_dict_unstructure_fn(CardSet, converter())

#: The shipped default card set (see ``default_cards.toml`` for every assumption).
DEFAULT_CARDS: CardSet = _load_default()


def _digest(cards: CardSet) -> str:
    text = json.dumps(cards.to_dict(), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


#: How a ``Rules`` config (and so every save, record and rules hash) names the default
#: card set: by its hash, not its 5 KB of cards. A save names the exact set it was played
#: with; if a later version ships another default, such a save is refused by name
#: instead of being replayed with other cards. Any other set is written out in full.
DEFAULT_REF = f"default@{_digest(DEFAULT_CARDS)}"


def _unstructure(cards: CardSet) -> Any:
    return DEFAULT_REF if cards is DEFAULT_CARDS or cards == DEFAULT_CARDS else _FULL(cards)


converter().register_unstructure_hook(CardSet, _unstructure)
