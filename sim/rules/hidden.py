"""Hidden information (HIDDEN-01..04): re-sampling what a player cannot see, for information-set search."""
from numba import njit

from sim import layout as L
from sim.rules.automa_deck import shuffle_hidden_deck
from sim.rules.company import has_automa
from sim.rules.rng import seed_state, shuffle


@njit(cache=True)
def determinize(S, T, player, seed):
    """Reshuffles every hidden pile order in S (undrawn private contracts per colour, undrawn advanced tiles
    within each level pile, the Automa deck below its face-up top card) and reseeds the generator, so that nothing in S reveals the true hidden order.

    `player` is the observer; in the base game every hidden item is hidden from all players alike.
    Identities of items returned to the box unseen never re-enter play and are left as they are."""
    S[L.G_RNG] = seed_state(seed)
    for colour in range(3):
        pos = S[L.PILE_POS + colour]
        shuffle(S, L.PILE + colour * L.PILE_SIZE + pos, L.PILE_SIZE - pos)
    pos = S[L.TECH_POS]
    for level in range(3):
        lo = max(pos, level * 5)
        hi = (level + 1) * 5
        if hi > lo:
            shuffle(S, L.TECH_PILE + lo, hi - lo)
    if has_automa(S):
        shuffle_hidden_deck(S)
