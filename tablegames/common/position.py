"""Position text: any situation of any game written and read as lines a person can edit.

python-chess has FEN; we have positions. A position is a few ``key: value`` lines::

    tablegames position 1
    game: toepen
    player 0: Ana
    player 1: Bo
    rules: standard
    rng: 1234567890
    stage: play
    hand 0: 7h 8h Th
    ...

The core writes and reads the header (``game``, ``player N``, ``rules``, ``rng``); each game
writes the rest in :meth:`~tablegames.common.state.BaseState._position` and reads it back in
``_from_position``. Cards are written by their notation, piles top first, ``-`` for an empty
list. Blank lines and ``#`` comments are ignored. Every problem is a :class:`PositionError`
naming the line, and an impossible position (a card twice, a wrong count) is refused by the
same checks a loaded save goes through.
"""

from __future__ import annotations

import builtins
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TypeVar

from tablegames.common.errors import TablegamesError, quoted
from tablegames.common.numbers import is_number

#: The lines the core writes before a game's own (``player N`` once per seat):
#: :func:`~tablegames.common.position_text.write_position` writes them and no game's
#: line may take one of these names.
CORE_LINES = ("game", "player", "rules", "rng", "stage")

T = TypeVar("T")

HEADER = "tablegames position 1"
MAX_TEXT = 200_000
MAX_LINES = 2_000
_LINE = re.compile(r"^([a-z][a-z0-9_]*(?: [0-9]{1,3})?):(?: (.*))?$")


def read_seat(word: str, players: int) -> int:
    """A seat number as a position writes it: ASCII digits (``str.isdigit`` also takes
    other scripts' digits), short, and below ``players``; ``ValueError`` otherwise (which
    :meth:`PositionReader.parse` turns into an error naming the line)."""
    if not is_number(word, 3) or int(word) >= players:
        raise ValueError(f"{word[:40]!r} is not a seat")
    return int(word)


class PositionError(TablegamesError):
    """Position text that cannot be read, or that describes an impossible position."""

    def __init__(self, message: str, line: int | None = None) -> None:
        self.line = line
        super().__init__(f"line {line}: {message}" if line is not None else message)


class PositionWriter:
    """Collects ``key: value`` lines (in the order a person reads a table)."""

    def __init__(self) -> None:
        self.lines: list[str] = [HEADER]

    def put(self, key: str, value: object) -> None:
        """One line; ``value`` is a str, an int, a bool (``yes``/``no``) or ``None`` (``-``)."""
        if not _LINE.match(f"{key}: x"):
            raise ValueError(f"bad position key {quoted(key)}")
        if value is None:
            text = "-"
        elif isinstance(value, bool):
            text = "yes" if value else "no"
        else:
            text = str(value)
        if "\n" in text:
            raise ValueError("a position value is one line")
        self.lines.append(f"{key}: {text}" if text else f"{key}:")

    def items(self, key: str, values: Iterable[object]) -> None:
        """A space-separated list (``-`` when empty)."""
        words = [str(v) for v in values]
        self.put(key, " ".join(words) if words else "-")

    def comment(self, text: str) -> None:
        """A ``#`` line for the reader (ignored when read)."""
        self.lines.append(f"# {text}")

    def text(self) -> str:
        """The finished position."""
        return "\n".join(self.lines) + "\n"


