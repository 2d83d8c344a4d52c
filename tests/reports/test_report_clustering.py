"""Cluster-robust group means: known answers against statsmodels, on the runner's real schema."""
from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
import statsmodels.api as sm
import statsmodels.formula.api as smf

from reports.clustering import clustered_group_means, group_codes, win_rate_summary
from reports.effects import factor_effects
from reports.results import load_results


def test_group_mean_variance_is_the_intercept_only_sandwich() -> None:
    rng = np.random.default_rng(1)
    clusters = np.repeat(np.arange(200), 5)
    values = rng.normal(size=200)[clusters] + rng.normal(size=1000)
    n, mean, variance, spans = clustered_group_means(values, np.zeros(1000, dtype=np.int64), clusters, 1)
    fit = sm.OLS(values, np.ones(1000)).fit(cov_type="cluster",
                                            cov_kwds={"groups": clusters, "use_correction": False})
    assert (n[0], spans[0]) == (1000, 200)
    assert mean[0] == pytest.approx(fit.params[0])
    assert variance[0] == pytest.approx(fit.bse[0] ** 2 * 200 / 199, rel=1e-10)


def test_group_codes_are_the_pandas_group_by(balance_results) -> None:
    """group_codes (numpy; the calibration calls it on every draw) numbers and counts the groups exactly as
    `groupby(keys, observed=True, sort=True)` does: categories in their own order with unused ones dropped, small
    integers and strings ascending, every key combination that occurs, also when the clusters are sparse."""
    _, real = load_results(balance_results)
    rng = np.random.default_rng(3)
    made = pd.DataFrame({
        "company": pd.Categorical(rng.choice(["USA", "Italy", "France"], 500),
                                  categories=["USA", "Unused", "Italy", "France"]),
        "seat": rng.integers(-2, 3, 500).astype(np.int8),
        "label": rng.choice(["b", "a", "c10", "c9"], 500),
        "players": np.full(500, 4, dtype=np.int8),
        "big": rng.choice([3, -(10 ** 12), 10 ** 15], 500)})                # too wide a range for a count table
    for rows, keys in ((real, ["setup", "company", "players"]), (real, ["officer", "seat", "players"]),
                       (made, ["company", "seat", "players"]), (made, ["label", "company", "players"]),
                       (made, ["big", "seat", "players"])):
        grouped = rows.groupby(keys, observed=True, sort=True)
        codes, columns = group_codes(rows, keys)
        expected = grouped.size().rename("n").reset_index()
        assert np.array_equal(codes, grouped.ngroup().to_numpy())
        for key in keys:
            assert list(columns[key]) == list(expected[key]), key
        assert np.array_equal(columns["n"], expected["n"].to_numpy())
    with pytest.raises(ValueError, match="missing values in the grouping column 'label'"):
        group_codes(made.assign(label=made["label"].where(made["seat"] > 0)), ["label", "players"])


def test_real_schema_cells_have_design_effect_one_and_pooled_factors_more(balance_results) -> None:
    """A cell has one focal row per replicate: its clustered variance is the plain sample variance (design effect
    at most 1; below 1 where split wins make the outcome less variable than a 0/1 coin)."""
    _, rows = load_results(balance_results)
    focal = rows[rows["focal"]]
    cells = win_rate_summary(focal, ["cell"])
    assert cells["design_effect"].between(0.8, 1.01).all() and (cells["n"] == 150).all()
    sample = focal.groupby("cell", observed=True)["win"].var(ddof=1) / 150
    assert np.allclose((cells.set_index("cell")["design_effect"] * cells.set_index("cell")["win_rate"]
                        * (1 - cells.set_index("cell")["win_rate"]) / 150).sort_index(), sample.sort_index())
    companies = win_rate_summary(rows, ["company"])
    assert (companies["clusters"] == 150).all() and (companies["n"] == 150 * 28 * 4 / 4).all()
    assert (companies["ci_low"] >= 0).all() and (companies["ci_high"] <= 1).all()


def test_factor_effects_match_a_statsmodels_formula_fit(balance_results) -> None:
    """Known answer: our sum-coded design gives the coefficients and clustered s.e. of statsmodels' own formula
    with C(..., Sum), including the implied last level."""
    _, rows = load_results(balance_results)
    focal = rows[rows["focal"]].assign(company=lambda d: d["company"].astype(str),
                                       officer=lambda d: d["officer"].astype(str)).reset_index(drop=True)
    effects, tests = factor_effects(focal, ["company", "officer"], "win")
    fit = smf.glm("win ~ C(company, Sum) + C(officer, Sum)", data=focal, family=sm.families.Binomial()).fit(
        cov_type="cluster", cov_kwds={"groups": pd.factorize(focal["replicate"])[0]})
    companies = sorted(focal["company"].unique())
    for level in companies[:-1]:
        name = f"C(company, Sum)[S.{level}]"
        row = effects[(effects.factor == "company") & (effects.level == level)].iloc[0]
        assert row.effect == pytest.approx(fit.params[name], rel=1e-6)
        assert row.std_error == pytest.approx(fit.bse[name], rel=1e-6)
    last = effects[(effects.factor == "company") & (effects.level == companies[-1])].iloc[0]
    assert last.effect == pytest.approx(-sum(fit.params[f"C(company, Sum)[S.{c}]"] for c in companies[:-1]), rel=1e-6)
    assert set(tests["factor"]) == {"company", "officer"} and (tests["df"] == [3, 6]).all()


