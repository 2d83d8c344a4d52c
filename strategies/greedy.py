"""The greedy heuristic bot family: scores every legal move of the pending decision with cheap public features
(strategies.features) and plays the best one; ties go to the bot's own random stream.

One numba function serves every persona; personas (strategies.personas) only change the weight vector.
No move is simulated on a copy of the state: each move's value is a closed-form estimate from the decision's
context (one pass over the map), so a decision costs a few microseconds. Scores are VP-equivalents for the
deciding company.
"""
import numpy as np
from numba import njit

from sim import ids
from sim import layout as L
from sim.rules.actions import list_main_moves
from sim.rules.company import co
from sim.rules.construct import (
    TILE_ANTON,
    TILE_NONE,
    decode_build,
    decode_payment,
    geo_engineers,
)
from sim.rules.lwp import is_lwp_main_move
from sim.rules.produce import GERMAN_SECOND, decode
from sim.rules.setup import INTRO_CONTRACT
from strategies.bot_rng import bot_next
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
    I_OFF,
    I_PIECES,
    I_PRODS,
    I_R,
    I_STRUCT,
    I_TILE,
    I_TMASK,
    N_I,
    N_I_CORE,
    N_WEIGHTS,
    N_X,
    N_X_CORE,
    W_BONUS,
    W_NOISE,
    W_TILE,
    X_CE,
    X_CV,
    X_DISPV,
    X_DROPV,
    X_EV,
    X_HANDV,
    X_LOCK,
    X_MV,
    X_ROWV,
    X_SCR,
    X_SIDE,
    X_VAL,
    fast,
    inlined,
    load_weights,
)
from strategies.feature_colorado import colorado_main_value, score_colorado_choice
from strategies.feature_duel import add_duel_values, duel_contract_value
from strategies.feature_lwp import building_build_value, lwp_main_value, score_lwp_choice
from strategies.feature_production import (
    clear_energy_values,
    energy_value_memo,
    italy_extra,
    list_systems,
    production_energy,
    production_side_value,
)
from strategies.feature_rewards import (
    fulfil_value,
    keep_value,
    reward_value,
    wheel_value,
)
from strategies.feature_structures import (
    best_affordable,
    build_cost,
    future_bonus_value,
    placeable_fast,
    space_table,
    struct_value,
    tile_effect_value,
    tile_need,
)
from strategies.feature_tiles import blocked_build_gain
from strategies.feature_water import drop_value
from strategies.features import make_context, patch_context
from strategies.greedy_officers import (
    amir_drop_value,
    count_excamixers,
    excamixer_payment_cost,
    score_more_dams,
    score_officer_main,
)

TIE = 1e-9
MAX_MAIN_MOVES = 256    # TURN-02 actions of one decision: spaces, Bank amounts, construction, tiles, Mahiri


# ---------------------------------------------------------------------------------------------------------------
# Main action (TURN-02)

@fast
def _best_production(S, T, I, X, W, nprod, modifier, credits):
    """Best production value with a Turbine modifier, for a company holding `credits` after the space costs."""
    c = I[I_C]
    best = -BIG
    extra = italy_extra(I)
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
        elif m == ids.MV_MAHIRI:                       # OFFICER-MAHIRI-01: valued by _score_mahiri_space
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


# ---------------------------------------------------------------------------------------------------------------
# Sub-decisions

@fast
def score_build(S, T, I, X, W, moves, n, vals):
    """CONSTRUCT-04 step 2: structure, map space and tile."""
    ng = T.n_dams[0] + T.n_conduits[0] + T.n_ph[0]
    for g in range(ng):
        X[X_VAL + g] = np.nan
    for i in range(n):
        g, tmode, behav = decode_build(moves[i])
        if g >= ids.BUILD_TARGET:                                     # LWP-BUILD-01 (strategies.feature_lwp)
            vals[i] = building_build_value(S, T, I, X, W, g, behav)
            continue
        st = placeable_fast(S, T, I, g)
        if np.isnan(X[X_VAL + g]):
            X[X_VAL + g] = struct_value(S, T, I, X, W, g, st)
            if T.geo_enabled[0] == 1:                                     # GEO-09
                X[X_VAL + g] -= geo_engineers(S, T, g, st) * X[X_CE]
        v = X[X_VAL + g] + tile_effect_value(S, T, I, X, W, behav, g, st) - build_cost(S, T, I, X, g, st, behav,
                                                                                         False)
        if behav >= ids.FIRST_ADVANCED_TILE or behav == ids.T_BASIC_WILD or tmode == TILE_ANTON:
            v -= 0.3 * W[W_TILE]                          # a flexible or special tile goes to the wheel
        if tmode == TILE_NONE:
            v -= 0.1
        vals[i] = v


