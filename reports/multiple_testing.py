"""Multiple-testing corrections across cells: Holm (family-wise) and Benjamini-Hochberg (false discovery rate)."""

from __future__ import annotations

import numpy as np

ALPHA = 0.05


def holm(p_values: np.ndarray) -> np.ndarray:
    """Holm step-down adjusted p-values: running max of (m - i + 1) * p_(i), capped at 1."""
    p = np.asarray(p_values, dtype=float)
    order = np.argsort(p, kind="stable")
    m = p.size
    stepped = np.minimum(1.0, (m - np.arange(m)) * p[order])
    adjusted = np.empty(m)
    adjusted[order] = np.maximum.accumulate(stepped)
    return adjusted


def benjamini_hochberg(p_values: np.ndarray) -> np.ndarray:
    """Benjamini-Hochberg step-up adjusted p-values: running min from the top of m / i * p_(i), capped at 1."""
    p = np.asarray(p_values, dtype=float)
    order = np.argsort(p, kind="stable")
    m = p.size
    scaled = m / np.arange(1, m + 1) * p[order]
    adjusted = np.empty(m)
    adjusted[order] = np.minimum(1.0, np.minimum.accumulate(scaled[::-1])[::-1])
    return adjusted
