"""Cluster-robust inference for group means (win rates, VP) when games share common random numbers.

Under common random numbers, replicate i of every cell shares the game seed, the seat and bot rotation and mostly
the opponents, so the rows of one replicate are correlated. Every estimate here treats a replicate (the results'
`replicate` column) as one cluster: the variance of a group mean is the sandwich (Liang-Zeger) estimator of an
intercept-only model, sum over clusters of the squared within-cluster residual totals, with the small-sample
factor G / (G - 1). For a win rate this variance divided by the binomial one is the *design effect*; intervals
are Wilson score intervals on the effective sample size n / design effect, so they stay inside [0, 1] and at 0% or
100% behave like the ordinary Wilson interval. Intervals and tests take their critical values from Student's t with
G - 1 degrees of freedom, the variance's own (Cameron and Miller 2015): with 120 replicates the normal's made the
officers-vs-parity family reject 6.4% of true nulls at alpha 5% (issue #34). A design effect below 1 (seats of
one game cannot all win) is floored at 1: we never claim more precision than independent games would give.
"""
from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pandas as pd
from scipy.stats import f as f_distribution
from scipy.stats import norm
from scipy.stats import t as t_distribution

CONFIDENCE = 0.95
Z = float(norm.ppf(0.5 + CONFIDENCE / 2))
CLUSTER = "replicate"


def critical_value(tail: float, clusters: np.ndarray | int) -> np.ndarray:
    """Per group: the t quantile leaving `tail` above it with (clusters - 1) degrees of freedom (at least 1)."""
    return t_distribution.isf(tail, np.maximum(np.asarray(clusters, dtype=float) - 1, 1))


def cluster_codes(rows: pd.DataFrame) -> np.ndarray:
    """Integer codes of the clusters (the `replicate` column). The runner numbers replicates 0..G-1, and those
    numbers are codes already: taken as they are (no hashing: the calibration asks for them thousands of times)."""
    values = rows[CLUSTER].to_numpy()
    if values.dtype.kind in "iu" and len(values) and values.min() >= 0 and np.bincount(values).all():
        return values.astype(np.int64, copy=False)
    return pd.factorize(values)[0]


def wilson(rate: np.ndarray, n_effective: np.ndarray, z: float = Z) -> tuple[np.ndarray, np.ndarray]:
    """Wilson score interval of a rate observed on n_effective independent-equivalent trials, clipped to [0, 1]."""
    rate = np.clip(np.asarray(rate, dtype=float), 0.0, 1.0)
    n = np.maximum(np.asarray(n_effective, dtype=float), 1e-12)
    shrink = 1 + z ** 2 / n
    centre = (rate + z ** 2 / (2 * n)) / shrink
    half = z * np.sqrt(rate * (1 - rate) / n + z ** 2 / (4 * n ** 2)) / shrink
    low = np.where(rate <= 0, 0.0, np.clip(centre - half, 0, 1))      # exactly 0 / 1 at the ends, no 1e-20 hair
    high = np.where(rate >= 1, 1.0, np.clip(centre + half, 0, 1))
    return low, high


