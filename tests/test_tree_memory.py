"""ISMCTS tree reuse (strategies.tree_memory, issue #11 item 1): the subtree of the move played is kept exactly,
applies only to the company's very next decision when nothing hidden was drawn in between (HIDDEN-01..04), and
a search started from it adds its iterations on top."""
from __future__ import annotations

import numpy as np

from sim import Game
from sim import layout as L
from sim.rules.hidden import N_HIDDEN_SECTIONS, hidden_section
from strategies import registry
from strategies.core import ISMCTS, MEMORY_SEARCHES, plan_memory
from strategies.ismcts import ismcts_choose
from strategies.value_model import no_model
from strategies.tree import (N_AVAIL, N_CHILD, N_KIND, N_MOVE, N_PLAYER, N_SIBLING, N_VISITS, add_child,
                             find_child, new_tree)
from strategies.tree_memory import (M_NODES, M_SIZE, NODE_WORDS, load_tree, new_tree_memory, reusable_nodes,
                                    save_subtree)


def _small_tree():
    """root -> a (move 10) -> {c (30), d (31) -> e (40)}; root -> b (move 11). Visits and sums per node."""
    I, W = new_tree(8)
    a = add_child(I, W, 1, 0, 10, 0, 1)
    b = add_child(I, W, 2, 0, 11, 0, 1)
    c = add_child(I, W, 3, a, 30, 2, 0)
    d = add_child(I, W, 4, a, 31, 2, 0)
    e = add_child(I, W, 5, d, 40, 3, 1)
    for v, visits, avail, w in [(0, 9, 0, 0.0), (a, 6, 9, 12.5), (b, 3, 9, -4.0), (c, 2, 5, 1.0), (d, 4, 5, 7.25),
                                (e, 4, 4, -3.0)]:
        I[v, N_VISITS] = visits
        I[v, N_AVAIL] = avail
        W[v] = w
    return I, W, a, b, c, d, e


def _children(I, v):
    out = []
    ch = I[v, N_CHILD]
    while ch >= 0:
        out.append(int(ch))
        ch = I[ch, N_SIBLING]
    return out


def test_saved_subtree_loads_as_the_same_tree_rooted_at_the_move_played():
    I, W, a, b, c, d, e = _small_tree()
    g = Game.new(players=2, seed=1)
    row = new_tree_memory(8)[0]
    save_subtree(row, I, W, a, g.state)
    assert row[M_SIZE] == 4                                  # a, its children c and d, d's child e
    size = reusable_nodes(row, _after_one_decision(g.state))
    assert size == 4
    I2, W2 = new_tree(size + 5)
    load_tree(row, size, I2, W2)
    assert list(I2[0, [N_MOVE, N_KIND, N_PLAYER]]) == [-1, -1, -1]      # the new root answers no move
    assert (I2[0, N_VISITS], W2[0]) == (6, 12.5)
    kids = _children(I2, 0)                                  # same children, same order, same statistics
    assert [I2[k, N_MOVE] for k in kids] == [I[k, N_MOVE] for k in _children(I, a)]
    for new, old in zip(kids, _children(I, a)):
        assert list(I2[new, [N_KIND, N_PLAYER, N_VISITS, N_AVAIL]]) == list(I[old, [N_KIND, N_PLAYER, N_VISITS,
                                                                                     N_AVAIL]])
        assert W2[new] == W[old]
    d2 = find_child(I2, 0, 31, 2, 0)
    e2 = _children(I2, d2)
    assert len(e2) == 1 and (I2[e2[0], N_MOVE], I2[e2[0], N_VISITS], W2[e2[0]]) == (40, 4, -3.0)
    assert _children(I2, find_child(I2, 0, 30, 2, 0)) == []
    assert find_child(I2, 0, 11, 0, 1) == -1                 # the move not played (b) is gone
    assert b == 2 and size == 4 and sorted(kids) == [1, 2]   # breadth-first: the root's children come first


def test_a_subtree_too_large_for_the_memory_is_not_kept():
    I, W, a, *_ = _small_tree()
    g = Game.new(players=2, seed=1)
    small = new_tree_memory(3)[0]
    save_subtree(small, I, W, a, g.state)
    assert small[M_SIZE] == 0 and reusable_nodes(small, _after_one_decision(g.state)) == 0
    assert new_tree_memory(0).shape == (L.MAX_PLAYERS, M_NODES)
    assert new_tree_memory(5).shape == (L.MAX_PLAYERS, M_NODES + 5 * NODE_WORDS)


def _after_one_decision(S):
    T = S.copy()
    T[L.G_DECISIONS] += 1
    return T


def test_memory_applies_only_to_the_next_decision_with_nothing_hidden_drawn():
    """HIDDEN-01..04: another decision in between, or any hidden pile section changed, and nothing is reused."""
    I, W, a, *_ = _small_tree()
    g = Game.new(players=2, seed=1)
    row = new_tree_memory(8)[0]
    save_subtree(row, I, W, a, g.state)
    S = _after_one_decision(g.state)
    assert reusable_nodes(row, S) == 4
    assert reusable_nodes(row, g.state) == 0                 # the move itself has not been played
    later = _after_one_decision(S)
    assert reusable_nodes(row, later) == 0                   # someone else decided in between
    drawn = S.copy()
    drawn[L.PILE_POS + 1] += 1                               # a yellow private contract left its pile
    start, length = hidden_section(drawn, 1)
    assert (start, length) != hidden_section(S, 1)
    assert reusable_nodes(row, drawn) == 0
    other = S.copy()
    for i in range(N_HIDDEN_SECTIONS):                       # only the order inside a section changes
        start, length = hidden_section(other, i)
        other[start:start + length] = other[start:start + length][::-1]
    assert reusable_nodes(row, other) == 4


def test_a_search_continues_from_the_kept_subtree_of_its_previous_decision():
    """Against the Automa a planner's consecutive decisions (a construction's location, then its payment) reuse the
    tree: visits accumulate beyond one search's iterations; with reuse=0 there is no memory at all."""
    seat_ids = np.array([ISMCTS, 3], dtype=np.int64)
    params = np.zeros((2, registry.N_PARAMS))
    params[0] = registry.parse_spec("mcts:iters=40,depth=12")[1]
    params[1] = registry.parse_spec("automa:level=4")[1]
    g = Game.new(players=2, seed=5, automa=(0, 4))
    memory = plan_memory(seat_ids, params, 2)
    assert memory.shape[1] == M_NODES + MEMORY_SEARCHES * 41 * NODE_WORDS
    rng = np.array([3], dtype=np.int64)
    reused = 0
    most = 0
    while not g.is_over and g.state[L.G_ROUND] <= 2:
        c = g.current_player
        codes = g.legal_codes()
        kept = reusable_nodes(memory[0], g.state)
        before = int(memory[0, M_NODES + N_VISITS]) if kept else 0
        i = ismcts_choose(params[0], g.state, g.tables, codes, len(codes), rng, memory, no_model())
        if kept:
            reused += 1
            assert before > 0                                # the kept root: the move played last time
        assert memory[0, M_SIZE] > 0                         # the chosen move's subtree is kept for next time
        most = max(most, int(memory[0, M_NODES + N_VISITS]))
        assert c == 0                                        # the Automa's turns are the engine's
        g.play(int(codes[i]))
    assert reused > 5
    assert most > 40                                         # a kept subtree plus this search's 40 iterations
    none = plan_memory(seat_ids, registry.parse_spec("mcts:iters=40,reuse=0")[1][None].repeat(2, 0), 2)
    assert none.shape[1] == M_NODES
