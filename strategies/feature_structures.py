"""Greedy features, structures: what placing a structure is worth (potential, incomes, bonus and objective
tiles), what it costs (machinery, red outlines, officers), the build candidates of a decision, tile effects
(CONSTRUCT-*, TECH-*, ADV-*)."""
import numpy as np

from sim import ids
from sim import layout as L
from sim.rules.company import co
from sim.rules.construct import machinery_alternative, machinery_need, red_credits, solomon_credits
from strategies.feature_layout import (
    BIG,
    I_AREA,
    I_AREA_MAX,
    I_AREA_MIN,
    I_C,
    I_CAND_G,
    I_CAND_K,
    I_CAND_REQ,
    I_CAN_PH,
    I_CAP,
    I_COMP,
    I_E0,
    I_EXC,
    I_MIX,
    I_NCAND,
    I_NCANDS,
    I_NEED_E,
    I_NEED_J,
    I_NEED_M,
    I_NFUT,
    I_NPH,
    I_OBJ,
    I_OFF,
    I_OPP_PH,
    I_OWN_DAM,
    I_OWN_PH,
    I_PIECES,
    I_R,
    I_RED,
    I_STRUCT,
    I_TILE,
    I_ZCOUNT,
    N_RHOP,
    RHO,
    W_BONUS,
    W_BUILD,
    W_DENY,
    W_ENERGY,
    W_INCOME,
    W_TILE,
    W_WATER,
    X_BEST,
    X_BEST_NOW,
    X_CANDV,
    X_CPOT,
    X_CV,
    X_CVAL,
    X_DROPV,
    X_EU,
    X_EV,
    X_EVP0,
    X_FBV,
    X_FP,
    X_LOCK,
    X_MV,
    X_NET,
    X_NETJ,
    X_NOW,
    X_PHD,
    X_RATE,
    X_RHOP,
    X_TYPEV,
    X_VAL,
    X_VK,
    X_WMISS,
    X_WOWN1,
    X_WSUM,
    fast,
    inlined,
)
from strategies.feature_plan import income_progress_value
from strategies.feature_rewards import (
    energy_vp,
    reward_value,
    wheel_value,
)

# ---------------------------------------------------------------------------------------------------------------
# Structures

@inlined
def placeable_fast(S, T, I, g):
    """The structure c could place on map space g (as construct.placeable, from the context), or -1."""
    nd = T.n_dams[0]
    nc = T.n_conduits[0]
    c = I[I_C]
    if g < nd:
        o = S[L.DAM_OWNER + g]
        if o == ids.NOBODY:
            if I[I_PIECES + ids.BASE] == 0 or I[I_OWN_DAM + T.dam_zone[g]] >= 0:
                return -1
            return ids.BASE
        if o == c and S[L.DAM_LEVEL + g] < 3 and I[I_PIECES + ids.ELEVATION] > 0:
            return ids.ELEVATION
        return -1
    if g < nd + nc:
        if S[L.COND_OWNER + g - nd] == ids.NOBODY and I[I_PIECES + ids.CONDUIT] > 0:
            return ids.CONDUIT
        return -1
    p = g - nd - nc
    if S[L.PH_OWNER + p] != ids.NOBODY or I[I_CAN_PH + T.ph_zone[p]] == 0:
        return -1
    return ids.POWERHOUSE


@inlined
def _ph_delta(T, I, X, ez):
    """Potential change (energy) of an own powerhouse in zone ez: every basin with a conduit ending there."""
    if not np.isnan(X[X_PHD + ez]):
        return X[X_PHD + ez]
    tot = 0.0
    for z in range(T.n_zones[0]):
        hit = False
        best = 0.0
        for j in range(2):
            k = T.zone_conduits[z, j]
            if k < 0:
                continue
            e = T.cond_end_zone[k]
            if e == ez:
                hit = True
                best = max(best, X[X_VK + k])
            else:
                best = max(best, X[X_VK + k] * X[X_FP + e])
        if hit:
            tot += (best - X[X_BEST + z]) * X[X_WSUM + z]
    X[X_PHD + ez] = tot
    return tot


