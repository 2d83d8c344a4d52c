"""Factor effects by regression (logistic and OLS), standard errors clustered by replicate.

- Main effects: win (logistic) and VP (OLS) on company, officer and the other factors that vary (bot, player count,
  setup), with *sum (deviation) coding*: each level's effect is against the average level, never against an
  arbitrary reference. The omitted level's effect is minus the sum of the others (its variance from the full
  covariance). A cluster-robust Wald test per factor asks whether its levels differ at all.
- Synergy: the same logistic model plus the company x officer interaction; a joint cluster-robust Wald test of the
  interaction terms, and per pairing its observed win rate minus the additive model's prediction.
- Turn order: VP by round-1 turn position against first position (OLS), controlling for the other factors.

The fits are numpy (`fit`): Newton's method for the logistic model, least squares for VP, and the cluster-robust
sandwich with statsmodels' small-sample factor G / (G - 1) * (N - 1) / (N - K) -- the estimates, covariances and
Wald statistics of statsmodels' `Logit`/`OLS` with `cov_type="cluster"` (tests/reports/test_report_clustering.py
checks them against statsmodels to 1e-6), about 20x faster, which the placebo calibration needs: it refits these
models hundreds of times (issue #31). The joint Wald tests take their p-values from the Hotelling small-sample
reference (reports.clustering.clustered_wald_p_value), not the chi-square: with 120 replicates the chi-square made
the synergy test (18 df) reject 14% of true nulls.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import pandas as pd
from scipy import sparse
from scipy.stats import t as t_distribution

from reports.clustering import (CONFIDENCE, cluster_codes, clustered_wald_p_value, critical_value,
                               dense_codes)
from reports.multiple_testing import holm

ALIASING_TOLERANCE = 1e-9
NEWTON_TOLERANCE = 1e-10       # largest change of a logistic coefficient at convergence
NEWTON_STEPS = 50              # at most (perfect separation never converges: its estimates run off, as statsmodels')
SEPARATION_LOGIT = 15.0        # a fitted log-odds beyond +-15 (p < 3e-7) for a combination that was played
SEPARATED = "complete separation"


@dataclass(frozen=True)
class Coded:
    """A design matrix with sum-coded factor blocks, stored as its distinct rows (`patterns`: a factor design has
    one per combination of levels) and each row's pattern (`inverse`); columns [start, stop) of each factor,
    levels in order."""

    patterns: np.ndarray
    inverse: np.ndarray
    blocks: dict[str, tuple[int, int]]
    levels: dict[str, list[str]]

    @property
    def matrix(self) -> np.ndarray:
        """The design, one line per row."""
        return self.patterns[self.inverse]


def _string_sorted_codes(column: pd.Series) -> tuple[np.ndarray, np.ndarray]:
    """Integer codes of a column's values and the values as text, ordered by that text (what factorizing the
    column cast to str with sort=True gives, without casting every row)."""
    codes, uniques = pd.factorize(column)
    names = np.array([str(u) for u in uniques])
    order = np.argsort(names, kind="stable")
    rank = np.empty_like(order)
    rank[order] = np.arange(len(order))
    return rank[codes], names[order]


def sum_coded(rows: pd.DataFrame, factors: Sequence[str]) -> Coded:
    """Intercept plus k-1 deviation columns per factor (+1 at the level, -1 at the last level); a factor whose
    columns would be aliased with earlier ones (e.g. officer in the introductory game) is dropped. Built on the
    distinct combinations of levels only, so its cost does not grow with the rows times the columns."""
    coded = [_string_sorted_codes(rows[factor]) for factor in factors]
    coded = [(factor, codes, names) for factor, (codes, names) in zip(factors, coded) if len(names) >= 2]
    combined = np.zeros(len(rows), dtype=np.int64)
    for _, codes, names in coded:
        combined = combined * len(names) + codes
    present, inverse, count = dense_codes(combined)
    pattern_levels = []                               # each pattern's level of each factor (last factor first)
    for _, _, names in reversed(coded):
        pattern_levels.append(present % len(names))
        present = present // len(names)
    candidates = [(factor, names, (level[:, None] == np.arange(len(names) - 1)).astype(float)
                   - (level == len(names) - 1)[:, None])            # (factor, level names, its pattern columns)
                  for (factor, _, names), level in zip(coded, reversed(pattern_levels))]
    every = np.column_stack([np.ones(len(count))] + [block for _, _, block in candidates])
    gram = every.T @ (every * count[:, None])         # each trial's cross-products are a block of this
    kept, start = [0], 1
    blocks: dict[str, tuple[int, int]] = {}
    levels: dict[str, list[str]] = {}
    for factor, names, block in candidates:
        trial = kept + list(range(start, start + block.shape[1]))
        start += block.shape[1]
        if np.linalg.matrix_rank(gram[np.ix_(trial, trial)], tol=ALIASING_TOLERANCE * len(rows)) < len(trial):
            continue
        blocks[factor] = (len(kept), len(trial))
        levels[factor] = [str(n) for n in names]
        kept = trial
    return Coded(every[:, kept], inverse, blocks, levels)


@dataclass(frozen=True)
class Fit:
    """A fitted regression: coefficients, their cluster-robust covariance from `clusters` clusters, the fitted means."""

    params: np.ndarray
    cov: np.ndarray
    fitted: np.ndarray
    clusters: int
    separated: bool = False        # logistic: some combination of levels always or never wins (no finite estimate)

    @property
    def bse(self) -> np.ndarray:
        """Standard errors of the coefficients."""
        return np.sqrt(np.diag(self.cov))

    def wald(self, restriction: np.ndarray) -> tuple[float, float]:
        """Wald test of restriction @ params = 0: (statistic, p-value on the Hotelling small-sample reference)."""
        r = restriction @ self.params
        covariance = restriction @ self.cov @ restriction.T
        if not np.isfinite(covariance).all():
            return float("nan"), float("nan")
        statistic = float(r @ np.linalg.pinv(covariance, hermitian=True) @ r)
        return statistic, clustered_wald_p_value(statistic, restriction.shape[0], self.clusters)


def _patterns(X: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The distinct rows of a design matrix and each row's index among them. A factor design has few (one per
    combination of levels): the fits work on these, weighted by their counts, instead of on every row."""
    key = X @ np.random.default_rng(0).standard_normal(X.shape[1])
    inverse, _ = pd.factorize(key)
    first = np.zeros(inverse.max() + 1, dtype=np.int64)
    first[inverse[::-1]] = np.arange(len(inverse))[::-1]
    distinct = X[first]
    if not np.array_equal(distinct[inverse], X):          # (two patterns with one key: never in practice)
        return X, np.arange(len(X))
    return distinct, inverse


