"""`barrage fuzz`: random games with every invariant checked after every move (`strategies.batch.fuzz_batch`).

Game g of a run uses seed `game_seeds(master_seed, games)[g]`; a violation is reported with that seed and the
number of moves played before it showed, which `experiments.play.play_game(config, seed, policy,
max_moves=k)` (or `barrage play --seed S --strategies POLICY --verbose`) replays exactly.
"""
from __future__ import annotations

import math
import time
from dataclasses import asdict, dataclass, field
from typing import Callable

import numpy as np

from experiments.bench import MAX_CHUNK_GAMES, SEED_BYTES_PER_GAME, check_memory, set_threads
from experiments.play import game_seeds, play_game
from sim.config import GameConfig, refuse_automa_on_duel_map
from sim.describe import company_label
from sim.errors import ConfigError
from sim.event_text import render_log

DETAILED = 10  # violations replayed on the Python loop to show the offending move


@dataclass
class Violation:
    """The first invariant violation of one game."""

    game: int
    seed: int
    move: int                  # moves played before the violation was seen (0 = right after setup)
    mask: int
    invariants: list[str]
    last_move: str | None = None     # the log line of the move that broke it (replayed), when checked
    reproduced: bool | None = None   # the Python-loop replay shows the same violation mask


@dataclass
class FuzzResult:
    """What `barrage fuzz` found."""

    players: int
    games: int
    seed: int
    policy: str
    intro: bool
    threads: int
    warmup_s: float
    elapsed_s: float
    games_per_s: float
    violations: list[Violation] = field(default_factory=list)
    map: str = "base"                      # the map, and the fidelity of the data played (RECON-06)
    map_fidelity: str = "official"

    @property
    def ok(self) -> bool:
        """True when no game violated an invariant."""
        return not self.violations

    def to_dict(self) -> dict:
        """Plain data for --json."""
        return {**asdict(self), "ok": self.ok}


def fuzz_chunk(games: int, threads: int) -> int:
    """Games per fuzz_batch call: about 50 progress steps of at least 100 games per thread, at most
    MAX_CHUNK_GAMES (a call's arrays are allocated once and reused, so memory does not grow with --games)."""
    return min(MAX_CHUNK_GAMES, max(100 * threads, math.ceil(games / 50)))


def run_fuzz(config: GameConfig, games: int, seed: int = 0, policy: str = "random_actions",
             threads: int | None = None, progress: Callable[[int], None] | None = None,
             on_warm: Callable[[float], None] | None = None, detail: int = DETAILED) -> FuzzResult:
    """Fuzzes `games` games; the first `detail` violations are replayed on the Python loop for their last move."""
    if games < 1:
        raise ConfigError(f"games: must be at least 1, got {games}")
    check_memory(games, SEED_BYTES_PER_GAME)
    from strategies.registry import automa_levels, parse_seats

    specs, seat_ids, seat_params = parse_seats(policy, config.players)
    refuse_automa_on_duel_map(config.map, automa_levels(seat_ids, seat_params))
    n_threads = set_threads(threads)
    seeds = game_seeds(seed, games)

    t0 = time.perf_counter()
    from sim import layout as L
    from strategies.batch import fuzz_batch
    from strategies.core import planners_for
    from strategies.registry import model_for
    from sim.invariants import describe_violations, violations
    from sim.tables import as_array, compile_tables

    tables = as_array(compile_tables(config.variant)[0])
    step = fuzz_chunk(games, n_threads)
    rows = min(games, step)                    # every game has the same setup and bots: one call's rows, reused
    fc = np.full((rows, L.MAX_PLAYERS), -1, dtype=np.int64)
    fo = np.full((rows, L.MAX_PLAYERS), -1, dtype=np.int64)
    fc[:, :config.players] = config.company_ids()
    fo[:, :config.players] = config.officer_ids()
    strat = np.zeros((rows, L.MAX_PLAYERS), dtype=np.int64)
    params = np.zeros((rows, L.MAX_PLAYERS, seat_params.shape[1]), dtype=np.float64)
    strat[:, :config.players] = seat_ids
    params[:, :config.players] = seat_params
    report = np.zeros((rows, 2), dtype=np.int64)
    warm_seeds = game_seeds(seed + 1, 1)
    model, planners = model_for(strat, params), planners_for(strat)
    fuzz_batch(tables, warm_seeds, fc[:1], fo[:1], strat[:1], params[:1], np.zeros((1, 2), dtype=np.int64), model,
               planners)
    warm = time.perf_counter() - t0
    if on_warm is not None:
        on_warm(warm)

    t1 = time.perf_counter()
    bad = []                                   # (game, move, invariant mask) of every violation
    for a in range(0, games, step):
        e = min(games, a + step)
        fuzz_batch(tables, seeds[a:e], fc[:e - a], fo[:e - a], strat[:e - a], params[:e - a], report[:e - a], model,
                   planners)
        bad += [(a + int(i), int(report[i, 0]), int(report[i, 1])) for i in np.flatnonzero(report[:e - a, 1] != 0)]
        if progress is not None:
            progress(e - a)
    elapsed = time.perf_counter() - t1

    found = []
    for g, k, mask in bad:
        v = Violation(game=int(g), seed=int(seeds[g]), move=k, mask=mask, invariants=describe_violations(mask))
        if len(found) < detail:
            replay = play_game(config, int(seeds[g]), policy, max_moves=k)
            chosen = render_log(replay.events(), [company_label(replay.state, c) for c in range(config.players)],
                                {"move"})
            v.last_move = chosen[-1] if replay.moves else None
            v.reproduced = int(violations(replay.state, replay.tables)) == mask
        found.append(v)
    return FuzzResult(players=config.players, games=games, seed=seed,
                      policy=specs[0] if len(set(specs)) == 1 else ",".join(specs),
                      intro=config.intro, threads=n_threads, warmup_s=round(warm, 3), elapsed_s=round(elapsed, 4),
                      games_per_s=games / elapsed, violations=found,
                      map=config.map + (" + duel board" if config.duel else ""),
                      map_fidelity=compile_tables(config.variant)[1].map_fidelity)