@inlined
def potential_delta(S, T, I, X, g, struct):
    """Change of c's production potential (energy over the rest of the game) if it placed `struct` on g."""
    nd = T.n_dams[0]
    if struct == ids.BASE:
        z = T.dam_zone[g]
        wmiss = 0.0
        for j in range(2):
            d = T.zone_dams[z, j]
            if d >= 0:
                wmiss = max(wmiss, X[X_WMISS + d])
        return X[X_BEST + z] * (X[X_WOWN1 + g] - wmiss)
    if struct == ids.ELEVATION:
        z = T.dam_zone[g]
        cap = I[I_CAP + g]
        rate = X[X_RATE + g]
        return X[X_BEST + z] * I[I_NFUT] * (min(cap + 1.0, rate) - min(float(cap), rate))
    if struct == ids.CONDUIT:
        k = g - nd
        z = T.cond_zone[k]
        best = X[X_CPOT + k] * X[X_FP + T.cond_end_zone[k]]
        for j in range(2):
            k2 = T.zone_conduits[z, j]
            if k2 >= 0 and k2 != k:
                best = max(best, X[X_VK + k2] * X[X_FP + T.cond_end_zone[k2]])
        return (best - X[X_BEST + z]) * X[X_WSUM + z]
    return _ph_delta(T, I, X, T.ph_zone[g - nd - T.n_conduits[0]])


@inlined
def type_value(T, I, X, W, struct):
    """Part of a structure's value that depends only on its type: incomes revealed (INCOME-04/05, collected now
    and in every later Income phase), bonus tiles (BONUS-04), powerhouse bonus and ability (COMPANY-01/02)."""
    v = X[X_TYPEV + struct]
    if not np.isnan(v):
        return v
    nfut = I[I_NFUT]
    full = 4 if struct == ids.POWERHOUSE else 5
    n_after = full - I[I_PIECES + struct] + 1
    v = 0.0
    if struct != ids.POWERHOUSE:
        for i in range(3):
            if T.income_at[i] == n_after:
                v += W[W_INCOME] * reward_value(T, I, X, W, T.income_reward[I[I_COMP], struct, i]) * (1 + nfut)
        v += income_progress_value(T, I, X, W, struct)
    elif n_after <= 4:
        prods = 2.0 * nfut + X[X_NOW]                                     # productions still to come
        gain = T.prod_bonus[n_after] - T.prod_bonus[n_after - 1]
        if n_after == T.ability_at_ph[0]:
            gain += 3.0
        v += W[W_BUILD] * X[X_EU] * gain * prods
    tile_kind = ids.B_BASES + struct
    if I[I_TILE] == tile_kind:                                            # this round's bonus tile
        v += W[W_BONUS] * T.bonus_vp[tile_kind] * (0.9 if I[I_E0] >= T.bonus_threshold[0] else 0.5)
    X[X_TYPEV + struct] = v
    return v


@inlined
def future_bonus_value(S, T, I, tile_kind):
    """Expected VP per unit counted by bonus tile kind in the coming rounds (BONUS-02..04; tiles are public)."""
    v = 0.0
    for rr in range(I[I_R] + 1, 6):
        if S[L.G_BONUS + rr - 1] == tile_kind:
            v += T.bonus_vp[tile_kind] * 0.6
    return v


