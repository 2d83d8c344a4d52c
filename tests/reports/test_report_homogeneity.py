"""Known answers for the within-game chi-square homogeneity test."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from scipy.stats import chi2, chisquare

from reports.homogeneity import (
    homogeneity_table,
    homogeneity_test,
    within_game_chi_square,
)


def test_reduces_to_pearson_multinomial_when_every_game_holds_every_level_once() -> None:
    rng = np.random.default_rng(5)
    games, players = 300, 4
    levels = np.argsort(rng.random((games, players)), axis=1)  # each game: levels 0..3 in random seats
    winner = rng.choice(players, size=games, p=[0.4, 0.2, 0.2, 0.2])
    win = (np.arange(players)[None, :] == winner[:, None]).astype(float)
    statistic, df = within_game_chi_square(np.repeat(np.arange(games), players), levels.ravel(),
                                           np.full(games * players, players), win.ravel())
    observed = np.bincount(levels.ravel(), weights=win.ravel())
    reference = chisquare(observed, np.full(players, games / players))
    assert df == players - 1
    assert statistic == pytest.approx(reference.statistic, rel=1e-10)


def test_partial_design_by_hand() -> None:
    # Game 0: levels A, B, C, A wins. Game 1: levels A, A, B, B wins. Three players.
    # Expected wins E = (1, 2/3, 1/3), observed W = (1, 1, 0), d = W - E = (0, 1/3, -1/3).
    # Null covariance diag(E) - sum_g m_g m_g' / 9 = [[4, -3, -1], [-3, 4, -1], [-1, -1, 2]] / 9 (rank 2);
    # solving it for d within the sum-zero subspace gives x = (2/7, 5/7, -1), so d'x = 4/7.
    statistic, df = within_game_chi_square(np.array([0, 0, 0, 1, 1, 1]), np.array([0, 1, 2, 0, 0, 1]),
                                           np.full(6, 3), np.array([1.0, 0, 0, 0, 0, 1.0]))
    assert df == 2
    assert statistic == pytest.approx(4 / 7, rel=1e-10)


def test_table_skips_constant_factors_and_reports_p_values() -> None:
    rows = pd.DataFrame({
        "game": np.repeat([0, 1, 2, 3], 2),
        "players": 2,
        "company": ["USA", "Italy"] * 4,
        "officer": ["X"] * 8,
        "win": [1.0, 0.0, 1.0, 0.0, 0.5, 0.5, 1.0, 0.0],
    })
    table = homogeneity_table(rows, ["company", "officer"])
    assert table["factor"].tolist() == ["company"]
    result = homogeneity_test(rows, "company")
    # Two levels in every game: W_USA = 3.5, E = 2, variance 4 * 1/4 = 1 -> statistic 2.25 on 1 df.
    assert (result.statistic, result.df) == (pytest.approx(2.25), 1)
    assert result.p_value == pytest.approx(chi2.sf(2.25, 1))
