"""Contracts: display refill, taking, hand limit, fulfilment (CONTRACT-*, ACT-CONTRACT-*)."""
import numpy as np

from sim import ids
from sim import layout as L
from sim.jit import njit
from sim.rules.company import ability_active, co, company_of
from sim.rules.rng import shuffle


@njit(cache=True, _nrt=False)
def pile_len(S, colour):
    """Private contracts in colour's pile array: PILE_SIZE with The Colorado Connection's contract (COLO-SETUP-02),
    one less without it (the last slot then holds -1)."""
    return L.PILE_SIZE if S[L.PILE + colour * L.PILE_SIZE + L.PILE_SIZE - 1] >= 0 else L.PILE_SIZE - 1


@njit(cache=True, _nrt=True)
def rebuild_pile(S, T, colour):
    """AUTOMA-20: an exhausted pile is rebuilt, shuffled, from the contracts an Automa discarded of its colour.
    The pile array stays a permutation of the colour's contracts: the others keep their order in front, the
    rebuilt pile takes the last slots and the draw position moves back to it."""
    base = L.PILE + colour * L.PILE_SIZE
    size = pile_len(S, colour)
    front = 0
    m = 0
    tmp = np.empty(L.PILE_SIZE, dtype=np.int64)
    for i in range(size):
        k = S[base + i]
        if S[L.CON_STATE + k] == ids.CS_COLOUR_DISCARD:
            tmp[L.PILE_SIZE - 1 - m] = k
            m += 1
        else:
            S[base + front] = k
            front += 1
    for j in range(m):
        k = tmp[L.PILE_SIZE - 1 - j]
        S[base + front + j] = k
        S[L.CON_STATE + k] = ids.CS_PILE
    shuffle(S, base + front, m)
    S[L.PILE_POS + colour] = front


@njit(cache=True, _nrt=False)
def discard_colour(S, colour):
    """AUTOMA-20: both displayed private contracts of a colour go to that colour's discard pile."""
    for slot in range(2):
        i = L.DISPLAY + colour * 2 + slot
        k = S[i]
        if k >= 0:
            S[L.CON_STATE + k] = ids.CS_COLOUR_DISCARD
            S[i] = -1


@njit(cache=True, _nrt=False)
def refill_display(S, T):
    """CONTRACT-14: each colour's display is topped up to 2 from its pile (empty pile: slot stays empty, unless
    an Automa's discards rebuild it, AUTOMA-20)."""
    for colour in range(3):
        for slot in range(2):
            i = L.DISPLAY + colour * 2 + slot
            size = pile_len(S, colour)
            if S[i] < 0 and S[L.PILE_POS + colour] >= size:
                rebuild_pile(S, T, colour)
            if S[i] < 0 and S[L.PILE_POS + colour] < size:
                k = S[L.PILE + colour * L.PILE_SIZE + S[L.PILE_POS + colour]]
                S[L.PILE_POS + colour] += 1
                S[i] = k
                S[L.CON_STATE + k] = ids.CS_DISPLAY


@njit(cache=True, _nrt=False)
def displayed_count(S):
    """Face-up private contracts in the display (ACT-CONTRACT-04)."""
    n = 0
    for i in range(6):
        if S[L.DISPLAY + i] >= 0:
            n += 1
    return n


@njit(cache=True, _nrt=False)
def take_from_display(S, c, slot):
    """ACT-CONTRACT-03: the contract in a display slot goes face up into c's hand; the slot stays empty."""
    k = S[L.DISPLAY + slot]
    S[L.DISPLAY + slot] = -1
    S[L.CON_STATE + k] = ids.CS_HAND
    S[L.CON_OWNER + k] = c


@njit(cache=True, _nrt=False)
def fulfil_bound(S, T, c, energy, by_production):
    """Largest requirement a fulfilment may meet: E, or E + France's reduction (3) for an active France on a
    production (COMPANY-FRA-01)."""
    if by_production and company_of(S, c) == ids.FRANCE and ability_active(S, T, c):
        return energy + T.ability[ids.AV_FRANCE_REDUCTION]
    return energy


@njit(cache=True, _nrt=False)
def can_fulfil(S, T, c, k, bound, by_production):
    """Whether contract k may be fulfilled by c with the given bound (PRODUCE-13, CONTRACT-09/12)."""
    st = S[L.CON_STATE + k]
    if T.contract_req[k] > bound:
        return False
    if st == ids.CS_HAND and S[L.CON_OWNER + k] == c:
        return True
    return by_production and st == ids.CS_NATIONAL_BOARD


@njit(cache=True, _nrt=False)
def mark_fulfilled(S, c, k):
    """CONTRACT-08/09: the contract is turned face down in c's supply."""
    S[L.CON_STATE + k] = ids.CS_FULFILLED
    S[L.CON_OWNER + k] = c
    S[co(c) + L.C_FULFILLED] += 1
