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
from numba import njit

from sim import ids
from sim import layout as L
from sim.rules.company import co
from sim.rules.construct import machinery_alternative, machinery_need, red_credits
from sim.rules.water import headstream_node

# ---------------------------------------------------------------------------------------------------------------
# Weights (the float parameter vector of a greedy bot, in this order; personas differ only in these numbers).
# strategies.personas holds the names, descriptions and defaults; tests check the two agree.
(W_ENERGY, W_BUILD, W_CONTRACT, W_WATER, W_DENY, W_CREDIT, W_MACHINE, W_ENGINEER, W_BONUS, W_INCOME, W_TILE,
 W_LOCK, W_MISSING, W_ECONV, W_AWARD, W_NOISE) = range(16)
N_WEIGHTS = 16
# Tuned by coordinate search in self-play (one variant seat against three default bots, 4 players).
DEFAULT_WEIGHTS = np.array([1.0, 1.6, 0.7, 1.0, 0.3, 0.42, 1.1, 0.8, 2.0, 1.0, 0.5, 0.65, 0.14, 0.6, 0.8, 0.0])

# ---------------------------------------------------------------------------------------------------------------
# Context layout. Region sizes are the engine's maxima (sim.layout), so every map fits.
MAX_SPACES = L.MAX_DAMS + L.MAX_CONDUITS + L.MAX_PH     # building spaces on the map
MAX_PRODS = 256
HPATH_LEN = 10
N_RHOP = 16
RHO = 0.7              # discount per machinery still missing for a build (progress value of machinery)


class _Regions:
    """Allocates consecutive offsets in a context array."""

    def __init__(self, start):
        self.n = start

    def take(self, size):
        o = self.n
        self.n += size
        return o


# Integer context I
(I_C, I_R, I_NFUT, I_COMP, I_OFF, I_E0, I_O1, I_N1, I_O2, I_N2, I_NPH, I_TILE, I_BCOUNT, I_ABIL, I_EXC, I_MIX,
 I_CRED, I_ENG, I_TMASK, I_OBJ, I_NCAND, I_AREA_MAX, I_AREA_MIN, I_NCANDS) = range(24)
_i = _Regions(24)
I_PIECES = _i.take(4)                   # [struct] pieces left on the company board
I_CAND_K = _i.take(10)                  # [10] fulfillable-contract candidates (hand + national)
I_CAND_REQ = _i.take(10)
I_OWN_PH = _i.take(L.MAX_ZONES)         # [z] own powerhouse space in zone z or -1
I_CAN_PH = _i.take(L.MAX_ZONES)         # [z] 1 if c could still place a powerhouse in zone z
I_ZCOUNT = _i.take(L.MAX_ZONES)         # [z] c's pieces per zone (objective counting)
I_AREA = _i.take(3)                     # [a] c's pieces per area
I_OPP_PH = _i.take(L.MAX_ZONES)         # [z] bitmask of opponents with a powerhouse in zone z
I_OWN_DAM = _i.take(L.MAX_ZONES)        # [z] c's dam in zone z or -1
I_HPATH = _i.take(L.MAX_HEADSTREAMS * HPATH_LEN)   # [h * 10 + i] built dams below headstream h, -1 terminated
I_CAP = _i.take(L.MAX_DAMS)             # [d] capacity of dam d (WATER-03)
N_I_CORE = _i.n                         # zeroed per decision; the tables below are written before they are read
I_CAND_G = _i.take(MAX_SPACES)          # [i] build candidate i's map space (space_table; I_NCANDS of them)
I_STRUCT = _i.take(MAX_SPACES)          # [i] its structure
I_NEED_E = _i.take(MAX_SPACES)          # [i] Excavators with the basic tile
I_NEED_M = _i.take(MAX_SPACES)          # [i] Mixers
I_NEED_J = _i.take(MAX_SPACES)          # [i] Jill's all-Mixer alternative or -1
I_RED = _i.take(MAX_SPACES)             # [i] red-outline Credits
I_PRODS = _i.take(MAX_PRODS)            # [i] production moves (main decision)
N_I = _i.n

# Float context X
(X_CV, X_EV, X_MV, X_CE, X_NOW, X_LOCK, X_EU, X_EVP0, X_BEST_NOW, X_BEST_CAP, X_BEST_POT, X_DROP_NOW,
 X_DROP_LATER, X_ENDDROP, X_CFUT, X_MISS) = range(16)
