"""How a level-4 Automa uses the Leeghwater and promo officers (AUTOMA-67 Simone, AUTOMA-68 Tommaso and AUTOMA-71
Gennaro, Wu, Elon, Octavius, Amir: the solo app's "Overpowered" rules): one small rule per officer, called by the
Automa procedure at the step it changes. `officer(S, c)` is none below level 4 (AUTOMA-03), so every rule here is
off for it. Elon's part (machineries before Excamixers) is in the payments: `sim.rules.automa_tiles.tile_payment`
and `sim.rules.company.machinery_split`; his starting Excamixers in `sim.rules.automa_turn.automa_pick`.
"""

from sim import ids
from sim import layout as L
from sim.jit import njit
from sim.rules.automa_lwp import best_own_dam
from sim.rules.company import add_credits, add_energy, co, officer, take_engineers
from sim.rules.contracts import fulfil_bound, mark_fulfilled
from sim.rules.multi_dam import finish_production
from sim.rules.officer_actions import wu_energy
from sim.rules.produce import modifier_terms, pay_conduit
from sim.rules.rewards import give_reward
from sim.rules.stack import push
from sim.rules.water import place_drop_directly


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
    """AUTOMA-71 (Wu): before its card, when the energy of his space reaches a displayed contract (`slot`: the one
    of the highest requirement <= it, the later on ties, or -1), its turn is Wu's space: its Engineers and Credits
    (paid as VP, AUTOMA-05), energy for the drops in its dams (OFFICER-WU-01), that contract fulfilled (AUTOMA-24).
    Returns whether the turn was taken."""
    b = co(c)
    k = T.officer_space_eng[ids.WU]
    if officer(S, c) != ids.WU or S[b + L.C_WU_ENG] > 0 or slot < 0 or S[b + L.C_ENG] < k:
        return False
    take_engineers(S, c, k)
    S[b + L.C_WU_ENG] = k
    add_credits(S, c, -T.officer_space_fee[ids.WU, 0], ids.VS_RESOURCES)
    add_energy(S, c, wu_energy(S, T, c))
    k = S[L.DISPLAY + slot]
    S[L.DISPLAY + slot] = -1                                   # refilled at the end of the turn
    mark_fulfilled(S, c, k)
    give_reward(S, T, c, k, ids.VS_CONTRACTS)
    return True


@njit(cache=True, _nrt=False)
def prefers_bases(S, c):
    """AUTOMA-71 (Wu): when building, a Base first, then an Elevation, when it has the tile and machineries."""
    return officer(S, c) == ids.WU


# ----------------------------------------------------------------------------------------------------------
# AUTOMA-71 (Octavius): productions from every drop source
# ----------------------------------------------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def _source_conduit(S, T, d, zone):
    """A built conduit from dam d's basin into `zone`, the highest printed value (GEO-10) first, then map order;
    -1 if none."""
    best = -1
    z = T.dam_zone[d]
    for j in range(2):
        k = T.zone_conduits[z, j]
        if (k >= 0 and S[L.COND_OWNER + k] != ids.NOBODY and T.cond_end_zone[k] == zone
                and (best < 0 or T.cond_value[k] > T.cond_value[best])):
            best = k
    return best


@njit(cache=True, _nrt=False)
def _sources(S, T, c, ph, take):
    """OFFICER-OCTAVIUS-01 for an Automa: every own or neutral dam holding drops with a built conduit from its basin
    to powerhouse ph's zone gives all its drops (AUTOMA-13 a). Returns (base = sum of printed value x drops,
    drops, bit per dam used); with `take` the drops leave their dams and foreign conduit owners are paid
    (AUTOMA-05: as VP)."""
    zone = T.ph_zone[ph]
    base = 0
    drops = 0
    used = 0
    for d in range(T.n_dams[0]):
        owner = S[L.DAM_OWNER + d]
        k = S[L.DAM_DROPS + d]
        if k < 1 or (owner != c and owner != ids.NEUTRAL):
            continue
        cond = _source_conduit(S, T, d, zone)
        if cond < 0:
            continue
        base += T.cond_value[cond] * k
        drops += k
        used |= 1 << d
        if take:
            S[L.DAM_DROPS + d] -= k
            pay_conduit(S, T, c, cond, k)
    return base, drops, used


@njit(cache=True, _nrt=False)
def several_sources(S, c, german_second):
    """AUTOMA-71 (Octavius): the Automa's productions draw on every drop source (not the German second production,
    which is its own single-dam production, PRODUCE-08)."""
    return officer(S, c) == ids.OCTAVIUS and not german_second


@njit(cache=True, _nrt=False)
def octavius_best(S, T, c, modifier, excluded_ph):
    """AUTOMA-71 (Octavius), AUTOMA-13 (a): (powerhouse, energy) of the own powerhouse (not excluded_ph) whose
    production from all its sources gives the most energy (PRODUCE-06 once on the sum, O-10; the first in map
    order on ties); (-1, 0) if none gives at least 1 (PRODUCE-07)."""
    best = -1
    best_e = 0
    for p in range(T.n_ph[0]):
        if S[L.PH_OWNER + p] != c or p == excluded_ph:
            continue
        base, drops, _ = _sources(S, T, c, p, False)
        if drops == 0:
            continue
        viktor, mod, bonus, geo = modifier_terms(S, T, c, base, p, modifier, False)
        e = base + viktor + mod + bonus + geo
        if e > best_e:
            best = p
            best_e = e
    return best, best_e


@njit(cache=True, _nrt=False)
def octavius_produce(S, T, c, ph, modifier):
    """AUTOMA-71 (Octavius) with OFFICER-OCTAVIUS-01 / O-10: all sources' drops leave their dams (fees paid), E
    once on the summed base, the marker advances, all the drops flow on from the site. Returns (E, dams used)."""
    base, drops, used = _sources(S, T, c, ph, True)
    return finish_production(S, T, c, modifier, ph, base, drops), used


# ----------------------------------------------------------------------------------------------------------
# AUTOMA-71 (Amir): drops straight into its dams
# ----------------------------------------------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def places_drops_directly(S, c):
    """AUTOMA-71 (Amir): every drop the Automa places on a headstream flows at once, so Amir's second ability puts
    it straight into one of its dams (OFFICER-AMIR-01)."""
    return officer(S, c) == ids.AMIR


@njit(cache=True)
def amir_drops(S, T, c, n, card):
    """AUTOMA-71 (Amir): each of the n drops goes into the own dam with room of a complete system with the highest
    conduit value, else any own dam with room, ties by the card's dam criteria (as AUTOMA-53's Netherlands drop);
    a drop with no own dam to go to is not placed (it could not add to its dams, AUTOMA-15). Returns the number
    placed."""
    placed = 0
    for _ in range(n):
        d = best_own_dam(S, T, c, 0, card)
        if d < 0:
            break
        place_drop_directly(S, T, d)
        placed += 1
    return placed