def fit(outcome: np.ndarray, design: np.ndarray, clusters: np.ndarray, logistic: bool,
        inverse: np.ndarray | None = None) -> Fit:
    """Logistic regression (a split win enters as a fraction: quasi-likelihood) by Newton's method, or OLS, with
    replicate-clustered covariance (module docstring). Both are fitted on the design's distinct rows with their
    counts and outcome totals, which gives the same estimates as every row. `design` is one line per row, or with
    `inverse` (each row's line) its distinct lines (`Coded.patterns`). Pseudo-inverses, as statsmodels: under
    perfect separation (a level that always or never wins) the information matrix is singular and the estimates run
    off instead of failing."""
    y = np.asarray(outcome, dtype=float)
    if inverse is None:
        distinct, inverse = _patterns(np.asarray(design, dtype=float))
    else:
        distinct = np.asarray(design, dtype=float)
    count = np.bincount(inverse, minlength=len(distinct)).astype(float)
    total = np.bincount(inverse, weights=y, minlength=len(distinct))
    if logistic:
        beta = np.zeros(distinct.shape[1])
        converged = False
        for _ in range(NEWTON_STEPS):
            p = 1.0 / (1.0 + np.exp(-(distinct @ beta)))
            information = distinct.T @ (distinct * (count * p * (1 - p))[:, None])
            step = np.linalg.pinv(information, hermitian=True) @ (distinct.T @ (total - count * p))
            beta += step
            if np.max(np.abs(step)) < NEWTON_TOLERANCE:
                converged = True
                break
        separated = not converged or bool(np.max(np.abs(distinct @ beta)) > SEPARATION_LOGIT)
        mean = 1.0 / (1.0 + np.exp(-(distinct @ beta)))
        bread = np.linalg.pinv(distinct.T @ (distinct * (count * mean * (1 - mean))[:, None]), hermitian=True)
    else:
        separated = False
        bread = np.linalg.pinv(distinct.T @ (distinct * count[:, None]), hermitian=True)
        beta = bread @ (distinct.T @ total)
        mean = distinct @ beta
    fitted = mean[inverse]
    residual = y - fitted
    # Each cluster's score totals: its residuals summed per pattern, times the patterns.
    residual_totals = sparse.csr_matrix((residual, (clusters, inverse)),
                                        shape=(int(clusters.max()) + 1, len(distinct)))
    per_cluster = residual_totals @ distinct
    g, (n, k) = np.count_nonzero(np.bincount(clusters)), (len(y), distinct.shape[1])
    if g < 2 or n <= k:                  # one replicate, or no more rows than coefficients: no variance estimate
        return Fit(beta, np.full((k, k), np.nan), fitted, g, separated)
    meat = per_cluster.T @ per_cluster * (g / (g - 1) * (n - 1) / (n - k))
    return Fit(beta, bread @ meat @ bread, fitted, g, separated)


