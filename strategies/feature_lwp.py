"""Greedy features for The Leeghwater Project (LWP-*): what a private building's action, activating a building, an
external work and the Leeghwater sub-decisions are worth to the deciding company, in VP-equivalents (the same
currency as strategies.greedy). Hooks: greedy_main.score_main, greedy.score_build / score_moves call these for the
Leeghwater moves only."""
from sim import ids
from sim import layout as L
from sim.rules.construct import machinery_need, red_credits
from sim.rules.lwp import ACTION_CREDITS, loan_price, segment_take
from sim.rules.lwp_buildings import building_of, buildings_activated
from sim.rules.produce import decode
from strategies.feature_layout import (
    I_C,
    I_E0,
    I_NFUT,
    I_PRODS,
    W_ENERGY,
    W_TILE,
    X_CE,
    X_CV,
    X_DROPV,
    X_EV,
    X_EVP0,
    X_FBV,
    X_MV,
    fast,
)
from strategies.feature_production import (
    energy_value_memo,
    italy_extra,
    list_systems,
    production_energy,
    production_side_value,
)
from strategies.feature_colorado import heliport_value
from strategies.feature_rewards import energy_vp, fulfil_value, reward_value


@fast
def lwp_bonus_count(S, c, tile):
    """BONUS-04 / LWP-EXTWORK-08 count of a Leeghwater bonus tile for company c."""
    if tile == ids.B_BUILDINGS:
        return buildings_activated(S, c)
    n = 0
    for w in range(L.N_EXTWORKS):
        if S[L.LWP_EW_OWNER + w] == c:
            n += 1
    return n


@fast
def plain_energy_value(T, I, X, W, e):
    """Energy-track value of e plain energy this round (REWARD-04)."""
    return W[W_ENERGY] * (energy_vp(I, X, W, I[I_E0] + e, T) - X[X_EVP0])


@fast
def _best_own_fulfil(S, T, I, X, W, bound):
    """Best value of fulfilling one own face-up contract with requirement <= bound (REWARD-06/07)."""
    c = I[I_C]
    best = 0.0
    for k in range(L.N_CONTRACTS):
        if S[L.CON_STATE + k] == ids.CS_HAND and S[L.CON_OWNER + k] == c and T.contract_req[k] <= bound:
            best = max(best, fulfil_value(T, I, X, W, k))
    return best


@fast
def _control_station(S, T, I, X, W, credits):
    """A production with modifier +3 (LWP-BUILD-06 Control Station)."""
    c = I[I_C]
    best = 0.0
    extra = italy_extra(T, I)
    nprod = list_systems(S, T, I, credits)
    for i in range(nprod):
        d, cond, ph, k = decode(I[I_PRODS + i])
        if S[L.COND_OWNER + cond] != c and k > credits:
            continue
        e = production_energy(S, T, I, X, cond, ph, k, 3, False)
        if e >= 1:
            best = max(best, energy_value_memo(S, T, I, X, W, e, extra)
                       + production_side_value(S, T, I, X, W, d, cond, ph, k))
    return best


@fast
def building_action_value(S, T, I, X, W, bid, credits):
    """Value of performing building bid's action now with `credits` (its printed Credit cost included)."""
    c = I[I_C]
    b = L.COMPANY_BASE + c * L.CO_SIZE
    v = -ACTION_CREDITS[bid] * X[X_CV]
    if bid == ids.BLD_COFFERDAM:
        best = 0.0
        for d in range(T.n_dams[0]):
            o = S[L.DAM_OWNER + d]
            if o == c or o == ids.NEUTRAL:
                best = max(best, X[X_DROPV + d])
        return v + best
    if bid == ids.BLD_CONTROL:
        return v + _control_station(S, T, I, X, W, credits)
    if bid == ids.BLD_CUSTOMER:
        return v + _best_own_fulfil(S, T, I, X, W, 99)
    if bid == ids.BLD_DEVELOPMENT:
        return v + 0.5 * W[W_TILE]
    if bid == ids.BLD_RELAY:
        return v + plain_energy_value(T, I, X, W, 4)
    if bid == ids.BLD_FINANCIAL:
        return v + 5 * X[X_CV]
    if bid == ids.BLD_LOAN:
        best = 0.0
        for i in range(3):
            w = S[L.LWP_EW_SHOWN + i]
            if w >= 0 and loan_price(T, w) <= credits:
                best = max(best, reward_value(T, I, X, W, T.ew_reward[w]) - loan_price(T, w) * X[X_CV])
        return v + best
    if bid == ids.BLD_RESEARCH:
        best = 0.0
        for seg in range(6):
            k = (S[b + L.C_WHEEL_EXC + seg] + S[b + L.C_WHEEL_MIX + seg]) // 2
            best = max(best, k * max(X[X_EV], X[X_MV]))
        return v + best
    if bid == ids.BLD_ROBOT:
        return v + 2 * max(X[X_EV], X[X_MV])
    if bid == ids.BLD_HELIPORT:                                     # COLO-HELI-01 (strategies.feature_colorado)
        return v + heliport_value(S, T, I, X, W)
    return v + plain_energy_value(T, I, X, W, 5) + _best_own_fulfil(S, T, I, X, W, 5)   # Wind Farm


