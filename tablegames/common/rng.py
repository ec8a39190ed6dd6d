"""The engine's own seeded random number generator.

Why not :class:`random.Random`? Its state is 625 integers (slow to copy and to put in
JSON), and the way it maps bits to ranges is an implementation detail of CPython. Games
must give byte-identical JSON for the same seed and actions on every machine and every
Python version, and bots copy states constantly, so the engine uses SplitMix64: one 64-bit
integer of state, a fully specified output function and rejection sampling for ranges.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15
#: ``below(n)``'s rejection limit (the largest multiple of ``n`` up to 2**64) for small
#: ``n``: every deal and shuffle asks for these.
_SMALL = 1_024
_LIMITS = [0] + [(1 << 64) - ((1 << 64) % n) for n in range(1, _SMALL)]


def seed_to_int(seed: int | str | bytes) -> int:
    """Map any seed (an int, or a string such as a room name) to 64 bits, stably."""
    if isinstance(seed, bool):
        raise TypeError("a seed must be an int, str or bytes, not bool")
    if isinstance(seed, int):
        return seed & _MASK
    data = seed.encode() if isinstance(seed, str) else bytes(seed)
    return int.from_bytes(hashlib.sha256(data).digest()[:8], "big")


class Rng:
    """SplitMix64 with the helpers the games need (``below``, ``shuffle``, ``choice``)."""

    __slots__ = ("state",)

    def __init__(self, seed: int | str | bytes = 0) -> None:
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
        ``i``, with :meth:`next64` and :meth:`below` written out in the loop, so a deal
        costs no method call per card (the same numbers, in the same order)."""
        s = self.state
        limits = _LIMITS
        for i in range(len(items) - 1, 0, -1):
            n = i + 1
            limit = limits[n] if n < _SMALL else (1 << 64) - ((1 << 64) % n)
            while True:
                s = (s + _GAMMA) & _MASK
                r = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
                r = ((r ^ (r >> 27)) * 0x94D049BB133111EB) & _MASK
                r ^= r >> 31
                if r < limit:
                    break
            j = r % n
            items[i], items[j] = items[j], items[i]
        self.state = s

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


def as_rng(source: Rng | random.Random | int | str | None) -> Rng:
    """Accept what callers naturally have (an ``Rng``, a ``random.Random``, a seed)."""
    if isinstance(source, Rng):
        return source
    if source is None:
        return Rng(random.getrandbits(64))
    if isinstance(source, random.Random):
        return Rng(source.getrandbits(64))
    return Rng(source)
