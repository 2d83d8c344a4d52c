"""barrage-sim engine: data tables, state layout, numba rules and the Python Game API."""
from sim._numba_cache import configure as _configure_numba_cache

NUMBA_CACHE_PATH = _configure_numba_cache()
