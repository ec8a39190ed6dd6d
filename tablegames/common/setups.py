"""The setup of a new game checked: players, seed and the limits on what a caller sends.

``new_game`` and a loaded save's setup go through the same checks (see
:mod:`tablegames.common.saves`).
"""

from __future__ import annotations

import numbers
import unicodedata
from collections.abc import Mapping, Sequence
from typing import Any

from tablegames.common.errors import ArgumentRefused, SetupError, quoted
from tablegames.common.numbers import whole_number
from tablegames.common.rng import seed_to_int
from tablegames.common.serialization import MAX_DEPTH


def normalize_players(players: int | Sequence[str], lo: int, hi: int, game: str, *,
                      saved: bool = False) -> tuple[str, ...]:
    """Player names from a count (any whole number,
    :func:`~tablegames.common.numbers.whole_number`) or a list of names; a count the game does not
    seat is :func:`seats_refused` (a :class:`SetupError`), as :meth:`GameInfo.check_players` says it.
    A name that cannot be one is an :class:`ArgumentRefused` too (``argument``
    ``"names"``; ``code`` ``"text"``: not a non-empty string of at most ``most``
    characters, or one with nothing a reader sees (:func:`shows`), ``"space"``,
    ``"control"``, ``"direction"``: see :data:`NAME_PROBLEMS`, each with the name's index
    as ``value``; ``"distinct"``: two names that read the same, :func:`name_key`).

    ``saved``: the names come from a save, written when a name could still hold a
    direction control (:data:`DIRECTION_CONTROLS`), show nothing or read as another
    (before 0.2 names were compared as code points), so such a name still loads."""
    count = whole_number(players)  # a numpy count too, never a bool
    if isinstance(players, bool):
        raise SetupError("players must be a count or a list of names")
    if count is not None:
        if not lo <= count <= hi:  # before building names: a huge count costs nothing
            raise seats_refused(game, lo, hi, count)
        names = tuple(f"P{i}" for i in range(count))
    elif isinstance(players, str) or not isinstance(players, Sequence):
        raise SetupError("players must be a count or a list of names")
    else:
        if len(players) > hi:
            raise seats_refused(game, lo, hi, len(players))
        names = tuple(players)
        for i, name in enumerate(names):
            if not (type(name) is str and name.strip() and len(name) <= MAX_NAME):
                raise ArgumentRefused(f"player names must be non-empty strings of at most "
                                      f"{MAX_NAME} characters", argument="names",
                                      code="text", value=i, most=MAX_NAME)
        for i, name in enumerate(names):
            if why := _unwritable(name, saved=saved):
                raise ArgumentRefused(f"player name {i} {why}", argument="names",
                                      code=NAME_PROBLEMS[why], value=i)
            if not saved and not shows(name):  # a seat with no name to see
                raise ArgumentRefused(f"player names must be non-empty strings of at most "
                                      f"{MAX_NAME} characters", argument="names",
                                      code="text", value=i, most=MAX_NAME)
        # a save keeps the names it was written with (0.1 compared code points)
        seen = names if saved else tuple(map(name_key, names))
        if len(set(seen)) != len(seen):
            raise ArgumentRefused("player names must be distinct", argument="names",
                                  code="distinct")
    if not lo <= len(names) <= hi:
        raise seats_refused(game, lo, hi, len(names))
    return names


def seats_refused(game: str, least: int, most: int, players: int) -> ArgumentRefused:
    """The refusal of a table of ``players`` for a game that seats ``least`` to ``most``:
    one sentence and one set of fields (``argument`` ``"players"``, ``code`` ``"seats"``,
    ``game``, ``value``, ``least``, ``most``) wherever a count is refused, so a front end
    says it in its own words whichever door the count came through."""
    return ArgumentRefused(f"{game} is for {least} to {most} players, not {quoted(players)}",
                           argument="players", code="seats", value=players, least=least,
                           most=most, game=game)


#: Characters a name cannot hold: controls (a new line, a tab), lone surrogates (no
#: UTF-8 can carry them: a server could not send the view) and the line and paragraph
#: separators (they break a position's line, as a new line does).
_UNWRITABLE = frozenset({"Cc", "Cs", "Zl", "Zp"})

