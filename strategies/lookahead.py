"""`lookahead`: a fast bot that plays from the learned evaluator (strategies.value_model) by one-ply lookahead.

For each decision the greedy scorer (the planners' heuristic weights, `tuned`'s by default) ranks the legal moves
and keeps its `width` best; each kept move is played on a copy of the deciding company's determinized information
set (strategies.playout.observe: hidden piles re-sampled, HIDDEN-01..04), then played on by the greedy scorer for
every seat until the company's next main action (TURN-02; at most `depth` decisions) -- so the follow-up choices
of a construction or a production and the opponents' replies are made before the position is judged, and every
candidate is judged at the same kind of moment -- and the evaluator predicts the company's final VP margin and win
share there. The move played maximises

    predicted margin + win x predicted win share + blend x greedy score

(a move that ends the game is valued by its true final margin and win share). Ties go to the greedy order.

Parameters (vector slots P_*): width, win, blend, depth, then the greedy weights (`heuristic=NAME` as for the
planners).
"""
import numpy as np

from sim import ids
from sim import layout as L
from sim.jit import njit
from sim.rules.engine import play_move
from strategies.feature_layout import N_HEURISTIC
from strategies.greedy import greedy_pick
from strategies.playout import WS_REWARD, evaluate, new_buffers, observe
from strategies.priors import heuristic_scores
from strategies.score_buffer import new_score_buffer
from strategies.value_model import has_model, new_work, position_value

P_WIDTH = 0
P_WIN = 1
P_BLEND = 2
P_DEPTH = 3
P_WEIGHTS = 4     # the greedy parameter vector, N_HEURISTIC slots


@njit(cache=True)
def _ranked(scores, n, width):
    """Indices of the `width` best scores[:n], best first (stable: equal scores keep move order)."""
    order = np.argsort(-scores[:n], kind="mergesort")
    return order[:min(n, width)] if width > 0 else order


@njit(cache=True, _nrt=True)
def lookahead_choose(params, S, T, moves, n, rng, model):
    """Returns the index (in moves[:n]) of the move the lookahead bot plays (module docstring)."""
    if n <= 1:
        return 0
    if not has_model(model):
        raise ValueError("lookahead needs a value model (strategies/data/value_model.json or barrage learn)")
    width = int(params[P_WIDTH])
    win_bonus = params[P_WIN]
    blend = params[P_BLEND]
    depth = int(params[P_DEPTH])
    weights = params[P_WEIGHTS:P_WEIGHTS + N_HEURISTIC]
    me = S[L.STACK + (S[L.G_STACK_N] - 1) * L.FRAME + 1]
    D0, out, scratch, ws, rank = new_buffers()
    D = np.empty_like(D0)
    sbuf = new_score_buffer(out.shape[0])
    greedy = heuristic_scores(weights, S, T, moves, n, sbuf).copy()
    ranked = _ranked(greedy, n, width)
    work = new_work()
    observe(S, T, me, rng, D0)
    best = ranked[0]
    best_value = -np.inf
    for i in ranked:
        D[:] = D0
        m = play_move(D, T, moves[i], out, scratch)
        m = _play_to_next_turn(D, T, m, out, scratch, me, depth, weights, rng, sbuf)
        if m == 0:
            evaluate(D, T, True, win_bonus, ws, rank)
            v = ws[WS_REWARD + me]
        else:
            v = position_value(model, D, T, me, win_bonus, work, sbuf)
        v += blend * greedy[i]
        if v > best_value:
            best_value = v
            best = i
    return best


@njit(cache=True)
def _play_to_next_turn(D, T, m, out, scratch, me, depth, weights, rng, sbuf):
    """Plays the pending decisions of D with the greedy scorer (every seat) until company `me` is to choose its next
    main action, the game ends or `depth` decisions are played; returns the legal-move count left (0 = over)."""
    k = 0
    while m > 0 and k < depth:
        t = L.STACK + (D[L.G_STACK_N] - 1) * L.FRAME
        if D[t] == ids.TK_MAIN and D[t + 1] == me:
            break
        i = 0 if m == 1 else greedy_pick(weights, D, T, out, m, rng, sbuf)
        m = play_move(D, T, out[i], out, scratch)
        k += 1
    return m