@fast
def score_pay(S, T, I, X, W, moves, n, vals, g):
    """CONSTRUCT-18/19: which machineries (or Solomon's Credits) to pay; keeps what the next build needs."""
    space_table(S, T, I, X, W, I[I_EXC] + 6, I[I_MIX] + 6, I[I_TMASK])
    lock = X[X_LOCK]
    for i in range(n):
        e, m, s = decode_payment(moves[i])
        nxt = best_affordable(I, X, I[I_EXC] - e, I[I_MIX] - m, I[I_CRED] - 3 * s, I[I_TMASK], g, True)
        vals[i] = 0.5 * nxt - lock * (e * X[X_EV] + m * X[X_MV]) - 3 * s * X[X_CV] \
            - excamixer_payment_cost(X, moves[i])                    # OFFICER-ELON-01


@fast
def score_machine(S, T, I, X, W, moves, n, vals, total):
    """REWARD-02 any_machine: how many Excavators (the rest Mixers)."""
    space_table(S, T, I, X, W, I[I_EXC] + total + 6, I[I_MIX] + total + 6, I[I_TMASK])
    for i in range(n):
        x = moves[i]
        after = best_affordable(I, X, I[I_EXC] + x, I[I_MIX] + total - x, I[I_CRED], I[I_TMASK], -1, True)
        vals[i] = after + x * X[X_EV] + (total - x) * X[X_MV]


@fast
def score_produce(S, T, I, X, W, moves, n, vals, modifier, flags):
    """PRODUCE-01..13: system, drops, and what the energy and the released water are worth."""
    german2 = (flags & GERMAN_SECOND) != 0
    extra = italy_extra(I)
    clear_energy_values(X)
    for i in range(n):
        m = moves[i]
        if m == ids.MV_SKIP:
            vals[i] = 0.0
            continue
        d, cond, ph, k = decode(m)
        e = production_energy(S, T, I, X, cond, ph, k, modifier, german2)
        vals[i] = energy_value_memo(S, T, I, X, W, e, extra) + production_side_value(S, T, I, X, W, d, cond, ph,
                                                                                     k)


@fast
def score_setup(S, T, I, X, W, moves, n, vals):
    """SETUP-15: a pairing and a starting contract; prefers the contract easiest to fulfil."""
    for i in range(n):
        p = moves[i] // 8
        j = moves[i] % 8
        k = S[L.START_DEALT + (p if j == INTRO_CONTRACT else j)]
        vals[i] = 0.5 * reward_value(T, I, X, W, k) - 0.3 * T.contract_req[k] if k >= 0 else 0.0