@fast
def extwork_value(T, I, X, W, w, leslie):
    """An external work (LWP-EXTWORK-02): its reward and the bonus tiles to come, minus the machineries lost (with
    Leslie's tile they only go round the wheel, OFFICER-LESLIE-01)."""
    cost = T.ew_exc[w] * X[X_EV] + T.ew_mix[w] * X[X_MV]
    if leslie:
        cost *= 0.4
    return reward_value(T, I, X, W, T.ew_reward[w]) + X[X_FBV + ids.B_EXTWORKS] - cost


@fast
def lwp_main_value(S, T, I, X, W, m, credits):
    """Value of a Leeghwater action of the main decision, its Engineers and Credits paid."""
    if m < ids.MV_EXTWORK:                                         # LWP-BUILD-05
        bid = (m - ids.MV_BUILDING_SPACE) // 4
        sp = (m - ids.MV_BUILDING_SPACE) % 4
        cr = T.bld_space_cr[bid, sp]
        return (building_action_value(S, T, I, X, W, bid, credits - cr) - T.bld_space_eng[bid, sp] * X[X_CE]
                - cr * X[X_CV])
    if m < ids.MV_MARGOT:                                          # LWP-EXTWORK-01, OFFICER-LESLIE-01
        leslie = m >= ids.MV_EXTWORK_LESLIE
        w = S[L.LWP_EW_SHOWN + (m - ids.MV_EXTWORK) % 10]
        return extwork_value(T, I, X, W, w, leslie) - 2 * X[X_CE]
    fee = T.officer_space_fee[ids.MARGOT, 0]                       # OFFICER-MARGOT-01
    return (building_action_value(S, T, I, X, W, m - ids.MV_MARGOT, credits - fee)
            - T.officer_space_eng[ids.MARGOT] * X[X_CE] - fee * X[X_CV])


@fast
def building_build_value(S, T, I, X, W, g, behav):
    """Activating a building (LWP-BUILD-01): its end VP (LWP-BUILD-08), its action over the rounds left, the
    buildings bonus tiles to come, the tile's effect (ADV-L1/L3-BUILDING-01), minus machineries and slot Credits."""
    c = I[I_C]
    bid = building_of(g)[0]
    uses = I[I_NFUT] + 0.5                                         # this round (maybe) and each round left
    act = max(0.0, building_action_value(S, T, I, X, W, bid, S[L.COMPANY_BASE + c * L.CO_SIZE + L.C_CREDITS]))
    v = T.bld_vp[bid] + 0.5 * uses * act + X[X_FBV + ids.B_BUILDINGS]
    if behav == ids.T_L3_BUILDING:
        v += T.bld_vp[bid]
    elif behav == ids.T_L1_BUILDING:
        v += act
    e, m, alt = machinery_need(S, T, c, g, ids.BUILDING, behav, False)
    cost = e * X[X_EV] + m * X[X_MV]
    if alt >= 0:
        cost = min(cost, alt * X[X_MV])
    return v - cost - red_credits(S, T, g, ids.BUILDING, behav) * X[X_CV]


@fast
def score_lwp_choice(S, T, I, X, W, moves, n, vals, kind, a0):
    """The Leeghwater sub-decisions: a dam for a drop, a tile back, a segment's split, a loan, a free tile, the L1
    Building's immediate action."""
    c = I[I_C]
    b = L.COMPANY_BASE + c * L.CO_SIZE
    for i in range(n):
        m = moves[i]
        if m == ids.MV_SKIP:
            vals[i] = 0.0
        elif kind == ids.TK_LWP_DAM:
            vals[i] = X[X_DROPV + m]
        elif kind == ids.TK_LWP_WHEEL_TILE:
            vals[i] = 1.0 if m >= ids.FIRST_ADVANCED_TILE else 0.5      # an advanced tile is worth more back
        elif kind == ids.TK_LWP_SEGMENT:                # an Excamixer back is worth the dearer type
            _, e, mx, xm = segment_take(S, c, m)
            vals[i] = e * X[X_EV] + mx * X[X_MV] + xm * max(X[X_EV], X[X_MV])
        elif kind == ids.TK_LWP_EXTWORK:
            w = S[L.LWP_EW_SHOWN + m]
            vals[i] = reward_value(T, I, X, W, T.ew_reward[w]) - loan_price(T, w) * X[X_CV]
        elif kind == ids.TK_LWP_ADV_TILE:
            vals[i] = T.tile_level[S[L.PATENT + m]] * 1.0
        else:
            vals[i] = building_action_value(S, T, I, X, W, a0, S[b + L.C_CREDITS])