#: The bidirectional embeddings, overrides and isolates: inside a name they turn the
#: text after it around wherever the name is shown (a log line, the terminal, a picture,
#: a phone), so a name of "\u202eP1" makes "P1 played 7h" read backwards. Refused in new
#: names since 0.2, as the room server always refused them (found by helper-114); the
#: marks LRM and RLM only say a direction and are kept. A front end isolates names itself.
DIRECTION_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


#: Why a name cannot be written (:func:`_unwritable`'s words), as the code of the
#: :class:`ArgumentRefused` (``argument`` ``"names"``) that refuses it, so a front end
#: says it in its own words: ``"space"``, ``"control"``, ``"direction"``.
_SPACE = "has a space at its start or end"
_CONTROL = "holds a control character, a line break or a lone surrogate"
_DIRECTION = ("holds a direction control (U+202A-U+202E, U+2066-U+2069), which turns the "
              "text around it")
NAME_PROBLEMS = {_SPACE: "space", _CONTROL: "control", _DIRECTION: "direction"}


#: Characters that draw nothing although Unicode files them as letters or symbols (the
#: Hangul fillers, the blank Braille pattern).
BLANKS = frozenset("\u115f\u1160\u3164\uffa0\u2800")
#: Marks that change nothing the eye sees (the combining grapheme joiner, the variation
#: selectors that pick an emoji's style); the format characters (category ``Cf``: the
#: zero-width space and joiners, the word joiner, the soft hyphen, LRM and RLM) are
#: unseen too, and are left out of a name's key with these.
UNSEEN_MARKS = frozenset("\u034f") | frozenset(map(chr, range(0xFE00, 0xFE10)))


def name_key(name: str) -> str:
    """What two player names at one table must not share: the name as a reader sees it,
    whatever the keyboard typed. Compatibility forms are folded (NFKC: a decomposed
    "e" and accent is "é", a full-width "Ａ" is "A", a no-break or ideographic space a
    space), what draws nothing is left out (format characters, :data:`BLANKS`,
    :data:`UNSEEN_MARKS`), and each run of spaces left is one space, none at either end
    (:func:`fold_spaces`), so "Amal" and "Amal" with a zero-width space are one name,
    and "Amal Said" and "Amal  Said" are too: every log line, view and record would
    read the same for two players (a run of spaces is hard to count on a phone or in a
    log, and HTML shows it as one). Case is kept ("amal" reads differently); letters of
    two scripts that look alike (Latin "P", Cyrillic "Р") are two names, as Unicode
    normalisation keeps them (the room server folds case as well, for its own rooms).

    >>> from tablegames.common.setups import name_key
    >>> name_key("Amal  Said") == name_key("Amal\u3000Said") == "Amal Said"
    True
    """
    folded = unicodedata.normalize("NFKC", name)
    return fold_spaces("".join(ch for ch in folded if unicodedata.category(ch) != "Cf"
                               and ch not in BLANKS and ch not in UNSEEN_MARKS))


def fold_spaces(text: str) -> str:
    """``text`` with each run of spaces one space (``" "``) and none at either end:
    what two names are compared by (:func:`name_key`) and what the room server stores
    of a name typed on a phone (``server.rooms.clean_name``), one rule for both. A
    space is any that Python's ``str.split`` splits at: every Unicode space separator
    (the no-break, em and ideographic spaces among them). Its controls (a tab, a new
    line) and the line and paragraph separators are split at too, but a name never
    holds them: they are refused first (:func:`unprintable`), by the library's checks
    and the server's alike, rather than read as a space."""
    return " ".join(text.split())


def shows(name: str) -> bool:
    """Whether ``name`` has a character a reader sees: a letter, digit, punctuation mark
    or symbol that is not a blank (:data:`BLANKS`). A name of zero-width characters, a
    Hangul filler or a lone accent would sit a seat with no name to read."""
    return any(unicodedata.category(ch)[0] in "LNPS" and ch not in BLANKS for ch in name)


