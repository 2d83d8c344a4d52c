"""The heuristic's opinion of every legal move, for the planners: move scores (the greedy bot's VP-equivalents,
strategies.greedy) and the prior probabilities the search derives from them.

The planners pass a greedy weight vector through their own parameter vector, so any greedy-family weights
(the defaults, a persona, a tuned vector) can steer the priors and the playouts of one search (registry key
`heuristic=NAME`).
"""
import math

from sim.jit import njit
from strategies.greedy import new_score_buffer, score_decision  # noqa: F401  (new_score_buffer: for the planners)


@njit(cache=True)
def heuristic_scores(weights, S, T, moves, n, buf):
    """Scores moves[:n] of the pending decision of S with the greedy scorer and these weights (buf from
    new_score_buffer); returns the scores (a view into buf, VP-equivalents for the deciding company)."""
    return score_decision(weights, S, T, moves, n, buf)[0]


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
