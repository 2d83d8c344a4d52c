"""A/A calibration: with no real differences, the report's corrected tests flag at most the nominal rate."""

from __future__ import annotations

import numpy as np
import pytest
from scipy.stats import binom, chi2

from reports.homogeneity import within_game_chi_square
from reports.multiple_testing import ALPHA, benjamini_hochberg, holm
from reports.proportions import binomial_p_values

EXPERIMENTS = 2000
GAMES = 2000  # per experiment: 500 seat-games per cell, a realistic balance run
PLAYERS = 4
OFFICERS = 4
CELLS = PLAYERS * OFFICERS
# A real seat advantage that seat rotation must neutralise, plus split wins from ties, as in actual results.
SEAT_WIN_PROBABILITY = np.array([0.28, 0.26, 0.24, 0.22])
TIE_SHARE = 0.05
# Fail only when the false-positive count is implausible for a procedure exactly at nominal: the one-sided
# 99.9% binomial upper bound of the count, not the point value EXPERIMENTS * ALPHA.
CONFIDENCE = 0.999


def _rotated_cells() -> np.ndarray:
    """cell[g, s]: the company rotates over seats game by game and the officers over companies every 4 games, so
    each cell sits GAMES / CELLS times at each seat."""
    game = np.arange(GAMES)[:, None]
    company = (np.arange(PLAYERS)[None, :] + game) % PLAYERS
    officer = (company + game // PLAYERS) % OFFICERS
    return company * OFFICERS + officer


def _simulate_wins(rng: np.random.Generator, experiments: int) -> np.ndarray:
    """win[e, g, s] for A/A experiments: outcomes depend on the seat only, never on the cell."""
    winner = rng.choice(PLAYERS, size=(experiments, GAMES), p=SEAT_WIN_PROBABILITY)
    tied = rng.random((experiments, GAMES)) < TIE_SHARE
    partner = (winner + rng.integers(1, PLAYERS, size=(experiments, GAMES))) % PLAYERS
    seats = np.arange(PLAYERS)
    win = (seats == winner[..., None]) * np.where(tied, 0.5, 1.0)[..., None]
    return win + (seats == partner[..., None]) * np.where(tied, 0.5, 0.0)[..., None]


def _false_positive_bound() -> int:
    return int(binom.ppf(CONFIDENCE, EXPERIMENTS, ALPHA))


@pytest.fixture(scope="module")
def aa_experiments() -> tuple[np.ndarray, np.ndarray]:
    cells = _rotated_cells()
    counts = np.bincount(cells.ravel(), minlength=CELLS)
    assert (counts == GAMES * PLAYERS // CELLS).all()
    return cells, _simulate_wins(np.random.default_rng(20240601), EXPERIMENTS)


def test_holm_family_wise_false_positive_rate_is_at_most_nominal(aa_experiments: tuple[np.ndarray, np.ndarray]) -> None:
    cells, win = aa_experiments
    wins_per_cell = np.stack([np.bincount(cells.ravel(), weights=experiment.ravel(), minlength=CELLS)
                              for experiment in win])
    n = np.full(CELLS, GAMES * PLAYERS // CELLS)
    p_values = binomial_p_values(wins_per_cell, n, np.full(CELLS, 1 / PLAYERS))
    holm_flags = np.array([(holm(row) <= ALPHA).any() for row in p_values])
    bh_flags = np.array([(benjamini_hochberg(row) <= ALPHA).any() for row in p_values])
    assert holm_flags.sum() <= _false_positive_bound(), f"Holm FWER {holm_flags.mean():.4f}"
    # Under the global null any discovery is false, so BH's false-discovery rate is this rate too.
    assert bh_flags.sum() <= _false_positive_bound(), f"BH FDR {bh_flags.mean():.4f}"


@pytest.mark.parametrize("factor", ["company", "officer"])
def test_homogeneity_test_rejects_at_most_nominal(aa_experiments: tuple[np.ndarray, np.ndarray], factor: str) -> None:
    cells, win = aa_experiments
    levels = (cells // OFFICERS if factor == "company" else cells % OFFICERS).ravel()
    games = np.repeat(np.arange(GAMES), PLAYERS)
    players = np.full(GAMES * PLAYERS, PLAYERS)
    rejections = 0
    for experiment in win:
        statistic, df = within_game_chi_square(games, levels, players, experiment.ravel())
        rejections += chi2.sf(statistic, df) <= ALPHA
    assert rejections <= _false_positive_bound(), f"rejection rate {rejections / EXPERIMENTS:.4f}"