@inlined
def objective_delta(S, T, I, g, struct):
    """Rough change of c's objective count (OBJECTIVE-01..06) if it placed `struct` on g."""
    obj = I[I_OBJ]
    nd = T.n_dams[0]
    nc = T.n_conduits[0]
    if g < nd:
        z = T.dam_zone[g]
    elif g < nd + nc:
        z = T.cond_zone[g - nd]
    else:
        z = T.ph_zone[g - nd - nc]
    a = T.zone_area[z]
    if obj == ids.O_PAYING:
        if struct == ids.BASE and T.dam_upper[g] == 1:
            return 1.0
        if struct == ids.POWERHOUSE and T.ph_paying[g - nd - nc] == 1:
            return 1.0
        return 0.0
    if obj == ids.O_BEST_AREA:
        return 1.0 if I[I_AREA + a] == I[I_AREA_MAX] else 0.3
    if obj == ids.O_WEAKEST_AREA:
        return 1.0 if I[I_AREA + a] == I[I_AREA_MIN] else 0.1
    if obj == ids.O_BASINS1:
        return 1.0 if I[I_ZCOUNT + z] == 0 else 0.0
    if obj == ids.O_BASINS3:
        n = I[I_ZCOUNT + z]
        return 1.0 if n == 2 else (0.4 if n == 1 else (0.2 if n == 0 else 0.0))
    if obj == ids.O_BRIDGE_DAMS:                         # OBJECTIVE-07: counted through bridges (feature_colorado)
        return 0.0
    c = I[I_C]                                           # O_CONNECTIONS: own base - own conduit - own powerhouse
    if struct == ids.BASE:
        for j in range(2):
            k = T.zone_conduits[z, j]
            if k >= 0 and S[L.COND_OWNER + k] == c and I[I_OWN_PH + T.cond_end_zone[k]] >= 0:
                return 1.0
        return 0.3
    if struct == ids.CONDUIT:
        has_dam = I[I_OWN_DAM + z] >= 0
        has_ph = I[I_OWN_PH + T.cond_end_zone[g - nd]] >= 0
        if has_dam and has_ph:
            return 1.0
        return 0.3 if (has_dam or has_ph) else 0.1
    if struct == ids.POWERHOUSE:
        n = 0.0
        for k in range(nc):
            if T.cond_end_zone[k] == z and S[L.COND_OWNER + k] == c and I[I_OWN_DAM + T.cond_zone[k]] >= 0:
                n += 1.0
        return n if n > 0 else 0.2
    return 0.0


@inlined
def struct_value(S, T, I, X, W, g, struct):
    """Value for c of placing `struct` on map space g, before costs: production potential, type value, future
    bonus tiles, objective, conduit income from other companies (PRODUCE-05), denial of a zone's last
    powerhouse space."""
    nd = T.n_dams[0]
    v = W[W_BUILD] * X[X_EU] * potential_delta(S, T, I, X, g, struct) + type_value(T, I, X, W, struct)
    v += W[W_BONUS] * (X[X_FBV + ids.B_BASES + struct] + 2.5 * objective_delta(S, T, I, g, struct))
    if struct == ids.CONDUIT:
        k = g - nd
        mask = I[I_OPP_PH + T.cond_end_zone[k]]
        if mask != 0:
            z = T.cond_zone[k]
            water = 0.0
            for j in range(2):
                d = T.zone_dams[z, j]
                if d < 0:
                    continue
                o = S[L.DAM_OWNER + d]
                if (0 <= o < 4 and (mask >> o) & 1) or o == ids.NEUTRAL:
                    water += min(float(I[I_CAP + d]), X[X_RATE + d]) * I[I_NFUT] + S[L.DAM_DROPS + d] * 0.5
            v += W[W_BUILD] * 0.4 * water * (1.0 + X[X_CV])
    elif struct == ids.POWERHOUSE:
        z = T.ph_zone[g - nd - T.n_conduits[0]]
        free = 0
        for j in range(4):
            q = T.zone_ph[z, j]
            if q >= 0 and S[L.PH_OWNER + q] == ids.NOBODY:
                free += 1
        if free == 1:
            v += W[W_DENY] * 1.5
    elif I[I_R] == 5:                                     # END-05: room for one more drop
        v += 0.5 * min(1.0, X[X_RATE + g] + 0.5)
    return v


@inlined
def machinery_cost(T, I, X, e, m, jill, solomon):
    """Cost of putting e Excavators and m Mixers on the wheel (or Jill's mixers); shortfalls paid in Credits (3
    each) by Solomon (OFFICER-SOLOMON-01), otherwise not payable (BIG)."""
    exc = I[I_EXC]
    mix = I[I_MIX]
    lock = X[X_LOCK]
    best = BIG
    for alt in range(2):
        E, M, ok = machinery_alternative(e, m, jill, alt)
        if not ok:
            break
        short = max(0, E - exc) + max(0, M - mix)
        if short > 0 and not solomon:
            continue
        cost = lock * (min(E, exc) * X[X_EV] + min(M, mix) * X[X_MV]) + solomon_credits(T, short) * X[X_CV]
        best = min(best, cost)
    return best


