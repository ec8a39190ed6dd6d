"""Phase 10's 108-card pack (P10-01) and the tables the engine reads instead of recomputing.

Faces are coded colour-major: ``code = colour * 12 + (number - 1)`` for the 48 number
faces (red, blue, green, yellow), then ``WILD = 48`` and ``SKIP = 49``. Two copies of every
number face, eight Wilds and four Skips make the 108 cards. Notation is colour letter then
number (``"R7"``, ``"Y12"``), ``"W"`` for a Wild and ``"S"`` for a Skip; codes name faces,
not physical cards, since two red sevens are interchangeable for every rule.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import chain

from tablegames.common.cards import Card, Pack
from tablegames.common.errors import NotationError, quoted

COLOURS = ("R", "B", "G", "Y")
COLOUR_NAMES = ("red", "blue", "green", "yellow")
NUMBERS = range(1, 13)
WILD = 48
SKIP = 49
N_FACES = 50

#: The codes of a seat's ``hand_log`` (see ``State.hand_log``): a card code ``c``
#: (``0..N_FACES - 1``) is a card it drew from the draw pile; ``PLAYED + c`` a card it
#: laid, hit or discarded from the cards the table did not know it held (not one it
#: took, see ``known_cards``); ``REBUILT``: the draw pile was rebuilt here (P10-59).
PLAYED = N_FACES
REBUILT = 2 * N_FACES
#: A hand log is kept in chunks of this many codes (all full but the last), so adding a
#: code copies one short chunk and the row of chunks, never the whole log: a long hand's
#: log runs to thousands of codes, and ``apply`` adds to it at every draw.
LOG_CHUNK = 64


def log_add(chunks: tuple[tuple[int, ...], ...], code: int) -> tuple[tuple[int, ...], ...]:
    """A chunked hand log with ``code`` added at its end."""
    if chunks and len(chunks[-1]) < LOG_CHUNK:
        return (*chunks[:-1], (*chunks[-1], code))
    return (*chunks, (code,))


def log_codes(chunks: Iterable[tuple[int, ...]]) -> tuple[int, ...]:
    """A chunked hand log's codes, in order."""
    return tuple(chain.from_iterable(chunks))


def log_chunks(codes: Sequence[int]) -> tuple[tuple[int, ...], ...]:
    """Codes as a chunked hand log."""
    return tuple(tuple(codes[i:i + LOG_CHUNK]) for i in range(0, len(codes), LOG_CHUNK))


def _make_pack() -> Pack:
    # Card's rank holds the whole face name: Phase 10 writes the colour first ("R7").
    faces = (*(Card(f"{c}{n}") for c in COLOURS for n in NUMBERS), Card("W"), Card("S"))
    counts = (2,) * 48 + (8, 4)
    strength = (*(n for _ in COLOURS for n in NUMBERS), 13, 0)
    aliases = {f"{c}{n:02d}": i * 12 + n - 1 for i, c in enumerate(COLOURS) for n in range(1, 10)}
    aliases.update({"WILD": WILD, "SKIP": SKIP})
    return Pack(name="phase10", faces=faces, counts=counts, strength=strength, aliases=aliases)


#: The Phase 10 pack, every card and how many of it a deck holds.
PACK = _make_pack()
NAMES: tuple[str, ...] = PACK.names()
#: The number of a number face (1..12); 0 for Wild and Skip.
NUMBER: tuple[int, ...] = (*(c % 12 + 1 for c in range(48)), 0, 0)
#: The colour index of a number face (0..3); -1 for Wild and Skip.
COLOUR: tuple[int, ...] = (*(c // 12 for c in range(48)), -1, -1)
#: Penalty points of a card left in hand (P10-52).
POINTS: tuple[int, ...] = (*(5 if c % 12 < 9 else 10 for c in range(48)), 25, 15)
#: The number faces of each number, one per colour: ``FACES_OF_NUMBER[7]``.
FACES_OF_NUMBER: tuple[tuple[int, ...], ...] = (
    (), *(tuple(k * 12 + n - 1 for k in range(4)) for n in NUMBERS)
)
#: The number faces of each colour, low to high: ``FACES_OF_COLOUR[0]`` is R1..R12.
FACES_OF_COLOUR: tuple[tuple[int, ...], ...] = tuple(
    tuple(k * 12 + n - 1 for n in NUMBERS) for k in range(4)
)


def face(number: int, colour: int) -> int:
    """The code of the number card ``number`` (1..12) of colour index ``colour``."""
    return colour * 12 + number - 1


def card_of(text: str) -> int:
    """The code of a card written in notation (``NotationError`` quoting at most a short
    prefix of ``text``: a 5,000-digit "card" gives a one-line message)."""
    try:
        return PACK.code(text)
    except NotationError:
        raise NotationError(f"{quoted(text)} is not a card of the phase10 pack") from None


def spoken(code: int) -> str:
    """A card in words, as the engine's prompts name it: ``"blue 8"``, ``"Wild"``,
    ``"Skip"`` (its notation, ``B8``, is for typing; a prompt is read by players)."""
    if code == WILD:
        return "Wild"
    if code == SKIP:
        return "Skip"
    return f"{COLOUR_NAMES[code // 12]} {code % 12 + 1}"


def card_names(codes: Iterable[int]) -> list[str]:
    """Notation of several codes."""
    return [NAMES[c] for c in codes]


def display_order(codes: Iterable[int]) -> list[int]:
    """Codes sorted the way a player fans a hand: by number, then colour; Wilds, Skips last."""
    return sorted(codes, key=lambda c: (c >= 48, NUMBER[c], c))


def off_table(laid: Iterable[Iterable[tuple[int, int, tuple[int, ...]]]]) -> list[int]:
    """The count per face of the cards off the table: the pack less every group in
    ``laid`` (rows of ``(kind, key, cards)``, the state's ``laid``). What any hand, the
    stock and the discard pile can still hold this hand, seen by the whole table."""
    out = list(PACK.counts)
    for row in laid:
        for g in row:
            for c in g[2]:
                out[c] -= 1
    return out


def counts_of(codes: Iterable[int]) -> list[int]:
    """The hand as a count per face (the form the lay-down enumerator works on)."""
    out = [0] * N_FACES
    for c in codes:
        out[c] += 1
    return out
