"""Cheap public features of a position for the greedy bot family, in VP-equivalents for one company.

Everything here reads only public information (HIDDEN-01..04): the board, the companies' supplies and wheels,
the face-up contracts and tiles, the bonus and objective tiles, the headstream tiles. Pile orders (`PILE`,
`TECH_PILE`) are never read.

A decision's context is computed once, in one pass over the map (`make_context`), into two small arrays: `I`
(integers) and `X` (floats). The production potential of company c is factored per basin z as

    potential(z) = best(z) * water(z),   best(z) = max over conduits k of z of value(k) * f_conduit(k) * f_ph(end(k))
                                         water(z) = sum over usable dams d of z of f_dam(d) * expected drops(d)

(PRODUCE-01: either dam of a basin may use either conduit), so the value of any single structure is an O(1)
change of one factor -- no state copy, no re-scan per candidate. The move scorers in `strategies.greedy`
combine these features with the bot's weights `W`.
"""
import numpy as np

from sim import ids
from sim import layout as L
from sim.rules.colorado_board import bridges_built
from sim.rules.company import co
from sim.rules.water import headstream_node
from strategies.feature_layout import (  # noqa: F401  (DEFAULT_WEIGHTS, N_WEIGHTS: read here by planners, tests)
    DEFAULT_WEIGHTS,
    HPATH_LEN,
    I_ABIL,
    I_AREA,
    I_AREA_MAX,
    I_AREA_MIN,
    I_BCOUNT,
    I_C,
    I_CAND_K,
    I_CAND_REQ,
    I_CAN_PH,
    I_CAP,
    I_COMP,
    I_CRED,
    I_E0,
    I_ENG,
    I_EXC,
    I_HPATH,
    I_MIX,
    I_N1,
    N_I_CORE,
    N_X_CORE,
    I_N2,
    I_NCAND,
    I_NFUT,
    I_NPH,
    I_O1,
    I_O2,
    I_OBJ,
    I_OFF,
    I_OPP_PH,
    I_OWN_DAM,
    I_OWN_PH,
    I_PIECES,
    I_R,
    I_TILE,
    I_TMASK,
    I_ZCOUNT,
    N_WEIGHTS,
    VIKTOR_PER_DROP,
    W_CREDIT,
    W_DENY,
    W_ECONV,
    W_ENGINEER,
    W_FLOW,
    W_LOCK,
    W_MACHINE,
    W_MISSING,
    W_WATER,
    X_ARR,
    X_BEST,
    X_BEST_CAP,
    X_BEST_NOW,
    X_BEST_POT,
    X_CANDV,
    X_CE,
    X_CFUT,
    X_CPOT,
    X_CV,
    X_CVAL,
    X_DROPV,
    X_DROP_LATER,
    X_DROP_NOW,
    X_ENDDROP,
    X_EU,
    X_EV,
    X_EVP0,
    X_FBV,
    X_FP,
    X_LOCK,
    X_MISS,
    X_MV,
    X_NOW,
    X_PASS,
    X_PHD,
    X_RATE,
    X_TYPEV,
    X_VK,
    X_WD,
    X_WMISS,
    X_WOWN1,
    X_WSEG,
    X_WSUM,
    fast,
    inlined,
)
from strategies.feature_lwp import lwp_bonus_count
from strategies.feature_production import viktor_energy
from strategies.feature_rewards import (
    energy_vp,
    fulfil_value,
)
from strategies.feature_structures import future_bonus_value
from strategies.feature_water import drop_value, flow_arrivals

# ---------------------------------------------------------------------------------------------------------------
# Context

@inlined
def _opponent_energies(S, T, c, I):
    np_ = T.n_players[0]
    o1 = -1
    for d in range(np_):
        if d != c:
            o1 = max(o1, S[co(d) + L.C_ENERGY])
    n1 = 0
    o2 = -1
    for d in range(np_):
        if d != c:
            e = S[co(d) + L.C_ENERGY]
            if e == o1:
                n1 += 1
            else:
                o2 = max(o2, e)
    n2 = 0
    for d in range(np_):
        if d != c and S[co(d) + L.C_ENERGY] == o2:
            n2 += 1
    I[I_O1] = o1
    I[I_N1] = n1
    I[I_O2] = o2
    I[I_N2] = n2


