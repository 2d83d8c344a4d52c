"""Hidden information (HIDDEN-01..04): determinize re-samples only what players cannot see."""
import numpy as np

import sim
from sim import layout as L


def _play(g, n, seed=0):
    rng = np.random.default_rng(seed)
    for _ in range(n):
        if g.is_over:
            break
        codes = g.legal_codes()
        g.play(int(codes[rng.integers(len(codes))]))
    return g


def _hidden_slices(S):
    piles = []
    for colour in range(3):
        pos = S[L.PILE_POS + colour]
        piles.append(sorted(S[L.PILE + colour * L.PILE_SIZE + pos:L.PILE + (colour + 1) * L.PILE_SIZE]))
    return piles


def test_HIDDEN_01_determinize_reshuffles_only_undrawn_piles():
    """HIDDEN-01/02: undrawn pile orders change; their contents and every public field stay the same."""
    g = _play(sim.Game.new(players=4, seed=3), 60)
    d = g.determinized(player=0, seed=99)
    S, D = g.state, d.state
    hidden = np.zeros(L.STATE_SIZE, dtype=bool)
    hidden[L.PILE:L.PILE + 3 * L.PILE_SIZE] = True
    hidden[L.TECH_PILE:L.TECH_PILE + L.N_ADV] = True
    hidden[L.G_RNG] = True
    assert np.array_equal(S[~hidden], D[~hidden])                    # HIDDEN-02: public state untouched
    assert _hidden_slices(S) == _hidden_slices(D)                       # same cards, maybe other order
    for colour in range(3):                                             # drawn part unchanged
        pos = S[L.PILE_POS + colour]
        a = L.PILE + colour * L.PILE_SIZE
        assert np.array_equal(S[a:a + pos], D[a:a + pos])
    assert not np.array_equal(S[L.PILE:L.PILE + 3 * L.PILE_SIZE], D[L.PILE:L.PILE + 3 * L.PILE_SIZE])


def test_HIDDEN_01_advanced_tiles_stay_in_their_level_pile():
    """HIDDEN-01 / SETUP-09: a determinized tile pile keeps each level's tiles in that level's segment."""
    g = sim.Game.new(players=3, seed=5)
    d = g.determinized(player=1, seed=7)
    T = g.tables
    for level in range(3):
        seg = d.state[L.TECH_PILE + level * 5:L.TECH_PILE + level * 5 + 5]
        drawn = max(0, int(g.state[L.TECH_POS]) - level * 5)
        assert all(T.tile_level[t] == level + 1 for t in seg)
        assert np.array_equal(seg[:drawn], g.state[L.TECH_PILE + level * 5:L.TECH_PILE + level * 5 + drawn])


def test_HIDDEN_04_same_seed_same_game_and_determinized_games_still_play():
    """HIDDEN-04: all chance comes from the seeded generator in the state; a determinized copy is playable."""
    a = _play(sim.Game.new(players=4, seed=11), 10_000, seed=1)
    b = _play(sim.Game.new(players=4, seed=11), 10_000, seed=1)
    assert np.array_equal(a.state, b.state) and a.log == b.log
    c = _play(sim.Game.new(players=4, seed=11), 50, seed=2).determinized(0, 1234)
    _play(c, 10_000, seed=3)
    assert c.is_over


def test_HIDDEN_01_determinize_differs_by_seed():
    """HIDDEN-01: two determinizations with different seeds give different hidden orders (planners sample)."""
    g = sim.Game.new(players=2, seed=1)
    a = g.determinized(0, 1).state
    b = g.determinized(0, 2).state
    assert not np.array_equal(a[L.PILE:L.PILE + 3 * L.PILE_SIZE], b[L.PILE:L.PILE + 3 * L.PILE_SIZE])