_x = _Regions(16)
X_RATE = _x.take(L.MAX_DAMS)            # [d] expected drops per future round reaching dam space d
X_DROPV = _x.take(L.MAX_DAMS)           # [d] value for c of one more drop held by dam d
X_WD = _x.take(L.MAX_DAMS)              # [d] f_dam * expected drops of a usable dam
X_WMISS = _x.take(L.MAX_DAMS)           # [d] the same for a Base c could still build there (W_MISSING discount)
X_WOWN1 = _x.take(L.MAX_DAMS)           # [d] expected drops of a new own level-1 dam there
X_VK = _x.take(L.MAX_CONDUITS)          # [k] value(k) * f_conduit(k)
X_CVAL = _x.take(L.MAX_CONDUITS)        # [k] production value of conduit k (GEO-CONDUIT-EM-02 included)
X_CPOT = _x.take(L.MAX_CONDUITS)        # [k] energy per drop through k for the potential (Viktor's minimum)
X_FP = _x.take(L.MAX_ZONES)             # [z] f_ph(z)
X_BEST = _x.take(L.MAX_ZONES)           # [z] best(z)
X_WSUM = _x.take(L.MAX_ZONES)           # [z] water(z)
X_PHD = _x.take(L.MAX_ZONES)            # [z] potential change of a powerhouse in zone z (NaN until computed)
X_WSEG = _x.take(6)                     # [j] value of what wheel segment open+j+1 brings back
X_CANDV = _x.take(10)                   # [10] fulfilment value of candidate contracts
X_TYPEV = _x.take(4)                    # [struct] type part of a structure's value (NaN until computed)
X_FBV = _x.take(len(ids.BONUS_NAMES))   # [tile kind] expected VP per unit from that bonus tile in later rounds
N_X_CORE = _x.n
X_VAL = _x.take(MAX_SPACES)             # [g] struct_value of what c could place on map space g
X_SIDE = _x.take(MAX_PRODS)             # [i] modifier-independent value of production I_PRODS[i]
X_SCR = _x.take(16)                     # scratch
X_NET = _x.take(MAX_SPACES)             # [i] net value of build candidate i paid with the basic tile's machinery
X_NETJ = _x.take(MAX_SPACES)            # [i] the same paid with Jill's Mixers (-BIG if not possible)
X_RHOP = _x.take(N_RHOP)                # [k] RHO ** k
X_ROWV = _x.take(9 * 8)                 # [kind * 8 + param + 2] a management-board row's value before its costs
N_X = _x.n

BIG = 1.0e9
# OFFICER-VIKTOR-01: a production of value x drops <= 3 counts as 4, so with the usual 1-2 drops a production
# through any conduit yields at least 2 energy per drop; the potential counts small conduits at that value.
VIKTOR_PER_DROP = 2.0


def fast(fn):
    """Decorator of a leaf helper: compiled without NRT reference counting of its array arguments.

    Numba otherwise increfs/decrefs every array argument of a call with atomic operations, which costs
    25-40 ns per call here -- more than the helpers themselves. A `fast` helper must not allocate arrays."""
    return njit(cache=True, _nrt=False)(fn)


@fast
def load_weights(params, W):
    """Fills W with the bot's weights: the given params, defaults past their end."""
    for i in range(N_WEIGHTS):
        W[i] = params[i] if i < params.shape[0] else DEFAULT_WEIGHTS[i]


# ---------------------------------------------------------------------------------------------------------------
# Context

@fast
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


@fast
def _bonus_count(S, I, b, tile):
    """BONUS-04 count of the round's tile for c (as scoring.bonus_count, from the context)."""
    if tile == ids.B_CONTRACTS:
        return S[b + L.C_FULFILLED]
    if tile <= ids.B_POWERHOUSES:
        st = tile - ids.B_BASES
        return (4 if st == ids.POWERHOUSE else 5) - I[I_PIECES + st]
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
    eng = S[b + L.C_ENG]
    X[X_NOW] = 1.0 if eng >= 3 else (0.5 if eng >= 1 else 0.2)
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


@fast
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
            lvl = 4
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
    # Potential factors per zone
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
            if o == c or o == ids.NEUTRAL:
                w = nfut * min(float(cap), rate) + now * min(cap, held)
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
                    best_now = max(best_now, viktor_energy(I, v * S[L.DAM_DROPS + d]) + pb)
                    best_cap = max(best_cap, viktor_energy(I, v * I[I_CAP + d]) + pb)
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


# ---------------------------------------------------------------------------------------------------------------
# Water

@fast
def drop_landing(S, T, I, node, ahead):
    """Dam where a drop entering the river after `node` would stop once `ahead` drops went first (-1: exits)."""
    nd = T.n_dams[0]
    while True:
        node = T.river_next[node]
        if node < 0:
            return -1
        if node < nd and S[L.DAM_OWNER + node] != ids.NOBODY:
            spare = I[I_CAP + node] - S[L.DAM_DROPS + node]
            if spare > ahead:
                return node
            if spare > 0:
                ahead -= spare