@inlined
def tile_need(S, T, I, X, g, struct, behav, free):
    """(excavators, mixers, Jill's mixers or -1, red-outline Credits) of building `struct` on g with tile
    `behav` (as construct.machinery_need / red_credits; CONSTRUCT-08..11, -19, ADV-L1-WILD-01, ADV-L2-CONDUIT-01,
    ADV-L3-BASE-01, OFFICER-WILHELM/JILL-01). With the Geological Factor the engine's functions are used."""
    if T.geo_enabled[0] == 1:
        e, m, j = machinery_need(S, T, I[I_C], g, struct, behav, free)
        return e, m, j, red_credits(S, T, g, struct, behav)
    nd = T.n_dams[0]
    off = I[I_OFF]
    red = 0
    if free:                                             # CONSTRUCT-21: only the red-outline Credits
        if (struct == ids.BASE and T.dam_upper[g] == 1) or (
                struct == ids.POWERHOUSE and T.ph_paying[g - nd - T.n_conduits[0]] == 1):
            red = T.red_surcharge[0]
        return 0, 0, -1, red
    if struct == ids.BASE:
        e = T.ability[ids.AV_WILHELM_BASE_EXCAVATORS] if off == ids.WILHELM else T.base_cost[T.zone_area[T.dam_zone[g]]]
        if behav == ids.T_L3_BASE:
            e = 0
        if T.dam_upper[g] == 1 and behav != ids.T_L1_WILD:
            red = T.red_surcharge[0]
        return e, 0, -1, red
    if struct == ids.ELEVATION:
        return 0, T.elev_cost[T.zone_area[T.dam_zone[g]]], -1, 0
    if struct == ids.CONDUIT:
        v = int(X[X_CVAL + g - nd])
        e = 2 * v
        if behav == ids.T_L2_COND:
            e = min(5, e)
        return e, 0, (v * T.ability[ids.AV_JILL_MIXERS_PER_VALUE] if off == ids.JILL else -1), 0
    if T.ph_paying[g - nd - T.n_conduits[0]] == 1 and behav != ids.T_L1_WILD:
        red = T.red_surcharge[0]
    return 0, T.ph_cost[I[I_NPH]], -1, red


@inlined
def build_cost(S, T, I, X, g, struct, behav, free):
    """Machinery locked on the wheel, red-outline and geological Credits of a build (CONSTRUCT-08..11, -19);
    BIG if it cannot be paid."""
    e, m, jill, red = tile_need(S, T, I, X, g, struct, behav, free)
    if behav == ids.T_L2_WILD:                           # ADV-L2-WILD-01: interchangeable
        tot = e + m
        e = min(tot, I[I_EXC])
        m = tot - e
        jill = -1
    cost = machinery_cost(T, I, X, e, m, jill, I[I_OFF] == ids.SOLOMON)
    return cost + red * X[X_CV]


@fast
def space_table(S, T, I, X, W, exc_max, mix_max, tmask):
    """The build candidates of c: every map space it could build on with at most exc_max Excavators and
    mix_max Mixers (machinery it could have during this decision) and a tile of the types in tmask.

    Writes a dense list (I_CAND_G, I_NCANDS) with each candidate's basic-tile needs (I_NEED_*, I_RED, by
    list index), its struct_value (X_VAL, by map space) and its net value after costs (X_NET, X_NETJ);
    returns the number of map spaces."""
    ng = T.n_dams[0] + T.n_conduits[0] + T.n_ph[0]
    solomon = I[I_OFF] == ids.SOLOMON
    lock = X[X_LOCK]
    nc = 0
    for g in range(ng):
        st = placeable_fast(S, T, I, g)
        if st < 0 or ((tmask >> st) & 1) == 0:
            continue
        e, m, j, rd = tile_need(S, T, I, X, g, st, st, False)
        if not solomon and (e > exc_max or m > mix_max) and not (0 <= j <= mix_max):
            continue
        v = struct_value(S, T, I, X, W, g, st)
        X[X_VAL + g] = v
        I[I_CAND_G + nc] = g
        I[I_STRUCT + nc] = st
        I[I_NEED_E + nc] = e
        I[I_NEED_M + nc] = m
        I[I_NEED_J + nc] = j
        I[I_RED + nc] = rd
        X[X_NET + nc] = v - lock * (e * X[X_EV] + m * X[X_MV]) - rd * X[X_CV]
        X[X_NETJ + nc] = v - lock * j * X[X_MV] - rd * X[X_CV] if j >= 0 else -BIG
        nc += 1
    I[I_NCANDS] = nc
    p = 1.0
    for k in range(N_RHOP):
        X[X_RHOP + k] = p
        p *= RHO
    return ng


