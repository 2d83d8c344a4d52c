"""Plays batches of games with the built-in bots inside numba (prange over games) and fills one result row per
(game, seat) (layout: sim.results)."""
from __future__ import annotations

import numpy as np
from numba import prange

from sim import layout as L
from sim.invariants import violations
from sim.jit import njit
from sim.results import record
from sim.rules.engine import BUFFER_SIZE, advance, play_move
from sim.rules.rng import seed_state
from sim.rules.setup import setup_game
from strategies.core import BOT_RNG_SALT, automa_levels, choose_move, plan_memory
from strategies.greedy import new_score_buffer


@njit(cache=True)
def play_one(S, T, seed, fixed_company, fixed_officer, seat_strategy, params, out, scratch, rng, score_buf, model,
             planners):
    """Plays one whole game in S (setup_game clears it) with the given per-seat strategies (seats whose strategy
    is AUTOMA are Automa seats the engine plays), using the work buffers of `game_buffers`; returns the number of
    decisions. The planners' tree memory is the game's own (empty at its start); `model` is the learned evaluator
    (strategies.value_model; the one-element placeholder when no seat uses it); `planners` is
    strategies.core.planners_for(the seats' bots)."""
    setup_game(S, T, seed, fixed_company, fixed_officer, automa_levels(seat_strategy, params, T.n_players[0]))
    rng[0] = seed_state(seed ^ BOT_RNG_SALT)
    _play_on(S, T, seat_strategy, params, out, scratch, rng, score_buf,
             plan_memory(seat_strategy, params, T.n_players[0]), model, planners)
    return S[L.G_DECISIONS]


@njit(cache=True)
def game_buffers():
    """A game's state and work buffers: state, moves, scratch, bot random stream, scorer buffer (~115 KB; the
    allocator reuses them from game to game: no page faults per game, measured)."""
    return (np.zeros(L.STATE_SIZE, dtype=np.int64), np.empty(BUFFER_SIZE, dtype=np.int64),
            np.empty(16, dtype=np.int64), np.zeros(1, dtype=np.int64), new_score_buffer(BUFFER_SIZE))


@njit(cache=True, _nrt=False)
def _play_on(S, T, seat_strategy, params, out, scratch, rng, score_buf, memory, model, planners):
    """play_one's decision loop, compiled without NRT: a decision then costs no reference counts (the bots that
    allocate, the planners, are NRT boundaries)."""
    n = advance(S, T, out, scratch)
    while n > 0:
        c = S[L.STACK + (S[L.G_STACK_N] - 1) * L.FRAME + 1]
        i = choose_move(seat_strategy[c], params[c], S, T, out, n, rng, score_buf, memory, model, planners)
        n = play_move(S, T, out[i], out, scratch)


@njit(cache=True, parallel=True)
def play_batch(tables, seeds, fixed_company, fixed_officer, seat_strategy, params, seat_out, game_out, model,
               planners):
    """Plays len(seeds) games in parallel; game g uses seeds[g] and row g of the per-game setup arrays; `model`
    is the learned evaluator the seats share (strategies.value_model.for_seats), `planners`
    strategies.core.planners_for(seat_strategy) (None: the searching bots' code is not compiled).

    `tables` is the 1-element record array of the variant (records cannot cross into a parallel loop)."""
    for g in prange(seeds.shape[0]):
        T = tables[0]
        S, out, scratch, rng, score_buf = game_buffers()
        play_one(S, T, seeds[g], fixed_company[g], fixed_officer[g], seat_strategy[g], params[g], out, scratch, rng,
                 score_buf, model, planners)
        record(S, T, seat_out[g], game_out[g])


@njit(cache=True, parallel=True)
def fuzz_batch(tables, seeds, fixed_company, fixed_officer, seat_strategy, params, report, model, planners):
    """Plays games like play_batch (per-seat bots; AUTOMA seats become Automas) checking every invariant after
    every move. report[g] = (move index, violation mask) of the first violation in game g, or (-1, 0)."""
    for g in prange(seeds.shape[0]):
        T = tables[0]
        S, out, scratch, rng, score_buf = game_buffers()
        report[g, 0] = -1
        report[g, 1] = 0
        setup_game(S, T, seeds[g], fixed_company[g], fixed_officer[g],
                   automa_levels(seat_strategy[g], params[g], T.n_players[0]))
        rng[0] = seed_state(seeds[g] ^ BOT_RNG_SALT)
        memory = plan_memory(seat_strategy[g], params[g], T.n_players[0])
        n = advance(S, T, out, scratch)
        k = 0
        while True:
            bad = violations(S, T)
            if bad != 0:
                report[g, 0] = k
                report[g, 1] = bad
                break
            if n == 0:
                break
            c = S[L.STACK + (S[L.G_STACK_N] - 1) * L.FRAME + 1]
            i = choose_move(seat_strategy[g, c], params[g, c], S, T, out, n, rng, score_buf, memory, model,
                            planners)
            n = play_move(S, T, out[i], out, scratch)
            k += 1
