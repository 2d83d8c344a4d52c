"""A response surface over the rebalance search's games: each group's own-seat win rate (every company, officer and
pairing) as a quadratic function of each knob's steps, without interactions, fitted by least squares to every
candidate the search has played, weighted by its games.

CMA-ES samples the knobs at random around its mean, which is a good design for this regression: after a few
generations the surface knows roughly what each step of each knob does to each company and officer. Its minimum
over the knobs' grids (by coordinate descent from several starts) is handed to CMA-ES as one sample of the next
generation (`inject`): it is played and judged like the others, and moves the search only if its games bear it
out. The surface's linear terms are the knobs' sensitivities the report shows. Both depend only on the games of
earlier generations, so a resumed run fits the same surface.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

RIDGE = 1e-6          # keeps the fit defined when a knob has not moved yet (its terms stay near 0)
STARTS = 16           # coordinate-descent starts: the official values, the incumbent, and random grid points


@dataclass(frozen=True)
class Surface:
    """rate_g(s) = intercept_g + sum_k linear[k, g] s_k + quadratic[k, g] s_k^2, for steps s."""

    intercept: np.ndarray
    linear: np.ndarray
    quadratic: np.ndarray

    def predict(self, steps: Sequence[int]) -> np.ndarray:
        """The predicted rate of every group at these steps."""
        s = np.asarray(steps, dtype=float)
        return self.intercept + s @ self.linear + (s ** 2) @ self.quadratic


def fit_surface(steps: np.ndarray, rates: np.ndarray, weights: np.ndarray) -> Surface | None:
    """Weighted least squares of rates [candidates, groups] on steps [candidates, knobs]; None with fewer
    candidates than the surface has terms per group."""
    n, k = steps.shape
    if n < 2 * k + 2:
        return None
    design = np.column_stack([np.ones(n), steps, steps ** 2]).astype(float)
    root = np.sqrt(weights / weights.mean())[:, None]
    a, b = design * root, rates * root
    coef = np.linalg.solve(a.T @ a + RIDGE * np.eye(a.shape[1]), a.T @ b)
    return Surface(coef[0], coef[1:k + 1], coef[k + 1:])


def surface_minimum(score: Callable[[tuple[int, ...]], float], bounds: Sequence[tuple[int, int]],
                    incumbent: Sequence[int], rng: np.random.Generator) -> tuple[int, ...]:
    """The grid point of smallest `score` found by coordinate descent (one knob at a time, every value of its
    range) from the official values, the incumbent and random grid points; ties keep the earlier point."""
    k = len(bounds)
    starts = [tuple([0] * k), tuple(int(v) for v in incumbent)]
    starts += [tuple(int(rng.integers(lo, hi + 1)) if rng.random() < 0.3 else 0 for lo, hi in bounds)
               for _ in range(STARTS - 2)]
    best, best_score = starts[0], score(starts[0])
    for start in starts:
        point, value = list(start), score(start)
        improved = True
        while improved:
            improved = False
            for i in range(k):
                for v in range(bounds[i][0], bounds[i][1] + 1):
                    trial = tuple(point[:i] + [v] + point[i + 1:])
                    s = score(trial)
                    if s < value - 1e-12:
                        point, value, improved = list(trial), s, True
        if value < best_score - 1e-12:
            best, best_score = tuple(point), value
    return best
