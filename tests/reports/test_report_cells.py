"""The ranked cell table: focal rows only, equivalence verdicts, games still needed, shrinkage and P(best)."""
from __future__ import annotations

import json
import math

import numpy as np
import pandas as pd
import pytest
from scipy.stats import binom, norm
from synthetic_designs import PLANTED_CELL

from reports import cli_report
from reports.cells import equivalence_p_values, more_games_needed, ranked_cells, shrunken_estimates
from reports.results import load_results


@pytest.fixture(scope="module")
def balance_rows(balance_results):
    return load_results(balance_results)[1]


def test_cells_use_the_focal_seat_only(balance_rows) -> None:
    cells = ranked_cells(balance_rows)
    assert len(cells) == 28 and (cells["n"] == 150).all()
    focal = balance_rows[balance_rows["focal"]]
    own = focal.groupby("cell", observed=True)["win"].mean()
    assert np.allclose(cells.set_index("cell")["win_rate"].sort_index(), own.sort_index())
    # Averaged over cells, the focal seats do not sit at parity by construction (the old per-game labelling did).
    assert cells["win_rate"].std() > 0.02


def test_planted_cell_is_stronger_and_ranked_first(balance_rows) -> None:
    cells = ranked_cells(balance_rows)
    assert cells.iloc[0]["cell"] == PLANTED_CELL and cells.iloc[0]["verdict"] == "stronger"
    assert cells.iloc[0]["rank"] == 1 and cells.iloc[0]["ci_low"] > 0.25
    assert set(cells.iloc[1:]["verdict"]) == {"undetermined"}
    assert (cells.iloc[1:]["more_games_needed"] > 0).all()


def _table(rate: float, n: int, deff: float = 1.0) -> pd.DataFrame:
    return pd.DataFrame({"win_rate": [rate], "n": [n], "design_effect": [deff], "parity": [0.25],
                         "difference": [rate - 0.25], "verdict": ["undetermined"]})


def test_tost_by_hand() -> None:
    """The TOST p-value is the larger of the two exact binomial one-sided p-values at parity -+ margin."""
    # 0.26 with n = 4000 (1,040 wins) against 0.25 +- 0.03.
    lower = binom.sf(1039, 4000, 0.22)           # P(X >= 1040 | 0.22)
    upper = binom.cdf(1040, 4000, 0.28)          # P(X <= 1040 | 0.28)
    assert equivalence_p_values(_table(0.26, 4000), 0.03)[0] == pytest.approx(max(lower, upper), rel=1e-9)
    # A design effect of 2 halves the effective n.
    assert equivalence_p_values(_table(0.26, 4000, 2.0), 0.03)[0] == pytest.approx(
        equivalence_p_values(_table(0.26, 2000), 0.03)[0], rel=1e-12)


def test_exact_tost_holds_its_size_at_small_n() -> None:
    """Issue #34: at n = 50 the normal-approximation TOST rejected 1.75x as often as nominal when the truth sits on
    the margin; the exact test's size (summed over every outcome, true rate at either bound) is at most alpha."""
    n, margin, alpha = 50, 0.10, 0.05
    x = np.arange(n + 1)
    table = pd.DataFrame({"win_rate": x / n, "n": n, "design_effect": 1.0, "parity": 0.5,
                          "difference": x / n - 0.5, "verdict": "undetermined"})
    rejects = equivalence_p_values(table, margin) <= alpha
    for truth in (0.4, 0.6):
        assert binom.pmf(x, n, truth)[rejects].sum() <= alpha


def test_more_games_by_hand() -> None:
    """more_games_needed plans the tests the report runs (null variances, 80% power, alpha / cells), issue #34."""
    # One undetermined cell at 0.26, n = 1000: equivalence against the upper bound 0.28 (the nearer one) needs
    # ((z_{0.05} sqrt(.28 .72) + z_{0.8} sqrt(.26 .74)) / (0.03 - 0.01))^2 games, the difference from parity
    # ((z_{0.025} sqrt(.25 .75) + z_{0.8} sqrt(.26 .74)) / 0.01)^2; the smaller decides.
    power = norm.ppf(0.8) * math.sqrt(0.26 * 0.74)
    need_eq = ((norm.isf(0.05) * math.sqrt(0.28 * 0.72) + power) / 0.02) ** 2
    assert more_games_needed(_table(0.26, 1000), 0.03, 0.05)[0] == math.ceil(need_eq - 1000)
    # On the margin no finite sample decides equivalence; the difference test still does, at t's critical value
    # with as many clusters (one per game here) as the games it needs: 1,674 (the normal's would say 1,672).
    from scipy.stats import t as t_distribution

    def need_diff(games: float) -> float:
        z = t_distribution.isf(0.025, games - 1)
        return ((z * math.sqrt(0.25 * 0.75) + norm.ppf(0.8) * math.sqrt(0.28 * 0.72)) / 0.03) ** 2

    assert math.ceil(need_diff(need_diff(need_diff(1e9)))) == 1674
    assert more_games_needed(_table(0.28, 100), 0.03, 0.05)[0] == 1674 - 100


