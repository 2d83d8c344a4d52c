"""The greedy scorer's score buffer: one int64 array per decision holding the decision's integer context I, float
context X, weights W and the moves' scores, and behind them the work space of Mahiri's copies and the action after
banking (strategies.greedy_follow_up). The game loops and planners make one (new_score_buffer) and reuse it, so
scoring a decision allocates nothing and runs without NRT reference counts (strategies.feature_layout.fast).
"""
import numpy as np

from sim.jit import njit
from strategies.feature_layout import N_I, N_I_CORE, N_WEIGHTS, N_X, N_X_CORE, fast, inlined

MAX_MAIN_MOVES = 256    # TURN-02 actions of one decision: spaces, Bank amounts, construction, tiles, Mahiri
# The work space behind the scores (_copy_work), in int64 words: strategies.greedy_follow_up._copy_value lists an
# extra action's moves there, gives the engine its scratch and scores the moves in a context of its own.
COPY_WORK = MAX_MAIN_MOVES + 16 + N_I + N_X + N_WEIGHTS + MAX_MAIN_MOVES


@njit(cache=True)
def new_score_buffer(capacity):
    """One int64 buffer for a decision's integer context, float context, weights, up to `capacity` scores and
    the work space of Mahiri's copies and the action after banking behind them (_copy_work)."""
    return np.empty(N_I + N_X + N_WEIGHTS + capacity + COPY_WORK, dtype=np.int64)


@inlined
def _buffer_views(buf, n):
    """A decision's context arrays I, X, W and the scores of n moves, as views of one buffer (inlined: an NRT-free
    function cannot return new views)."""
    I = buf[:N_I]
    F = buf[N_I:].view(np.float64)
    return I, F[:N_X], F[N_X:N_X + N_WEIGHTS], F[N_X + N_WEIGHTS:N_X + N_WEIGHTS + n]


@njit(cache=True)
def _views(buf, n):
    """_buffer_views, callable from Python and NRT code."""
    return _buffer_views(buf, n)


@fast
def _clear_core(I, X):
    """Zeroes the part of a context make_context fills."""
    for j in range(N_I_CORE):
        I[j] = 0
    for j in range(N_X_CORE):
        X[j] = 0.0


@njit(cache=True)
def _context_views(buf, n):
    """_views with the context's core zeroed."""
    I, X, W, vals = _buffer_views(buf, n)
    _clear_core(I, X)
    return I, X, W, vals


@inlined
def _copy_work(buf, n):
    """The buffer _copy_value works in (extra-action moves, engine scratch, scoring context), shared by the
    officers of a copy pool: the tail of the decision's score buffer `buf` (scoring n moves), which
    new_score_buffer makes long enough."""
    start = N_I + N_X + N_WEIGHTS + n
    if buf.shape[0] - start < COPY_WORK:
        raise ValueError("score buffer too short: make it with new_score_buffer(capacity >= moves)")
    return buf[start:start + COPY_WORK]
