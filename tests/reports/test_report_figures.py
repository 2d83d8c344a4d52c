"""Report figures: error bars never negative at 0% / 100%, ranked and screen-sized row figures, losses drawn below
zero, the ranked-cells figure coloured by verdict."""

from __future__ import annotations

import struct

import numpy as np
import pandas as pd
import pytest

from reports.figures import (
    MAX_ROWS,
    error_lengths,
    forest_figure,
    ranked_rows,
    ranked_cells_figure,
    rate_error_lengths,
    stack_offsets,
)
from reports.proportions import wilson_interval
from reports.provenance import Provenance

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
# A figure fits a 1080-px screen.
MAX_HEIGHT_PIXELS = 1100

PROVENANCE = Provenance(experiment="figures", kind="tournament", games=24, rows=48, games_planned=24, games_done=24,
                        finished=True, players=(2,), strategies=("greedy", "random"), map_name="base",
                        map_fidelities=("official",), package_version="0", git_revision="test", master_seed=1)


def _png_size(png: bytes) -> tuple[int, int]:
    """Width and height from the PNG header."""
    assert png.startswith(PNG_SIGNATURE)
    return struct.unpack(">II", png[16:24])


def _lopsided_cells() -> pd.DataFrame:
    """Cells that won none and all of their games, with the Wilson intervals the report computes."""
    n = np.array([24, 24, 37, 37])
    wins = np.array([0, 24, 0, 37])
    low, high = wilson_interval(wins, n)
    rate = wins / n
    return pd.DataFrame({"n": n, "win_rate": rate, "ci_low": low, "ci_high": high, "parity": 0.5,
                         "difference": rate - 0.5, "holm_significant": True, "bh_significant": True})


def test_error_lengths_are_never_negative_when_the_interval_misses_the_estimate() -> None:
    errors = error_lengths([0.0, 1.0, 0.3], [1e-20, 0.8, 0.2], [0.1, 0.9999, 0.25])
    assert errors == pytest.approx(np.array([[0.0, 0.2, 0.1], [0.1, 0.0, 0.0]]))


def test_rate_intervals_are_drawn_inside_zero_and_one() -> None:
    table = pd.DataFrame({"win_rate": [0.0, 1.0], "ci_low": [-0.01, 0.9], "ci_high": [0.1, 1.02]})
    errors = rate_error_lengths(table)
    assert errors == pytest.approx(np.array([[0.0, 0.1], [0.1, 0.0]]))


def test_forest_figure_draws_cells_at_zero_and_one_hundred_percent() -> None:
    cells = _lopsided_cells()
    figure = forest_figure(cells, [f"cell {index}" for index in range(len(cells))], "Lopsided", PROVENANCE)
    assert _png_size(figure.png)[1] <= MAX_HEIGHT_PIXELS


def test_ranked_rows_put_the_largest_on_top_and_keep_both_ends_of_long_tables() -> None:
    order, left_out = ranked_rows([0.1, 0.5, -0.2, 0.3])
    assert order.tolist() == [1, 3, 0, 2] and left_out == 0
    values = np.arange(112, dtype=float)
    order, left_out = ranked_rows(values)
    assert left_out == 112 - MAX_ROWS
    assert order.tolist() == [*range(111, 111 - MAX_ROWS // 2, -1), *range(MAX_ROWS // 2 - 1, -1, -1)]


def test_a_forest_of_112_rows_fits_a_screen_and_says_what_it_leaves_out() -> None:
    rng = np.random.default_rng(0)
    rate = rng.uniform(0.1, 0.4, 112)
    cells = pd.DataFrame({"win_rate": rate, "ci_low": rate - 0.05, "ci_high": rate + 0.05, "difference": rate - 0.25,
                          "holm_significant": False, "bh_significant": rate > 0.35})
    figure = forest_figure(cells, [f"cell {index}" for index in range(112)], "Many cells", PROVENANCE)
    assert "20 largest and 20 smallest of 112; all in the CSV" in figure.title
    assert _png_size(figure.png)[1] <= MAX_HEIGHT_PIXELS


def test_losses_stack_below_zero_and_gains_above() -> None:
    # Sources x levels: a gain, the energy-track malus, another gain, another loss.
    values = np.array([[2.0, 3.0], [-1.0, -2.0], [4.0, 1.0], [-0.5, -1.0]])
    left = stack_offsets(values)
    assert left.tolist() == [[0.0, 0.0], [0.0, 0.0], [2.0, 3.0], [-1.0, -2.0]]
    right = left + values
    assert (np.minimum(left, right)[values < 0] < 0).all() and (np.maximum(left, right)[values < 0] <= 0).all()


def _ranked_table(rows: int, parity: object = 0.25) -> pd.DataFrame:
    rng = np.random.default_rng(rows)
    rate = rng.uniform(0.05, 0.45, rows)
    verdicts = np.array(["stronger", "weaker", "balanced within ±3", "undetermined — needs about 900 more games"])
    return pd.DataFrame({"label": [f"company {index} + officer" for index in range(rows)], "win_rate": rate,
                         "ci_low": rate - 0.04, "ci_high": rate + 0.04, "parity": parity,
                         "verdict": verdicts[np.arange(rows) % 4]})


@pytest.mark.parametrize("rows", [4, 28, 112])
def test_ranked_cells_figure_fits_a_screen(rows: int) -> None:
    figure = ranked_cells_figure(_ranked_table(rows), PROVENANCE)
    width, height = _png_size(figure.png)
    assert width <= 1000 and height <= MAX_HEIGHT_PIXELS
    assert ("of 112; all in the CSV" in figure.title) == (rows == 112)


def test_ranked_cells_figure_handles_lopsided_cells_and_several_player_counts() -> None:
    cells = _lopsided_cells().assign(label=["a", "b", "c", "d"], parity=[0.5, 0.5, 1 / 3, 1 / 3],
                                     verdict=["weaker", "stronger", "weaker", "stronger"])
    assert _png_size(ranked_cells_figure(cells, PROVENANCE, margin=0.05).png)[1] <= MAX_HEIGHT_PIXELS


def test_ranked_cells_figure_rejects_an_unknown_verdict() -> None:
    with pytest.raises(ValueError, match="unknown verdict 'better'"):
        ranked_cells_figure(_ranked_table(4).assign(verdict="better"), PROVENANCE)


def test_forest_of_differences_between_groups_needs_no_significance_columns() -> None:
    # Setup effects: the interval is around the difference itself, which may be negative; no Holm/BH columns.
    effects = pd.DataFrame({"difference": [-0.3, 0.1, 0.0], "ci_low": [-0.45, -0.02, -0.1],
                            "ci_high": [-0.15, 0.2, 0.1]})
    figure = forest_figure(effects, ["USA in geo", "Italy in geo", "France in geo"], "Setup effects", PROVENANCE,
                           estimate="difference", xlabel="win rate minus the reference setup's")
    assert figure.title == "Setup effects" and _png_size(figure.png)[1] <= MAX_HEIGHT_PIXELS
