"""`barrage ladder`: a round-robin of the built-in bots and the Automa levels, fitted into ratings.

Every pair of bots plays the same game seeds (common random numbers) twice, once in each seat order (2 players,
seats rotated); Automa against Automa is impossible (AUTOMA-01) and skipped. The games are fitted into
Bradley-Terry strengths (reports.ratings: Plackett-Luce, which is Bradley-Terry for 2 players, with a game
bootstrap for the intervals), shown on the Elo scale (400 / ln 10 per unit of log-strength, mean 0).

Cost: each pairing's batch is timed in process CPU-seconds (every numba thread counted); a bot's CPU-seconds
per game is the non-negative least-squares split of the pairings' costs into one share per bot (a game costs
the sum of its two bots' shares, the engine's own work included in both).
"""
from __future__ import annotations

import math
import time
from dataclasses import asdict, dataclass, field
from typing import Callable

import numpy as np

from sim.config import GameConfig
from sim.errors import ConfigError

ELO_PER_LOG_STRENGTH = 400 / math.log(10)
PLAYERS = 2
# What every game of a ladder keeps (measured: RSS grows 0.4 KB a game from 100,000 to 400,000 games): its rows and
# the rating fit's arrays -- reports.ratings needs every game for its bootstrap.
RATING_BYTES_PER_GAME = 400


def default_bots() -> tuple[str, ...]:
    """random, every greedy-family bot (greedy, the personas, tuned weights if registered), the apprentice,
    flat_mc, the ISMCTS planner at a small budget with and without the learned evaluator at its leaves and at the
    expert budget, and Automa levels 1-4."""
    from strategies import core, registry

    greedy_family = tuple(s.name for s in registry.REGISTRY.values() if s.id == core.GREEDY)
    return (("random",) + greedy_family + ("apprentice", "flat_mc:iters=25", "mcts:iters=25",
                                           "mcts:iters=25,depth=10,leaf=1", "expert")
            + tuple(f"automa:level={k}" for k in range(1, 5)))


@dataclass
class PairResult:
    """One pairing: `first`'s score against `second` (shared victories split) and the batch's cost."""

    first: str
    second: str
    games: int
    first_wins: float
    win_low: float
    win_high: float
    first_mean_vp: float
    second_mean_vp: float
    cpu_s: float


@dataclass
class BotRating:
    """A bot's place on the ladder."""

    position: int
    bot: str
    elo: float
    elo_low: float              # 95% bootstrap percentile interval
    elo_high: float
    games: int
    win_rate: float
    mean_vp: float
    cpu_s_per_game: float


@dataclass
class LadderResult:
    """What `barrage ladder` measured."""

    games_per_pairing: int
    seed: int
    threads: int
    bots: list[str]
    ratings: list[BotRating]
    pairings: list[PairResult] = field(default_factory=list)
    deal: str = "pick"          # "random": pairings dealt at random (the same for both seat orders of a seed)

    def to_dict(self) -> dict:
        """Plain data for --json."""
        return asdict(self)


def parse_bots(text: str | None) -> tuple[str, ...]:
    """Canonical specs of the ladder's bots (`default_bots()` if None); at least two, no duplicates, not only
    Automas."""
    from strategies.registry import canonical, split_specs

    bots = tuple(_name(canonical(s)) for s in (split_specs(text) if text else default_bots()))
    if len(bots) < 2:
        raise ConfigError(f"bots: a ladder needs at least two bots, got {', '.join(bots) or 'none'}")
    dup = sorted({b for b in bots if bots.count(b) > 1})
    if dup:
        raise ConfigError(f"bots: {', '.join(dup)} listed twice; list every bot once")
    if all(_is_automa(b) for b in bots):
        raise ConfigError("bots: Automa cannot play Automa (AUTOMA-01); add a bot that is not an Automa")
    return bots


def pairings(bots: tuple[str, ...]) -> list[tuple[int, int]]:
    """Every pair (i < j) of bots except Automa against Automa (AUTOMA-01)."""
    return [(i, j) for i in range(len(bots)) for j in range(i + 1, len(bots))
            if not (_is_automa(bots[i]) and _is_automa(bots[j]))]


