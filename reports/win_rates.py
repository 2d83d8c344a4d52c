"""Win rate per group against parity (1 / players): clustered intervals, score tests, corrections across groups,
and the games a group needs to be shown balanced."""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
import pandas as pd

from reports.clustering import critical_value, parity_z_test, wilson, win_rate_summary
from reports.multiple_testing import ALPHA, benjamini_hochberg, holm
from reports.power import POWER, required_games


def win_rate_table(rows: pd.DataFrame, keys: Sequence[str], alpha: float = ALPHA) -> pd.DataFrame:
    """One line per group of `keys` (and player count, which sets parity); the groups form one family for Holm/BH.

    Intervals and tests are clustered by replicate (reports.clustering), so rows of one game or one replicate count
    once as the evidence they are."""
    table = win_rate_summary(rows, keys)
    p_values = parity_z_test(table)
    table = table.assign(p_value=p_values, p_holm=holm(p_values), p_bh=benjamini_hochberg(p_values))
    table["holm_significant"] = table["p_holm"] <= alpha
    table["bh_significant"] = table["p_bh"] <= alpha
    return table


def simultaneous_intervals(table: pd.DataFrame, alpha: float = ALPHA) -> tuple[np.ndarray, np.ndarray]:
    """Clustered Wilson intervals that hold for all rows of the table at once (Bonferroni: each at 1 - alpha / m).

    Each inverts the clustered score test against parity at alpha / m, so an interval that excludes parity is a
    Holm rejection (Holm never rejects less than Bonferroni); Holm may also reject a row whose interval touches
    parity."""
    z = critical_value(alpha / (2 * max(len(table), 1)), table["clusters"].to_numpy())    # t, as the test
    n_effective = table["n"].to_numpy(float) / np.maximum(table["design_effect"].to_numpy(float), 1.0)
    return wilson(table["win_rate"].to_numpy(float), n_effective, z=z)


def games_to_show_balanced(rate: float, parity: float, margin: float, cells: int, design_effect: float,
                           alpha: float = ALPHA, power: float = POWER) -> float:
    """Focal games after which the equivalence test would call a cell balanced within parity +- margin with
    `power` (80%) if its true rate were `rate` (the equivalence plan of reports.cells.more_games_needed): the
    one-sided test at the nearer bound, null variance, Bonferroni alpha / cells, times the design effect, written
    as power.required_games' two-sided test at 2 alpha / cells. Infinite when `rate` is not inside the margin."""
    if abs(rate - parity) >= margin:
        return math.inf
    bound = parity + margin if rate >= parity else parity - margin
    return max(design_effect, 1.0) * required_games(bound, rate - bound, alpha=2 * alpha / max(cells, 1),
                                                    power=power)
