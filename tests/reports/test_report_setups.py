"""Setup effects: the clustered difference against statsmodels, and the table's reference-vs-other layout."""
from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
import statsmodels.api as sm

from reports.clustering import clustered_difference
from reports.setups import setup_effect_table


def test_clustered_difference_is_the_cluster_robust_ols_slope() -> None:
    """Known answer: regress win on a setup dummy with replicate-clustered errors (statsmodels, no small-sample
    correction) -> same slope; our standard error adds only the G / (G - 1) factor."""
    rng = np.random.default_rng(8)
    reps = np.repeat(np.arange(300), 2)                       # replicate i plays once in each setup (CRN)
    other = np.tile([0, 1], 300).astype(bool)
    luck = rng.normal(size=300)[reps]                         # shared by both setups of a replicate
    win = (luck + rng.normal(size=600) + 0.3 * other > 0.8).astype(float)
    difference, se = clustered_difference(win, other, ~other, reps)
    fit = sm.OLS(win, sm.add_constant(other.astype(float))).fit(
        cov_type="cluster", cov_kwds={"groups": reps, "use_correction": False})
    assert difference == pytest.approx(fit.params[1], rel=1e-12)
    assert se == pytest.approx(fit.bse[1] * np.sqrt(300 / 299), rel=1e-10)
    independent = np.sqrt(win[other].var() / 300 + win[~other].var() / 300)
    assert se < independent                                   # positive correlation: the paired design is sharper


def _rows(rates: dict[tuple[str, str], tuple[int, int]]) -> pd.DataFrame:
    out = []
    for (setup, company), (wins, n) in rates.items():
        out += [{"players": 2, "setup": setup, "company": company, "replicate": i,
                 "win": 1.0 if i < wins else 0.0} for i in range(n)]
    return pd.DataFrame(out)


def test_setup_effect_table_compares_each_level_with_the_reference_setup() -> None:
    rows = _rows({("full", "USA"): (48, 80), ("full", "Italy"): (40, 80),
                  ("full,geological", "USA"): (56, 80), ("full,geological", "Italy"): (40, 80)})
    t = setup_effect_table(rows, "company")
    assert t[["company", "setup", "reference"]].values.tolist() == [["Italy", "full,geological", "full"],
                                                                     ["USA", "full,geological", "full"]]
    usa = t[t.company == "USA"].iloc[0]
    assert usa.difference == pytest.approx(0.1)
    assert usa.ci_low < usa.difference < usa.ci_high
    assert t[t.company == "Italy"].iloc[0].difference == pytest.approx(0.0)
    assert usa.p_holm == pytest.approx(min(1.0, 2 * usa.p_value))   # Holm over 2 tests, USA's p is the smaller
