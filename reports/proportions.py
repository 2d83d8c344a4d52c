"""Wilson score intervals for win proportions (counts); the clustered version is reports.clustering.wilson."""

from __future__ import annotations

import numpy as np

from reports.clustering import wilson


def wilson_interval(successes: np.ndarray, n: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """95% Wilson score interval of successes / n for independent trials; successes may be fractional (split
    ties). Exactly 0 at no success and exactly 1 at n successes."""
    successes = np.asarray(successes, dtype=float)
    n = np.asarray(n, dtype=float)
    return wilson(successes / n, n)
