"""The ranked cell table: focal rows only, equivalence verdicts, games still needed, shrinkage and P(best)."""
from __future__ import annotations

import json
import math

import numpy as np
import pandas as pd
import pytest
from scipy.stats import norm
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
    # 0.26 with n = 4000 against 0.25 +- 0.03: lower test z = (0.26 - 0.22) / sqrt(.22 * .78 / 4000), upper test
    # z = (0.26 - 0.28) / sqrt(.28 * .72 / 4000); the TOST p-value is the larger one-sided p.
    lower = norm.sf(0.04 / math.sqrt(0.22 * 0.78 / 4000))
    upper = norm.cdf(-0.02 / math.sqrt(0.28 * 0.72 / 4000))
    assert equivalence_p_values(_table(0.26, 4000), 0.03)[0] == pytest.approx(max(lower, upper), rel=1e-12)
    # A design effect of 2 halves the effective n.
    assert equivalence_p_values(_table(0.26, 4000, 2.0), 0.03)[0] == pytest.approx(
        equivalence_p_values(_table(0.26, 2000), 0.03)[0], rel=1e-12)


def test_more_games_by_hand() -> None:
    # One undetermined cell at 0.26, n = 1000: equivalence needs p(1-p) (z_{0.05} / (0.03 - 0.01))^2 games,
    # a difference from parity p(1-p) (z_{0.025} / 0.01)^2; the smaller decides.
    need_eq = 0.26 * 0.74 * (norm.isf(0.05) / 0.02) ** 2
    assert more_games_needed(_table(0.26, 1000), 0.03, 0.05)[0] == math.ceil(need_eq - 1000)
    # On the margin no finite sample decides equivalence; the difference test still does.
    need_diff = 0.28 * 0.72 * (norm.isf(0.025) / 0.03) ** 2
    assert more_games_needed(_table(0.28, 100), 0.03, 0.05)[0] == math.ceil(need_diff - 100)


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
