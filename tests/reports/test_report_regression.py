"""Known answers for the treatment-coded logistic and OLS regressions with game-clustered errors."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest

from reports.regression import fit_logistic, fit_ols, regression_table, treatment_design


def test_logistic_with_one_binary_covariate_is_solved_by_hand() -> None:
    # Group 0: 30 wins in 100; group 1: 60 wins in 100. The fit is saturated, so the intercept is logit(0.3) and
    # the slope logit(0.6) - logit(0.3); the slope's variance is 1/(100*0.3*0.7) + 1/(100*0.6*0.4). With every row
    # its own cluster the sandwich equals that model variance, times the small-sample factor G/(G-1) = 200/199.
    group = np.repeat([0.0, 1.0], 100)
    outcome = np.concatenate([np.repeat([1.0, 0.0], [30, 70]), np.repeat([1.0, 0.0], [60, 40])])
    design = np.column_stack([np.ones(200), group])
    fit = fit_logistic(design, outcome, np.arange(200))
    assert fit.converged
    assert fit.coefficients == pytest.approx([math.log(0.3 / 0.7), math.log(0.6 / 0.4) - math.log(0.3 / 0.7)])
    slope_se = math.sqrt((1 / 21 + 1 / 24) * 200 / 199)
    assert math.sqrt(fit.covariance[1, 1]) == pytest.approx(slope_se, rel=1e-8)


def test_ols_cluster_robust_error_by_hand() -> None:
    # Games {1, 2} and {3, 6}: mean 3, residual sums -3 and +3, so var = (1/4) * 18 * (1/4) * 2/(2-1) = 2.25.
    fit = fit_ols(np.ones((4, 1)), np.array([1.0, 2.0, 3.0, 6.0]), np.array([0, 0, 1, 1]))
    assert fit.coefficients == pytest.approx([3.0])
    assert math.sqrt(fit.covariance[0, 0]) == pytest.approx(1.5)


def test_treatment_coding_names_levels_against_the_first_and_drops_aliased_columns() -> None:
    rows = pd.DataFrame({
        "company": ["USA", "Italy", "France", "USA", "Italy", "France"],
        "alias": ["u", "i", "f", "u", "i", "f"],  # the same split as company under other names
        "seat": [0, 1, 0, 1, 0, 1],
    })
    design = treatment_design(rows, ["company", "alias", "seat"])
    assert [(term.factor, term.level, term.reference) for term in design.terms] == [
        ("intercept", "", ""), ("company", "Italy", "France"), ("company", "USA", "France"), ("seat", "1", "0"),
    ]
    assert [(term.factor, term.level) for term in design.aliased] == [("alias", "i"), ("alias", "u")]
    assert design.matrix.shape == (6, 4)


def test_ols_table_recovers_planted_level_effects() -> None:
    rng = np.random.default_rng(3)
    games = 2000
    rows = pd.DataFrame({
        "game": np.repeat(np.arange(games), 2),
        "company": np.tile(["A", "B"], games),
        "seat": rng.integers(0, 2, size=2 * games),
    })
    rows["vp"] = 100 + 5 * (rows["company"] == "B") + rng.normal(0, 3, size=len(rows))
    table, _ = regression_table(rows, "vp", treatment_design(rows, ["company", "seat"]))
    effect = table.set_index("level").loc["B"]
    assert effect["coefficient"] == pytest.approx(5, abs=0.3)
    assert effect["p_holm"] < 1e-10
    assert table.set_index("factor").loc["seat", "p_holm"] > 0.01