@fast
def score_moves(S, T, I, X, W, moves, n, vals, kind, a0, a1):
    """Scores every legal move of the pending decision (VP-equivalents for the deciding company)."""
    if kind == ids.TK_MAIN:
        score_main(S, T, I, X, W, moves, n, vals)
    elif kind == ids.TK_BUILD:
        score_build(S, T, I, X, W, moves, n, vals)
    elif kind == ids.TK_PAY:
        score_pay(S, T, I, X, W, moves, n, vals, a0)
    elif kind == ids.TK_PRODUCE:
        score_produce(S, T, I, X, W, moves, n, vals, a0, a1)
    elif kind == ids.TK_FULFIL:                                       # PRODUCE-13, CONTRACT-07/12
        for i in range(n):
            vals[i] = 0.0 if moves[i] == ids.MV_NONE else (fulfil_value(T, I, X, W, moves[i])
                                                            + duel_contract_value(T, X, moves[i]))
    elif kind == ids.TK_DROP:                                         # WATER-09/10/16
        for i in range(n):
            h = moves[i]
            if h == ids.MV_NONE:
                vals[i] = 0.0
            elif h >= ids.MV_DROP_NOW:                                # OFFICER-AMIR-01
                vals[i] = amir_drop_value(S, T, I, X, W, h)
            else:
                vals[i] = drop_value(S, T, I, X, W, h, S[L.HEAD_DROPS + h] if a1 == 0 else 0)
    elif kind == ids.TK_TAKE_CONTRACT:                                # ACT-CONTRACT-03
        for i in range(n):
            vals[i] = keep_value(T, I, X, W, S[L.DISPLAY + moves[i]])
    elif kind == ids.TK_DISCARD:                                      # CONTRACT-04
        for i in range(n):
            vals[i] = -keep_value(T, I, X, W, moves[i])
    elif kind == ids.TK_MACHINE:
        score_machine(S, T, I, X, W, moves, n, vals, a0)
    elif kind == ids.TK_FREE_PLACE:                                   # CONSTRUCT-21
        for i in range(n):
            g = moves[i]
            vals[i] = struct_value(S, T, I, X, W, g, a0) - build_cost(S, T, I, X, g, a0, -1, True)
    elif kind == ids.TK_GEO_DROP:                                     # GEO-BASE-EXC-02
        for i in range(n):
            vals[i] = X[X_DROPV + a0] if moves[i] == 1 else 0.0
    elif kind == ids.TK_SETUP_PICK:
        score_setup(S, T, I, X, W, moves, n, vals)
    elif ids.TK_LWP_DAM <= kind <= ids.TK_LWP_L1_ACTION:
        score_lwp_choice(S, T, I, X, W, moves, n, vals, kind, a0)
    elif ids.TK_COLO_BRIDGE <= kind <= ids.TK_COLO_SEGMENT:
        score_colorado_choice(S, T, I, X, W, moves, n, vals, kind)
    else:                                                             # TK_MAHIRI is scored by greedy_choose
        for i in range(n):
            vals[i] = 0.0


@fast
def pick_best(vals, n, noise, rng):
    """Index of the best score; exact ties (and the optional noise) are drawn from the bot's own stream."""
    best = -BIG
    idx = 0
    ties = 0
    for i in range(n):
        v = vals[i]
        if noise > 0.0:
            v += noise * (bot_next(rng) / 4294967296.0)
        if v > best + TIE:
            best = v
            idx = i
            ties = 1
        elif v >= best - TIE:
            ties += 1
            if (bot_next(rng) * ties) >> 32 == 0:
                idx = i
    return idx


@njit(cache=True)
def new_score_buffer(capacity):
    """One int64 buffer for a decision's integer context, float context, weights, up to `capacity` scores and
    the work space of Mahiri's copies and the action after banking behind them (_copy_work)."""
    return np.empty(N_I + N_X + N_WEIGHTS + capacity + COPY_WORK, dtype=np.int64)


@inlined
def _buffer_views(buf, n):
    """A decision's context arrays I, X, W and the scores of n moves, as views of one buffer (inlined: an NRT-free
    function cannot return new views)."""
    I = buf[:N_I]
    F = buf[N_I:].view(np.float64)
    return I, F[:N_X], F[N_X:N_X + N_WEIGHTS], F[N_X + N_WEIGHTS:N_X + N_WEIGHTS + n]


@njit(cache=True)
def _views(buf, n):
    """_buffer_views, callable from Python and NRT code."""
    return _buffer_views(buf, n)


@fast
def _clear_core(I, X):
    """Zeroes the part of a context make_context fills."""
    for j in range(N_I_CORE):
        I[j] = 0
    for j in range(N_X_CORE):
        X[j] = 0.0


@njit(cache=True)
def _context_views(buf, n):
    """_views with the context's core zeroed."""
    I, X, W, vals = _buffer_views(buf, n)
    _clear_core(I, X)
    return I, X, W, vals


@njit(cache=True)
def score_decision(params, S, T, moves, n, buf):
    """The greedy scorer's value of every legal move moves[:n] of the pending decision of S with the weights
    `params` (VP-equivalents for the deciding company); returns (scores view into buf, the weights view).

    The one scoring entry point: greedy_choose picks the best of these scores, the planners turn them into
    priors (strategies.priors), so the heuristic a planner follows is exactly the greedy bot's. `buf` is a
    new_score_buffer of capacity >= n."""
    _score_into(params, S, T, moves, n, buf)
    I, X, W, vals = _buffer_views(buf, n)
    return vals, W


