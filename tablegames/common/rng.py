"""The engine's own seeded random number generator.

Why not :class:`random.Random`? Its state is 625 integers (slow to copy and to put in
JSON), and the way it maps bits to ranges is an implementation detail of CPython. Games
must give byte-identical JSON for the same seed and actions on every machine and every
Python version, and bots copy states constantly, so the engine uses SplitMix64: one 64-bit
integer of state, a fully specified output function and rejection sampling for ranges.
"""

from __future__ import annotations

import array
import hashlib
import operator
import random
import sys
from collections.abc import MutableSequence, Sequence
from typing import Any, TypeVar

from tablegames.common.errors import SetupError
from tablegames.common.numbers import whole_number

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15
#: ``below(n)``'s rejection limit (the largest multiple of ``n`` up to 2**64) for small
#: ``n``: every deal and shuffle asks for these.
_SMALL = 1_024
_LIMITS = [0] + [(1 << 64) - ((1 << 64) % n) for n in range(1, _SMALL)]
_TOP = (1 << 64) - 1
_ONE_LANE = b"\x01" + bytes(15)
_LANES: dict[int, tuple[int, int, int]] = {}
#: The size of an ``array`` "Q" item (8 on every platform CPython supports; checked).
_WORD = array.array("Q").itemsize


def seed_to_int(seed: int | str | bytes) -> int:
    """Map a seed to 64 bits, stably: an int (its low 64 bits, two's complement), or a
    string such as a room name or bytes (the first 8 bytes of their SHA-256).

    Any whole number counts as the int it holds
    (:func:`~tablegames.common.numbers.whole_number`), as research code passes numpy's:
    ``np.int64(7)`` is the seed ``7``. Nothing else is a seed: not ``bool`` (numpy's
    neither), not a float, and not a list, ``bytearray``, ``memoryview`` or array, which
    ``bytes()`` would read as bytes (and ``bytes(n)`` of anything with ``__index__``
    builds ``n`` zero bytes, a terabyte for ``10**12``). Refused with :class:`SetupError`.
    """
    number = whole_number(seed)
    if number is not None:
        return number & _MASK
    digest = hashlib.sha256()
    if isinstance(seed, str):
        # hashed a slice at a time: encoding a caller's 50 MB string at once made a second
        # copy of it (found by helper-122). UTF-8 of the slices, joined, is UTF-8 of the
        # whole (a str holds code points, so no slice splits a character).
        try:
            for at in range(0, len(seed), _SLICE):
                digest.update(str.encode(seed[at:at + _SLICE]))
        except UnicodeEncodeError:  # a lone surrogate: no text, so no seed
            raise SetupError("a seed string must be text (it holds a lone surrogate)") from None
    elif isinstance(seed, bytes):
        digest.update(seed)
    else:
        raise SetupError(f"a seed must be an int, str or bytes, not {type(seed).__name__}")
    return int.from_bytes(digest.digest()[:8], "big")


#: How many characters of a seed string :func:`seed_to_int` encodes at a time.
_SLICE = 1 << 16


def game_seed(run_seed: int | str, index: int) -> int:
    """The seed of game ``index`` (0-based) of a run with seed ``run_seed``.

    >>> game_seed(0, 0) != game_seed(0, 1) != game_seed(1, 0)
    True
    """
    s = (seed_to_int(run_seed) + (index + 1) * _GAMMA) & _MASK
    s = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    s = ((s ^ (s >> 27)) * 0x94D049BB133111EB) & _MASK
    return s ^ (s >> 31)


def _lanes(m: int) -> tuple[int, int, int]:
    """For ``m`` draws: one integer with ``1``, one with ``k + 1`` and one with a 64-bit
    mask in each 128-bit lane ``k`` (see :func:`_outputs`), remembered for small ``m``."""
    got = _LANES.get(m)
    if got is None:
        ones = int.from_bytes(_ONE_LANE * m, "little")
        steps = int.from_bytes(b"".join((k + 1).to_bytes(16, "little") for k in range(m)),
                               "little")
        got = (ones, steps, ones * _MASK)
        if m < _SMALL:
            _LANES[m] = got
    return got


def _outputs(state: int, m: int) -> list[int]:
    """The next ``m`` outputs of SplitMix64 from ``state``, all at once.

    Each output sits in its own 128-bit lane of one large integer, so one operation on
    it acts on every lane: a product of two 64-bit numbers fits its lane, and what a
    right shift brings in from the lane above lands above bit 64, which the mask
    clears before the next step (the last step's is never read). The lanes are read
    back as little-endian 64-bit words, whatever the machine's byte order.
    """
    ones, steps, mask = _lanes(m)
    z = (state * ones + _GAMMA * steps) & mask
    z = ((z ^ (z >> 30)) & mask) * 0xBF58476D1CE4E5B9 & mask
    z = ((z ^ (z >> 27)) & mask) * 0x94D049BB133111EB & mask
    z ^= z >> 31
    words = array.array("Q", z.to_bytes(16 * m, "little"))
    if sys.byteorder != "little":
        words.byteswap()
    return words[::2].tolist()


