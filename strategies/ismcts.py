"""Single-observer information-set MCTS (SO-ISMCTS, Cowling, Powley & Whitehouse 2012) for any player count.

Every iteration plays on a fresh determinization of the deciding company's information set
(`strategies.playout.observe`): selection descends the tree by UCB over the moves legal in that
determinization (availability counts, `strategies.tree`), expands one untried move, plays on with the rollout
policy and backs up the reward vector. The move played is the root's most visited child.

Two standard enhancements make small budgets useful in a game whose turns are chains of sub-decisions with
20-60 options each (plain UCT spends them on uniformly random replies a few plies down, which plays far worse
than the greedy bot):
- the rollout policy proposes the first move at a new node: with greedy rollouts, the greedy pick of the
  determinization is expanded first, the others in random order;
- progressive widening below the root: a node with N visits expands a new move only while it has fewer than
  1 + widen * sqrt(N) available children (widen = 0: every move is expanded before any is revisited, as in
  plain ISMCTS); the root always tries every move.

Parameters (vector slots): iters (iterations = playouts per decision), c (UCB exploration), rollout
(0 random, 1 greedy), depth (playout decisions after the tree, 0 = to the end of the game), widen.
"""
import math

import numpy as np
from numba import njit

from sim import layout as L
from sim.rules.engine import BUFFER_SIZE, play_move
from strategies.bot_rng import bot_next
from strategies.greedy import greedy_choose
from strategies.playout import ROLLOUT_GREEDY, evaluate, new_buffers, observe, playout
from strategies.tree import (
    N_MOVE,
    N_VISITS,
    add_child,
    backpropagate,
    find_child,
    most_visited,
    new_tree,
    select,
)

P_ITERS = 0
P_C = 1
P_ROLLOUT = 2
P_DEPTH = 3
P_WIDEN = 4


@njit(cache=True)
def ismcts_choose(params, S, T, moves, n, rng):
    """Returns the index (in moves[:n]) of the move ISMCTS picks for the pending decision."""
    if n <= 1:
        return 0
    iters = max(1, int(params[P_ITERS]))
    c = params[P_C]
    policy = int(params[P_ROLLOUT])
    depth = int(params[P_DEPTH])
    widen = params[P_WIDEN]
    t = L.STACK + (S[L.G_STACK_N] - 1) * L.FRAME
    root_kind = S[t]
    me = S[t + 1]
    D, out, scratch, ws, rank, greedy_w = new_buffers()
    untried = np.empty(BUFFER_SIZE, dtype=np.int64)
    I, W = new_tree(iters + 1)           # the root plus at most one expansion per iteration
    path = np.empty(iters + 1, dtype=np.int64)
    size = 1
    for _ in range(iters):
        observe(S, T, me, rng, D)
        out[:n] = moves[:n]              # the root decision is public: its legal moves are the given ones
        m = n
        v = 0
        path[0] = 0
        length = 1
        kind = root_kind
        player = me
        while m > 0:
            ch, k, avail = select(I, W, v, out, m, kind, player, c, untried)
            if k > 0 and (v == 0 or avail == 0 or widen <= 0.0
                          or avail < 1.0 + widen * math.sqrt(I[v, N_VISITS])):
                i = untried[(bot_next(rng) * k) >> 32]
                if policy == ROLLOUT_GREEDY:
                    g = greedy_choose(greedy_w, D, T, out, m, rng)
                    if find_child(I, v, out[g], kind, player) < 0:
                        i = g
                ch = add_child(I, W, size, v, out[i], kind, player)
                size += 1
                path[length] = ch
                length += 1
                m = play_move(D, T, out[i], out, scratch)
                m = playout(D, T, m, out, scratch, policy, depth, greedy_w, rng)
                break
            path[length] = ch
            length += 1
            v = ch
            m = play_move(D, T, I[ch, N_MOVE], out, scratch)
            if m > 0:
                t = L.STACK + (D[L.G_STACK_N] - 1) * L.FRAME
                kind = D[t]
                player = D[t + 1]
        evaluate(D, T, m == 0, ws, rank)
        backpropagate(I, W, path, length, ws)
    return most_visited(I, W, moves, n, root_kind, me)