@fast
def _score_into(params, S, T, moves, n, buf):
    """score_decision's work: the scores and weights into buf. Allocates nothing, so it runs without NRT reference
    counts."""
    I, X, W, vals = _buffer_views(buf, n)
    _clear_core(I, X)
    load_weights(params, W, S[L.G_ROUND])
    t = L.STACK + (S[L.G_STACK_N] - 1) * L.FRAME
    kind = S[t]
    c = S[t + 1]
    if kind == ids.TK_MAHIRI:                                         # OFFICER-MAHIRI-02: which officer to copy
        work = _copy_work(buf, n)
        I2, X2 = _buffer_views(work[MAX_MAIN_MOVES + 16:], 0)[:2]   # the copies' context (_copy_value's)
        for i in range(n):
            done = False
            if i > 0:                           # the previous copy's context and tables, patched where exact
                done, vals[i] = _follow_up_value(S, T, W, I2, X2, c, moves[i], 0, 0, work)
            if not done:
                vals[i] = _copy_value(S, T, W, c, moves[i], 0, 0, work, I, X, CTX_WORK if i > 0 else CTX_NONE)[0]
        return
    make_context(S, T, c, W, I, X, kind == ids.TK_MAIN or kind == ids.TK_PRODUCE or kind == ids.TK_BUILD
                 or kind == ids.TK_MORE_DAMS)
    if S[co(c) + L.C_EXCAMIXERS] > 0:                                 # OFFICER-ELON-01
        count_excamixers(S, I, c)
    add_duel_values(S, T, I, X, W)                                    # Barrage: Duel (strategies.feature_duel)
    score_moves(S, T, I, X, W, moves, n, vals, kind, S[t + 2], S[t + 3])
    if kind == ids.TK_MORE_DAMS:                                      # OFFICER-OCTAVIUS-01
        score_more_dams(S, T, I, X, W, c, moves, n, vals, S[t + 2], S[t + 4], S[t + 5])
    if kind == ids.TK_MAIN and S[co(c) + L.C_EFF_OFFICER] >= ids.TOMMASO:   # Leeghwater and promo officers
        score_officer_main(S, T, I, X, W, c, moves, n, vals)
    if kind == ids.TK_MAIN and S[co(c) + L.C_OFFICER] == ids.MAHIRI:
        _score_mahiri_space(S, T, W, I, X, c, moves, n, vals, buf)
    if kind == ids.TK_MAIN:
        _score_bank_then_act(S, T, W, I, X, c, moves, n, vals, buf)


COPY_WORK = MAX_MAIN_MOVES + 16 + N_I + N_X + N_WEIGHTS + MAX_MAIN_MOVES   # _copy_value's buffer (int64 words)


@inlined
def _copy_work(buf, n):
    """The buffer _copy_value works in (extra-action moves, engine scratch, scoring context), shared by the
    officers of a copy pool: the tail of the decision's score buffer `buf` (scoring n moves), which
    new_score_buffer makes long enough."""
    start = N_I + N_X + N_WEIGHTS + n
    if buf.shape[0] - start < COPY_WORK:
        raise ValueError("score buffer too short: make it with new_score_buffer(capacity >= moves)")
    return buf[start:start + COPY_WORK]


# Where _copy_value finds a context to start from.
CTX_NONE = 0        # none: computed (make_context)
CTX_DECISION = 1    # the decision's context I0, X0 (copied to the work buffer and patched)
CTX_WORK = 2        # the previous _copy_value's, still in the work buffer (patched in place)


@inlined
def _enter_follow_up(S, c, o, engineers, fee):
    """Puts c in the state of its extra action: effective officer o, `engineers` Engineers and `fee` Credits paid
    (fee < 0: Credits gained). Returns the officer to restore (_leave_follow_up)."""
    b = co(c)
    saved_off = S[b + L.C_EFF_OFFICER]
    S[b + L.C_EFF_OFFICER] = o
    S[b + L.C_ENG] -= engineers
    S[b + L.C_CREDITS] -= fee
    return saved_off


@inlined
def _leave_follow_up(S, c, saved_off, engineers, fee):
    """Undoes _enter_follow_up."""
    b = co(c)
    S[b + L.C_EFF_OFFICER] = saved_off
    S[b + L.C_ENG] += engineers
    S[b + L.C_CREDITS] += fee


