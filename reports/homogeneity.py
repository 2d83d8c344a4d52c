"""Homogeneity tests: does any level of a factor (company, officer, bot, seat, ...) win at a rate other than parity?

One cluster-robust Wald test per factor (reports.clustering.score_wald_test): each replicate contributes its
per-level totals of win minus parity, and their empirical covariance across replicates is the variance. It needs
no model of how the seats of a game or the games of a replicate depend on each other: the one-winner-per-game
constraint and the common random numbers are both inside a cluster. The p-value uses the Hotelling small-sample
reference (reports.clustering.clustered_wald_p_value), so the test holds its level with a hundred replicates, not
only with thousands. Factors with a single level (df 0) are not tested.
"""
from __future__ import annotations

from collections.abc import Sequence

import pandas as pd
from reports.clustering import cluster_codes, clustered_wald_p_value, score_wald_test


def homogeneity_test(rows: pd.DataFrame, factor: str) -> dict:
    """Wald test that every level of `factor` wins at parity (1 / players), clustered by replicate."""
    levels, names = pd.factorize(rows[factor])
    excess = rows["win"].to_numpy(float) - 1.0 / rows["players"].to_numpy(float)
    clusters = cluster_codes(rows)
    statistic, df = score_wald_test(excess, levels, clusters, len(names))
    groups = int(clusters.max()) + 1
    return {"factor": factor, "levels": len(names), "statistic": statistic, "df": df, "clusters": groups,
            "p_value": clustered_wald_p_value(statistic, df, groups)}


def homogeneity_table(rows: pd.DataFrame, factors: Sequence[str]) -> pd.DataFrame:
    """One test per factor with at least two levels (and a covariance of rank >= 1)."""
    results = [homogeneity_test(rows, f) for f in factors if rows[f].nunique() > 1]
    table = pd.DataFrame(results, columns=["factor", "levels", "statistic", "df", "clusters", "p_value"])
    return table[table["df"] > 0].reset_index(drop=True)

