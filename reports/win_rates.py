"""Win rate per group against parity (1 / players): clustered intervals, score tests, corrections across groups."""

from __future__ import annotations

from collections.abc import Sequence

import pandas as pd

from reports.clustering import parity_z_test, win_rate_summary
from reports.multiple_testing import ALPHA, benjamini_hochberg, holm


def win_rate_table(rows: pd.DataFrame, keys: Sequence[str], alpha: float = ALPHA) -> pd.DataFrame:
    """One line per group of `keys` (and player count, which sets parity); the groups form one family for Holm/BH.

    Intervals and tests are clustered by replicate (reports.clustering), so rows of one game or one replicate count
    once as the evidence they are."""
    table = win_rate_summary(rows, keys)
    p_values = parity_z_test(table)
    table = table.assign(p_value=p_values, p_holm=holm(p_values), p_bh=benjamini_hochberg(p_values))
    table["holm_significant"] = table["p_holm"] <= alpha
    table["bh_significant"] = table["p_bh"] <= alpha
    return table