@inlined
def _best_value(vals, m):
    """The highest of the m move values (-BIG when there is none)."""
    best = -BIG
    for i in range(m):
        best = max(best, vals[i])
    return best


@fast
def _copy_value(S, T, W, c, o, engineers, fee, work, I0, X0, source):
    """OFFICER-MAHIRI-02: value of the best extra action Mahiri could take copying officer o, once she has paid
    `engineers` Engineers and `fee` Credits for her officer space (also: the action after banking, fee < 0).
    The state is changed as the copy would change it (effective officer, supply) while the extra action's moves
    are listed and scored, then restored. `work` is a buffer from _copy_work; the context is patched from the
    one `source` names (CTX_*) where patch_context can, else computed, and left in `work` for the next call.
    Returns (value, whether the context was patched)."""
    b = co(c)
    saved_off = _enter_follow_up(S, c, o, engineers, fee)
    moves = work[:MAX_MAIN_MOVES]
    scratch = work[MAX_MAIN_MOVES:MAX_MAIN_MOVES + 16]
    m = list_main_moves(S, T, c, 1, moves, scratch)
    I, X, W2, vals = _buffer_views(work[MAX_MAIN_MOVES + 16:], m)
    for j in range(N_WEIGHTS):
        W2[j] = W[j]
    if source == CTX_DECISION:
        patched = patch_context(S, c, I0, X0, I, X, False)
    elif source == CTX_WORK:
        patched = patch_context(S, c, I, X, I, X, True)
    else:
        patched = False
    if not patched:
        _clear_core(I, X)
        make_context(S, T, c, W2, I, X, True)
        if S[b + L.C_EXCAMIXERS] > 0:                                 # OFFICER-ELON-01, as in score_decision
            count_excamixers(S, I, c)
    score_main(S, T, I, X, W2, moves, m, vals)
    best = _best_value(vals, m)
    _leave_follow_up(S, c, saved_off, engineers, fee)
    return best, patched


@fast
def _score_mahiri_space(S, T, W, I, X, c, moves, n, vals, buf):
    """OFFICER-MAHIRI-01/02: Mahiri's space is worth the best extra action over her copy pool, minus its Engineer
    and Credits; it beats acting directly only when the copied ability gains more than that. `buf` is the
    decision's score buffer (its tail is the copies' work space, _copy_work), I, X its context.

    While every copy so far was patched from the decision's context, a copy is scored in that context itself,
    patched in place and keeping the decision's tables (_follow_up_value), where that is exact; otherwise as
    before, by _copy_value from the decision's context (the same as from a copy patched from it) or, after a
    copy whose context had to be computed, from that one."""
    for i in range(n):
        if moves[i] == ids.MV_MAHIRI:
            fee = 3 if S[co(c) + L.C_MAHIRI_USED] == 1 else 0
            best = -BIG
            work = _copy_work(buf, n)
            derived = True                      # every copy's context so far patched from the decision's
            for j in range(3):
                o = S[L.MAHIRI_POOL + j]
                if o < 0:
                    continue
                done = False
                v = 0.0
                if derived:
                    done, v = _follow_up_value(S, T, W, I, X, c, o, 1, fee, work)
                    if done:
                        patch_context(S, c, I, X, I, X, True)     # the decision's own context again
                if not done:
                    v, patched = _copy_value(S, T, W, c, o, 1, fee, work, I, X, CTX_DECISION if derived else CTX_WORK)
                    derived = derived and patched
                best = max(best, v)
            vals[i] = best - X[X_CE] - fee * X[X_CV]


BANK_PLAN_MAX = 4      # Engineers banked before a follow-up action, at most (1 Credit each, ACT-BANK-01)