def test_more_games_for_a_cell_that_never_won_is_what_the_parity_test_needs() -> None:
    """The defect of issue #34: a cell at 0/8 (4 players, 28 cells) read "1 more game". With its estimate at 0 the
    score test at parity 0.25 rejects (Holm's first step, alpha / 28) once n >= (t_{0.05/56, n-1} / 0.25)^2 * 0.1875
    (one cluster per game): 35 games, the fixed point (the normal's quantile would say 30, too few on t)."""
    from scipy.stats import t as t_distribution

    from reports.clustering import parity_z_test

    table = pd.concat([_table(0.0, 8)] * 28, ignore_index=True)
    n_needed = next(n for n in range(2, 100) if (t_distribution.isf(0.05 / 56, n - 1) / 0.25) ** 2 * 0.1875 <= n)
    assert n_needed == 35 and math.ceil((norm.isf(0.05 / 56) / 0.25) ** 2 * 0.1875) == 30
    assert (more_games_needed(table, 0.03, 0.05) == n_needed - 8).all()
    # ... and the parity test with that many games (all lost) does reject at alpha / 28, and one fewer does not.
    decided = pd.DataFrame({"win_rate": [0.0, 0.0], "n": [n_needed, n_needed - 1], "design_effect": [1.0, 1.0],
                            "parity": [0.25, 0.25], "clusters": [n_needed, n_needed - 1]})
    assert parity_z_test(decided)[0] <= 0.05 / 28 < parity_z_test(decided)[1]


def test_verdicts_balanced_stronger_weaker() -> None:
    rng = np.random.default_rng(0)
    reps = 20000
    rows = []
    for cell, rate in (("A+x", 0.25), ("B+x", 0.40), ("C+x", 0.10)):
        wins = (rng.random(reps) < rate).astype(float)
        rows.append(pd.DataFrame({"game": np.arange(reps) + len(rows) * reps, "replicate": np.arange(reps),
                                  "cell": cell, "players": 4, "setup": "full", "focal": True, "win": wins,
                                  "vp": 80 + 10 * wins, "strategy": "greedy"}))
    others = pd.concat(rows).assign(focal=False, win=0.0, cell="A+x")      # non-focal seats, not counted
    cells = ranked_cells(pd.concat([*rows, others.iloc[:10]], ignore_index=True))
    assert cells.set_index("cell")["verdict"].to_dict() == {"B+x": "stronger", "A+x": "balanced", "C+x": "weaker"}


def test_shrinkage_pulls_toward_the_mean_and_p_best_sums_to_one(balance_rows) -> None:
    cells = ranked_cells(balance_rows)
    shrunk = shrunken_estimates(balance_rows, cells, seed=1, draws=300)
    assert shrunk["p_best"].sum() == pytest.approx(1.0) and shrunk["p_worst"].sum() == pytest.approx(1.0)
    mean = shrunk["win_rate"].mean()
    assert ((shrunk["shrunken_win_rate"] - mean).abs() <= (shrunk["win_rate"] - mean).abs() + 1e-12).all()
    assert shrunk.set_index("cell").loc[PLANTED_CELL, "p_best"] > 0.9


def test_report_json_core(balance_results, capsys) -> None:
    cli_report(str(balance_results), str(balance_results / "report-json"), as_json=True)
    core = json.loads(capsys.readouterr().out)
    assert {"cells", "factors", "calibration", "population"} <= set(core)
    first = core["cells"][0]
    assert {"cell", "n", "wins", "win_rate", "ci_low", "ci_high", "verdict"} <= set(first)
    assert first["cell"] == PLANTED_CELL and first["verdict"] == "stronger"
    assert core["population"]["bots"] == ["greedy", "builder", "producer", "contract_hunter"]
    assert core["population"]["strength_vs_automa"]["greedy"]["2"]["n"] == 1000
    assert {t["factor"] for t in core["factors"]["tests"]} >= {"company", "officer"}
    assert core["complete"] is True and core["games"] == core["games_planned"]


def test_report_json_flags_a_partial_run(balance_results, tmp_path, capsys) -> None:
    """Issue #35 W4: the HTML said "Incomplete run", the JSON did not; now both do (`complete`, `run_ended`,
    `games_planned`)."""
    import shutil

    partial = tmp_path / "partial"
    shutil.copytree(balance_results, partial)
    manifest = json.loads((partial / "manifest.json").read_text())
    manifest["games_planned"] = manifest["games_done"] * 2
    manifest.pop("ended", None)
    (partial / "manifest.json").write_text(json.dumps(manifest))
    cli_report(str(partial), str(partial / "report-json"), as_json=True)
    core = json.loads(capsys.readouterr().out)
    assert core["complete"] is False and core["run_ended"] is False
    assert core["games_planned"] == 2 * core["games"]


def test_one_game_per_cell_reports_and_calibrates_without_errors(tmp_path, capsys) -> None:
    """Issue #35 X5: `balance -n 1` then `report --json` died (ZeroDivisionError / a singular covariance): with one
    replicate there is no cluster variance, so the effects' intervals and tests are NaN and the report is still
    written; the calibration runs too."""
    import warnings

    from reports import cli_calibrate
    from reports.synthetic import OFFICERS, SyntheticDesign, write_synthetic_results

    results = write_synthetic_results(tmp_path / "one", SyntheticDesign(games=1, officers=OFFICERS[:7]))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        cli_report(str(results), str(results / "report"), as_json=True)
        core = json.loads(capsys.readouterr().out)
        cli_calibrate(str(results), draws=20, seed=1, as_json=True)
    assert len(core["cells"]) == 28 and all(c["n"] == 1 for c in core["cells"])
    assert all(c["verdict"] == "undetermined" for c in core["cells"])
