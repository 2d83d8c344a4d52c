"""Issue #35 X3: `bench`, `ladder` and `fuzz` keep one numba call's per-game arrays at a time (~9 KB a game), so
their memory does not grow with --games (bench of 1M games took more than 3 GB); chunking changes no result."""
from __future__ import annotations

import tracemalloc
from typing import Callable

import pytest

from experiments import bench
from sim.config import GameConfig
from sim.errors import ConfigError

CAP = 50            # games per numba call in these tests (MAX_CHUNK_GAMES is 10,000)
SMALL, LARGE = 100, 1000
GROWTH_LIMIT = 1_000_000     # bytes: the 900 extra games' arrays would take ~8 MB if they were all kept


def peak_bytes(run: Callable[[], object]) -> int:
    """Peak traced Python/numpy allocation while `run` runs."""
    tracemalloc.start()
    try:
        run()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def growth(run: Callable[[int], object]) -> int:
    """How much more memory LARGE games take than SMALL ones (after a warm-up that loads the engine)."""
    run(4)
    return peak_bytes(lambda: run(LARGE)) - peak_bytes(lambda: run(SMALL))


@pytest.fixture
def capped(monkeypatch):
    monkeypatch.setattr(bench, "MAX_CHUNK_GAMES", CAP)
    monkeypatch.setattr("experiments.fuzz.MAX_CHUNK_GAMES", CAP)


def test_bench_memory_does_not_grow_with_games_and_chunks_change_no_result(capped, monkeypatch):
    config = GameConfig(players=2)
    assert growth(lambda n: bench.run_bench(config, n, 1, "random_actions")) < GROWTH_LIMIT
    chunked = bench.run_bench(config, 300, 1, "random_actions", seed=2)[0]
    monkeypatch.setattr(bench, "MAX_CHUNK_GAMES", 10_000)
    whole = bench.run_bench(config, 300, 1, "random_actions", seed=2)[0]
    assert (chunked.decisions, chunked.moves_per_game) == (whole.decisions, whole.moves_per_game)


def test_ladder_memory_does_not_grow_with_games_and_chunks_change_no_rating(capped, monkeypatch):
    from experiments.ladder import run_ladder

    bots = ("random", "random_actions")
    assert growth(lambda n: run_ladder(n, bots, seed=1, threads=1)) < GROWTH_LIMIT
    chunked = run_ladder(300, bots, seed=3, threads=1, deal="random")
    monkeypatch.setattr(bench, "MAX_CHUNK_GAMES", 10_000)
    whole = run_ladder(300, bots, seed=3, threads=1, deal="random")
    strip = lambda r: [(x.bot, x.elo, x.elo_low, x.elo_high, x.games, x.win_rate, x.mean_vp) for x in r.ratings]
    assert strip(chunked) == strip(whole)
    assert [(p.first_wins, p.first_mean_vp, p.second_mean_vp) for p in chunked.pairings] == \
           [(p.first_wins, p.first_mean_vp, p.second_mean_vp) for p in whole.pairings]


def test_fuzz_memory_does_not_grow_with_games(capped):
    from experiments.fuzz import run_fuzz

    config = GameConfig(players=2)
    assert growth(lambda n: run_fuzz(config, n, 1, threads=1)) < GROWTH_LIMIT


@pytest.mark.parametrize("command", ["bench", "mcts_ladder", "fuzz", "ladder"])
def test_a_run_whose_per_game_memory_would_not_fit_is_refused_before_any_game(command: str):
    """What is still kept per game (the seeds; a ladder's rows for its rating fit) is estimated up front, as
    `balance` does: 10^12 games are refused in one line instead of running out of memory."""
    from experiments.fuzz import run_fuzz
    from experiments.ladder import run_ladder

    config = GameConfig(players=2)
    run = {"bench": lambda: bench.run_bench(config, 10**12, 1),
           "mcts_ladder": lambda: bench.run_mcts_ladder(config, 10**12, threads=1),
           "fuzz": lambda: run_fuzz(config, 10**12, threads=1),
           "ladder": lambda: run_ladder(10**12, ("random", "greedy"), threads=1)}[command]
    with pytest.raises(ConfigError, match=r"^games: 1,000,000,000,000 games( in 1 pairings)? need about [\d,.]+ GiB of "
                                          r"memory \([\d,.]+ GiB available\); use fewer games$"):
        run()
