"""Sample-size advice: games per cell needed to detect a win-rate difference from parity."""

from __future__ import annotations

import math
from collections.abc import Sequence

import pandas as pd
from scipy.optimize import brentq
from scipy.stats import norm

from reports.multiple_testing import ALPHA

POWER = 0.80
DIFFERENCES = (0.01, 0.02, 0.03, 0.05, 0.10)


def required_games(parity: float, difference: float, alpha: float = ALPHA, power: float = POWER) -> float:
    """Normal-approximation n for a two-sided one-sample test of p = parity when the truth is parity + difference."""
    alternative = parity + difference
    spread = (norm.ppf(1 - alpha / 2) * math.sqrt(parity * (1 - parity))
              + norm.ppf(power) * math.sqrt(alternative * (1 - alternative)))
    return (spread / difference) ** 2


def games_needed(parity: float, difference: float, alpha: float = ALPHA, power: float = POWER) -> int:
    """Games per cell, rounded up."""
    return math.ceil(required_games(parity, difference, alpha, power))


def detectable_difference(parity: float, games: int, alpha: float = ALPHA, power: float = POWER) -> float:
    """Smallest advantage over parity that `games` games per cell detect with the given power."""
    largest = 1 - parity - 1e-9
    if required_games(parity, largest, alpha, power) > games:
        return float("nan")
    return float(brentq(lambda difference: required_games(parity, difference, alpha, power) - games, 1e-9, largest))


def sample_size_table(player_counts: Sequence[int], cells: int, differences: Sequence[float] = DIFFERENCES,
                      alpha: float = ALPHA, power: float = POWER, design_effect: float = 1.0) -> pd.DataFrame:
    """Games per cell for each player count and difference, alone and under Holm across `cells` cells (alpha/m),
    multiplied by the measured design effect of a cell's estimate (at least 1)."""
    records = []
    inflation = max(design_effect, 1.0)
    for players in player_counts:
        parity = 1 / players
        for difference in differences:
            records.append({
                "players": players,
                "parity": parity,
                "difference": difference,
                "design_effect": inflation,
                "games_per_cell": math.ceil(inflation * required_games(parity, difference, alpha, power)),
                "games_per_cell_holm": math.ceil(inflation * required_games(parity, difference,
                                                                            alpha / max(cells, 1), power)),
                "holm_cells": cells,
            })
    return pd.DataFrame.from_records(records)