def _unwritable(name: str, *, saved: bool = False) -> str | None:
    """Why ``name`` cannot be written everywhere a name goes, or ``None``.

    A name travels in saves, records, position text (one line, trimmed) and every
    message to a phone, and must come back the same: so no control character, no lone
    surrogate, no line break, and no space at either end (the position text trims it)."""
    if name != name.strip():
        return _SPACE
    return unprintable(name, directions=not saved)


def unprintable(text: str, *, directions: bool = True) -> str | None:
    r"""Why ``text``, shown to a player, cannot be printed as it is, or ``None``: it holds a
    control character, a line break or a lone surrogate (``_UNWRITABLE``), or, when
    ``directions``, a direction control (:data:`DIRECTION_CONTROLS`). Player names and
    every other text a player reads that a caller gives (a Dallah card set's names) are
    checked by this one function, so they cannot drift apart. Letters of any script and
    punctuation pass, the marks LRM and RLM too.

    >>> from tablegames.common.setups import unprintable
    >>> unprintable("\u0641\u0646\u062c\u0627\u0646\u060c 2!") is None
    True
    >>> unprintable("a\nb")
    'holds a control character, a line break or a lone surrogate'
    """
    if any(unicodedata.category(ch) in _UNWRITABLE for ch in text):
        return _CONTROL
    if directions and not DIRECTION_CONTROLS.isdisjoint(text):
        return _DIRECTION
    return None


def check_flag(name: str, value: object) -> bool:
    """``value`` when it is ``True`` or ``False``; else a :class:`SetupError` naming
    ``name`` (``1`` or ``"no"`` would be read as a flag they never were)."""
    if type(value) is not bool:
        raise SetupError(f"{name} must be True or False, not {quoted(value)}")
    return value


def check_seed(seed: object) -> int | str:
    """A seed must be an int or a str (both replay exactly on every machine), of bounded
    size; returned as the plain ``int`` or ``str`` that is stored. A numpy integer is the
    int it holds (:func:`~tablegames.common.numbers.whole_number`): ``np.int64(7)`` deals,
    saves and writes JSON exactly as ``7``.

    Any text, the empty one too: a game's seed is stored in its saves and records, and
    reading one back must take every seed a released version wrote (``""`` is a seed like
    any other, the SHA-256 of nothing). Only a string holding a lone surrogate is no text
    (no UTF-8, so no hash: :func:`~tablegames.common.rng.seed_to_int` refuses it), and no
    version ever dealt from one. A run's seed (:func:`check_run_seed`) is typed
    by a person and refuses a blank one."""
    if not isinstance(seed, str):
        number = whole_number(seed)
        if number is None:
            raise SetupError(f"seed must be an int or a string, not {type(seed).__name__}")
        seed = number
    if isinstance(seed, str) and len(seed) > MAX_NAME:
        raise SetupError(f"a seed string is at most {MAX_NAME} characters")
    if isinstance(seed, str):
        # what deals the game reads it now: a lone surrogate passed here and was refused
        # by the deal only, so a room stored a seed it could never deal (helper-152)
        seed_to_int(seed)
    if isinstance(seed, int) and not -(1 << 256) < seed < (1 << 256):
        raise SetupError("a seed number must fit in 256 bits")
    return seed


#: Longest player name or seed string (a phone's name field, not a novel).
MAX_NAME = 64
#: Longest action notation read (the longest real one, a Phase 10 lay-down, is ~120).
MAX_NOTATION = 512
#: Longest stacked deck ``new_game`` accepts (the largest pack has 108 cards).
MAX_DECK = 1_000
#: The most items one setup keyword (or the stacked deck) holds, counted through its
#: nested lists and mappings (a chalk board has one number per seat, a Dallah table's
#: stacked piles and pot a few hundred): ``new_game`` copies the value before the game
#: checks it, so a larger value is refused before it is read or copied, whatever its
#: shape (``lives=[0] * 10**7`` made an 80 MB copy first; found by helpers 122 and 124).
MAX_SETUP_ITEMS = 10_000


