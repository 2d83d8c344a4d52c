"""`barrage bench`: how fast the engine plays whole games inside numba (`strategies.batch.play_batch`, prange over games),
and (`--mcts-ladder`) how strong and how fast a planner is at several budgets.

The first call of a numba function compiles it or loads it from the on-disk cache; that warm-up is timed on
its own so the reported rates measure play only.
"""
from __future__ import annotations

import math
import time
from dataclasses import asdict, dataclass
from typing import Callable

import numpy as np

from experiments.play import game_seeds
from sim.config import GameConfig, refuse_automa_on_duel_map
from sim.errors import ConfigError


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
    model: np.ndarray | None = None     # the learned evaluator; None: the one the seats need (registry.model_for)
    planners: bool | None = None        # core.planners_for of the seats, unless a caller that plays several
                                        # batches (the ladder) fixes it, so that they share one compiled version

    def rows(self, a: int, b: int) -> tuple:
        """The play_batch arguments for games a..b-1 (contiguous row slices: no recompilation)."""
        from strategies.core import planners_for
        from strategies.registry import model_for

        model = self.model if self.model is not None else model_for(self.seat_strategy, self.params)
        planners = self.planners if self.planners is not None else planners_for(self.seat_strategy)
        return (self.tables, self.seeds[a:b], self.fixed_company[a:b], self.fixed_officer[a:b],
                self.seat_strategy[a:b], self.params[a:b], self.seat_out[a:b], self.game_out[a:b], model, planners)


def batch_inputs(config: GameConfig, seeds: np.ndarray, strategies: str | None) -> BatchInputs:
    """Allocates play_batch's arrays for these seeds: every game with the same config and seat strategies."""
    from sim import layout as L
    from sim.results import N_GAME, N_RESULT
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
    from strategies.batch import play_batch

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
    """Column of a per-game field in play_batch's game_out (sim.results.GAME_FIELDS)."""
    from sim.results import GAME_FIELDS

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
    cpu_s: float = 0.0                     # CPU time of the process (all threads) during the timed batch
    games_per_cpu_s: float = 0.0           # the rates per CPU-second: what one core does, whatever the load
    rollouts: int = 0                      # planner playouts (flat_mc / mcts seats), 0 without a planner
    rollouts_per_s_per_core: float = 0.0
    rollouts_per_cpu_s: float = 0.0
    map: str = "base"                      # the map, and the fidelity of the data played (RECON-06)
    map_fidelity: str = "official"

    def to_dict(self) -> dict:
        """Plain data for --json."""
        return asdict(self)


def planner_rollouts(b: BatchInputs) -> int:
    """Playouts the planner seats ran: every planner decision runs exactly `iters` (parameter slot 0) playouts,
    and a seat's decision count (sim.results R_DECISIONS) counts only real choices (two or more moves)."""
    from sim.results import R_DECISIONS
    from strategies.core import FLAT_MC, ISMCTS

    players = b.seat_out.shape[1]
    strat = b.seat_strategy[:, :players]
    planner = (strat == FLAT_MC) | (strat == ISMCTS)
    iters = b.params[:, :players, 0].astype(np.int64)
    return int((planner * iters * b.seat_out[:, :, R_DECISIONS]).sum())


# Games per numba batch call at most (bench, ladder, fuzz): a call's per-game arrays (~9 KB a game, mostly the
# parameter vectors: ~45 MB a call) exist for one call at a time: memory does not grow with --games (issue #35 X3).
MAX_CHUNK_GAMES = 5_000


SEED_BYTES_PER_GAME = 24    # what every game of a run keeps: its seed (8 bytes; two more copies while they are made)


def check_memory(games: int, bytes_per_game: int, what: str = "games") -> None:
    """Refuses, before any game, a run whose per-game memory (`bytes_per_game`: what is kept for every game, not
    one call's arrays) would take more than half the available memory."""
    import psutil

    need, free = games * bytes_per_game, psutil.virtual_memory().available
    if need > free // 2:
        raise ConfigError(f"games: {games:,} {what} need about {need / 2**30:,.1f} GiB of memory "
                          f"({free / 2**30:,.1f} GiB available); use fewer games")


def bench_chunk(games: int, threads: int) -> int:
    """Games per play_batch call: about 20 progress steps, each big enough to keep every thread busy, at most
    MAX_CHUNK_GAMES."""
    return min(MAX_CHUNK_GAMES, max(500 * threads, math.ceil(games / 20)))


