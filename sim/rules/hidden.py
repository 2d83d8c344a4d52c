"""Hidden information (HIDDEN-01..04): re-sampling what a player cannot see, for information-set search.

The hidden state is a list of pile sections: the undrawn part of each private-contract pile (HIDDEN-01), of each
advanced-tile level pile (HIDDEN-02), of the Automa deck below its face-up top card (AUTOMA-02, A-02) and, with The
Leeghwater Project, of each external-works deck (LWP-SETUP-02); the tile set aside from each advanced pile
(LWP-SETUP-03) is hidden together with that pile's undrawn tiles.
`determinize` reshuffles them, `forget_hidden_order` sorts them. Both walk the same sections, so a planner that
sorts before it determinizes sees a function of the information set alone, never the true order.
"""

from sim import layout as L
from sim.jit import njit
from sim.rules.company import has_automa
from sim.rules.contracts import pile_len
from sim.rules.rng import below, seed_state64, shuffle

N_HIDDEN_SECTIONS = 10  # 3 contract colours + 3 advanced-tile levels + the Automa deck + 3 external-works decks


@njit(cache=True, _nrt=False)
def _lwp_on(S):
    """The Leeghwater Project is in play (its buildings board is filled at setup)."""
    return S[L.LWP_BUILDING] >= 0


@njit(cache=True, _nrt=False)
def hidden_section(S, i):
    """(first index in S, length) of hidden pile section i; the length may be 0."""
    if i < 3:                                          # undrawn private contracts of colour i
        pos = S[L.PILE_POS + i]
        return L.PILE + i * L.PILE_SIZE + pos, max(0, pile_len(S, i) - pos)
    if i < 6:                                          # undrawn advanced tiles of level i - 3
        lo = max(S[L.TECH_POS], (i - 3) * 5)
        hi = (i - 2) * 5
        return L.TECH_PILE + lo, max(0, hi - lo)
    if i >= 7:                                         # undrawn external works of deck i - 7 (A, B, C)
        if not _lwp_on(S):
            return L.LWP_EW_DECK, 0
        lo = max(S[L.LWP_EW_POS], (i - 7) * 5)
        return L.LWP_EW_DECK + lo, max(0, (i - 6) * 5 - lo)
    if not has_automa(S):                              # the deck is only in play with an Automa seated
        return L.AUTOMA_DECK, 0
    first = S[L.AUTOMA_POS] + 1                        # below the top card, whose action side is public
    return L.AUTOMA_DECK + first, max(0, L.N_AUTOMA_CARDS - first)


@njit(cache=True)
def determinize(S, T, player, seed):
    """Reshuffles every hidden pile order in S and reseeds the generator, so that nothing in S reveals the true
    hidden order.

    `player` is the observer; in the base game every hidden item is hidden from all players alike.
    Identities of items returned to the box unseen never re-enter play and are left as they are."""
    S[L.G_RNG] = seed_state64(seed)
    for i in range(N_HIDDEN_SECTIONS):
        start, n = hidden_section(S, i)
        if 3 <= i < 6 and _lwp_on(S):                  # LWP-SETUP-03: the set-aside tile is any of n + 1
            k = below(S, n + 1)
            if k < n:
                a = L.LWP_SET_ASIDE + i - 3
                S[a], S[start + k] = S[start + k], S[a]
        if n > 1:
            shuffle(S, start, n)


@njit(cache=True, _nrt=False)
def forget_hidden_order(S):
    """Sorts every hidden pile section (insertion sort, no allocation): erases the true order, keeps the items; a
    Leeghwater set-aside tile becomes the highest of its pile's hidden tiles."""
    for i in range(N_HIDDEN_SECTIONS):
        start, n = hidden_section(S, i)
        if 3 <= i < 6 and _lwp_on(S) and n > 0:
            a = L.LWP_SET_ASIDE + i - 3
            for j in range(start, start + n):
                if S[j] > S[a]:
                    S[j], S[a] = S[a], S[j]
        for a in range(start + 1, start + n):
            x = S[a]
            j = a - 1
            while j >= start and S[j] > x:
                S[j + 1] = S[j]
                j -= 1
            S[j + 1] = x
