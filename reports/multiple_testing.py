"""Multiple-testing corrections across a family of tests: Holm (family-wise error) and Benjamini-Hochberg
(false-discovery rate).

Benjamini-Hochberg is statsmodels' `fdrcorrection`. Holm is the same step-down formula as statsmodels'
`multipletests(method="holm")` (tests/reports/test_report_multiple_testing.py checks they agree), written here
because that function runs gc.collect() on every call (0.1-0.2 s): fine once, but the placebo calibration calls it
thousands of times.
"""

from __future__ import annotations

import numpy as np
from statsmodels.stats.multitest import fdrcorrection

ALPHA = 0.05


def holm(p_values: np.ndarray) -> np.ndarray:
    """Holm step-down adjusted p-values: running max of (m - i + 1) * p_(i), capped at 1."""
    p = np.asarray(p_values, dtype=float)
    order = np.argsort(p, kind="stable")
    adjusted = np.empty(p.size)
    adjusted[order] = np.minimum(1.0, np.maximum.accumulate((p.size - np.arange(p.size)) * p[order]))
    return adjusted


def benjamini_hochberg(p_values: np.ndarray) -> np.ndarray:
    """Benjamini-Hochberg step-up adjusted p-values."""
    p = np.asarray(p_values, dtype=float)
    return fdrcorrection(p)[1] if p.size else p