@dataclass
class BatchTotals:
    """What bench sums over the chunks of one timed batch."""

    games: int = 0
    decisions: int = 0
    moves: int = 0
    rollouts: int = 0
    wall: float = 0.0
    cpu: float = 0.0

    def add(self, b: BatchInputs, wall: float, cpu: float) -> None:
        """Adds one played chunk and the wall and CPU seconds it took."""
        self.games += len(b.seeds)
        self.decisions += int(b.game_out[:, game_field("decisions")].sum())
        self.moves += int(b.game_out[:, game_field("moves")].sum())
        self.rollouts += planner_rollouts(b)
        self.wall += wall
        self.cpu += cpu


def run_bench(config: GameConfig, games: int, threads: int | None = None, strategies: str | None = None,
              seed: int = 0, progress: Callable[[int], None] | None = None,
              on_warm: Callable[[float], None] | None = None,
              reference: GameConfig | None = None) -> list[BenchResult]:
    """Warms up (compile or cache load), then plays `games` games and measures the rates: one BenchResult, or two
    with a `reference` configuration (e.g. the base map next to another map), whose batch is played on the same
    seeds in chunks interleaved with the first one's (A B, B A, A B, ...) so that both see the same machine: a
    ratio of two batches timed one after the other moves with the load in between."""
    if games < 1:
        raise ConfigError(f"games: must be at least 1, got {games}")
    check_memory(games, SEED_BYTES_PER_GAME)
    n_threads = set_threads(threads)
    from sim.tables import compile_tables
    from strategies.registry import automa_levels, parse_seats

    specs, seat_ids, seat_params = parse_seats(strategies, config.players)     # validate before the long warm-up
    refuse_automa_on_duel_map(config.map, automa_levels(seat_ids, seat_params))
    configs = [config] if reference is None else [config, reference]
    t0 = time.perf_counter()
    import sim
    from strategies.batch import play_batch

    stats = getattr(play_batch, "stats", None)      # absent with NUMBA_DISABLE_JIT=1
    hits = sum(stats.cache_hits.values()) if stats else 0
    for cfg in configs:
        run_batch(cfg, game_seeds(seed + 1, max(2, n_threads)), strategies)   # other seeds than the timed run
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
    totals = [BatchTotals() for _ in configs]
    step = bench_chunk(games, n_threads)
    for k, a in enumerate(range(0, games, step)):
        e = min(games, a + step)
        order = range(len(configs)) if k % 2 == 0 else reversed(range(len(configs)))
        for i in order:
            b = batch_inputs(configs[i], seeds[a:e], strategies)      # one chunk's arrays at a time
            t1 = time.perf_counter()
            c1 = time.process_time()
            play_batch(*b.rows(0, e - a))
            totals[i].add(b, time.perf_counter() - t1, time.process_time() - c1)
            if progress is not None:
                progress(e - a)
    return [_bench_result(cfg, t, specs, seed, n_threads, warm, cache, str(sim.NUMBA_CACHE_PATH),
                          compile_tables(cfg.variant)[1].map_fidelity)
            for cfg, t in zip(configs, totals)]


def _bench_result(config: GameConfig, t: BatchTotals, specs: list[str], seed: int, n_threads: int, warm: float,
                  cache: str, cache_dir: str, fidelity: str) -> BenchResult:
    """The rates of one timed batch."""
    games, decisions, moves, rollouts = t.games, t.decisions, t.moves, t.rollouts
    elapsed, cpu = t.wall, max(1e-9, t.cpu)
    return BenchResult(
        players=config.players, games=games, threads=n_threads, strategies=specs, seed=seed,
        warmup_s=round(warm, 3), numba_cache=cache, numba_cache_dir=cache_dir,
        elapsed_s=round(elapsed, 4), games_per_s=games / elapsed, decisions=decisions,
        decisions_per_s=decisions / elapsed, decisions_per_game=decisions / games, moves_per_game=moves / games,
        us_per_decision=elapsed * 1e6 / max(1, decisions),
        us_per_decision_per_thread=elapsed * n_threads * 1e6 / max(1, decisions),
        cpu_s=round(cpu, 4), games_per_cpu_s=games / cpu,
        rollouts=rollouts, rollouts_per_s_per_core=rollouts / (elapsed * n_threads), rollouts_per_cpu_s=rollouts / cpu,
        map=config.map + (" + duel board" if config.duel else ""), map_fidelity=fidelity)


# ------------------------------------------------------------------------------------------------------------
# --mcts-ladder: strength versus budget
# ------------------------------------------------------------------------------------------------------------
LADDER_BUDGETS = (50, 200, 800)


@dataclass
class LadderRow:
    """One budget of the ladder: the planner seat's results against the opponents."""

    budget: int
    planner: str
    games: int
    win_rate: float
    win_low: float              # Wilson 95% interval of the win rate (shared victories split)
    win_high: float
    parity: float               # 1 / players
    mean_vp: float
    opponent_mean_vp: float
    s_per_game: float
    rollouts: int
    rollouts_per_s: float
    rollouts_per_s_per_core: float