@fast
def _score_bank_then_act(S, T, W, I, X, c, moves, n, vals, buf):
    """ACT-BANK-01 with the next turn in view: when banking is the best move, banking k < all Engineers is worth
    its k Credits plus the best action the Engineers left can then take with those Credits (a production whose
    conduit owner must be paid, a paid space), valued as Mahiri's extra action is; banking them all ends the
    company's actions this round. Only when a Bank move is the best choice and Credits are short, so other
    decisions cost nothing. `buf` is the decision's score buffer (its tail is _copy_value's work space), I, X
    its context."""
    dearest = 0
    for m in range(L.N_SPACES):
        dearest = max(dearest, T.space_fee[m] + T.space_price[m])
    if S[co(c) + L.C_CREDITS] >= dearest:                             # no space is short of Credits
        return
    best = 0
    for i in range(1, n):
        if vals[i] > vals[best]:
            best = i
    if not ids.MV_BANK < moves[best] < ids.MV_CONSTRUCT:
        return
    off = S[co(c) + L.C_EFF_OFFICER]
    step = X[X_CV] - X[X_CE]
    work = _copy_work(buf, n)
    source = CTX_NONE
    for i in range(n):
        k = moves[i] - ids.MV_BANK
        if ids.MV_BANK < moves[i] < ids.MV_CONSTRUCT and k < S[co(c) + L.C_ENG] and k <= BANK_PLAN_MAX:
            patched, follow = _follow_up_value(S, T, W, I, X, c, off, k, -k, work)
            if not patched:                             # X_NOW differs: scored like a copy
                follow = _copy_value(S, T, W, c, off, k, -k, work, I, X, source)[0]
                source = CTX_WORK
            if follow > 0.0:
                vals[i] = max(vals[i], k * step + follow)
    patch_context(S, c, I, X, I, X, True)               # the decision's own Engineers and Credits again


# Officers whose ability the tables score_main keeps in a follow-up read (the build candidates' costs:
# strategies.feature_structures.tile_need and space_table): Wilhelm's Bases, Jill's conduits in Mixers, Solomon's
# Credits for machinery. A follow-up that changes the effective officer keeps them only when neither officer is
# one of these (the Water and Contract rows and the memos read no officer the map pass does not).
@inlined
def _officer_in_tables(o):
    return o == ids.WILHELM or o == ids.JILL or o == ids.SOLOMON


@fast
def _follow_up_value(S, T, W, I, X, c, o, engineers, fee, work):
    """Value of the best extra action once c has paid `engineers` Engineers and `fee` Credits with effective
    officer o: the action after banking (ACT-BANK-01: fee < 0, the Credits gained), Mahiri's copy of o
    (OFFICER-MAHIRI-02). Scored in the context I, X score_main last filled (the decision's; the previous copy's
    when Mahiri chooses whom to copy), patched in place to that state and left so (score_main's follow-up keeps
    the tables that depend on none of these); returns (False, 0), nothing scored
    or changed, where that would not be exact: patch_context cannot patch (X_NOW changes, an officer the map
    pass reads), or the officer changes from or to one the kept tables read (_officer_in_tables).
    `work` is a buffer from _copy_work; the context _copy_value may have left there is kept."""
    if o != I[I_OFF] and (_officer_in_tables(o) or _officer_in_tables(I[I_OFF])):
        return False, 0.0
    saved_off = _enter_follow_up(S, c, o, engineers, fee)
    patched = patch_context(S, c, I, X, I, X, True)
    best = 0.0
    if patched:
        moves = work[:MAX_MAIN_MOVES]
        scratch = work[MAX_MAIN_MOVES:MAX_MAIN_MOVES + 16]
        m = list_main_moves(S, T, c, 1, moves, scratch)
        vals = _buffer_views(work[MAX_MAIN_MOVES + 16:], m)[3]
        score_main(S, T, I, X, W, moves, m, vals, True)
        best = _best_value(vals, m)
    _leave_follow_up(S, c, saved_off, engineers, fee)
    return patched, best


@njit(cache=True, _nrt=True)
def greedy_choose(params, S, T, moves, n, rng, buf=None):
    """Returns the index (in moves[:n]) of the greedy bot's move for the pending decision; `buf` is a
    new_score_buffer of capacity >= n the caller reuses across decisions (None: one is allocated)."""
    if buf is None:
        buf = new_score_buffer(n)
    return greedy_pick(params, S, T, moves, n, rng, buf)


@fast
def greedy_pick(params, S, T, moves, n, rng, buf):
    """greedy_choose with the caller's score buffer: allocates nothing, so NRT-free callers (the game loops)
    call it without reference counts."""
    _score_into(params, S, T, moves, n, buf)
    I, X, W, vals = _buffer_views(buf, n)
    return pick_best(vals, n, W[W_NOISE], rng)