@fast
def _usa_sites(T, I, node, stop):
    """Own powerhouse sites a drop passes from node down to dam `stop` (COMPANY-USA-01)."""
    nd = T.n_dams[0]
    nz = T.n_zones[0]
    n = 0
    while True:
        node = T.river_next[node]
        if node < 0 or node == stop:
            return n
        if nd <= node < nd + nz and I[I_OWN_PH + node - nd] >= 0:
            n += 1


@fast
def drop_value(S, T, I, X, W, h, ahead):
    """Value of one new drop placed on headstream h behind `ahead` other drops."""
    d = -1
    base = I_HPATH + h * HPATH_LEN
    for i in range(HPATH_LEN):
        dd = I[base + i]
        if dd < 0:
            break
        spare = I[I_CAP + dd] - S[L.DAM_DROPS + dd]
        if spare > ahead:
            d = dd
            break
        if spare > 0:
            ahead -= spare
    v = X[X_DROPV + d] if d >= 0 else 0.0
    if I[I_COMP] == ids.USA and I[I_ABIL] == 1:
        v += W[W_ENERGY] * X[X_EU] * _usa_sites(T, I, headstream_node(T, h), d)
    return v


# ---------------------------------------------------------------------------------------------------------------
# Energy, rewards, contracts

@fast
def energy_vp(I, X, W, e, T):
    """VP-equivalent for c of ending this round on energy e, the others as they stand (SCORE-02..06, BONUS-02/03)."""
    award = 0.0
    if e >= 1:
        o1 = I[I_O1]
        n1 = I[I_N1]
        if e > o1:
            award = T.award[0]
        elif e == o1:
            award = (T.award[0] + T.award[1] + n1) // (n1 + 1)
        elif n1 == 1:
            if e > I[I_O2]:
                award = T.award[1]
            elif e == I[I_O2]:
                award = 1.0
    v = W[W_AWARD] * award + T.credits_by_energy[min(e, 30)] * X[X_CV]
    if e == 0:
        v += T.zero_energy_vp[0]
    if e >= T.bonus_threshold[0]:
        behind = max(0, I[I_R] - e // T.section_size[0])
        v += max(0, T.bonus_vp[I[I_TILE]] * I[I_BCOUNT] - T.section_malus[0] * behind)
    return v


@fast
def wheel_value(X, n):
    """Value of what n rotations of c's wheel bring back (WHEEL-04)."""
    v = 0.0
    for j in range(min(n, 6)):
        v += X[X_WSEG + j]
    return v


@fast
def reward_value(T, I, X, W, rid):
    """VP-equivalent for c of reward rid (REWARD-01..11), valued as if gained now."""
    r = T.rewards[rid]
    v = float(r[ids.RK_VP])
    v += r[ids.RK_CREDITS] * X[X_CV] + r[ids.RK_EXC] * X[X_EV] + r[ids.RK_MIX] * X[X_MV]
    v += r[ids.RK_ANY_MACHINE] * max(X[X_EV], X[X_MV])
    v += (r[ids.RK_ENERGY] + r[ids.RK_ENERGY_PRODUCED]) * W[W_ENERGY] * X[X_EU]
    if r[ids.RK_ROTATE] > 0:
        v += wheel_value(X, r[ids.RK_ROTATE])
    v += r[ids.RK_DROPS_NOW] * X[X_DROP_NOW] + r[ids.RK_DROPS_HEAD] * X[X_DROP_LATER]
    wb = W[W_BUILD]
    if r[ids.RK_FREE_BASE] > 0:
        v += 4.0 * wb
    if r[ids.RK_FREE_CONDUIT] > 0:
        v += (1.5 + 0.8 * r[ids.RK_FREE_CONDUIT]) * wb
    if r[ids.RK_FREE_PH] > 0:
        v += 5.0 * wb
    v += 2.5 * wb * r[ids.RK_FREE_ELEV]
    if r[ids.RK_FULFIL_OWN] > 0 or r[ids.RK_ENERGY_PRODUCED] > 0:
        v += 2.0 * W[W_CONTRACT]
    return v


@fast
def contract_feasibility(T, I, X, k):
    """Rough chance that c fulfils contract k in the rest of the game, from its best production energies."""
    req = T.contract_req[k]
    if I[I_COMP] == ids.FRANCE and I[I_ABIL] == 1:          # COMPANY-FRA-01
        req -= 3
    if req <= X[X_BEST_NOW]:
        f = 0.9
    elif req <= X[X_BEST_CAP]:
        f = 0.65
    elif req <= X[X_BEST_POT]:
        f = 0.35
    else:
        f = 0.1
    if I[I_R] == 5:
        f *= 0.5 if req <= X[X_BEST_NOW] else 0.2
    elif I[I_R] == 4:
        f *= 0.8
    return f


@fast
def fulfil_value(T, I, X, W, k):
    """Value of fulfilling contract k now: its reward and the contracts bonus tiles still to come."""
    return W[W_CONTRACT] * (reward_value(T, I, X, W, k) + W[W_BONUS] * X[X_CFUT])


@fast
def keep_value(T, I, X, W, k):
    """Value of holding contract k face up in hand."""
    return contract_feasibility(T, I, X, k) * fulfil_value(T, I, X, W, k)


@fast
def best_fulfilment(S, T, I, X, W, bound):
    """Best value of fulfilling one candidate contract (hand or national) with requirement <= bound."""
    best = 0.0
    for i in range(I[I_NCAND]):
        if I[I_CAND_REQ + i] <= bound:
            v = X[X_CANDV + i]
            k = I[I_CAND_K + i]
            if S[L.CON_STATE + k] == ids.CS_HAND:
                v -= 0.5 * contract_feasibility(T, I, X, k) * v      # it was already worth something in hand
            best = max(best, v)
    return best


# ---------------------------------------------------------------------------------------------------------------
# Structures

@fast
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


@fast
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


@fast
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


@fast
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


@fast
def future_bonus_value(S, T, I, tile_kind):
    """Expected VP per unit counted by bonus tile kind in the coming rounds (BONUS-02..04; tiles are public)."""
    v = 0.0
    for rr in range(I[I_R] + 1, 6):
        if S[L.G_BONUS + rr - 1] == tile_kind:
            v += T.bonus_vp[tile_kind] * 0.6
    return v


@fast
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


@fast
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


@fast
def machinery_cost(I, X, e, m, jill, solomon):
    """Cost of putting e Excavators and m Mixers on the wheel (or Jill's mixers); shortfalls paid 3 Credits each
    by Solomon (OFFICER-SOLOMON-01), otherwise not payable (BIG)."""
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
        cost = lock * (min(E, exc) * X[X_EV] + min(M, mix) * X[X_MV]) + short * 3.0 * X[X_CV]
        best = min(best, cost)
    return best


@fast
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
        e = 3 if off == ids.WILHELM else T.base_cost[T.zone_area[T.dam_zone[g]]]
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
        return e, 0, (v if off == ids.JILL else -1), 0
    if T.ph_paying[g - nd - T.n_conduits[0]] == 1 and behav != ids.T_L1_WILD:
        red = T.red_surcharge[0]
    return 0, T.ph_cost[I[I_NPH]], -1, red


@fast
def build_cost(S, T, I, X, g, struct, behav, free):
    """Machinery locked on the wheel, red-outline and geological Credits of a build (CONSTRUCT-08..11, -19);
    BIG if it cannot be paid."""
    e, m, jill, red = tile_need(S, T, I, X, g, struct, behav, free)
    if behav == ids.T_L2_WILD:                           # ADV-L2-WILD-01: interchangeable
        tot = e + m
        e = min(tot, I[I_EXC])
        m = tot - e
        jill = -1
    cost = machinery_cost(I, X, e, m, jill, I[I_OFF] == ids.SOLOMON)
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


@fast
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


@fast
def production_energy_value(S, T, I, X, W, e_prod, extra):
    """Energy-track value of producing e_prod (plus `extra` that cannot fulfil contracts) and the best contract
    it fulfils (PRODUCE-13, COMPANY-FRA-01)."""
    v = W[W_ENERGY] * (energy_vp(I, X, W, I[I_E0] + e_prod + extra, T) - X[X_EVP0])
    bound = e_prod
    if I[I_COMP] == ids.FRANCE and I[I_ABIL] == 1:
        bound += 3
    return v + best_fulfilment(S, T, I, X, W, bound)


@fast
def viktor_energy(I, e):
    """OFFICER-VIKTOR-01: production value x drops as it counts for c (4 when it is <= 3 for Viktor)."""
    return 4 if (I[I_OFF] == ids.VIKTOR and e <= 3) else e


@fast
def production_energy(S, T, I, X, cond, ph, k, modifier, german_second):
    """PRODUCE-06 (as produce.energy_of, from the context): value x drops, Viktor's minimum, modifier and company
    bonus (not for the German second production, PRODUCE-08), geological powerhouse bonus."""
    e = int(X[X_CVAL + cond]) * k
    if not german_second:
        e = viktor_energy(I, e) + modifier + T.prod_bonus[I[I_NPH]]
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


@fast
def italy_extra(I):
    """COMPANY-ITA-01: +3 energy after each production once active."""
    return 3 if (I[I_COMP] == ids.ITALY and I[I_ABIL] == 1) else 0