@pytest.mark.parametrize("logistic", [True, False])
def test_numpy_fit_matches_statsmodels_cluster_fit_and_wald_test(balance_results, logistic: bool) -> None:
    """Known answer: reports.effects.fit (numpy Newton / least squares, clustered sandwich) gives statsmodels'
    Logit / OLS estimates, cluster-robust covariance and Wald statistic (issue #31: the calibration's speed); the
    p-value is the statistic's on the Hotelling reference (issue #34)."""
    from reports.clustering import clustered_wald_p_value
    from reports.effects import fit, sum_coded

    _, rows = load_results(balance_results)
    focal = rows[rows["focal"]].reset_index(drop=True)
    coded = sum_coded(focal, ["company", "officer", "strategy"])
    clusters = pd.factorize(focal["replicate"])[0]
    y = focal["win" if logistic else "vp"].to_numpy(float)
    model = sm.Logit(y, coded.matrix) if logistic else sm.OLS(y, coded.matrix)
    reference = model.fit(**({"disp": 0} if logistic else {}), cov_type="cluster", cov_kwds={"groups": clusters})
    mine = fit(y, coded.matrix, clusters, logistic)
    assert mine.params == pytest.approx(np.asarray(reference.params), rel=1e-6, abs=1e-9)
    assert mine.cov == pytest.approx(np.asarray(reference.cov_params()), rel=1e-6, abs=1e-12)
    start, stop = coded.blocks["officer"]
    restriction = np.zeros((stop - start, coded.matrix.shape[1]))
    restriction[:, start:stop] = np.eye(stop - start)
    wald = reference.wald_test(restriction, scalar=True, use_f=False)
    statistic, p_value = mine.wald(restriction)
    assert statistic == pytest.approx(float(wald.statistic), rel=1e-6)
    assert p_value == clustered_wald_p_value(statistic, stop - start, int(clusters.max()) + 1)


def test_complete_separation_is_reported_not_estimated() -> None:
    """Issue #34: a company that never loses separates the logistic model; its effects, intervals and tests are NaN
    with the note "complete separation" (the Newton fit does not pretend a finite odds ratio), and VP effects are
    still estimated."""
    from reports.effects import SEPARATED, factor_effects, synergy

    rng = np.random.default_rng(3)
    n = 400
    company = np.tile(["A", "B", "C", "D"], n // 4)
    officer = rng.choice(["x", "y"], n)
    win = np.where(company == "A", 1.0, rng.integers(0, 2, n) * 0.5)
    rows = pd.DataFrame({"company": company, "officer": officer, "win": win, "vp": 50 + 30 * win + rng.normal(0, 5, n),
                         "replicate": np.repeat(np.arange(n // 4), 4)})
    effects, tests = factor_effects(rows, ["company", "officer"], "win")
    assert effects["effect"].isna().all() and tests["p_value"].isna().all()
    assert set(effects["note"]) == {SEPARATED} and set(tests["note"]) == {SEPARATED}
    vp, vp_tests = factor_effects(rows, ["company", "officer"], "vp")
    assert vp["effect"].notna().all() and "note" not in vp_tests
    test, table = synergy(rows, [])
    assert test["separated"] and np.isnan(test["p_value"]) and table.empty


def test_hotelling_reference_of_a_clustered_wald_statistic() -> None:
    """Issue #34: the joint Wald tests use W (G - q) / (q (G - 1)) ~ F(q, G - q), not chi-square(q). Known answers:
    W = 36 on q = 18 restrictions from G = 120 clusters is F = 36 * 102 / (18 * 119) = 1.7143 on (18, 102); many
    clusters give the chi-square's p; no more clusters than restrictions gives no test."""
    from scipy.stats import chi2, f as f_distribution

    from reports.clustering import clustered_wald_p_value

    assert clustered_wald_p_value(36.0, 18, 120) == pytest.approx(f_distribution.sf(36 * 102 / (18 * 119), 18, 102))
    assert clustered_wald_p_value(36.0, 18, 120) > 5 * chi2.sf(36.0, 18)        # 0.048 vs 0.0071: far less liberal
    assert clustered_wald_p_value(12.0, 3, 10 ** 7) == pytest.approx(chi2.sf(12.0, 3), rel=1e-4)
    assert np.isnan(clustered_wald_p_value(5.0, 6, 6)) and clustered_wald_p_value(0.0, 0, 50) == 1.0
