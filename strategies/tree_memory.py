"""Tree reuse between a company's consecutive decisions, where hidden information allows (issue #11 item 1).

When ISMCTS (strategies.ismcts) has chosen a move, the subtree below that move holds every playout that went
through it. If the same company decides again right after -- no other decision in between -- and nothing hidden
was drawn meanwhile (no contract, advanced tile, Automa card or external work left its hidden pile section,
HIDDEN-01..04), then its information set is exactly the one that subtree was searched from, with the chosen move
made: the statistics stay valid and the next search starts from them instead of from nothing. This is the common
case of a turn's sub-decisions (a construction's location, tile and payment; a production's choices), about half
of a planner's decisions in 2-player games against the Automa or `tuned`. Anything else -- an opponent's decision
or the Automa's turn in between, a draw from a hidden pile (the Contract Office refills its display) -- and the
memory is dropped: reusing statistics gathered before a hidden draw was revealed would let the search condition
on determinizations the company now knows to be wrong.

The memory is one float64 row per company (a planner seat), allocated per game (`new_tree_memory`) and empty at
the start of a game, so play stays a function of the seed whatever the batch or chunking. Row layout: the saved
node count, the decision counter at which the saved subtree applies (G_DECISIONS after the company's move), the
(start, length) of every hidden pile section when it was saved, then per node the tree's integer fields
(strategies.tree N_*, exact in float64) and its reward sum, in breadth-first order with the saved root at 0.
"""
import numpy as np

from sim import layout as L
from sim.jit import njit
from sim.rules.hidden import N_HIDDEN_SECTIONS, hidden_section
from strategies.tree import N_AVAIL, N_CHILD, N_FIELDS, N_KIND, N_MOVE, N_PLAYER, N_SIBLING, N_VISITS

M_SIZE = 0                               # nodes saved (0: nothing to reuse)
M_DECISIONS = 1                          # S[G_DECISIONS] at the decision the saved subtree answers
M_HIDDEN = 2                             # (start, length) of each hidden pile section at the save
M_NODES = M_HIDDEN + 2 * N_HIDDEN_SECTIONS
NODE_WORDS = N_FIELDS + 1                # a node's integer fields, then its reward sum
MAX_MEMORY_NODES = 200_000               # per company; a larger subtree is not kept (searches start afresh)


@njit(cache=True)
def new_tree_memory(nodes):
    """An empty memory for every company of a game, each able to keep a subtree of `nodes` nodes (0: none)."""
    nodes = min(nodes, MAX_MEMORY_NODES)
    return np.zeros((L.MAX_PLAYERS, M_NODES + nodes * NODE_WORDS), dtype=np.float64)


@njit(cache=True, _nrt=False)
def reusable_nodes(row, S):
    """Number of saved nodes that apply to the pending decision of S (0 if the memory does not apply: another
    decision came in between, or a hidden pile section changed since the save)."""
    size = int(row[M_SIZE])
    if size == 0 or row[M_DECISIONS] != S[L.G_DECISIONS]:
        return 0
    for i in range(N_HIDDEN_SECTIONS):
        start, length = hidden_section(S, i)
        if row[M_HIDDEN + 2 * i] != start or row[M_HIDDEN + 2 * i + 1] != length:
            return 0
    return size


@njit(cache=True, _nrt=False)
def load_tree(row, size, I, W):
    """Copies the saved subtree (its root at 0) into the first `size` nodes of the tree I, W."""
    for k in range(size):
        a = M_NODES + k * NODE_WORDS
        for f in range(N_FIELDS):
            I[k, f] = int(row[a + f])
        W[k] = row[a + N_FIELDS]


@njit(cache=True)
def save_subtree(row, I, W, v, S):
    """Keeps the subtree of node v (the move about to be played in S) for the company's next decision: v becomes
    the root, nodes in breadth-first order. Nothing is kept if it does not fit the row."""
    capacity = (row.shape[0] - M_NODES) // NODE_WORDS
    row[M_SIZE] = 0
    if capacity == 0 or v < 0:
        return
    order = np.empty(capacity, dtype=np.int64)     # source node at each new index
    order[0] = v
    row[M_NODES + N_SIBLING] = -1
    head = 0
    tail = 1
    while head < tail:
        src = order[head]
        a = M_NODES + head * NODE_WORDS
        first = -1
        ch = I[src, N_CHILD]
        while ch >= 0:                             # children keep their list order: siblings are consecutive
            if tail == capacity:
                return
            if first < 0:
                first = tail
            else:
                row[M_NODES + (tail - 1) * NODE_WORDS + N_SIBLING] = tail
            row[M_NODES + tail * NODE_WORDS + N_SIBLING] = -1
            order[tail] = ch
            tail += 1
            ch = I[ch, N_SIBLING]
        root = head == 0                           # the new root answers no move (tree.new_tree's root)
        row[a + N_MOVE] = -1 if root else I[src, N_MOVE]
        row[a + N_KIND] = -1 if root else I[src, N_KIND]
        row[a + N_PLAYER] = -1 if root else I[src, N_PLAYER]
        row[a + N_CHILD] = first                   # (its sibling link was written when its parent listed it)
        row[a + N_VISITS] = I[src, N_VISITS]
        row[a + N_AVAIL] = I[src, N_AVAIL]
        row[a + N_FIELDS] = W[src]
        head += 1
    row[M_DECISIONS] = S[L.G_DECISIONS] + 1        # the company's move is the one decision before the next
    for i in range(N_HIDDEN_SECTIONS):
        start, length = hidden_section(S, i)
        row[M_HIDDEN + 2 * i] = start
        row[M_HIDDEN + 2 * i + 1] = length
    row[M_SIZE] = tail