def _t_p_values(statistic: np.ndarray, clusters: int) -> np.ndarray:
    """Two-sided p-values of cluster-robust z statistics on Student's t with clusters - 1 df (reports.clustering)."""
    return 2 * t_distribution.sf(np.abs(statistic), max(clusters - 1, 1))


def factor_effects(rows: pd.DataFrame, factors: Sequence[str], outcome: str) -> tuple[pd.DataFrame, pd.DataFrame]:
    """Per level of each factor: effect against the average level (log-odds for win, VP for vp) with clustered
    95% interval and p-value, Holm within the factor; and per factor the joint Wald test. Under complete separation
    (some combination of levels always or never wins: the log-odds have no finite estimate) the win effects,
    intervals and tests are NaN and the column `note` says so, instead of an odds ratio in the hundred thousands."""
    coded = sum_coded(rows, factors)
    clusters = cluster_codes(rows)
    result = fit(rows[outcome].to_numpy(float), coded.patterns, clusters, logistic=outcome == "win",
                 inverse=coded.inverse)
    beta, cov = result.params, result.cov
    records, tests = [], []
    for factor, (start, stop) in coded.blocks.items():
        k = stop - start + 1
        contrast = np.zeros((k, len(beta)))
        contrast[:-1, start:stop] = np.eye(k - 1)
        contrast[-1, start:stop] = -1.0                          # the last level: minus the sum of the others
        effect = contrast @ beta
        se = np.sqrt(np.einsum("ij,jk,ik->i", contrast, cov, contrast))
        p = _t_p_values(effect / se, result.clusters)
        z = critical_value((1 - CONFIDENCE) / 2, result.clusters)
        for level, e, s, pv, ph in zip(coded.levels[factor], effect, se, p, holm(p)):
            records.append({"factor": factor, "level": level, "effect": e, "std_error": s,
                            "ci_low": e - z * s, "ci_high": e + z * s, "p_value": pv, "p_holm": ph})
        statistic, p_value = result.wald(contrast[:-1])
        tests.append({"factor": factor, "levels": k, "statistic": statistic, "df": k - 1,
                      "clusters": result.clusters, "p_value": p_value})
    table = pd.DataFrame.from_records(records)
    tests = pd.DataFrame.from_records(tests, columns=["factor", "levels", "statistic", "df", "clusters", "p_value"])
    if result.separated and len(table):
        table[["effect", "std_error", "ci_low", "ci_high", "p_value", "p_holm"]] = np.nan
        tests[["statistic", "p_value"]] = np.nan
        table["note"] = tests["note"] = SEPARATED
    if outcome == "win" and len(table):
        table["odds_ratio"] = np.exp(table["effect"])
    return table, tests


