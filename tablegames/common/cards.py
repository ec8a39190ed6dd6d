"""Cards and card sets (packs).

Inside a game state a card is a small integer *code* (an index into its pack's faces),
which keeps hands cheap to copy and compare. Outside — in views, notation, JSON, errors —
a card is its notation string (``"Th"``, ``"7s"``, ``"R12"``). :class:`Pack` converts
between the two and holds the per-face tables (rank, suit, strength) that games read
instead of recomputing.

A pack may hold several copies of a face (Phase 10 has two of every number card); codes
name faces, not physical cards, because identical faces are interchangeable for every
rule and for hidden-information sampling.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence

import attrs

from tablegames.common.errors import NotationError, SetupError, quoted
from tablegames.common.rng import Rng


@attrs.frozen(order=True)
class Card:
    """A card face: a rank and a suit (or colour); ``suit`` is ``""`` for suitless cards."""

    rank: str
    suit: str = ""

    def __str__(self) -> str:
        return f"{self.rank}{self.suit}"


@attrs.frozen
class Pack:
    """A card set: its distinct faces, how many of each, and how to read their names.

    ``strength`` orders faces within a game (higher wins); ``aliases`` lets the parser
    accept other spellings (``"10h"`` for ``"Th"``) while ``str`` stays canonical.
    """

    name: str
    faces: tuple[Card, ...]
    counts: tuple[int, ...]
    strength: tuple[int, ...]
    aliases: Mapping[str, int] = attrs.field(factory=dict)
    _lookup: dict[str, int] = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        if not (len(self.faces) == len(self.counts) == len(self.strength)):
            raise SetupError("a pack needs one count and one strength per face")
        names = [str(f) for f in self.faces]
        if len(set(names)) != len(names):
            raise SetupError(f"pack {self.name!r} has two faces with the same name")
        table = {name: i for i, name in enumerate(names)}
        table.update({name.upper(): i for i, name in enumerate(names)})
        for alias, code in self.aliases.items():
            table[alias] = code
            table[alias.upper()] = code
        object.__setattr__(self, "_lookup", table)

    @property
    def size(self) -> int:
        """The number of physical cards."""
        return sum(self.counts)

    def names(self) -> tuple[str, ...]:
        """Canonical notation of every face, indexed by code."""
        return tuple(str(f) for f in self.faces)

    def code(self, text: str) -> int:
        """The code of a card written in notation; raises :class:`NotationError` (for text
        that names no card, and for a value that is no text: a list is unhashable, a
        number has no ``strip``)."""
        if type(text) is not str:
            raise NotationError(f"a card is written as text, not {type(text).__name__}")
        table = self._lookup
        try:
            return table[text]
        except KeyError:
            pass
        try:
            # ``bytes.upper`` changes ASCII letters only: ``"ſ".upper()`` is ``"S"`` and
            # ``"ﬆ".upper()`` is ``"ST"``, so a look-alike read as a card (helper-148)
            return table[text.strip().encode("utf-8", "surrogatepass").upper().decode(
                "utf-8", "surrogatepass")]
        except KeyError:
            raise NotationError(f"{text!r} is not a card of the {self.name} pack") from None

    def codes(self, texts: Iterable[str | int]) -> list[int]:
        """Codes of several cards; ints are taken as codes and range-checked."""
        out = []
        for t in texts:
            if isinstance(t, int) and not isinstance(t, bool):
                if not 0 <= t < len(self.faces):
                    raise NotationError(f"card code {t} is outside the {self.name} pack")
                out.append(t)
            elif isinstance(t, str):
                out.append(self.code(t))
            else:
                raise NotationError(f"{t!r} is not a card")
        return out

    def full_deck(self) -> list[int]:
        """Every physical card as a code, in canonical (unshuffled) order."""
        deck: list[int] = []
        for code, n in enumerate(self.counts):
            deck.extend([code] * n)
        return deck

    def stacked_deck(self, top: Sequence[str | int] | None, rng: Rng) -> list[int]:
        """A shuffled deck whose first cards are ``top`` (for scenarios and docs).

        The cards of ``top`` come first in the given order; the rest of the pack follows,
        shuffled by ``rng``. Asking for more copies of a face than the pack has is a
        :class:`SetupError`, so a scenario can never conjure a card.
        """
        deck = self.full_deck()
        if not top:
            rng.shuffle(deck)
            return deck
        try:
            wanted = self.codes(top)
        except NotationError as exc:
            raise SetupError(f"stacked deck: {exc}") from None
        have = Counter(deck)
        need = Counter(wanted)
        for code, n in need.items():
            if n > have[code]:
                raise SetupError(
                    f"stacked deck asks for {n} × {self.faces[code]} but the pack has "
                    f"{have[code]}"
                )
        rest = list((have - need).elements())
        rng.shuffle(rest)
        return wanted + rest


def check_codes(codes: object, size: int) -> list[int]:
    """``codes`` as a list, when it is an iterable (not text) of exact ``int`` card codes
    in ``0..size-1``; else a :class:`NotationError`. For the helpers a game exports that
    take codes (``toepen.announcements``, ``shithead.card_names``): a caller's negative
    code indexed a table from its end, and ``True`` read as 1, giving a wrong answer
    instead of an error."""
    if isinstance(codes, str | bytes) or not isinstance(codes, Iterable):
        raise NotationError(f"expected a list of card codes, not {type(codes).__name__}")
    out = list(codes)
    for c in out:
        if type(c) is not int or not 0 <= c < size:
            raise NotationError(f"{quoted(c)} is not a card code (0 to {size - 1})")
    return out


#: French suits in the order used for codes: clubs, diamonds, hearts, spades.
SUITS = ("c", "d", "h", "s")


def suited_pack(
    name: str, ranks_low_to_high: Sequence[str], *, suits: Sequence[str] = SUITS,
    copies: int = 1, aliases: Mapping[str, str] | None = None,
) -> Pack:
    """A pack of every rank in every suit; strength is the rank's place in the order.

    Codes run suit-major: ``code = suit_index * len(ranks) + rank_index``, so
    ``code % len(ranks)`` is the rank's strength and ``code // len(ranks)`` its suit.
    ``aliases`` maps extra rank spellings to canonical ranks (``{"10": "T"}``).
    """
    faces = tuple(Card(r, s) for s in suits for r in ranks_low_to_high)
    n = len(ranks_low_to_high)
    extra: dict[str, int] = {}
    for alias, rank in (aliases or {}).items():
        ri = list(ranks_low_to_high).index(rank)
        for si, s in enumerate(suits):
            extra[f"{alias}{s}"] = si * n + ri
    return Pack(
        name=name,
        faces=faces,
        counts=(copies,) * len(faces),
        strength=tuple(i % n for i in range(len(faces))),
        aliases=extra,
    )
