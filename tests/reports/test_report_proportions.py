"""Known answers for the Wilson interval and the exact binomial test with fractional wins."""

from __future__ import annotations

import math

import numpy as np
import pytest
from scipy.stats import binomtest

from reports.proportions import binomial_p_values, rounded_successes, wilson_interval


def test_wilson_matches_the_textbook_example() -> None:
    # 8 successes in 20 trials: the standard worked example, 95% Wilson interval (0.2188, 0.6134).
    low, high = wilson_interval(np.array([8.0]), np.array([20.0]))
    assert low[0] == pytest.approx(0.2188, abs=5e-5)
    assert high[0] == pytest.approx(0.6134, abs=5e-5)


@pytest.mark.parametrize(("wins", "n"), [(112.5, 500), (0.0, 40), (40.0, 40), (3.25, 7)])
def test_wilson_matches_the_hand_formula_for_fractional_and_extreme_wins(wins: float, n: int) -> None:
    z = 1.959963984540054
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z / (1 + z * z / n) * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    low, high = wilson_interval(np.array([wins]), np.array([n]))
    assert low[0] == pytest.approx(centre - half, abs=1e-12)
    assert high[0] == pytest.approx(centre + half, abs=1e-12)
    assert 0 <= low[0] <= p <= high[0] <= 1


def test_fractional_wins_round_to_nearest_with_halves_up() -> None:
    assert rounded_successes(np.array([12.49, 12.5, 12.51, 0.5, 3.0])).tolist() == [12, 13, 13, 1, 3]


def test_binomial_p_values_match_scipy_on_rounded_wins() -> None:
    wins = np.array([112.5, 130.0, 131.0, 130.0, 20.3])
    n = np.array([500, 500, 500, 500, 60])
    parity = np.array([0.25, 0.25, 0.25, 1 / 3, 1 / 3])
    expected = [binomtest(k, int(trials), p).pvalue for k, trials, p in zip([113, 130, 131, 130, 20], n, parity)]
    assert binomial_p_values(wins, n, parity) == pytest.approx(expected, rel=1e-12)