def clustered_group_means(values: np.ndarray, groups: np.ndarray, clusters: np.ndarray,
                          n_groups: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Per group: n, mean, cluster-robust variance of the mean and the number of clusters it spans.

    `groups` and `clusters` are integer codes; a row belongs to one group."""
    values = np.asarray(values, dtype=float)
    n = np.bincount(groups, minlength=n_groups).astype(float)
    total = np.bincount(groups, weights=values, minlength=n_groups)
    mean = np.divide(total, n, out=np.zeros(n_groups), where=n > 0)
    residual = values - mean[groups]
    width = int(clusters.max()) + 1
    pairs, pair_of_row, _ = dense_codes(groups.astype(np.int64) * width + clusters)    # the (group, cluster) pairs
    cluster_total = np.bincount(pair_of_row, weights=residual, minlength=len(pairs))
    owner = pairs // width
    spans = np.bincount(owner, minlength=n_groups).astype(float)
    meat = np.bincount(owner, weights=cluster_total ** 2, minlength=n_groups)
    correction = np.divide(spans, spans - 1, out=np.ones(n_groups), where=spans > 1)
    variance = np.divide(correction * meat, n ** 2, out=np.zeros(n_groups), where=n > 0)
    return n, mean, variance, spans


def group_codes(rows: pd.DataFrame, keys: Sequence[str]) -> tuple[np.ndarray, dict[str, np.ndarray]]:
    """(group code per row, the observed groups' key values and `n`, as columns) -- what
    `rows.groupby(keys, observed=True, sort=True)` gives with `ngroup()` and `size()`, in the same order
    (categories in their order, other values ascending), categorical keys as plain values. numpy, not a pandas
    group-by: the calibration asks for it on every placebo draw."""
    level_codes, level_values = [], []
    for key in keys:
        code, values = _level_codes(rows[key])
        level_codes.append(code)
        level_values.append(values)
    combined = np.zeros(len(rows), dtype=np.int64)
    for code, values in zip(level_codes, level_values):
        combined = combined * len(values) + code
    observed, codes, n = dense_codes(combined)
    columns = {}
    for key, values in zip(reversed(keys), reversed(level_values)):
        columns[key] = values[observed % len(values)]
        observed = observed // len(values)
    return codes, {**{key: columns[key] for key in keys}, "n": n}


def _level_codes(column: pd.Series) -> tuple[np.ndarray, np.ndarray]:
    """(code per row, the observed values in group-by order) of one grouping column."""
    if isinstance(column.dtype, pd.CategoricalDtype):
        raw = column.cat.codes.to_numpy(np.int64)
        categories = column.cat.categories
    elif (column.dtype.kind in "iub" and isinstance(column.dtype, np.dtype) and len(column)       # plain numpy
          and _small_range(int(column.max()) - int(column.min()), len(column))):                   # integers
        values = column.to_numpy()
        low = int(values.min())
        raw = values.astype(np.int64) - low
        categories = np.arange(low, low + int(raw.max()) + 1).astype(values.dtype)
    else:
        raw, categories = pd.factorize(column, sort=True)
        raw = raw.astype(np.int64)
    if (raw < 0).any():
        raise ValueError(f"missing values in the grouping column {column.name!r}")
    present, codes, _ = dense_codes(raw)
    return codes, np.asarray(categories)[present]


def _small_range(span: int, n: int) -> bool:
    """Whether a count table over `span` + 1 integer values is small next to `n` rows (cheaper than a sort)."""
    return span <= 4 * n + 1_000_000


def dense_codes(raw: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(the distinct values ascending, each row's rank among them, their counts) of non-negative integer codes
    (also reports.effects' combinations of factor levels)."""
    if len(raw) and _small_range(int(raw.max()), len(raw)):
        counts = np.bincount(raw)
        present = np.flatnonzero(counts)
        rank = np.zeros(counts.size, dtype=np.int64)
        rank[present] = np.arange(present.size)
        return present, rank[raw], counts[present]
    present, codes, counts = np.unique(raw, return_inverse=True, return_counts=True)
    return present, codes.reshape(-1), counts


def win_rate_summary(rows: pd.DataFrame, keys: Sequence[str]) -> pd.DataFrame:
    """One line per group of `keys`: n, wins, win rate, design effect, clustered 95% interval, parity, VP mean.

    Parity is 1 / players, so `players` is always one of the keys."""
    group_keys = list(dict.fromkeys([*keys, "players"]))
    codes, columns = group_codes(rows, group_keys)
    groups = len(columns["n"])
    clusters = cluster_codes(rows)
    n, rate, variance, spans = clustered_group_means(rows["win"].to_numpy(float), codes, clusters, groups)
    _, vp, vp_variance, _ = clustered_group_means(rows["vp"].to_numpy(float), codes, clusters, groups)
    binomial = rate * (1 - rate) / n
    deff = np.divide(variance, binomial, out=np.ones_like(variance), where=binomial > 0)
    used = np.maximum(deff, 1.0)
    low, high = wilson(rate, n / used, z=critical_value((1 - CONFIDENCE) / 2, spans))
    parity = 1.0 / columns["players"].astype(float)
    return pd.DataFrame({
        **columns, "wins": rate * n, "win_rate": rate, "parity": parity, "difference": rate - parity,
        "ci_low": low, "ci_high": high, "clusters": spans.astype(int), "design_effect": deff, "vp_mean": vp,
        "vp_se": np.sqrt(vp_variance)})


def parity_z_test(table: pd.DataFrame) -> np.ndarray:
    """Two-sided p-values of the score test win rate = parity, null variance inflated by the design effect, on
    Student's t with clusters - 1 degrees of freedom.

    It inverts the interval of win_rate_summary: p <= 0.05 exactly when the interval excludes parity (up to the
    Wilson interval using the observed rather than the null variance)."""
    p0 = table["parity"].to_numpy(float)
    used = np.maximum(table["design_effect"].to_numpy(float), 1.0)
    se = np.sqrt(p0 * (1 - p0) * used / table["n"].to_numpy(float))
    df = np.maximum(table["clusters"].to_numpy(float) - 1, 1)
    return 2 * t_distribution.sf(np.abs(table["win_rate"].to_numpy(float) - p0) / se, df)


def clustered_difference(values: np.ndarray, in_first: np.ndarray, in_second: np.ndarray,
                         clusters: np.ndarray) -> tuple[float, float]:
    """Difference of two group means (first - second) and its cluster-robust standard error.

    The groups may share clusters (the same replicate in two setups): the covariance between the two means is kept,
    which is what common random numbers buy."""
    values = np.asarray(values, dtype=float)
    n1, n2 = in_first.sum(), in_second.sum()
    m1, m2 = values[in_first].mean(), values[in_second].mean()
    influence = np.where(in_first, (values - m1) / n1, 0.0) - np.where(in_second, (values - m2) / n2, 0.0)
    codes, _ = pd.factorize(clusters[in_first | in_second])
    totals = np.bincount(codes, weights=influence[in_first | in_second])
    g = totals.size
    return float(m1 - m2), float(np.sqrt(g / max(g - 1, 1) * np.sum(totals ** 2)))


def score_wald_test(values: np.ndarray, levels: np.ndarray, clusters: np.ndarray,
                    n_levels: int) -> tuple[float, int]:
    """Cluster-robust Wald statistic that every level's total of `values` (win minus parity) is zero.

    Each cluster contributes its vector of per-level totals; their empirical covariance (uncentred: under the null
    the totals have mean zero) is the sandwich. The rank of that covariance is the degrees of freedom: when every
    game includes every level, the per-game totals sum to zero and one dimension drops out."""
    k = int(clusters.max()) + 1
    per_cluster = np.bincount(clusters * n_levels + levels, weights=values, minlength=k * n_levels).reshape(k, n_levels)
    total = per_cluster.sum(axis=0)
    covariance = k / max(k - 1, 1) * per_cluster.T @ per_cluster
    eigenvalues, eigenvectors = np.linalg.eigh(covariance)
    kept = eigenvalues > 1e-9 * max(eigenvalues.max(), 1e-300)
    projected = eigenvectors[:, kept].T @ total
    return float(np.sum(projected ** 2 / eigenvalues[kept])), int(kept.sum())


def clustered_wald_p_value(statistic: float, df: int, clusters: int) -> float:
    """p-value of a cluster-robust Wald statistic on `df` restrictions estimated from `clusters` clusters, against
    the Hotelling T-squared small-sample reference: the sandwich is a sum of G cluster outer products, so
    W (G - df) / (df (G - 1)) is F(df, G - df) when the cluster totals are normal, and tends to the chi-square as
    G grows. On placebo draws of a 120-games-per-cell design (G = 120) the chi-square reference rejected 14% of
    true-null synergy tests (df 18) at alpha 5% and this one 5.5% (issue #34; docs/reports.md). NaN when G <= df:
    the covariance cannot have full rank."""
    if df < 1:
        return 1.0
    if not np.isfinite(statistic) or clusters <= df:
        return float("nan")
    scaled = statistic * (clusters - df) / (df * (clusters - 1))
    return float(f_distribution.sf(scaled, df, clusters - df))
