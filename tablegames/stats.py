"""Rates with honest error bars, for simulation summaries and the arena.

A balance study reports "seat 0 lost 27% of 1,000 games"; without an interval nobody can
tell whether that seat is unlucky or the game is unfair. The interval here is Wilson's
score interval: unlike the textbook "rate ± 1.96·√(p(1-p)/n)" it never leaves [0, 1] and
stays sensible at 0 or n successes and for small n, which is where a short run or a rare
outcome puts us.

>>> r = Rate(27, 100)
>>> str(r)
'27.0% (19.3–36.4%)'
>>> Rate(0, 10).high > 0  # no losses seen in 10 games does not prove a rate of 0
True
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from statistics import NormalDist
from typing import Any

import attrs

from tablegames.common.errors import TablegamesError, quoted
from tablegames.common.numbers import whole_number

#: The most a count may be: what a 64-bit counter holds, far more games than any run plays
#: and well within what a float divides (10**400 trials would overflow it).
MAX_COUNT = 2**63 - 1


def z_score(confidence: float) -> float:
    """The two-sided normal quantile: 1.96 for ``confidence=0.95``."""
    if (isinstance(confidence, bool) or not isinstance(confidence, (int, float))
            or not 0 < confidence < 1 or not 0.5 + confidence / 2 < 1):
        raise TablegamesError("confidence must be a number strictly between 0 and 1, got "
                              f"{quoted(confidence)}")
    return NormalDist().inv_cdf(0.5 + float(confidence) / 2)


def _count(name: str, value: object) -> int:
    """``value`` as a plain int count (a numpy one too), at most ``MAX_COUNT``."""
    number = whole_number(value)
    if number is None:
        raise TablegamesError(f"{name} must be an int, not {type(value).__name__}")
    value = number
    if not 0 <= value <= MAX_COUNT:
        raise TablegamesError(f"{name} must be in 0..2**63-1, got {quoted(value)}")
    return value


def wilson(successes: int, trials: int, confidence: float = 0.95) -> tuple[float, float]:
    """Wilson score interval ``(low, high)`` for ``successes`` out of ``trials``.

    ``trials == 0`` gives ``(0.0, 1.0)``: with no data every rate is possible.

    >>> low, high = wilson(50, 100)
    >>> round(low, 4), round(high, 4)
    (0.4038, 0.5962)
    """
    _count("successes", successes)
    _count("trials", trials)
    if successes > trials:
        raise TablegamesError(f"successes ({successes}) cannot exceed trials ({trials})")
    if trials == 0:
        return 0.0, 1.0
    z = z_score(confidence)
    p = successes / trials
    z2n = z * z / trials
    centre = (p + z2n / 2) / (1 + z2n)
    half = z * math.sqrt(p * (1 - p) / trials + z2n / (4 * trials)) / (1 + z2n)
    # Exact ends at 0 and n: rounding must not put the interval outside [0, 1] or beside p.
    low = 0.0 if successes == 0 else max(0.0, min(p, centre - half))
    high = 1.0 if successes == trials else min(1.0, max(p, centre + half))
    return low, high


@attrs.frozen
class Rate:
    """``count`` of ``trials``, with its Wilson interval at ``confidence``."""

    count: int = attrs.field(validator=lambda _i, _a, v: _count("count", v))
    trials: int = attrs.field(validator=lambda _i, _a, v: _count("trials", v))
    confidence: float = 0.95

    def __attrs_post_init__(self) -> None:
        if self.count > self.trials:
            raise TablegamesError(f"count ({self.count}) cannot exceed trials ({self.trials})")
        z_score(self.confidence)

    @property
    def rate(self) -> float:
        """The observed share (0.0 when there were no trials)."""
        return self.count / self.trials if self.trials else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        """``(low, high)``, as shares in [0, 1]."""
        return wilson(self.count, self.trials, self.confidence)

    @property
    def low(self) -> float:
        return self.interval[0]

    @property
    def high(self) -> float:
        return self.interval[1]

    def contains(self, share: float) -> bool:
        """Whether ``share`` lies inside the interval (a rate this data cannot rule out)."""
        low, high = self.interval
        return low <= share <= high

    def to_dict(self, digits: int = 4) -> dict[str, float | int]:
        """JSON-ready: counts and the rate and interval as shares rounded to ``digits``."""
        low, high = self.interval
        return {"count": self.count, "trials": self.trials, "rate": round(self.rate, digits),
                "low": round(low, digits), "high": round(high, digits)}

    def __str__(self) -> str:
        low, high = self.interval
        return f"{100 * self.rate:.1f}% ({100 * low:.1f}–{100 * high:.1f}%)"


class EnglishWords:
    """The words the reports of a simulation and an arena are told in
    (:meth:`tablegames.SimulationSummary.report`, :meth:`tablegames.bots.matches.ArenaResult.report`):
    here English, the sentences as written. The ``tablegames`` command's words
    (:class:`tablegames.cliwords.CliWords`) extend it with the language ``--lang``
    names; the reports ask only for what is here, so they stand below the command.

    ``w("text {name}", name=...)`` fills a sentence, ``w.n(singular, plural, n, ...)`` a
    counted one, ``w.join(items)`` writes a list, ``w.game_text(game, text)`` says a word
    of a game's own catalogue (a title).
    """

    #: Between the items of a list, and between the parts of a line.
    comma = ", "
    semicolon = "; "

    def __call__(self, message: str, /, **args: Any) -> str:
        return message.format(**args) if args else message

    def n(self, singular: str, plural: str, n: int, /, **args: Any) -> str:
        """A counted sentence, its ``{n}`` filled with ``n``."""
        return (singular if n == 1 else plural).format(n=n, **args)

    def join(self, items: Iterable[object]) -> str:
        """``items`` as a list: joined by the language's comma."""
        return self.comma.join(map(str, items))

    def game_text(self, game: str, text: str) -> str:
        """``text``, a word of ``game``'s own catalogue, in this language."""
        return text


#: The reports' words when none are given.
ENGLISH_WORDS = EnglishWords()