@dataclass
class LadderResult:
    """What `barrage bench --mcts-ladder` measured."""

    players: int
    threads: int
    opponent: str
    seed: int
    warmup_s: float
    rows: list[LadderRow]

    def to_dict(self) -> dict:
        """Plain data for --json."""
        return asdict(self)


def parse_budgets(text: str | None) -> tuple[int, ...]:
    """Parses `50,200,800` into budgets (iterations per decision); None gives LADDER_BUDGETS."""
    if text is None:
        return LADDER_BUDGETS
    try:
        budgets = tuple(int(x) for x in text.split(","))
    except ValueError:
        raise ConfigError(f"budgets: {text!r} is not a comma-separated list of whole numbers") from None
    if not budgets or min(budgets) < 1:
        raise ConfigError(f"budgets: every budget must be at least 1, got {text!r}")
    return budgets


def run_mcts_ladder(config: GameConfig, games: int, budgets: tuple[int, ...] = LADDER_BUDGETS,
                    planner: str | None = None, opponent: str = "greedy", threads: int | None = None,
                    seed: int = 0, progress: Callable[[int], None] | None = None,
                    on_warm: Callable[[float], None] | None = None) -> LadderResult:
    """Plays the planner (default `mcts`; its `iters` set to each budget) in one seat against `opponent` in the
    others, the planner's seat rotated game by game; the same game seeds at every budget."""
    from reports.proportions import wilson_interval
    from sim.results import R_RANK, R_VP
    from strategies.batch import play_batch
    from strategies.registry import canonical, parse_spec

    if games < 1:
        raise ConfigError(f"games: must be at least 1, got {games}")
    check_memory(games, SEED_BYTES_PER_GAME)
    n_threads = set_threads(threads)
    base = planner or "mcts"
    specs = [_with_iters(base, k) for k in budgets]
    if parse_spec(specs[0])[0] not in _planner_ids():
        raise ConfigError(f"--mcts-ladder plays a planner (flat_mc or mcts), not {base!r}")
    opponent = canonical(opponent)
    players = config.players
    t0 = time.perf_counter()
    warm = batch_inputs(config, game_seeds(seed + 1, 2), opponent)     # compile or load: a 1-playout planner
    warm.seat_strategy[0, 0], warm.params[0, 0] = parse_spec(_with_iters(base, 1))
    play_batch(*warm.rows(0, 2))
    warm_s = time.perf_counter() - t0
    if on_warm is not None:
        on_warm(warm_s)
    seeds = game_seeds(seed, games)
    step = min(MAX_CHUNK_GAMES, max(n_threads, math.ceil(games / 10)))
    rows: list[LadderRow] = []
    for spec, budget in zip(specs, budgets):
        wins = mine = others = 0.0                        # sums over the games, chunk by chunk
        r = 0
        t1 = time.perf_counter()
        for a in range(0, games, step):
            e = min(games, a + step)
            b = batch_inputs(config, seeds[a:e], opponent)                  # one chunk's arrays at a time
            at = np.arange(e - a)
            seat = np.arange(a, e) % players                                  # the planner's seat, game by game
            b.seat_strategy[at, seat], b.params[at, seat] = parse_spec(spec)
            play_batch(*b.rows(0, e - a))
            first = b.seat_out[:, :, R_RANK] == 1
            wins += float((first / first.sum(axis=1, keepdims=True))[at, seat].sum())   # END-08 split ties
            vp = b.seat_out[:, :, R_VP]
            mine += float(vp[at, seat].sum())
            others += float(((vp.sum(axis=1) - vp[at, seat]) / max(1, players - 1)).sum())
            r += planner_rollouts(b)
            if progress is not None:
                progress(e - a)
        elapsed = time.perf_counter() - t1
        lo, hi = wilson_interval(wins, games)
        rows.append(LadderRow(budget, spec, games, wins / games, float(lo), float(hi), 1 / players, mine / games,
                              others / games, elapsed / games, r, r / elapsed, r / (elapsed * n_threads)))
    return LadderResult(players, n_threads, opponent, seed, round(warm_s, 3), rows)


def _with_iters(spec: str, iters: int) -> str:
    """The canonical spec with `iters` set to the budget (an `iters` the spec gives is replaced)."""
    from strategies.registry import canonical

    name, _, rest = spec.partition(":")
    items = [x for x in rest.split(",") if x.strip() and x.partition("=")[0].strip() != "iters"]
    return canonical(f"{name}:" + ",".join(items + [f"iters={iters}"]))


def _planner_ids() -> tuple[int, ...]:
    from strategies.core import FLAT_MC, ISMCTS

    return FLAT_MC, ISMCTS
