"""The shared Automa deck (AUTOMA-02): shuffle, the flip at the start of an Automa turn, reshuffle, and which
card gives the action list and which the criteria.

Layout: `AUTOMA_DECK[0:pos]` are the flipped cards (the last of them, `pos - 1`, is the criteria card, the others
the discard pile), `AUTOMA_DECK[pos:]` is the deck, its top card `pos` showing its action side.
"""

from sim import layout as L
from sim.jit import njit
from sim.rules.rng import shuffle


@njit(cache=True, _nrt=False)
def shuffle_automa_deck(S):
    """AUTOMA-02: the 20 cards are shuffled at setup; no card is flipped yet."""
    for i in range(L.N_AUTOMA_CARDS):
        S[L.AUTOMA_DECK + i] = i
    shuffle(S, L.AUTOMA_DECK, L.N_AUTOMA_CARDS)
    S[L.AUTOMA_POS] = 0


@njit(cache=True, _nrt=False)
def flip(S):
    """AUTOMA-02 steps 1-3: the criteria card goes to the discard pile, the deck's top card is flipped onto the
    criteria pile, and an emptied deck is rebuilt by shuffling the discard pile (the criteria card stays)."""
    pos = S[L.AUTOMA_POS] + 1
    if pos >= L.N_AUTOMA_CARDS:
        crit = S[L.AUTOMA_DECK + L.N_AUTOMA_CARDS - 1]
        S[L.AUTOMA_DECK + L.N_AUTOMA_CARDS - 1] = S[L.AUTOMA_DECK]
        S[L.AUTOMA_DECK] = crit
        shuffle(S, L.AUTOMA_DECK + 1, L.N_AUTOMA_CARDS - 1)
        pos = 1
    S[L.AUTOMA_POS] = pos


@njit(cache=True, _nrt=False)
def action_card(S):
    """AUTOMA-02 step 4: the card on top of the deck, whose action list is used."""
    return S[L.AUTOMA_DECK + S[L.AUTOMA_POS]]


@njit(cache=True, _nrt=False)
def criteria_card(S):
    """AUTOMA-02 step 2: the card on the criteria pile, whose criteria side is used (-1 before the first flip)."""
    pos = S[L.AUTOMA_POS]
    return S[L.AUTOMA_DECK + pos - 1] if pos > 0 else -1
