"""Greedy features, production: energy of a production and its value, the systems a company could run
(PRODUCE-*, OFFICER-VIKTOR-01, COMPANY-ITA-01)."""
import numpy as np

from sim import ids
from sim import layout as L
from strategies.feature_layout import (
    I_ABIL,
    I_C,
    I_COMP,
    I_E0,
    I_NPH,
    I_OFF,
    I_OWN_PH,
    I_PRODS,
    I_R,
    MAX_PRODS,
    N_PEV,
    W_DENY,
    W_ENERGY,
    X_CV,
    X_CVAL,
    X_DROPV,
    X_ENDDROP,
    X_EVP0,
    X_PEV,
    fast,
    inlined,
)
from strategies.feature_duel import duel_energy_value
from strategies.feature_rewards import (
    best_fulfilment,
    energy_vp,
)
from strategies.feature_water import drop_landing

# ---------------------------------------------------------------------------------------------------------------
# Production

@fast
def production_side_value(S, T, I, X, W, d, cond, ph, k):
    """Part of a production's value that does not depend on the modifier: conduit payment, water taken out of
    the dam, where the k released drops stop downstream (PRODUCE-05, PRODUCE-12, END-05)."""
    c = I[I_C]
    v = 0.0
    if S[L.COND_OWNER + cond] != c:
        v -= k * (X[X_CV] + W[W_DENY])
    if S[L.DAM_OWNER + d] == c and I[I_R] == 5:
        v -= k * X[X_ENDDROP]
    start = T.n_dams[0] + T.ph_zone[ph]                   # the powerhouse site (WATER-14)
    for i in range(k):
        dd = drop_landing(S, T, I, start, i)
        if dd >= 0:
            v += X[X_DROPV + dd]
    return v


@inlined
def production_energy_value(S, T, I, X, W, e_prod, extra):
    """Energy-track value of producing e_prod (plus `extra` that cannot fulfil contracts) and the best contract
    it fulfils (PRODUCE-13, COMPANY-FRA-01)."""
    v = W[W_ENERGY] * (energy_vp(I, X, W, I[I_E0] + e_prod + extra, T) - X[X_EVP0])
    v += duel_energy_value(I, X, e_prod + extra)                      # Barrage: Duel, DUEL-COND-02
    bound = e_prod
    if I[I_COMP] == ids.FRANCE and I[I_ABIL] == 1:
        bound += T.ability[ids.AV_FRANCE_REDUCTION]
    return v + best_fulfilment(S, T, I, X, W, bound)


@fast
def clear_energy_values(X):
    """Forgets the memo of production_energy_value (per decision: it depends on the context only)."""
    for e in range(N_PEV):
        X[X_PEV + e] = np.nan


@inlined
def energy_value_memo(S, T, I, X, W, e_prod, extra):
    """production_energy_value of e_prod, computed once per decision and energy (many productions of a main
    decision, and the same production under several Turbine modifiers, produce the same energy)."""
    if e_prod < 0 or e_prod >= N_PEV:
        return production_energy_value(S, T, I, X, W, e_prod, extra)
    v = X[X_PEV + e_prod]
    if np.isnan(v):
        v = production_energy_value(S, T, I, X, W, e_prod, extra)
        X[X_PEV + e_prod] = v
    return v


@inlined
def viktor_energy(T, I, e):
    """OFFICER-VIKTOR-01: production value x drops as it counts for c (for Viktor at least his minimum, 4)."""
    return max(e, T.ability[ids.AV_VIKTOR_MINIMUM]) if I[I_OFF] == ids.VIKTOR else e


@inlined
def production_energy(S, T, I, X, cond, ph, k, modifier, german_second):
    """PRODUCE-06 (as produce.energy_of, from the context): value x drops, Viktor's minimum, modifier and company
    bonus (not for the German second production, PRODUCE-08), geological powerhouse bonus."""
    e = int(X[X_CVAL + cond]) * k
    if not german_second:
        e = viktor_energy(T, I, e) + modifier + T.prod_bonus[I[I_NPH]]
    tok = S[L.GEO_TOKEN + T.ph_zone[ph]]
    if tok == ids.GEO_PH_EXC:
        e += 2
    elif tok == ids.GEO_PH_FREE:
        e += 4
    return e


@fast
def list_systems(S, T, I, credits):
    """Every production c could perform now with enough modifier (PRODUCE-01..05, as produce.list_productions
    without the energy check), written to I_PRODS; returns their number."""
    c = I[I_C]
    n = 0
    for d in range(T.n_dams[0]):
        o = S[L.DAM_OWNER + d]
        drops = S[L.DAM_DROPS + d]
        if drops < 1 or (o != c and o != ids.NEUTRAL):
            continue
        z = T.dam_zone[d]
        for j in range(2):
            cond = T.zone_conduits[z, j]
            if cond < 0 or S[L.COND_OWNER + cond] == ids.NOBODY:
                continue
            ph = I[I_OWN_PH + T.cond_end_zone[cond]]
            if ph < 0:
                continue
            kmax = drops
            if S[L.COND_OWNER + cond] != c:
                kmax = min(kmax, credits)
            for k in range(1, kmax + 1):
                if n < MAX_PRODS:
                    I[I_PRODS + n] = d + 32 * cond + 1024 * ph + 32768 * k     # produce.encode
                    n += 1
    return n


@inlined
def italy_extra(T, I):
    """COMPANY-ITA-01: Italy's extra energy (3) after each production once active."""
    return T.ability[ids.AV_ITALY_ENERGY] if (I[I_COMP] == ids.ITALY and I[I_ABIL] == 1) else 0
