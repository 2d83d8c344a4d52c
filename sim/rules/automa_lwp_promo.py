"""How a level-4 Automa uses the Leeghwater and promo officers it can hold (AUTOMA-67, AUTOMA-68 and Gennaro's part
and Wu's parts of AUTOMA-71, the solo app's "Overpowered" rules): one small rule per officer, called by the Automa procedure at
the step it changes. `officer(S, c)` is none below level 4 (AUTOMA-03), so every rule here is off for it.

Not implemented (a level-4 Automa is not dealt these officers, sim.config): AUTOMA-71 for Elon, Octavius and
Amir.
"""
from numba import njit

from sim import ids
from sim import layout as L
from sim.rules.company import add_energy, co, officer, take_engineers
from sim.rules.contracts import fulfil_bound, mark_fulfilled
from sim.rules.rewards import give_reward
from sim.rules.stack import push
from sim.rules.water import own_dam_drops


@njit(cache=True, _nrt=False)
def fulfils_several(S, c):
    """AUTOMA-67: a Simone Automa fulfils as many contracts as it can after a production."""
    return officer(S, c) == ids.SIMONE


@njit(cache=True, _nrt=False)
def _best_national(S, T, bound):
    """The national contract on the board with the highest requirement <= bound (the later one on ties), or -1."""
    best = -1
    for k in range(L.N_CONTRACTS):
        if S[L.CON_STATE + k] == ids.CS_NATIONAL_BOARD and T.contract_req[k] <= bound:
            if best < 0 or T.contract_req[k] >= T.contract_req[best]:
                best = k
    return best


@njit(cache=True, _nrt=False)
def _best_display_set(S, T, bound):
    """AUTOMA-67: the set of displayed private contracts (bit i = display slot i) with the most contracts whose
    requirements sum to <= bound; then the highest sum; then the rightmost slots (display order green, yellow,
    red, so the larger bit pattern)."""
    best = 0
    best_n = 0
    best_sum = 0
    for mask in range(1, 64):
        n = 0
        total = 0
        ok = True
        for i in range(6):
            if (mask >> i) & 1:
                k = S[L.DISPLAY + i]
                if k < 0:
                    ok = False
                    break
                n += 1
                total += T.contract_req[k]
        if not ok or total > bound:
            continue
        if n > best_n or (n == best_n and (total > best_sum or (total == best_sum and mask > best))):
            best = mask
            best_n = n
            best_sum = total
    return best


@njit(cache=True, _nrt=False)
def simone_fulfil(S, T, c, e):
    """AUTOMA-67 (CONTRACT-11): after a production of E, a national contract whenever one is eligible (the
    highest), then as many displayed contracts as the rest of E allows (AUTOMA-14's slot is refilled at the end of
    the turn), each reward taken (AUTOMA-24)."""
    bound = fulfil_bound(S, T, c, e, True)
    nat = _best_national(S, T, bound)
    if nat >= 0:
        bound -= T.contract_req[nat]
        mark_fulfilled(S, c, nat)
        give_reward(S, T, c, nat, ids.VS_CONTRACTS)
    mask = _best_display_set(S, T, bound)
    for i in range(6):
        if (mask >> i) & 1:
            k = S[L.DISPLAY + i]
            S[L.DISPLAY + i] = -1
            mark_fulfilled(S, c, k)
            give_reward(S, T, c, k, ids.VS_CONTRACTS)


@njit(cache=True, _nrt=False)
def architect_second_turn(S, c, printed_engineers):
    """AUTOMA-68 (Tommaso): a turn-ending entry printed with exactly 1 Engineer is done by the Architect, and the
    Automa takes a second turn with a new card, after the display refill (TURN-11)."""
    b = co(c)
    if officer(S, c) != ids.TOMMASO or S[b + L.C_ARCHITECT] == 0 or printed_engineers != 1:
        return
    S[b + L.C_ARCHITECT] = 0
    push(S, ids.TK_MAIN, c, 0)
    push(S, ids.TK_REFILL, c)


@njit(cache=True, _nrt=False)
def construction_engineers(S, c, k):
    """AUTOMA-71 (Gennaro): the Automa's first construction each round costs 1 Engineer less (his extra space
    itself is not used)."""
    b = co(c)
    if officer(S, c) != ids.GENNARO or S[b + L.C_GENNARO_DISCOUNT] == 1:
        return k
    S[b + L.C_GENNARO_DISCOUNT] = 1
    return max(0, k - 1)


@njit(cache=True, _nrt=False)
def wu_space_turn(S, T, c, slot):
    """AUTOMA-71 (Wu): before its card, when the drops in its dams reach a displayed contract (`slot`: the one of
    the highest requirement <= them, the later on ties, or -1), its turn is Wu's space: 1 Engineer, energy = those
    drops, that contract fulfilled (AUTOMA-24). Returns whether the turn was taken."""
    b = co(c)
    if officer(S, c) != ids.WU or S[b + L.C_WU_ENG] > 0 or slot < 0 or S[b + L.C_ENG] < 1:
        return False
    take_engineers(S, c, 1)
    S[b + L.C_WU_ENG] = 1
    add_energy(S, c, own_dam_drops(S, T, c))
    k = S[L.DISPLAY + slot]
    S[L.DISPLAY + slot] = -1                                   # refilled at the end of the turn
    mark_fulfilled(S, c, k)
    give_reward(S, T, c, k, ids.VS_CONTRACTS)
    return True


@njit(cache=True, _nrt=False)
def prefers_bases(S, c):
    """AUTOMA-71 (Wu): when building, a Base first, then an Elevation, when it has the tile and machineries."""
    return officer(S, c) == ids.WU
