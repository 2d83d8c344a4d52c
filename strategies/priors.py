"""The heuristic's opinion of every legal move, for the planners: move scores (the greedy bot's VP-equivalents,
strategies.greedy) and the prior probabilities the search derives from them.

The planners pass a greedy weight vector through their own parameter vector, so any greedy-family weights
(the defaults, a persona, a tuned vector) can steer the priors and the playouts of one search (registry key
`heuristic=NAME`).
"""
import math

import numpy as np
from numba import njit

from sim import ids
from sim import layout as L
from strategies.features import N_I, N_I_CORE, N_WEIGHTS, N_X, N_X_CORE, load_weights, make_context
from strategies.greedy import score_moves


@njit(cache=True)
def new_score_buffer(capacity):
    """One int64 buffer holding the scorer's integer context, float context, weights and `capacity` scores."""
    return np.empty(N_I + N_X + N_WEIGHTS + capacity, dtype=np.int64)


@njit(cache=True)
def heuristic_scores(weights, S, T, moves, n, buf):
    """Scores moves[:n] of the pending decision of S with the greedy scorer and these weights; returns the
    scores (a view into buf, VP-equivalents for the deciding company)."""
    I = buf[:N_I]
    F = buf[N_I:].view(np.float64)
    X = F[:N_X]
    W = F[N_X:N_X + N_WEIGHTS]
    vals = F[N_X + N_WEIGHTS:N_X + N_WEIGHTS + n]
    load_weights(weights, W)
    for j in range(N_I_CORE):
        I[j] = 0
    for j in range(N_X_CORE):
        X[j] = 0.0
    t = L.STACK + (S[L.G_STACK_N] - 1) * L.FRAME
    kind = S[t]
    make_context(S, T, S[t + 1], W, I, X, kind == ids.TK_MAIN or kind == ids.TK_PRODUCE or kind == ids.TK_BUILD)
    score_moves(S, T, I, X, W, moves, n, vals, kind, S[t + 2], S[t + 3])
    return vals


@njit(cache=True, _nrt=False)
def softmax_in_place(vals, n, temperature):
    """Turns scores vals[:n] into probabilities proportional to exp(score / temperature)."""
    top = -math.inf
    for i in range(n):
        top = max(top, vals[i])
    z = 0.0
    for i in range(n):
        vals[i] = math.exp((vals[i] - top) / temperature)
        z += vals[i]
    for i in range(n):
        vals[i] /= z