def run_ladder(games: int, bots: tuple[str, ...], seed: int = 0, threads: int | None = None,
               progress: Callable[[int], None] | None = None, deal: str = "pick") -> LadderResult:
    """Plays every pairing `games` times (rounded up to even: each seed in both seat orders) and fits ratings;
    `deal="random"` deals each seed's companies and officers at random (both seat orders keep the seats'
    pairings, so each bot plays both) instead of letting the bots pick them (SETUP-15)."""
    import pandas as pd

    from experiments.bench import batch_inputs, bench_chunk, check_memory, set_threads
    from experiments.play import game_seeds
    from reports.proportions import wilson_interval
    from reports.ratings import rate
    from sim.results import R_RANK, R_VP
    from strategies.batch import play_batch
    from strategies.core import planners_for
    from strategies.registry import parse_spec

    if games < 1:
        raise ConfigError(f"games: must be at least 1, got {games}")
    if deal not in ("pick", "random"):
        raise ConfigError(f"deal: unknown deal {deal!r}; use pick or random")
    n_threads = set_threads(threads)
    config = GameConfig(players=PLAYERS)
    half = (games + 1) // 2
    n = 2 * half
    pairs = pairings(bots)
    check_memory(n * len(pairs), RATING_BYTES_PER_GAME, f"games in {len(pairs)} pairings")
    seeds = np.repeat(game_seeds(seed, half), 2)           # seed k in games 2k (first bot in seat 0) and 2k+1
    swap = np.arange(n) % 2                                 # the first bot's seat
    parsed = [parse_spec(b) for b in bots]
    planners = planners_for([bot_id for bot_id, _ in parsed])
    frames, results = [], []
    cost = np.zeros((len(pairs), len(bots)))
    cpu = np.zeros(len(pairs))
    rows = np.arange(n)
    step = bench_chunk(n, n_threads)

    if deal == "random":
        from experiments.seeds import random_pairings
        from sim.tables import compile_tables

        dealt = [np.repeat(a, 2, axis=0) for a in random_pairings(compile_tables(config.variant)[0], PLAYERS, seed,
                                                                   0, 0, half)]

    def inputs(i: int, j: int, a: int, e: int):
        """play_batch's arrays for games a..e-1 of pairing (i, j): one chunk's at a time (issue #35 X3)."""
        b = batch_inputs(config, seeds[a:e], None)
        if deal == "random":
            b.fixed_company[:, :PLAYERS], b.fixed_officer[:, :PLAYERS] = (d[a:e] for d in dealt)
        at, first_seat = np.arange(e - a), swap[a:e]
        b.seat_strategy[at, first_seat], b.params[at, first_seat] = parsed[i]
        b.seat_strategy[at, 1 - first_seat], b.params[at, 1 - first_seat] = parsed[j]
        b.planners = planners           # one compiled version for every pairing: no compile inside a timing
        return b

    play_batch(*inputs(*pairs[0], 0, 1).rows(0, 1))        # compile or load the engine before any timing
    for p, (i, j) in enumerate(pairs):
        rank = np.zeros((n, PLAYERS), dtype=np.int8)        # per game only what the results need
        vp = np.zeros((n, PLAYERS), dtype=np.int32)
        for a in range(0, n, step):
            e = min(n, a + step)
            b = inputs(i, j, a, e)
            t0 = time.process_time()
            play_batch(*b.rows(0, e - a))
            cpu[p] += time.process_time() - t0
            rank[a:e], vp[a:e] = b.seat_out[:, :, R_RANK], b.seat_out[:, :, R_VP]
        cpu[p] /= n
        cost[p, [i, j]] = 1.0
        first = rank == 1
        share = first / first.sum(axis=1, keepdims=True)    # END-08: a shared victory is split
        mine = share[rows, swap]
        lo, hi = wilson_interval(mine.sum(), n)
        results.append(PairResult(bots[i], bots[j], n, float(mine.mean()), float(lo), float(hi),
                                  float(vp[rows, swap].mean()), float(vp[rows, 1 - swap].mean()), float(cpu[p])))
        game_ids = p * n + np.repeat(rows, 2)
        frames.append(pd.DataFrame({
            "game": game_ids,
            "bot": np.where(np.tile([0, 1], n) == np.repeat(swap, 2), bots[i], bots[j]),
            "rank": rank.reshape(-1), "win": share.reshape(-1), "vp": vp.reshape(-1)}))
        if progress is not None:
            progress(n)
    rows_all = pd.concat(frames, ignore_index=True)
    ratings = rate(rows_all, "bot", seed)
    per_bot = _cpu_split(cost, cpu)
    low, high = np.percentile(ratings.bootstrap, [2.5, 97.5], axis=0)
    stats = rows_all.groupby("bot")[["win", "vp"]].agg(["size", "mean"])
    table = []
    for k in np.argsort(-ratings.log_strength):
        name = ratings.names[k]
        table.append(BotRating(0, name, float(ratings.log_strength[k] * ELO_PER_LOG_STRENGTH),
                               float(low[k] * ELO_PER_LOG_STRENGTH), float(high[k] * ELO_PER_LOG_STRENGTH),
                               int(stats.loc[name, ("win", "size")]), float(stats.loc[name, ("win", "mean")]),
                               float(stats.loc[name, ("vp", "mean")]), float(per_bot[bots.index(name)])))
    for pos, r in enumerate(table, start=1):
        r.position = pos
    return LadderResult(n, seed, n_threads, list(bots), table, results, deal)


def frontier(ratings: list[BotRating]) -> list[BotRating]:
    """The strength-per-CPU-second frontier: bots that no cheaper-or-equal bot out-rates, cheapest first."""
    out: list[BotRating] = []
    for r in sorted(ratings, key=lambda r: (r.cpu_s_per_game, -r.elo)):
        if not out or r.elo > out[-1].elo:
            out.append(r)
    return out


def _cpu_split(cost: np.ndarray, cpu: np.ndarray) -> np.ndarray:
    """Per-bot CPU-seconds per game: non-negative least squares of pairing cost = sum of its two bots' shares."""
    from scipy.optimize import nnls

    return nnls(cost, cpu)[0]


def _name(spec: str) -> str:
    """The ladder's name of a canonical spec: an Automa always shows its level."""
    from strategies.registry import parse_spec

    return f"automa:level={int(parse_spec(spec)[1][0])}" if _is_automa(spec) else spec


def _is_automa(spec: str) -> bool:
    from strategies.core import AUTOMA
    from strategies.registry import parse_spec

    return parse_spec(spec)[0] == AUTOMA
