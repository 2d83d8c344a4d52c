"""Hidden information (HIDDEN-01..04): re-sampling what a player cannot see, for information-set search.

The hidden state is a list of pile sections (the undrawn part of each private-contract pile, HIDDEN-01, and of
each advanced-tile level pile, HIDDEN-02): `determinize` reshuffles them, `forget_hidden_order` sorts them. Both
walk the same sections, so a planner that sorts before it determinizes sees a function of the information set
alone, never the true order.
"""
from numba import njit

from sim import layout as L
from sim.rules.rng import seed_state, shuffle

N_HIDDEN_SECTIONS = 6   # 3 contract colours + 3 advanced-tile levels


@njit(cache=True, _nrt=False)
def hidden_section(S, i):
    """(first index in S, length) of hidden pile section i; the length may be 0."""
    if i < 3:                                          # undrawn private contracts of colour i
        pos = S[L.PILE_POS + i]
        return L.PILE + i * L.PILE_SIZE + pos, L.PILE_SIZE - pos
    level = i - 3                                      # undrawn advanced tiles of this level
    lo = max(S[L.TECH_POS], level * 5)
    hi = (level + 1) * 5
    return L.TECH_PILE + lo, max(0, hi - lo)


@njit(cache=True, _nrt=False)
def determinize(S, T, player, seed):
    """Reshuffles every hidden pile order in S and reseeds the generator, so that nothing in S reveals the true
    hidden order.

    `player` is the observer; in the base game every hidden item is hidden from all players alike.
    Identities of items returned to the box unseen never re-enter play and are left as they are."""
    S[L.G_RNG] = seed_state(seed)
    for i in range(N_HIDDEN_SECTIONS):
        start, n = hidden_section(S, i)
        if n > 1:
            shuffle(S, start, n)


@njit(cache=True, _nrt=False)
def forget_hidden_order(S):
    """Sorts every hidden pile section (insertion sort, no allocation): erases the true order, keeps the items."""
    for i in range(N_HIDDEN_SECTIONS):
        start, n = hidden_section(S, i)
        for a in range(start + 1, start + n):
            x = S[a]
            j = a - 1
            while j >= start and S[j] > x:
                S[j + 1] = S[j]
                j -= 1
            S[j + 1] = x
