"""Setup effects: does a company (or officer) win at a different rate in another setup (an expansion, the
introductory game, a fixed tile, a what-if override) than in the reference setup?

Each level of the factor is compared with itself across setups: difference of two win proportions with Newcombe's
hybrid score interval (method 10 of Newcombe 1998, built from the two Wilson intervals) and a pooled two-proportion
z test, Holm and Benjamini-Hochberg across all comparisons. Experiments use common random numbers across setups,
which correlates the two samples positively; treating them as independent overstates the variance of the
difference, so these intervals and tests are conservative.
"""
from __future__ import annotations

import numpy as np
import pandas as pd
from scipy.stats import norm

from reports.multiple_testing import ALPHA, benjamini_hochberg, holm
from reports.proportions import wilson_interval


def newcombe_interval(wins1: np.ndarray, n1: np.ndarray, wins2: np.ndarray,
                      n2: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """95% interval of p1 - p2 by Newcombe's hybrid score method (fractional wins allowed)."""
    p1, p2 = np.asarray(wins1, float) / n1, np.asarray(wins2, float) / n2
    l1, u1 = wilson_interval(wins1, n1)
    l2, u2 = wilson_interval(wins2, n2)
    d = p1 - p2
    return d - np.sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2), d + np.sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2)


def two_proportion_p_values(wins1: np.ndarray, n1: np.ndarray, wins2: np.ndarray, n2: np.ndarray) -> np.ndarray:
    """Two-sided p-values of the pooled two-proportion z test of p1 = p2."""
    wins1, wins2 = np.asarray(wins1, float), np.asarray(wins2, float)
    n1, n2 = np.asarray(n1, float), np.asarray(n2, float)
    pooled = (wins1 + wins2) / (n1 + n2)
    se = np.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2))
    with np.errstate(divide="ignore", invalid="ignore"):
        z = np.where(se > 0, (wins1 / n1 - wins2 / n2) / se, 0.0)
    return 2 * norm.sf(np.abs(z))


def setup_effect_table(rows: pd.DataFrame, factor: str, alpha: float = ALPHA) -> pd.DataFrame:
    """One line per (player count, level of `factor`, non-reference setup): its win rate there against the same
    level in the reference setup (the first setup in the results' order)."""
    counts = rows.groupby(["players", factor, "setup"], observed=True, sort=False)["win"].agg(
        n="size", wins="sum").reset_index()
    setups = list(dict.fromkeys(rows["setup"].astype(str)))
    reference = setups[0]
    counts["setup"] = counts["setup"].astype(str)
    ref = counts[counts["setup"] == reference].drop(columns="setup").rename(
        columns={"n": "reference_n", "wins": "reference_wins"})
    table = counts[counts["setup"] != reference].merge(ref, on=["players", factor])
    table[factor] = table[factor].astype(str)
    table = table.sort_values(["players", factor, "setup"]).reset_index(drop=True)
    low, high = newcombe_interval(table["wins"], table["n"], table["reference_wins"], table["reference_n"])
    p_values = two_proportion_p_values(table["wins"], table["n"], table["reference_wins"], table["reference_n"])
    table = table.assign(reference=reference, win_rate=table["wins"] / table["n"],
                         reference_rate=table["reference_wins"] / table["reference_n"])
    table = table.assign(difference=table["win_rate"] - table["reference_rate"], ci_low=low, ci_high=high,
                         p_value=p_values, p_holm=holm(p_values), p_bh=benjamini_hochberg(p_values))
    table["holm_significant"] = table["p_holm"] <= alpha
    table["bh_significant"] = table["p_bh"] <= alpha
    return table
