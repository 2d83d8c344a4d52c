"""The report's first screen and how it reads (issue #34): severity words, what 'balanced' needs, simultaneous
intervals that agree with the Holm verdicts, the company x officer heatmap, and tables in percentages."""

from __future__ import annotations

import math
import struct

import numpy as np
import pandas as pd
import pytest

from reports.cells import more_games_needed, ranked_cells
from reports.document import display_table
from reports.figures import VERDICT_MARKS, heatmap_figure
from reports.findings import balanced_needs, severities, verdict_counts
from reports.provenance import Provenance
from reports.results import load_results
from reports.sections import judged_cells
from reports.win_rates import games_to_show_balanced

PROVENANCE = Provenance(experiment="first-screen", kind="balance", games=28_000, rows=112_000, games_planned=28_000,
                        games_done=28_000, finished=True, players=(4,), strategies=("greedy",), map_name="base",
                        map_fidelities=("official",), package_version="0", git_revision="test", master_seed=1)
COMPANIES = ("France", "Germany", "Italy", "USA")
OFFICERS = ("Anton Krylov", "Graziano Del Monte", "Jill McDowell", "Mahiri Sekibo", "Solomon P. Jordan",
            "Viktor Fiesler", "Wilhelm Adler")


@pytest.fixture(scope="module")
def cells(balance_results) -> pd.DataFrame:
    return judged_cells(ranked_cells(load_results(balance_results)[1]))


def _cells(rates: list[float], verdicts: list[str], n: int = 1000) -> pd.DataFrame:
    rate = np.array(rates)
    return pd.DataFrame({"cell": [f"cell {index}" for index in range(len(rates))], "players": 4, "n": n,
                         "win_rate": rate, "parity": 0.25, "difference": rate - 0.25, "design_effect": 1.0,
                         "verdict": verdicts})


def test_severity_separates_a_cell_far_from_parity_from_one_near_it() -> None:
    table = _cells([0.458, 0.288, 0.25, 0.26, 0.21, 0.138], ["stronger", "stronger", "balanced", "undetermined",
                                                             "weaker", "weaker"])
    assert severities(table) == ["much stronger", "stronger", "balanced", "undetermined", "weaker", "much weaker"]
    assert verdict_counts(table, "pairings", 0.03) == (
        "Of 6 pairings: 2 stronger (1 by more than 10 points), 2 weaker (1 by more than 10 points), 1 balanced "
        "within +-3 points, 1 undetermined (Holm across the table, family-wise error 5%).")


def test_balanced_needs_the_equivalence_plan_of_more_games_needed() -> None:
    """The games 'balanced' needs are the equivalence branch of cells.more_games_needed: where that branch binds
    (a cell near parity), both give the same total."""
    table = _cells([0.2455, 0.30, 0.25], ["undetermined", "stronger", "undetermined"])
    need = games_to_show_balanced(0.2455, 0.25, 0.03, cells=3, design_effect=1.0)
    assert more_games_needed(table, 0.03, 0.05)[0] == math.ceil(need - 1000)
    assert games_to_show_balanced(0.30, 0.25, 0.03, cells=3, design_effect=1.0) == math.inf
    # A design effect of 2 doubles the games.
    assert games_to_show_balanced(0.2455, 0.25, 0.03, 3, 2.0) == pytest.approx(2 * need)
    text = balanced_needs(table, "pairings", 0.03)
    assert text.startswith("0 of 3 pairings balanced: showing a pairing is within +-3 points of parity needs about ")
    assert "(the nearest, cell 2 at 25.0%)" in text and text.endswith("this run has 1,000.")


def test_balanced_needs_says_when_no_estimate_is_inside_the_margin() -> None:
    text = balanced_needs(_cells([0.40, 0.10], ["stronger", "weaker"]), "bots", 0.03)
    assert "is out of reach at the observed rates" in text and "exactly at parity it needs about" in text


def test_simultaneous_intervals_excluding_parity_are_holm_decisions(cells: pd.DataFrame) -> None:
    low, high = cells["simultaneous_ci_low"], cells["simultaneous_ci_high"]
    assert ((low <= cells["ci_low"]) & (cells["ci_high"] <= high)).all()        # wider than the per-cell ones
    excludes = (low > cells["parity"]) | (high < cells["parity"])
    assert excludes.any() and (cells.loc[excludes, "p_holm"] <= 0.05).all()


def test_tables_read_as_percentages_intervals_and_p_values() -> None:
    frame = pd.DataFrame({"cell": ["Italy+Jill McDowell"], "n": [1000], "win_rate": [0.4575], "ci_low": [0.4268],
                          "ci_high": [0.4885], "difference": [0.2075], "std_error": [0.01], "p_value": [2.135e-61],
                          "p_holm": [0.0134], "p_best": [0.997], "effect": [0.0557], "effect_ci_low": [0.00132],
                          "effect_ci_high": [0.11], "design_effect": [1.0009]})
    shown = display_table(frame)
    assert shown.headers == ["cell", "n", "win rate", "95% CI", "difference (points)", "std error", "p value",
                             "p holm", "p best", "effect", "effect 95% CI", "design effect"]
    assert shown.rows == [["Italy+Jill McDowell", "1,000", "45.8%", "[42.7, 48.9]", "+20.8", "0.0100", "<0.001",
                           "0.013", "99.7%", "0.0557", "[0.001, 0.110]", "1.00"]]
    assert shown.numeric == [False, *[True] * 11]


def test_an_interval_takes_the_unit_of_the_estimate_before_it() -> None:
    frame = pd.DataFrame({"win_rate": [0.3], "difference": [0.05], "std_error": [0.01], "ci_low": [0.03],
                          "ci_high": [0.07]})
    assert display_table(frame).rows == [["30.0%", "+5.0", "0.0100", "[+3.0, +7.0]"]]


def test_heatmap_has_companies_as_rows_and_fits_a_third_of_the_first_screen() -> None:
    rng = np.random.default_rng(3)
    rate = rng.uniform(0.06, 0.46, len(COMPANIES) * len(OFFICERS))
    verdicts = np.where(rate > 0.3, "stronger", np.where(rate < 0.2, "weaker", "undetermined"))
    table = pd.DataFrame({"company": np.repeat(COMPANIES, len(OFFICERS)), "officer": OFFICERS * len(COMPANIES),
                          "win_rate": rate, "difference": rate - 0.25, "verdict": verdicts})
    table["severity"] = severities(table)
    figure = heatmap_figure(table, PROVENANCE, "Own-seat win rate per company x officer (4 players)")
    assert figure.name == "heatmap" and figure.title.startswith("Own-seat win rate")
    width, height = struct.unpack(">II", figure.png[16:24])
    assert width == 900 and height <= 420
    assert set(VERDICT_MARKS) == {"much stronger", "stronger", "balanced", "undetermined", "weaker", "much weaker"}
