"""The greedy scorer's main action (TURN-02): what each management-board space, Bank amount, construction, free
tile action and Leeghwater or Colorado main move is worth to the deciding company, in VP-equivalents, and in
round 5 what a main action's change of the supply does to the end-of-game conversion (END-04). Mahiri's space
and banking with the next action in view are valued afterwards (strategies.greedy_follow_up).

score_main is also the scorer of those extra actions: Mahiri's copies and the action after banking list an extra
main action and score it here, keeping the tables that do not depend on the Engineers and Credits spent
(`follow_up`).
"""
import numpy as np

from sim import ids
from sim import layout as L
from sim.rules.company import co
from sim.rules.lwp import is_lwp_main_move
from sim.rules.produce import decode
from strategies.feature_layout import (
    BIG,
    I_C,
    I_CAND_G,
    I_CRED,
    I_ENG,
    I_EXC,
    I_MIX,
    I_NCANDS,
    I_NHAND,
    I_NPH,
    I_PIECES,
    I_PRODS,
    I_R,
    I_STRUCT,
    I_TILE,
    I_TMASK,
    W_BONUS,
    W_TILE,
    X_CE,
    X_CV,
    X_DISPV,
    X_EV,
    X_HANDV,
    X_MV,
    X_ROWV,
    X_SCR,
    X_SIDE,
    X_VAL,
    fast,
)
from strategies.feature_colorado import colorado_main_value
from strategies.feature_lwp import lwp_main_value
from strategies.feature_production import (
    clear_energy_values,
    energy_value_memo,
    italy_extra,
    list_systems,
    production_energy,
    production_side_value,
)
from strategies.feature_rewards import keep_value, wheel_value
from strategies.feature_structures import (
    best_affordable,
    build_cost,
    future_bonus_value,
    space_table,
    tile_effect_value,
    tile_need,
)
from strategies.feature_tiles import blocked_build_gain
from strategies.feature_water import drop_value


@fast
def _best_production(S, T, I, X, W, nprod, modifier, credits):
    """Best production value with a Turbine modifier, for a company holding `credits` after the space costs."""
    c = I[I_C]
    best = -BIG
    extra = italy_extra(T, I)
    for i in range(nprod):
        d, cond, ph, k = decode(I[I_PRODS + i])
        if S[L.COND_OWNER + cond] != c and k > credits:           # PRODUCE-05
            continue
        e = production_energy(S, T, I, X, cond, ph, k, modifier, False)
        if e < 1:                                                   # PRODUCE-07
            continue
        best = max(best, energy_value_memo(S, T, I, X, W, e, extra) + X[X_SIDE + i])
    return best


@fast
def _two_delayed_drops(S, T, I, X, W):
    """ACT-WATER-01: the best two headstreams for two delayed drops (drops already there flow first)."""
    best = -BIG
    bh = 0
    for h in range(T.n_head[0]):
        v = drop_value(S, T, I, X, W, h, S[L.HEAD_DROPS + h])
        if v > best:
            best = v
            bh = h
    second = -BIG
    for h in range(T.n_head[0]):
        second = max(second, drop_value(S, T, I, X, W, h, S[L.HEAD_DROPS + h] + (1 if h == bh else 0)))
    return best + second