@inlined
def _bonus_count(S, I, b, tile):
    """BONUS-04 count of the round's tile for c (as scoring.bonus_count, from the context)."""
    if tile == ids.B_CONTRACTS:
        return S[b + L.C_FULFILLED]
    if tile <= ids.B_POWERHOUSES:
        st = tile - ids.B_BASES
        return (4 if st == ids.POWERHOUSE else 5) - I[I_PIECES + st]
    if tile == ids.B_BRIDGES:                                        # COLO-BONUS-01
        return bridges_built(S, I[I_C])
    if tile >= ids.B_EXTWORKS:                                       # LWP-EXTWORK-08
        return lwp_bonus_count(S, I[I_C], tile)
    n = 0
    for t in range(ids.FIRST_ADVANCED_TILE, ids.FIRST_ADVANCED_TILE + ids.N_ADVANCED_TILES):
        if S[b + L.C_TILE_LOC + t] != ids.TILE_NOT_OWNED:
            n += 1
    return n


@fast
def make_context(S, T, c, W, I, X, contracts=True):
    """Computes the features shared by every move of one decision of company c (one pass over the map);
    the fulfillable-contract candidates only when `contracts` (productions and tile effects use them)."""
    b = co(c)
    r = max(1, S[L.G_ROUND])
    nfut = 5 - r
    I[I_C] = c
    I[I_R] = r
    I[I_NFUT] = nfut
    comp = S[b + L.C_COMPANY]
    I[I_COMP] = comp
    I[I_OFF] = S[b + L.C_EFF_OFFICER]
    I[I_E0] = S[b + L.C_ENERGY]
    I[I_TILE] = S[L.G_BONUS + r - 1]
    I[I_EXC] = S[b + L.C_EXC]
    I[I_MIX] = S[b + L.C_MIX]
    I[I_CRED] = S[b + L.C_CREDITS]
    I[I_ENG] = S[b + L.C_ENG]
    I[I_OBJ] = S[L.G_OBJECTIVE]
    for st in range(4):
        I[I_PIECES + st] = S[b + L.C_PIECES + st]
    nph = 4 - S[b + L.C_PIECES + ids.POWERHOUSE] if comp >= 0 else 0
    I[I_NPH] = nph
    I[I_ABIL] = 1 if (comp >= 0 and nph >= T.ability_at_ph[0]) else 0
    I[I_BCOUNT] = _bonus_count(S, I, b, I[I_TILE])
    _opponent_energies(S, T, c, I)
    mask = 0
    for t in range(ids.T_ANTON):
        loc = S[b + L.C_TILE_LOC + t]
        if loc == ids.TILE_IN_SUPPLY or (loc >= 0 and I[I_OFF] == ids.ANTON and (
                (S[b + L.C_OFFICER] == ids.ANTON and S[b + L.C_TILE_LOC + ids.T_ANTON] == ids.TILE_IN_SUPPLY)
                or S[b + L.C_OFFICER] == ids.MAHIRI)):
            ts = T.tile_struct[t]
            mask |= 15 if ts == ids.WILD else (1 << ts)
    I[I_TMASK] = mask
    # Resource values fall toward the end: in round 5 an item is worth what final scoring pays (END-04).
    late = nfut / 4.0
    X[X_CV] = max(0.2, W[W_CREDIT] * (0.6 + 0.4 * late))
    X[X_EV] = max(0.2, W[W_MACHINE] * (0.3 + 0.7 * late))
    X[X_MV] = max(0.2, W[W_MACHINE] * 1.1 * (0.3 + 0.7 * late))
    X[X_CE] = W[W_ENGINEER]
    X[X_NOW] = _engineer_class(S[b + L.C_ENG])
    X[X_LOCK] = min(1.0, W[W_LOCK] + (0.25 if r == 4 else 0.0) + (0.5 if r == 5 else 0.0))
    X[X_EU] = W[W_ECONV]
    X[X_ENDDROP] = 1.0 if r == 5 else 0.3
    X[X_MISS] = W[W_MISSING]
    fut = 0.0                                            # this and later bonus rounds counting contracts
    for rr in range(r, 6):
        if S[L.G_BONUS + rr - 1] == ids.B_CONTRACTS:
            fut += T.bonus_vp[ids.B_CONTRACTS] * (0.6 if rr > r else 0.8)
    X[X_CFUT] = fut
    for kind in range(len(ids.BONUS_NAMES)):
        X[X_FBV + kind] = future_bonus_value(S, T, I, kind)
    for i in range(4):
        X[X_TYPEV + i] = np.nan
    for z in range(L.MAX_ZONES):
        X[X_PHD + z] = np.nan
    I[I_NCAND] = 0
    if comp < 0:                                         # setup: nothing on the board yet
        return
    _wheel_segments(S, T, I, X, b)
    _board(S, T, I, X, W, c)
    if contracts:
        _contract_candidates(S, T, I, X, W)
    X[X_EVP0] = energy_vp(I, X, W, I[I_E0], T)


