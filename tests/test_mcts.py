"""The planners (flat Monte Carlo, ISMCTS): legal moves only, reproducible, blind to the true hidden pile orders,
parameters validated by the registry, and stronger than their baselines (Wilson bound, seat rotation)."""
from __future__ import annotations

import numpy as np
import pytest

from sim import Game, GameConfig
from sim import layout as L
from sim.errors import ConfigError
from sim.tables import compile_tables
from reports.proportions import wilson_interval
from strategies import registry
from strategies.core import FLAT_MC, GREEDY, ISMCTS, RANDOM
from strategies.features import DEFAULT_WEIGHTS
from strategies.flat_mc import flat_mc_choose
from strategies.greedy import greedy_choose
from strategies.ismcts import ismcts_choose
from sim.rules.hidden import forget_hidden_order
from test_greedy import _play_checked, assert_reproducible, batch, win_shares

WIDTH = registry.N_PARAMS


def spec(text: str) -> np.ndarray:
    return registry.parse_spec(text)[1]


# -- legality ------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("text", ["mcts:iters=6,depth=10", "mcts:iters=4,rollout=0,c=2,widen=0", "flat_mc:iters=5,depth=6",
                                  "flat_mc:iters=3,rollout=0,depth=0"])
def test_planners_pick_legal_moves_and_keep_every_invariant(players, text):
    tables = compile_tables(GameConfig(players=players).variant)[0]
    seeds = np.arange(2, dtype=np.int64) + 300 * players
    report = np.zeros((len(seeds), 3), dtype=np.int64)
    sid, vec = registry.parse_spec(text)
    _play_checked(tables, seeds, sid, vec, report)
    for g, (decisions, bad_pick, mask) in enumerate(report):
        assert bad_pick == -1, f"seed {seeds[g]}: pick out of range at decision {bad_pick}"
        assert mask == 0, f"seed {seeds[g]}: violation mask {mask}"
        assert decisions > 20                    # whole games were played (planners bank a lot at tiny budgets)


def test_trivial_decision_returns_at_once_and_the_state_is_untouched():
    g = Game.new(players=2, seed=3)
    codes = g.legal_codes()
    rng = np.array([9], dtype=np.int64)
    assert ismcts_choose(spec("mcts"), g.state, g.tables, codes, 1, rng) == 0
    assert flat_mc_choose(spec("flat_mc"), g.state, g.tables, codes, 1, rng) == 0
    assert rng[0] == 9                                           # no playout, no draw
    before = g.state.copy()
    ismcts_choose(spec("mcts:iters=30"), g.state, g.tables, codes, len(codes), rng)
    flat_mc_choose(spec("flat_mc:iters=30"), g.state, g.tables, codes, len(codes), rng)
    assert np.array_equal(g.state, before)                       # planners play on copies only


# -- reproducibility -----------------------------------------------------------------------------------------

def test_same_seed_same_game():
    seeds = np.arange(4) + 123
    strat = np.tile([ISMCTS, FLAT_MC], (len(seeds), 1))
    params = np.tile(np.stack([spec("mcts:iters=8,depth=20"), spec("flat_mc:iters=8,depth=20")]),
                     (len(seeds), 1, 1))
    assert_reproducible(2, seeds, strat, params)


# -- parameters ------------------------------------------------------------------------------------------------

def test_registry_parameters():
    sid, vec = registry.parse_spec("mcts:iters=400,c=0.7,rollout=1,depth=0")
    assert sid == ISMCTS and list(vec[:5]) == [400, 0.7, 1, 0, 0.3] and vec.shape == (WIDTH,)
    sid, vec = registry.parse_spec("flat_mc:iters=50,depth=12")
    assert sid == FLAT_MC and list(vec[:3]) == [50, 1, 12]
    assert registry.canonical("mcts:c=1.0") == "mcts:iters=400,c=1"           # the budget is always written
    assert registry.canonical("flat_mc:iters=200") == "flat_mc:iters=200"
    for bad, msg in [("mcts:iters=0", "outside"), ("mcts:iters=2.5", "whole number"), ("mcts:rollout=2", "outside"),
                     ("mcts:c=-1", "outside"), ("flat_mc:depth=-3", "outside"), ("flat_mc:c=1", "no parameter"),
                     ("mcts:widen=-1", "outside"), ("mcts:iters=nan", "finite")]:
        with pytest.raises(ConfigError, match=msg):
            registry.parse_spec(bad)


# -- information -----------------------------------------------------------------------------------------------

def test_planners_never_read_the_true_hidden_order():
    """HIDDEN-01..04: two states that differ only in the hidden pile orders and the game's generator give the
    same picks and leave the bot's stream in the same state."""
    g = Game.new(players=3, seed=8)
    rng = np.array([17], dtype=np.int64)
    planners = ((ismcts_choose, spec("mcts:iters=24,depth=15")), (flat_mc_choose, spec("flat_mc:iters=16,depth=15")),
                (ismcts_choose, spec("mcts:iters=10,rollout=0")))
    checked = 0
    k = 0
    while not g.is_over:
        codes = g.legal_codes()
        if len(codes) > 1 and k % 9 == 0:
            other = g.determinized(g.current_player, 1000 + k)
            assert not np.array_equal(other.state, g.state)
            a, b = g.state.copy(), other.state.copy()
            forget_hidden_order(a)
            forget_hidden_order(b)
            a[L.G_RNG] = b[L.G_RNG]
            assert np.array_equal(a, b)                # the states differ only in what nobody can see
            for choose, params in planners:
                r1 = np.array([rng[0] + k], dtype=np.int64)
                r2 = r1.copy()
                i1 = choose(params, g.state, g.tables, codes, len(codes), r1)
                i2 = choose(params, other.state, other.tables, codes, len(codes), r2)
                assert i1 == i2 and r1[0] == r2[0]
            checked += 1
        i = greedy_choose(DEFAULT_WEIGHTS, g.state, g.tables, codes, len(codes), rng)
        g.play(int(codes[i]))
        k += 1
    assert checked > 10


# -- strength ------------------------------------------------------------------------------------------------

def one_against(planner: str, opponent_id: int, players: int, games: int, seed0: int) -> tuple[float, int]:
    """The planner in one seat against `opponent_id` bots (default parameters), its seat rotated through all."""
    seeds = np.arange(games) + seed0
    seat = np.arange(games) % players
    strat = np.full((games, players), opponent_id)
    params = np.zeros((games, players, WIDTH))
    if opponent_id == GREEDY:
        params[:, :, :len(DEFAULT_WEIGHTS)] = DEFAULT_WEIGHTS
    sid, vec = registry.parse_spec(planner)
    strat[np.arange(games), seat] = sid
    params[np.arange(games), seat] = vec
    seat_out, _ = batch(players, seeds, strat, params)
    return float(win_shares(seat_out)[np.arange(games), seat].sum()), games


def test_flat_mc_beats_random():
    wins, n = one_against("flat_mc:iters=8,depth=30", RANDOM, 2, 24, 70_000)
    lo, _ = wilson_interval(wins, n)
    assert lo > 0.5, f"flat MC won {wins:g}/{n} against random (Wilson lower bound {lo:.3f})"


@pytest.mark.slow
def test_ismcts_beats_greedy_with_seat_rotation():
    wins, n = one_against("mcts:iters=100", GREEDY, 2, 40, 80_000)
    lo, _ = wilson_interval(wins, n)
    assert lo > 0.5, f"ISMCTS won {wins:g}/{n} against greedy (Wilson lower bound {lo:.3f})"
