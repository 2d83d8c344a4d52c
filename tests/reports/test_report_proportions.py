"""Known answers for the Wilson interval, plain and on an effective sample size."""

from __future__ import annotations

import math

import numpy as np
import pytest

from reports.clustering import wilson
from reports.proportions import wilson_interval


def test_wilson_matches_the_textbook_example() -> None:
    # 8 successes in 20 trials: the standard worked example, 95% Wilson interval (0.2188, 0.6134).
    low, high = wilson_interval(np.array([8.0]), np.array([20.0]))
    assert low[0] == pytest.approx(0.2188, abs=5e-5)
    assert high[0] == pytest.approx(0.6134, abs=5e-5)


@pytest.mark.parametrize(("wins", "n"), [(112.5, 500), (3.25, 7), (1.0, 3)])
def test_wilson_matches_the_hand_formula_for_fractional_wins(wins: float, n: int) -> None:
    z = 1.959963984540054
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z / (1 + z * z / n) * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    low, high = wilson_interval(np.array([wins]), np.array([n]))
    assert low[0] == pytest.approx(centre - half, abs=1e-12)
    assert high[0] == pytest.approx(centre + half, abs=1e-12)


@pytest.mark.parametrize("n", [1, 7, 24, 40, 999, 1000, 123457])
def test_wilson_is_exactly_zero_and_one_at_the_extremes(n: int) -> None:
    """0 of n and n of n: the bounds are exactly 0 and 1, never 1e-20 or 0.99999 (error bars stay non-negative)."""
    low, high = wilson_interval(np.array([0.0, n]), np.array([n, n]))
    assert low[0] == 0.0 and high[1] == 1.0
    assert 0 < high[0] < 1 and 0 < low[1] < 1


def test_effective_sample_size_widens_the_interval_and_stays_in_the_unit_interval() -> None:
    narrow = wilson(np.array([0.3]), np.array([1000.0]))
    wide = wilson(np.array([0.3]), np.array([1000.0 / 3]))   # design effect 3
    assert wide[0][0] < narrow[0][0] and wide[1][0] > narrow[1][0]
    low, high = wilson(np.array([0.0, 1.0, 0.5]), np.array([0.5, 0.5, 0.5]))
    assert (low >= 0).all() and (high <= 1).all()