def check_setup(deck: Sequence[str] | None, setup: Mapping[str, Any]
                ) -> tuple[Sequence[str] | None, dict[str, Any]]:
    """``new_game``'s stacked deck and setup keywords, bounded: the deck a list of at most
    :data:`MAX_DECK` cards (``None`` when it stacks none: one game, one save text), and
    the keywords without their ``None`` values, none nested too deeply
    (:func:`shallow_setup`)."""
    if deck is not None:
        if isinstance(deck, str) or not isinstance(deck, Sequence):
            raise SetupError("deck must be a list of cards, top card first")
        if len(deck) > MAX_DECK:
            raise SetupError(f"a stacked deck has at most {MAX_DECK} cards")
        if not deck:  # stacking no card is no stacked deck: one game, one save text
            deck = None
    return deck, shallow_setup(setup, deck)


def shallow_setup(setup: Mapping[str, Any], deck: object = None) -> dict[str, Any]:
    """The setup keywords (and stacked deck) of ``new_game``, refused with a
    :class:`SetupError` when a value nests lists or mappings deeper than a save may
    (:data:`~tablegames.common.serialization.MAX_DEPTH`, the same limit and words: "nested
    too deeply"), or holding more than :data:`MAX_SETUP_ITEMS` items in all. Everything
    after this copies and reads setup values recursively, and a list 5,000 levels deep
    made that a ``RecursionError`` instead of an answer. The check is a loop, so any depth
    is refused in as many steps as the limit allows. The keywords come back with their
    whole numbers plain ints (:func:`plain_whole`: ``dealer=np.int64(1)`` is ``1``).

    >>> from tablegames.common.setups import shallow_setup
    >>> deep: list[object] = []
    >>> for _ in range(5000):
    ...     deep = [deep]
    >>> shallow_setup({"lives": deep})
    Traceback (most recent call last):
    ...
    tablegames.common.errors.SetupError: lives: nested too deeply
    """
    for what, value in (("deck", deck), *setup.items()):
        # each level keeps only the lists and mappings: a flat list of ten million numbers
        # was copied whole to look one level down (80 MB; found by helper-122)
        level, items = ([value] if _nests(value) else []), 0
        for _ in range(MAX_DEPTH):
            items += sum(map(len, level))  # counted before a level is walked: then copied
            if items > MAX_SETUP_ITEMS:
                raise SetupError(f"{what}: more than {MAX_SETUP_ITEMS} items")
            level = [x for v in level for x in (v.values() if isinstance(v, Mapping) else v)
                     if _nests(x)]
            if not level:
                break
        else:  # a value inside a list at the deepest level allowed is one level too deep
            if any(level):
                raise SetupError(f"{what}: nested too deeply")
    return {k: plain_whole(v) for k, v in setup.items() if v is not None}


def plain_whole(value: Any) -> Any:
    """``value`` with every whole number in it
    (:func:`~tablegames.common.numbers.whole_number`: a numpy integer, an ``IntEnum``)
    the plain ``int`` it holds, inside dicts, lists and tuples too (each rebuilt as the
    same kind); anything else, a ``bool`` or a float among them, is kept
    as it is, for the game's own check. A game copies its setup values into its state
    raw, so ``first=np.int64(1)`` dealt a Dallah game whose save could not be written
    (``json`` knows no numpy type) and ``dealer=np.int64(1)`` was refused by Toepen:
    now both are the game dealt from ``1``. Called on values :func:`shallow_setup`
    has bounded (depth and items), so the recursion ends."""
    kind = type(value)
    if kind is dict:
        return {k: plain_whole(v) for k, v in value.items()}
    if kind is list or kind is tuple:
        return kind(plain_whole(v) for v in value)
    if kind is int or kind is str or kind is float or kind is bool or value is None:
        return value
    number = whole_number(value)
    return value if number is None else number


def _nests(value: object) -> bool:
    """Whether :func:`shallow_setup` looks inside ``value`` (a list or mapping, not text)."""
    return isinstance(value, Sequence | Mapping) and not isinstance(value, str | bytes)


def world_setup(extra: dict[str, Any]) -> dict[str, Any]:
    """The setup values a sampled world keeps (``extra``, the world's own copy): all but
    a position's text. A game set up from a position keeps that text as its setup, and
    it names every card where it lay and the real rng, so a bot reading its world's
    ``extra`` or save saw every hidden card (found by helper-124). The world keeps only
    the mark that it started from a position (an empty text), so its save is still
    checked as a position's, not against a new game's setup."""
    return {"position": ""} if "position" in extra else extra


