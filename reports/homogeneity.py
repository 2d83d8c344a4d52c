"""Chi-square test that every level of a factor (company, officer, seat...) wins at parity."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import pandas as pd
from scipy.stats import chi2

# Eigenvalues below this fraction of the largest are treated as zero (the covariance is singular by design).
RELATIVE_RANK_TOLERANCE = 1e-10


@dataclass(frozen=True)
class HomogeneityResult:
    """Outcome of one homogeneity test."""

    factor: str
    levels: int
    statistic: float
    df: int
    p_value: float


def within_game_chi_square(game_codes: np.ndarray, level_codes: np.ndarray, players: np.ndarray,
                           win: np.ndarray) -> tuple[float, int]:
    """Wald chi-square of wins per level against their parity expectation, using the exact null covariance.

    Each game has exactly one winner among its seats, so level win totals are negatively correlated; the naive
    2 x k contingency table ignores that and is anti-conservative by up to 1 / (1 - 1/players). Under the null
    each seat of a game wins with probability 1/players, so a game with m_c seats of level c contributes
    m_c/P on the diagonal and -m_c m_d / P^2 everywhere. When every game holds each level once this reduces to
    Pearson's multinomial statistic sum((W - E)^2 / E).
    """
    levels = int(level_codes.max()) + 1
    games = int(game_codes.max()) + 1
    share = 1.0 / np.asarray(players, dtype=float)
    observed = np.bincount(level_codes, weights=win, minlength=levels)
    expected = np.bincount(level_codes, weights=share, minlength=levels)
    share_by_game = np.bincount(game_codes * levels + level_codes, weights=share,
                                minlength=games * levels).reshape(games, levels)
    covariance = np.diag(expected) - share_by_game.T @ share_by_game
    eigenvalues, eigenvectors = np.linalg.eigh(covariance)
    kept = eigenvalues > RELATIVE_RANK_TOLERANCE * eigenvalues.max()
    projected = eigenvectors[:, kept].T @ (observed - expected)
    return float(np.sum(projected**2 / eigenvalues[kept])), int(kept.sum())


def homogeneity_test(rows: pd.DataFrame, factor: str) -> HomogeneityResult:
    """Test that all levels of `factor` win at parity (equivalently, at the same rate) within games."""
    game_codes = pd.factorize(rows["game"])[0]
    level_codes, levels = pd.factorize(rows[factor])
    statistic, df = within_game_chi_square(game_codes, level_codes, rows["players"].to_numpy(),
                                           rows["win"].to_numpy(float))
    p_value = float(chi2.sf(statistic, df)) if df > 0 else 1.0
    return HomogeneityResult(factor=factor, levels=len(levels), statistic=statistic, df=df, p_value=p_value)


def homogeneity_table(rows: pd.DataFrame, factors: Sequence[str]) -> pd.DataFrame:
    """One homogeneity test per factor that has at least two levels."""
    results = [homogeneity_test(rows, factor) for factor in factors if rows[factor].nunique() > 1]
    return pd.DataFrame([vars(result) for result in results],
                        columns=["factor", "levels", "statistic", "df", "p_value"])
