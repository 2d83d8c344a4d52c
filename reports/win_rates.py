"""Win rate per group against parity (1 / players) with intervals, exact tests and corrections across groups."""

from __future__ import annotations

from collections.abc import Sequence

import pandas as pd

from reports.multiple_testing import ALPHA, benjamini_hochberg, holm
from reports.proportions import binomial_p_values, wilson_interval


def win_rate_table(rows: pd.DataFrame, keys: Sequence[str], alpha: float = ALPHA) -> pd.DataFrame:
    """One line per group of `keys` (and player count, which sets parity); the groups form one family for Holm/BH."""
    group_keys = list(dict.fromkeys([*keys, "players"]))
    table = rows.groupby(group_keys, observed=True, sort=True)["win"].agg(n="size", wins="sum").reset_index()
    for key in group_keys:
        if isinstance(table[key].dtype, pd.CategoricalDtype):
            # Plain values, so pivots and plots downstream never drag unobserved categories along.
            table[key] = table[key].astype(table[key].cat.categories.dtype)
    n = table["n"].to_numpy(float)
    wins = table["wins"].to_numpy(float)
    parity = 1.0 / table["players"].to_numpy(float)
    low, high = wilson_interval(wins, n)
    p_values = binomial_p_values(wins, n, parity)
    table = table.assign(
        win_rate=wins / n, parity=parity, difference=wins / n - parity, ci_low=low, ci_high=high,
        p_value=p_values, p_holm=holm(p_values), p_bh=benjamini_hochberg(p_values),
    )
    table["holm_significant"] = table["p_holm"] <= alpha
    table["bh_significant"] = table["p_bh"] <= alpha
    return table


def group_labels(table: pd.DataFrame, keys: Sequence[str]) -> list[str]:
    """Readable labels from the keys that actually vary (e.g. just the cell when there is one strategy)."""
    varying = [key for key in keys if table[key].nunique() > 1] or [keys[0]]
    return [" | ".join(str(value) for value in values) for values in table[varying].itertuples(index=False)]
