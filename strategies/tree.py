"""The ISMCTS search tree as flat arrays: one int64 row and one float64 reward sum per node.

A node is reached by one move of one decision. It is keyed by (move code, decision kind, deciding company):
across determinizations the same move code can belong to another decision (another player's turn, another
kind of choice after a different chance outcome), and those must not share statistics. Children form a linked
list (first child, next sibling), so a node's fan-out needs no preallocated width.

Each node stores the reward sum of the company that moved into it (multi-player vector rewards: each company
maximizes its own component). Single-observer ISMCTS (Cowling et al. 2012) counts, per child, how often its move
was legal when its parent was visited (availability); the selection rule (PUCT with heuristic priors,
strategies.ismcts) uses it in place of the parent's visit count, so rarely legal moves are not starved.
"""
import math

import numpy as np

from sim.jit import njit
from strategies.playout import WS_REWARD

N_MOVE = 0       # move code that leads into the node (-1 at the root)
N_KIND = 1       # kind of the decision the move answered
N_PLAYER = 2     # company that made the move (-1 at the root)
N_CHILD = 3      # first child (-1 none)
N_SIBLING = 4    # next sibling (-1 none)
N_VISITS = 5     # playouts through the node
N_AVAIL = 6      # times the node's move was legal when its parent was visited
N_FIELDS = 7


@njit(cache=True)
def new_tree(capacity):
    """Allocates a tree of `capacity` nodes with its root at index 0: (int rows, reward sums)."""
    I = np.empty((capacity, N_FIELDS), dtype=np.int64)
    W = np.zeros(capacity, dtype=np.float64)
    _init(I, W, 0, -1, -1, -1)
    return I, W


@njit(cache=True, _nrt=False)
def _init(I, W, v, move, kind, player):
    I[v, N_MOVE] = move
    I[v, N_KIND] = kind
    I[v, N_PLAYER] = player
    I[v, N_CHILD] = -1
    I[v, N_SIBLING] = -1
    I[v, N_VISITS] = 0
    I[v, N_AVAIL] = 0
    W[v] = 0.0


@njit(cache=True, _nrt=False)
def find_child(I, v, move, kind, player):
    """The child of v keyed (move, kind, player), or -1."""
    ch = I[v, N_CHILD]
    while ch >= 0:
        if I[ch, N_MOVE] == move and I[ch, N_KIND] == kind and I[ch, N_PLAYER] == player:
            return ch
        ch = I[ch, N_SIBLING]
    return -1


@njit(cache=True, _nrt=False)
def add_child(I, W, size, v, move, kind, player):
    """Creates node `size` as a child of v (the caller owns the size counter and the capacity)."""
    _init(I, W, size, move, kind, player)
    I[size, N_SIBLING] = I[v, N_CHILD]
    I[v, N_CHILD] = size
    return size


@njit(cache=True, _nrt=False)
def select_puct(I, W, v, moves, n, kind, player, prior, c, scale):
    """One PUCT step at v for the legal moves[:n] of this determinization, prior[:n] their prior probabilities.

    Counts every available child's availability, then scores it by mean reward / scale + c x prior x
    sqrt(availability) / (1 + visits). Returns (best available child or -1 if none, index in moves of the
    untried move with the highest prior or -1, number of available children)."""
    avail = 0
    best = -1
    best_u = -math.inf
    untried = -1
    untried_p = -1.0
    for i in range(n):
        ch = find_child(I, v, moves[i], kind, player)
        if ch < 0:
            if prior[i] > untried_p:
                untried_p = prior[i]
                untried = i
            continue
        I[ch, N_AVAIL] += 1
        avail += 1
        visits = I[ch, N_VISITS]
        u = W[ch] / (visits * scale) + c * prior[i] * math.sqrt(I[ch, N_AVAIL]) / (1 + visits)
        if u > best_u:
            best_u = u
            best = ch
    return best, untried, avail


@njit(cache=True, _nrt=False)
def backpropagate(I, W, path, length, ws):
    """Adds one playout's reward vector (ws[WS_REWARD + company]) along the path; each node takes the reward
    of the company that moved into it."""
    for j in range(length):
        v = path[j]
        I[v, N_VISITS] += 1
        p = I[v, N_PLAYER]
        if p >= 0:
            W[v] += ws[WS_REWARD + p]


@njit(cache=True, _nrt=False)
def most_visited(I, W, moves, n, kind, player):
    """Index (in moves[:n]) of the root's most visited child; ties go to the higher mean reward."""
    best = 0
    best_v = -1
    best_m = -math.inf
    for i in range(n):
        ch = find_child(I, 0, moves[i], kind, player)
        if ch < 0:
            continue
        visits = I[ch, N_VISITS]
        mean = W[ch] / visits if visits > 0 else -math.inf
        if visits > best_v or (visits == best_v and mean > best_m):
            best = i
            best_v = visits
            best_m = mean
    return best
