"""Single-observer information-set MCTS (SO-ISMCTS, Cowling, Powley & Whitehouse 2012) for any player count,
guided by the greedy heuristic (strategies.priors).

Every iteration plays on a fresh determinization of the deciding company's information set
(`strategies.playout.observe`; the hidden piles are re-sampled each time and the true order is never read).
Selection descends the tree over the moves legal in that determinization; a decision with one legal move is
played through without a node. At each node:
- the heuristic scores the legal moves (VP-equivalents of the greedy scorer with the planner's weights) and a
  softmax with temperature `tau` (in VP) turns them into priors;
- progressive widening: a node whose parent has been visited N times holds at most 1 + widen * sqrt(N)
  children; while it holds fewer, the untried move with the highest prior is expanded (the heuristic's own
  choice first), then played on by the rollout policy;
- otherwise PUCT picks the child maximising mean reward / scale + c * prior * sqrt(availability) /
  (1 + visits), where availability counts the visits in which the child's move was legal (tree.select_puct).

The reward (strategies.playout.evaluate) is each company's VP margin plus `win` VP for a win; it does not
saturate, and `scale`, the running standard deviation of the deciding company's playout rewards in this
search (at least 1 VP), puts it on the priors' footing whatever the game's VP spread. The move played is the
root's most visited child. With a tree memory (strategies.tree_memory; the game loops pass one) the subtree
of the move played is kept and the company's next search starts from it when that decision follows at once and
nothing hidden was drawn in between; otherwise every search starts afresh.

Parameters (vector slots P_*): iters (new iterations = playouts per decision), c, rollout (0 random, 1 greedy),
depth (playout decisions after the tree, 0 = to the end of the game), widen, tau, win, reuse (1 keeps the
subtree as above, 0 never), leaf (1 values a playout cut at `depth` with the learned evaluator,
strategies.value_model, instead of the VP-now heuristic), then the greedy weights (strategies.personas.PARAMS)
the priors and greedy playouts use.
"""
import math

import numpy as np

from sim import layout as L
from sim.jit import njit
from sim.rules.engine import BUFFER_SIZE, play_move
from strategies.feature_layout import N_HEURISTIC
from strategies.playout import WS_REWARD, evaluate, evaluate_leaf, new_buffers, observe, playout
from strategies.priors import heuristic_scores, new_score_buffer, softmax_in_place
from strategies.tree import (N_MOVE, N_VISITS, add_child, backpropagate, find_child, most_visited, new_tree,
                             select_puct)
from strategies.tree_memory import load_tree, reusable_nodes, save_subtree
from strategies.value_model import new_work

P_ITERS = 0
P_C = 1
P_ROLLOUT = 2
P_DEPTH = 3
P_WIDEN = 4
P_TAU = 5
P_WIN = 6
P_REUSE = 7
P_LEAF = 8        # 1: a depth-cut playout is valued by the learned evaluator (strategies.value_model)
P_WEIGHTS = 9     # the greedy parameter vector, N_HEURISTIC slots
MIN_SCALE = 1.0   # VP: floor of the reward scale (the first playouts have no spread yet)


@njit(cache=True, _nrt=True)
def ismcts_choose(params, S, T, moves, n, rng, memory, model):
    """Returns the index (in moves[:n]) of the move ISMCTS picks for the pending decision; `memory`
    (strategies.tree_memory.new_tree_memory, one per game) carries a subtree to the company's next decision;
    `model` is the learned evaluator of the leaves (used when the `leaf` parameter is 1)."""
    if n <= 1:
        return 0
    iters = max(1, int(params[P_ITERS]))
    c = params[P_C]
    policy = int(params[P_ROLLOUT])
    depth = int(params[P_DEPTH])
    widen = params[P_WIDEN]
    tau = params[P_TAU]
    win_bonus = params[P_WIN]
    weights = params[P_WEIGHTS:P_WEIGHTS + N_HEURISTIC]
    t = L.STACK + (S[L.G_STACK_N] - 1) * L.FRAME
    root_kind = S[t]
    me = S[t + 1]
    reuse = params[P_REUSE] > 0
    leaf = params[P_LEAF] > 0
    if leaf and model.shape[0] <= 1:
        raise ValueError("mcts:leaf=1 needs a value model")
    saved = 0
    if reuse:
        saved = reusable_nodes(memory[me], S)
    D, out, scratch, ws, rank = new_buffers()
    sbuf = new_score_buffer(BUFFER_SIZE)
    work = new_work()
    I, W = new_tree(saved + iters + 1)   # the kept subtree, then at most one expansion per iteration
    path = np.empty(saved + iters + 1, dtype=np.int64)
    size = 1
    if saved > 0:
        load_tree(memory[me], saved, I, W)
        size = saved
    mean = 0.0                           # Welford running mean and squared deviations of my rewards
    sq = 0.0
    scale = MIN_SCALE
    for it in range(iters):
        observe(S, T, me, rng, D)
        out[:n] = moves[:n]              # the root decision is public: its legal moves are the given ones
        m = n
        v = 0
        path[0] = 0
        length = 1
        kind = root_kind
        player = me
        while m > 0:
            if m == 1:                   # a forced move: no choice, no node
                m = play_move(D, T, out[0], out, scratch)
            else:
                prior = heuristic_scores(weights, D, T, out, m, sbuf)
                softmax_in_place(prior, m, tau)
                ch, i, avail = select_puct(I, W, v, out, m, kind, player, prior, c, scale)
                if i >= 0 and (avail == 0 or widen <= 0.0 or avail < 1.0 + widen * math.sqrt(I[v, N_VISITS])):
                    ch = add_child(I, W, size, v, out[i], kind, player)
                    size += 1
                    path[length] = ch
                    length += 1
                    m = play_move(D, T, out[i], out, scratch)
                    m = playout(D, T, m, out, scratch, policy, depth, weights, rng)
                    break
                path[length] = ch
                length += 1
                v = ch
                m = play_move(D, T, I[ch, N_MOVE], out, scratch)
            if m > 0:
                t = L.STACK + (D[L.G_STACK_N] - 1) * L.FRAME
                kind = D[t]
                player = D[t + 1]
        if leaf and m > 0:
            evaluate_leaf(model, D, T, win_bonus, ws, work, sbuf)
        else:
            evaluate(D, T, m == 0, win_bonus, ws, rank)
        backpropagate(I, W, path, length, ws)
        r = ws[WS_REWARD + me]
        delta = r - mean
        mean += delta / (it + 1)
        sq += delta * (r - mean)
        scale = max(MIN_SCALE, math.sqrt(sq / (it + 1)))
    best = most_visited(I, W, moves, n, root_kind, me)
    if reuse:
        save_subtree(memory[me], I, W, find_child(I, 0, moves[best], root_kind, me), S)
    return best
