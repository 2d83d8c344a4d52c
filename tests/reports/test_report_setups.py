"""Setup effects: Newcombe's interval and the two-proportion test against published values, and the table's
reference-vs-other layout."""
from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from reports.setups import newcombe_interval, setup_effect_table, two_proportion_p_values


def test_newcombe_hybrid_score_interval_matches_the_paper():
    """Newcombe (1998), Stat. Med. 17:873, table II example (a): 56/70 vs 48/80, method 10 -> 0.0524 to 0.3339."""
    low, high = newcombe_interval(56, 70, 48, 80)
    assert (round(float(low), 4), round(float(high), 4)) == (0.0524, 0.3339)


def test_two_proportion_z_test_matches_the_chi_square_test():
    from scipy.stats import chi2_contingency

    chi = chi2_contingency(np.array([[56, 14], [48, 32]]), correction=False)
    assert two_proportion_p_values(56, 70, 48, 80) == pytest.approx(chi.pvalue, rel=1e-9)


def _rows(rates: dict[tuple[str, str], tuple[int, int]]) -> pd.DataFrame:
    out = []
    for (setup, company), (wins, n) in rates.items():
        out += [{"players": 2, "setup": setup, "company": company, "win": 1.0 if i < wins else 0.0}
                for i in range(n)]
    return pd.DataFrame(out)


def test_setup_effect_table_compares_each_level_with_the_reference_setup():
    rows = _rows({("full", "USA"): (48, 80), ("full", "Italy"): (40, 80),
                  ("full,geological", "USA"): (56, 70), ("full,geological", "Italy"): (35, 70)})
    t = setup_effect_table(rows, "company")
    assert t[["company", "setup", "reference"]].values.tolist() == [["Italy", "full,geological", "full"],
                                                                     ["USA", "full,geological", "full"]]
    usa = t[t.company == "USA"].iloc[0]
    assert usa.difference == pytest.approx(0.2) and round(usa.ci_low, 4) == 0.0524
    assert t[t.company == "Italy"].iloc[0].difference == pytest.approx(0.0)
    assert usa.p_holm == pytest.approx(min(1.0, 2 * usa.p_value))  # Holm over 2 tests, USA's p is the smaller
    assert bool(usa.holm_significant) and not bool(t[t.company == "Italy"].iloc[0].holm_significant)
