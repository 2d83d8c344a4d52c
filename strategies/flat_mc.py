"""Flat Monte Carlo: every legal move gets playouts in turn (round-robin over the moves, `iters` in all), each
on a fresh determinization of the deciding company's information set; the move with the best mean reward
(strategies.playout) is played.

Parameters (vector slots P_*): iters (playouts per decision), rollout (0 random, 1 greedy), depth (playout
decisions after the move, 0 = to the end of the game), win (VP bonus for a win in the reward), then the 16
greedy weights the greedy playouts use.
"""
import math

import numpy as np

from sim import layout as L
from sim.jit import njit
from sim.rules.engine import play_move
from strategies.bot_rng import bot_next
from strategies.feature_layout import N_HEURISTIC
from strategies.playout import WS_REWARD, evaluate, new_buffers, observe, playout

P_ITERS = 0
P_ROLLOUT = 1
P_DEPTH = 2
P_WIN = 3
P_WEIGHTS = 4     # the greedy parameter vector, N_HEURISTIC slots


@njit(cache=True, _nrt=True)
def flat_mc_choose(params, S, T, moves, n, rng):
    """Returns the index (in moves[:n]) of the move with the best mean playout reward."""
    if n <= 1:
        return 0
    iters = max(1, int(params[P_ITERS]))
    policy = int(params[P_ROLLOUT])
    depth = int(params[P_DEPTH])
    win_bonus = params[P_WIN]
    weights = params[P_WEIGHTS:P_WEIGHTS + N_HEURISTIC]
    me = S[L.STACK + (S[L.G_STACK_N] - 1) * L.FRAME + 1]
    D, out, scratch, ws, rank = new_buffers()
    total = np.zeros(n, dtype=np.float64)
    count = np.zeros(n, dtype=np.int64)
    # A budget below n cannot try every move: a random start keeps the untried ones from always being the last.
    start = (bot_next(rng) * n) >> 32
    for it in range(iters):
        i = (start + it) % n
        observe(S, T, me, rng, D)
        m = play_move(D, T, moves[i], out, scratch)
        m = playout(D, T, m, out, scratch, policy, depth, weights, rng)
        evaluate(D, T, m == 0, win_bonus, ws, rank)
        total[i] += ws[WS_REWARD + me]
        count[i] += 1
    best = start
    best_mean = -math.inf
    for i in range(n):
        if count[i] > 0 and total[i] / count[i] > best_mean:
            best_mean = total[i] / count[i]
            best = i
    return best
