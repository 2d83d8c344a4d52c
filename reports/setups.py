"""Setup effects: does a company (or officer) win at a different rate in another setup (an expansion, the
introductory game, a fixed tile, a what-if override) than in the reference setup?

Each level of the factor is compared with itself across setups: the difference of its two win rates, with a
cluster-robust standard error (reports.clustering.clustered_difference). Setups share their game seeds (common
random numbers), so the two samples are correlated; clustering by replicate keeps that covariance instead of
assuming independence. z test, Holm and Benjamini-Hochberg across all comparisons.
"""
from __future__ import annotations

import pandas as pd
from scipy.stats import norm

from reports.clustering import Z, clustered_difference
from reports.multiple_testing import ALPHA, benjamini_hochberg, holm


def setup_effect_table(rows: pd.DataFrame, factor: str, alpha: float = ALPHA) -> pd.DataFrame:
    """One line per (player count, level of `factor`, non-reference setup): its win rate there against the same
    level in the reference setup (the first setup in the results' order)."""
    setups = list(dict.fromkeys(rows["setup"].astype(str)))
    reference = setups[0]
    setup = rows["setup"].astype(str).to_numpy()
    level = rows[factor].astype(str).to_numpy()
    players = rows["players"].to_numpy()
    win = rows["win"].to_numpy(float)
    replicate = rows["replicate"].to_numpy()
    records = []
    for p in sorted(set(players.tolist())):
        for name in sorted(set(level[players == p].tolist())):
            base = (players == p) & (level == name)
            in_reference = base & (setup == reference)
            if not in_reference.any():
                continue
            for other in setups[1:]:
                in_other = base & (setup == other)
                if not in_other.any():
                    continue
                difference, se = clustered_difference(win, in_other, in_reference, replicate)
                records.append({"players": int(p), factor: name, "setup": other, "reference": reference,
                                "n": int(in_other.sum()), "reference_n": int(in_reference.sum()),
                                "win_rate": win[in_other].mean(), "reference_rate": win[in_reference].mean(),
                                "difference": difference, "std_error": se,
                                "ci_low": max(-1.0, difference - Z * se), "ci_high": min(1.0, difference + Z * se),
                                "p_value": float(2 * norm.sf(abs(difference) / se)) if se > 0 else 1.0})
    table = pd.DataFrame.from_records(records)
    if table.empty:
        return table
    table["p_holm"] = holm(table["p_value"].to_numpy())
    table["p_bh"] = benjamini_hochberg(table["p_value"].to_numpy())
    table["holm_significant"] = table["p_holm"] <= alpha
    table["bh_significant"] = table["p_bh"] <= alpha
    return table
