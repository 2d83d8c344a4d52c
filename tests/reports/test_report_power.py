"""Known answers for the sample-size advisor."""

from __future__ import annotations

import math

import pytest
from scipy.stats import norm

from reports.power import (
    detectable_difference,
    games_needed,
    required_games,
    sample_size_table,
)


def _power(parity: float, difference: float, games: int, alpha: float = 0.05) -> float:
    """Normal-approximation power of the two-sided one-sample proportion test (far tail ignored)."""
    alternative = parity + difference
    shortfall = difference * math.sqrt(games) - norm.ppf(1 - alpha / 2) * math.sqrt(parity * (1 - parity))
    return norm.cdf(shortfall / math.sqrt(alternative * (1 - alternative)))


def test_five_points_over_a_quarter_by_hand() -> None:
    # ((1.959964 * sqrt(0.25 * 0.75) + 0.841621 * sqrt(0.3 * 0.7)) / 0.05)^2 = 609.47 -> 610 games per cell.
    assert required_games(0.25, 0.05) == pytest.approx(609.47, abs=0.01)
    assert games_needed(0.25, 0.05) == 610


@pytest.mark.parametrize(("parity", "difference"), [(0.25, 0.03), (1 / 3, 0.02), (0.5, 0.1), (0.2, 0.01)])
def test_advised_games_are_the_fewest_reaching_eighty_percent_power(parity: float, difference: float) -> None:
    games = games_needed(parity, difference)
    assert _power(parity, difference, games) >= 0.8
    assert _power(parity, difference, games - 1) < 0.8


def test_detectable_difference_inverts_the_advice() -> None:
    assert detectable_difference(0.25, 610) == pytest.approx(0.05, abs=1e-4)
    assert math.isnan(detectable_difference(0.25, 1))  # even a 75-point advantage needs more than one game


def test_table_has_a_holm_column_using_alpha_over_cells() -> None:
    table = sample_size_table([4], cells=16)
    row = table[table["difference"] == 0.05].iloc[0]
    assert row["games_per_cell"] == 610
    assert row["games_per_cell_holm"] == games_needed(0.25, 0.05, alpha=0.05 / 16)


def test_table_scales_by_the_measured_design_effect_never_below_one() -> None:
    inflated = sample_size_table([4], cells=16, design_effect=2.5)
    row = inflated[inflated["difference"] == 0.05].iloc[0]
    assert row["games_per_cell"] == math.ceil(2.5 * required_games(0.25, 0.05))
    assert row["design_effect"] == 2.5
    floored = sample_size_table([4], cells=16, design_effect=0.7)
    assert floored[floored["difference"] == 0.05].iloc[0]["games_per_cell"] == 610
