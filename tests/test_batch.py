"""The parallel batch player against the single-game Python loop, thread-count independence, and a fuzz sweep."""
from __future__ import annotations

import numba
import numpy as np
import pytest

from sim import GameConfig
from sim import layout as L
from sim.invariants import describe_violations
from sim.results import N_GAME, N_RESULT, R_DECISIONS, R_RANK, R_VP, record
from sim.tables import as_array, compile_tables
from strategies.batch import fuzz_batch, play_batch
from experiments.bench import game_field
from experiments.play import SEED_MASK, game_seeds, play_game
from strategies.core import RANDOM_ACTIONS, planners_for
from strategies.registry import N_PARAMS, model_for, parse_seats
from strategies.value_model import no_model

SEEDS = game_seeds(2024, 4)


def batch_arrays(config: GameConfig, seeds: np.ndarray, strategies: str | None):
    """play_batch's arguments for these seeds, every game with the same config and seat strategies."""
    n, p = len(seeds), config.players
    _, ids_, params = parse_seats(strategies, p)
    fc = np.full((n, L.MAX_PLAYERS), -1, dtype=np.int64)
    fo = np.full((n, L.MAX_PLAYERS), -1, dtype=np.int64)
    fc[:, :p] = config.company_ids()
    fo[:, :p] = config.officer_ids()
    strat = np.zeros((n, L.MAX_PLAYERS), dtype=np.int64)
    strat[:, :p] = ids_
    par = np.zeros((n, L.MAX_PLAYERS, N_PARAMS), dtype=np.float64)
    par[:, :p] = params
    seat_out = np.zeros((n, p, N_RESULT), dtype=np.int64)
    game_out = np.zeros((n, N_GAME), dtype=np.int64)
    tables = as_array(compile_tables(config.variant)[0])
    return (tables, np.asarray(seeds, dtype=np.int64), fc, fo, strat, par, seat_out, game_out, model_for(strat, par),
            planners_for(strat))


def run_batch(config, seeds, strategies=None):
    args = batch_arrays(config, seeds, strategies)
    play_batch(*args)
    return args[-4], args[-3]


CASES = [
    (GameConfig(players=2), "random"),
    (GameConfig(players=3), "random_actions"),
    (GameConfig(players=4), "random,random_actions,random,random_actions"),
    (GameConfig(players=4, intro=True), "random_actions"),
    (GameConfig(players=3, companies=("France", "USA", "Italy"),
                officers=("Viktor Fiesler", "Mahiri Sekibo", "Anton Krylov")), "random_actions"),
    (GameConfig(players=2), "greedy,tuned"),
    (GameConfig(players=2), "mcts:iters=6,depth=10,automa:level=4"),   # the planner's tree memory in both loops
]


@pytest.mark.parametrize("config,strategies", CASES, ids=lambda x: str(x) if isinstance(x, str) else
                         f"{x.players}p{'-intro' if x.intro else ''}{'-fixed' if x.companies else ''}")
def test_batch_game_equals_single_game(config, strategies):
    seat_out, game_out = run_batch(config, SEEDS, strategies)
    for g, seed in enumerate(SEEDS):
        game = play_game(config, int(seed), strategies)
        assert game.is_over
        res = game.result()
        rows = np.zeros((config.players, N_RESULT), dtype=np.int64)
        game_row = np.zeros(N_GAME, dtype=np.int64)
        record(game.state, game.tables, rows, game_row)
        # Every recorded field (VP, breakdown, ranks, energy, decisions, ...) matches, and the readable result too.
        np.testing.assert_array_equal(seat_out[g], rows, err_msg=f"seed {seed}")
        np.testing.assert_array_equal(game_out[g], game_row, err_msg=f"seed {seed}")
        assert [r.vp for r in res] == list(seat_out[g, :, R_VP])
        assert [r.rank for r in res] == list(seat_out[g, :, R_RANK])
        assert len(game.moves) == int(game_out[g, game_field("decisions")]) == int(seat_out[g, :, R_DECISIONS].sum())


def test_batch_identical_with_1_and_2_threads():
    config = GameConfig(players=4)
    seeds = game_seeds(99, 300)
    before = numba.get_num_threads()
    try:
        numba.set_num_threads(1)
        one = run_batch(config, seeds, "random_actions")
        numba.set_num_threads(min(2, numba.config.NUMBA_NUM_THREADS))
        two = run_batch(config, seeds, "random_actions")
    finally:
        numba.set_num_threads(before)
    np.testing.assert_array_equal(one[0], two[0])
    np.testing.assert_array_equal(one[1], two[1])


def test_game_seeds_are_reproducible_62_bit():
    s = game_seeds(7, 1000)
    assert s.dtype == np.int64 and len(np.unique(s)) == 1000
    assert (s >= 0).all() and (s <= SEED_MASK).all()
    np.testing.assert_array_equal(s, game_seeds(7, 1000))
    np.testing.assert_array_equal(s[:10], game_seeds(7, 10))   # a prefix of a run is the smaller run
    expected = np.random.SeedSequence(7).generate_state(3, dtype=np.uint64) & np.uint64(SEED_MASK)
    np.testing.assert_array_equal(s[:3], expected.astype(np.int64))


def _fuzz(config: GameConfig, n: int, seed: int) -> None:
    """Random-action games of `config`; every invariant (sim.invariants) holds after every move."""
    players = config.players
    seeds = game_seeds(seed, n)
    fc = np.full((n, L.MAX_PLAYERS), -1, dtype=np.int64)
    fo = np.full((n, L.MAX_PLAYERS), -1, dtype=np.int64)
    report = np.zeros((n, 2), dtype=np.int64)
    strat = np.full((n, L.MAX_PLAYERS), RANDOM_ACTIONS, dtype=np.int64)
    fuzz_batch(as_array(compile_tables(config.variant)[0]), seeds, fc, fo, strat, np.zeros((n, L.MAX_PLAYERS, 1)),
               report, no_model(), planners_for(strat))
    bad = np.flatnonzero(report[:, 1])
    details = [f"seed {seeds[g]} after move {report[g, 0]}: {describe_violations(int(report[g, 1]))}"
               for g in bad[:5]]
    assert not len(bad), f"{len(bad)} of {n} games violated an invariant, e.g. " + "; ".join(details)
    assert (report[:, 0] == -1).all()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_fuzz_finds_no_violation(players):
    _fuzz(GameConfig(players=players), 2000, 1000 + players)


@pytest.mark.parametrize("players,map_", [(2, "base"), (3, "base"), (4, "five_player")])
def test_fuzz_finds_no_violation_with_leeghwater_and_promo(players, map_):
    """The invariants with The Leeghwater Project and every promo officer, among them the Building pieces
    (supply + placed = 5 per company, LWP-01) and the machineries paid to the general supply for external works
    (LWP-EXTWORK-02, LWP-D07)."""
    _fuzz(GameConfig(players=players, map=map_, expansions=("leeghwater", "promo")), 600, 3000 + players)