@fast
def _contract_take_value(S, T, I, X, W, p):
    """ACT-CONTRACT-01/02, CONTRACT-04: value of taking p displayed contracts, then discarding the least
    valuable face-up contracts down to the hand limit."""
    c = I[I_C]
    n = 0
    base = 0.0
    for j in range(8, 8 + p):
        X[X_SCR + j] = -1.0
    if I[I_NHAND] < 0:                                    # the hand's keep values, once per decision
        for k in range(L.N_CONTRACTS):
            if S[L.CON_STATE + k] == ids.CS_HAND and S[L.CON_OWNER + k] == c and n < 8:
                X[X_HANDV + n] = keep_value(T, I, X, W, k)
                n += 1
        I[I_NHAND] = n
    n = I[I_NHAND]
    for j in range(n):
        X[X_SCR + j] = X[X_HANDV + j]
        base += X[X_SCR + j]
    for _ in range(p):                                    # the best remaining displayed contract, p times
        best = -1.0
        bi = -1
        for i in range(6):
            k = S[L.DISPLAY + i]
            if k < 0:
                continue
            taken = False
            for j in range(8, 8 + p):
                if X[X_SCR + j] == i:
                    taken = True
            if taken:
                continue
            if np.isnan(X[X_DISPV + i]):
                X[X_DISPV + i] = keep_value(T, I, X, W, k)
            v = X[X_DISPV + i]
            if v > best:
                best = v
                bi = i
        if bi < 0:
            break
        X[X_SCR + 8 + _] = bi
        X[X_SCR + n] = best
        n += 1
    tot = 0.0
    for j in range(n):
        tot += X[X_SCR + j]
    for _ in range(max(0, n - T.hand_limit[0])):          # CONTRACT-04: discard the weakest
        lo = 0
        for j in range(n):
            if X[X_SCR + j] < X[X_SCR + lo]:
                lo = j
        tot -= X[X_SCR + lo]
        X[X_SCR + lo] = BIG
    return tot - base


@fast
def _tile_value(S, T, I, X, W, t):
    """Value of owning advanced tile t (ACT-PATENT-01, TECH-05, ADV-*): the bonus tiles counting it, its effect
    over the rounds left, and the build it allows while the basic tile of its type rides the wheel
    (strategies.feature_tiles)."""
    c = I[I_C]
    st = T.tile_struct[t]
    v = W[W_BONUS] * future_bonus_value(S, T, I, ids.B_ADVANCED)
    if I[I_TILE] == ids.B_ADVANCED:                                   # BONUS-04: counted at this round's scoring
        v += W[W_BONUS] * 0.7 * T.bonus_vp[ids.B_ADVANCED]
    if st != ids.WILD and I[I_PIECES + st] == 0:
        return v
    left = 5 - I[I_R] + 0.5
    if t == ids.T_L3_PH:
        eff = 3.0 * (I[I_NPH] + 1)
    elif t == ids.T_L3_ELEV:
        n = 1
        for d in range(T.n_dams[0]):
            if S[L.DAM_OWNER + d] == c and S[L.DAM_LEVEL + d] >= 2:
                n += 1
        eff = 3.0 * n
    elif t == ids.T_L3_WILD:
        n = 1
        for u in range(ids.FIRST_ADVANCED_TILE, ids.FIRST_ADVANCED_TILE + ids.N_ADVANCED_TILES):
            if S[co(c) + L.C_TILE_LOC + u] != ids.TILE_NOT_OWNED:
                n += 1
        eff = 3.0 * n
    elif t == ids.T_L1_PH or t == ids.T_L3_BASE:
        eff = 1.0 * left
    elif t == ids.T_L2_PH or t == ids.T_L3_COND or t == ids.T_L2_BASE:
        eff = 0.8 * left
    else:
        eff = 0.6 * left
    return v + W[W_TILE] * (eff + blocked_build_gain(S, T, I, X, W, t))


@fast
def _resource_space_value(S, T, I, X, W, m, kind, p, left, now):
    """Workshop and Machinery Shop: what the returned or bought machineries and tiles are worth, including the
    builds they make affordable (valued against `now`, the best build affordable without them)."""
    c = I[I_C]
    b = co(c)
    exc = I[I_EXC]
    mix = I[I_MIX]
    mask = I[I_TMASK]
    if kind == ids.K_WORKSHOP:                                        # ACT-WORKSHOP-01
        exc, mix, mask = _wheel_gain(S, T, b, min(p, 6), exc, mix, mask)
        base = wheel_value(X, p)
        after = best_affordable(I, X, exc, mix, left, mask, -1, True)
    elif kind == ids.K_MACH_EXC:                                      # ACT-MACHINERY-02
        base = X[X_EV]
        after = best_affordable(I, X, exc + 1, mix, left, mask, -1, True)
    elif kind == ids.K_MACH_EM:
        base = X[X_EV] + X[X_MV]
        after = best_affordable(I, X, exc + 1, mix + 1, left, mask, -1, True)
    else:                                                             # K_MACH_ANY
        base = max(X[X_EV], X[X_MV])
        after = max(best_affordable(I, X, exc + 1, mix, left, mask, -1, True),
                    best_affordable(I, X, exc, mix + 1, left, mask, -1, True))
    i_con = S[b + L.C_CONSTR_USED]
    can_build_now = i_con < 4 and I[I_ENG] - T.space_eng[m] >= T.constr_eng[i_con]
    return base + (after - now) * (1.0 if can_build_now else 0.5)


