"""Regressions that separate factor effects: logistic for win, OLS for VP, treatment coding, game-clustered errors."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import pandas as pd
from scipy.special import expit
from scipy.stats import norm

from reports.multiple_testing import holm

IRLS_MAX_ITERATIONS = 50
IRLS_TOLERANCE = 1e-9
# A column is aliased when adding it leaves the Gram matrix this ill-conditioned.
ALIASING_TOLERANCE = 1e-10

INTERCEPT = "intercept"


@dataclass(frozen=True)
class Term:
    """One design-matrix column: a factor level against the factor's reference level."""

    factor: str
    level: str
    reference: str


@dataclass(frozen=True)
class Design:
    """A treatment-coded design matrix and what its columns mean."""

    matrix: np.ndarray
    terms: tuple[Term, ...]
    aliased: tuple[Term, ...]


@dataclass(frozen=True)
class Fit:
    """Coefficients, their game-clustered covariance and whether the fit converged."""

    coefficients: np.ndarray
    covariance: np.ndarray
    converged: bool


def treatment_design(rows: pd.DataFrame, factors: Sequence[str]) -> Design:
    """Intercept plus a 0/1 column per non-reference level (reference = first sorted level); aliased ones dropped."""
    columns = [np.ones(len(rows))]
    terms = [Term(INTERCEPT, "", "")]
    for factor in factors:
        codes, levels = pd.factorize(rows[factor], sort=True)
        for code in range(1, len(levels)):
            columns.append((codes == code).astype(float))
            terms.append(Term(factor, str(levels[code]), str(levels[0])))
    matrix = np.column_stack(columns)
    kept = _independent_columns(matrix.T @ matrix)
    aliased = tuple(term for index, term in enumerate(terms) if index not in kept)
    return Design(matrix[:, kept], tuple(terms[index] for index in kept), aliased)


def _independent_columns(gram: np.ndarray) -> list[int]:
    """Greedy left-to-right selection of linearly independent columns, so later levels are the ones dropped."""
    kept: list[int] = []
    for column in range(gram.shape[0]):
        trial = [*kept, column]
        eigenvalues = np.linalg.eigvalsh(gram[np.ix_(trial, trial)])
        if eigenvalues[0] > ALIASING_TOLERANCE * eigenvalues[-1]:
            kept.append(column)
    return kept


def cluster_robust_covariance(design: np.ndarray, scores: np.ndarray, bread: np.ndarray,
                              clusters: np.ndarray) -> np.ndarray:
    """Sandwich covariance with one cluster per game (seats of a game are dependent), small-sample factor G/(G-1)."""
    codes = pd.factorize(clusters)[0]
    groups = int(codes.max()) + 1
    weighted = design * scores[:, None]
    per_cluster = np.column_stack([np.bincount(codes, weights=column, minlength=groups) for column in weighted.T])
    meat = per_cluster.T @ per_cluster
    return groups / (groups - 1) * bread @ meat @ bread


def fit_logistic(design: np.ndarray, outcome: np.ndarray, clusters: np.ndarray) -> Fit:
    """Logistic regression by IRLS (Newton); fractional outcomes (split ties) give the quasi-likelihood fit."""
    coefficients = np.zeros(design.shape[1])
    converged = False
    for _ in range(IRLS_MAX_ITERATIONS):
        probability = expit(design @ coefficients)
        information = design.T @ (design * (probability * (1 - probability))[:, None])
        # lstsq rather than solve: a level that never (or always) wins drives its weights to zero, and the
        # fit should then report non-convergence instead of failing the whole report.
        step = np.linalg.lstsq(information, design.T @ (outcome - probability), rcond=None)[0]
        coefficients = coefficients + step
        if np.max(np.abs(step)) < IRLS_TOLERANCE:
            converged = True
            break
    probability = expit(design @ coefficients)
    information = design.T @ (design * (probability * (1 - probability))[:, None])
    covariance = cluster_robust_covariance(design, outcome - probability, np.linalg.pinv(information), clusters)
    return Fit(coefficients, covariance, converged)


def fit_ols(design: np.ndarray, outcome: np.ndarray, clusters: np.ndarray) -> Fit:
    """Ordinary least squares with game-clustered standard errors."""
    bread = np.linalg.inv(design.T @ design)
    coefficients = bread @ (design.T @ outcome)
    residuals = outcome - design @ coefficients
    return Fit(coefficients, cluster_robust_covariance(design, residuals, bread, clusters), True)


def regression_table(rows: pd.DataFrame, outcome: str, design: Design) -> tuple[pd.DataFrame, Fit]:
    """Fit `win` by logistic regression (any other outcome by OLS); z tests, Holm across the non-intercept terms."""
    values = rows[outcome].to_numpy(float)
    fitter = fit_logistic if outcome == "win" else fit_ols
    fit = fitter(design.matrix, values, rows["game"].to_numpy())
    standard_errors = np.sqrt(np.diag(fit.covariance))
    z = fit.coefficients / standard_errors
    p_values = 2 * norm.sf(np.abs(z))
    is_term = np.array([term.factor != INTERCEPT for term in design.terms])
    p_holm = np.full(len(p_values), np.nan)
    p_holm[is_term] = holm(p_values[is_term])
    table = pd.DataFrame({
        "factor": [term.factor for term in design.terms],
        "level": [term.level for term in design.terms],
        "reference": [term.reference for term in design.terms],
        "coefficient": fit.coefficients,
        "std_error": standard_errors,
        "z": z,
        "p_value": p_values,
        "p_holm": p_holm,
    })
    if outcome == "win":
        table.insert(4, "odds_ratio", np.exp(fit.coefficients))
    return table, fit