@inlined
def best_affordable(I, X, exc, mix, credits, tmask, skip, progress=False):
    """Best net value of one build c could pay with these resources and tiles (basic-tile costs, space_table).

    With `progress` a build short of k machineries still counts, discounted by RHO**k: the value of getting
    closer to a build (Machinery Shop, Workshop, machinery rewards)."""
    best = 0.0
    for i in range(I[I_NCANDS]):
        if ((tmask >> I[I_STRUCT + i]) & 1) == 0 or I[I_RED + i] > credits or I[I_CAND_G + i] == skip:
            continue
        short = max(0, I[I_NEED_E + i] - exc) + max(0, I[I_NEED_M + i] - mix)
        v = X[X_NET + i]
        j = I[I_NEED_J + i]
        if j >= 0:                                      # OFFICER-JILL-01: the conduit in Mixers
            sj = max(0, j - mix)
            if sj < short or (sj == short and X[X_NETJ + i] > v):
                short = sj
                v = X[X_NETJ + i]
        if short > 0:
            if not progress:
                continue
            v *= X[X_RHOP + min(short, N_RHOP - 1)]
        best = max(best, v)
    return best


@fast
def tile_effect_value(S, T, I, X, W, behav, g, struct):
    """Value of an advanced tile's effect when it builds on g (ADV-L1..L3-*); its costs are in build_cost."""
    c = I[I_C]
    nd = T.n_dams[0]
    wt = W[W_TILE]
    if behav < ids.FIRST_ADVANCED_TILE:
        return 0.0
    if behav == ids.T_L1_BASE:                               # ADV-L1-BASE-01
        n = 1
        for d in range(nd):
            if S[L.DAM_OWNER + d] == c and S[L.DAM_DROPS + d] == 0:
                n += 1
        return wt * n * max(0.5, W[W_WATER] * X[X_EU] * 2.0)
    if behav == ids.T_L1_ELEV:                               # ADV-L1-ELEVATION-01
        return wt * wheel_value(X, 5 - I[I_PIECES + ids.ELEVATION] + 1)
    if behav == ids.T_L1_COND:                               # ADV-L1-CONDUIT-01
        return wt * 2.0 * X[X_CVAL + g - nd] * X[X_CV]
    if behav == ids.T_L2_BASE or behav == ids.T_L3_COND:     # ADV-L2-BASE-01, ADV-L3-CONDUIT-01
        if behav == ids.T_L2_BASE:
            e = 5 - I[I_PIECES + ids.BASE] + 1
        else:
            e = int(2 * X[X_CVAL + g - nd])
        best = 0.0
        for i in range(I[I_NCAND]):
            if I[I_CAND_REQ + i] <= e and S[L.CON_STATE + I[I_CAND_K + i]] == ids.CS_HAND:
                best = max(best, X[X_CANDV + i])
        return wt * (W[W_ENERGY] * (energy_vp(I, X, W, I[I_E0] + e, T) - X[X_EVP0]) + best)
    if behav == ids.T_L2_ELEV:                               # ADV-L2-ELEVATION-01
        return wt * max(0, S[L.DAM_LEVEL + g] + 1 - S[L.DAM_DROPS + g]) * max(0.3, X[X_DROPV + g])
    if behav == ids.T_L2_PH:                                 # ADV-L2-POWERHOUSE-01
        return wt * W[W_ENERGY] * (energy_vp(I, X, W, I[I_E0] + int(X[X_BEST_NOW]), T) - X[X_EVP0])
    if behav == ids.T_L3_ELEV:                               # ADV-L3-ELEVATION-01
        n = 0
        for d in range(nd):
            if S[L.DAM_OWNER + d] == c and (S[L.DAM_LEVEL + d] >= 2 or d == g):
                n += 1
        return 3.0 * n
    if behav == ids.T_L3_PH:                                 # ADV-L3-POWERHOUSE-01
        return 3.0 * (I[I_NPH] + 1)
    if behav == ids.T_L3_WILD:                               # ADV-L3-WILD-01
        n = 0
        for t in range(ids.FIRST_ADVANCED_TILE, ids.FIRST_ADVANCED_TILE + ids.N_ADVANCED_TILES):
            if S[co(c) + L.C_TILE_LOC + t] != ids.TILE_NOT_OWNED:
                n += 1
        return 3.0 * n
    return 0.0