class PositionReader:
    """Reads position lines; every value taken is checked, leftovers are refused."""

    def __init__(self, text: object) -> None:
        if not isinstance(text, str):
            raise PositionError(f"a position is text, not {type(text).__name__}")
        if len(text) > MAX_TEXT:
            raise PositionError(f"a position is at most {MAX_TEXT} characters")
        lines = text.splitlines()
        if len(lines) > MAX_LINES:
            raise PositionError(f"a position has at most {MAX_LINES} lines")
        self.values: dict[str, tuple[int, str]] = {}
        header_seen = False
        for no, raw in enumerate(lines, 1):
            line = raw.strip()
            if not line or line.startswith("#"):
                continue
            if not header_seen:
                if line != HEADER:
                    raise PositionError(f"a position starts with {HEADER!r}", no)
                header_seen = True
                continue
            m = _LINE.match(line)
            if m is None:
                raise PositionError(f"expected 'key: value', found {line[:60]!r}", no)
            key, value = m.group(1), (m.group(2) or "").strip()
            if key in self.values:
                raise PositionError(f"{quoted(key)} is given twice", no)
            self.values[key] = (no, value)
        if not header_seen:
            raise PositionError(f"a position starts with {HEADER!r}")
        self.used: set[str] = set()

    def read_renamed(self, renamed: Mapping[str, str]) -> None:
        """Read each line under an old name (a key of ``renamed``, alone or with a seat:
        ``turn: 2``, ``up 0: ...``) as the line of today's name, so a position written
        before a field was renamed still reads. A position giving a field under both
        names says it twice: refused, as a save mixing old and new names is."""
        for key in [k for k in self.values if k.partition(" ")[0] in renamed]:
            base, space, seat = key.partition(" ")
            new = renamed[base] + space + seat
            no, value = self.values.pop(key)
            if new in self.values:
                raise PositionError(f"{quoted(key)} is the old name of {quoted(new)}, which "
                                    "is given too: give the line once, under its new name", no)
            self.values[new] = (no, value)

    def line_of(self, key: str) -> int | None:
        """The line number of ``key`` (for error messages)."""
        hit = self.values.get(key)
        return None if hit is None else hit[0]

    def fail(self, key: str, message: str) -> PositionError:
        """An error about ``key``'s line (raise it)."""
        return PositionError(f"{key}: {message}", self.line_of(key))

    def has(self, key: str) -> bool:
        """Whether the position gives ``key``."""
        return key in self.values

    def str(self, key: str, default: str | None = None) -> str:
        """The raw value (required unless ``default`` is given)."""
        hit = self.values.get(key)
        if hit is None:
            if default is not None:
                return default
            raise PositionError(f"missing line {quoted(key)}")
        self.used.add(key)
        return hit[1]

    def int(self, key: builtins.str, lo: int | None = None, hi: int | None = None,
            default: int | None = None) -> int:
        """A whole number in ``lo..hi`` (ASCII digits only)."""
        if default is not None and key not in self.values:
            return default
        text = self.str(key)
        if not re.fullmatch(r"-?[0-9]{1,25}", text):
            raise self.fail(key, f"expected a whole number, found {text[:40]!r}")
        v = int(text)
        if (lo is not None and v < lo) or (hi is not None and v > hi):
            raise self.fail(key, f"{v} is outside {lo}..{hi}")
        return v

    def flag(self, key: builtins.str, default: bool | None = None) -> bool:
        """``yes`` or ``no``."""
        if default is not None and key not in self.values:
            return default
        text = self.str(key)
        if text not in ("yes", "no"):
            raise self.fail(key, f"expected yes or no, found {text[:40]!r}")
        return text == "yes"

    def opt_int(
        self, key: builtins.str, lo: builtins.int | None = None, hi: builtins.int | None = None
    ) -> builtins.int | None:
        """``-`` (nobody, nothing) or a whole number."""
        if self.values.get(key, (0, ""))[1] == "-":
            self.used.add(key)
            return None
        return self.int(key, lo, hi)

    def words(
        self, key: builtins.str, default: Sequence[builtins.str] | None = None
    ) -> list[builtins.str]:
        """A space-separated list (``-`` is empty)."""
        if default is not None and key not in self.values:
            return list(default)
        text = self.str(key)
        return [] if text == "-" else text.split()

    def parse(
        self, key: builtins.str, read: Callable[[builtins.str], T],
        default: Sequence[builtins.str] | None = None,
    ) -> list[T]:
        """A list whose words are read by ``read`` (a card parser); errors name the line."""
        out = []
        for word in self.words(key, default):
            try:
                out.append(read(word))
            except ValueError as exc:
                raise self.fail(key, str(exc)) from None
        return out

    def choice(
        self, key: builtins.str, names: Sequence[builtins.str], default: builtins.str | None = None
    ) -> builtins.int:
        """The index of the value in ``names``."""
        text = self.str(key, default)
        if text not in names:
            raise self.fail(key, f"expected one of {', '.join(names)}, found {text[:40]!r}")
        return list(names).index(text)

    def done(self) -> None:
        """Refuse any line nobody read (a typo in a key must not pass silently)."""
        left = sorted(set(self.values) - self.used, key=lambda k: self.values[k][0])
        if left:
            raise self.fail(left[0], "this line is not part of this game's positions")