@fast
def _wheel_gain(S, T, b, steps, exc, mix, mask):
    """WHEEL-03: machinery and tile types (bit mask of structures) back in hand after rotating `steps` segments."""
    seg = S[b + L.C_WHEEL_OPEN]
    for j in range(1, steps + 1):
        s = (seg + j) % 6
        exc += S[b + L.C_WHEEL_EXC + s]
        mix += S[b + L.C_WHEEL_MIX + s]
        for t in range(ids.T_ANTON):
            if S[b + L.C_TILE_LOC + t] == s:
                ts = T.tile_struct[t]
                mask |= 15 if ts == ids.WILD else (1 << ts)
    return exc, mix, mask


@fast
def score_main(S, T, I, X, W, moves, n, vals, follow_up=False):
    """TURN-02: a management-board space, the Bank, a construction, a free tile action, Mahiri, or passing.

    `follow_up`: I, X hold the context (and the tables and memos) this function filled for a state that
    differed only in c's Engineers and Credits, patched to this one (patch_context): the build-candidate
    table, the Water and Contract rows and the contract and energy memos do not depend on them and are kept."""
    c = I[I_C]
    b = co(c)
    cv = X[X_CV]
    ce = X[X_CE]
    credits = I[I_CRED]
    if follow_up:
        for kind in range(9):
            if kind != ids.K_WATER1 and kind != ids.K_WATER2 and kind != ids.K_CONTRACT:
                for j in range(8):
                    X[X_ROWV + kind * 8 + j] = np.nan
    else:
        exc_max = I[I_EXC] + 1                           # what a Machinery Shop or Workshop could add
        mix_max = I[I_MIX] + 1
        reach = I[I_TMASK]                               # tile types usable now or after a Workshop
        exc_max, mix_max, reach = _wheel_gain(S, T, b, 3, exc_max, mix_max, reach)
        space_table(S, T, I, X, W, exc_max + 6, mix_max + 6, reach)
        for j in range(9 * 8):
            X[X_ROWV + j] = np.nan
        for j in range(6):
            X[X_DISPV + j] = np.nan
        I[I_NHAND] = -1
        clear_energy_values(X)
    now = best_affordable(I, X, I[I_EXC], I[I_MIX], credits, I[I_TMASK], -1, True)
    nprod = -1
    i_con = S[b + L.C_CONSTR_USED]
    for i in range(n):
        m = moves[i]
        if m < L.N_SPACES:
            kind = T.space_kind[m]
            p = T.space_param[m]
            pay = T.space_fee[m] + T.space_price[m]
            left = credits - pay
            row = X_ROWV + kind * 8 + p + 2
            # Both spaces of a row do the same action: its value is computed once, for the first (left) space
            # listed, and each space then pays its own Engineers and Credits.
            if not np.isnan(X[row]):
                v = X[row]
            elif kind == ids.K_TURBINE:                                 # ACT-TURBINE-01
                if nprod < 0:
                    nprod = list_systems(S, T, I, credits)
                    for j in range(nprod):
                        d, cond, ph, k = decode(I[I_PRODS + j])
                        X[X_SIDE + j] = production_side_value(S, T, I, X, W, d, cond, ph, k)
                v = _best_production(S, T, I, X, W, nprod, p, left)
            elif kind == ids.K_WATER2:                                # ACT-WATER-01
                v = _two_delayed_drops(S, T, I, X, W)
            elif kind == ids.K_WATER1:                                # ACT-WATER-02
                v = -BIG
                for h in range(T.n_head[0]):
                    v = max(v, drop_value(S, T, I, X, W, h, 0))
            elif kind == ids.K_CONTRACT:                              # ACT-CONTRACT-01/02
                v = _contract_take_value(S, T, I, X, W, p)
            elif kind == ids.K_PATENT:                                # ACT-PATENT-01 (one space per tile)
                v = _tile_value(S, T, I, X, W, S[L.PATENT + p])
            else:
                v = _resource_space_value(S, T, I, X, W, m, kind, p, left, now)
            if kind != ids.K_PATENT:
                X[row] = v
            vals[i] = v - T.space_eng[m] * ce - pay * cv
        elif m < ids.MV_CONSTRUCT:                                    # ACT-BANK-01
            # Banking is what a company does once nothing else is worth its Engineers: all of them at once
            # (as strong as waiting one Engineer at a time in head-to-head tests, and far fewer decisions).
            k = m - ids.MV_BANK
            vals[i] = cv - ce + 0.01 if k == I[I_ENG] else k * (cv - ce)
        elif m == ids.MV_CONSTRUCT:                                   # CONSTRUCT-01..04
            fee = T.constr_fee[i_con]
            v = best_affordable(I, X, I[I_EXC], I[I_MIX], credits - fee, I[I_TMASK], -1)
            vals[i] = v - T.constr_eng[i_con] * ce - fee * cv
        elif m < ids.MV_MAHIRI:                                       # TECH-06: engineer-free tile
            t = m - ids.MV_FREE_TILE
            st = T.tile_struct[t]
            best = 0.0
            for ci in range(I[I_NCANDS]):
                g = I[I_CAND_G + ci]
                if I[I_STRUCT + ci] != st or tile_need(S, T, I, X, g, st, t, False)[3] > credits:
                    continue
                cst = build_cost(S, T, I, X, g, st, t, False)
                if cst < BIG:
                    best = max(best, X[X_VAL + g] + tile_effect_value(S, T, I, X, W, t, g, st) - cst)
            vals[i] = best
        elif m == ids.MV_MAHIRI:                       # OFFICER-MAHIRI-01: strategies.greedy_follow_up
            vals[i] = -BIG
        elif is_lwp_main_move(m):                                     # Leeghwater actions (strategies.feature_lwp)
            vals[i] = lwp_main_value(S, T, I, X, W, m, credits)
        elif ids.MV_COLO_SITE <= m < ids.MV_COLO_END:                 # Colorado (strategies.feature_colorado)
            vals[i] = colorado_main_value(S, T, I, X, W, m)
        else:                                                         # TURN-09
            vals[i] = 0.0
    if I[I_R] == 5:
        _end_conversion(S, T, I, moves, n, vals)


# Machinery a Machinery Shop space adds to the supply (ACT-MACHINERY-02), by space kind.
_MACHINES_ADDED = np.zeros(16, dtype=np.int64)
_MACHINES_ADDED[ids.K_MACH_EXC] = 1
_MACHINES_ADDED[ids.K_MACH_ANY] = 1
_MACHINES_ADDED[ids.K_MACH_EM] = 2


@fast
def _end_conversion(S, T, I, moves, n, vals):
    """END-04 in round 5: 1 VP per full 5 items (Credits, Excavators, Mixers) in the supply at the end. Items are
    valued on average elsewhere (X_CV, X_EV, X_MV); this adds the step: what a main action's change of the supply
    does to the full fives, beyond 1/5 VP per item."""
    items = I[I_CRED] + I[I_EXC] + I[I_MIX]
    now = items // 5
    for i in range(n):
        m = moves[i]
        if m < L.N_SPACES:
            d = _MACHINES_ADDED[T.space_kind[m]] - T.space_fee[m] - T.space_price[m]
        elif m < ids.MV_CONSTRUCT:
            d = m - ids.MV_BANK                                       # ACT-BANK-01: 1 Credit per Engineer
        else:
            continue
        vals[i] += (items + d) // 5 - now - 0.2 * d
