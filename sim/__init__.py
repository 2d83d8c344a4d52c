"""barrage-sim engine: data tables, state layout, numba rules and the Python Game API."""
from sim._numba_cache import configure as _configure_numba_cache

NUMBA_CACHE_PATH = _configure_numba_cache()

from sim.config import GameConfig  # noqa: E402  (the cache must be configured before numba compiles)
from sim.errors import BarrageError, ConfigError, DataError  # noqa: E402
from sim.game import Game, IllegalMoveError, Move, SeatResult  # noqa: E402

__all__ = ["Game", "GameConfig", "Move", "SeatResult", "IllegalMoveError", "BarrageError", "ConfigError",
           "DataError", "NUMBA_CACHE_PATH"]