class Rng:
    """SplitMix64 with the helpers the games need (``below``, ``shuffle``, ``choice``)."""

    __slots__ = ("state",)

    def __init__(self, seed: int | str | bytes = 0) -> None:
        """Seed from what :func:`seed_to_int` takes (else :class:`SetupError`)."""
        self.state = seed_to_int(seed)

    def next64(self) -> int:
        """The next 64 random bits."""
        s = (self.state + _GAMMA) & _MASK
        self.state = s
        s = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        s = ((s ^ (s >> 27)) * 0x94D049BB133111EB) & _MASK
        return s ^ (s >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)`` (rejection sampling: no modulo bias)."""
        if n <= 0:
            raise ValueError("below(n) needs n > 0")
        limit = _LIMITS[n] if n < _SMALL else (1 << 64) - ((1 << 64) % n)
        while True:
            r = self.next64()
            if r < limit:
                return r % n

    def random(self) -> float:
        """A uniform float in [0, 1) with 53 bits of precision."""
        return (self.next64() >> 11) * (1.0 / (1 << 53))

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Shuffle in place (Fisher-Yates from the end): ``j = below(i + 1)`` for each
        ``i`` from the last place down, the same numbers in the same order as calling
        :meth:`below` each time.

        A deal draws one number per card, and in Python each SplitMix64 output costs a
        dozen operations on 64-bit integers. Its ``k``-th state is ``state + k * GAMMA``,
        known in advance, so all the draws are computed at once (:func:`_outputs`). When
        one of them could be a draw rejection sampling refuses (a chance below
        ``m**2 / 2**64``), the shuffle is made one :meth:`below` at a time instead.
        """
        m = len(items) - 1
        if m <= 0:
            return
        out = _outputs(self.state, m) if m >= 4 and _WORD == 8 else None
        if out is None or max(out) >= _TOP - m:
            # a few places, or a draw that might be refused (every limit is above
            # 2**64 - n): one ``below`` per place, which draws again where it must
            below = self.below
            for i in range(m, 0, -1):
                j = below(i + 1)
                items[i], items[j] = items[j], items[i]
            return
        for i, j in zip(range(m, 0, -1), map(operator.mod, out, range(m + 1, 1, -1)), strict=True):
            items[i], items[j] = items[j], items[i]
        self.state = (self.state + m * _GAMMA) & _MASK

    def choice(self, items: Sequence[T]) -> T:
        """One element, uniformly."""
        return items[self.below(len(items))]

    def fork(self) -> Rng:
        """An independent generator derived from this one (advances this one)."""
        child = Rng()
        child.state = self.next64()
        return child

    def copy(self) -> Rng:
        """An identical generator that then runs on independently."""
        twin = Rng()
        twin.state = self.state
        return twin

    def __repr__(self) -> str:
        return f"Rng(state={self.state:#018x})"


def as_rng(source: Any) -> Rng:
    """Accept what callers naturally have (an ``Rng``, a ``random.Random``, numpy's
    generators, a seed), as the generator a world or a search draws from.

    * an :class:`Rng` is used as it is (its draws advance it);
    * a ``random.Random``, a ``numpy.random.Generator`` (``default_rng``, the usual
      generator of RL code) or a legacy ``numpy.random.RandomState`` gives one 64-bit
      draw, the seed of a new :class:`Rng`: seeded the same, they give the same worlds on
      every machine, and each call advances them;
    * a seed is what :func:`seed_to_int` takes (an int, a numpy integer, a str or bytes);
    * ``None`` draws 64 bits from Python's global ``random`` module: fresh in every
      process (unless the program called ``random.seed``), so every call deals other
      worlds and a run does not repeat. It suits a quick look, never a reproducible
      search: pass a seeded generator or a seed there.

    Anything else (a float, ``True``, a list) is refused with :class:`SetupError`.
    """
    if isinstance(source, Rng):
        return source
    if source is None:
        return Rng(random.getrandbits(64))
    if isinstance(source, random.Random):
        return Rng(source.getrandbits(64))
    kind = type(source)
    if kind.__module__.startswith("numpy.random"):  # numpy is not imported for this
        if kind.__name__ == "Generator":
            return Rng(int(source.integers(0, 1 << 63)))
        if kind.__name__ == "RandomState":
            return Rng(int(source.randint(0, 1 << 63, dtype="int64")))
    refused = SetupError("rng must be an Rng, a random.Random, a numpy Generator or "
                         "RandomState, an int (or numpy integer), str or bytes seed, or None "
                         f"(fresh entropy), not {kind.__name__}")
    if isinstance(source, bool | float):  # ``True`` is no seed, and a float none either
        raise refused
    try:
        return Rng(source)
    except (TypeError, ValueError):
        raise refused from None
