"""Factor effects by regression (statsmodels Logit and OLS), standard errors clustered by replicate.

- Main effects: win (logistic) and VP (OLS) on company, officer and the other factors that vary (bot, player count,
  setup), with *sum (deviation) coding*: each level's effect is against the average level, never against an
  arbitrary reference. The omitted level's effect is minus the sum of the others (its variance from the full
  covariance). A cluster-robust Wald test per factor asks whether its levels differ at all.
- Synergy: the same logistic model plus the company x officer interaction; a joint cluster-robust Wald test of the
  interaction terms, and per pairing its observed win rate minus the additive model's prediction.
- Turn order: VP by round-1 turn position against first position (OLS), controlling for the other factors.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import pandas as pd
import statsmodels.api as sm
from scipy.stats import norm

from reports.clustering import Z, cluster_codes
from reports.multiple_testing import holm

ALIASING_TOLERANCE = 1e-9


@dataclass(frozen=True)
class Coded:
    """A design matrix with sum-coded factor blocks: columns [start, stop) of each factor, levels in order."""

    matrix: np.ndarray
    blocks: dict[str, tuple[int, int]]
    levels: dict[str, list[str]]


def sum_coded(rows: pd.DataFrame, factors: Sequence[str]) -> Coded:
    """Intercept plus k-1 deviation columns per factor (+1 at the level, -1 at the last level); a factor whose
    columns would be aliased with earlier ones (e.g. officer in the introductory game) is dropped."""
    columns = [np.ones(len(rows))]
    blocks: dict[str, tuple[int, int]] = {}
    levels: dict[str, list[str]] = {}
    for factor in factors:
        codes, names = pd.factorize(rows[factor].astype(str), sort=True)
        if len(names) < 2:
            continue
        block = [(codes == j).astype(float) - (codes == len(names) - 1) for j in range(len(names) - 1)]
        trial = np.column_stack(columns + block)
        if np.linalg.matrix_rank(trial.T @ trial, tol=ALIASING_TOLERANCE * len(rows)) < trial.shape[1]:
            continue
        blocks[factor] = (len(columns), len(columns) + len(block))
        levels[factor] = [str(n) for n in names]
        columns += block
    return Coded(np.column_stack(columns), blocks, levels)


def fit(outcome: np.ndarray, design: np.ndarray, clusters: np.ndarray, logistic: bool):
    """Logistic regression (statsmodels Logit; a split win enters as a fraction: quasi-likelihood) or OLS, with
    replicate-clustered covariance. Logit's Newton fit gives the binomial GLM's estimates ~3x faster."""
    cov = {"cov_type": "cluster", "cov_kwds": {"groups": clusters}}
    if logistic:
        return sm.Logit(outcome, design).fit(disp=0, **cov)
    return sm.OLS(outcome, design).fit(**cov)


def factor_effects(rows: pd.DataFrame, factors: Sequence[str], outcome: str) -> tuple[pd.DataFrame, pd.DataFrame]:
    """Per level of each factor: effect against the average level (log-odds for win, VP for vp) with clustered
    95% interval and p-value, Holm within the factor; and per factor the joint Wald test."""
    coded = sum_coded(rows, factors)
    clusters = cluster_codes(rows)
    result = fit(rows[outcome].to_numpy(float), coded.matrix, clusters, logistic=outcome == "win")
    beta, cov = np.asarray(result.params), np.asarray(result.cov_params())
    records, tests = [], []
    for factor, (start, stop) in coded.blocks.items():
        k = stop - start + 1
        contrast = np.zeros((k, len(beta)))
        contrast[:-1, start:stop] = np.eye(k - 1)
        contrast[-1, start:stop] = -1.0                          # the last level: minus the sum of the others
        effect = contrast @ beta
        se = np.sqrt(np.einsum("ij,jk,ik->i", contrast, cov, contrast))
        p = 2 * norm.sf(np.abs(effect / se))
        for level, e, s, pv, ph in zip(coded.levels[factor], effect, se, p, holm(p)):
            records.append({"factor": factor, "level": level, "effect": e, "std_error": s,
                            "ci_low": e - Z * s, "ci_high": e + Z * s, "p_value": pv, "p_holm": ph})
        wald = result.wald_test(contrast[:-1], scalar=True, use_f=False)
        tests.append({"factor": factor, "levels": k, "statistic": float(wald.statistic), "df": k - 1,
                      "p_value": float(wald.pvalue)})
    table = pd.DataFrame.from_records(records)
    if outcome == "win" and len(table):
        table["odds_ratio"] = np.exp(table["effect"])
    return table, pd.DataFrame.from_records(tests, columns=["factor", "levels", "statistic", "df", "p_value"])


def synergy(rows: pd.DataFrame, controls: Sequence[str], with_table: bool = True) -> tuple[dict, pd.DataFrame]:
    """Company x officer synergy: joint Wald test of the interaction (logistic, clustered) and, per pairing, the
    observed win rate minus the additive (main-effects) model's mean prediction for that pairing's rows (skipped
    without `with_table`: the calibration needs only the test)."""
    main = sum_coded(rows, ["company", "officer", *controls])
    if "company" not in main.blocks or "officer" not in main.blocks:
        return {}, pd.DataFrame()
    (c0, c1), (o0, o1) = main.blocks["company"], main.blocks["officer"]
    interaction = np.column_stack([main.matrix[:, i] * main.matrix[:, j]
                                   for i in range(c0, c1) for j in range(o0, o1)])
    full = np.column_stack([main.matrix, interaction])
    if np.linalg.matrix_rank(full.T @ full, tol=ALIASING_TOLERANCE * len(rows)) < full.shape[1]:
        return {}, pd.DataFrame()      # not every pairing was played: the interaction is not identified
    clusters = cluster_codes(rows)
    win = rows["win"].to_numpy(float)
    with_interaction = fit(win, full, clusters, logistic=True)
    restriction = np.zeros((interaction.shape[1], full.shape[1]))
    restriction[:, main.matrix.shape[1]:] = np.eye(interaction.shape[1])
    wald = with_interaction.wald_test(restriction, scalar=True, use_f=False)
    test = {"statistic": float(wald.statistic), "df": int(interaction.shape[1]), "p_value": float(wald.pvalue)}
    if not with_table:
        return test, pd.DataFrame()
    additive = fit(win, main.matrix, clusters, logistic=True)
    table = (rows.assign(predicted=np.asarray(additive.predict()))
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
        records.append({"players": int(players), "turn_position": positions[0], "vp_vs_first": 0.0,
                        "std_error": 0.0, "ci_low": 0.0, "ci_high": 0.0, "p_value": 1.0})
        for i, pos in enumerate(positions[1:]):
            e, s = float(result.params[offset + i]), float(result.bse[offset + i])
            records.append({"players": int(players), "turn_position": pos, "vp_vs_first": e, "std_error": s,
                            "ci_low": e - Z * s, "ci_high": e + Z * s, "p_value": float(2 * norm.sf(abs(e / s)))})
    return pd.DataFrame.from_records(records)

