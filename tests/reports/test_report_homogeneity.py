"""Known answers for the cluster-robust homogeneity test, and its behaviour under clustering."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from scipy.stats import f as f_distribution

from reports.clustering import score_wald_test
from reports.homogeneity import homogeneity_table, homogeneity_test


def _rows() -> pd.DataFrame:
    return pd.DataFrame({
        "game": np.repeat([0, 1, 2, 3], 2),
        "replicate": np.repeat([0, 1, 2, 3], 2),
        "players": 2,
        "company": ["USA", "Italy"] * 4,
        "officer": ["X"] * 8,
        "win": [1.0, 0.0, 1.0, 0.0, 0.5, 0.5, 1.0, 0.0],
    })


def test_two_levels_by_hand() -> None:
    # Excess (win - 1/2) per cluster: USA +.5, +.5, 0, +.5; Italy the negatives. Total (1.5, -1.5).
    # Covariance 4/3 * sum u u' = [[1, -1], [-1, 1]]: rank 1, eigenvalue 2 along (1, -1)/sqrt 2.
    # Projected total 3 / sqrt 2 -> statistic (9 / 2) / 2 = 2.25 on 1 df; 4 clusters: Hotelling reference
    # 2.25 * (4 - 1) / (1 * (4 - 1)) = 2.25 on F(1, 3).
    result = homogeneity_test(_rows(), "company")
    assert (result["statistic"], result["df"], result["clusters"]) == (pytest.approx(2.25), 1, 4)
    assert result["p_value"] == pytest.approx(f_distribution.sf(2.25, 1, 3))


def test_table_skips_constant_factors() -> None:
    table = homogeneity_table(_rows(), ["company", "officer"])
    assert table["factor"].tolist() == ["company"]


def test_clusters_merge_correlated_games() -> None:
    """Two identical copies of each game in one replicate carry no more evidence than one copy."""
    rows = _rows()
    doubled = pd.concat([rows, rows.assign(game=rows["game"] + 10)], ignore_index=True)
    single = homogeneity_test(rows, "company")["statistic"]
    assert homogeneity_test(doubled, "company")["statistic"] == pytest.approx(single)
    as_games = doubled.assign(replicate=doubled["game"])          # the naive reading: every game independent
    assert homogeneity_test(as_games, "company")["statistic"] > 1.9 * single


def test_uncentred_covariance_matches_the_outer_product_sum() -> None:
    rng = np.random.default_rng(3)
    clusters = np.repeat(np.arange(50), 6)
    levels = rng.integers(0, 3, clusters.size)
    values = rng.normal(size=clusters.size)
    per = np.zeros((50, 3))
    np.add.at(per, (clusters, levels), values)
    total = per.sum(axis=0)
    cov = 50 / 49 * per.T @ per
    statistic, df = score_wald_test(values, levels, clusters, 3)
    assert df == 3 and statistic == pytest.approx(total @ np.linalg.solve(cov, total))