@inlined
def _engineer_class(eng):
    """X_NOW: how much of a dam's held water c can still use this round, by its Engineers left."""
    return 1.0 if eng >= 3 else (0.5 if eng >= 1 else 0.2)


# Officers whose effective ability the map pass reads: Viktor's small conduits (X_CPOT, best energies), Graziano's
# fourth drop (dam capacities), Anton's tiles (I_TMASK).
@inlined
def _officer_in_context(o):
    return o == ids.VIKTOR or o == ids.GRAZIANO or o == ids.ANTON


@fast
def patch_context(S, c, I0, X0, I, X, in_place):
    """Fills I, X with c's context for the state S when S differs from the state of the context I0, X0 (filled
    by make_context with contracts, and possibly used for scoring since) only in c's Engineers, Credits and
    effective officer -- Mahiri's copies and the extra action after banking (strategies.greedy_follow_up._copy_value) --
    by copying I0, X0 and patching what those change (`in_place`: I, X are I0, X0 themselves). Returns False, writing
    nothing, when that would not equal make_context: the Engineers change X_NOW (the map pass reads it), or
    the officer change involves an officer the map pass reads.

    The copy is exact because make_context reads c's Engineers only through X_NOW, its Credits nowhere but
    I_CRED, and its effective officer only as listed in _officer_in_context (tests/test_greedy_context.py
    compares it with make_context on recorded games); the scorers' memos in the core are reset."""
    b = co(c)
    off = S[b + L.C_EFF_OFFICER]
    if off != I0[I_OFF] and (_officer_in_context(off) or _officer_in_context(I0[I_OFF])):
        return False
    eng = S[b + L.C_ENG]
    if _engineer_class(eng) != X0[X_NOW]:
        return False
    if not in_place:
        for j in range(N_I_CORE):
            I[j] = I0[j]
        for j in range(N_X_CORE):
            X[j] = X0[j]
    I[I_OFF] = off
    I[I_ENG] = eng
    I[I_CRED] = S[b + L.C_CREDITS]
    for i in range(4):
        X[X_TYPEV + i] = np.nan
    for z in range(L.MAX_ZONES):
        X[X_PHD + z] = np.nan
    return True


@inlined
def _wheel_segments(S, T, I, X, b):
    """X_WSEG[j-1]: value of what the j-th next rotation returns (WHEEL-03)."""
    seg = S[b + L.C_WHEEL_OPEN]
    for j in range(6):
        s = (seg + j + 1) % 6
        X[X_WSEG + j] = S[b + L.C_WHEEL_EXC + s] * X[X_EV] + S[b + L.C_WHEEL_MIX + s] * X[X_MV]
    for t in range(ids.N_TILES):
        loc = S[b + L.C_TILE_LOC + t]
        if 0 <= loc < 6:
            X[X_WSEG + (loc - seg - 1) % 6] += 0.8


