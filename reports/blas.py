"""One BLAS thread for the report's statistics.

Their matrices are small (a few dozen columns: sum-coded designs, sandwich covariances, their pseudo-inverses),
where OpenBLAS's thread pool costs far more than the work: a 31 x 31 pseudo-inverse took 6.2 ms with the default
threads and 0.16 ms with one (2 cores, numpy 2.4), which made the synergy test of one placebo draw 164 ms
(issue #31: the calibration's speed)."""
from __future__ import annotations

from threadpoolctl import threadpool_limits


def single_blas_thread() -> threadpool_limits:
    """A context in which numpy's BLAS and LAPACK calls run on one thread."""
    return threadpool_limits(limits=1, user_api="blas")