def synergy(rows: pd.DataFrame, controls: Sequence[str], with_table: bool = True) -> tuple[dict, pd.DataFrame]:
    """Company x officer synergy: joint Wald test of the interaction (logistic, clustered) and, per pairing, the
    observed win rate minus the additive (main-effects) model's mean prediction for that pairing's rows (skipped
    without `with_table`: the calibration needs only the test)."""
    main = sum_coded(rows, ["company", "officer", *controls])
    if "company" not in main.blocks or "officer" not in main.blocks:
        return {}, pd.DataFrame()
    (c0, c1), (o0, o1) = main.blocks["company"], main.blocks["officer"]
    interaction = np.column_stack([main.patterns[:, i] * main.patterns[:, j]
                                   for i in range(c0, c1) for j in range(o0, o1)])
    full = np.column_stack([main.patterns, interaction])
    count = np.bincount(main.inverse, minlength=len(full)).astype(float)
    if np.linalg.matrix_rank(full.T @ (full * count[:, None]), tol=ALIASING_TOLERANCE * len(rows)) < full.shape[1]:
        return {}, pd.DataFrame()      # not every pairing was played: the interaction is not identified
    clusters = cluster_codes(rows)
    win = rows["win"].to_numpy(float)
    with_interaction = fit(win, full, clusters, logistic=True, inverse=main.inverse)
    if with_interaction.separated:
        return {"separated": True, "statistic": float("nan"), "df": int(interaction.shape[1]),
                "clusters": with_interaction.clusters, "p_value": float("nan")}, pd.DataFrame()
    restriction = np.zeros((interaction.shape[1], full.shape[1]))
    restriction[:, main.patterns.shape[1]:] = np.eye(interaction.shape[1])
    statistic, p_value = with_interaction.wald(restriction)
    test = {"statistic": statistic, "df": int(interaction.shape[1]), "clusters": with_interaction.clusters,
            "p_value": p_value}
    if not with_table:
        return test, pd.DataFrame()
    additive = fit(win, main.patterns, clusters, logistic=True, inverse=main.inverse)
    table = (rows.assign(predicted=additive.fitted)
             .groupby(["company", "officer"], observed=True)
             .agg(n=("win", "size"), win_rate=("win", "mean"), additive_prediction=("predicted", "mean"))
             .reset_index())
    table["synergy"] = table["win_rate"] - table["additive_prediction"]
    table = table.sort_values("synergy", ascending=False, key=np.abs).reset_index(drop=True)
    return test, table


def turn_order_vp(rows: pd.DataFrame, controls: Sequence[str]) -> pd.DataFrame:
    """VP by round-1 turn position against first position, per player count (OLS, clustered by replicate)."""
    records = []
    for players, block in rows.groupby("players", observed=True):
        if block["turn_pos_r1"].nunique() < 2:
            continue
        positions = sorted(int(v) for v in block["turn_pos_r1"].unique())
        dummies = [(block["turn_pos_r1"].to_numpy() == pos).astype(float) for pos in positions[1:]]
        controls_coded = sum_coded(block, controls)
        design = np.column_stack([controls_coded.matrix, *dummies])
        result = fit(block["vp"].to_numpy(float), design, cluster_codes(block), logistic=False)
        offset = controls_coded.matrix.shape[1]
        z = critical_value((1 - CONFIDENCE) / 2, result.clusters)
        records.append({"players": int(players), "turn_position": positions[0], "vp_vs_first": 0.0,
                        "std_error": 0.0, "ci_low": 0.0, "ci_high": 0.0, "p_value": 1.0})
        for i, pos in enumerate(positions[1:]):
            e, s = float(result.params[offset + i]), float(result.bse[offset + i])
            records.append({"players": int(players), "turn_position": pos, "vp_vs_first": e, "std_error": s,
                            "ci_low": e - z * s, "ci_high": e + z * s,
                            "p_value": float(_t_p_values(np.array([e / s]), result.clusters)[0])})
    return pd.DataFrame.from_records(records)

