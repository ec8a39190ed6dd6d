"""tablegames.stats: the Wilson interval against known values and its edge cases."""

from __future__ import annotations

import pytest

from tablegames import TablegamesError
from tablegames.stats import Rate, wilson, z_score


@pytest.mark.parametrize(
    ("k", "n", "low", "high"),
    [
        (50, 100, 0.4038, 0.5962),   # symmetric at one half
        (0, 10, 0.0, 0.2775),        # no successes: still an upper bound above 0
        (10, 10, 0.7225, 1.0),
        (1, 20, 0.0089, 0.2361),
        (81, 263, 0.2553, 0.3662),   # Newcombe (1998), example of 81/263
    ],
)
def test_wilson_matches_known_values(k: int, n: int, low: float, high: float) -> None:
    lo, hi = wilson(k, n)
    assert (round(lo, 4), round(hi, 4)) == (low, high)


def test_wilson_narrows_with_more_data_and_stays_in_bounds() -> None:
    widths = [wilson(n // 4, n)[1] - wilson(n // 4, n)[0] for n in (40, 400, 4000)]
    assert widths[0] > widths[1] > widths[2]
    for k in range(0, 31):
        lo, hi = wilson(k, 30)
        assert 0.0 <= lo <= k / 30 <= hi <= 1.0
    assert wilson(0, 0) == (0.0, 1.0)
    assert wilson(3, 10, confidence=0.99)[1] > wilson(3, 10)[1]
    assert round(z_score(0.95), 4) == 1.96


@pytest.mark.parametrize(
    ("args", "message"),
    [((5, 3), "cannot exceed"), ((-1, 3), r"in 0\.\.2\*\*63-1, got -1"),
     ((2**63, 2**64), r"in 0\.\.2\*\*63-1"), ((True, 3), "not bool"), ((1.0, 3), "not float")],
)
def test_bad_counts_are_refused(args: tuple[object, object], message: str) -> None:
    with pytest.raises(TablegamesError, match=message):
        wilson(*args)  # type: ignore[arg-type]
    with pytest.raises(TablegamesError, match=message):
        Rate(*args)  # type: ignore[arg-type]


def test_rate_formats_and_contains() -> None:
    r = Rate(27, 100)
    assert str(r) == "27.0% (19.3–36.4%)"
    assert r.contains(0.25) and not r.contains(0.5)
    assert r.to_dict() == {"count": 27, "trials": 100, "rate": 0.27, "low": 0.1927, "high": 0.3643}
    with pytest.raises(TablegamesError, match="confidence"):
        Rate(1, 2, confidence=1.5)


def test_asking_for_many_confidences_keeps_nothing() -> None:
    """Each confidence a caller names is computed afresh (no memo to grow), the same
    each time."""
    for i in range(1, 500):
        assert z_score(i / 1000) == z_score(i / 1000) < z_score((i + 1) / 1000)
    assert z_score(0.95) == pytest.approx(1.959964, abs=1e-6)
