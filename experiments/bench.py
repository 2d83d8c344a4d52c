"""`barrage bench`: how fast the engine plays whole games inside numba (`sim.batch.play_batch`, prange over games).

The first call of a numba function compiles it or loads it from the on-disk cache; that warm-up is timed on
its own so the reported rates measure play only.
"""
from __future__ import annotations

import math
import time
from dataclasses import asdict, dataclass
from typing import Callable

import numpy as np

from sim.config import GameConfig
from sim.errors import ConfigError

from experiments.play import game_seeds


def set_threads(threads: int | None) -> int:
    """Sets numba's thread count (None = every core numba sees) and returns it."""
    import numba

    top = int(numba.config.NUMBA_NUM_THREADS)
    n = top if threads is None else int(threads)
    if not 1 <= n <= top:
        raise ConfigError(f"threads: {n} is not available; use 1..{top} (numba sees {top} cores; "
                          "set NUMBA_NUM_THREADS to change that)")
    numba.set_num_threads(n)
    return n


@dataclass
class BatchInputs:
    """The per-game arrays `play_batch` takes, and the arrays it fills."""

    tables: np.ndarray
    seeds: np.ndarray
    fixed_company: np.ndarray
    fixed_officer: np.ndarray
    seat_strategy: np.ndarray
    params: np.ndarray
    seat_out: np.ndarray
    game_out: np.ndarray

    def rows(self, a: int, b: int) -> tuple:
        """The play_batch arguments for games a..b-1 (contiguous row slices: no recompilation)."""
        return (self.tables, self.seeds[a:b], self.fixed_company[a:b], self.fixed_officer[a:b],
                self.seat_strategy[a:b], self.params[a:b], self.seat_out[a:b], self.game_out[a:b])


def batch_inputs(config: GameConfig, seeds: np.ndarray, strategies: str | None) -> BatchInputs:
    """Allocates play_batch's arrays for these seeds: every game with the same config and seat strategies."""
    from sim import layout as L
    from sim.batch import N_GAME, N_RESULT
    from sim.tables import as_array, compile_tables
    from strategies.registry import N_PARAMS, parse_seats

    _, ids_, params = parse_seats(strategies, config.players)
    tables, _ = compile_tables(config.variant)
    n = len(seeds)
    fc = np.full((n, L.MAX_PLAYERS), -1, dtype=np.int64)
    fo = np.full((n, L.MAX_PLAYERS), -1, dtype=np.int64)
    fc[:, :config.players] = config.company_ids()
    fo[:, :config.players] = config.officer_ids()
    strat = np.zeros((n, L.MAX_PLAYERS), dtype=np.int64)
    strat[:, :config.players] = ids_
    par = np.zeros((n, L.MAX_PLAYERS, N_PARAMS), dtype=np.float64)
    par[:, :config.players] = params
    return BatchInputs(as_array(tables), np.ascontiguousarray(seeds, dtype=np.int64), fc, fo, strat, par,
                       np.zeros((n, config.players, N_RESULT), dtype=np.int64),
                       np.zeros((n, N_GAME), dtype=np.int64))


def run_batch(config: GameConfig, seeds: np.ndarray, strategies: str | None = None,
              chunk: int | None = None, progress: Callable[[int], None] | None = None) -> BatchInputs:
    """Plays every seed with play_batch (in chunks of `chunk` games, reporting each to `progress`)."""
    from sim.batch import play_batch

    b = batch_inputs(config, seeds, strategies)
    n = len(seeds)
    step = n if not chunk else max(1, int(chunk))
    for a in range(0, n, step):
        e = min(n, a + step)
        play_batch(*b.rows(a, e))
        if progress is not None:
            progress(e - a)
    return b


def game_field(name: str) -> int:
    """Column of a per-game field in play_batch's game_out (sim.batch.GAME_FIELDS)."""
    from sim.batch import GAME_FIELDS

    o = 0
    for f, size in GAME_FIELDS:
        if f == name:
            return o
        o += size
    raise KeyError(name)


@dataclass
class BenchResult:
    """What `barrage bench` measured."""

    players: int
    games: int
    threads: int
    strategies: list[str]
    seed: int
    warmup_s: float
    numba_cache: str
    numba_cache_dir: str
    elapsed_s: float
    games_per_s: float
    decisions: int
    decisions_per_s: float
    decisions_per_game: float
    moves_per_game: float
    us_per_decision: float
    us_per_decision_per_thread: float

    def to_dict(self) -> dict:
        """Plain data for --json."""
        return asdict(self)


def bench_chunk(games: int, threads: int) -> int:
    """Games per play_batch call: about 20 progress steps, each big enough to keep every thread busy."""
    return max(500 * threads, math.ceil(games / 20))


def run_bench(config: GameConfig, games: int, threads: int | None = None, strategies: str | None = None,
              seed: int = 0, progress: Callable[[int], None] | None = None,
              on_warm: Callable[[float], None] | None = None) -> BenchResult:
    """Warms up (compile or cache load), then plays `games` games and measures the rates."""
    if games < 1:
        raise ConfigError(f"games: must be at least 1, got {games}")
    n_threads = set_threads(threads)
    from strategies.registry import parse_seats

    specs, _, _ = parse_seats(strategies, config.players)     # validate before the long warm-up
    t0 = time.perf_counter()
    import sim
    from sim.batch import play_batch

    stats = getattr(play_batch, "stats", None)      # absent with NUMBA_DISABLE_JIT=1
    hits = sum(stats.cache_hits.values()) if stats else 0
    run_batch(config, game_seeds(seed + 1, max(2, n_threads)), strategies)   # other seeds than the timed run
    warm = time.perf_counter() - t0
    if stats is None:
        cache = "no JIT"
    elif stats.cache_misses:
        cache = "compiled"
    elif sum(stats.cache_hits.values()) > hits:
        cache = "loaded from cache"
    else:
        cache = "in memory"
    if on_warm is not None:
        on_warm(warm)

    seeds = game_seeds(seed, games)
    t1 = time.perf_counter()
    b = run_batch(config, seeds, strategies, chunk=bench_chunk(games, n_threads), progress=progress)
    elapsed = time.perf_counter() - t1
    decisions = int(b.game_out[:, game_field("decisions")].sum())
    moves = int(b.game_out[:, game_field("moves")].sum())
    return BenchResult(
        players=config.players, games=games, threads=n_threads, strategies=specs, seed=seed,
        warmup_s=round(warm, 3), numba_cache=cache, numba_cache_dir=str(sim.NUMBA_CACHE_PATH),
        elapsed_s=round(elapsed, 4), games_per_s=games / elapsed, decisions=decisions,
        decisions_per_s=decisions / elapsed, decisions_per_game=decisions / games, moves_per_game=moves / games,
        us_per_decision=elapsed * 1e6 / max(1, decisions),
        us_per_decision_per_thread=elapsed * n_threads * 1e6 / max(1, decisions))