@fast
def _board(S, T, I, X, W, c):
    """Ownership tables, inflow, the potential factors, drop values and best production energies."""
    nz = T.n_zones[0]
    nd = T.n_dams[0]
    nc = T.n_conduits[0]
    r = I[I_R]
    nfut = I[I_NFUT]
    now = X[X_NOW]
    miss = X[X_MISS]
    for z in range(L.MAX_ZONES):
        I[I_OWN_PH + z] = -1
        I[I_CAN_PH + z] = 0
        I[I_ZCOUNT + z] = 0
        I[I_OPP_PH + z] = 0
        I[I_OWN_DAM + z] = -1
    for a in range(3):
        I[I_AREA + a] = 0
    ph_left = I[I_PIECES + ids.POWERHOUSE] > 0
    for z in range(nz):
        free = False
        for j in range(4):
            p = T.zone_ph[z, j]
            if p < 0:
                continue
            o = S[L.PH_OWNER + p]
            if o == c:
                I[I_OWN_PH + z] = p
                I[I_ZCOUNT + z] += 1
            elif o == ids.NOBODY:
                free = True
            else:
                I[I_OPP_PH + z] |= 1 << o
        if free and ph_left and I[I_OWN_PH + z] < 0:
            I[I_CAN_PH + z] = 1
        X[X_FP + z] = 1.0 if I[I_OWN_PH + z] >= 0 else (miss if I[I_CAN_PH + z] == 1 else 0.0)
    for d in range(nd):
        o = S[L.DAM_OWNER + d]
        lvl = S[L.DAM_LEVEL + d] if o != ids.NOBODY else 0
        if lvl == 3 and 0 <= o < 4 and S[co(o) + L.C_EFF_OFFICER] == ids.GRAZIANO:   # OFFICER-GRAZIANO-01
            lvl = T.ability[ids.AV_GRAZIANO_CAPACITY]
        I[I_CAP + d] = lvl
        if o == c:
            z = T.dam_zone[d]
            I[I_OWN_DAM + z] = d
            I[I_ZCOUNT + z] += S[L.DAM_LEVEL + d]
    cond_left = I[I_PIECES + ids.CONDUIT] > 0
    for k in range(nc):
        o = S[L.COND_OWNER + k]
        X[X_CVAL + k] = T.cond_value[k] + (1 if S[L.GEO_TOKEN + T.cond_zone[k]] == ids.GEO_CONDUIT_EM else 0)
        X[X_CPOT + k] = X[X_CVAL + k]
        if I[I_OFF] == ids.VIKTOR:
            X[X_CPOT + k] = max(X[X_CPOT + k], VIKTOR_PER_DROP)
        if o == c:
            I[I_ZCOUNT + T.cond_zone[k]] += 1
            f = 1.0
        elif o >= 0:
            f = 0.75                                 # PRODUCE-05: Credits to its owner, VP for them
        else:
            f = miss if cond_left else 0.1
        X[X_VK + k] = X[X_CPOT + k] * f
    for z in range(nz):
        I[I_AREA + T.zone_area[z]] += I[I_ZCOUNT + z]
    amax = 0
    amin = 1 << 30
    for a in range(3):
        amax = max(amax, I[I_AREA + a])
        amin = min(amin, I[I_AREA + a])
    I[I_AREA_MAX] = amax
    I[I_AREA_MIN] = amin
    # Inflow from the public headstream tiles (INCOME-08: rounds 1-4); a built dam keeps half of what passes it.
    for d in range(L.MAX_DAMS):
        X[X_RATE + d] = 0.0
    for h in range(T.n_head[0]):
        f = S[L.HEAD_DROPS + h]
        tile = S[L.HEAD_TILE + h]
        for rr in range(r + 1, 5):
            f += T.head_tile_drops[tile, rr - 1]
        per = f / nfut if nfut > 0 else 0.0
        share = 1.0
        node = headstream_node(T, h)
        i = 0
        while True:
            node = T.river_next[node]
            if node < 0:
                break
            if node < nd:
                X[X_RATE + node] += per * share
                if S[L.DAM_OWNER + node] != ids.NOBODY:
                    share *= 0.5
                    if i < HPATH_LEN - 1:
                        I[I_HPATH + h * HPATH_LEN + i] = node
                        i += 1
        I[I_HPATH + h * HPATH_LEN + i] = -1
    # Potential factors per zone. With w_flow, the next round's water of a dam is what this round's Water Flow
    # brings it (flow_arrivals), in place of one round of its average inflow.
    wf = W[W_FLOW] if nfut > 0 else 0.0
    if wf != 0.0:
        flow_arrivals(S, T, I, X)
    base_left = I[I_PIECES + ids.BASE] > 0
    for z in range(nz):
        best = 0.0
        for j in range(2):
            k = T.zone_conduits[z, j]
            if k >= 0:
                best = max(best, X[X_VK + k] * X[X_FP + T.cond_end_zone[k]])
        X[X_BEST + z] = best
        wsum = 0.0
        wmiss = 0.0
        for j in range(2):
            d = T.zone_dams[z, j]
            if d < 0:
                continue
            X[X_WD + d] = 0.0
            X[X_WMISS + d] = 0.0
            rate = X[X_RATE + d]
            X[X_WOWN1 + d] = nfut * min(1.0, rate)
            o = S[L.DAM_OWNER + d]
            cap = I[I_CAP + d]
            held = S[L.DAM_DROPS + d]
            if wf != 0.0 and o == ids.NOBODY:
                X[X_WOWN1 + d] += wf * (min(1.0, X[X_PASS + d]) - min(1.0, rate))
            if o == c or o == ids.NEUTRAL:
                w = nfut * min(float(cap), rate) + now * min(cap, held)
                if wf != 0.0:
                    w += wf * (min(float(cap), held + X[X_ARR + d]) - min(float(cap), rate))
                X[X_WD + d] = w if o == c else 0.6 * w
                wsum += X[X_WD + d]
            elif o == ids.NOBODY and I[I_OWN_DAM + z] < 0 and base_left:
                X[X_WMISS + d] = miss * X[X_WOWN1 + d]
                wmiss = max(wmiss, X[X_WMISS + d])
        X[X_WSUM + z] = wsum + wmiss
    # Drop values and best single-production energies
    eu = X[X_EU]
    pb = T.prod_bonus[I[I_NPH]] + 2
    best_now = 0.0
    best_cap = 0.0
    best_pot = 0.0
    for d in range(L.MAX_DAMS):
        X[X_DROPV + d] = 0.0
    for d in range(nd):
        o = S[L.DAM_OWNER + d]
        z = T.dam_zone[d]
        out = 0.0                                     # best built outlet with an own powerhouse
        pot = 0.0
        for j in range(2):
            k = T.zone_conduits[z, j]
            if k < 0:
                continue
            ez = T.cond_end_zone[k]
            v = X[X_CVAL + k]
            if S[L.COND_OWNER + k] != ids.NOBODY and I[I_OWN_PH + ez] >= 0:
                out = max(out, X[X_CPOT + k] if S[L.COND_OWNER + k] == c else 0.75 * X[X_CPOT + k])
                if o == c or o == ids.NEUTRAL:
                    best_now = max(best_now, viktor_energy(T, I, v * S[L.DAM_DROPS + d]) + pb)
                    best_cap = max(best_cap, viktor_energy(T, I, v * I[I_CAP + d]) + pb)
            if I[I_OWN_PH + ez] >= 0 or I[I_CAN_PH + ez] == 1:
                pot = max(pot, v)
        if o == c:
            X[X_DROPV + d] = W[W_WATER] * (eu * out + X[X_ENDDROP])
            best_pot = max(best_pot, pot * 3 + pb)
        elif o == ids.NEUTRAL:
            X[X_DROPV + d] = W[W_WATER] * 0.5 * eu * out
            best_pot = max(best_pot, pot * I[I_CAP + d] + pb)
        elif o >= 0:
            X[X_DROPV + d] = -W[W_DENY] * 1.5
        elif I[I_OWN_DAM + z] < 0 and base_left:
            best_pot = max(best_pot, pot * 3 + pb)
    X[X_BEST_NOW] = best_now
    X[X_BEST_CAP] = max(best_cap, best_now)
    X[X_BEST_POT] = max(best_pot, best_cap, best_now)
    bn = 0.0
    bl = 0.0
    for h in range(T.n_head[0]):
        bn = max(bn, drop_value(S, T, I, X, W, h, 0))
        bl = max(bl, drop_value(S, T, I, X, W, h, S[L.HEAD_DROPS + h]))
    X[X_DROP_NOW] = bn
    X[X_DROP_LATER] = bl


@fast
def _contract_candidates(S, T, I, X, W):
    """Contracts c might fulfil with a production: its face-up hand and the national contracts on the board."""
    c = I[I_C]
    n = 0
    for k in range(L.N_CONTRACTS):
        st = S[L.CON_STATE + k]
        if (st == ids.CS_HAND and S[L.CON_OWNER + k] == c) or st == ids.CS_NATIONAL_BOARD:
            if n < 10:
                I[I_CAND_K + n] = k
                I[I_CAND_REQ + n] = T.contract_req[k]
                X[X_CANDV + n] = fulfil_value(T, I, X, W, k)
                n += 1
    I[I_NCAND] = n
