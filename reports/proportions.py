"""Inference for win proportions: Wilson intervals and exact binomial tests against parity."""

from __future__ import annotations

import numpy as np
from scipy.stats import binomtest, norm

CONFIDENCE = 0.95


def wilson_interval(successes: np.ndarray, n: np.ndarray,
                    confidence: float = CONFIDENCE) -> tuple[np.ndarray, np.ndarray]:
    """Wilson score interval; successes may be fractional (split ties), the formula needs no integers."""
    successes = np.asarray(successes, dtype=float)
    n = np.asarray(n, dtype=float)
    z = norm.ppf(0.5 + confidence / 2)
    rate = successes / n
    shrink = 1 + z**2 / n
    centre = (rate + z**2 / (2 * n)) / shrink
    half_width = z * np.sqrt(rate * (1 - rate) / n + z**2 / (4 * n**2)) / shrink
    # Exactly 0 or 1 in theory at 0 or n successes; clip the floating-point hair outside [0, 1].
    return np.clip(centre - half_width, 0, 1), np.clip(centre + half_width, 0, 1)


def rounded_successes(successes: np.ndarray) -> np.ndarray:
    """Fractional win totals rounded to the nearest integer, halves up, for the exact binomial test."""
    return np.floor(np.asarray(successes, dtype=float) + 0.5).astype(np.int64)


def binomial_p_values(successes: np.ndarray, n: np.ndarray, parity: np.ndarray) -> np.ndarray:
    """Two-sided exact binomial p-values (scipy binomtest) of rounded successes against parity."""
    k, trials, p0 = np.broadcast_arrays(rounded_successes(successes), np.asarray(n, dtype=np.int64),
                                        np.asarray(parity, dtype=float))
    # binomtest is scalar and slowish; many cells share (k, n, parity), so evaluate each distinct triple once.
    triples = np.column_stack([k.ravel(), trials.ravel(), p0.ravel()])
    distinct, inverse = np.unique(triples, axis=0, return_inverse=True)
    p_values = np.array([binomtest(int(ki), int(ni), pi).pvalue for ki, ni, pi in distinct])
    return p_values[inverse.ravel()].reshape(k.shape)