def check_run_seed(seed: object) -> int | str:
    """The seed of a run (``simulate``, the arena): an int of at most 256 bits, as
    ``new_game`` takes, or a string of at most 1000 characters (a run's name). Every
    game's seed is drawn from it (:func:`~tablegames.common.rng.game_seed`), so a longer
    one adds nothing.

    An empty or blank string is refused, as ``--seed ''`` is: a run's seed is typed, or
    comes from a setting, and an empty one is a setting left blank (``--seed "$SEED"``
    with ``SEED`` unset), not the name of a run. A game's own seed (``new_game``,
    :func:`check_seed`) may be any string: it is stored in saves and records, which load
    whatever seed a released version wrote. A numpy integer is the int it holds
    (:func:`~tablegames.common.numbers.whole_number`), and is returned as that int."""
    if not isinstance(seed, str):
        number = whole_number(seed)
        if number is None:
            raise SetupError(f"seed must be an int or a string, not {type(seed).__name__}")
        seed = number
    if isinstance(seed, str) and not seed.strip():
        raise SetupError(f"a run's seed is a number or a name, not {quoted(seed)}")
    if isinstance(seed, str) and len(seed) > 1000:
        raise SetupError("a seed string must be at most 1000 characters")
    if isinstance(seed, str):
        seed_to_int(seed)  # a lone surrogate (``--seed $'\xff'``): no game can be drawn from it
    if isinstance(seed, int) and not -(1 << 256) < seed < (1 << 256):
        raise SetupError(f"a seed number must fit in 256 bits, not {quoted(seed)}")
    return seed


#: The longest pause a front end takes, in seconds: the terminal game's ``pace`` and a
#: room server's ``bot_delay`` (``--pace`` and ``--bot-delay`` read this too, so the
#: Python API and the command line cannot drift apart). An hour; longer is a typo.
MAX_SECONDS = 3600.0


def check_seconds(name: str, value: object) -> float:
    """A pause of ``value`` seconds, from 0 to :data:`MAX_SECONDS`, as a float; else a
    :class:`SetupError` naming ``name``. A ``bool`` is not a number of seconds, and NaN or
    infinity is refused: NaN passed a ``< 0`` check and froze every bot room
    (``asyncio.sleep(nan)`` never returns), and ``inf`` crashed the terminal game on its
    clock.

    >>> from tablegames.common.setups import check_seconds
    >>> check_seconds("pace", 2)
    2.0
    >>> check_seconds("pace", float("nan"))
    Traceback (most recent call last):
    ...
    tablegames.common.errors.SetupError: pace is 0 to 3600 seconds, not nan
    """
    if not (type(value) is int or isinstance(value, float)) or not (
            0 <= value <= MAX_SECONDS):  # NaN fails both; bool and IntEnum are no int here
        raise SetupError(f"{name} is 0 to {MAX_SECONDS:g} seconds, not {quoted(value)}")
    return float(value)


def plain_number(value: object) -> object:
    """``value`` as the Python number it holds when it is a number of another type: any
    integer (``numpy.int64(5)``, an ``IntEnum``) is its ``int``, any other real number
    (``numpy.float32(0.5)``) its ``float``, so a check, a run's identity and its JSON are
    the same whichever number type a caller used (a sweep over ``numpy.arange``). A
    ``bool`` (and numpy's, which is no number) and anything else is returned as it is,
    for the caller's own check to refuse: a flag is no count."""
    if isinstance(value, bool):
        return value
    number = whole_number(value)
    if number is not None:
        return number
    if isinstance(value, numbers.Real):
        return float(value)
    return value


def check_count(name: str, value: object, least: int = 1) -> int:
    """A count (rooms, games) of at least ``least``, as the plain ``int`` it is: any whole
    number (:func:`~tablegames.common.numbers.whole_number`: a numpy integer too), never a
    ``bool`` (``True`` is not one room) nor a float, else a :class:`SetupError` naming ``name``."""
    count = whole_number(value)
    if count is None or count < least:
        shown = value if count is None else count
        raise SetupError(f"{name} must be an int of at least {least}, not {quoted(shown)}")
    return count
